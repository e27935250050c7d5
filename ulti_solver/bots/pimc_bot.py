"""The ``pimc`` bot: perfect-information Monte Carlo (R43) from what its seat knows (R40-R42, R46).

Every choice is valued on worlds its seat cannot tell apart
(:mod:`.seat_worlds`), each solved double dummy (R34, with the kontras
said, R39), and the best mean for its side wins (docs/bots.md, "pimc"):

* **bid, discard** (R46): :mod:`.pimc_bidding` -- the opening and the
  bid after a pick-up race a short list of plans within ``bid-time``; a
  pick-up is made when the best bid over the standing one is worth
  :data:`~.pimc_bidding.PICK_UP_FROM` a defender on average; his own bid
  standing, he passes (it was already the best he found);
* **trump** (R29): the plan's;
* **throw-in** (R49) and **concession** (R39): when the mean of playing
  is below what they cost;
* **kontra** (R36, R48): each legal doubling valued against none on the
  same ``worlds`` worlds, his own payment (R37, R39); said when it gains
  at least :data:`KONTRA_FROM` a defender, twice its standard error, and
  in :data:`GAINS_IN` of the worlds (no szubkontra or hirschkontra);
* **card** (R43): every legal card on ``worlds`` worlds (all of them once
  no more fit), in looks of a quarter, a half and all, the clearly worse
  dropped; cards that play alike (the same suit with no card still out
  between them, the same points, no trump seven, no ace of a four-aces
  bid) are valued once.  Equal means go to the card ``simple`` would play.

With ``infer=1`` (issue 34) the worlds of the kontras and the cards are not
preferred by :func:`bidder_fits` but weighed by the fitted policy of
:mod:`ulti_solver.inference` from everything the seat heard (the bid, the
kontras said and not said, the passes of the auction): :data:`INFER_DRAWS` times ``worlds`` worlds are
drawn, weighed, and ``worlds`` of them resampled in proportion to their
weights, so the rest of the search counts them alike.  R42's equal worlds
stay the default.

World draws come from the game's seed, the option ``seed`` and the moment,
and every budget counts searches, not seconds: the same game gets the same
answers on any machine.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Tuple

from ..bids import FOUR_ACES, NON_RED_TRUMPS
from ..cards import SEVEN, Card, card_points, card_rank, card_suit, make_card
from ..deal import Deal
from ..game.kontras import KontraCalls
from ..game.ranking import bid_order
from ..i18n import L_
from ..kontra import Kontra
from ..play import PlayRules
from ..search import world_totals
from ..settlement import concede
from .base import ASKS, BotError, Request
from .hand_eval import Plan, planned_trump
from .moments import (
    PASS_WORD,
    PICK_UP_WORD,
    bid_and_declarer,
    bids_to_say,
    is_throw_in,
    standing_of,
    throw_in_total,
)
from .pimc_bidding import BID_LOOKS, PICK_UP_FROM, SOLVES_PER_SECOND, pick_up_value, plan_on_worlds, plausible
from .seat_worlds import AuctionMemory, auction_places, choose_worlds, known_elsewhere, play_information
from .simple_play import choose_card
from .world_race import SEPARATION, leaders, mean, race

#: Worlds per card decision and per kontra, by default.
DEFAULT_WORLDS = 24
#: Seconds of bidding per plan (at the nominal speed of :data:`~.pimc_bidding.SOLVES_PER_SECOND`).
DEFAULT_BID_TIME = 1.0
#: A kontra (or a raise) is said when it gains at least this many units a defender...
KONTRA_FROM = 0.5
#: ... and gains in this share of the worlds, by level: each level doubles what is at stake, and
#: the other side's doubling says what its cards are worth, which the worlds do not read; so it
#: says no szubkontra or hirschkontra (more than all the worlds).
GAINS_IN = {1: 0.6, 2: 0.75, 3: 1.01, 4: 1.01}
#: With ``infer=1``: worlds drawn and weighed for each one kept.
INFER_DRAWS = 4


class PimcBot:
    """Single-dummy choices (INTERFACE.md: ``pimc``), with options ``worlds``, ``bid-time`` and ``seed``."""

    sees_all = False
    #: The thresholds of the module, as attributes so that a variant can be weighed against them.
    pick_up_from = PICK_UP_FROM
    gains_in = GAINS_IN
    bid_looks = BID_LOOKS
    prefer_plausible = True

    def __init__(
        self,
        name: str = "pimc",
        worlds: int = DEFAULT_WORLDS,
        bid_time: float = DEFAULT_BID_TIME,
        seed: int = 0,
        infer: int = 0,
    ):
        if worlds < 1 or bid_time < 0:
            raise BotError(
                L_(
                    "pimc: worlds is 1 or more and bid-time 0 or more, not {worlds} and {bid_time}",
                    worlds=worlds,
                    bid_time=bid_time,
                )
            )
        if infer not in (0, 1):
            raise BotError(
                L_(
                    "pimc: infer is 0 (equal worlds, R42) or 1 (worlds weighed by the bid and kontras), not {infer}",
                    infer=infer,
                )
            )
        self.name, self.worlds, self.bid_time, self.option_seed = name, int(worlds), float(bid_time), int(seed)
        self.infer = bool(infer)
        self.seat, self.seed = 0, 0
        self.memory = AuctionMemory()
        self.plan: Optional[Plan] = None

    def new_game(self, seat: int, seed: int) -> None:
        self.seat, self.seed = seat, (int(seed) * 7919 + self.option_seed) * 4 + 1
        self.memory, self.plan = AuctionMemory(), None

    def close(self) -> None:
        pass

    def moment_seed(self, view, ask: str) -> int:
        """A seed of its own for each question of a game (R42: fresh worlds every time)."""
        return ((self.seed * 32 + len(view.played)) * 64 + len(view.auction)) * len(ASKS) + ASKS.index(ask)

    def prefer(self, view) -> Optional[Callable[[Deal], bool]]:
        """The worlds it prefers: for a defender, those that fit the declarer's bid (:func:`bidder_fits`)."""
        return bidder_fits(view) if self.prefer_plausible else None

    def play_worlds(self, info, view, ask: str, *, rules, count: Optional[int] = None) -> Tuple[list, bool]:
        """The worlds of a kontra or a card (``count`` of them, ``worlds`` by default): drawn and
        preferred (:meth:`prefer`), or with ``infer`` weighed by the policy and resampled (the
        module), or every world where no more fit."""
        seed = self.moment_seed(view, ask)
        count = self.worlds if count is None else count
        if not self.infer:
            return choose_worlds(info, count, seed, self.prefer(view))
        from ..inference.observed import from_calls
        from ..inference.weights import resample, world_weights

        bid, declarer = bid_and_declarer(view)
        observed = from_calls(
            info.seat, bid, view.trump, declarer, view.kontras, len(view.played), rules=rules, auction=view.auction
        )
        if observed.empty or info.count() <= count:
            return choose_worlds(info, count, seed)
        drawn = [info.world(seed, index) for index in range(INFER_DRAWS * count)]
        weights = world_weights(observed, drawn)
        return resample(drawn, weights, count, (seed % 9973) / 9973), False

    def answer(self, request: Request) -> Any:
        self.memory.saw(request.ask, request.view, request.legal)
        return getattr(self, "_" + request.ask)(request)

    # -- the auction (R46, R47) ----------------------------------------------------------------

    def _discard(self, request: Request):
        view, rules = request.view, request.rules
        known = known_elsewhere(view, self.memory, view.seat)
        budget = int(self.bid_time * SOLVES_PER_SECOND)
        valued = plan_on_worlds(
            view.hand,
            bids_to_say(view, rules=rules),
            rules=rules,
            seed=self.moment_seed(view, "discard"),
            budget=budget,
            known=known,
            looks=self.bid_looks,
        )
        self.plan = valued.plan
        return self.plan.discard

    def _bid(self, request: Request):
        legal, view = request.legal, request.view
        if PASS_WORD not in legal:
            return self.plan.bid if self.plan is not None and self.plan.bid in legal else legal[0]
        standing = standing_of(view)
        if standing is None or standing[0] == view.seat or PICK_UP_WORD not in legal:
            return PASS_WORD
        over = bid_order(rules=request.rules).bids_over(standing[1])
        best = pick_up_value(
            view.hand,
            over,
            rules=request.rules,
            seat=view.seat,
            places=auction_places(view, self.memory),
            seed=self.moment_seed(view, "bid"),
            budget=int(self.bid_time * SOLVES_PER_SECOND / 4),
        )
        return PICK_UP_WORD if best / 2 >= self.pick_up_from else PASS_WORD

    def _trump(self, request: Request):
        return planned_trump(self.plan, request.view.hand, request.legal)

    # -- giving up (R39, R49) -------------------------------------------------------------------

    def _concede(self, request: Request) -> bool:
        view, rules = request.view, request.rules
        if is_throw_in(view):
            return self._throw_in(request)
        bid, _ = bid_and_declarer(view)
        kontra = self.kontra(view, rules=rules)
        info = play_information(view, self.memory, rules=rules)
        worlds, _ = choose_worlds(info, self.worlds, self.moment_seed(view, "concede"))
        totals = world_totals(worlds, bid, view.trump, rules=rules, played=list(info.played), kontra=kontra)
        return mean(totals) < concede(bid, view.trump, kontra=kontra, rules=rules).declarer_total

    def _throw_in(self, request: Request) -> bool:
        """R49: the plain party in its best trump against throwing it in (void under rablo)."""
        view, rules = request.view, request.rules
        bid, _ = bid_and_declarer(view)
        trumps = list(NON_RED_TRUMPS)
        info = play_information(view, self.memory, rules=rules, trump=trumps[0])
        worlds, _ = choose_worlds(info, self.worlds, self.moment_seed(view, "concede"))
        means = {t: mean(world_totals(worlds, bid, t, rules=rules)) for t in trumps}
        trump = self.plan.trump if self.plan is not None else None
        if trump not in means:
            trump = max(trumps, key=lambda t: (means[t], -t))
            self.plan = Plan((0, 1), bid, trump, 0)
        return means[trump] < throw_in_total(bid, rules=rules)

    # -- kontras (R36-R39, R48) --------------------------------------------------------------------

    @staticmethod
    def calls_so_far(view, *, rules) -> KontraCalls:
        """The kontras said so far (R48), as the referee keeps them."""
        calls = KontraCalls(*bid_and_declarer(view), rules=rules)
        for call in view.kontras:
            calls.say(call)
        return calls

    def kontra(self, view, *, rules) -> Kontra:
        """The levels said so far (R38), as the search prices them."""
        return self.calls_so_far(view, rules=rules).levels() if view.kontras else Kontra()

    def _kontra(self, request: Request):
        from ..analysis.kontra_advice import twice_share

        view, rules = request.view, request.rules
        bid, _ = bid_and_declarer(view)
        info = play_information(view, self.memory, rules=rules)
        worlds, exact = self.play_worlds(info, view, "kontra", rules=rules)
        played = list(info.played)
        seat = info.seat
        now = self.calls_so_far(view, rules=rules)
        options = [now.levels()]
        for call in request.legal:
            after = now.copy()
            after.say(call)
            options.append(after.levels())
        mine = []
        for levels in options:
            totals = world_totals(worlds, bid, view.trump, rules=rules, played=played, kontra=levels)
            sign = 1 if seat == 0 else -1
            mine.append(
                [
                    sign * twice_share(deal, bid, view.trump, total, seat, rules=rules, kontra=levels)
                    for deal, total in zip(worlds, totals)
                ]
            )
        said = []
        for call, paid in zip(request.legal, mine[1:]):
            gains = [b - a for a, b in zip(mine[0], paid)]
            if _worth(gains, self.gains_in[call.level], exact):
                said.append(call)
        return tuple(said)

    # -- the play (R8-R13, R43) ----------------------------------------------------------------------

    def _card(self, request: Request) -> Card:
        legal, view, rules = list(request.legal), request.view, request.rules
        if len(legal) == 1:
            return legal[0]
        bid, declarer = bid_and_declarer(view)
        info = play_information(view, self.memory, rules=rules)
        play = PlayRules.for_game(bid, view.trump, rules=rules)
        cards = alike_once(legal, view, play)
        if len(cards) == 1:
            return cards[0]
        worlds, exact = self.play_worlds(info, view, "card", rules=rules)
        played = list(info.played)
        kontra = self.kontra(view, rules=rules)
        sign = 1 if info.seat == 0 else -1

        def value(i: int, start: int, end: int) -> List[int]:
            return world_totals(
                worlds[start:end], bid, view.trump, rules=rules, played=played + [cards[i]], kontra=kontra
            )

        n = len(worlds)
        looks = (n,) if exact else (max(1, n // 4), max(1, n // 2), n)
        totals = race(n, len(cards), value, sign=sign, looks=looks, exact=exact)
        best = [cards[i] for i in leaders(totals, sign)]
        if len(best) == 1:
            return best[0]
        return choose_card(view.hand, best, view.played, view.seat, declarer, bid, view.trump, rules=rules)


def bidder_fits(view) -> Optional[Callable[[Deal], bool]]:
    """For a defender: the worlds where the declarer's ten cards make his bid plausible (what
    ``pimc`` itself would bid on, :func:`~.pimc_bidding.plausible`), preferred to the others."""
    bid, declarer = bid_and_declarer(view)
    if view.seat == declarer:
        return None
    trump = view.trump
    return lambda deal: plausible(bid, trump, deal.hands[0])


def _worth(gains: List[int], share: float, exact: bool) -> bool:
    """A doubling worth saying: its mean gain (in totals: twice the units a defender) is at least
    :data:`KONTRA_FROM` units, it gains in ``share`` of the worlds (:data:`GAINS_IN` for its
    level), and, estimated, its mean is above twice its standard error."""
    n = len(gains)
    average = sum(gains) / n
    if average < 2 * KONTRA_FROM or sum(1 for g in gains if g > 0) < share * n:
        return False
    if exact or n < 2:
        return True
    variance = sum((g - average) ** 2 for g in gains) / (n - 1)
    return average > SEPARATION * (variance / n) ** 0.5


def alike_once(legal: List[Card], view, play: PlayRules) -> List[Card]:
    """The legal cards with those that play alike valued once, under the lowest (the module):
    two cards of a suit with no card between them still out or in this trick, worth the same
    points, neither the trump seven nor the ace of a four-aces bid."""
    in_trick = len(view.played) % 3
    done = 0
    for _, card in view.played[: len(view.played) - in_trick]:
        done |= 1 << card
    seven = make_card(play.trump, SEVEN) if play.trump is not None else None
    mine = view.hand

    def special(card: Card) -> bool:
        return card == seven or (FOUR_ACES in view.bid.components and card_rank(card) == 7)

    kept: List[Card] = []
    for suit in sorted({card_suit(c) for c in legal}):
        ranked = sorted((c for c in legal if card_suit(c) == suit), key=lambda c: play.strength[card_rank(c)])
        previous: Optional[Card] = None
        for card in ranked:
            if previous is not None and not special(card) and not special(previous):
                between = [
                    c
                    for c in range(suit * 8, suit * 8 + 8)
                    if play.strength[card_rank(previous)] < play.strength[card_rank(c)] < play.strength[card_rank(card)]
                ]
                quiet = all((done >> c) & 1 or (mine >> c) & 1 for c in between)
                if quiet and card_points(card) == card_points(previous):
                    continue  # plays as ``previous`` does
            kept.append(card)
            previous = card
    return kept
