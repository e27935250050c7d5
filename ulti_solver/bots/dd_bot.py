"""The ``dd`` bot: it sees every card -- a reference ceiling, never a fair opponent (INTERFACE.md).

It is told the whole :class:`~ulti_solver.game.referee.Game`
(:attr:`Bot.sees_all`), so every choice is the double-dummy best (R34,
R35, with the kontras said, R39) on the actual cards (docs/bots.md, "dd"):

* **discard and bid** (R46): the best discard, bid and trump among the
  legal bids for the twelve cards he holds (:func:`~ulti_solver.analysis.best.best_bids`);
* **pick-up**: he sees the talon lying, so he compares what the best bid
  over the standing one pays him as declarer (its total S_1 + S_2) with
  what he pays as a defender if the standing bid is played in its
  bidder's best trump (half its total), and picks the talon up (or,
  under ``rablo``, bids over it as it lies, whichever pays more) when
  that pays him more; his own bid standing, he passes;
* **trump**: the plan's; **throw-in** (R49) and **concession** (R39):
  when the value of playing is below what they cost;
* **kontra** (R36-R39, R48): each legal doubling that raises his own
  payment, double dummy, at this moment;
* **card**: one of the double-dummy best cards (:func:`~ulti_solver.analysis.replay.card_values`);
  among equals, the one ``simple`` would play.

It plays the same every time: nothing is drawn.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ..analysis.best import best_bids
from ..analysis.kontra_advice import twice_share
from ..analysis.replay import best_cards, card_values
from ..bids import NON_RED_TRUMPS, Bid
from ..deal import Deal
from ..game.kontras import KontraCalls
from ..game.ranking import bid_order
from ..game.referee import Game
from ..search import value_total
from ..settlement import concede
from ..variants import Rules
from .base import Request
from .hand_eval import Plan, trumps_of
from .moments import PASS_WORD, PICK_UP_WORD, bids_to_say, is_throw_in, standing_of, throw_in_total
from .simple_play import choose_card

#: The best plans by value that are weighed again with the kontras they would meet.
TOP = 3


class DdBot:
    """Double-dummy choices on the actual cards (INTERFACE.md: ``dd``, a reference ceiling)."""

    sees_all = True

    def __init__(self, name: str = "dd"):
        self.name = name
        self.plan: Optional[Plan] = None

    def new_game(self, seat: int, seed: int) -> None:
        self.plan = None

    def close(self) -> None:
        pass

    def answer(self, request: Request) -> Any:
        return getattr(self, "_" + request.ask)(request)

    # -- the auction ---------------------------------------------------------------------------

    @staticmethod
    def _r5_deal(game: Game, seat: int, hand: int, talon: Optional[int]) -> Deal:
        """The deal with ``seat`` as the declarer (R45): his ``hand``, the others' as they hold them."""
        hands = game.auction.hands
        return Deal((hand, hands[(seat + 1) % 3], hands[(seat + 2) % 3]), talon)

    def _best(self, game: Game, seat: int, hand: int, talon: Optional[int], bids: Sequence[Bid], *, rules: Rules):
        """The best plan for ``seat`` holding ``hand`` (12 cards, or 10 and the talon), and its total
        once the kontras it would meet are said (:func:`total_after_kontras`): the best :data:`TOP`
        by value, weighed again so."""
        found = best_bids(self._r5_deal(game, seat, hand, talon), rules=rules, top=TOP, bids=list(bids)).ranked
        weighed = []
        for order, cand in enumerate(found[:TOP]):
            total = total_after_kontras(cand.deal, cand.bid, cand.trump, rules=rules)
            first, second = sorted(cand.discard) if cand.discard else (0, 1)  # the table lists pairs in card order
            weighed.append((total, -order, Plan((first, second), cand.bid, cand.trump, 0)))
        total, _, plan = max(weighed, key=lambda item: (item[0], item[1]))
        return plan, total

    def _discard(self, request: Request):
        view, rules = request.view, request.rules
        self.plan, _ = self._best(
            _game(request), view.seat, view.hand, None, bids_to_say(view, rules=rules), rules=rules
        )
        return self.plan.discard

    def _bid(self, request: Request):
        legal, view, game, rules = request.legal, request.view, _game(request), request.rules
        if PASS_WORD not in legal:
            return self.plan.bid if self.plan is not None and self.plan.bid in legal else legal[0]
        standing = standing_of(view)
        if standing is None or standing[0] == view.seat:
            return PASS_WORD
        over = bid_order(rules=rules).bids_over(standing[1])
        talon = game.auction.talon
        if not over or talon is None:
            return PASS_WORD
        passing = -_standing_total(game, standing[0], standing[1], rules=rules) / 2
        options = []
        if PICK_UP_WORD in legal:
            plan, total = self._best(game, view.seat, view.hand | talon, None, over, rules=rules)
            options.append((total, 1, PICK_UP_WORD, plan))
        bids_over = [b for b in legal if isinstance(b, Bid)]
        if bids_over:  # rablo: a bid over the talon as it lies
            plan, total = self._best(game, view.seat, view.hand, talon, bids_over, rules=rules)
            options.append((total, 0, plan.bid, plan))
        if not options:
            return PASS_WORD
        total, _, said, plan = max(options, key=lambda option: (option[0], option[1]))
        if total <= passing:
            return PASS_WORD
        self.plan = plan
        return said

    def _trump(self, request: Request):
        legal, game = request.legal, _game(request)
        if self.plan is not None and self.plan.trump in legal:
            return self.plan.trump
        bid = game.bid
        assert bid is not None
        return max(legal, key=lambda t: value_total(game.deal(), bid, t, rules=request.rules))

    # -- giving up (R39, R49) -------------------------------------------------------------------

    def _concede(self, request: Request) -> bool:
        game, rules, view = _game(request), request.rules, request.view
        bid = game.bid
        assert bid is not None
        if is_throw_in(view):
            totals = {t: value_total(game.deal(), bid, t, rules=rules) for t in NON_RED_TRUMPS}
            trump = max(NON_RED_TRUMPS, key=lambda t: (totals[t], -t))
            self.plan = Plan((0, 1), bid, trump, 0)
            return totals[trump] < throw_in_total(bid, rules=rules)
        kontra = game.kontra()
        now = value_total(game.deal(), bid, game.trump, rules=rules, position=game.position, kontra=kontra)
        return now < concede(bid, game.trump, kontra=kontra, rules=rules).declarer_total

    # -- kontras and cards ---------------------------------------------------------------------------

    def _kontra(self, request: Request):
        game, rules, view = _game(request), request.rules, request.view
        bid, declarer, calls = game.bid, game.declarer, game.kontras
        assert bid is not None and declarer is not None and calls is not None
        deal, trump, position = game.deal(), game.trump, game.position
        seat = (view.seat - declarer) % 3
        sign = 1 if seat == 0 else -1

        def mine(kontras: KontraCalls) -> int:
            levels = kontras.levels()
            total = value_total(deal, bid, trump, rules=rules, position=position, kontra=levels)
            return sign * twice_share(deal, bid, trump, total, seat, rules=rules, kontra=levels)

        base = mine(calls)
        said = []
        for call in request.legal:
            after = calls.copy()
            after.say(call)
            if mine(after) > base:
                said.append(call)
        return tuple(said)

    def _card(self, request: Request):
        game, rules, view = _game(request), request.rules, request.view
        if len(request.legal) == 1:
            return request.legal[0]
        bid, position = game.bid, game.position
        assert bid is not None and position is not None and view.declarer is not None
        values = card_values(game.deal(), bid, game.trump, position, rules=rules, kontra=game.kontra())
        best = best_cards(values, position)
        return choose_card(view.hand, best, view.played, view.seat, view.declarer, bid, view.trump, rules=rules)


def _game(request: Request) -> Game:
    game = request.game
    if game is None:
        raise ValueError("the dd bot sees every card: the table must give it the game")
    return game


def _standing_total(game: Game, bidder: int, bid: Bid, *, rules: Rules) -> int:
    """The standing bid's total if it is played now (its bidder's ten cards and the talon lying,
    in his best trump), once the kontras are said."""
    hands, talon = game.auction.hands, game.auction.talon
    deal = Deal((hands[bidder], hands[(bidder + 1) % 3], hands[(bidder + 2) % 3]), talon)
    return max(total_after_kontras(deal, bid, trump, rules=rules) for trump in trumps_of(bid))


def total_after_kontras(deal: Deal, bid: Bid, trump: Optional[int], *, rules: Rules) -> int:
    """The declarer's total once R48's kontras are said by players who see every card: each
    defender says every kontra that lowers what he pays, then the declarer every rekontra that
    raises what he gets, each weighed alone from the first lead (no one goes further)."""
    calls = KontraCalls(bid, 0, rules=rules)

    def paid(seat: int, kontras: KontraCalls) -> int:
        levels = kontras.levels()
        total = value_total(deal, bid, trump, rules=rules, kontra=levels)
        return twice_share(deal, bid, trump, total, seat, rules=rules, kontra=levels)

    for seat, before, sign in ((1, 1, -1), (2, 2, -1), (0, 3, 1)):
        base = paid(seat, calls)
        chosen = []
        for call in calls.legal_calls(seat, before):
            after = calls.copy()
            after.say(call)
            if call.level <= 2 and sign * (paid(seat, after) - base) > 0:
                chosen.append(call)
        for call in chosen:
            calls.say(call)
    return value_total(deal, bid, trump, rules=rules, kontra=calls.levels())
