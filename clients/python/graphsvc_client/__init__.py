"""Typed sync and async client of the graphsvc memory service."""

from graphsvc_client.client import AsyncGraphsvc, Graphsvc, GraphsvcError
from graphsvc_client.models import (
    BeliefChange,
    BeliefChanges,
    ChannelContribution,
    ForgetResult,
    IngestResult,
    Job,
    Memory,
    MemoryContext,
    Message,
    RankAdjustment,
    RecallExplanation,
    RecallHit,
    Turn,
)

__all__ = [
    "AsyncGraphsvc",
    "BeliefChange",
    "BeliefChanges",
    "ChannelContribution",
    "ForgetResult",
    "Graphsvc",
    "GraphsvcError",
    "IngestResult",
    "Job",
    "Memory",
    "MemoryContext",
    "Message",
    "RankAdjustment",
    "RecallExplanation",
    "RecallHit",
    "Turn",
]
