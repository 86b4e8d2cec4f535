"""Pastimes mentioned in passing: the sightings of the ``pastime`` rules (:mod:`graphsvc.rulebook.en.pastime`,
:mod:`graphsvc.rulebook.zh.pastime`).

People rarely tell an assistant "I play cricket"; they mention it ("badminton after work again") in one conversation
after another. A sentence of the speaker's own that names a pastime as something they do is a
*sighting* (one per pastime it names): a statement worded by the rule ("Ana plays cricket.", "王芳平时打麻将。") at
the rule's confidence, which is below the candidate threshold, so the extraction job makes it a candidate, not a
memory. The candidate layer
(seed 003: a candidate reinforced by another day or source is promoted) makes it a memory when another conversation
mentions the pastime again, each further mention reinforces that memory, and reflection turns a memory said in
three conversations into a trait ("Plays cricket regularly", 经常打麻将; issue rule: a habit stated in three
sessions becomes a trait, a one-off never does).

A mention is no sighting (precision first) when the sentence is a question or speaks to the listener (but for a
request for help studying a language, which says the speaker studies it: "Can you help me practise my German?"),
negates the pastime (in English, a negation in another clause leaves it), or when the pastime is
another person's (a subject or possessor other than the speaker: "my son plays football", 我儿子踢足球; a
Chinese clause without 我 after one that names another person goes on about them: 我女儿叫米娅，在学小提琴),
watched or given up ("watch", "quit", "gave up", 看, 放弃), wished for or only thought about ("want",
"would", "thinking about", 想, 打算), of the past ("used to", "studied Japanese for two years", 学过, 练过)
or meant and not done ("was going to"); an English pastime word with a capital inside the sentence is
a name ("a blue Golf"), and a game or an instrument counted with "a" is a thing ("it's a 2012 golf",
"got a guitar for my birthday"). A language counts only as studied: beside a verb of studying or a
lesson ("practising my Spanish", "German homework", 学日语), never merely named ("German beer", 他们说粤语); a
Chinese pastime after a measure word of things is a thing (是辆12年的高尔夫, 一把新吉他). English reads the
dependency parse; Chinese reads the words of the pastime's clause (a negation after it too: 瑜伽不练了).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from graphsvc.rulebook import book
from graphsvc.rulebook.engine import Selection, matches
from graphsvc.rulebook.judgement import Statement
from graphsvc.rulebook.lexicon import en, zh
from graphsvc.rulebook.parse import parse
from graphsvc.rulebook.rule import Rule
from graphsvc.text.language import Language

_EN_SPEAKER = frozenset({"i", "we"})
_EN_OWN = frozenset({"my", "our"})
_EN_NOT_DOING = en.NOT_DOING | en.DISLIKING | en.WANTING | en.MIND_VERBS
_EN_WHEN = en.FREQUENCY_UNITS | en.TIME_WORDS
_EN_IF = en.CONDITIONALS - {"unless"}
"""What opens a condition a pastime may follow ("if", "whether"; "unless" leaves the habit)."""
_ZH_NOT_DOING = tuple(sorted(zh.NOT_DOING | zh.PLAN_WORDS | zh.DISLIKING | zh.NEGATIONS))
"""What a word before a pastime in its clause may not open with (看, 想去, 打算, 讨厌, 不)."""
_ZH_CLAUSE_BREAKS = frozenset("，,；;：:")
_ZH_NAMED = {**zh.PLAYED_GAMES, **zh.INSTRUMENTS, **zh.PRACTICES, **zh.EXERCISE_PLACES}
"""A Chinese pastime → its verb (the :data:`~graphsvc.rulebook.lexicon.zh.OUTINGS` are verbs of their own)."""
_ZH_LONGEST_FIRST = sorted(_ZH_NAMED, key=len, reverse=True)
"""The pastimes of :data:`_ZH_NAMED`, the longest first (国际象棋 before 象棋)."""
_EN_LANGUAGE_PHRASES = en.PASTIME_SESSIONS | en.LANGUAGE_STUDY
_ZH_COUNTED_THING = rf"^[一二两三四五六七八九十几\d]*(?:{'|'.join(sorted(zh.CLASSIFIERS))})$"
"""A measure word of things, with its number or none (一辆, 辆, 两把)."""
_ZH_BETWEEN_COUNT_AND_THING = frozenset({"m", "a", "uj"})
"""jieba's flags of what may stand between a measure word and its thing: a number, an adjective, 的."""


def sightings(sentence: str, language: Language, *, speaker: str, selection: Selection) -> tuple[Statement, ...]:
    """Every pastime a sentence of ``speaker``'s own mentions doing, as statements in the order said, each once
    ("我喜欢跳舞，健身，摄影" sights three); empty when it mentions none (or none the module's conditions let count).

    Args:
        sentence: one sentence as said (first person).
        speaker: the speaker's name (the statements' subject); "" sights nothing.

    Returns:
        ``preference`` statements ("Ana plays cricket.") at the firing rule's confidence, their ``rule_id`` the rule.
    """
    asked = "?" in sentence or "？" in sentence  # a question sights only what asks for help with it
    rules = tuple(
        r
        for r in book.of(language)
        if r.decision == "pastime" and selection.allows(r) and (not asked or "asked" in r.tags)
    )
    if not rules or not speaker.strip():
        return ()
    doc = parse(sentence, language)
    found: dict[str, Statement] = {}
    for hit in matches(doc, rules, every=True):
        token = doc[hit.end - 1]
        named = _en_named(doc, token, hit.rule) if language == "en" else _zh_named(doc, token, hit.rule)
        if named is not None:
            content = f"{speaker} {named}." if language == "en" else f"{speaker}{zh.PASTIME_HABIT}{named}。"
            found.setdefault(
                content,
                Statement(
                    content=content,
                    said=sentence,
                    memory_type="preference",
                    confidence=hit.rule.confidence,
                    rule_id=hit.rule.id,
                    about=speaker,
                ),
            )
    return tuple(found.values())


def said_already(sighting: Statement, kept: Sequence[Statement]) -> bool:
    """Whether a habit or liking kept from the same sentence (a ``preference``) says what the sighting does ("Ana
    plays chess every Sunday." holds "plays chess", 王芳下午一般跟朋友打麻将 holds 打麻将): said plainly, it is a
    memory already. A happening of one day that holds it ("王芳周日去打网球了") is no habit: the sighting stands."""
    said = sighting.content.removeprefix(sighting.about).strip().removeprefix(zh.PASTIME_HABIT).rstrip("。.")
    return any(k.memory_type == "preference" and said.casefold() in k.content.casefold() for k in kept)


def _en_named(doc: Any, token: Any, rule: Rule) -> str | None:
    """The pastime as the rule names it ("plays cricket"), or None when the parse says it is not the speaker's."""
    studied = "studied" in rule.tags  # a language counts only beside a word of studying (:func:`_en_studied`)
    asked = "asked" in rule.tags  # asking for help is said to the listener, and politely ("could you help me…")
    if not (asked or _en_said_as_doing(doc, token)) or (studied and not _en_studied(token)):
        return None
    if token.i > 0 and token.text[:1].isupper() and not studied:
        return None  # a capital inside the sentence makes it a name ("a blue Golf"); a language has one anyway
    phrase = token.head if token.dep_ in ("compound", "amod") else token
    if phrase is token and token.lower_ not in en.OUTINGS and any(_indefinite(c) for c in token.children):
        return None  # "it's a 2012 golf", "a guitar for my birthday": one thing (but "went for a run")
    if phrase.dep_ in ("nsubj", "nsubjpass") and any(c.dep_ == "det" for c in phrase.children):
        return None  # named as a thing: "the gym near my office closed down"
    if phrase is not token and phrase.lemma_.lower() not in (_EN_LANGUAGE_PHRASES if studied else en.PASTIME_SESSIONS):
        return None  # "a cricket bat", "the tennis club fees" name a thing, not the pastime
    owners = [c.lower_ for n in (token, phrase) for c in n.children if c.dep_ == "poss"]
    if any(owner not in _EN_OWN for owner in owners):
        return None  # "my son's football"
    subjects_of = [n for n in phrase.ancestors if any(c.dep_ in ("nsubj", "nsubjpass") for c in n.children)]
    doing = subjects_of[0] if subjects_of else None  # "my neighbour keeps practising the trumpet": "keeps"
    for node in () if asked else phrase.ancestors:
        if any(c.dep_ == "aux" and c.lemma_.lower() in en.UNCERTAIN_MODALS for c in node.children):
            return None  # "I might try yoga", "I'd love to learn the cello"
    if any(_en_supposed(node) or _en_over(node) for node in (phrase, *phrase.ancestors)):
        return None  # "If it doesn't rain tomorrow, I'm going hiking"; "I studied Japanese for two years"
    if doing is not None and not owners:
        subjects = [c for c in doing.children if c.dep_ in ("nsubj", "nsubjpass") and c not in (token, phrase)]
        others = [c for c in subjects if c.lower_ not in _EN_SPEAKER]
        if any(_is_person(c) for c in others) or (others and doing.lemma_.lower() in en.POSSESSION_VERBS):
            return None  # "my husband goes cycling", "our office has a gym" (but "back from the gym, legs are dead")
    said = token.lower_
    return rule.output.format(object=said.capitalize() if studied else en.OUTINGS.get(said, said))


def _en_studied(token: Any) -> bool:
    """A language named as one the speaker studies: the object of a verb of studying ("practising my Spanish"),
    qualifying a lesson or its work ("German lessons", "my Spanish tutor"), or the speaker's own, getting better
    ("my Japanese is improving"). Named otherwise ("German beer", "ordered in Spanish"), it says nothing."""
    head = token.head
    if token.dep_ in ("dobj", "obj") and head.lemma_.lower() in en.STUDY_VERBS:
        return True
    if token.dep_ in ("compound", "amod") and head.lemma_.lower() in _EN_LANGUAGE_PHRASES:
        return True
    own = any(c.dep_ == "poss" and c.lower_ in _EN_OWN for c in token.children)
    return own and token.dep_ == "nsubj" and head.lemma_.lower() in en.IMPROVING_VERBS


def _en_said_as_doing(doc: Any, token: Any) -> bool:
    """The sentence is a statement (no question, listener, hedge or "used to"), the pastime is not negated
    (:func:`_en_negated`) and its word is used in that sense ("running", not "running late" or "running a café")."""
    words = [t.lower_ for t in doc]
    if any(w in en.LISTENER or w in en.HEDGES for w in words) or _en_negated(doc, token):
        return False  # said to the listener, or hedged: "maybe I'll take up running one day"
    if "used" in words and "to" in words[words.index("used") :]:
        return False
    if any(w in ("was", "were") and words[i + 1 : i + 3] == ["going", "to"] for i, w in enumerate(words)):
        return False  # "I was going to go swimming but it rained": it did not happen
    if doc[0].dep_ == "ROOT" and doc[0].pos_ == "AUX" or words[0] in en.QUESTION_WORDS:
        return False  # a question without its mark: "Is chess good for kids' brains"
    if any(t.lemma_.lower() in _EN_NOT_DOING or (t.lemma_.lower() == "give" and "up" in words) for t in doc):
        return False  # "tennis is so boring to watch", "thinking about taking up golf", "I gave up yoga"
    following = doc[token.i + 1].lower_ if token.i + 1 < len(doc) else ""
    objects = [c for c in token.children if c.dep_ in ("dobj", "obj") and c.lemma_.lower() not in _EN_WHEN]
    return following not in en.OTHER_SENSES and not objects  # "climbing most weekends" is climbing


def _en_negated(doc: Any, token: Any) -> bool:
    """A negation of the pastime's word, of a word it hangs from or of its modifier ("I don't play golf", "no gym
    this week", "I haven't been to the gym", "not much tennis lately", "not really into golf"); one in another clause
    leaves it ("shifts are killing my gym routine and it's not the same")."""
    governing = {token.i, *(a.i for a in token.ancestors), *(c.i for c in token.children)}  # "not much tennis"
    governing |= {c.i for a in token.ancestors for c in a.children if c.dep_ == "advmod"}  # "not really into golf"
    return any(
        (t.dep_ == "neg" or t.lower_ in en.NEGATING_WORDS or t.lower_ in ("n't", "not"))
        and (t.i in governing or t.head.i in governing)
        for t in doc
    )


def _indefinite(token: Any) -> bool:
    """An indefinite article ("a", "an"), as spaCy's morphology marks it: a game or an instrument counted as one is
    a thing (a car's model, a gift), not the pastime played (golf, the guitar)."""
    return bool(token.dep_ == "det" and "Ind" in token.morph.get("Definite"))


def _is_person(token: Any) -> bool:
    """A person as a subject: a third-person pronoun, a name, or a person noun ("my husband", "Tom")."""
    said = token.lower_
    return said in en.THIRD_PERSON or token.pos_ == "PROPN" or said in en.PERSON_NOUNS


def _en_over(node: Any) -> bool:
    """Whether a verb in the simple past says how many weeks, months or years it went on ("I studied Japanese for
    two years", "played tennis for ten years"): a span that is over. The present perfect ("I've played tennis for
    ten years") goes on, and is no such span."""
    if node.tag_ != "VBD":
        return False
    spans = (c for c in node.children if c.dep_ == "prep" and c.lower_ == "for")
    return any(o.dep_ == "pobj" and o.lemma_.lower() in en.CALENDAR_UNITS for span in spans for o in span.children)


def _en_supposed(node: Any) -> bool:
    """Whether a clause is a condition or follows one: it opens with "if"/"whether", or has an "if" clause ("If I
    had time, I'd surf"; not "unless", which leaves the habit: "I play golf unless it rains")."""
    if any(c.dep_ == "mark" and c.lower_ in _EN_IF for c in node.children):
        return True
    return any(
        c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in _EN_IF for m in c.children) for c in node.children
    )


def _zh_named(doc: Any, token: Any, rule: Rule) -> str | None:
    """The pastime with its verb (打麻将), or None when the words before it in its clause say it is not the
    speaker's (a person before it not joined by 跟/和…, a listener, 看, a plan, a negation, a condition)."""
    before: list[str] = []
    earlier: list[str] = []  # the sentence's clauses before the pastime's own
    for t in doc[: token.i]:
        if t.text in _ZH_CLAUSE_BREAKS:
            earlier, before = [*earlier, *before], []
        else:
            before.append(t.text)
    after: list[str] = []
    for t in doc[token.i + 1 :]:
        if t.text in _ZH_CLAUSE_BREAKS:
            break
        after.append(t.text)
    words = [t.text for t in doc]
    if any(w in zh.LISTENER or w in zh.QUESTION_WORDS or w in zh.REMEMBER_VERBS for w in words):
        return None  # said to the listener, a question without its mark (吉他难吗), a note (请记住乐乐的游泳课…)
    if any(w.startswith(_ZH_NOT_DOING) or _zh_negates(w) for w in before) or any(_zh_negates(w) for w in after):
        return None  # 想学吉他, 看足球; 瑜伽不练了
    if _zh_anothers(before, earlier):
        return None
    if any(w in zh.CONDITIONALS for w in [*earlier, *before]) or _zh_experienced(doc, token):
        return None  # 要是我住在海边，我天天去冲浪: supposed; 我学过两年日语: done once, not now
    if _zh_counted(doc, token):
        return None  # 是辆12年的高尔夫, 买了一把新吉他: a thing, not the pastime
    said = token.text
    if "studied" in rule.tags:  # 学, 练, 考… before it in its clause
        language = next(n for n in zh.LANGUAGES if said.endswith(n))
        fused = said.removesuffix(language)  # 学日语 as one word
        if not (fused in zh.LEARNING or any(w in zh.LEARNING for w in before)):
            return None  # 日语歌, 他们都说粤语: a language named, not studied
        return rule.output.format(object=f"学{language}")
    name = next((n for n in _ZH_LONGEST_FIRST if said.endswith(n)), None)
    named = f"{_ZH_NAMED[name]}{name}" if name is not None else next(o for o in zh.OUTINGS if said.endswith(o))
    return rule.output.format(object=named)


def _zh_experienced(doc: Any, token: Any) -> bool:
    """Whether 过 follows a verb before the pastime in its clause (jieba's tag ``ug``: 我学过两年日语, 打过网球): what
    the speaker has done at some time, not a habit of now."""
    for t in reversed(doc[: token.i]):
        if t.text in _ZH_CLAUSE_BREAKS:
            return False
        if t.tag_ == "ug":
            return True
    return False


def _zh_anothers(before: Sequence[str], earlier: Sequence[str]) -> bool:
    """Whether the pastime is another person's: one named before it in its clause and not joined by 跟/和… (我儿子踢
    足球, 她每天跳广场舞; 跟朋友打乒乓球 is the speaker's), or its clause has no 我 and goes on about one named in an
    earlier clause (我女儿叫米娅，在学小提琴)."""
    for i, word in enumerate(before):
        if _zh_person(word) and not (i > 0 and before[i - 1] in zh.WITH):
            return True
    return not any(w in zh.SPEAKER for w in before) and any(_zh_person(w) for w in earlier)


def _zh_person(word: str) -> bool:
    """A person other than the speaker, by a pronoun or a person word (她, 女儿, 同事)."""
    return word in zh.THIRD_PERSON or word in zh.PERSON_WORDS


def _zh_counted(doc: Any, token: Any) -> bool:
    """A pastime counted as a thing: a measure word of things before it, with only numbers, adjectives and 的
    between (是辆12年的高尔夫, 一把新吉他); a span or a count of times leaves it (练了一个小时吉他, 打了三场网球)."""
    for t in reversed(doc[: token.i]):
        if re.fullmatch(_ZH_COUNTED_THING, t.text):
            return True
        if t.tag_ not in _ZH_BETWEEN_COUNT_AND_THING:
            return False
    return False


def _zh_negates(word: str) -> bool:
    """A negation, or a word that holds one (不想, 没去, 打不了)."""
    return word in zh.NEGATIONS or (len(word) <= 3 and any(n in word for n in zh.NEGATIONS if len(n) == 1))
