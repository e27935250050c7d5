"""What the public functions accept: each argument as the library's own value, or as text.

Every public function reads its arguments at its top (:mod:`ulti_solver.coerce`),
so a deal may be a :class:`~ulti_solver.deal.Deal` or the text ``ulti solve``
takes, a bid a :class:`~ulti_solver.bids.Bid` or bid words, and so on.  These
aliases say so in the signatures, for a type checker and for ``help()``:
``solve(deal: DealLike, bid: BidLike, trump: TrumpLike, *, rules: RulesLike, ...)``.

The module imports the classes for the type checker only: it is imported by
the modules that define them, and ``import ulti_solver`` stays cheap.  The
names stay strings at run time (``typing.get_type_hints`` does not resolve
them); what a checker and a reader see is the point.  (Not ``typing.py``:
inside the package that name would shadow the standard library's.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Literal, Mapping, Sequence, Tuple, Union

if TYPE_CHECKING:
    from .bids import Bid
    from .deal import Deal
    from .dealing import Constraints
    from .kontra import Kontra, KontraSpec
    from .position import Position
    from .variants import Rules

#: A deal: a :class:`Deal`, or its text ``"A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"``.
DealLike = Union["Deal", str]

#: A bid: a :class:`Bid`, or its words (``"40-100 ulti"``, ``"negyvenszáz ulti"``).
BidLike = Union["Bid", str]

#: Bids to weigh: None (every bid), one bid, or several.
BidsLike = Union[None, "Bid", str, Iterable[Union["Bid", str]]]

#: A suit: its number (0-3), or a word or symbol (``"hearts"``, ``"tök"``, ``"♦"``).
SuitLike = Union[int, str]

#: The trump played: a suit, or None for a game without trump (betli, colorless durchmars).
TrumpLike = Union[SuitLike, None]

#: A card: its number, or its name (``"HA"``, ``"♥A"``, ``"PA"``).
CardLike = Union[int, str]

#: Cards in order: text (``"BT BA BU"``, ``"♦T,♦A"``) or a sequence of cards.
CardsLike = Union[str, Sequence[CardLike]]

#: A hand: a card mask, a hand in either notation (``"A97.TK8.O8.U9"``, ``"HA,H9,♦T"``), or
#: a collection of cards.
HandLike = Union[int, str, Iterable[CardLike]]

#: A position: a :class:`Position`, or the cards played from the opening lead (text or a list).
PositionLike = Union["Position", str, Sequence[CardLike]]

#: The rules: :class:`Rules`, a rulebook name (``"tournament"``), the form ``str(rules)``
#: prints (``"ultiblog +free-seven table=tournament"``), or None for the default.
RulesLike = Union["Rules", str, None]

#: One component's kontra level in a mapping: 1-4 or its name, or a pair (seat 1's, seat 2's).
KontraLevel = Union[int, str, Tuple[Union[int, str], Union[int, str]]]

#: Kontras as said, before a bid is known (R36, R37; what :func:`parse_kontra` reads): None
#: (none), text (``"party,ulti=2"``, ``"1:betli"``), several such strings, a mapping
#: (``{"ulti": 2, "betli": (1, 0)}``), or a :class:`KontraSpec`.
KontraSpecLike = Union[None, str, Iterable[str], Mapping[str, KontraLevel], "KontraSpec"]

#: The kontras of one game: as :data:`KontraSpecLike`, or the game's :class:`Kontra` itself.
KontraLike = Union[KontraSpecLike, "Kontra"]

#: Suits a defender is void in: ``"1:hearts"``, several such, or (seat, suit) pairs.
VoidsLike = Union[str, Iterable[Union[str, Tuple[int, SuitLike]]]]

#: What the declarer knows before the play: :class:`Constraints`, or his hand alone.
ConstraintsLike = Union["Constraints", str, Sequence[CardLike]]

#: A discard, two cards (``"HK,BK"`` or a pair); discards to weigh: one, several, or None (all).
DiscardLike = Union[str, Sequence[CardLike]]
DiscardsLike = Union[DiscardLike, Sequence[DiscardLike], None]

#: How many worlds to ask: a count, or ``"all"`` (every world, counted exactly).
SamplesLike = Union[int, Literal["all"]]

__all__ = [
    "BidLike",
    "BidsLike",
    "CardLike",
    "CardsLike",
    "ConstraintsLike",
    "DealLike",
    "DiscardLike",
    "DiscardsLike",
    "HandLike",
    "KontraLevel",
    "KontraLike",
    "KontraSpecLike",
    "PositionLike",
    "RulesLike",
    "SamplesLike",
    "SuitLike",
    "TrumpLike",
    "VoidsLike",
]
