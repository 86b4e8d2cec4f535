"""Re-keying an export for another user id (``graphsvc restore FILE --as USER``).

Every key graphsvc stores folds in its owner's user id (:mod:`graphsvc.keys`). Restored as they are under
another user, an export's nodes would clash with the exported user's own (uids, memories' ``dedup_key`` and
entities' ``subject_key`` are unique in the database), and the new user's later writes, which compute the new
user's keys, would not find them. So every key of the export is given the new user's value:

- a key the writer derives from natural parts (a session from its id, a message from its session and message
  id, a record from its source and version, a memory's dedup and slot keys from its type, text and slot, an
  entity's subject key from its name, a name, impression or feature from its entity...) is derived again from
  the same parts for the new user, so that a message delivered again is a duplicate, a record's next version
  joins its history and the same statement reinforces its memory. A key is derived again only when deriving
  it for the exported user gives the exported value: a key made some other way never gets a wrong natural key;
- every other key (the random ids of memories, entities, history entries, traits, jobs...; a derived key whose
  parts are gone, such as a forgotten message's text) becomes :func:`restored_key` of the new user and the old key;
- every occurrence of an old key in a property of a node or an edge, as the whole value, as an element of a
  list, or inside a string (``retired:<uid>``, a document event's metadata naming its document), becomes the
  new key; ``user_id`` becomes the new user, and ``tenant_key`` (the user's token in the full-text indexes)
  the new user's.

The keys are the values of every node's ``uid`` and of every other property named ``*_key`` (``dedup_key``,
``retired_dedup_key``, ``slot_key``, ``subject_key``). Working them out needs the whole export (an alias's key
comes from its entity's), so the export is held in memory while it is restored this way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc import keys
from graphsvc.graph.reflection import state_uid
from graphsvc.pipeline.sources.events import fingerprint

_TOKEN = re.compile(r"[0-9a-f]{64}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
"""The shapes of graphsvc's keys inside a longer string: a sha256 digest, or a random uuid4."""


@dataclass(frozen=True)
class ExportedNode:
    """One node line of an export: its labels and its properties, date-times decoded."""

    labels: tuple[str, ...]
    props: Mapping[str, Any]


@dataclass(frozen=True)
class Derivation:
    """What a recipe sees of one node: its properties, the export's other nodes (by uid, and by relationship
    type from this one), and ``key``, which maps a key the node's parts name (its entity's subject key, its
    document's uid) into the user the key is being derived for (itself for the exported user; the new key for
    the new user)."""

    node: ExportedNode
    user_id: str
    key: Callable[[str], str]
    neighbours: Callable[[str, str, bool], list[ExportedNode]]
    find: Callable[[str], ExportedNode | None]

    def prop(self, name: str) -> str:
        """The property as a string ("" when absent)."""
        value = self.node.props.get(name)
        return "" if value is None else str(value)

    def linked(self, rel_type: str, *, incoming: bool) -> list[ExportedNode]:
        """The nodes at the other end of the node's ``rel_type`` edges (pointing at it when ``incoming``)."""
        return self.neighbours(str(self.node.props.get("uid")), rel_type, incoming)


def restored_key(user_id: str, old_key: str) -> str:
    """The new key of a key that is not derived again for the restoring user: (that user, the exported key)."""
    return keys.digest("restored", user_id, old_key)


Recipe = Callable[[Derivation], list[str]]
"""The values a writer could have given one key of a node, for ``Derivation.user_id`` (several when the node
does not say which way it was made; the one that reproduces the exported value is the one)."""


def _event(d: Derivation) -> list[str]:
    props, user = d.node.props, d.user_id
    source_type, source_id, session = d.prop("source_type"), d.prop("source_id"), d.prop("session_id")
    if source_type == "conversation":
        found = [keys.message_event_uid(user, session, source_id)]
        occurred = props.get("occurred_at")
        if isinstance(occurred, datetime) and props.get("content"):  # a message delivered without an id
            found.append(keys.unnamed_message_event_uid(user, session, d.prop("content"), occurred))
        return found
    if source_type == "document":
        metadata = props.get("metadata")
        upload = json.loads(metadata).get("contentHash") if isinstance(metadata, str) else None
        return [keys.source_event_uid(user, "document", source_id, str(upload))] if upload else []
    version = fingerprint(
        title=props.get("title"), content=d.prop("content"), status=props.get("status"), metadata=props.get("metadata")
    )
    return [keys.source_event_uid(user, source_type, source_id, version)]


def _chunk(d: Derivation) -> list[str]:
    """A chunk of its document's current version (whose content hash the document holds)."""
    document, position = d.find(d.prop("document_uid")), d.node.props.get("position")
    if document is None or not isinstance(position, int):
        return []
    version = str(document.props.get("content_hash"))
    return [keys.chunk_uid(d.key(d.prop("document_uid")), version, position)]


def _entity_keys(d: Derivation, rel_type: str) -> list[str]:
    """The subject keys of the entities holding the node through ``rel_type``, for the derivation's user."""
    return [d.key(str(e.props.get("subject_key"))) for e in d.linked(rel_type, incoming=True)]


def _subject_key(d: Derivation) -> list[str]:
    names = [keys.normalise_text(d.prop("subject"))]
    names += [str(a.props.get("normalized")) for a in d.linked("HAS_ALIAS", incoming=False)]
    return [keys.entity_subject_key(d.user_id, name) for name in dict.fromkeys(names)]


def _evidence(d: Derivation) -> list[str]:
    """An impression's or a feature's evidence (a trait's has a random uid)."""
    user, found = d.user_id, []
    events = [d.key(str(e.props.get("uid"))) for e in d.linked("FROM_EVENT", incoming=False)]
    for supported in d.linked("SUPPORTS", incoming=False):
        supported_d = Derivation(supported, user, d.key, d.neighbours, d.find)
        for key in _entity_keys(supported_d, "HAS_IMPRESSION"):
            found += [
                keys.impression_evidence_uid(user, key, str(supported.props.get("content_hash")), e) for e in events
            ]
        for key in _entity_keys(supported_d, "HAS_FEATURE"):
            name, value = str(supported.props.get("key")), d.prop("value")
            found += [keys.feature_evidence_uid(user, key, name, e, value) for e in events]
    return found


RECIPES: dict[tuple[str, str], Recipe] = {
    ("Session", "uid"): lambda d: [keys.session_uid(d.user_id, d.prop("session_id"))],
    ("Event", "uid"): _event,
    ("Source", "uid"): lambda d: [keys.source_uid(d.user_id, d.prop("source_type"), d.prop("source_id"))],
    ("Document", "uid"): lambda d: [keys.document_uid(d.user_id, d.prop("source_id"))],
    ("Chunk", "uid"): _chunk,
    ("DocumentEntity", "uid"): lambda d: [
        keys.document_entity_uid(d.user_id, d.key(d.prop("document_uid")), d.prop("normalized"))
    ],
    ("Tag", "uid"): lambda d: [keys.tag_uid(d.user_id, d.prop("normalized"))],
    ("LearningRun", "uid"): lambda d: [keys.learning_run_uid(d.user_id, d.prop("day"))],
    ("ReflectionState", "uid"): lambda d: [state_uid(d.user_id)],
    ("MemoryCandidate", "uid"): lambda d: [
        keys.candidate_uid(d.user_id, d.prop("memory_type"), d.prop("content_hash"))
    ],
    ("Memory", "dedup_key"): lambda d: [
        keys.memory_dedup_key(d.user_id, d.prop("memory_type"), d.prop("content_hash")),
        *(f"{state}:{d.key(d.prop('uid'))}" for state in ("retired", "forgotten")),
    ],
    ("Memory", "retired_dedup_key"): lambda d: [
        keys.memory_dedup_key(d.user_id, d.prop("memory_type"), d.prop("content_hash"))
    ],
    ("Memory", "slot_key"): lambda d: [keys.memory_slot_key(d.user_id, d.prop("slot_subject"), d.prop("slot"))],
    ("Entity", "subject_key"): _subject_key,
    ("Alias", "uid"): lambda d: [
        keys.alias_uid(d.user_id, key, d.prop("normalized")) for key in _entity_keys(d, "HAS_ALIAS")
    ],
    ("Impression", "uid"): lambda d: [
        keys.impression_uid(d.user_id, key, d.prop("content_hash")) for key in _entity_keys(d, "HAS_IMPRESSION")
    ],
    ("Feature", "uid"): lambda d: [
        keys.feature_uid(d.user_id, key, d.prop("key")) for key in _entity_keys(d, "HAS_FEATURE")
    ],
    ("Evidence", "uid"): _evidence,
}
"""How writers derive keys from natural parts, by (label, property)."""


class Rekeying:
    """The keys of one export for another user (see the module docstring).

    Args:
        nodes: the export's nodes, date-times decoded.
        edges: its edges as ``(type, start uid, end uid)``.
        source_user: the user it was exported from.
        target_user: the user it is restored as.

    Attributes:
        derived: keys derived again from their natural parts for the new user (so far).
        renamed: keys that became :func:`restored_key` (so far).
    """

    def __init__(
        self,
        *,
        nodes: Sequence[ExportedNode],
        edges: Sequence[tuple[str, str, str]],
        source_user: str,
        target_user: str,
    ) -> None:
        self.source_user, self.target_user = source_user, target_user
        self.derived = 0
        self.renamed = 0
        self._owners: dict[str, tuple[ExportedNode, str]] = {}
        self._new: dict[str, str] = {}
        self._by_uid: dict[str, ExportedNode] = {}
        self._links: dict[tuple[str, str, bool], list[str]] = {}
        for node in nodes:
            self._by_uid[str(node.props.get("uid"))] = node
            for name, value in node.props.items():
                if (name == "uid" or name.endswith("_key")) and name != "tenant_key" and isinstance(value, str):
                    self._owners.setdefault(value, (node, name))
        for rel_type, start, end in edges:
            self._links.setdefault((start, rel_type, False), []).append(end)
            self._links.setdefault((end, rel_type, True), []).append(start)

    def key(self, old: str) -> str:
        """The new user's value of a key of the export; any other value as it is."""
        if old in self._new:
            return self._new[old]
        owner = self._owners.get(old)
        if owner is None:
            return old
        node, name = owner
        new = self._derived(node, name, old)
        if new is None:
            new, self.renamed = restored_key(self.target_user, old), self.renamed + 1
        else:
            self.derived += 1
        self._new[old] = new
        return new

    def _derived(self, node: ExportedNode, name: str, old: str) -> str | None:
        """The key derived again for the new user, or None when no recipe gives ``old`` for the exported user."""
        recipe = next((RECIPES[(label, name)] for label in node.labels if (label, name) in RECIPES), None)
        if recipe is None:
            return None
        exported = recipe(Derivation(node, self.source_user, str, self._neighbours, self._by_uid.get))
        if old not in exported:
            return None
        candidates = recipe(Derivation(node, self.target_user, self.key, self._neighbours, self._by_uid.get))
        return candidates[exported.index(old)] if len(candidates) == len(exported) else None

    def value(self, value: Any) -> Any:
        """A property value with every key of the export in it replaced (lists element-wise)."""
        if isinstance(value, str):
            if value in self._owners:
                return self.key(value)
            return _TOKEN.sub(lambda m: self.key(m.group(0)), value)
        if isinstance(value, list):
            return [self.value(v) for v in value]
        return value

    def props(self, props: Mapping[str, Any]) -> dict[str, Any]:
        """Properties of a node or an edge for the new user."""
        out = {name: self.value(value) for name, value in props.items()}
        if "user_id" in out:
            out["user_id"] = self.target_user
        if "tenant_key" in out:
            out["tenant_key"] = keys.tenant_key(self.target_user)
        return out

    def _neighbours(self, uid: str, rel_type: str, incoming: bool) -> list[ExportedNode]:
        return [self._by_uid[u] for u in self._links.get((uid, rel_type, incoming), []) if u in self._by_uid]


def rekeyed_lines(
    lines: Sequence[dict[str, Any]], *, source_user: str, target_user: str, decode: Callable[[Any], Any]
) -> tuple[Rekeying, Iterator[dict[str, Any]]]:
    """The export's node and edge lines (header left out) for ``target_user``, and the re-keying that made them.

    Args:
        decode: turns a line's ``props`` into typed values (date-times), as the restore does.
    """
    nodes = [
        ExportedNode(labels=tuple(line.get("labels") or ()), props=decode(line.get("props") or {}))
        for line in lines
        if line.get("kind") == "node"
    ]
    edges = [
        (str(line.get("type")), str(line.get("start")), str(line.get("end")))
        for line in lines
        if line.get("kind") == "edge"
    ]
    rekeying = Rekeying(nodes=nodes, edges=edges, source_user=source_user, target_user=target_user)

    def rewritten() -> Iterator[dict[str, Any]]:
        for line in lines:
            if line.get("kind") == "node":
                yield {**line, "props": rekeying.props(line.get("props") or {})}
            elif line.get("kind") == "edge":
                start, end = rekeying.key(str(line.get("start"))), rekeying.key(str(line.get("end")))
                yield {**line, "start": start, "end": end, "props": rekeying.props(line.get("props") or {})}

    return rekeying, rewritten()
