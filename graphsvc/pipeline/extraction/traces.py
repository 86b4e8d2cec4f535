"""Extraction traces: what one extraction job decided about each message it read, as the job writes it (pure).

Per message (:class:`~graphsvc.graph.extraction_traces.MessageTraceRecord`): an assistant's or system's turn is
no source (no decisions); a message a ``message`` refusal dropped whole names that rule. Otherwise:

- rulebook (the offline extractor, or the rules stepping in for a failed LLM): one decision per judged piece of
  each sentence (:class:`graphsvc.rulebook.judgement.Judgement`): refused (the refuse rule), not kept (no keep
  rule fired), or kept by its keep rule and then where it landed: a new memory (``created``), an existing
  memory it repeats (``reinforced``), the new memory of another statement of the job (``merged``), a candidate
  (low confidence), or nothing (``dropped``: the speaker naming themselves, or past the job's limit);
- LLM: one decision per memory the LLM took from the message (its text as ``piece``, no sentence, no rule),
  landed as above; a message the LLM took nothing from has no decision.

A memory created now that superseded others names them (``superseded_uids``); one that an existing memory
supersedes already (an old conversation read late) names it (``superseded_by``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from graphsvc import keys
from graphsvc.conversation import ConversationMessage
from graphsvc.graph.extraction_traces import MessageTraceRecord, TraceDecision
from graphsvc.pipeline.extraction.contract import ExtractedMemory
from graphsvc.pipeline.extraction.offline import statement_key
from graphsvc.pipeline.memories.run import Placement
from graphsvc.rulebook.extract import MessageTrace, is_source
from graphsvc.rulebook.judgement import Judgement
from graphsvc.vocabulary import TraceOutcome


@dataclass(frozen=True)
class TracedMessage:
    """A message of the job: as the extractor read it (short id), its event and the id its caller gave it."""

    message: ConversationMessage
    event_uid: str
    message_id: str


@dataclass(frozen=True)
class Landing:
    """Where the job's memories landed.

    Attributes:
        kept: the memories written (sources as event uids), in the order given to the memory-writing wing.
        placements: where each of ``kept`` was planned to land (same order).
        landed_on: planned uid → the memory it landed on instead (a creation another writer raced).
        successors: memory superseded now → the memory that supersedes it.
        doubtful: the low-confidence extractions, made candidates.
        candidate_uids: the candidate of each of ``doubtful`` (same order).
    """

    kept: Sequence[ExtractedMemory]
    placements: Sequence[Placement]
    landed_on: Mapping[str, str]
    successors: Mapping[str, str]
    doubtful: Sequence[ExtractedMemory] = ()
    candidate_uids: Sequence[str] = ()


def _landed(
    memory: ExtractedMemory,
    placement: Placement,
    landing: Landing,
    *,
    piece: str,
    sentence: str | None = None,
    shaped_by: tuple[str, ...] = (),
) -> TraceDecision:
    """The decision about a piece kept as ``memory``, which landed as ``placement`` planned (or, raced, on the
    memory another writer created meanwhile: reinforced)."""
    uid = landing.landed_on.get(placement.uid, placement.uid)
    outcome: TraceOutcome = "reinforced" if placement.uid in landing.landed_on else placement.outcome
    return TraceDecision(
        outcome=outcome,
        piece=piece,
        sentence=sentence,
        rule_id=memory.rule_id,
        shaped_by=shaped_by,
        memory_uid=uid,
        superseded_uids=tuple(sorted(old for old, new in landing.successors.items() if new == uid)),
        superseded_by=landing.successors.get(uid),
    )


def _judged(
    judgement: Judgement, landing: Landing, *, kept: Mapping[str, int], doubtful: Mapping[str, int]
) -> TraceDecision:
    """The decision about one piece the rulebook judged (``kept``, ``doubtful``: statement key → index)."""
    statement, piece, sentence, shaped = judgement.statement, judgement.piece, judgement.sentence, judgement.shaped_by
    if statement is None:
        outcome: TraceOutcome = "refused" if judgement.refused_by is not None else "not_kept"
        return TraceDecision(
            outcome=outcome, piece=piece, sentence=sentence, rule_id=judgement.refused_by, shaped_by=shaped
        )
    key = statement_key(statement.content)
    if key in kept:
        i = kept[key]
        return _landed(
            landing.kept[i], landing.placements[i], landing, piece=piece, sentence=sentence, shaped_by=shaped
        )
    candidate = landing.candidate_uids[doubtful[key]] if key in doubtful else None
    return TraceDecision(
        outcome="candidate" if candidate is not None else "dropped",
        piece=piece,
        sentence=sentence,
        rule_id=statement.rule_id,
        shaped_by=shaped,
        candidate_uid=candidate,
    )


def by_rules(
    messages: Sequence[TracedMessage], *, session_id: str, judged: Sequence[MessageTrace], landing: Landing
) -> list[MessageTraceRecord]:
    """The traces of a job the rulebook extracted: ``judged`` is its trace of each message (short ids)."""
    kept = {statement_key(m.content): i for i, m in enumerate(landing.kept)}
    doubtful = {statement_key(m.content): i for i, m in enumerate(landing.doubtful)}
    by_id = {t.message_id: t for t in judged}
    out = []
    for traced in messages:
        trace = by_id.get(traced.message.message_id)
        decisions = (
            tuple(_judged(j, landing, kept=kept, doubtful=doubtful) for j in trace.judgements)
            if trace is not None
            else ()
        )
        out.append(_record(traced, session_id, decisions, refused_by=trace.refused_by if trace is not None else None))
    return out


def by_llm(messages: Sequence[TracedMessage], *, session_id: str, landing: Landing) -> list[MessageTraceRecord]:
    """The traces of a job the LLM extracted: per message, the memories it took from it and where they landed."""
    out = []
    for traced in messages:
        decisions: list[TraceDecision] = []
        for memory, placement in zip(landing.kept, landing.placements, strict=True):
            if traced.event_uid in memory.source_message_ids:
                decisions.append(_landed(memory, placement, landing, piece=memory.content))
        for memory, uid in zip(landing.doubtful, landing.candidate_uids, strict=True):
            if traced.event_uid in memory.source_message_ids:
                decisions.append(TraceDecision(outcome="candidate", piece=memory.content, candidate_uid=uid))
        out.append(_record(traced, session_id, tuple(decisions)))
    return out


def _record(
    traced: TracedMessage, session_id: str, decisions: tuple[TraceDecision, ...], *, refused_by: str | None = None
) -> MessageTraceRecord:
    message = traced.message
    return MessageTraceRecord(
        uid=keys.new_uid(),
        event_uid=traced.event_uid,
        session_id=session_id,
        message_id=traced.message_id,
        role=message.role,
        occurred_at=message.occurred_at,
        source=is_source(message),
        decisions=decisions,
        refused_by=refused_by,
    )
