"""The sources area of the service (seed 003): one event layer across sources, and the candidate layer.

``ingest_events`` stores records of any source (conversation events go the ``ingest_messages`` way);
``candidates`` lists what waits to become memory, ``promote_candidate`` / ``reject_candidate`` decide by hand.
"""

from __future__ import annotations

from graphsvc.errors import InvalidInputError, NotFoundError
from graphsvc.graph import sources as stored_candidates
from graphsvc.graph.sources import CandidateView
from graphsvc.logs import for_user
from graphsvc.pipeline.sources import candidates as candidate_layer
from graphsvc.pipeline.sources import events as event_layer
from graphsvc.pipeline.sources.events import EventsOutcome, SourceEventIn
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id, require_limit
from graphsvc.vocabulary import CANDIDATE_STATUSES

MAX_CANDIDATE_PAGE = 500


class SourceArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime

    def _wake_worker(self) -> None:
        """Ask the job worker to poll now (the service sets this up)."""

    async def ingest_events(self, *, user_id: str, events: list[SourceEventIn]) -> EventsOutcome:
        """Store source records as events; see :func:`graphsvc.pipeline.sources.events.run`."""
        with for_user(user_id):
            outcome = await event_layer.run(self.rt, user_id=user_id, events=events)
        if outcome.job_ids:
            self._wake_worker()
        return outcome

    async def candidates(self, *, user_id: str, status: str | None = None, limit: int = 50) -> list[CandidateView]:
        """The user's candidates, newest first, optionally of one status.

        Raises:
            InvalidInputError: bad user id, unknown status, limit outside 1..500.
        """
        user_id = require_id("userId", user_id, self.rt.settings)
        if status is not None and status not in CANDIDATE_STATUSES:
            raise InvalidInputError(field="status", problem=f"must be one of {', '.join(CANDIDATE_STATUSES)}")
        limit = require_limit("limit", limit, maximum=MAX_CANDIDATE_PAGE)
        return await stored_candidates.list_candidates(self.rt.db, user_id=user_id, status=status, limit=limit)

    async def candidate(self, *, user_id: str, candidate_id: str) -> CandidateView:
        """One candidate of the user.

        Raises:
            NotFoundError: no such candidate for this user.
        """
        user_id = require_id("userId", user_id, self.rt.settings)
        candidate_id = require_id("id", candidate_id, self.rt.settings)
        view = await stored_candidates.get_candidate(self.rt.db, user_id=user_id, uid=candidate_id)
        if view is None:
            raise NotFoundError(kind="candidate", ident=candidate_id)
        return view

    async def promote_candidate(self, *, user_id: str, candidate_id: str) -> CandidateView:
        """A person confirms a candidate: it becomes a memory now (reason ``confirmed``).

        Raises:
            NotFoundError: no such candidate. ConflictError: it is not open.
        """
        user_id = require_id("userId", user_id, self.rt.settings)
        candidate_id = require_id("id", candidate_id, self.rt.settings)
        with for_user(user_id):
            await candidate_layer.confirm(self.rt, user_id=user_id, uid=candidate_id)
        return await self.candidate(user_id=user_id, candidate_id=candidate_id)

    async def reject_candidate(self, *, user_id: str, candidate_id: str) -> CandidateView:
        """A person rejects an open candidate; it never becomes a memory.

        Raises:
            NotFoundError: no such candidate. ConflictError: it is not open.
        """
        user_id = require_id("userId", user_id, self.rt.settings)
        candidate_id = require_id("id", candidate_id, self.rt.settings)
        await candidate_layer.reject(self.rt, user_id=user_id, uid=candidate_id)
        return await self.candidate(user_id=user_id, candidate_id=candidate_id)
