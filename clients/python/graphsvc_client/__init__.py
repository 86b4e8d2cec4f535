"""Typed sync and async client of the graphsvc memory service."""

from graphsvc_client.client import AsyncGraphsvc, Graphsvc, GraphsvcError
from graphsvc_client.models import IngestResult, Job, MemoryContext, Message, RecallHit

__all__ = ["AsyncGraphsvc", "Graphsvc", "GraphsvcError", "IngestResult", "Job", "MemoryContext", "Message", "RecallHit"]
