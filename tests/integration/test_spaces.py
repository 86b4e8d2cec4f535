"""Shared memory spaces through GraphQL and MCP: a group's space is read and written by its members only (a
membership ended is felt at the next request), an agent's space by its owner only and never mixed into the owner's
own memories, recall marks each hit with its space, a group or agent holds no traits, and erasure ends
memberships."""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from graphsvc.api.context import Context, Identity, with_spaces
from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.errors import ForbiddenError, InvalidInputError
from graphsvc.graph import catalog
from graphsvc.service import MemoryService
from graphsvc.spaces import SPACE_PREFIXES
from tests.fakes.openai_server import FakeOpenAI
from tests.integration.auth_support import api_key_settings, client, jwt_settings, node_count, token
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient
from tests.integration.test_mcp import REPO, mcp_http, served, structured, tool_error

__all__ = ["served"]  # the fixture, used by name

CREATE_GROUP = """mutation($g: ID!, $n: String) { createGroup(groupId: $g, name: $n) { id name members } }"""
ADD = """mutation($g: ID!, $u: String!) { addGroupMember(groupId: $g, userId: $u) { id members } }"""
REMOVE = """mutation($g: ID!, $u: String!) { removeGroupMember(groupId: $g, userId: $u) { id members } }"""
GROUP = """query($g: ID!) { group(groupId: $g) { id name members } }"""
GROUPS = """query($u: String!) { groups(userId: $u) { id members } }"""
REMEMBER = """mutation($u: String!, $c: String!) {
  remember(input: {userId: $u, content: $c, type: FACT, source: USER}) { id content }
}"""
RECALL = """query($u: String!, $q: String!, $groups: Boolean! = false) {
  recall(userId: $u, query: $q, includeGroups: $groups) { id content space spaceKind }
}"""
CONTEXT = """query($u: String!, $q: String!) {
  memoryContext(userId: $u, query: $q, includeGroups: true) { text memoryIds }
}"""
STANDUP = "Our standup is at 9:30 every weekday in the small meeting room."


def _code(body: dict[str, Any]) -> str:
    assert body.get("errors"), body
    return str(body["errors"][0]["extensions"]["code"])


async def _as(gql: GraphQLClient, query: str, variables: dict[str, Any]) -> dict[str, Any]:
    return await gql.execute(query, variables)


@pytest.fixture
async def callers(service: MemoryService, settings: Settings) -> Any:
    """GraphQL clients with API keys bound to alice, bob and carol (authentication on)."""
    secured = api_key_settings(settings)
    made = {}
    for user in ("alice", "bob", "carol"):
        made[user] = client(service, secured, (await service.create_api_key(user_id=user))[1])
    yield made
    for gql in made.values():
        await gql.aclose()


async def test_a_group_is_read_and_written_by_its_members_only(callers: dict[str, GraphQLClient]) -> None:
    alice, bob, carol = callers["alice"], callers["bob"], callers["carol"]
    made = await _as(alice, CREATE_GROUP, {"g": "group:team", "n": "The team"})
    assert made["data"]["createGroup"] == {"id": "group:team", "name": "The team", "members": ["alice"]}
    added = await _as(alice, ADD, {"g": "group:team", "u": "bob"})
    assert added["data"]["addGroupMember"]["members"] == ["alice", "bob"]

    said = await _as(bob, REMEMBER, {"u": "group:team", "c": STANDUP})
    assert said["data"]["remember"]["content"] == STANDUP
    await _as(bob, REMEMBER, {"u": "bob", "c": "I keep my standup notes in a paper notebook."})

    shared = await _as(alice, RECALL, {"u": "alice", "q": "when is the standup", "groups": True})
    hits = shared["data"]["recall"]
    assert {h["content"]: (h["space"], h["spaceKind"]) for h in hits} == {STANDUP: ("group:team", "GROUP")}
    alone = await _as(alice, RECALL, {"u": "alice", "q": "when is the standup"})
    assert alone["data"]["recall"] == []
    context = (await _as(alice, CONTEXT, {"u": "alice", "q": "when is the standup"}))["data"]["memoryContext"]
    assert "Shared in group:team:" in context["text"] and STANDUP in context["text"]
    assert "paper notebook" not in context["text"]  # bob's own memory stays bob's

    # an outsider: nothing of the group, by its id or through their own recall
    for query, variables in (
        (RECALL, {"u": "group:team", "q": "standup"}),
        (GROUP, {"g": "group:team"}),
        (ADD, {"g": "group:team", "u": "carol"}),
        (REMEMBER, {"u": "group:team", "c": "I am in the team now."}),
    ):
        assert _code(await _as(carol, query, variables)) == "FORBIDDEN", query
    outside = await _as(carol, RECALL, {"u": "carol", "q": "when is the standup", "groups": True})
    assert outside["data"]["recall"] == []
    assert _code(await _as(carol, RECALL, {"u": "alice", "q": "standup", "groups": True})) == "FORBIDDEN"

    # a member who leaves stops seeing it at the next request
    removed = await _as(alice, REMOVE, {"g": "group:team", "u": "bob"})
    assert removed["data"]["removeGroupMember"]["members"] == ["alice"]
    assert _code(await _as(bob, RECALL, {"u": "group:team", "q": "standup"})) == "FORBIDDEN"
    gone = await _as(bob, RECALL, {"u": "bob", "q": "when is the standup", "groups": True})
    assert STANDUP not in {h["content"] for h in gone["data"]["recall"]}
    assert (await _as(bob, GROUPS, {"u": "bob"}))["data"]["groups"] == []
    kept = await _as(alice, GROUP, {"g": "group:team"})
    assert kept["data"]["group"] == {"id": "group:team", "name": "The team", "members": ["alice"]}
    assert _code(await _as(carol, CREATE_GROUP, {"g": "group:team"})) == "FORBIDDEN"


async def test_a_token_or_key_naming_spaces_reaches_only_those_of_its_users_spaces(
    service: MemoryService, settings: Settings
) -> None:
    for group in ("group:ops", "group:book-club"):
        await service.create_group(group_id=group, created_by="alice")
        await service.remember(
            user_id=group, content=f"The {group[6:]} meets on Mondays.", memory_type="fact", source="user"
        )
    secured = jwt_settings(settings)
    narrowed = client(service, secured, token({"sub": "alice", "graphsvc_spaces": ["group:ops", "agent:none"]}))
    whole = client(service, secured, token({"sub": "alice"}))
    try:
        hits = (await narrowed.execute(RECALL, {"u": "alice", "q": "meets on Mondays", "groups": True}))["data"]
        assert {h["space"] for h in hits["recall"]} == {"group:ops"}
        assert _code(await narrowed.execute(RECALL, {"u": "group:book-club", "q": "meets"})) == "FORBIDDEN"
        assert (await narrowed.execute(RECALL, {"u": "group:ops", "q": "meets"}))["data"]["recall"]
        hits = (await whole.execute(RECALL, {"u": "alice", "q": "meets on Mondays", "groups": True}))["data"]
        assert {h["space"] for h in hits["recall"]} == {"group:ops", "group:book-club"}
        # a token naming a space its user may not use gains nothing by it
        await service.create_group(group_id="group:board")
        board = client(service, secured, token({"sub": "alice", "graphsvc_spaces": ["group:board"]}))
        assert _code(await board.execute(RECALL, {"u": "group:board", "q": "meets"})) == "FORBIDDEN"
        await board.aclose()
        for claim in (["alice"], "group:ops bob", [3]):  # a person's id or no id at all: refused with a fix
            bad = client(service, secured, token({"sub": "alice", "graphsvc_spaces": claim}))
            response = await bad.post(RECALL, {"u": "alice", "q": "meets"})
            await bad.aclose()
            assert response.status_code == 401 and "graphsvc_spaces" in response.text, response.text
    finally:
        await narrowed.aclose()
        await whole.aclose()

    # an API key made for some of its user's spaces is held to them the same way
    keyed = client(
        service, api_key_settings(settings), (await service.create_api_key(user_id="alice", spaces=["group:ops"]))[1]
    )
    try:
        hits = (await keyed.execute(RECALL, {"u": "alice", "q": "meets on Mondays", "groups": True}))["data"]
        assert {h["space"] for h in hits["recall"]} == {"group:ops"}
        assert _code(await keyed.execute(RECALL, {"u": "group:book-club", "q": "meets"})) == "FORBIDDEN"
    finally:
        await keyed.aclose()
    for user_id, spaces in (("alice", ["bob"]), (None, ["group:ops"])):  # a person's id; an admin key
        with pytest.raises(InvalidInputError, match="limits a user key"):
            await service.create_api_key(user_id=user_id, admin=user_id is None, spaces=spaces)


async def test_an_unregistered_group_or_agent_is_refused_with_a_fix_and_nothing_is_stored(
    service: MemoryService,
) -> None:
    gql = GraphQLClient(service)  # AUTH_MODE=none: any user, but a shared space must be registered
    try:
        for space in ("group:nobody", "agent:nobody"):
            body = await gql.execute(REMEMBER, {"u": space, "c": "Deploys happen on Tuesdays."})
            assert _code(body) == "INVALID_INPUT"
            assert "names no registered" in body["errors"][0]["message"]
            assert "create" in body["errors"][0]["extensions"]["suggestion"]
        bad = await gql.execute(CREATE_GROUP, {"g": "team"})
        assert _code(bad) == "INVALID_INPUT" and "group:" in bad["errors"][0]["extensions"]["suggestion"]
        made = await gql.execute(CREATE_GROUP, {"g": "group:ops"})
        assert made["data"]["createGroup"] == {"id": "group:ops", "name": "ops", "members": []}
        stored = await gql.execute(REMEMBER, {"u": "group:ops", "c": "Deploys happen on Tuesdays."})
        assert stored["data"]["remember"]["content"] == "Deploys happen on Tuesdays."
    finally:
        await gql.aclose()
    page = await service.memories(user_id="group:nobody")
    assert page.items == []
    assert [m.content for m in (await service.memories(user_id="group:ops")).items] == ["Deploys happen on Tuesdays."]


async def test_agent_memory_is_its_owners_to_use_and_never_the_owners_own(service: MemoryService, served: str) -> None:
    await service.create_agent(agent_id="agent:booking", owner_id="ana")
    _, ana = await service.create_api_key(user_id="ana")
    _, bob = await service.create_api_key(user_id="bob")
    lesson = "To book a meeting room use the calendar API, not email."
    async with mcp_http(served, ana) as tools:
        structured(await tools.call_tool("remember", {"user_id": "agent:booking", "content": lesson, "type": "fact"}))
        structured(
            await tools.call_tool("remember", {"content": "I prefer rooms with a window.", "type": "preference"})
        )
        found = structured(
            await tools.call_tool("recall", {"query": "how do I book a meeting room", "agent_id": "agent:booking"})
        )
        spaces = {h["content"]: h["space"] for h in found["hits"]}
        assert spaces[lesson] == "agent:booking"
        assert all(space in ("ana", "agent:booking") for space in spaces.values())
        own = structured(await tools.call_tool("recall", {"query": "how do I book a meeting room"}))
        assert lesson not in {h["content"] for h in own["hits"]}
        listed = structured(await tools.call_tool("list_memories", {}))
        assert lesson not in {m["content"] for m in listed["memories"]}
    async with mcp_http(served, bob) as tools:
        refused = tool_error(await tools.call_tool("recall", {"query": "book a room", "agent_id": "agent:booking"}))
        assert refused["code"] == "FORBIDDEN"
        written = tool_error(await tools.call_tool("remember", {"user_id": "agent:booking", "content": "x is y."}))
        assert written["code"] == "FORBIDDEN"
    assert [m.content for m in (await service.memories(user_id="ana")).items] == ["I prefer rooms with a window."]


async def test_a_group_conversation_is_extracted_but_never_reflected_into_traits(service: MemoryService) -> None:
    await service.create_group(group_id="group:climbers", created_by="ana")
    messages = [
        MessageIn(role="user", speaker="Ana", content=text, occurred_at=at(1, minute=i), message_id=f"m{i}")
        for i, text in enumerate(
            ["I go bouldering every Thursday evening.", "I really love bouldering.", "I work as a nurse in Lyon."]
        )
    ]
    await service.ingest_messages(user_id="group:climbers", session_id="s1", messages=messages)
    await service.end_conversation(user_id="group:climbers", session_id="s1")
    await service.wait_for_jobs()
    assert (await service.memories(user_id="group:climbers")).items  # the group keeps what was said
    outcome = await service.reflect(user_id="group:climbers", force=True)
    assert outcome.status == "SKIPPED" and "one person" in (outcome.skipped_reason or "")
    assert await _misplaced(service) == {}


async def _misplaced(service: MemoryService) -> dict[str, int]:
    """Nodes in a kind of space their label's catalog entry does not allow (``NodeFacts.spaces``), by label."""
    found: dict[str, int] = {}
    for kind in catalog.NODES:
        if kind.owner != "user":
            continue
        barred = [prefix for space, prefix in SPACE_PREFIXES.items() if space not in kind.spaces]
        allowed_users = "user" in kind.spaces
        async with service.db.driver.session(database=service.db.database) as session:
            record = await (
                await session.run(
                    f"MATCH (n:{kind.label}) WHERE n.user_id IS NOT NULL AND "
                    "(any(p IN $barred WHERE n.user_id STARTS WITH p) OR "
                    "(NOT $users AND NOT any(p IN $prefixes WHERE n.user_id STARTS WITH p))) RETURN count(n)",
                    barred=barred,
                    users=allowed_users,
                    prefixes=list(SPACE_PREFIXES.values()),
                )
            ).single()
        if record and record[0]:
            found[kind.label] = int(record[0])
    return found


async def test_erasing_a_group_ends_its_memberships_and_erasing_a_member_ends_theirs(service: MemoryService) -> None:
    await service.create_group(group_id="group:a", created_by="ana")
    await service.add_group_member(group_id="group:a", user_id="bob")
    await service.create_group(group_id="group:b", created_by="ana")
    await service.add_group_member(group_id="group:b", user_id="bob")
    await service.remember(
        user_id="group:a", content="The office is on the 4th floor.", memory_type="fact", source="user"
    )
    result = await service.erase_user(user_id="group:a", confirm="group:a")
    assert result.complete
    assert [g.group_id for g in await service.groups(user_id="bob")] == ["group:b"]
    assert (await service.memories(user_id="group:a")).items == []
    await service.erase_user(user_id="ana", confirm="ana")
    assert (await service.group(group_id="group:b")).members == ("bob",)


async def test_access_to_shared_spaces_follows_every_join_and_leave(service: MemoryService) -> None:
    """A property over random joins and leaves: after each step, a caller bound to a user may use exactly the
    groups that user is a member of (by the model), an admin every registered group, nobody an unregistered one."""
    users, groups = ("u1", "u2", "u3"), ("group:g1", "group:g2", "group:g3")
    for group in groups[:2]:
        await service.create_group(group_id=group)
    rng = random.Random(20261202)
    members: set[tuple[str, str]] = set()
    for _step in range(30):
        user, group = rng.choice(users), rng.choice(groups[:2])
        if (user, group) in members and rng.random() < 0.5:
            await service.remove_group_member(group_id=group, user_id=user)
            members.discard((user, group))
        else:
            await service.add_group_member(group_id=group, user_id=user)
            members.add((user, group))
        named = frozenset(groups)
        for caller in users:
            identity = await with_spaces(Identity(principal=caller, user_ids=frozenset({caller})), named, service)
            context = Context(service=service, identity=identity)
            for space in groups:
                if (caller, space) in members:
                    assert context.scope(space) == space
                else:
                    with pytest.raises(ForbiddenError):
                        context.scope(space)
        admin = Context(service=service, identity=await with_spaces(Identity(principal="admin"), named, service))
        assert [admin.scope(g) for g in groups[:2]] == list(groups[:2])
        with pytest.raises(InvalidInputError, match="names no registered group"):
            admin.scope(groups[2])


async def test_in_a_group_conversation_each_member_keeps_what_they_said_and_erasure_or_leaving_takes_theirs(
    service: MemoryService,
) -> None:
    await service.create_group(group_id="group:flat", name="Flat 4B", created_by="ana")
    for member in ("ben", "cleo"):
        await service.add_group_member(group_id="group:flat", user_id=member)
    said = [
        ("ana", "Ana", "I work as a nurse at the city hospital."),
        ("ben", "Ben", "I play the cello in a youth orchestra."),
        ("cleo", "Cleo", "I am allergic to peanuts."),
        ("ana", "Ana", "Our rent is due on the first of the month."),
        ("ben", "Ben", "We agreed that guests stay two nights at most."),
        ("cleo", "Cleo", "Our recycling goes out on Tuesdays."),
    ]
    messages = [
        MessageIn(
            role="user", speaker=name, speaker_id=user, content=text, occurred_at=at(1, minute=i), message_id=f"m{i}"
        )
        for i, (user, name, text) in enumerate(said)
    ]
    stranger = MessageIn(role="user", speaker="Dan", speaker_id="dan", content="I live in Oslo.", occurred_at=at(1))
    with pytest.raises(InvalidInputError, match="dan is not a member of group:flat"):
        await service.ingest_messages(user_id="group:flat", session_id="s1", messages=[*messages, stranger])
    assert await node_count(service, "Event") == 0  # nothing of the batch was stored
    await service.ingest_messages(user_id="group:flat", session_id="s1", messages=messages)
    await service.ingest_messages(user_id="group:flat", session_id="s1", messages=messages)  # a redelivery
    await service.end_conversation(user_id="group:flat", session_id="s1")
    await service.wait_for_jobs()

    def words(page: Any) -> str:
        return " ".join(m.content for m in page.items).lower()

    ana, ben, cleo = [words(await service.memories(user_id=u)) for u in ("ana", "ben", "cleo")]
    assert "nurse" in ana and "cello" not in ana and "peanut" not in ana
    assert "cello" in ben and "nurse" not in ben and "peanut" not in ben
    assert "peanut" in cleo and "nurse" not in cleo and "cello" not in cleo
    assert not any(w in ana + ben + cleo for w in ("rent", "guests"))  # what they said for the group is not theirs
    flat = await service.memories(user_id="group:flat")
    # the group keeps what was said for it, named by its name, and none of what each member said of themselves
    assert sorted(m.content for m in flat.items) == [
        "Flat 4B agreed that guests stay two nights at most.",
        "Flat 4B's recycling goes out on Tuesdays.",
        "Flat 4B's rent is due on the first of the month.",
    ]

    await service.erase_user(user_id="ben", confirm="ben")
    group = words(await service.memories(user_id="group:flat"))
    assert "guests" not in group and "rent" in group  # only ben's words went
    assert (await service.group(group_id="group:flat")).members == ("ana", "cleo")

    left = await service.remove_group_member(group_id="group:flat", user_id="ana", retract_contributions=True)
    assert left.members == ("cleo",)
    group = words(await service.memories(user_id="group:flat"))
    assert "rent" not in group  # ana's words left the group with her
    assert "nurse" in words(await service.memories(user_id="ana"))  # and what she said of herself stays hers


async def test_with_an_llm_each_side_of_a_group_conversation_keeps_only_what_is_said_on_it(
    llm_service: MemoryService, llm_server: FakeOpenAI
) -> None:
    # the model (scripted) returns both memories on every side; the voice rules decide whose each one is
    answer = {
        "memories": [
            {
                "memory_type": "fact",
                "content": "Ana works as a nurse",
                "confidence": 0.9,
                "importance": 0.5,
                "source_message_ids": ["m1"],
            },
            {
                "memory_type": "fact",
                "content": "Flat 4B's rent is due on the first",
                "confidence": 0.9,
                "importance": 0.5,
                "source_message_ids": ["m2"],
            },
        ],
        "summary": "",
    }
    llm_server.schema_defaults["LLMMemoryExtraction"] = {"content": json.dumps(answer)}
    llm_server.schema_defaults["ImpressionObservationPlan"] = {"content": json.dumps({"observations": []})}
    llm_server.schema_defaults["ReflectionOutput"] = {"content": "{}"}
    await llm_service.create_group(group_id="group:flat", name="Flat 4B", created_by="ana")
    said = ["I work as a nurse at the city hospital.", "Our rent is due on the first of the month."]
    messages = [
        MessageIn(role="user", speaker="Ana", speaker_id="ana", content=text, occurred_at=at(1, minute=i))
        for i, text in enumerate(said)
    ]
    await llm_service.ingest_messages(user_id="group:flat", session_id="s1", messages=messages)
    await llm_service.end_conversation(user_id="group:flat", session_id="s1")
    await llm_service.wait_for_jobs()
    assert [m.content for m in (await llm_service.memories(user_id="group:flat")).items] == [
        "Flat 4B's rent is due on the first"
    ]
    assert [m.content for m in (await llm_service.memories(user_id="ana")).items] == ["Ana works as a nurse"]
    prompts = [r["messages"][0]["content"] for r in llm_server.requests if "GROUP" in r["messages"][0]["content"]]
    assert any('conversation of the group "Flat 4B"' in p for p in prompts)  # the group's side is told
    assert any("one member's part" in p for p in prompts)  # and so is the member's


async def test_an_agent_over_stdio_keeps_its_lessons_in_its_own_space(service: MemoryService) -> None:
    """``graphsvc mcp --user ana``: the agent ana owns remembers a lesson in its space and recalls it; an agent ana
    does not own, and a group she is not in, are refused."""
    await service.create_agent(agent_id="agent:travel", owner_id="ana")
    await service.create_agent(agent_id="agent:other", owner_id="bob")
    await service.create_group(group_id="group:elsewhere", created_by="bob")
    passed = ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "NEO4J_DATABASE", "GRAPHSVC_DATA_DIR")
    env = {k: os.environ[k] for k in passed if k in os.environ} | {"ENVIRONMENT": "test", "JOB_POLL_INTERVAL_S": "0.1"}
    command = str(Path(sys.executable).with_name("graphsvc"))
    params = StdioServerParameters(command=command, args=["mcp", "--user", "ana"], env=env, cwd=str(REPO))
    lesson = "Book trains at least two weeks ahead: prices double in the last week."
    async with Client(params, read_timeout_seconds=60) as tools:
        kept = structured(await tools.call_tool("remember", {"user_id": "agent:travel", "content": lesson}))
        assert kept["memory"]["content"] == lesson
        hits = structured(
            await tools.call_tool("recall", {"query": "when should I book trains", "agent_id": "agent:travel"})
        )["hits"]
        assert [h["space"] for h in hits if h["content"] == lesson] == ["agent:travel"]
        for arguments in ({"user_id": "agent:other"}, {"user_id": "group:elsewhere"}, {"agent_id": "agent:other"}):
            refused = tool_error(await tools.call_tool("recall", {"query": "trains", **arguments}))
            assert refused["code"] == "FORBIDDEN", arguments
    assert (await service.memories(user_id="ana")).items == []


async def test_a_key_names_only_a_registered_group_and_erasing_an_owner_erases_their_agents(
    service: MemoryService, settings: Settings
) -> None:
    with pytest.raises(InvalidInputError, match="names no registered group"):
        await service.create_api_key(user_id="group:ghost")
    await service.create_group(group_id="group:ghost")
    _, key = await service.create_api_key(user_id="group:ghost")
    gql = client(service, api_key_settings(settings), key)
    try:
        said = await _as(gql, REMEMBER, {"u": "group:ghost", "c": "Deploys happen on Tuesdays."})
        assert said["data"]["remember"]["content"] == "Deploys happen on Tuesdays."
        assert _code(await _as(gql, REMEMBER, {"u": "ana", "c": "I am ana."})) == "FORBIDDEN"
        missing = await _as(gql, GROUP, {"g": "group:nope"})
        assert _code(missing) == "FORBIDDEN"
    finally:
        await gql.aclose()
    admin = GraphQLClient(service)
    try:
        unknown = await admin.execute(GROUP, {"g": "group:nope"})
        assert _code(unknown) == "INVALID_INPUT" and unknown["errors"][0]["message"].startswith("groupId:")
    finally:
        await admin.aclose()

    await service.create_agent(agent_id="agent:helper", owner_id="zoe")
    await service.remember(user_id="agent:helper", content="The printer jams on A3.", memory_type="fact", source="user")
    await service.erase_user(user_id="zoe", confirm="zoe")
    assert await service.agents(owner_id="zoe") == []
    assert (await service.memories(user_id="agent:helper")).items == []


AGENT_RECALL = """query($u: String!, $q: String!, $a: String) {
  recall(userId: $u, query: $q, includeGroups: true, agentId: $a) { content space spaceKind }
}"""
FREEZE = "Deploys are frozen on Fridays after noon."


async def test_an_agent_member_reads_its_group_when_it_asks_and_gives_its_owner_nothing_more(
    service: MemoryService, callers: dict[str, GraphQLClient]
) -> None:
    alice, carol = callers["alice"], callers["carol"]
    await service.create_agent(agent_id="agent:deployer", owner_id="carol")  # carol is no member of the group
    await _as(alice, CREATE_GROUP, {"g": "group:ops"})
    await _as(alice, REMEMBER, {"u": "group:ops", "c": FREEZE})
    added = await _as(alice, ADD, {"g": "group:ops", "u": "agent:deployer"})
    assert added["data"]["addGroupMember"]["members"] == ["alice", "agent:deployer"]

    asked = await _as(carol, AGENT_RECALL, {"u": "carol", "q": "when are deploys frozen", "a": "agent:deployer"})
    assert {(h["content"], h["space"], h["spaceKind"]) for h in asked["data"]["recall"]} == {
        (FREEZE, "group:ops", "GROUP")
    }
    herself = await _as(carol, AGENT_RECALL, {"u": "carol", "q": "when are deploys frozen", "a": None})
    assert herself["data"]["recall"] == []  # the owner is no member
    assert _code(await _as(carol, RECALL, {"u": "group:ops", "q": "deploys"})) == "FORBIDDEN"
    assert _code(await _as(carol, REMEMBER, {"u": "group:ops", "c": "I am in ops now."})) == "FORBIDDEN"

    await _as(alice, REMOVE, {"g": "group:ops", "u": "agent:deployer"})
    after = await _as(carol, AGENT_RECALL, {"u": "carol", "q": "when are deploys frozen", "a": "agent:deployer"})
    assert after["data"]["recall"] == []
    assert _code(await _as(alice, ADD, {"g": "group:ops", "u": "agent:nobody"})) == "NOT_FOUND"
    assert _code(await _as(alice, ADD, {"g": "group:ops", "u": "group:ops"})) == "INVALID_INPUT"
    # erasing the owner erases the agent, and with it its memberships
    await _as(alice, ADD, {"g": "group:ops", "u": "agent:deployer"})
    await service.erase_user(user_id="carol", confirm="carol")
    assert (await service.group(group_id="group:ops")).members == ("alice",)
