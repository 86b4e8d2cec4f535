"""GraphQL reads of extraction traces: what the extraction decided about each message (``extractionTrace``)."""

from __future__ import annotations

from datetime import datetime
from enum import Enum

import strawberry

from graphsvc.api.context import Info
from graphsvc.api.rule_types import RulebookRule
from graphsvc.rulebook import book
from graphsvc.service.views import ExtractionTraceView, TraceDecision


@strawberry.enum(description="What the extraction decided about one judged piece of a message.")
class TraceOutcome(Enum):
    CREATED = strawberry.enum_value("created", description="Kept: a new memory (memoryId)")
    REINFORCED = strawberry.enum_value(
        "reinforced", description="Kept: it repeats an existing memory (memoryId), which it reinforced"
    )
    MERGED = strawberry.enum_value(
        "merged", description="Kept: folded into the new memory (memoryId) of another statement of the same job"
    )
    CANDIDATE = strawberry.enum_value(
        "candidate", description="Kept with low confidence: a candidate (candidateId), not yet a memory"
    )
    REFUSED = strawberry.enum_value("refused", description="A refuse rule (ruleId) refused it")
    NOT_KEPT = strawberry.enum_value("not_kept", description="No keep rule fired: nothing said it is worth keeping")
    DROPPED = strawberry.enum_value(
        "dropped",
        description="A keep rule fired but nothing was written (the speaker only naming themselves, or "
        "past the job's limit of memories)",
    )


@strawberry.enum(description="Who decided what an extraction job kept.")
class Extractor(Enum):
    RULES = strawberry.enum_value("rules", description="The offline rulebook")
    LLM = strawberry.enum_value("llm", description="The LLM")


def explain(d: TraceDecision) -> str:
    """One sentence saying why (pure): the outcome, the rule that decided and, for a refusal, the rule's own
    description."""
    rule = book.by_id().get(d.rule_id) if d.rule_id else None
    by = f" by rule {d.rule_id}" if d.rule_id else ""
    if d.outcome == "refused":
        why = f": {rule.description}" if rule is not None else ""
        return f"Not remembered: refused{by}{why}"
    if d.outcome == "not_kept":
        return "Not remembered: no keep rule fired (nothing in it says something lasting about the speaker)."
    if d.outcome == "dropped":
        return f"Kept{by}, but not written: the speaker only naming themselves, or past the job's limit of memories."
    if d.outcome == "candidate":
        return f"Kept{by} with low confidence: a candidate, remembered once confirmed."
    superseded = f"; it superseded {len(d.superseded_uids)} older value(s)" if d.superseded_uids else ""
    if d.outcome == "reinforced":
        return f"Remembered{by}: it repeats an existing memory, which it reinforced{superseded}."
    if d.outcome == "merged":
        return f"Remembered{by}: folded into the new memory of another statement of the same conversation."
    later = "; a newer value already supersedes it" if d.superseded_by else ""
    return f"Remembered{by} as a new memory{superseded}{later}."


@strawberry.type(description="The decision about one judged piece of a message.")
class TraceDecisionView:
    outcome: TraceOutcome
    sentence: str | None = strawberry.field(description="The sentence as said; null when an LLM decided")
    piece: str = strawberry.field(
        description="The piece judged (after trims, a split, a restored subject); an LLM's memory text"
    )
    rule_id: str | None = strawberry.field(
        description="The rule that decided (the keep or refuse rule); null when no rule fired or an LLM decided"
    )
    rule: RulebookRule | None = strawberry.field(description="That rule; null when no rule has the id any more")
    shaped_by: list[str] = strawberry.field(description="Rules that shaped the piece first (trims, split, subject)")
    memory_id: strawberry.ID | None = strawberry.field(
        description="The memory it became, reinforced or was merged into"
    )
    candidate_id: strawberry.ID | None = strawberry.field(description="The candidate it became")
    superseded_ids: list[strawberry.ID] = strawberry.field(description="Memories its new memory superseded")
    superseded_by_id: strawberry.ID | None = strawberry.field(
        description="The memory that already supersedes its new memory (an older conversation read late)"
    )
    explanation: str = strawberry.field(description="Why, in one sentence")

    @classmethod
    def from_domain(cls, d: TraceDecision) -> TraceDecisionView:
        return cls(
            outcome=TraceOutcome(d.outcome),
            sentence=d.sentence,
            piece=d.piece,
            rule_id=d.rule_id,
            rule=RulebookRule.by_id(d.rule_id),
            shaped_by=list(d.shaped_by),
            memory_id=strawberry.ID(d.memory_uid) if d.memory_uid else None,
            candidate_id=strawberry.ID(d.candidate_uid) if d.candidate_uid else None,
            superseded_ids=[strawberry.ID(u) for u in d.superseded_uids],
            superseded_by_id=strawberry.ID(d.superseded_by) if d.superseded_by else None,
            explanation=explain(d),
        )


@strawberry.type(
    description="What one extraction job decided about one message: each judged piece of its sentences (the "
    "rulebook) or each memory taken from it (an LLM), with the outcome and the rule."
)
class ExtractionTrace:
    id: strawberry.ID
    session_id: str
    message_id: str
    role: str
    occurred_at: datetime | None = strawberry.field(description="When the message was said")
    recorded_at: datetime = strawberry.field(description="When the extraction job recorded the trace")
    job_id: strawberry.ID = strawberry.field(description="The extraction job")
    extractor: Extractor
    llm_provider: str | None = strawberry.field(description="LLM_PROVIDER's preset when an LLM decided")
    llm_model: str | None = strawberry.field(description="The model when an LLM decided")
    fallback_reason: str | None = strawberry.field(
        description="Why the rulebook decided although an LLM is configured (it failed every attempt)"
    )
    from_person: bool = strawberry.field(
        description="Said by a person; false for an assistant's or system's turn, which is never remembered"
    )
    refused_by: str | None = strawberry.field(
        description="The rule that refused the whole message (a prompt injection); its sentences were not judged"
    )
    decisions: list[TraceDecisionView]

    @classmethod
    def from_domain(cls, t: ExtractionTraceView) -> ExtractionTrace:
        return cls(
            id=strawberry.ID(t.uid),
            session_id=t.session_id,
            message_id=t.message_id,
            role=t.role,
            occurred_at=t.occurred_at,
            recorded_at=t.created_at,
            job_id=strawberry.ID(t.job_uid),
            extractor=Extractor(t.extractor),
            llm_provider=t.llm_provider,
            llm_model=t.llm_model,
            fallback_reason=t.fallback_reason,
            from_person=t.source,
            refused_by=t.refused_by,
            decisions=[TraceDecisionView.from_domain(d) for d in t.decisions],
        )


@strawberry.type
class TraceQuery:
    @strawberry.field(
        description="What the extraction decided about the messages of one conversation (of one message with "
        "messageId), in message order: each sentence's pieces and their outcome (kept as which memory, reinforcing "
        "or superseding which, refused by which rule and why, not kept), or the memories an LLM took from it. "
        "Empty before the conversation is extracted, after EXTRACTION_TRACE_RETENTION_DAYS, and for forgotten "
        "messages."
    )
    async def extraction_trace(
        self, info: Info, user_id: str, session_id: str, message_id: str | None = None, limit: int = 200
    ) -> list[ExtractionTrace]:
        views = await info.context.service.extraction_trace(
            user_id=info.context.scope(user_id), session_id=session_id, message_id=message_id, limit=limit
        )
        return [ExtractionTrace.from_domain(v) for v in views]
