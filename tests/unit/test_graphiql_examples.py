"""GraphiQL's saved tabs (``static/graphiql/examples.graphql``) are valid operations and cover the manual's."""

from __future__ import annotations

import json
import re

from graphql import OperationDefinitionNode, parse, validate

from graphsvc.api.schema import schema
from graphsvc.api.ui import GRAPHIQL_DIR
from tests.docs_samples import graphql_operations, samples


def tabs() -> list[tuple[str, str, dict[str, object]]]:
    """(title, query, variables) per tab, split the way ``static/graphiql/init.js`` splits them."""
    text = (GRAPHIQL_DIR / "examples.graphql").read_text(encoding="utf-8")
    titles = re.findall(r"^# tab: (.*)$", text, re.M)
    out = []
    for title, block in zip(titles, re.split(r"^# tab: .*$", text, flags=re.M)[1:], strict=True):
        found = re.search(r"^\s*# variables: (.*)$", block, re.M)
        variables = json.loads(found.group(1)) if found else {}
        out.append((title, re.sub(r"^\s*# variables: .*$", "", block, flags=re.M).strip(), variables))
    return out


def root_fields(operation: str) -> set[str]:
    document = parse(operation)
    return {
        selection.name.value  # type: ignore[attr-defined]
        for definition in document.definitions
        if isinstance(definition, OperationDefinitionNode)
        for selection in definition.selection_set.selections
    }


def test_every_tab_is_one_named_valid_operation_with_its_variables() -> None:
    found = tabs()
    assert len(found) >= 10
    for title, query, variables in found:
        document = parse(query)
        assert validate(schema._schema, document) == [], title
        (operation,) = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
        assert operation.name is not None, f"{title}: GraphiQL names the tab after the operation"
        definitions = operation.variable_definitions or ()
        declared = {v.variable.name.value for v in definitions}
        required = {
            v.variable.name.value for v in definitions if v.type.kind == "non_null_type" and v.default_value is None
        }
        assert required <= set(variables) <= declared, title


def test_tabs_cover_every_operation_of_the_manual() -> None:
    covered = set().union(*(root_fields(query) for _, query, _ in tabs()))
    in_docs = set().union(*(root_fields(op) for sample in samples("graphql") for op in graphql_operations(sample)))
    assert in_docs - covered == set(), "add these operations of docs/ to static/graphiql/examples.graphql"
