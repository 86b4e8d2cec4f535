"""What graphsvc learns on its own is right, or nothing: entity kinds, impressions and topic tags of the examples
people gave, each either a correct output or none (memories: tests/unit/test_offline_statements.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphsvc.conversation import ConversationMessage
from graphsvc.graph.identity import IdentityIndex
from graphsvc.pipeline.extraction.offline import extract_offline
from graphsvc.pipeline.impressions import offline as offline_planner
from graphsvc.pipeline.impressions.active import build_active_entities, detect_mentions
from graphsvc.pipeline.tags.keywords import keywords
from graphsvc.rulebook import parse as rulebook_parse
from graphsvc.text import nlp
from graphsvc.text.entities import extract_entities

AT = datetime(2023, 5, 13, 15, 30, tzinfo=UTC)


def _turns(*turns: tuple[str, str]) -> list[ConversationMessage]:
    return [
        ConversationMessage(message_id=f"m{i}", role="user", speaker=speaker, content=text, occurred_at=AT)
        for i, (speaker, text) in enumerate(turns)
    ]


def test_nothing_said_to_an_entity_becomes_its_impression() -> None:
    messages = _turns(
        ("Gina", "No doubt, Jon you've got this."),
        ("Gina", "Understand where you're at, Jon."),
        ("Gina", "Keep going, Jon!"),
        ("Gina", "Jon opened a dance studio in March and teaches there every day."),
        ("Jon", "Thanks Gina, you're such a good friend."),
    )
    active = build_active_entities(detect_mentions(messages), messages, index=IdentityIndex(), batch_size=8)
    analysis = offline_planner.analyse(
        messages, statements=extract_offline(messages).memories, entities=active.entities
    )
    observed = {
        o.proposed_subject: o
        for batch in active.batches
        for o in offline_planner.plan_batch(batch, analysis).observations
    }
    jon = [p.content for p in observed["Jon"].impressions]
    assert jon == ["Jon opened a dance studio in March and teaches there every day."]
    # two friends talking: the one who calls the other a friend relates to them
    assert [(r.relation, r.target) for r in observed["Jon"].relations] == [("friend", "Gina")]


def test_entity_kinds_of_the_issue() -> None:
    messages = _turns(
        ("Gina", "I lost my job at Door Dash last month."),
        ("Jon", "We put Marley flooring in the new studio."),
        ("张曼婷", "好的，谢谢你的推荐，我会去看一看。我一般会配一些西兰花。"),
        ("张曼婷", "我和李雪去了杭州西湖。"),
    )
    kinds = {e.name: e.kind for e in extract_entities(messages)}
    assert kinds.get("Door Dash") != "place"
    assert kinds.get("Marley") != "person"
    assert "谢谢" not in kinds and "西兰花" not in kinds
    assert kinds["李雪"] == "person" and kinds["杭州"] == "place"
    flowers = _turns(("张曼婷", "拓宽了我的视野，看到一朵开得特别美的樱花"))
    assert {e.name for e in extract_entities(flowers)} == {"张曼婷"}


def test_a_name_followed_by_a_time_word_is_still_a_person() -> None:
    messages = _turns(
        ("Caroline", "I had lunch with Mel yesterday and she looked really happy."),
        ("Jon", "I met Gina tonight at the studio."),
        ("Jon", "I saw Mira tonight at the studio."),  # seen: a person, or a film
    )
    kinds = {e.name: e.kind for e in extract_entities(messages)}
    assert kinds["Mel"] == "person" and kinds["Gina"] == "person" and kinds["Mira"] == "thing"


def test_a_title_that_opens_with_a_verb_is_no_person() -> None:
    messages = _turns(
        ("Ana", "We read Becoming Nicole together, the book was wonderful."),
        ("Bo", "I had dinner with Melanie Smith and Irving Berlin's grandson."),
    )
    kinds = {e.name: e.kind for e in extract_entities(messages)}
    assert kinds.get("Becoming Nicole") != "person" and kinds.get("Nicole") != "person"
    assert kinds["Melanie Smith"] == "person" and kinds["Irving Berlin"] == "person"


def test_interjections_and_verbs_are_not_entities() -> None:
    messages = _turns(
        ("Gina", "Wow! Yay, that's great. Check the list."),
        ("Jon", "Wow, thanks. Check it out tomorrow."),
    )
    assert {e.name for e in extract_entities(messages)} == {"Gina", "Jon"}


def test_tags_are_topics_not_interjections_or_speaker_names() -> None:
    text = (
        "Caroline: Wow, hey Mel! Yeah, great news, I went to a pottery class yesterday. "
        "Melanie: Wow, Caroline, great! Pottery class sounds fun, I love pottery and painting. "
        "Caroline: Yeah! The pottery class teacher showed us glazing."
    )
    tags = keywords(text, top=5, exclude=["Caroline", "Melanie"])
    assert "pottery" in " ".join(tags)
    assert not {"wow", "hey", "yeah", "great", "caroline", "mel", "melanie"} & {w for t in tags for w in t.split()}
    zh = keywords("张曼婷：你好啊，AI伴侣。我今天学了一道新的菜，叫做清蒸鲈鱼，非常好吃！鲈鱼很新鲜。", top=5)
    assert "鲈鱼" in zh and "张曼婷" not in zh and "非常" not in zh


def test_without_the_english_pipeline_only_speakers_are_entities(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nlp, "_parse", lambda text: None)
    rulebook_parse._parse.cache_clear()  # parses made with the pipeline
    messages = _turns(
        ("Ana", "I visited Lisbon with my friend Tomás."),
        ("Bo", "I saw Zorblat again."),
        ("李娜", "我的朋友张伟住在上海市。"),
    )
    kinds = {e.name: e.kind for e in extract_entities(messages)}
    rulebook_parse._parse.cache_clear()  # parses made without it
    assert kinds == {"Ana": "person", "Bo": "person", "李娜": "person", "张伟": "person", "上海市": "place"}
    assert nlp.english_entities("Lisbon") is None and nlp.english_tags("x") is None
    assert keywords("Wow, pottery class was fun. Pottery class again!", top=3)
