"""Recall's candidate reads: one user's nodes ranked by one retrieval method, as ``uid`` and score.

Two statements per recall, each returning one record of collected lists (a row per candidate cost about 60 µs
of Python in the driver; one record of lists costs a fraction of that):

* :func:`text_candidates`, before the query vector exists (recall runs it while the query is embedded): the
  user's counts, the full-text pools with their text (for tenant BM25), the term counts tenant BM25 needs, and
  graph expansion's entities with the uids they bring;
* :func:`vector_candidates`, with the query vector(s): the vector method's five lists and the graph expansion
  lists scored by cosine. Recall asks it only when the in-process copies of
  :mod:`graphsvc.graph.vector_cache` cannot answer.

Vector scores are Neo4j's cosine similarity ``(1 + cos) / 2`` in [0, 1]; full-text scores are Lucene's BM25.
Every list is best first (ties by uid) and at most ``k`` long; every statement filters on ``user_id``.

Statements: ``recall_text``, ``recall_vectors`` and ``tagged_recall_uids`` in ``cypher/queries/recall.cypher``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from graphsvc.graph.database import Queries

TextKind = Literal["event", "memory", "impression", "trait", "chunk"]
"""A kind of node with full-text indexes (``chunk``: document passages)."""
TextFamily = Literal["en", "cjk"]
"""A full-text index family: English analyzer, or CJK bigrams."""
Target = Literal["memory", "event", "chunk"]
"""A kind whose large users are searched through the vector index rather than by an exact scan."""

TEXT_KINDS: tuple[TextKind, ...] = ("event", "memory", "impression", "trait", "chunk")


@dataclass(frozen=True)
class Scored:
    """One candidate: a node's ``uid`` and its score in one list (cosine ``(1 + cos) / 2``, or BM25)."""

    uid: str
    score: float


@dataclass(frozen=True)
class TextMatch:
    """One full-text match: the node's ``uid``, Lucene's score, and the indexed ``text`` ("" when it has none)."""

    uid: str
    score: float
    text: str


@dataclass(frozen=True)
class Filters:
    """Which nodes a recall's lists may hold (the scope; :class:`graphsvc.pipeline.recall.scope.RecallScope`).

    Attributes:
        statuses: memory statuses taken part.
        as_of: None, or: events said by then, memories that held then (valid time).
        with_stale: impressions marked stale (repeating a superseded or forgotten memory) take part.
        stages: trait stages taken part.
        trait_uids: None, or only these traits.
    """

    statuses: tuple[str, ...]
    as_of: datetime | None
    with_stale: bool
    stages: tuple[str, ...]
    trait_uids: tuple[str, ...] | None

    def params(self) -> dict[str, Any]:
        return {
            "statuses": list(self.statuses),
            "as_of": self.as_of,
            "with_stale": self.with_stale,
            "stages": list(self.stages),
            "trait_uids": None if self.trait_uids is None else list(self.trait_uids),
        }


@dataclass(frozen=True)
class GraphCandidates:
    """The uids graph expansion's entities bring (unscored): the embedded events the selective named entities
    were observed in, the embedded memories that mention the named ones, the named ones' impressions (embedded
    or not), and the events and impressions of their related entities."""

    events: tuple[str, ...] = ()
    memories: tuple[str, ...] = ()
    impressions: tuple[str, ...] = ()
    related_events: tuple[str, ...] = ()
    related_impressions: tuple[str, ...] = ()

    def lists(self) -> list[tuple[str, ...]]:
        return [self.events, self.memories, self.impressions, self.related_events, self.related_impressions]


@dataclass(frozen=True)
class TextCandidates:
    """What recall reads without the query vector (:func:`text_candidates`).

    Attributes:
        user_events, user_memories, user_passages: the user's events (every version), memories (every status)
            and document passages.
        pools: the Lucene pool of each of :data:`TEXT_KINDS` (empty without a query).
        term_counts: ``(index, Lucene query)`` → the user's matching documents, for every ask of an index whose
            pool holds a match (an empty pool ranks nothing, so its counts are not asked).
        named: entities the query names (each name matching exactly one entity); ``selective``: those observed
            in few enough events; ``related``: their selective ``RELATES`` neighbours, strongest first.
        graph: the uids these entities bring.
        stamp: with ``stamp=True``, what the in-process vector copies are checked against
            (:data:`graphsvc.graph.vector_cache.Stamp`); None otherwise.
    """

    user_events: int
    user_memories: int
    user_passages: int
    pools: dict[TextKind, list[TextMatch]]
    term_counts: dict[tuple[str, str], int]
    named: tuple[str, ...] = ()
    selective: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    graph: GraphCandidates = field(default_factory=GraphCandidates)
    stamp: Mapping[str, Sequence[Any]] | None = None

    def user_count(self, target: Target) -> int:
        return {"event": self.user_events, "memory": self.user_memories, "chunk": self.user_passages}[target]


@dataclass(frozen=True)
class VectorLists:
    """The vector method's lists for one query vector: events, memories, impressions, traits, passages."""

    events: list[Scored]
    memories: list[Scored]
    impressions: list[Scored]
    traits: list[Scored]
    passages: list[Scored]

    def lists(self) -> list[list[Scored]]:
        return [self.events, self.memories, self.impressions, self.traits, self.passages]


@dataclass(frozen=True)
class VectorCandidates:
    """What :func:`vector_candidates` returns: one :class:`VectorLists` per query vector, in order, and graph
    expansion's five lists scored against the last vector (same order as :meth:`GraphCandidates.lists`)."""

    views: list[VectorLists]
    graph: list[list[Scored]]


def text_index(kind: TextKind, family: TextFamily) -> str:
    """The full-text index over ``kind`` for ``family``, as named in ``cypher/schema.cypher``."""
    return f"{kind}_text_{family}"


def _scored(rows: Sequence[Mapping[str, Any]]) -> list[Scored]:
    return [Scored(str(r["uid"]), float(r["score"])) for r in rows]


def _matches(rows: Sequence[Mapping[str, Any]]) -> list[TextMatch]:
    return [TextMatch(str(r["uid"]), float(r["score"]), str(r["text"] or "")) for r in rows]


def _uids(values: Sequence[object]) -> tuple[str, ...]:
    return tuple(str(v) for v in values)


async def text_candidates(
    db: Queries,
    *,
    user_id: str,
    family: TextFamily,
    lucene_query: str | None,
    k: int,
    asks: Sequence[tuple[str, str]],
    names: Sequence[str],
    subject_keys: Sequence[str],
    filters: Filters,
    max_share: float,
    min_observed: int,
    related_limit: int,
    stamp: bool = False,
    copied_stages: Sequence[str] = (),
) -> TextCandidates:
    """Read everything recall needs before the query vector, in one statement (``recall_text``).

    Args:
        family: which full-text indexes (:func:`text_index`) are searched.
        lucene_query: built by :func:`graphsvc.text.lucene.build_query` (word tokens and the tenant key only);
            None: no pools.
        k: the size of each Lucene pool.
        asks: ``(index name, Lucene query)`` pairs to count the user's matching documents for
            (:func:`graphsvc.text.lucene.term_query`); asked only of the indexes whose pool holds a match.
        names: normalised names the query might contain (:func:`graphsvc.keys.normalise_text`);
            ``subject_keys``: :func:`graphsvc.keys.entity_subject_key` of each, in the same order.
        max_share, min_observed: an entity is selective when observed in at most
            ``max(min_observed, int(max_share × user_events))`` events.
        related_limit: at most this many related entities.
        stamp: also read the user's vector-copy stamp, counting traits at ``copied_stages`` as copied.

    Returns:
        the counts, pools, term counts, entities and graph candidates; empty lists when nothing matches (an
        unknown user has counts 0).

    Raises:
        ValueError: ``names`` and ``subject_keys`` differ in length.
    """
    if len(names) != len(subject_keys):
        raise ValueError("names and subject_keys must be the same length")
    rows = await db.read(
        "recall_text",
        user_id=user_id,
        lucene=lucene_query,
        indexes={kind: text_index(kind, family) for kind in TEXT_KINDS},
        k=k,
        asks=[{"index": i, "query": q} for i, q in asks],
        names=list(names),
        subject_keys=list(subject_keys),
        max_share=max_share,
        min_observed=min_observed,
        related_limit=related_limit,
        stamp=stamp,
        copied_stages=list(copied_stages),
        **filters.params(),
    )
    row = rows[0]
    return TextCandidates(
        user_events=int(row["user_events"]),
        user_memories=int(row["user_memories"]),
        user_passages=int(row["user_passages"]),
        pools={
            "event": _matches(row["text_events"]),
            "memory": _matches(row["text_memories"]),
            "impression": _matches(row["text_impressions"]),
            "trait": _matches(row["text_traits"]),
            "chunk": _matches(row["text_passages"]),
        },
        term_counts={(str(r["index"]), str(r["query"])): int(r["n"]) for r in row["term_counts"]},
        named=_uids(row["named"]),
        selective=_uids(row["selective"]),
        related=_uids(row["related"]),
        graph=GraphCandidates(
            events=_uids(row["entity_events"]),
            memories=_uids(row["entity_memories"]),
            impressions=_uids(row["entity_impressions"]),
            related_events=_uids(row["related_events"]),
            related_impressions=_uids(row["related_impressions"]),
        ),
        stamp=row["stamp"],
    )


async def vector_candidates(
    db: Queries,
    *,
    user_id: str,
    embeddings: Sequence[Sequence[float]],
    k: int,
    filters: Filters,
    graph: GraphCandidates,
    ann: Mapping[Target, int] | None = None,
    tags: Sequence[str] | None = None,
    tagged_k: int = 0,
) -> VectorCandidates:
    """The vector method's lists for each of ``embeddings`` and graph expansion's lists, in one statement
    (``recall_vectors``).

    Args:
        embeddings: query vectors, each ``(d,)`` L2-normalised (one per view of the query), at least one.
        k: the length of each list.
        graph: the uids to score (against the last of ``embeddings``).
        ann: target → how many candidates the user-filtered vector index fetches for exact re-ranking, for the
            targets searched through the index (large users, default scope only); others are exact scans.
        tags: normalised tag keys: only the tagged embedded nodes (active memories, current events, passages
            and the passages of tagged documents), the best ``tagged_k`` split by kind into events, memories
            and passages; impressions and traits stay empty.

    Returns:
        one :class:`VectorLists` per vector, and the five graph lists.

    Raises:
        ValueError: no embedding.
    """
    if not embeddings:
        raise ValueError("at least one query vector")
    ann = ann or {}
    row = (
        await db.read(
            "recall_vectors",
            user_id=user_id,
            embeddings=[list(e) for e in embeddings],
            k=k,
            ann={target: target in ann for target in ("event", "memory", "chunk")},
            candidates={target: ann.get(target, 0) for target in ("event", "memory", "chunk")},
            tags=None if tags is None else list(tags),
            tagged_k=tagged_k,
            graph={
                "events": list(graph.events),
                "memories": list(graph.memories),
                "impressions": list(graph.impressions),
                "related_events": list(graph.related_events),
                "related_impressions": list(graph.related_impressions),
            },
            **filters.params(),
        )
    )[0]
    views: list[VectorLists] = []
    for view in range(len(embeddings)):
        if tags is not None:
            by_kind: dict[str, list[Scored]] = {"event": [], "memory": [], "chunk": []}
            for r in row["tagged"][view]:
                by_kind[str(r["kind"])].append(Scored(str(r["uid"]), float(r["score"])))
            views.append(VectorLists(by_kind["event"], by_kind["memory"], [], [], by_kind["chunk"]))
            continue
        views.append(
            VectorLists(
                *(_scored(row[key][view]) for key in ("events", "memories", "impressions", "traits", "passages"))
            )
        )
    graph_lists = [
        _scored(row[key])
        for key in (
            "graph_events",
            "graph_memories",
            "graph_impressions",
            "graph_related_events",
            "graph_related_impressions",
        )
    ]
    return VectorCandidates(views, graph_lists)


async def tagged_uids(db: Queries, *, user_id: str, tags: Sequence[str], limit: int) -> frozenset[str]:
    """The uids of the user's nodes carrying any of ``tags`` (normalised keys) and of the passages of tagged
    documents, at most ``limit``; empty when none does."""
    rows = await db.read("tagged_recall_uids", user_id=user_id, tags=list(tags), limit=limit)
    return frozenset(str(r["uid"]) for r in rows)
