"""Seed 003's candidates with the belief rules (real Neo4j): a paraphrase on another day reinforces the open
candidate it restates, so the two days promote it; a changed value opens a candidate of its own."""

from __future__ import annotations

from graphsvc.service import MemoryService
from graphsvc.service.views import SourceEventIn
from tests.integration.conftest import at


def note(source_id: str, content: str, *, day: int) -> SourceEventIn:
    return SourceEventIn(source_type="note", source_id=source_id, content=content, occurred_at=at(day))


async def test_a_paraphrase_on_another_day_reinforces_the_open_candidate_and_promotes_it(
    service: MemoryService,
) -> None:
    await service.ingest_events(user_id="ana", events=[note("n1", "I love hiking in the Alps.", day=1)])
    await service.wait_for_jobs()
    out = await service.ingest_events(user_id="ana", events=[note("n2", "I really love hiking in the Alps.", day=2)])
    await service.wait_for_jobs()

    assert out.candidates == 1 and out.promoted == 1
    (candidate,) = await service.candidates(user_id="ana")
    assert candidate.content == "I love hiking in the Alps."  # the first wording stays
    assert candidate.days == ["2024-05-01", "2024-05-02"] and len(candidate.event_uids) == 2
    assert candidate.status == "promoted" and candidate.promotion_reason == "reinforced"
    memories = (await service.memories(user_id="ana")).items
    assert [m.content for m in memories] == ["I love hiking in the Alps."]


async def test_a_changed_value_is_never_a_reinforcement(service: MemoryService) -> None:
    await service.ingest_events(user_id="ana", events=[note("n1", "I love hiking in the Alps.", day=1)])
    await service.ingest_events(user_id="ana", events=[note("n2", "I love hiking in the Pyrenees.", day=2)])
    await service.ingest_events(user_id="ana", events=[note("n3", "I love hiking.", day=3)])  # a detail dropped
    await service.wait_for_jobs()

    found = {c.content: c for c in await service.candidates(user_id="ana")}
    assert sorted(found) == ["I love hiking in the Alps.", "I love hiking in the Pyrenees.", "I love hiking."]
    assert all(c.status == "open" and len(c.days) == 1 for c in found.values())
    assert (await service.memories(user_id="ana")).items == []


async def test_a_paraphrase_in_the_same_delivery_joins_the_first_one(service: MemoryService) -> None:
    out = await service.ingest_events(
        user_id="ana",
        events=[note("n1", "I love hiking in the Alps.", day=1), note("n2", "I truly love hiking in the Alps.", day=1)],
    )
    await service.wait_for_jobs()
    assert out.candidates == 1
    (candidate,) = await service.candidates(user_id="ana")
    assert candidate.sources == ["note:n1", "note:n2"] and candidate.status == "promoted"  # two sources
