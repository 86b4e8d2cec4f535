"""Whether a sentence can stand alone as a statement about its speaker, and the small repairs that make it so.

Used by the offline memory extractor (:mod:`graphsvc.pipeline.extraction.offline`) before the speaker is named
(:func:`graphsvc.text.rewrite.name_the_speaker`). Precision first: a sentence the rules cannot vouch for is
dropped, never guessed at. Pure functions, English and Chinese.

English:

- informal forms are written out (:func:`normalise_informal`: "gonna" → "going to", "wanna" → "want to",
  "'cause" → "because", "edu" → "education"); chat markers ("lol", "haha") are dropped;
- a dropped subject is restored where the form leaves no doubt (:func:`restore_subject`: "Lost my job
  yesterday." → "I lost my job yesterday.", "Going to start a course." → "I'm going to start a course.");
- :func:`speaker_subject` keeps a sentence whose subject is the speaker ("I ...", "My sister ...", "Me and my
  kids ...", after leading time phrases, connectives and subordinate clauses) and whose words point nowhere
  outside it: no "we/our/us" (who "we" are is not known), no object pronoun right after the verb that the
  sentence does not resolve ("I loved it", "I chose them"), no pep talk ("I won't give up!"), and at least
  :data:`MIN_CONTENT_WORDS` content words. Imperatives ("Check out my studio"), reactions ("That's awesome")
  and statements about something else ("Painting's a fun way to express my feelings") have no first-person
  subject and are dropped.

Chinese: :func:`speaker_clause` keeps the sentence from the first clause whose subject is 我 (after time words
and connectives; 我们 is not the speaker) and drops sentences about "we" (我们, 咱们).
"""

from __future__ import annotations

import re
from functools import partial

from graphsvc.text import nlp
from graphsvc.text.language import Language
from graphsvc.text.statements import EN_ABOUT_LISTENER, content_words

MIN_CONTENT_WORDS = 2
"""English content words (stop words out) a memory needs: "I'm so excited!" says too little to keep."""

_INFORMAL: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"\bgonna\b", "going to"),
        (r"\bwanna\b", "want to"),
        (r"\bwannas\b", "wants to"),
        (r"\bgotta\b", "have to"),
        (r"\bkinda\b", "kind of"),
        (r"\bsorta\b", "sort of"),
        (r"\boutta\b", "out of"),
        (r"\blotta\b", "lot of"),
        (r"\bdunno\b", "don't know"),
        (r"\blemme\b", "let me"),
        (r"\bgimme\b", "give me"),
        (r"(?<![\w'’])['’]cause\b|\bcuz\b|\bcos\b|\bcoz\b|\bb/c\b", "because"),
        (r"\btho\b", "though"),
        (r"\bthru\b", "through"),
        (r"\bw/o\b", "without"),
        (r"\bw/(?=\s)", "with"),
        (r"\bedu\b", "education"),
        (r"\bfam\b", "family"),
        (r"\bpic\b", "picture"),
        (r"\bpics\b", "pictures"),
        (r"\bbday\b", "birthday"),
        (r"\bconvo\b", "conversation"),
        (r"\bfave\b|\bfav\b", "favorite"),
        (r"\bsis\b", "sister"),
        (r"\bbro\b", "brother"),
        (r"\bgf\b", "girlfriend"),
        (r"\bbf\b", "boyfriend"),
        (r"\bmins\b", "minutes"),
        (r"\bhrs\b", "hours"),
        (r"[,\s]*\b(?:lol|lmao|haha\w*|hehe\w*|tbh|imo|btw|brb|ttyl)\b[.!]*", ""),
        (r"\s*[:;]-?[)(DPp]", ""),
    )
)


_DASH = re.compile(r"\s+[-–—]+\s+|\s*—\s*")


def dash_clauses(sentence: str) -> list[str]:
    """A chat sentence cut at its dashes ("A lot happened - I joined a club!"): each part is judged on its own."""
    return [part.strip() for part in _DASH.split(sentence) if part.strip()]


_TIME_NOUNS = frozenset(
    "morning afternoon evening night week weekend month year summer winter spring fall autumn time days weeks months "
    "years nights".split()
)


_ARTICLE = {"this": "a", "these": "some"}
_DEICTIC_NOUNS = frozenset(
    """style moment place thing things stuff kind type way idea ideas experience feeling one ones song view spot scene
    part process method methods advice suggestion suggestions tip tips recommendation recommendations""".split()
)
"""Nouns that "this" points at rather than introduces ("I adore this colour", "I used this trick"): the "this" is
kept, so the sentence is refused as pointing outside it."""
_LIKING = frozenset(
    "love loved like liked enjoy enjoyed adore adored prefer preferred wear wearing try trying use using follow".split()
)


def _defined_by_clause(tokens: list[nlp.Token], noun: nlp.Token) -> bool:
    """Whether ``noun`` has a relative clause whose subject is the speaker ("that stuff I baked", "those friends
    we met in May"): the clause, not an earlier turn, says which one is meant."""
    return noun.pos == "NOUN" and any(
        t.head == noun.index
        and t.dep == "relcl"
        and any(s.head == t.index and s.dep == "nsubj" and s.text.lower() in ("i", "we") for s in tokens)
        for t in tokens
    )


def _named(tokens: list[nlp.Token], noun: nlp.Token) -> bool:
    """Whether a proper-noun head is named right after it ("this new game called 'Skyward'")."""
    return noun.pos == "PROPN" and any(
        t.head == noun.index and t.dep == "acl" and t.text.lower() in ("called", "named") for t in tokens
    )


def demonstrative_to_article(sentence: str) -> str:
    """English "this/these" before a noun, which in chat introduce what the speaker names ("I've been reading
    this inspiring book", "I found these old notebooks") → "a"/"an", "some"; in a time phrase ("this week") or as
    a pronoun ("I loved this") they are kept, and so are "that/those", which point back ("I loved that book") unless
    the speaker's own relative clause says which ("that stuff I baked" → "the stuff I baked"); a proper noun
    named right after it counts as a noun ("this game called 'Skyward'"); "this" before a noun it points at
    (:data:`_DEICTIC_NOUNS`: "this tip", "this spot"; the object of love, like,
    enjoy, wear, try, use: "I'll wear this scarf tomorrow", the one shown or named before; "all these").
    Needs the parser (:func:`graphsvc.text.nlp.english_parse`); unchanged without it."""
    if not re.search(r"\b(?:this|these|that|those)\b", sentence, re.IGNORECASE):
        return sentence
    tokens = nlp.english_parse(sentence)
    if tokens is None:
        return sentence
    out: list[str] = []
    position = 0
    for token in tokens:
        start = sentence.find(token.text, position)
        if start < 0:
            return sentence
        out.append(sentence[position:start])
        text = token.text
        head = tokens[token.head]
        lower = text.lower()
        pointed = (
            head.text.lower() in _DEICTIC_NOUNS
            or (head.dep == "dobj" and tokens[head.head].text.lower() in _LIKING)  # "I adore this scarf"
            or (token.index > 0 and tokens[token.index - 1].text.lower() == "all")  # "all these tools"
        )
        if lower in ("that", "those") and token.dep == "det" and _defined_by_clause(tokens, head):
            text = "the" if token.text[0].islower() else "The"  # "that stuff I baked": the clause says which
        elif (
            lower in _ARTICLE
            and token.dep == "det"
            and (head.pos == "NOUN" or _named(tokens, head))
            and head.text.lower() not in _TIME_NOUNS
            and not pointed
        ):
            following = tokens[token.index + 1].text if token.index + 1 < len(tokens) else ""
            text = _ARTICLE[lower] if lower != "this" else ("an" if following[:1].lower() in "aeiou" else "a")
            text = text.capitalize() if token.text[0].isupper() else text
        out.append(text)
        position = start + len(token.text)
    out.append(sentence[position:])
    return "".join(out)


def normalise_informal(sentence: str) -> str:
    """``sentence`` with informal chat forms written out (see the module docstring) and a telling preamble before
    the speaker's own clause dropped (:data:`_EN_TELLING`); spacing tidied."""
    for pattern, replacement in _INFORMAL:
        sentence = pattern.sub(partial(_same_case, replacement=replacement), sentence)
    sentence = _EN_TELLING.sub("", sentence, count=1)
    return re.sub(r"\s+([,.!?])", r"\1", re.sub(r"\s{2,}", " ", sentence)).strip()


_EN_TELLING = re.compile(
    r"^(?:(?:guess what|you know what|good news|big news|so|oh|hey|well)[,!?:]*\s+)*"
    r"(?:(?:(?:I|I['’]ve)\s+)?(?:just\s+|really\s+)*(?:wanted|want|had|have|needed)\s+to\s+"
    r"(?:let you know|tell you|share(?: with you)?|update you|say)|"
    r"I['’]m\s+(?:so\s+|really\s+|super\s+)?(?:excited|happy|glad|thrilled|stoked|proud)\s+to\s+"
    r"(?:tell you|share(?: with you)?|let you know)|just so you know|fyi)(?:\s+that)?[,:!]?\s+"
    r"(?=(?:I|I['’](?:m|ve|d|ll)|my|we|our)\b)",
    re.IGNORECASE,
)
"""A preamble that only announces what the speaker is about to say ("I just wanted to let you know that I'm
moving", "Guess what, I got the job"): the statement is the clause after it, which must open with the speaker."""


def _same_case(found: re.Match[str], *, replacement: str) -> str:
    return replacement[:1].upper() + replacement[1:] if found[0][:1].isupper() and replacement else replacement


# --- a dropped subject ------------------------------------------------------------------------------------
_PAST_START = frozenset(
    """went got had made met saw took ran ate came gave found left lost won felt drove flew wrote began bought
    brought caught chose fell heard kept paid sent sold spent woke did grew became built taught stood slept swam
    sang quit finished started tried visited was joined adopted painted cooked baked moved signed booked picked
    decided learned learnt watched played traveled travelled attended celebrated graduated completed received
    hiked climbed volunteered organized organised hosted passed landed launched opened""".split()
)
_PROGRESSIVE_START = re.compile(
    r"^(?:going to|planning (?:to|on)|thinking (?:of|about)|hoping|trying to|looking forward to|working on|"
    r"looking into|getting (?:ready|into)|saving (?:up )?for)\b",
    re.IGNORECASE,
)
_FEELING_START = re.compile(
    r"^(?:(?:so|really|super|pretty|very|totally)\s+)?(?:excited|happy|glad|thrilled|stoked|proud|nervous|"
    r"grateful|thankful|sad|tired|busy|lucky|blessed)\b(?=\s+(?:about|to|for|that|with|of|because)\b)",
    re.IGNORECASE,
)


_LIKING_START = frozenset("love loved enjoy enjoyed adore hate hated".split())
_LIKED_ACTIVITY = re.compile(r"(?!(?:seeing|hearing|knowing|being|getting|having)\b)\w+ing\b|(?:my|our)\b")
"""What a dropped-subject liking must name: an activity ("Love experimenting with spices") or the speaker's own
thing ("Loved my first pottery class"); "Love and acceptance …" is a noun, "Love seeing …" a reaction."""


def restore_subject(sentence: str) -> str:
    """Put back an English first-person subject the speaker dropped, when the first word leaves no doubt:
    a past-tense verb ("Lost my job" → "I lost my job"), "Been"/"Just" + past ("Just finished" → "I just
    finished"), a plan or activity ("Going to ...", "Planning to ...", "(Still) working on ..." → "I'm ..."), a
    feeling with its cause ("Excited to ..." → "I'm excited to ..."), a liking of an activity or of the
    speaker's own thing (:data:`_LIKED_ACTIVITY`: "Love experimenting with spices" → "I love ..."). Anything else
    is returned unchanged; imperatives ("Check out ...") are not repaired."""
    words = sentence.split(maxsplit=1)
    if len(words) < 2:
        return sentence
    first = words[0].lower().strip(",")
    rest = words[1] if len(words) > 1 else ""
    if first == "going" and rest.lower().startswith("to be "):
        return sentence  # "Going to be a great night": the subject is not the speaker
    if first in _PAST_START and rest:
        return f"I {first} {rest}"
    second = rest.split(maxsplit=1)[0].lower().strip(",")
    if first in ("just", "finally", "recently") and (second in _PAST_START or second.endswith("ed")):
        return f"I {first} {rest}"
    if first == "been" and rest:
        return f"I've been {rest}"
    if _PROGRESSIVE_START.match(sentence) and len(sentence.split()) >= 3:
        return f"I'm {sentence[:1].lower()}{sentence[1:]}"
    if first in ("still", "also", "currently") and _PROGRESSIVE_START.match(rest) and len(rest.split()) >= 3:
        return f"I'm {sentence[:1].lower()}{sentence[1:]}"  # "Still working on my thesis"
    if first in _LIKING_START and _LIKED_ACTIVITY.match(rest) and len(rest.split()) >= 2:
        return f"I {sentence[:1].lower()}{sentence[1:]}"  # "Love experimenting with spices"
    if _FEELING_START.match(sentence):
        return f"I'm {sentence[:1].lower()}{sentence[1:]}"
    return sentence


# --- the speaker as subject -------------------------------------------------------------------------------
_EN_LEAD = (
    r"(?:(?:yesterday|today|tonight|recently|lately|finally|actually|also|so|and|but|then|now|plus|anyway|"
    r"honestly|luckily|unfortunately|sadly|thankfully|fortunately|personally|currently|still|just|"
    r"(?:last|this|next|past|this past) \w+|these days|earlier(?: today| this \w+)?|the other day|a while ago|"
    r"(?:a (?:few|couple of)|\w+) (?:days|weeks|months|years) ago|on \w+day|in \d{4}|over the \w+|"
    r"at (?:first|the moment)|for (?:the )?(?:first|last) time|as a (?:kid|child|teen|teenager)|"
    r"(?:in|on|at|during|for|with|after|before|over|by|from|outside of|apart from|besides) [^,;]{1,40},|"
    r"(?:when|while|after|before|since|once|because|although|though|whenever|as soon as) [^,;]{1,80}?"
    r"(?:,|\s(?=I\b|I['’]))|(?:some|one|all|both|most|many|two|three|a few|a couple) of (?=my\b))[,]?\s*)*"
)
_EN_SPEAKER_SUBJECT = re.compile(
    _EN_LEAD + r"(?:I(?:['’](?:m|ve|d|ll))?\b(?!-)|(?-i:[Mm]y|[Oo]ur) (?!own\b)[\w'’-]+|[Mm]e and (?:my |[A-Z])|"
    r"(?:[Mm]y \w+|(?-i:[A-Z][a-z]+)|(?:some|a few|two|three) (?:friends|people|colleagues)(?: [^,.!?]{1,30})?)"
    r" and I\b)",
    re.IGNORECASE,
)
_EN_WE_SUBJECT = re.compile(
    _EN_LEAD + r"we(?:(?:['’]ve| have)(?: \w+ly| just| finally| already)? (?!to\b)\w+|(?:['’]re| are) \w+ing\b|"
    r"['’]ll|(?: will| are going to)|(?: \w+ly| just| finally| also)? (?:went|got|had|made|met|saw|took|ran|ate|came|"
    r"gave|found|left|lost|won|drove|flew|bought|spent|moved|\w+ed)\b|"
    r"(?: (?:usually|often|always|sometimes|normally|never|really|also|both))* (?:love|like|enjoy|go|watch|play|"
    r"spend|visit|have)\b)",
    re.IGNORECASE,
)
""""We" as the subject of something that happened or is planned ("We went camping", "We're moving in May"): the
speaker and others did it. "We can all make a difference" is a remark, not a happening."""
_EN_WE = re.compile(r"\b(?:we|we['’](?:re|ve|d|ll)|us|ourselves|let['’]?s)\b", re.IGNORECASE)
"""Who "we" are is not known: only "we" doing something (:data:`_EN_WE_SUBJECT`) is kept, as "<name> and others".
"our" is the speaker's ("our team" is the team the speaker is in) and named like "my"."""
_EN_POINTER = re.compile(
    r"\b(?:(?P<person>he|she|him|her|they|them|his)\b|(?P<thing>it|its)\b|"
    r"(?:these(?! days)|those|here['’]s|there['’]s)\b|"
    r"this\b(?!\s+(?:morning|afternoon|evening|week|weekend|month|year|summer|winter|spring|fall|autumn|time|past)\b)|"
    r"that(?:['’]s|\s*[.!?,;]|\s*$)|like that\b|(?:of|about|for|with|to|do|did) that\b|"
    r"(?P<place>(?<!out )there)\b(?!['’]s|\s+(?:is|are|was|were|will|would|has|have|had|seems?|might|may|must|"
    r"could|should|can|used|isn|aren|wasn|weren|won|hasn|haven|hadn|remains?|exists?|for)\b))",
    re.IGNORECASE,
)
"""Words that point outside the sentence (a person, thing or place the sentence does not name): "I loved it",
"I made this painting", "they helped me", "I met him there". "that" introducing a clause ("I realised that ...")
and "this" in a time phrase ("this week") are not pointers, nor "there is", "out there", "there for" someone and
"there" after a place the sentence names;
"he/she/they" after a named person or "my son", and "it is/was" after "a/an/my <noun>" in the same sentence point
inside it (:func:`_points_outside`)."""
_EN_PERSON_BEFORE = re.compile(r"\b(?i:my|a|an|the)\s+(?:\w+\s+)?\w+|(?<!^)(?<![.!?]\s)\b[A-Z][a-z]+\b")
_EN_PLACE_BEFORE = re.compile(r"\b(?:at|in|to|from|near|visit\w*)\s+(?:(?:the|a|an|my|our)\s+\w+|(?-i:[A-Z])\w+)", re.I)
_EN_THING_BEFORE = re.compile(
    r"\b(?:a|an|my|our)\s+(?!(?:\w+\s+)?(?:mom|mum|mother|dad|father|parents|friend|friends|family|kids|son|daughter|"
    r"husband|wife|partner|sister|brother|boss|team|teacher|coach|chance|lot|bit|way|time|problem|question|while|"
    r"moment|feeling|idea|day|week|try|look)\b)(?:\w+\s+)?\w+"
)
_EN_LOOSE_OBJECT = re.compile(
    r"\bI(?:['’](?:ve|d|ll|m))?(?:\s+(?!(?:it|them|him|her|this|that|those|these)\b)[\w'’]+){1,3}?\s+"
    r"(?:it|them|him|her|this|that|those|these|one)(?=\s*(?:[.!?,;]|$|\s+(?:so|too|a lot|again|yet|already|"
    r"now|today|yesterday|last|this|for|with|at|in|on|and|but|because)\b))",
    re.IGNORECASE,
)
_PEP_TALK = re.compile(
    r"\b(?:give up|got this|can do (?:it|this)|make it|do my best|keep (?:going|pushing|it up|at it|trying)|"
    r"hang in there|never (?:stop|quit)|believe in (?:myself|yourself)|stay (?:strong|positive)|"
    r"won['’]t (?:stop|quit)|can['’]t wait|love (?:it|that|this)|mean(?:s)? a lot|appreciate (?:it|that|this))\b",
    re.IGNORECASE,
)
_EN_CONNECTIVE = re.compile(
    r"^(?i:so|and|but|now|also|plus|anyway|then|well|still|besides|on another note|on the other hand)\s*,?\s+"
    r"(?=(?:(?i:today|now|lately|recently|these days|this \w+),?\s+)?(?:I\b|I['’]|[Mm]y\b|[Mm]e and\b|[Ww]e\b))"
)
"""A connective that opens a sentence ("But I'm afraid of …", "On another note, I …") ties it to what was said
before: cut, the statement stands alone without it."""
_EN_CLAUSE_BREAK = re.compile(
    r"\s*(?:\s[-–—]\s*|[–—]\s*|-(?=\s)\s*|;\s*|:\s+|,\s+(?:and|but|so|plus)\s+|"
    r"\s+(?:and|but|so|plus)\s+(?=(?:I|it|we|they|he|she|that|this|there|my|our|everyone|everything)\b|"
    r"(?:\w+ly\s+)?\w+(?:ing|ed)\b)|,\s+)"
)
"""Where a sentence may be cut: a dash, semicolon, colon, comma, or "and/but/so" starting a new clause (after a
comma, before a subject or a verb in -ing/-ed: "… yesterday and it was so powerful", "… and shared it with …"); a
bare "and" inside a phrase ("the colour and shape I chose") is no clause break."""
_EN_FIRST_SINGULAR = re.compile(r"\b(?:my|me|myself|mine)\b", re.IGNORECASE)


_EN_PAST_CLAUSE = re.compile(
    r"\b(?:since|when|after|before|because|as soon as|until)\s+"
    r"(?P<clause>(?:I|we|(?-i:[Mm]y) (?!own\b)[\w'’-]+)(?: (?:just|finally|first|all|both|also|really|recently))?"
    r" (?:\w+ed|was|were|had|got|went|lost|won|made|met|saw|took|ran|came|gave|found|left|began|bought|moved|started|"
    r"spent|broke|fell|heard|told|wrote|drove|flew|became|grew|quit|joined|(?:['’]ve|have|has) \w+)\b[^,;:.!?—–]*)",
    re.IGNORECASE,
)
"""A subordinate clause in the past whose subject is the speaker, "we" or someone of theirs ("Since I quit my job
at the bakery, money has been tight", "It was scary when my daughter fell off her bike"): a statement of its own
when the rest of the sentence stands on nothing. Only past forms: "after I finish my degree" is a plan,
not a happening."""


_EN_DUMMY_IT = re.compile(
    r"it(?:['’]s| is| was| feels| felt| seems| seemed|['’]s been| has been| had been)"
    r"(?: (?:so|really|very|pretty|super|always|quite|totally|extremely|incredibly))*"
    r" (?!(?:a|an|the|my|our|your|his|her|their|one|all|just|what|why|how)\b)[a-z-]+"
    r" (?:to (?!(?:me|you|him|her|us|them|it)\b)\w+|that (?:I|we|my)\b)",
    re.IGNORECASE,
)
""""It" that stands for the clause after it ("it's important to help others", "it felt good to be back", "it was
clear that I needed a break"): it points at nothing outside the sentence."""


def _points_outside(text: str) -> bool:
    """Whether a word of ``text`` points to something the text does not name (see :data:`_EN_POINTER`), or
    "that/those" points back to a thing ("I loved that book"; spaCy's parse, when loaded)."""
    if re.search(r"\b(?:that|those)\b", text, re.IGNORECASE):
        tokens = nlp.english_parse(text) or []
        if any(t.text.lower() in ("that", "those") and t.dep == "det" for t in tokens):
            return True
    for match in _EN_POINTER.finditer(text):
        before = text[: match.start()]
        if match["person"] and _EN_PERSON_BEFORE.search(before):
            continue
        if match["thing"] and (_EN_THING_BEFORE.search(before) or _EN_DUMMY_IT.match(text, match.start())):
            continue
        if match["place"] and _EN_PLACE_BEFORE.search(before):
            continue  # "I started at Halvorsen Labs, I'm an analyst there": the place is named before
        if match[0].lower().startswith("that") and re.search(r"[A-Za-z]\s*$", before):
            last = before.split()[-1].lower()
            if last not in ("and", "but", "so", "because", "like", "is", "was", "of", "about", "for", "with", "to"):
                continue  # "a show that's coming out": a relative clause, not a pointer
        return True
    return False


_EN_VAGUE = re.compile(
    r"^I(?:['’]ll| will| would)? (?:try|do|give) (?:my|their) best\b|"
    r"^I(?:['’]ll| will) (?:try|keep trying)(?: (?:it|that|this|these|them|harder|again))?[.!]?$|"
    r"^I learned a lot[.!]?$|"
    r"^I (?:really |just )?(?:don['’]t|do not) know what to do(?:,? and (?:I )?(?:feel|am|['’]m|feeling)"
    r"(?: so| really| very| a bit| kind of)? [\w-]+)?[.!]?$|"
    r"^I(?:['’]ve been| have been| am|['’]m)? (?:encountered|had|have|facing|having|met) "
    r"(?:a|some|a few|many|a lot of) (?:problem|issue|trouble|worry|difficult(?:y|ies)|challenge)s?"
    r"(?: (?:today|lately|recently|at work))?[.!]?$|"
    r"\bneed (?:a |some )?(?:\w+ )?(?:relaxation|rest|break)\b|"
    r"\bthe (?:most|least) \w+ (?:part|thing|moment|scene)\b|\bthe (?:best|worst|hardest|easiest) (?:part|thing)\b|"
    r"\b(?:go for a walk|take a walk|watch a movie|see a movie|grab (?:a )?(?:coffee|bite|drink)|take a nap|"
    r"get some rest|go out (?:to|for) (?:dinner|lunch|drinks?|a meal)|(?:chat|hang out) with (?:a few |some |my )?"
    r"friends)\b(?=[^.!?]{0,25}[.!?]?$)|"
    r"\b(?:watch|see) a movie with (?:some |a few |my )?(?:friends|family|\w+)(?: tonight| later| today| this \w+)?"
    r"[.!]?$|"
    r"\b(?:want|need|going|plan|like|love) to (?:relax|unwind|chill(?: out)?|rest)(?: (?:a bit|a little|for a while))?"
    r"[.!]?$|"
    r"^I(?:['’]m| am| was| feel| felt| have been feeling| ['’]ve been feeling| still feel| just feel| feel really| "
    r"really feel)(?: (?:a bit|a little|so|really|very|quite|kind of|pretty|totally|extremely|super|rather|more|"
    r"much|somewhat|too|a lot))+ [\w-]+(?: (?:now|today|lately|again))?[.!]?$|"
    r"^I (?:feel|felt|have been feeling|['’]ve been feeling|still feel|just feel) [\w-]+(?: (?:now|today|lately|"
    r"again))?[.!]?$|"
    r"^I(?:['’]ll| will) think (?:about it|it over|carefully|more)?(?: (?:and|to) weigh\b|[.!]?$)|"
    r"\bmy favou?rite (?:is|was|are|were)\b|"
    r"^I had (?:a|an|such a) (?:great|good|wonderful|fun|nice|lovely|amazing|awesome|fantastic) time[.!]?$|"
    r"^I had a blast[.!]?$|"
    r"^I(?:['’]m| am|['’]ll| will)?(?: (?:going to|gonna|definitely|just|always|really|still))* (?:keep|continue)"
    r"(?: on)? (?:going|pushing|trying|fighting|moving forward|pushing forward|staying positive|working hard|"
    r"believing in myself|chasing (?:my|those|the) dreams?)"
    r"(?:,? and (?:staying positive|stay positive|reach(?:ing)? my (?:dreams|goals)|never give up|keep \w+ing))*"
    r"(?: no matter what)?[.!]*$|"
    r"^I(?:['’]ve| have)? (?:had|have|got|been having) (?:a lot|so much|lots|tons|a ton)(?: of (?:things|stuff))? "
    r"(?:going on|happening|to do)\b|"
    r"^I(?:['’]ll| will)(?: (?:definitely|certainly|surely|also|really|carefully|seriously|just|still))* "
    r"(?:try (?:these|those|some|it|that|them|your|the|harder|again|more)|pay attention|enjoy|follow|consider|"
    r"look into|check|think|remember|be careful|make sure|keep|practice|search|work hard|stay|do my best|give it)\b|"
    r"\b(?:the|some) local\b(?!.*\b(?-i:[A-Z])[a-z]+)",
    re.IGNORECASE,
)
"""Statements that say nothing alone: resolutions without an object ("I'll try my best"), "I learned a lot", a
problem not named, "a lot going on", passing plans ("I'm going to take a walk", "I plan to watch a movie", "I need
to unwind", dinner out with friends), a mood with no cause or object ("I was so nervous.", "I feel gloomy."), a
favourite not named ("My favorite is …": favourite what), "the local …" where no place is named (local to a place
said before), "I had a great time", resolutions to persist with nothing named ("I'm going to keep pushing"), and
resolutions taken from advice ("I'll definitely check them out", "I will keep that in mind", "I will make sure to
remember it")."""


_EN_MOODS = (
    r"(?:down|low|sad|bad|upset|unhappy|blue|depressed|anxious|stressed(?: out)?|lonely|bored|frustrated|"
    r"overwhelmed|great|good|happy|better|worse|excited|nervous|worried|restless|irritable|irritated|confused|lost|"
    r"helpless|scared|afraid|tense|annoyed|uneasy|empty|hopeless|powerless|fine|okay|ok|relaxed|calm|grateful|"
    r"thankful|glad|proud|terrible|awful|moody|gloomy|upbeat|amazing|wonderful|fantastic|awesome|tired|exhausted|"
    r"drained|worn out)"
)
_EN_MOOD_ONLY = re.compile(
    r"^(?:(?:today|lately|recently|now|honestly|so|but|and|also|still|just),?\s+)*"
    r"I(?:['’]m| am| was|['’]ve been| have been)?"
    r"(?:\s+(?:feeling|feel|felt|really|just|still|a bit|a little|so|very|quite|kind of|pretty|rather|somewhat|"
    r"totally|extremely|super|also|too|more|both|physically|mentally|emotionally|and))*"
    rf"\s+{_EN_MOODS}(?:(?:,|\s+and|\s+or|,\s+and)\s+(?:(?:a bit|a little|really|so|very|quite|also) )*{_EN_MOODS})*"
    r"(?:\s+(?:today|now|lately|recently|these days|right now|at the moment|this week|again|too))?[.!]?$",
    re.IGNORECASE,
)
"""A mood and nothing else ("I'm feeling kind of blue now.", "I was so nervous and annoyed."): no cause, no object,
nothing a later reader could use."""
_EN_SUBORDINATE = re.compile(
    r"^(?:although|though|even though|even if|if|unless|whereas|because|since|while|when|as long as|"
    r"(?:the )?(?:last|first|next) time|every time)\b",
    re.IGNORECASE,
)
_EN_ACKNOWLEDGED = re.compile(
    r"^I (?:know|see|agree|understand|get it)(?:\s*[,.!]|\s+but\b|$)|"
    r"^I (?:can|could) (?:only |totally |just )?imagine\b|^I bet\b",
    re.IGNORECASE,
)
""""I see, but my landlord never …": the acknowledgement answers the listener; the clause after it may stand
alone."""


def _acceptable(sentence: str) -> bool:
    if not (_EN_SPEAKER_SUBJECT.match(sentence) or _EN_WE_SUBJECT.match(sentence)):
        return False
    if _EN_MOOD_ONLY.match(sentence) or _EN_ACKNOWLEDGED.match(sentence):
        return False
    if EN_ABOUT_LISTENER.search(sentence):
        return False  # about the listener or a suggestion to them: a clause without them may still stand
    if _EN_SUBORDINATE.match(sentence) and len(re.findall(r"\b(?:I|we|my)\b", sentence, re.IGNORECASE)) < 2:
        return False  # "Even though I was tired.": the main clause was cut
    if _EN_WE.search(sentence) and not _EN_WE_SUBJECT.match(sentence):
        return False
    if _points_outside(sentence) or _EN_LOOSE_OBJECT.search(sentence):
        return False
    if _EN_VAGUE.search(re.sub(r"^(?:(?:now|today|so|and|but|also|then|honestly),?\s+)+", "", sentence, flags=re.I)):
        return False
    words = len(content_words(sentence))
    if words < MIN_CONTENT_WORDS or (_PEP_TALK.search(sentence) and words < 4):
        return False
    tokens = nlp.english_parse(sentence)
    return tokens is None or any(t.pos in ("VERB", "AUX") for t in tokens)  # "One of my favourites.": no statement


def _finish(clause: str) -> str:
    clause = _EN_CONNECTIVE.sub("", clause.strip(" ,;:-–—"))
    if not clause:
        return clause
    clause = clause[:1].upper() + clause[1:]
    return clause if clause[-1] in ".!?" else clause + "."


def speaker_subject(sentence: str) -> str | None:
    """The statement about the speaker an English ``sentence`` makes, standing alone, or None.

    Tried in turn: the whole sentence; its longest head that stands alone ("I went to a support group
    yesterday, and it was so powerful" → "I went to a support group yesterday."); the whole sentence as the
    speaker's view when its subject is a noun (:func:`says_that`: "Hiking has opened up a new world for me and I
    feel …" is kept whole, not cut to its short tail); each clause
    of its own ("Crazy thing happened - I won a tournament last Saturday" → "I won a tournament last Saturday.");
    a subordinate clause in the past (:data:`_EN_PAST_CLAUSE`: "Since I quit my job at the bakery, money has been
    tight" → "I quit my job at the bakery.").
    Each must have the speaker (or "we" doing something) as its subject and stand alone (:func:`_acceptable`).
    Expects :func:`normalise_informal` and :func:`restore_subject` applied.
    """
    whole = _finish(sentence)
    if _acceptable(whole):
        return whole
    breaks = list(_EN_CLAUSE_BREAK.finditer(sentence))
    for brk in reversed(breaks):  # the longest head that stands alone
        head = _finish(sentence[: brk.start()])
        if _acceptable(head):
            return head
    viewed = says_that(sentence)  # "Hiking has opened up a new world for me and I feel …": the whole, not a tail
    if viewed is not None:
        return viewed
    edges = [0, *(b.end() for b in breaks)]
    ends = [*(b.start() for b in breaks), len(sentence)]
    for start, stop in zip(edges, ends, strict=True):
        clause = _finish(restore_subject(sentence[start:stop].strip()))
        if start and _acceptable(clause):
            return clause
    for match in _EN_PAST_CLAUSE.finditer(sentence):  # "… since I moved to Leeds two years ago"
        clause = _finish(match["clause"])
        if _acceptable(clause):
            return clause
    return None


def is_imperative(sentence: str) -> bool:
    """Whether an English sentence tells someone to do something ("Check out my studio!", "Keep it up, Sam"):
    its main verb is a bare verb with no subject (spaCy's parse; False without the pipeline)."""
    tokens = nlp.english_parse(sentence)
    if not tokens:
        return False
    roots = [t for t in tokens if t.dep == "ROOT"]
    if len(roots) != 1 or roots[0].pos != "VERB":
        return False
    has_subject = any(t.head == roots[0].index and t.dep in ("nsubj", "nsubjpass", "expl", "csubj") for t in tokens)
    words = [t for t in tokens if t.pos not in ("PUNCT", "INTJ", "PROPN")]
    return not has_subject and bool(words) and words[0].index == roots[0].index


def says_that(sentence: str) -> str | None:
    """An English sentence about the speaker whose subject is something else ("Dance gives me an escape.",
    "Nature's always been my haven.") as the speaker's view: "I say that dance gives me an escape.".

    Only a declarative sentence whose grammatical subject is a noun or a gerund (spaCy's parser: not a pronoun,
    not an imperative), that holds a first-person singular word and nothing pointing outside it; None otherwise,
    and always None without the English pipeline (:mod:`graphsvc.text.nlp`).
    """
    if not _EN_FIRST_SINGULAR.search(sentence) or _EN_WE.search(sentence) or EN_ABOUT_LISTENER.search(sentence):
        return None
    if _points_outside(sentence):
        return None
    if _EN_VAGUE.search(sentence) or re.match(r"the (?:most|least|best|worst|first|last|\w+est)\b", sentence, re.I):
        return None  # "The funniest part for me was …": of a film, a trip, … named before
    if len(content_words(sentence)) < MIN_CONTENT_WORDS + 1 or _PEP_TALK.search(sentence):
        return None
    tokens = nlp.english_parse(sentence)
    if tokens is None:
        return None
    roots = [t for t in tokens if t.dep == "ROOT"]
    if len(roots) != 1 or roots[0].pos not in ("VERB", "AUX"):
        return None
    subjects = [t for t in tokens if t.head == roots[0].index and t.dep in ("nsubj", "nsubjpass", "csubj")]
    if len(subjects) != 1 or subjects[0].pos not in ("NOUN", "PROPN", "VERB") or subjects[0].index > 3:
        return None
    first = sentence if tokens[0].pos == "PROPN" else sentence[:1].lower() + sentence[1:]
    return _finish(f"I say that {first}")


_ZH_LEAD = (
    r"(?:[上下这本]个?(?:周|星期|礼拜)[一二三四五六日天末]?|[上下这本]个月|[去今明前]年|"
    r"今天|昨天|前天|明天|最近|近来|这几天|这段时间|其实|不过|但是|但|可是|可|而且|所以|然后|另外|后来|现在|平时|"
    r"每天|周末|上周|这周|上个月|去年|今年|小时候|以前|那时候|之前|刚才|刚刚|终于|本来|原来|有时候|有时|每次|"
    r"总之|因此|同时|当时|其中|还有|对了|说实话|老实说)*"
)
_ZH_SPEAKER_CLAUSE = re.compile(_ZH_LEAD + r"[，,、\s]*我(?!们)")
_ZH_WE = re.compile(r"我们|咱们|咱")
_ZH_POINTER = re.compile(r"[它他她]|[这那][个些种样件部本次位首]|其中")
_ZH_INTRODUCED = re.compile(r"(?:一[只个位本部条首]|叫|名叫)[\u4e00-\u9fff]{0,6}[，,]?\s*[它他她]")
"""A pronoun right after what it names ("养了一只猫叫团子，它特别黏人") points inside the sentence."""
_ZH_VAGUE = re.compile(
    r"^我(?:会|要|将)(?:尽力|试着|努力|认真|好好|尽量|继续)|^我有一个(?:烦恼|问题|困扰|麻烦)[。！]?$|^我学到了很多[。！]?$|"
    r"^我(?:还)?没有计划|^我(?:真的|也|还是)?不知道(?:该|应该)?怎么(?:办|做)(?:才好)?[。！]?$|"
    r"^我(?:会|要|将)(?:去搜索|去查|尽情|多|注意|试试|尝试|考虑|记住|按照|听从|参考)|"
    r"^我(?:最近|今天|这几天)?遇到了(?:一个|一些|一件)?(?:麻烦|问题|困难|难题|很?不开心的事情?)[，。！]?(?:不知道(?:该|应该)?怎么(?:解决|办)[。！]?)?$|"
    r"^我(?:今天|现在|真的|还是|也)?(?:感到|感觉|觉得)(?:很|非常|有点|有些|特别|真的|十分|挺|好|太)?[\u4e00-\u9fff]{1,4}"
    r"(?:的|了)?[。！]?$|当地|^我(?:真的|也|还|有点|有些)?不(?:太)?知道(?:应该|该)?(?:送|买|做|选|说|去)什么|^我(?:认为|觉得)首先|"
    r"(?:打算|想|准备|要)(?:出去|去)?(?:[\u4e00-\u9fff]{1,4}(?:里|边|上))?(?:散步|散散步|走走|看(?:个|场|部)?电影|休息一下|放松一下)|"
    r"(?:打算|想|准备|要)[^，。]{0,12}?放松一下(?:自己)?[。！]?$|^我是不是|^今天是(?:星期|周)"
)
"""Chinese statements that say nothing alone: resolutions ("我会尽力…"), a worry not named, "我学到了很多", a mood
with no cause ("我觉得很郁闷。"), 当地 (local to a place said before), an uncertainty with its object left out
("我不知道该买什么": for whom or what was said before), an answer's first step ("我认为首先要…"), a passing plan
("我准备去走走"), a question ("我是不是应该…")."""
_ZH_TIED = re.compile(r"^(?:但是|但|不过|可是|可|而且|所以|因此|毕竟|然后|同时)")
"""A statement opening with a connective ("所以我报了名") continues what was said before it."""
"""Once a leading clause is cut, a pronoun left in the rest points to what was cut ("团子病了，我带它去了医院")."""
_ZH_CLAUSE = re.compile(r"[^，,；;]+[，,；;]?")


_ZH_PRONOUNS = frozenset("他 她 它 他们 她们 它们 其中 其他人".split())


_ZH_MOOD_WORDS = re.compile(
    r"不知道(?:该|应该)?怎么办(?:才好)?|心烦意乱|不知所措|不开心|心情|烦躁|郁闷|难过|伤心|沮丧|焦虑|压抑|无聊|不安|低落|"
    r"糟糕|失落|迷茫|难受|痛苦|紧张|担心|害怕|孤独|寂寞|开心|高兴|快乐|愉快|烦恼|疲倦|疲惫|压力|无助|不太好|不好|很差|"
    r"力不从心|有时候|总是|感到|感觉|觉得|有点|有些|一些|一点|非常|特别|真的|十分|比较|今天|这几天|最近|心里|自己|我|的|很|"
    r"挺|太|和|也|有|烦|累|会|总|"
    r"[，、。！\s]"
)


def _zh_mood_only(sentence: str) -> bool:
    """A Chinese mood and nothing else ("这几天我特别烦躁。", "我觉得很紧张，也很害怕。"): no cause, no object."""
    return not _ZH_MOOD_WORDS.sub("", re.sub(_ZH_LEAD, "", sentence, count=1))


def _zh_points_outside(sentence: str) -> bool:
    """Whether a Chinese word of ``sentence`` (jieba's words: 吉他 is no pronoun) points outside it: 他/她/它 not
    right after what they name, or a demonstrative (这个, 这些, 那种, 这部...)."""
    if not _ZH_POINTER.search(sentence):
        return False
    for word, _flag in nlp.chinese_words(sentence):
        if word in _ZH_PRONOUNS and not _ZH_INTRODUCED.search(sentence):
            return True
        if _ZH_POINTER.match(word) and word[0] in "这那":
            return True
    return False


def zh_says_nothing(statement: str) -> bool:
    """Whether a Chinese self-report with its subject dropped ("最近压力很大", "这几天特别郁闷") says nothing
    alone, by the rules :func:`speaker_clause` applies to a statement with 我: a connective opening, a pointer, a
    vague statement or a mood alone."""
    kept = "我" + re.sub(_ZH_LEAD + r"[，,、\s]*", "", statement, count=1)
    return bool(
        _ZH_TIED.match(statement)
        or _zh_points_outside(statement)
        or _ZH_VAGUE.search(kept)
        or _ZH_VAGUE.search(statement)
        or _zh_mood_only(statement)
    )


def speaker_clause(sentence: str) -> str | None:
    """The Chinese ``sentence`` from its first clause whose subject is the speaker (我, after time words and
    connectives), or None: "今天是个美好的一天，我跟朋友去看了电影。" → "我跟朋友去看了电影。". Sentences
    about "we" (我们, 咱们) are refused: who they are is not known."""
    if _ZH_WE.search(sentence):
        return None
    if _zh_points_outside(sentence):
        return None
    position = 0
    for clause in _ZH_CLAUSE.findall(sentence):
        if _ZH_SPEAKER_CLAUSE.match(clause):
            kept = sentence[position:]
            if _ZH_TIED.match(kept) or (position and re.match(_ZH_LEAD + r"[，,、\s]*我也", kept)):
                return None  # "…，我也去了": what 也 adds to was cut
            if _zh_mood_only(kept):
                return None
            return None if _ZH_VAGUE.search(re.sub(_ZH_LEAD + r"[，,、\s]*", "", kept, count=1)) else kept
        position += len(clause)
    return None


def stands_alone(sentence: str, language: Language) -> str | None:
    """The statement ``sentence`` makes about its speaker, ready to be named, or None (see the module docstring).

    English: informal forms written out, a dropped subject restored, "this/that" before a noun the sentence
    defines made an article (:func:`demonstrative_to_article`), then :func:`speaker_subject`. Chinese:
    :func:`speaker_clause`.
    """
    if language == "zh":
        return speaker_clause(sentence)
    sentence = demonstrative_to_article(restore_subject(normalise_informal(sentence)))
    return speaker_subject(sentence)
