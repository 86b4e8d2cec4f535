"""Reading and checking the body of a ``POST /graphql`` or ``/mcp`` (after authentication), and the metrics
label of what it asks for.

- the body, at most ``max_body_bytes`` (``Content-Length`` first, then the bytes as they arrive);
- a JSON body must be valid UTF-8, nested at most ``max_json_depth`` deep (measured on the bytes, before
  anything is parsed), and a JSON object (a GraphQL request with a ``query`` string; a JSON-RPC message or
  batch on ``/mcp``);
- the label: the GraphQL operation's root field when the schema knows it, ``multiple`` for several known
  ones, ``other`` for anything else (so neither made-up names nor their combinations become metric series),
  the document parsed with at most ``MAX_TOKENS`` tokens; ``mcp:<tool>`` for an MCP tool call,
  ``mcp:<method>`` for a known method;
- the users and memory spaces it names (:attr:`Inspection.user_ids`), for the per-user rate limit without
  authentication and for deciding the group and agent spaces a caller may use: the ``userId``, ``groupId`` and
  ``agentId`` arguments of each root field of the operation, or those of an input object argument
  (``ingestMessages(input: {userId: ...})``), literal or variable; the ``user_id``, ``group_id`` and ``agent_id``
  arguments of an MCP tool call.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from graphql import DocumentNode, FieldNode, ObjectValueNode, OperationDefinitionNode, VariableNode, parse

from graphsvc.api.limits import argument_value, root_fields

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Scope = MutableMapping[str, Any]

_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
"""A JSON string, its escapes included (unrolled: linear, without backtracking per character)."""
_NESTING = np.zeros(256, dtype=np.int8)
_NESTING[[ord("["), ord("{")]] = 1
_NESTING[[ord("]"), ord("}")]] = -1
"""Each byte's change of nesting depth: +1 for ``[`` and ``{``, -1 for ``]`` and ``}``."""
RequestKind = Literal["recall", "write", "other"]
"""What a request asks for, as admission sizes it (:class:`graphsvc.api.admission.Admission`): a recall (GraphQL
``recall`` or ``memoryContext``, MCP ``recall`` or ``memory_context``), a write (a GraphQL mutation, a call of an
MCP tool that changes something), or anything else."""
RECALL_FIELDS = frozenset({"recall", "memoryContext", "mcp:recall", "mcp:memory_context"})
SPACE_ARGUMENTS = frozenset({"userId", "groupId", "agentId"})
"""The GraphQL arguments (and input fields) that name a memory space (:mod:`graphsvc.spaces`)."""
MCP_SPACE_ARGUMENTS = ("user_id", "group_id", "agent_id")
"""The MCP tool arguments that name a memory space."""

MCP_METHODS = frozenset(
    {
        "initialize",
        "notifications/initialized",
        "tools/list",
        "tools/call",
        "resources/list",
        "resources/read",
        "resources/templates/list",
        "prompts/list",
    }
)


async def read_body(scope: Scope, receive: Receive, limit: int) -> bytes | None:
    """The whole body, or None as soon as it is known to exceed ``limit`` bytes (b"" if the client left)."""
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            with contextlib.suppress(ValueError):
                if int(value) > limit:
                    return None
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b""
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def json_depth(body: bytes) -> int:
    """How deep arrays and objects nest in JSON text, counted on the bytes (strings skipped) without parsing;
    linear in the size, in C."""
    skeleton = np.frombuffer(_JSON_STRING.sub(b"", body), dtype=np.uint8)
    if skeleton.size == 0:
        return 0
    return max(0, int(np.cumsum(_NESTING[skeleton], dtype=np.int32).max()))


def content_type(scope: Scope) -> str:
    for name, value in scope.get("headers", []):
        if name == b"content-type":
            return str(value.decode("latin-1")).split(";")[0].strip().lower()
    return ""


def load_json(body: bytes, *, max_depth: int) -> tuple[str | None, Any]:
    """``(problem, payload)``: why the body is not acceptable JSON (None if it is), and the parsed value."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        return f"the request body is not valid UTF-8 (byte {exc.start})", None
    if (depth := json_depth(body)) > max_depth:
        return f"the request body nests {depth} levels deep, over the limit of {max_depth}", None
    try:
        return None, json.loads(text)
    except json.JSONDecodeError as exc:
        return f"the request body is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})", None
    except RecursionError:
        return f"the request body nests over the limit of {max_depth} levels", None


@dataclass(frozen=True)
class Inspection:
    """What the guard learns from a body before admission.

    Attributes:
        problem: why the body is malformed (answered HTTP 400), None when it is fine.
        label: the metrics label of what it asks for (``invalid`` when it is malformed).
        user_ids: the user, group and agent ids it names, stripped (empty when it names none, or is malformed).
        kind: what it asks for, as admission sizes it.
    """

    problem: str | None
    label: str
    user_ids: frozenset[str] = frozenset()
    kind: RequestKind = "other"


def inspect_graphql(
    scope: Scope, body: bytes, *, max_depth: int, known_fields: frozenset[str], max_tokens: int
) -> Inspection:
    """What a ``POST /graphql`` body is: malformed or not, its label and the users its operation names."""
    if content_type(scope) not in ("application/json", ""):
        return Inspection(None, "other")
    problem, payload = load_json(body, max_depth=max_depth)
    if problem is not None:
        return Inspection(problem, "invalid")
    if not isinstance(payload, dict):
        return Inspection(
            f"the request body must be a JSON object with a query, not {type(payload).__name__}", "invalid"
        )
    query = payload.get("query")
    if not isinstance(query, str):
        return Inspection("the request body needs a query string", "invalid")
    name = payload.get("operationName")
    document = _parse(query, max_tokens=max_tokens)
    if document is None:
        return Inspection(None, "invalid")
    variables = payload.get("variables")
    users = named_users(
        document, name if isinstance(name, str) else None, variables if isinstance(variables, dict) else {}
    )
    label = _label(document, name, known_fields=known_fields)
    kind: RequestKind = "recall" if label in RECALL_FIELDS else "other"
    if _operation(document, name) == "mutation":
        kind = "write"
    return Inspection(None, label, users, kind)


def inspect_mcp(
    scope: Scope,
    body: bytes,
    *,
    max_depth: int,
    tools: frozenset[str],
    read_only_tools: frozenset[str] = frozenset(),
) -> Inspection:
    """What a ``POST /mcp`` body is: JSON-RPC as a JSON object (or a list of them); the label is
    ``mcp:<tool>`` for a call of a known tool, ``mcp:<method>`` for a known method, else ``mcp:other``; the users
    are the ``user_id`` arguments of its tool calls. The kind of a call of a tool in ``tools`` but not in
    ``read_only_tools`` is ``write``."""
    problem, payload = load_json(body, max_depth=max_depth)
    if problem is not None:
        return Inspection(problem, "invalid")
    if not isinstance(payload, dict | list):
        return Inspection(f"the request body must be a JSON-RPC object, not {type(payload).__name__}", "invalid")
    messages = payload if isinstance(payload, list) else [payload]
    users = frozenset(space for message in messages for space in _tool_spaces(message))
    first = messages[0] if messages else None
    if not isinstance(first, dict):
        return Inspection(None, "mcp:other", users)
    method = first.get("method")
    if method == "tools/call":
        params = first.get("params")
        name = params.get("name") if isinstance(params, dict) else None
        label = f"mcp:{name}" if name in tools else "mcp:other"
        kind: RequestKind = "recall" if label in RECALL_FIELDS else "other"
        if name in tools and name not in read_only_tools:
            kind = "write"
        return Inspection(None, label, users, kind)
    return Inspection(None, f"mcp:{method}" if method in MCP_METHODS else "mcp:other", users)


def _tool_spaces(message: object) -> list[str]:
    """The ``user_id``, ``group_id`` and ``agent_id`` arguments of one JSON-RPC ``tools/call`` message, stripped
    (those given and not blank)."""
    if not isinstance(message, dict) or message.get("method") != "tools/call":
        return []
    params = message.get("params")
    arguments = params.get("arguments") if isinstance(params, dict) else None
    if not isinstance(arguments, dict):
        return []
    given = (arguments.get(name) for name in MCP_SPACE_ARGUMENTS)
    return [value.strip() for value in given if isinstance(value, str) and value.strip()]


def named_users(document: DocumentNode, operation_name: str | None, variables: dict[str, Any]) -> frozenset[str]:
    """The user and space ids the operation's root fields name (fragments expanded), stripped: each field's
    ``userId``, ``groupId`` and ``agentId`` arguments, and those of an input object argument, whether written in
    the query or passed as a variable. Empty when it names none (``viewer``, ``rules``, ``job(id:)`` without
    ``userId``)."""
    found: set[str] = set()
    for field in root_fields(document, operation_name):
        for argument in field.arguments or ():
            values: list[object] = []
            if argument.name.value in SPACE_ARGUMENTS:
                values = [argument_value(argument.value, variables)]
            elif isinstance(argument.value, ObjectValueNode | VariableNode):  # an input object
                given = argument_value(argument.value, variables)
                values = [given.get(name) for name in SPACE_ARGUMENTS] if isinstance(given, dict) else []
            found |= {value.strip() for value in values if isinstance(value, str) and value.strip()}
    return frozenset(found)


def _parse(query: str, *, max_tokens: int | None) -> DocumentNode | None:
    """The parsed document, or None when it does not parse within ``max_tokens`` tokens."""
    try:
        return parse(query, no_location=True, max_tokens=max_tokens)
    except Exception:  # graphql-core raises GraphQLSyntaxError; the API answers it
        return None


def operation_label(
    query: str,
    operation_name: object = None,
    *,
    known_fields: frozenset[str] | None = None,
    max_tokens: int | None = None,
) -> str:
    """The root field an operation selects (``recall``, ``ingestMessages``), ``multiple`` when it selects
    several; ``other`` when it selects a name outside ``known_fields`` (when given) or none; ``invalid`` when
    it does not parse within ``max_tokens`` tokens."""
    document = _parse(query, max_tokens=max_tokens)
    return "invalid" if document is None else _label(document, operation_name, known_fields=known_fields)


def _operation(document: DocumentNode, operation_name: object) -> str | None:
    """The type (``query``, ``mutation``, ``subscription``) of the operation that runs, None when none matches."""
    for definition in document.definitions:
        if isinstance(definition, OperationDefinitionNode) and (
            operation_name is None or (definition.name is not None and definition.name.value == operation_name)
        ):
            return definition.operation.value
    return None


def _label(document: DocumentNode, operation_name: object, *, known_fields: frozenset[str] | None) -> str:
    for definition in document.definitions:
        if isinstance(definition, OperationDefinitionNode) and (
            operation_name is None or (definition.name is not None and definition.name.value == operation_name)
        ):
            names = {s.name.value for s in definition.selection_set.selections if isinstance(s, FieldNode)}
            if not names or (known_fields is not None and not names <= known_fields):
                return "other"
            return names.pop() if len(names) == 1 else "multiple"
    return "other"
