"""The pages a browser opens: landing page, dashboard routes and assets, GraphiQL from the package."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import httpx
import pytest

from graphsvc.api.app import build_app
from graphsvc.service import MemoryService

HTML = {"accept": "text/html"}


@pytest.fixture
async def http(service: MemoryService) -> AsyncIterator[httpx.AsyncClient]:
    app = build_app(service.settings, service=service)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
        yield client


async def test_landing_page_links_the_dashboard_and_graphiql(http: httpx.AsyncClient) -> None:
    response = await http.get("/")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    assert 'href="/ui/"' in response.text and 'href="/graphql"' in response.text
    assert "default-src 'self'" in response.headers["content-security-policy"]


@pytest.mark.parametrize("path", ["/ui", "/ui/", "/ui/users/ana", "/ui/users/%E5%BC%A0%E4%BC%9F/traits"])
async def test_every_dashboard_path_is_the_dashboard_page(http: httpx.AsyncClient, path: str) -> None:
    response = await http.get(path)
    assert response.status_code == 200
    assert '<div id="app">' in response.text
    assert response.headers["cache-control"] == "no-cache"
    assert "connect-src 'self'" in response.headers["content-security-policy"]
    script = re.search(r'src="(/ui/assets/[^"]+\.js)"', response.text)
    assert script is not None
    asset = await http.get(script.group(1))
    assert asset.status_code == 200 and "javascript" in asset.headers["content-type"]
    assert (await http.get("/ui/assets/missing.js")).status_code == 404


async def test_graphiql_comes_from_the_package(http: httpx.AsyncClient) -> None:
    page = await http.get("/graphql", headers=HTML)
    assert page.status_code == 200 and "graphsvc GraphiQL" in page.text
    assert "unpkg" not in page.text
    for src in re.findall(r'(?:src|href)="(/static/graphiql/[^"]+)"', page.text):
        assert (await http.get(src)).status_code == 200, src
    tabs = await http.get("/static/graphiql/examples.graphql")
    assert tabs.status_code == 200 and "# tab: 1 Ingest a conversation" in tabs.text


async def test_graphql_post_is_unchanged(http: httpx.AsyncClient) -> None:
    response = await http.post("/graphql", json={"query": '{ users(prefix: "nobody") { nodes { userId } } }'})
    assert response.status_code == 200
    assert response.json() == {"data": {"users": {"nodes": []}}}
    refused = await http.get("/graphql?query={__typename}", headers={"accept": "application/json"})
    assert refused.status_code in (400, 405)  # queries over GET stay off


@pytest.mark.parametrize("name", ["guide.html", "graphsvc.grass", "favorites/02-beliefs-and-evidence.cypher"])
async def test_neo4j_browser_files_are_readable_from_neo4js_origin(http: httpx.AsyncClient, name: str) -> None:
    browser = "http://127.0.0.1:7474"
    preflight = await http.options(
        f"/static/neo4j/{name}",
        headers={
            "origin": browser,
            "access-control-request-method": "GET",
            "access-control-request-headers": "pragma,cache-control",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == "*"
    assert {"pragma", "cache-control"} <= set(preflight.headers["access-control-allow-headers"].lower().split(", "))
    response = await http.get(f"/static/neo4j/{name}", headers={"origin": browser, "pragma": "no-cache"})
    assert response.status_code == 200 and response.headers["access-control-allow-origin"] == "*"
    assert "$userId" in response.text or "caption" in response.text
    assert (await http.get("/static/neo4j/missing.html")).status_code == 404


async def test_the_neo4j_guide_points_at_the_service_it_came_from(http: httpx.AsyncClient) -> None:
    guide = (await http.get("/static/neo4j/guide.html")).text
    assert ":style http://127.0.0.1/static/neo4j/graphsvc.grass" in guide and "127.0.0.1:8000" not in guide
