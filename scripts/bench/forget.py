"""Forgetting at scale (issue 12): erase a user of ~100k nodes; forget one session of a 10k-message user.

    .venv/bin/python scripts/bench/forget.py [--erase-messages 50000] [--forget-messages 10000]
                                             [--session-size 100] [--forgets 10] [--others 3]

Builds synthetic users in bulk (:mod:`graphsvc.graph.synthetic_users`, fixed seed), shaped like what the pipelines
write: sessions of ``--session-size`` messages with vectors, one memory per two messages (with provenance,
a history entry and a vector), entities observed in the messages (a name with its source events, two
impressions with evidence), and traits whose evidence cites memories across sessions. ``--others`` users of
the same shape share the database, so every statement has to find one user among several.

1. Erase: builds a user of ``--erase-messages`` messages (50,000 give about 100k nodes) and times
   ``MemoryService.erase_user`` (batches of ``ERASE_BATCH_NODES``), reporting nodes, seconds and nodes/s.
2. Forget: builds a user of ``--forget-messages`` messages and times ``MemoryService.forget_session`` on
   ``--forgets`` of its sessions, each one transaction with the whole retraction: the first call apart (it
   also plans the retraction statements, which Neo4j then caches), then p50 / p95 / max of the others.
Prints a table and one JSON object. Use an empty, separate Neo4j: it writes a few hundred thousand nodes and
erases its own users when done.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import click
import numpy as np
from figures import percentiles

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.graph import synthetic_users
from graphsvc.graph.synthetic_users import (
    SyntheticEntity,
    SyntheticEvidence,
    SyntheticImpression,
    SyntheticMemory,
    SyntheticMessage,
    SyntheticSession,
    SyntheticTrait,
)
from graphsvc.service import MemoryService

DIM = 384
ENTITIES_PER_USER = 60
TRAITS_PER_USER = 30
EVIDENCE_PER_TRAIT = 20
SESSIONS_PER_WRITE = 10
WORDS = (
    "coffee hiking Berlin guitar marathon sister project deadline python garden recipe violin holiday doctor "
    "budget apartment puppy museum novel chess train salary yoga painting lake birthday camera concert"
).split()


def vectors(rng: np.random.Generator, n: int) -> np.ndarray:
    raw = rng.standard_normal((n, DIM)).astype(np.float32)
    normalised: np.ndarray = raw / np.linalg.norm(raw, axis=1, keepdims=True)
    return normalised


def sessions_of(
    user_id: str, *, first: int, count: int, size: int, rng: np.random.Generator, start: datetime
) -> tuple[list[SyntheticSession], list[str]]:
    """``count`` sessions of ``size`` messages (every other one with a memory); returns them and the memory uids."""
    sessions, memories = [], []
    pick = random.Random(first)
    for s in range(first, first + count):
        at = start + timedelta(hours=6 * s)
        event_vectors, memory_vectors = vectors(rng, size), vectors(rng, size // 2 + 1)
        messages = []
        for i in range(size):
            text = f"Message {i} of session {s}: I talked about my {pick.choice(WORDS)} and the {pick.choice(WORDS)}."
            uid = keys.event_uid(user_id, f"s{s}", f"s{s}-m{i}", text, at)
            memory = None
            if i % 2 == 0:
                content = f"I talked about my {pick.choice(WORDS)} ({s}-{i})."
                digest = keys.content_hash(content)
                memory = SyntheticMemory(
                    uid=f"{user_id}-mem-{s}-{i}",
                    history_uid=keys.new_uid(),
                    dedup_key=keys.memory_dedup_key(user_id, "fact", digest),
                    content=content,
                    content_hash=digest,
                    embedding=memory_vectors[i // 2],
                )
                memories.append(memory.uid)
            messages.append(
                SyntheticMessage(
                    uid=uid,
                    source_id=f"s{s}-m{i}",
                    content=text,
                    content_hash=keys.content_hash(text),
                    at=at + timedelta(seconds=i),
                    seq=i,
                    embedding=event_vectors[i],
                    memory=memory,
                )
            )
        session = SyntheticSession(
            uid=keys.session_uid(user_id, f"s{s}"), session_id=f"s{s}", at=at, messages=tuple(messages)
        )
        sessions.append(session)
    return sessions, memories


async def build_user(service: MemoryService, user_id: str, *, messages: int, size: int, seed: int) -> int:
    """Write one synthetic user; returns its number of nodes."""
    rng, pick = np.random.default_rng(seed), random.Random(seed)
    db, now = service.db, service.clock()
    start = datetime(2024, 1, 1, tzinfo=UTC)
    n_sessions = max(1, messages // size)
    memories: list[str] = []
    events_by_session: dict[int, list[str]] = {}
    for first in range(0, n_sessions, SESSIONS_PER_WRITE):
        count = min(SESSIONS_PER_WRITE, n_sessions - first)
        sessions, uids = sessions_of(user_id, first=first, count=count, size=size, rng=rng, start=start)
        for offset, session in enumerate(sessions):
            events_by_session[first + offset] = [m.uid for m in session.messages]
        memories += uids
        await synthetic_users.write_sessions(db, user_id=user_id, speaker="Ana", now=now, sessions=sessions)
    entities = []
    for e in range(ENTITIES_PER_USER):
        sessions_seen = pick.sample(sorted(events_by_session), k=min(3, n_sessions))
        observed = [uid for s in sessions_seen for uid in pick.sample(events_by_session[s], k=min(5, size))]
        subject = f"Person {e}"
        entities.append(
            SyntheticEntity(
                uid=f"{user_id}-ent-{e}",
                subject=subject,
                subject_key=keys.entity_subject_key(user_id, keys.normalise_text(subject)),
                normalized=keys.normalise_text(subject),
                alias_uid=f"{user_id}-alias-{e}",
                event_uids=tuple(observed),
                impressions=tuple(
                    SyntheticImpression(
                        uid=f"{user_id}-imp-{e}-{j}",
                        evidence_uid=f"{user_id}-impev-{e}-{j}",
                        content=f"{subject} likes {pick.choice(WORDS)}",
                        event_uid=observed[j],
                    )
                    for j in range(2)
                ),
            )
        )
    await synthetic_users.write_entities(db, user_id=user_id, now=now, entities=entities)
    traits = [
        SyntheticTrait(
            uid=f"{user_id}-trait-{t}",
            content=f"Often talks about {pick.choice(WORDS)}",
            cycle_id=f"cycle-{t}",
            evidence=tuple(
                SyntheticEvidence(uid=f"{user_id}-tev-{t}-{j}", memory_uid=m, cycle_id=f"cycle-{t}-{j}", at=now)
                for j, m in enumerate(pick.sample(memories, k=min(EVIDENCE_PER_TRAIT, len(memories))))
            ),
        )
        for t in range(TRAITS_PER_USER)
    ]
    await synthetic_users.write_traits(db, user_id=user_id, now=now, traits=traits)
    return await synthetic_users.count_nodes(db, user_id=user_id)


async def main_async(erase_messages: int, forget_messages: int, size: int, forgets: int, others: int) -> dict[str, Any]:
    service = await MemoryService.open(Settings(), run_worker=False)
    run = uuid.uuid4().hex[:6]
    results: dict[str, Any] = {}
    try:
        other_users = [f"forget-{run}-other-{i}" for i in range(others)]
        for i, user in enumerate(other_users):
            await build_user(service, user, messages=2_000, size=size, seed=100 + i)
        big = f"forget-{run}-erase"
        t0 = time.perf_counter()
        nodes = await build_user(service, big, messages=erase_messages, size=size, seed=1)
        build_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        erased = await service.erase_user(user_id=big, confirm=big)
        erase_s = time.perf_counter() - t0
        results["erase"] = {
            "nodes": nodes,
            "deleted": erased.nodes_deleted,
            "seconds": round(erase_s, 2),
            "nodes_per_s": round(erased.nodes_deleted / erase_s),
            "batch_nodes": service.settings.limits.erase_batch_nodes,
            "build_s": round(build_s, 1),
        }
        user = f"forget-{run}-forget"
        nodes = await build_user(service, user, messages=forget_messages, size=size, seed=2)
        timings, sample = [], None
        for s in random.Random(3).sample(range(max(1, forget_messages // size)), k=forgets):
            t0 = time.perf_counter()
            sample = await service.forget_session(user_id=user, session_id=f"s{s}")
            timings.append((time.perf_counter() - t0) * 1000)
        results["forget_session"] = {
            "user_nodes": nodes,
            "messages": forget_messages,
            "session_messages": size,
            "sessions_forgotten": forgets,
            "first_ms": round(timings[0], 1),
            "ms": percentiles(timings[1:] or timings),
            "max_ms": round(max(timings[1:] or timings), 1),
            "last_result": sample.as_dict() if sample else None,
        }
        for leftover in [user, *other_users]:
            await service.erase_user(user_id=leftover, confirm=leftover)
    finally:
        await service.close()
    return results


@click.command()
@click.option("--erase-messages", default=50_000, show_default=True)
@click.option("--forget-messages", default=10_000, show_default=True)
@click.option("--session-size", default=100, show_default=True)
@click.option("--forgets", default=10, show_default=True)
@click.option("--others", default=3, show_default=True)
def main(erase_messages: int, forget_messages: int, session_size: int, forgets: int, others: int) -> None:
    results = asyncio.run(main_async(erase_messages, forget_messages, session_size, forgets, others))
    erase, forget = results["erase"], results["forget_session"]
    print(f"{'operation':<44} {'figure':>24}")
    label = f"eraseUser, {erase['nodes']} nodes"
    print(f"{label:<44} {erase['seconds']} s ({erase['nodes_per_s']} nodes/s)")
    label = f"forgetSession ({forget['session_messages']} of {forget['messages']} messages)"
    print(
        f"{label:<44} first {forget['first_ms']} ms, then p50 {forget['ms']['p50']} ms, "
        f"p95 {forget['ms']['p95']} ms, max {forget['max_ms']} ms"
    )
    json.dump(results, sys.stdout, default=str)
    print()


if __name__ == "__main__":
    main()
