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


# What the writers derived before the derivations got one function each (values computed with the old
# spelled-out ``keys.digest(kind, ...)`` calls): a derivation that changes orphans every stored node it keys.
WHEN = datetime(2024, 5, 1, 10, tzinfo=UTC)
UPLOAD = "ab" * 32
EVENT = "8af68f5bb7e1e3e67cbf5bec0041ff89b2885692b80dd0858eb72002957a872b"
DOCUMENT = "c077eed5273ba90f2997ef4352dcc45c6b050584b1ec922feb56bfd43ae72bfe"
SUBJECT = keys.entity_subject_key("ana", "maria alvarez")
SAILING = keys.content_hash("Likes sailing")


def test_natural_keys_are_the_ones_stored_before() -> None:
    assert keys.message_event_uid("ana", "s1", "m1") == EVENT
    assert keys.event_uid("ana", "s1", "m1", "I like tea", WHEN) == EVENT
    unnamed = "ab82018c2a96eebcbb1852e2b856bf146a57fb221804c94dda3451904a83d591"
    assert keys.unnamed_message_event_uid("ana", "s1", "I like tea", WHEN) == unnamed
    assert keys.event_uid("ana", "s1", None, "I like tea", WHEN) == unnamed
    assert keys.source_uid("ana", "note", "n1") == "60be9f5ff87bfe9f316e1de7d591d884217aac14c26ef5e3e0a2087a1512a891"
    version = keys.digest("version", "Boat", "Sail on Sunday", "", "")
    record = "e1693c09bccbe2d18f1dd401adcab8a7772271379d2517e37377d07410936930"
    assert keys.source_event_uid("ana", "note", "n1", version) == record
    document_event = "39fa3a76e8174495d23e7530a320b7a06eac21bc84259953f83463a1fe7fb80b"
    assert keys.source_event_uid("ana", "document", "boat", UPLOAD) == document_event
    chunk = "b0ac5cf06a73d8c0e84c16f2845ffd4b2308a4b5dd131097624773c048b2b6b9"
    assert keys.chunk_uid(DOCUMENT, UPLOAD, 3) == chunk
    entity = "5ff865480fd1b8cd7c85f1f2798fae91133a1f3a692bd8ab9df898cc0ca568f7"
    assert keys.document_entity_uid("ana", DOCUMENT, "maria alvarez") == entity
    assert keys.tag_uid("ana", "running shoes") == "c3b47b444745f5bb8ddf42f8ede489a086be0dd4855fc4c608a5458e9a3667e3"
    run = "96c6ccad4ccd3fc6d9551e515c362bc06ae55af9db89860455a3a32c522ddb92"
    assert keys.learning_run_uid("ana", "2024-05-01") == run


def test_entity_keys_are_the_ones_stored_before() -> None:
    impression = "fb2593016d05b343dddbdc919a25c671937ae23157ee0bfe7ad45cb587ab0a3a"
    assert keys.impression_uid("ana", SUBJECT, SAILING) == impression
    evidence = "118f0e119d7bac096269d1ad3f279ad5649601b1173fb35f0f307105b90359b6"
    assert keys.impression_evidence_uid("ana", SUBJECT, SAILING, EVENT) == evidence
    assert keys.feature_uid("ana", SUBJECT, "home_city") == (
        "7c31ebce7efaa9df0494a3eea908a3673accee3eaecc95d5f5c9852a04ef5872"
    )
    feature_evidence = "e69e406e7e81a670a6501fed58728e417273bdc516a640436810e1bd96775cbb"
    assert keys.feature_evidence_uid("ana", SUBJECT, "home_city", EVENT, "Lisbon") == feature_evidence
