"""MemoryService: the one front door the API, the CLI and the benchmarks call.

It runs on one :class:`~graphsvc.runtime.Runtime` (database, settings, embedder, LLM client, clock,
caches) and owns the job worker. Its operations are split by area, one module each (conversations, the
memory lifecycle, entities, traits, jobs, API keys, dashboard), and mixed into this class.
"""

from __future__ import annotations

import logging

from graphsvc.clock import Clock, utc_now
from graphsvc.config import Settings
from graphsvc.embed.base import Embedder
from graphsvc.graph.database import Database
from graphsvc.llm.client import LLMClient
from graphsvc.runtime import Runtime
from graphsvc.service.api_keys import ApiKeyArea, KeyChecks
from graphsvc.service.conversations import ConversationArea
from graphsvc.service.dashboard import DashboardArea
from graphsvc.service.documents import DocumentArea
from graphsvc.service.entities import EntityArea
from graphsvc.service.health import HealthArea
from graphsvc.service.jobs import JobArea
from graphsvc.service.learning import LearningArea
from graphsvc.service.lifecycle import LifecycleArea
from graphsvc.service.scheduler import DailyScheduler
from graphsvc.service.sources import SourceArea
from graphsvc.service.spaces import SpaceArea
from graphsvc.service.timeline import TimelineArea
from graphsvc.service.traits import TraitArea
from graphsvc.service.worker import JobWorker

log = logging.getLogger(__name__)


class MemoryService(
    ConversationArea,
    LifecycleArea,
    SourceArea,
    DocumentArea,
    EntityArea,
    TraitArea,
    JobArea,
    LearningArea,
    ApiKeyArea,
    DashboardArea,
    TimelineArea,
    HealthArea,
    SpaceArea,
):
    """The service over one runtime. Build with :meth:`open`, release with :meth:`close`.

    Args:
        runtime: the dependencies every operation runs on.
    """

    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime
        self._key_checks = KeyChecks()
        self.worker = JobWorker(
            db=runtime.db,
            settings=runtime.settings,
            clock=runtime.clock,
            handlers=self.job_handlers(),
            sweep=self.sweep,
        )
        self.scheduler = DailyScheduler(runtime.settings.learning, self.queue_daily_learning)

    @classmethod
    async def open(
        cls,
        settings: Settings,
        *,
        run_worker: bool = True,
        run_scheduler: bool = False,
        embedder: Embedder | None = None,
        clock: Clock = utc_now,
    ) -> MemoryService:
        """Connect, apply the schema, and (optionally) start the job worker.

        Args:
            run_worker: start the background job worker (False for one-shot CLI reads).
            run_scheduler: with the worker, also start the daily learning timer when ``DAILY_LEARNING`` is on
                (``serve`` does; one-shot commands and tests do not).

        Raises:
            DatabaseUnavailableError, ConfigurationError, SchemaMismatchError.
        """
        service = cls(await Runtime.open(settings, embedder=embedder, clock=clock))
        if run_worker:
            await service.worker.start()
            if run_scheduler and settings.learning.enabled:
                service.scheduler.start()
        log.info(
            "graphsvc ready: neo4j %s, extractor: %s, %s",
            service.rt.db.uri,
            service.rt.extractor_line(),
            service._jobs_line(),
        )
        return service

    def _jobs_line(self) -> str:
        """Where this process's background jobs run, for the start-up line."""
        if not self.worker.running:
            return "background jobs: not run by this process"
        learning = self.scheduler.next_fire_time()
        timer = f"daily learning next at {learning:%Y-%m-%d %H:%M %Z}" if learning else "no daily learning timer"
        return f"background jobs: run by this process (owner {self.worker.owner}; {timer})"

    async def sweep(self) -> None:
        """The job worker's housekeeping, every ``idle_sweep_interval_s`` in one process at a time: end the idle
        conversations (seed 001 §3.3), then delete the jobs that ended more than ``job_retention_days`` ago."""
        await self.end_idle_conversations()
        await self.prune_ended_jobs()

    async def close(self, *, drain_s: float = 0.0) -> None:
        """Stop the scheduler and the worker, then close the runtime (LLM client, embedder, database).

        Args:
            drain_s: how long running jobs may go on before they are cancelled and handed back (seconds; 0:
                at once). See :meth:`graphsvc.service.worker.JobWorker.stop`.
        """
        self.scheduler.stop()
        await self.worker.stop(drain_s=drain_s)
        await self.rt.aclose()

    def _wake_worker(self) -> None:
        self.worker.wake.set()

    def llm_metrics(self) -> dict[str, dict[str, int | dict[str, int]]]:
        """LLM calls by task and outcome, and tokens, since start-up (empty on the offline path)."""
        return self.rt.llm.metrics.snapshot() if isinstance(self.rt.llm, LLMClient) else {}

    # Shortcuts to the runtime's parts, for the CLI, benchmarks and tests.
    @property
    def settings(self) -> Settings:
        return self.rt.settings

    @property
    def db(self) -> Database:
        return self.rt.db

    @property
    def embedder(self) -> Embedder:
        return self.rt.embedder

    @property
    def clock(self) -> Clock:
        return self.rt.clock
