"""Isolation across memory spaces as a property over random sequences, through GraphQL and MCP with each person's
own API key: three people, two groups and an agent; seeded random writes (to one's own space, to a group one is a
member of, to one's agent), joins, leaves (with or without taking one's words along), forgets and erasures. After
every step, each person's recall (their own space, their groups', their agent's) holds exactly what the model says
they may read and their prompt context nothing else, a group they are not in is refused, and at the end nothing of
an erased person's words, nor of a forgotten message, is stored anywhere in the graph. Every GraphQL field and MCP
tool is walked against a group's space by ``test_cross_tenant_walk`` and ``test_mcp_isolation_walk``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from graphsvc.config import Settings
from graphsvc.service import MemoryService
from graphsvc.spaces import shared_session
from tests.integration.auth_support import api_key_settings, client
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient
from tests.integration.test_mcp import mcp_http, served, structured

__all__ = ["served"]  # the fixture, used by name

PEOPLE = ("u1", "u2", "u3")
GROUPS = ("group:g1", "group:g2")
AGENT, OWNER = "agent:a1", "u1"
WORD = "Quokka"
"""Every note holds this word, so one recall finds them all; each note also holds a code of its own."""
CODE = re.compile(r"\bzq[a-z]{6}\b")
STEPS = 30

INGEST = """mutation($input: IngestMessagesInput!) { ingestMessages(input: $input) { stored } }"""
FORGET = """mutation($u: String!, $m: [String!]!, $s: String) {
  forgetMessages(userId: $u, messageIds: $m, sessionId: $s) { events } }"""
RECALL = """query($u: String!, $q: String!, $agent: String) {
  recall(userId: $u, query: $q, limit: 100, includeGroups: true, agentId: $agent) { content space }
  memoryContext(userId: $u, query: $q, maxTokens: 4000, includeGroups: true, agentId: $agent) { text } }"""


@dataclass
class Note:
    """One thing said, where the model says it is kept: its writer's own space (a group message is filed there
    too), the group it was said in, or the agent's space."""

    code: str
    writer: str
    spaces: set[str]
    own_session: str
    """The session of the writer's own copy (a group message's copy is filed under the group's session)."""
    message_id: str
    live: bool = True


@dataclass
class Model:
    members: set[tuple[str, str]] = field(default_factory=set)
    erased: set[str] = field(default_factory=set)
    notes: list[Note] = field(default_factory=list)
    leaves: int = 0

    def readable(self, person: str) -> set[str]:
        """The spaces ``person`` may read: their own, their groups', their agent's."""
        spaces = {person} | {g for p, g in self.members if p == person}
        return spaces | ({AGENT} if person == OWNER and OWNER not in self.erased else set())

    def visible(self, person: str) -> set[str]:
        return {n.code for n in self.notes if n.live and n.spaces & self.readable(person)}


@pytest.fixture
async def keys(service: MemoryService, settings: Settings) -> AsyncIterator[dict[str, tuple[str, GraphQLClient]]]:
    """Each person's API key, and a GraphQL client sending it (authentication on)."""
    secured = api_key_settings(settings, request_deadline_s=120.0)  # a cold Neo4j plans the first reads slowly
    made = {}
    for person in PEOPLE:
        key = (await service.create_api_key(user_id=person))[1]
        made[person] = (key, client(service, secured, key))
    yield made
    for _, gql in made.values():
        await gql.aclose()


async def _data(gql: GraphQLClient, query: str, **variables: Any) -> dict[str, Any]:
    body = await gql.execute(query, variables)
    assert "errors" not in body, body
    data: dict[str, Any] = body["data"]
    return data


async def _write(rng: random.Random, model: Model, gql: GraphQLClient, person: str, n: int) -> None:
    """``person`` says a note in a space they may write: their own, a group of theirs, or their agent's."""
    code = "zq" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6))
    content = f"{WORD} note {code} from {person}."
    space = rng.choice(sorted(model.readable(person)))
    session, message_id = f"s{n}", f"m{n}"
    message = {"messageId": message_id, "role": "user", "speaker": person, "content": content}
    message["occurredAt"] = at(1, minute=n).isoformat()
    if space.startswith("group:"):
        message["speakerId"] = person  # filed in the group, and in the speaker's own space
    await _data(gql, INGEST, input={"userId": space, "sessionId": session, "messages": [message]})
    if space == AGENT:
        model.notes.append(Note(code, person, {AGENT}, session, message_id))
        return
    own_session = session if space == person else shared_session(space, session)
    model.notes.append(Note(code, person, {space, person}, own_session, message_id))


async def _check(model: Model, keys: dict[str, tuple[str, GraphQLClient]], served: str, step: int) -> None:
    """Each person's recall (GraphQL, and MCP for one of them) holds exactly what they may read; a group they
    are not in is refused."""
    people = [p for p in PEOPLE if p not in model.erased]
    for person in people:
        gql = keys[person][1]
        agent = AGENT if AGENT in model.readable(person) else None
        read = await _data(gql, RECALL, u=person, q=WORD, agent=agent)
        hits = read["recall"]
        seen = {code for h in hits for code in CODE.findall(h["content"])}
        assert seen == model.visible(person), (step, person, seen ^ model.visible(person), model, hits)
        context = read["memoryContext"]["text"]  # a budget's worth of the same, never more
        assert set(CODE.findall(context)) <= model.visible(person), (step, person, context)
        assert {h["space"] for h in hits} <= model.readable(person), (step, person)
        for group in GROUPS:
            if group not in model.readable(person):
                body = await gql.execute(RECALL, {"u": group, "q": WORD, "agent": None})
                assert body["errors"][0]["extensions"]["code"] == "FORBIDDEN", (step, person, group)
    person = people[step % len(people)]
    async with mcp_http(served, keys[person][0]) as mcp:
        agent_id = AGENT if AGENT in model.readable(person) else None
        found = structured(
            await mcp.call_tool("recall", {"query": WORD, "limit": 100, "include_groups": True, "agent_id": agent_id})
        )["hits"]
    assert {c for h in found for c in CODE.findall(h["content"])} == model.visible(person), (step, person)


async def _stored_anywhere(service: MemoryService, code: str) -> int:
    """Nodes and relationships holding ``code`` in any string or string-list property."""
    cypher = """
    CALL () { MATCH (n) RETURN properties(n) AS p UNION ALL MATCH ()-[r]->() RETURN properties(r) AS p }
    WITH p WHERE any(k IN keys(p) WHERE
      (p[k] IS :: STRING AND p[k] CONTAINS $code)
      OR (p[k] IS :: LIST<STRING NOT NULL> AND any(s IN p[k] WHERE s CONTAINS $code)))
    RETURN count(*) AS n"""
    async with service.db.driver.session(database=service.db.database) as session:
        record = await (await session.run(cypher, code=code)).single()
    return int(record["n"]) if record else 0


def _possible(model: Model, person: str) -> list[str]:
    """The actions ``person`` can take now, each once (a write twice)."""
    theirs = {g for p, g in model.members if p == person}
    return [
        "write",
        "write",
        *(["join"] if len(theirs) < len(GROUPS) else []),
        *(["leave"] if theirs else []),
        *(["forget"] if any(n.live and person in n.spaces for n in model.notes) else []),
        *(["erase"] if person != OWNER and len(PEOPLE) - len(model.erased) > 2 else []),
    ]


async def _act(
    action: str,
    person: str,
    group: str,
    *,
    rng: random.Random,
    model: Model,
    service: MemoryService,
    gql: GraphQLClient,
    step: int,
) -> str:
    """Do ``action`` (or a write, where it cannot be done) as ``person``, in the service and in the model; what
    was done."""
    theirs = sorted(g for p, g in model.members if p == person)
    if action == "join":
        group = rng.choice([g for g in GROUPS if g not in theirs])
        await service.add_group_member(group_id=group, user_id=person)
        model.members.add((person, group))
        return "join"
    if action == "leave":
        group = rng.choice(theirs)
        retract = model.leaves % 2 == 1  # every other leave takes the leaver's words along
        model.leaves += 1
        await service.remove_group_member(group_id=group, user_id=person, retract_contributions=retract)
        model.members.discard((person, group))
        for note in model.notes:
            if retract and note.writer == person and group in note.spaces:
                note.spaces.discard(group)  # their words in the group go; their own copy stays
        return "leave with retraction" if retract else "leave"
    if action == "forget" and (own := [n for n in model.notes if n.live and person in n.spaces]):
        note = rng.choice(own)  # the copy in their own space; a group's copy stays the group's
        await _data(gql, FORGET, u=person, m=[note.message_id], s=note.own_session)
        note.spaces.discard(person)
        note.live = bool(note.spaces)
        return "forget"
    if action == "erase" and person != OWNER and len(PEOPLE) - len(model.erased) > 2:
        await service.erase_user(user_id=person, confirm=person)
        model.erased.add(person)
        model.members = {(p, g) for p, g in model.members if p != person}
        for note in model.notes:
            note.live = note.live and note.writer != person
        return "erase"
    await _write(rng, model, gql, person, step)
    return "write"


async def test_no_person_reads_outside_their_spaces_over_random_sequences_and_erasure_leaves_nothing(
    service: MemoryService, keys: dict[str, tuple[str, GraphQLClient]], served: str
) -> None:
    for group in GROUPS:
        await service.create_group(group_id=group)
    await service.create_agent(agent_id=AGENT, owner_id=OWNER)
    rng = random.Random(20261205)
    model = Model()
    done: Counter[str] = Counter()
    for step in range(STEPS):
        person = rng.choice([p for p in PEOPLE if p not in model.erased])
        group, action = rng.choice(GROUPS), rng.choice(_possible(model, person))
        if step == STEPS - 3 and not model.erased:  # one erasure at least, with steps after it
            action, person = "erase", "u3"
        gql = keys[person][1]
        done[await _act(action, person, group, rng=rng, model=model, service=service, gql=gql, step=step)] += 1
        await _check(model, keys, served, step)
    assert set(done) == {"write", "join", "leave", "leave with retraction", "forget", "erase"}, done
    for note in model.notes:  # nothing left of a forgotten message or of an erased person's words
        assert (await _stored_anywhere(service, note.code) > 0) == note.live, note
