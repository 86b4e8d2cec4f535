"""Before it serves, ``graphsvc serve`` plans the request path's statements by running recall and the prompt
context for a made-up user (graphsvc.service.warm_up), against the real Neo4j."""

from __future__ import annotations

import asyncio

from graphsvc.config import Settings
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.database import Database
from graphsvc.service.warm_up import WARM_UP_PREFIX, warm_request_plans
from tests.integration.conftest import make_service


async def test_the_warm_up_plans_recall_as_requests_run_it_and_stores_nothing(
    settings: Settings, database: Database, embedder: LocalEmbedder
) -> None:
    db = Database(database.driver, database=database.database, uri=database.uri)  # the session's driver, own state
    service = make_service(settings, db, embedder)
    try:
        warm = await warm_request_plans(service)
        assert warm.completed and warm.took_s > 0
        # its statements were run as a request's: after an outage they are planned again before serving
        db.recovery.outage()
        async with asyncio.timeout(60):
            await db.recovery.wait_up()
        assert db.recovery.last_warmed >= 3  # recall_text, recall_vectors, recall_hits at least
        async with database.driver.session(database=database.database) as session:
            written = await (
                await session.run("MATCH (n) WHERE n.user_id = $u RETURN count(n) AS n", {"u": warm.user_id})
            ).single()
        assert warm.user_id.startswith(WARM_UP_PREFIX)
        assert written is not None and written["n"] == 0  # nothing stored for the made-up user
    finally:
        await db.recovery.aclose()
