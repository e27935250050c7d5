"""What each bid component asks of a finished game (R14-R23, R25-R27).

Every goal is a predicate on an :class:`Outcome`, the summary of a played
game.  The reference search evaluates these predicates directly; the
Cython core is handed goals compiled from them (:mod:`ulti_solver.goals`),
and the value tables are priced by them (:mod:`ulti_solver.pricing`), so
the rules are written down once, here.  What each predicate reads is
:mod:`ulti_solver.reads`'s.
"""

from __future__ import annotations

from enum import Enum
from typing import Optional, Tuple, cast

from .bids import BETLI, DURCHMARS, FORTY_100, FOUR_ACES, PARTY, TWENTY_100, ULTI, Bid
from .cards import BB_ACES, KING, OBER, Hand, Suit, hand_points
from .deal import Deal
from .kontra import NO_KONTRA, Kontra
from .play import PlayRules
from .position import Outcome
from .reads import deal_reader
from .variants import DEFAULT_RULES, Rules

_SUIT_BASES = 0x01010101  # bit 0 of each suit's byte


class SilentItem(str, Enum):
    """A silent (csendes) achievement (R25-R27), named as ``--silent`` names it on every command.

    ``ulti`` is the declarer's silent ulti won and ``ulti-beaten`` his trump seven
    beaten in the tenth trick; the ``defender-`` pair the same for a defender's seven.
    ``ulti solve --silent`` asks, of the items a side would want, whether it can
    force them (:func:`silent_questions`); ``ulti settle --silent`` prices them.
    """

    DECLARER_100 = "declarer-100"
    DEFENDERS_100 = "defenders-100"
    ULTI = "ulti"
    ULTI_BEATEN = "ulti-beaten"
    DEFENDER_ULTI = "defender-ulti"
    DEFENDER_ULTI_BEATEN = "defender-ulti-beaten"
    DURCHMARS = "durchmars"

    __str__ = str.__str__
    __format__ = str.__format__  # type: ignore[assignment]  # typeshed: Enum's own signature, same call
    __hash__ = str.__hash__  # as Component: a dict keyed by members must find plain names


#: The name ``solve --silent`` used before it shared the settlement's names.
SilentQuestion = SilentItem


def _pairs(hand: int) -> int:
    """The suits whose king and ober are both in ``hand``, as bit 8 * suit of a mask
    (one shift and mask for all four suits: this runs for every solve)."""
    return (hand >> KING) & (hand >> OBER) & _SUIT_BASES


def marriage_value(hand: int, trump: Optional[Suit]) -> int:
    """R15: 40 for the trump king and ober, 20 for each other suit's pair."""
    pairs = _pairs(hand)
    total = 20 * pairs.bit_count()
    if trump is not None and (pairs >> (8 * trump)) & 1:
        total += 20
    return total


def has_forty(hand: int, trump: Optional[Suit]) -> bool:
    """R17: the declarer holds the trump king and ober."""
    return trump is not None and (_pairs(hand) >> (8 * trump)) & 1 == 1


def has_twenty(hand: int, trump: Optional[Suit]) -> bool:
    """R18: the declarer holds a king and ober of a non-trump suit."""
    pairs = _pairs(hand)
    if trump is not None:
        pairs &= ~(1 << (8 * trump))
    return pairs != 0


class _once:
    """A value computed on first use and then kept, like ``functools.cached_property``
    without the lock that Python 3.11 takes on each first use (a Scoring is made per
    solve, thousands a second, and is never shared between threads)."""

    def __init__(self, func):
        self.func, self.name, self.__doc__ = func, func.__name__, func.__doc__

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


class Scoring:
    """The scoring rules of one deal under one bid, trump and rulebook.

    One is made per solve, thousands a second, and a trick or card goal
    (durchmars, betli, ulti, four aces) never reads the talon's points: so
    what the talon adds (R4, R16) is worked out on first use, not here.
    """

    def __init__(
        self, deal: Deal, bid: Bid, trump: Optional[Suit], *, rules: Rules = DEFAULT_RULES, kontra: Kontra = NO_KONTRA
    ):
        if deal.talon is None:
            deal.require_talon()  # raises the error that says why
        self.talon = cast(Hand, deal.talon)  # not None: require_talon raised above
        self.deal, self.bid, self.trump, self.rules, self.kontra = deal, bid, trump, rules, kontra
        # PlayRules.for_game's own lookup, inline: a call is a twentieth of a short solve.
        known = bid.games.get(trump)
        play = known[1] if known is not None and known[0] is rules else PlayRules.for_game(bid, trump, rules=rules)
        self.play = play
        self.seven = play.trump_seven

    @_once
    def total_trick_points(self) -> int:
        """R4: what the tricks hold, the last-trick bonus included: 90 less the talon's aces and tens."""
        return 90 - hand_points(self.talon)

    @_once
    def talon_declarer(self) -> int:
        """R16: the talon's aces and tens, if they count for the declarer."""
        return hand_points(self.talon) if self.rules.talon_to_declarer else 0

    @_once
    def talon_defenders(self) -> int:
        """R16: the talon's aces and tens, if they count for the defenders (the default)."""
        return 0 if self.rules.talon_to_declarer else hand_points(self.talon)

    @_once
    def dealt_marriages(self) -> Tuple[int, int]:
        """(M_D, M_F) as dealt: each side's marriages in the 10-card playing hands (R15, R22)."""
        if not self.bid.plays_party:
            return 0, 0
        hands, trump = self.deal.hands, self.trump
        return (
            marriage_value(hands[0], trump),
            marriage_value(hands[1], trump) + marriage_value(hands[2], trump),
        )

    # -- The facts of the deal that the questions read (ulti_solver.reads) -------

    @property
    def marriage_needs_trick(self) -> bool:
        """R15 variant: a side's marriages count only once it has won a trick."""
        return self.rules.marriage_needs_trick

    @_once
    def forty(self) -> bool:
        """R17: the declarer holds the trump king and ober."""
        return has_forty(self.deal.hands[0], self.trump)

    @_once
    def twenty(self) -> bool:
        """R18: the declarer holds a king and ober of a non-trump suit."""
        return has_twenty(self.deal.hands[0], self.trump)

    @_once
    def ace_in_talon(self) -> bool:
        """R20: an ace in the talon sinks four aces."""
        return bool(self.talon & BB_ACES)

    @_once
    def seven_holder(self) -> Optional[int]:
        """The seat dealt the trump seven, or None (no trump, or it is in the talon)."""
        seven = self.seven
        if seven is None:
            return None
        hands = self.deal.hands
        for seat in range(3):
            if (hands[seat] >> seven) & 1:
                return seat
        return None

    def signature(self, name: str) -> tuple:
        """What the question ``name`` reads of this deal and rules besides the game (ulti_solver.reads):
        two games with equal signatures answer it alike, so a goal compiled for one serves the next."""
        return (name, *deal_reader((name,))(self))

    def component_signature(self, component: str) -> tuple:
        """:meth:`signature` of a component of the bid."""
        return self.signature(component)

    # -- R14-R23: what each component asks of the finished game ---------

    def marriages(self, outcome: Outcome) -> Tuple[int, int]:
        """R15: (M_D, M_F), counted only where the bid plays the party (R22)."""
        declarer, defenders = self.dealt_marriages
        if self.rules.marriage_needs_trick:  # R15 variant
            declarer = declarer if outcome.declarer_tricks else 0
            defenders = defenders if outcome.defender_tricks else 0
        return declarer, defenders

    def party_made(self, outcome: Outcome) -> bool:
        """R14 (with its variant in R15)."""
        d = outcome.declarer_points
        f = self.total_trick_points - d
        m_d, m_f = self.marriages(outcome)
        declarer_total = d + self.talon_declarer + m_d
        defender_total = f + self.talon_defenders + m_f
        if self.rules.marriage_needs_trick:
            return declarer_total > defender_total
        return d > 0 and (f == 0 or declarer_total > defender_total)

    def ulti_made(self, outcome: Outcome) -> bool:
        """R19: the declarer holds the trump seven and wins the tenth trick with it."""
        return self.seven_holder == 0 and outcome.seven_trick == 10 and outcome.seven_won

    def component_made(self, component: str, outcome: Outcome) -> bool:
        d_total = outcome.declarer_points + self.talon_declarer
        if component == PARTY:
            return self.party_made(outcome)
        if component == FORTY_100:  # R17
            return self.forty and d_total >= 60
        if component == TWENTY_100:  # R18
            return self.twenty and d_total >= 80
        if component == ULTI:
            return self.ulti_made(outcome)
        if component == FOUR_ACES:  # R20
            return outcome.declarer_aces == BB_ACES
        if component == DURCHMARS:  # R21
            return outcome.declarer_tricks == 10
        if component == BETLI:  # R23
            return outcome.declarer_tricks == 0
        raise ValueError(f"unknown component {component!r}")  # a bug, not the user's input

    def lost_before_play(self, component: str) -> bool:
        """R17-R20: what the deal alone already sinks, whatever the play."""
        if component == FORTY_100:
            return not self.forty
        if component == TWENTY_100:
            return not self.twenty
        if component == ULTI:
            return self.seven_holder != 0
        if component == FOUR_ACES:
            return self.ace_in_talon
        return False

    def bid_made(self, outcome: Outcome) -> bool:
        """R24: every component at once."""
        return all(self.component_made(c, outcome) for c in self.bid.components)

    # -- R25-R27: silent achievements ---------------------------------------

    def totals(self, outcome: Outcome) -> Tuple[int, int]:
        """(D + T_D + M_D, F + T_F + M_F) of R14."""
        m_d, m_f = self.marriages(outcome)
        d = outcome.declarer_points
        return d + self.talon_declarer + m_d, self.total_trick_points - d + self.talon_defenders + m_f

    def declarer_silent_100(self, outcome: Outcome) -> bool:
        """R25, the declarer's side."""
        return self.bid.plays_party and self.totals(outcome)[0] >= 100

    def defenders_silent_100(self, outcome: Outcome) -> bool:
        """R25, the defenders' side."""
        return self.bid.plays_party and self.totals(outcome)[1] >= 100

    def silent_ulti(self, outcome: Outcome) -> bool:
        """R26: the holder of the trump seven wins the tenth trick with it."""
        return outcome.seven_trick == 10 and outcome.seven_won

    def silent_durchmars(self, outcome: Outcome) -> bool:
        """R27: the declarer takes all ten tricks."""
        return outcome.declarer_tricks == 10


def silent_questions(scoring: Scoring):
    """The silent achievements (R25-R27) worth asking about for this bid and deal.

    Yields ``(name, goal, by_defenders)``: ``goal`` is a predicate on the
    finished game and ``by_defenders`` says which side must force it.
    """
    bid = scoring.bid
    if bid.plays_party:  # R25
        yield SilentItem.DECLARER_100, scoring.declarer_silent_100, False
        yield SilentItem.DEFENDERS_100, scoring.defenders_silent_100, True
    if scoring.trump is None:
        return
    holder = scoring.seven_holder
    if not bid.has_ulti and holder is not None:  # R26
        if holder == 0:
            yield SilentItem.ULTI, scoring.silent_ulti, False
        else:
            yield SilentItem.DEFENDER_ULTI, scoring.silent_ulti, True
            yield SilentItem.DEFENDER_ULTI_BEATEN, silent_ulti_beaten, False
    if DURCHMARS not in bid.components:  # R27
        yield SilentItem.DURCHMARS, scoring.silent_durchmars, False


def silent_ulti_beaten(outcome: Outcome) -> bool:
    """R26: the trump seven is played to the tenth trick and beaten (paid as a lost ulti)."""
    return outcome.seven_trick == 10 and not outcome.seven_won
