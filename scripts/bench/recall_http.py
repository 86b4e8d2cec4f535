"""One user's recall latency end to end through GraphQL over loopback HTTP, on a LoCoMo-size memory.

    .venv/bin/python scripts/bench/recall_http.py [--conversation 0] [--passes 3] [--skip-import]

Imports one LoCoMo dev conversation (``graphsvc import``, read from ``../shared/bench/data``; about 400–700
turns, the size of one long-running user) unless ``--skip-import``, starts ``graphsvc serve`` (the settings of the
environment, on a free port), waits until every event has its vector (``/ready``), warms up with one pass over
the conversation's questions, then asks every question ``--passes`` more times, one request at a time, each a
``recall(userId, query, limit: 10)`` POST on a kept-alive connection. Reports the p50/p95/p99 wall time of those
requests (ms) as the client sees them, and the service's CPU per recall from ``/proc``. The service runs with
``RATE_LIMIT`` set to ``--rate-limit`` (one caller asks every question, more than the default allows a minute).
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import click
import httpx
import numpy as np
from datasets import LOCOMO_DEV, REPO, locomo_questions, locomo_records, write_jsonl
from recall_cost import cpu_s
from served import caught_up, served

RECALL = """query($u: String!, $q: String!) { recall(userId: $u, query: $q, limit: 10) { id score } }"""


def import_conversation(path: Path, index: int) -> str:
    """Import conversation ``index`` of ``path`` with ``graphsvc import``; returns its user id."""
    records = list(locomo_records(path, conversations=index + 1))
    user = records[-1]["userId"]
    mine = (r for r in records if r["userId"] == user)
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / "conversation.jsonl"
        count = write_jsonl(mine, jsonl)
        click.echo(f"importing {count} turns of {user}", err=True)
        subprocess.run([str(REPO / ".venv" / "bin" / "graphsvc"), "import", str(jsonl)], check=True)
    return str(user)


def wait_for_vectors(client: httpx.Client, timeout_s: float = 900) -> float:
    started = time.monotonic()
    while time.monotonic() - started < timeout_s:
        if caught_up(client.get("/ready").json(), jobs=False):
            break
        time.sleep(1)
    return round(time.monotonic() - started, 1)


@click.command()
@click.option("--dataset", "path", type=click.Path(path_type=Path, exists=True), default=LOCOMO_DEV)
@click.option("--conversation", default=0, show_default=True, help="Which dev conversation (0-based).")
@click.option("--passes", default=3, show_default=True, help="Measured passes over its questions.")
@click.option("--skip-import", is_flag=True, help="The conversation is already imported.")
@click.option("--rate-limit", default="100000/minute", show_default=True, help="The service's RATE_LIMIT.")
def main(path: Path, conversation: int, passes: int, skip_import: bool, rate_limit: str) -> None:
    records = list(locomo_records(path, conversations=conversation + 1))
    user = str(records[-1]["userId"])
    if not skip_import:
        import_conversation(path, conversation)
    questions = [q["question"] for q in locomo_questions(path, conversations=conversation + 1) if q["userId"] == user]

    env = {**os.environ, "RATE_LIMIT": rate_limit}
    with served(env) as (base, pid), httpx.Client(base_url=base, timeout=60) as client:
        waited = wait_for_vectors(client)

        def ask(question: str) -> float:
            started = time.perf_counter()
            answer = client.post("/graphql", json={"query": RECALL, "variables": {"u": user, "q": question}})
            elapsed = (time.perf_counter() - started) * 1000
            body = answer.json()
            if answer.status_code != 200 or body.get("errors"):
                raise click.ClickException(f"recall failed: {answer.status_code} {body.get('errors')}")
            return elapsed

        for question in questions:  # warm-up: plans, the user's vector copy
            ask(question)
        cpu_before = cpu_s(pid)
        latencies = [ask(question) for _ in range(passes) for question in questions]
        cpu_ms = (cpu_s(pid) - cpu_before) * 1000 / len(latencies)
    events = sum(1 for r in records if r["userId"] == user)
    report: dict[str, Any] = {
        "user": user,
        "events": events,
        "questions": len(questions),
        "recalls": len(latencies),
        "vectors_waited_s": waited,
        "latency_ms": {
            p: round(float(np.percentile(latencies, q)), 1) for p, q in (("p50", 50), ("p95", 95), ("p99", 99))
        },
        "graphsvc_cpu_ms_per_recall": round(cpu_ms, 1),
    }
    click.echo(
        f"{user}: {events} events, {len(latencies)} recalls over HTTP one at a time: "
        f"p50 {report['latency_ms']['p50']} ms, p95 {report['latency_ms']['p95']} ms, "
        f"p99 {report['latency_ms']['p99']} ms; graphsvc CPU {report['graphsvc_cpu_ms_per_recall']} ms/recall",
        err=True,
    )
    print(json.dumps(report))


if __name__ == "__main__":
    main()
