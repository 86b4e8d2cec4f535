"""``scripts/test`` passes whether or not ``scripts/serve`` runs: the test Neo4j never points at the served port.

Neo4j Browser runs its ``browser.post_connect_cmd`` after connecting; if the test Neo4j's named the port
``scripts/serve`` listens on, a served instance answering there would change what the Browser test sees.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from graphsvc.config import Settings


def test_the_test_neo4j_opens_nothing_from_the_served_port() -> None:
    conf = Path(os.environ.get("GRAPHSVC_DATA_DIR", ".data/test")) / "neo4j" / "conf" / "neo4j.conf"
    text = conf.read_text(encoding="utf-8")
    assert "server.bolt.listen_address" in text, "not the generated configuration of the test Neo4j"
    served = Settings().port  # where scripts/serve listens: PORT (environment or .env), else 8000
    commands = re.findall(r"^browser\.post_connect_cmd=(.*)$", text, re.M)
    assert not any(f":{served}/" in command for command in commands), commands
    assert commands == [], "scripts/test starts its Neo4j with NEO4J_GUIDE_PORT=off"
