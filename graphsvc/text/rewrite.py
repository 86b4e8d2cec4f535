"""Make a statement stand alone: the speaker's name for "I/my" (English and Chinese), the antecedent of a
leading "it/that" from the question it answers, and the evaluative tail of a sentence cut off.

Used by the offline memory extractor (:mod:`graphsvc.pipeline.extraction.offline`). Pure functions, rules
only, English and Chinese; a rule that cannot decide leaves the text as it is.
"""

from __future__ import annotations

import re

from graphsvc.text import nlp
from graphsvc.text.language import Language

# --- first person → the speaker's name -------------------------------------------------------------------
_IRREGULAR_PAST = frozenset(
    """was were went got had made met saw took ran ate came gave found left lost won felt told drove flew wrote
    began bought brought caught chose fell heard kept paid sent sold spent woke did said thought knew grew
    became built taught understood stood sat slept swam sang read put cut hit let set quit used
    learnt dreamt spelt burnt leapt knelt dealt meant held hung led lent shot shut spoke stuck struck swore threw
    wore bent bled bit blew broke dug drew drank fed fled forgot forgave froze hid knew laid lay lit rode rose rang
    sank shook shone slid spun spread stole stung swept swung tore wept withdrew""".split()
)
_PRESENT_IN_ED = frozenset("need feed bleed breed speed proceed succeed exceed seed heed shed wed".split())
_MODALS = frozenset("can cannot could will would shall should may might must".split())
_NOT_A_VERB = frozenset(
    """also really just still always never often usually sometimes actually even finally recently already
    totally truly definitely especially mostly only ever now then too so all both quite rather almost""".split()
)
_LY_VERBS = frozenset("apply reply supply comply multiply rally bully tally sully dally".split())
"""Verbs ending in -ly; any other word of five letters or more ending in -ly is an adverb ("I mostly cook at home")."""
_COORDINATED_AUX = re.compile(
    r"\b(?P<conj>(?:and|but|or)(?: (?:also|often|still|usually|sometimes|always|never|really|then))?) "
    r"(?P<aux>have|haven['’]t|do|don['’]t|am|eat|love|like|feel|think|enjoy|want|hope|need|go|play|spend|find|try)\b"
)
"""A second verb of the same subject "I" ("I've applied for jobs but haven't heard back") agrees as well."""
_WITH_OTHERS = re.compile(r"(?:^|[,;:]\s*)(?:(?:[Mm]y|[Oo]ur)\s+(?:\w+\s+)?\w+|[A-Z][a-z]+)\s+and\s+$")
""""My sister and I", "Tom and I" opening a clause: the "I" after it is part of a plural subject ("I live in Lisbon and
I work …" is not)."""
_I_CONTRACTIONS: dict[str, tuple[str, str]] = {
    # contraction → (auxiliary for a named third person, what follows)
    "i'm": ("is", ""),
    "i've": ("has", ""),
    "i'd": ("would", ""),
    "i'll": ("will", ""),
}
_AUX = {"am": "is", "have": "has", "do": "does", "don't": "doesn't", "haven't": "hasn't", "ain't": "isn't"}
_EN_FIRST = re.compile(
    r"\b(?:I(?:['’](?:m|ve|d|ll))?|me|my|mine|myself|we(?:['’](?:re|ve|d|ll))?|our|ours|us|ourselves)\b(?!-)",
    re.IGNORECASE,
)
_WE_CONTRACTIONS = {"we're": "are", "we've": "have", "we'd": "would", "we'll": "will"}
_WORD = re.compile(r"[A-Za-z'’]+")


def _third_person(verb: str) -> str:
    """``love`` → ``loves``, ``go`` → ``goes``, ``study`` → ``studies`` (English spelling rules)."""
    lower = verb.lower()
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if lower.endswith("y") and len(lower) > 1 and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _agree_coordinated(rest: str) -> str:
    """A second verb of a subject "I" made to agree ("… but haven't" → "… but hasn't")."""

    def agreed(match: re.Match[str]) -> str:
        aux = match["aux"].lower().replace("’", "'")
        return f"{match['conj']} {_AUX[aux] if aux in _AUX else _third_person(match['aux'])}"

    return _COORDINATED_AUX.sub(agreed, rest)


def _agree(rest: str) -> tuple[str, bool]:
    """The words after a subject "I" made to agree with a named third person ("love X" → "loves X"), and whether
    its verb was a present form made to agree (then a second verb of the same subject agrees too, "… and haven't"
    → "… and hasn't"; after "should", "went", "can't" nothing does)."""
    if re.match(r"\s*(?:and|or)\b", rest):
        return rest, False  # "I and my cousins built …": a plural subject
    words = list(_WORD.finditer(rest))
    for match in words[:4]:
        word = match[0]
        lower = word.lower().replace("’", "'")
        if lower in _NOT_A_VERB or (len(lower) > 4 and lower.endswith("ly") and lower not in _LY_VERBS):
            continue
        if lower in _AUX:
            agreed = rest[: match.start()] + _AUX[lower] + _agree_coordinated(rest[match.end() :])
            return agreed, True
        if (
            lower in _MODALS
            or lower in _IRREGULAR_PAST
            or (lower.endswith("ed") and lower not in _PRESENT_IN_ED)
            or lower.endswith(("n't", "'t"))
            or lower in ("was", "is", "has", "does", "not")
            or not lower.isalpha()
        ):
            return rest, False
        return rest[: match.start()] + _third_person(word) + _agree_coordinated(rest[match.end() :]), True
    return rest, False


def _agree_chunk(chunk: str, agree: bool, coordinated: bool) -> tuple[str, bool]:
    """The text between two first-person words: its verb made to agree after a subject "I" (``agree``), or only a
    second verb of that subject (``coordinated``); and whether later text still continues that subject's verbs."""
    if agree:
        return _agree(chunk)
    return (_agree_coordinated(chunk), True) if coordinated else (chunk, False)


_AND_SOMEONE = re.compile(r"\s+and\s+(?:my|our|the|a|an|some|(?-i:[A-Z]))\b", re.IGNORECASE)


def name_the_speaker(sentence: str, speaker: str, language: Language) -> str:
    """Replace the speaker's first person by their name, so the statement stands alone.

    English: every subject "I" becomes the name, with the verb made to agree ("I love" → "Ana loves", am → is,
    have → has; "I'm", "I've", "I'd", "I'll" → "Ana is/has/would/will"); the first "my/me/mine/myself" (and
    "our", the speaker's team or family) names the speaker ("Ana's", "Ana"), later ones become
    "their/them/theirs/themselves"; "we" → "Ana and others" (who else is not known), "us" → "them". Chinese: 我
    (not 我们) → the name. An empty speaker changes nothing.
    Chinese is rewritten on jieba's words (:func:`name_the_speaker_zh`), never inside a word (自我 stays).
    """
    speaker = speaker.strip()
    if not speaker:
        return sentence
    if language == "zh":
        return name_the_speaker_zh(sentence, speaker)
    named = False
    agree_next = coordinated_next = False
    pieces: list[str] = []
    position = 0
    for match in _EN_FIRST.finditer(sentence):
        chunk, coordinated_next = _agree_chunk(sentence[position : match.start()], agree_next, coordinated_next)
        pieces.append(chunk)
        agree_next = False
        token = match[0].lower().replace("’", "'")
        if token in _I_CONTRACTIONS:
            pieces.append(f"{speaker} {_I_CONTRACTIONS[token][0]}")
            coordinated_next = token in ("i'm", "i've")  # "I'd …, I'll …": after a modal nothing agrees
        elif token == "i":
            pieces.append(speaker)
            agree_next = not _WITH_OTHERS.search(sentence[: match.start()])  # "my sister and I have": plural
        elif token in ("my", "mine", "our", "ours"):
            pieces.append(f"{speaker}'s" if not named else ("their" if token in ("my", "our") else "theirs"))
        elif token == "we" or token in _WE_CONTRACTIONS:
            verb = f" {_WE_CONTRACTIONS[token]}" if token in _WE_CONTRACTIONS else ""
            pieces.append(f"{speaker} and others{verb}")
        elif token in ("us", "ourselves"):
            pieces.append("them" if token == "us" else "themselves")
        elif token == "myself":
            pieces.append(speaker if not named else "themselves")
        else:  # me; "me and my team had a blast" names the speaker again: "them and their team" reads as others
            coordinated = _AND_SOMEONE.match(sentence, match.end()) is not None
            pieces.append(speaker if not named or coordinated else "them")
        named = True
        position = match.end()
    pieces.append(_agree_chunk(sentence[position:], agree_next, coordinated_next)[0])
    text = "".join(pieces)
    return text[:1].upper() + text[1:] if text else text


def name_the_speaker_zh(sentence: str, speaker: str) -> str:
    """Chinese: 我 → the speaker's name, on segmented words only (jieba, :func:`graphsvc.text.nlp.chinese_words`).

    A word that starts with 我 (我, 我会, 我家; not 我们) has it replaced by the name, except a later possessive 我的
    inside the clause the name began, which becomes 自己的 ("张伟跟自己的朋友去看了电影", not "张伟跟张伟的朋友").
    A 我 inside a word (自我, 忘我) is never touched. "我叫张伟，…" reads "张伟…", not "张伟叫张伟，…".
    """
    out: list[str] = []
    named = False
    clause_start = True
    words = [word for word, _flag in nlp.chinese_words(sentence)]
    for position, word in enumerate(words):
        if word.startswith("我") and not word.startswith("我们"):
            reflexive = named and not clause_start and words[position + 1 : position + 2] == ["的"]
            out.append(("自己" if reflexive else speaker) + word[1:])
            named = True
        else:
            out.append(word)
        if word.strip():
            clause_start = word in ("，", ",", "；", ";", "：", ":")
    text = "".join(out)
    introduced = re.match(rf"{re.escape(speaker)}(?:叫|是){re.escape(speaker)}[，,]\s*", text)
    if introduced is None:
        return text
    rest = text[introduced.end() :]
    return rest if rest.startswith(speaker) else speaker + rest  # "我叫张伟，我在银行工作" → "张伟在银行工作"


# --- the antecedent of "it/that" from the question answered -----------------------------------------------
_EN_ASKED_ABOUT = re.compile(
    r"\b(?:how (?:was|is|were|are|did)|what did you think of|did you (?:enjoy|like|love|finish|try)|"
    r"have you (?:tried|finished|seen|read)|do you (?:like|enjoy|love))\s+"
    r"(?:(?:the|your|that|this|those|these)\s+)((?:[\w'-]+\s+){0,3}?[\w'-]+?)(?:\s+(?:go|going|turn out|went)\b)?"
    r"\s*(?:[?!.,]|$)",
    re.IGNORECASE,
)
_EN_LEADING_PRONOUN = re.compile(r"^(?:(?:I|we)\s+(?:\w+\s+){0,2}?)?(it|that|this)\b", re.IGNORECASE)
_ZH_ASKED_ABOUT = re.compile(r"(?:你的|那个|这个)?([\u4e00-\u9fff]{2,8}?)(?:怎么样|如何|好玩吗|好吗)")


def _determiner(sentence: str, start: int) -> bool:
    """Whether the "this/that" at ``start`` opens a noun phrase ("I got this awesome book"), so it is no pronoun
    to resolve. spaCy's parse decides (the word's dependency is ``det``); without the English pipeline, any word
    after it other than a verb form of be/have/do or a modal counts as its noun phrase."""
    word = sentence[start:].split(maxsplit=1)[0].lower()
    if word == "it":
        return False
    tokens = nlp.english_parse(sentence)
    if tokens is not None:
        same = [t for t in tokens if t.text.lower() == word]
        earlier = sum(1 for w in _WORD.findall(sentence[:start]) if w.lower() == word)
        return earlier < len(same) and same[earlier].dep == "det"
    following = re.match(r"\s+([A-Za-z]+)", sentence[start + len(word) :])
    return following is not None and following[1].lower() not in _VERB_AFTER_PRONOUN


_VERB_AFTER_PRONOUN = frozenset(
    "is was has had does did will would can could should might may must really just also still".split()
)


def resolve_antecedent(sentence: str, previous: str | None, language: Language) -> str:
    """Replace a leading "it/that" (or "I loved it") by what the previous turn asked about.

    "I loved it!" after "How was the chess tournament?" → "I loved the chess tournament!". Only when the previous
    message is a question with exactly one such object ("How was/is the X", "Did you enjoy the X", "What did you
    think of the X"); otherwise the sentence is returned unchanged. Chinese: "很好玩" after "旅行怎么样？" is left
    alone unless it starts with 它/那/这个.
    """
    if not previous or "?" not in previous and "？" not in previous:
        return sentence
    if language == "zh":
        asked = _ZH_ASKED_ABOUT.findall(previous)
        if len(asked) == 1 and re.match(r"^(?:它|那个|这个)", sentence):
            return re.sub(r"^(?:它|那个|这个)", asked[0], sentence, count=1)
        return sentence
    asked_en = _EN_ASKED_ABOUT.findall(previous)
    if len(asked_en) != 1:
        return sentence
    match = _EN_LEADING_PRONOUN.search(sentence)
    if match is None or len(_WORD.findall(sentence)) > 12 or _determiner(sentence, match.start(1)):
        return sentence
    determiner = "the"
    return sentence[: match.start(1)] + f"{determiner} {asked_en[0]}" + sentence[match.end(1) :]


# --- the evaluative tail ---------------------------------------------------------------------------------
_EN_TAIL = re.compile(
    r"(?:\s*(?:[-–—]|,)\s*(?:(?:it|that|this|which)(?:['’]s| is| was| has been| will be|['’]ll be)|so|super|"
    r"pretty|such|what a|can['’]?t wait|i['’]m (?:so |super |really )?(?:excited|happy|glad|thrilled|proud)|"
    r"really|totally|absolutely)|,?\s+and (?:it|that|this)(?:['’]s| is| was| has been))\b[^.!?]*[.!?]*\s*$",
    re.IGNORECASE,
)
_ZH_TAIL = re.compile(r"[，,]\s*(?:真是|太|好|超|非常)[^，。！？]{0,8}(?:了|啊|呀|哦)?[！!。~～]*\s*$")


def trim_evaluation(sentence: str, language: Language) -> str:
    """Cut an evaluative tail that states no fact ("I adopted a puppy - it's so cute!" → "I adopted a puppy.").

    Kept whole when what is left would be shorter than three words (Chinese: four characters).
    """
    pattern = _ZH_TAIL if language == "zh" else _EN_TAIL
    match = pattern.search(sentence)
    if match is None:
        return sentence
    head = sentence[: match.start()].rstrip(" ,-–—")
    if (language == "zh" and len(head) < 4) or (language == "en" and len(_WORD.findall(head)) < 3):
        return sentence
    return head + ("。" if language == "zh" else ".")
