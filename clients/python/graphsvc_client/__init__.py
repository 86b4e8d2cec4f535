"""Typed sync and async client of the graphsvc memory service."""

from graphsvc_client.client import AsyncGraphsvc, Graphsvc, GraphsvcError
from graphsvc_client.models import (
    BeliefChange,
    BeliefChanges,
    ChannelContribution,
    ExtractionTrace,
    ForgetResult,
    IngestResult,
    Job,
    Memory,
    MemoryContext,
    Message,
    RankAdjustment,
    RecallExplanation,
    RecallHit,
    TraceDecision,
    Turn,
)

__all__ = [
    "AsyncGraphsvc",
    "BeliefChange",
    "BeliefChanges",
    "ChannelContribution",
    "ExtractionTrace",
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
    "TraceDecision",
    "Turn",
]
