"""Every MCP tool, found through ``tools/list`` (a new tool is covered without editing this test), called with bob's
user key naming alice, and naming a group alice is a member of and bob is not:

- every call is refused FORBIDDEN, whatever its other arguments;
- no answer holds a byte of the victim's data;
- afterwards the victim's part of the graph is exactly as it was.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from graphsvc.service import MemoryService
from tests.integration.test_cross_tenant_walk import GROUP, SECRET, VICTIM, build_victim, fingerprint
from tests.integration.test_mcp import mcp_http, served, tool_error

__all__ = ["served"]  # the fixture, used by name

SPACE_ARGUMENTS = ("user_id", "agent_id")
"""The tool arguments that name whose memory a tool uses: each is walked naming the victim."""


def value_for(schema: dict[str, Any], defs: dict[str, Any]) -> Any:
    """A valid value of a JSON-schema property (its first enum value, else one of its type; ``$ref`` read from
    ``defs``)."""
    if "$ref" in schema:
        return value_for(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
    for option in schema.get("anyOf", []):
        if option.get("type") != "null":
            return value_for(option, defs)
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "array":
        return [value_for(schema.get("items", {"type": "string"}), defs)]
    if kind == "object":
        required = schema.get("required", list(schema.get("properties", {})))
        return {name: value_for(schema["properties"][name], defs) for name in required}
    if schema.get("format") == "date-time":
        return "2026-01-01T09:00:00+00:00"
    return {"integer": 5, "number": 0.5, "boolean": False}.get(str(kind), "probe")


def calls(tool: Any, victim: str) -> list[dict[str, Any]]:
    """The calls of one tool naming ``victim``: each space argument it takes set to it (one call each), every
    required argument filled."""
    properties: dict[str, Any] = tool.input_schema.get("properties", {})
    defs: dict[str, Any] = tool.input_schema.get("$defs", {})
    base = {name: value_for(properties[name], defs) for name in tool.input_schema.get("required", [])}
    return [{**base, name: victim} for name in SPACE_ARGUMENTS if name in properties]


@pytest.mark.parametrize("victim", [VICTIM, GROUP])
async def test_every_tool_naming_another_users_or_a_foreign_groups_space_is_forbidden(
    service: MemoryService, served: str, victim: str
) -> None:
    if victim == GROUP:
        await service.create_group(group_id=GROUP, created_by=VICTIM)
    await build_victim(service, victim)
    before = await fingerprint(service, victim)
    _, bob = await service.create_api_key(user_id="bob")
    walked: set[str] = set()
    async with mcp_http(served, bob) as client:
        tools = (await client.list_tools()).tools
        assert len(tools) >= 15
        for tool in tools:
            for arguments in calls(tool, victim):
                result = await client.call_tool(tool.name, arguments)
                refused = tool_error(result)
                assert refused["code"] == "FORBIDDEN", (tool.name, arguments, refused)
                assert SECRET not in json.dumps([c.model_dump() for c in result.content]), tool.name
                walked.add(tool.name)
    assert walked == {t.name for t in tools}, {t.name for t in tools} - walked  # every tool names a space
    assert await fingerprint(service, victim) == before
