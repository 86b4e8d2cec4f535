"""Bounded work per GraphQL request (issue 11), checked before any resolver runs.

- at most ``max_root_fields`` root fields per operation, aliases included (15 aliased ``ingestMessages``
  no longer multiply the 500-message cap);
- ``max_messages_per_request`` messages summed over every ``ingestMessages`` field of the request;
- every string argument (variables included) at most ``max_message_chars`` characters and storable (no
  lone surrogates); every list argument at most ``max_list_items`` items (``messages`` at most
  ``max_messages_per_request``, ``events`` of ``ingestEvents`` at most ``max_events_per_request``);
  ``ingestDocument``'s ``contentBase64`` and ``text`` are bounded by ``document_max_bytes`` instead.
  Field-specific limits (ids, speaker, query, names) are checked by the service on top of these.

A request over a limit fails whole, with INVALID_INPUT, and nothing runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from graphql import (
    ExecutionResult,
    FieldNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    ListValueNode,
    ObjectValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    StringValueNode,
    ValueNode,
    VariableNode,
)
from graphql.language import DocumentNode, FragmentDefinitionNode
from strawberry.extensions import SchemaExtension

from graphsvc.config import Settings
from graphsvc.errors import GraphsvcError, InvalidInputError
from graphsvc.validation import require_encodable

MESSAGE_FIELD = "ingestMessages"


def root_fields(document: DocumentNode, operation_name: str | None) -> list[FieldNode]:
    """The root fields the operation selects (fragments and inline fragments expanded), in order."""
    fragments = {d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)}
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    chosen = [o for o in operations if operation_name is None or (o.name and o.name.value == operation_name)]
    if not chosen:
        return []
    return list(_fields(chosen[0].selection_set, fragments, seen=set()))


def _fields(
    selection_set: SelectionSetNode, fragments: dict[str, FragmentDefinitionNode], *, seen: set[str]
) -> Iterator[FieldNode]:
    for selection in selection_set.selections:
        if isinstance(selection, FieldNode):
            yield selection
        elif isinstance(selection, InlineFragmentNode):
            yield from _fields(selection.selection_set, fragments, seen=seen)
        elif isinstance(selection, FragmentSpreadNode) and selection.name.value not in seen:
            fragment = fragments.get(selection.name.value)
            if fragment is not None:
                seen.add(selection.name.value)
                yield from _fields(fragment.selection_set, fragments, seen=seen)


def argument_value(node: ValueNode, variables: dict[str, Any]) -> Any:
    """A literal or variable argument as plain Python (strings, lists, dicts; other scalars as they are)."""
    if isinstance(node, VariableNode):
        return variables.get(node.name.value)
    if isinstance(node, ListValueNode):
        return [argument_value(v, variables) for v in node.values]
    if isinstance(node, ObjectValueNode):
        return {f.name.value: argument_value(f.value, variables) for f in node.fields}
    if isinstance(node, StringValueNode):
        return node.value
    return getattr(node, "value", None)


DOCUMENT_FIELDS = (".input.contentBase64", ".input.text")
"""ingestDocument's content arguments: bounded by the document limit, not by ``max_message_chars``."""


def check_value(path: str, value: Any, settings: Settings) -> int:
    """Check one argument value recursively; returns how many ``messages`` items it holds.

    Raises:
        InvalidInputError: a string too long or not storable, a list too long.
    """
    if isinstance(value, str):
        # A document's content is bounded by DOCUMENT_MAX_BYTES (base64 takes 4 characters per 3 bytes).
        document = path.endswith(DOCUMENT_FIELDS)
        limit = settings.documents.max_bytes * 4 // 3 + 4 if document else settings.limits.max_message_chars
        if len(value) > limit:
            raise InvalidInputError(field=path, problem=f"is {len(value)} characters, over the limit of {limit}")
        require_encodable(path, value)
        return 0
    if isinstance(value, list):
        is_messages = path.endswith(".messages") or path == "messages"
        limit = settings.limits.max_messages_per_request if is_messages else settings.limits.max_list_items
        if path.endswith(".input.events"):
            limit = settings.limits.max_events_per_request
        if len(value) > limit:
            raise InvalidInputError(
                field=path, problem=f"has {len(value)} items, over the limit of {limit}", fix="send several requests"
            )
        inner = sum(check_value(f"{path}[{i}]", v, settings) for i, v in enumerate(value))
        return inner + (len(value) if is_messages else 0)
    if isinstance(value, dict):
        return sum(check_value(f"{path}.{k}", v, settings) for k, v in value.items())
    return 0


def check_request(
    document: DocumentNode, operation_name: str | None, variables: dict[str, Any] | None, settings: Settings
) -> None:
    """Every limit of the module docstring, for one request.

    Raises:
        InvalidInputError: the first limit broken.
    """
    fields = root_fields(document, operation_name)
    if len(fields) > settings.limits.max_root_fields:
        raise InvalidInputError(
            field="operation",
            problem=f"selects {len(fields)} root fields, over the limit of {settings.limits.max_root_fields}",
            fix="split the work over several requests",
        )
    variables = variables or {}
    messages = 0
    for field in fields:
        name = field.alias.value if field.alias else field.name.value
        for argument in field.arguments or ():
            messages += check_value(
                f"{name}.{argument.name.value}", argument_value(argument.value, variables), settings
            )
    if messages > settings.limits.max_messages_per_request:
        raise InvalidInputError(
            field=MESSAGE_FIELD,
            problem=f"{messages} messages in one request, over the limit of {settings.limits.max_messages_per_request}",
            fix="send the conversation in several requests",
        )


class RequestLimits(SchemaExtension):
    """Runs :func:`check_request` after parsing, before execution; the settings come from the context's service."""

    def on_execute(self) -> Iterator[None]:
        ctx = self.execution_context
        settings: Settings | None = getattr(getattr(ctx.context, "service", None), "settings", None)
        if settings is not None and ctx.graphql_document is not None:
            try:
                check_request(ctx.graphql_document, ctx.operation_name, ctx.variables, settings)
            except GraphsvcError as exc:  # a result set here means nothing executes
                ctx.result = ExecutionResult(data=None, errors=[GraphQLError(exc.message, original_error=exc)])
        yield
