"""English: one sentence → the statements the rules keep, and why the rest was not kept.

The decisions, in order (each a module of named rules):

1. chat spellings written out and chat markers dropped (the lexicon's ``INFORMAL``, ``CHAT_MARKERS``), and the
   refusals tagged ``untrimmed``, which read the lead the next step trims ("Oh great, I just love Mondays");
2. :mod:`.trim` at the start and end of the sentence (a request to remember marks what follows as requested; a
   leading time phrase is kept for the end);
3. :mod:`.split` into pieces, each judged on its own (a second verb takes the first piece's subject);
4. per piece: :mod:`.trim` again, a dropped subject restored (:mod:`.subject`'s ``restore``), a pronoun that stands
   for the person the speaker last named said in full (:mod:`.refer`), :mod:`.refuse`
   (the first refusal decides), :mod:`.keep` (the most confident rule that fires decides; a requested piece may
   also be kept by the rules tagged ``requested``), :mod:`.type`, and the speaker named (:mod:`.subject`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc.rulebook.en.shapes import third_person
from graphsvc.rulebook.engine import Hit, Selection, best_keep, matches, subject_given
from graphsvc.rulebook.judgement import Judgement, Statement
from graphsvc.rulebook.lexicon import en as lexicon
from graphsvc.rulebook.parse import parse
from graphsvc.rulebook.referents import SOMEONE, Discourse, Referent
from graphsvc.rulebook.rule import Rule
from graphsvc.text.time_phrases import resolve_relative_time
from graphsvc.vocabulary import MemoryType

_INFORMAL = re.compile(
    r"(?<![\w'’])(" + "|".join(re.escape(w) for w in sorted(lexicon.INFORMAL, key=len, reverse=True)) + r")(?![\w'’])",
    re.IGNORECASE,
)
_AGE_IS = re.compile(r"(?<=\w)'s (?=\d{1,3}(?:\s*(?:$|[,.;!?]|and\b|now\b|next\b|years? old\b)))", re.IGNORECASE)
"""A contraction "'s" before an age that ends its clause ("Zara's 10", "my son's 7 now"): "is", which the parser
would otherwise read as a possessive ("Zara's 10 books" keeps it)."""
_VALUE_IS = re.compile(
    r"\b(" + "|".join(sorted(lexicon.ATTRIBUTE_HEADS)) + r")'s "
    rf"(?=\d|{lexicon.BLOOD_TYPE}\s+(?:positive|negative)\b)",
    re.IGNORECASE,
)
"""A contraction "'s" between an attribute and its value, a number or a blood group ("my gate code's 2291", "my blood
type's O negative"): "is" (a code's owner is never a possessive before a number)."""
_ROUND_BIRTHDAY = re.compile(r"(?<=[a-z]'s )(\d0th)(?= (?:is|was|on|next|this|in)\b)", re.IGNORECASE)
"""A round birthday named by its ordinal alone after a possessive ("my mum's 70th is on the 9th of June"): the
birthday is written out, as the attribute rules read it."""
_NAME_IS = re.compile(r"\b((?:my|our) (?:nick)?name)'s (?=(?-i:[A-Z]))", re.IGNORECASE)
"""A contraction "'s" between the speaker's name and what it is ("my name's Tomasz"): "is", which the parser would
otherwise read as a possessive."""
_IN_LAW = re.compile(r"\b(" + "|".join(sorted(lexicon.PERSON_NOUNS)) + r") in law\b", re.IGNORECASE)
"""A family member by marriage in three words ("my daughter in law"): hyphenated, as the rules read it."""
_HAS_GOT = re.compile(r"(?<=[a-z])'s got\b", re.IGNORECASE)
"""A contraction "'s" before "got" ("my mum's got diabetes"): "has" (a possessive is never followed by "got")."""
_IS_CONTRACTED = re.compile(
    "".join(rf"(?<!\b{holder})" for holder in sorted(lexicon.DEGREE_HOLDERS))
    + r"(?<=[a-z])'s (?=(?:"
    + "|".join(
        map(
            re.escape,
            sorted(lexicon.BEFORE_CONTRACTED_IS | lexicon.STATE_WORDS | lexicon.HEALTH_STATES),
        )
    )
    + r")(?=[\s.,!?;]|$))",
    re.IGNORECASE,
)
"""A contraction "'s" before an article, "my", a preposition of place, "getting"/"going", "called"/"named" or a state
("my husband's a firefighter", "Tom's my brother", "my flat's in Hackney", "my mum's on insulin", "my sister's getting
married", "my husband's called Dev", "my partner's allergic to cats"): "is" (a possessive is never followed by one),
except a degree's ("a master's in social work") and a shop's (:data:`_AFTER_A_PLACE`)."""
_A_WORD_NOT_JOINING = r"(?!(?:and|but|or|so)\b)[\w.-]+"
"""A word of a name, not a conjunction ("St.", "Brigid"; never the "and" of "I stayed in and Tom's cooking")."""
_AFTER_A_PLACE = re.compile(
    r"\b(?:"
    + "|".join(sorted(lexicon.PLACE_PREPOSITIONS))
    + r")\s+(?:(?:a|an|the|my|our)\s+)?(?:"
    + _A_WORD_NOT_JOINING
    + r"\s+){0,2}"
    + _A_WORD_NOT_JOINING
    + "$",
    re.IGNORECASE,
)
"""A noun after a preposition of place ("at a small chemist", "at St. Brigid"): its "'s" names a shop or a place by
its keeper ("at a small chemist's in Cork"), never "is" (an object of a preposition is no clause's subject)."""
_PICTOGRAPHS = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]+")
_MARKERS = re.compile(
    r"[,\s]*(?<![\w'’])(?:"
    + "|".join(re.escape(w) for w in sorted(lexicon.CHAT_MARKERS, key=len, reverse=True))
    + r")(?![\w'’])[.!]*",
    re.IGNORECASE,
)


def normalise(sentence: str) -> str:
    """Chat spellings written out ("gonna" → "going to", a lone "i" → "I"), an age's "'s" as "is" ("Zara's 10" →
    "Zara is 10"), one before an article, a place or "getting" ("my husband's a nurse" → "my husband is a
    nurse"), one between an attribute and its value ("my gate code's 2291") and one before "got" ("my mum's got
    asthma" → "my mum has got asthma"), a round birthday by its ordinal alone written out ("my mum's 70th is …" →
    "my mum's 70th birthday is …"), a name's "'s" as "is" ("my name's Tomasz"), and chat markers dropped ("lol")."""

    def written_out(found: re.Match[str]) -> str:
        word = found[1]
        full = lexicon.INFORMAL[word.lower()]
        if word.lower() == "i":
            return "I"
        return full[:1].upper() + full[1:] if word[:1].isupper() and not full.startswith("I") else full

    text = _INFORMAL.sub(written_out, _PICTOGRAPHS.sub(" ", sentence).replace("’", "'"))
    text = _ROUND_BIRTHDAY.sub(r"\1 birthday", text)
    text = _NAME_IS.sub(r"\1 is ", text)
    text = _IN_LAW.sub(r"\1-in-law", text)
    text = _VALUE_IS.sub(r"\1 is ", _AGE_IS.sub(" is ", _HAS_GOT.sub(" has got", text)))
    text = _IS_CONTRACTED.sub(lambda found: found[0] if _AFTER_A_PLACE.search(text, 0, found.start()) else " is ", text)
    text = _MARKERS.sub("", text)
    return re.sub(r"\s+([,.!?])", r"\1", re.sub(r"\s{2,}", " ", text)).strip(" ,")


@dataclass
class _Piece:
    text: str
    shaped_by: list[str]
    requested: bool
    time_lead: str


def _rules(rules: Sequence[Rule], decision: str, selection: Selection) -> tuple[Rule, ...]:
    return tuple(r for r in rules if r.decision == decision and selection.allows(r))


def _text(doc: Any, start: int, end: int) -> str:
    return doc[start:end].text if end > start else ""


_REQUESTS_BEFORE = ("requested", "requested_asked")
"""Trim outputs of a request to remember what follows it ("Please remember that", "Can you note that …?")."""


def trim(text: str, rules: Sequence[Rule], shaped_by: list[str]) -> tuple[str, bool, str]:
    """Apply trim rules until none fires: the text left, whether a request to remember was trimmed, and the time
    phrase moved from the start (to be added at the end of what is kept)."""
    requested, time_lead = False, ""
    for _ in range(8):
        doc = parse(text, "en")
        hits = matches(doc, rules)
        if not hits:
            break
        hit = hits[0]
        before, inside, after = _text(doc, 0, hit.start), _text(doc, hit.start, hit.end), _text(doc, hit.end, len(doc))
        rest = (
            f"{before} {after}".strip()
            if hit.rule.output not in ("tail", "requested_tail")
            else before.strip(" ,;-–—") + (doc[-1].text if doc[-1].is_punct else ".")
        )
        if not re.search(r"\w", rest):
            if hit.rule.output in _REQUESTS_BEFORE:  # "Please remember:": what follows is what to remember
                shaped_by.append(hit.rule.id)
                return "", True, time_lead
            break  # nothing would be left: the sentence is judged whole
        if hit.rule.output in ("move_to_end", "announce") and not re.match(r"(?i)(?:i|my|our)\b", after):
            break  # what follows is no statement of the speaker's: the words stay where they are
        if hit.rule.output == "move_to_end":
            time_lead = inside.strip(" ,")
            if doc[hit.start].pos_ != "PROPN":
                time_lead = time_lead[:1].lower() + time_lead[1:]
        if hit.rule.output == "requested_asked" and rest.endswith("?"):
            rest = rest.rstrip("?") + "."  # "Can you note that my code is 2291?": the question was the asking
        requested = requested or hit.rule.output in (*_REQUESTS_BEFORE, "requested_tail")
        shaped_by.append(hit.rule.id)
        text = rest
    return text, requested, time_lead


def _subject_of(doc: Any) -> str:
    """The words before a piece's first verb when they name the speaker or a person of theirs ("I", "My sister")."""
    words = []
    for token in doc:
        if token.pos_ in ("VERB", "AUX"):
            break
        words.append(token.text_with_ws)
    subject = "".join(words).strip()
    return subject if re.match(r"(?i)(?:i|my|our)\b", subject) and len(words) <= 5 else ""


def split(text: str, rules: Sequence[Rule]) -> list[tuple[str, str | None]]:
    """The pieces of a sentence: ``(piece, rule id that cut it off or None for the first)``, each with the subject
    carried over or the subordinating word stripped where its rule says so."""
    doc = parse(text, "en")
    hits = matches(doc, rules, every=True)
    cuts: list[tuple[int, Hit]] = []
    for hit in hits:
        cut = hit.start
        while (
            cut < hit.end
            and (doc[cut].lower_ not in ("and", "but", "so", ",", ";", ":", "-", "–", "—") or _in_a_word(doc, cut))
            and hit.rule.output != "strip"
        ):
            cut += 1
        if hit.rule.output == "strip":
            cut = hit.start
        elif cut == hit.end:
            continue  # its only boundary was a hyphen inside a word ("in-laws live")
        if cuts and cut <= cuts[-1][0]:
            continue
        since = cuts[-1][0] if cuts else 0
        if (
            hit.rule.output not in ("strip", "role")
            and not any(t.pos_ in ("VERB", "AUX") for t in doc[since:cut])
            and not _question_after(doc, cut)
        ):
            continue  # "my girlfriend Odette and I are …": what comes before is no statement, the subject goes on
        if hit.rule.output == "" and _conjunct_subject(doc, cut) not in ("", *lexicon.EXPLETIVES):
            continue  # "Chris lost his job, got another …": the verb goes on with its own subject
        cuts.append((cut, hit))
    pieces: list[tuple[str, str | None]] = []
    start, subject, rule_id = 0, "", None
    strip_first = False
    ends: list[tuple[int, Hit | None]] = [*cuts, (len(doc), None)]
    for cut, ending in ends:
        tokens = _bare(list(doc[start:cut]), strip_first)
        piece = "".join(t.text_with_ws for t in tokens).strip(" ,;:-–—")
        piece = _as_role(piece, ending)
        if piece:
            if rule_id is not None and _carry(rules, rule_id) and not _subject_of(parse(piece, "en")):
                carried = _conjunct_subject(doc, start) or subject
                piece = f"{carried} {piece}" if carried else piece
            pieces.append((piece, rule_id))
            subject = _subject_of(parse(piece, "en")) or subject
        start = cut
        rule_id = ending.rule.id if ending is not None else None
        strip_first = ending is not None and ending.rule.output == "strip"
    return pieces or [(text, None)]


def _question_after(doc: Any, cut: int) -> bool:
    """Whether a comma at ``cut`` opens a question closing the sentence ("Vet on May 2, can you remind me?"): what
    comes before it is judged alone, even without a verb."""
    return bool(doc[cut].text == "," and doc[len(doc) - 1].text == "?")


def _in_a_word(doc: Any, i: int) -> bool:
    """Whether token ``i`` is a hyphen inside a word ("left-handed", "part-time"): no boundary between clauses."""
    return doc[i].text in ("-", "–") and i > 0 and not doc[i - 1].whitespace_ and not doc[i].whitespace_


def _bare(tokens: list[Any], strip_first: bool) -> list[Any]:
    """A piece's tokens without the conjunctions and punctuation that joined it to the others ("and …", "…, so"),
    nor its subordinating word when its rule strips it."""
    while tokens and (tokens[0].is_punct or tokens[0].lower_ in ("and", "but", "so")):
        tokens = tokens[1:]
    if strip_first and tokens and tokens[0].lower_ in lexicon.SUBORDINATORS:
        tokens = tokens[1:]
    while len(tokens) > 1 and tokens[-1].lower_ in ("and", "but", "so"):  # "I'm diabetic, so | when I ask …"
        tokens = tokens[:-1]
    return tokens


def _as_role(piece: str, ending: Hit | None) -> str:
    """The piece said as the speaker's own when a ``role`` split rule cut it off what follows ("As a nurse working
    nights" → "I'm a nurse working nights"); else the piece as it is."""
    if ending is None or ending.rule.output != "role" or " " not in piece:
        return piece
    return "I'm " + piece.split(" ", 1)[1]


def _conjunct_subject(doc: Any, cut: int) -> str:
    """The subject of the verb a coordinated verb after ``cut`` is joined to, by the dependency parse, when it is
    another than the speaker's ("I think they're lovely and made me smile": "they" made me smile, not "I"); "" when
    the verb shares the speaker's subject or the parse names none."""
    verb = next((t for t in doc[cut:] if t.pos_ in ("VERB", "AUX")), None)
    if verb is not None and any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children):
        return ""  # "…, and I want …": the clause has a subject of its own
    while verb is not None and verb.dep_ == "conj" and verb.head is not verb:
        verb = verb.head
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if subjects:
            words = "".join(t.text_with_ws for t in subjects[0].subtree).strip()
            return "" if re.match(r"(?i)(?:i|my|our)\b", words) else words
    return ""


def _carry(rules: Sequence[Rule], rule_id: str) -> bool:
    return any(r.id == rule_id and r.output == "carry" for r in rules)


def _said_here(text: str, rules: Sequence[Rule], shaped_by: list[str]) -> str:
    """A sentence opening "vegan here, …" as "I'm vegan, …" (a ``restore_here`` rule), before it is split."""
    doc = parse(text, "en")
    here = [h for h in matches(doc, rules) if h.rule.output == "restore_here"]
    if not here:
        return text
    shaped_by.append(here[0].rule.id)
    said = doc[here[0].start : here[0].end - 2]
    return f"I'm {said.text}{doc[here[0].end - 2].whitespace_}{doc[here[0].end - 1 :].text}"


def _restore(text: str, rules: Sequence[Rule], shaped_by: list[str]) -> str:
    shaped = [
        h
        for h in matches(parse(text, "en"), rules)
        if h.rule.output in ("possessive_kin", "possessive_own", "restore_have", "household")
    ]
    if shaped:
        shaped_by.append(shaped[0].rule.id)
        if shaped[0].rule.output == "household":  # "we only eat kosher" → "my family only eat halal"
            doc = parse(text, "en")
            verb = {"'re": "are", "'ve": "have"}.get(doc[1].lower_, doc[1].text)
            return f"My family {verb}{text[doc[1].idx + len(doc[1].text) :]}"
        if shaped[0].rule.output == "restore_have":  # "exam on friday" → "I have an exam on friday"
            article = "an" if text[:1].lower() in "aeiou" else "a"
            return f"I have {article} {text[:1].lower()}{text[1:]}"
        return f"My {text[:1].lower()}{text[1:]}"  # "Mum called" → "My mum called", "flights are …" → "My flights …"
    hits = [h for h in matches(parse(text, "en"), rules) if h.rule.output == "restore"]
    if not hits:
        return text
    shaped_by.append(hits[0].rule.id)
    doc = parse(text, "en")
    lead = 1 if len(doc) > 1 and doc[0].lower_ in lexicon.BEFORE_A_DROPPED_SUBJECT else 0  # "also doing …"
    first = doc[lead].lower_ if len(doc) else ""
    got_somewhere = len(doc) > lead + 1 and doc[lead + 1].pos_ in ("ADP", "ADV", "PART")  # "Got up", "Got back"
    if first == "got" and (got_somewhere or any(t.lower_ in lexicon.PAST_TIME_WORDS for t in doc)):
        subject = "I"  # "Got a new bike last week", "Got up at 6" → "I got …"
    elif first == "been" or first == "got":
        subject = "I've"  # "Been learning …", "Got a game on Sunday" → "I've been …", "I've got …"
    elif first in lexicon.STATE_WORDS or (len(doc) and (doc[lead].tag_ == "VBG" or first.endswith("ing"))):
        subject = "I am"  # "Based in Bradford", "Taking on an apprentice …"
    else:
        subject = "I"
    return f"{subject} {text[:1].lower()}{text[1:]}"


def _with_time(text: str, time_lead: str) -> str:
    """The text with the time phrase moved from its start put back at its end, unless it says a date of its own; a
    clock time is no date ("Every weekday I pick up the twins at 4:30" → "… at 4:30 every weekday")."""
    if not time_lead:
        return text
    doc = parse(text, "en")
    if any(t.ent_type_ == "DATE" for t in doc):
        return text
    return text.rstrip(" .!") + f" {time_lead}."


_PLACES_AND_TIMES = frozenset({"GPE", "LOC", "FAC", "DATE", "TIME"})
"""Entity types of a proper noun that names no one (a place or a time)."""


# --- whom a pronoun stands for ----------------------------------------------------------------------------
_NAME_WORDS = frozenset({"name", "nickname"})
"""What a person's name is said as ("my mum's name is Patricia": Patricia is the mum)."""


def people(doc: Any, speaker: str) -> list[tuple[int, Referent]]:
    """The people a statement names, each with the token it starts at: one of the speaker's by a person noun ("my
    big sister" → ``my big sister``, a woman), a person by name (a PERSON entity, or a proper noun as subject), or
    someone unnamed or an animal (``SOMEONE``: "a taxi driver", "her friend", "our dog Rufus", or a name the
    entity model cannot place, which may be a pet's: "we lost Rufus"; not a predicate: "she is a nurse"); a name
    beside a person noun ("my sister Funmi", "Funmi, my sister", "my boss is called Dana") is the same person, said by
    the noun. The speaker's own name is nobody else."""
    own = {w.casefold() for w in speaker.split()}
    own_tokens = {t.i for t in doc if t.lower_ in own}
    nouns: list[tuple[int, int, Referent]] = []
    for token in doc:
        mine = [c for c in token.children if c.dep_ == "poss" and c.lower_ in ("my", "our")]
        if token.pos_ == "NOUN" and token.lemma_.lower() in lexicon.PERSON_NOUNS and mine:
            words = doc[mine[0].i : token.i + 1].text
            words = words[:1].lower() + words[1:]  # "My sister" opening a sentence is "my sister" inside another
            gender = lexicon.GENDERED_PERSON_NOUNS.get(token.lower_) or lexicon.GENDERED_PERSON_NOUNS.get(
                token.lemma_.lower(), ""
            )
            relation = lexicon.RELATION_NOUNS[token.lemma_.lower()]
            nouns.append((mine[0].i, token.i + 1, Referent(words, gender, relation)))

    def beside(start: int, end: int) -> bool:
        """A name right before or after a person noun, apart from it by one comma, or given to it ("my boss is
        called Dana", "my mum's name is Patricia")."""
        head = doc[start].head
        given = head.lemma_ in ("call", "name", "be") and doc[start].dep_ in ("oprd", "attr", "xcomp")
        subjects = [c for c in head.subtree if c.dep_ in ("nsubj", "nsubjpass")] if given else []
        named = {c.i for c in subjects} | {
            p.i for c in subjects if c.lemma_.lower() in _NAME_WORDS for p in c.children if p.dep_ == "poss"
        }
        return any(
            start in (n_end, n_end + 1)
            and doc[n_end:start].text in ("", ",")
            or n_start in (end, end + 1)
            and doc[end:n_start].text in ("", ",")
            or n_end - 1 in named
            for n_start, n_end, _ in nouns
        )

    names: list[tuple[int, int, Referent]] = []
    given: list[int] = []
    for token in doc:
        person = token.ent_type_ == "PERSON" and token.ent_iob_ == "B"
        subject = token.pos_ == "PROPN" and token.dep_ in ("nsubj", "nsubjpass") and not token.ent_type_
        if (person or subject) and token.lower_ not in own:
            span = next((e for e in doc.ents if e.start == token.i), doc[token.i : token.i + 1])
            if beside(span.start, span.end):
                given.extend(range(span.start, span.end))
            else:
                names.append((span.start, span.end, Referent(span.text)))
    taken = {i for start, end, _ in nouns + names for i in range(start, end)} | set(given)
    for token in doc:  # "a taxi driver", "her friend", "our spaniel": someone else, unnamed (a pet is a he or a she)
        unnamed = token.lemma_.lower() in lexicon.PEOPLE_NOUNS | lexicon.OCCUPATIONS | lexicon.PERSON_NOUNS
        if token.lemma_.lower() in lexicon.ANIMAL_NOUNS:
            names = [n for n in names if not (n[0] - 3 <= token.i <= n[1] + 2)]  # "Rufus, our spaniel": the pet
            unnamed = True
        predicate = token.dep_ in ("attr", "acomp", "appos", "oprd")
        if token.pos_ == "NOUN" and unnamed and not predicate and token.i not in taken:
            names.append((token.i, token.i + 1, SOMEONE))
        elif (
            token.pos_ == "PROPN"
            and token.ent_type_ not in _PLACES_AND_TIMES
            and token.i not in taken | own_tokens
            and not beside(token.i, token.i + 1)
        ):
            names.append((token.i, token.i + 1, SOMEONE))  # "we lost Rufus": a name the model cannot place
    return [(start, found) for start, _, found in sorted(nouns + names, key=lambda n: n[0])]


def refer(text: str, speaker: str, discourse: Discourse | None, rules: Sequence[Rule], shaped_by: list[str]) -> str:
    """The statement with each pronoun a ``refer`` rule fires on replaced by the speaker's referent
    (:mod:`graphsvc.rulebook.referents`): "her fiancé" → "my sister's fiancé", "he's 7" → "Idris is 7". A pronoun
    after a person the statement names itself, or with no referent that fits, stays: a possessor of that person's
    gender is theirs ("my sister lost her keys"), anything else is refused as a pointer (:mod:`.refuse`)."""
    if discourse is None or not rules:
        return text
    doc = parse(text, "en")
    hits = matches(doc, rules, every=True)
    if not hits:
        return text
    named_before = {i for i, _ in people(doc, speaker)}
    out = [t.text_with_ws for t in doc]
    used = ""
    for hit in hits:
        pronoun = doc[hit.start]
        found = discourse.referent(speaker, lexicon.THIRD_PERSON[pronoun.lower_])
        if found is None or any(i < pronoun.i for i in named_before):
            continue
        words = found.words if pronoun.i > 0 or found.words[:1].isupper() else found.words[:1].upper() + found.words[1:]
        out[pronoun.i] = (words + "'s" if pronoun.dep_ == "poss" else words) + pronoun.whitespace_
        following = doc[pronoun.i + 1] if pronoun.i + 1 < len(doc) else None
        if pronoun.dep_ != "poss" and following is not None and following.lower_ in ("'s", "’s"):
            after = doc[following.i + 1].lower_ if following.i + 1 < len(doc) else ""
            verb = "has" if following.lemma_ == "have" or after in ("been", "got", "gotten") else "is"
            out[pronoun.i] = out[pronoun.i].rstrip() + " "
            out[following.i] = verb + following.whitespace_
        used = hit.rule.id
    if not used:
        return text
    shaped_by.append(used)
    discourse.pointed_at(speaker)
    return "".join(out)


# --- naming the speaker -----------------------------------------------------------------------------------
_AGREED = {"am": "is", "'m": "is", "have": "has", "'ve": "has", "do": "does", "'ll": "will"}


def _agreeing(doc: Any, subject: Any) -> set[int]:
    """The verbs whose subject is this "I": the first verb after it (if present tense) and the verbs coordinated with
    that one by a conjunction ("and", "or") that have no subject of their own; a word after a comma alone that the
    tagger reads as a verb ("I am diabetic, type 1") is left as it is."""
    if subject.dep_ == "conj" or any(t.lower_ == "and" for t in doc[max(0, subject.i - 1) : subject.i]):
        return set()
    verb = None
    for token in doc[subject.i + 1 :]:
        if token.pos_ in ("VERB", "AUX") or _liking_misread(token):
            verb = token
            break
        if token.pos_ not in ("ADV", "PART") or token.lower_ == "to":
            return set()
    if verb is None or not (
        verb.tag_ == "VBP"
        or verb.lower_ in _AGREED
        or verb.lower_ == "'d"
        or _habitually(doc, verb)
        or _liking_misread(verb)
    ):
        return set()
    out = {verb.i}
    for token in doc:
        if token.dep_ == "conj" and token.head.i == verb.i and token.tag_ == "VBP":
            joined = any(t.dep_ == "cc" for t in doc[verb.i + 1 : token.i])  # "I cook and clean", not a comma alone
            if joined and not any(child.dep_ in ("nsubj", "nsubjpass") for child in token.children):
                out.add(token.i)
    return out


def _liking_misread(token: Any) -> bool:
    """Whether the tagger read the sentence's verb of liking as a preposition ("I quite like the idea", "I rather
    like tea": ``like`` tagged IN): it is the verb, and agrees ("Ana quite likes the idea")."""
    return bool(token.tag_ == "IN" and token.dep_ == "ROOT" and token.lower_ in lexicon.LIKING)


def _habitually(doc: Any, verb: Any) -> bool:
    """Whether a verb spelled alike in the present and the past is said of a habit: "every"/"each"/"most" and a
    unit of time after it ("I knit most nights" → "Ana knits most nights"; "I knit a scarf last week" stays)."""
    if verb.lower_ not in lexicon.UNCHANGED_PAST:
        return False
    after = doc[verb.i + 1 :]
    return any(
        t.lower_ in lexicon.EVERY and n.lemma_.lower() in lexicon.FREQUENCY_UNITS
        for t, n in zip(after, after[1:], strict=False)
    )


def _agreed(token: Any) -> str:
    lower = token.lower_
    if lower in lexicon.IRREGULAR_PAST:
        return str(token.text)  # a past form the tagger read as a present one ("I swam")
    if lower in _AGREED:
        return _AGREED[lower]
    if lower == "'d":
        return "would" if token.tag_ == "MD" else "had"
    return third_person(token.text)


def name_speaker(text: str, speaker: str, rules: Sequence[Rule], shaped_by: list[str]) -> str:
    """The statement with the speaker named by the subject rules (see :mod:`.subject`); unchanged without a name."""
    doc = parse(text, "en")
    outputs = {r.output: r.id for r in rules}
    introduced = {h.start + 1 for h in matches(doc, [r for r in rules if r.output == "article"], every=True)}
    speaker_subject = doc[0].lower_ == "i"  # "their" can only mean the speaker when the speaker is the subject
    named = False
    agree: set[int] = set()
    out: list[str] = []
    used: list[str] = []
    for token in doc:
        lower, word = token.lower_, token.text
        if not speaker and token.i not in introduced:
            out.append(token.text_with_ws)
            continue
        if lower == "i" and token.pos_ == "PRON" and "name" in outputs:
            word, named = speaker, True
            agree |= _agreeing(doc, token)
            used.append(outputs["name"])
        elif lower in ("my", "our", "mine") and token.tag_ in ("PRP$", "PRP") and "possessive" in outputs:
            word = f"{speaker}'s" if not (named and speaker_subject) else ("their" if lower != "mine" else "theirs")
            named = True
            used.append(outputs["possessive"])
        elif lower in ("me", "myself") and "object" in outputs:
            word = "themselves" if lower == "myself" and named and speaker_subject else speaker
            named = True
            used.append(outputs["object"])
        elif token.i in introduced:
            following = doc[token.i + 1].text if token.i + 1 < len(doc) else ""
            word = "some" if lower == "these" else ("an" if following[:1].lower() in "aeiou" else "a")
            word = word.capitalize() if token.text[:1].isupper() else word
            used.append(outputs["article"])
        elif token.i in agree:
            word = _agreed(token)
            if lower.startswith("'") and out and not out[-1].endswith(" "):
                word = " " + word  # "I'm" → "Ana is"
        out.append(word + token.whitespace_)
    shaped_by.extend(dict.fromkeys(used))
    return "".join(out).strip()


def close(text: str) -> str:
    """The statement with one closing mark (its question mark kept: a question is refused), its case as said."""
    text = re.sub(r"\s+", " ", text).strip(" ,;:-–—")
    end = "?" if text.endswith("?") else "."
    text = re.sub(r"[.!?…]+$", "", text).rstrip()
    return text + end if text else text


def finish(text: str) -> str:
    """:func:`close`, and the first letter upper case (a memory as stored)."""
    text = close(text)
    return text[:1].upper() + text[1:]


# --- one piece ----------------------------------------------------------------------------------------------
def _whose(doc: Any) -> str:
    """The relation of the person or animal a statement is about when it opens with one of the speaker's ("my
    sister …" → ``sister``, "my dog …" → ``dog``); "" when it is about the speaker."""
    if len(doc) < 2 or doc[0].lower_ not in ("my", "our"):
        return ""
    relations = lexicon.RELATION_NOUNS
    for token in doc[1:4]:
        if token.pos_ == "ADJ":
            continue
        if token.lemma_ in relations:  # "my sister's husband …": ``sister.husband``
            after = [t for t in doc[token.i + 1 : token.i + 4] if t.pos_ != "ADJ"]
            if len(after) > 1 and after[0].lower_ == "'s" and after[1].lemma_ in relations:
                return f"{relations[token.lemma_]}.{relations[after[1].lemma_]}"
            return relations[token.lemma_]
        return token.lemma_ if token.lemma_ in lexicon.ANIMAL_NOUNS | lexicon.PLURAL_PEOPLE else ""
    return ""


def _slot(rule: Rule, doc: Any, hit: Hit) -> str | None:
    """The slot a statement fills: its rule's, for a person of the speaker's prefixed with who they are
    ("my sister lives in Leeds": ``sister.lives_in``); an attribute's slot is its words ("gate_code")."""
    if rule.slot is None:
        return None
    if "{attribute}" in rule.slot:
        span = doc[hit.start : hit.end]
        mine = next((t.i for t in span if t.lower_ in ("my", "our")), None)
        if mine is None:
            return None
        words = []
        for token in doc[mine + 1 :]:  # "I keep my bike lock code 1234": bike_lock_code
            if token.lemma_ == "be" or token.is_punct or token.like_num or token.pos_ in ("ADP", "VERB", "AUX"):
                break
            if token.lower_ != "'s":  # "my sister's birthday": sister_birthday
                words.append(token.lower_)
        return "_".join(words) or None
    whose = _whose(doc)
    return f"{whose}.{rule.slot}" if whose else rule.slot


def _event_time(
    memory_type: MemoryType, text: str, doc: Any, sent_at: datetime, rules: Sequence[Rule], shaped_by: list[str]
) -> tuple[MemoryType, datetime | None]:
    when = resolve_relative_time(text, sent_at, future=None if memory_type != "event" else not _past(doc))
    if memory_type == "event":
        return memory_type, when if when is not None else (sent_at if _past(doc) else None)
    if (
        memory_type == "fact"
        and when is not None
        and when.date() < sent_at.date()
        and not re.search(r"(?i)\b(?:since|for)\b", text)
    ):
        hits = matches(doc, rules)
        if hits:
            shaped_by.append(hits[0].rule.id)
            return "event", when
    return memory_type, None


def _in_years(doc: Any) -> str:
    """An age said as a bare number after a form of "be", with its unit said: "my dog is 14" → "my dog is 14 years
    old" (a number after "turned", or with its unit, is left as said)."""
    for token in doc[1:]:
        if not token.like_num or doc[token.i - 1].lemma_ != "be":
            continue
        following = doc[token.i + 1].lower_ if token.i + 1 < len(doc) else ""
        if following in lexicon.AGE_UNITS:
            return str(doc.text)
        end = token.idx + len(token.text)
        return f"{doc.text[:end]} years old{doc.text[end:]}"
    return str(doc.text)


def _lower_first(doc: Any) -> str:
    text = str(doc.text)
    return text if doc[0].pos_ == "PROPN" else text[:1].lower() + text[1:]


def _past(doc: Any) -> bool:
    return any(t.tag_ in ("VBD", "VBN") for t in doc)


def judge_piece(
    piece: _Piece,
    sentence: str,
    *,
    speaker: str,
    sent_at: datetime,
    rules: Sequence[Rule],
    selection: Selection,
    discourse: Discourse | None = None,
) -> Judgement:
    shaped_by = list(piece.shaped_by)
    text, requested, lead = trim(piece.text, _rules(rules, "trim", selection), shaped_by)
    requested = requested or piece.requested
    text = _restore(text, _rules(rules, "subject", selection), shaped_by)
    text = refer(text, speaker, discourse, _rules(rules, "refer", selection), shaped_by)
    text = close(_with_time(text, lead or piece.time_lead))
    doc = parse(text, "en")
    refusals = matches(doc, _rules(rules, "refuse", selection))
    if refusals:
        return Judgement(sentence, text, refused_by=refusals[0].rule.id, shaped_by=tuple(shaped_by))
    given = subject_given(rules, shaped_by)
    hit = best_keep(doc, _rules(rules, "keep", selection), requested, subject_given=given)
    if hit is None:
        return Judgement(sentence, text, shaped_by=tuple(shaped_by))
    memory_type: MemoryType = hit.rule.output  # type: ignore[assignment]
    shaping = list(shaped_by)
    memory_type, occurred_at = _event_time(memory_type, text, doc, sent_at, _rules(rules, "type", selection), shaping)
    if "note" in hit.rule.tags:  # a requested statement about something else: said as the speaker's note
        content = finish(f"{speaker or 'The user'} asked to remember: {_lower_first(doc)}")
    else:
        stated = _in_years(doc) if "age" in hit.rule.tags else text
        content = finish(name_speaker(stated, speaker, _rules(rules, "subject", selection), shaping))
    confidence = max(hit.rule.confidence, 0.95) if requested else hit.rule.confidence
    statement = Statement(
        content=content,
        said=text[:1].upper() + text[1:],
        memory_type=memory_type,
        confidence=confidence,
        rule_id=hit.rule.id,
        shaped_by=tuple(shaping),
        occurred_at=occurred_at,
        slot=_slot(hit.rule, doc, hit),
        about=speaker,
    )
    return Judgement(sentence, text, statement=statement, shaped_by=tuple(shaped_by))


def mentions(text: str, sentence: str, *, speaker: str, rules: Sequence[Rule], selection: Selection) -> list[Judgement]:
    """The people of the speaker's a sentence names in passing ("my housemate Kezia", "Funmi, my sister"): one
    statement each, "<speaker>'s housemate is Kezia.", whatever the rest of the sentence is."""
    doc = parse(text, "en")
    found: list[Judgement] = []
    hits = matches(doc, [r for r in _rules(rules, "keep", selection) if "mention" in r.tags], every=True)
    widest = [h for h in hits if not any(o is not h and o.start <= h.start and h.end <= o.end for o in hits)]
    for hit in widest:
        span = doc[hit.start : hit.end]
        names = [t.text for t in span if t.pos_ == "PROPN"]
        role = " ".join(
            t.text for t in span if t.pos_ not in ("PROPN", "AUX") and t.lower_ not in ("my", "our") and not t.is_punct
        )
        if span[-1].pos_ != "PROPN":  # "Name is my sister": the noun ends the phrase, and the sentence asks nothing
            role, phrase_goes_on = _full_role(doc, hit.end, role)
            if phrase_goes_on or (any(t.lower_ == "is" for t in span) and sentence.rstrip().endswith("?")):
                continue
        if not names or not role or not speaker:
            continue
        said = f"My {role} is {' '.join(names)}."
        content = finish(f"{speaker}'s {role} is {' '.join(names)}")
        statement = Statement(content, said, "fact", hit.rule.confidence, hit.rule.id, about=speaker)
        found.append(Judgement(sentence, span.text, statement=statement))
    return found


def _full_role(doc: Any, end: int, role: str) -> tuple[str, bool]:
    """The role with an "-in-law" or a family noun of a family member's that follows it ("sister-in-law", "husband's
    brother"), and whether the phrase still goes on after the role (a possessive "'s", another noun: "my friend's
    sister", "my brother Tom's car")."""
    rest = [t.lower_ for t in doc[end : end + 4]]
    if rest[:4] == ["-", "in", "-", "law"]:
        return f"{role}-in-law", end + 4 < len(doc) and doc[end + 4].tag_ == "POS"
    if rest[:1] == ["'s"] and role in lexicon.KIN_RELATIONS and len(rest) > 1 and rest[1] in lexicon.KIN_RELATIONS:
        if end + 2 == len(doc) or doc[end + 2].is_punct:  # "Marco is my husband's brother."
            return f"{role}'s {doc[end + 1].text}", False
    after = doc[end] if end < len(doc) else None
    return role, after is not None and (after.tag_ == "POS" or after.pos_ in ("NOUN", "PROPN") or after.text == "-")


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
    """Every piece of one English sentence, judged (see the module docstring), and the people it names in passing.

    Args:
        requested: an earlier sentence of the message asked to remember what follows ("Can you save this.").
        discourse: whom the speaker's pronouns stand for, updated with the people each piece names (None: no
            pronoun is resolved).
    """
    shaped_by: list[str] = []
    said = normalise(sentence)
    refusals = [r for r in _rules(rules, "refuse", selection) if "untrimmed" in r.tags]
    if refusals and (opened := matches(parse(said, "en"), refusals)):  # its lead is what the refusal reads
        return [Judgement(sentence, said, refused_by=opened[0].rule.id)]
    text, asked, lead = trim(said, _rules(rules, "trim", selection), shaped_by)
    text = _said_here(text, _rules(rules, "subject", selection), shaped_by)
    out = []
    for position, (piece, cut_by) in enumerate(split(text, _rules(rules, "split", selection))):
        rules_so_far = [*shaped_by, cut_by] if cut_by else list(shaped_by)
        asked_here = requested or (asked and position == 0)  # a request covers its own clause, not the ones after
        judged = judge_piece(
            _Piece(piece, rules_so_far, asked_here, lead),
            sentence,
            speaker=speaker,
            sent_at=sent_at,
            rules=rules,
            selection=selection,
            discourse=discourse,
        )
        out.append(judged)
        if discourse is not None:
            discourse.named(speaker, [p for _, p in people(parse(judged.piece, "en"), speaker)])
    kept = {j.statement.content for j in out if j.statement is not None}
    out += [
        m
        for m in mentions(text, sentence, speaker=speaker, rules=rules, selection=selection)
        if m.statement and m.statement.content not in kept
    ]
    return out


def asks_to_remember_what_follows(judgements: Sequence[Judgement], rules: Sequence[Rule]) -> bool:
    """Whether a sentence only asked to remember what the next ones say ("Can you save this.")."""
    requested = {r.id for r in rules if r.decision == "trim" and r.output in _REQUESTS_BEFORE}
    return any(
        requested & set(j.shaped_by) and j.statement is None and _pointer_only(j.piece) for j in judgements
    ) or any(requested & set(j.shaped_by) and not j.piece.strip(" .") for j in judgements)


def _pointer_only(piece: str) -> bool:
    words = re.findall(r"[\w']+", piece.lower())
    return bool(words) and all(w in lexicon.POINTER_ONLY for w in words)
