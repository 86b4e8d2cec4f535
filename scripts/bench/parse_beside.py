"""A dense PDF parsed by the service's sandboxed parser, on the machine as it is and beside co-tenants that
oversubscribe its cores, in one run.

    .venv/bin/python scripts/bench/parse_beside.py [--pages 120] [--oversubscribe 4]

The document (``--pages`` pages of 6 pt text, ``tests/sample_documents.dense_pdf``) goes through
:func:`graphsvc.pipeline.documents.sandbox.parse`, what a ``parse_document`` job runs, with the default limits
(``DOCUMENT_PARSE_CPU_S``, ``DOCUMENT_PARSE_MEMORY_MB``, ``DOCUMENT_PARSE_STALL_S``) and its low priority
(``DOCUMENT_PARSE_NICE``). Reported per condition: whether it parsed, its wall time, and the parser's CPU time
(the children's CPU of this process, from ``os.times``); and the wall time over the parser's CPU time, which is
what a wall-clock limit would have had to allow for. The co-tenants are ``contention.py``'s: busy loops, each in
its own session. Prints a table and one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import click
from contention import co_tenants

from graphsvc.config import Settings
from graphsvc.errors import DocumentError
from graphsvc.pipeline.documents import sandbox

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.sample_documents import dense_pdf  # noqa: E402


async def parse_once(data: bytes, settings: Settings) -> dict[str, Any]:
    """Parse ``data`` once: parsed or the reason it was not, wall seconds and the parser's CPU seconds."""
    before = os.times()
    started = time.perf_counter()
    try:
        parsed = await sandbox.parse(data, filename="dense.pdf", mime_type=None, settings=settings.documents)
        outcome = f"parsed, {parsed.pages} pages"
    except DocumentError as exc:
        outcome = f"FAILED: {exc.problem}"
    wall_s = time.perf_counter() - started
    after = os.times()
    cpu_s = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return {"outcome": outcome, "wall_s": round(wall_s, 1), "parser_cpu_s": round(cpu_s, 1)}


@click.command()
@click.option("--pages", default=120, show_default=True, help="Pages of the dense PDF.")
@click.option("--oversubscribe", default=4.0, show_default=True, help="Co-tenant processes per core.")
def main(pages: int, oversubscribe: float) -> None:
    """Parse one dense PDF quiet and beside co-tenants."""
    settings = Settings()
    data = dense_pdf(pages)
    tenants = max(1, round(oversubscribe * (os.cpu_count() or 1)))
    result: dict[str, Any] = {"pages": pages, "bytes": len(data), "co_tenants": tenants}
    result["quiet"] = asyncio.run(parse_once(data, settings))
    print(f"quiet: {result['quiet']}", file=sys.stderr, flush=True)
    with co_tenants(tenants, embedding=False):
        result["busy"] = asyncio.run(parse_once(data, settings))
    print(f"busy: {result['busy']}", file=sys.stderr, flush=True)
    print("| condition | outcome | wall s | parser CPU s | wall ÷ CPU |")
    print("|---|---|---|---|---|")
    for condition in ("quiet", "busy"):
        row = result[condition]
        ratio = row["wall_s"] / row["parser_cpu_s"] if row["parser_cpu_s"] else float("nan")
        print(f"| {condition} | {row['outcome']} | {row['wall_s']} | {row['parser_cpu_s']} | {ratio:.1f} |")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
