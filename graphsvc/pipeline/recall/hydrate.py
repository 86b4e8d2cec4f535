"""Recall's last read: the fused candidates as hits, each scored by seed 002 §7's adjustment, following the
current belief.

A hit's score is its reciprocal-rank-fusion score · ``(1 + recency + importance + trait_boost)``
(:func:`.fusion.adjusted_score`): recency counts from an event's time, a memory's or trait's last
reinforcement, an impression's newest evidence, a passage's document change; importance is a memory's
importance, an impression's confidence, a trait's stored confidence; the trait boost is its stage's.

Recall follows the current belief (issue 21; ARCHITECTURE "Belief maintenance"). A message whose memories were
all superseded (by a newer value of their slot, or by a correction) states only what was replaced:
- by default it is left out, and so is an impression whose evidence comes only from such messages (as are
  impressions marked stale, which repeat a superseded or forgotten memory word for word);
- with ``includeSuperseded`` or ``asOf`` it is returned with status ``superseded``.
Outside ``asOf`` (where what held then is the answer), neither a message that states a superseded belief, nor
an impression marked stale or superseded, nor a superseded memory (``includeSuperseded``) outranks what
replaced it: the replacing memory (the active end of
the ``SUPERSEDED_BY`` chain) takes part with at least the candidate's fused score, and the candidate's score
is kept just below the replacing memory's.

An assistant's turn that only reacts to the person's message before it ("That sounds exciting!", marked by the
``embed_events`` job: :func:`graphsvc.rulebook.reactions.reacts_only`) never outranks that message (issue 33): it
lends its fused score to the message (read even when it was no candidate) and is kept just below it
(:func:`below_answered`), before the ordering rules below.

An impression that repeats a memory word for word, drawn from none but that memory's messages, is kept just below
the memory (:func:`below_memories`): what the person said is the hit recall keeps of the two.

Passages outrank anything derived from them (issue 22): a hit that rests only on the ``DOCUMENT`` events of
documents whose passages are hits (the document's event, an impression from a document) is kept just below the
lowest of those passages (:func:`below_passages`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from graphsvc.config import Settings
from graphsvc.graph import recall_hits
from graphsvc.graph.database import Queries
from graphsvc.graph.recall_hits import RecalledEvent, RecalledPassage
from graphsvc.pipeline.recall.explain import ChannelRanks, RankRule
from graphsvc.pipeline.recall.fusion import adjusted_score, score_terms
from graphsvc.pipeline.recall.hits import HitKind, RecallHit, rescored
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.pipeline.reflection.confidence import trait_boost

Scorer = Callable[..., float]
SUPERSEDED = "superseded"
_WORDS = re.compile(r"\w+")
Lent = dict[str, list[tuple[RankRule, str, float]]]
"""uid → the scores lent to it, in order: (rule, the lender's uid, the score it now has)."""
Terms = dict[str, tuple[float, float, float]]
"""uid → seed 002 §7's recency, importance and trait-stage terms (:func:`.fusion.score_terms`)."""


async def hydrate(
    db: Queries,
    settings: Settings,
    *,
    user_id: str,
    fused: dict[str, float],
    kinds: dict[str, HitKind],
    scope: RecallScope,
    now: datetime,
    allowed: frozenset[str] | None = None,
    cues: Callable[[list[RecallHit]], list[RecallHit]] | None = None,
    channels: ChannelRanks | None = None,
) -> list[RecallHit]:
    """Read the fused candidates (one statement) and score each: its RRF score · seed 002 §7's adjustment. At
    ``as_of``, a trait scores and reads as it was then, and an impression with no evidence said by then is left
    out. See the module docstring for how superseded beliefs are treated.

    ``cues`` (the query's time and speaker cues, :mod:`.rank`) rescore the hits before the ordering rules
    (:func:`below_answered`, :func:`below_replacements`, :func:`below_passages`), so no boost lifts a reaction
    above what it answers, a superseded belief above what replaced it, nor something derived from a document above
    its passage.

    Args:
        fused: candidate uid → its fused score.
        kinds: candidate uid → its kind (every uid of ``fused`` is in it).
        allowed: with a tag filter, the uids a hit may have (a replacing memory outside it does not join).
        channels: when given, each hit carries its explanation (:mod:`.explain`): its channels, the scores lent to
            it, seed 002 §7's terms, then every rule that rescored it.

    Returns:
        one hit per candidate still stored (and in scope), plus the memories that replaced what a candidate
        message said and the messages a candidate reply only reacts to, in no particular order.
    """
    event_uids, memory_uids, impression_uids, trait_uids, chunk_uids = (
        sorted(uid for uid in fused if kinds[uid] == kind)
        for kind in ("event", "memory", "impression", "trait", "chunk")
    )
    read = await recall_hits.hits(
        db,
        user_id=user_id,
        filters=scope.filters,
        events=event_uids,
        memories=memory_uids,
        impressions=impression_uids,
        traits=trait_uids,
        passages=chunk_uids,
    )

    lent: Lent = {}
    answered = {e.uid: e.reaction_to for e in read.events if e.reaction_to is not None and e.uid in fused}
    fused = _lend_to_answered(fused, answered, allowed=allowed, lent=lent)
    replaced = {e.uid: e.replaced_by for e in read.events if e.replaced_by}
    replaced.update((i.uid, i.replaced_by) for i in read.impressions if i.replaced_by)
    replaced.update(read.memory_replacements)
    if scope.follows_current_belief:
        fused = _lend_scores(fused, replaced, allowed=allowed, lent=lent)
    terms: Terms = {}

    def scored(uid: str, *, reinforced: datetime | None, importance: float, boost: float = 0.0) -> float:
        age_days = _age_days(reinforced, now)
        if channels is not None:
            terms[uid] = score_terms(
                age_days=age_days, importance=importance, trait_boost=boost, settings=settings.recall
            )
        return adjusted_score(
            fused[uid], age_days=age_days, importance=importance, trait_boost=boost, settings=settings.recall
        )

    memories: list[RecallHit] = []
    for memory in read.memories:
        if memory.uid not in fused:
            continue  # the replacement of a message outside the scope's belief rule
        confirmed = memory.last_reinforced_at or memory.occurred_at
        score = scored(memory.uid, reinforced=confirmed, importance=float(memory.importance or 0))
        memories.append(
            RecallHit(
                memory.uid,
                "memory",
                memory.content,
                score,
                memory.occurred_at,
                list(memory.source_ids),
                memory.memory_type,
                status=memory.status or "active",
                valid_from=memory.valid_from,
                valid_to=memory.valid_to,
                source_event_uids=memory.source_uids,
                last_confirmed_at=confirmed,
            )
        )
    events = [e for e in read.events if e.uid in fused]  # a message read as answered, lent no score, is no hit
    hits = memories + _event_hits(events, scored=scored, scope=scope)
    for impression in read.impressions:
        if not scope.said_by(impression.first_said):
            continue
        old = impression.stale or impression.superseded
        if old and scope.is_default:
            continue
        score = scored(impression.uid, reinforced=impression.occurred_at, importance=impression.confidence or 0.0)
        hits.append(
            RecallHit(
                impression.uid,
                "impression",
                impression.content,
                score,
                impression.occurred_at,
                list(impression.source_ids),
                entity=impression.entity,
                status=SUPERSEDED if old else None,
                source_event_uids=impression.source_uids,
                last_confirmed_at=impression.occurred_at,
            )
        )
    for trait in read.traits:
        then = scope.traits_then.get(trait.uid)
        stage, confidence, content = (
            (trait.stage, trait.confidence, trait.content)
            if then is None
            else (then.stage, then.confidence, then.content)
        )
        confirmed = trait.last_reinforced_at or trait.occurred_at
        score = scored(
            trait.uid,
            reinforced=confirmed,
            importance=float(confidence or 0.0),
            boost=trait_boost(stage, settings=settings.reflection),
        )
        hits.append(
            RecallHit(
                trait.uid,
                "trait",
                content,
                score,
                trait.occurred_at,
                list(trait.source_ids),
                last_confirmed_at=confirmed,
            )
        )
    hits += _passage_hits(read.passages, scored=scored, scope=scope)
    if channels is not None:
        hits = [_explained(h, channels, lent=lent.get(h.uid, []), terms=terms[h.uid]) for h in hits]
    hits = cues(hits) if cues is not None else hits
    hits = below_answered(hits, answered)
    hits = below_replacements(hits, replaced) if scope.follows_current_belief else hits
    hits = below_memories(hits)
    return below_passages(hits, {uid: p.document_uid for p in read.passages for uid in p.document_event_uids})


def _explained(
    hit: RecallHit,
    channels: ChannelRanks,
    *,
    lent: list[tuple[RankRule, str, float]],
    terms: tuple[float, float, float],
) -> RecallHit:
    """``hit`` with its explanation so far: its channels' fused score, the scores lent to it, then seed 002 §7's
    non-zero terms, ending at the hit's score."""
    final = hit.score
    explanation = channels.explain(hit.uid)
    hit = replace(hit, score=explanation.fused_score, explanation=explanation)
    for rule, lender, score in lent:
        what = (
            "the reply that only reacts to it" if rule == "lent_by_reaction" else "what states the belief it replaced"
        )
        hit = rescored(hit, score, rule, f"takes the fused score of {what}", relative_to=lender)
    base, multiplier = hit.score, 1.0
    recency, importance, trait_stage = terms
    named: tuple[tuple[RankRule, float, str], ...] = (
        ("recency", recency, "recency: weight · 2^(-age / half-life)"),
        ("importance", importance, "importance: weight · importance (or confidence)"),
        ("trait_stage", trait_stage, "the trait stage's boost"),
    )
    for rule, term, detail in named:
        if term != 0.0:
            multiplier += term
            hit = rescored(hit, base * multiplier, rule, f"seed factor term, {detail}", term=term)
    return replace(hit, score=final)


def _lend_to_answered(
    fused: dict[str, float], answered: dict[str, str], *, allowed: frozenset[str] | None, lent: Lent
) -> dict[str, float]:
    """``fused`` with each assistant's turn that only reacts to a message lending its fused score to that message
    (which keeps the better of its own and the reply's; with a tag filter, only a message in ``allowed``); each
    score that rose is noted in ``lent``."""
    out = dict(fused)
    for reply, message in answered.items():
        if (allowed is None or message in allowed) and fused[reply] > out.get(message, 0.0):
            out[message] = fused[reply]
            lent.setdefault(message, []).append(("lent_by_reaction", reply, fused[reply]))
    return out


def below_answered(hits: list[RecallHit], answered: dict[str, str]) -> list[RecallHit]:
    """``hits`` with each assistant's turn that only reacts to a message scored just below that message's hit
    (unchanged when it is already below it, or the message is no hit). Pure.

    A content-free reply never outranks what the person said (issue 33): "That sounds exciting!" is embedded with
    the plan it answers and matches a question about the plan only through it
    (:func:`graphsvc.rulebook.reactions.reacts_only`).

    Args:
        answered: reply uid → the uid of the message it only reacts to.
    """
    score_of = {h.uid: h.score for h in hits}
    out = []
    for hit in hits:
        message = answered.get(hit.uid)
        if message is not None and message in score_of and hit.score >= score_of[message]:
            below = math.nextafter(score_of[message], -math.inf)
            hit = rescored(
                hit,
                below,
                "below_answered",
                "an assistant reply that only reacts: just below the message it answers",
                relative_to=message,
            )
        out.append(hit)
    return out


def _lend_scores(
    fused: dict[str, float], replaced: dict[str, tuple[str, ...]], *, allowed: frozenset[str] | None, lent: Lent
) -> dict[str, float]:
    """``fused`` with each candidate that states a superseded belief lending its fused score to the memories that
    replaced it (each keeps the better of its own and the candidate's); with a tag filter, only to those in
    ``allowed``; each score that rose is noted in ``lent``."""
    out = dict(fused)
    for uid, replacements in replaced.items():
        for current in replacements:
            if uid in fused and (allowed is None or current in allowed) and fused[uid] > out.get(current, 0.0):
                out[current] = fused[uid]
                lent.setdefault(current, []).append(("lent_by_superseded", uid, fused[uid]))
    return out


def below_replacements(hits: list[RecallHit], replaced: dict[str, tuple[str, ...]]) -> list[RecallHit]:
    """``hits`` with each hit that states a superseded belief scored just below the lowest-scored of the hits that
    replaced it (unchanged when it is already below them, or none of them is a hit). Pure.

    Args:
        replaced: hit uid → the uids of the memories that replaced what it states.
    """
    score_of = {h.uid: h.score for h in hits}
    return [
        _kept_below(
            hit,
            [(score_of[uid], uid) for uid in replaced.get(hit.uid, ()) if uid in score_of and uid != hit.uid],
            "below_replacement",
            "states a superseded belief: just below the memory that replaced it",
        )
        for hit in hits
    ]


def _kept_below(hit: RecallHit, above: list[tuple[float, str]], rule: RankRule, detail: str) -> RecallHit:
    """``hit`` scored just below the lowest of ``above`` (``(score, uid)`` of the hits it must not outrank), by
    ``rule``; unchanged when ``above`` is empty or the hit is already below them all."""
    if not above or hit.score < min(above)[0]:
        return hit
    lowest, uid = min(above)
    return rescored(hit, math.nextafter(lowest, -math.inf), rule, detail, relative_to=uid)


def _said_alike(a: str, b: str) -> bool:
    """The same words, whatever the case, spacing and punctuation ("Ana loves jazz." and "ana loves jazz")."""
    return [w.casefold() for w in _WORDS.findall(a)] == [w.casefold() for w in _WORDS.findall(b)]


def below_memories(hits: list[RecallHit]) -> list[RecallHit]:
    """``hits`` with each impression that repeats a memory hit word for word, from none but that memory's messages,
    scored just below the memory (unchanged when it is already below it). Pure.

    The person's memory is what they said; an impression repeating it is derived from the same messages, and
    :func:`.fusion.drop_covered` keeps only the better-ranked of the two, so the memory must be it.
    """
    memories = [h for h in hits if h.kind == "memory" and h.status != SUPERSEDED and h.source_event_uids]

    def repeated(hit: RecallHit) -> list[tuple[float, str]]:
        if hit.kind != "impression" or not hit.source_event_uids:
            return []
        sources = set(hit.source_event_uids)
        return [
            (m.score, m.uid)
            for m in memories
            if sources <= set(m.source_event_uids) and _said_alike(hit.content, m.content)
        ]

    detail = "an impression repeating a memory from its messages: just below that memory"
    return [_kept_below(hit, repeated(hit), "below_memory", detail) for hit in hits]


def below_passages(hits: list[RecallHit], document_of_event: dict[str, str]) -> list[RecallHit]:
    """``hits`` with each hit derived only from documents whose passages are hits scored just below the lowest of
    those passages (unchanged when it is already below them). Pure.

    Passages outrank anything derived from them (issue 22, "Sources have an author"): a document's ``DOCUMENT``
    event (its title and headings), or an impression, memory or trait whose every source event is a
    ``DOCUMENT`` event, says less than the passage that holds the answer.

    Args:
        document_of_event: ``DOCUMENT`` event uid → its document's uid, for the documents of the passage hits.
    """
    lowest: dict[str, tuple[float, str]] = {}
    for hit in hits:
        if hit.kind == "chunk" and hit.document_id is not None:
            lowest[hit.document_id] = min((hit.score, hit.uid), lowest.get(hit.document_id, (math.inf, "")))
    out = []
    for hit in hits:
        sources = hit.source_event_uids
        if hit.kind != "chunk" and sources and all(uid in document_of_event for uid in sources):
            floor, passage = min(lowest.get(document_of_event[uid], (math.inf, "")) for uid in sources)
            if hit.score >= floor:
                hit = rescored(
                    hit,
                    math.nextafter(floor, -math.inf),
                    "below_passage",
                    "derived from a document: just below its passage",
                    relative_to=passage,
                )
        out.append(hit)
    return out


def _event_hits(events: list[RecalledEvent], *, scored: Scorer, scope: RecallScope) -> list[RecallHit]:
    """Event hits: one stating only superseded beliefs is left out by default and marked beyond it."""
    hits = []
    for event in events:
        old = event.states_only_superseded
        if old and scope.is_default:
            continue
        score = scored(event.uid, reinforced=event.occurred_at, importance=0.0)
        hit = RecallHit(
            event.uid,
            "event",
            _event_text(event),
            score,
            event.occurred_at,
            list(event.source_ids),
            role=event.role,
            source_event_uids=event.source_uids,
            speaker=event.speaker,
            last_confirmed_at=event.occurred_at,
        )
        hits.append(replace(hit, status=SUPERSEDED) if old else hit)
    return hits


def _passage_hits(passages: list[RecalledPassage], *, scored: Scorer, scope: RecallScope) -> list[RecallHit]:
    """Passage hits (issue 15); at ``as_of`` only passages of documents stored by then."""
    hits = []
    for passage in passages:
        if not scope.said_by(passage.occurred_at):
            continue
        hits.append(
            RecallHit(
                passage.uid,
                "chunk",
                passage.content,
                scored(passage.uid, reinforced=passage.occurred_at, importance=0.0),
                passage.occurred_at,
                [],
                document_id=passage.document_uid,
                heading_path=list(passage.heading_path),
                title=passage.title or passage.filename,
                last_confirmed_at=passage.occurred_at,
            )
        )
    return hits


def _event_text(event: RecalledEvent) -> str:
    return f"{event.speaker}: {event.content}" if event.speaker else event.content


def _age_days(when: datetime | None, now: datetime) -> float | None:
    return None if when is None else (now - when).total_seconds() / 86_400.0
