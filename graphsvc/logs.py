"""Logging: JSON lines (python-json-logger) carrying the id of the request being served.

The request id lives in a context variable: the HTTP layer sets it for each request (the caller's
``X-Request-ID`` header, or a new one), a job stores the id of the request that queued it, and the worker
sets it again while the job runs, so the job's log lines carry the request's id.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import uuid
from collections.abc import Iterator
from contextvars import ContextVar

from pythonjsonlogger.json import JsonFormatter

request_id_var: ContextVar[str | None] = ContextVar("graphsvc_request_id", default=None)
"""The id of the request (or queued job's request) the current task serves; None outside one."""

job_id_var: ContextVar[str | None] = ContextVar("graphsvc_job_id", default=None)
"""The id of the job the current task runs; None outside one."""

user_id_var: ContextVar[str | None] = ContextVar("graphsvc_user_id", default=None)
"""The user the current request or job works for (the embedding queue takes turns by it); None outside one."""


def new_request_id() -> str:
    return uuid.uuid4().hex[:16]


@contextlib.contextmanager
def bound(*, request_id: str | None, job_id: str | None = None, user_id: str | None = None) -> Iterator[None]:
    """Set the request, job and user ids for the code inside, then restore what was there."""
    token = request_id_var.set(request_id)
    job_token = job_id_var.set(job_id)
    user_token = user_id_var.set(user_id)
    try:
        yield
    finally:
        user_id_var.reset(user_token)
        job_id_var.reset(job_token)
        request_id_var.reset(token)


@contextlib.contextmanager
def for_user(user_id: str) -> Iterator[None]:
    """Mark the code inside as working for ``user_id`` (keeps the request and job ids)."""
    token = user_id_var.set(user_id)
    try:
        yield
    finally:
        user_id_var.reset(token)


class ContextFilter(logging.Filter):
    """Adds ``request_id`` and ``job_id`` to every record (None outside a request or job)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get()
        record.job_id = job_id_var.get()
        record.user_id = user_id_var.get()
        return True


def configure(*, fmt: str = "json", level: int = logging.INFO) -> None:
    """Send graphsvc's and uvicorn's logs to stderr, as JSON lines or plain text.

    Args:
        fmt: ``json`` (one object per line: time, level, logger, message, request_id, job_id) or ``text``.
        level: the root level.
    """
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(ContextFilter())
    if fmt == "json":
        handler.setFormatter(
            JsonFormatter(
                "{asctime}{levelname}{name}{message}{request_id}{job_id}{user_id}",
                style="{",
                rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
            )
        )
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
    # The MCP SDK logs each stateless request's ending at INFO ("Terminating session: None"): a line per /mcp
    # call that says nothing. Its warnings and errors still reach the log.
    logging.getLogger("mcp").setLevel(max(level, logging.WARNING))
