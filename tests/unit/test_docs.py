"""Static checks of the manual (docs/) and the README: every code sample parses as what it claims to be, names
only settings and commands that exist, and the user docs carry no project history. The runnable pages are run
against a real service in ``tests/integration/test_docs_samples.py``."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
from pathlib import Path

import click
import pytest
from graphql import parse, validate
from pydantic import BaseModel, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from graphsvc.api.schema import schema
from graphsvc.cli import main
from graphsvc.config import LLM_PRESETS, Settings
from scripts.docs_reference import (
    FALLBACK_DESCRIPTIONS,
    graphql_markdown,
    mcp_markdown,
    mcp_tool_docs,
    settings_docs,
    settings_markdown,
    user_text,
)
from tests.docs_samples import (
    DOCS,
    README,
    REPO,
    Sample,
    command_lines,
    graphql_operations,
    pages,
    read_page,
    samples,
    shown_line_in,
)

FORBIDDEN = re.compile(r"\bissues?\s*#?\d+|\bseeds?\b(?![-_])|\brebas(?:e|ed|es|ing)\b", re.IGNORECASE)
ENV_ASSIGNMENT = re.compile(r"(?:^|\s|export\s+)([A-Z][A-Z0-9_]*_[A-Z0-9_]*|[A-Z]{4,})=")


def _generated_pages() -> dict[str, str]:
    return {
        "reference/settings.md (generated)": settings_markdown(Settings),
        "reference/graphql.md (generated)": graphql_markdown((REPO / "schema.graphql").read_text(encoding="utf-8")),
    }


def test_readme_is_a_front_door_of_at_most_150_lines() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines; move material into docs/"
    text = "\n".join(lines)
    assert "scripts/serve" in text and "scripts/test" in text
    assert re.search(r"!\[[^\]]*\]\(docs/[^)]+\.png\)", text), "the README shows a screenshot from docs/"


def test_user_docs_carry_no_project_history() -> None:
    texts = {str(p.relative_to(REPO)): p.read_text(encoding="utf-8") for p in DOCS.rglob("*.md")}
    texts["README.md"] = README.read_text(encoding="utf-8")
    texts.update(_generated_pages())
    found = [
        f"{name}:{n}: {line.strip()}"
        for name, text in texts.items()
        for n, line in enumerate(text.splitlines(), start=1)
        if FORBIDDEN.search(line)
    ]
    assert found == []


def test_the_history_filter_keeps_the_rule_and_drops_its_origin() -> None:
    assert user_text("Reflect when 24 hours passed (seed: 24 h).") == "Reflect when 24 hours passed."
    assert user_text("k of fusion: 10 chosen on LoCoMo dev (scripts/bench/locomo.py).") == "k of fusion."
    assert user_text("Bounded (issue 11: a message took 5.4 s). Queries get one window.") == (
        "Bounded. Queries get one window."
    )
    assert user_text("A plain sentence (with a remark).") == "A plain sentence (with a remark)."


def test_every_directive_sits_right_before_a_code_block() -> None:
    stray = [f"{page.path.relative_to(REPO)}:{line}" for page in pages() for line in page.stray_directives]
    assert stray == []


def test_expectations_only_on_pages_that_run() -> None:
    idle = [s.where for page in pages() if not page.runnable for s in page.samples if s.expect or s.expect_not]
    assert idle == [], "add `test: run` front matter to these pages, or drop their expect comments"
    runnable = [page for page in pages() if page.runnable]
    assert len(runnable) >= 3
    for page in runnable:
        run = [s for s in page.samples if s.lang in ("bash", "graphql", "python", "cypher") and not s.skip]
        assert run, f"{page.path}: nothing to run"
        checked = [s for s in run if s.lang != "cypher"]  # Cypher samples are checked by Neo4j (EXPLAIN)
        assert all(s.expect for s in checked), f"{page.path}: every run sample states what to expect"


def test_output_blocks_follow_a_sample_that_runs() -> None:
    marked = 0
    for page in pages():
        for before, block in zip((None, *page.samples), page.samples, strict=False):
            if not block.shows_output:
                continue
            marked += 1
            assert page.runnable and block.lang == "text", f"{block.where}: output blocks are text on a page that runs"
            assert before is not None and before.lang in ("bash", "python") and before.skip is None, (
                f"{block.where}: an output block follows the shell or Python sample whose output it shows"
            )
    assert marked >= 2  # the backup page's export and restore figures


def test_an_output_directive_marks_the_block_after_it(tmp_path: Path) -> None:
    path = tmp_path / "page.md"
    path.write_text(
        "---\ntest: run\n---\n\n```bash\necho 1\n```\n\n<!-- docs-test: output -->\n```text\n1\n```\n\n"
        "```text\n2\n```\n",
        encoding="utf-8",
    )
    page = read_page(path)
    assert [(s.lang, s.shows_output, s.expect) for s in page.samples] == [
        ("bash", False, ()),
        ("text", True, ()),
        ("text", False, ()),
    ]
    assert page.stray_directives == () and page.samples[1].output_within == 0


@pytest.mark.parametrize(
    ("shown", "within", "found"),
    [
        ("exported 287 nodes and edges of lena", 0, True),
        ("exported 286 nodes and edges of lena", 0, False),
        ("exported 286 nodes and edges of lena", 2, True),
        ("exported 284 nodes and edges of lena", 2, False),
        ("exported 287 nodes and edges of bob", 2, False),  # the words must match
        ("restored lena: 118 nodes, 168 edges, 42 vectors computed", 1, True),
        ("restored lena: 119 nodes, 168 edges, 40 vectors computed", 1, False),
    ],
)
def test_a_shown_line_matches_the_printed_one_within_its_tolerance(shown: str, within: int, found: bool) -> None:
    printed = "exported 287 nodes and edges of lena\nrestored lena: 119 nodes, 168 edges, 42 vectors computed\n"
    assert shown_line_in(shown, printed, within=within) is found


@pytest.mark.parametrize("sample", samples("graphql"), ids=lambda s: s.where)
def test_graphql_samples_validate_against_the_schema(sample: Sample) -> None:
    for operation in graphql_operations(sample):
        errors = validate(schema._schema, parse(operation))
        assert errors == [], f"{sample.where}: {errors}"


def _graphsvc_argv(line: str) -> list[str] | None:
    """``graphsvc …`` (after env assignments and ``.venv/bin/``) as argv, else None."""
    words = shlex.split(line.split(" | ")[0].split(" > ")[0].split(" #")[0])
    while words and re.match(r"^[A-Z][A-Z0-9_]*=", words[0]):
        words = words[1:]
    if not words or words[0] not in ("graphsvc", ".venv/bin/graphsvc"):
        return None
    return words[1:]


def _parse_cli(argv: list[str]) -> click.Command:
    """Resolve ``argv`` through the click groups as ``graphsvc`` would, without running anything."""
    command: click.Command = main
    ctx = command.make_context("graphsvc", list(argv), resilient_parsing=False)
    rest = [*getattr(ctx, "_protected_args", []), *ctx.args]
    while isinstance(command, click.Group) and rest:
        name, sub, rest = command.resolve_command(ctx, rest)
        assert sub is not None, argv
        command = sub
        ctx = command.make_context(str(name), list(rest), parent=ctx)
        rest = [*getattr(ctx, "_protected_args", []), *ctx.args] if isinstance(command, click.Group) else []
    return command


@pytest.mark.parametrize("sample", samples("bash"), ids=lambda s: s.where)
def test_shell_samples_parse_and_name_real_commands(sample: Sample, tmp_path: Path) -> None:
    checked = subprocess.run(["bash", "-n"], input=sample.code, text=True, capture_output=True, check=False)
    assert checked.returncode == 0, f"{sample.where}: {checked.stderr}"
    for line in command_lines(sample):
        words = shlex.split(line)
        while words and re.match(r"^[A-Z][A-Z0-9_]*=", words[0]):
            words = words[1:]
        first = words[0] if words else ""
        if first.startswith("scripts/"):
            assert os.access(REPO / first, os.X_OK), f"{sample.where}: {first} is not an executable script"
        argv = _graphsvc_argv(line)
        if argv is None:
            continue
        files = []
        for word in argv:
            if re.search(r"\.(jsonl|pdf|docx|md|txt|html)$", word):
                path = REPO / word
                if not path.exists():  # a file the reader makes first (an export to restore…)
                    path = tmp_path / Path(word).name
                    path.touch()
                word = str(path)
            files.append(word)
        argv = files
        if argv == ["--version"]:
            continue
        command = _parse_cli(argv)
        assert not isinstance(command, click.Group), f"{sample.where}: incomplete command graphsvc {line}"


@pytest.mark.parametrize("sample", samples("python"), ids=lambda s: s.where)
def test_python_samples_compile(sample: Sample) -> None:
    code = sample.code
    if "await " in code and "async def" not in code:  # top-level await, as in an async REPL or notebook
        code = "async def _sample():\n" + "".join(f"    {line}\n" for line in code.splitlines())
    compile(code, sample.where, "exec")


@pytest.mark.parametrize("sample", [s for s in samples("json") if "…" not in s.code], ids=lambda s: s.where)
def test_json_samples_load(sample: Sample) -> None:
    json.loads(sample.code)


def _known_environment() -> set[str]:
    """Setting names, and the variables the scripts, Compose file and test helpers read."""
    known = {doc.env for doc in settings_docs(Settings)}
    known |= {name.upper() for name, info in Settings.model_fields.items() if isinstance(info.annotation, type)
              and issubclass(info.annotation, BaseModel)}
    sources = [*sorted((REPO / "scripts").glob("*")), REPO / "docker-compose.yml", REPO / ".env.example",
               REPO / "tests" / "integration" / "browser.py", REPO / "tests" / "integration" / "test_docs_samples.py"]
    for path in sources:
        if path.is_file():
            known |= set(re.findall(r"\b[A-Z][A-Z0-9_]{2,}\b", path.read_text(encoding="utf-8")))
    return known


def test_every_variable_the_docs_set_exists() -> None:
    known = _known_environment()
    unknown = []
    for sample in samples("bash", "dotenv", "ini", "env"):
        for name in ENV_ASSIGNMENT.findall(sample.code):
            if name not in known:
                unknown.append(f"{sample.where}: {name}")
    for page in [*DOCS.rglob("*.md"), README]:
        for name in re.findall(r"`([A-Z][A-Z0-9_]+)=[^`]*`", page.read_text(encoding="utf-8")):
            if name not in known:
                unknown.append(f"{page.relative_to(REPO)}: {name}")
    assert unknown == []


def test_every_provider_preset_is_documented_with_its_settings() -> None:
    page = (DOCS / "how-to" / "llm-providers.md").read_text(encoding="utf-8")
    for provider, preset in LLM_PRESETS.items():
        assert f"LLM_PROVIDER={provider}" in page, provider
        assert preset.model in page and preset.mode in page, provider
        if preset.base_url:
            assert preset.base_url in page, provider


def test_fallback_descriptions_name_real_settings() -> None:
    names = {doc.env for doc in settings_docs(Settings)}
    assert set(FALLBACK_DESCRIPTIONS) - names == set()
    assert all(doc.description for doc in settings_docs(Settings)), "a setting has no description"


class _Limits(BaseModel):
    """Limits."""

    # --- Size ---
    max_items: int = Field(default=5, ge=1)
    """Most items."""


class _Nested(BaseSettings):
    model_config = SettingsConfigDict(env_nested_delimiter="__")

    # --- Service ---
    port: int = 8000
    """Port (seed 001: 8000)."""
    data_dir: Path = Field(default=Path("/tmp"), validation_alias="GRAPHSVC_DATA_DIR")
    limits: _Limits = Field(default_factory=_Limits)


def test_the_settings_reference_walks_nested_sections() -> None:
    docs = {d.env: d for d in settings_docs(_Nested)}
    assert list(docs) == ["PORT", "GRAPHSVC_DATA_DIR", "LIMITS__MAX_ITEMS"]
    assert docs["PORT"].description == "Port." and docs["PORT"].section == "Service"
    assert docs["LIMITS__MAX_ITEMS"].section == "Limits: size"
    assert docs["LIMITS__MAX_ITEMS"].type == "int (≥ 1)" and docs["LIMITS__MAX_ITEMS"].default == "`5`"


def test_the_graphql_reference_lists_every_operation_and_type() -> None:
    page = _generated_pages()["reference/graphql.md (generated)"]
    graphql_schema = schema._schema
    for root in (graphql_schema.query_type, graphql_schema.mutation_type):
        assert root is not None
        for name in root.fields:
            assert f"\n### {name}\n" in page, name
    for name in graphql_schema.type_map:
        if not name.startswith("__") and name not in ("Query", "Mutation", "String", "Int", "Float", "Boolean", "ID"):
            assert f"### {name} {{#type-{name.lower()}}}" in page, name


def test_the_mcp_reference_lists_every_tool_and_argument() -> None:
    tools = mcp_tool_docs()
    page = mcp_markdown(tools)
    assert {"remember", "memory_history", "list_entities", "ingest_document"} <= {t.name for t in tools}
    for tool in tools:
        assert f"\n## {tool.name}\n" in page, tool.name
        for argument in tool.input_schema.get("properties", {}):
            assert f"| `{argument}` |" in page, f"{tool.name}.{argument}"
    remember = page[page.index("\n## remember\n") :]
    assert "| `content` | string | yes |" in remember and "| `source` | `user` or `agent` |  | `user` |" in remember
    assert not FORBIDDEN.search(page)
