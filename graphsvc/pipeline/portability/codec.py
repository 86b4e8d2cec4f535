"""The export file format: JSON lines, one object per line.

- first a header: ``{"kind": "header", "format": "graphsvc-export", "version": 1, "user_id", "exported_at",
  "embedder", "dimensions", "embeddings": bool}``;
- then nodes: ``{"kind": "node", "labels": [...], "props": {...}, "vectors": [...]}`` (``props.uid`` identifies
  it; ``vectors`` names the vector properties it holds, whether their values are in ``props`` or left out, so a
  restore recomputes exactly those; an export without it is restored as one made before it was written);
- then edges: ``{"kind": "edge", "type", "start", "end", "props"}`` (start and end are node uids).

Labels and relationship types are those of :mod:`graphsvc.graph.catalog` (a restore refuses others). Property
values are JSON values, except date-times, written ``{"$datetime": "<ISO 8601>"}``. Vectors (the catalog's vector
properties: ``embedding``) are left out unless the export asks for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from graphsvc.graph import catalog

FORMAT = "graphsvc-export"
VERSION = 1
VECTOR_PROPERTIES = frozenset(prop for kind in catalog.NODES for prop in kind.vectors)


def encode_value(value: Any) -> Any:
    """A property value as JSON (neo4j and Python date-times tagged; lists element-wise)."""
    if hasattr(value, "to_native"):
        value = value.to_native()
    if isinstance(value, datetime) and value.tzinfo is not None:
        return {"$datetime": value.astimezone(UTC).isoformat()}
    if isinstance(value, datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, list):
        return [encode_value(v) for v in value]
    return value


def decode_value(value: Any) -> Any:
    """The inverse of :func:`encode_value` (date-times back as aware datetimes)."""
    if isinstance(value, dict) and set(value) == {"$datetime"}:
        return datetime.fromisoformat(value["$datetime"])
    if isinstance(value, list):
        return [decode_value(v) for v in value]
    return value


def encode_props(props: Mapping[str, Any], *, embeddings: bool) -> dict[str, Any]:
    return {k: encode_value(v) for k, v in sorted(props.items()) if embeddings or k not in VECTOR_PROPERTIES}


def decode_props(props: Mapping[str, Any]) -> dict[str, Any]:
    return {k: decode_value(v) for k, v in props.items()}


def vectors_held(props: Mapping[str, Any]) -> list[str]:
    """The vector properties a node holds (a value, not null), sorted: a node line's ``vectors``."""
    return sorted(k for k in VECTOR_PROPERTIES if props.get(k) is not None)
