"""The retraction steps of the layers beside memories and observations: candidates, documents, source records,
tags and conversation summaries (issue 21).

Each step runs inside the engine's one write transaction (:mod:`.engine`), after the reads and before the
tombstones:

- candidates stated by a gone event (deleted, or forgotten by ``forgetMemory``) go when no other event states
  them, else count their days and sources again from the events left (seed 003's promotion rules read them);
  candidates promoted to a forgotten memory go (they hold its text);
- documents go with their chunks and earlier versions; source records go once no version is left;
- tags that were on anything that went or was forgotten go when they are left on nothing;
- the summaries of conversations that lost messages are written again by the offline summariser
  (:func:`graphsvc.text.summary.summarise`) from the messages left, also when an LLM is configured: a forget
  makes no LLM call. A conversation left with nothing to summarise keeps no summary.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from graphsvc import keys
from graphsvc.conversation import ConversationMessage
from graphsvc.graph import retraction as gone
from graphsvc.graph import retraction_reads as found
from graphsvc.graph.database import NamedTx
from graphsvc.graph.retraction import SessionSummaries
from graphsvc.graph.retraction_reads import SessionMessage
from graphsvc.pipeline.retraction.result import ForgetResult
from graphsvc.text.summary import summarise


def conversation_summary(messages: Sequence[SessionMessage]) -> list[str]:
    """A conversation's summaries from its messages left (pure): ``[summary]``, or ``[]`` when nothing is left
    to say. Tombstones of forgotten messages are not read."""
    said = [
        ConversationMessage(
            message_id=m.uid,
            role=m.role,
            speaker=m.speaker,
            content=m.content,
            occurred_at=m.occurred_at or datetime.min.replace(tzinfo=UTC),
        )
        for m in messages
        if not m.forgotten and m.content.strip()
    ]
    summary = summarise(said) if said else ""
    return [summary] if summary else []


async def candidates(
    tx: NamedTx, *, user_id: str, event_uids: Sequence[str], memory_uids: Sequence[str], result: ForgetResult
) -> None:
    """Retract the candidates of the gone events and those promoted to the forgotten memories."""
    if event_uids:
        result.candidates += await gone.retract_candidates(tx, user_id=user_id, event_uids=event_uids)
    if memory_uids:
        result.candidates += await gone.delete_promoted_candidates(tx, user_id=user_id, memory_uids=memory_uids)


async def records(
    tx: NamedTx, *, user_id: str, documents: Sequence[str], source_uids: Sequence[str], result: ForgetResult
) -> list[str]:
    """Delete the documents (chunks, earlier versions, document entities, counted with ``entities``) and the
    source records left without a version.

    Returns:
        the uids of the documents deleted.
    """
    deleted: list[str] = []
    if documents:
        docs = await gone.delete_documents(tx, user_id=user_id, uids=documents)
        deleted = docs.uids
        result.documents += len(docs.uids)
        result.chunks += docs.chunks
        result.document_versions += docs.versions
        result.entities += docs.entities
    if source_uids:
        result.sources += await gone.delete_orphan_sources(tx, user_id=user_id, uids=source_uids)
    return deleted


async def tags(tx: NamedTx, *, user_id: str, tag_uids: Sequence[str], result: ForgetResult) -> None:
    """Delete those of the tags read before the deletes that are left on nothing now."""
    if tag_uids:
        result.tags += await gone.delete_orphan_tags(tx, user_id=user_id, uids=tag_uids)


async def summaries(
    tx: NamedTx, *, user_id: str, session_ids: Sequence[str], now: datetime, result: ForgetResult
) -> None:
    """Write again the summaries of the conversations (session ids) that lost messages, from what is left."""
    if not session_ids:
        return
    messages = await found.session_messages(tx, user_id=user_id, session_ids=sorted(set(session_ids)))
    by_session: dict[str, list[SessionMessage]] = {s: [] for s in session_ids}
    for message in messages:
        by_session.setdefault(message.session_id, []).append(message)
    rows = [
        SessionSummaries(session_uid=keys.session_uid(user_id, s), summaries=conversation_summary(left))
        for s, left in sorted(by_session.items())
    ]
    result.summaries_rebuilt += await gone.write_session_summaries(tx, user_id=user_id, sessions=rows, now=now)
