"""The offline reflector: word rules and the operations it proposes from embeddings."""

from __future__ import annotations

import pytest

from graphsvc.pipeline.reflection.offline import (
    content_keys,
    infer_context,
    is_negated,
    reflect_offline,
    states_cessation,
)
from tests.unit.reflection.factories import SETTINGS, evidence, memory, trait, unit, with_cosine

BASE = unit(1, 0, 0)
NEAR = with_cosine(BASE, 0.9)  # rescaled with floor 0: 0.9 ≥ 0.45
FAR = unit(0, 0, 1)


def test_content_keys_stem_english_and_skip_names_and_stop_words() -> None:
    assert content_keys("Emily: I really enjoy painting landscapes.") == {"enjoy", "paint", "landsc"}
    assert {"paint"} <= content_keys("I painted a portrait") and "run" in content_keys("I went running")
    assert "emily" not in content_keys("Yesterday Emily painted")
    assert "run" in content_keys("Running in the rain")


def test_content_keys_leave_out_the_name_a_memory_opens_with() -> None:
    # the offline memories name their speaker as the subject: a name in every memory links none of them
    assert content_keys("Lena goes running every morning.") == {"run", "morn"}
    assert content_keys("Lena got a teaching job near the Douro.") & content_keys("Lena goes running.") == set()
    assert content_keys("Melanie Smith paints landscapes") == {"paint", "landsc"}
    assert content_keys("Caroline's dog barks") == {"dog", "bark"}
    assert content_keys("Pottery is fun") == {"potter", "fun"} and "run" in content_keys("Running in the rain")
    assert content_keys("张曼婷很喜欢绘画") == {"绘", "画"}


def test_content_keys_chinese_characters_outside_the_stop_list() -> None:
    assert content_keys("张曼婷：我很喜欢绘画") == {"绘", "画"}
    assert content_keys("我昨天画了一幅风景画") & content_keys("我很喜欢绘画") == {"画"}


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("I love coffee", False),
        ("I don't drink coffee anymore", True),
        ("I quit coffee in May", True),
        ("Ana: I no longer run", True),
        ("我喜欢咖啡", False),
        ("我不再喝咖啡了", True),
        ("我讨厌跑步", True),
    ],
)
def test_negation_cues(text: str, negated: bool) -> None:
    assert is_negated(text) is negated


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("My boss wants the project done", "work"),
        ("I study for the exam", "learning"),
        ("Dinner with friends", "social"),
        ("My mother is ill", "personal"),
        ("我在公司加班", "work"),
        ("I like the sea", "general"),
    ],
)
def test_context_rules(text: str, context: str) -> None:
    assert infer_context(text) == context


def test_linked_memories_across_conversations_become_a_behavior_or_trend() -> None:
    mems = [
        ("m1", memory("a", content="I love running", vector=BASE, sessions=("s1",), is_new=False)),
        ("m2", memory("b", content="I went running again", vector=NEAR, sessions=("s2",))),
        ("m3", memory("c", content="Running in the rain", vector=NEAR, sessions=("s3",))),
        ("m4", memory("d", content="I painted a portrait", vector=FAR, sessions=("s3",))),
    ]
    out = reflect_offline(memories=mems, traits=[], settings=SETTINGS, similarity_floor=0.0)
    assert [sorted(b.evidence_ids) for b in out.new_behaviors] == [["m1", "m2", "m3"]]
    assert out.new_behaviors[0].content == "Enjoys running"
    assert not out.new_trends
    two = reflect_offline(memories=mems[:2], traits=[], settings=SETTINGS, similarity_floor=0.0)
    assert [sorted(t.evidence_ids) for t in two.new_trends] == [["m1", "m2"]]
    assert two.new_trends[0].window_days == 30


def test_similar_vectors_without_a_shared_word_are_not_linked() -> None:
    mems = [
        ("m1", memory("a", content="I went running today", vector=BASE, sessions=("s1",))),
        ("m2", memory("b", content="I love tea tasting", vector=NEAR, sessions=("s2",))),
    ]
    out = reflect_offline(memories=mems, traits=[], settings=SETTINGS, similarity_floor=0.0)
    assert not out.new_trends and not out.new_behaviors


def test_linked_memories_with_nothing_a_person_would_write_make_no_trait() -> None:
    mems = [
        ("m1", memory("a", content="I went to the office today", vector=BASE, sessions=("s1",), is_new=False)),
        ("m2", memory("b", content="I went to the office again", vector=NEAR, sessions=("s2",))),
        ("m3", memory("c", content="Office in the rain", vector=NEAR, sessions=("s3",))),
    ]
    out = reflect_offline(memories=mems, traits=[], settings=SETTINGS, similarity_floor=0.0)
    assert not out.new_behaviors and not out.new_trends  # no liked, wanted or repeated activity: no "Often mentions"


def test_an_activity_done_again_is_a_habit_a_person_would_write() -> None:
    mems = [
        ("m1", memory("a", content="I went running today", vector=BASE, sessions=("s1",), is_new=False)),
        ("m2", memory("b", content="I went running again", vector=NEAR, sessions=("s2",))),
        ("m3", memory("c", content="Running in the rain", vector=NEAR, sessions=("s3",))),
    ]
    out = reflect_offline(memories=mems, traits=[], settings=SETTINGS, similarity_floor=0.0)
    assert [t.content for t in out.new_behaviors] == ["Goes running regularly"]  # as 经常画画 is "often paints"


def test_a_habit_said_twice_is_not_absorbed_by_a_memory_sharing_only_the_name() -> None:
    mems = [
        ("m1", memory("a", content="Lena got a teaching job near the Douro.", vector=BASE, sessions=("s2",))),
        ("m2", memory("b", content="Lena goes running every morning.", vector=NEAR, sessions=("s1",), is_new=False)),
        ("m3", memory("c", content="Lena still goes running every morning.", vector=NEAR, sessions=("s2",))),
    ]
    out = reflect_offline(memories=mems, traits=[], settings=SETTINGS, similarity_floor=0.0)
    assert [(t.content, sorted(t.evidence_ids)) for t in out.new_trends] == [("Goes running regularly", ["m2", "m3"])]


def test_one_conversation_never_makes_a_trait() -> None:
    mems = [(f"m{i}", memory(f"x{i}", content="I went running", vector=BASE, sessions=("s1",))) for i in range(4)]
    out = reflect_offline(memories=mems, traits=[], settings=SETTINGS, similarity_floor=0.0)
    assert not out.new_trends and not out.new_behaviors


def test_new_memories_reinforce_or_contradict_the_linked_trait() -> None:
    t = trait("t", content="Goes running every morning", vector=BASE)
    t.evidence = [evidence("old", sessions=("s1",))]
    mems = [
        ("m1", memory("a", content="I went running before work", vector=NEAR, sessions=("s2",))),
        ("m2", memory("b", content="I don't go running any more", vector=NEAR, sessions=("s2",))),
        ("m3", memory("c", content="I went running at dawn", vector=NEAR, sessions=("s1",), is_new=False)),
    ]
    out = reflect_offline(memories=mems, traits=[("t1", t)], settings=SETTINGS, similarity_floor=0.0)
    assert [(r.trait_id, r.new_evidence_ids, r.quality_grade) for r in out.reinforcements] == [("t1", ["m1"], "C")]
    assert [(c.trait_id, c.contradicting_evidence_ids) for c in out.contradictions] == [("t1", ["m2"])]


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        ("Ana stopped running last month.", True),
        ("Ana quit smoking", True),
        ("Ana no longer paints", True),
        ("Ana doesn't swim any more", True),
        ("张曼婷不再画画了", True),
        ("他戒了烟", True),
        ("Ana doesn't like sushi", False),
        ("Ana stopped by the bakery", True),  # a cue only: the trait's words must be in the memory too
        ("Ana goes running", False),
    ],
)
def test_cessation_cues(text: str, ends: bool) -> None:
    assert states_cessation(text) is ends


def test_a_memory_saying_the_person_stopped_contradicts_the_trait_strongly_whatever_its_vector() -> None:
    t = trait("t", content="Goes running", vector=BASE, stage="trend", confidence=None)
    t.evidence = [evidence("old", sessions=("s1",))]
    mems = [("m1", memory("a", content="Ana stopped running last month.", vector=FAR, sessions=("s2",)))]
    out = reflect_offline(memories=mems, traits=[("t1", t)], settings=SETTINGS, similarity_floor=0.0)
    assert [(c.trait_id, c.contradicting_evidence_ids, c.strong) for c in out.contradictions] == [("t1", ["m1"], True)]
    assert not out.reinforcements


@pytest.mark.parametrize(
    ("trait_text", "rule_id", "said"),
    [
        ("Is giving up smoking", "en.trait.quitting", "Ana quit smoking last month."),
        ("在戒烟", "zh.trait.quitting", "王芳烟也彻底戒了。"),
    ],
)
def test_a_memory_saying_the_habit_was_given_up_bears_out_a_trait_of_giving_it_up(
    trait_text: str, rule_id: str, said: str
) -> None:
    t = trait("t", content=trait_text, vector=BASE, stage="trend", confidence=None)
    t.rule_id = rule_id
    t.evidence = [evidence("old", sessions=("s1",))]
    mems = [("m1", memory("a", content=said, vector=NEAR, sessions=("s2",)))]
    out = reflect_offline(memories=mems, traits=[("t1", t)], settings=SETTINGS, similarity_floor=0.0)
    assert not out.contradictions
    assert [(r.trait_id, r.new_evidence_ids) for r in out.reinforcements] == [("t1", ["m1"])]


@pytest.mark.parametrize(
    "text",
    [
        "Ana stopped by the bakery last month.",  # a cessation cue without the trait's words
        "Ana stopped running along the river.",  # the trait's words, but the trait names more
    ],
)
def test_a_cessation_without_every_word_of_the_trait_is_not_linked_by_the_rule(text: str) -> None:
    t = trait("t", content="Goes running in the park", vector=BASE, stage="trend", confidence=None)
    mems = [("m1", memory("a", content=text, vector=FAR, sessions=("s2",)))]
    out = reflect_offline(memories=mems, traits=[("t1", t)], settings=SETTINGS, similarity_floor=0.0)
    assert not out.contradictions and not out.reinforcements


def test_a_linked_negation_that_ends_nothing_the_trait_names_is_a_weak_contradiction() -> None:
    t = trait("t", content="Goes running every morning", vector=BASE)
    mems = [("m1", memory("a", content="I don't go running any more", vector=NEAR, sessions=("s2",)))]
    out = reflect_offline(memories=mems, traits=[("t1", t)], settings=SETTINGS, similarity_floor=0.0)
    assert [(c.contradicting_evidence_ids, c.strong) for c in out.contradictions] == [(["m1"], False)]


def test_same_conversation_support_is_grade_d() -> None:
    t = trait("t", content="Goes running", vector=BASE)
    t.evidence = [evidence("old", sessions=("s1",))]
    mems = [("m1", memory("a", content="running again", vector=NEAR, sessions=("s1",)))]
    out = reflect_offline(memories=mems, traits=[("t1", t)], settings=SETTINGS, similarity_floor=0.0)
    assert out.reinforcements[0].quality_grade == "D"


def test_linked_behaviors_above_the_gate_are_proposed_for_upgrade() -> None:
    strong = [
        trait("a", confidence=0.55, content="Enjoys running", vector=BASE),
        trait("b", confidence=0.6, content="Enjoys running on Sundays", vector=NEAR),
    ]
    weak = trait("c", confidence=0.45, content="running shoes", vector=NEAR)
    out = reflect_offline(
        memories=[],
        traits=[("t1", strong[0]), ("t2", strong[1]), ("t3", weak)],
        settings=SETTINGS,
        similarity_floor=0.0,
    )
    [up] = out.upgrades
    assert up.new_subtype == "preference" and sorted(up.from_trait_ids) == ["t1", "t2"]
    assert up.new_content == "Enjoys running"


def test_two_people_s_linked_memories_make_one_trait_each() -> None:
    mems = [
        ("m1", memory("a", content="I love running", vector=BASE, sessions=("s1",), is_new=False, speakers=("Theo",))),
        ("m2", memory("b", content="I love running", vector=NEAR, sessions=("s1",), is_new=False, speakers=("Mia",))),
        ("m3", memory("c", content="I went running again", vector=NEAR, sessions=("s2",), speakers=("Theo",))),
        ("m4", memory("d", content="Running in the rain", vector=NEAR, sessions=("s2",), speakers=("Mia",))),
        ("m5", memory("e", content="Running before work", vector=NEAR, sessions=("s3",), speakers=("Theo", "Mia"))),
    ]
    out = reflect_offline(memories=mems, traits=[], settings=SETTINGS, similarity_floor=0.0)
    assert sorted(sorted(t.evidence_ids) for t in out.new_trends) == [["m1", "m3"], ["m2", "m4"]]
    assert not out.new_behaviors  # m5 (said by both) is evidence of neither


def test_a_memory_supports_only_a_trait_about_its_speaker() -> None:
    theo = trait("t", content="Goes running", vector=BASE, about="Theo")
    mia = trait("u", content="Goes running", vector=BASE, about="Mia")
    mems = [
        ("m1", memory("a", content="I went running before work", vector=NEAR, sessions=("s2",), speakers=("Mia",))),
    ]
    out = reflect_offline(memories=mems, traits=[("t1", theo), ("t2", mia)], settings=SETTINGS, similarity_floor=0.0)
    assert [(r.trait_id, r.new_evidence_ids) for r in out.reinforcements] == [("t2", ["m1"])]
    alone = reflect_offline(memories=mems, traits=[("t1", theo)], settings=SETTINGS, similarity_floor=0.0)
    assert not alone.reinforcements and not alone.contradictions


def test_an_offline_upgrade_says_which_traits_and_how_many_memories() -> None:
    running = trait("a", confidence=0.55, content="Enjoys running", vector=BASE, about="Theo")
    running.evidence = [evidence("m1", sessions=("s1",)), evidence("m2", sessions=("s2",))]
    sundays = trait("b", confidence=0.6, content="Enjoys running on Sundays", vector=NEAR, about="Theo")
    sundays.evidence = [
        evidence("m2", sessions=("s2",)),
        evidence("m3", sessions=("s3",)),
        evidence("m4", sessions=("s3",)),
    ]
    mias = trait("c", confidence=0.7, content="Enjoys running in the rain", vector=NEAR, about="Mia")
    out = reflect_offline(
        memories=[], traits=[("t1", running), ("t2", sundays), ("t3", mias)], settings=SETTINGS, similarity_floor=0.0
    )
    [up] = out.upgrades  # Mia's trait joins no upgrade of Theo's
    assert sorted(up.from_trait_ids) == ["t1", "t2"]
    assert up.reasoning == (
        '2 behavior traits of Theo linked by similar wording and a shared word: "Enjoys running on Sundays" '
        '(3 memories), "Enjoys running" (2 memories); 4 memories from 3 conversations in all'
    )


def test_which_traits_form_does_not_depend_on_the_order_the_memories_come_in() -> None:
    # a chain of links (running - river - walks - dog): two memories tie as the best-linked, and memories written
    # together tie on time too, so only a rule of the reflector's own may choose the group, never the input order
    said = [
        "Ana goes running.",
        "Ana goes running by the river.",
        "Ana walks by the river.",
        "Ana walks the dog.",
    ]
    records = [memory(f"u{i}", content=text, vector=BASE, sessions=(f"s{i}",)) for i, text in enumerate(said)]

    def formed(order: list[int]) -> set[tuple[str, tuple[str, ...]]]:
        mems = [(f"m{n + 1}", records[i]) for n, i in enumerate(order)]
        out = reflect_offline(memories=mems, traits=[], settings=SETTINGS, similarity_floor=0.0)
        texts = dict(mems)
        behaviors = {(b.content, tuple(sorted(texts[e].content for e in b.evidence_ids))) for b in out.new_behaviors}
        trends = {(t.content, tuple(sorted(texts[e].content for e in t.evidence_ids))) for t in out.new_trends}
        return behaviors | trends

    orders = [[0, 1, 2, 3], [3, 2, 1, 0], [2, 1, 0, 3], [1, 3, 0, 2]]
    results = [formed(order) for order in orders]
    assert results[0], "the chain forms a trait"
    assert all(result == results[0] for result in results)
