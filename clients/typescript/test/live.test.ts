// The client against a running graphsvc (started by tests/integration/test_typescript_client.py on the test
// Neo4j, with API keys on): every query and mutation of the schema is called once at least, through the real
// fetch, and the errors carry the service's code and suggestion.
//
// Environment: GRAPHSVC_URL (the service), GRAPHSVC_KEY (a user key of GRAPHSVC_USER). The job worker starts
// only once this prints "jobs-queued" (so cancelling and retrying a pending job is deterministic).
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";

import {
  BeliefTime,
  DocumentStatus,
  Graphsvc,
  GraphsvcError,
  JobStatus,
  MemoryStatus,
  OPERATIONS,
  SourceType,
  type JobFieldsFragment,
  type RecallHitFieldsFragment,
} from "../src/index.js";

const url = required("GRAPHSVC_URL");
const userId = required("GRAPHSVC_USER");
const called = new Set<string>();

/** The global fetch, noting which operation each request runs (so the last test can check every one ran). */
const recording: typeof fetch = async (input, init) => {
  const sent = JSON.parse(String(init?.body)) as { query: string };
  const name = /^\s*(?:query|mutation)\s+(\w+)/.exec(sent.query)?.[1];
  if (name) called.add(name);
  return fetch(input, init);
};

const memory = new Graphsvc({ url, apiKey: required("GRAPHSVC_KEY"), fetch: recording });

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
}

async function failure(call: Promise<unknown>): Promise<GraphsvcError> {
  try {
    await call;
  } catch (exc) {
    assert.ok(exc instanceof GraphsvcError, String(exc));
    return exc;
  }
  assert.fail("the call succeeded");
}

async function settled(id: string): Promise<JobFieldsFragment> {
  for (let i = 0; i < 1200; i++) {
    const { job } = await memory.job({ id, userId });
    assert.ok(job);
    if (job.status !== JobStatus.Pending && job.status !== JobStatus.Running) return job;
    await sleep(100);
  }
  throw new Error(`job ${id} still open`);
}

const at = (day: number): string => new Date(Date.UTC(2024, 4, day, 9)).toISOString();

test("conversations, jobs, recall and context", async () => {
  const { viewer } = await memory.viewer();
  assert.deepEqual([viewer.authRequired, viewer.admin, viewer.userIds], [true, false, [userId]]);

  const { ingestMessages } = await memory.ingestMessages({
    input: {
      userId,
      sessionId: "s1",
      messages: [
        { role: "user", speaker: "Ana", messageId: "m1", content: "I live in Lisbon and I work as a nurse.", occurredAt: at(1) },
        { role: "user", speaker: "Ana", messageId: "m2", content: "My sister Lea studies in Porto.", occurredAt: at(1) },
      ],
    },
  });
  assert.deepEqual([ingestMessages.stored, ingestMessages.messageIds], [2, ["m1", "m2"]]);
  await memory.ingestMessages({
    input: { userId, sessionId: "s2", messages: [{ role: "user", content: "I might adopt a cat.", occurredAt: at(2) }] },
  });

  // The worker is not running yet: the job stays PENDING until cancelled, and is queued again by retryJob.
  const { endConversation } = await memory.endConversation({ userId, sessionId: "s1" });
  assert.equal(endConversation.status, JobStatus.Pending);
  const { cancelJob } = await memory.cancelJob({ userId, id: endConversation.id });
  assert.equal(cancelJob.status, JobStatus.Cancelled);
  const { retryJob } = await memory.retryJob({ userId, id: cancelJob.id });
  assert.equal(retryJob.status, JobStatus.Pending);
  const again = await failure(memory.retryJob({ userId, id: cancelJob.id }));
  assert.equal(again.code, "CONFLICT");
  console.log("jobs-queued"); // the test starts the worker now
  assert.equal((await settled(retryJob.id)).status, JobStatus.Succeeded);
  const { jobs } = await memory.jobs({ userId, status: JobStatus.Succeeded });
  assert.ok(jobs.some((j) => j.id === retryJob.id), JSON.stringify(jobs)); // beside the messages' embedding job

  const { recall } = await memory.recall({ userId, query: "Where does Ana live?", limit: 3 });
  const best: RecallHitFieldsFragment | undefined = recall[0];
  assert.ok(best && best.content.includes("Lisbon"), JSON.stringify(recall));
  assert.equal(best.explanation, null); // only when asked
  const explained = await memory.recall({ userId, query: "Where does Ana live?", limit: 3, explain: true });
  const why = explained.recall[0]?.explanation;
  assert.ok(why && why.channels.length === 3 && why.finalScore === explained.recall[0]?.score, JSON.stringify(why));
  const byTurns = await memory.recall({ userId, conversation: [{ role: "user", content: "How is the hospital?" }] });
  assert.ok(byTurns.recall.length > 0);
  const { memoryContext } = await memory.memoryContext({ userId, query: "work", maxTokens: 300 });
  assert.ok(memoryContext.text.includes("nurse") && memoryContext.tokens <= 300, memoryContext.text);
  const { extractionTrace } = await memory.extractionTrace({ userId, sessionId: "s1", messageId: "m1" });
  const kept = extractionTrace[0]?.decisions.find((d) => d.outcome === "CREATED" && d.memoryId);
  assert.ok(kept?.memoryId, JSON.stringify(extractionTrace)); // "I live in Lisbon": kept by a rule
  const { memoryProvenance } = await memory.memoryProvenance({ userId, memoryId: kept.memoryId });
  assert.deepEqual([memoryProvenance.madeBy, memoryProvenance.steps[0]?.messageId], ["RULEBOOK", "m1"]);

  const { messages } = await memory.messages({ userId, messageIds: ["m1"] });
  assert.deepEqual(messages.map((m) => [m.messageId, m.sessionId]), [["m1", "s1"]]);
  const { sessions } = await memory.sessions({ userId });
  assert.deepEqual(new Set(sessions.map((s) => s.sessionId)), new Set(["s1", "s2"]));
  const { users } = await memory.users({});
  assert.deepEqual(users.nodes.map((u) => u.userId), [userId]);
  const { userCounts } = await memory.userCounts({ userId });
  assert.equal(userCounts.sessions, 2);
  const { userStats } = await memory.userStats({ userId });
  assert.equal(userStats.counts.events, userCounts.events);
  const { timeline } = await memory.timeline({ userId, kinds: ["EVENT"], limit: 10 });
  assert.equal(timeline.nodes.length, 3);
  // who said each message: the speaker where it was named, and the role
  assert.deepEqual(timeline.nodes.map((n) => [n.speaker, n.role]), [["Ana", "user"], ["Ana", "user"], [null, "user"]]);
});

test("the memory lifecycle", async () => {
  const { remember } = await memory.remember({
    input: { userId, content: "Ana: I drink oat milk.", type: "PREFERENCE", source: "USER", importance: 0.4 },
  });
  assert.deepEqual([remember.status, remember.type, remember.origin], [MemoryStatus.Active, "PREFERENCE", "USER"]);
  const { correctMemory } = await memory.correctMemory({ userId, memoryId: remember.id, content: "Ana: I drink soy milk." });
  assert.equal((await memory.memory({ userId, memoryId: remember.id })).memory.status, MemoryStatus.Superseded);
  const { memoryHistory } = await memory.memoryHistory({ userId, memoryId: remember.id });
  assert.deepEqual(memoryHistory.map((h) => h.event), ["created", "corrected"]);

  const { tagMemory } = await memory.tagMemory({ userId, memoryId: correctMemory.id, tag: "diet" });
  assert.deepEqual(tagMemory, ["diet"]);
  const { tags } = await memory.tags({ userId });
  assert.ok(tags.some((t) => t.name === "diet" && t.memories === 1), JSON.stringify(tags));
  assert.deepEqual((await memory.untagMemory({ userId, memoryId: correctMemory.id, tag: "diet" })).untagMemory, []);

  const { archiveMemory } = await memory.archiveMemory({ userId, memoryId: correctMemory.id });
  assert.equal(archiveMemory.status, MemoryStatus.Archived);
  const { restoreMemory } = await memory.restoreMemory({ userId, memoryId: correctMemory.id });
  assert.equal(restoreMemory.status, MemoryStatus.Active);
  const { memories } = await memory.memories({ userId, status: [MemoryStatus.Active], limit: 50 });
  assert.ok(memories.items.some((m) => m.id === correctMemory.id));

  const { forgetMemory } = await memory.forgetMemory({ userId, memoryId: correctMemory.id, reason: "asked to" });
  assert.equal(forgetMemory.memoriesForgotten, 2); // the corrected memory and the version it corrected
  const { forgetMessages } = await memory.forgetMessages({ userId, messageIds: ["m2"], sessionId: "s1" });
  assert.equal(forgetMessages.events, 1);
  const { forgetSession } = await memory.forgetSession({ userId, sessionId: "s2" });
  assert.equal(forgetSession.sessions, 1);
});

test("other sources, candidates and documents", async () => {
  const { ingestEvents } = await memory.ingestEvents({
    input: {
      userId,
      events: [
        { sourceType: "NOTE", sourceId: "n1", content: "I want to learn Japanese this year.", occurredAt: at(3) },
        { sourceType: "TODO", sourceId: "t1", content: "I need to renew my passport.", occurredAt: at(3), title: "Passport" },
      ],
    },
  });
  assert.equal(ingestEvents.stored, 2);
  const { candidates } = await memory.candidates({ userId });
  assert.ok(candidates.length >= 2, JSON.stringify(candidates));
  const [first, second] = candidates;
  assert.equal((await memory.promoteCandidate({ userId, id: first.id })).promoteCandidate.status, "PROMOTED");
  assert.equal((await memory.rejectCandidate({ userId, id: second.id })).rejectCandidate.status, "REJECTED");

  const text = "# Trip to Kyoto\n\n## Hotels\n\nThe ryokan near Gion takes cash only.\n";
  const { ingestDocument } = await memory.ingestDocument({ input: { userId, filename: "kyoto.md", text } });
  assert.deepEqual([ingestDocument.status, ingestDocument.changed], [DocumentStatus.Processing, true]);
  assert.ok(ingestDocument.jobId); // parsed, chunked and embedded in the background
  assert.equal((await settled(ingestDocument.jobId)).status, JobStatus.Succeeded);
  const { documents } = await memory.documents({ userId });
  assert.deepEqual(documents.map((d) => d.filename), ["kyoto.md"]);
  const { document } = await memory.document({ userId, id: ingestDocument.id });
  assert.deepEqual([document.title, document.version, document.status], ["Trip to Kyoto", 1, DocumentStatus.Ready]);
  assert.ok(document.normalizedContent.includes("cash only"));
  assert.ok(document.chunks.some((c) => c.headingPath.includes("Hotels")), JSON.stringify(document.chunks));

  const { forgetDocument } = await memory.forgetDocument({ userId, documentId: ingestDocument.id });
  assert.deepEqual([forgetDocument.documents, forgetDocument.sources], [1, 1]);
  assert.deepEqual((await memory.documents({ userId })).documents, []);
  const { forgetEvents } = await memory.forgetEvents({ userId, sourceType: SourceType.Note, sourceIds: ["n1"] });
  assert.deepEqual([forgetEvents.events, forgetEvents.sources], [1, 1]);
  const { beliefChanges } = await memory.beliefChanges({ userId, from: at(1), to: new Date().toISOString() });
  const changes = beliefChanges.nodes.map((c) => c.change);
  assert.ok(changes.includes("created") && changes.includes("forgotten"), JSON.stringify(changes));
  // the note was written on 3 May 2024: its memory happened then, though recorded today
  const may = { userId, from: at(1), to: at(10), by: BeliefTime.Happened };
  const happened = (await memory.beliefChanges(may)).beliefChanges.nodes;
  assert.ok(happened.length > 0 && happened.every((c) => c.happenedAt && c.happenedAt < at(10)), JSON.stringify(happened));
  assert.ok(happened.every((c) => c.at > at(10)), JSON.stringify(happened));
});

test("entities, reflection and daily learning", async () => {
  const { upsertEntity } = await memory.upsertEntity({
    input: { userId, subject: "Miso", kind: "THING", aliases: ["the cat"], impressions: ["Ana's cat"] },
  });
  const { addAlias } = await memory.addAlias({ userId, entityId: upsertEntity.id, alias: "Misi" });
  assert.ok(addAlias.aliases.some((a) => a.name === "Misi"));
  const other = await memory.upsertEntity({ input: { userId, subject: "Mishka", kind: "THING" } });
  const { mergeEntities } = await memory.mergeEntities({ userId, keepId: upsertEntity.id, dropId: other.upsertEntity.id });
  assert.ok(mergeEntities.aliases.some((a) => a.name === "Mishka"), JSON.stringify(mergeEntities.aliases));
  const { entity } = await memory.entity({ userId, subjectOrAlias: "the cat" });
  assert.equal(entity?.id, upsertEntity.id);
  assert.deepEqual(entity.impressions.map((i) => i.content), ["Ana's cat"]);
  const { entityProvenance } = await memory.entityProvenance({ userId, entityId: upsertEntity.id });
  assert.equal(entityProvenance.entity.id, upsertEntity.id);
  assert.equal(entityProvenance.kindDecidedBy, "NOBODY"); // a thing by default: no rule, no LLM, no person
  const { entities } = await memory.entities({ userId, search: "Miso" });
  assert.equal(entities.nodes[0]?.subject, "Miso");
  const { pendingObservations } = await memory.pendingObservations({ userId });
  assert.ok(Array.isArray(pendingObservations));
  const unknown = await failure(memory.resolvePendingObservation({ userId, id: "nope", createNew: true }));
  assert.equal(unknown.code, "NOT_FOUND");
  assert.ok(unknown.suggestion);

  assert.equal(typeof (await memory.shouldReflect({ userId })).shouldReflect, "boolean");
  const { reflect } = await memory.reflect({ userId, force: true });
  assert.ok(["COMPLETED", "SKIPPED"].includes(reflect.status), reflect.status);
  const { reflectionCycles } = await memory.reflectionCycles({ userId });
  assert.ok(Array.isArray(reflectionCycles));
  const { userTraits } = await memory.userTraits({ userId, minStage: null });
  assert.ok(Array.isArray(userTraits));
  const { runDailyLearning } = await memory.runDailyLearning({ userId });
  assert.equal(runDailyLearning.userId, userId);
  const { learningRuns } = await memory.learningRuns({ userId });
  assert.deepEqual(learningRuns.map((r) => r.id), [runDailyLearning.id]);
});

test("the offline rulebook", async () => {
  const { rules } = await memory.rules({ language: "en", decision: "keep" });
  assert.ok(rules.length > 0 && rules.every((r) => r.id.startsWith("en.keep.")), JSON.stringify(rules.slice(0, 2)));
  const { rule } = await memory.rule({ id: "en.keep.allergy" });
  assert.equal(rule?.id, "en.keep.allergy");
  assert.ok(rule.examples.length > 0);
  assert.equal((await memory.rule({ id: "en.keep.nope" })).rule, null);
});

test("errors carry the service's code, suggestion and HTTP status", async () => {
  const forbidden = await failure(memory.recall({ userId: "bob", query: "x" }));
  assert.deepEqual([forbidden.code, forbidden.status], ["FORBIDDEN", 200]);
  assert.equal(forbidden.suggestion, "authenticate as that user");
  const neither = await failure(memory.memoryContext({ userId }));
  assert.equal(neither.code, "INVALID_INPUT");
  const wrongKey = new Graphsvc({ url, apiKey: () => "gsk_0123456789abcdef_" + "w".repeat(43) });
  const denied = await failure(wrongKey.viewer());
  assert.deepEqual([denied.code, denied.status], ["UNAUTHENTICATED", 401]);
  const nobody = new Graphsvc({ url: "http://127.0.0.1:9" });
  assert.equal((await failure(nobody.viewer())).code, "UNREACHABLE");
});

test("groups and agents, and recall across them", async () => {
  const groupId = `group:${userId}-team`;
  const { createGroup } = await memory.createGroup({ groupId, name: "Team" });
  assert.deepEqual([createGroup.id, createGroup.name, createGroup.members], [groupId, "Team", [userId]]);
  const { addGroupMember } = await memory.addGroupMember({ groupId, userId: "bob" });
  assert.deepEqual(addGroupMember.members, [userId, "bob"]);
  await memory.remember({
    input: { userId: groupId, content: "Deploys to production happen on Tuesdays.", type: "FACT", source: "USER" },
  });
  const { recall } = await memory.recall({ userId, query: "When are the deploys?", includeGroups: true });
  const shared = recall.find((h) => h.content.includes("Tuesdays"));
  assert.deepEqual([shared?.space, shared?.spaceKind], [groupId, "GROUP"]);
  const alone = await memory.recall({ userId, query: "When are the deploys?" });
  assert.ok(alone.recall.every((h) => h.space === userId), JSON.stringify(alone.recall));
  assert.deepEqual((await memory.group({ groupId })).group.members, [userId, "bob"]);
  assert.deepEqual((await memory.groups({ userId })).groups.map((g) => g.id), [groupId]);
  const { removeGroupMember } = await memory.removeGroupMember({ groupId, userId: "bob" });
  assert.deepEqual(removeGroupMember.members, [userId]);
  const agentId = `agent:${userId}-helper`;
  const { createAgent } = await memory.createAgent({ agentId, ownerId: userId, name: "Helper" });
  assert.deepEqual([createAgent.id, createAgent.ownerId], [agentId, userId]);
  assert.deepEqual((await memory.agents({ ownerId: userId })).agents.map((a) => a.id), [agentId]);
  const foreign = await failure(memory.createAgent({ agentId: "agent:someone", ownerId: "bob" }));
  assert.equal(foreign.code, "FORBIDDEN");
});

test("erasing the user", async () => {
  const { eraseUser } = await memory.eraseUser({ userId, confirm: userId });
  assert.equal(eraseUser.complete, true);
  assert.ok(eraseUser.deletedByLabel.length > 0);
});

test("every query and mutation of the schema was called", () => {
  assert.deepEqual([...OPERATIONS.keys()].filter((name) => !called.has(name)), []);
  assert.ok(OPERATIONS.size >= 49, String(OPERATIONS.size));
});
