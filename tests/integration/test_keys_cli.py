"""``graphsvc keys create | list | revoke`` against the test database, and what a printed key can then do."""

from __future__ import annotations

import re

from click.testing import CliRunner

from graphsvc.cli import main
from graphsvc.service import MemoryService

KEY = re.compile(r"^gsk_[0-9a-f]{16}_[A-Za-z0-9_-]+$")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_create_list_revoke(service: MemoryService) -> None:
    code, out, err = run("keys", "create", "--user", "ana", "--name", "ana's agent")
    assert code == 0, err
    key = out.strip()
    assert KEY.match(key) and "shown only now" in err and "user ana" in err
    code, admin_out, _ = run("keys", "create", "--admin")
    assert code == 0 and KEY.match(admin_out.strip())
    key_id = key.split("_")[1]
    code, listed, _ = run("keys", "list")
    assert code == 0 and len(listed.strip().splitlines()) == 2
    assert f"{key_id}  user:ana" in listed and "ana's agent" in listed and "admin" in listed
    assert key.split("_", 2)[2] not in listed  # never the secret (which may itself hold "_")
    code, out, _ = run("keys", "revoke", key_id)
    assert code == 0 and f"revoked key {key_id}" in out
    assert key_id not in run("keys", "list")[1]
    assert "revoked" in run("keys", "list", "--all")[1]


def test_bad_calls_say_how_to_fix_them(service: MemoryService) -> None:
    for args in (("keys", "create"), ("keys", "create", "--admin", "--user", "ana")):
        code, _, err = run(*args)
        assert code == 2 and "exactly one of a user id or admin" in err and "fix: --user U, or --admin" in err
    code, _, err = run("keys", "revoke", "0000000000000000")
    assert code == 2 and "not found" in err
