"""Every GraphQL example in the README is valid against the schema the code builds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
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


def cli_lines() -> list[list[str]]:
    """Every ``graphsvc ...`` command in the README's bash blocks, placeholders filled, as argv lists."""
    import shlex

    fill = {
        "FILE.jsonl": "/dev/null",
        "[--limit N]": "--limit 3",
        "[--json]": "--json",
        "[--host H --port P]": "",
        "[--user U]": "--user U",
        "[--name N]": "--name N",
        "[--all]": "--all",
    }
    lines = []
    for block in re.findall(r"```bash\n(.*?)```", README.read_text(encoding="utf-8"), re.S):
        for line in block.replace("\\\n", " ").splitlines():
            command = re.sub(r"^\$ ", "", line.strip()).split("  #")[0].split(" | ")[0].replace(".venv/bin/", "")
            if not command.startswith("graphsvc "):
                continue
            for placeholder, value in fill.items():
                command = command.replace(placeholder, value)
            argv = shlex.split(command.strip())[1:]
            lines.append(["/dev/null" if a.endswith(".jsonl") else a for a in argv])  # a file that exists
    return lines


def test_readme_cli_lines_parse_as_typed() -> None:
    import click

    from graphsvc.cli import main

    lines = cli_lines()
    assert len(lines) >= 5
    for argv in lines:
        command: click.Command = main
        if argv == ["--version"]:
            with pytest.raises(click.exceptions.Exit):  # prints the version and exits 0
                main.make_context("graphsvc", list(argv))
            continue
        ctx = command.make_context("graphsvc", list(argv), resilient_parsing=False)
        rest = [*getattr(ctx, "_protected_args", []), *ctx.args]  # click 8.2: the subcommand and its args
        while isinstance(command, click.Group) and rest:
            name, sub, rest = command.resolve_command(ctx, rest)
            assert sub is not None, argv
            command = sub
            ctx = command.make_context(str(name), list(rest), parent=ctx)
            rest = [*getattr(ctx, "_protected_args", []), *ctx.args] if isinstance(command, click.Group) else []
        assert not isinstance(command, click.Group), f"incomplete command in the README: graphsvc {' '.join(argv)}"
