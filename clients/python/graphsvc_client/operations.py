"""The GraphQL documents the client sends, one per method. graphsvc's test suite validates each against
``schema.graphql`` and checks that its selection set is exactly the fields of the model it is parsed into."""

from __future__ import annotations

RECALL_HIT_FIELDS = (
    "id kind content score occurredAt lastConfirmedAt sourceMessageIds memoryType entity "
    "explanation { channels { channel rank contribution } fusion fusedScore "
    "adjustments { rule scoreBefore scoreAfter factor term relativeTo detail } finalScore } space spaceKind"
)
JOB_FIELDS = (
    "id status error kind userId sessionId attempts createdAt updatedAt "
    "llmCalls tokensIn tokensOut memoriesCreated memoriesReinforced"
)

ADD_MESSAGES = """
mutation AddMessages($input: IngestMessagesInput!) {
  ingestMessages(input: $input) { stored duplicates messageIds }
}"""

END_CONVERSATION = f"""
mutation EndConversation($userId: String!, $sessionId: String!) {{
  endConversation(userId: $userId, sessionId: $sessionId) {{ {JOB_FIELDS} }}
}}"""

RECALL = f"""
query Recall(
  $userId: String!, $query: String, $conversation: [TurnInput!], $limit: Int!, $explain: Boolean!,
  $includeGroups: Boolean!, $agentId: String
) {{
  recall(
    userId: $userId, query: $query, conversation: $conversation, limit: $limit, explain: $explain,
    includeGroups: $includeGroups, agentId: $agentId
  ) {{
    {RECALL_HIT_FIELDS}
  }}
}}"""

MEMORY_CONTEXT = """
query MemoryContext(
  $userId: String!, $query: String, $conversation: [TurnInput!], $maxTokens: Int!, $includeGroups: Boolean!,
  $agentId: String
) {
  memoryContext(
    userId: $userId, query: $query, conversation: $conversation, maxTokens: $maxTokens,
    includeGroups: $includeGroups, agentId: $agentId
  ) {
    text tokens traitIds memoryIds impressionIds eventIds
  }
}"""

MEMORY_FIELDS = (
    "id type content confidence importance reinforcementCount createdAt lastReinforcedAt occurredAt "
    "sourceMessageIds status validFrom validTo slot origin supersededBy"
)
FORGET_RESULT_FIELDS = (
    "events eventsForgotten sessions memoriesDeleted memoriesForgotten memoriesUpdated memoriesReinstated "
    "impressions aliases featuresDeleted featuresChanged relations entities pendingObservations evidence "
    "traitsDeleted traitsDissolved traitsRescored candidates documents chunks documentVersions sources tags "
    "summariesRebuilt historyScrubbed eventsReembedded nodesDeleted complete"
)

REMEMBER = f"""
mutation Remember($input: RememberInput!) {{
  remember(input: $input) {{ {MEMORY_FIELDS} }}
}}"""

CORRECT_MEMORY = f"""
mutation CorrectMemory($userId: String!, $memoryId: ID!, $content: String!) {{
  correctMemory(userId: $userId, memoryId: $memoryId, content: $content) {{ {MEMORY_FIELDS} }}
}}"""

FORGET_MEMORY = f"""
mutation ForgetMemory($userId: String!, $memoryId: ID!, $reason: String, $keepSources: Boolean!) {{
  forgetMemory(userId: $userId, memoryId: $memoryId, reason: $reason, keepSources: $keepSources) {{
    {FORGET_RESULT_FIELDS}
  }}
}}"""

FORGET_EVENTS = f"""
mutation ForgetEvents($userId: String!, $sourceType: SourceType!, $sourceIds: [String!]!) {{
  forgetEvents(userId: $userId, sourceType: $sourceType, sourceIds: $sourceIds) {{ {FORGET_RESULT_FIELDS} }}
}}"""

FORGET_DOCUMENT = f"""
mutation ForgetDocument($userId: String!, $documentId: ID!) {{
  forgetDocument(userId: $userId, documentId: $documentId) {{ {FORGET_RESULT_FIELDS} }}
}}"""

JOB = f"""
query Job($id: ID!, $userId: String) {{
  job(id: $id, userId: $userId) {{ {JOB_FIELDS} }}
}}"""

BELIEF_CHANGES = """
query BeliefChanges(
  $userId: String!, $from: DateTime, $to: DateTime, $limit: Int!, $after: String, $by: BeliefTime! = RECORDED
) {
  beliefChanges(userId: $userId, from: $from, to: $to, limit: $limit, after: $after, by: $by) {
    nodes { id at happenedAt kind targetId change actor oldValue newValue evidenceIds }
    endCursor hasNextPage
  }
}"""

EXTRACTION_TRACE = """
query ExtractionTrace($userId: String!, $sessionId: String!, $messageId: String, $limit: Int!) {
  extractionTrace(userId: $userId, sessionId: $sessionId, messageId: $messageId, limit: $limit) {
    id sessionId messageId role occurredAt recordedAt extractor llmProvider llmModel fromPerson refusedBy
    decisions { outcome sentence piece ruleId memoryId candidateId supersededIds supersededById explanation }
  }
}"""

MEMORY_PROVENANCE = f"""
query MemoryProvenance($userId: String!, $memoryId: ID!) {{
  memoryProvenance(userId: $userId, memoryId: $memoryId) {{
    memory {{ {MEMORY_FIELDS} }}
    madeBy
    rule {{ id language decision description measuredPrecision judged }}
    steps {{
      id sessionId messageId role occurredAt recordedAt extractor llmProvider llmModel fromPerson refusedBy
      decisions {{ outcome sentence piece ruleId memoryId candidateId supersededIds supersededById explanation }}
    }}
    traits {{ traitId content stage supports }}
  }}
}}"""

GROUP_FIELDS = "id name members createdAt createdBy"
AGENT_FIELDS = "id name ownerId createdAt"

CREATE_GROUP = f"""
mutation CreateGroup($groupId: ID!, $name: String, $createdBy: String) {{
  createGroup(groupId: $groupId, name: $name, createdBy: $createdBy) {{ {GROUP_FIELDS} }}
}}"""

ADD_GROUP_MEMBER = f"""
mutation AddGroupMember($groupId: ID!, $userId: String!) {{
  addGroupMember(groupId: $groupId, userId: $userId) {{ {GROUP_FIELDS} }}
}}"""

REMOVE_GROUP_MEMBER = f"""
mutation RemoveGroupMember($groupId: ID!, $userId: String!) {{
  removeGroupMember(groupId: $groupId, userId: $userId) {{ {GROUP_FIELDS} }}
}}"""

GROUP = f"""
query Group($groupId: ID!) {{
  group(groupId: $groupId) {{ {GROUP_FIELDS} }}
}}"""

GROUPS = f"""
query Groups($userId: String!) {{
  groups(userId: $userId) {{ {GROUP_FIELDS} }}
}}"""

CREATE_AGENT = f"""
mutation CreateAgent($agentId: ID!, $ownerId: String!, $name: String) {{
  createAgent(agentId: $agentId, ownerId: $ownerId, name: $name) {{ {AGENT_FIELDS} }}
}}"""

AGENTS = f"""
query Agents($ownerId: String!) {{
  agents(ownerId: $ownerId) {{ {AGENT_FIELDS} }}
}}"""

DOCUMENTS: dict[str, str] = {
    "add_messages": ADD_MESSAGES,
    "end_conversation": END_CONVERSATION,
    "recall": RECALL,
    "memory_context": MEMORY_CONTEXT,
    "job": JOB,
    "remember": REMEMBER,
    "correct_memory": CORRECT_MEMORY,
    "forget_memory": FORGET_MEMORY,
    "forget_events": FORGET_EVENTS,
    "forget_document": FORGET_DOCUMENT,
    "belief_changes": BELIEF_CHANGES,
    "extraction_trace": EXTRACTION_TRACE,
    "memory_provenance": MEMORY_PROVENANCE,
    "create_group": CREATE_GROUP,
    "add_group_member": ADD_GROUP_MEMBER,
    "remove_group_member": REMOVE_GROUP_MEMBER,
    "group": GROUP,
    "groups": GROUPS,
    "create_agent": CREATE_AGENT,
    "agents": AGENTS,
}
"""Method name → document (the drift test walks this)."""
