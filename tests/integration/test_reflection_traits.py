"""Trait lifecycle on the real graph through the LLM path (seed 002 §3–6), with scripted answers."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graphsvc.errors import NotFoundError, TraitCycleError
from graphsvc.pipeline.reflection.cycle import prompt_traits
from graphsvc.pipeline.reflection.store import link_parent, load_book
from graphsvc.service import MemoryService
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.conftest import at
from tests.integration.reflection_support import (
    USER,
    Clock,
    Seed,
    count,
    run,
    script,
    seed_memories,
    trait_changes,
    traits,
)

RUNNING = [
    Seed("r1", "s1", "Ana went running in the park before work", "event", day=1),
    Seed("r2", "s2", "Ana went running along the river at dawn", "event", day=2),
    Seed("r3", "s3", "Ana ran 10 km before breakfast", "event", day=3),
]


async def create_behavior(
    service: MemoryService, server: FakeOpenAI, clock: Clock, content: str = "Runs early in the morning"
) -> dict[str, Any]:
    await seed_memories(service, RUNNING)
    script(server, new_behaviors=[{"content": content, "evidence_ids": ["m1", "m2", "m3"], "context": "personal"}])
    outcome = await run(service, clock, llm=True)
    assert outcome.traits_created == 1, outcome.notes
    [trait] = await traits(service)
    return trait


async def test_behavior_with_evidence_chain_and_history(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    clock = Clock(at(10))
    trait = await create_behavior(llm_service, llm_server, clock)
    assert (trait["stage"], trait["subtype"], trait["confidence"], trait["context"]) == (
        "candidate",
        "behavior",
        0.4,
        "personal",
    )
    assert trait["derived_from"] == "reflection" and len(trait["embedding"]) == 384
    assert trait["first_observed"].to_native() == at(1)
    chain = await count(
        llm_service,
        "MATCH (c:ReflectionCycle)-[:PRODUCED]->(e:Evidence {kind: 'supporting', grade: 'C'})-[:SUPPORTS]->"
        "(t:Trait {uid: $t}), (e)-[:CITES]->(:Memory)-[:EXTRACTED_FROM]->(:Event) RETURN count(e)",
        t=trait["uid"],
    )
    assert chain == 3
    assert (
        await count(
            llm_service,
            "MATCH (h:HistoryEntry {actor: 'reflection', event: 'created'})-[:RECORDS]->(:Trait {uid: $t}) "
            "RETURN count(h)",
            t=trait["uid"],
        )
        == 1
    )
    prompt = llm_server.requests[0]["messages"][1]["content"]
    assert "Ana went running along the river at dawn" in prompt and '"conversations": ["c2"]' in prompt


async def test_traits_never_come_from_a_single_conversation(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    await seed_memories(llm_service, [Seed(f"x{i}", "s1", f"Ana cooked pasta, time {i}", "event") for i in range(3)])
    script(
        llm_server,
        new_behaviors=[{"content": "Cooks pasta", "evidence_ids": ["m1", "m2", "m3"]}],
        new_trends=[{"content": "Cooking a lot", "evidence_ids": ["m1", "m2"]}],
    )
    outcome = await run(llm_service, Clock(at(10)), llm=True)
    assert outcome.status == "COMPLETED" and outcome.traits_created == 0 and outcome.operations_rejected == 2
    assert all("single conversation" in note for note in outcome.notes)
    assert await traits(llm_service) == []


async def test_invented_ids_and_too_little_evidence_are_refused(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    await seed_memories(llm_service, RUNNING)
    script(
        llm_server,
        new_behaviors=[{"content": "Runs", "evidence_ids": ["m1", "m2", "m77"]}],
        reinforcements=[{"trait_id": "t9", "new_evidence_ids": ["m1"], "quality_grade": "A"}],
    )
    outcome = await run(llm_service, Clock(at(10)), llm=True)
    assert outcome.operations_rejected == 2 and await traits(llm_service) == []


async def test_near_duplicate_reinforces_instead_of_duplicating(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    clock = Clock(at(10))
    await create_behavior(llm_service, llm_server, clock)
    await seed_memories(llm_service, [Seed("r4", "s4", "Ana went running in the snow", "event", day=11)])
    clock.advance(days=1)
    script(llm_server, new_behaviors=[{"content": "runs early in the morning!", "evidence_ids": ["m1", "m2", "m3"]}])
    outcome = await run(llm_service, clock, llm=True)
    assert outcome.traits_created == 0 and outcome.traits_reinforced == 1
    [trait] = await traits(llm_service)
    decayed = 0.4 * math.exp(-0.005 * 1)
    assert trait["reinforcement_count"] == 1
    assert trait["confidence"] == pytest.approx(decayed + (1 - decayed) * 0.15)
    assert trait["stage"] == "emerging"
    clock.advance(days=200)  # decays below the emerging stage (0.3): a stage change, audited
    await run(llm_service, clock, llm=True)
    [trait] = await traits(llm_service)
    assert trait["stage"] == "candidate"
    feed = await trait_changes(llm_service, trait["uid"])
    assert [(c["change"], c["stage"]) for c in feed] == [
        ("created", "candidate"),
        ("reinforced", "emerging"),
        ("stage_changed", "candidate"),
    ]


async def test_upgrade_chain_behavior_preference_core(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    clock = Clock(at(10))
    seeds = [Seed(f"a{i}", f"s{i % 2}", f"Ana does sport activity number {i}", "event", day=1 + i) for i in range(12)]
    await seed_memories(llm_service, seeds[:8])
    script(
        llm_server,
        new_behaviors=[
            {"content": f"Behavior {k}", "evidence_ids": [f"m{2 * k + 1}", f"m{2 * k + 2}", f"m{(2 * k + 2) % 8 + 1}"]}
            for k in range(4)
        ],
    )
    assert (await run(llm_service, clock, llm=True)).traits_created == 4
    await seed_memories(llm_service, seeds[8:])
    # A gate failure first: at 0.4 no behavior may be upgraded.
    script(
        llm_server,
        upgrades=[{"from_trait_ids": ["t1", "t2"], "new_content": "Too early", "new_subtype": "preference"}],
    )
    early = await run(llm_service, clock, llm=True, force=True)
    assert early.traits_upgraded == 0 and "confidence gate" in early.notes[0]
    await seed_memories(llm_service, [Seed("z1", "s9", "Ana joined a sports club", "event", day=12)])
    script(
        llm_server,
        reinforcements=[{"trait_id": f"t{k}", "new_evidence_ids": ["m1"], "quality_grade": "B"} for k in (1, 2, 3, 4)],
        upgrades=[
            {
                "from_trait_ids": ["t1", "t2"],
                "new_content": "Enjoys endurance sport",
                "new_subtype": "preference",
                "reasoning": "Behaviors 0 and 1 are both long efforts",
            },
            {"from_trait_ids": ["t3", "t4"], "new_content": "Likes team sport", "new_subtype": "preference"},
        ],
    )
    second = await run(llm_service, clock, llm=True)
    assert second.traits_reinforced == 4 and second.traits_upgraded == 2, second.notes
    prefs = [t for t in await traits(llm_service) if t["subtype"] == "preference"]
    assert len(prefs) == 2
    # seed 002 §4: an upgrade carries its reasoning, kept on the trait it made
    assert {p["content"]: p.get("reasoning") for p in prefs} == {
        "Enjoys endurance sport": "Behaviors 0 and 1 are both long efforts",
        "Likes team sport": None,
    }
    for pref in prefs:
        assert pref["stage"] == "emerging" and pref["confidence"] == pytest.approx(0.52 + 0.1)
        assert (
            await count(llm_service, "MATCH (:Trait {uid: $p})-[:PARENT_OF]->(c:Trait) RETURN count(c)", p=pref["uid"])
            == 2
        )
        inherited = await count(
            llm_service,
            "MATCH (e:Evidence)-[:SUPPORTS]->(:Trait {uid: $p}) WHERE e.inherited_from IS NOT NULL RETURN count(e)",
            p=pref["uid"],
        )
        assert inherited >= 3
    await seed_memories(llm_service, [Seed("z2", "s10", "Ana signed up for a marathon", "event", day=13)])
    script(
        llm_server,
        upgrades=[{"from_trait_ids": ["t1", "t2"], "new_content": "Values an active life", "new_subtype": "core"}],
    )
    third = await run(llm_service, clock, llm=True)
    assert third.traits_upgraded == 1, third.notes
    [core] = [t for t in await traits(llm_service) if t["subtype"] == "core"]
    assert core["stage"] == "emerging" and core["confidence"] == pytest.approx(0.72)
    assert [c["change"] for c in await trait_changes(llm_service, core["uid"])] == ["upgraded"]
    for pref in prefs:  # made by an upgrade: no "created" entry of its own
        made = [c["change"] for c in await trait_changes(llm_service, pref["uid"])]
        assert made.count("upgraded") == 1 and "created" not in made
    behaviors = [t for t in await traits(llm_service) if t["subtype"] == "behavior"]
    for behavior in behaviors:  # the cycles share the test clock's instant, so their order is by id
        assert sorted(c["change"] for c in await trait_changes(llm_service, behavior["uid"])) == [
            "created",
            "reinforced",
        ]
    depth = await count(
        llm_service, "MATCH p = (:Trait {uid: $c})-[:PARENT_OF*2]->(:Trait) RETURN count(p)", c=core["uid"]
    )
    assert depth == 4


async def test_parent_of_cycles_are_refused(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    clock = Clock(at(10))
    await seed_memories(llm_service, RUNNING + [Seed("q", "s4", "Ana ran a half marathon", "event", day=4)])
    script(
        llm_server,
        new_behaviors=[
            {"content": "Runs early", "evidence_ids": ["m1", "m2", "m3"]},
            {"content": "Races", "evidence_ids": ["m2", "m3", "m4"]},
        ],
    )
    await run(llm_service, clock, llm=True)
    a, b = (t["uid"] for t in await traits(llm_service))
    await link_parent(db=llm_service.db, user_id=USER, parent_uid=a, child_uid=b)
    with pytest.raises(TraitCycleError) as err:
        await link_parent(db=llm_service.db, user_id=USER, parent_uid=b, child_uid=a)
    assert "descendants" in err.value.message and err.value.suggestion
    with pytest.raises(TraitCycleError):
        await link_parent(db=llm_service.db, user_id=USER, parent_uid=a, child_uid=a)
    with pytest.raises(NotFoundError):
        await link_parent(db=llm_service.db, user_id="someone-else", parent_uid=a, child_uid=b)
    assert await count(llm_service, "MATCH ()-[r:PARENT_OF]->() RETURN count(r)") == 1


async def test_trend_promotion_and_expiry(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    clock = Clock(at(10))
    await seed_memories(
        llm_service,
        [
            Seed("e1", "s1", "Ana studied for the bar exam", "event", day=1),
            Seed("e2", "s2", "Ana studied late for the bar exam", "event", day=2),
            Seed("g1", "s1", "Ana watched a football game", "event", day=3),
            Seed("g2", "s2", "Ana watched football with friends", "event", day=4),
        ],
    )
    script(
        llm_server,
        new_trends=[
            {"content": "Preparing for the bar exam", "evidence_ids": ["m1", "m2"], "window_days": 14},
            {"content": "Watching football lately", "evidence_ids": ["m3", "m4"], "window_days": 30},
        ],
    )
    first = await run(llm_service, clock, llm=True)
    assert first.traits_created == 2
    by_content = {t["content"]: t for t in await traits(llm_service)}
    for content, window in (("Preparing for the bar exam", 14), ("Watching football lately", 30)):
        trend = by_content[content]
        assert trend["stage"] == "trend" and "confidence" not in trend
        assert trend["window_start"].to_native() == clock.now
        assert trend["window_end"].to_native() - trend["window_start"].to_native() == timedelta(days=window)
    await seed_memories(llm_service, [Seed("e3", "s3", "Ana took a mock bar exam", "event", day=11)])
    clock.advance(days=1)
    await _reinforce_by_content(llm_service, llm_server, clock, "Preparing for the bar exam")
    by_content = {t["content"]: t for t in await traits(llm_service)}
    assert by_content["Preparing for the bar exam"]["stage"] == "candidate"
    assert by_content["Preparing for the bar exam"]["confidence"] == 0.3
    assert "window_end" not in by_content["Preparing for the bar exam"]
    assert by_content["Watching football lately"]["stage"] == "trend"
    clock.advance(days=30)
    expiry = await run(llm_service, clock, llm=True)
    assert expiry.llm_calls == 0 and expiry.traits_dissolved == 1
    by_content = {t["content"]: t for t in await traits(llm_service)}
    assert by_content["Watching football lately"]["stage"] == "dissolved"
    assert by_content["Preparing for the bar exam"]["stage"] == "candidate"
    promoted = await trait_changes(llm_service, by_content["Preparing for the bar exam"]["uid"])
    assert sorted((c["change"], c["stage"]) for c in promoted) == [  # one cycle's two: order by id
        ("created", "trend"),
        ("promoted", "candidate"),
        ("reinforced", "trend"),
    ]
    dissolved = await trait_changes(llm_service, by_content["Watching football lately"]["uid"])
    assert [(c["change"], c["oldValue"], c["newValue"]) for c in dissolved] == [
        ("created", None, "Watching football lately"),
        ("dissolved", "Watching football lately", None),
    ]


async def _reinforce_by_content(service: MemoryService, server: FakeOpenAI, clock: Clock, content: str) -> None:
    """Run a cycle whose answer reinforces the trait with ``content`` (its prompt id computed as the cycle does)."""
    shown = prompt_traits(await load_book(service.db, user_id=USER, now=clock.now), limit=100)
    short = next(f"t{i + 1}" for i, t in enumerate(shown) if t.content == content)
    script(server, reinforcements=[{"trait_id": short, "new_evidence_ids": ["m1"], "quality_grade": "C"}])
    outcome = await run(service, clock, llm=True)
    assert outcome.traits_reinforced == 1, outcome.notes


async def test_decay_and_dissolution_over_injected_time(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    clock = Clock(at(10))
    await create_behavior(llm_service, llm_server, clock)
    clock.advance(days=100)
    await run(llm_service, clock, llm=True)
    [trait] = await traits(llm_service)
    assert trait["confidence"] == pytest.approx(0.4 * math.exp(-0.5)) and trait["stage"] == "candidate"
    clock.advance(days=177.25)  # 277.25 days in all: still ≥ 0.1
    await run(llm_service, clock, llm=True)
    [trait] = await traits(llm_service)
    assert trait["stage"] == "candidate" and trait["confidence"] >= 0.1
    clock.advance(days=0.02)  # 277.27 > ln(4)/0.005 = 277.26
    outcome = await run(llm_service, clock, llm=True)
    assert outcome.traits_dissolved == 1
    [trait] = await traits(llm_service)
    assert trait["stage"] == "dissolved" and trait["expired_at"].to_native() == clock.now
    assert (
        await count(
            llm_service,
            "MATCH (h:HistoryEntry {event: 'dissolved', actor: 'reflection'})-[:RECORDS]->(:Trait {uid: $t}) "
            "WHERE h.old_value = 'Runs early in the morning' RETURN count(h)",
            t=trait["uid"],
        )
        == 1
    )


async def test_contradictions_count_then_the_focused_call_modifies(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    clock = Clock(at(10))
    trait = await create_behavior(llm_service, llm_server, clock, content="Drinks coffee every morning")
    await seed_memories(llm_service, [Seed("c1", "s5", "Ana skipped coffee today", "event", day=11)])
    script(llm_server, contradictions=[{"trait_id": "t1", "contradicting_evidence_ids": ["m1"]}])
    first = await run(llm_service, clock, llm=True)
    assert first.traits_contradicted == 1 and first.llm_calls == 1  # the first contradiction only counts
    [after_first] = await traits(llm_service)
    assert after_first["contradiction_count"] == 1 and after_first["confidence"] == pytest.approx(0.32)
    await seed_memories(llm_service, [Seed("c2", "s6", "Ana quit coffee for good", "event", day=12)])
    script(llm_server, contradictions=[{"trait_id": "t1", "contradicting_evidence_ids": ["m1"], "strong": True}])
    llm_server.answer(
        content='{"action": "modify", "new_content": "Drank coffee every morning until May", "reasoning": "quit"}'
    )
    second = await run(llm_service, clock, llm=True)
    assert second.llm_calls == 2 and second.traits_modified == 1, second.notes
    review = llm_server.requests[-1]["messages"][1]["content"]
    assert "Ana quit coffee for good" in review and "Ana went running along the river at dawn" in review
    [modified] = await traits(llm_service)
    assert modified["content"] == "Drank coffee every morning until May"
    assert modified["contradiction_count"] == 0 and modified["confidence"] == pytest.approx(0.4)
    assert (
        await count(
            llm_service,
            "MATCH (h:HistoryEntry {event: 'modified', actor: 'reflection'})-[:RECORDS]->(:Trait {uid: $t}) "
            "WHERE h.old_value = 'Drinks coffee every morning' AND h.new_value = $new RETURN count(h)",
            t=trait["uid"],
            new="Drank coffee every morning until May",
        )
        == 1
    )
    feed = await trait_changes(llm_service, trait["uid"])
    review = [(c["change"], c["oldValue"], c["newValue"]) for c in feed]
    assert sorted(change for change, _, _ in review) == ["contradicted", "contradicted", "created", "modified"]
    [rewrite] = [(old, new) for change, old, new in review if change == "modified"]
    assert rewrite == ("Drinks coffee every morning", "Drank coffee every morning until May")
    assert (
        await count(
            llm_service,
            "MATCH (e:Evidence)-[:CONTRADICTS]->(:Trait {uid: $t}) WHERE e.resolved_at IS NOT NULL RETURN count(e)",
            t=trait["uid"],
        )
        == 2
    )


async def test_a_trait_change_happened_when_the_latest_evidence_it_rested_on_was_said(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    clock = Clock(at(20))
    trait = await create_behavior(llm_service, llm_server, clock)  # memories said on days 1, 2 and 3
    clock.advance(days=1)
    await seed_memories(llm_service, [Seed("c1", "s5", "Ana slept in and skipped her run", "event", day=11)])
    script(llm_server, contradictions=[{"trait_id": "t1", "contradicting_evidence_ids": ["m1"]}])
    assert (await run(llm_service, clock, llm=True)).traits_contradicted == 1
    feed = await llm_service.belief_changes(user_id=USER, start=at(1), end=datetime.now(UTC) + timedelta(days=1))
    times = [(c.change, c.at, c.happened_at) for c in feed.items if c.target_uid == trait["uid"]]
    assert times == [("created", at(20), at(3)), ("contradicted", at(21), at(11))]
    by_happened = await llm_service.belief_changes(user_id=USER, start=at(4), end=at(12), by="happened")
    assert [(c.target_uid, c.change) for c in by_happened.items if c.kind == "trait"] == [
        (trait["uid"], "contradicted")
    ]


async def test_focused_call_dissolves_or_fails_harmlessly(llm_service: MemoryService, llm_server: FakeOpenAI) -> None:
    clock = Clock(at(10))
    await create_behavior(llm_service, llm_server, clock, content="Drinks coffee every morning")
    for i in (1, 2):
        await seed_memories(llm_service, [Seed(f"c{i}", f"s{4 + i}", f"Ana refused coffee, day {i}", "event", day=11)])
        script(llm_server, contradictions=[{"trait_id": "t1", "contradicting_evidence_ids": ["m1"]}])
        if i == 2:
            llm_server.answer(content='{"action": "explode"}')  # malformed: keep the trait, look again next time
        outcome = await run(llm_service, clock, llm=True)
        assert outcome.status == "COMPLETED"
    assert "failed" in outcome.notes[-1]
    [kept] = await traits(llm_service)
    assert kept["stage"] != "dissolved" and kept["contradiction_count"] == 2
    clock.advance(days=25)
    script(llm_server)
    llm_server.answer(content='{"action": "dissolve", "reasoning": "no longer drinks coffee"}')
    await seed_memories(llm_service, [Seed("c3", "s9", "Ana drinks tea now", "event", day=12)])
    again = await run(llm_service, clock, llm=True)
    assert again.traits_dissolved == 1 and again.llm_calls == 2
    [gone] = await traits(llm_service)
    assert gone["stage"] == "dissolved"
