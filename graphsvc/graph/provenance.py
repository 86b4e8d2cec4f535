"""Why graphsvc believes a memory: what made it (the rulebook's rule, an LLM, the person, an agent), the extraction
steps that created or reinforced it from which messages (read from the extraction traces that name it), and the
traits whose evidence cites it: message → memory → trait.

Statements: ``cypher/queries/extraction_traces.cypher`` (``extraction_traces_of_memory``,
``traits_resting_on_memory``). Every statement filters on ``user_id``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from graphsvc.graph import extraction_traces
from graphsvc.graph.database import Queries
from graphsvc.graph.extraction_traces import ExtractionTraceView
from graphsvc.graph.memory_reads import MemoryView

MadeBy = Literal["rulebook", "llm", "person", "agent"]
"""What asserted a memory: the offline rulebook's rule, an LLM's extraction, the person (``remember``,
``correctMemory``) or an agent."""
MAX_STEPS = 50
"""Extraction steps a provenance lists at most (a memory restated in more conversations lists its first 50)."""


@dataclass(frozen=True)
class TraitUse:
    """A trait whose evidence cites the memory: ``supports`` it, or contradicts it."""

    uid: str
    content: str
    stage: str
    supports: bool


@dataclass(frozen=True)
class MemoryProvenance:
    """A memory and why it is believed.

    Attributes:
        memory: the memory, in any status.
        made_by: see :data:`MadeBy`.
        steps: the extraction traces that name it, oldest first, each holding only its decisions about this
            memory (created, reinforced, merged), with the job, the extractor and the LLM model; empty for a
            memory a person or an agent stated, and once the traces are pruned (``EXTRACTION_TRACE_RETENTION_DAYS``).
        traits: the traits resting on it.
    """

    memory: MemoryView
    made_by: MadeBy
    steps: list[ExtractionTraceView]
    traits: list[TraitUse]


def made_by(memory: MemoryView) -> MadeBy:
    """The rulebook when a rule kept it, the person or an agent by its origin, else an LLM's extraction."""
    if memory.origin == "user":
        return "person"
    if memory.origin == "agent":
        return "agent"
    return "rulebook" if memory.rule_id else "llm"


async def read(db: Queries, *, user_id: str, memory: MemoryView) -> MemoryProvenance:
    """The provenance of one of the user's memories (found beforehand, so it exists)."""
    steps = await extraction_traces.naming_memory(db, user_id=user_id, memory_uid=memory.uid, limit=MAX_STEPS)
    rows = await db.read("traits_resting_on_memory", user_id=user_id, memory_uid=memory.uid)
    traits = [
        TraitUse(str(r["uid"]), str(r["content"] or ""), str(r["stage"] or ""), bool(r["supports"])) for r in rows
    ]
    return MemoryProvenance(memory=memory, made_by=made_by(memory), steps=steps, traits=traits)
