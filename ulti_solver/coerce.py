"""What a player types, as the library's own values: one place for every public function.

``solve("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8", "ulti", "bells")``
means ``solve(parse_deal(...), parse_bid("ulti"), BELLS)``: each public
function calls these readers in one line at its top.  Text is read as the
command line reads it (a deal or hand in either notation, bid words in
English or Hungarian, a trump word or symbol, a rulebook name, cards as
``"BT BA BU"`` or ``"♦T ♦A ♦U"``).  A value that is not text passes
through untouched and cheaply (the search calls ``solve`` thousands of
times), and a value of the wrong type is left to the argument checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple, cast

from . import checks
from .bids import Bid, BidError, bid_words, parse_bid, parse_trump, trumps_to_solve
from .cards import SUIT_NAMES, Card, Suit
from .deal import Deal, parse_deal
from .errors import UltiInputError, excerpt
from .i18n import L_
from .known_cards import as_card
from .variants import DEFAULT_RULES, Rules, make_rules

if TYPE_CHECKING:
    from .accepted import (
        BidLike,
        BidsLike,
        CardLike,
        ConstraintsLike,
        DealLike,
        DiscardsLike,
        PositionLike,
        RulesLike,
        TrumpLike,
    )
    from .dealing import Constraints
    from .position import Position


def as_deal(value: DealLike) -> Deal:
    """A deal string of the notation (``"A97.TK8.O8.U9 8.A97.A97.ATO ..."``) as a :class:`Deal`."""
    return parse_deal(value) if isinstance(value, str) else checks.deal(value)


def as_bid(value: BidLike) -> Bid:
    """Bid words (``"40-100 ulti"``, ``"negyvenszáz ulti"``) as a :class:`Bid`."""
    return parse_bid(value) if isinstance(value, str) else checks.bid(value)


def as_bids(value: BidsLike) -> Optional[List[Bid]]:
    """None (every bid), one bid, or several: a list of :class:`Bid` (or None)."""
    if value is None:
        return None
    if isinstance(value, (str, Bid)):
        return [as_bid(value)]
    return checks.bids([parse_bid(bid) if isinstance(bid, str) else bid for bid in checks.bids_given(value)])


def as_trump(value: TrumpLike) -> Optional[int]:
    """A trump word or symbol (``"bells"``, ``"tök"``, ``"♦"``) as a suit number; None stays None."""
    return parse_trump(value) if isinstance(value, str) else checks.trump(value)


def as_rules(value: RulesLike) -> Rules:
    """A rulebook name (``"tournament"``), or the form ``str(rules)`` prints
    (``"ultiblog +free-seven table=tournament"``), as :class:`Rules`; None is the default."""
    if value is None:
        return DEFAULT_RULES
    if not isinstance(value, str):
        return checks.rules(value)
    words = value.split()
    book = words[0] if words and not words[0].startswith(("+", "table=")) else None
    variants = [w[1:] for w in words if w.startswith("+")]
    tables = [w.partition("=")[2] for w in words if w.startswith("table=")]
    strays = [w for w in words[1 if book else 0 :] if not w.startswith(("+", "table="))]
    if strays or len(tables) > 1:
        raise UltiInputError(
            L_(
                "cannot read the rules {rules}: a rulebook name, then '+VARIANT' for each "
                "variant and 'table=TABLE' (e.g. 'ultiblog +free-seven table=tournament')",
                rules=excerpt(value),
            )
        )
    return make_rules(book, variants, tables[0] if tables else None)


def as_cards(value, name: str = "cards"):
    """Cards in order: a string (``"BT BA BU"``, ``"♦T,♦A"``) or a list of names or numbers, as numbers."""
    if isinstance(value, str):
        from .position import parse_play  # position reads its cards through this module

        return parse_play(value)
    if isinstance(value, (list, tuple)):
        return checks.cards([as_card(card) for card in value], name)
    return checks.cards(value, name)


def as_game(
    deal: DealLike, bid: BidLike, trump: TrumpLike, *, rules: RulesLike
) -> Tuple[Deal, Bid, Optional[Suit], Rules]:
    """(deal, bid, trump, rules) for a function that plays one game.

    A bid or trump given as words is read as the command line reads
    ``--bid`` and ``--trump`` (R28, R29): ``"ulti", "hearts"`` is a red
    ulti, ``"red party"`` plays hearts, ``"betli"`` no trump; a trump bid
    given as words needs its trump (:func:`ulti_solver.solve_bid` solves
    it for every one).  Values of the library's own types are taken as
    given.
    """
    if isinstance(bid, str) or isinstance(trump, str):
        bid, trump = _played(as_bid(bid), as_trump(trump))
    if isinstance(deal, str):
        deal = parse_deal(deal)
    if rules is None or isinstance(rules, str):
        rules = as_rules(rules)
    return checks.game(deal, bid, trump, rules)  # each checked, and the trump against the bid


def as_game_at(
    deal: DealLike, bid: BidLike, trump: TrumpLike, position: Optional[PositionLike], *, rules: RulesLike
) -> Tuple[Deal, Bid, Optional[Suit], Rules, Optional[Position]]:
    """:func:`as_game`, and ``position`` as a :class:`~ulti_solver.position.Position`: a position
    as it is, or the cards played so far from the opening lead (``"BT BA BU"`` or a list)."""
    deal, bid, trump, rules = as_game(deal, bid, trump, rules=rules)
    if isinstance(position, (str, list)):  # not a tuple: a Position is one
        from .play import PlayRules
        from .position import replay

        position = replay(
            deal.require_talon(), PlayRules.for_game(bid, trump, rules=rules), as_cards(position, "position")
        )
    return deal, bid, trump, rules, checks.position(position, deal)


def _played(bid: Bid, trump: Optional[int]):
    if bid.has_trump and not bid.red and trump is None:
        raise BidError(
            L_(
                "{bid} needs its trump: {trumps} (or hearts for red); solve_bid solves it for each",
                bid=bid_words(bid),
                trumps=", ".join(SUIT_NAMES[1:]),
            )
        )
    ((played_bid, played_trump),) = trumps_to_solve(bid, trump)
    return played_bid, played_trump


def as_discards(value):
    """Discards as pairs of cards: one as ``"HK,BK"`` or ``("HK", "BK")``, several as a list of
    those (``["HK,BK", "HK BO"]``); None is every discard."""
    if value is None:
        return None
    if not isinstance(value, (str, list, tuple)):
        raise checks.wrong("discards", value, "None, two cards such as 'HK,BK', or a list of such pairs")
    if isinstance(value, str) or (len(value) == 2 and all(_one_card(card) for card in value)):
        pair = value if isinstance(value, str) else list(cast("Sequence[CardLike]", value))  # two cards, checked
        return checks.discards([tuple(as_cards(pair))])
    return checks.discards([tuple(as_cards(pair if isinstance(pair, str) else list(pair))) for pair in value])


def _one_card(value) -> bool:
    return isinstance(value, int) or (isinstance(value, str) and len(value.replace(",", " ").split()) == 1)


def as_constraints(value: ConstraintsLike) -> Constraints:
    """What the declarer knows, as :class:`~ulti_solver.dealing.Constraints`: as it is, or
    his hand alone (``"K.K97.AKO87.AO9"``, 12 cards before the discard)."""
    if isinstance(value, (str, list, tuple)):
        from .dealing import Constraints

        return Constraints(value)
    return checks.constraints(value)


def as_simulation(
    constraints: ConstraintsLike, bids: BidsLike, trump: TrumpLike, discards: DiscardsLike, *, rules: RulesLike
) -> Tuple[Constraints, Optional[List[Bid]], Optional[Suit], Optional[List[Tuple[Card, Card]]], Rules]:
    """The arguments of :func:`ulti_solver.simulate` that may be text, read."""
    return as_constraints(constraints), as_bids(bids), as_trump(trump), as_discards(discards), as_rules(rules)
