"""Issue 12: a slot's timeline is ordered by when each value was said, never by arrival order."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graphsvc.graph.memory_slots import SlotMember
from graphsvc.pipeline.memories.supersession import order_timeline, slot_changes

T0 = datetime(2024, 5, 1, tzinfo=UTC)


def member(
    uid: str,
    day: int,
    value: str | None,
    *,
    status: str = "active",
    created: int = 0,
    superseded_by: str | None = None,
    valid_to: datetime | None = None,
    valid_day: int | None = None,
) -> SlotMember:
    stated = T0 + timedelta(days=day)
    return SlotMember(
        uid=uid,
        content=f"I live in {value}",
        slot="lives_in",
        valid_from=T0 + timedelta(days=valid_day if valid_day is not None else day),
        created_at=T0 + timedelta(days=100 + created),
        value=value,
        stated_at=stated,
        status=status,
        superseded_by=superseded_by,
        valid_to=valid_to,
    )


def state(members: list[SlotMember]) -> dict[str, tuple[str, str | None, datetime | None]]:
    """Each member's (status, successor, valid_to) after the changes."""
    out = {m.uid: (m.status, m.superseded_by, m.valid_to) for m in members}
    for c in order_timeline(members):
        out[c.uid] = (c.status, c.successor.uid if c.successor else None, c.valid_to)
    return out


def test_the_newer_value_supersedes_whatever_arrived_first() -> None:
    old, new = member("lisbon", 1, "lisbon", created=5), member("porto", 10, "porto", created=0)
    assert state([old, new]) == {
        "lisbon": ("superseded", "porto", T0 + timedelta(days=10)),
        "porto": ("active", None, None),
    }


def test_a_slot_in_order_needs_no_change_and_one_value_stays_active() -> None:
    ordered = [
        member("a", 1, "lisbon", status="superseded", superseded_by="b", valid_to=T0 + timedelta(days=5)),
        member("b", 5, "porto"),
    ]
    assert order_timeline(ordered) == []
    assert order_timeline([member("a", 1, "lisbon")]) == []


def test_a_late_older_value_is_inserted_into_the_past() -> None:
    members = [
        member("faro", 0, "faro", created=9),  # imported last
        member("lisbon", 1, "lisbon", status="superseded", superseded_by="porto", valid_to=T0 + timedelta(days=9)),
        member("porto", 9, "porto"),
    ]
    assert state(members) == {
        "faro": ("superseded", "lisbon", T0 + timedelta(days=1)),
        "lisbon": ("superseded", "porto", T0 + timedelta(days=9)),
        "porto": ("active", None, None),
    }


def test_the_same_value_said_twice_is_one_run_and_both_stay() -> None:
    members = [member("a", 1, "lisbon"), member("b", 3, "lisbon"), member("c", 5, "porto")]
    result = state(members)
    assert result["a"][:2] == result["b"][:2] == ("superseded", "c")
    members = [member("a", 1, "lisbon"), member("b", 3, "lisbon")]
    assert order_timeline(members) == []


def test_unknown_values_are_always_different() -> None:
    result = state([member("a", 1, None), member("b", 3, None)])
    assert result["a"][:2] == ("superseded", "b") and result["b"][0] == "active"


def test_a_deleted_successor_reinstates_its_predecessor() -> None:
    left = [member("a", 1, "lisbon", status="superseded", superseded_by="gone", valid_to=T0 + timedelta(days=5))]
    changes = order_timeline(left)
    assert [(c.uid, c.status, c.valid_to) for c in changes] == [("a", "active", None)]
    assert [r.event for r in slot_changes(changes)] == ["reinstated"]


def test_an_archived_current_value_stays_archived_and_a_newer_value_supersedes_it() -> None:
    assert order_timeline([member("a", 1, "lisbon", status="archived")]) == []
    result = state([member("a", 1, "lisbon", status="archived"), member("b", 3, "porto")])
    assert result["a"][:2] == ("superseded", "b")


def test_ties_go_by_recorded_time_then_uid() -> None:
    result = state([member("b", 1, "porto", created=1), member("a", 1, "lisbon", created=2)])
    assert result["b"][:2] == ("superseded", "a") and result["a"][0] == "active"


def test_a_coarse_relative_date_never_ends_a_value_before_it_began() -> None:
    # said on day 5 "I moved last week" (valid from day -2), after "I live in Lisbon" said on day 1
    lisbon, porto = member("lisbon", 1, "lisbon"), member("porto", 5, "porto", valid_day=-2)
    result = state([lisbon, porto])
    assert result["lisbon"] == ("superseded", "porto", T0 + timedelta(days=5))


def test_history_rows_quote_both_memories() -> None:
    rows = slot_changes(order_timeline([member("a", 1, "lisbon"), member("b", 3, "porto")]))
    assert [(r.uid, r.event, r.old_value, r.new_value, r.quotes, r.successor) for r in rows] == [
        ("a", "superseded", "I live in lisbon", "I live in porto", ("a", "b"), "b")
    ]
