"""The catalog of what graphsvc stores: every node label and relationship type it writes, declared once.

Each :class:`NodeKind` says who owns its nodes (a user, or the deployment), which properties hold user text
(what forgetting and erasing must reach) and vectors, which vector and full-text indexes cover it, which
relationships tie it to what it was derived from (its provenance), how Neo4j Browser captions and colours it,
and whether ``graphsvc export`` carries it. Each :class:`RelKind` says which labels it joins and whether it is
a provenance edge.

What reads the catalog (so a new kind is covered the day it is declared here):

- ``eraseUser`` deletes every user-owned label, in :data:`NODES` order, and verifies none is left
  (:mod:`graphsvc.graph.erase`);
- ``graphsvc export`` / ``restore`` carry every label whose ``export`` is ``"node"`` and the edges between them
  (:mod:`graphsvc.graph.portability`);
- the Browser style file ``graphsvc/api/static/neo4j/graphsvc.grass`` is rendered by :func:`grass`;
- tests: every label and relationship type a Cypher file under ``cypher/queries`` creates or merges must be
  declared here; every user-owned label has a ``user_id`` index in ``cypher/schema.cypher``; the forgetting
  invariants look for forgotten text in every declared text property.

Adding a kind of node: declare it here (and its neomodel class in :mod:`graphsvc.graph.nodes`), add its
constraint and ``user_id`` index to ``cypher/schema.cypher``, its statements to ``cypher/queries/<kind>.cypher``
and the typed functions that run them to ``graphsvc/graph/<kind>.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Literal

Owner = Literal["user", "deployment"]
"""``user``: every node carries its owner's ``user_id``; every query filters on it; erased with the user.
``deployment``: belongs to the running deployment, not to anyone's memory (named leases)."""

ExportAs = Literal["node", "skip"]
"""``node``: ``graphsvc export`` writes it (and its edges to nodes of the same user) and ``restore`` reads it
back; ``skip``: credentials and coordination nodes, which hold no memory and are MERGEd again when needed."""


@dataclass(frozen=True)
class NodeKind:
    """One node label graphsvc writes.

    Attributes:
        label: the Neo4j label.
        owner: see :data:`Owner`.
        text: properties that hold user text or text derived from it (contents, titles, names, captions,
            history values): what a forget must blank and an erase must remove.
        vectors: properties that hold embeddings (``float[dimensions]``, L2-normalised).
        indexes: the vector and full-text indexes over it, as named in ``cypher/schema.cypher``.
        provenance: the relationship types through which it rests on its sources (outgoing unless the
            :class:`RelKind` says otherwise); empty for source records and bookkeeping.
        caption: what its ``name`` property (Neo4j Browser's caption) shows.
        color, border: its fill and border colours in Neo4j Browser (``#RRGGBB``).
        light: its fill is light, so its caption is drawn dark.
        diameter_px: its size in Neo4j Browser.
        export: see :data:`ExportAs`.
        transient: lives only while one operation runs (an erasure in progress).
    """

    label: str
    owner: Owner
    text: tuple[str, ...] = ()
    vectors: tuple[str, ...] = ()
    indexes: tuple[str, ...] = ()
    provenance: tuple[str, ...] = ()
    caption: str = ""
    color: str = "#A5ABB6"
    border: str = "#9AA1AC"
    light: bool = True
    diameter_px: int = 40
    export: ExportAs = "node"
    transient: bool = False


@dataclass(frozen=True)
class RelKind:
    """One relationship type graphsvc writes.

    Attributes:
        type: the Neo4j relationship type.
        start: the labels it leaves from.
        end: the labels it points to (``("*",)``: any user-owned label).
        text: its properties that hold user text.
        provenance: it points from a derived node to what the node rests on: deleting the end retracts or
            re-scores the start (ARCHITECTURE "Belief maintenance").
        caption: its Neo4j Browser caption (``<type>``, or ``{property}``).
        color: its Browser colour, None for the default grey.
        shaft_px: its Browser line width, None for the default 1 px.
    """

    type: str
    start: tuple[str, ...]
    end: tuple[str, ...]
    text: tuple[str, ...] = ()
    provenance: bool = False
    caption: str = "<type>"
    color: str | None = None
    shaft_px: int | None = None


NODES: tuple[NodeKind, ...] = (
    # --- deletion order: work and audit first, derived layers next, sources last -------------------------
    NodeKind(
        "ApiKey",
        "user",
        text=("name",),
        caption="the key's label",
        color="#604A0E",
        border="#423204",
        light=False,
        diameter_px=35,
        export="skip",
    ),
    NodeKind(
        "Job",
        "user",
        text=("error", "fallback_reason"),
        caption="its kind and session",
        color="#DA7194",
        border="#CC3C6C",
        light=False,
    ),
    NodeKind("JobLane", "user", caption="none (a per-user lock)", export="skip"),
    NodeKind(
        "ExtractionTrace",
        "user",
        text=("decisions", "fallback_reason", "name"),
        provenance=("TRACE_OF",),
        caption="'trace ' and its message id",
        color="#F5D6E3",
        border="#DA7194",
        diameter_px=30,
    ),
    NodeKind(
        "PendingObservation",
        "user",
        text=("subject", "detail", "payload", "name"),
        provenance=("OBSERVED_IN",),
        caption="'pending: ' and its subject",
        color="#F16667",
        border="#EB2728",
        light=False,
        diameter_px=50,
    ),
    NodeKind(
        "HistoryEntry",
        "user",
        text=("old_value", "new_value", "reason", "name"),
        caption="its event",
        color="#ECB5C9",
        border="#DA7298",
        diameter_px=30,
    ),
    NodeKind(
        "Evidence",
        "user",
        text=("value", "name"),
        provenance=("CITES", "FROM_EVENT"),
        caption="its kind and grade",
        color="#FFE081",
        border="#9F8B4A",
        diameter_px=30,
    ),
    NodeKind(
        "ReflectionCycle",
        "user",
        text=("notes", "error"),
        caption="'reflection' and its trigger",
        color="#57C7E3",
        border="#23B3D7",
    ),
    NodeKind(
        "ReflectionState",
        "user",
        caption="'reflection state'",
        color="#57C7E3",
        border="#23B3D7",
        diameter_px=30,
    ),
    NodeKind(
        "Trait",
        "user",
        text=("content", "name", "about", "reasoning"),
        vectors=("embedding",),
        indexes=("trait_embedding", "trait_text_en", "trait_text_cjk"),
        provenance=("SUPPORTS", "CONTRADICTS"),
        caption="the first 60 characters of its content",
        color="#C990C0",
        border="#B261A5",
        light=False,
        diameter_px=70,
    ),
    NodeKind(
        "Impression",
        "user",
        text=("content", "name"),
        vectors=("embedding",),
        indexes=("impression_embedding", "impression_text_en", "impression_text_cjk"),
        provenance=("SUPPORTS",),
        caption="the first 60 characters of its content",
        color="#8DCC93",
        border="#5DB665",
        diameter_px=45,
    ),
    NodeKind(
        "Feature",
        "user",
        text=("key", "value", "name"),
        provenance=("SUPPORTS",),
        caption="'key: value'",
        color="#D9C8AE",
        border="#C0A378",
    ),
    NodeKind(
        "Alias",
        "user",
        text=("name", "normalized"),
        indexes=("entity_names",),
        provenance=("FROM_EVENT",),
        caption="the name",
        color="#C5DCF5",
        border="#9BB8DA",
        diameter_px=35,
    ),
    NodeKind(
        "MemoryCandidate",
        "user",
        text=("content", "name"),
        provenance=("FROM_EVENT",),
        caption="the first 60 characters of its content",
        color="#FBC9A8",
        border="#F79767",
        diameter_px=45,
    ),
    NodeKind(
        "Memory",
        "user",
        text=("content", "name", "slot", "slot_subject", "slot_value", "superseded_reason"),
        vectors=("embedding",),
        indexes=("memory_embedding", "memory_text_en", "memory_text_cjk"),
        provenance=("EXTRACTED_FROM",),
        caption="the first 60 characters of its content ('forgotten' once forgotten)",
        color="#F79767",
        border="#F36924",
        light=False,
        diameter_px=55,
    ),
    NodeKind(
        "Entity",
        "user",
        text=("subject", "name"),
        provenance=("OBSERVED_IN",),
        caption="its subject",
        color="#4C8EDA",
        border="#2870C2",
        light=False,
        diameter_px=65,
    ),
    NodeKind(
        "DocumentEntity",
        "user",
        text=("name", "normalized"),
        provenance=("MENTIONED_IN",),
        caption="the name the document gives it",
        color="#B7D3EE",
        border="#4C8EDA",
        diameter_px=40,
    ),
    NodeKind(
        "Tag",
        "user",
        text=("name", "normalized"),
        caption="the tag",
        color="#FFC454",
        border="#D7A013",
        diameter_px=35,
    ),
    NodeKind(
        "Chunk",
        "user",
        text=("content", "heading_path", "name"),
        vectors=("embedding",),
        indexes=("chunk_embedding", "chunk_text_en", "chunk_text_cjk"),
        caption="a section's heading, or a passage's first words",
        color="#A8E2C4",
        border="#6DCE9E",
        diameter_px=35,
    ),
    NodeKind(
        "DocumentUpload",
        "user",
        text=("filename", "name"),
        caption="'upload ' and the file name",
        color="#C4EBD6",
        border="#8FD9B2",
        diameter_px=30,
        export="skip",
    ),
    NodeKind(
        "DocumentVersion",
        "user",
        text=("normalized_content", "name"),
        caption="the document's file name and version",
        color="#C4EBD6",
        border="#8FD9B2",
        diameter_px=35,
    ),
    NodeKind(
        "Document",
        "user",
        text=("filename", "title", "normalized_content", "name", "error"),
        provenance=("FROM_EVENT",),
        caption="its file name",
        color="#6DCE9E",
        border="#3FBA7B",
        light=False,
        diameter_px=60,
    ),
    NodeKind(
        "LearningRun",
        "user",
        text=("error",),
        caption="'learning' and its day",
        color="#57C7E3",
        border="#23B3D7",
        diameter_px=35,
    ),
    NodeKind(
        "Source",
        "user",
        text=("title", "name"),
        caption="its source type and title",
        color="#B5BAC3",
        border="#8E96A3",
    ),
    NodeKind(
        "Event",
        "user",
        text=("content", "title", "metadata", "speaker", "name"),
        vectors=("embedding",),
        indexes=("event_embedding", "event_text_en", "event_text_cjk"),
        caption="'speaker: ' and the first words of its content, or its title",
        color="#E0E3E8",
        border="#B5BAC3",
    ),
    NodeKind(
        "Session",
        "user",
        text=("summaries",),
        caption="'session ' and its id",
        color="#A5ABB6",
        border="#9AA1AC",
        light=False,
        diameter_px=45,
    ),
    NodeKind("EntityLock", "user", caption="none (a per-user lock)", export="skip"),
    NodeKind(
        "Erasure",
        "user",
        caption="'erasure'",
        color="#EB2728",
        border="#B91C1C",
        light=False,
        diameter_px=35,
        export="skip",
        transient=True,
    ),
    NodeKind("Lease", "deployment", caption="none (a named lease of the deployment)", export="skip"),
)
"""Every node label, in the order ``eraseUser`` deletes them (the transient ``Erasure`` last)."""

RELATIONSHIPS: tuple[RelKind, ...] = (
    RelKind("HAS_EVENT", ("Session",), ("Event",)),
    RelKind("EXTRACTED_FROM", ("Memory",), ("Event",), provenance=True),
    RelKind("MENTIONS", ("Memory",), ("Entity",)),
    RelKind("SUPERSEDED_BY", ("Memory",), ("Memory",), text=("reason",)),
    RelKind("HAS_ALIAS", ("Entity",), ("Alias",)),
    RelKind("HAS_IMPRESSION", ("Entity",), ("Impression",)),
    RelKind("HAS_FEATURE", ("Entity",), ("Feature",)),
    RelKind("RELATES", ("Entity",), ("Entity",), text=("relation",), caption="{relation}", shaft_px=2),
    RelKind("OBSERVED_IN", ("Entity", "PendingObservation"), ("Event",), provenance=True),
    RelKind("SUPPORTS", ("Evidence",), ("Trait", "Impression", "Feature"), provenance=True),
    RelKind("CONTRADICTS", ("Evidence",), ("Trait",), provenance=True, color="#EB2728"),
    RelKind("CITES", ("Evidence",), ("Memory",), provenance=True),
    RelKind("FROM_EVENT", ("Evidence", "Alias", "MemoryCandidate", "Document"), ("Event",), provenance=True),
    RelKind("CANDIDATE", ("PendingObservation",), ("Entity",)),
    RelKind("RESOLVED_AS", ("PendingObservation",), ("Entity",)),
    RelKind("PARENT_OF", ("Trait",), ("Trait",)),
    RelKind("PRODUCED", ("ReflectionCycle",), ("Evidence",)),
    RelKind("RECORDS", ("HistoryEntry",), ("*",)),
    RelKind("FOR_SESSION", ("Job",), ("Session",)),
    RelKind("TRACE_OF", ("ExtractionTrace",), ("Event",), provenance=True),
    RelKind("HAS_VERSION", ("Source",), ("Event",)),
    RelKind("PREVIOUS_VERSION", ("Event", "Document"), ("Event", "DocumentVersion")),
    RelKind("PROMOTED_TO", ("MemoryCandidate",), ("Memory",)),
    RelKind("HAS_CHUNK", ("Document",), ("Chunk",)),
    RelKind("HAS_UPLOAD", ("Document",), ("DocumentUpload",)),
    RelKind("HAS_CHILD", ("Chunk",), ("Chunk",)),
    RelKind("MENTIONED_IN", ("DocumentEntity",), ("Chunk",), provenance=True),
    RelKind("DOCUMENT_MENTION", ("Entity",), ("DocumentEntity",)),
    RelKind("TAGGED", ("Memory", "Event", "Document", "Chunk"), ("Tag",)),
)
"""Every relationship type graphsvc writes."""


@cache
def _by_label() -> dict[str, NodeKind]:
    return {kind.label: kind for kind in NODES}


@cache
def _by_type() -> dict[str, RelKind]:
    return {kind.type: kind for kind in RELATIONSHIPS}


def node_kind(label: str) -> NodeKind:
    """The declaration of ``label``.

    Raises:
        KeyError: the label is not in the catalog.
    """
    return _by_label()[label]


def rel_kind(rel_type: str) -> RelKind:
    """The declaration of ``rel_type``.

    Raises:
        KeyError: the relationship type is not in the catalog.
    """
    return _by_type()[rel_type]


def user_labels() -> tuple[str, ...]:
    """Every label owned by a user, in erase order (transient ones last)."""
    owned = [k for k in NODES if k.owner == "user"]
    return tuple(k.label for k in sorted(owned, key=lambda k: k.transient))


def exported_labels() -> tuple[str, ...]:
    """The labels ``graphsvc export`` carries, in :data:`NODES` order."""
    return tuple(k.label for k in NODES if k.owner == "user" and k.export == "node")


def text_properties() -> Iterator[tuple[str, str]]:
    """``(label, property)`` for every declared user-text property of every node label."""
    for kind in NODES:
        for prop in kind.text:
            yield kind.label, prop


def grass() -> str:
    """The Neo4j Browser style (GraSS) for every styled label: a node is captioned by its ``name`` and a
    relationship by its type. The file served at ``/static/neo4j/graphsvc.grass`` is this text (a test keeps
    them equal: ``python -m graphsvc.graph.catalog > graphsvc/api/static/neo4j/graphsvc.grass``)."""
    blocks = [
        _block("node", diameter_px=45, color="#A5ABB6", border="#9AA1AC", light=False, font_px=10),
        "relationship {\n  color: #A5ABB6;\n  shaft-width: 1px;\n  font-size: 8px;\n  padding: 3px;\n"
        '  text-color-external: #000000;\n  text-color-internal: #FFFFFF;\n  caption: "<type>";\n}\n',
    ]
    for kind in NODES:
        if kind.export == "skip" and kind.label != "ApiKey" and not kind.transient:
            continue  # locks and leases: nothing to look at
        blocks.append(
            _block(
                f"node.{kind.label}",
                diameter_px=kind.diameter_px,
                color=kind.color,
                border=kind.border,
                light=kind.light,
            )
        )
    for rel in RELATIONSHIPS:
        if rel.caption == "<type>" and rel.color is None and rel.shaft_px is None:
            continue
        lines = [f"relationship.{rel.type} {{"]
        lines += [f"  color: {rel.color};"] if rel.color else []
        lines += [f"  shaft-width: {rel.shaft_px}px;"] if rel.shaft_px else []
        blocks.append("\n".join([*lines, f'  caption: "{rel.caption}";', "}\n"]))
    return "\n".join(blocks)


def _block(selector: str, *, diameter_px: int, color: str, border: str, light: bool, font_px: int = 0) -> str:
    lines = [f"{selector} {{"]
    if font_px:
        lines += [
            f"  diameter: {diameter_px}px;",
            f"  color: {color};",
            f"  border-color: {border};",
            "  border-width: 2px;",
            "  text-color-internal: #FFFFFF;",
            f"  font-size: {font_px}px;",
        ]
    else:
        text_color = "#1F2A44" if light else "#FFFFFF"
        lines += [
            f"  color: {color};",
            f"  border-color: {border};",
            f"  text-color-internal: {text_color};",
            f"  diameter: {diameter_px}px;",
        ]
    lines.append('  caption: "{name}";')
    return "\n".join(lines) + "\n}\n"


if __name__ == "__main__":  # pragma: no cover - regenerates the committed style file
    print(grass(), end="")
