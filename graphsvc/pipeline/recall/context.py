"""memoryContext: a prompt-ready block of what graphsvc knows, within a token budget.

Seed 003's ``build_memory_context``: long-term memory joined with recent events. The block has up
to three sections, in this order and priority:

1. the user's established (and core) traits (seed 002 §8, ``user_traits(min_stage=established)``);
2. the memories, events, entities' impressions and document passages recalled for the query, each with its
   date (``recall``: hybrid, tenant-scoped); a passage says which document and heading it comes from, and a
   small passage (under ``DOCUMENT_SMALL_CHUNK_TOKENS``) brings its section's text when the budget allows; a plan
   or appointment says when it was said and whether its date has passed, and a belief not confirmed for
   ``RECALL_STALE_AFTER_DAYS`` says since when it is known (:func:`_freshness`);
3. a short summary of each of the user's latest conversations (``RECENT_SUMMARIES``, newest first), written by the
   extraction job (its LLM call's ``summary``, or offline :func:`graphsvc.text.summary.summarise`);
4. the latest events of every source (messages, todos, notes, documents...), oldest first.

Asked with shared spaces (the person's groups, the agent that asks: :mod:`graphsvc.spaces`), what each of them
recalls for the query comes after the person's own recalled memories, in a section per space ("Shared in
group:team:"), within ``SHARED_SHARE`` of what is left and at most ``SHARED_LIMIT`` lines each.

The recalled and the recent sections follow the current belief (issues 21 and 33), whichever verb replaced a
value: a superseded memory (by a newer value of its slot or by ``correctMemory``) is not recalled, and a message
that states only replaced beliefs (a memory extracted from it was superseded and no current memory holds it; a
correction does not hold the message of the memory it corrected) is neither recalled, nor listed among the recent
events, nor summarised: the summary of its conversation is written again without it by the offline summariser
(:func:`graphsvc.text.summary.summarise`, as a forget does), and a conversation left with nothing to summarise
is not listed.

Each section takes at most its share of what the budget has left (traits 30 %, recalled memories
all but what the summaries and recent events reserve, together at most 25 %; the summaries at most half of what
is left then, the recent events the rest); a line that does not fit is left out whole. Token counts are
estimates (one per CJK character, one per four other characters). No LLM call.

Asked to explain (``memoryContext(explain: true)``), the block also says why each line is in it and why each line
it considered is not (:class:`ContextLine`): its section, its recall rank, score and ranking explanation for a
recalled line, and the rule that left a candidate out (said by the assistant, already listed, over its section's
share of the budget). Without it nothing of this is built.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

from graphsvc.conversation import Turn
from graphsvc.errors import InvalidInputError
from graphsvc.graph import memory_context
from graphsvc.graph.memory_context import RecentEvent, SessionSummaries
from graphsvc.pipeline.recall import rank
from graphsvc.pipeline.recall.explain import HitExplanation
from graphsvc.pipeline.recall.hits import RecallHit
from graphsvc.pipeline.reflection.traits_query import user_traits
from graphsvc.runtime import Runtime
from graphsvc.text.summary import summarise
from graphsvc.text.tokens import estimate_tokens
from graphsvc.vocabulary import NON_SOURCE_ROLES

MIN_TOKENS = 50
MAX_TOKENS = 32_000
TRAIT_SHARE = 0.30
RECENT_SHARE = 0.25
RECALL_LIMIT = 30
RECENT_EVENTS = 12
RECENT_SUMMARIES = 5
SUMMARY_SHARE = 0.5
SHARED_SHARE = 0.30
SHARED_LIMIT = 5


ContextSection = Literal["traits", "recalled", "shared", "summaries", "recent"]
"""The block's sections, in their order (see the module)."""

LEFT_OUT_BY_BUDGET = "over its section's share of the token budget"
LEFT_OUT_AS_ASSISTANT = "said by the assistant: the block holds what the user said and what is known about them"
LEFT_OUT_AS_LISTED = "already in the block, in an earlier section"


@dataclass(frozen=True)
class ContextLine:
    """Why one line the block considered is in it, or is not.

    Attributes:
        section: where it stands, or would have stood (:data:`ContextSection`).
        uid: its memory, trait, event, impression or passage uid, or a conversation's session id (a summary).
        kind: memory, trait, event, impression, chunk, or conversation (a summary).
        text: the line as written in the block (for a recalled line, its date, text and freshness).
        included: whether the block holds it.
        reason: why it was considered, and, left out, the rule that left it out (:data:`LEFT_OUT_BY_BUDGET`...).
        rank: for a recalled or shared line, its place in that recall (1 = best); else its place among its
            section's candidates, in their order.
        score: for a recalled or shared line, its recall score (unitless); else None.
        space: the space it was recalled from (the user's own id, or a group's or an agent's).
        explanation: for a line the user's recall ranked, how (:class:`~graphsvc.pipeline.recall.explain.
            HitExplanation`).
    """

    section: ContextSection
    uid: str
    kind: str
    text: str
    included: bool
    reason: str
    rank: int
    score: float | None = None
    space: str | None = None
    explanation: HitExplanation | None = None


@dataclass
class MemoryContext:
    """The block and what it used. ``tokens`` is the estimate of ``text``; ``lines``, asked to explain, why each
    line considered is in it or not (in section order, then each section's order), else empty."""

    text: str = ""
    tokens: int = 0
    trait_ids: list[str] = field(default_factory=list)
    memory_ids: list[str] = field(default_factory=list)
    impression_ids: list[str] = field(default_factory=list)
    event_ids: list[str] = field(default_factory=list)
    chunk_ids: list[str] = field(default_factory=list)
    session_ids: list[str] = field(default_factory=list)
    lines: list[ContextLine] = field(default_factory=list)


class _Budget:
    """The token budget, spent section by section; asked to ``explain``, ``fitted`` keeps, per section title, each
    item offered and whether it fitted (nothing is kept otherwise)."""

    def __init__(self, total: int, *, explain: bool = False) -> None:
        self.left = total
        self.lines: list[str] = []
        self.fitted: dict[str, list[tuple[str, str, bool]]] = {}
        self._explain = explain

    def section(self, title: str, items: list[tuple[str, str]], share: float, reserve: int = 0) -> list[str]:
        """Add ``title`` and as many ``(id, line)`` items as fit in ``share`` of what is left; ids used."""
        cap = min(int(self.left * share), self.left - reserve)
        header = estimate_tokens(title)
        used, ids, lines = header, [], [title]
        offered = self.fitted.setdefault(title, []) if self._explain else None
        for ident, line in items:
            cost = estimate_tokens(line)
            fits = used + cost <= cap
            if offered is not None:
                offered.append((ident, line, fits))
            if not fits:
                continue
            used += cost
            ids.append(ident)
            lines.append(line)
        if ids:
            self.lines += [*lines, ""]
            self.left -= used
        return ids


async def run(
    rt: Runtime,
    *,
    user_id: str,
    query: str | None = None,
    conversation: Sequence[Turn] | None = None,
    max_tokens: int,
    spaces: Sequence[str] = (),
    explain: bool = False,
) -> MemoryContext:
    """Build the block for a query and/or the conversation so far.

    What the user said and what is known about them: lines said by the assistant or the system (events whose
    role is in ``NON_SOURCE_ROLES``) are left out of both the recalled and the recent sections, an id is listed
    once (a recent message already recalled is not repeated), and an impression is prefixed with its entity
    ("about Ana: ...") only when its text does not already name the entity.

    Args:
        query, conversation: as for :func:`graphsvc.pipeline.recall.rank.run` (at least one).
        max_tokens: the budget, 50–32,000 estimated tokens.
        spaces: group and agent spaces the caller may read, each recalled for a section of its own.
        explain: also say why each line considered is in the block or not (``lines``; the user's recall is then
            asked to explain its ranking).

    Returns:
        the block (empty text when the user has nothing stored) and the ids it cites.

    Raises:
        InvalidInputError: bad user id, query or budget.
    """
    if not MIN_TOKENS <= max_tokens <= MAX_TOKENS:
        raise InvalidInputError(field="maxTokens", problem=f"must be between {MIN_TOKENS} and {MAX_TOKENS}")
    hits, *shared_hits = await asyncio.gather(  # the person's recall and each shared space's, side by side
        rank.run(rt, user_id=user_id, query=query, conversation=conversation, limit=RECALL_LIMIT, explain=explain),
        *(rank.run(rt, user_id=s, query=query, conversation=conversation, limit=SHARED_LIMIT) for s in spaces),
    )
    ranked = hits
    hits = [h for h in hits if not _said_by_assistant(h.role)]
    traits = await user_traits(db=rt.db, settings=rt.settings, user_id=user_id, min_stage="established")
    recent = list(reversed(await memory_context.recent_events(rt.db, user_id=user_id, limit=RECENT_EVENTS)))
    budget = _Budget(max_tokens, explain=explain)
    context = MemoryContext()
    context.trait_ids = budget.section(
        TITLES["traits"],
        [(t.uid, f"- {t.content} ({t.stage}, {t.subtype}, confidence {t.confidence or 0:.2f})") for t in traits],
        TRAIT_SHARE,
    )
    recent_lines = [(e.uid, _recent_line(e)) for e in recent if not _said_by_assistant(e.role)]
    summaries = await memory_context.recent_session_summaries(rt.db, user_id=user_id, limit=RECENT_SUMMARIES)
    summary_lines = [(s.session_id, line) for s in summaries if (line := _summary_line(s))]
    wanted = sum(estimate_tokens(line) for _, line in [*summary_lines, *recent_lines])
    reserve = min(int(budget.left * RECENT_SHARE), wanted)
    sections = await _small_passage_sections(rt, user_id=user_id, hits=hits)
    now, stale_after = rt.clock(), timedelta(days=rt.settings.recall.stale_after_days)
    events = [h.uid for h in hits if h.kind == "event"]
    plans = await memory_context.plans_stated_in(rt.db, user_id=user_id, uids=events) if events else {}
    recalled = [
        (
            h.uid,
            _recalled_line(h, sections.get(h.uid))
            + _freshness(h, now=now, stale_after=stale_after, planned_for=plans.get(h.uid)),
        )
        for h in hits
        if h.kind != "trait" or h.uid not in context.trait_ids
    ]
    used = budget.section(TITLES["recalled"], recalled, 1.0, reserve=reserve)
    kinds = {h.uid: h.kind for h in hits}
    for space_id, shared in zip(spaces, shared_hits, strict=True):
        lines = [(h.uid, _recalled_line(h)) for h in shared if not _said_by_assistant(h.role)]
        kinds |= {h.uid: h.kind for h in shared}
        used += budget.section(f"Shared in {space_id}:", lines, SHARED_SHARE, reserve=reserve)
    context.memory_ids = [u for u in used if kinds.get(u) in ("memory", "trait")]
    context.impression_ids = [u for u in used if kinds.get(u) == "impression"]
    context.event_ids = [u for u in used if kinds.get(u) == "event"]
    context.chunk_ids = [u for u in used if kinds.get(u) == "chunk"]
    context.session_ids = budget.section(TITLES["summaries"], summary_lines, SUMMARY_SHARE)
    listed = set(used) | set(context.trait_ids)
    context.event_ids += budget.section(
        TITLES["recent"], [(u, line) for u, line in recent_lines if u not in listed], 1.0
    )
    context.text = "\n".join(budget.lines).strip()
    context.tokens = estimate_tokens(context.text) if context.text else 0
    if explain:
        context.lines = _explained(
            budget,
            user_id=user_id,
            ranked=ranked,
            shared=dict(zip(spaces, shared_hits, strict=True)),
            traits={t.uid: t.stage for t in traits},
            recent=recent,
        )
    return context


TITLES: dict[ContextSection, str] = {
    "traits": "What you know about the user:",
    "recalled": "Relevant memories:",
    "summaries": "Recent conversations:",
    "recent": "Recent events:",
}
"""Each section's title in the block (a shared space's is ``Shared in <space>:``)."""


def _explained(
    budget: _Budget,
    *,
    user_id: str,
    ranked: list[RecallHit],
    shared: dict[str, list[RecallHit]],
    traits: dict[str, str],
    recent: list[RecentEvent],
) -> list[ContextLine]:
    """Why each line the block considered is in it or not, from what each section was offered
    (``budget.fitted``) and what was left out before it was offered (said by the assistant, already listed)."""
    out: list[ContextLine] = []

    def add(
        section: ContextSection,
        uid: str,
        kind: str,
        text: str,
        left_out: str | None,
        *,
        reason: str,
        rank: int,
        hit: RecallHit | None = None,
        space: str | None = None,
    ) -> None:
        """One line; its reason gains the rule that left it out, if one did."""
        because = reason + (f"; left out: {left_out}" if left_out else "")
        score, explanation = (hit.score, hit.explanation) if hit else (None, None)
        out.append(ContextLine(section, uid, kind, text, left_out is None, because, rank, score, space, explanation))

    def offered(title: str) -> dict[str, tuple[int, str, str | None]]:
        """uid → its place, its line and what left it out (None when it fitted), as the section was offered."""
        rows = budget.fitted.get(title, [])
        return {
            uid: (place, line, None if fits else LEFT_OUT_BY_BUDGET) for place, (uid, line, fits) in enumerate(rows, 1)
        }

    def not_offered(role: str | None) -> str:
        return LEFT_OUT_AS_ASSISTANT if _said_by_assistant(role) else LEFT_OUT_AS_LISTED

    for uid, (place, line, left_out) in offered(TITLES["traits"]).items():
        reason = f"a trait at stage {traits.get(uid)}: established and core traits come first"
        add("traits", uid, "trait", line, left_out, reason=reason, rank=place)
    recalls: list[tuple[ContextSection, str, list[RecallHit], str]] = [
        ("recalled", TITLES["recalled"], ranked, user_id),
        *(("shared", f"Shared in {space}:", hits, space) for space, hits in shared.items()),
    ]
    for section, title, hits, space in recalls:
        lines = offered(title)
        for place, hit in enumerate(hits, start=1):
            _, line, left_out = lines.get(hit.uid, (place, hit.content, not_offered(hit.role)))
            reason = f"recalled in {space}: rank {place} of {len(hits)}, score {hit.score:.4f}"
            add(section, hit.uid, hit.kind, line, left_out, reason=reason, rank=place, hit=hit, space=space)
    for session_id, (place, line, left_out) in offered(TITLES["summaries"]).items():
        reason = f"a summary of one of the user's {RECENT_SUMMARIES} latest conversations"
        add("summaries", session_id, "conversation", line, left_out, reason=reason, rank=place)
    lines = offered(TITLES["recent"])
    for place, event in enumerate(recent, start=1):
        _, line, left_out = lines.get(event.uid, (place, _recent_line(event), not_offered(event.role)))
        reason = f"one of the user's {RECENT_EVENTS} latest events"
        add("recent", event.uid, "event", line, left_out, reason=reason, rank=place)
    return out


async def _small_passage_sections(rt: Runtime, *, user_id: str, hits: list[RecallHit]) -> dict[str, str]:
    """passage uid → its section's text, for the recalled passages under ``document_small_chunk_tokens``."""
    small = [
        h.uid
        for h in hits
        if h.kind == "chunk" and estimate_tokens(h.content) < rt.settings.documents.small_chunk_tokens
    ]
    if not small:
        return {}
    return await memory_context.passage_sections(rt.db, user_id=user_id, uids=small)


def _recalled_line(hit: RecallHit, section: str | None = None) -> str:
    """``- [YYYY-MM-DD] text``; an impression says which entity it is about; a passage names its document and
    heading path, and carries its section's text instead of its own when it was small (``section``)."""
    if hit.kind == "impression" and hit.entity and hit.entity.casefold() not in hit.content.casefold():
        text = f"about {hit.entity}: {hit.content}"
    elif hit.kind == "chunk":
        path = hit.heading_path if hit.heading_path[:1] == [hit.title] else [hit.title or "document", *hit.heading_path]
        text = f"from {' > '.join(path)}: {_one_line(section or hit.content)}"
    else:
        text = hit.content
    return f"- [{hit.occurred_at:%Y-%m-%d}] {text}" if hit.occurred_at else f"- {text}"


def _freshness(hit: RecallHit, *, now: datetime, stale_after: timedelta, planned_for: datetime | None = None) -> str:
    """How current a recalled line is, for the assistant reading it (``""`` when there is nothing to say):

    - an event memory stated ahead of its date (a plan, an appointment): `` (said 2023-03-10; upcoming)``, or
      `` (said 2023-03-10; that date has passed)`` once the day is over, so a passed plan never reads as ahead;
      a message that stated one (``planned_for``, :func:`graphsvc.graph.memory_context.plans_stated_in`):
      `` (planned for 2023-05-01; that date has passed)``;
    - any other memory, impression or trait last said or confirmed more than ``stale_after`` ago:
      `` (as of March 2024)``.
    """
    said = hit.valid_from or hit.last_confirmed_at
    if hit.kind == "memory" and hit.memory_type == "event" and hit.occurred_at and said and said < hit.occurred_at:
        return f" (said {said:%Y-%m-%d}; {_ahead_or_passed(hit.occurred_at, now)})"
    if hit.kind == "event" and planned_for is not None:
        return f" (planned for {planned_for:%Y-%m-%d}; {_ahead_or_passed(planned_for, now)})"
    confirmed = hit.last_confirmed_at or hit.occurred_at
    if hit.kind in ("memory", "impression", "trait") and confirmed and now - confirmed > stale_after:
        return f" (as of {confirmed:%B %Y})"
    return ""


def _ahead_or_passed(day: datetime, now: datetime) -> str:
    return "that date has passed" if day.date() < now.date() else "upcoming"


def _one_line(markdown: str) -> str:
    """Chunk text on one line: heading lines (already in the path) dropped, whitespace folded."""
    kept = [line for line in markdown.splitlines() if not line.lstrip().startswith("#")]
    return " ".join(" ".join(kept).split())


def _summary_line(session: SessionSummaries) -> str:
    """``- [YYYY-MM-DD] (conversation s1) summary`` (the date of its last message; its runs' summaries joined, or,
    when one of its messages was replaced, the offline summary of its messages still current); ``""`` when that
    leaves nothing to say."""
    if session.current is None:
        summary = " ".join(session.summaries)
    else:
        summary = summarise(session.current)
    if not summary:
        return ""
    when = f"[{session.last_message_at:%Y-%m-%d}] " if session.last_message_at else ""
    return f"- {when}(conversation {session.session_id}) {summary}"


def _recent_line(event: RecentEvent) -> str:
    """A recent message (``speaker: text``) or an event of another source (``(todo) title: text``)."""
    when = f"{event.occurred_at:%Y-%m-%d %H:%M}"
    if event.source_type in (None, "conversation"):
        return f"- [{when}] {event.speaker or event.role}: {event.content}"
    title = f"{event.title}: " if event.title else ""
    return f"- [{when}] ({event.source_type}) {title}{event.content}"


def _said_by_assistant(role: str | None) -> bool:
    return role is not None and role.strip().lower() in NON_SOURCE_ROLES
