"""Convert the public benchmark datasets into graphsvc's import format (one JSON object per message).

Import format (what ``graphsvc import`` reads): ``{"userId", "sessionId", "messageId", "role",
"speaker", "content", "occurredAt"}``. The datasets stay where they are (``../shared/bench/data`` beside the
checkout, or beside the main checkout when this one is a linked git worktree);
nothing of them is copied into the project.

- LoCoMo (``locomo-dev.json``): one user per conversation (``locomo-<sample_id>``), one session per
  ``session_N``, ``messageId`` = the turn's ``dia_id`` (so evidence ids can be checked), both speakers
  as role ``user`` with their names, times from ``session_N_date_time`` plus one second per turn.
- MemoryBank (``memory_bank_{en,cn}.json``): one user per name, one session per day, the user's
  ``query`` and the companion's ``response`` as ``user`` / ``assistant`` messages.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def _checkouts() -> list[Path]:
    """This checkout and, when it is a linked git worktree (``.git`` is a file naming
    ``<main>/.git/worktrees/<name>``), the main checkout it belongs to."""
    dot_git = REPO / ".git"
    if not dot_git.is_file():
        return [REPO]
    gitdir = Path(dot_git.read_text(encoding="utf-8").partition(":")[2].strip())
    return [REPO, gitdir.parents[2]] if len(gitdir.parents) > 2 else [REPO]


DATA = next(
    (path for c in _checkouts() if (path := c.parent / "shared" / "bench" / "data").is_dir()),
    REPO.parent / "shared" / "bench" / "data",
)
"""``../shared/bench/data`` beside the checkout, or beside the main checkout of a linked worktree."""
LOCOMO_DEV = DATA / "locomo" / "locomo-dev.json"
MEMORYBANK = {lang: DATA / "memorybank_siliconfriend" / lang / f"memory_bank_{lang}.json" for lang in ("en", "cn")}
PROBING = {lang: DATA / "memorybank_siliconfriend" / lang / f"probing_questions_{lang}.jsonl" for lang in ("en", "cn")}

Record = dict[str, Any]


def parse_locomo_time(text: str) -> datetime:
    """``"1:56 pm on 8 May, 2023"`` → aware UTC datetime."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def locomo_user(sample_id: str) -> str:
    return f"locomo-{sample_id}"


def locomo_sample(user_id: str) -> str:
    """The conversation (``sample_id``, the unit ``splits.py`` splits LoCoMo by) of a LoCoMo user id."""
    return user_id.removeprefix("locomo-")


def locomo_samples(path: Path = LOCOMO_DEV) -> list[str]:
    """The conversations (``sample_id``) of a LoCoMo file, in file order."""
    return [sample["sample_id"] for sample in json.loads(path.read_text(encoding="utf-8"))]


def locomo_records(
    path: Path = LOCOMO_DEV, *, conversations: int | None = None, samples: Collection[str] | None = None
) -> Iterator[Record]:
    """Every turn of every conversation (or the first ``conversations``, of those only the ``samples`` named) as an
    import record."""
    for sample in json.loads(path.read_text(encoding="utf-8"))[:conversations]:
        if samples is not None and sample["sample_id"] not in samples:
            continue
        conv = sample["conversation"]
        sessions = sorted(
            (int(m.group(1)) for key in conv if (m := re.fullmatch(r"session_(\d+)", key))),
        )
        for number in sessions:
            start = parse_locomo_time(conv[f"session_{number}_date_time"])
            for i, turn in enumerate(conv[f"session_{number}"]):
                text = turn.get("text", "")
                if turn.get("blip_caption"):
                    text = f"{text} [shares a photo: {turn['blip_caption']}]"
                if not text.strip():
                    continue
                yield {
                    "userId": locomo_user(sample["sample_id"]),
                    "sessionId": f"session_{number}",
                    "messageId": turn["dia_id"],
                    "role": "user",
                    "speaker": turn["speaker"],
                    "content": text,
                    "occurredAt": (start + timedelta(seconds=i)).isoformat(),
                }


def evidence_ids(raw: list[str]) -> list[str]:
    """LoCoMo evidence lists sometimes pack several ids in one string ("D1:3; D1:4")."""
    return [part for item in raw for part in re.split(r"[\s,;]+", str(item)) if re.fullmatch(r"D\d+:\d+", part)]


def locomo_questions(
    path: Path = LOCOMO_DEV,
    *,
    categories: tuple[int, ...] = (1, 2, 3, 4),
    conversations: int | None = None,
    samples: Collection[str] | None = None,
) -> Iterator[Record]:
    """``{"userId", "question", "category", "evidence"}`` for the questions of the given categories (of the first
    ``conversations``, of those only the ``samples`` named)."""
    for sample in json.loads(path.read_text(encoding="utf-8"))[:conversations]:
        if samples is not None and sample["sample_id"] not in samples:
            continue
        for qa in sample["qa"]:
            ids = evidence_ids(qa.get("evidence", []))
            if qa.get("category") in categories and ids:
                yield {
                    "userId": locomo_user(sample["sample_id"]),
                    "question": qa["question"],
                    "category": qa["category"],
                    "evidence": ids,
                }


def memorybank_records(path: Path, *, users: list[str] | None = None) -> Iterator[Record]:
    """Each day of each user's history as a session of user/assistant messages."""
    bank = json.loads(path.read_text(encoding="utf-8"))
    for name, person in bank.items():
        if users is not None and name not in users:
            continue
        for day, turns in sorted(person.get("history", {}).items()):
            start = datetime.fromisoformat(day).replace(hour=10, tzinfo=UTC)
            for i, turn in enumerate(turns):
                at = start + timedelta(minutes=2 * i)
                for role, key, offset in (("user", "query", 0), ("assistant", "response", 1)):
                    text = str(turn.get(key) or "").strip()
                    if text:
                        yield {
                            "userId": f"memorybank-{name}",
                            "sessionId": day,
                            "messageId": f"{day}-{i}-{role}",
                            "role": role,
                            "speaker": name if role == "user" else "AI",
                            "content": text,
                            "occurredAt": (at + timedelta(minutes=offset)).isoformat(),
                        }


def memorybank_questions(path: Path) -> dict[str, list[str]]:
    """``{user name: [probing question, ...]}``."""
    out: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.update(json.loads(line))
    return out


def write_jsonl(records: Iterator[Record], out: Path) -> int:
    count = 0
    with out.open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
            count += 1
    return count
