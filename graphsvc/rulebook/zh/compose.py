"""Chinese: one sentence → the statements the rules keep, and why the rest was not kept.

The same decisions as English (:mod:`graphsvc.rulebook.en.compose`), on jieba's words: :mod:`.trim` (a request to
remember marks what follows), :mod:`.split` at commas (a clause without a subject takes the first one's), per
piece :mod:`.trim` again, an opening 她 or 他 that stands for the person the speaker last named said in full
(:mod:`.refer`), a dropped 我 restored (:mod:`.subject`), :mod:`.refuse`, :mod:`.keep`, :mod:`.type`, and
the speaker named on the words (never by a substitution inside a word, never by 自己).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from graphsvc.rulebook.engine import Hit, Selection, best_keep, matches, subject_given
from graphsvc.rulebook.judgement import Judgement, Statement
from graphsvc.rulebook.lexicon import zh as lexicon
from graphsvc.rulebook.parse import parse
from graphsvc.rulebook.referents import SOMEONE, Discourse, Referent
from graphsvc.rulebook.rule import Rule
from graphsvc.rulebook.zh.shapes import ANIMAL, NAME_TAGS
from graphsvc.text.time_phrases import resolve_relative_time
from graphsvc.vocabulary import MemoryType

_END = "。！!？?…~～.；;，,"
_ANIMAL_WORD = ANIMAL["ORTH"]["REGEX"]
"""An animal's word (猫, 金毛, 比格犬), as the rules' :data:`~graphsvc.rulebook.zh.shapes.ANIMAL` reads it."""
_TIMES = lexicon.TIME_WORDS | lexicon.WEEKDAYS | lexicon.TIME_UNITS
"""Words that only say when (早上, 周五, 周末)."""


def _rules(rules: Sequence[Rule], decision: str, selection: Selection) -> tuple[Rule, ...]:
    return tuple(r for r in rules if r.decision == decision and selection.allows(r))


def _join(tokens: Sequence[Any]) -> str:
    """The tokens' text, with the spaces kept between Latin words (:func:`graphsvc.rulebook.parse.parse`)."""
    return "".join(t.text_with_ws for t in tokens).rstrip()


def trim(text: str, rules: Sequence[Rule], shaped_by: list[str]) -> tuple[str, bool]:
    """Apply trim rules at the start until none fires: the text left and whether a request to remember was
    trimmed."""
    requested = False
    for _ in range(8):
        doc = parse(text, "zh")
        hits = matches(doc, rules)
        if not hits:
            break
        hit = hits[0]
        rest = _join(doc[hit.end :])
        if not re.search(r"[\u4e00-\u9fff\w]", rest) and hit.rule.output == "requested":
            shaped_by.append(hit.rule.id)  # "请记住：": what follows is what to remember
            return "", True
        if hit.rule.output == "after_subject":  # the pattern ends on 我: the time words go right after it
            lead = _join([t for t in doc[hit.start : hit.end - 1] if not t.is_punct])
            person = doc[hit.end].text if hit.end < len(doc) and doc[hit.end].text in lexicon.RELATION_WORDS else ""
            rest = "我" + person + lead + _join(doc[hit.end + (1 if person else 0) :])  # 明天我爸… → 我爸明天…
        if not re.search(r"[\u4e00-\u9fff\w]", rest):
            break
        requested = requested or hit.rule.output == "requested"
        shaped_by.append(hit.rule.id)
        text = rest
    return text, requested


def _subject_of(doc: Any) -> str:
    """我, or 我 with a person of theirs (我女儿, 我的老板), when a piece opens with it; a person of theirs said
    without 我 (儿子有多动症: the speaker's son, as the piece is judged); else ""."""
    if len(doc) > 1 and doc[0].text in lexicon.PERSON_WORDS:
        return str(doc[0].text)
    if len(doc) == 0 or doc[0].text != "我":
        return ""
    words = ["我"]
    rest = [t.text for t in doc[1:3]]
    if rest[:1] == ["的"] and rest[1:2] and rest[1] in lexicon.PERSON_WORDS:
        words += rest[:2]
    elif rest[:1] and rest[0] in lexicon.PERSON_WORDS | lexicon.PLURAL_PEOPLE:
        words += rest[:1]
    return "".join(words)


def split(text: str, rules: Sequence[Rule]) -> list[tuple[str, str | None, bool]]:
    """The clauses of a sentence: ``(clause, rule id that cut it off or None for the first, whether an earlier
    clause named a subject)``; a clause cut by a ``carry`` rule that has no subject of its own takes the previous
    clause's, unless that clause names 他 or 她 (who the next clause is about is then unsure, and counts as named)
    or is the speaker's and ends with an animal or a person word: then the clause is about that one when the
    clause before introduced it (我有个哥哥，在银行上班 → 我的哥哥在银行上班), else unsure. One cut by a
    ``carry_named`` rule (…，叫旺财) takes 我的<word> when the speaker's clause before ended with an animal or a
    person word (:func:`_named`), else no subject. No cut is made at the comma that ends a ``join`` rule's span
    (要是我住在海边，…: a condition and what follows it are one clause); the clause holding it names that rule."""
    doc = parse(text, "zh")
    hits = matches(doc, rules, every=True)
    joined = {hit.end - 1: hit for hit in hits if hit.rule.output == "join"}  # the comma after a condition
    cuts: list[tuple[int, Hit]] = []
    for hit in hits:
        if hit.rule.output != "join" and hit.start not in joined and (not cuts or hit.start > cuts[-1][0]):
            cuts.append((hit.start, hit))
    pieces: list[tuple[str, str | None, bool]] = []
    start, subject, rule_id, carried, unsure, previous = 0, "", None, None, False, ""
    ends: list[tuple[int, Hit | None]] = [*cuts, (len(doc), None)]
    for cut, ending in ends:
        tokens = list(doc[start:cut])
        while tokens and (tokens[0].is_punct or tokens[0].text in lexicon.DISCOURSE_MARKERS):
            tokens = tokens[1:]
        piece = _join(tokens).strip("，,；;、 ")
        if piece and pieces and _only_when(tokens):  # 我的航班是CA1234，周五早上八点: the time is the flight's
            pieces[-1] = (f"{pieces[-1][0]}，{piece}", *pieces[-1][1:])
            previous = pieces[-1][0]
        elif piece:
            own = _subject_of(parse(piece, "zh"))
            had_subject = bool(subject) or unsure
            if carried == "carry" and subject and not own:
                named = _named(previous, subject)  # 我有个哥哥，在银行上班: the brother works there
                piece = ((named if _introduces(previous) else "") if named else subject) + piece
            elif carried == "carry_named" and not own:
                piece = _named(previous, subject) + piece
            held = next((h for at, h in joined.items() if start <= at < cut), None)  # a condition's comma inside
            pieces.append((piece, held.rule.id if held is not None else rule_id, had_subject))
            previous = piece
            subject = own or subject
            if any(t.text in lexicon.THIRD_PERSON for t in parse(piece, "zh")):
                # 我知道他喜欢旅游，喜欢…: the next clause may be his: no subject is carried, nor 我 restored
                subject, unsure = "", True
        start = cut
        rule_id = ending.rule.id if ending is not None else None
        carried = ending.rule.output if ending is not None else None
    return pieces or [(text, None, False)]


def _only_when(tokens: Sequence[Any]) -> bool:
    """Whether a clause says nothing but when (周五早上八点, 下午三点): it belongs to the clause before it."""
    words = [t for t in tokens if not t.is_punct]
    return bool(words) and all(
        t.tag_ == "t" or t.text in _TIMES or re.fullmatch(f"{lexicon.TIME_PHRASE}|{lexicon.CLOCK_TIME}", t.text)
        for t in words
    )


def _introduces(clause: str) -> bool:
    """Whether the clause brings someone in (我有个哥哥, 我养了一只猫): what follows it is about them."""
    return any(t.text in lexicon.INTRODUCING for t in parse(clause, "zh"))


def _named(previous: str, subject: str) -> str:
    """我的<word> when the clause before was the speaker's own (its subject 我 alone, or 我家) and ended with an
    animal or a person word (我养了一只狗 → 我的狗; 我家有一只橘猫 → 我的橘猫: a kind of animal by how it ends,
    :data:`graphsvc.rulebook.zh.shapes.ANIMAL`); else "" (the named clause keeps no subject and is judged as
    unsure)."""
    if not previous or (subject != "我" and not previous.startswith("我家")):
        return ""
    last = [t.text for t in parse(previous, "zh") if not t.is_punct][-1:]
    if last and (last[0] in lexicon.PERSON_WORDS or re.fullmatch(_ANIMAL_WORD, last[0])):
        return f"我的{last[0]}"
    return ""


def _shaping(doc: Any, rules: Sequence[Rule], outputs: tuple[str, ...], shaped_by: list[str]) -> Hit | None:
    """The first hit of a ``subject`` rule of ``outputs`` on ``doc`` (its id added to ``shaped_by``), or None."""
    hits = [h for h in matches(doc, rules) if h.rule.output in outputs]
    if not hits:
        return None
    shaped_by.append(hits[0].rule.id)
    return hits[0]


def _household(text: str, rules: Sequence[Rule], shaped_by: list[str]) -> str:
    """我们家/咱们家 → 我家 where a ``household`` rule says the 我们 is the speaker's family (我们家只吃清真的)."""
    doc = parse(text, "zh")
    hit = _shaping(doc, rules, ("household",), shaped_by)
    return text if hit is None else "我家" + "".join(t.text_with_ws for t in doc[hit.start + 2 :])


def _we_as_speaker(text: str, rules: Sequence[Rule], shaped_by: list[str]) -> str:
    """我们 → 我 where a ``we_as_speaker`` rule says the 我们 is the speaker's household, which a person of theirs
    lives with (我奶奶和我们住在一起 → 我奶奶和我住在一起)."""
    doc = parse(text, "zh")
    hit = _shaping(doc, rules, ("we_as_speaker",), shaped_by)
    if hit is None:
        return text
    return "".join(
        "我" + t.whitespace_ if hit.start <= t.i < hit.end and t.text in lexicon.WE else t.text_with_ws for t in doc
    )


def _dated_have(text: str, rules: Sequence[Rule], shaped_by: list[str]) -> str:
    """我<time>的<happening> → 我<time>有<happening> where a ``dated_have`` rule fires (我周五的航班 → 我周五有航班)."""
    doc = parse(text, "zh")
    hit = _shaping(doc, rules, ("dated_have",), shaped_by)
    if hit is None:
        return text
    at = next(t.i for t in doc[hit.start : hit.end] if t.text == "的")
    return "".join("有" if t.i == at else t.text_with_ws for t in doc)


def _restore(text: str, rules: Sequence[Rule], shaped_by: list[str], outputs: tuple[str, ...]) -> str:
    """A dropped 我 put back where a ``subject`` rule of ``outputs`` fires (最近在学吉他 → 我最近在学吉他)."""
    return text if _shaping(parse(text, "zh"), rules, outputs, shaped_by) is None else "我" + text


def people(doc: Any, speaker: str) -> list[Referent]:
    """The people a statement names, in order: one of the speaker's (我女儿, 我的老板, or a person word opening the
    statement with 我 dropped: 女朋友叫许晴), and a person by name opening it or given by a naming verb (小李明天来,
    他叫王建华), or someone unnamed (``SOMEONE``: 一个出租车司机); a name given to a person word (我妹妹叫林霞) is
    that person. The speaker's own name is nobody else."""
    found: list[Referent] = []
    relations = lexicon.RELATION_WORDS
    words = [t.text for t in doc]
    for i, word in enumerate(words):
        before = words[i - 1] if i else ""
        mine = before in lexicon.SPEAKER or (before in lexicon.POSSESSIVE and i > 1 and words[i - 2] in lexicon.SPEAKER)
        if word in relations and (mine or i == 0):
            found.append(Referent(f"我{word}", lexicon.GENDERED_PERSON_WORDS.get(word, ""), relations[word]))
        elif doc[i].tag_ == "nr" and word != speaker and (i == 0 or before in lexicon.NAMING_WORDS):
            given = before in lexicon.NAMING_WORDS and i > 1 and words[i - 2] in relations
            if not given:
                found.append(Referent(word))
        elif _someone(doc, i, relations):
            found.append(SOMEONE)
    return found


def _someone(doc: Any, i: int, relations: dict[str, str]) -> bool:
    """Someone a statement speaks of without a name or a relation of the speaker's (一个出租车司机, 他同事): a person
    or occupation word that is no predicate (她是一名老师) and not the speaker's; or an animal (a pet)."""
    word = doc[i].text
    if word in lexicon.ANIMALS:  # 我家的狗: a pet is a 他 or a 她 too
        return True
    if word not in relations and not (
        len(word) > 1 and doc[i].tag_.startswith("n") and word.endswith(tuple(lexicon.OCCUPATION_SUFFIXES))
    ):
        return False
    return not any(t.text in lexicon.NAMING_VERBS for t in doc[:i])


def refer(text: str, speaker: str, discourse: Discourse | None, rules: Sequence[Rule], shaped_by: list[str]) -> str:
    """The statement with its opening 她 or 他 (a ``refer`` rule) replaced by the speaker's referent
    (:mod:`graphsvc.rulebook.referents`): 她不吃辣 → 我女朋友不吃辣; unchanged when none fits."""
    if discourse is None or not rules:
        return text
    doc = parse(text, "zh")
    hits = matches(doc, rules)
    if not hits:
        return text
    pronoun = doc[hits[0].start]
    found = discourse.referent(speaker, lexicon.THIRD_PERSON_GENDERS[pronoun.text])
    if found is None:
        return text
    shaped_by.append(hits[0].rule.id)
    discourse.pointed_at(speaker)
    return _join(doc[: pronoun.i]) + found.words + _join(doc[pronoun.i + 1 :])


def name_speaker(text: str, speaker: str, rules: Sequence[Rule], shaped_by: list[str]) -> str:
    """我 (a word of its own, a word opening with it: 我家, or a verb jieba joined to it: 提醒我) → the speaker's
    name; a person or animal word right after it takes 的 (我爸爸 → 王芳的爸爸), and a one-character family word its
    full form (我爸 → 王芳的爸爸). Unchanged without a name or a naming rule."""
    named = [r for r in rules if r.output == "name"]
    doc = parse(text, "zh")
    if not speaker or not named:
        return text
    out: list[str] = []
    used = False
    full_form = False
    for i, token in enumerate(doc):
        word = token.text
        if full_form:
            out.append(lexicon.KIN_FULL_FORMS[word] + token.whitespace_)
            full_form = False
        elif word.startswith("我") and not word.startswith(tuple(lexicon.WE)):
            following = doc[i + 1].text if i + 1 < len(doc) else ""
            owner = following in lexicon.PERSON_WORDS | lexicon.PLURAL_PEOPLE | lexicon.ANIMALS and word == "我"
            out.append(speaker + ("的" if owner else "") + word[1:] + token.whitespace_)
            full_form = owner and following in lexicon.KIN_FULL_FORMS
            used = True
        elif "我" in word and word not in lexicon.SELF_WORDS and not any(w in word for w in lexicon.WE):
            out.append(word.replace("我", speaker) + token.whitespace_)  # jieba's 提醒我, 带我去: a verb and its 我
            used = True
        else:
            out.append(token.text_with_ws)
    if used:
        shaped_by.append(named[0].id)
    return "".join(out)


def finish(text: str) -> str:
    """The statement with one closing mark: its question mark kept (a question is refused), else 。."""
    end = "？" if text.strip().endswith(("？", "?")) else "。"
    text = text.strip().rstrip(_END).strip()
    return text + end if text else text


def _whose(doc: Any) -> str:
    """The relation of the person a statement is about when it opens with one of the speaker's (我爸爸… →
    ``father``, 我爸妈… → ``parents``), or the animal of theirs it is about, with its name if said (我家猫麻薯… →
    ``猫麻薯``); "" when it is about the speaker."""
    words = [t.text for t in doc[:4]]
    if not words or words[0] not in lexicon.MY_OWN:
        return ""
    at = 2 if words[1:2] == ["的"] else 1
    person = words[at] if len(words) > at else ""
    if re.fullmatch(_ANIMAL_WORD, person):  # a pet's age is not the speaker's
        named = doc[at + 1] if len(doc) > at + 1 and doc[at + 1].tag_ in NAME_TAGS else None
        return person + (named.text if named is not None else "")
    if words[0] != "我":
        return ""
    return lexicon.RELATION_WORDS.get(person) or lexicon.PLURAL_RELATIONS.get(person, "")


def _slot(rule: Rule, doc: Any, hit: Hit) -> str | None:
    """The slot a statement fills: its rule's, for a person of the speaker's prefixed with who they are
    (我爸爸住在昆明: ``father.lives_in``); an attribute's slot is its word (车牌号), prefixed the same way
    (我妹妹的生日: ``sister.生日``, never the speaker's own birthday)."""
    if rule.slot is None:
        return None
    whose = _whose(doc)
    if "{attribute}" in rule.slot:
        words = [t.text for t in doc[hit.start : hit.end] if t.text in lexicon.ATTRIBUTE_WORDS]
        if not words:
            return None
        return f"{whose}.{words[0]}" if whose else words[0]
    return f"{whose}.{rule.slot}" if whose else rule.slot


def _typed(
    memory_type: MemoryType, text: str, doc: Any, sent_at: datetime, rules: Sequence[Rule], shaped_by: list[str]
) -> tuple[MemoryType, datetime | None]:
    when = resolve_relative_time(text, sent_at)
    if memory_type == "event":
        return memory_type, when if when is not None else sent_at
    if memory_type == "fact" and when is not None and when.date() < sent_at.date():
        hits = matches(doc, rules)
        if hits:
            shaped_by.append(hits[0].rule.id)
            return "event", when
    return memory_type, None


def judge_piece(
    text: str,
    sentence: str,
    *,
    shaped_by: list[str],
    requested: bool,
    speaker: str,
    sent_at: datetime,
    rules: Sequence[Rule],
    selection: Selection,
    first: bool = True,
    discourse: Discourse | None = None,
) -> Judgement:
    text, asked = trim(text, _rules(rules, "trim", selection), shaped_by)
    requested = requested or asked
    text = refer(text, speaker, discourse, _rules(rules, "refer", selection), shaped_by)
    # a dropped 我 is restored unless an earlier clause of the sentence named the subject (it is carried); a dropped
    # 我 before a person of the speaker's (爸妈都在南昌) is theirs wherever the clause stands
    outputs = ("restore", "restore_kin") if first else ("restore_kin",)
    text = _household(text, _rules(rules, "subject", selection), shaped_by)
    text = _we_as_speaker(text, _rules(rules, "subject", selection), shaped_by)
    text = _dated_have(text, _rules(rules, "subject", selection), shaped_by)
    text = _restore(text, _rules(rules, "subject", selection), shaped_by, outputs)
    text = finish(text)
    doc = parse(text, "zh")
    refusals = matches(doc, [r for r in _rules(rules, "refuse", selection) if "untrimmed" not in r.tags])
    if refusals:
        return Judgement(sentence, text, refused_by=refusals[0].rule.id, shaped_by=tuple(shaped_by))
    given = subject_given(rules, shaped_by)
    hit = best_keep(doc, _rules(rules, "keep", selection), requested, subject_given=given)
    if hit is None:
        return Judgement(sentence, text, shaped_by=tuple(shaped_by))
    shaping = list(shaped_by)
    memory_type: MemoryType = hit.rule.output  # type: ignore[assignment]
    memory_type, occurred_at = _typed(memory_type, text, doc, sent_at, _rules(rules, "type", selection), shaping)
    if "note" in hit.rule.tags:  # a requested statement about something else: said as the speaker's note
        content = finish(f"{speaker}让助手记住：{text}")
    else:
        content = finish(name_speaker(text, speaker, _rules(rules, "subject", selection), shaping))
    statement = Statement(
        content=content,
        said=text,
        memory_type=memory_type,
        confidence=max(hit.rule.confidence, 0.95) if requested else hit.rule.confidence,
        rule_id=hit.rule.id,
        shaped_by=tuple(shaping),
        occurred_at=occurred_at,
        slot=_slot(hit.rule, doc, hit),
        about=speaker,
    )
    return Judgement(sentence, text, statement=statement, shaped_by=tuple(shaped_by))


def judge_sentence(
    sentence: str,
    *,
    speaker: str,
    sent_at: datetime,
    rules: Sequence[Rule],
    selection: Selection,
    requested: bool = False,
    discourse: Discourse | None = None,
) -> list[Judgement]:
    """Every clause of one Chinese sentence, judged (see the module docstring).

    Args:
        requested: an earlier sentence of the message asked to remember what follows ("请记住：").
        discourse: whom the speaker's 她 and 他 stand for, updated with the people each clause names (None: no
            pronoun is resolved).
    """
    shaped_by: list[str] = []
    refusals = [r for r in _rules(rules, "refuse", selection) if "untrimmed" in r.tags]
    if refusals and (opened := matches(parse(sentence.strip(), "zh"), refusals)):  # a quotation opening it
        return [Judgement(sentence, sentence.strip(), refused_by=opened[0].rule.id)]
    text, asked = trim(sentence.strip(), _rules(rules, "trim", selection), shaped_by)
    requested = requested or asked
    out = []
    for piece, cut_by, had_subject in split(text, _rules(rules, "split", selection)):
        judged = judge_piece(
            piece,
            sentence,
            shaped_by=[*shaped_by, cut_by] if cut_by else list(shaped_by),
            requested=requested,
            speaker=speaker,
            sent_at=sent_at,
            rules=rules,
            selection=selection,
            first=not had_subject,
            discourse=discourse,
        )
        out.append(judged)
        if discourse is not None:
            named = people(parse(judged.piece, "zh"), speaker)
            lone_name = len(named) == 1 and not named[0].relation and len(parse(judged.piece, "zh")) <= 2
            if not lone_name:  # "…，叶青，…": a name said on its own is the person just named, not another
                discourse.named(speaker, named)
    kept = {j.statement.content for j in out if j.statement is not None}
    return out + [
        m
        for m in mentions(text, sentence, speaker=speaker, rules=rules, selection=selection)
        if m.statement and m.statement.content not in kept
    ]


def mentions(text: str, sentence: str, *, speaker: str, rules: Sequence[Rule], selection: Selection) -> list[Judgement]:
    """The people of the speaker's a sentence names in passing (我室友阿杰, 阿杰是我室友, or 室友阿杰 opening the
    sentence with 我 dropped): one statement each, "<speaker>的室友叫阿杰。", whatever the rest of the sentence is.
    Someone else's person (他女朋友许晴) is not the speaker's."""
    doc = parse(text, "zh")
    found: list[Judgement] = []
    for hit in matches(doc, [r for r in _rules(rules, "keep", selection) if "mention" in r.tags], every=True):
        span = list(doc[hit.start : hit.end])
        if not speaker or (span[0].text not in lexicon.SPEAKER and hit.start != 0):
            continue
        role, name = _role_and_name(doc, hit.end, span)
        if len(span) > 1 and span[1].text == "是":  # 阿杰是我室友: only where the role ends the clause, nothing asked
            after = doc[hit.end] if hit.end < len(doc) else None
            if (after is not None and not after.is_punct) or sentence.rstrip().endswith(("？", "?", "吗")):
                continue
            role, name = span[-1].text, span[0].text
        statement = Statement(
            f"{speaker}的{role}叫{name}。",
            f"我的{role}叫{name}。",
            "fact",
            hit.rule.confidence,
            hit.rule.id,
            about=speaker,
        )
        found.append(Judgement(sentence, _join(span), statement=statement))
    return found


def _role_and_name(doc: Any, end: int, span: Sequence[Any]) -> tuple[str, str]:
    """Who a person named in passing is to the speaker and their name, as 我同事小李 / 我邻居王阿姨 say it: the person
    word, then the name with the prefix before it (小, 老) and a form of address after a lone surname (王 阿姨)."""
    people = [i for i, t in enumerate(span[:-1]) if t.text in lexicon.PERSON_WORDS]
    if not people:
        return span[-2].text, span[-1].text  # an animal's: 煤球是我家猫
    at = people[-1]
    name = "".join(t.text for t in span[at + 1 :])
    after = doc[end] if end < len(doc) else None
    if len(span[-1].text) == 1 and after is not None and after.text in lexicon.PERSON_WORDS:
        name += after.text  # 王 阿姨: a surname and how the speaker addresses her
    return span[at].text, name


def asks_to_remember_what_follows(judgements: Sequence[Judgement], rules: Sequence[Rule]) -> bool:
    """Whether a sentence only asked to remember what the next ones say ("帮我记一下：")."""
    requested = {r.id for r in rules if r.decision == "trim" and r.output == "requested"}
    return any(requested & set(j.shaped_by) and j.statement is None and not j.piece.strip("。 ") for j in judgements)
