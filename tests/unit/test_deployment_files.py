"""docker-compose.yml, .dockerignore and .env.example (issue 11): what older Compose v2 releases accept, no
password on a command line, laptop-sized Neo4j memory, no secrets or local data in the build context."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import click
import yaml

REPO = Path(__file__).resolve().parents[2]


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((REPO / "docker-compose.yml").read_text(encoding="utf-8"))
    return loaded


def test_no_env_file_long_form_that_needs_compose_2_24() -> None:
    for name, service in compose()["services"].items():
        env_file = service.get("env_file")
        assert env_file is None or all(isinstance(e, str) for e in env_file), name  # `- path:` needs 2.24+
        assert "env_file" not in service, f"{name}: a missing env_file stops older Compose releases"


def test_health_checks_never_put_the_password_on_a_command_line() -> None:
    for name, service in compose()["services"].items():
        test = service.get("healthcheck", {}).get("test", [])
        text = " ".join(test) if isinstance(test, list) else str(test)
        assert "${NEO4J_PASSWORD" not in text and " -p " not in text and "--password" not in text, name


def test_neo4j_memory_defaults_fit_a_laptop() -> None:
    env = compose()["services"]["neo4j"]["environment"]

    def default_gib(value: str) -> float:
        found = re.search(r":-(\d+)([gm])\}", value)
        assert found, value
        number, unit = int(found.group(1)), found.group(2)
        return number if unit == "g" else number / 1024

    heap = default_gib(env["NEO4J_server_memory_heap_max__size"])
    cache = default_gib(env["NEO4J_server_memory_pagecache_size"])
    assert heap + cache <= 2.0


def test_the_image_tag_is_the_pinned_neo4j_version() -> None:
    pom = (REPO / "scripts" / "neo4j-launcher" / "pom.xml").read_text(encoding="utf-8")
    pinned = re.search(r"<neo4j\.version>\s*([^<\s]+)\s*</neo4j\.version>", pom)
    assert pinned and f"NEO4J_VERSION:-{pinned.group(1)}" in compose()["services"]["neo4j"]["image"]


def test_dockerignore_keeps_secrets_and_local_data_out() -> None:
    lines = {line.strip() for line in (REPO / ".dockerignore").read_text(encoding="utf-8").splitlines()}
    assert {".env", ".data", ".git", ".venv"} <= lines


def test_env_example_names_every_variable_compose_substitutes() -> None:
    lines = (REPO / "docker-compose.yml").read_text(encoding="utf-8").splitlines()
    text = "\n".join(line for line in lines if not line.lstrip().startswith("#"))
    used = set(re.findall(r"\$\{([A-Z_]+)[:?}-]", text)) - {"NEO4J_VERSION", "NEO4J_HTTP_PORT", "NEO4J_BOLT_PORT"}
    example = (REPO / ".env.example").read_text(encoding="utf-8")
    declared = set(re.findall(r"^([A-Z_]+)=", example, flags=re.MULTILINE))
    assert used - {"GRAPHIQL", "INTROSPECTION"} <= declared


SCALE = {"redis", "graphsvc-a", "graphsvc-b", "proxy", "worker"}
"""The scale profile: two API replicas behind one proxy port, the rate limit shared through Redis, and the
background jobs in a worker apart from them."""
REPLICAS = ("graphsvc-a", "graphsvc-b")
SERVING = SCALE - {"worker"}
"""What serves a port and so has a health check (the worker serves none)."""


def _profile(name: str) -> set[str]:
    return {n for n, service in compose()["services"].items() if name in service.get("profiles", [])}


def test_the_scale_profile_adds_replicas_a_proxy_and_redis_and_leaves_the_default_alone() -> None:
    services = compose()["services"]
    assert _profile("scale") == SCALE
    assert {n for n, s in services.items() if not s.get("profiles")} == {"neo4j", "graphsvc"}


def test_every_published_port_is_on_loopback_only() -> None:
    for name, service in compose()["services"].items():
        for port in service.get("ports", []):
            assert isinstance(port, str) and port.startswith("127.0.0.1:"), (name, port)


def test_the_replicas_are_reached_only_through_the_proxy_on_the_service_port() -> None:
    services = compose()["services"]
    for name in (*REPLICAS, "redis"):
        assert "ports" not in services[name], f"{name} must not publish a port"
    assert services["proxy"]["ports"] == ["127.0.0.1:${GRAPHSVC_PORT:-8000}:8000"]
    assert services["proxy"]["ports"] == services["graphsvc"]["ports"]  # the same address, one or the other
    assert all(services["proxy"]["depends_on"][r]["condition"] == "service_healthy" for r in REPLICAS)
    mount = next(v for v in services["proxy"]["volumes"] if v.endswith(":ro"))
    caddyfile = (REPO / mount.split(":")[0]).read_text(encoding="utf-8")
    upstreams = re.search(r"reverse_proxy\s+([^{]+)\{", caddyfile)
    assert upstreams and upstreams.group(1).split() == [f"{r}:8000" for r in REPLICAS]
    assert "health_uri /health" in caddyfile and re.search(r"Host\s+localhost", caddyfile)


def test_every_scale_service_that_serves_has_a_health_check() -> None:
    services = compose()["services"]
    for name in SERVING:
        test = services[name].get("healthcheck", {}).get("test")
        assert isinstance(test, list) and test[0] in ("CMD", "CMD-SHELL") and len(test) > 1, name
    for name in REPLICAS:
        assert services[name]["healthcheck"] == services["graphsvc"]["healthcheck"]


def test_the_replicas_share_the_rate_limit_through_the_profiles_redis() -> None:
    from graphsvc.config import Settings

    services = compose()["services"]
    single = services["graphsvc"]["environment"]
    assert "RATE_LIMIT_STORAGE_URI" not in single  # one process counts in its memory
    for name in REPLICAS:
        replica = services[name]
        uri = replica["environment"]["RATE_LIMIT_STORAGE_URI"]
        assert re.fullmatch(r"redis://redis:6379/\d+", uri), uri
        assert Settings(environment="test", rate_limit_storage_uri=uri).limits.rate_limit_storage_uri == uri
        assert {k: v for k, v in replica["environment"].items() if k in single} == single  # same settings
        assert replica["depends_on"]["redis"]["condition"] == "service_healthy"
        assert replica["depends_on"]["neo4j"]["condition"] == "service_healthy"
        assert replica["image"] == services["graphsvc"]["image"]


def _graphsvc_command(argv: list[str]) -> click.Context:
    """``argv`` (``graphsvc …``) parsed by the real command line, without running it."""
    from graphsvc.cli import main

    assert argv[0] == "graphsvc", argv
    group = main.make_context("graphsvc", argv[1:2])
    command = main.get_command(group, argv[1])
    assert command is not None, argv
    return command.make_context(argv[1], argv[2:], parent=group)


def test_the_replicas_serve_only_and_the_worker_runs_the_jobs() -> None:
    services = compose()["services"]
    for name in REPLICAS:
        replica = _graphsvc_command(services[name]["command"])
        assert replica.info_name == "serve" and replica.params["no_worker"] is True, name
        assert replica.params["host"] == "0.0.0.0"
    worker = services["worker"]
    assert _graphsvc_command(worker["command"]).info_name == "worker"
    assert worker["image"] == services["graphsvc"]["image"]
    assert worker["environment"] == services["graphsvc"]["environment"]  # the same LLM, embedder and Neo4j
    assert worker["depends_on"]["neo4j"]["condition"] == "service_healthy"
    assert "ports" not in worker and "healthcheck" not in worker
    assert "command" not in services["graphsvc"]  # the one service runs requests and jobs, as before
