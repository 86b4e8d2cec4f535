"""Recall explained, through GraphQL on the offline path: with ``explain``, each hit says what each retrieval channel
contributed and every rule that changed its score, and those parts recompute the hit's score; the ordering rules
appear on the hits they moved; without ``explain`` the explanation is null."""

from __future__ import annotations

import math
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from graphsvc.service import MemoryService
from tests.integration.erase_support import gql_data
from tests.integration.graphql_client import GraphQLClient
from tests.integration.test_current_belief import moved
from tests.integration.test_recall_reactions import travel_talk

RECALL = """
query($u: String!, $q: String!, $superseded: Boolean! = false, $explain: Boolean! = true) {
  recall(userId: $u, query: $q, limit: 10, includeSuperseded: $superseded, explain: $explain) {
    id kind content score status sourceMessageIds
    explanation {
      channels { channel rank contribution }
      fusion fusedScore finalScore
      adjustments { rule scoreBefore scoreAfter factor term relativeTo detail }
    }
  }
}"""
SEED_TERMS = {"RECENCY", "IMPORTANCE", "TRAIT_STAGE"}
CLOSE = 1e-9


@pytest.fixture
async def gql(service: MemoryService) -> AsyncIterator[GraphQLClient]:
    client = GraphQLClient(service)
    yield client
    await client.aclose()


async def recall(gql: GraphQLClient, user: str, query: str, **variables: Any) -> list[dict[str, Any]]:
    hits: list[dict[str, Any]] = (await gql_data(gql, RECALL, u=user, q=query, **variables))["recall"]
    assert hits
    return hits


def recomputed(explanation: dict[str, Any]) -> float:
    """The score the explanation's parts give: the channels' fusion terms, then each adjustment in order."""
    k = int(re.findall(r"k = (\d+)", explanation["fusion"])[0])
    for part in explanation["channels"]:
        expected = 0.0 if part["rank"] is None else 1.0 / (k + part["rank"])
        assert part["contribution"] == pytest.approx(expected, rel=CLOSE), explanation
    assert {p["channel"] for p in explanation["channels"]} == {"VECTOR", "FULL_TEXT", "GRAPH"}
    score: float = sum(p["contribution"] for p in explanation["channels"])
    assert explanation["fusedScore"] == pytest.approx(score, rel=CLOSE)
    base: float | None = None
    for step in explanation["adjustments"]:
        assert step["scoreBefore"] == pytest.approx(score, rel=CLOSE, abs=CLOSE), explanation
        rule = step["rule"]
        if rule in SEED_TERMS:
            base = score if base is None else base
            score += base * step["term"]
        elif rule in ("TIME_CUE", "SPEAKER_CUE"):
            score *= step["factor"]
        elif rule.startswith(("LENT_BY_", "BELOW_")):
            assert step["relativeTo"], step  # lent by, or kept below, a named hit
            score = step["scoreAfter"]
        else:
            assert rule == "RERANKED", step
        assert step["scoreAfter"] == pytest.approx(score, rel=CLOSE, abs=CLOSE), explanation
    return score


def assert_parts_account_for_the_whole(hits: list[dict[str, Any]]) -> None:
    for hit in hits:
        explanation = hit["explanation"]
        assert explanation is not None, hit
        assert explanation["finalScore"] == hit["score"]
        assert recomputed(explanation) == pytest.approx(hit["score"], rel=CLOSE), hit
        for step in explanation["adjustments"]:
            assert step["detail"]


def adjustments(hit: dict[str, Any], rule: str) -> list[dict[str, Any]]:
    return [a for a in hit["explanation"]["adjustments"] if a["rule"] == rule]


async def test_a_reaction_is_explained_below_the_message_it_answers(service: MemoryService, gql: GraphQLClient) -> None:
    await travel_talk(service, gql, "That sounds exciting!")
    hits = await recall(gql, "ana", "Where am I travelling next?")
    assert_parts_account_for_the_whole(hits)
    assert any(adjustments(h, "RECENCY") for h in hits)

    reply = next(h for h in hits if "sounds exciting" in h["content"])
    [below] = adjustments(reply, "BELOW_ANSWERED")
    assert below["scoreAfter"] < below["scoreBefore"]
    order = [h["id"] for h in hits]
    message = next(h for h in hits if h["id"] == below["relativeTo"])  # the message it answers is a hit
    assert "m2" in message["sourceMessageIds"] and order.index(message["id"]) < order.index(reply["id"])
    [lent] = adjustments(message, "LENT_BY_REACTION")  # the reply lent the message its fused score
    assert lent["relativeTo"] == reply["id"]


async def test_a_superseded_memory_lifted_by_a_time_phrase_is_explained_below_its_replacement(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await moved(service)
    hits = await recall(gql, "ana", "Where did Ana live on May 1st?", superseded=True)
    assert_parts_account_for_the_whole(hits)
    found = {c["channel"] for h in hits for c in h["explanation"]["channels"] if c["rank"] is not None}
    assert {"VECTOR", "FULL_TEXT", "GRAPH"} <= found
    old = next(h for h in hits if h["kind"] == "memory" and h["status"] == "SUPERSEDED")
    [cue] = adjustments(old, "TIME_CUE")  # dated May 1st, the day the query names
    [below] = adjustments(old, "BELOW_REPLACEMENT")  # then put back below what replaced it
    assert cue["scoreAfter"] >= below["scoreBefore"] > below["scoreAfter"]
    order = [h["id"] for h in hits]
    current = next(h for h in hits if h["id"] == below["relativeTo"])
    assert "Porto" in current["content"] and order.index(current["id"]) < order.index(old["id"])
    assert below["scoreAfter"] == pytest.approx(current["score"], rel=CLOSE) and below["scoreAfter"] < current["score"]


async def test_without_explain_the_explanation_is_null_and_the_hits_are_the_same(
    service: MemoryService, gql: GraphQLClient
) -> None:
    await moved(service)
    await recall(gql, "ana", "Where does Ana live?", explain=False)  # the user's vectors copied in process...
    await service.rt.vectors.copies.settled()  # ...in the background: both recalls below read the copy
    plain = await recall(gql, "ana", "Where does Ana live?", explain=False)
    explained = await recall(gql, "ana", "Where does Ana live?")
    assert_parts_account_for_the_whole(explained)
    assert all(h["explanation"] is None for h in plain)
    assert [h["id"] for h in plain] == [h["id"] for h in explained]
    # the same score up to the last bit of a float: a vector product may round differently between two calls
    assert [h["score"] for h in plain] == pytest.approx([h["score"] for h in explained], rel=1e-9)
    assert all(math.isfinite(h["score"]) for h in plain)
