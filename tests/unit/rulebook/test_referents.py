"""A speaker's he, she, 他 and 她 stand for the one person they last named, across the turns of a conversation, and
for nobody when who is meant is in doubt (:mod:`graphsvc.rulebook.referents`)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graphsvc.conversation import ConversationMessage
from graphsvc.rulebook.extract import judge_conversation
from graphsvc.rulebook.referents import MAX_MESSAGES, Discourse, Referent

START = datetime(2025, 5, 1, 9, 0, tzinfo=UTC)


def _kept(*turns: tuple[str, str]) -> list[str]:
    messages = [
        ConversationMessage(
            message_id=f"m{n}",
            role="assistant" if who == "assistant" else "user",
            speaker=who or None,
            content=text,
            occurred_at=START + timedelta(minutes=n),
        )
        for n, (who, text) in enumerate(turns)
    ]
    return [j.statement.content for t in judge_conversation(messages) for j in t.judgements if j.statement]


def test_a_pronoun_in_a_later_turn_stands_for_the_person_named_before() -> None:
    kept = _kept(
        ("Nadia", "Selma, my older sister. She got engaged!!"),
        ("assistant", "How exciting! Tell me more."),
        ("Nadia", "her fiancé is called Marek, he's a pilot"),
    )
    assert "Nadia's older sister's fiancé is called Marek." in kept
    assert not any("Marek is a pilot" in k or "sister is a pilot" in k for k in kept)  # two people named: unsure


def test_the_assistant_speaking_of_someone_else_moves_the_pronoun_to_them() -> None:
    kept = _kept(
        ("Nadia", "My sister Selma is visiting next week."),
        ("assistant", "Lovely! And how is your mum doing?"),
        ("Nadia", "She's allergic to cats."),
    )
    assert "Nadia's mum is allergic to cats." in kept
    assert not any("sister" in k and "allergic" in k for k in kept)
    kept = _kept(
        ("Nadia", "My sister Selma is visiting next week."),
        ("assistant", "Lovely! How are your mum and your dad?"),  # two people: "she" is unsure
        ("Nadia", "She's allergic to cats."),
    )
    assert not any("allergic" in k for k in kept)


def test_the_assistant_speaking_of_someone_else_counts_for_a_speaker_without_a_name() -> None:
    said = [("", "My sister Selma is visiting next week."), ("", "She's allergic to cats.")]
    assert "My sister is allergic to cats." in _kept(*said)
    after_mum = _kept(said[0], ("assistant", "How is your mum?"), said[1])
    assert not any("sister" in k and "allergic" in k for k in after_mum)
    assert "My mum is allergic to cats." in after_mum  # the person the assistant just asked about


def test_the_one_person_of_theirs_the_assistant_asks_about_is_whom_the_reply_speaks_of() -> None:
    kept = _kept(
        ("assistant", "Sorry to hear about your landlord. What's his name?"),
        ("Ana", "Derek. he never answers his phone"),
        ("assistant", "How are your parents doing?"),  # two people: nobody to point at
        ("Ana", "She's allergic to cats."),
    )
    assert "Ana's landlord's name is Derek." in kept
    assert not any("allergic" in k for k in kept)


def test_a_pronoun_of_the_other_gender_or_after_two_people_is_not_resolved() -> None:
    assert not any("allergic" in k for k in _kept(("Nadia", "My brother Tarik moved to Lyon. She's allergic to cats.")))
    two = _kept(("Nadia", "My mum and my aunt came over."), ("Nadia", "She's allergic to cats."))
    assert not any("allergic" in k for k in two)


def test_another_speakers_pronoun_is_not_resolved_with_someone_elses_person() -> None:
    kept = _kept(("Nadia", "My sister Selma lives in Porto."), ("Ivo", "She's allergic to cats."))
    assert not any("allergic" in k for k in kept)


def test_a_referent_is_forgotten_after_a_few_messages_without_it() -> None:
    quiet = [("Nadia", "ok"), ("assistant", "Sure.")] * (MAX_MESSAGES + 1)
    kept = _kept(("Nadia", "My dad retired in March."), *quiet, ("Nadia", "He's allergic to cats."))
    assert not any("allergic" in k for k in kept)
    near = _kept(("Nadia", "My dad retired in March."), ("Nadia", "ok"), ("Nadia", "He's allergic to cats."))
    assert "Nadia's dad is allergic to cats." in near


def test_chinese_across_turns() -> None:
    kept = _kept(
        ("陈晨", "女朋友叫苏雨，她喜欢安静的地方"),
        ("assistant", "那可以去书店看看。"),
        ("陈晨", "她不吃辣，帮我记一下"),
    )
    assert "陈晨的女朋友叫苏雨。" in kept
    assert "陈晨的女朋友不吃辣。" in kept
    assert not any("不吃辣" in k for k in _kept(("陈晨", "我哥哥叫陈亮。"), ("陈晨", "她不吃辣")))


def test_the_discourse_keeps_one_referent_per_speaker() -> None:
    discourse = Discourse()
    sister = Referent("my sister", "female", "sister")
    discourse.named("Nadia", [sister])
    assert discourse.referent("Nadia", "female") == sister
    assert discourse.referent("Nadia", "male") is None
    assert discourse.referent("Ivo", "female") is None
    discourse.heard("Ivo", {"sister"})  # the same relation word leaves it
    assert discourse.referent("Nadia", "female") == sister
    discourse.named("Nadia", [sister, Referent("Tom")])
    assert discourse.referent("Nadia", "female") is None


def test_someone_unnamed_in_between_leaves_the_pronoun_unresolved() -> None:
    en = _kept(("Nadia", "My dad met a taxi driver yesterday, he's from Leeds."))
    assert not any("from Leeds" in k for k in en)
    zh = _kept(("陈晨", "我和朋友看了部电影。电影讲一个年轻的出租车司机，后来他对人生有了新的认识。"))
    assert not any("认识" in k for k in zh)


def test_a_pet_named_since_leaves_the_pronoun_unresolved() -> None:
    en = _kept(
        ("Nadia", "My husband Colm retired in May."),
        ("Nadia", "We lost Biscuit, our old spaniel, last week."),
        ("Nadia", "He was nearly 14."),
    )
    assert not any("14" in k for k in en)
    zh = _kept(("陈晨", "我老公叫李伟。"), ("陈晨", "我家的狗昨天走丢了"), ("陈晨", "他今年十岁了"))
    assert not any("十岁" in k for k in zh)


def test_a_name_the_model_cannot_place_leaves_the_pronoun_unresolved() -> None:
    kept = _kept(
        ("Nadia", "My husband Colm retired in May."),
        ("Nadia", "we had to put Pickle down yesterday"),
        ("Nadia", "He was nearly 14."),
    )
    assert not any("14" in k for k in kept)


def test_a_bare_reply_answers_the_question_of_whoever_asked_it_before_never_the_speakers_own() -> None:
    kept = _kept(
        ("Mia", "Hey Tom! Where do you live now?"),
        ("Tom", "Bristol, near the harbour."),
        ("Tom", "Where do you live?"),
        ("Tom", "Leeds"),  # his own question: no answer of his
    )
    assert kept == ["Tom lives in Bristol, near the harbour."]
