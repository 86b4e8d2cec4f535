"""The daily scheduler (seed 003): APScheduler's cron trigger fires at ``DAILY_LEARNING_AT`` in
``DAILY_LEARNING_TZ`` in every service process; what it fires is safe to run in all of them at once
(:meth:`graphsvc.service.learning.LearningArea.queue_daily_learning`: a named lease in Neo4j, then
deduplicated jobs run exactly once by the job worker).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.cron import CronTrigger

from graphsvc.config import LearningSettings

log = logging.getLogger(__name__)

JOB_ID = "daily-learning"


class DailyScheduler:
    """Runs ``fire()`` every day at ``DAILY_LEARNING_AT`` local time (one process's timer; see the module)."""

    def __init__(self, settings: LearningSettings, fire: Callable[[], Awaitable[object]]) -> None:
        hour, minute = (int(p) for p in settings.at.split(":"))
        self.trigger = CronTrigger(hour=hour, minute=minute, timezone=settings.zone)
        self._fire = fire
        self._scheduler: AsyncIOScheduler | None = None

    async def _run(self) -> None:
        try:
            await self._fire()
        except Exception:  # the next day fires again; a user's failed run is retried by its job
            log.exception("daily learning could not be queued")

    def start(self) -> None:
        """Start the timer on the running event loop (coalesced, an hour's grace for a late wake-up)."""
        scheduler = AsyncIOScheduler(timezone=self.trigger.timezone)
        scheduler.add_job(self._run, self.trigger, id=JOB_ID, coalesce=True, misfire_grace_time=3600, max_instances=1)
        scheduler.start()
        self._scheduler = scheduler

    def next_fire_time(self) -> datetime | None:
        """When the timer fires next (aware, local time), or None when it is not started."""
        if self._scheduler is None:
            return None
        job = self._scheduler.get_job(JOB_ID)
        return None if job is None else job.next_run_time

    def stop(self) -> None:
        if self._scheduler is not None:
            self._scheduler.shutdown(wait=False)
            self._scheduler = None
