"""The package's import map: every import runs down the layers, the API talks to the service only, no cycles.

Layers, lowest first (a module may import its own layer and the ones below):

0. ground floor: ``errors``, ``vocabulary``, ``clock``, ``keys``, ``config``, ``conversation``, ``validation``,
   ``spaces``,
   ``text/`` (the text toolbox), ``rulebook/`` (the offline rules: named decisions over the text)
1. ``embed/``, ``llm/`` (the client only), ``graph/`` (the database, named queries, reads)
2. ``runtime`` (what every pipeline runs on)
3. ``pipeline/`` (one package per capability)
4. ``service/`` (the front door)
5. ``api/`` (which may import only the ground floor and the service) and ``cli``

Run ``.venv/bin/python -m tests.unit.test_layers`` to print the map: imports between layers, counted.
"""

from __future__ import annotations

import ast
from collections import Counter, defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "graphsvc"

GROUND = (
    "errors",
    "vocabulary",
    "clock",
    "keys",
    "config",
    "conversation",
    "validation",
    "text",
    "rulebook",
    "logs",
    "metrics",
    "spaces",
)
LAYERS: dict[str, int] = {
    **dict.fromkeys(GROUND, 0),
    "embed": 1,
    "llm": 1,
    "graph": 1,
    "runtime": 2,
    "pipeline": 3,
    "service": 4,
    "api": 5,
    "cli": 5,
}
API_MAY_IMPORT = {*GROUND, "service", "api"}

PIPELINE_MAY_IMPORT: dict[str, set[str]] = {
    "memories": set(),  # the one path every memory is written by
    "impressions": set(),
    "reflection": set(),
    "tags": set(),
    "ingest": set(),
    "extraction": {"impressions", "memories"},
    "lifecycle": {"memories", "extraction"},  # remember infers a memory's type as extraction classifies it
    "recall": {"reflection", "tags"},
    "sources": {"extraction", "ingest", "memories", "tags"},
    "documents": {"extraction", "impressions", "sources", "tags"},
    "learning": {"reflection", "sources", "tags"},
    "retraction": {"ingest", "memories", "reflection"},
    "portability": {"documents", "ingest", "sources"},
}
"""Which capability packages each one may use: writing a memory, observing impressions, reflecting and tagging
are leaves every flow calls; a flow (extraction, sources, documents, learning) never imports another flow's
caller. A new direction is a design decision: add it here, in the same change."""


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    """Dotted module name → file, for every module of the package."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Module → the package modules it imports (anywhere in the file, function-level imports included)."""
    known = modules(root)
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in known.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [f"{node.module}.{alias.name}" for alias in node.names]
                targets = [t if t in known else node.module for t in targets]
            graph[name] |= {t for t in targets if t in known and t != name}
    return dict(graph)


def area(module: str) -> str:
    """The top-level part of ``graphsvc.<area>...`` (the package itself is the ground floor)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "errors"


def wrong_way(graph: dict[str, set[str]]) -> list[str]:
    """Imports that go up a layer, or from the API to anything but the ground floor and the service."""
    out = []
    for importer, targets in sorted(graph.items()):
        for target in sorted(targets):
            a, b = area(importer), area(target)
            if LAYERS[b] > LAYERS[a]:
                out.append(f"{importer} -> {target} (layer {LAYERS[a]} imports layer {LAYERS[b]})")
            elif a == "api" and b not in API_MAY_IMPORT:
                out.append(f"{importer} -> {target} (the API goes through the service)")
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one member (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def pipeline_packages(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Capability package → the other capability packages it imports (``graphsvc.pipeline.<name>``)."""

    def package(module: str) -> str | None:
        parts = module.split(".")
        return parts[2] if len(parts) > 2 and parts[1] == "pipeline" else None

    out: dict[str, set[str]] = defaultdict(set)
    for importer, targets in graph.items():
        source = package(importer)
        if source is None:
            continue
        out[source] |= {p for t in targets if (p := package(t)) is not None and p != source}
    return dict(out)


def layer_map(graph: dict[str, set[str]]) -> Counter[tuple[str, str]]:
    return Counter((area(a), area(b)) for a, targets in graph.items() for b in targets if area(a) != area(b))


def test_every_module_has_a_layer() -> None:
    assert {area(m) for m in modules()} <= set(LAYERS)


def test_imports_run_down_the_layers_and_the_api_uses_the_service_only() -> None:
    assert wrong_way(imports()) == []


def test_no_import_cycles_between_modules() -> None:
    assert cycles(imports()) == []


def test_no_cycles_between_capability_packages() -> None:
    packages = pipeline_packages(imports())
    assert cycles(packages) == [], packages


def undeclared_directions(packages: dict[str, set[str]]) -> list[str]:
    """Imports between capability packages that :data:`PIPELINE_MAY_IMPORT` does not allow."""
    return [
        f"pipeline.{source} -> pipeline.{target}"
        for source, targets in sorted(packages.items())
        for target in sorted(targets - PIPELINE_MAY_IMPORT.get(source, set()))
    ]


def relative_imports(root: Path = PACKAGE) -> list[str]:
    """``from . import x`` and the like, which the import map would not see."""
    return [
        f"{path.relative_to(root.parent)}:{node.lineno}"
        for path in sorted(root.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.level > 0
    ]


def test_capability_packages_import_only_their_declared_directions() -> None:
    assert set(PIPELINE_MAY_IMPORT) == set(pipeline_packages(imports())) | set(PIPELINE_MAY_IMPORT)
    assert {p.name for p in (PACKAGE / "pipeline").iterdir() if p.is_dir() and p.name != "__pycache__"} == set(
        PIPELINE_MAY_IMPORT
    ), "declare a new capability package in PIPELINE_MAY_IMPORT"
    assert undeclared_directions(pipeline_packages(imports())) == []


def test_imports_are_absolute() -> None:
    assert relative_imports() == []


def test_the_checks_catch_a_wrong_way_import_and_a_cycle() -> None:
    """The checks themselves can fail: an upward import and a two-module cycle are reported."""
    graph = {"graphsvc.graph.x": {"graphsvc.pipeline.y"}, "graphsvc.pipeline.y": {"graphsvc.graph.x"}}
    assert wrong_way(graph) == ["graphsvc.graph.x -> graphsvc.pipeline.y (layer 1 imports layer 3)"]
    assert cycles(graph) == [["graphsvc.graph.x", "graphsvc.pipeline.y"]]
    assert wrong_way({"graphsvc.api.a": {"graphsvc.graph.b"}}) == [
        "graphsvc.api.a -> graphsvc.graph.b (the API goes through the service)"
    ]
    assert undeclared_directions({"memories": {"extraction"}, "extraction": {"memories"}}) == [
        "pipeline.memories -> pipeline.extraction"
    ]


if __name__ == "__main__":
    graph = imports()
    for (a, b), n in sorted(layer_map(graph).items(), key=lambda kv: (LAYERS[kv[0][0]], kv[0])):
        print(f"{a:>12} (layer {LAYERS[a]}) -> {b:<12} (layer {LAYERS[b]}): {n}")
    print("wrong-way imports:", *wrong_way(graph) or ["none"], sep="\n  ")
    print("module cycles:", *[" <-> ".join(c) for c in cycles(graph)] or ["none"], sep="\n  ")
    print("capability packages:", dict(sorted((k, sorted(v)) for k, v in pipeline_packages(graph).items())))
