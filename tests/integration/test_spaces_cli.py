"""``graphsvc groups create | add | remove | show | list`` and ``graphsvc agents create | list`` against the test
database: what they print, what they store (read back through the service), and the one line with a fix and
exit status 2 for a bad id; and what a key made for a group (``graphsvc keys create --user group:…``) can do."""

from __future__ import annotations

import asyncio

from click.testing import CliRunner

from graphsvc.cli import main
from graphsvc.config import Settings
from graphsvc.service import MemoryService
from tests.integration.auth_support import api_key_settings, client

REMEMBER = """mutation($u: String!, $c: String!) {
  remember(input: {userId: $u, content: $c, type: FACT, source: USER}) { content }
}"""
RECALL = """query($u: String!, $q: String!) { recall(userId: $u, query: $q) { content space spaceKind } }"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


async def arun(*args: str) -> tuple[int, str, str]:
    """:func:`run` from a test that reads the database through the service too (the CLI runs its own loop)."""
    return await asyncio.to_thread(run, *args)


async def test_groups_create_add_remove_show_list(service: MemoryService) -> None:
    code, out, err = await arun(
        "groups", "create", "group:team", "--name", "The team", "--member", "ana", "--member", "bob"
    )
    assert code == 0, err
    assert out == "group:team  The team  members: ana, bob\n"
    code, out, err = await arun("groups", "add", "group:team", "carol")
    assert code == 0, err
    assert out == "group:team  The team  members: ana, bob, carol\n"
    code, out, err = await arun("groups", "remove", "group:team", "bob")
    assert code == 0, err
    assert out == "group:team  The team  members: ana, carol\n"
    assert (await service.group(group_id="group:team")).members == ("ana", "carol")

    code, out, _ = await arun("groups", "show", "group:team")
    assert code == 0
    first, second = out.splitlines()
    assert first == "group:team  The team  members: ana, carol"
    assert second.startswith("  created ") and second.endswith(" by an admin")
    await arun("groups", "create", "group:ops")
    assert (await arun("groups", "add", "group:ops", "ana"))[0] == 0
    code, out, _ = await arun("groups", "list", "--user", "ana")
    assert code == 0 and sorted(out.splitlines()) == [
        "group:ops  ops  members: ana",
        "group:team  The team  members: ana, carol",
    ]
    code, out, err = await arun("groups", "list", "--user", "bob")
    assert code == 0 and out == "" and "bob is a member of no group" in err


def test_a_bad_group_id_or_member_is_one_line_with_its_fix(service: MemoryService) -> None:
    code, out, err = run("groups", "create", "team", "--member", "ana")
    assert code == 2 and out == ""
    assert err.strip() == (
        "error: groupId: must name a group, not a user -- fix: group ids start with 'group:', e.g. group:team"
    )
    assert "Traceback" not in err
    code, _, err = run("groups", "show", "group:team")
    assert code == 2 and "group 'group:team' not found" in err  # the bad create stored nothing
    run("groups", "create", "group:team", "--member", "ana")
    code, _, err = run("groups", "add", "group:team", "agent:booking")  # an agent may be a member, once registered
    assert code == 2 and "agent 'agent:booking' not found" in err
    code, _, err = run("groups", "add", "group:team", "group:other")
    assert code == 2 and "userId: must name a user" in err
    code, _, err = run("groups", "remove", "group:team", "bob")
    assert code == 2 and "member 'bob' not found" in err
    code, _, err = run("groups", "add", "group:nobody", "ana")
    assert code == 2 and "group 'group:nobody' not found" in err


async def test_agents_create_and_list(service: MemoryService) -> None:
    code, out, err = await arun("agents", "create", "agent:booking", "--owner", "ana", "--name", "Room booker")
    assert code == 0, err
    assert out.startswith("agent:booking  Room booker  owner: ana  created ")
    (agent,) = await service.agents(owner_id="ana")
    assert (agent.agent_id, agent.name, agent.owner_id) == ("agent:booking", "Room booker", "ana")
    code, out, _ = await arun("agents", "list", "--owner", "ana")
    assert code == 0 and [line.split("  created")[0] for line in out.splitlines()] == [
        "agent:booking  Room booker  owner: ana"
    ]
    code, out, err = await arun("agents", "list", "--owner", "bob")
    assert code == 0 and out == "" and "bob owns no agent" in err

    code, _, err = await arun("agents", "create", "agent:booking", "--owner", "bob")
    assert code == 2 and "registered to another owner" in err
    code, _, err = await arun("agents", "create", "booking", "--owner", "ana")
    assert code == 2 and "agent ids start with 'agent:'" in err
    code, _, err = await arun("agents", "create", "agent:helper")
    assert code == 2 and "--owner" in err  # click: a missing required option
    assert [a.agent_id for a in await service.agents(owner_id="ana")] == ["agent:booking"]


async def test_a_key_made_for_a_group_reaches_that_group_only_until_it_is_erased(
    service: MemoryService, settings: Settings
) -> None:
    assert (await arun("groups", "create", "group:team", "--member", "ana"))[0] == 0
    code, out, err = await arun("keys", "create", "--user", "group:team", "--name", "wiki sync")
    assert code == 0 and "for user group:team" in err
    key = out.strip()
    gql = client(service, api_key_settings(settings), key)
    try:
        written = await gql.execute(REMEMBER, {"u": "group:team", "c": "Deploys happen on Tuesdays."})
        assert written["data"]["remember"]["content"] == "Deploys happen on Tuesdays."
        read = await gql.execute(RECALL, {"u": "group:team", "q": "when do deploys happen"})
        assert [(h["content"], h["spaceKind"]) for h in read["data"]["recall"]] == [
            ("Deploys happen on Tuesdays.", "GROUP")
        ]
        other = await gql.execute(RECALL, {"u": "ana", "q": "deploys"})
        assert other["errors"][0]["extensions"]["code"] == "FORBIDDEN"
        assert (await arun("erase", "--user", "group:team", "--confirm", "group:team"))[0] == 0
        after = await gql.post(RECALL, {"u": "group:team", "q": "deploys"})
        assert after.status_code == 401 and "UNAUTHENTICATED" in after.text
    finally:
        await gql.aclose()
    assert (await service.groups(user_id="ana")) == []
