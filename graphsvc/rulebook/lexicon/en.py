"""The English lexicon of the rulebook: every word list an English rule reads, spelled once.

Lists are lower-case lemmas or surface words (as the name says), written from what people commonly say to an
assistant, not from any benchmark conversation. A rule names a list (``lexicon.en.KIN``); no rule module spells a
list of its own (``tests/unit/rulebook/test_lexicon.py`` checks it).
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# --- people a speaker names ------------------------------------------------------------------------------
KIN_RELATIONS: dict[str, str] = {
    **dict.fromkeys("mother mom mum mommy mummy mama ma".split(), "mother"),
    **dict.fromkeys("father dad daddy papa pa".split(), "father"),
    **dict.fromkeys("sister sis".split(), "sister"),
    **dict.fromkeys("brother bro".split(), "brother"),
    "son": "son",
    "daughter": "daughter",
    **dict.fromkeys("wife".split(), "wife"),
    **dict.fromkeys("husband hubby".split(), "husband"),
    **dict.fromkeys("partner spouse fiance fiancé fiancee fiancée boyfriend girlfriend".split(), "partner"),
    **dict.fromkeys("grandmother grandma granny nana nan gran".split(), "grandmother"),
    **dict.fromkeys("grandfather grandpa granddad grandad".split(), "grandfather"),
    **dict.fromkeys("grandson granddaughter grandchild".split(), "grandchild"),
    "aunt": "aunt",
    "uncle": "uncle",
    "cousin": "cousin",
    "niece": "niece",
    "nephew": "nephew",
    **dict.fromkeys("stepmother stepmom".split(), "stepmother"),
    **dict.fromkeys("stepfather stepdad".split(), "stepfather"),
    **dict.fromkeys("stepson stepdaughter stepchild".split(), "stepchild"),
    **dict.fromkeys("stepsister stepbrother".split(), "stepsibling"),
    **dict.fromkeys("godson goddaughter godchild".split(), "godchild"),
    **dict.fromkeys("godmother godfather godparent".split(), "godparent"),
    **dict.fromkeys("kid child baby toddler".split(), "child"),
    "sibling": "sibling",
    "twin": "twin",
}
"""A family noun → the relation it names (a speaker's "mom" is their ``mother``)."""

SOCIAL_RELATIONS: dict[str, str] = {
    **dict.fromkeys("friend bestie buddy pal mate".split(), "friend"),
    **dict.fromkeys("colleague coworker co-worker teammate".split(), "colleague"),
    **dict.fromkeys("boss manager supervisor".split(), "boss"),
    **dict.fromkeys("roommate flatmate housemate".split(), "roommate"),
    **dict.fromkeys("neighbour neighbor".split(), "neighbor"),
    "classmate": "classmate",
    "mentor": "mentor",
    "teacher": "teacher",
    "tutor": "teacher",
    "coach": "coach",
    "trainer": "coach",
    "doctor": "doctor",
    "dentist": "dentist",
    "therapist": "therapist",
    "landlord": "landlord",
    "landlady": "landlord",
    **dict.fromkeys("accountant solicitor lawyer vet hairdresser barber nanny childminder cleaner".split(), "helper"),
    "gp": "doctor",
    **dict.fromkeys("physio physiotherapist counsellor counselor".split(), "therapist"),
    "assistant": "assistant",
    "client": "client",
    "student": "student",
}
"""A noun for someone in a speaker's life → the relation it names."""

GENDERED_PERSON_NOUNS: dict[str, str] = {
    **dict.fromkeys(
        """mother mom mum mommy mummy mama ma sister sis daughter wife girlfriend fiancee fiancée grandmother grandma
        granny nana nan gran granddaughter aunt niece stepmother stepmom stepdaughter stepsister goddaughter godmother
        landlady""".split(),
        "female",
    ),
    **dict.fromkeys(
        """father dad daddy papa pa brother bro son husband hubby boyfriend fiance fiancé grandfather grandpa granddad
        grandad grandson uncle nephew stepfather stepdad stepson stepbrother godson godfather landlord""".split(),
        "male",
    ),
}
"""A person noun that tells whether the person is a woman or a man (a "he" cannot point at a speaker's sister)."""

THIRD_PERSON_POSSESSORS: dict[str, str] = {"her": "female", "his": "male"}
"""A third-person possessor ("her keys", "his car") → whom it can stand for."""
THIRD_PERSON: dict[str, str] = {"she": "female", "he": "male"} | THIRD_PERSON_POSSESSORS
"""A third-person pronoun that can stand for a person the speaker named, as a subject or a possessor → whom."""

PERSON_NOUNS: frozenset[str] = frozenset(KIN_RELATIONS) | frozenset(SOCIAL_RELATIONS)
"""Every noun a speaker's "my …" names a person with (singular; plurals are read by lemma)."""

PLURAL_PEOPLE = _words("parent grandparent grandkid in-law folk family")
"""Lemmas of groups of people a speaker names ("my parents live in Kunming"; kids, children and siblings are
:data:`KIN_RELATIONS`)."""

ANIMAL_NOUNS = _words(
    """dog puppy pup cat kitten kitty rabbit bunny hamster guinea pig parrot budgie bird canary cockatiel fish
    goldfish turtle tortoise horse pony snake lizard gecko iguana ferret chinchilla rat mouse hedgehog pet
    chicken hen goat labrador retriever spaniel terrier poodle beagle collie corgi dachshund husky pug greyhound
    whippet labradoodle cockapoo cavapoo schnauzer tabby moggy"""
)
"""Animals people keep (a speaker's "my dog Waffles" names an animal, never a person)."""

KIN_AS_NAMES = _words("mum mom mummy mommy mama dad daddy papa grandma grandpa granny gran nan nana grandad granddad")
"""Kinship words a speaker uses as a name for their own relative ("Mum called", "Grandma lives in Leeds")."""

# --- what a statement is about ---------------------------------------------------------------------------
LIKING = _words("love like enjoy adore prefer fancy")
DISLIKING = _words("hate dislike detest loathe despise")
PREFERENCE_PHRASES = _words("fan into passionate obsessed crazy keen big")
"""Words after "I'm (a) …" that state a liking ("I'm into jazz", "I'm a big fan of …", "I'm obsessed with …")."""

DIETS = _words(
    """vegan vegetarian pescatarian pescetarian flexitarian keto paleo halal kosher teetotal teetotaler teetotaller
    sober gluten-free dairy-free lactose-free sugar-free plant-based"""
)
INTOLERANCES = _words("lactose gluten dairy fructose histamine")
"""What a speaker may be intolerant of ("I'm lactose intolerant")."""
ABSTAINING_MONTHS = _words("veganuary stoptober")
"""A month of going without, said by its one-word name ("I'm doing Veganuary"); "dry January" and "sober October"
are a month with "dry" or "sober"."""
SICK_FROM = _words("travel car sea air motion")
"""What makes a person sick each time they travel, before "sick" ("I get travel sick on coaches")."""
MOTION_SICKNESS = frozenset(f"{kind}sick" for kind in SICK_FROM)
"""The same in one word ("I always get seasick on ferries")."""
HEALTH_STATES = _words(
    """diabetic prediabetic asthmatic epileptic pregnant colorblind colourblind anemic anaemic celiac coeliac deaf blind
    autistic dyslexic shortsighted longsighted ambidextrous"""
)
LASTING_BODY_PARTS = _words("knee knees hip hips back joints eyes eyesight hearing ears")
"""Parts of the body, and faculties, whose lasting trouble is a condition ("my knees are bad", "my eyesight is
poor")."""
POOR = _words("bad poor weak dodgy")
"""How a :data:`LASTING_BODY_PARTS` part is when it is a condition ("my knees are bad")."""
HYPHENED_STATES: tuple[tuple[str, str], ...] = (
    ("left", "handed"),
    ("right", "handed"),
    ("colour", "blind"),
    ("color", "blind"),
    ("short", "sighted"),
    ("long", "sighted"),
    ("partially", "sighted"),
)
"""How a person's body is, said in two words with or without a hyphen ("left-handed", "colour blind")."""
ZODIAC_SIGNS = _words("aries taurus gemini cancer leo virgo libra scorpio sagittarius capricorn aquarius pisces")
"""Star signs ("I'm a Capricorn")."""
PERSON_KINDS: tuple[tuple[str, ...], ...] = (
    ("night", "owl"),
    ("early", "bird"),
    ("introvert",),
    ("extrovert",),
    ("ambivert",),
    *((sign,) for sign in sorted(ZODIAC_SIGNS)),
)
"""What kind of person someone is by their own account ("I'm a night owl", "I'm an introvert")."""
WHEN_IT_HAPPENS = _words("when whenever if after before every most at in during")
"""Words after a condition a person gets that say when ("I get migraines when I don't sleep")."""
BODY_HABITS = _words("snore snores snoring sleepwalk sleepwalks stammer stammers stutter stutters")
"""What a person's body does that they cannot help ("my husband snores")."""
SINGLE_PARENTS = _words("mum mom mother dad father parent")
"""Who a single parent is ("I'm a single mum of two")."""
SCHOOL_NAME_WORDS = _words("primary school academy high college nursery grammar university")
"""The last word of a school's name ("Oakfield Primary", "St Mark's Academy")."""
FEARING = _words("scared afraid terrified frightened")
"""Being afraid of something lasting ("I'm scared of flying", "terrified of spiders")."""
MOBILITY_AIDS = _words("wheelchair crutches crutch cane rollator walker")
"""What a person uses or is in to get about ("I use a wheelchair", "I'm on crutches")."""
CONDITIONS = _words(
    """asthma diabetes hypertension migraines migraine epilepsy arthritis adhd autism dyslexia insomnia eczema
    psoriasis anemia anaemia celiac coeliac ibs crohn's tinnitus scoliosis endometriosis pcos hypothyroidism
    lupus gout sciatica vertigo glaucoma allergies hay fever sleep apnea apnoea dementia alzheimer's parkinson's
    headaches nosebleeds
    copd depression fibromyalgia osteoporosis angina cataracts covid"""
)
"""Conditions a speaker may have ("I have asthma", "I've got migraines")."""
CONDITIONS_BY_NAME = frozenset(c.removesuffix("'s") for c in CONDITIONS if c.endswith("'s"))
"""Conditions named after a person ("Parkinson's"), as the parser cuts them: the name, then "'s"."""
MEDICATION_HINTS = _words("mg milligrams pill pills tablet tablets medication medicine inhaler insulin dose drops")
MEDICATION_CLASSES = _words(
    "antidepressants antibiotics painkillers steroids statins antihistamines hrt meds blood-thinners thinners "
    "beta-blockers"
)
"""Kinds of medication said without a name ("I'm on antidepressants")."""
MEDICINES = _words(
    """metformin sertraline citalopram fluoxetine amitriptyline levothyroxine amlodipine ramipril lisinopril losartan
    atorvastatin simvastatin omeprazole lansoprazole warfarin apixaban clopidogrel propranolol bisoprolol salbutamol
    methotrexate prednisolone gabapentin"""
)
"""Medicines taken for a long time, by their generic names ("I'm on metformin", "I take levothyroxine")."""
WORN_AIDS = _words("glasses contacts lenses hearing aid aids brace retainer")
IMPLANTS = _words("pacemaker stent implant defibrillator stoma")
MACHINES_OF_CARE = _words("cpap nebuliser nebulizer")
"""Machines a person uses for a lasting need of the body ("I use a CPAP machine at night")."""
"""What a person has fitted in or on their body for good ("I have a pacemaker", "an insulin pump")."""
DISRUPTED = _words("late delayed cancelled canceled overbooked early full")
"""What a day's train or flight turns out to be ("my train is late"): a passing upset, not when it is."""
"""What a person wears for their body ("I wear glasses", "my dad wears a hearing aid")."""
HIGH_OR_LOW = _words("high low raised")
SURGERIES = _words("surgery operation op transplant replacement")
TREATMENTS = _words("ivf chemo chemotherapy radiotherapy dialysis menopause treatment")
"""A course of care or a change of the body a person goes through ("I'm going through IVF at the moment")."""
"""What a person recovers from besides an illness ("recovering from knee surgery", "a hip replacement")."""
INNER_SELF = _words("heart mind head soul")
"""What of a person is somewhere only in a figure of speech ("my heart is in Glasgow", "my head is in the clouds")."""
BODY_MEASURES = _words("pressure cholesterol sugar")
"""What a person has high or low ("high blood pressure", "high cholesterol", "low blood sugar")."""

BLOOD_TYPE = r"(?:A|B|AB|O)[+-]?"
"""A blood group as it is written ("O", "AB+"), before "positive" or "negative"."""
BLOOD_GROUP = rf"^{BLOOD_TYPE}$"
"""A blood group as the whole of a word."""
RELATIONSHIP_STATES = _words("married single engaged divorced widowed separated retired")
BABY_WORDS = _words("baby child twins")
"""Who is expected ("I'm expecting our first child in March")."""
LEAVE_KINDS = _words("maternity paternity parental sick medical")
"""Leave from work a person is on for weeks or months ("I'm on maternity leave until June"), not a day off."""
SIBLING_PLACES = _words("only middle eldest oldest youngest")
"""Where a person is among their siblings ("I'm an only child", "I'm the youngest of three")."""
SELF_EMPLOYED = _words("freelance freelancer")
"""Working for oneself ("I'm freelance"; "self-employed" is two words to the parser)."""
ATTRIBUTE_HEADS = _words(
    """code pin password passcode number birthday anniversary address postcode zipcode zip email type group size
    name nickname username handle plate id day date combination combo reg registration locker school nursery
    college university gym team rent salary wage budget mortgage commute height weight provider medication pressure"""
)
"""Head nouns of an attribute of the speaker that holds one value ("my gate code", "my blood type", "my shoe
size", "my locker number", "our anniversary"), or the one place of a kind a person goes to, before its name ("my
son's school is St Anne's", "my gym is Fitzone")."""
RECORDS = _words("best pb record time")
"""A person's best result at something, named after it ("my personal best for 5k", "my PB in the marathon")."""
EVENT_NOUNS = _words(
    """appointment meeting interview exam test flight surgery operation checkup check-up deadline wedding party
    concert match recital presentation trip vacation holiday class lesson reservation booking shift conference
    game race marathon ceremony graduation audition consultation therapy physio physiotherapy scan placement
    internship apprenticeship final train coach ferry barbecue bbq triathlon tournament championship competition
    training practice rehearsal"""
)
"""Happenings with a time a speaker may tell ("I have a dentist appointment on Tuesday")."""
FEASTS = _words("christmas easter thanksgiving diwali eid hanukkah passover")
"""Feasts of the year a person may host or spend somewhere ("I'm hosting Christmas this year")."""
RESCHEDULED = _words("moved changed rescheduled pushed postponed brought")
"""What a happening's time is said to have done when it changes ("my appointment got moved to Tuesday", "the
interview was pushed back to Friday")."""
TASK_NOUNS = _words("application assignment project essay report result form paperwork")
"""Pieces of work a speaker hands in or gets back ("I sent off the application"): named by "the" alone, the one
meant was named in another turn."""
POINTED_THINGS = _words("email message text letter parcel package book film show job offer")
"""Things a speaker names by "the" alone when the one meant was named in another turn ("I sent the email", "I got
the job")."""
IDENTIFYING_PREPOSITIONS = _words("of for at with about")
"""Prepositions after a happening that say which one it is ("the interview at Deloitte", "the results of my
scan"); "in", "on" and "to" mostly say when or where it moved ("the meeting to Thursday")."""
OWN_EVENT_NOUNS = EVENT_NOUNS - _words("wedding party concert match game race marathon ceremony graduation conference")
"""Happenings that, named with a date and no owner ("flights are on 16 May"), are the speaker's own; a wedding or
a party so named may be anyone's."""
POSSESSION_VERBS = _words("have own drive ride")
OCCUPATIONS = _words(
    """nurse doctor teacher engineer developer programmer designer lawyer accountant architect chef cook baker
    student pharmacist dentist therapist psychologist scientist researcher professor lecturer journalist writer
    editor photographer artist musician painter electrician plumber carpenter mechanic pilot driver farmer
    firefighter paramedic cashier barista waiter waitress bartender librarian translator consultant analyst
    manager director entrepreneur founder freelancer veterinarian vet surgeon midwife dietitian nutritionist
    physiotherapist paralegal secretary receptionist salesperson realtor banker economist programmer tutor coach gp
    assistant trainer carer caregiver janitor cleaner tailor hairdresser barber florist jeweller jeweler butcher
    fisherman soldier officer policeman policewoman detective judge clerk intern apprentice sailor actor actress dancer
    singer composer producer filmmaker animator illustrator copywriter marketer recruiter administrator
    technician surveyor geologist biologist chemist physicist mathematician statistician historian curator
    archivist optician optometrist radiologist sonographer pediatrician paediatrician cardiologist dermatologist
    psychiatrist counselor counsellor social worker housekeeper nanny babysitter homemaker retiree undergraduate
    postgraduate graduate phd postdoc resident porter postman postwoman courier labourer laborer builder
    gardener landscaper decorator locksmith welder roofer miner radiographer machinist bricklayer plasterer"""
)
"""What "I'm a …" names as a speaker's occupation or role (anything else after "I'm a" is not kept as one)."""

# --- time and frequency ----------------------------------------------------------------------------------
FREQUENCY_ADVERBS = _words("usually always often regularly normally generally typically frequently daily weekly")
FREQUENCY_UNITS = _words("day night weekend summer winter spring autumn fall weekday weekdays weekends")
"""What "every …" or "on …s" counts (completed below with the parts of the day, the calendar and the weekdays)."""
EVERY = _words("every each most")
"""What counts a frequency unit as a habit's ("every Tuesday", "most mornings")."""
AGE_UNITS = _words("years year yrs months month weeks week days old")
"""What follows an age's number when its unit is said ("7 years old", "18 months"): a bare number is in years."""
TIME_WORDS = _words(
    """yesterday today tonight tomorrow morning afternoon evening night weekend week month year now lately
    recently earlier later soon again ago last next this"""
)

# --- what is not a statement -----------------------------------------------------------------------------
GREETINGS = _words("hi hello hey hiya howdy yo greetings morning evening afternoon")
THANKS = _words("thanks thank thx ty cheers")
FAREWELLS = _words("bye goodbye goodnight night later cya")
INTERJECTIONS = _words(
    """oh ah aw aww wow whoa woah ooh ugh uh um umm hmm hm haha hahaha lol lmao omg yay yeah yes yep yup no nope
    nah ok okay alright sure cool great nice awesome wow damn gosh geez phew oops hooray yikes well"""
)
REPLY_OPENERS = _words("right true exactly sorry")
"""Words that open a reply before a comma, agreeing or apologising ("right, I'm training for …")."""
NOT_QUITE = _words("really exactly quite")
"""Words after "not" that open a soft no before a comma ("not really, I'm more of a tea person")."""
YES_WORDS = _words("yes yeah yep yup yea definitely absolutely")
"""Words a reply says yes with ("Are you vegetarian?" | "yeah, since 2019")."""
YES_NO_VERBS = _words("eat drink smoke play speak take")
"""Verbs of a habit a yes/no question asks about ("Do you smoke?"), besides possessions and activities."""
CLOSING_MARKERS = _words("honestly actually anyway anyways though")
"""Discourse markers that may also close a sentence ("I love open water swimming though")."""
DISCOURSE_MARKERS = _words(
    """so well basically literally personally luckily unfortunately sadly
    frankly fortunately thankfully hopefully seriously obviously apparently also plus but and then now oh btw
    meanwhile besides anyhow admittedly truthfully ok okay"""
) | (CLOSING_MARKERS - {"though"})
"""Words that open a sentence and say nothing of the speaker ("Honestly, I love it", "So I moved")."""
TELLING_VERBS = _words("tell let share mention say update inform")
ADDRESSING_VERBS = TELLING_VERBS | _words("thank apologise apologize")
"""Verbs of a turn addressed to the listener: "I wanted to say thanks", "I just want to thank you" is that turn,
not a wish (asking is left out: "I want to ask for a transfer" is one)."""
REMEMBER_VERBS = _words("remember note save record memorize memorise jot")
"""What a speaker asks the assistant to keep ("please remember that …", "note that …", "jot down …")."""
REQUEST_VERBS = _words(
    """help give tell show find make write draft send book remind check recommend suggest explain summarize
    summarise translate list plan schedule create calculate compare look search set add call email text order
    fix edit read"""
)
"""Verbs of a request to the assistant ("can you draft …", "please find …")."""
REACTION_WORDS = _words(
    """awesome amazing great cool nice wonderful fantastic lovely beautiful incredible sweet fun good true right
    exciting interesting impressive inspiring tough hard sad crazy insane brilliant perfect huge funny cute
    hilarious terrible awful horrible glad sorry"""
)
MOODS = _words(
    """down low sad bad upset unhappy blue depressed anxious stressed lonely bored frustrated overwhelmed great good
    happy better worse excited nervous worried restless irritable irritated confused lost helpless scared afraid
    tense annoyed uneasy empty hopeless powerless fine okay ok relaxed calm grateful thankful glad proud terrible
    awful moody gloomy upbeat amazing wonderful fantastic awesome tired exhausted drained sleepy sick hungry busy
    excited thrilled stoked pumped psyched"""
)
"""How a speaker feels: a mood alone ("I'm so tired") is no memory."""
DEGREE_ADVERBS = _words(
    "so very really quite pretty super totally extremely a bit little kind sort rather too somewhat incredibly"
)
VAGUE_OBJECTS = _words(
    """thing things stuff something anything everything lot lots much milestone time moment news progress
    plans plan idea ideas fun blast problem problems issue issues difficulty difficulties solution solutions skill
    skills hobby hobbies excitement opportunities opportunity knowledge insight insights reflection reflections
    lesson lessons beauty life somewhere anywhere adventure adventures"""
)
"""Objects that say nothing alone ("I learned a lot", "I had a personal milestone", "I have some news")."""
REPLY_NOUNS = _words(
    """trip journey adventure travels time day days week weekend luck congratulation congratulations congrats
    pleasure experience welcome"""
)
"""Nouns a reply reacts with and adds nothing by ("Have a safe trip!", "Good luck!", "Congratulations!"): with
:data:`VAGUE_OBJECTS`, :data:`REACTION_WORDS`, :data:`INTERJECTIONS`, :data:`THANKS` and :data:`GREETINGS`, what
:mod:`graphsvc.rulebook.reactions` does not count as content of an assistant turn's own."""
MEALS = _words("breakfast brunch lunch dinner supper tea snack")
"""The day's meals ("had pasta for dinner")."""
DISHES = _words(
    "pizza curry takeaway takeout sushi burger kebab pasta noodle ramen taco sandwich salad soup steak chip fry "
    "toast cereal porridge omelette stew roast"
)
"""Everyday dishes, whose eating on a day is passing ("we had pizza last night", "I got a takeaway")."""
PASSING_ACTIVITIES = MEALS | _words(
    "walk nap coffee shower bath break rest drink stroll breather look peek bite movie telly tv"
)
"""What a passing plan is about ("I'm going to grab a coffee", "I'll take a nap"): nothing to remember."""
SCREENINGS = _words("film movie show telly tv documentary series episode match")
"""What is watched on an evening ("we watched a film last night"): passing, unless it is named or shared."""
MISHAPS = _words("spill burn drop smash knock")
WORKED_ON = _words("ship farm rig site boat railway ward")
"""Where a person works, said with "on" ("my brother works on cruise ships", "I work on a farm")."""
CAUGHT_OUT = _words("lost sunburnt sunburned soaked drenched stuck")
"""What one gets caught out as on a day ("I got a bit lost", "we got sunburnt", "got soaked")."""
SMALL_HURTS = _words("stub cut bang bump burn bite trap")
"""A small hurt of the moment ("I stubbed my toe", "cut my finger chopping onions")."""
SMALL_PARTS = _words("toe finger thumb lip tongue fingernail")
"""Parts of the body a small hurt of the moment falls on: none is hurt for good by it."""
BODY_MOMENTS = _words("sneeze cough yawn hiccup burp")
"""What the body does for a moment ("I sneezed ten times in a row")."""
READINGS = _words("article post thread piece blog tweet headline")
"""What one reads in passing ("I read an article about vitamin D")."""
CHATS = _words("chat talk catch-up catchup natter conversation call")
"""A talk had with someone on a day ("I had a great chat with my sister"): passing, whoever it was with."""
GIFTS = _words("card gift present message email text")
"""What one means to write, send or buy for someone on an occasion ("I want to write a card for my aunt"): a passing
plan, the occasion is what to remember."""
GIVING = _words("write send buy get make")
"""How one means to come by a :data:`GIFTS` thing ("write a card", "buy a present")."""
"""A mishap of the moment ("I spilled tea everywhere", "burnt the toast"): passing, unless someone else is in it."""
OF_THE_DAY = _words("today tonight yesterday earlier night evening afternoon morning")
"""What ties a doing to one day ("last night", "this afternoon"); "recently" ties it to none."""
LIFE_LESSONS = _words("accept forgive let relax trust cope heal")
"""What one learns to do that is no skill ("learning to let go", "learning to accept it"): a lesson of life."""
LESSON_NOUNS = _words("lesson way trick")
"""What "I learned" names when it names no skill ("my lesson", "the hard way", "a new trick")."""
CHORES = _words("clean tidy vacuum hoover iron mop dust sweep wash")
"""Verbs of a day's housework ("I cleaned the kitchen", "I vacuumed the living room"): passing."""
WORKDAY_THINGS = _words("email message text inbox note")
"""What a day's desk work goes through ("replied to all my emails", "went through my notes"): passing."""
MEETINGS = _words("meeting call standup")
"""A working get-together of the day ("I had a meeting with my team"): passing."""
PLACES_IN_GENERAL = _words("place spot shop store")
"""Places by no name ("I visited two places", "checked out a few shops"): which, another turn said."""
SERVINGS = _words("cup glass mug pint bottle bowl slice")
"""What a drink or a bite comes in ("three cups of tea", "a slice of cake"): a day's passing amount."""
RESTING = _words("relax rest unwind chill recharge")
"""Verbs of resting a while ("I need to relax a while"): a passing wish, nothing to remember."""
CONVERSATION_VERBS = _words("talk chat discuss")
CONVERSATION_NOUNS = _words("chat conversation talk")
"""What the conversation itself is called ("during our chat"): a statement about it says nothing of the speaker."""
PEP_TALK = _words("best hope luck try believe fingers crossed keep going pushing")
GENERIC_SUBJECTS = _words("everyone everybody people anyone anybody nobody life someone somebody")
LISTENER = _words("you your yours yourself yourselves ya u")
GROUP_VOICE: dict[str, str] = {"we": "I", "us": "me", "ourselves": "myself", "our": "my", "ours": "mine"}
"""The first person plural, and the singular a group's statement is judged in when the group speaks ("our standup is
at 9:30" said in a group's conversation is the group's "my standup …")."""
HOUSEHOLD_VERBS = _words("live stay move")
"""Lemmas of sharing a home ("my mum lives with us", "my nephew is staying with us")."""
WE = frozenset(w for w in GROUP_VOICE if w not in ("our", "ours")) | _words("let's")
ANY_THING = _words("anything anyone anybody")
"""What a yes/no question ends on when the yes names it ("Are you allergic to anything?" | "yes, peanuts")."""
POINTERS = _words("it this that these those they them there he him she her")
"""Pronouns that point outside a statement unless it names what they point at."""
NEGATING_WORDS = _words("no not never nothing nowhere nobody none neither nor without")
"""Words that deny ("not sure", "nowhere really", "no idea", "I never eat meat"): a negated statement, and a reply
that is no answer to put into its question."""
QUESTION_TAILS = _words("by the way then now these days again exactly originally")
"""Words a question may close with after its point ("Where do you live, by the way?", "What's he into these
days?"): nothing the answer is about."""
ASPECT_NOUNS = _words(
    """plot ending story characters actors cast acting soundtrack atmosphere vibe scenery view views service staff
    decor layout portions twist finale bit part season"""
)
"""Parts of a work, a place or an event ("the plot", "the ending", "the service"): "the" one of them, with nothing
saying of what, points into another turn ("I liked the ending")."""
PLACE_PREPOSITIONS = _words("in at near to from")
WHERE_PREPOSITIONS: dict[str, str] = {
    "live": "in",
    "living": "in",
    "based": "in",
    "grow": "in",
    "work": "at",
    "working": "at",
    "study": "at",
    "studying": "at",
}
"""The preposition a "where" question's verb takes when the reply names the place ("Where do you live?" →
"I live in …", "Where are you based?" → "I am based in …"); a verb not here gets no answer."""
HOW_OFTEN_WORDS = _words("once twice times every daily weekly monthly fortnightly")
"""Words a reply to "how often …?" says its frequency with ("three times a week", "every Sunday", "twice a
month"), beside the weekdays and the frequency adverbs."""
DURATION_UNITS = _words("years year months month weeks week days decade decades ages")
"""Units a reply to "how long …?" counts in ("about six years", "a few months", "ages")."""
NOT_A_DOING = _words("do think mean want need like feel say")
"""Verbs a "what do you …?" question asks a view, a wish or an occupation with, not a thing the person does with
someone or something ("What do you think?", "What do you want?", "What do you do?")."""

# --- more of what statements are about -------------------------------------------------------------------
HOMES = _words("house flat apartment cottage cabin condo bungalow")
"""Homes a person lives in, rents or owns ("I'm renting a flat in Brighton")."""
POSSESSIONS = HOMES | _words(
    """car bike bicycle motorbike motorcycle scooter van truck boat
    garden allotment piano guitar violin cello drum drums keyboard ukulele saxophone trumpet flute laptop
    computer phone tablet camera kindle console telescope sewing machine tent caravan campervan"""
)
"""Things a speaker may say they have ("I have an old piano"); "I have a question" names none of them."""
SHIFT_WORDS = _words("night early late day long rotating split")
"""What kind of shift a person works, before "shift" ("night shifts", "early shifts", "long shifts"; the parts of the
day too)."""
WORK_HOURS = _words("nights days weekends evenings mornings shifts")
"""When a person works, said between the verb and the place or the job ("I work nights at the hospital", "works
nights as a nurse")."""
DEGREE_HOLDERS = _words("master bachelor")
"""Whose degree a "'s" names ("a master's in social work"): a possessive, not "is"."""
DEGREES = _words(
    "mba phd doctorate masters master's master msc ma mphil degree diploma apprenticeship pgce course certificate"
)
"""A course of study someone is doing ("I'm doing a part-time MBA at Warwick", "a night course in Welsh")."""
GIVEN_UP = _words("smoking vaping drinking alcohol booze caffeine coffee sugar meat carbs gambling cigarettes")
"""Habits a person gives up and says so ("I quit smoking", "I gave up alcohol in 2020"); what they are off ("I'm off
sugar for a month")."""
MIND_VERBS = _words(
    "think know guess mean forget remember realize realise wonder believe suppose understand notice dream consider"
)
"""Verbs of the mind: they report no happening and no routine ("I thought", "I dreamt I was flying", "I always
forget what I wanted to ask")."""
NO_EVENT_VERBS = MIND_VERBS | _words(
    "be do say tell feel see hear want love like hate need wish hope seem look sound let try bet agree"
)
"""Verbs whose past tense tells of no happening ("I said", "I thought", "I felt", "I loved it")."""
MISHAP_VERBS = _words("miss lose forget break drop spill crash oversleep")
"""Verbs of what befalls a person ("missed the bus again"): a happening, never a habit they keep."""
TRAVEL_VERBS = _words("fly drive travel head go move visit start leave return come")
"""Verbs of a trip or a start with a time ("I'm flying to Seoul next Tuesday", "I'm starting a new job in May")."""
DEPARTURE_VERBS = _words("leave start land depart begin arrive")
LIFE_CHANGES = _words("married engaged promoted divorced hired accepted fired pregnant")
"""What "got …" tells of ("I got engaged", "my brother got promoted")."""
GOAL_NOUNS = _words("dream goal plan ambition resolution aim")
COUNT_WORDS = _words("once twice three four five several")
CLOCK_UNITS = _words("minute minutes hour hours")
"""How long a habit takes each time ("an hour a day", "20 minutes every morning")."""
FREQUENCY_ADJECTIVES = _words("daily weekly nightly monthly yearly")
WORRIES = _words("stressed worried anxious nervous scared overwhelmed afraid terrified concerned")
"""What a speaker may be about a named cause ("I'm worried about my mum's surgery")."""
QUESTION_WORDS = _words("what how why when where who whom whose which")
ASKED_FOR = _words("idea tip suggestion recommendation advice thought")
"""What a question tail asks for after "any" ("…, any ideas for breakfast?"): the statement before it is its ground."""
QUESTION_AUXILIARIES = _words("do does did can could would will should is are was were have has shall may might am")
QUALIFYING_VERBS = _words("do have hold get finish complete")
"""What a person does with a degree before "in" and its subject ("I did my degree in…", "she has a masters in…")."""
IRONIC_PRAISE = _words("great joy wonderful brilliant fantastic perfect marvellous marvelous")
"""Praise after "oh" that opens a complaint ("Oh great, I just love Mondays"): what follows is said in irony."""
LIVED_STATES = _words("hope fear denial peace harmony luxury poverty misery dread sin")
"""What a person "lives in" that is no place ("I live in hope")."""
LIVED_ON = _words("budget pension salary income wage benefit allowance shoestring diet")
"""What a person "lives on" that is no place ("I live on a pension", "on a tight budget"); a place on which one
lives is named, counted or campus ("on Elm Street", "on a boat", "on the fifth floor", "on campus")."""
ILLNESS_HEADS = _words("disease syndrome disorder")
"""What ends the name of a condition ("Lyme disease", "Tourette syndrome", "bipolar disorder")."""
CONDITIONALS = _words("if unless whether")
SUBORDINATORS = _words("because since although though while whereas after before once cause when whenever")
"""What opens a clause said of the main one: its words are judged on their own once it is cut off ("Since I
moved to Leeds, …" keeps "I moved to Leeds")."""
UNCERTAIN_MODALS = _words("might may could should would must")
"""Modals of a statement that says what may be, not what is ("I might move", "I should exercise more")."""
BEFORE_A_DROPPED_SUBJECT = _words("also still now currently")
"""Words a chat sentence may open with before where its dropped "I" goes ("also doing a bbq next weekend")."""
NEAR_MISSES = _words("almost nearly")
"""What says a thing did not happen after all ("I almost bought a motorbike")."""
FIGURATIVE_OBJECTS = _words(
    "work job career effort exercise talk people meeting morning commitment responsibility homework chore "
    "housework cleaning nonsense drama phone desk laptop adulting paperwork admin email inbox spreadsheet deadline "
    "maths math homework cardio"
)
"""What a person is "allergic to" or "married to" only in a figure of speech ("allergic to small talk", "married to
my job"): an activity, a duty or a thing of work, not a substance or a person."""
HEDGES = _words("maybe perhaps probably possibly hopefully")
LIFE_SKILLS = _words("drive swim cook ride skate ski knit sew")
"""What a person can or cannot do for good, said plainly ("I can't drive", "my son can swim")."""
HEDGING_NOUNS = _words("kind sort")
"""What "of" follows in a hedge on a verb ("I kind of like it"), said also as "kinda", "sorta"."""
HEDGING_CONTRACTIONS = _words("kinda sorta")
CLOSING_PHRASE_WORDS = _words("know mean guess think")
"""What follows "you" in a filler ("…, you know", "I mean, …")."""
INFORMAL: dict[str, str] = {
    "gonna": "going to",
    "wanna": "want to",
    "gotta": "have to",
    "kinda": "kind of",
    "sorta": "sort of",
    "dunno": "don't know",
    "lemme": "let me",
    "cuz": "because",
    "coz": "because",
    "'cause": "because",
    "tho": "though",
    "thru": "through",
    "bday": "birthday",
    "pls": "please",
    "plz": "please",
    "fav": "favourite",
    "fave": "favourite",
    "gf": "girlfriend",
    "bf": "boyfriend",
    "w/": "with",
    "im": "I'm",
    "ive": "I've",
    "i": "I",
}
"""Chat spellings written out before a sentence is parsed ("gonna" → "going to", a lower-case "i" → "I")."""
CHAT_MARKERS = _words("lol lmao haha hahaha hehe tbh imo btw omg xd :) :( :d ;)")
"""Chat markers dropped wherever they stand."""
QUICK_VERBS = _words("grab get take have make go see watch catch")
"""Verbs of a passing plan ("grab a coffee", "take a nap")."""
OPINION_VERBS = _words("think guess suppose wonder bet reckon")
DEMONSTRATIVES = _words("this that these those")
PARTS_OF_WORKS = _words("episode chapter page")
"""Parts of a show or a book ("I watched an episode"): without "of" the work is named in another turn."""
MOMENTS = _words("minute second moment bit")
"""The parts of a thing a reaction runs through ("I loved every minute")."""
YEAR_ORDINALS = _words("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth final last")
"""Which year of a course or grade of school someone is in ("in my second year of nursing", "in his final year at
uni", "in the fourth grade")."""
SELECTING_WORDS = YEAR_ORDINALS | _words("previous other")
NUMBERED_LEVELS = _words("floor storey story grade")
"""What is told apart by an ordinal of its own, not picked among things named elsewhere ("I live on the fifth
floor", "my son is in the second grade")."""
"""Words that pick one of things named elsewhere ("the second option", "the last bit", "the other one"): after
"the", the thing is only known from another turn."""
HERE_NAMED = _words("in at on near")
""""here" followed by one of these and a name says where it is ("here in Dublin"); else it points elsewhere."""
CHOICE_PRONOUNS = _words("both either neither")
"""Pronouns standing for two things named elsewhere ("I had a look at both")."""
KIN_COMPARATIVES = _words("older younger elder")
"""Comparatives that describe a person, not a choice among options ("the older kids", "my younger brother")."""
ERRAND_PLACES = _words("shop shops supermarket store park")
"""Places a day's errand or stroll goes to ("I went to the shop earlier", "we went to the park"): a passing outing,
nothing to remember."""
PASSING_DOINGS = _words("wake get go fall")
"""Verbs of a day's passing doings with their particle: "woke up", "got up", "went to bed", "fell asleep"."""
CLAUSE_VERBS = _words(
    """live work study teach love like enjoy hate have own drive ride play speak take go swim run cycle cook bake
    paint write read volunteer train practice practise walk hike climb dance sing keep use prefer need want plan carry
    wear moved started joined bought adopted"""
)
"""Verbs that open a second statement of the same subject after "and" ("I live in Lisbon and work as a nurse"),
read as words: the parser often tags such a verb as a noun."""
GARMENT_SIZE = r"^(?:\d{1,3}(?:\.5)?|X{0,3}[SL]|M)$"
"""A clothes or shoe size as said (8, 42, 10.5, M, XL)."""
UNCHANGED_PAST = _words("knit cut put set shut")
"""Verbs whose past is spelled as their present ("I knit most nights"): the tagger may call either; a frequency
after it says a habit."""
IRREGULAR_PAST = _words(
    """went got had made met saw took ran ate came gave found left lost won felt drove flew wrote began bought
    brought caught chose fell heard kept paid sent sold spent woke grew became built taught stood slept swam sang
    quit broke forgot rode threw wore"""
)
"""Past forms that open a sentence whose subject was dropped ("Lost my keys again")."""
FEELING_VERBS = _words("feel seem look sound get become stay")
"""Verbs of how someone feels or seems ("I usually feel tired"): no habit to remember."""
DIRECTION_ADVERBS = _words("back home out away abroad up off over")
"""Adverbs a happening's verb may take before what it names ("I just got back from Paris")."""
MEMBERSHIP_NOUNS = _words("part member volunteer holder")
"""What someone is of a group or a club ("a member of", "a season ticket holder at")."""
TEAM_VERBS = _words("play sing row swim race skate cycle dance")
"""Verbs of taking part for a named team or club ("I play for Hove CC", "my son swims for Leeds")."""
GROUP_NOUNS = _words(
    "club team band choir orchestra league squad society ensemble army navy military marines board committee"
)
"""Groups one takes part in ("I sing in a choir", "I'm in a book club", "I play cricket for a local team", "my
brother's in the army")."""
LIKING_NOUNS = _words("love passion soft spot thing weakness")
"""What "I have a … for" names as a liking ("I've always had a love for horses")."""
ABSTRACT_NOUNS = _words("problem solution reason issue process conversation story deal point question answer")
"""Nouns that name no group or thing one belongs to ("I'm part of the problem")."""
FALLING_DUE = _words("expire renew lapse end")
"""Verbs of a contract or a document reaching its date ("my passport expires in March", "my membership renews on
the 15th")."""
BEFORE_CONTRACTED_IS = _words("a an the my our in on at from getting going called named")
"""Words after which a "'s" is "is", never a possessive ("my husband's a nurse", "my flat's in Hackney", "my
husband's called Dev", "my birthday's the 2nd of March")."""
STATE_WORDS = _words("based married retired engaged allergic originally pregnant vegan vegetarian divorced single off")
"""Words that open a sentence whose "I'm" was dropped ("Based in Bradford", "Originally from Porto", "Off to Rome
on Friday")."""
FUTURE_TIME_WORDS = _words("next tomorrow soon from")
PASTIME_PLACES = _words(
    """gym pool cinema theatre theater park club library museum gallery church mosque temple synagogue pub
    allotment beach market stadium rink studio course pitch track lake"""
)
"""Places a person goes to for a pastime, where going again and again is a habit ("goes to the climbing gym"), not
an errand or work ("went to the office")."""
EXPLETIVES = _words("it there you")
"""Subjects that name nobody the next clause could be about ("is it going to rain, got a match")."""
PAST_TIME_WORDS = _words("yesterday ago last")
DATED_BY = _words("on at in next tomorrow tonight this")
"""What follows a happening to say when it is ("exam on Friday", "interview next week")."""
"""Words that put a happening in the past ("last week", "two days ago")."""
"""Words that put a plan in the future ("I'm starting a new job in May", "I'm taking on an apprentice from
September")."""
LIGHT_VERBS = _words("go do get come make take have")
"""Verbs that say little without what follows them: a habit of theirs must name it ("I go every morning" names
nothing; "I go swimming every morning" does)."""
POINTER_ONLY = _words("this it that these those everything all")
"""What is left of a request to remember that points at the sentences after it ("Can you save this.")."""
PEP_ENDINGS = _words("what dreams dream goals goal positive going myself best strong focused")
"""How a resolution that names nothing ends ("… and reach my dreams no matter what")."""
LIFE_EVENTS = _words("die pass retire graduate marry divorce emigrate resign")
"""Verbs of a happening that needs no object ("My father died last week", "I graduated in June")."""
ENDURING = _words("wait struggle suffer cope deal battle")
"""Verbs of what is borne rather than done: kept up for months, they make no habit ("I've been waiting for
months")."""
PRACTICE_FORMS = _words("learning practicing practising training studying")
"""What "I've been …" says of a skill being learnt ("I've been learning Japanese")."""
LEAD_TIME_WORDS = _words("yesterday today tonight recently lately nowadays currently")
"""One-word time phrases that may open a sentence before its subject ("Yesterday, I …")."""
LEAD_TIME_PHRASES: tuple[tuple[str, ...], ...] = (
    ("right", "now"),
    ("for", "now"),
    ("at", "the", "moment"),
    ("at", "present"),
)
"""Time phrases of several words that may open a sentence before its subject ("Right now I live in Leeds")."""
DETERMINERS = _words("a an some so the")
INJECTION = (
    r"ignore (?:all |any )?(?:the )?(?:previous|prior|above|earlier|preceding) (?:instructions|prompts?|rules)|"
    r"disregard (?:all |any )?(?:the )?(?:previous|prior|above|your) (?:instructions|rules)|"
    r"\b(?:store|save|remember)\b[^.!?]{0,80}\bas (?:a )?(?:fact|memory)|system prompt|developer mode|"
    r"new instructions|jailbreak|\byou are now\b"
)
"""The surface of a prompt injection in English (a fixed formula, so a regular expression)."""
HELP_REQUESTS = _words("remind help tell show give")
"""Verbs of a request for the speaker ("remind me to …", "help me with …")."""
SPECIES: dict[str, str] = {"puppy": "dog", "pup": "dog", "kitten": "cat", "kitty": "cat", "bunny": "rabbit"}
"""A young or pet form of an animal → its species (a speaker's "puppy" is a dog)."""
PARTNER_RELATIONS = frozenset({"partner", "wife", "husband"})
"""The relations of KIN_RELATIONS that name a partner."""
PRONOUNS = _words("he she they it we you i my our your his her their them him us me")
"""Pronouns: never a name or a thing a slot holds."""
SPEAKER_AS_OBJECT = _words("me myself")
"""The speaker as the object of a verb: a sentence opening "Made me …" dropped a subject that is not the speaker."""
SPEAKER_WORDS = SPEAKER_AS_OBJECT | _words("i my mine")
"""The speaker in the first person singular."""
WEEKDAYS: tuple[str, ...] = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
"""The days of the week, Monday first (a date's surface form reads them in this order)."""
WEEKDAY_ABBREVIATIONS: tuple[str, ...] = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
MONTHS: tuple[str, ...] = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
"""The months, January first."""
MONTH_ABBREVIATIONS: tuple[str, ...] = (
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
)
PARTS_OF_DAY = _words("morning afternoon evening night")
CALENDAR_UNITS = _words("week month year")

ON_DAYS = frozenset({f"{d}s" for d in WEEKDAYS} | {"weekends", "weekdays", "holidays"})
"""What "on …" names as a habit's days: a plural ("on Saturdays"); "on Saturday" is one day."""
FREQUENCY_UNITS = FREQUENCY_UNITS | PARTS_OF_DAY | CALENDAR_UNITS | frozenset(WEEKDAYS) | ON_DAYS
FUTURE_TIME_WORDS = FUTURE_TIME_WORDS | frozenset(WEEKDAYS) | frozenset(MONTHS) | frozenset(MONTH_ABBREVIATIONS)
"""(Completed here, once the weekdays and months are spelled.)"""
SEASONS = _words("summer winter spring autumn")
RETURNING = _words("back away")
"""What makes "from" a return, not an origin ("I'm back from Berlin")."""
INTENDED_CHANGES = _words(
    "retire relocate emigrate quit pause sell apply marry propose adopt renovate move study train learn launch"
)
"""What a person intends that changes their life, worth keeping without a date ("I've decided to go back to uni" is
said by its place; "I plan to retire", "I'm going to sell my flat")."""
STUDY_PLACES = _words("university uni college school sixth-form nursery kindergarten preschool")
"""Where a person studies, said as being "at" it ("my daughter is at university in Bristol")."""
STUDY_PLACE_AFTER = _words("in at since studying doing reading")
"""What may follow "at university" when it says where one studies ("in Bristol", "studying law"), unlike
"university open day"."""
POSTS = _words(
    "treasurer chair chairman chairwoman chairperson secretary president captain coach organiser organizer founder "
    "governor trustee"
)
"""A post a person holds in a group ("I'm the treasurer of our residents' association")."""
LENGTH_UNITS = _words("m cm metre metres meter meters foot feet ft inch inches")
"""Units a person's height is given in ("I'm 1.80 m tall", "six foot two")."""
WEIGHT_UNITS = _words("kg kgs kilo kilos kilogram kilograms stone lb lbs pound pounds")
"""Units a person's weight is given in ("I weigh 70 kilos")."""
CARERS = _words("doctor gp dentist therapist physio physiotherapist consultant dietitian nutritionist optician")
"""Whose advice on the speaker's health is worth keeping ("my doctor told me to cut down on salt")."""
ADVISED = _words("told advised wants wanted asked warned")
"""How a carer's advice to the speaker is said ("told me to", "wants me to")."""
MEDICAL_CARE = _words("tooth filling crown stitch cast jab vaccine vaccination injection biopsy x-ray mri")
"""Care of the body a date is set for ("I'm getting my wisdom teeth out next Thursday", "my jab on Monday")."""
PLAN_OBJECTS = EVENT_NOUNS | STUDY_PLACES | MEDICAL_CARE | _words("job course degree ride walk trek swim challenge")
"""What a dated plan may name ("I'm starting a new job on Monday", "I'm taking my driving test next month", "my
daughter starts school in September")."""
PLAN_ACTS = _words("start begin have take sit do host throw run attend get")
"""Verbs of a plan that names a happening ("I'm having surgery in two weeks", "I'm hosting a barbecue on Saturday")."""
NEEDS_OBJECT = _words("practise practice train study work read write lose win spend visit")
"""Verbs whose habit must say what ("I practise for twenty minutes every morning" says practising what?)."""
LOCAL = _words("local")
"""Local to a place: only with a place named in the statement ("the local food" names none)."""
ACTIVITY_VERBS = _words(
    "swim run cycle bike hike climb boulder dance skate surf ski jog walk row sail paddle fish garden bake cook paint "
    "draw sketch knit sew sing meditate volunteer"
)
"""Verbs that name an activity of their own ("swims"): a habit of theirs needs no object to be a trait."""
COMMUTE_WAYS = _words("cycle bike walk drive ride jog scoot")
"""How a person gets to work or school under their own steam or at the wheel ("I cycle to work")."""
COMMUTE_ENDS = _words("work school uni university college office")
"""Where a commute goes ("I walk to school", "I take the bus to the office")."""
PUBLIC_TRANSPORT = _words("bus tube train metro subway tram ferry underground overground coach")
"""What a commute is taken on ("I take the tube to work")."""
WANTING = _words("want plan hope intend aim")
"""Verbs of wanting to do something ("wants to", "hopes to"): what follows is a wish or a plan."""
# --- pastimes: what a person does in their own time, named as they mention it in passing ---------------------
PLAYED_GAMES = _words(
    "cricket football soccer tennis badminton golf basketball volleyball rugby squash hockey netball baseball "
    "softball padel pickleball chess poker darts snooker handball lacrosse mahjong frisbee croquet curling billiards "
    "dodgeball korfball racquetball backgammon scrabble"
)
"""Sports and games a person plays ("plays cricket")."""
INSTRUMENTS = _words(
    "guitar piano violin drums cello ukulele saxophone flute harp trumpet clarinet banjo mandolin trombone viola oboe "
    "accordion harmonica bagpipes tuba bassoon sitar xylophone"
)
"""Instruments a person plays ("plays the guitar")."""
PRACTICES = _words(
    "yoga pilates karate judo taekwondo boxing kickboxing crossfit zumba aerobics fencing archery aikido capoeira "
    "calisthenics weightlifting powerlifting pottery ceramics photography knitting crochet embroidery gardening "
    "woodworking calligraphy meditation ballet"
)
"""Disciplines and crafts a person does ("does yoga", "does pottery")."""
OUTINGS: dict[str, str] = {
    **{w: w for w in "swimming running climbing bouldering hiking cycling skiing snowboarding surfing jogging".split()},
    **{w: w for w in "kayaking rowing sailing bowling skating skateboarding diving snorkelling snorkeling".split()},
    **{w: w for w in "canoeing paddleboarding fishing golfing birdwatching".split()},
    "run": "running",
    "swim": "swimming",
    "hike": "hiking",
    "jog": "jogging",
}
"""An outing a person goes on, as said ("swimming", "a run") → how it is named ("goes running")."""
EXERCISE_PLACES = _words("gym")
"""Where a person goes to exercise ("goes to the gym")."""
PASTIME_SESSIONS = _words("practice session sessions training lesson lessons class classes match club routine")
"""What a pastime's name may qualify and still name the pastime ("tennis lessons", "my gym sessions")."""
LANGUAGES = _words(
    "english german french spanish italian portuguese japanese korean chinese mandarin cantonese arabic russian dutch "
    "swedish norwegian danish finnish polish greek turkish hindi urdu bengali punjabi vietnamese thai indonesian "
    "hebrew irish welsh latin swahili czech hungarian romanian ukrainian persian tagalog catalan basque"
)
"""Languages a person may be learning ("learning German"; matched in lower case, named capitalised)."""
STUDY_VERBS = _words("learn study practise practice revise")
"""Verbs of studying a language, as lemmas ("practising my Spanish")."""
IMPROVING_VERBS = _words("improve get come progress")
"""Verbs that say a person's language is getting better ("my German is improving", "is coming along")."""
LANGUAGE_STUDY = _words("homework vocab vocabulary grammar streak exam course tutor teacher")
"""What a language's name may qualify and name studying it ("German homework", "my Spanish tutor"), besides the
sessions of any pastime (:data:`PASTIME_SESSIONS`)."""
NOT_DOING = _words("watch see follow stream bet miss skip cancel quit stop")
"""Verbs under which a pastime is not one the speaker does ("watching the cricket", "quit the gym"; a dislike or a
wish neither: :data:`DISLIKING`, :data:`WANTING`)."""
OTHER_SENSES = _words("late out low behind errands around short into")
"""Words after "running" (and the like) that make it no outing ("running late", "running out")."""

TRAIT_CONTEXTS: dict[str, frozenset[str]] = {
    "work": _words("work job office boss colleague meeting project career client deadline salary"),
    "learning": _words("learn study studi course class exam lesson school universit read book"),
    "social": _words("friend party club team neighbo community date"),
    "personal": _words("family home health sleep mother father mom dad wife husband child kid son daughter pet hobby"),
}
"""Where a trait shows (seed 002 §3), by the stems its memories hold; the first context that matches wins."""

# --- names and what they name --------------------------------------------------------------------------------
RELATION_NOUNS: dict[str, str] = {**KIN_RELATIONS, **SOCIAL_RELATIONS}
"""Every noun for someone in a speaker's life → the relation it names ("my mum Rosa": ``mother``)."""
PEOPLE_NOUNS = _words("guy girl boy lad lass man woman person bloke chap gentleman")
"""Nouns for someone unnamed that a name may follow ("a lad called Declan"): a person, in no relation."""
HONORIFICS = _words("mr mr. mrs mrs. ms ms. miss mx dr dr. prof prof. sir dame")
"""Titles that open a person's name ("Mr Alcott", "Dr. Osei")."""
NAME_CONNECTORS = _words("of de da di del la le von van du")
"""Lower-case words inside a name ("University of Westmere", "Ana de Souza")."""
WORK_NOUNS = _words(
    "book novel film movie album song series show podcast poem painting musical game documentary play audiobook"
)
"""What a name after "the …" or "a … called" is a work of ("the album Quiet Harbour", "a book called …")."""
NAMED_THING_NOUNS = _words(
    "dish recipe cocktail dessert festival fair marathon tournament parade carnival expo exhibition championship"
)
"""Named things that are neither works nor places ("a dish called …", "the Blue Heron festival")."""
PLACE_WORDS_BEFORE_NAME = _words("lake mount isle cape river")
"""Place words that may open a place's name ("Lake Bled", "Mount Kenya")."""
TRAVEL_PREPOSITIONS = _words("around across")
"""Prepositions a place follows when someone travels ("around Portugal", "across Canada")."""
PET_ACQUIRING = _words("have get adopt own rescue")
"""Verbs by which someone comes to have an animal ("we adopted a dog", "I rescued a cat")."""
VALUE_ENDING_SUBORDINATORS = _words("because since after before when")
"""Subordinators that end a slot's value ("in Lisbon since May", "at Brackenford when …")."""
ORGANIZATION_WORDS = _words(
    """company startup firm brand charity band team club agency studio studios label shop store bookshop bakery garage
    inc corp corporation co ltd llc plc gmbh university college school academy institute bank group association
    foundation hospital clinic society council trust labs lab"""
)
"""Words that make a name an organisation's, before it ("the company …", "University of …") or after it
("Brackenford Bank", "Lysverk Ltd", "Quillon bookshop")."""
TRADES = _words("business restaurant salon cafe café pub bar farm stall takeaway")
"""Businesses a person runs, beside the :data:`ORGANIZATION_WORDS` ("I run a small café", "my aunt runs a
farm")."""
PLACE_WORDS = _words(
    """park street road avenue lane drive square city town village island lake river reservoir canal mountain mount
    hill beach bay valley museum bridge canyon falls forest county province airport station hotel cafe café
    restaurant pub bar garden gardens zoo mall gallery centre center market harbour harbor coast stadium arena
    cathedral castle palace temple isle cape"""
)
"""Words that make a name a place's ("Tanner Road", "the Harwick gallery", "Lake Bled", "the Ouse river")."""
PERSON_SUBJECT_VERBS = _words(
    """say tell ask want think feel know hope decide agree laugh cry smile marry text email call invite thank hug
    teach introduce reply promise suggest admit complain worry wonder live work study move retire graduate travel"""
)
"""Verbs whose subject is a person ("Petra wants to join us", "Odile says …", "Maria moved to Lisbon")."""
PERSON_OBJECT_VERBS = _words("tell ask meet marry call text email invite thank hug teach introduce date kiss phone")
"""Verbs whose object is a person ("tell Ebele", "I met Tomás")."""
WORK_VERBS = _words("read reread watch rewatch binge stream")
"""Verbs whose named object is a work ("We watched Sweet Juliet", "I'm reading Hollow Crown")."""
JOB_NOUNS = _words("job role position internship placement apprenticeship")
"""What someone has at an organisation ("my internship at IBM", "a job at Brackenford")."""
NOT_NAMES = (
    GREETINGS
    | THANKS
    | FAREWELLS
    | INTERJECTIONS
    | DISCOURSE_MARKERS
    | CHAT_MARKERS
    | TIME_WORDS
    | FREQUENCY_UNITS
    | FUTURE_TIME_WORDS
    | LISTENER
    | {"i", "god"}
)
"""Capitalised words that are no name: greetings, interjections, days, months ("Morning Tom!", "Ok", "Sunday")."""
