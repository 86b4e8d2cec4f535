"""One lexicon: every word list the offline rules read is spelled once, per language, in
``graphsvc/rulebook/lexicon``. No rule module spells a list of its own, and no other module of the package spells
again a list the lexicon holds (a kinship list in six places is how rules drift apart)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphsvc.rulebook.lexicon import en, zh

PACKAGE = Path(__file__).resolve().parents[3] / "graphsvc"
LEXICON = PACKAGE / "rulebook" / "lexicon"
RULE_MODULES = sorted([*(PACKAGE / "rulebook" / "en").glob("*.py"), *(PACKAGE / "rulebook" / "zh").glob("*.py")])
MAX_WORDS = 4
"""A rule may name a few words inline ("to", "on"; "called", "named"); five or more are a list."""
SHARED_WORDS = 5
"""Another module's literal sharing this many words with one lexicon list spells that list again."""
_WORD = re.compile(r"^[a-z][a-z'’-]{2,}$|^[\u4e00-\u9fff]+$")
"""A word of a list: lower-case letters (three or more: "to", "on" and suffixes like "sh" are no list) or Chinese;
not a part-of-speech tag ("NOUN") nor a name."""


def _words_of(node: ast.AST) -> Iterator[list[str]]:
    """Every group of words a piece of code spells: a whitespace-separated string, a collection or a call's
    arguments of string constants, the alternatives of a regular expression."""
    for child in ast.walk(node):
        if isinstance(child, ast.Constant) and isinstance(child.value, str):
            text = child.value
            spaced = text.split()
            if len(spaced) > 1 and all(_WORD.match(w) for w in spaced):
                yield spaced
            alternatives = re.split(r"[|()?:^$\\]+", text)
            found = [a for a in alternatives if _WORD.match(a)]
            if "|" in text and len(found) > 1:
                yield found
        elif isinstance(child, (ast.Set, ast.List, ast.Tuple)):
            found = [e.value for e in child.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            yield [w for w in found if _WORD.match(w)]
        elif isinstance(child, ast.Call):
            found = [a.value for a in child.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            yield [w for w in found if _WORD.match(w)]


def _lexicon_lists() -> dict[str, frozenset[str]]:
    lists: dict[str, frozenset[str]] = {}
    for module in (en, zh):
        for name, value in vars(module).items():
            if isinstance(value, frozenset | dict) and len(value) >= SHARED_WORDS and name.isupper():
                lists[f"{module.__name__.rsplit('.', 1)[-1]}.{name}"] = frozenset(str(w) for w in value)
    return lists


@pytest.mark.parametrize("path", RULE_MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_rule_module_spells_a_word_list(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lists = [words for words in _words_of(tree) if len(words) > MAX_WORDS]
    assert lists == [], f"{path.name} spells word lists; move them to the lexicon: {lists}"


def test_no_module_spells_a_lexicon_list_again() -> None:
    lexicon = _lexicon_lists()
    found: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if LEXICON in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for words in _words_of(tree):
            spelled = {w.lower() for w in words}
            for name, listed in lexicon.items():
                shared = spelled & listed
                if len(shared) >= SHARED_WORDS:
                    found.append(f"{path.relative_to(PACKAGE.parent)} spells {name} again: {sorted(shared)[:8]}")
    assert found == []


def test_the_checks_notice_a_list() -> None:
    spelled = ast.parse('RELATIVES = {"mother", "father", "sister", "brother", "son", "daughter"}')
    assert any(len(w) > MAX_WORDS for w in _words_of(spelled))
    pattern = ast.parse('PATTERN = r"\\b(?:mother|father|sister|brother|son|daughter)\\b"')
    assert any(set(w) >= {"mother", "daughter"} for w in _words_of(pattern))
    assert not any(len(w) > MAX_WORDS for w in _words_of(ast.parse('lower("to", "on")')))
