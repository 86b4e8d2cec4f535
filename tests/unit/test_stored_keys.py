"""Natural keys pinned to the values stored before each derivation got one function in :mod:`graphsvc.keys`
(computed with the writers' spelled-out ``keys.digest(kind, ...)`` calls): a derivation that changed would orphan
every stored node it keys, and a restore would no longer find the keys it derives. The writers and the restore's
recipes are checked against the same values."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from graphsvc import keys
from graphsvc.pipeline.documents.chunker import ChunkDraft
from graphsvc.pipeline.documents.parse_job import new_chunks
from graphsvc.pipeline.portability.rekey import RECIPES, Derivation, ExportedNode
from graphsvc.pipeline.sources.events import fingerprint
from graphsvc.pipeline.tags.assign import tag_uid

WHEN = datetime(2024, 5, 1, 10, tzinfo=UTC)
UPLOAD = "ab" * 32
SUBJECT = keys.entity_subject_key("ana", "maria alvarez")
SAILING = keys.content_hash("Likes sailing")

EVENT = "8af68f5bb7e1e3e67cbf5bec0041ff89b2885692b80dd0858eb72002957a872b"
UNNAMED_EVENT = "ab82018c2a96eebcbb1852e2b856bf146a57fb221804c94dda3451904a83d591"
SOURCE = "60be9f5ff87bfe9f316e1de7d591d884217aac14c26ef5e3e0a2087a1512a891"
VERSION = "d737e8c1ba00287cbca5fe9d3e35bc34b110579951cca7ca2a720a9be6537f20"
RECORD_EVENT = "e1693c09bccbe2d18f1dd401adcab8a7772271379d2517e37377d07410936930"
DOCUMENT_EVENT = "39fa3a76e8174495d23e7530a320b7a06eac21bc84259953f83463a1fe7fb80b"
DOCUMENT = "c077eed5273ba90f2997ef4352dcc45c6b050584b1ec922feb56bfd43ae72bfe"
CHUNK = "b0ac5cf06a73d8c0e84c16f2845ffd4b2308a4b5dd131097624773c048b2b6b9"
DOCUMENT_ENTITY = "5ff865480fd1b8cd7c85f1f2798fae91133a1f3a692bd8ab9df898cc0ca568f7"
TAG = "c3b47b444745f5bb8ddf42f8ede489a086be0dd4855fc4c608a5458e9a3667e3"
LEARNING_RUN = "96c6ccad4ccd3fc6d9551e515c362bc06ae55af9db89860455a3a32c522ddb92"
IMPRESSION = "fb2593016d05b343dddbdc919a25c671937ae23157ee0bfe7ad45cb587ab0a3a"
EVIDENCE = "118f0e119d7bac096269d1ad3f279ad5649601b1173fb35f0f307105b90359b6"
FEATURE = "7c31ebce7efaa9df0494a3eea908a3673accee3eaecc95d5f5c9852a04ef5872"
FEATURE_EVIDENCE = "e69e406e7e81a670a6501fed58728e417273bdc516a640436810e1bd96775cbb"


def test_the_key_functions_give_the_stored_keys() -> None:
    assert keys.message_event_uid("ana", "s1", "m1") == EVENT
    assert keys.event_uid("ana", "s1", "m1", "I like tea", WHEN) == EVENT
    assert keys.unnamed_message_event_uid("ana", "s1", "I like tea", WHEN) == UNNAMED_EVENT
    assert keys.event_uid("ana", "s1", None, "I like tea", WHEN) == UNNAMED_EVENT
    assert keys.source_uid("ana", "note", "n1") == SOURCE
    assert keys.source_event_uid("ana", "note", "n1", VERSION) == RECORD_EVENT
    assert keys.source_event_uid("ana", "document", "boat", UPLOAD) == DOCUMENT_EVENT
    assert keys.document_uid("ana", "boat") == DOCUMENT
    assert keys.chunk_uid(DOCUMENT, UPLOAD, 3) == CHUNK
    assert keys.document_entity_uid("ana", DOCUMENT, "maria alvarez") == DOCUMENT_ENTITY
    assert keys.tag_uid("ana", "running shoes") == TAG
    assert keys.learning_run_uid("ana", "2024-05-01") == LEARNING_RUN
    assert keys.impression_uid("ana", SUBJECT, SAILING) == IMPRESSION
    assert keys.impression_evidence_uid("ana", SUBJECT, SAILING, EVENT) == EVIDENCE
    assert keys.feature_uid("ana", SUBJECT, "home_city") == FEATURE
    assert keys.feature_evidence_uid("ana", SUBJECT, "home_city", EVENT, "Lisbon") == FEATURE_EVIDENCE


def test_the_writers_give_the_stored_keys() -> None:
    assert fingerprint(title="Boat", content="Sail on Sunday", status=None, metadata=None) == VERSION
    assert tag_uid("ana", "Running  Shoes") == TAG
    draft = ChunkDraft(kind="section", heading_path=["Boat"], level=1, content="Sail", parent=None, position=3)
    assert [c.uid for c in new_chunks(DOCUMENT, UPLOAD, [draft])] == [CHUNK]


def derived(
    label: str,
    *,
    links: Mapping[tuple[str, str], list[ExportedNode]] | None = None,
    found: ExportedNode | None = None,
    **props: Any,
) -> list[str]:
    """What the restore's recipe for ``(label, "uid")`` derives for ana from a node ``n`` with ``props``;
    ``links``: the nodes at the other end of a node's edges, by its uid and the edge type; ``found``: the node
    any uid names."""
    node = ExportedNode(labels=(label,), props={"uid": "n", **props})

    def neighbours(uid: str, rel_type: str, incoming: bool) -> list[ExportedNode]:
        return list((links or {}).get((uid, rel_type), []))

    return RECIPES[(label, "uid")](Derivation(node, "ana", str, neighbours, lambda _: found))


def test_the_restores_recipes_give_the_stored_keys() -> None:
    message = derived(
        "Event", source_type="conversation", source_id="m1", session_id="s1", content="I like tea", occurred_at=WHEN
    )
    assert message == [EVENT, UNNAMED_EVENT]
    record = derived("Event", source_type="note", source_id="n1", title="Boat", content="Sail on Sunday")
    assert record == [RECORD_EVENT]
    upload = json.dumps({"contentHash": UPLOAD})
    assert derived("Event", source_type="document", source_id="boat", metadata=upload) == [DOCUMENT_EVENT]
    assert derived("Source", source_type="note", source_id="n1") == [SOURCE]
    assert derived("Document", source_id="boat") == [DOCUMENT]
    document = ExportedNode(labels=("Document",), props={"uid": DOCUMENT, "content_hash": UPLOAD})
    assert derived("Chunk", found=document, document_uid=DOCUMENT, position=3) == [CHUNK]
    assert derived("DocumentEntity", document_uid=DOCUMENT, normalized="maria alvarez") == [DOCUMENT_ENTITY]
    assert derived("Tag", normalized="running shoes") == [TAG]
    assert derived("LearningRun", day="2024-05-01") == [LEARNING_RUN]
    entity = ExportedNode(labels=("Entity",), props={"uid": "e", "subject_key": SUBJECT})
    assert derived("Impression", links={("n", "HAS_IMPRESSION"): [entity]}, content_hash=SAILING) == [IMPRESSION]
    assert derived("Feature", links={("n", "HAS_FEATURE"): [entity]}, key="home_city") == [FEATURE]
    event = ExportedNode(labels=("Event",), props={"uid": EVENT})
    impression = ExportedNode(labels=("Impression",), props={"uid": "i", "content_hash": SAILING})
    feature = ExportedNode(labels=("Feature",), props={"uid": "f", "key": "home_city"})
    links = {
        ("n", "FROM_EVENT"): [event],
        ("i", "HAS_IMPRESSION"): [entity],
        ("f", "HAS_FEATURE"): [entity],
    }
    assert derived("Evidence", links={**links, ("n", "SUPPORTS"): [impression]}) == [EVIDENCE]
    supports_feature = {**links, ("n", "SUPPORTS"): [feature]}
    assert derived("Evidence", links=supports_feature, value="Lisbon") == [FEATURE_EVIDENCE]
