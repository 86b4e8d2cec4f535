"""The GraphQL schema: every area's queries and mutations merged into one schema.

Each area keeps its operations in its own module (``memory_ops`` ...); add a new area's classes
to ``QUERIES`` / ``MUTATIONS``. ``schema.graphql`` at the repository root is generated from this
module (``graphsvc schema print``) and checked by a test.
"""

from __future__ import annotations

import strawberry
from strawberry.extensions import MaxAliasesLimiter, MaxTokensLimiter, QueryDepthLimiter
from strawberry.tools import merge_types

from graphsvc.api.dashboard_ops import DashboardQuery
from graphsvc.api.entity_ops import EntityMutation, EntityQuery
from graphsvc.api.errors import DomainErrors
from graphsvc.api.memory_ops import MemoryMutation, MemoryQuery
from graphsvc.api.trait_ops import TraitMutation, TraitQuery

MAX_DEPTH = 8
MAX_TOKENS = 2_000
MAX_ALIASES = 15

QUERIES: tuple[type, ...] = (MemoryQuery, TraitQuery, EntityQuery, DashboardQuery)
MUTATIONS: tuple[type, ...] = (MemoryMutation, TraitMutation, EntityMutation)

Query = merge_types("Query", QUERIES)
Mutation = merge_types("Mutation", MUTATIONS)

schema = strawberry.Schema(
    query=Query,
    mutation=Mutation,
    extensions=[
        lambda: QueryDepthLimiter(max_depth=MAX_DEPTH),
        lambda: MaxTokensLimiter(max_token_count=MAX_TOKENS),
        lambda: MaxAliasesLimiter(max_alias_count=MAX_ALIASES),
        DomainErrors,
    ],
)


def schema_sdl() -> str:
    """The schema in SDL, as written to ``schema.graphql``."""
    return schema.as_str() + "\n"
