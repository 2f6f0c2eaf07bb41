"""Subjects as words: nouns, plurals, articles and the themes each one suggests.

A card's description and tags come from the same data that drew it; this is
where a subject's name, its plural and its abstract themes live.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SUBJECTS", "Subject", "a", "count", "its", "join", "noun", "plural", "sentence", "them"]

NUMBERS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


@dataclass(frozen=True, slots=True)
class Subject:
    art: str
    noun: str
    plural: str
    themes: tuple[str, ...]
    article: str

    def a(self) -> str:
        return f"{self.article} {self.noun}"


def _article(noun: str) -> str:
    word = noun.lower()
    if word.startswith(("hour", "honest", "heir")):
        return "an"
    if word.startswith(("uni", "use", "euro", "one")):
        return "a"
    return "an" if word[0] in "aeiou" else "a"


def _plural(noun: str) -> str:
    last = noun.split()[-1]
    head = noun[: len(noun) - len(last)]
    irregular = {
        "fish": "fish",
        "mouse": "mice",
        "person": "people",
        "deer": "deer",
        "sheep": "sheep",
        "child": "children",
        "leaf": "leaves",
        "wolf": "wolves",
        "goose": "geese",
        "man": "men",
        "woman": "women",
        "jellyfish": "jellyfish",
    }
    if last in irregular:
        return head + irregular[last]
    if last.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if last.endswith("y") and last[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def _s(art: str, noun: str, *themes: str, plural: str | None = None) -> Subject:
    return Subject(art, noun, plural or _plural(noun), themes, _article(noun))


SUBJECTS: dict[str, Subject] = {
    s.art: s
    for s in (
        _s("alarm-clock", "alarm clock", "time", "urgency", "waking"),
        _s("mantelpiece-clock", "mantel clock", "time", "memory", "home"),
        _s("hourglass-not-done", "hourglass", "time", "patience", "mortality"),
        _s("old-key", "old key", "secrets", "the past", "answers"),
        _s("door", "door", "the unknown", "choice", "passage"),
        _s("ladder", "ladder", "ambition", "escape"),
        _s("house", "house", "home", "belonging", "safety"),
        _s("castle", "castle", "power", "fairy tales", "ambition"),
        _s("classical-building", "temple", "knowledge", "the past", "order"),
        _s("tent", "tent", "travel", "shelter", "freedom"),
        _s("hut", "hut", "simplicity", "shelter"),
        _s("circus-tent", "circus tent", "spectacle", "play", "illusion"),
        _s("ferris-wheel", "Ferris wheel", "cycles", "nostalgia", "joy"),
        _s("jellyfish", "jellyfish", "drifting", "fragility", "the deep"),
        _s("spouting-whale", "whale", "vastness", "the deep", "wisdom"),
        _s("whale", "whale", "vastness", "the deep", "wisdom"),
        _s("turtle", "turtle", "patience", "endurance", "age"),
        _s("fish", "fish", "instinct", "freedom"),
        _s("tropical-fish", "tropical fish", "wonder", "colour"),
        _s("octopus", "octopus", "cleverness", "mystery"),
        _s("snail", "snail", "slowness", "patience", "home"),
        _s("dolphin", "dolphin", "playfulness", "freedom"),
        _s("cat", "cat", "curiosity", "independence"),
        _s("black-cat", "black cat", "luck", "mystery", "superstition"),
        _s("tiger", "tiger", "power", "danger", "courage"),
        _s("rabbit", "rabbit", "innocence", "fear", "luck"),
        _s("mouse", "mouse", "smallness", "shyness"),
        _s("owl", "owl", "wisdom", "night", "watching"),
        _s("eagle", "eagle", "pride", "power", "vision"),
        _s("swan", "swan", "grace", "transformation"),
        _s("flamingo", "flamingo", "balance", "elegance"),
        _s("butterfly", "butterfly", "transformation", "fragility"),
        _s("ant", "ant", "work", "community", "smallness"),
        _s("lady-beetle", "ladybird", "luck", "smallness"),
        _s("dragon", "dragon", "danger", "legend", "power"),
        _s("unicorn", "unicorn", "fantasy", "purity"),
        _s("elephant", "elephant", "memory", "strength"),
        _s("giraffe", "giraffe", "reaching", "strangeness"),
        _s("horse", "horse", "freedom", "journey"),
        _s("deer", "deer", "gentleness", "wilderness"),
        _s("t-rex", "dinosaur", "the past", "fear", "power"),
        _s("duck", "duck", "following", "ordinariness"),
        _s("baby-chick", "chick", "birth", "innocence"),
        _s("penguin", "penguin", "togetherness", "cold"),
        _s("camel", "camel", "endurance", "journey"),
        _s("snowman", "snowman", "impermanence", "childhood"),
        _s("person-standing", "person", "solitude", "waiting"),
        _s("person-walking", "walker", "journey", "solitude"),
        _s("person-mage", "wizard", "magic", "wisdom"),
        _s("detective", "detective", "mystery", "searching"),
        _s("astronaut", "astronaut", "exploration", "distance"),
        _s("ninja", "ninja", "stealth", "secrets"),
        _s("person-rowing-boat", "rower", "journey", "effort"),
        _s("person-in-lotus-position", "meditating figure", "calm", "inner peace"),
        _s("person-fairy", "fairy", "magic", "smallness"),
        _s("ghost", "ghost", "the past", "absence", "fear"),
        _s("robot", "robot", "the future", "loneliness"),
        _s("teapot", "teapot", "comfort", "ritual"),
        _s("umbrella", "umbrella", "protection", "shelter"),
        _s("balloon", "balloon", "lightness", "celebration"),
        _s("kite", "kite", "freedom", "childhood"),
        _s("crown", "crown", "power", "ambition", "vanity"),
        _s("gem-stone", "gem", "value", "desire"),
        _s("crystal-ball", "crystal ball", "fate", "the future"),
        _s("light-bulb", "light bulb", "ideas", "inspiration"),
        _s("candle", "candle", "hope", "fragility", "time"),
        _s("red-paper-lantern", "paper lantern", "celebration", "guidance"),
        _s("books", "pile of books", "knowledge", "stories", plural="piles of books"),
        _s("open-book", "open book", "stories", "knowledge"),
        _s("envelope", "letter", "news", "longing", "secrets"),
        _s("crescent-moon", "crescent moon", "dreams", "night"),
        _s("full-moon", "full moon", "night", "change"),
        _s("glowing-star", "star", "hope", "wishes"),
        _s("ringed-planet", "ringed planet", "distance", "wonder"),
        _s("comet", "comet", "omens", "speed"),
        _s("rocket", "rocket", "ambition", "escape"),
        _s("sailboat", "sailboat", "journey", "adventure"),
        _s("anchor", "anchor", "stability", "holding on"),
        _s("chair", "chair", "waiting", "absence"),
        _s("bed", "bed", "sleep", "dreams"),
        _s("bathtub", "bathtub", "comfort", "absurdity"),
        _s("violin", "violin", "music", "melancholy"),
        _s("mushroom", "mushroom", "growth", "the uncanny"),
        _s("deciduous-tree", "tree", "growth", "life"),
        _s("palm-tree", "palm tree", "escape", "holidays"),
        _s("cactus", "cactus", "resilience", "thirst", plural="cacti"),
        _s("rose", "rose", "love", "beauty"),
        _s("seedling", "seedling", "beginnings", "growth"),
        _s("egg", "egg", "beginnings", "potential", "fragility"),
        _s("red-apple", "apple", "temptation", "knowledge"),
        _s("tangerine", "orange", "sweetness", "warmth"),
        _s("lemon", "lemon", "sourness", "surprise"),
        _s("cookie", "cookie", "temptation", "comfort"),
        _s("doughnut", "doughnut", "emptiness", "temptation"),
        _s("birthday-cake", "birthday cake", "celebration", "age"),
        _s("spiral-shell", "seashell", "memory", "the sea"),
        _s("feather", "feather", "lightness", "freedom"),
        _s("wrapped-gift", "gift", "surprise", "generosity"),
        _s("package", "cardboard box", "secrets", "moving on"),
        _s("locked", "padlock", "secrets", "being trapped"),
        _s("bell", "bell", "warning", "calling"),
        _s("telescope", "telescope", "searching", "distance"),
        _s("snowflake", "snowflake", "uniqueness", "cold"),
        _s("cloud", "cloud", "dreams", "change"),
        _s("moai", "stone head", "the past", "silence"),
        _s("chess-pawn", "pawn", "strategy", "humility", "ambition"),
        _s("game-die", "die", "chance", "luck", plural="dice"),
        _s("puzzle-piece", "puzzle piece", "belonging", "the missing part"),
        _s("teddy-bear", "teddy bear", "childhood", "comfort"),
        _s("yarn", "ball of yarn", "patience", "connection", plural="balls of yarn"),
        _s("eye", "eye", "watching", "truth"),
        _s("anatomical-heart", "heart", "love", "vulnerability"),
        _s("footprints", "pair of footprints", "journey", "absence", plural="footprints"),
        _s("sleeping-face", "sleeping face", "dreams", "rest"),
        _s("full-moon-face", "smiling moon", "night", "watching"),
        _s("hole", "hole", "the unknown", "falling", "absence"),
        _s("musical-keyboard", "piano keyboard", "music", "harmony"),
        _s("maple-leaf", "maple leaf", "autumn", "change"),
        _s("magic-wand", "magic wand", "magic", "wishes"),
        _s("ice", "ice cube", "cold", "melting"),
        _s("sauropod", "long-necked dinosaur", "the past", "gentleness"),
        _s("rock", "boulder", "weight", "stubbornness"),
    )
}


PEOPLE = frozenset(
    {
        "person-standing",
        "person-walking",
        "person-mage",
        "detective",
        "astronaut",
        "ninja",
        "person-rowing-boat",
        "person-in-lotus-position",
        "person-fairy",
    }
)


def its(art: str) -> str:
    """The possessive for a subject: ``their`` for people, ``its`` for the rest."""
    return "their" if art in PEOPLE else "its"


def them(art: str) -> str:
    return "them" if art in PEOPLE else "it"


def a(art: str) -> str:
    """``a cat``, ``an old key``, ``an hourglass``."""
    return SUBJECTS[art].a()


def count(n: int, art: str) -> str:
    """``one cat``, ``seven ducks``, ``three dice``."""
    subject = SUBJECTS[art]
    word = NUMBERS[n] if n < len(NUMBERS) else str(n)
    return f"{word} {subject.noun if n == 1 else subject.plural}"


def plural(art: str) -> str:
    return SUBJECTS[art].plural


def noun(art: str) -> str:
    return SUBJECTS[art].noun


def join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def sentence(text: str) -> str:
    text = " ".join(text.split())
    return text[:1].upper() + text[1:].rstrip(".") + "."
