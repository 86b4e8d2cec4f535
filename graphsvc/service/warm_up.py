"""Plan the request path's statements on Neo4j before a served process takes its first request.

A Neo4j that has just started has an empty query plan cache and a cold JVM: the first recall plans its three large
statements (``recall_text``, ``recall_vectors``, ``recall_hits``), which took 26 s on a 2-core machine at load 4
against about 1 s once planned, so the first recall after ``scripts/serve`` (or after Neo4j restarted beside a
running service) went past its request deadline. Planning them with ``EXPLAIN`` does not help: Neo4j caches a
plan per statement *and parameter types*, so a plan made without parameters is not the one a request uses.

So ``graphsvc serve``, once connected and before it serves, runs the request path's reads for real for a user id
made up for the purpose (:data:`WARM_UP_PREFIX` and a random UUID, so no user has it): a recall for a query and for
a conversation, and a prompt context. They find nothing, write nothing and return nothing to anyone, and they plan
every statement of those paths with the parameter types requests use. On a Neo4j whose plans are already cached (the
service restarted, Neo4j did not) this takes milliseconds. The statements are run as a request runs them, so
:class:`graphsvc.graph.recovery.Recovery` notes them and plans them again after a Neo4j outage too, even before any
request ran.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING

from graphsvc.conversation import Turn
from graphsvc.errors import DatabaseUnavailableError
from graphsvc.graph.recovery import WARM_UP_BUDGET_S
from graphsvc.logs import bound

if TYPE_CHECKING:
    from graphsvc.service import MemoryService

log = logging.getLogger(__name__)

WARM_UP_PREFIX = "graphsvc-warm-up-"
"""The start of the user id a warm-up reads as (a random UUID follows)."""
_QUERY = "Where does the user live and work?"


@dataclass(frozen=True)
class WarmUp:
    """How the warm-up went.

    Attributes:
        user_id: the made-up user it read as.
        took_s: seconds it ran.
        completed: every read ran (False: past :data:`WARM_UP_BUDGET_S`, or Neo4j did not answer).
    """

    user_id: str
    took_s: float
    completed: bool


async def warm_request_plans(service: MemoryService, *, budget_s: float = WARM_UP_BUDGET_S) -> WarmUp:
    """Run recall (for a query, for a conversation) and the prompt context for a made-up user
    (:data:`WARM_UP_PREFIX` and a random UUID), so that Neo4j plans their statements before the first request
    needs them.

    Never raises for Neo4j: a database that does not answer, or a warm-up past ``budget_s`` seconds, is logged
    and the process serves anyway (requests then plan what is left).
    """
    started = time.monotonic()
    log.info("planning the request path's statements on Neo4j before serving")
    completed = False
    user_id = f"{WARM_UP_PREFIX}{uuid.uuid4().hex}"
    try:
        async with asyncio.timeout(budget_s):
            with bound(request_id="warm-up", user_id=user_id):
                await service.recall(user_id=user_id, query=_QUERY, limit=10)
                await service.recall(user_id=user_id, conversation=[Turn(role="user", content=_QUERY)])
                await service.memory_context(user_id=user_id, query=_QUERY)
        completed = True
    except TimeoutError:
        log.warning("stopped planning after %.0f s; requests plan the rest on first use", budget_s)
    except DatabaseUnavailableError as exc:
        log.warning("could not plan the request path's statements: %s", exc)
    took_s = time.monotonic() - started
    if completed:
        log.info("request path planned in %.1f s", took_s)
    return WarmUp(user_id=user_id, took_s=took_s, completed=completed)
