"""``graphsvc restore FILE``: bring one user's export back, into an empty or another database.

The user must have no data in the target database (restoring over live data would mix two histories;
erase first). Nodes are created in batches with their labels and properties, then the edges between them.
Vectors are re-embedded with the configured embedder when the export left them out or was made with
another embedder: messages with their conversational context (:func:`graphsvc.pipeline.ingest.messages.
in_context`), memories, impressions and traits from their text. Derived state needs nothing else: the
vector and full-text indexes fill as nodes are written.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any

from graphsvc.errors import ConflictError, InvalidInputError
from graphsvc.pipeline.ingest.messages import embedding_text, in_context
from graphsvc.pipeline.portability.codec import FORMAT, VERSION, decode_props
from graphsvc.pipeline.portability.export import embedder_identity
from graphsvc.runtime import Runtime

BATCH = 1000
EMBEDDED_LABELS = ("Event", "Memory", "Impression", "Trait")


@dataclass
class RestoreReport:
    """What a restore wrote."""

    user_id: str
    nodes: int = 0
    edges: int = 0
    reembedded: int = 0


@dataclass
class _ToEmbed:
    element_id: str
    text: str
    session: str | None = None
    order: tuple[Any, ...] = ()
    speaker: str | None = None


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


class _Writer:
    """Nodes in batches (keeping uid → element id for the edges), then edges, for one user."""

    def __init__(self, rt: Runtime, *, user_id: str, keep_vectors: bool) -> None:
        self.rt, self.user_id, self.keep_vectors = rt, user_id, keep_vectors
        self.ids: dict[str, str] = {}
        self.to_embed: list[_ToEmbed] = []
        self.pending: list[dict[str, Any]] = []
        self.nodes = 0

    async def node(self, line: dict[str, Any]) -> None:
        props = decode_props(dict(line["props"]))
        if props.get("user_id") != self.user_id or not props.get("uid"):
            raise InvalidInputError(field="file", problem="holds a node of another user or without uid")
        if not self.keep_vectors:
            props.pop("embedding", None)
        self.pending.append({"labels": list(line["labels"]), "props": props})
        if len(self.pending) >= BATCH:
            await self.flush()

    async def flush(self) -> None:
        if not self.pending:
            return
        rows = await self.rt.db.write("restore_nodes", user_id=self.user_id, rows=self.pending)
        self.ids.update({str(r["uid"]): str(r["id"]) for r in rows})
        for node in self.pending:
            element_id = self.ids[node["props"]["uid"]]
            wanted = _embedding_wanted(node, element_id=element_id, keep_vectors=self.keep_vectors)
            if wanted is not None:
                self.to_embed.append(wanted)
        self.nodes += len(rows)
        self.pending.clear()

    async def edges(self, edges: list[dict[str, Any]]) -> int:
        written = 0
        for chunk in _batches(edges, BATCH):
            rows = []
            for edge in chunk:
                if edge["start"] not in self.ids or edge["end"] not in self.ids:
                    raise InvalidInputError(
                        field="file", problem=f"has a {edge['type']} edge to a node it does not hold"
                    )
                rows.append(
                    {
                        "start": self.ids[edge["start"]],
                        "end": self.ids[edge["end"]],
                        "type": edge["type"],
                        "props": decode_props(edge["props"]),
                    }
                )
            result = await self.rt.db.write("restore_edges", user_id=self.user_id, rows=rows)
            written += int(result[0]["edges"]) if result else 0
        return written


async def restore_user(rt: Runtime, lines: Iterable[dict[str, Any]]) -> RestoreReport:
    """Restore one export (its parsed lines, header first).

    Returns:
        how many nodes and edges were written and how many vectors computed.

    Raises:
        InvalidInputError: not an export, another version, a node of another user, an edge to an unknown node.
        ConflictError: the user already has data in this database.
    """
    stream = iter(lines)
    header = _header(next(stream, None))
    user_id = str(header["user_id"])
    if (await rt.db.read("restore_user_exists", user_id=user_id))[0]["found"]:
        raise ConflictError(kind="user", ident=user_id, problem="already has data in this database (erase it first)")
    keep_vectors = bool(header.get("embeddings")) and header.get("embedder") == embedder_identity(
        rt.settings, rt.embedder
    )
    writer = _Writer(rt, user_id=user_id, keep_vectors=keep_vectors)
    edges: list[dict[str, Any]] = []
    for line in stream:
        if line.get("kind") == "node":
            await writer.node(line)
        elif line.get("kind") == "edge":
            edges.append(line)
    await writer.flush()
    report = RestoreReport(user_id=user_id, nodes=writer.nodes, edges=await writer.edges(edges))
    report.reembedded = await _embed(rt, user_id=user_id, items=writer.to_embed)
    rt.vectors.forget_user(user_id)
    return report


def _embedding_wanted(node: dict[str, Any], *, element_id: str, keep_vectors: bool) -> _ToEmbed | None:
    labels, props = node["labels"], node["props"]
    label = next((lab for lab in EMBEDDED_LABELS if lab in labels), None)
    if label is None or (keep_vectors and props.get("embedding") is not None):
        return None
    content = str(props.get("content") or "")
    if not content.strip():
        return None  # a forgotten memory keeps no text and no vector
    if label == "Event":
        return _ToEmbed(
            element_id=element_id,
            text=embedding_text(props.get("speaker"), content),
            session=str(props.get("session_id")),
            order=(props.get("occurred_at"), props.get("seq") or 0, props.get("uid")),
        )
    return _ToEmbed(element_id=element_id, text=content)


async def _embed(rt: Runtime, *, user_id: str, items: list[_ToEmbed]) -> int:
    """Embed what needs a vector: messages after the previous message of their session, as at ingest."""
    chars = rt.settings.event_context_chars
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
        rows = [{"id": eid, "embedding": v.tolist()} for (eid, _), v in zip(chunk, vectors, strict=True)]
        await rt.db.write("restore_embeddings", user_id=user_id, rows=rows)
    return len(ordered)
