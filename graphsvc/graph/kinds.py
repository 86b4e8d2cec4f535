"""What the catalog knows of each stored kind: the facts a node class declares (:class:`NodeFacts`), the full
declaration of a label (:class:`NodeKind`) and of a relationship type (:class:`RelKind`).

A node class of :mod:`graphsvc.graph.nodes` carries its :class:`NodeFacts` as ``catalog_facts``;
:mod:`graphsvc.graph.catalog` adds the label (the class's neomodel label) and the owner (its base class) to make
its :class:`NodeKind`, and reads each relationship type's start and end labels from the classes' relationship
declarations.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from typing import Literal

from graphsvc.spaces import SPACE_KINDS, SpaceKind

Owner = Literal["user", "deployment"]
"""``user``: every node carries its owner's ``user_id``; every query filters on it; erased with the user.
``deployment``: belongs to the running deployment, not to anyone's memory (named leases)."""

ExportAs = Literal["node", "skip"]
"""``node``: ``graphsvc export`` writes it (and its edges to nodes of the same user) and ``restore`` reads it
back; ``skip``: credentials and coordination nodes, which hold no memory and are MERGEd again when needed."""


@dataclass(frozen=True, kw_only=True)
class NodeFacts:
    """What a node class says of its label, beyond its properties and relationships.

    Attributes:
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
        spaces: the kinds of memory space (:data:`graphsvc.spaces.SpaceKind`) its nodes may belong to: every kind
            by default; a person's only for what is about one person (traits, their evidence, memberships), a
            group's or an agent's only for its registration.
    """

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
    spaces: tuple[SpaceKind, ...] = SPACE_KINDS


@dataclass(frozen=True, kw_only=True)
class NodeKind(NodeFacts):
    """One node label graphsvc writes: its class's :class:`NodeFacts` with the label and the owner.

    Attributes:
        label: the Neo4j label (the neomodel class's ``__label__``).
        owner: see :data:`Owner` (``user`` for a class based on :class:`graphsvc.graph.nodes.UserNode`).
    """

    label: str
    owner: Owner


@dataclass(frozen=True)
class RelKind:
    """One relationship type graphsvc writes.

    Attributes:
        type: the Neo4j relationship type.
        start: the labels it leaves from, read from the node classes that declare it.
        end: the labels it points to (``("*",)``: any user-owned label), read the same way.
        text: its properties that hold user text.
        provenance: it points from a derived node to what the node rests on: deleting the end retracts or
            re-scores the start (ARCHITECTURE "Belief maintenance").
        caption: its Neo4j Browser caption (``<type>``, or ``{property}``).
        color: its Browser colour, None for the default grey.
        shaft_px: its Browser line width, None for the default 1 px.
    """

    type: str
    _: KW_ONLY
    start: tuple[str, ...] = ()
    end: tuple[str, ...] = ()
    text: tuple[str, ...] = ()
    provenance: bool = False
    caption: str = "<type>"
    color: str | None = None
    shaft_px: int | None = None
