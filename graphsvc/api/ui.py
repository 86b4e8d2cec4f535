"""What a person opens in a browser: the landing page (``/``), the dashboard (``/ui``), and GraphiQL's assets.

Everything is served from ``graphsvc/api/static/`` inside the package, so no page loads anything from
another host: the dashboard is built from ``ui/`` (``npm ci && npm run build`` writes ``static/ui/``), and
GraphiQL and React are vendored from npm into ``static/graphiql/vendor/``. Every path under ``/ui/`` that is
not an asset answers with the dashboard's page, which routes in the browser (``/ui/users/<userId>/...``).
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

STATIC = Path(__file__).resolve().parent / "static"
UI_DIR = STATIC / "ui"
GRAPHIQL_DIR = STATIC / "graphiql"
NEO4J_DIR = STATIC / "neo4j"
"""Neo4j Browser's guide (``:play``), style (``:style``) and saved queries: fetched by the Browser's page on
Neo4j's own origin, so served with CORS for any origin (they hold no data)."""

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ]
)
"""Pages may load and call this origin only: a browser refuses anything else, whatever a page asks."""

PAGE_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


def html_page(path: Path) -> HTMLResponse:
    """A page of the package (read at each request: a rebuilt dashboard needs no restart), with the headers
    that keep it on this origin."""
    return HTMLResponse(path.read_text(encoding="utf-8"), headers=PAGE_HEADERS)


def graphiql_page() -> Response:
    """GraphiQL (``GET /graphql`` in a browser), every asset from ``/static/graphiql/``."""
    return html_page(GRAPHIQL_DIR / "index.html")


async def landing(request: Request) -> Response:
    return html_page(STATIC / "landing.html")


async def dashboard(request: Request) -> Response:
    index = UI_DIR / "index.html"
    if not index.is_file():
        return HTMLResponse(
            "The dashboard is not built: run `npm ci && npm run build` in ui/.", status_code=503, headers=PAGE_HEADERS
        )
    return html_page(index)


def ui_routes() -> list[BaseRoute]:
    """The routes to add to the app: ``/``, ``/ui`` and below, ``/static/graphiql`` and ``/static/neo4j``."""
    return [
        Route("/", landing, methods=["GET", "HEAD"]),
        Mount("/ui/assets", StaticFiles(directory=UI_DIR / "assets", check_dir=False), name="ui-assets"),
        Route("/ui", dashboard, methods=["GET", "HEAD"]),
        Route("/ui/{path:path}", dashboard, methods=["GET", "HEAD"]),
        Mount("/static/graphiql", StaticFiles(directory=GRAPHIQL_DIR), name="graphiql"),
        Mount("/static/neo4j", neo4j_files(), name="neo4j"),
    ]


GUIDE_ORIGIN = "http://127.0.0.1:8000"
"""How ``guide.html`` names graphsvc in its ``:style`` command; replaced by the origin it was fetched from."""


async def neo4j_guide(request: Request) -> Response:
    """The guide, with its links to this service's files pointing where it was fetched from."""
    origin = str(request.base_url).rstrip("/")
    text = (NEO4J_DIR / "guide.html").read_text(encoding="utf-8").replace(GUIDE_ORIGIN, origin)
    return HTMLResponse(text, headers={"Cache-Control": "no-cache"})


def neo4j_files() -> CORSMiddleware:
    """``/static/neo4j/``: readable from any origin (Neo4j Browser sends ``pragma`` and ``cache-control``
    headers, so its GET is preflighted)."""
    files = Starlette(
        routes=[
            Route("/guide.html", neo4j_guide, methods=["GET", "HEAD"]),
            Mount("/", StaticFiles(directory=NEO4J_DIR)),
        ]
    )
    return CORSMiddleware(
        files,
        allow_origins=["*"],
        allow_methods=["GET", "HEAD"],
        allow_headers=["pragma", "cache-control"],
    )
