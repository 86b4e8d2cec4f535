"""Why graphsvc believes a memory, through GraphQL against the real Neo4j (``memoryProvenance``): what made it
(the rulebook's rule with its measured precision, the person), the extraction steps that created and then
reinforced it from which messages in which job, and the traits resting on it (message → memory → trait); a memory
of another user is not found."""

from __future__ import annotations

from typing import Any

from graphsvc.service import MemoryService
from tests.integration.graphql_client import GraphQLClient
from tests.integration.test_extraction_traces import converse, data, memory_ids
from tests.integration.test_habit_traits import RUNNING, active, say

PROVENANCE = """
query($u: String!, $m: ID!) {
  memoryProvenance(userId: $u, memoryId: $m) {
    memory { id content origin }
    madeBy
    rule { id language measuredPrecision judged }
    steps { sessionId messageId jobId extractor recordedAt decisions { outcome memoryId ruleId sentence } }
    traits { traitId content stage supports }
  }
}"""
REMEMBER = """
mutation($u: String!) {
  remember(input: {userId: $u, content: "Ana's locker is number 12.", type: FACT, source: USER}) { id }
}"""
JOBS = """query($u: String!) { jobs(userId: $u) { id kind } }"""


async def provenance(api: GraphQLClient, user: str, memory: str) -> dict[str, Any]:
    found: dict[str, Any] = data(await api.execute(PROVENANCE, {"u": user, "m": memory}))["memoryProvenance"]
    return found


async def test_a_kept_statement_names_its_rule_and_each_message_that_made_or_reinforced_it(
    service: MemoryService,
) -> None:
    api = GraphQLClient(service)
    try:
        await converse(api, service, "ana", "s1", 1, [("m1", "user", "I'm allergic to penicillin.")])
        await converse(api, service, "ana", "s2", 5, [("m1", "user", "Remember, I'm allergic to penicillin.")])
        [memory] = (await memory_ids(api, "ana")).values()
        why = await provenance(api, "ana", memory)
        assert (why["memory"]["id"], why["madeBy"], why["rule"]["id"]) == (memory, "RULEBOOK", "en.keep.allergy")
        assert why["rule"]["language"] == "en"
        steps = [(s["sessionId"], s["messageId"], [d["outcome"] for d in s["decisions"]]) for s in why["steps"]]
        assert steps == [("s1", "m1", ["CREATED"]), ("s2", "m1", ["REINFORCED"])]
        assert all(d["memoryId"] == memory for s in why["steps"] for d in s["decisions"])
        extraction_jobs = {j["id"] for j in data(await api.execute(JOBS, {"u": "ana"}))["jobs"]}
        assert {s["jobId"] for s in why["steps"]} <= extraction_jobs and len({s["jobId"] for s in why["steps"]}) == 2
        assert {s["extractor"] for s in why["steps"]} == {"RULES"} and why["traits"] == []

        remembered = data(await api.execute(REMEMBER, {"u": "ana"}))["remember"]["id"]
        said = await provenance(api, "ana", remembered)
        assert (said["madeBy"], said["rule"], said["steps"], said["memory"]["origin"]) == ("PERSON", None, [], "USER")

        body = await api.execute(PROVENANCE, {"u": "bob", "m": memory})  # another user's memory
        assert body["errors"][0]["extensions"]["code"] == "NOT_FOUND", body
    finally:
        await api.aclose()


async def test_a_trait_resting_on_a_memory_is_listed_with_it(service: MemoryService) -> None:
    api = GraphQLClient(service)
    try:
        for day, text in enumerate(RUNNING[:3], start=1):
            await say(service, user_id="theo", session=f"s{day}", day=day * 3, lines=[("Theo", text)])
        [trait] = await active(service, "theo")
        memories = await memory_ids(api, "theo")
        resting = [await provenance(api, "theo", m) for m in memories.values()]
        supported = [p for p in resting if any(t["traitId"] == trait["uid"] and t["supports"] for t in p["traits"])]
        assert supported, resting
        assert all(t["content"] == trait["content"] for p in supported for t in p["traits"])
    finally:
        await api.aclose()
