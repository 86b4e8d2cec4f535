"""graphsvc.pipeline.portability.rekey: an export re-keyed for another user id, on export lines alone; the
restore's check of existing ids covers what the schema makes unique."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from graphsvc import keys
from graphsvc.graph import catalog, portability
from graphsvc.pipeline.portability.codec import decode_props, encode_value
from graphsvc.pipeline.portability.rekey import rekeyed_lines

WHEN = datetime(2024, 5, 1, 12, tzinfo=UTC)
HASH = keys.content_hash("I live in Lisbon.")


def node(label: str, **props: Any) -> dict[str, Any]:
    return {
        "kind": "node",
        "labels": [label],
        "props": {"user_id": "ana", **{k: encode_value(v) for k, v in props.items()}},
    }


def edge(rel_type: str, start: str, end: str, **props: Any) -> dict[str, Any]:
    return {"kind": "edge", "type": rel_type, "start": start, "end": end, "props": props}


def rekeyed(lines: list[dict[str, Any]]) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]], int, int]:
    """The nodes by label and name (their ``name`` property), the edges, and the derived and renamed counts."""
    rekeying, out = rekeyed_lines(lines, source_user="ana", target_user="bea", decode=decode_props)
    written = list(out)
    nodes = {line["props"]["name"]: line["props"] for line in written if line["kind"] == "node"}
    edges = [line for line in written if line["kind"] == "edge"]
    return nodes, edges, rekeying.derived, rekeying.renamed


def test_derived_keys_are_the_new_users_and_references_follow_every_key() -> None:
    session, event = keys.session_uid("ana", "s1"), keys.event_uid("ana", "s1", "m1", "I live in Lisbon.", WHEN)
    memory, forgotten, history = "4e25b53d-b650-470e-be20-482f0505ee90", "0b5c0f36-0f6c-4a53-9d53-1f1c1c7c0e55", "h-1"
    lines = [
        node("Session", name="session", uid=session, session_id="s1", tenant_key=keys.tenant_key("ana")),
        node(
            "Event",
            name="event",
            uid=event,
            session_id="s1",
            source_id="m1",
            source_type="conversation",
            content="I live in Lisbon.",
            occurred_at=WHEN,
        ),
        node(
            "Memory",
            name="memory",
            uid=memory,
            memory_type="fact",
            content_hash=HASH,
            dedup_key=keys.memory_dedup_key("ana", "fact", HASH),
            slot_key=keys.memory_slot_key("ana", "", "lives_in"),
            slot_subject="",
            slot="lives_in",
        ),
        node("Memory", name="gone", uid=forgotten, memory_type="fact", dedup_key=f"forgotten:{forgotten}"),
        node("HistoryEntry", name="history", uid=history, target_uid=memory, source_uids=[event], new_value=memory),
        node("Job", name="job", uid="j-1", outcome=f"wrote {memory} from {event}"),
        edge("HAS_EVENT", session, event),
        edge("RECORDS", history, memory, at=encode_value(WHEN)),
    ]

    nodes, edges, derived, renamed = rekeyed(lines)

    new_memory = keys.digest("restored", "bea", memory)
    new_event = keys.event_uid("bea", "s1", "m1", "I live in Lisbon.", WHEN)
    assert {n["user_id"] for n in nodes.values()} == {"bea"}
    assert nodes["session"]["uid"] == keys.session_uid("bea", "s1")
    assert nodes["session"]["tenant_key"] == keys.tenant_key("bea")
    assert nodes["event"]["uid"] == new_event
    assert nodes["event"]["occurred_at"] == encode_value(WHEN)  # other values as they were
    assert nodes["memory"]["uid"] == new_memory  # a random id: renamed
    assert nodes["memory"]["dedup_key"] == keys.memory_dedup_key("bea", "fact", HASH)
    assert nodes["memory"]["slot_key"] == keys.memory_slot_key("bea", "", "lives_in")
    assert nodes["gone"]["dedup_key"] == f"forgotten:{keys.digest('restored', 'bea', forgotten)}"
    assert nodes["history"]["uid"] == keys.digest("restored", "bea", history)  # not hex: renamed all the same
    assert (nodes["history"]["target_uid"], nodes["history"]["source_uids"]) == (new_memory, [new_event])
    assert nodes["history"]["new_value"] == new_memory
    assert nodes["job"]["outcome"] == f"wrote {new_memory} from {new_event}"  # inside a string too
    assert [(e["start"], e["end"]) for e in edges] == [
        (nodes["session"]["uid"], new_event),
        (nodes["history"]["uid"], new_memory),
    ]
    assert edges[1]["props"] == {"at": encode_value(WHEN)}
    assert (derived, renamed) == (5, 4)  # session, message, dedup, slot, tombstone; the random uids


def test_a_key_not_made_from_its_parts_is_renamed_not_derived() -> None:
    lines = [node("Session", name="session", uid="made-elsewhere", session_id="s1")]
    nodes, _, derived, renamed = rekeyed(lines)
    assert nodes["session"]["uid"] == keys.digest("restored", "bea", "made-elsewhere")
    assert nodes["session"]["uid"] != keys.session_uid("bea", "s1") and (derived, renamed) == (0, 1)


def test_a_name_and_an_impression_follow_their_entitys_new_subject_key() -> None:
    subject = keys.entity_subject_key("ana", "oliver")
    alias = keys.alias_uid("ana", subject, "oli")
    impression = keys.digest("impression", "ana", subject, HASH)
    event = keys.event_uid("ana", "s1", "m1", "x", WHEN)
    evidence = keys.digest("evidence", "ana", subject, HASH, event)
    lines = [
        node("Entity", name="entity", uid="e-1", subject="Oliver", subject_key=subject),
        node("Alias", name="alias", uid=alias, normalized="oli"),
        node("Impression", name="impression", uid=impression, content_hash=HASH),
        node("Event", name="event", uid=event, session_id="s1", source_id="m1", source_type="conversation"),
        node("Evidence", name="evidence", uid=evidence),
        edge("HAS_ALIAS", "e-1", alias),
        edge("HAS_IMPRESSION", "e-1", impression),
        edge("SUPPORTS", evidence, impression),
        edge("FROM_EVENT", evidence, event),
    ]

    nodes, _, _, _ = rekeyed(lines)

    new_subject = keys.entity_subject_key("bea", "oliver")
    new_event = keys.event_uid("bea", "s1", "m1", "x", WHEN)
    assert nodes["entity"]["subject_key"] == new_subject
    assert nodes["alias"]["uid"] == keys.alias_uid("bea", new_subject, "oli")
    assert nodes["impression"]["uid"] == keys.digest("impression", "bea", new_subject, HASH)
    assert nodes["evidence"]["uid"] == keys.digest("evidence", "bea", new_subject, HASH, new_event)


def test_the_restore_checks_every_property_the_schema_makes_unique() -> None:
    schema = (Path(__file__).resolve().parents[2] / "cypher" / "schema.cypher").read_text(encoding="utf-8")
    unique: dict[str, set[str]] = {}
    for label, prop in re.findall(r"FOR \(n:(\w+)\) REQUIRE n\.(\w+) IS UNIQUE", schema):
        unique.setdefault(label, set()).add(prop)
    for label in catalog.exported_labels():
        assert set(portability.unique_keys(label)) == unique.get(label, set()), label
