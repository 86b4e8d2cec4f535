"""memoryContext(explain: true) says why each line it considered is in the block or was left out, through GraphQL
(and MCP's memory_context): the sections, a recalled line's rank, score and ranking explanation, and the rules that
leave a line out (said by the assistant, already listed, over its section's share of the budget)."""

from __future__ import annotations

from typing import Any

import pytest

from graphsvc.pipeline.recall.context import LEFT_OUT_AS_ASSISTANT, LEFT_OUT_AS_LISTED, LEFT_OUT_BY_BUDGET
from graphsvc.service import MemoryService
from tests.integration.erase_support import gql_data
from tests.integration.graphql_client import GraphQLClient
from tests.integration.test_changed_values import gql
from tests.integration.test_memory_context import fill, fill_with_assistant

__all__ = ["gql"]  # the fixture, used by name

CONTEXT = """
query($u: String!, $q: String!, $n: Int!, $explain: Boolean!) {
  memoryContext(userId: $u, query: $q, maxTokens: $n, explain: $explain) {
    text traitIds memoryIds impressionIds eventIds chunkIds sessionIds
    lines { section id kind text included reason rank score space explanation { finalScore fusedScore } }
  }
}"""


async def context(gql: GraphQLClient, user: str, query: str, budget: int, *, explain: bool = True) -> dict[str, Any]:
    data = await gql_data(gql, CONTEXT, u=user, q=query, n=budget, explain=explain)
    block: dict[str, Any] = data["memoryContext"]
    return block


async def test_each_line_of_the_block_says_why_it_is_there(service: MemoryService, gql: GraphQLClient) -> None:
    await fill(service)
    await context(gql, "ana", "What pet does Ana have?", 2_000, explain=False)  # the user's vectors copied...
    await service.rt.vectors.copies.settled()  # ...in the background: both blocks below read the copy
    block = await context(gql, "ana", "What pet does Ana have?", 2_000)
    plain = await context(gql, "ana", "What pet does Ana have?", 2_000, explain=False)
    assert plain["lines"] == [] and plain["text"] == block["text"]  # explaining changes nothing in the block
    included = [line for line in block["lines"] if line["included"]]
    cited = [*block["traitIds"], *block["memoryIds"], *block["impressionIds"], *block["eventIds"], *block["chunkIds"]]
    assert sorted(line["id"] for line in included) == sorted([*cited, *block["sessionIds"]])
    assert all(line["text"] in block["text"] for line in included)
    [trait] = [line for line in block["lines"] if line["section"] == "TRAITS"]
    assert (trait["id"], trait["included"], trait["rank"]) == ("t1", True, 1) and "established" in trait["reason"]
    recalled = [line for line in block["lines"] if line["section"] == "RECALLED"]
    assert [line["rank"] for line in recalled] == list(range(1, len(recalled) + 1))
    scores = [line["score"] for line in recalled]
    assert scores == sorted(scores, reverse=True)
    for line in recalled:  # the recall's own explanation, whose parts make its score
        assert line["space"] == "ana" and line["explanation"]["finalScore"] == pytest.approx(line["score"])
        assert line["reason"].startswith(f"recalled in ana: rank {line['rank']} of {len(recalled)}")
    best = recalled[0]
    assert best["included"] and "Miso" in best["text"]
    # a recent event already recalled above is considered and left out as listed, never written twice
    recent = [line for line in block["lines"] if line["section"] == "RECENT"]
    recalled_ids = {line["id"] for line in recalled if line["included"]}
    for line in recent:
        assert line["included"] == (line["id"] not in recalled_ids)
        if line["id"] in recalled_ids:
            assert line["reason"].endswith(f"left out: {LEFT_OUT_AS_LISTED}")


async def test_a_line_over_the_budget_and_an_assistant_turn_are_left_out_with_their_reason(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await fill(service)
    small = await context(gql, "ana", "Tell me about Ana", 60)
    over = [line for line in small["lines"] if not line["included"]]
    assert over and all(line["text"] not in small["text"] for line in over if line["section"] != "RECENT")
    assert any(line["reason"].endswith(f"left out: {LEFT_OUT_BY_BUDGET}") for line in over)
    await fill_with_assistant(service)
    block = await context(gql, "bo", "Tell me about Rex", 2_000)
    assistant = [line for line in block["lines"] if "No problem" in line["text"]]
    assert assistant and all(not line["included"] for line in assistant)
    assert all(line["reason"].endswith(f"left out: {LEFT_OUT_AS_ASSISTANT}") for line in assistant)
    assert "No problem" not in block["text"]


SHARED = """
query($u: String!, $q: String!) {
  memoryContext(userId: $u, query: $q, maxTokens: 2000, includeGroups: true, explain: true) {
    text lines { section id included reason rank score space }
  }
}"""


async def test_a_shared_spaces_line_names_its_space(service: MemoryService, gql: GraphQLClient) -> None:
    await fill(service)
    await service.create_group(group_id="group:team")
    await service.add_group_member(group_id="group:team", user_id="ana")
    standup = await service.remember(
        user_id="group:team", content="The standup is at 9:30 every weekday.", memory_type="fact", source="user"
    )
    block = (await gql_data(gql, SHARED, u="ana", q="When is the standup?"))["memoryContext"]
    [line] = [line for line in block["lines"] if line["id"] == standup.uid]
    assert (line["section"], line["space"], line["included"], line["rank"]) == ("SHARED", "group:team", True, 1)
    assert line["reason"].startswith("recalled in group:team: rank 1") and "Shared in group:team:" in block["text"]
    assert all(line["space"] == "ana" for line in block["lines"] if line["section"] == "RECALLED")
