"""Validate the everyday benchmark set (conversations.jsonl + gold.jsonl) and print its counts.

Run from the worktree root:

    python3 scripts/bench/everyday/check.py [DIR]

``DIR``: another set's folder in the same format (its minimums are not checked); this script's own by default.

Checks, for conversations.jsonl:
  * every record has exactly the keys userId, sessionId, messageId, role, speaker, content, occurredAt, in that order;
  * userId starts with everyday-en- or everyday-zh-; sessionId is s<n>; messageId is <sessionId>-<index>, the
    index counting 0, 1, 2, ... within the session; (userId, messageId) is unique;
  * role is user or assistant; the assistant's speaker is "Assistant", a user's speaker is a name;
  * occurredAt is ISO 8601 with an offset; times strictly increase within a session; the sessions of a user are
    numbered s1, s2, ... in time order and do not overlap;
  * a user whose sessions have two user speakers has no assistant turn (a chat between two people).
For gold.jsonl:
  * keys in the documented order for each kind; kind, type, entity_kind and relation from the documented lists;
  * a memory points at an existing USER message of that user and session; its about is a speaker of that user
    or a person/animal entity of that user; its text is non-empty and in the user's language;
  * trait / trait_maybe / trait_never: about is a speaker of that user; sessions exist for that user; a trait has
    3 or more sessions, a trait_maybe exactly 2, a trait_never 1; for trait and trait_maybe every listed session
    has a gold memory about that person whose text contains one of the keywords;
  * an entity / entity_never name occurs in that user's own (user-role) words; no name is both;
  * a relation's source is a speaker or a person entity of that user, its target an entity or a speaker of it.
Then it prints the counts and checks the minimums of the set (36 sessions, 330 user turns, about 60 % English,
two two-person chats of 3 or more sessions). Exit status 1 when anything fails.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter, defaultdict
from datetime import datetime
from itertools import pairwise
from pathlib import Path
from typing import TypedDict, cast

HERE = Path(__file__).resolve().parent
CONV_KEYS = ["userId", "sessionId", "messageId", "role", "speaker", "content", "occurredAt"]
GOLD_KEYS = {
    "memory": ["kind", "userId", "sessionId", "messageId", "about", "type", "plain", "text"],
    "trait": ["kind", "userId", "about", "text", "sessions", "keywords"],
    "trait_maybe": ["kind", "userId", "about", "text", "sessions", "keywords"],
    "trait_never": ["kind", "userId", "about", "text", "sessions"],
    "entity": ["kind", "userId", "name", "entity_kind"],
    "entity_never": ["kind", "userId", "name"],
    "relation": ["kind", "userId", "source", "relation", "target"],
}
TYPES = {"fact", "preference", "goal", "pain_point", "event"}
ENTITY_KINDS = {"person", "place", "organization", "work", "thing", "animal", "language", "product"}
RELATIONS = {
    "sister",
    "brother",
    "mother",
    "father",
    "son",
    "daughter",
    "partner",
    "wife",
    "husband",
    "friend",
    "colleague",
    "boss",
    "works_at",
    "lives_in",
    "owns",
    "has_pet",
    "from",
    "studies_at",
}
CJK = re.compile(r"[\u4e00-\u9fff]")
# (trait kind, exact number of sessions it must list; None: 3 or more)
TRAIT_SESSIONS: tuple[tuple[str, int | None], ...] = (("trait", None), ("trait_maybe", 2), ("trait_never", 1))


class Message(TypedDict):
    """One record of conversations.jsonl."""

    userId: str
    sessionId: str
    messageId: str
    role: str
    speaker: str
    content: str
    occurredAt: str


class Gold(TypedDict, total=False):
    """One record of gold.jsonl; which keys it has depends on its kind (see GOLD_KEYS)."""

    kind: str
    userId: str
    sessionId: str
    messageId: str
    about: str
    type: str
    plain: bool
    text: str
    sessions: list[str]
    keywords: list[str]
    name: str
    entity_kind: str
    source: str
    relation: str
    target: str


Row = tuple[int, dict[str, object]]  # (line number, the line's JSON object)
Timed = tuple[datetime, Message]  # a message with its parsed occurredAt
Sessions = defaultdict[str, list[Timed]]  # sessionId -> the session's messages in file order
Entry = tuple[str, Gold]  # (file:line, gold item)
Kinds = defaultdict[str, list[Entry]]  # kind -> a user's gold items of that kind

errors: list[str] = []


def err(msg: str) -> None:
    """Record one problem."""
    errors.append(msg)


def load(name: str, root: Path = HERE) -> list[Row]:
    """Read a JSONL file of the set in ``root`` (this script's folder by default) as numbered rows, recording empty
    and non-JSON lines."""
    rows: list[Row] = []
    with open(root / name, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err(f"{name}:{n}: empty line")
                continue
            try:
                rows.append((n, json.loads(line)))
            except json.JSONDecodeError as e:
                err(f"{name}:{n}: not JSON ({e})")
    return rows


def lang(user: str) -> str:
    """The language of a user: en or zh."""
    return "en" if user.startswith("everyday-en-") else "zh"


def user_speakers(ss: Sessions) -> set[str]:
    """The speakers of a user's user-role turns."""
    return {r["speaker"] for recs in ss.values() for _, r in recs if r["role"] == "user"}


def own_words(ss: Sessions) -> str:
    """A user's user-role turns as one casefolded text."""
    return " \n".join(r["content"] for recs in ss.values() for _, r in recs if r["role"] == "user").casefold()


# conversations.jsonl


def check_ids(where: str, r: Message, msgs: dict[tuple[str, str], Message]) -> None:
    """Check a message's userId, sessionId and messageId, and that the messageId is new for the user."""
    u, s, m = r["userId"], r["sessionId"], r["messageId"]
    if not re.fullmatch(r"everyday-(en|zh)-[a-z0-9-]+", u):
        err(f"{where}: bad userId {u!r}")
    if not re.fullmatch(r"s[1-9][0-9]*", s):
        err(f"{where}: bad sessionId {s!r}")
    if not re.fullmatch(re.escape(s) + r"-(0|[1-9][0-9]*)", m):
        err(f"{where}: messageId {m!r} does not follow {s}-<index>")
    if (u, m) in msgs:
        err(f"{where}: duplicate messageId {m} for {u}")


def check_role(where: str, r: Message) -> None:
    """Check a message's role and that its speaker fits the role."""
    if r["role"] not in ("user", "assistant"):
        err(f"{where}: bad role {r['role']!r}")
    if r["role"] == "assistant" and r["speaker"] != "Assistant":
        err(f"{where}: assistant speaker must be 'Assistant'")
    if r["role"] == "user" and (not r["speaker"] or r["speaker"] == "Assistant"):
        err(f"{where}: user turn needs the person's name as speaker")


def parse_time(where: str, r: Message) -> datetime | None:
    """A message's occurredAt, checked to carry an offset; None when it does not parse."""
    try:
        t = datetime.fromisoformat(r["occurredAt"])
    except ValueError:
        err(f"{where}: bad occurredAt {r['occurredAt']!r}")
        return None
    if t.tzinfo is None:
        err(f"{where}: occurredAt has no offset")
    return t


def check_session(u: str, s: str, recs: list[Timed], prev_end: datetime | None) -> datetime:
    """Check one session's message ids and times against the previous session's end; return its own end."""
    for i, (_, r) in enumerate(recs):
        if r["messageId"] != f"{s}-{i}":
            err(f"{u} {s}: message {i} has id {r['messageId']} (ids must count 0, 1, 2, ... in file order)")
    times = [t for t, _ in recs]
    if any(b <= a for a, b in pairwise(times)):
        err(f"{u} {s}: times do not strictly increase")
    if prev_end is not None and times[0] <= prev_end:
        err(f"{u} {s}: starts before the previous session ends")
    return times[-1]


def check_user_sessions(u: str, ss: Sessions) -> None:
    """Check a user's session numbering and order, and that a two-person chat has no assistant."""
    names = sorted(ss, key=lambda x: int(x[1:]))
    if names != [f"s{i}" for i in range(1, len(names) + 1)]:
        err(f"{u}: sessions {names} are not s1..s{len(names)}")
    prev_end: datetime | None = None
    for s in names:
        prev_end = check_session(u, s, ss[s], prev_end)
    has_assistant = any(r["role"] == "assistant" for recs in ss.values() for _, r in recs)
    if len(user_speakers(ss)) > 1 and has_assistant:
        err(f"{u}: two user speakers and an assistant (a two-person chat has no assistant)")


def check_conversations(
    rows: list[Row],
) -> tuple[dict[tuple[str, str], Message], defaultdict[str, Sessions]]:
    """Check conversations.jsonl; return its messages by (userId, messageId) and its sessions by user."""
    msgs: dict[tuple[str, str], Message] = {}
    sessions: defaultdict[str, Sessions] = defaultdict(lambda: defaultdict(list))
    for n, raw in rows:
        where = f"conversations.jsonl:{n}"
        if list(raw) != CONV_KEYS:
            err(f"{where}: keys {list(raw)} are not {CONV_KEYS}")
            continue
        r = cast(Message, raw)
        check_ids(where, r, msgs)
        check_role(where, r)
        if not r["content"].strip():
            err(f"{where}: empty content")
        t = parse_time(where, r)
        if t is None:
            continue
        msgs[(r["userId"], r["messageId"])] = r
        sessions[r["userId"]][r["sessionId"]].append((t, r))
    for u, ss in sessions.items():
        check_user_sessions(u, ss)
    return msgs, sessions


# gold.jsonl


def group_gold(rows: list[Row], sessions: defaultdict[str, Sessions]) -> defaultdict[str, Kinds]:
    """Check each gold item's kind, keys and user; return the good ones by user and kind."""
    by_user: defaultdict[str, Kinds] = defaultdict(lambda: defaultdict(list))
    for n, raw in rows:
        where = f"gold.jsonl:{n}"
        k = raw.get("kind")
        if k not in GOLD_KEYS:
            err(f"{where}: unknown kind {k!r}")
            continue
        g = cast(Gold, raw)
        if list(g) != GOLD_KEYS[g["kind"]]:
            err(f"{where}: keys {list(g)} are not {GOLD_KEYS[g['kind']]}")
            continue
        if g["userId"] not in sessions:
            err(f"{where}: unknown userId {g['userId']}")
            continue
        by_user[g["userId"]][g["kind"]].append((where, g))
    return by_user


def check_entities(u: str, entries: list[Entry], user_text: str) -> dict[str, str]:
    """Check a user's entities; return their kinds by name."""
    ent_names: dict[str, str] = {}
    for where, g in entries:
        if g["entity_kind"] not in ENTITY_KINDS:
            err(f"{where}: bad entity_kind {g['entity_kind']!r}")
        if g["name"] in ent_names:
            err(f"{where}: entity {g['name']!r} listed twice")
        ent_names[g["name"]] = g["entity_kind"]
        if g["name"].casefold() not in user_text:
            err(f"{where}: entity {g['name']!r} is not in {u}'s own words")
    return ent_names


def check_entity_never(u: str, entries: list[Entry], user_text: str, ent_names: dict[str, str]) -> None:
    """Check a user's entity_never items: in the user's words and not also an entity."""
    for where, g in entries:
        if g["name"] in ent_names:
            err(f"{where}: {g['name']!r} is both entity and entity_never")
        if g["name"].casefold() not in user_text:
            err(f"{where}: entity_never {g['name']!r} is not in {u}'s own words")


def check_memory_message(where: str, u: str, g: Gold, msgs: dict[tuple[str, str], Message]) -> None:
    """Check that a memory points at a user turn of its user and session."""
    r = msgs.get((u, g["messageId"]))
    if r is None:
        err(f"{where}: no message {g['messageId']} for {u}")
    elif r["role"] != "user":
        err(f"{where}: {g['messageId']} is not a user turn")
    elif r["sessionId"] != g["sessionId"]:
        err(f"{where}: sessionId {g['sessionId']} does not match the message's")


def check_memory(where: str, u: str, g: Gold, msgs: dict[tuple[str, str], Message], abouts: set[str]) -> None:
    """Check one memory: its message, type, plain flag, about and text."""
    check_memory_message(where, u, g, msgs)
    if g["type"] not in TYPES:
        err(f"{where}: bad type {g['type']!r}")
    if not isinstance(g["plain"], bool):
        err(f"{where}: plain must be true or false")
    if g["about"] not in abouts:
        err(f"{where}: about {g['about']!r} is neither a speaker nor a person/animal entity of {u}")
    if not g["text"].strip():
        err(f"{where}: empty text")
    elif bool(CJK.search(g["text"])) != (lang(u) == "zh"):
        err(f"{where}: text is not in the user's language")


def check_memories(
    u: str, entries: list[Entry], msgs: dict[tuple[str, str], Message], abouts: set[str]
) -> defaultdict[tuple[str, str], list[str]]:
    """Check a user's memories; return their casefolded texts by (about, sessionId)."""
    mem_by_session: defaultdict[tuple[str, str], list[str]] = defaultdict(list)
    for where, g in entries:
        check_memory(where, u, g, msgs, abouts)
        mem_by_session[(g["about"], g["sessionId"])].append(g["text"].casefold())
    return mem_by_session


def check_trait_keywords(where: str, g: Gold, mem_by_session: defaultdict[tuple[str, str], list[str]]) -> None:
    """Check that every session of a trait has a memory about its person containing one of its keywords."""
    kws = [w.casefold() for w in g["keywords"]]
    if not kws or not all(w.strip() for w in kws):
        err(f"{where}: empty keywords")
    for s in g["sessions"]:
        if not any(w in t for t in mem_by_session[(g["about"], s)] for w in kws):
            err(f"{where}: no memory about {g['about']} in {s} contains a keyword {kws}")


def check_trait_sessions(where: str, u: str, k: str, need: int | None, g: Gold, ss: Sessions) -> None:
    """Check that a trait's sessions are distinct, exist and are as many as its kind needs."""
    if len(set(g["sessions"])) != len(g["sessions"]):
        err(f"{where}: repeated session")
    for s in g["sessions"]:
        if s not in ss:
            err(f"{where}: session {s} does not exist for {u}")
    n = len(g["sessions"])
    if (need is None and n < 3) or (need is not None and n != need):
        err(f"{where}: {k} with {n} sessions")


def check_traits(
    u: str,
    kinds: Kinds,
    speakers: set[str],
    ss: Sessions,
    mem_by_session: defaultdict[tuple[str, str], list[str]],
) -> None:
    """Check a user's trait, trait_maybe and trait_never items."""
    for k, need in TRAIT_SESSIONS:
        for where, g in kinds[k]:
            if g["about"] not in speakers:
                err(f"{where}: {k} about {g['about']!r} is not a speaker of {u}")
            check_trait_sessions(where, u, k, need, g, ss)
            if k != "trait_never":
                check_trait_keywords(where, g, mem_by_session)


def check_relations(
    u: str, entries: list[Entry], people: set[str], ent_names: dict[str, str], speakers: set[str]
) -> None:
    """Check a user's relations: a known relation from a person to an entity or speaker."""
    for where, g in entries:
        if g["relation"] not in RELATIONS:
            err(f"{where}: bad relation {g['relation']!r}")
        if g["source"] not in people:
            err(f"{where}: source {g['source']!r} is neither a speaker nor a person entity of {u}")
        if g["target"] not in ent_names and g["target"] not in speakers:
            err(f"{where}: target {g['target']!r} is neither an entity nor a speaker of {u}")


def check_user_gold(u: str, kinds: Kinds, msgs: dict[tuple[str, str], Message], ss: Sessions) -> None:
    """Check all gold items of one user against that user's conversations."""
    speakers = user_speakers(ss)
    user_text = own_words(ss)
    ent_names = check_entities(u, kinds["entity"], user_text)
    check_entity_never(u, kinds["entity_never"], user_text, ent_names)
    people = speakers | {n for n, k in ent_names.items() if k == "person"}
    abouts = people | {n for n, k in ent_names.items() if k == "animal"}
    mem_by_session = check_memories(u, kinds["memory"], msgs, abouts)
    check_traits(u, kinds, speakers, ss, mem_by_session)
    check_relations(u, kinds["relation"], people, ent_names, speakers)


def check_gold(
    rows: list[Row], msgs: dict[tuple[str, str], Message], sessions: defaultdict[str, Sessions]
) -> defaultdict[str, Kinds]:
    """Check gold.jsonl; return its items by user and kind."""
    by_user = group_gold(rows, sessions)
    for u, kinds in by_user.items():
        check_user_gold(u, kinds, msgs, sessions[u])
    return by_user


# counts and minimums


def print_users(sessions: defaultdict[str, Sessions]) -> None:
    """Print the users per language, each with its sessions, user turns and speakers."""
    users: dict[str, list[str]] = {"en": [], "zh": []}
    for u in sorted(sessions):
        users[lang(u)].append(u)
    print("users:", len(sessions), f"(en {len(users['en'])}, zh {len(users['zh'])})")
    for u in users["en"] + users["zh"]:
        speakers = sorted(user_speakers(sessions[u]))
        n_user = sum(1 for recs in sessions[u].values() for _, r in recs if r["role"] == "user")
        print(f"  {u}: {len(sessions[u])} sessions, {n_user} user turns, speakers {', '.join(speakers)}")


def count_turns(sessions: defaultdict[str, Sessions]) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """Count sessions, user turns and assistant turns per language."""
    sess: Counter[str] = Counter()
    turns: Counter[str] = Counter()
    asst: Counter[str] = Counter()
    for u, ss in sessions.items():
        sess[lang(u)] += len(ss)
        for recs in ss.values():
            for _, r in recs:
                (turns if r["role"] == "user" else asst)[lang(u)] += 1
    return sess, turns, asst


def print_turns(sess: Counter[str], turns: Counter[str], asst: Counter[str]) -> None:
    """Print the session, user turn and assistant turn counts."""
    print("sessions:", sum(sess.values()), f"(en {sess['en']}, zh {sess['zh']})")
    total = turns["en"] + turns["zh"]
    print("user turns:", total, f"(en {turns['en']}, zh {turns['zh']}; en share {turns['en'] / max(total, 1):.0%})")
    print("assistant turns:", asst["en"] + asst["zh"])


def print_gold(by_user: defaultdict[str, Kinds]) -> None:
    """Print the gold item counts per kind and the plain memory count."""
    kinds: Counter[str] = Counter()
    plain = 0
    for ks in by_user.values():
        for k, items in ks.items():
            kinds[k] += len(items)
            if k == "memory":
                plain += sum(1 for _, g in items if g["plain"])
    print("gold items:", sum(kinds.values()))
    for k in GOLD_KEYS:
        print(f"  {k}: {kinds[k]}")
    print("plain memories:", plain, f"(not plain: {kinds['memory'] - plain})")


def check_minimums(
    sessions: defaultdict[str, Sessions], sess: Counter[str], turns: Counter[str], two: list[str]
) -> None:
    """Check the minimums of the set: sessions, user turns, English share, two-person chats, sessions per user."""
    total = turns["en"] + turns["zh"]
    if sum(sess.values()) < 36:
        err("fewer than 36 sessions")
    if total < 330:
        err("fewer than 330 user turns")
    if total and not 0.5 <= turns["en"] / total <= 0.7:
        err("English share of user turns is not about 60 %")
    if len([u for u in two if len(sessions[u]) >= 3]) < 2:
        err("fewer than two two-person chats with 3 or more sessions")
    for u, ss in sessions.items():
        if not 2 <= len(ss) <= 5:
            err(f"{u}: {len(ss)} sessions (2 to 5 expected)")


def report() -> int:
    """Print the problems found, or OK; return the exit status."""
    if errors:
        print(f"\nFAILED: {len(errors)} problem(s)")
        for e in errors:
            print("  " + e)
        return 1
    print("\nOK")
    return 0


def main() -> int:
    """Check both files of the set in the folder given as the only argument (this script's folder by default),
    print the counts, check the minimums (of this folder's set only) and report."""
    root = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else HERE
    msgs, sessions = check_conversations(load("conversations.jsonl", root))
    by_user = check_gold(load("gold.jsonl", root), msgs, sessions)
    print_users(sessions)
    sess, turns, asst = count_turns(sessions)
    print_turns(sess, turns, asst)
    print_gold(by_user)
    two = [u for u, ss in sessions.items() if len(user_speakers(ss)) == 2]
    print("two-person chats:", ", ".join(sorted(two)) or "none")
    if root == HERE:
        check_minimums(sessions, sess, turns, two)
    return report()


if __name__ == "__main__":
    sys.exit(main())
