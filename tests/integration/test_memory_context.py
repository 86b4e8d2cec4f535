"""memoryContext: established traits, recalled memories with dates, recent messages, within budget."""

from __future__ import annotations

import pytest

from graphsvc.conversation import MessageIn, Turn
from graphsvc.errors import InvalidInputError
from graphsvc.service import MemoryService
from graphsvc.text.tokens import estimate_tokens
from tests.integration.conftest import at

SESSIONS = {
    "s1": ["I live in Lisbon and I work as a nurse.", "I love hiking in the mountains on weekends."],
    "s2": ["Yesterday I adopted a cat named Miso.", "I want to learn to play the cello this year."],
}


async def fill(service: MemoryService) -> None:
    for day, (session, texts) in enumerate(SESSIONS.items(), start=1):
        await service.ingest_messages(
            user_id="ana",
            session_id=session,
            messages=[
                MessageIn(
                    role="user", content=t, occurred_at=at(day, minute=i), message_id=f"{session}-{i}", speaker="Ana"
                )
                for i, t in enumerate(texts)
            ],
        )
        await service.end_conversation(user_id="ana", session_id=session)
    await service.wait_for_jobs()
    async with service.db.driver.session() as s:  # an established trait, as reflection would leave it
        await (
            await s.run(
                "CREATE (:Trait {uid: 't1', user_id: 'ana', content: 'Spends free time outdoors', stage: "
                "'established', subtype: 'preference', confidence: 0.7, context: 'personal', "
                "reinforcement_count: 3, contradiction_count: 0, derived_from: 'reflection'})"
            )
        ).consume()


async def test_context_has_traits_memories_and_recent_messages(service: MemoryService) -> None:
    await fill(service)
    context = await service.memory_context(user_id="ana", query="What pet does Ana have?", max_tokens=400)
    assert context.text.startswith("What you know about the user:\n- Spends free time outdoors")
    assert "Relevant memories:" in context.text and "Recent events:" in context.text
    assert "Miso" in context.text.split("Relevant memories:")[1].split("Recent events:")[0]
    assert "[2024-05-" in context.text  # dated lines
    assert context.trait_ids == ["t1"]
    assert context.memory_ids and context.event_ids
    assert context.tokens <= 400 and context.tokens == estimate_tokens(context.text)


async def test_context_stays_within_its_budget(service: MemoryService) -> None:
    await fill(service)
    full = await service.memory_context(user_id="ana", query="Tell me about Ana", max_tokens=4_000)
    previous = 0
    for budget in (60, 120, 250):
        context = await service.memory_context(user_id="ana", query="Tell me about Ana", max_tokens=budget)
        assert 0 < context.tokens <= budget
        assert previous <= len(context.text) <= len(full.text)
        previous = len(context.text)
    assert len((await service.memory_context(user_id="ana", query="Tell me about Ana", max_tokens=60)).text) < len(
        full.text
    )


async def test_context_for_an_unknown_user_is_empty_and_bad_budgets_are_refused(service: MemoryService) -> None:
    empty = await service.memory_context(user_id="nobody", query="anything", max_tokens=500)
    assert empty.text == "" and empty.tokens == 0 and not empty.memory_ids
    for budget in (0, 49, 32_001):
        with pytest.raises(InvalidInputError, match="maxTokens"):
            await service.memory_context(user_id="ana", query="x", max_tokens=budget)


async def fill_with_assistant(service: MemoryService) -> None:
    await service.ingest_messages(
        user_id="bo",
        session_id="s1",
        messages=[
            MessageIn(
                role="user", speaker="Bo", content="I adopted a dog named Rex.", occurred_at=at(1), message_id="u1"
            ),
            MessageIn(
                role="assistant", content="No problem, happy to help with Rex!", occurred_at=at(1, 1), message_id="a1"
            ),
        ],
    )
    await service.end_conversation(user_id="bo", session_id="s1")
    await service.wait_for_jobs()


async def test_context_lists_what_the_user_said_never_the_assistant_and_no_id_twice(service: MemoryService) -> None:
    await fill_with_assistant(service)
    context = await service.memory_context(user_id="bo", query="Tell me about Rex", max_tokens=2_000)
    assert "No problem" not in context.text  # neither recalled nor in the recent section
    assert "Rex" in context.text
    ids = [*context.trait_ids, *context.memory_ids, *context.impression_ids, *context.event_ids]
    assert len(ids) == len(set(ids))
    assert "about Bo: Bo" not in context.text  # no doubled speaker prefix


async def test_recall_and_context_take_the_conversation_so_far(service: MemoryService) -> None:
    await fill(service)
    turns = [
        Turn(role="user", content="I had a long day."),
        Turn(role="assistant", content="Sorry to hear. How is your new pet doing?"),
        Turn(role="user", content="Doing great, we played all evening."),
    ]
    hits = await service.recall(user_id="ana", conversation=turns, limit=3)
    assert any("Miso" in h.content for h in hits)
    both = await service.recall(user_id="ana", query="the cat", conversation=turns, limit=3)
    assert any("Miso" in h.content for h in both)
    context = await service.memory_context(user_id="ana", conversation=turns, max_tokens=400)
    assert "Miso" in context.text


async def test_recall_needs_a_query_or_a_turn_with_content(service: MemoryService) -> None:
    for query, turns in ((None, None), ("  ", []), (None, [Turn(role="user", content=" ")])):
        with pytest.raises(InvalidInputError, match="query"):
            await service.recall(user_id="ana", query=query, conversation=turns, limit=3)
    too_long = [Turn(role="user", content="x" * (service.settings.limits.max_message_chars + 1))]
    with pytest.raises(InvalidInputError, match=r"conversation\[0\]"):
        await service.recall(user_id="ana", conversation=too_long, limit=3)
