"""The daily learning area of the service (seed 003): run a user's learning now, queue a day's learning for
every active user, the ``learn`` job, and the record of past runs.

The scheduler (:mod:`graphsvc.service.scheduler`) calls :meth:`LearningArea.queue_daily_learning` at
``DAILY_LEARNING_AT`` in every service process; under the named lease ``daily-learning`` one process at a time
queues one ``learn`` job per active user and day (deduplicated by ``learn:<day>`` across PENDING, RUNNING and
SUCCEEDED jobs), and the job worker runs each exactly once. ``run_daily_learning`` (``runDailyLearning``,
``graphsvc learn``) runs one user's learning now; the run's own claim (``LearningRun`` per user and day) makes
any second run of the day, from any process, change nothing.
"""

from __future__ import annotations

import logging
from datetime import date, timedelta

from graphsvc.graph import jobs
from graphsvc.graph import learning as stored_runs
from graphsvc.graph.learning import LearningRunView
from graphsvc.graph.leases import NamedLease
from graphsvc.logs import for_user
from graphsvc.pipeline.learning import run as learning
from graphsvc.runtime import Runtime
from graphsvc.service.worker import JobWorker
from graphsvc.validation import require_id, require_limit

log = logging.getLogger(__name__)

LEARNING_LEASE = "daily-learning"
MAX_LEARNING_PAGE = 366


class LearningArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime
    worker: JobWorker

    async def run_daily_learning(self, *, user_id: str) -> LearningRunView:
        """Run the user's learning of today (local day) now, or return today's run when it was done already.

        Raises:
            InvalidInputError: a bad user id.
        """
        user_id = require_id("userId", user_id, self.rt.settings)
        with for_user(user_id):
            return await learning.run(self.rt, user_id=user_id, owner=self.worker.owner)

    async def learning_runs(self, *, user_id: str, limit: int = 30) -> list[LearningRunView]:
        """The user's learning runs, newest day first."""
        user_id = require_id("userId", user_id, self.rt.settings)
        limit = require_limit("limit", limit, maximum=MAX_LEARNING_PAGE)
        return await stored_runs.recent(self.rt.db, user_id=user_id, limit=limit)

    async def learning_users(self) -> list[str]:
        """Users with an event ingested within ``DAILY_LEARNING_ACTIVE_DAYS``: those the daily job visits."""
        since = self.rt.clock() - timedelta(days=self.rt.settings.learning.active_days)
        return await stored_runs.active_users(self.rt.db, since=since)

    async def queue_daily_learning(self, *, day: date | None = None) -> int | None:
        """Queue ``day``'s (default today's) ``learn`` job for every active user, once across processes.

        Returns:
            how many jobs were created now (0 when every one was queued already), or None when another
            process holds the ``daily-learning`` lease at this moment.
        """
        day = day or learning.learning_day(self.rt)
        lease = NamedLease(
            self.rt.db,
            key=LEARNING_LEASE,
            owner=self.worker.owner,
            ttl_s=self.rt.settings.learning.lease_s,
            clock=self.rt.clock,
        )

        async def queue() -> int:
            created = 0
            for user_id in await self.learning_users():
                queued = await jobs.enqueue(
                    self.rt.db,
                    user_id=user_id,
                    kind="learn",
                    coalesce_on=f"learn:{day.isoformat()}",
                    target_uid=day.isoformat(),
                    now=self.rt.clock(),
                    priority="bulk",
                    open_statuses=("PENDING", "RUNNING", "SUCCEEDED"),
                )
                created += int(queued is not None and queued[1])
            return created

        ran, created = await lease.run(queue)
        if not ran:
            return None
        if created:
            log.info("queued the daily learning of %s for %d user(s)", day, created)
            self.worker.wake.set()
        return created
