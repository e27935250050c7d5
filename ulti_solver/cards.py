"""Cards and hands as integers (R1).

A card is an int 0-31 and a hand is a 32-bit mask with bit ``card`` set for
each card held.  The layout is fixed here once and shared by the Python code
and the Cython core (``cext/core.pyx`` repeats only these two facts):

* ``card = suit * 8 + rank``;
* suits are numbered in the order of the deal notation: hearts 0, bells 1,
  leaves 2, acorns 3;
* ranks are numbered by the trump-game order of R2, lowest first:
  7=0, 8=1, 9=2, U=3, O=4, K=5, T=6, A=7, so in a trump game a higher rank
  number always beats a lower one.  No-trump games (R3) re-map the ten with
  :data:`NO_TRUMP_STRENGTH`.
"""

from __future__ import annotations

from .errors import UltiInputError, excerpt
from .i18n import L_, N_

Card = int
Hand = int
Suit = int

HEARTS, BELLS, LEAVES, ACORNS = 0, 1, 2, 3
SUITS = (HEARTS, BELLS, LEAVES, ACORNS)
SUIT_NAMES = ("hearts", "bells", "leaves", "acorns")
SUIT_NAMES_HU = ("piros", "tök", "zöld", "makk")
#: The suits as the tables name them, translated where they are shown (Hungarian: piros, tök, zöld, makk).
SUIT_WORDS = (N_("hearts"), N_("bells"), N_("leaves"), N_("acorns"))
SUIT_SYMBOLS = ("♥", "♦", "♠", "♣")
#: Every suit symbol read on input: the filled ones the tables print and the outlined ones
#: (♡ ♢ ♤ ♧) that players paste from elsewhere.
SUIT_SYMBOLS_READ = dict(zip("♥♦♠♣♡♢♤♧", SUITS + SUITS))
#: Variation selectors a pasted emoji suit carries (♥️ is ♥ and U+FE0F): not part of the card.
_VARIATION_SELECTORS = {0xFE0E: None, 0xFE0F: None}
#: Symbols to the English suit letters, for an output that cannot show the symbols.
_SYMBOLS_AS_LETTERS = {ord(symbol): "HBLA"[suit] for symbol, suit in SUIT_SYMBOLS_READ.items()}
#: Suit letters of the card-list form: English first, Hungarian second.
SUIT_LETTERS = "HBLA"
SUIT_LETTERS_HU = "PTZM"

SEVEN, EIGHT, NINE, UNTER, OBER, KING, TEN, ACE = range(8)
#: Rank letters in rank-number order (R2 order, lowest first).
RANK_LETTERS = "789UOKTA"
#: Aliases accepted on input (INTERFACE.md): X and 10 for the ten, F (felső)
#: for the ober.
RANK_ALIASES = {"X": TEN, "F": OBER}
#: The canonical printing order inside a suit: A T K O U 9 8 7.
CANONICAL_RANKS = (ACE, TEN, KING, OBER, UNTER, NINE, EIGHT, SEVEN)

#: R2: strength of each rank in a trump game (higher wins).
TRUMP_STRENGTH = (0, 1, 2, 3, 4, 5, 6, 7)
#: R3: A, K, O, U, 10, 9, 8, 7 -- the ten drops below the unter.
NO_TRUMP_STRENGTH = (0, 1, 2, 4, 5, 6, 3, 7)

BB_EMPTY = 0
BB_ALL = 0xFFFFFFFF
BB_SUITS = tuple(0xFF << (8 * s) for s in SUITS)
BB_ACES = sum(1 << (s * 8 + ACE) for s in SUITS)
BB_TENS = sum(1 << (s * 8 + TEN) for s in SUITS)
#: R4: the cards worth 10 points.
BB_POINT_CARDS = BB_ACES | BB_TENS
#: R15: each suit's king and ober, the pair that makes a marriage.
BB_MARRIAGES = tuple((1 << (s * 8 + KING)) | (1 << (s * 8 + OBER)) for s in SUITS)


class CardError(UltiInputError):
    """A card or rank that cannot be read; the message quotes the input."""


def make_card(suit: Suit, rank: int) -> Card:
    return suit * 8 + rank


def card_suit(card: Card) -> Suit:
    return card >> 3


def card_rank(card: Card) -> int:
    return card & 7


def card_points(card: Card) -> int:
    """R4: aces and tens are worth 10, every other card nothing."""
    return 10 if (BB_POINT_CARDS >> card) & 1 else 0


def parse_rank(text: str) -> int:
    """Read one rank letter (``A T X 10 K O F U 9 8 7``), any case."""
    upper = text.upper()
    if upper == "10":
        return TEN
    if upper in RANK_ALIASES:
        return RANK_ALIASES[upper]
    if len(upper) == 1 and upper in RANK_LETTERS:
        return RANK_LETTERS.index(upper)
    raise CardError(
        L_(
            "unknown rank {rank} (ranks are A T K O U 9 8 7, also X or 10 for the ten and F for the ober)",
            rank=excerpt(text),
        )
    )


def parse_suit_letter(letter: str) -> Suit:
    """Read a suit: a letter (``H B L A`` or ``P T Z M``) or a symbol as the tables print it (``♥ ♦ ♠ ♣``)."""
    upper = letter.upper()
    if upper and upper in SUIT_LETTERS:
        return SUIT_LETTERS.index(upper)
    if upper and upper in SUIT_LETTERS_HU:
        return SUIT_LETTERS_HU.index(upper)
    if letter in SUIT_SYMBOLS_READ:
        return SUIT_SYMBOLS_READ[letter]
    raise CardError(L_("unknown suit letter {letter} (suits are H B L A, P T Z M, or ♥ ♦ ♠ ♣)", letter=excerpt(letter)))


def parse_card(text: str) -> Card:
    """Read a card: a suit letter or symbol, then a rank (``PA``, ``H10``, ``♥A``).

    A card copied from a table reads back: the symbol form (``♦T``), the
    outlined symbols (``♢T``), an emoji suit, and a rank written before its
    symbol (``10♦``).
    """
    stripped = text.strip().translate(_VARIATION_SELECTORS)
    if len(stripped) >= 2 and stripped[-1] in SUIT_SYMBOLS_READ and stripped[0] not in SUIT_SYMBOLS_READ:
        stripped = stripped[-1] + stripped[:-1]  # rank first, as some players write it: A♥
    if len(stripped) < 2:
        raise CardError(
            L_("cannot read card {card}: a card is a suit then a rank, like HA, P10 or ♥A", card=excerpt(text))
        )
    try:
        return make_card(parse_suit_letter(stripped[0]), parse_rank(stripped[1:]))
    except CardError as exc:
        raise CardError(L_("cannot read card {card}: {problem}", card=excerpt(text), problem=exc)) from None


def card_name(card: Card) -> str:
    """The card-list name, English letters: ``card_name(parse_card('PA')) == 'HA'``."""
    return SUIT_LETTERS[card_suit(card)] + RANK_LETTERS[card_rank(card)]


def card_label(card: Card) -> str:
    """A name a player reads at a glance: suit symbol and rank (``♥A``).

    The tables print cards so, and messages name cards so too: what a
    player reads in an error is what he reads in the tables, and
    :func:`parse_card` reads it back.
    """
    return SUIT_SYMBOLS[card_suit(card)] + RANK_LETTERS[card_rank(card)]


def cards_label(cards) -> str:
    """Cards as :func:`card_label` names them, separated by spaces: ``♦O ♦U``."""
    return " ".join(card_label(c) for c in cards)


def symbols_as_letters(text: str) -> str:
    """``text`` with every suit symbol as its English suit letter (``♣7`` -> ``A7``).

    For an output that cannot encode the symbols: the card-list form says
    the same and reads back the same.
    """
    return text.translate(_SYMBOLS_AS_LETTERS)


def cards_of(hand: Hand):
    """The cards in a hand, lowest card number first."""
    while hand:
        low = hand & -hand
        yield low.bit_length() - 1
        hand ^= low


def hand_of(cards) -> Hand:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def popcount(hand: Hand) -> int:
    return hand.bit_count()


def hand_points(hand: Hand) -> int:
    """R4 card points of the aces and tens in ``hand`` (no last-trick bonus)."""
    return 10 * (hand & BB_POINT_CARDS).bit_count()  # not via popcount: a call less, once or more per solve


#: Every suit holding (a byte of rank bits) as the canonical letters, ``-`` when void:
#: a batch prints thousands of deals, so this is looked up, not rebuilt.
SUIT_TEXT = tuple("".join(RANK_LETTERS[r] for r in CANONICAL_RANKS if (bits >> r) & 1) or "-" for bits in range(256))


def format_suit(hand: Hand, suit: Suit) -> str:
    """One suit of a hand in canonical rank order, ``-`` when void."""
    return SUIT_TEXT[(hand >> (8 * suit)) & 0xFF]


def format_hand(hand: Hand) -> str:
    """The canonical dotted form: hearts.bells.leaves.acorns, ranks A T K O U 9 8 7."""
    return (
        f"{SUIT_TEXT[hand & 0xFF]}.{SUIT_TEXT[(hand >> 8) & 0xFF]}."
        f"{SUIT_TEXT[(hand >> 16) & 0xFF]}.{SUIT_TEXT[(hand >> 24) & 0xFF]}"
    )


def format_card_list(hand: Hand) -> str:
    """The card-list form, suits in deal order and ranks in canonical order."""
    return ",".join(
        SUIT_LETTERS[s] + RANK_LETTERS[r] for s in SUITS for r in CANONICAL_RANKS if (hand >> (8 * s + r)) & 1
    )
