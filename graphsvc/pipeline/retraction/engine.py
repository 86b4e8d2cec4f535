"""The retraction engine: one request's deletions and everything derived from them, in ONE transaction.

Input: the doomed events (messages of ``forgetMessages`` / ``forgetSession``, every version of the records of
``forgetEvents`` / ``forgetDocument``), the documents and source records that go with them, the memories forgotten
by hand (``forgetMemory``) and the events that stated those (forgotten: kept as tombstones without text, unless
the caller keeps them). Provenance decides what goes (issues 12 and 21, ARCHITECTURE "Belief maintenance"):

- a memory extracted from messages whose every source event is doomed is deleted; one that keeps some loses
  one reinforcement per message lost; a memory asserted by the user or an agent (``remember``) rests on that
  assertion and stays; a forgotten memory stays as a tombstone without text, vector, slot or provenance;
- trait evidence citing a deleted or forgotten memory is deleted; each trait it supported is re-scored from
  the evidence left (:mod:`.rescore`, seed 002 §5: dissolved below 0.1) or deleted when its supporting
  evidence left cites fewer than two memories (one memory grounds no trait);
- impression and feature evidence from a doomed event is deleted; an impression left without evidence is
  deleted; a feature falls back to the value of its newest evidence left, or is deleted; a name (alias) left
  without a source event is deleted (never the subject of a living entity); a relation loses the doomed events
  from its provenance and goes when none is left; an entity observed in doomed events and left with nothing is
  deleted; pending observations of a doomed event go (they hold its text), and so do the extraction traces of
  the event (they quote it; counted in ``nodes_deleted``), as do those naming a forgotten memory;
- a forgotten event counts as gone for everything observed in it (evidence, impressions, features, names,
  relations, entities, pending observations, candidates, extraction traces) and loses its tags; the memories
  extracted from it other than the forgotten ones stay (each is a statement of its own, forgotten one by one);
- candidates, documents (with their document entities), source records, tags and conversation summaries:
  :mod:`.layers`; a user's entity that lost the name a document entity has no longer links to it (it is the
  document's again, :mod:`graphsvc.graph.document_entities`);
- slots the deleted memories belonged to are settled again, so a value they had superseded is current again;
- surviving messages whose embedded context quoted a deleted or forgotten one are re-embedded;
- history: the entries of deleted nodes go, entries quoting deleted content (``source_uids``) lose their
  values, and one tombstone per deleted node records its uid and kind, who, when and why, without content.

Reads run first, while the doomed events exist (:mod:`graphsvc.graph.retraction_reads`), then the writes
(:mod:`graphsvc.graph.retraction`); the transaction is retried whole on transient errors (the work recomputes
from what it reads).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from graphsvc.config import ReflectionSettings
from graphsvc.errors import ConflictError
from graphsvc.graph import document_entities, entity_curation, extraction_traces
from graphsvc.graph import retraction as gone
from graphsvc.graph import retraction_reads as found
from graphsvc.graph.database import NamedTx
from graphsvc.graph.retraction import EventVector, LostSources, Tombstone, TraitRescore
from graphsvc.graph.retraction_reads import CitedTrait
from graphsvc.pipeline.ingest.messages import embedding_text, in_context
from graphsvc.pipeline.memories.supersession import settle_slots
from graphsvc.pipeline.retraction import layers
from graphsvc.pipeline.retraction.rescore import Rescored, rescore
from graphsvc.pipeline.retraction.result import ForgetResult
from graphsvc.runtime import Runtime

ACTOR = "retraction"
RESCORE_REASON = "evidence deleted: confidence recomputed from the evidence left (seed 002 §5)"


@dataclass(frozen=True)
class Retraction:
    """One request: delete ``event_uids`` (and the sessions in ``forced_sessions``), forget ``memory_uids``.

    Attributes:
        named_memory: the memory ``forgetMemory`` names (one of ``memory_uids``): when this transaction finds it
            forgotten already (a concurrent forget committed first), the retraction raises
            :class:`~graphsvc.errors.ConflictError` and writes nothing. The other memories (the versions it
            corrected) are forgotten when still live, and passed over when not.
        forgotten_events: events to keep as tombstones without text (the sources of forgotten memories).
        documents: documents to delete with their chunks and earlier versions (their events are in
            ``event_uids``).
        source_uids: source records to delete once none of their versions is left.
        sessions: the sessions (uids) of the doomed events (deleted when left without events).
        summarise: the conversations (session ids) that lose messages and keep others: summarised again.
        reembed: new vectors of surviving events whose context changes (:func:`reembedding`).
    """

    user_id: str
    event_uids: list[str] = field(default_factory=list)
    memory_uids: list[str] = field(default_factory=list)
    named_memory: str | None = None
    forgotten_events: list[str] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)
    source_uids: list[str] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)
    forced_sessions: list[str] = field(default_factory=list)
    summarise: list[str] = field(default_factory=list)
    reembed: list[EventVector] = field(default_factory=list)
    reason: str | None = None
    actor: str = ACTOR


async def reembedding(
    rt: Runtime, *, user_id: str, event_uids: Sequence[str], session_ids: Sequence[str]
) -> list[EventVector]:
    """New vectors for the surviving messages that directly followed a doomed one (deleted, or forgotten to a
    tombstone) in their session: their embedded context (``EVENT_CONTEXT_CHARS`` of the previous message) quoted
    it, and now quotes the message before it that survives with its text (or nothing)."""
    chars = rt.settings.embedding.event_context_chars
    if chars == 0 or not event_uids:
        return []
    doomed = set(event_uids)
    messages = await found.session_messages(rt.db, user_id=user_id, session_ids=sorted(set(session_ids)))
    uids, texts = [], []
    previous: tuple[str, str | None] | None = None  # (session, text of the last surviving message)
    after_doomed = False
    for message in messages:
        if previous is None or previous[0] != message.session_id:
            previous, after_doomed = (message.session_id, None), False
        text = embedding_text(message.speaker, message.content)
        if message.uid in doomed:
            after_doomed = True
            continue
        if message.forgotten:  # a tombstone quotes nothing and is never embedded
            continue
        if after_doomed:
            uids.append(message.uid)
            texts.append(in_context(previous[1], text, chars=chars))
        previous, after_doomed = (message.session_id, text), False
    if not uids:
        return []
    vectors = await rt.embedder.embed_passages(texts)
    return [EventVector(uid=uid, embedding=v.tolist()) for uid, v in zip(uids, vectors, strict=True)]


def _rescore_traits(
    traits: Sequence[CitedTrait], *, doomed_memories: set[str], settings: ReflectionSettings
) -> list[Rescored]:
    out = []
    for trait in traits:
        remaining = [e for e in trait.evidence if e.memory_uid is not None and e.memory_uid not in doomed_memories]
        out.append(rescore(trait, remaining, resets=trait.resets, settings=settings))
    return out


class _Work:
    """The transaction function of one retraction (a class so that its steps stay small)."""

    def __init__(self, rt: Runtime, job: Retraction, now: datetime) -> None:
        self.rt, self.job, self.now = rt, job, now
        self.user_id, self.actor = job.user_id, job.actor

    async def __call__(self, tx: NamedTx) -> ForgetResult:
        job, result, user_id = self.job, ForgetResult(), self.user_id
        events = list(job.event_uids)
        observed = [*events, *job.forgotten_events]  # what was observed in these rests on nothing any more
        tombstones: list[Tombstone] = []
        # The user's entity lock first (issue 11): a curation or the identity pipeline of the same user waits,
        # then validates against what this retraction left (it deletes names, features and entities).
        await entity_curation.lock_user_entities(tx, user_id=user_id, now=self.now)
        # --- reads, while the doomed events exist ---
        sources = await found.memory_sources(tx, user_id=user_id, event_uids=events) if events else []
        doomed = [s.uid for s in sources if s.origin == "extraction" and s.doomed == s.sources]
        partly = [s for s in sources if s.uid not in doomed and s.status != "forgotten"]
        memories = [*doomed, *job.memory_uids]
        traits = await found.traits_citing(tx, user_id=user_id, memory_uids=memories, now=self.now) if memories else []
        slot_keys = await found.memory_slot_keys(tx, user_id=user_id, memory_uids=memories)
        aliases = await found.alias_candidates(tx, user_id=user_id, event_uids=observed)
        entities = await found.entity_candidates(tx, user_id=user_id, event_uids=observed)
        tag_uids = await found.tags_of(
            tx, user_id=user_id, memory_uids=memories, event_uids=observed, document_uids=job.documents
        )
        rescored = _rescore_traits(traits, doomed_memories=set(memories), settings=self.rt.settings.reflection)
        # --- what rested on the events: observations, candidates, extraction traces (they quote the messages) ---
        if observed:
            await self._observations(tx, observed, result, tombstones)
        traces_deleted = await extraction_traces.delete_of_events(tx, user_id=user_id, event_uids=observed)
        traces_deleted += await extraction_traces.delete_of_memories(tx, user_id=user_id, memory_uids=job.memory_uids)
        await layers.candidates(tx, user_id=user_id, event_uids=observed, memory_uids=job.memory_uids, result=result)
        # --- what rested on the memories: traits ---
        if memories:
            result.evidence += await gone.delete_trait_evidence(tx, user_id=user_id, memory_uids=memories)
            await self._traits(tx, rescored, result, tombstones)
        # --- the memories ---
        if doomed:
            result.memories_deleted = await gone.delete_memories(tx, user_id=user_id, uids=doomed)
            tombstones += [Tombstone(uid=uid, kind="memory", event="retracted") for uid in doomed]
        await self._forget_memories(tx, result, tombstones)
        if partly:
            lost = [LostSources(uid=s.uid, lost=s.doomed, sources=s.sources) for s in partly]
            result.memories_updated = await gone.mark_partly_sourced(
                tx, user_id=user_id, memories=lost, now=self.now, actor=self.actor
            )
        settled = await settle_slots(tx, user_id=user_id, slot_keys=slot_keys, now=self.now, actor=job.actor)
        result.memories_reinstated = len(settled.reinstated)
        quoted = [*observed, *memories]
        if quoted:
            result.history_scrubbed = await gone.scrub_history(tx, user_id=user_id, uids=quoted, now=self.now)
        # --- the events themselves, then what is left with nothing ---
        if job.reembed:
            result.events_reembedded = await gone.reembed_events(tx, user_id=user_id, vectors=job.reembed)
        if job.forgotten_events:
            result.events_forgotten = await gone.redact_events(
                tx, user_id=user_id, uids=job.forgotten_events, now=self.now
            )
        if events:
            result.events = await gone.delete_events(tx, user_id=user_id, uids=events)
            tombstones += [Tombstone(uid=uid, kind="event", event="deleted") for uid in events]
        documents = await layers.records(
            tx, user_id=user_id, documents=job.documents, source_uids=job.source_uids, result=result
        )
        tombstones += [Tombstone(uid=uid, kind="document", event="deleted") for uid in documents]
        await self._leftovers(tx, aliases, entities, result, tombstones)
        await document_entities.link(tx, user_id=user_id)  # an entity that lost a document entity's name unlinks
        await layers.tags(tx, user_id=user_id, tag_uids=tag_uids, result=result)
        await layers.summaries(tx, user_id=user_id, session_ids=job.summarise, now=self.now, result=result)
        if tombstones:
            await gone.write_tombstones(
                tx, user_id=user_id, tombstones=tombstones, reason=job.reason, now=self.now, actor=self.actor
            )
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
            + result.candidates
            + result.documents
            + result.chunks
            + result.document_versions
            + result.sources
            + result.tags
            + traces_deleted
        )
        return result

    async def _forget_memories(self, tx: NamedTx, result: ForgetResult, tombstones: list[Tombstone]) -> None:
        """Turn the live ones of ``job.memory_uids`` into tombstones.

        Raises:
            ConflictError: the named memory is forgotten already (raising rolls back all the transaction wrote).
        """
        for uid in self.job.memory_uids:
            if await gone.forget_memory(tx, user_id=self.user_id, uid=uid, now=self.now):
                result.memories_forgotten += 1
                tombstones.append(Tombstone(uid=uid, kind="memory", event="forgotten"))
            elif uid == self.job.named_memory:
                raise ConflictError(kind="memory", ident=uid, problem="was forgotten meanwhile by another request")

    async def _observations(
        self, tx: NamedTx, events: list[str], result: ForgetResult, tombstones: list[Tombstone]
    ) -> None:
        user_id = self.user_id
        obs = await gone.delete_observation_evidence(tx, user_id=user_id, event_uids=events)
        result.evidence += obs.evidence
        impressions = await gone.delete_orphan_impressions(tx, user_id=user_id, uids=obs.impressions)
        result.impressions = len(impressions)
        tombstones += [Tombstone(uid=uid, kind="impression", event="retracted") for uid in impressions]
        if obs.features:
            features = await gone.retract_features(
                tx, user_id=user_id, uids=obs.features, now=self.now, actor=self.actor
            )
            result.features_deleted, result.features_changed = len(features.deleted), features.changed
            tombstones += [Tombstone(uid=uid, kind="feature", event="retracted") for uid in features.deleted]
        result.relations = await gone.retract_relations(tx, user_id=user_id, event_uids=events)
        pending = await gone.delete_pending_observations(tx, user_id=user_id, event_uids=events)
        result.pending_observations = len(pending)
        tombstones += [Tombstone(uid=uid, kind="pending_observation", event="retracted") for uid in pending]

    async def _traits(
        self, tx: NamedTx, rescored: list[Rescored], result: ForgetResult, tombstones: list[Tombstone]
    ) -> None:
        user_id = self.user_id
        uids = [r.uid for r in rescored]
        if uids:
            result.evidence += await gone.delete_dangling_trait_evidence(tx, user_id=user_id, trait_uids=uids)
        deleted = [r.uid for r in rescored if r.delete]
        if deleted:
            await gone.delete_traits(tx, user_id=user_id, uids=deleted)
            result.traits_deleted = len(deleted)
            tombstones += [Tombstone(uid=uid, kind="trait", event="retracted") for uid in deleted]
        kept = [r for r in rescored if not r.delete]
        if kept:
            rows = [
                TraitRescore(
                    uid=r.uid,
                    confidence=r.confidence,
                    stage=r.stage,
                    reinforcement_count=r.reinforcement_count,
                    contradiction_count=r.contradiction_count,
                    describe=r.describe(),
                    reason=RESCORE_REASON,
                )
                for r in kept
            ]
            await gone.update_traits(tx, user_id=user_id, traits=rows, now=self.now, actor=self.actor)
            result.traits_rescored = len(kept)
            result.traits_dissolved = sum(1 for r in kept if r.dissolved)

    async def _leftovers(
        self, tx: NamedTx, aliases: list[str], entities: list[str], result: ForgetResult, tombstones: list[Tombstone]
    ) -> None:
        job, user_id = self.job, self.user_id
        if aliases:
            result.aliases = await gone.delete_orphan_aliases(tx, user_id=user_id, uids=aliases)
        if entities:
            empty = await gone.delete_empty_entities(tx, user_id=user_id, uids=entities)
            result.entities = len(empty)
            tombstones += [Tombstone(uid=uid, kind="entity", event="retracted") for uid in empty]
        sessions = sorted({*job.sessions, *job.forced_sessions})
        if sessions:
            ended = await gone.delete_sessions(tx, user_id=user_id, session_uids=sessions, forced=job.forced_sessions)
            result.sessions = len(ended)
            tombstones += [Tombstone(uid=uid, kind="session", event="deleted") for uid in ended]


async def run(rt: Runtime, job: Retraction) -> ForgetResult:
    """Apply one retraction in one write transaction; the process's cached vectors of the user are dropped.

    Returns:
        what was removed or changed, by kind.

    Raises:
        ConflictError: ``job.named_memory`` was forgotten already when the transaction reached it (nothing
            written).
    """
    result = await rt.db.in_transaction(_Work(rt, job, rt.clock()))
    rt.vectors.forget_user(job.user_id)
    return result
