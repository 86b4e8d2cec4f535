"""No silent loss (issue 11): message ids per session, CONFLICT for a reused id with other content, control
characters refused in ids, bounded speakers, storable text only."""

from __future__ import annotations

import pytest

from graphsvc.conversation import MessageIn
from graphsvc.errors import ConflictError, InvalidInputError
from graphsvc.service import MemoryService
from tests.integration.conftest import at


def m(message_id: str | None, content: str, *, speaker: str | None = None, day: int = 1) -> MessageIn:
    return MessageIn(role="user", content=content, occurred_at=at(day), message_id=message_id, speaker=speaker)


async def test_the_same_message_ids_in_every_session_are_all_stored(service: MemoryService) -> None:
    # The README's own example numbers messages m1, m2 in every session: later sessions must not be lost.
    for day in (1, 2, 3):
        outcome = await service.ingest_messages(
            user_id="ana",
            session_id=f"2024-05-0{day}",
            messages=[m("m1", f"day {day}: first", day=day), m("m2", f"day {day}: second", day=day)],
        )
        assert (outcome.stored, outcome.duplicates) == (2, 0)
    again = await service.ingest_messages(
        user_id="ana", session_id="2024-05-02", messages=[m("m1", "day 2: first", day=2)]
    )
    assert (again.stored, again.duplicates) == (0, 1)  # a real redelivery is still idempotent
    async with service.db.driver.session() as s:
        record = await (await s.run("MATCH (e:Event {user_id: 'ana'}) RETURN count(e) AS n")).single()
    assert record is not None and record["n"] == 6


async def test_a_reused_message_id_with_other_content_is_a_conflict_and_stores_nothing(service: MemoryService) -> None:
    await service.ingest_messages(user_id="ana", session_id="s1", messages=[m("m1", "I live in Lisbon")])
    with pytest.raises(ConflictError) as refused:
        await service.ingest_messages(
            user_id="ana", session_id="s1", messages=[m("m2", "a new one"), m("m1", "I live in Porto")]
        )
    assert refused.value.code == "CONFLICT" and "'m1'" in refused.value.message
    async with service.db.driver.session() as s:
        rows = await (await s.run("MATCH (e:Event {user_id: 'ana'}) RETURN e.content AS c ORDER BY c")).data()
    assert [r["c"] for r in rows] == ["I live in Lisbon"]  # the whole batch was refused, m2 included


@pytest.mark.parametrize("bad", ["a\x00b", "a\x1fb", "a\u200bb", "a\u2028b", "a\x7fb"])
async def test_control_and_invisible_characters_are_refused_in_ids(service: MemoryService, bad: str) -> None:
    for kwargs in ({"user_id": bad, "session_id": "s"}, {"user_id": "u", "session_id": bad}):
        with pytest.raises(InvalidInputError, match="control or invisible character"):
            await service.ingest_messages(messages=[m("m1", "hello")], **kwargs)
    with pytest.raises(InvalidInputError, match="messageId"):
        await service.ingest_messages(user_id="u", session_id="s", messages=[m(bad, "hello")])


async def test_keys_that_used_to_collide_stay_apart(service: MemoryService) -> None:
    # Joined with \x1f these two (user, session) pairs were one session key; ids may not hold \x1f now, and the
    # digest is length-prefixed, so printable look-alikes stay apart too.
    await service.ingest_messages(user_id="a:b", session_id="c", messages=[m("m1", "first user")])
    await service.ingest_messages(user_id="a", session_id="b:c", messages=[m("m1", "second user")])
    async with service.db.driver.session() as s:
        rows = await (await s.run("MATCH (e:Event) RETURN e.user_id AS u, e.content AS c ORDER BY u")).data()
    assert rows == [{"u": "a", "c": "second user"}, {"u": "a:b", "c": "first user"}]


async def test_speaker_length_is_bounded(service: MemoryService) -> None:
    limit = service.settings.limits.max_speaker_chars
    ok = await service.ingest_messages(user_id="u", session_id="s", messages=[m("m1", "hi", speaker="x" * limit)])
    assert ok.stored == 1
    with pytest.raises(InvalidInputError, match=f"over the limit of {limit}"):
        await service.ingest_messages(user_id="u", session_id="s", messages=[m("m2", "hi", speaker="x" * (limit + 1))])
    with pytest.raises(InvalidInputError, match="speaker"):
        await service.ingest_messages(user_id="u", session_id="s", messages=[m("m3", "hi", speaker="x" * 2_000_000)])


async def test_lone_surrogates_are_refused_not_internal(service: MemoryService) -> None:
    with pytest.raises(InvalidInputError, match="lone surrogate"):
        await service.ingest_messages(user_id="u", session_id="s", messages=[m("m1", "broken \ud800 text")])
    with pytest.raises(InvalidInputError, match="lone surrogate"):
        await service.recall(user_id="u", query="where \udfff")
