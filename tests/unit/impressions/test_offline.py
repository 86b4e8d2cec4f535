"""The offline planner honours the observation contract: speakers, names, places, aliases, features, relations."""

from __future__ import annotations

from graphsvc.conversation import ConversationMessage
from graphsvc.graph.identity import IdentityIndex
from graphsvc.pipeline.extraction.offline import extract_offline
from graphsvc.pipeline.impressions import offline
from graphsvc.pipeline.impressions.active import build_active_entities, detect_mentions
from graphsvc.pipeline.impressions.observation import ImpressionEntityObservation
from tests.unit.impressions.helpers import msg

CONVERSATION = [
    msg("m1", "Hey Mel! Good to see you! I live in Portland now.", speaker="Caroline", minute=1),
    msg(
        "m2",
        "Hey Caroline! I work as a nurse. My friend Oliver paints landscapes every weekend.",
        speaker="Melanie",
        minute=2,
    ),
    msg("m3", "Last summer we went to the Grand Canyon together with Oliver.", speaker="Caroline", minute=3),
    msg("m4", "我的朋友张伟在北京工作。我住在上海市。", speaker="李娜", minute=4),
]


def observe_all() -> dict[str, ImpressionEntityObservation]:
    active = build_active_entities(detect_mentions(CONVERSATION), CONVERSATION, index=IdentityIndex(), batch_size=2)
    analysis = offline.analyse(
        CONVERSATION, statements=extract_offline(CONVERSATION).memories, entities=active.entities
    )
    out = {}
    for batch in active.batches:
        plan = offline.plan_batch(batch, analysis)
        assert plan.status == "PREPARED"
        out.update({o.proposed_subject: o for o in plan.observations})
    return out


def test_every_active_entity_is_observed_with_its_runtime_id() -> None:
    observed = observe_all()
    assert {"Caroline", "Melanie", "Oliver", "Grand Canyon", "李娜", "张伟"} <= set(observed)
    assert all(len(o.source_active_runtime_ids) == 1 for o in observed.values())


def test_aliases_and_kinds_come_from_the_entity_rules() -> None:
    observed = observe_all()
    assert observed["Melanie"].aliases == ["Mel"]
    assert observed["Melanie"].kind == "person" and observed["Grand Canyon"].kind == "place"
    assert observed["Melanie"].confidence == 0.95  # a speaker


def test_first_person_statements_become_the_speakers_impressions() -> None:
    melanie = observe_all()["Melanie"]
    assert any(
        "Melanie works as a nurse" in p.content and p.evidence_message_ids == ["m2"] for p in melanie.impressions
    )


def test_third_person_sentences_become_impressions_of_the_named_entity() -> None:
    oliver = observe_all()["Oliver"]
    contents = [p.content for p in oliver.impressions]
    assert "Melanie's friend Oliver paints landscapes every weekend." in contents  # the speaker named
    assert all(p.confidence == offline.THIRD_PERSON_CONFIDENCE for p in oliver.impressions)


def test_features_and_relations_of_speakers() -> None:
    observed = observe_all()
    assert {(f.key, f.value) for f in observed["Caroline"].features} == {("lives_in", "Portland")}
    assert {(f.key, f.value) for f in observed["Melanie"].features} == {("occupation", "nurse")}
    assert [(r.relation, r.target) for r in observed["Melanie"].relations] == [("friend", "Oliver")]
    assert [(r.relation, r.target) for r in observed["Caroline"].relations] == [("lives_in", "Portland")]
    li = observed["李娜"]
    assert [(r.relation, r.target) for r in li.relations] == [("friend", "张伟"), ("lives_in", "上海市")]
    assert ("lives_in", "上海市") in {(f.key, f.value) for f in li.features}


def test_the_plan_is_deterministic() -> None:
    assert observe_all() == observe_all()


def test_a_batch_without_evidence_is_rejected_with_a_reason() -> None:
    active = build_active_entities(detect_mentions(CONVERSATION), CONVERSATION, index=IdentityIndex(), batch_size=8)
    plan = offline.plan_batch(active.batches[0], offline.analyse([], statements=[]))
    assert plan.status == "REJECTED" and plan.reason


def _features(messages: list[ConversationMessage]) -> dict[str, list[tuple[str, str, list[str]]]]:
    """Speaker → (key, value, evidence) of the features the planner gives them."""
    active = build_active_entities(detect_mentions(messages), messages, index=IdentityIndex(), batch_size=8)
    analysis = offline.analyse(messages, statements=[], entities=active.entities)
    return {
        name: [(f.key, f.value, f.evidence_message_ids) for f in features]
        for name, features in analysis.features.items()
    }


def test_a_move_sets_where_the_speaker_lives_without_the_time_that_follows_it() -> None:
    own = [
        msg("m1", "I moved to Porto last week, finally.", speaker="Ana", minute=1),
        msg("m2", "我上个月搬到了杭州。", speaker="Li", minute=2),
        msg("m3", "I live in Lisbon since 2019.", speaker="Ines", minute=3),
        msg("m4", "I just moved to the Netherlands from Spain.", speaker="Jo", minute=4),
    ]
    assert _features(own) == {
        "Ana": [("lives_in", "Porto", ["m1"])],
        "Li": [("lives_in", "杭州", ["m2"])],
        "Ines": [("lives_in", "Lisbon", ["m3"])],
        "Jo": [("lives_in", "Netherlands", ["m4"])],
    }
    later = [msg("m1", "I live in Lisbon since 2019.", speaker="Ana", minute=1), own[0]]
    assert _features(later) == {"Ana": [("lives_in", "Porto", ["m1"])]}  # a later message's move replaces the home


def test_a_third_person_impression_loses_the_answer_word_it_opened_with() -> None:
    said = [
        msg("m1", "Do you run alone?", speaker="Sam", minute=1),
        msg("m2", "No, my friend Oliver runs with me every Sunday.", speaker="Melanie", minute=2),
    ]
    active = build_active_entities(detect_mentions(said), said, index=IdentityIndex(), batch_size=4)
    analysis = offline.analyse(said, statements=extract_offline(said).memories, entities=active.entities)
    observed = {o.proposed_subject: o for b in active.batches for o in offline.plan_batch(b, analysis).observations}
    contents = [p.content for p in observed["Oliver"].impressions]
    assert "Melanie's friend Oliver runs with Melanie every Sunday." in contents, contents
    assert not any(c.startswith("No") for c in contents)
