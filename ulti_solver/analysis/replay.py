"""Play analysis: every card's value at a position, one best line, and a played game card by card.

"If you had ducked the king, the ulti was dead": these functions settle
such arguments with the double-dummy value S of R34.  At a position (any
point of the play, mid-trick included) every legal card is valued by the
position it leads to; the best cards are those that keep the value (the
highest S for the declarer, the lowest for a defender).  A played card is
an *error* when it changes the value against its own side.  All of this
works on both searches (``impl``), and the core's table is shared by the
positions of one game, so the thirty positions of a game cost little more
than the first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from .. import checks
from ..bids import BETLI, DURCHMARS, Bid
from ..cards import SUIT_NAMES, Card, Suit, card_label, card_name, cards_of
from ..coerce import as_cards, as_game, as_game_at
from ..deal import SEAT_NAMES, Deal
from ..i18n import _
from ..kontra import NO_KONTRA, Kontra, kontra_for
from ..play import DECLARER, PlayRules
from ..position import Position, replay, start_of_play
from ..search import solve
from ..search import value as position_value
from ..solution import Solution
from ..variants import DEFAULT_RULES, Rules

if TYPE_CHECKING:
    from ..accepted import BidLike, CardsLike, DealLike, KontraLike, PositionLike, RulesLike, TrumpLike


def _best(values: Dict[Card, float], seat: int) -> List[Card]:
    """The cards whose value is the mover's best: the most S for the declarer, the least for a defender."""
    target = max(values.values()) if seat == DECLARER else min(values.values())
    return [card for card, v in values.items() if v == target]


def card_solutions(
    deal: Deal,
    bid: Bid,
    trump: Optional[Suit],
    position: Position,
    *,
    rules: Rules,
    silent: bool = False,
    kontra: KontraLike = None,
    impl: Optional[str] = None,
) -> Dict[Card, Solution]:
    """For every card the player to move may play (R9-R12): the full answers after it, value included."""
    play = PlayRules.for_game(bid, trump, rules=rules)
    return {
        card: solve(
            deal,
            bid,
            trump,
            rules=rules,
            position=position.after(card, play),
            silent=silent,
            value=True,
            kontra=kontra,
            impl=impl,
        )
        for card in cards_of(position.legal(play))
    }


def card_values(
    deal: DealLike,
    bid: BidLike,
    trump: TrumpLike,
    position: PositionLike,
    *,
    rules: RulesLike = DEFAULT_RULES,
    impl: Optional[str] = None,
    kontra: KontraLike = None,
) -> Dict[Card, float]:
    """The value S (R34, under ``kontra``: R39) after each card the player to move may play."""
    deal, bid, trump, rules, given = as_game_at(deal, bid, trump, rules=rules, position=position)
    at: Position = checks.position(given, deal, required=True)
    play = PlayRules.for_game(bid, trump, rules=rules)
    return {
        card: position_value(deal, bid, trump, rules=rules, position=at.after(card, play), kontra=kontra, impl=impl)
        for card in cards_of(at.legal(play))
    }


def best_cards(values: Dict[Card, float], position: Position) -> List[Card]:
    """The cards that keep the mover's best value, in card order."""
    return _best(values, position.to_move)


def best_line(
    deal: DealLike,
    bid: BidLike,
    trump: TrumpLike,
    position: PositionLike,
    *,
    rules: RulesLike = DEFAULT_RULES,
    impl: Optional[str] = None,
    kontra: KontraLike = None,
) -> List[Card]:
    """One best continuation to the end of the game: at each turn the lowest-numbered best card.

    Replayed, it ends in a game whose settlement is the value it starts from
    (both sides keep the value with every card).
    """
    deal, bid, trump, rules, given = as_game_at(deal, bid, trump, rules=rules, position=position)
    at: Position = checks.position(given, deal, required=True)
    play = PlayRules.for_game(bid, trump, rules=rules)
    line: List[Card] = []
    while not at.finished:
        card = best_cards(card_values(deal, bid, trump, rules=rules, position=at, impl=impl, kontra=kontra), at)[0]
        line.append(card)
        at = at.after(card, play)
    return line


def _signed(value: float) -> str:
    """``+3``, ``0``, ``-7.5``: a value in units, a half where the defenders' kontras differ (R39)."""
    if not value:
        return "0"
    return f"{int(value):+d}" if value == int(value) else f"{value:+.1f}"


def _units(value: float) -> str:
    """``12``, ``0.5``: a number of units, without a trailing ``.0``."""
    return str(int(value)) if value == int(value) else f"{value:.1f}"


@dataclass(frozen=True)
class CardVerdict:
    """One played card, judged: the value before and after it, the best cards, an error mark."""

    index: int  # 1-30, in play order
    trick: int  # 1-10
    seat: int
    card: Card
    value_before: float  # units per defender: a half where the defenders' kontras differ (R39)
    value_after: float
    best: List[Card]
    #: R44 from the mover's seat (``analyse --knowable``): the loss against the best card on the
    #: worlds he could not tell apart, its standard error, and how many worlds (None: not asked).
    knowable_loss: Optional[float] = None
    knowable_stderr: Optional[float] = None
    knowable_samples: Optional[int] = None
    #: Whether every such world was counted (exact), and the cards best on them (R43).
    knowable_exact: Optional[bool] = None
    knowable_best: Optional[List[Card]] = None

    @property
    def error(self) -> bool:
        """The card changed the value against its own side (the declarer lowering S, a defender raising it)."""
        if self.seat == DECLARER:
            return self.value_after < self.value_before
        return self.value_after > self.value_before

    @property
    def cost(self) -> float:
        """Units per defender the card gave away (0 for a best card)."""
        return abs(self.value_after - self.value_before) if self.error else 0

    @property
    def hindsight_band(self) -> Optional[str]:
        """R44: the band of the hindsight loss (every card known)."""
        from .single_dummy import band

        return band(self.cost)

    @property
    def band(self) -> Optional[str]:
        """R44: the band of the knowable loss where it was asked, else of the hindsight loss."""
        if self.knowable_loss is None:
            return self.hindsight_band
        from .single_dummy import band

        return band(self.knowable_loss, self.knowable_stderr or 0.0)

    @property
    def card_label(self) -> str:
        """The card as the tables print it (``♣A``); ``card`` is its number, for programs."""
        return card_label(self.card)

    @property
    def best_labels(self) -> List[str]:
        """The best cards as the tables print them."""
        return [card_label(c) for c in self.best]

    def __str__(self) -> str:
        """``trick 3: seat 2 played ♣A, -9 -> +3 (12 given away); best ♦7 ♦U ...``"""
        values = {
            "trick": self.trick,
            "seat": _(SEAT_NAMES[self.seat]),
            "card": self.card_label,
            "before": _signed(self.value_before),
            "after": _signed(self.value_after),
            "best": " ".join(self.best_labels),
        }
        if self.error:
            return _(
                "trick {trick}: {seat} played {card}, {before} -> {after} ({cost} given away); best {best}"
            ).format(cost=_units(self.cost), **values)
        return _("trick {trick}: {seat} played {card}, {before} -> {after}; best {best}").format(**values)

    def as_json(self) -> dict:
        return {
            "index": self.index,
            "trick": self.trick,
            "seat": self.seat,
            "card": card_name(self.card),
            "value_before": self.value_before,
            "value_after": self.value_after,
            "best": [card_name(c) for c in self.best],
            "error": self.error,
            "cost": self.cost,
            "hindsight_loss": self.cost,
            "hindsight_band": self.hindsight_band,
            "band": self.band,
            **(
                {}
                if self.knowable_loss is None
                else {
                    "knowable_loss": round(self.knowable_loss, 6),
                    "knowable_stderr": round(self.knowable_stderr or 0.0, 6),  # set with the loss
                    "knowable_samples": self.knowable_samples,
                    "knowable_exact": self.knowable_exact,
                    "knowable_best": [card_name(c) for c in self.knowable_best or ()],
                }
            ),
        }


@dataclass(frozen=True)
class GameAnalysis:
    """A played game judged card by card, and what it all came to."""

    deal: Deal
    bid: Bid
    trump: Optional[Suit]
    rules: Rules
    verdicts: List[CardVerdict]
    final_value: float  # S where the record ends (the settlement, when all 30 cards are played)
    kontra: Kontra = NO_KONTRA

    def errors_by_seat(self) -> Dict[int, int]:
        counts = {0: 0, 1: 0, 2: 0}
        for verdict in self.verdicts:
            counts[verdict.seat] += verdict.error
        return counts

    def cost_by_seat(self) -> Dict[int, float]:
        costs: Dict[int, float] = {0: 0, 1: 0, 2: 0}
        for verdict in self.verdicts:
            costs[verdict.seat] += verdict.cost
        return costs

    def decided_early(self) -> List[Tuple[str, int]]:
        """A betli or durchmars lost before the last trick, and the trick that lost it: the first
        the declarer took (R23) or the first the defenders took (R21).  The rest of the play
        cannot change it, as a played ulti seven cannot be played again (R19)."""
        watched = [c for c in (BETLI, DURCHMARS) if c in self.bid.components]
        if not watched:
            return []
        play = PlayRules.for_game(self.bid, self.trump, rules=self.rules)
        cards = [v.card for v in self.verdicts]
        decided = []
        for trick in range(1, len(cards) // 3 + 1):
            so_far = replay(self.deal, play, cards[: 3 * trick]).so_far
            for component in list(watched):
                if (so_far.declarer_tricks if component == BETLI else so_far.defender_tricks) and trick < 10:
                    decided.append((str(component), trick))
                    watched.remove(component)
        return decided

    def __str__(self) -> str:
        """The table ``ulti analyse`` prints: the tricks, the errors, the summary."""
        from ..render.analyse import game_table  # the text layer, loaded only to print (as chess.svg)

        return "\n".join(game_table(self))

    def summary(self) -> dict:
        """The last JSON line of ``ulti analyse``: errors and units given away per seat."""
        start = self.verdicts[0].value_before if self.verdicts else self.final_value
        errors, costs = self.errors_by_seat(), self.cost_by_seat()
        return {
            "deal": str(self.deal),
            "bid": str(self.bid),
            "trump": None if self.trump is None else SUIT_NAMES[self.trump],
            "cards": len(self.verdicts),
            "value_at_start": start,
            "value_at_end": self.final_value,
            "errors": {str(seat): errors[seat] for seat in range(3)},
            "units_given_away": {str(seat): costs[seat] for seat in range(3)},
            "bands": self.bands_by_seat(),
            **({"hindsight_bands": self.bands_by_seat(hindsight=True)} if self.knowable else {}),
            **({"kontra": self.kontra.as_json()} if self.kontra else {}),
            **(
                {"decided": [{"component": c, "made": False, "trick": t} for c, t in self.decided_early()]}
                if self.decided_early()
                else {}
            ),
        }

    @property
    def knowable(self) -> bool:
        """Whether the cards carry knowable verdicts (R44, ``analyse --knowable``)."""
        return any(v.knowable_loss is not None for v in self.verdicts)

    def bands_by_seat(self, hindsight: bool = False) -> dict:
        """R44: per seat, how many cards fell in each band (the knowable one where it was asked)."""
        counts = {str(seat): {"inaccuracy": 0, "mistake": 0, "blunder": 0} for seat in range(3)}
        for verdict in self.verdicts:
            found = verdict.hindsight_band if hindsight else verdict.band
            if found is not None:
                counts[str(verdict.seat)][found] += 1
        return counts


def analyse_game(
    deal: DealLike,
    bid: BidLike,
    trump: TrumpLike,
    cards: CardsLike,
    *,
    rules: RulesLike = DEFAULT_RULES,
    impl: Optional[str] = None,
    kontra: KontraLike = None,
) -> GameAnalysis:
    """Judge each card of a played game (R34, under ``kontra``: R39): ``cards`` in play order
    from the opening lead.

    Raises :class:`~ulti_solver.position.PlayError` for a card that could
    not have been played (naming the card, its trick and the rule).
    """
    (deal, bid, trump, rules), played = as_game(deal, bid, trump, rules=rules), as_cards(cards)
    play = PlayRules.for_game(bid, trump, rules=rules)
    deal = deal.require_talon()
    kontra = NO_KONTRA if kontra is None else kontra_for(kontra, bid, rules=rules)
    replay(deal, play, played)  # every card checked before any search
    position = start_of_play(deal)
    verdicts = []
    before = position_value(deal, bid, trump, rules=rules, position=position, kontra=kontra, impl=impl)
    for index, card in enumerate(played, start=1):
        values = card_values(deal, bid, trump, rules=rules, position=position, impl=impl, kontra=kontra)
        verdicts.append(
            CardVerdict(
                index, position.trick_number, position.to_move, card, before, values[card], best_cards(values, position)
            )
        )
        before = values[card]
        position = position.after(card, play)
    return GameAnalysis(deal, bid, trump, rules, verdicts, before, kontra)
