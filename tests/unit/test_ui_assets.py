"""The dashboard and GraphiQL ship inside the package, built from ui/, and load nothing from another host."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
from pathlib import Path

from graphsvc.api.ui import GRAPHIQL_DIR, STATIC, UI_DIR

REPO = Path(__file__).resolve().parents[2]
UI_SOURCE = REPO / "ui"
STAMP_INPUTS = (
    "index.html",
    "package.json",
    "package-lock.json",
    "tsconfig.json",
    "vite.config.ts",
    "src",
    "scripts",
    # the TypeScript client's modules the dashboard bundles (ui/src/api.ts)
    "../clients/typescript/src/transport.ts",
    "../clients/typescript/src/errors.ts",
)
ASSET = re.compile(r'(?:src|href)="([^"]+)"')
XML_NAMESPACES = {"http://www.w3.org/1998/Math/MathML", "http://www.w3.org/1999/xhtml", "http://www.w3.org/2000/svg"}


def source_hash(source: Path = UI_SOURCE) -> tuple[str, int]:
    """The hash ui/scripts/stamp.mjs writes: every input file's path and bytes, in path order."""
    paths: list[str] = []
    for name in STAMP_INPUTS:
        root = source / name
        found = [root] if root.is_file() else [p for p in root.rglob("*") if p.is_file()]
        paths += [p.relative_to(source).as_posix() for p in found]
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.encode() + b"\0")
        digest.update((source / path).read_bytes())
        digest.update(b"\0")
    return digest.hexdigest(), len(paths)


def test_built_dashboard_matches_its_sources() -> None:
    """A change under ui/ without `npm ci && npm run build` (which commits static/ui/) fails here."""
    stamp = json.loads((UI_DIR / "build-stamp.json").read_text(encoding="utf-8"))
    assert stamp == dict(zip(("sha256", "files"), source_hash(), strict=True)), (
        "graphsvc/api/static/ui is stale: run `cd ui && npm ci && npm run build` and commit the result"
    )


def test_the_stamp_check_notices_a_changed_or_added_source(tmp_path: Path) -> None:
    copy = tmp_path / "ui"
    for name in STAMP_INPUTS:
        if (UI_SOURCE / name).is_dir():
            shutil.copytree(UI_SOURCE / name, copy / name)
        else:
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(UI_SOURCE / name, copy / name)
    before = source_hash(copy)
    assert before == source_hash()
    (copy / "src" / "main.tsx").write_bytes((copy / "src" / "main.tsx").read_bytes() + b"\n")
    changed = source_hash(copy)
    assert changed[0] != before[0]
    (copy / "src" / "extra.ts").write_text("export {};\n", encoding="utf-8")
    assert source_hash(copy)[1] == before[1] + 1


def test_dashboard_page_loads_only_its_own_assets() -> None:
    html = (UI_DIR / "index.html").read_text(encoding="utf-8")
    assets = [a for a in ASSET.findall(html) if not a.startswith("data:")]
    assert assets and all(a.startswith("/ui/assets/") for a in assets), assets
    for asset in assets:
        assert (UI_DIR / asset.removeprefix("/ui/")).is_file(), asset
    for built in (UI_DIR / "assets").iterdir():
        urls = set(re.findall(r"https?://[^\s\"'`)]+", built.read_text(encoding="utf-8")))
        assert urls <= XML_NAMESPACES, (built.name, urls - XML_NAMESPACES)


def test_pages_load_nothing_from_another_host() -> None:
    for page in (STATIC / "landing.html", GRAPHIQL_DIR / "index.html", UI_DIR / "index.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"(?:src|href)=\"(?:https?:)?//", text), page
        assert "unpkg" not in text and "cdn" not in text.lower(), page


def test_graphiql_assets_are_the_npm_files_its_page_names() -> None:
    """Each vendored file is byte-identical to the npm release its integrity hash names."""
    html = (GRAPHIQL_DIR / "index.html").read_text(encoding="utf-8")
    tags = re.findall(r'(?:src|href)="(/static/graphiql/[^"]+)"\s+integrity="(sha384-[^"]+)"', html)
    assert {Path(src).name for src, _ in tags} == {
        "graphiql.min.css",
        "react.production.min.js",
        "react-dom.production.min.js",
        "graphiql.min.js",
    }
    for src, integrity in tags:
        data = (GRAPHIQL_DIR / src.removeprefix("/static/graphiql/")).read_bytes()
        assert "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode() == integrity, src
    for src in ASSET.findall(html):
        if src.startswith("/static/graphiql/"):
            assert (GRAPHIQL_DIR / src.removeprefix("/static/graphiql/")).is_file(), src
