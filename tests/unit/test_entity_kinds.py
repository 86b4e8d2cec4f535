"""Entity kinds: places from the GeoNames gazetteer, works from quoted titles and categories, Chinese names where
the words around them agree with jieba's tags, and no pending observation for a word named once whose kind no one
could tell."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from graphsvc.config import Settings
from graphsvc.conversation import ConversationMessage
from graphsvc.graph.identity import IdentityIndex
from graphsvc.pipeline.extraction.offline import extract_offline
from graphsvc.pipeline.impressions import observe
from graphsvc.pipeline.impressions import offline as offline_planner
from graphsvc.pipeline.impressions.active import build_active_entities, detect_mentions
from graphsvc.pipeline.impressions.aggregate import aggregate
from graphsvc.pipeline.impressions.resolve import resolve
from graphsvc.text import gazetteer
from graphsvc.text.entities import extract_entities

AT = datetime(2024, 5, 1, 9, tzinfo=UTC)


def _kinds(*texts: str) -> dict[str, str]:
    messages = [
        ConversationMessage(message_id=f"m{i}", role="user", content=t, occurred_at=AT) for i, t in enumerate(texts)
    ]
    return {e.name: e.kind for e in extract_entities(messages)}


def test_gazetteer_places_are_places_even_with_a_possessive() -> None:
    kinds = _kinds("We loved Lisbon's old trams. New Zealand was my favourite trip, and Portugal next.")
    assert kinds["Lisbon"] == "place" and kinds["New Zealand"] == "place" and kinds["Portugal"] == "place"
    assert "Reading" not in _kinds("Reading is my favourite hobby.")  # a sentence-initial city name: not trusted
    assert gazetteer.is_place("Paris") and gazetteer.is_place("巴黎") and not gazetteer.is_place("Miso")
    assert gazetteer.is_region("Portugal") and not gazetteer.is_region("Lisbon")


def test_person_context_beats_a_city_that_is_also_a_given_name() -> None:
    assert gazetteer.is_place("Florence")  # a city...
    assert _kinds("I had lunch with my friend Florence today.")["Florence"] == "person"  # ...and a friend


def test_quoted_titles_are_works() -> None:
    kinds = _kinds('I just finished "The Silent River" and loved it.', "我在看《平凡的世界》。")
    assert kinds["The Silent River"] == "work" and kinds["平凡的世界"] == "work"


def test_the_category_a_sentence_names_decides_the_kind() -> None:
    kinds = _kinds(
        "Yesterday I made a decent Moss Lane Chicken dish.",
        'I learned a new dish called "Sour Plum Stew" today.',
        "My cousin Harbin is visiting next week.",  # a kin word beats a city name
        "I bought tickets for the Blue Heron festival.",
        "I'm reading Hollow Crown at the moment.",
        "I was listening to Nina Simone all evening.",  # the model's person, listened to: a person
        "I loved the album Quiet Harbour.",
    )
    assert kinds["Moss Lane Chicken"] == "thing" and kinds["Sour Plum Stew"] == "thing"
    assert kinds["Harbin"] == "person" and kinds["Blue Heron"] == "thing"
    assert kinds["Hollow Crown"] == "work" and kinds["Quiet Harbour"] == "work"
    assert kinds["Nina Simone"] == "person"
    assert _kinds("I was watching TV all evening.").get("TV") != "work"


def test_chinese_names_need_the_words_around_them() -> None:
    kinds = _kinds("上周我和王建国一起去了杭州。")
    assert kinds["王建国"] == "person" and kinds["杭州"] == "place"
    assert _kinds("我每天早上跑马拉松。") == {}  # jieba tags 马拉松 a person's name


def _decisions(*texts: str) -> dict[str, str]:
    messages = [
        ConversationMessage(message_id=f"m{i}", role="user", speaker="Ana", content=t, occurred_at=AT)
        for i, t in enumerate(texts)
    ]
    settings = Settings()
    active = build_active_entities(detect_mentions(messages), messages, index=IdentityIndex(), batch_size=8)
    rounds = asyncio.run(
        observe.run(
            llm=None,
            active=active,
            messages=messages,
            settings=settings.impressions,
            statements=extract_offline(messages).memories,
        )
    )
    merged = aggregate(rounds.plans, messages=messages, active=active, settings=settings.impressions)
    return {
        r.observation.subject: r.decision
        for r in resolve(merged, index=IdentityIndex(), settings=settings.impressions).resolved
    }


def test_a_thing_named_once_is_not_observed_and_named_twice_waits_for_review() -> None:
    once = _decisions("The Zorblat thing was odd.", "Anyway, I went home.")
    assert "Zorblat" not in once and "postponed" not in once.values()
    # named once as what someone watched: a work, which has its kind and is created
    assert _decisions("We watched Zorblat last night.", "Anyway, I went home.")["Zorblat"] == "create"
    # nothing evidences a thing's kind, nor that it is an entity: a person decides (a pending observation)
    twice = _decisions("The Zorblat thing was odd.", "Then Zorblat again, all week.")
    assert twice["Zorblat"] == "postponed"
    assert offline_planner.THING_CONFIDENCE < Settings().impressions.create_min_confidence


# --- the entity kinds people saw go wrong: each a right kind, or no entity -----------------------------------


def test_a_programming_language_and_a_game_are_never_a_person_or_an_organisation() -> None:
    kinds = _kinds(
        "I'm learning Rust and Kotlin this year.",
        "I've been playing Hollow Knight all weekend.",
        "Honestly Kotlin is nicer than Java.",
    )
    assert kinds["Rust"] == kinds["Kotlin"] == kinds["Hollow Knight"] == "thing"
    assert kinds.get("Java") not in ("person", "organization")


def test_a_pet_is_an_animal_never_a_person() -> None:
    kinds = _kinds("My dog Biscuit loves the beach.", "Biscuit barked all night.", "我家的猫叫团子。")
    assert kinds["Biscuit"] == "animal" and kinds["团子"] == "animal"


def test_a_film_title_is_no_person() -> None:
    assert _kinds("We watched Sweet Juliet last night.")["Sweet Juliet"] == "work"
    assert _kinds("Sweet Juliet was hilarious.").get("Sweet Juliet") != "person"  # the model calls it a person


def test_a_river_is_a_place_never_an_organisation() -> None:
    kinds = _kinds("We kayaked down the Ouse river.", "The River Wensum flooded again.")
    assert kinds["Ouse"] == "place" and kinds["River Wensum"] == "place"


def test_a_marathon_is_no_person() -> None:
    assert _kinds("我每天早上跑马拉松。", "我下个月要去杭州跑马拉松。") == {"杭州": "place"}


def test_interjections_and_vocatives_are_no_entities() -> None:
    messages = [
        ConversationMessage(message_id=f"m{i}", role="user", speaker="Ana", content=t, occurred_at=AT)
        for i, t in enumerate(("Hey Assistant, can you help me plan?", "Thanks Sam, that helps!", "Wow. Ok, great."))
    ]
    assert [(e.name, e.kind) for e in detect_mentions(messages)] == [("Ana", "person")]
