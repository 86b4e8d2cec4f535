"""The code samples of the manual (``docs/**/*.md``) and of the README, read for the tests that run them.

A sample is a fenced code block. An HTML comment right before it tells the tests what to do with it (the
comment does not show on the site):

- ``<!-- docs-test: skip REASON -->``: do not run it (it serves until stopped, needs Docker…); its static
  checks still apply;
- ``<!-- docs-test: expect "text" … not "text" … -->``: what its output must hold, and must not;
- ``<!-- docs-test: output -->`` before a ``text`` block: the block shows the output of the sample run just before
  it, and every line of it must be in that output (figures a page shows, such as counts, stay true);
  ``<!-- docs-test: output within N -->``: the same, but each number of a line may differ from the printed one by
  at most N (a count that moves with timing, such as the jobs a run coalesced).

Every sample gets static checks in ``tests/unit/test_docs.py``: GraphQL validates against the schema, shell
parses (and its ``graphsvc`` command lines parse as the CLI's), Python compiles, JSON loads. A page whose front
matter says ``test: run`` is also run from top to bottom against a real service on the test Neo4j by
``tests/integration/test_docs_samples.py`` (shell, GraphQL, Python and Cypher samples), each output checked
against its ``expect`` facts. Outputs shown in ``text`` / ``json`` blocks are illustrations and are not
compared, unless an ``output`` comment marks them: the facts that matter are in the ``expect`` comments, and the
figures a page shows word for word in ``output`` blocks.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
README = REPO / "README.md"
RUNNABLE = ("bash", "graphql", "python", "cypher")
DIRECTIVE = re.compile(r"^\s*<!--\s*docs-test:\s*(.*?)\s*-->\s*$", re.S)


@dataclass(frozen=True)
class Sample:
    """One fenced code block of a page."""

    page: Path
    line: int
    """1-based line of the opening fence."""
    lang: str
    code: str
    skip: str | None = None
    """Why it is not run, when it is not."""
    expect: tuple[str, ...] = ()
    expect_not: tuple[str, ...] = ()
    shows_output: bool = False
    """It shows the output of the sample run before it: each of its lines must be in that output."""
    output_within: int = 0
    """How far each number of a shown output line may be from the printed one."""

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(REPO)}:{self.line}"


@dataclass(frozen=True)
class Page:
    path: Path
    front_matter: dict[str, str] = field(default_factory=dict)
    samples: tuple[Sample, ...] = ()
    stray_directives: tuple[int, ...] = ()
    """Lines of ``docs-test`` comments that are not right before a code block."""

    @property
    def runnable(self) -> bool:
        """The README (which has no front matter) runs too."""
        return self.front_matter.get("test") == "run" or self.path == README


def _front_matter(text: str) -> tuple[dict[str, str], str]:
    """``key: value`` pairs of a leading ``---`` block, and the text with that block blanked (lines kept)."""
    match = re.match(r"---\n(.*?)\n---\n", text, re.S)
    if not match:
        return {}, text
    pairs = {}
    for line in match.group(1).splitlines():
        key, _, value = line.partition(":")
        if key.strip():
            pairs[key.strip()] = value.strip()
    return pairs, "\n" * match.group(0).count("\n") + text[match.end() :]


def _directive(text: str) -> tuple[str | None, tuple[str, ...], tuple[str, ...]]:
    words = shlex.split(text)
    if words and words[0] == "skip":
        return " ".join(words[1:]) or "no reason given", (), ()
    if words and words[0] == "output":
        return None, (), ()
    expect: list[str] = []
    expect_not: list[str] = []
    target = expect
    for word in words:
        if word == "expect":
            target = expect
        elif word == "not":
            target = expect_not
        else:
            target.append(word)
    return None, tuple(expect), tuple(expect_not)


def _within(text: str) -> int:
    """N of ``output within N`` (0 for a plain ``output`` or another directive)."""
    words = shlex.split(text)
    return int(words[2]) if words[:2] == ["output", "within"] and len(words) == 3 else 0


_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def shown_line_in(line: str, output: str, *, within: int) -> bool:
    """True when ``output`` holds ``line`` word for word, each number of it within ``within`` of the one printed in
    its place (0: the same number)."""
    wanted = [float(n) for n in _NUMBER.findall(line)]
    words = [re.escape(part) for part in _NUMBER.split(line.strip())]
    pattern = re.compile(r"(\d+(?:\.\d+)?)".join(words))
    for found in pattern.finditer(output):
        if all(abs(float(got) - want) <= within for got, want in zip(found.groups(), wanted, strict=True)):
            return True
    return False


@cache
def read_page(path: Path) -> Page:
    front, text = _front_matter(path.read_text(encoding="utf-8"))
    tokens = MarkdownIt("commonmark").parse(text)
    samples = []
    stray = []
    pending: tuple[int, str] | None = None
    for token in tokens:
        if token.type == "html_block" and (found := DIRECTIVE.match(token.content)):
            if pending is not None:
                stray.append(pending[0])
            pending = ((token.map or [0])[0] + 1, found.group(1))
            continue
        if token.type == "fence":
            skip, expect, expect_not = _directive(pending[1]) if pending else (None, (), ())
            samples.append(
                Sample(
                    page=path,
                    line=(token.map or [0])[0] + 1,
                    lang=token.info.split()[0] if token.info.strip() else "",
                    code=token.content,
                    skip=skip,
                    expect=expect,
                    expect_not=expect_not,
                    shows_output=pending is not None and shlex.split(pending[1])[:1] == ["output"],
                    output_within=_within(pending[1]) if pending else 0,
                )
            )
        elif pending is not None:
            stray.append(pending[0])
        pending = None
    if pending is not None:
        stray.append(pending[0])
    return Page(path=path, front_matter=front, samples=tuple(samples), stray_directives=tuple(stray))


def pages() -> list[Page]:
    """Every page of the manual (generated reference pages excepted: they hold no samples), and the README."""
    return [read_page(p) for p in sorted(DOCS.rglob("*.md"))] + [read_page(README)]


def samples(*langs: str) -> list[Sample]:
    return [s for page in pages() for s in page.samples if not langs or s.lang in langs]


def graphql_operations(sample: Sample) -> list[str]:
    """The operations of a GraphQL sample (several may share a block, each starting a line with ``query`` or
    ``mutation``)."""
    return [op for op in re.split(r"\n(?=(?:query|mutation)\b)", sample.code.strip()) if op.strip()]


def command_lines(sample: Sample) -> list[str]:
    """A shell sample's commands, one string each (continuation lines joined, comments and prompts cut)."""
    out = []
    pending = ""
    for line in sample.code.replace("\\\n", " ").splitlines():
        line = re.sub(r"^\$ ", "", line.strip())
        if not pending and (not line or line.startswith("#")):
            continue
        pending = f"{pending}\n{line}" if pending else line
        try:
            shlex.split(pending)
        except ValueError:  # a quoted argument spans lines
            continue
        out.append(pending)
        pending = ""
    if pending:
        out.append(pending)
    return out
