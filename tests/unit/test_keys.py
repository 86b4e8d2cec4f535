from __future__ import annotations

from datetime import UTC, datetime

from graphsvc import keys

T = datetime(2024, 5, 1, tzinfo=UTC)


def test_normalise_folds_width_case_punctuation() -> None:
    assert keys.normalise_text("  Ｈｅｌｌｏ,   WORLD!! ") == "hello world"
    assert keys.content_hash("I like tea.") == keys.content_hash("i LIKE tea")
    assert keys.content_hash("I like tea") != keys.content_hash("I like coffee")


def test_event_uid_is_per_session_and_idempotent() -> None:
    a = keys.event_uid("u1", "s1", "m1", "hi", T)
    assert a == keys.event_uid("u1", "s1", "m1", "other text", T)  # the message id identifies it in its session
    assert a != keys.event_uid("u1", "s2", "m1", "hi", T)  # "m1" of another session is another message
    assert a != keys.event_uid("u2", "s1", "m1", "hi", T)  # never shared across users
    b = keys.event_uid("u1", "s1", None, "hi", T)
    assert b == keys.event_uid("u1", "s1", None, "hi", T)
    assert b != keys.event_uid("u1", "s1", None, "hi", datetime(2024, 5, 2, tzinfo=UTC))


def test_tenant_key_is_one_alphanumeric_token() -> None:
    key = keys.tenant_key("user with spaces & symbols")
    assert key.isalnum() and key.startswith("t")
    assert key != keys.tenant_key("user with spaces & symbol")


def test_digest_parts_are_length_prefixed_so_no_two_part_lists_collide() -> None:
    # With a separator byte these pairs were the same key (issue 11): a message lost, a cross-user edge.
    assert keys.digest("a\x1fb", "c") != keys.digest("a", "b\x1fc")
    assert keys.session_uid("u\x1fs", "x") != keys.session_uid("u", "s\x1fx")
    assert keys.digest("ab") != keys.digest("a", "b")
    assert keys.digest("", "a") != keys.digest("a", "")
    assert keys.digest("a") != keys.digest("a", "")
    assert keys.digest("x", "y") == keys.digest("x", "y")


def test_job_dedup_key_differs_by_kind_and_scope() -> None:
    assert keys.job_dedup_key("extract", "s1") != keys.job_dedup_key("reflect", "s1")
    assert keys.job_dedup_key("extract", "s1") != keys.job_dedup_key("extract", "s2")
