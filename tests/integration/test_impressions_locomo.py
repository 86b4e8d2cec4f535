"""End to end on a real multi-session conversation (LoCoMo dev, conv-26, 19 sessions, read in place from
``../shared/bench/data``; skipped when absent): each ended session goes through the offline impression
pipeline; the people and places end up as one entity each with their aliases; a second import of the same
conversation changes nothing."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graphsvc import keys
from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.database import Database
from graphsvc.service import MemoryService
from tests.conftest import BENCH_DATA
from tests.integration.conftest import make_service
from tests.integration.impressions_support import cypher, graph_counts, load, observe

LOCOMO = BENCH_DATA / "locomo" / "locomo-dev.json"
USER = "locomo-conv-26"

pytestmark = pytest.mark.skipif(not LOCOMO.is_file(), reason=f"{LOCOMO} not present")


@pytest.fixture
def service(settings: Settings, database: Database, embedder: LocalEmbedder) -> MemoryService:
    """The offline service WITHOUT its job worker: no background extraction (idle sweep) writes meanwhile."""
    return make_service(settings, database, embedder)


def sessions() -> list[tuple[str, list[MessageIn]]]:
    sample = json.loads(LOCOMO.read_text(encoding="utf-8"))[0]
    conv = sample["conversation"]
    numbers = sorted(int(m[1]) for key in conv if (m := re.fullmatch(r"session_(\d+)", key)))
    out = []
    for n in numbers:
        start = datetime.strptime(conv[f"session_{n}_date_time"], "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)
        turns: list[dict[str, Any]] = conv[f"session_{n}"]
        out.append(
            (
                f"session_{n}",
                [
                    MessageIn(
                        role="user",
                        content=t["text"],
                        speaker=t["speaker"],
                        message_id=t["dia_id"],
                        occurred_at=start + timedelta(seconds=i),
                    )
                    for i, t in enumerate(turns)
                    if t.get("text", "").strip()
                ],
            )
        )
    return out


async def import_and_observe(service: MemoryService) -> dict[str, int]:
    totals = {"created": 0, "updated": 0, "changes": 0, "pending": 0, "llm_calls": 0}
    for session_id, messages in sessions():
        await service.ingest_messages(user_id=USER, session_id=session_id, messages=messages)
        report = await observe(service, USER, await load(service.db, USER, session_id))
        assert report.plan_status == "CONFIRMED", report.rejected_reasons
        totals["created"] += report.created_entities
        totals["updated"] += report.updated_entities
        totals["changes"] += report.changes
        totals["pending"] += report.pending
        totals["llm_calls"] += len(report.llm_calls)
    return totals


@pytest.mark.timeout(900)
async def test_locomo_people_and_places_are_one_entity_each_and_a_reimport_changes_nothing(
    service: MemoryService,
) -> None:
    first = await import_and_observe(service)
    assert first["created"] > 0 and first["llm_calls"] == 0

    entities = await cypher(
        service.db,
        "MATCH (e:Entity {user_id: $u})-[:HAS_ALIAS]->(a) RETURN e.uid AS uid, e.subject AS subject, e.kind AS kind, "
        "collect(a.name) AS aliases",
        u=USER,
    )
    by_subject: dict[str, list[dict[str, Any]]] = {}
    for e in entities:
        by_subject.setdefault(keys.normalise_text(e["subject"]), []).append(e)
    # one entity per name: no subject or alias names two entities
    owners: dict[str, set[str]] = {}
    for e in entities:
        for name in e["aliases"]:
            owners.setdefault(keys.normalise_text(name), set()).add(e["uid"])
    assert {n: o for n, o in owners.items() if len(o) > 1} == {}
    people = {e["subject"]: e for e in entities if e["kind"] == "person"}
    places = {e["subject"]: e for e in entities if e["kind"] == "place"}
    assert {"Caroline", "Melanie"} <= set(people)
    assert sorted(people["Melanie"]["aliases"]) == ["Mel", "Melanie"]
    assert "Caro" in people["Caroline"]["aliases"]
    assert "Mel" not in by_subject and "Caro" not in by_subject  # aliases, not entities of their own
    assert "Grand Canyon" in places
    assert all(len(v) == 1 for v in by_subject.values())

    # the speakers carry impressions from every session, each backed by evidence from its source messages
    rows = await cypher(
        service.db,
        "MATCH (e:Entity {user_id: $u})-[:HAS_IMPRESSION]->(i) WHERE e.subject IN ['Caroline', 'Melanie'] "
        "OPTIONAL MATCH (i)<-[:SUPPORTS]-(:Evidence)-[:FROM_EVENT]->(x:Event) "
        "RETURN e.subject AS s, count(DISTINCT i) AS impressions, count(DISTINCT x.session_id) AS sessions",
        u=USER,
    )
    assert {r["s"] for r in rows} == {"Caroline", "Melanie"}
    assert all(r["impressions"] >= 20 and r["sessions"] >= 10 for r in rows), rows

    before = await graph_counts(service.db, USER)
    second = await import_and_observe(service)
    assert second == {"created": 0, "updated": 0, "changes": 0, "pending": 0, "llm_calls": 0}
    assert await graph_counts(service.db, USER) == before
