"""Issue 12: the offline slot rules, the speaker subject and the slot key."""

from __future__ import annotations

import pytest

from graphsvc import keys
from graphsvc.pipeline.memories.slots import (
    MAX_SLOT_CHARS,
    memory_slot,
    normalise_slot,
    offline_slot,
    split_speaker,
)
from graphsvc.vocabulary import MemoryType


@pytest.mark.parametrize(
    ("statement", "memory_type", "slot", "value"),
    [
        ("I live in Lisbon.", "fact", "lives_in", "lisbon"),
        ("I currently live in New York with my cat.", "fact", "lives_in", "new york"),
        ("I moved to Porto last week.", "event", "lives_in", "porto"),
        ("I'm originally from Brazil.", "fact", "from", "brazil"),
        ("I work as a nurse.", "fact", "occupation", "nurse"),
        ("I became a teacher in 2019.", "event", "occupation", "teacher in 2019"),
        ("I work at Google now.", "fact", "works_at", "google"),
        ("I just got a new job at Acme.", "event", "works_at", "acme"),
        ("I got married last year.", "event", "relationship_status", "married"),
        ("I'm single.", "fact", "relationship_status", "single"),
        ("My husband is Tom.", "fact", "partner", "tom"),
        ("My name is Ana.", "fact", "name", "ana"),
        ("I am 34 years old.", "fact", "age", "34"),
        ("My dog is called Rex.", "fact", "dog.name", "rex"),
        ("My puppy's name is Bolt.", "fact", "dog.name", "bolt"),
        ("My sister lives in Paris.", "fact", "sister.lives_in", "paris"),
        ("My brother works as a chef.", "fact", "brother.occupation", "chef"),
        ("I love sushi.", "preference", "likes:sushi", "positive"),
        ("I really enjoy hiking in the mountains.", "preference", "likes:hiking", "positive"),
        ("I don't like sushi anymore.", "preference", "likes:sushi", "negative"),
        ("I hate the cold.", "preference", "likes:cold", "negative"),
        ("我现在住在上海。", "fact", "lives_in", "上海"),
        ("我搬到了北京。", "event", "lives_in", "北京"),
        ("我是一名医生。", "fact", "occupation", "医生"),
        ("我在腾讯工作。", "fact", "works_at", "腾讯"),
        ("我结婚了。", "event", "relationship_status", "结婚"),
        ("我的狗叫旺财。", "fact", "dog.name", "旺财"),
        ("我很喜欢吃火锅。", "preference", "likes:吃火锅", "positive"),
        ("我不喜欢吃火锅了。", "preference", "likes:吃火锅", "negative"),
    ],
)
def test_the_rules_find_the_slot_and_value(statement: str, memory_type: MemoryType, slot: str, value: str) -> None:
    found = offline_slot(statement, memory_type)
    assert found is not None and (found.slot, found.value) == (slot, value)


@pytest.mark.parametrize(
    ("statement", "memory_type"),
    [
        ("I don't live in Lisbon.", "fact"),  # negated: no value
        ("I lived in Lisbon as a child.", "fact"),  # past: not the current value
        ("I hope to move to Porto.", "goal"),  # goals never supersede
        ("I can't sleep at night.", "pain_point"),
        ("I love it.", "preference"),  # no thing to hang the slot on
        ("I love to.", "preference"),
        ("Doing something I love is awesome.", "preference"),
        ("I love that you chose pottery.", "preference"),
        ("My dog is sick.", "fact"),  # a state of the dog, not its name
        ("I went to the museum yesterday.", "event"),
        ("我想去北京。", "goal"),
    ],
)
def test_no_rule_no_slot(statement: str, memory_type: MemoryType) -> None:
    assert offline_slot(statement, memory_type) is None


def test_the_subject_is_the_speaker_prefix() -> None:
    assert split_speaker("Caroline: I live in Lisbon.") == ("Caroline", "I live in Lisbon.")
    assert split_speaker("I live in Lisbon.") == (None, "I live in Lisbon.")
    assert split_speaker("A very long prefix of many words: text") == (None, "A very long prefix of many words: text")
    caroline = memory_slot(user_id="u", content="Caroline: I live in Lisbon.", memory_type="fact")
    melanie = memory_slot(user_id="u", content="Melanie: I live in Paris.", memory_type="fact")
    other_user = memory_slot(user_id="v", content="Caroline: I live in Lisbon.", memory_type="fact")
    assert caroline is not None and melanie is not None and other_user is not None
    assert caroline.subject == "caroline" and caroline.slot_key == keys.memory_slot_key("u", "caroline", "lives_in")
    assert len({caroline.slot_key, melanie.slot_key, other_user.slot_key}) == 3


def test_a_given_slot_wins_and_keeps_the_rules_value_when_they_agree() -> None:
    given = memory_slot(user_id="u", content="I live in Lisbon.", memory_type="fact", given="Lives In")
    assert given is not None and (given.slot, given.value) == ("lives_in", "lisbon")
    other = memory_slot(user_id="u", content="I live in Lisbon.", memory_type="fact", given="home_city")
    assert other is not None and (other.slot, other.value) == ("home_city", None)
    assert memory_slot(user_id="u", content="I like long walks.", memory_type="goal") is None


def test_normalise_slot() -> None:
    assert normalise_slot(" Dog Name ") == "dog_name"
    assert normalise_slot("sister.lives_in") == "sister.lives_in"
    assert normalise_slot("likes:sushi!") == "likes:sushi"
    assert normalise_slot("  ") is None and normalise_slot(None) is None
    assert len(normalise_slot("x" * 500) or "") == MAX_SLOT_CHARS


def test_a_feature_stated_from_the_same_message_gives_its_key_as_slot() -> None:
    from graphsvc.pipeline.extraction.contract import ExtractedMemory, MemoryExtraction
    from graphsvc.pipeline.extraction.run import with_feature_slots

    def memory(content: str, ids: list[str], slot: str | None = None) -> ExtractedMemory:
        return ExtractedMemory(
            memory_type="fact", content=content, confidence=0.9, importance=0.5, source_message_ids=ids, slot=slot
        )

    features = [
        (["ana"], "home_city", "Porto", ["m1"]),
        (["ana"], "employer", "Acme", ["m2"]),
        (["ana"], "team", "data team", ["m2"]),
        (["ana"], "lives_in", "Lisbon", ["m3"]),
    ]
    extraction = MemoryExtraction(
        memories=[
            memory("Ana: Porto is where I stay now.", ["m1"]),  # no rule knows it; the feature does
            memory("Ana: I joined Acme, in the data team.", ["m2"]),  # two features stated: ambiguous
            memory("Bo: Porto is lovely.", ["m1"]),  # another speaker
            memory("Ana: I stay in Porto.", ["m1"], slot="given"),  # a given slot is kept
            memory("Porto is where I stay now.", ["m1"]),  # no speaker
            memory("Ana: The weather is nice.", ["m1"]),  # same message, but it does not state the value
            memory("Ana: I live in Lisbon.", ["m3"]),  # the rules know it (their slot is taken later)
        ]
    )
    assert [m.slot for m in with_feature_slots(extraction, features).memories] == [
        "home_city",
        None,
        None,
        "given",
        None,
        None,
        None,
    ]


def test_an_overlong_llm_slot_never_fails_the_answer() -> None:
    from graphsvc.pipeline.extraction.contract import ExtractedMemory

    memory = ExtractedMemory(
        memory_type="fact",
        content="I live in Lisbon.",
        confidence=0.9,
        importance=0.5,
        source_message_ids=["m1"],
        slot="where_the_user_lives_" * 20,
    )
    found = memory_slot(user_id="u", content=memory.content, memory_type="fact", given=memory.slot)
    assert found is not None and len(found.slot) == MAX_SLOT_CHARS and found.value is None
