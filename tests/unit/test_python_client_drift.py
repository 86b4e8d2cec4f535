"""The Python client (``clients/python``) cannot drift from ``schema.graphql``: every document it sends
validates, every model has exactly the fields its document selects (with the schema's nullability and list
shapes), its input model fits the input type, and the sync and async clients offer the same methods; and its
generated ``api`` (ariadne-codegen) has every query and mutation and every field of every type."""

from __future__ import annotations

import inspect
import keyword
import re
import types
import typing
from pathlib import Path
from typing import Any

from graphql import (
    FieldNode,
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    OperationDefinitionNode,
    build_schema,
    get_named_type,
    parse,
    validate,
)
from graphsvc_client import AsyncGraphsvc, Graphsvc
from graphsvc_client.generated.aio import AsyncGraphsvcApi, fragments
from graphsvc_client.generated.sync import GraphsvcApi
from graphsvc_client.models import RESULT_MODELS, JobStatus, MemoryType, Message, RememberSource, Turn
from graphsvc_client.operations import DOCUMENTS
from pydantic import BaseModel

from scripts.clients_operations import HEAVY, selectable

SCHEMA = build_schema((Path(__file__).resolve().parents[2] / "schema.graphql").read_text(encoding="utf-8"))


def shape(annotation: Any) -> tuple[bool, bool, Any]:
    """``(nullable, is_list, inner)`` of a model field annotation."""
    args = typing.get_args(annotation)
    nullable = typing.get_origin(annotation) in (typing.Union, types.UnionType) and type(None) in args
    if nullable:
        annotation = next(a for a in args if a is not type(None))
    if typing.get_origin(annotation) is list:
        return nullable, True, typing.get_args(annotation)[0]
    return nullable, False, annotation


def schema_shape(kind: GraphQLOutputType) -> tuple[bool, bool]:
    nullable = not isinstance(kind, GraphQLNonNull)
    inner = kind.of_type if isinstance(kind, GraphQLNonNull) else kind
    return nullable, isinstance(inner, GraphQLList)


def check_selection(model: type[BaseModel], parent: GraphQLObjectType, node: FieldNode, where: str) -> None:
    assert node.selection_set is not None, where
    selected = [s for s in node.selection_set.selections if isinstance(s, FieldNode)]
    by_alias = {f.alias or name: (name, f) for name, f in model.model_fields.items()}
    assert {s.name.value for s in selected} == set(by_alias), f"{where}: model {model.__name__} and selection differ"
    for sub in selected:
        schema_field = parent.fields[sub.name.value]
        _, model_field = by_alias[sub.name.value]
        nullable, is_list, inner = shape(model_field.annotation)
        assert (nullable, is_list) == schema_shape(schema_field.type), f"{where}.{sub.name.value}: nullability/list"
        named = get_named_type(schema_field.type)
        if isinstance(named, GraphQLEnumType):
            assert set(typing.get_args(inner)) == set(named.values), f"{where}.{sub.name.value}: enum values"
        if isinstance(named, GraphQLObjectType):
            check_selection(inner, named, sub, f"{where}.{sub.name.value}")


def test_every_document_validates_against_schema_graphql() -> None:
    assert set(DOCUMENTS) == set(RESULT_MODELS)
    for method, document in DOCUMENTS.items():
        assert validate(SCHEMA, parse(document)) == [], method


def test_models_select_exactly_their_fields_with_the_schemas_shapes() -> None:
    for method, document in DOCUMENTS.items():
        operation = parse(document).definitions[0]
        assert isinstance(operation, OperationDefinitionNode)
        root = SCHEMA.query_type if operation.operation.value == "query" else SCHEMA.mutation_type
        assert root is not None
        (field,) = [s for s in operation.selection_set.selections if isinstance(s, FieldNode)]
        parent = get_named_type(root.fields[field.name.value].type)
        assert isinstance(parent, GraphQLObjectType)
        check_selection(RESULT_MODELS[method], parent, field, method)


def test_message_model_fits_the_message_input() -> None:
    message_input = SCHEMA.type_map["MessageInput"]
    assert isinstance(message_input, GraphQLInputObjectType)
    aliases = {f.alias or n for n, f in Message.model_fields.items()}
    assert aliases == set(message_input.fields)
    required = {n for n, f in message_input.fields.items() if isinstance(f.type, GraphQLNonNull)}
    assert required <= aliases
    status = SCHEMA.type_map["JobStatus"]
    assert isinstance(status, GraphQLEnumType) and set(typing.get_args(JobStatus)) == set(status.values)


def test_remember_variables_fit_the_remember_input() -> None:
    remember_input = SCHEMA.type_map["RememberInput"]
    assert isinstance(remember_input, GraphQLInputObjectType)
    sent = Graphsvc("http://127.0.0.1:1", user_id="ana")._remember("I live in Porto.", None, "FACT", "USER", None, 0.5)
    keys = set(sent.variables["input"])
    assert keys <= set(remember_input.fields)
    assert {n for n, f in remember_input.fields.items() if isinstance(f.type, GraphQLNonNull)} <= keys
    for literal, enum in ((MemoryType, "MemoryType"), (RememberSource, "RememberSource")):
        named = SCHEMA.type_map[enum]
        assert isinstance(named, GraphQLEnumType) and set(typing.get_args(literal)) == set(named.values), enum


def test_turn_model_fits_the_turn_input() -> None:
    turn_input = SCHEMA.type_map["TurnInput"]
    assert isinstance(turn_input, GraphQLInputObjectType)
    aliases = {f.alias or n for n, f in Turn.model_fields.items()}
    assert aliases == set(turn_input.fields)
    required = {n for n, f in turn_input.fields.items() if isinstance(f.type, GraphQLNonNull)}
    assert required <= {n for n, f in Turn.model_fields.items() if f.is_required()}


def test_sync_and_async_clients_offer_the_same_methods() -> None:
    def public(cls: type) -> dict[str, inspect.Signature]:
        return {n: inspect.signature(f) for n, f in vars(cls).items() if not n.startswith("_") and callable(f)}

    sync, asynchronous = public(Graphsvc), public(AsyncGraphsvc)
    assert set(DOCUMENTS) <= set(sync)
    for name in DOCUMENTS:
        assert inspect.iscoroutinefunction(getattr(AsyncGraphsvc, name)), name
        assert sync[name].parameters == asynchronous[name].parameters, name


def test_the_drift_check_catches_a_missing_field() -> None:
    """The check itself can fail: a model without a selected field is reported."""

    class Short(BaseModel):
        stored: int

    operation = parse(DOCUMENTS["add_messages"]).definitions[0]
    assert isinstance(operation, OperationDefinitionNode) and SCHEMA.mutation_type is not None
    field = operation.selection_set.selections[0]
    assert isinstance(field, FieldNode)
    parent = get_named_type(SCHEMA.mutation_type.fields["ingestMessages"].type)
    assert isinstance(parent, GraphQLObjectType)
    try:
        check_selection(Short, parent, field, "add_messages")
    except AssertionError as exc:
        assert "differ" in str(exc)
    else:
        raise AssertionError("a model missing fields passed the drift check")


def snake(name: str) -> str:
    """A GraphQL name as ariadne-codegen spells it in Python (``memoryHistory`` → ``memory_history``; ``from``,
    a keyword, and ``type``, a builtin, get a trailing underscore)."""
    spelled = re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
    return spelled + "_" if keyword.iskeyword(spelled) or spelled == "type" else spelled


def test_the_generated_api_has_every_query_and_mutation_sync_and_async() -> None:
    """``client.api``: one method per root field, with its arguments, in both clients."""
    fix = "clients/python/graphsvc_client/generated is stale: run scripts/codegen"
    for root in (SCHEMA.query_type, SCHEMA.mutation_type):
        assert root is not None
        for name, field in root.fields.items():
            method = snake(name)
            assert hasattr(GraphsvcApi, method) and hasattr(AsyncGraphsvcApi, method), f"{name}: {fix}"
            assert inspect.iscoroutinefunction(getattr(AsyncGraphsvcApi, method)), name
            wanted = {snake(a) for a in field.args}
            for api in (GraphsvcApi, AsyncGraphsvcApi):
                assert wanted <= set(inspect.signature(getattr(api, method)).parameters), f"{name}: {fix}"


def test_the_generated_models_expose_every_field_of_every_type() -> None:
    """Each ``<Type>Fields`` model answers every field of its type that takes no required argument (the
    document text and chunks of ``Document`` come with ``document(id)`` only)."""
    fix = "clients/python/graphsvc_client/generated is stale: run scripts/codegen"
    models = {n[: -len("Fields")]: m for n, m in vars(fragments).items() if n.endswith("Fields")}
    assert models, "no fragment models"
    for type_name, model in models.items():
        kind = SCHEMA.type_map.get(type_name)
        assert isinstance(kind, GraphQLObjectType), f"{type_name}: {fix}"
        heavy = HEAVY.get(type_name, (frozenset(), frozenset()))[0]
        fields = {n for n, f in kind.fields.items() if n not in heavy and selectable(f)}
        assert {f.alias or n for n, f in model.model_fields.items()} == fields, f"{type_name}: {fix}"
    reachable = {n for n, t in SCHEMA.type_map.items() if isinstance(t, GraphQLObjectType) and not n.startswith("__")}
    reachable -= {"Query", "Mutation"}
    assert reachable <= set(models), f"types without a model: {sorted(reachable - set(models))}: {fix}"
