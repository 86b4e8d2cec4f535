"""The one place where exceptions become GraphQL errors.

A :class:`~graphsvc.errors.GraphsvcError` keeps its message and gains
``extensions: {code, suggestion}`` (and ``retryAfter`` seconds for OVERLOADED); anything else is logged
with its stack trace and reaches the client only as "Internal error" (code INTERNAL), never as a trace.
Client errors (bad input, not found, conflicts...) are logged at INFO in one line, server-side conditions
(database unavailable, overload, deadlines) at WARNING in one line; only internal errors carry a trace.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

from graphql import GraphQLError
from strawberry.extensions import SchemaExtension

from graphsvc.errors import GraphsvcError, OverloadedError

log = logging.getLogger(__name__)

SERVER_SIDE_CODES = frozenset({"DATABASE_UNAVAILABLE", "OVERLOADED", "DEADLINE_EXCEEDED", "LLM_ERROR"})


def to_graphql_error(error: GraphQLError) -> GraphQLError:
    """Map one execution error to what the client sees."""
    original = error.original_error
    if isinstance(original, GraphsvcError):
        extensions: dict[str, object] = {"code": original.code}
        if original.suggestion:
            extensions["suggestion"] = original.suggestion
        if isinstance(original, OverloadedError):
            extensions["retryAfter"] = original.retry_after_s
        level = logging.WARNING if original.code in SERVER_SIDE_CODES else logging.INFO
        log.log(level, "%s at %s: %s", original.code, _path(error), original.message)
        return GraphQLError(original.message, nodes=error.nodes, path=error.path, extensions=extensions)
    if original is None or isinstance(original, GraphQLError):
        log.info("INVALID_QUERY: %s", error.message)
        return error  # parse, validation and coercion errors are already client-facing
    log.error("internal error in %s", error.path, exc_info=original)
    return GraphQLError("Internal error", nodes=error.nodes, path=error.path, extensions={"code": "INTERNAL"})


class DomainErrors(SchemaExtension):
    """Applies :func:`to_graphql_error` to every error of an operation."""

    def on_operation(self) -> Iterator[None]:
        yield
        result = self.execution_context.result
        if result is not None and result.errors:
            result.errors = [to_graphql_error(e) for e in result.errors]


def _path(error: GraphQLError) -> str:
    return ".".join(str(p) for p in error.path) if error.path else "request"
