"""Issue 12: the export format's value encoding survives JSON and comes back as the same values."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone

from neo4j.time import DateTime

from graphsvc.pipeline.portability.codec import decode_props, encode_props


def test_values_round_trip_through_json() -> None:
    when = datetime(2024, 5, 1, 9, 30, 15, 123456, tzinfo=UTC)
    props = {
        "uid": "m1",
        "content": "Ana: 我住在上海",
        "importance": 0.75,
        "reinforcement_count": 3,
        "created_at": when,
        "valid_to": None,
        "source_uids": ["e1", "e2"],
        "embedding": [0.1, 0.2],
    }
    encoded = json.loads(json.dumps(encode_props(props, embeddings=True)))
    assert decode_props(encoded) == props


def test_vectors_are_left_out_unless_asked() -> None:
    assert "embedding" not in encode_props({"uid": "m1", "embedding": [0.1]}, embeddings=False)


def test_driver_date_times_and_other_zones_come_back_as_the_same_instant_in_utc() -> None:
    driver_value = DateTime(2024, 5, 1, 12, 0, 0, tzinfo=timezone(timedelta(hours=2)))
    encoded = encode_props({"at": driver_value}, embeddings=False)
    assert encoded == {"at": {"$datetime": "2024-05-01T10:00:00+00:00"}}
    assert decode_props(encoded)["at"] == datetime(2024, 5, 1, 10, tzinfo=UTC)
