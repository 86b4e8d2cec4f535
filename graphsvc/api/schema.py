"""The GraphQL schema: every area's queries and mutations merged into one schema.

Each area keeps its operations in its own module (``memory_ops`` ...); add a new area's classes
to ``QUERIES`` / ``MUTATIONS``. ``schema.graphql`` at the repository root is generated from this
module (``graphsvc schema print``) and checked by a test.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import strawberry
from graphql import GraphQLError
from graphql.validation import NoSchemaIntrospectionCustomRule
from strawberry.extensions import (
    AddValidationRules,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    QueryDepthLimiter,
    ValidationCache,
)
from strawberry.schema.config import StrawberryConfig
from strawberry.tools import merge_types
from strawberry.types import ExecutionContext

from graphsvc.api.dashboard_ops import DashboardQuery
from graphsvc.api.document_ops import DocumentMutation, DocumentQuery
from graphsvc.api.entity_ops import EntityMutation, EntityQuery
from graphsvc.api.entity_provenance_ops import EntityProvenanceQuery
from graphsvc.api.errors import DomainErrors
from graphsvc.api.learning_ops import LearningMutation, LearningQuery
from graphsvc.api.lifecycle_ops import LifecycleMutation, LifecycleQuery
from graphsvc.api.limits import RequestLimits
from graphsvc.api.memory_ops import MemoryMutation, MemoryQuery
from graphsvc.api.rule_ops import RuleQuery
from graphsvc.api.source_ops import SourceMutation, SourceQuery
from graphsvc.api.space_ops import SpaceMutation, SpaceQuery
from graphsvc.api.timeline_ops import TimelineQuery
from graphsvc.api.trace_ops import TraceQuery
from graphsvc.api.trait_ops import TraitMutation, TraitQuery

MAX_DEPTH = 8
MAX_TOKENS = 2_000
MAX_ALIASES = 15
DOCUMENT_CACHE_SIZE = 256
"""Distinct query texts whose parsed and validated documents are kept (LRU): parsing and validating a recall's
text cost about 7 ms of CPU per request, repeated for the same few texts every client sends. Bounded, and only
authenticated requests reach the parser."""

QUERIES: tuple[type, ...] = (
    MemoryQuery,
    LifecycleQuery,
    SourceQuery,
    DocumentQuery,
    TraitQuery,
    EntityQuery,
    EntityProvenanceQuery,
    DashboardQuery,
    LearningQuery,
    TimelineQuery,
    TraceQuery,
    RuleQuery,
    SpaceQuery,
)
MUTATIONS: tuple[type, ...] = (
    MemoryMutation,
    LifecycleMutation,
    SourceMutation,
    DocumentMutation,
    TraitMutation,
    EntityMutation,
    LearningMutation,
    SpaceMutation,
)

Query = merge_types("Query", QUERIES)
Mutation = merge_types("Mutation", MUTATIONS)


class GraphsvcSchema(strawberry.Schema):
    """The schema; errors are logged once, by :mod:`graphsvc.api.errors` (client errors without a trace)."""

    def process_errors(self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None) -> None:
        return None


@cache
def build_schema(*, introspection: bool = True, suggestions: bool = True) -> strawberry.Schema:
    """The schema with its limits; ``introspection=False`` refuses ``__schema``/``__type`` queries and
    ``suggestions=False`` drops "Did you mean ...?" from errors on unknown fields (both off in production, so
    the schema cannot be read through either).

    One schema per pair of flags, built once.
    """
    # The limiters' rule classes are made once: a rule class made per request would make every request's rule
    # tuple new, and the validation cache (keyed by it) would never hit.
    rules = [
        *QueryDepthLimiter(max_depth=MAX_DEPTH).validation_rules,
        *MaxAliasesLimiter(max_alias_count=MAX_ALIASES).validation_rules,
    ]
    extensions: list[Any] = [
        lambda: AddValidationRules(rules),
        lambda: MaxTokensLimiter(max_token_count=MAX_TOKENS),
        RequestLimits,
        DomainErrors,
        lambda: ParserCache(maxsize=DOCUMENT_CACHE_SIZE),
        lambda: ValidationCache(maxsize=DOCUMENT_CACHE_SIZE),
    ]
    if not introspection:
        extensions.insert(0, lambda: AddValidationRules([NoSchemaIntrospectionCustomRule]))
    return GraphsvcSchema(
        query=Query,
        mutation=Mutation,
        extensions=extensions,
        config=StrawberryConfig(disable_field_suggestions=not suggestions),
    )


schema = build_schema()


def root_field_names() -> frozenset[str]:
    """Every root field of the schema (queries and mutations), as GraphQL names them."""
    graphql_schema = schema._schema
    roots = (graphql_schema.query_type, graphql_schema.mutation_type)
    return frozenset(name for root in roots if root is not None for name in root.fields)


def schema_sdl() -> str:
    """The schema in SDL, as written to ``schema.graphql``."""
    return schema.as_str() + "\n"
