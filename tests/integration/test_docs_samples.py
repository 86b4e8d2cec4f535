"""The manual's runnable pages (front matter ``test: run``), run word for word against a real service.

Each page runs from top to bottom on an empty test Neo4j, as a reader with ``scripts/serve`` running would:
the service (offline extractor, local embeddings) listens on a loopback port that stands in for
``http://127.0.0.1:8000``; shell samples run in bash from the checkout (``.venv/bin/graphsvc`` reaches the same
database), GraphQL samples are posted to ``/graphql`` once background jobs are done, Python samples run in a
fresh interpreter, Cypher samples are checked by Neo4j with EXPLAIN. Each output must hold the sample's
``expect`` facts, and every line of a block marked ``output`` right after it (see ``tests/docs_samples.py``).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys

import httpx
import pytest

from graphsvc.api.app import build_app
from graphsvc.graph.database import Database
from graphsvc.service import MemoryService
from tests.docs_samples import REPO, Page, Sample, pages, shown_line_in
from tests.integration.live_server import live_server

SERVED = "http://127.0.0.1:8000"
RUN_TIMEOUT_S = 900


def runnable_pages() -> list[Page]:
    return [page for page in pages() if page.runnable]


async def run_process(sample: Sample, *argv: str, env: dict[str, str] | None = None) -> str:
    """Run ``argv`` from the checkout; its output (stdout and stderr), which must end with exit status 0."""
    process = await asyncio.create_subprocess_exec(
        *argv, cwd=REPO, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
    )
    out, _ = await asyncio.wait_for(process.communicate(), timeout=RUN_TIMEOUT_S)
    text = out.decode("utf-8", "replace")
    assert process.returncode == 0, f"{sample.where}: exit {process.returncode}\n{text}"
    return text


async def run_shell(sample: Sample, base: str) -> str:
    env = {**os.environ, "PATH": f"{REPO / '.venv' / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    return await run_process(sample, "bash", "-euo", "pipefail", "-c", sample.code.replace(SERVED, base), env=env)


async def run_python(sample: Sample, base: str) -> str:
    return await run_process(sample, sys.executable, "-c", sample.code.replace(SERVED, base))


async def run_graphql(sample: Sample, client: httpx.AsyncClient) -> str:
    response = await client.post("/graphql", json={"query": sample.code})
    body = response.json()
    assert response.status_code == 200 and not body.get("errors"), f"{sample.where}: {body}"
    return json.dumps(body["data"], ensure_ascii=False)


async def run_cypher(sample: Sample, database: Database) -> str:
    async with database.driver.session(database=database.database) as session:
        for statement in [s for s in sample.code.split(";") if s.strip()]:
            await (await session.run("EXPLAIN " + statement, {"userId": "ana"})).consume()
    return ""


def check(sample: Sample, output: str) -> None:
    missing = [fact for fact in sample.expect if fact not in output]
    present = [fact for fact in sample.expect_not if fact in output]
    assert not missing and not present, (
        f"{sample.where}: expected {missing} in the output, and not {present}; the output was:\n{output}"
    )


def shown_in(block: Sample, ran: tuple[Sample, str]) -> None:
    """Every line a page shows as a sample's output (an ``output`` block) is in what that sample printed."""
    sample, output = ran
    lines = [line.strip() for line in block.code.splitlines() if line.strip()]
    missing = [line for line in lines if not shown_line_in(line, output, within=block.output_within)]
    assert not missing, (
        f"{block.where}: the page shows {missing} as the output of {sample.where}, which printed:\n{output}"
    )


@pytest.mark.timeout(RUN_TIMEOUT_S)  # a page imports conversations and starts the CLI several times
@pytest.mark.parametrize("page", runnable_pages(), ids=lambda p: str(p.path.relative_to(REPO)))
async def test_runnable_page_works_word_for_word(page: Page, service: MemoryService, database: Database) -> None:
    # a cold start loads the embedding model inside the first request: more than the default deadline here
    app = build_app(service.settings.model_copy(update={"request_deadline_s": 120.0}), service=service)
    ran = 0
    last: tuple[Sample, str] | None = None
    async with live_server(app) as base, httpx.AsyncClient(base_url=base, timeout=120) as client:
        for sample in page.samples:
            if sample.shows_output:
                assert last is not None, f"{sample.where}: an output block follows no sample that ran"
                shown_in(sample, last)
                continue
            if sample.skip is not None or sample.lang not in ("bash", "graphql", "python", "cypher"):
                last = None
                continue
            await service.wait_for_jobs()  # as a reader waits a moment after ending a conversation
            if sample.lang == "bash":
                output = await run_shell(sample, base)
            elif sample.lang == "python":
                output = await run_python(sample, base)
            elif sample.lang == "graphql":
                output = await run_graphql(sample, client)
            else:
                output = await run_cypher(sample, database)
            if os.environ.get("GRAPHSVC_DOCS_SHOW"):  # to refresh a page's shown outputs: scripts/test -s -k …
                print(f"\n----- {sample.where}\n{output}")
            check(sample, output)
            last = (sample, output)
            ran += 1
    assert ran >= 1, f"{page.path}: nothing ran"

