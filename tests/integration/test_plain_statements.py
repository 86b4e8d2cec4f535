"""What people tell an assistant, through the service as a user meets it: one statement per turn, an assistant
acknowledging each, the session ended and the jobs the service schedules run. Each plain statement becomes one
memory about the right person, by the rule that kept it; a compound statement becomes one memory per fact, so a
later move supersedes the home and leaves the job."""

from __future__ import annotations

from graphsvc.conversation import MessageIn
from graphsvc.service import MemoryService
from tests.integration.conftest import at

ENGLISH = {
    "My gate code is 2291.": "Ana's gate code is 2291.",
    "I'm allergic to shellfish.": "Ana is allergic to shellfish.",
    "I've been vegan since 2019.": "Ana has been vegan since 2019.",
    "My boss is called Dana Whitfield.": "Ana's boss is called Dana Whitfield.",
    "Please remember that our anniversary is on June 12th.": "Ana's anniversary is on June 12th.",
}
CHINESE = {"我女儿对牛奶过敏。": "王丽的女儿对牛奶过敏。", "我爸爸住在昆明。": "王丽的爸爸住在昆明。"}
SMALL_TALK = ("Thanks, that's all for now!", "How are you today?", "谢谢你！")
MORE_ENGLISH = {
    "My blood type is O negative.": "Ana's blood type is O negative.",
    "My bike lock combination is 5170.": "Ana's bike lock combination is 5170.",
    "I'm flying to Lima next Friday.": "Ana is flying to Lima next Friday.",
}
MORE_CHINESE = {
    "我是B型血。": "王丽是B型血。",
    "我的门禁密码是6053。": "王丽的门禁密码是6053。",
    "我在一家医院当护士。": "王丽在一家医院当护士。",
    "我老公下周要提醒我交电费。": "王丽的老公下周要提醒王丽交电费。",
}

CARE_AND_DAYS_ENGLISH = {
    "I'm getting my wisdom teeth out next Thursday.": "Ana is getting their wisdom teeth out next Thursday.",
    "My commute is about forty minutes each way.": "Ana's commute is about forty minutes each way.",
    "My doctor told me to cut down on salt.": "Ana's doctor told Ana to cut down on salt.",
    "I'm visiting my grandma this weekend.": "Ana is visiting their grandma this weekend.",
}
CARE_AND_DAYS_CHINESE = {
    "我下周四去拔智齿。": "王丽下周四去拔智齿。",
    "我每天坐地铁2号线上班。": "王丽每天坐地铁2号线上班。",
    "我的护照2028年3月到期。": "王丽的护照2028年3月到期。",
    "我是1991年出生的。": "王丽是1991年出生的。",
}

FIGURES_OF_SPEECH = ("I'm allergic to small talk.", "Honestly I'm married to my job.", "I live on coffee and toast.")
DUES_AND_DIETS_ENGLISH = {
    "I'm dairy-free.": "Ana is dairy-free.",
    "My car's MOT is due in March.": "Ana's car's MOT is due in March.",
    "My daughter's teacher is Mr Adeyemi.": "Ana's daughter's teacher is Mr Adeyemi.",
}
DUES_AND_DIETS_CHINESE = {
    "我的车明年三月要年检。": "王丽的车明年三月要年检。",
    "我爷爷今年九十四了。": "王丽的爷爷今年九十四了。",
}


async def tell(service: MemoryService, user: str, speaker: str, session: str, day: int, said: list[str]) -> None:
    """Each statement as a user turn with an acknowledgement after it; then the session ends and jobs run."""
    messages: list[MessageIn] = []
    for i, text in enumerate(said):
        when = at(day, minute=2 * i)
        messages.append(MessageIn(role="user", content=text, occurred_at=when, speaker=speaker))
        messages.append(MessageIn(role="assistant", content="Noted.", occurred_at=at(day, minute=2 * i + 1)))
    await service.ingest_messages(user_id=user, session_id=session, messages=messages)
    await service.end_conversation(user_id=user, session_id=session)
    await service.wait_for_jobs()


async def contents(service: MemoryService, user: str, *, superseded: bool = False) -> dict[str, str | None]:
    """The user's memories: content → the rule that kept it."""
    page = await service.memories(user_id=user, limit=100, include_superseded=superseded)
    return {m.content: m.rule_id for m in page.items if (m.status == "superseded") == superseded}


async def test_each_plain_statement_becomes_its_memory_and_small_talk_none(service: MemoryService) -> None:
    await tell(service, "ana", "Ana", "s1", 1, [*ENGLISH, *SMALL_TALK[:2]])
    await tell(service, "wl", "王丽", "s1", 1, [*CHINESE, SMALL_TALK[2]])
    english, chinese = await contents(service, "ana"), await contents(service, "wl")
    assert set(english) == set(ENGLISH.values()), english
    assert set(chinese) == set(CHINESE.values()), chinese
    assert all(rule and rule.startswith("en.keep.") for rule in english.values())
    assert all(rule and rule.startswith("zh.keep.") for rule in chinese.values())


async def test_a_move_supersedes_the_home_and_leaves_the_job(service: MemoryService) -> None:
    await tell(service, "ana", "Ana", "s1", 1, ["I live in Lisbon and work as a nurse."])
    assert set(await contents(service, "ana")) == {"Ana lives in Lisbon.", "Ana works as a nurse."}
    await tell(service, "ana", "Ana", "s2", 3, ["I moved to Porto last month."])
    now = set(await contents(service, "ana"))
    assert "Ana works as a nurse." in now and "Ana lives in Lisbon." not in now
    assert set(await contents(service, "ana", superseded=True)) == {"Ana lives in Lisbon."}


async def test_blood_groups_codes_trips_and_jobs_are_kept_about_the_speaker(service: MemoryService) -> None:
    await tell(service, "ana", "Ana", "s1", 1, [*MORE_ENGLISH])
    await tell(service, "wl", "王丽", "s1", 1, [*MORE_CHINESE])
    assert set(await contents(service, "ana")) == set(MORE_ENGLISH.values())
    assert set(await contents(service, "wl")) == set(MORE_CHINESE.values())


async def test_a_bare_reply_is_kept_in_the_words_of_the_question_it_answers(service: MemoryService) -> None:
    turns = [
        ("assistant", "Welcome! Where are you based?"),
        ("user", "Bradford, mostly."),
        ("assistant", "Lovely. What's your dog called?"),
        ("user", "Biscuit"),
        ("assistant", "Cute name."),
        ("user", "Leeds"),  # no question before it: nothing to answer, no memory
        ("assistant", "你是哪里人？"),
        ("user", "长沙。"),
    ]
    messages = [
        MessageIn(role=role, content=text, occurred_at=at(1, minute=i), speaker="Ana" if role == "user" else None)
        for i, (role, text) in enumerate(turns)
    ]
    await service.ingest_messages(user_id="ana", session_id="s1", messages=messages)
    await service.end_conversation(user_id="ana", session_id="s1")
    await service.wait_for_jobs()
    assert set(await contents(service, "ana")) == {
        "Ana is based in Bradford, mostly.",
        "Ana's dog is called Biscuit.",
        "Ana是长沙人。",
    }


async def test_appointments_commutes_advice_and_documents_are_kept(service: MemoryService) -> None:
    await tell(service, "ana", "Ana", "s1", 1, [*CARE_AND_DAYS_ENGLISH])
    await tell(service, "wl", "王丽", "s1", 1, [*CARE_AND_DAYS_CHINESE])
    assert set(await contents(service, "ana")) == set(CARE_AND_DAYS_ENGLISH.values())
    assert set(await contents(service, "wl")) == set(CARE_AND_DAYS_CHINESE.values())


async def test_a_new_weight_or_height_supersedes_the_old_one(service: MemoryService) -> None:
    await tell(service, "ana", "Ana", "s1", 1, ["I weigh 70 kilos.", "I'm 1.80 m tall."])
    await tell(service, "wl", "王丽", "s1", 1, ["我体重65公斤。"])
    await tell(service, "ana", "Ana", "s2", 20, ["I weigh 68 kilos."])
    await tell(service, "wl", "王丽", "s2", 20, ["我体重62公斤。"])
    assert set(await contents(service, "ana")) == {"Ana weighs 68 kilos.", "Ana is 1.80 m tall."}
    assert set(await contents(service, "ana", superseded=True)) == {"Ana weighs 70 kilos."}
    assert set(await contents(service, "wl")) == {"王丽体重62公斤。"}
    assert set(await contents(service, "wl", superseded=True)) == {"王丽体重65公斤。"}


async def test_a_figure_of_speech_is_no_memory_beside_plain_ones(service: MemoryService) -> None:
    await tell(service, "ana", "Ana", "s1", 1, [*FIGURES_OF_SPEECH, *DUES_AND_DIETS_ENGLISH])
    await tell(service, "wl", "王丽", "s1", 1, ["我对加班过敏。", *DUES_AND_DIETS_CHINESE])
    assert set(await contents(service, "ana")) == set(DUES_AND_DIETS_ENGLISH.values())
    assert set(await contents(service, "wl")) == set(DUES_AND_DIETS_CHINESE.values())


PASSING_DAY = ("We had pizza last night.", "we watched a film last night", "I'm allergic to paperwork, honestly.")
ASKED_AND_SHARED_ENGLISH = {
    "Can you note that my gate code is 2291?": "Ana's gate code is 2291.",
    "We're flying to Krakow on the 2nd of June to see my parents.": (
        "Ana is flying to Krakow on the 2nd of June to see their parents."
    ),
    "I take the tube to work.": "Ana takes the tube to work.",
}
PASSING_DAY_CHINESE = ("我们昨晚看了个电影。", "我对数学过敏，哈哈。")
ASKED_AND_SHARED_CHINESE = {
    "医生让我少吃盐。": "医生让王丽少吃盐。",
    "我老公开一辆白色的特斯拉。": "王丽的老公开一辆白色的特斯拉。",
    "我们五一要去厦门玩。": "王丽五一要去厦门玩。",
}


async def test_a_request_asked_and_a_shared_trip_are_kept_and_a_passing_evening_is_not(
    service: MemoryService,
) -> None:
    await tell(service, "ana", "Ana", "s1", 1, [*PASSING_DAY, *ASKED_AND_SHARED_ENGLISH])
    await tell(service, "wl", "王丽", "s1", 1, [*PASSING_DAY_CHINESE, *ASKED_AND_SHARED_CHINESE])
    assert set(await contents(service, "ana")) == set(ASKED_AND_SHARED_ENGLISH.values())
    assert set(await contents(service, "wl")) == set(ASKED_AND_SHARED_CHINESE.values())


LEADS_AND_TAILS_ENGLISH = {
    "Quick one: I'm gluten intolerant, any ideas for breakfast?": ("Ana is gluten intolerant.",),
    "As a nurse working nights, I struggle to sleep during the day.": (
        "Ana is a nurse working nights.",
        "Ana struggles to sleep during the day.",
    ),
    "My mum's name is Patricia and she lives in Norwich.": (
        "Ana's mum's name is Patricia.",
        "Ana's mum lives in Norwich.",
    ),
}
PASSING_TALK = ("I had a great chat with my sister.", "I fancy a takeaway tonight.")
LEADS_AND_TAILS_CHINESE = {
    "我儿子乐乐周六满七岁。": ("王丽的儿子乐乐周六满七岁。",),
    "我是回族，不吃猪肉。": ("王丽是回族。", "王丽不吃猪肉。"),
    "比起咖啡我更喜欢喝茶。": ("王丽比起咖啡更喜欢喝茶。",),
}
PASSING_TALK_CHINESE = ("刚吃了一顿超好吃的火锅。",)


async def test_a_role_a_question_tail_and_a_second_clause_keep_each_fact_and_passing_talk_none(
    service: MemoryService,
) -> None:
    await tell(service, "ana", "Ana", "s1", 1, [*PASSING_TALK, *LEADS_AND_TAILS_ENGLISH])
    await tell(
        service, "wl", "王丽", "s1", 1, [*PASSING_TALK_CHINESE, *LEADS_AND_TAILS_CHINESE, "我周一在招商银行面试。"]
    )
    assert set(await contents(service, "ana")) == {c for kept in LEADS_AND_TAILS_ENGLISH.values() for c in kept}
    kept = await contents(service, "wl")
    assert kept.pop("王丽周一在招商银行面试。") == "zh.keep.schedule"  # a day's interview, not where she works
    assert set(kept) == {c for said in LEADS_AND_TAILS_CHINESE.values() for c in said}
