"""Every query and mutation of the schema, found by introspection (a new field is covered without editing this
test), called with bob's user key against alice's data, and against a group's data (a group alice is a member of
and bob is not):

- naming alice or the group (``userId: "alice"``, ``groupId``, also inside input objects): FORBIDDEN, every time;
- naming no user or bob, with the ids of alice's objects (jobs, entities, pending observations, memories):
  an error or an empty answer, never a byte of alice's data;
- afterwards alice's part of the graph is exactly as it was (nothing written, moved or deleted).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from graphql import (
    GraphQLArgument,
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLSchema,
    Undefined,
    build_client_schema,
    get_introspection_query,
    get_named_type,
    is_leaf_type,
)

from graphsvc.conversation import MessageIn
from graphsvc.service import MemoryService
from tests.integration.auth_support import api_key_settings, client
from tests.integration.conftest import at
from tests.integration.graphql_client import GraphQLClient
from tests.integration.impressions_support import Turn, observe, store

VICTIM, ATTACKER = "alice", "bob"
GROUP = "group:circle"
"""A group alice is a member of and bob is not: its space is walked as alice's is."""


def space_arguments(user: str | None) -> tuple[str, ...]:
    """The arguments that name whose memory an operation uses, when the walk names ``user``: ``userId``, and
    ``groupId`` too when it is a group."""
    return ("userId", "groupId") if user and user.startswith("group:") else ("userId",)


SECRET = "Quetzalcoatl"
"""A word only alice's data holds: it must never appear in an answer to bob."""
LIFECYCLE = {
    "remember",
    "correctMemory",
    "forgetMemory",
    "forgetMessages",
    "forgetSession",
    "forgetEvents",
    "forgetDocument",
    "eraseUser",
    "archiveMemory",
    "restoreMemory",
    "memory",
    "memoryHistory",
}
"""The lifecycle operations (issues 12 and 21): each must be walked and FORBIDDEN when naming alice (eraseUser
above all)."""
REFUSALS = {"FORBIDDEN", "NOT_FOUND", "INVALID_INPUT", "CONFLICT", "PLAN_REJECTED", "CROSS_USER", "AMBIGUOUS_ENTITY"}


@dataclass
class VictimIds:
    jobs: list[str]
    entities: list[str]
    pending: list[str]
    memories: list[str]

    def all(self) -> list[str]:
        return [*self.jobs, *self.entities, *self.pending, *self.memories]

    def for_argument(self, field: str, argument: str) -> list[str]:
        """The ids of alice's objects an ID argument may name (all kinds when the name does not tell)."""
        name = f"{field}.{argument}".lower()
        for needle, ids in (("job", self.jobs), ("pending", self.pending), ("memory", self.memories)):
            if needle in name:
                return ids[:1]
        if any(word in argument.lower() for word in ("entity", "keep", "drop")):
            return self.entities[:2]
        return [ids[0] for ids in (self.jobs, self.entities, self.pending, self.memories) if ids]


async def build_victim(service: MemoryService, victim: str = VICTIM) -> VictimIds:
    """The victim's graph (alice's, or a group's): messages, an ended conversation (memories, entities), a curated
    entity, a pending one. The job worker is stopped afterwards, so nothing changes it but the walk."""
    lines = [
        f"I live in Lisbon and my secret project is called {SECRET}.",
        f"My cat Miso sleeps on the {SECRET} blueprints every night.",
        "I love hiking in the mountains with my sister Clara.",
    ]
    await service.ingest_messages(
        user_id=victim,
        session_id="s1",
        messages=[
            MessageIn(role="user", content=text, occurred_at=at(1, 9, i), message_id=f"m{i}", speaker="Alice")
            for i, text in enumerate(lines)
        ],
    )
    job = await service.end_conversation(user_id=victim, session_id="s1")
    await service.wait_for_jobs()
    await service.worker.stop()
    miso = await service.upsert_entity(
        user_id=victim, subject="Miso", kind="thing", aliases=["the cat"], impressions=[f"Guards {SECRET}"]
    )
    clara = await service.upsert_entity(
        user_id=victim, subject="Clara", kind="person", aliases=[], impressions=[f"Knows about {SECRET}"]
    )
    turns = [Turn("Alice", f"We read Becoming Nicole together, {SECRET} was in it.")]
    await observe(service, victim, await store(service, victim, "s2", turns))
    pending = await service.pending_observations(user_id=victim, status="open")
    memories = await service.memories(user_id=victim)
    ids = VictimIds(
        jobs=[job.uid],
        entities=[miso.uid, clara.uid],
        pending=[p.uid for p in pending],
        memories=[m.uid for m in memories.items],
    )
    assert ids.pending and ids.memories, ids
    return ids


async def fingerprint(service: MemoryService, user_id: str) -> list[Any]:
    """Every node of the user (labels and properties, vectors left out) with its relationships, sorted."""
    async with service.db.driver.session(database=service.db.database) as session:
        result = await session.run(
            "MATCH (n) WHERE n.user_id = $u OPTIONAL MATCH (n)-[r]-(m) "
            "WITH n, collect([type(r), m.uid, properties(r)]) AS rels "
            "RETURN labels(n) AS labels, [k IN keys(n) WHERE NOT k ENDS WITH 'embedding' | [k, n[k]]] AS props, "
            "rels",
            u=user_id,
        )
        rows = [json.dumps(record.data(), sort_keys=True, default=str) async for record in result]
    return sorted(rows)


# --- building operations from the introspected schema ------------------------------------------------


def required(kind: GraphQLInputType, default: Any) -> bool:
    """A non-null argument or input field without a default must be given."""
    return isinstance(kind, GraphQLNonNull) and default is Undefined


def literal(kind: GraphQLInputType, *, field: str, argument: str, user: str, ids: VictimIds) -> Iterator[str]:
    """GraphQL literals for one argument: one per id it may name, else one."""
    nullable = kind.of_type if isinstance(kind, GraphQLNonNull) else kind
    if isinstance(nullable, GraphQLList):
        for inner in literal(nullable.of_type, field=field, argument=argument, user=user, ids=ids):
            yield f"[{inner}]"
        return
    if isinstance(nullable, GraphQLInputObjectType):
        parts = []
        for name, sub in nullable.fields.items():
            if required(sub.type, sub.default_value) or name in space_arguments(user):
                parts.append(f"{name}: {next(literal(sub.type, field=field, argument=name, user=user, ids=ids))}")
        yield "{" + ", ".join(parts) + "}"
        return
    if isinstance(nullable, GraphQLEnumType):
        yield next(iter(nullable.values))
        return
    yield from scalar_literals(getattr(nullable, "name", ""), field=field, argument=argument, user=user, ids=ids)


def scalar_literals(name: str, *, field: str, argument: str, user: str, ids: VictimIds) -> Iterator[str]:
    if argument in space_arguments(user):
        yield json.dumps(user)
    elif name == "ID":
        yield from (json.dumps(i) for i in ids.for_argument(field, argument))
    elif name == "String":  # searches ask for alice's secret; texts to store are bob's own
        searching = argument in ("query", "search", "subjectOrAlias")
        yield json.dumps(SECRET if searching else {"sessionId": "s1", "confirm": user}.get(argument, "probe"))
    elif name in ("Int", "Float"):
        yield "5"
    elif name == "Boolean":
        yield "false"
    elif name == "DateTime":
        yield json.dumps(at(2).isoformat())
    else:
        raise AssertionError(f"no test value for scalar {name} ({field}.{argument}): teach the walk")


def selection(kind: GraphQLOutputType, depth: int = 0) -> str:
    """Every field without required arguments, nested up to 3 levels ("" for a leaf)."""
    named = get_named_type(kind)
    if is_leaf_type(named) or depth > 3:
        return ""
    assert isinstance(named, GraphQLObjectType)
    parts = []
    for name, field in named.fields.items():
        if any(required(a.type, a.default_value) for a in field.args.values()):
            continue
        inner = selection(field.type, depth + 1)
        if is_leaf_type(get_named_type(field.type)):
            parts.append(name)
        elif inner:
            parts.append(f"{name} {{ {inner} }}")
    return " ".join(parts) or "__typename"


def operations(schema: GraphQLSchema, user: str | None, ids: VictimIds) -> Iterator[tuple[str, str, bool]]:
    """``(field, operation text, names a user)`` for every root field: required arguments filled, ``userId``
    set to ``user`` (left out where optional when ``user`` is None), one operation per id combination."""
    for keyword, root in (("query", schema.query_type), ("mutation", schema.mutation_type)):
        assert root is not None
        for name, field in root.fields.items():
            user_arg = field.args.get("userId")
            if user is None and (user_arg is None or isinstance(user_arg.type, GraphQLNonNull)):
                continue  # without a user only where userId may be left out (the rest: see user=bob)
            yield from _field_operations(keyword, name, field, user, ids)


def _field_operations(
    keyword: str, name: str, field: GraphQLField, user: str | None, ids: VictimIds
) -> Iterator[tuple[str, str, bool]]:
    chosen: list[tuple[str, GraphQLArgument]] = [
        (arg_name, arg)
        for arg_name, arg in field.args.items()
        if required(arg.type, arg.default_value) or (arg_name in space_arguments(user) and user is not None)
    ]
    names_user = (
        any(arg_name in space_arguments(user) or _has_user(arg.type, user) for arg_name, arg in chosen)
        and user is not None
    )
    choices = [
        [(arg_name, value) for value in literal(arg.type, field=name, argument=arg_name, user=user or "", ids=ids)]
        for arg_name, arg in chosen
    ]
    body = selection(field.type)
    for combination in itertools.product(*choices):
        args = ", ".join(f"{arg_name}: {value}" for arg_name, value in combination)
        call = f"{name}({args})" if args else name
        yield name, f"{keyword} {{ {call}{' { ' + body + ' }' if body else ''} }}", names_user


def _has_user(kind: GraphQLInputType, user: str | None) -> bool:
    named = get_named_type(kind)
    return isinstance(named, GraphQLInputObjectType) and any(name in named.fields for name in space_arguments(user))


# --- the walk ------------------------------------------------------------------------------------------


async def introspect(gql: GraphQLClient) -> GraphQLSchema:
    body = await gql.execute(get_introspection_query())
    assert "errors" not in body, body
    return build_client_schema(body["data"])


def assert_no_victim_data(text: str, data: Any, ids: VictimIds) -> None:
    rendered = json.dumps(data)
    assert SECRET not in rendered, text
    for ident in ids.all():
        assert ident not in rendered, (text, ident)


@pytest.mark.parametrize("victim", [VICTIM, GROUP])
async def test_every_operation_with_another_users_key_is_forbidden_or_empty(
    service: MemoryService, settings: Any, victim: str
) -> None:
    if victim == GROUP:
        await service.create_group(group_id=GROUP, created_by=VICTIM)
    ids = await build_victim(service, victim)
    before = await fingerprint(service, victim)
    _, bob_key = await service.create_api_key(user_id=ATTACKER)
    gql = client(service, api_key_settings(settings, rate_limit=""), bob_key)
    schema = await introspect(gql)
    fields_seen: set[str] = set()
    forbidden: set[str] = set()
    calls = 0
    for user in (victim, None, ATTACKER):  # naming the victim; naming no one; naming bob with the victim's ids
        # eraseUser naming bob deletes bob's own key with the rest of bob's data: it comes last
        walk = sorted(operations(schema, user, ids), key=lambda op: op[0] == "eraseUser")
        for field, text, names_user in walk:
            body = await gql.execute(text)
            calls += 1
            fields_seen.add(field)
            errors = body.get("errors") or []
            codes = {e.get("extensions", {}).get("code") for e in errors}
            assert codes <= REFUSALS, (text, errors)  # no validation error: the walk itself is sound
            if names_user and user == victim:
                assert codes == {"FORBIDDEN"}, (text, body)
                forbidden.add(field)
            assert_no_victim_data(text, body.get("data"), ids)
    await gql.aclose()
    root_fields = {*schema.query_type.fields, *(schema.mutation_type.fields if schema.mutation_type else {})}  # type: ignore[union-attr]
    assert fields_seen == root_fields and len(root_fields) >= 18
    assert LIFECYCLE <= forbidden, LIFECYCLE - forbidden
    assert calls > len(root_fields) * 2
    assert await fingerprint(service, victim) == before
