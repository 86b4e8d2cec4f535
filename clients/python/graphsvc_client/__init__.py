"""Typed sync and async client of the graphsvc memory service."""

from graphsvc_client.client import AsyncGraphsvc, Graphsvc, GraphsvcError
from graphsvc_client.models import (
    BeliefChange,
    BeliefChanges,
    ForgetResult,
    IngestResult,
    Job,
    Memory,
    MemoryContext,
    Message,
    RecallHit,
    Turn,
)

__all__ = [
    "AsyncGraphsvc",
    "BeliefChange",
    "BeliefChanges",
    "ForgetResult",
    "Graphsvc",
    "GraphsvcError",
    "IngestResult",
    "Job",
    "Memory",
    "MemoryContext",
    "Message",
    "RecallHit",
    "Turn",
]
