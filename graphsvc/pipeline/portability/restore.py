"""``graphsvc restore FILE [--as USER]``: bring one user's export back, into an empty or another database, under
its own user id or another one.

The user must have no data in the target database (restoring over live data would mix two histories;
erase first). Under another user id (``--as``) every key of the export is made the new user's
(:mod:`.rekey`), so the export restores beside the user it came from, who keeps all their data. Nodes are
created in batches with their labels and properties, then the edges between them; only the labels and
relationship types the catalog declares are accepted (:mod:`graphsvc.graph.catalog`). Before each batch is
written, its ids (uids, and the other properties the database holds once) are checked to be new: an export
restored before under another id, or whose user id was changed by hand, is refused with the ids that exist
(:class:`~graphsvc.errors.ExistingIdsError`) rather than with a constraint error.
Vectors are recomputed with the configured embedder when the export left them out or was made with another
embedder, for exactly the nodes that held one (the node line's ``vectors``), from the text their writer embedded:
a message with its conversational context (:func:`graphsvc.pipeline.ingest.messages.in_context`), a record of
another source as ``title: content`` (:attr:`graphsvc.pipeline.sources.events.EventRow.text`), a document's
event from its excerpt, a passage with its heading path (:attr:`graphsvc.pipeline.documents.chunker.ChunkDraft.
embedding_text`), memories, impressions and traits from their text. Derived state needs nothing else: the
vector and full-text indexes fill as nodes are written.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Any

from graphsvc.errors import ConflictError, ExistingIdsError, InvalidInputError
from graphsvc.graph import catalog, portability
from graphsvc.graph.portability import EdgeRecord, NodeRecord
from graphsvc.pipeline.documents.chunker import ChunkDraft
from graphsvc.pipeline.ingest.messages import embedding_text, in_context
from graphsvc.pipeline.portability.codec import FORMAT, VECTOR_PROPERTIES, VERSION, decode_props
from graphsvc.pipeline.portability.export import embedder_identity
from graphsvc.pipeline.portability.rekey import rekeyed_lines
from graphsvc.pipeline.sources.events import EventRow
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id

BATCH = 1000
EMBEDDED_LABELS = tuple(kind.label for kind in catalog.NODES if kind.vectors)
"""The labels whose nodes may hold a vector (``embedding``)."""


@dataclass
class RestoreReport:
    """What a restore wrote.

    Attributes:
        user_id: the user restored (the ``--as`` user when given).
        exported_user_id: the user the export was made of.
        keys_derived / keys_renamed: under another user id, the export's keys derived again for the new user
            from their natural parts, and those given new ids (:mod:`.rekey`); 0 under the exported user's id.
    """

    user_id: str
    exported_user_id: str = ""
    nodes: int = 0
    edges: int = 0
    reembedded: int = 0
    keys_derived: int = 0
    keys_renamed: int = 0


@dataclass
class _ToEmbed:
    element_id: str
    text: str
    session: str | None = None
    order: tuple[Any, ...] = ()


def _batches(items: Iterable[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


def _header(first: dict[str, Any] | None) -> dict[str, Any]:
    if first is None or first.get("kind") != "header" or first.get("format") != FORMAT:
        raise InvalidInputError(field="file", problem="does not start with a graphsvc export header")
    if first.get("version") != VERSION:
        raise InvalidInputError(field="file", problem=f"is export version {first.get('version')}, expected {VERSION}")
    return first


def _labels(line: dict[str, Any]) -> tuple[str, ...]:
    labels = tuple(str(label) for label in line.get("labels") or ())
    exported = catalog.exported_labels()
    if not labels or any(label not in exported for label in labels):
        raise InvalidInputError(
            field="file", problem=f"holds a node labelled {list(labels)}, not a kind graphsvc exports"
        )
    return labels


def _require_owner(props: Mapping[str, Any], user_id: str) -> None:
    """Raises InvalidInputError unless the node's properties name ``user_id`` as its owner and hold a uid."""
    if props.get("user_id") != user_id or not props.get("uid"):
        raise InvalidInputError(field="file", problem="holds a node of another user or without uid")


def _edge_type(edge: dict[str, Any]) -> str:
    rel_type = str(edge.get("type"))
    if rel_type not in {kind.type for kind in catalog.RELATIONSHIPS}:
        raise InvalidInputError(field="file", problem=f"has a {rel_type} edge, not a relationship graphsvc writes")
    return rel_type


class _Writer:
    """Nodes in batches (keeping uid → element id for the edges), then edges, for one user."""

    def __init__(self, rt: Runtime, *, user_id: str, keep_vectors: bool) -> None:
        self.rt, self.user_id, self.keep_vectors = rt, user_id, keep_vectors
        self.ids: dict[str, str] = {}
        self.to_embed: list[_ToEmbed] = []
        self.pending: list[tuple[NodeRecord, list[str] | None]] = []
        self.nodes = 0

    async def node(self, line: dict[str, Any]) -> None:
        labels = _labels(line)
        props = decode_props(dict(line["props"]))
        _require_owner(props, self.user_id)
        held = line.get("vectors")
        vectors = None if held is None else [str(v) for v in held]
        if not self.keep_vectors:
            props.pop("embedding", None)
        self.pending.append((NodeRecord(labels=labels, props=props), vectors))
        if len(self.pending) >= BATCH:
            await self.flush()

    async def flush(self) -> None:
        if not self.pending:
            return
        nodes = [node for node, _ in self.pending]
        if existing := await portability.existing_keys(self.rt.db, nodes=nodes):
            first = existing[0]
            raise ExistingIdsError(
                user_id=self.user_id,
                count=len(existing),
                example=f"{first.label}.{first.prop} {first.value!r}",
                owners=sorted({e.owner for e in existing}),
                written=self.nodes,
            )
        created = await portability.create_nodes(self.rt.db, user_id=self.user_id, nodes=nodes)
        self.ids.update(created)
        for node, vectors in self.pending:
            wanted = _embedding_wanted(
                node, element_id=self.ids[node.props["uid"]], vectors=vectors, keep_vectors=self.keep_vectors
            )
            if wanted is not None:
                self.to_embed.append(wanted)
        self.nodes += len(created)
        self.pending.clear()

    async def edges(self, edges: list[dict[str, Any]]) -> int:
        written = 0
        for chunk in _batches(edges, BATCH):
            rows = []
            for edge in chunk:
                rel_type = _edge_type(edge)
                if edge["start"] not in self.ids or edge["end"] not in self.ids:
                    raise InvalidInputError(field="file", problem=f"has a {rel_type} edge to a node it does not hold")
                rows.append(
                    EdgeRecord(
                        type=rel_type,
                        start=self.ids[edge["start"]],
                        end=self.ids[edge["end"]],
                        props=decode_props(edge["props"]),
                    )
                )
            written += await portability.create_edges(self.rt.db, user_id=self.user_id, edges=rows)
        return written


async def restore_user(rt: Runtime, lines: Iterable[dict[str, Any]], *, as_user: str | None = None) -> RestoreReport:
    """Restore one export (its parsed lines, header first).

    Args:
        as_user: restore it under this user id instead of the exported one, every key made the new user's
            (:mod:`.rekey`; the export is then held in memory while it is restored).

    Returns:
        how many nodes and edges were written, how many vectors computed and how many keys re-made.

    Raises:
        InvalidInputError: not an export, another version, a node of another user or of an undeclared label, an
            edge of an undeclared type or to an unknown node; an ``as_user`` no user can have.
        ConflictError: the user (``as_user`` when given) already has data in this database.
        ExistingIdsError: ids of the export already exist in this database, held by another user (the nodes of
            earlier batches stay written; the error says how many).
    """
    stream: Iterator[dict[str, Any]] = iter(lines)
    header = _header(next(stream, None))
    exported_user = str(header["user_id"])
    user_id = exported_user if as_user is None else require_id("--as", as_user, rt.settings)
    if await portability.has_data(rt.db, user_id=user_id):
        raise ConflictError(
            kind="user",
            ident=user_id,
            problem="already has data in this database (erase it first, or restore under another user id with --as)",
        )
    rekeying = None
    if user_id != exported_user:
        body = list(stream)
        for line in body:  # checked before any key is worked out (the new keys name the new user)
            if line.get("kind") == "node":
                _labels(line)
                _require_owner(line.get("props") or {}, exported_user)
            elif line.get("kind") == "edge":
                _edge_type(line)
        rekeying, stream = rekeyed_lines(body, source_user=exported_user, target_user=user_id, decode=decode_props)
    keep_vectors = bool(header.get("embeddings")) and header.get("embedder") == embedder_identity(
        rt.settings, rt.embedder
    )
    writer = _Writer(rt, user_id=user_id, keep_vectors=keep_vectors)
    edges: list[dict[str, Any]] = []
    for line in stream:
        if line.get("kind") == "node":
            await writer.node(line)
        elif line.get("kind") == "edge":
            _edge_type(line)
            edges.append(line)
    await writer.flush()
    report = RestoreReport(
        user_id=user_id, exported_user_id=exported_user, nodes=writer.nodes, edges=await writer.edges(edges)
    )
    report.reembedded = await _embed(rt, user_id=user_id, items=writer.to_embed)
    if rekeying is not None:
        report.keys_derived, report.keys_renamed = rekeying.derived, rekeying.renamed
    rt.vectors.forget_user(user_id)
    return report


def _embedding_wanted(
    node: NodeRecord, *, element_id: str, vectors: list[str] | None, keep_vectors: bool
) -> _ToEmbed | None:
    """What to embed for ``node``, or None when it keeps its vector or held none.

    ``vectors`` is the node line's list of the vector properties the node held; None for an export written
    before it was recorded (then a node of an embedded label with text gets one unless it is a superseded
    version of a record or a section of a document: those never hold one).
    """
    props = node.props
    label = next((lab for lab in EMBEDDED_LABELS if lab in node.labels), None)
    if label is None or (keep_vectors and props.get("embedding") is not None):
        return None
    if vectors is None:
        superseded = label == "Event" and props.get("superseded_at") is not None
        if superseded or (label == "Chunk" and props.get("kind") != "passage"):
            return None
    elif not VECTOR_PROPERTIES & set(vectors):
        return None  # it held none: a superseded version of a record, a section, a forgotten memory
    content = str(props.get("content") or "")
    if not content.strip():
        return None  # a forgotten memory keeps no text and no vector
    if label == "Event" and props.get("source_type") == "conversation":
        return _ToEmbed(
            element_id=element_id,
            text=embedding_text(props.get("speaker"), content),
            session=str(props.get("session_id")),
            order=(props.get("occurred_at"), props.get("seq") or 0, props.get("uid")),
        )
    return _ToEmbed(element_id=element_id, text=_vector_text(label, props, content=content))


def _vector_text(label: str, props: Mapping[str, Any], *, content: str) -> str:
    """The text a node's writer embedded (a message's aside: it needs its conversation)."""
    if label == "Chunk":
        path = [str(p) for p in props.get("heading_path") or []]
        return ChunkDraft(kind="passage", heading_path=path, level=0, content=content, parent=None).embedding_text
    if label == "Event" and props.get("source_type") not in (None, "document"):
        return EventRow(
            uid=str(props.get("uid")),
            source_uid="",
            source_type=props["source_type"],
            source_id=str(props.get("source_id")),
            title=props.get("title"),
            content=content,
            status=props.get("status"),
            metadata=props.get("metadata"),
            occurred_at=props["occurred_at"],
            tags=(),
        ).text
    return content  # a document's event (its excerpt), a memory, an impression, a trait


async def _embed(rt: Runtime, *, user_id: str, items: list[_ToEmbed]) -> int:
    """Embed what needs a vector: messages after the previous message of their session, as at ingest."""
    chars = rt.settings.embedding.event_context_chars
    events = sorted((i for i in items if i.session is not None), key=lambda i: (i.session, *i.order))
    texts: dict[str, str] = {i.element_id: i.text for i in items if i.session is None}
    previous: tuple[str | None, str | None] = (None, None)
    for item in events:
        before = previous[1] if previous[0] == item.session else None
        texts[item.element_id] = in_context(before, item.text, chars=chars)
        previous = (item.session, item.text)
    ordered = list(texts.items())
    for start in range(0, len(ordered), BATCH):
        chunk = ordered[start : start + BATCH]
        vectors = await rt.embedder.embed_passages([text for _, text in chunk])
        await portability.set_embeddings(
            rt.db, user_id=user_id, vectors=[(eid, v.tolist()) for (eid, _), v in zip(chunk, vectors, strict=True)]
        )
    return len(ordered)
