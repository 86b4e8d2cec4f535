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
        "recall(userId: String!, query: String = null, conversation: [TurnInput!] = null, limit: Int! = 10, "
        "includeSuperseded: Boolean! = false, asOf: DateTime = null, tags: [String!] = null, "
        "explain: Boolean! = false, includeGroups: Boolean! = false, agentId: String = null): [RecallHit!]!",
        "createGroup(groupId: ID!, name: String = null, createdBy: String = null): Group!",
        "addGroupMember(groupId: ID!, userId: String!): Group!",
        "removeGroupMember(groupId: ID!, userId: String!, retractContributions: Boolean! = false): Group!",
        "createAgent(agentId: ID!, ownerId: String!, name: String = null): Agent!",
        "remember(input: RememberInput!): Memory!",
        "correctMemory(userId: String!, memoryId: ID!, content: String!): Memory!",
        "forgetMemory(userId: String!, memoryId: ID!, reason: String = null, keepSources: Boolean! = false): "
        "ForgetResult!",
        "forgetEvents(userId: String!, sourceType: SourceType!, sourceIds: [String!]!): ForgetResult!",
        "forgetDocument(userId: String!, documentId: ID!): ForgetResult!",
        "forgetMessages(userId: String!, messageIds: [String!]!, sessionId: String = null): ForgetResult!",
        "forgetSession(userId: String!, sessionId: String!): ForgetResult!",
        "eraseUser(userId: String!, confirm: String!): ForgetResult!",
        "archiveMemory(userId: String!, memoryId: ID!): Memory!",
        "restoreMemory(userId: String!, memoryId: ID!): Memory!",
        "memoryHistory(userId: String!, memoryId: ID!): [HistoryEntry!]!",
        "sourceMessageIds: [String!]!",
        "occurredAt: DateTime!",
    ):
        assert fragment in sdl
