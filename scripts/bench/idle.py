"""What an idle service costs, and whether that grows with the history it keeps: CPU a second of an idle
``graphsvc serve`` and of its Neo4j, beside a long history of finished work.

    .venv/bin/python scripts/bench/idle.py [--users 20] [--jobs-per-user 1000] [--sessions-per-user 250] \\
        [--settle-s 15] [--seconds 30] [--checkout DIR]

It writes the history first (``--users`` synthetic users, each with ``--jobs-per-user`` finished jobs and
``--sessions-per-user`` ended sessions: what months of use leave in the graph), then measures, from /proc, the
CPU a second of Neo4j alone (no service connected), and of the service and Neo4j while ``graphsvc serve`` sits
idle (no request; its job worker polls, its idle sweep runs) for ``--seconds``, after ``--settle-s`` for its
start-up work. With ``--checkout DIR`` (another version, e.g. ``git worktree add /tmp/base main``) that version
is measured first, in the same run, on the same graph: the indexes this version declares and that one does not
are dropped before it starts, and this version's start recreates them. The synthetic users are erased at the end.

Needs the settings of the environment (``NEO4J_URI``, ``NEO4J_PASSWORD``, ``GRAPHSVC_DATA_DIR`` for the Neo4j pid:
the bench Neo4j of ``docs/benchmarks.md``). Prints a table and one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from recall_cost import cpu_s, neo4j_pid
from served import served

from graphsvc.config import Settings
from graphsvc.graph import synthetic_users
from graphsvc.service import MemoryService

REPO = Path(__file__).resolve().parents[2]
_DECLARED = re.compile(r"CREATE (?:\w+ )?(?:INDEX|CONSTRAINT) (\w+) IF NOT EXISTS")


def declared(checkout: Path) -> set[str]:
    """The index and constraint names a version's ``cypher/schema.cypher`` declares."""
    return set(_DECLARED.findall((checkout / "cypher" / "schema.cypher").read_text(encoding="utf-8")))


def cpu_per_s(pids: list[int | None], seconds: float) -> list[float]:
    """CPU milliseconds a second of each process over the next ``seconds``."""
    before = [cpu_s(pid) for pid in pids]
    time.sleep(seconds)
    return [round((cpu_s(pid) - start) * 1000 / seconds, 1) for pid, start in zip(pids, before, strict=True)]


async def drop_undeclared(service: MemoryService, keep: set[str]) -> list[str]:
    """Drop the indexes this version declares that ``keep`` (another version's names) does not."""
    dropped = sorted(declared(REPO) - keep)
    async with service.db.driver.session(database=service.db.database) as session:
        indexes = {r["name"] async for r in await session.run("SHOW INDEXES YIELD name")}
        for name in dropped:
            if name in indexes:
                await (await session.run(f"DROP INDEX {name} IF EXISTS")).consume()
    return dropped


def idle_cost(checkout: str | None, settle_s: float, seconds: float, neo4j: int | None) -> dict[str, float]:
    with served(dict(os.environ), checkout=checkout, own_session=True) as (_url, pid):
        time.sleep(settle_s)
        service_ms, neo4j_ms = cpu_per_s([pid, neo4j], seconds)
    return {"service_ms_per_s": service_ms, "neo4j_ms_per_s": neo4j_ms}


async def main_async(
    users: int, jobs: int, sessions: int, settle_s: float, seconds: float, checkout: str | None
) -> dict[str, Any]:
    service = await MemoryService.open(Settings(), run_worker=False)
    run = uuid.uuid4().hex[:6]
    names = [f"idle-{run}-{i}" for i in range(users)]
    neo4j = neo4j_pid()
    results: dict[str, Any] = {"users": users, "jobs": users * jobs, "sessions": users * sessions}
    try:
        now = datetime.now(UTC)
        for user in names:
            await synthetic_users.write_finished_work(service.db, user_id=user, now=now, jobs=jobs, sessions=sessions)
        results["neo4j_alone_ms_per_s"] = (await asyncio.to_thread(cpu_per_s, [neo4j], seconds))[0]
        if checkout is not None:
            results["dropped_for_baseline"] = await drop_undeclared(service, declared(Path(checkout)))
            results["baseline"] = await asyncio.to_thread(idle_cost, checkout, settle_s, seconds, neo4j)
        results["branch"] = await asyncio.to_thread(idle_cost, None, settle_s, seconds, neo4j)
    finally:
        for user in names:
            await service.erase_user(user_id=user, confirm=user)
        await service.close()
    return results


@click.command()
@click.option("--users", default=20, show_default=True, help="Synthetic users holding the history.")
@click.option("--jobs-per-user", default=1000, show_default=True, help="Finished jobs of each.")
@click.option("--sessions-per-user", default=250, show_default=True, help="Ended sessions of each.")
@click.option("--settle-s", default=15.0, show_default=True, help="Wait after the service is ready.")
@click.option("--seconds", default=30.0, show_default=True, help="Length of each measurement.")
@click.option("--checkout", default=None, help="Another version's directory, measured first as the baseline.")
def main(
    users: int, jobs_per_user: int, sessions_per_user: int, settle_s: float, seconds: float, checkout: str | None
) -> None:
    results = asyncio.run(main_async(users, jobs_per_user, sessions_per_user, settle_s, seconds, checkout))
    print(
        f"history: {results['jobs']} finished jobs, {results['sessions']} ended sessions; "
        f"Neo4j alone {results['neo4j_alone_ms_per_s']} ms CPU a second"
    )
    print("| version | service CPU, ms a second | Neo4j CPU, ms a second |")
    print("|---|---|---|")
    for version in ("baseline", "branch"):
        if version in results:
            row = results[version]
            print(f"| {version} | {row['service_ms_per_s']} | {row['neo4j_ms_per_s']} |")
    print(json.dumps(results))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
