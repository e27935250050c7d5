"""Bid words, the R28 combination rules and the trump choice (R22, R28, R29)."""

from __future__ import annotations

import functools
import itertools
import unicodedata
from dataclasses import dataclass
from enum import Enum
from typing import Dict, FrozenSet, List, Optional, Tuple

from . import checks
from .cards import ACORNS, BELLS, HEARTS, LEAVES, SUIT_NAMES, SUIT_SYMBOLS_READ, Suit
from .errors import UltiInputError, excerpt
from .i18n import L_, LP_, Message, Text


class Component(str, Enum):
    """A bid component (R14-R23), named as INTERFACE.md names it.

    A ``str`` subclass, so a member compares equal to its name, sorts by it
    and goes into JSON as it; declared in the order components are printed.
    """

    PARTY = "party"
    FORTY_100 = "40-100"
    TWENTY_100 = "20-100"
    ULTI = "ulti"
    FOUR_ACES = "four-aces"
    DURCHMARS = "durchmars"
    BETLI = "betli"

    __str__ = str.__str__
    __format__ = str.__format__  # type: ignore[assignment]  # typeshed: Enum's own signature, same call
    __hash__ = str.__hash__  # Enum hashes the member name; a dict keyed by names must find members


PARTY, FORTY_100, TWENTY_100, ULTI, FOUR_ACES, DURCHMARS, BETLI = Component
#: Components in the order they are printed and reported.
COMPONENT_ORDER = tuple(Component)
RED, OPEN, COLORLESS = "red", "open", "colorless"

#: R28 registry: every accepted word (accents stripped, lower case) and what it means.
#: The Hungarian words are those of the rule texts (seeds 000-003): negyvenszáz, húszszáz,
#: négy ász, terített, színtelen, piros, and the compounds rebetli, redurchmars, pirosbetli.
#: A word that means two things (``rebetli``: red and betli) lists both.
BID_WORDS = {
    "party": (PARTY,),
    "passz": (PARTY,),
    "parti": (PARTY,),
    "40-100": (FORTY_100,),
    "negyven-szaz": (FORTY_100,),
    "negyvenszaz": (FORTY_100,),
    "20-100": (TWENTY_100,),
    "husz-szaz": (TWENTY_100,),
    "huszszaz": (TWENTY_100,),
    "ulti": (ULTI,),
    "four-aces": (FOUR_ACES,),
    "4-aces": (FOUR_ACES,),
    "negy-asz": (FOUR_ACES,),
    "negyasz": (FOUR_ACES,),
    "4-asz": (FOUR_ACES,),
    "durchmars": (DURCHMARS,),
    "durchmarsch": (DURCHMARS,),
    "betli": (BETLI,),
    "rebetli": (RED, BETLI),
    "redurchmars": (RED, DURCHMARS),
    "redurchmarsch": (RED, DURCHMARS),
    "open": (OPEN,),
    "teritett": (OPEN,),
    "colorless": (COLORLESS,),
    "szintelen": (COLORLESS,),
    "red": (RED,),
    "piros": (RED,),
}
#: The words a bid is printed with, one per meaning: what a suggestion translates a word to.
CANONICAL_WORDS = ("party", "40-100", "20-100", "ulti", "four-aces", "durchmars", "betli", "red", "open", "colorless")
#: The Hungarian words an error lists after those (the other spellings are read as well).
HUNGARIAN_WORDS = ("parti", "passz", "negyvenszaz", "huszszaz", "negy-asz", "teritett", "szintelen", "piros", "rebetli")

#: R29: trump names on the command line, English and Hungarian, and the suit symbols the
#: tables print (the outlined ones too, as players paste them).
TRUMP_WORDS = {
    "hearts": HEARTS,
    "piros": HEARTS,
    "bells": BELLS,
    "tok": BELLS,
    "leaves": LEAVES,
    "zold": LEAVES,
    "acorns": ACORNS,
    "makk": ACORNS,
    **SUIT_SYMBOLS_READ,
}
#: R29: the trumps a non-red trump bid may name.
NON_RED_TRUMPS = (BELLS, LEAVES, ACORNS)


#: The components as the tables name them (a row, a column): Hungarian parti, négy ász.
#: Keyed by plain names too: a Component hashes and compares as its name.
COMPONENT_WORDS: Dict[str, Message] = {
    PARTY: LP_("component", "party"),
    FORTY_100: LP_("component", "40-100"),
    TWENTY_100: LP_("component", "20-100"),
    ULTI: LP_("component", "ulti"),
    FOUR_ACES: LP_("component", "four-aces"),
    DURCHMARS: LP_("component", "durchmars"),
    BETLI: LP_("component", "betli"),
}
#: The words of a bid as it is said: the party alone is Hungarian parti (piros parti), the flags
#: piros, terített, színtelen.
_SAID_WORDS = {
    PARTY: LP_("bid", "party"),
    FORTY_100: LP_("bid", "40-100"),
    TWENTY_100: LP_("bid", "20-100"),
    ULTI: LP_("bid", "ulti"),
    FOUR_ACES: LP_("bid", "four-aces"),
    DURCHMARS: LP_("bid", "durchmars"),
    BETLI: LP_("bid", "betli"),
    RED: LP_("bid", "red"),
    OPEN: LP_("bid", "open"),
    COLORLESS: LP_("bid", "colorless"),
}


def component_word(component: str) -> str:
    """A component as a table names it, in the language of the run (``party``; ``parti``)."""
    word = COMPONENT_WORDS.get(component)
    return str(component) if word is None else str(word)


class BidWords:
    """A bid as a player reads it, in the language of the run when printed: ``40-100 ulti``,
    ``red party`` (Hungarian ``piros parti``).  ``str(bid)`` stays the English of INTERFACE.md."""

    __slots__ = ("bid",)

    def __init__(self, bid: Bid):
        self.bid = bid

    def __str__(self) -> str:
        return " ".join(str(_SAID_WORDS[word]) for word in self.bid.words())

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def bid_words(bid: Bid) -> BidWords:
    """The bid in words of the language of the run, put into words when printed."""
    return BidWords(bid)


class BidError(UltiInputError):
    """A bid or trump that cannot be played; the message says which word and why."""


#: Dashes that printed text uses for a hyphen (40–100), and the emoji variation selectors
#: a pasted suit symbol carries: none of them changes the word.
_FOLD = {0x2010: "-", 0x2011: "-", 0x2012: "-", 0x2013: "-", 0x2014: "-", 0x2212: "-", 0xFE0E: None, 0xFE0F: None}


def fold_word(word: str) -> str:
    """Lower case without accents, any dash a hyphen, so ``Négy–Ász`` reads as ``negy-asz``."""
    decomposed = unicodedata.normalize("NFKD", word.strip().lower().translate(_FOLD))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _meaning_text(meaning) -> str:
    return " ".join(str(item) for item in meaning)


def _unknown_bid_word(word: str) -> BidError:
    """An unknown bid word, with the closest known one and what it means."""
    import difflib  # only for a word that is wrong: kept off the start-up path

    close = difflib.get_close_matches(fold_word(word)[:40], list(BID_WORDS), n=1, cutoff=0.6)
    hint: Text = ""
    if close:
        meaning = _meaning_text(BID_WORDS[close[0]])
        if meaning == close[0]:
            hint = L_("; did you mean {word!r}?", word=close[0])
        else:
            hint = L_("; did you mean {word!r} ({meaning})?", word=close[0], meaning=meaning)
    known = ", ".join(CANONICAL_WORDS)
    return BidError(
        L_(
            "unknown bid word {word}{hint} (known: {known}; Hungarian: {hungarian})",
            word=excerpt(word),
            hint=hint,
            known=known,
            hungarian=", ".join(HUNGARIAN_WORDS),
        )
    )


def _unknown_trump(word: str) -> BidError:
    import difflib

    names = [w for w in TRUMP_WORDS if w not in SUIT_SYMBOLS_READ]
    close = difflib.get_close_matches(fold_word(word)[:40], names, n=1)
    hint = L_("; did you mean {word!r}?", word=close[0]) if close else ""
    return BidError(
        L_("unknown trump {word}{hint} (known: {known})", word=excerpt(word), hint=hint, known=", ".join(sorted(names)))
    )


def _bid_words(text: str):
    """The meanings of the words of ``text``, read as players write them.

    A word may be two written apart (``négy ász``, ``four aces``,
    ``negyven száz``) or two written together (``pirosbetli``,
    ``terítettbetli``); an unknown word is an error naming it.
    """
    words = [fold_word(w) for w in text.replace(",", " ").split() if w]
    originals = [w for w in text.replace(",", " ").split() if w]
    index = 0
    while index < len(words):
        word = words[index]
        pair = f"{word}-{words[index + 1]}" if index + 1 < len(words) else None
        if pair in BID_WORDS:
            yield BID_WORDS[pair]
            index += 2
            continue
        if word in BID_WORDS:
            yield BID_WORDS[word]
        else:
            split = next(
                (cut for cut in range(2, len(word) - 1) if word[:cut] in BID_WORDS and word[cut:] in BID_WORDS),
                None,
            )
            if split is None:
                raise _unknown_bid_word(originals[index])
            yield BID_WORDS[word[:split]]
            yield BID_WORDS[word[split:]]
        index += 1


@dataclass(frozen=True)
class Bid:
    """A legal bid (R28): its components and flags.

    ``components`` are exactly what is scored, so the party is among them
    when R22 says it is played (an ulti bid holds ``party`` and ``ulti``).
    """

    components: FrozenSet[str]
    red: bool = False
    open: bool = False
    colorless: bool = False

    @classmethod
    def parse(cls, text: str) -> Bid:
        return parse_bid(text)

    @functools.cached_property  # read by every solve: an attribute after the first read
    def has_trump(self) -> bool:
        """Trump game or not: betli and colorless durchmars have no trump (R3, R23)."""
        return BETLI not in self.components and not self.colorless

    @functools.cached_property
    def plays_party(self) -> bool:
        """R22: the party and the marriages are played."""
        return PARTY in self.components

    @functools.cached_property
    def has_ulti(self) -> bool:
        return ULTI in self.components

    def ordered_components(self) -> Tuple[str, ...]:
        return self._ordered

    def __str__(self) -> str:
        return self._text

    # Worked out once per bid (a Bid is immutable, and parse_bid hands out the same
    # few): every solve orders the components, every line of a batch prints the bid.
    @functools.cached_property
    def _ordered(self) -> Tuple[str, ...]:
        return tuple(c for c in COMPONENT_ORDER if c in self.components)

    @functools.cached_property
    def _text(self) -> str:
        return " ".join(self.words())

    def words(self) -> Tuple[str, ...]:
        """The canonical words of the bid in order: flags, then components (the party only alone)."""
        words = []
        if self.red:
            words.append(RED)
        if self.colorless:
            words.append(COLORLESS)
        if self.open:
            words.append(OPEN)
        shown = [c for c in self._ordered if c != PARTY or self.components == {PARTY}]
        return tuple(words + shown)

    @functools.cached_property
    def games(self) -> dict:
        """{trump: (rules, rules of play)} of the last game played with this bid and trump:
        the memo of :meth:`ulti_solver.play.PlayRules.for_game`, which every solve asks."""
        return {}

    def __repr__(self) -> str:
        return f"Bid.parse({str(self)!r})"


def parse_bid(text: str) -> Bid:
    """Read bid words in any order and case, accents optional, and check R28.

    English or Hungarian (``negyvenszáz ulti``, ``négy ász``, ``pirosbetli``).

    Remembered per text (a Bid is immutable): a batch names the same few bids on every line.
    """
    return _parse_bid(checks.text(L_("the bid"), text))


@functools.lru_cache(maxsize=1024)
def _parse_bid(text: str) -> Bid:
    if not text.replace(",", " ").split():
        raise BidError(L_("the bid is empty; say e.g. 'party', '40-100 ulti' or 'betli'"))
    meaning = []
    for meanings in _bid_words(text):
        for item in meanings:
            if item in meaning:
                raise BidError(L_("{word!r} is said twice in the bid {bid}", word=str(item), bid=excerpt(text)))
            meaning.append(item)
    flags = {RED, OPEN, COLORLESS} & set(meaning)
    components = frozenset(m for m in meaning if m not in flags)
    _check_combination(components, flags, text)
    if (
        PARTY not in components
        and components & {ULTI, FOUR_ACES}
        and not components
        & {
            FORTY_100,
            TWENTY_100,
            DURCHMARS,
        }
    ):
        components = components | {PARTY}  # R22
    return Bid(components, red=RED in flags, open=OPEN in flags, colorless=COLORLESS in flags)


def _check_combination(components, flags, text) -> None:
    """R28: which sets of components and flags make a bid."""
    if not components:
        raise BidError(L_("{bid} names no game; add e.g. party, ulti, durchmars or betli (R28)", bid=excerpt(text)))
    if BETLI in components and len(components) > 1:
        others = ", ".join(c for c in COMPONENT_ORDER if c in components and c != BETLI)
        raise BidError(L_("betli is bid alone; it cannot go with {others} (R28)", others=others))
    if PARTY in components and components & {FORTY_100, TWENTY_100, DURCHMARS}:
        # R22: with these the party is not played.  Party beside ulti or
        # four-aces is only redundant (they play it anyway), so it is accepted.
        others = ", ".join(c for c in COMPONENT_ORDER if c in components & {FORTY_100, TWENTY_100, DURCHMARS})
        raise BidError(L_("the party is not played with {others}; bid party alone (R22, R28)", others=others))
    if FORTY_100 in components and TWENTY_100 in components:
        raise BidError(L_("40-100 and 20-100 cannot be bid together (R28)"))
    if COLORLESS in flags:
        if components != {DURCHMARS}:
            if DURCHMARS in components:
                raise BidError(
                    L_("colorless durchmars is bid alone; it has no trump for 40-100, 20-100, ulti or four-aces (R28)")
                )
            raise BidError(L_("'colorless' goes only with durchmars (R28)"))
    if OPEN in flags and not components & {DURCHMARS, BETLI}:
        raise BidError(L_("'open' goes only with durchmars or betli (R28)"))


def parse_trump(word: Optional[str]) -> Optional[Suit]:
    """Read a ``--trump`` word (R29); ``None`` stays ``None``."""
    if word is None:
        return None
    folded = fold_word(checks.text(L_("the trump"), word))
    if folded not in TRUMP_WORDS:
        raise _unknown_trump(word)
    return TRUMP_WORDS[folded]


def trumps_to_solve(bid: Bid, trump: Optional[Suit]) -> Tuple[Tuple[Bid, Optional[Suit]], ...]:
    """The (bid, trump) pairs a command solves for ``bid`` and an optional ``--trump`` (R28, R29).

    A red bid plays hearts; ``--trump hearts`` makes a trump bid red; a
    non-red trump bid without a trump is solved for bells, leaves and
    acorns; a bid without trump takes no trump.
    """
    if not bid.has_trump:
        if trump is not None:
            raise BidError(
                L_("{bid} is played without trump; drop --trump {trump}", bid=bid_words(bid), trump=SUIT_NAMES[trump])
            )
        return ((bid, None),)
    if bid.red:
        if trump not in (None, HEARTS):
            raise BidError(
                L_("a red bid plays hearts as trump (R28); --trump {trump} contradicts it", trump=SUIT_NAMES[trump])
            )
        return ((bid, HEARTS),)
    if trump == HEARTS:
        return ((Bid(bid.components, red=True, open=bid.open), HEARTS),)
    if trump is None:
        return tuple((bid, t) for t in NON_RED_TRUMPS)
    return ((bid, trump),)


# -- R28: every bid there is ------------------------------------------------------------


def _trump_bid_words() -> List[str]:
    """R28: party alone, and every non-empty choice of {40-100 or 20-100}, ulti, four aces,
    {durchmars or open durchmars}; cheapest-looking first."""
    words = ["party"]
    for hundred, ulti, aces, durchmars in itertools.product(
        ("", "40-100", "20-100"), ("", "ulti"), ("", "four-aces"), ("", "durchmars", "open durchmars")
    ):
        chosen = " ".join(w for w in (hundred, ulti, aces, durchmars) if w)
        if chosen:
            words.append(chosen)
    return words


#: Every bid of R28 without its red flag or trump, in the fixed candidate order.
TRUMP_BIDS: Tuple[Bid, ...] = tuple(parse_bid(w) for w in _trump_bid_words())
NO_TRUMP_BIDS: Tuple[Bid, ...] = tuple(
    parse_bid(w)
    for w in (
        "betli",
        "red betli",
        "open betli",
        "colorless durchmars",
        "red colorless durchmars",
        "open colorless durchmars",
    )
)


def red_form(bid: Bid) -> Bid:
    """The bid with its red flag (R28: hearts as trump, or a red betli or colorless durchmars)."""
    return Bid(bid.components, red=True, open=bid.open, colorless=bid.colorless)


#: Every bid of R28 that can be said, red forms included: the trump bids, their red
#: forms (hearts), then the bids without trump (their red forms are among them).
EVERY_BID: Tuple[Bid, ...] = TRUMP_BIDS + tuple(red_form(bid) for bid in TRUMP_BIDS) + NO_TRUMP_BIDS
