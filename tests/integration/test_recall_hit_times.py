"""Recall's hit read sends date-times as epoch microseconds: every kind reads back the instants stored, as the
driver's own values would (offsets, named zones, nanoseconds, before 1970)."""

from __future__ import annotations

from datetime import UTC, datetime

from graphsvc.graph import recall_hits
from graphsvc.graph.database import native
from graphsvc.pipeline.recall.scope import RecallScope
from graphsvc.service import MemoryService

GRAPH = """
CREATE (e:Event {uid: 'e1', user_id: 'u1', content: 'hello', source_id: 'm1',
                 occurred_at: datetime('2024-05-02T11:30:00.123456789+02:00')})
CREATE (:Event {uid: 'e0', user_id: 'u1', content: 'long ago', occurred_at: datetime('1969-12-31T23:59:59.5Z')})
CREATE (:Event {uid: 'e3', user_id: 'u1', content: 'longer ago', occurred_at: datetime('1969-12-31T23:59:58.0004005Z')})
CREATE (:Event {uid: 'e2', user_id: 'u1', content: 'in Lisbon',
                occurred_at: datetime('2024-07-01T10:00[Europe/Lisbon]')})
CREATE (m:Memory {uid: 'mem1', user_id: 'u1', content: 'fact', status: 'active', importance: 0.5,
                  created_at: datetime('2024-05-03T00:00:00.000001Z'),
                  valid_from: datetime('2024-05-01T08:00:00.5-05:00'),
                  valid_to: datetime('2025-01-01T00:00:00.999999999-05:30')})-[:EXTRACTED_FROM]->(e)
CREATE (n:Entity {uid: 'n1', user_id: 'u1', subject: 'Ana'})
       -[:HAS_IMPRESSION]->(:Impression {uid: 'i1', user_id: 'u1', content: 'kind',
                                         created_at: datetime('2024-05-04T01:02:03.000004Z')})
CREATE (:Trait {uid: 't1', user_id: 'u1', content: 'calm', stage: 'core',
                first_observed: datetime('2024-05-05T00:00:00.25+01:00'),
                created_at: datetime('2024-05-05T00:00:00Z')})
CREATE (:Document {uid: 'd1', user_id: 'u1', title: 'Notes', updated_at: datetime('2024-05-06T12:00:00.000000999Z')})
CREATE (:Chunk {uid: 'c1', user_id: 'u1', kind: 'passage', document_uid: 'd1', content: 'a passage'})
"""

STORED = """
MATCH (e:Event {uid: 'e1'}), (e0:Event {uid: 'e0'}), (e2:Event {uid: 'e2'}), (e3:Event {uid: 'e3'}),
      (m:Memory {uid: 'mem1'}), (i:Impression {uid: 'i1'}), (t:Trait {uid: 't1'}), (d:Document {uid: 'd1'})
RETURN e.occurred_at AS e1, e0.occurred_at AS e0, e2.occurred_at AS e2, e3.occurred_at AS e3, m.created_at AS m_created,
       m.valid_from AS m_from, m.valid_to AS m_to, i.created_at AS i_created, t.first_observed AS t_first,
       t.created_at AS t_created, d.updated_at AS d_updated
"""


async def test_every_kind_reads_back_the_stored_instants(service: MemoryService) -> None:
    async with service.db.driver.session() as s:
        await (await s.run(GRAPH)).consume()
        record = await (await s.run(STORED)).single()
    assert record is not None
    stored = {key: native(record[key]) for key in record.keys()}
    read = await recall_hits.hits(
        service.db,
        user_id="u1",
        filters=RecallScope().filters,
        events=["e0", "e1", "e2", "e3"],
        memories=["mem1"],
        impressions=["i1"],
        traits=["t1"],
        passages=["c1"],
    )
    events = {e.uid: e.occurred_at for e in read.events}
    assert events == {uid: stored[uid] for uid in ("e0", "e1", "e2", "e3")}
    assert events["e1"] == datetime(2024, 5, 2, 9, 30, 0, 123456, tzinfo=UTC)  # nanoseconds truncated
    assert events["e0"] == datetime(1969, 12, 31, 23, 59, 59, 500000, tzinfo=UTC)
    assert events["e3"] == datetime(1969, 12, 31, 23, 59, 58, 400, tzinfo=UTC)
    assert events["e2"] == datetime(2024, 7, 1, 9, 0, tzinfo=UTC)  # Lisbon summer time is UTC+1
    [memory] = read.memories
    # dated by its message; recency from its message; valid from its own valid_from
    assert (memory.occurred_at, memory.last_reinforced_at) == (stored["e1"], stored["e1"])
    assert (memory.valid_from, memory.valid_to) == (stored["m_from"], stored["m_to"])
    assert memory.valid_to == datetime(2025, 1, 1, 5, 30, 0, 999999, tzinfo=UTC)
    [impression] = read.impressions
    assert (impression.occurred_at, impression.first_said) == (stored["i_created"], stored["i_created"])
    [trait] = read.traits
    assert (trait.occurred_at, trait.last_reinforced_at) == (stored["t_first"], stored["t_created"])
    [passage] = read.passages
    assert passage.occurred_at == stored["d_updated"] == datetime(2024, 5, 6, 12, tzinfo=UTC)
    times = [
        *events.values(),
        memory.occurred_at,
        memory.valid_to,
        impression.first_said,
        trait.occurred_at,
        passage.occurred_at,
    ]
    assert all(t is not None and t.tzinfo is UTC for t in times)
