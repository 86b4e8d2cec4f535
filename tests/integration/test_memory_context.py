"""memoryContext: established traits, recalled memories with dates, recent messages, within budget."""

from __future__ import annotations

import pytest

from graphsvc.conversation import MessageIn
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
                MessageIn(role="user", content=t, occurred_at=at(day, minute=i), message_id=f"{session}-{i}")
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
