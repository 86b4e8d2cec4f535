"""Every GraphQL example in the README is valid against the schema the code builds."""

from __future__ import annotations

import re
from pathlib import Path

from graphql import parse, validate

from graphsvc.api.schema import schema

README = Path(__file__).resolve().parents[2] / "README.md"


def examples() -> list[str]:
    operations = []
    for block in re.findall(r"```graphql\n(.*?)```", README.read_text(encoding="utf-8"), re.S):
        for operation in re.split(r"\n(?=(?:query|mutation) )", block.strip()):
            operations.append(re.sub(r"#.*", "", operation).replace("…", "x"))
    return operations


def test_readme_graphql_examples_validate() -> None:
    operations = examples()
    assert len(operations) >= 10
    for operation in operations:
        assert validate(schema._schema, parse(operation)) == [], operation
