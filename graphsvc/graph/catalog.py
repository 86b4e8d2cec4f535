"""The catalog of what graphsvc stores: every node label and relationship type it writes, each declared once.

A label is declared by its neomodel class in :mod:`graphsvc.graph.nodes`: its properties, its relationships
and its ``catalog_facts`` (:class:`~graphsvc.graph.kinds.NodeFacts`: which properties hold user text (what
forgetting and erasing must reach) and vectors, which vector and full-text indexes cover it, which relationships
tie it to what it was derived from (its provenance), how Neo4j Browser captions and colours it, and whether
``graphsvc export`` carries it); its base class says who owns its nodes (a user, or the deployment). This module
puts the classes in erase order (:data:`ERASE_ORDER`) and reads them into :data:`NODES`. A relationship type is
declared on the classes it leaves from (``AsyncRelationshipTo``), which give its start and end labels; what else
is known of it (provenance, user text, Browser style) is declared once here, in :data:`RELATIONSHIPS`.

What reads the catalog (so a new kind is covered the day it is declared):

- ``eraseUser`` deletes every user-owned label, in :data:`NODES` order, and verifies none is left
  (:mod:`graphsvc.graph.erase`);
- ``graphsvc export`` / ``restore`` carry every label whose ``export`` is ``"node"`` and the edges between them
  (:mod:`graphsvc.graph.portability`);
- the Browser style file ``graphsvc/api/static/neo4j/graphsvc.grass`` is rendered by :func:`grass`;
- which kinds of memory space (:mod:`graphsvc.spaces`: a person's, a group's, an agent's) may hold a label
  (``NodeFacts.spaces``, asked through :func:`may_hold`): reflection runs, and an extraction queues it, only where
  traits may live; the isolation tests check that no node stands in a space its label does not allow;
- tests: every label and relationship type a Cypher file under ``cypher/queries`` creates or merges must be
  declared; every stored class is in :data:`ERASE_ORDER` once; every declared text and vector property is a
  property of its class; every user-owned label has a ``user_id`` index in ``cypher/schema.cypher``; the
  forgetting invariants look for forgotten text in every declared text property.

Adding a kind of node: its class in :mod:`graphsvc.graph.nodes` (with its ``catalog_facts`` and
relationships) and its place in :data:`ERASE_ORDER`, its constraint and ``user_id`` index in
``cypher/schema.cypher``, its statements in ``cypher/queries/<kind>.cypher`` and the typed functions that run
them in ``graphsvc/graph/<kind>.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields, replace
from functools import cache

from neomodel import AsyncRelationshipDefinition
from neomodel.util import RelationshipDirection

from graphsvc.graph import nodes
from graphsvc.graph.kinds import NodeKind, RelKind
from graphsvc.spaces import space_kind

ERASE_ORDER: tuple[type[nodes.StoredNode], ...] = (
    # work and audit first, derived layers next, sources last; the transient Erasure, then the deployment's
    nodes.ApiKey,
    nodes.Job,
    nodes.JobLane,
    nodes.ExtractionTrace,
    nodes.PendingObservation,
    nodes.HistoryEntry,
    nodes.Evidence,
    nodes.ReflectionCycle,
    nodes.ReflectionState,
    nodes.Trait,
    nodes.Impression,
    nodes.Feature,
    nodes.Alias,
    nodes.MemoryCandidate,
    nodes.Memory,
    nodes.Entity,
    nodes.DocumentEntity,
    nodes.Tag,
    nodes.Chunk,
    nodes.DocumentUpload,
    nodes.DocumentVersion,
    nodes.Document,
    nodes.LearningRun,
    nodes.Membership,
    nodes.Agent,
    nodes.Group,
    nodes.Source,
    nodes.Event,
    nodes.Session,
    nodes.EntityLock,
    nodes.Erasure,
    nodes.Lease,
)
"""Every stored node class, in the order ``eraseUser`` deletes their labels (the transient ``Erasure`` last)."""


def declared_kind(cls: type[nodes.StoredNode]) -> NodeKind:
    """The :class:`NodeKind` of a stored class: its ``catalog_facts`` with its label and owner."""
    facts = cls.catalog_facts
    given = {f.name: getattr(facts, f.name) for f in fields(facts)}
    return NodeKind(label=cls.__label__, owner=cls.owner_scope, **given)


NODES: tuple[NodeKind, ...] = tuple(declared_kind(cls) for cls in ERASE_ORDER)
"""Every node label, in :data:`ERASE_ORDER`."""


def relationship_declarations() -> Iterator[tuple[str, str, str]]:
    """``(type, start label, end label)`` of every relationship the classes of :data:`ERASE_ORDER` declare
    (``*``: any user-owned label, for a relationship to :class:`~graphsvc.graph.nodes.UserNode`)."""
    for cls in ERASE_ORDER:
        for rel in cls.defined_properties(aliases=False, properties=False, rels=True).values():
            assert isinstance(rel, AsyncRelationshipDefinition)
            rel.lookup_node_class()
            other, rel_type = rel.definition["node_class"], rel.definition["relation_type"]
            assert isinstance(other, type) and issubclass(other, nodes.StoredNode) and isinstance(rel_type, str)
            other_label = "*" if other is nodes.UserNode else other.__label__
            if rel.definition["direction"] == RelationshipDirection.INCOMING:
                yield rel_type, other_label, cls.__label__
            else:
                yield rel_type, cls.__label__, other_label


def _joined(declared: tuple[RelKind, ...]) -> tuple[RelKind, ...]:
    starts: dict[str, list[str]] = {}
    ends: dict[str, list[str]] = {}
    for rel_type, start, end in relationship_declarations():
        if start not in starts.setdefault(rel_type, []):
            starts[rel_type].append(start)
        if end not in ends.setdefault(rel_type, []):
            ends[rel_type].append(end)
    return tuple(
        replace(kind, start=tuple(starts.get(kind.type, ())), end=tuple(ends.get(kind.type, ()))) for kind in declared
    )


RELATIONSHIPS: tuple[RelKind, ...] = _joined(
    (
        RelKind("HAS_EVENT"),
        RelKind("EXTRACTED_FROM", provenance=True),
        RelKind("MENTIONS"),
        RelKind("SUPERSEDED_BY", text=("reason",)),
        RelKind("HAS_ALIAS"),
        RelKind("HAS_IMPRESSION"),
        RelKind("HAS_FEATURE"),
        RelKind("RELATES", text=("relation",), caption="{relation}", shaft_px=2),
        RelKind("OBSERVED_IN", provenance=True),
        RelKind("SUPPORTS", provenance=True),
        RelKind("CONTRADICTS", provenance=True, color="#EB2728"),
        RelKind("CITES", provenance=True),
        RelKind("FROM_EVENT", provenance=True),
        RelKind("CANDIDATE"),
        RelKind("RESOLVED_AS"),
        RelKind("PARENT_OF"),
        RelKind("PRODUCED"),
        RelKind("RECORDS"),
        RelKind("FOR_SESSION"),
        RelKind("TRACE_OF", provenance=True),
        RelKind("HAS_VERSION"),
        RelKind("PREVIOUS_VERSION"),
        RelKind("PROMOTED_TO"),
        RelKind("HAS_CHUNK"),
        RelKind("HAS_UPLOAD"),
        RelKind("HAS_CHILD"),
        RelKind("MENTIONED_IN", provenance=True),
        RelKind("DOCUMENT_MENTION"),
        RelKind("TAGGED"),
    )
)
"""Every relationship type graphsvc writes, with what is known of it beyond its start and end labels (read
from the node classes that declare it)."""


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


def may_hold(label: str, space_id: str) -> bool:
    """Whether the space ``space_id`` (:mod:`graphsvc.spaces`: a person's, a group's, an agent's) may hold nodes
    of ``label``, as the label's class declares (``NodeFacts.spaces``).

    Raises:
        KeyError: the label is not in the catalog.
    """
    return space_kind(space_id) in node_kind(label).spaces


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
