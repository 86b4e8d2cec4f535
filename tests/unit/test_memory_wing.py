"""The memory-writing wing's contract: what lands where, and the order of the writes in the caller's transaction."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, cast

import numpy as np
import pytest

from graphsvc.graph.database import NamedTx
from graphsvc.graph.memories import NewMemory, Reinforcement
from graphsvc.pipeline.extraction.run import mention_links
from graphsvc.pipeline.memories import run as memories
from graphsvc.pipeline.memories.dedup import Candidate
from graphsvc.pipeline.memories.draft import Asserted

NOW = datetime(2024, 5, 1, tzinfo=UTC)


def new_memory(uid: str, content: str, *, slot_key: str | None = None) -> NewMemory:
    return NewMemory(
        uid=uid,
        dedup_key=f"key-{uid}",
        memory_type="fact",
        content=content,
        content_hash=content,
        embedding=[1.0, 0.0],
        importance=0.5,
        confidence=0.9,
        occurred_at=None,
        valid_from=NOW,
        stated_at=NOW,
        origin="user",
        slot="lives_in" if slot_key else None,
        slot_subject="" if slot_key else None,
        slot_key=slot_key,
        slot_value=None,
        source_uids=(),
    )


def candidate(content: str) -> Candidate:
    draft = Asserted(memory_type="fact", content=content, confidence=0.9, importance=0.5)
    return Candidate(
        memory=draft, embedding=np.asarray([1.0, 0.0], dtype=np.float32), content_hash=content, dedup_key=content
    )


def test_the_one_memory_lands_on_what_is_created_else_on_what_is_reinforced() -> None:
    reinforcement = Reinforcement(uid="old", content="x", confidence=0.9, importance=0.5, source_uids=())
    created = memories.Prepared(candidates=[candidate("x")], creates=[new_memory("new", "x")])
    reinforced = memories.Prepared(candidates=[candidate("x")], reinforcements=[reinforcement])
    assert created.first_uid() == "new" and created.created == {"key-new": "new"}
    assert reinforced.first_uid() == "old" and reinforced.reinforced == ["old"]
    with pytest.raises(ValueError):
        memories.Prepared(candidates=[]).first_uid()


def test_a_new_memory_mentions_an_entity_only_by_a_whole_name_borne_by_one_entity() -> None:
    creates = [new_memory("a", "Ana moved to Porto with Bo."), new_memory("b", "Anabel likes tea.")]
    links = mention_links(
        creates, names={"ana", "bo", "porto"}, entity_names={"ana": ["e-ana"], "bo": ["e-bo1", "e-bo2"]}
    )
    assert [(link.dedup_key, link.subject_key) for link in links] == [("key-a", "e-ana")]


class RecordingTx:
    """Answers the wing's statements like an empty slot would and records their names in order."""

    def __init__(self, taken: dict[str, str] | None = None) -> None:
        self.names: list[str] = []
        self.slot_keys_asked: list[str] = []
        self.taken = taken or {}
        """planned uid → the uid of the memory another writer created first with its dedup key."""

    async def write(self, name: str, **params: Any) -> list[dict[str, Any]]:
        self.names.append(name)
        if name == "create_memories":
            return [{"planned_uid": m["uid"], "uid": self.taken.get(m["uid"], m["uid"])} for m in params["memories"]]
        if name == "memory_slot_keys":
            self.slot_keys_asked += params["uids"]
            return [{"uid": uid, "slot_key": "k-reinforced"} for uid in params["uids"]]
        return []

    async def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        return await self.write(name, **params)


async def test_the_callers_writes_run_after_the_memories_and_before_the_slots_are_settled() -> None:
    tx = RecordingTx()
    writes = memories.Prepared(
        candidates=[candidate("x")],
        creates=[new_memory("new", "I live in Porto", slot_key="k-new")],
        reinforcements=[Reinforcement(uid="old", content="y", confidence=0.9, importance=0.5, source_uids=())],
    )

    seen: list[memories.Landed] = []

    async def callers_own(t: NamedTx, landed: memories.Landed) -> None:
        seen.append(landed)
        await cast(RecordingTx, t).write("the_callers_statement")

    committed = await memories.run(
        cast(NamedTx, tx), writes, user_id="ana", now=NOW, actor="user", before_settling=callers_own
    )
    assert tx.names == [
        "create_memories",
        "reinforce_memories",
        "the_callers_statement",
        "memory_slot_keys",
        "slot_members",
    ]
    assert seen == [memories.Landed(created=["new"], reinforced=["old"])]
    assert (committed.created, committed.reinforced, committed.superseded) == (["new"], ["old"], [])


async def test_a_creation_another_writer_got_to_first_lands_on_theirs_as_a_reinforcement() -> None:
    tx = RecordingTx(taken={"new": "theirs"})
    writes = memories.Prepared(candidates=[candidate("x")], creates=[new_memory("new", "I keep bees")])
    committed = await memories.run(cast(NamedTx, tx), writes, user_id="ana", now=NOW, actor="user")
    assert (committed.created, committed.reinforced, committed.first_uid()) == ([], ["theirs"], "theirs")
    assert tx.slot_keys_asked == ["theirs"]  # its slot is settled like any reinforced memory's
