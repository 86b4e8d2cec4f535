"""The Neo4j configuration ``scripts/neo4j`` writes: which graphsvc port Neo4j Browser's guide comes from."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def write_conf(tmp_path: Path, **env: str) -> str:
    """Run the script's ``write_conf`` alone (its functions, without its command dispatch) into ``tmp_path``."""
    script = (REPO / "scripts" / "neo4j").read_text(encoding="utf-8").replace('\nmain "$@"\n', "\n")
    environment = {k: v for k, v in os.environ.items() if k not in ("PORT", "NEO4J_GUIDE_PORT")}
    environment |= {"GRAPHSVC_DATA_DIR": str(tmp_path), **env}
    run = subprocess.run(
        ["bash", "-c", script + "\nwrite_conf 17687 17474\n"], env=environment, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    return (tmp_path / "neo4j" / "conf" / "neo4j.conf").read_text(encoding="utf-8")


def test_the_guide_comes_from_the_served_port_by_default(tmp_path: Path) -> None:
    conf = write_conf(tmp_path)
    assert "browser.post_connect_cmd=style http://127.0.0.1:8000/static/neo4j/graphsvc.grass; " in conf
    assert "play http://127.0.0.1:8000/static/neo4j/guide.html" in conf


def test_the_guide_port_follows_the_setting(tmp_path: Path) -> None:
    assert "http://127.0.0.1:8123/static/neo4j/guide.html" in write_conf(tmp_path, PORT="8123")
    assert "http://127.0.0.1:8124/static/neo4j/guide.html" in write_conf(tmp_path, PORT="8123", NEO4J_GUIDE_PORT="8124")


def test_off_opens_no_guide(tmp_path: Path) -> None:
    conf = write_conf(tmp_path, NEO4J_GUIDE_PORT="off")
    assert "post_connect_cmd" not in conf and "server.bolt.listen_address=127.0.0.1:17687" in conf


def test_scripts_test_starts_its_neo4j_without_a_guide() -> None:
    script = (REPO / "scripts" / "test").read_text(encoding="utf-8")
    assert "export NEO4J_GUIDE_PORT=off" in script
    assert script.index("export NEO4J_GUIDE_PORT=off") < script.index("scripts/neo4j start")
