"""The reflection cycle (seed 002 §2): the 9 steps, one main LLM call, one write transaction.

1. read the new memories (not yet read by a cycle, of every type a trait can rest on), plus the earlier ones
   that may support or contradict them as context: the most similar, and those the graph relates to them
   (same slot, same entity);
2–7. one reflector call (LLM, or the offline reflector) proposes new trends, new behaviors,
   reinforcements, contradictions and upgrades; the code checks and applies them (:mod:`.traits`);
3. trends: promotion to candidate after ≥ 2 cycles in the window, or expiry (:mod:`.lifecycle`);
6b. contradiction review: the optional second, focused call (:mod:`.contradictions`);
8. time decay, stage lowering, dissolution below 0.1;
9. the user's ``last_reflected_at``, the memories marked read, the ``ReflectionCycle`` node - all in the
   same transaction as every trait change, guarded by the user's running flag.

Concurrency: a graph-level running flag on the user's ``ReflectionState`` node (set in a write
transaction) makes concurrent ``reflect`` calls for one user, in any process, run one cycle; the others
return SKIPPED. Failure: an LLM error or malformed answer of the main call records the cycle FAILED and
changes nothing else (the memories stay unread for the next cycle). No new memories: only steps 3 and 8
run, with no LLM call.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Literal

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.embed.base import Embedder
from graphsvc.errors import LLMError
from graphsvc.graph import catalog
from graphsvc.graph import reflection as stored_cycles
from graphsvc.graph.database import Database
from graphsvc.graph.reflection_cycles import ReflectionOutcome
from graphsvc.llm.client import LLMCall, StructuredLLM
from graphsvc.pipeline.reflection import confidence as cm
from graphsvc.pipeline.reflection import contradictions, persons, store
from graphsvc.pipeline.reflection import prompt as reflect_task
from graphsvc.pipeline.reflection.book import MemoryRecord, TraitBook, TraitState, Vector
from graphsvc.pipeline.reflection.contract import MemoryDigest, ReflectionInput, ReflectionOutput, TraitDigest
from graphsvc.pipeline.reflection.lifecycle import apply_decay, evaluate_trends
from graphsvc.pipeline.reflection.offline import reflect_offline
from graphsvc.pipeline.reflection.outcome import build_outcome
from graphsvc.pipeline.reflection.traits import ApplyContext, PromptIds, apply_output
from graphsvc.pipeline.reflection.triggers import decide_trigger, read_trigger_state
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id

log = logging.getLogger(__name__)


async def run(rt: Runtime, *, user_id: str, force: bool = False, session_ended: bool = False) -> ReflectionOutcome:
    """Seed 002 ``reflect(user_id, force=False, session_ended=False)``: check the triggers, run a cycle.

    Args:
        rt: the runtime: ``rt.llm`` is the reflector (None: the offline reflector); the cycle's "now"
            (windows, decay days) comes from ``rt.clock``.
        force: skip the trigger conditions.
        session_ended: a conversation just ended (a trigger condition).

    Returns:
        SKIPPED at once when no trigger holds or a cycle is already running for the user; FAILED when
        the main reflector call failed or answered malformed output (recorded, nothing else changed);
        else COMPLETED with the counts.

    Raises:
        InvalidInputError: blank or oversized user id.
        ReflectionLockLostError: the cycle's running flag lapsed (``lock_ttl_s``) and was taken over
            before it committed; nothing was written.
        neo4j errors: the database failed (the flag is released; nothing was written).
    """
    db, settings, embedder, llm, clock = rt.db, rt.settings, rt.embedder, rt.llm, rt.clock
    user_id = require_id("userId", user_id, settings)
    rs = settings.reflection
    mode: Literal["llm", "offline"] = "llm" if llm is not None else "offline"

    def skipped(reason: str) -> ReflectionOutcome:
        return ReflectionOutcome(user_id=user_id, status="SKIPPED", skipped_reason=reason, mode=mode)

    if not catalog.may_hold("Trait", user_id):
        return skipped("traits are about one person: a group's or an agent's space holds none")
    state = await read_trigger_state(db, user_id=user_id, settings=rs)
    trigger = decide_trigger(state, now=clock(), force=force, session_ended=session_ended, settings=rs)
    if trigger is None:
        return skipped("no trigger condition holds")
    cycle_id = keys.new_uid()
    if not await store.acquire_lock(db, user_id=user_id, cycle_id=cycle_id, now=clock(), settings=rs):
        return skipped("a reflection cycle is already running for this user")
    started_at = clock()
    started = time.perf_counter()
    calls: list[LLMCall] = []
    try:
        # Re-check under the flag: a cycle that finished a moment ago may have consumed the trigger.
        state = await read_trigger_state(db, user_id=user_id, settings=rs)
        trigger = decide_trigger(state, now=started_at, force=force, session_ended=session_ended, settings=rs)
        if trigger is None:
            await stored_cycles.release_lock(db, user_id=user_id, cycle_id=cycle_id)
            return skipped("another cycle just ran; no trigger condition holds any more")
        try:
            book, scanned, in_context = await _run_steps(
                db=db,
                settings=settings,
                embedder=embedder,
                llm=llm,
                user_id=user_id,
                now=started_at,
                calls=calls,
                cycle_id=cycle_id,
            )
        except LLMError as exc:
            outcome = build_outcome(
                user_id=user_id,
                status="FAILED",
                cycle_id=cycle_id,
                trigger=trigger,
                mode=mode,
                book=TraitBook([], set()),
                scanned=0,
                calls=calls,
                started_at=started_at,
                finished_at=clock(),
                started=started,
                error=exc.message,
            )
            await stored_cycles.record_failed_cycle(
                db, user_id=user_id, cycle_id=cycle_id, now=clock(), outcome=outcome
            )
            log.warning("reflection cycle %s for %s failed: %s", cycle_id, user_id, exc.message)
            return outcome
        outcome = build_outcome(
            user_id=user_id,
            status="COMPLETED",
            cycle_id=cycle_id,
            trigger=trigger,
            mode=mode,
            book=book,
            scanned=len(scanned),
            in_context=in_context,
            calls=calls,
            started_at=started_at,
            finished_at=clock(),
            started=started,
        )
        await store.commit_cycle(
            db,
            user_id=user_id,
            cycle_id=cycle_id,
            now=started_at,
            book=book,
            memory_uids=[m.uid for m in scanned],
            outcome=outcome,
        )
        return outcome.model_copy(update={"duration_ms": round((time.perf_counter() - started) * 1000, 3)})
    except BaseException:
        await asyncio.shield(_release_quietly(db, user_id=user_id, cycle_id=cycle_id))
        raise


async def _release_quietly(db: Database, *, user_id: str, cycle_id: str) -> None:
    try:
        await stored_cycles.release_lock(db, user_id=user_id, cycle_id=cycle_id)
    except Exception:  # the flag lapses after lock_ttl_s anyway
        log.exception("could not release the reflection flag of %s", user_id)


async def _run_steps(
    *,
    db: Database,
    settings: Settings,
    embedder: Embedder,
    llm: StructuredLLM | None,
    user_id: str,
    now: datetime,
    calls: list[LLMCall],
    cycle_id: str,
) -> tuple[TraitBook, list[MemoryRecord], int]:
    """Steps 1–8 on an in-memory book; returns it, the new memories read and how many earlier memories were shown
    beside them (nothing is written here).

    Raises:
        LLMError: the main reflector call failed or its answer did not validate.
    """
    rs = settings.reflection
    floor = settings.embedding.similarity_floor
    book = await store.load_book(db, user_id=user_id, now=now)
    new = await store.pending_memories(db, user_id=user_id, settings=rs, dimensions=embedder.dimensions)
    in_context = 0
    if new:
        context = await store.context_memories(
            db, user_id=user_id, new=new, settings=rs, similarity_floor=floor, dimensions=embedder.dimensions
        )
        new_uids = {m.uid for m in new}
        memories = [*new, *(m for m in context if m.uid not in new_uids)]
        in_context = len(memories) - len(new)
        shown = prompt_traits(book, limit=rs.max_traits_in_prompt)
        ids = PromptIds(
            memories={f"m{i + 1}": m for i, m in enumerate(memories)},
            traits={f"t{i + 1}": t.uid for i, t in enumerate(shown)},
        )
        if llm is not None:
            data = build_input(ids=ids, traits=shown, now=now)
            try:
                output, call = await llm.structured(
                    task=reflect_task.TASK,
                    messages=reflect_task.build_messages(data),
                    response_model=reflect_task.RESPONSE_MODEL,
                )
            except LLMError as exc:
                calls.append(LLMCall(exc.task, 0, 0, 0.0, "error"))
                raise
            calls.append(call)
        else:
            output = reflect_offline(
                memories=list(ids.memories.items()),
                traits=[(f"t{i + 1}", t) for i, t in enumerate(shown)],
                settings=rs,
                similarity_floor=floor,
            )
        ctx = ApplyContext(
            ids=ids,
            embeddings=await _embed_contents(embedder, output),
            now=now,
            cycle_id=cycle_id,
            settings=rs,
            similarity_floor=floor,
        )
        apply_output(book, output, ctx=ctx)
    evaluate_trends(book, now=now, settings=rs)
    await _review_contradictions(
        db=db, book=book, settings=settings, embedder=embedder, llm=llm, user_id=user_id, now=now, calls=calls
    )
    apply_decay(book, now=now, settings=rs)
    return book, new, in_context


def prompt_traits(book: TraitBook, *, limit: int) -> list[TraitState]:
    """Active traits shown to the reflector: highest stage, then confidence, then newest."""
    ranked = sorted(
        book.active(),
        key=lambda t: (-cm.stage_rank(t.stage), -(t.confidence or 0.0), -t.created_at.timestamp(), t.uid),
    )
    return ranked[:limit]


def build_input(*, ids: PromptIds, traits: Sequence[TraitState], now: datetime) -> ReflectionInput:
    """The reflector's input: memories with prompt ids and conversation ids (c1, c2... by first
    appearance), and the summaries of the shown traits."""
    conversations: dict[str, str] = {}

    def conv(session: str) -> str:
        return conversations.setdefault(session, f"c{len(conversations) + 1}")

    memories = [
        MemoryDigest(
            id=short,
            content=m.content,
            memory_type=m.memory_type,
            importance=m.importance,
            observed_at=m.observed_at,
            conversations=[conv(s) for s in sorted(m.sessions)],
            is_new=m.is_new,
            restated_later=m.status == "superseded",
            speaker=persons.display_name(m.speakers) if persons.person_of(m.speakers) else None,
        )
        for short, m in ids.memories.items()
    ]
    by_uid = {uid: short for short, uid in ids.traits.items()}
    digests = [
        TraitDigest(
            id=by_uid[t.uid],
            content=t.content,
            stage=t.stage,
            subtype=t.subtype,
            confidence=t.confidence,
            context=t.context,
            evidence_count=sum(1 for e in t.evidence if e.kind == "supporting"),
            about=t.about,
        )
        for t in traits
    ]
    return ReflectionInput(now=now, memories=memories, traits=digests)


async def _embed_contents(embedder: Embedder, output: ReflectionOutput) -> dict[str, Vector]:
    texts = list(
        dict.fromkeys(
            [
                *(t.content for t in output.new_trends),
                *(b.content for b in output.new_behaviors),
                *(u.new_content for u in output.upgrades),
            ]
        )
    )
    if not texts:
        return {}
    vectors = await embedder.embed_passages(texts)
    return {text: vectors[i] for i, text in enumerate(texts)}


async def _review_contradictions(
    *,
    db: Database,
    book: TraitBook,
    settings: Settings,
    embedder: Embedder,
    llm: StructuredLLM | None,
    user_id: str,
    now: datetime,
    calls: list[LLMCall],
) -> None:
    """The optional second call per flagged trait (LLM: at most ``max_contradiction_calls_per_cycle``)."""
    rs = settings.reflection
    flagged = contradictions.flagged_traits(book, settings=rs)
    if llm is not None:
        flagged = flagged[: rs.max_contradiction_calls_per_cycle]
    for trait in flagged:
        if llm is None:
            resolution = contradictions.offline_resolution(trait)
            if resolution is None:
                continue
        else:
            texts = await stored_cycles.memory_texts(db, user_id=user_id, uids=[e.memory_uid for e in trait.evidence])
            case = contradictions.build_case(trait, texts=texts)
            try:
                resolution, call = await contradictions.ask_llm(case, llm=llm)
            except LLMError as exc:
                calls.append(LLMCall(exc.task, 0, 0, 0.0, "error"))
                book.counts.notes.append(f"contradiction review of trait {trait.uid} failed ({exc.reason}); kept")
                continue
            calls.append(call)
        embedding = None
        if resolution.action == "modify" and resolution.new_content:
            embedding = (await embedder.embed_passages([resolution.new_content.strip()]))[0]
        contradictions.apply_resolution(book, trait, resolution, embedding=embedding, now=now, settings=rs)
