"""The service's log set-up: JSON lines on stderr, without the MCP SDK's line per request."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest

from graphsvc import logs


@pytest.fixture
def restored_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    mcp_level = logging.getLogger("mcp").level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    logging.getLogger("mcp").setLevel(mcp_level)


def test_an_mcp_request_ending_is_not_logged_but_its_warnings_are(
    restored_logging: None, capsys: pytest.CaptureFixture[str]
) -> None:
    logs.configure(fmt="json", level=logging.INFO)
    logging.getLogger("mcp.server.streamable_http").info("Terminating session: None")
    logging.getLogger("mcp.server.streamable_http").warning("a client sent a broken stream")
    logging.getLogger("graphsvc.service.worker").info("job done")
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines()]
    assert [(line["logger"], line["message"]) for line in lines] == [
        ("mcp.server.streamable_http", "a client sent a broken stream"),
        ("graphsvc.service.worker", "job done"),
    ]
