"""What authentication costs per request: the same GraphQL query under AUTH_MODE none, api_key and jwt.

    .venv/bin/python scripts/bench/auth.py [--requests 200]

The real app in process (httpx's ASGI transport, the GraphQL resolvers, the service, the Neo4j that
``NEO4J_URI`` names): a cheap query (``jobs(userId, limit: 1)`` of a user without jobs) ``--requests`` times
per mode, after one warm-up request. For api_key it also times the first request of a new key (the Argon2id
check, once per key and process) and requests with a wrong secret (401; an Argon2id check the first time,
then remembered as wrong). The rate limit is off. Prints p50/p95 in ms, a table and one JSON object. The key
it creates is revoked and deleted at the end.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
import uuid
from typing import Any

import click
import httpx
import jwt
from figures import percentiles
from pydantic import SecretStr

from graphsvc.api.app import build_app
from graphsvc.config import Settings
from graphsvc.service import MemoryService

QUERY = {"query": 'query { jobs(userId: "bench-auth", limit: 1) { id } }'}
JWT_SECRET = "bench-auth-secret-0123456789abcdef0123"


async def timed(client: httpx.AsyncClient, headers: dict[str, str], *, expect: int = 200) -> float:
    started = time.perf_counter()
    response = await client.post("/graphql", json=QUERY, headers=headers)
    elapsed_ms = (time.perf_counter() - started) * 1000
    if response.status_code != expect:
        raise click.ClickException(f"expected HTTP {expect}, got {response.status_code}: {response.text[:200]}")
    return elapsed_ms


async def run(requests: int) -> dict[str, Any]:
    base = Settings(rate_limit="")
    service = await MemoryService.open(base, run_worker=False)
    view, key = await service.create_api_key(user_id="bench-auth", name=f"bench-{uuid.uuid4().hex[:6]}")
    token = jwt.encode({"sub": "bench-auth", "exp": int(time.time()) + 3600}, JWT_SECRET, algorithm="HS256")
    modes: dict[str, tuple[Settings, dict[str, str]]] = {
        "none": (base, {}),
        "api_key": (base.model_copy(update={"auth_mode": "api_key"}), {"Authorization": f"Bearer {key}"}),
        "jwt": (
            base.model_copy(update={"auth_mode": "jwt", "jwt_secret": SecretStr(JWT_SECRET)}),
            {"Authorization": f"Bearer {token}"},
        ),
    }
    results: dict[str, Any] = {}
    try:
        for mode, (settings, headers) in modes.items():
            app = build_app(settings, service=service)
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
                first_ms = await timed(client, headers)
                times = [await timed(client, headers) for _ in range(requests)]
                results[mode] = {"first_ms": round(first_ms, 1), **percentiles(times)}
                if mode == "api_key":
                    wrong = {"Authorization": f"Bearer {key[: key.rindex('_') + 1]}{'x' * 43}"}
                    misses = [await timed(client, wrong, expect=401) for _ in range(max(5, requests // 20))]
                    results["api_key_wrong_secret"] = percentiles(misses)
    finally:
        await service.revoke_api_key(key_id=view.uid)
        async with service.db.driver.session(database=service.db.database) as session:
            await (await session.run("MATCH (k:ApiKey {uid: $uid}) DELETE k", uid=view.uid)).consume()
        await service.close()
    return results


@click.command()
@click.option("--requests", default=200, show_default=True, help="Timed requests per mode.")
def main(requests: int) -> None:
    results = asyncio.run(run(requests))
    click.echo(f"{'mode':<22} {'first ms':>9} {'p50 ms':>8} {'p95 ms':>8}")
    for mode, figures in results.items():
        first = figures.get("first_ms", "-")
        click.echo(f"{mode:<22} {first!s:>9} {figures['p50']:>8} {figures['p95']:>8}")
    json.dump({"requests": requests, **results}, sys.stdout)
    click.echo()


if __name__ == "__main__":
    main()
