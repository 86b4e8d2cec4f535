"""The retraction engine: one request's deletions and everything derived from them, in ONE transaction.

Input: the doomed events (messages of ``forgetMessages`` / ``forgetSession``) and the memories forgotten by
hand (``forgetMemory``). Provenance decides what goes (issue 12, ARCHITECTURE "Belief maintenance"):

- a memory extracted from messages whose every source event is doomed is deleted; one that keeps some loses
  one reinforcement per message lost; a memory asserted by the user or an agent (``remember``) rests on that
  assertion and stays; a forgotten memory stays as a tombstone without text, vector, slot or provenance;
- trait evidence citing a deleted or forgotten memory is deleted; each trait it supported is re-scored from
  the evidence left (:mod:`.rescore`, seed 002 §5: dissolved below 0.1) or deleted when none is left;
- impression and feature evidence from a doomed event is deleted; an impression left without evidence is
  deleted; a feature falls back to the value of its newest evidence left, or is deleted; a name (alias) left
  without a source event is deleted (never the subject of a living entity); a relation loses the doomed events
  from its provenance and goes when none is left; an entity observed in doomed events and left with nothing is
  deleted; pending observations of a doomed event go (they hold its text);
- slots the deleted memories belonged to are settled again, so a value they had superseded is current again;
- surviving messages whose embedded context quoted a deleted one are re-embedded;
- history: the entries of deleted nodes go, entries quoting deleted content (``source_uids``) lose their
  values, and one tombstone per deleted node records its uid and kind, who, when and why, without content.

Reads run first, while the doomed events exist; the transaction is retried whole on transient errors (the
work recomputes from what it reads).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from graphsvc.config import ReflectionSettings
from graphsvc.graph.database import NamedTx, Queries, native
from graphsvc.pipeline.ingest.messages import embedding_text, in_context
from graphsvc.pipeline.memories.supersession import settle_slots
from graphsvc.pipeline.reflection.store import trait_from_node
from graphsvc.pipeline.retraction.rescore import Rescored, rescore
from graphsvc.pipeline.retraction.result import ForgetResult
from graphsvc.runtime import Runtime

ACTOR = "retraction"


@dataclass(frozen=True)
class Retraction:
    """One request: delete ``event_uids`` (and the sessions in ``forced_sessions``), forget ``memory_uids``.

    ``sessions``: the sessions of the doomed events (deleted when left without events).
    ``reembed``: ``[{"uid", "embedding"}]`` for surviving events whose context changes (:func:`reembedding`).
    """

    user_id: str
    event_uids: list[str] = field(default_factory=list)
    memory_uids: list[str] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)
    forced_sessions: list[str] = field(default_factory=list)
    reembed: list[dict[str, Any]] = field(default_factory=list)
    reason: str | None = None
    actor: str = ACTOR


async def reembedding(
    rt: Runtime, *, user_id: str, event_uids: Sequence[str], session_ids: Sequence[str]
) -> list[dict[str, Any]]:
    """New vectors for the surviving messages that directly followed a doomed one in their session: their
    embedded context (``EVENT_CONTEXT_CHARS`` of the previous message) quoted it, and now quotes the message
    before it that survives (or nothing)."""
    chars = rt.settings.event_context_chars
    if chars == 0 or not event_uids:
        return []
    doomed = set(event_uids)
    rows = await rt.db.read("retract_session_events_ordered", user_id=user_id, session_ids=sorted(set(session_ids)))
    uids, texts = [], []
    previous: tuple[str, str | None] | None = None  # (session, text of the last surviving message)
    after_doomed = False
    for row in rows:
        if previous is None or previous[0] != row["session_id"]:
            previous, after_doomed = (row["session_id"], None), False
        text = embedding_text(row["speaker"], row["content"])
        if row["uid"] in doomed:
            after_doomed = True
            continue
        if after_doomed:
            uids.append(row["uid"])
            texts.append(in_context(previous[1], text, chars=chars))
        previous, after_doomed = (row["session_id"], text), False
    if not uids:
        return []
    vectors = await rt.embedder.embed_passages(texts)
    return [{"uid": uid, "embedding": v.tolist()} for uid, v in zip(uids, vectors, strict=True)]


def _rescore_traits(
    rows: Sequence[dict[str, Any]], *, doomed_memories: set[str], now: datetime, settings: ReflectionSettings
) -> list[Rescored]:
    out = []
    for row in rows:
        state = trait_from_node(row["trait"], [e for e in row["evidence"] if e is not None], now=now)
        remaining = [e for e in state.evidence if e.memory_uid is not None and e.memory_uid not in doomed_memories]
        resets = [native(r) for r in row["resets"] if r is not None]
        out.append(rescore(state, remaining, resets=resets, settings=settings))
    return out


def _first(rows: list[dict[str, Any]], key: str) -> Any:
    return rows[0][key] if rows else None


class _Work:
    """The transaction function of one retraction (a class so that its steps stay small)."""

    def __init__(self, rt: Runtime, job: Retraction, now: datetime) -> None:
        self.rt, self.job, self.now = rt, job, now
        self.common = {"user_id": job.user_id, "now": now, "actor": job.actor}

    async def q(self, tx: Queries, name: str, **params: Any) -> list[dict[str, Any]]:
        return await tx.write(name, **{**self.common, **params})

    async def __call__(self, tx: NamedTx) -> ForgetResult:
        job, result = self.job, ForgetResult()
        events = list(job.event_uids)
        tombstones: list[dict[str, str]] = []
        # The user's entity lock first (issue 11): a curation or the identity pipeline of the same user waits,
        # then validates against what this retraction left (it deletes names, features and entities).
        await self.q(tx, "lock_user_entities")
        # --- reads, while the doomed events exist ---
        sources = await self.q(tx, "retract_memory_sources", event_uids=events) if events else []
        doomed = [r["uid"] for r in sources if r["origin"] == "extraction" and r["doomed"] == r["sources"]]
        partly = [r for r in sources if r["uid"] not in doomed and r["status"] != "forgotten"]
        memories = [*doomed, *job.memory_uids]
        traits = await self.q(tx, "retract_traits_citing", memory_uids=memories) if memories else []
        slot_keys = _first(await self.q(tx, "retract_memory_slots", memory_uids=memories), "slot_keys") or []
        aliases = _first(await self.q(tx, "retract_alias_candidates", event_uids=events), "uids") or []
        entities = _first(await self.q(tx, "retract_entity_candidates", event_uids=events), "uids") or []
        rescored = _rescore_traits(
            traits, doomed_memories=set(memories), now=self.now, settings=self.rt.settings.reflection
        )
        # --- what rested on the events: observations ---
        if events:
            await self._observations(tx, events, result, tombstones)
        # --- what rested on the memories: traits ---
        if memories:
            result.evidence += int(_first(await self.q(tx, "retract_trait_evidence", memory_uids=memories), "evidence"))
            await self._traits(tx, rescored, result, tombstones)
        # --- the memories ---
        if doomed:
            result.memories_deleted = int(
                _first(await self.q(tx, "retract_delete_memories", memory_uids=doomed), "memories")
            )
            tombstones += [{"uid": uid, "kind": "memory", "event": "retracted"} for uid in doomed]
        for uid in job.memory_uids:
            if await self.q(tx, "retract_forget_memory", memory_uid=uid):
                result.memories_forgotten += 1
                tombstones.append({"uid": uid, "kind": "memory", "event": "forgotten"})
        if partly:
            rows = [{"uid": r["uid"], "lost": r["doomed"], "sources": r["sources"]} for r in partly]
            result.memories_updated = int(_first(await self.q(tx, "retract_partly_sourced", rows=rows), "memories"))
        settled = await settle_slots(tx, user_id=job.user_id, slot_keys=slot_keys, now=self.now, actor=job.actor)
        result.memories_reinstated = len(settled.reinstated)
        quoted = [*events, *memories]
        if quoted:
            result.history_scrubbed = int(_first(await self.q(tx, "retract_scrub_history", uids=quoted), "scrubbed"))
        # --- the events themselves, then what is left with nothing ---
        if job.reembed:
            result.events_reembedded = int(
                _first(await self.q(tx, "retract_reembed_events", rows=job.reembed), "events")
            )
        if events:
            result.events = int(_first(await self.q(tx, "retract_delete_events", event_uids=events), "events"))
            tombstones += [{"uid": uid, "kind": "event", "event": "deleted"} for uid in events]
        await self._leftovers(tx, aliases, entities, result, tombstones)
        if tombstones:
            await self.q(tx, "retract_tombstones", rows=tombstones, reason=job.reason)
        result.nodes_deleted = (
            result.events
            + result.sessions
            + result.memories_deleted
            + result.impressions
            + result.aliases
            + result.features_deleted
            + result.entities
            + result.pending_observations
            + result.evidence
            + result.traits_deleted
        )
        return result

    async def _observations(
        self, tx: Queries, events: list[str], result: ForgetResult, tombstones: list[dict[str, str]]
    ) -> None:
        obs = (await self.q(tx, "retract_observation_evidence", event_uids=events))[0]
        result.evidence += int(obs["evidence"])
        gone = _first(await self.q(tx, "retract_orphan_impressions", uids=obs["impressions"]), "uids") or []
        result.impressions = len(gone)
        tombstones += [{"uid": uid, "kind": "impression", "event": "retracted"} for uid in gone]
        if obs["features"]:
            feat = (await self.q(tx, "retract_features", uids=obs["features"]))[0]
            deleted = [uid for batch in feat["deleted"] for uid in batch]
            result.features_deleted, result.features_changed = len(deleted), int(feat["changed"] or 0)
            tombstones += [{"uid": uid, "kind": "feature", "event": "retracted"} for uid in deleted]
        result.relations = int(_first(await self.q(tx, "retract_relations", event_uids=events), "deleted") or 0)
        pending = _first(await self.q(tx, "retract_pending_observations", event_uids=events), "uids") or []
        result.pending_observations = len(pending)
        tombstones += [{"uid": uid, "kind": "pending_observation", "event": "retracted"} for uid in pending]

    async def _traits(
        self,
        tx: Queries,
        rescored: list[Rescored],
        result: ForgetResult,
        tombstones: list[dict[str, str]],
    ) -> None:
        uids = [r.uid for r in rescored]
        if uids:
            found = await self.q(tx, "retract_dangling_trait_evidence", trait_uids=uids)
            result.evidence += int(_first(found, "evidence") or 0)
        deleted = [r.uid for r in rescored if r.delete]
        if deleted:
            await self.q(tx, "retract_delete_traits", uids=deleted)
            result.traits_deleted = len(deleted)
            tombstones += [{"uid": uid, "kind": "trait", "event": "retracted"} for uid in deleted]
        kept = [r for r in rescored if not r.delete]
        if kept:
            rows = [
                {
                    "uid": r.uid,
                    "confidence": r.confidence,
                    "stage": r.stage,
                    "reinforcement_count": r.reinforcement_count,
                    "contradiction_count": r.contradiction_count,
                    "describe": r.describe(),
                    "reason": "evidence deleted: confidence recomputed from the evidence left (seed 002 §5)",
                }
                for r in kept
            ]
            await self.q(tx, "retract_update_traits", rows=rows)
            result.traits_rescored = len(kept)
            result.traits_dissolved = sum(1 for r in kept if r.dissolved)

    async def _leftovers(
        self,
        tx: Queries,
        aliases: list[str],
        entities: list[str],
        result: ForgetResult,
        tombstones: list[dict[str, str]],
    ) -> None:
        job = self.job
        if aliases:
            result.aliases = int(_first(await self.q(tx, "retract_orphan_aliases", uids=aliases), "aliases"))
        if entities:
            gone = _first(await self.q(tx, "retract_empty_entities", uids=entities), "uids") or []
            result.entities = len(gone)
            tombstones += [{"uid": uid, "kind": "entity", "event": "retracted"} for uid in gone]
        sessions = sorted({*job.sessions, *job.forced_sessions})
        if sessions:
            gone = (
                _first(
                    await self.q(tx, "retract_delete_sessions", session_uids=sessions, forced=job.forced_sessions),
                    "uids",
                )
                or []
            )
            result.sessions = len(gone)
            tombstones += [{"uid": uid, "kind": "session", "event": "deleted"} for uid in gone]


async def run(rt: Runtime, job: Retraction) -> ForgetResult:
    """Apply one retraction in one write transaction; the process's cached vectors of the user are dropped.

    Returns:
        what was removed or changed, by kind.
    """
    result = await rt.db.in_transaction(_Work(rt, job, rt.clock()))
    rt.vectors.forget_user(job.user_id)
    return result
