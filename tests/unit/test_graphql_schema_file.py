"""schema.graphql is generated from the code; this test fails when the two drift."""

from __future__ import annotations

from pathlib import Path

from graphsvc.api.schema import schema_sdl

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "schema.graphql"


def test_schema_graphql_matches_the_code() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_sdl(), (
        "schema.graphql is stale: run `.venv/bin/graphsvc schema print > schema.graphql`"
    )


def test_schema_has_the_required_operations() -> None:
    sdl = schema_sdl()
    for fragment in (
        "ingestMessages(input: IngestMessagesInput!): IngestResult!",
        "endConversation(userId: String!, sessionId: String!, priority: JobPriority! = INTERACTIVE): Job!",
        "retryJob(userId: String!, id: ID!): Job!",
        "cancelJob(userId: String!, id: ID!): Job!",
        "recall(userId: String!, query: String!, limit: Int! = 10): [RecallHit!]!",
        "sourceMessageIds: [String!]!",
        "occurredAt: DateTime!",
    ):
        assert fragment in sdl
