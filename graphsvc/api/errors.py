"""The one place where exceptions become GraphQL errors.

A :class:`~graphsvc.errors.GraphsvcError` keeps its message and gains
``extensions: {code, suggestion}``; anything else is logged with its stack trace and
reaches the client only as "Internal error" (code INTERNAL), never as a trace.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

from graphql import GraphQLError
from strawberry.extensions import SchemaExtension

from graphsvc.errors import GraphsvcError

log = logging.getLogger(__name__)


def to_graphql_error(error: GraphQLError) -> GraphQLError:
    """Map one execution error to what the client sees."""
    original = error.original_error
    if isinstance(original, GraphsvcError):
        extensions = {"code": original.code}
        if original.suggestion:
            extensions["suggestion"] = original.suggestion
        return GraphQLError(original.message, nodes=error.nodes, path=error.path, extensions=extensions)
    if original is None or isinstance(original, GraphQLError):
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
