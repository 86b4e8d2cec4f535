"""mkdocs-gen-files script: writes the generated reference pages into the site being built (see mkdocs.yml)."""

from __future__ import annotations

import sys
from pathlib import Path

import mkdocs_gen_files

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from graphsvc.config import Settings  # noqa: E402
from scripts.docs_reference import graphql_markdown, mcp_markdown, mcp_tool_docs, settings_markdown  # noqa: E402

with mkdocs_gen_files.open("reference/settings.md", "w") as page:
    page.write(settings_markdown(Settings))
mkdocs_gen_files.set_edit_path("reference/settings.md", "../graphsvc/config.py")

with mkdocs_gen_files.open("reference/graphql.md", "w") as page:
    page.write(graphql_markdown((REPO / "schema.graphql").read_text(encoding="utf-8")))
mkdocs_gen_files.set_edit_path("reference/graphql.md", "../schema.graphql")

with mkdocs_gen_files.open("reference/mcp-tools.md", "w") as page:
    page.write(mcp_markdown(mcp_tool_docs()))
mkdocs_gen_files.set_edit_path("reference/mcp-tools.md", "../graphsvc/api/mcp_tools.py")
