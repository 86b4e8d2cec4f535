from __future__ import annotations

from datetime import UTC, datetime

from graphsvc import keys

T = datetime(2024, 5, 1, tzinfo=UTC)


def test_normalise_folds_width_case_punctuation() -> None:
    assert keys.normalise_text("  Ｈｅｌｌｏ,   WORLD!! ") == "hello world"
    assert keys.content_hash("I like tea.") == keys.content_hash("i LIKE tea")
    assert keys.content_hash("I like tea") != keys.content_hash("I like coffee")


def test_event_uid_is_per_user_and_idempotent() -> None:
    a = keys.event_uid("u1", "s1", "m1", "hi", T)
    assert a == keys.event_uid("u1", "s2", "m1", "other text", T)  # the message id alone identifies it
    assert a != keys.event_uid("u2", "s1", "m1", "hi", T)  # never shared across users
    b = keys.event_uid("u1", "s1", None, "hi", T)
    assert b == keys.event_uid("u1", "s1", None, "hi", T)
    assert b != keys.event_uid("u1", "s1", None, "hi", datetime(2024, 5, 2, tzinfo=UTC))


def test_tenant_key_is_one_alphanumeric_token() -> None:
    key = keys.tenant_key("user with spaces & symbols")
    assert key.isalnum() and key.startswith("t")
    assert key != keys.tenant_key("user with spaces & symbol")
