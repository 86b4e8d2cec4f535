"""Issue 21: a changed value is never a reinforcement; a paraphrase is never a new belief.

The minimal pairs (``tests/data/restatement_pairs.jsonl``, written for this test) hold both outcomes in English
and Chinese; ``scripts/bench/restatement.py`` reports the same set's accuracy through the whole dedup decision.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from graphsvc import keys
from graphsvc.graph.memories import Nearest
from graphsvc.pipeline.memories.dedup import Candidate, plan_dedup
from graphsvc.pipeline.memories.draft import Asserted
from graphsvc.pipeline.memories.restatement import compare, is_paraphrase, zh_number
from graphsvc.pipeline.memories.slots import MemorySlot, memory_slot, third_person_slot

PAIRS_PATH = Path(__file__).parents[1] / "data" / "restatement_pairs.jsonl"
PAIRS = [json.loads(line) for line in PAIRS_PATH.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_set_has_enough_pairs_of_each_kind() -> None:
    assert len(PAIRS) >= 60
    groups = {(p["lang"], p["outcome"]) for p in PAIRS}
    assert groups == {(lang, outcome) for lang in ("en", "zh") for outcome in ("changed", "restatement")}


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{p['lang']}-{p['kind']}-{i}" for i, p in enumerate(PAIRS)])
def test_minimal_pair(pair: dict[str, str]) -> None:
    found = compare(pair["old"], pair["new"])
    assert found.changed is (pair["outcome"] == "changed"), found
    assert compare(pair["new"], pair["old"]).changed is found.changed  # order does not matter


@pytest.mark.parametrize(
    ("old", "new", "kind"),
    [
        ("I have three cats.", "I have 2 cats.", "number"),
        ("Piano lessons are on Tuesday.", "Piano lessons are on Monday.", "day"),
        ("Piano lessons start in May.", "Piano lessons start in June.", "date"),
        ("Mia eats fish.", "Mia doesn't eat fish.", "negation"),
        ("Mia lives in Lisbon.", "Mia lives in Porto.", "entity"),
        ("Mia is vegetarian.", "Mia is vegan.", "value"),
        ("我有三只猫。", "我有两只猫。", "number"),
        ("课在周二。", "课在星期一。", "day"),
    ],
)
def test_each_rule_names_itself(old: str, new: str, kind: str) -> None:
    assert compare(old, new).kind == kind


def test_may_the_verb_is_no_month() -> None:
    assert not compare("I may visit Porto in June.", "I may visit Porto in June with Ana.").changed
    assert compare("We met in May.", "We met in June.").kind == "date"


@pytest.mark.parametrize(("numeral", "value"), [("一", 1), ("两", 2), ("十二", 12), ("二十", 20), ("三百零五", 305)])
def test_chinese_numerals(numeral: str, value: int) -> None:
    assert zh_number(numeral) == value


@pytest.mark.parametrize(
    ("statement", "subject", "slot", "value"),
    [
        ("Mia lives in Porto.", "mia", "lives_in", "porto"),
        ("Mia moved to Porto last week.", "mia", "lives_in", "porto"),
        ("Mia is vegan.", "mia", "diet", "vegan"),
        ("Mia has two cats.", "mia", "cat.count", "2"),
        ("I have three cats.", "", "cat.count", "3"),
        ("I am vegetarian.", "", "diet", "vegetarian"),
        ("Tom Berg works at Siemens.", "tom berg", "works_at", "siemens"),
        ("Sam is 34 years old.", "sam", "age", "34"),
        ("小明住在上海。", "小明", "lives_in", "上海"),
    ],
)
def test_third_person_slots(statement: str, subject: str, slot: str, value: str) -> None:
    found = third_person_slot(statement, "fact")
    assert found is not None
    assert (found[0], found[1].slot, found[1].value) == (subject, slot, value)


@pytest.mark.parametrize(
    "statement", ["She lives in Rome.", "The museum is in Porto.", "我住在上海。", "It has two cats."]
)
def test_no_named_subject_no_third_person_slot(statement: str) -> None:
    assert third_person_slot(statement, "fact") is None


def test_a_third_person_statement_and_a_speaker_prefix_share_the_subject() -> None:
    said = memory_slot(user_id="u", content="Mia: I live in Lisbon.", memory_type="fact")
    told = memory_slot(user_id="u", content="Mia lives in Porto.", memory_type="fact")
    assert said is not None and told is not None
    assert said.slot_key == told.slot_key and said.value != told.value


def _cand(content: str, *, slot: MemorySlot | None = None) -> Candidate:
    digest = keys.content_hash(content)
    return Candidate(
        memory=Asserted(memory_type="fact", content=content, confidence=0.9, importance=0.5),
        embedding=np.asarray([1.0, 0.0], dtype=np.float32),
        content_hash=digest,
        dedup_key=keys.memory_dedup_key("u", "fact", digest),
        slot=slot,
    )


def _plan(cand: Candidate, hit: Nearest) -> tuple[Candidate, list[tuple[str, MemorySlot]], int]:
    plan = plan_dedup([cand], user_id="u", exact={}, nearest={0: hit}, threshold=0.85, floor=0.0, changed_threshold=0.6)
    return cand, plan.adoptions, len(plan.reinforcements)


def test_a_changed_value_without_slots_shares_a_slot_with_the_old_memory() -> None:
    hit = Nearest("old", 0.95, content="My yoga class is on Tuesday.")
    cand, adoptions, reinforced = _plan(_cand("My yoga class is on Monday."), hit)
    assert reinforced == 0
    assert cand.slot is not None and cand.slot.slot == "near:old" and cand.slot.value is None
    assert adoptions == [("old", cand.slot)]


def test_a_paraphrase_still_reinforces() -> None:
    hit = Nearest("old", 0.95, content="My yoga class is on Tuesday.")
    cand, adoptions, reinforced = _plan(_cand("My yoga class is on Tuesdays."), hit)
    assert reinforced == 1 and cand.slot is None and not adoptions


def test_a_changed_value_takes_the_old_memorys_slot() -> None:
    hit = Nearest(
        "old", 0.9, "k-diet", "vegetarian", content="Mia is vegetarian.", slot_name="diet", slot_subject="mia"
    )
    cand, adoptions, _ = _plan(_cand("Mia is strictly vegan."), hit)
    assert cand.slot == MemorySlot(slot="diet", subject="mia", value=None, slot_key="k-diet")
    assert not adoptions


def test_an_old_memory_without_slot_adopts_the_new_ones() -> None:
    own = MemorySlot(slot="diet", subject="mia", value="vegan", slot_key="k-diet")
    cand, adoptions, _ = _plan(_cand("Mia is vegan.", slot=own), Nearest("old", 0.9, content="Mia is vegetarian."))
    assert adoptions == [("old", MemorySlot(slot="diet", subject="mia", value=None, slot_key="k-diet"))]


def test_two_different_slots_never_share() -> None:
    own = MemorySlot(slot="works_at", subject="mia", value="bosch", slot_key="k-work")
    hit = Nearest(
        "old", 0.9, "k-home", "lisbon", content="Mia lives in Lisbon.", slot_name="lives_in", slot_subject="mia"
    )
    cand, adoptions, reinforced = _plan(_cand("Mia works at Bosch.", slot=own), hit)
    assert cand.slot == own and not adoptions and reinforced == 0


@pytest.mark.parametrize(("cosine", "shares"), [(0.59, False), (0.6, False), (0.61, True)])
def test_changed_value_threshold(cosine: float, shares: bool) -> None:
    cand, adoptions, reinforced = _plan(_cand("I have two cats."), Nearest("old", cosine, content="I have four cats."))
    assert reinforced == 0 and bool(adoptions) is shares


def test_changed_values_in_one_batch_are_not_folded() -> None:
    first, second = _cand("The gym opens at 6 am."), _cand("The gym opens at 7 am.")
    plan = plan_dedup([first, second], user_id="u", exact={}, nearest={}, threshold=0.85, floor=0.0)
    assert plan.creates == [first, second]
    assert first.slot is not None and first.slot == second.slot


def test_two_facts_of_one_frame_are_no_changed_value_of_one_another() -> None:
    found = compare("Ana adopted a cat named Miso.", "Ana adopted a dog named Rex.")
    assert found.changed and found.places == 2 and not found.one_value_changed
    hit = Nearest("old", 0.95, content="Ana adopted a cat named Miso.")
    cand, adoptions, reinforced = _plan(_cand("Ana adopted a dog named Rex."), hit)
    assert cand.slot is None and not adoptions and reinforced == 0


@pytest.mark.parametrize("pair", [p for p in PAIRS if p["outcome"] == "changed"], ids=lambda p: p["new"])
def test_each_changed_pair_changes_one_value(pair: dict[str, str]) -> None:
    assert compare(pair["old"], pair["new"]).one_value_changed


def test_a_statement_sharing_only_its_subject_is_no_changed_value() -> None:
    found = compare("Ana works as a nurse.", "Ana may have moved hospitals.")
    assert found.changed and found.places == 1 and found.changed_share > 0.5 and not found.one_value_changed
    assert compare("我住在里斯本。", "我住在波尔图。").one_value_changed  # at the limit: half the characters


@pytest.mark.parametrize(
    ("old", "new", "paraphrase"),
    [
        ("I love hiking in the Alps.", "I really love hiking in the Alps.", True),  # a filler
        ("I love hiking in the Alps.", "I enjoy hiking in the Alps.", True),  # a synonym
        ("我喜欢在阿尔卑斯山徒步。", "我非常喜欢在阿尔卑斯山徒步。", True),
        ("I love hiking in the Alps.", "I love hiking in the Pyrenees.", False),  # a changed value
        ("I love hiking in the Alps.", "I don't love hiking in the Alps.", False),  # negated
        ("我喜欢在阿尔卑斯山徒步。", "我喜欢在黄山徒步。", False),
        ("I love hiking in the Alps.", "I love hiking.", False),  # a detail dropped: one place differs
        ("Buy milk", "Buy milk and eggs", False),  # a detail added
    ],
)
def test_is_paraphrase(old: str, new: str, paraphrase: bool) -> None:
    assert is_paraphrase(old, new) is paraphrase
    assert is_paraphrase(new, old) is paraphrase
