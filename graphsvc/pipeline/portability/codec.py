"""The export file format: JSON lines, one object per line.

- first a header: ``{"kind": "header", "format": "graphsvc-export", "version": 1, "user_id", "exported_at",
  "embedder", "dimensions", "embeddings": bool}``;
- then nodes: ``{"kind": "node", "labels": [...], "props": {...}}`` (``props.uid`` identifies it);
- then edges: ``{"kind": "edge", "type", "start", "end", "props"}`` (start and end are node uids).

Property values are JSON values, except date-times, written ``{"$datetime": "<ISO 8601>"}``. Vectors
(``embedding``) are left out unless the export asks for them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

FORMAT = "graphsvc-export"
VERSION = 1
VECTOR_PROPERTIES = frozenset({"embedding"})


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


def encode_props(props: dict[str, Any], *, embeddings: bool) -> dict[str, Any]:
    return {k: encode_value(v) for k, v in sorted(props.items()) if embeddings or k not in VECTOR_PROPERTIES}


def decode_props(props: dict[str, Any]) -> dict[str, Any]:
    return {k: decode_value(v) for k, v in props.items()}
