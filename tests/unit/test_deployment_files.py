"""docker-compose.yml, .dockerignore and .env.example (issue 11): what older Compose v2 releases accept, no
password on a command line, laptop-sized Neo4j memory, no secrets or local data in the build context."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

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
