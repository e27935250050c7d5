"""A whole game told step by step in words, as ``ulti game`` prints it while bots or a person play.

The story is told from what is said aloud or played face up (R40, R46):
the auction, the declarer and the trump, the kontras at their moment,
every trick with who took it, the marriages announced.  The cards laid
face down are told only to whoever may know them: a spectator of a game
of bots sees them all, a person at the table only his own.  A
:class:`Story` remembers how far it has told, so that a person is told
only what happened since his last turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

from ..bids import Bid, component_word
from ..cards import CANONICAL_RANKS, SUITS, Card, Hand, hand_of, make_card
from ..game.kontras import KontraCall
from ..game.view import SeatView
from ..i18n import _
from ..kontra import LEVEL_NAMES
from ..play import PlayRules, trick_winner
from ..variants import Rules
from .words import bid_label, card_text, signed, suit_text


@dataclass(frozen=True)
class Scene:
    """What a story may tell at a moment: a seat's view, and the cards laid face down that the
    one told may know (``laid``: by auction index; ``talon``: the two lying at the end)."""

    view: SeatView
    rules: Rules
    laid: Dict[int, Tuple[Card, Card]] = field(default_factory=dict)
    talon: Optional[Hand] = None


def game_scene(game) -> Scene:
    """A :class:`~ulti_solver.game.referee.Game` as a spectator sees it: every card laid."""
    laid = {i: a.discard for i, a in enumerate(game.auction.actions) if a.discard is not None}
    talon = game.auction.talon if game.auction.over else None
    return Scene(game.view(0), game.rules, laid, talon)


def view_scene(view: SeatView, *, rules: Rules) -> Scene:
    """A seat's view as a person at the table is told it: only his own cards laid."""
    return Scene(view, rules, dict(view.laid), view.talon)


def hand_text(hand: Hand) -> str:
    """A hand as a player reads it: suits in deal order, ranks from the ace down."""
    return " ".join(card_text(card) for card in hand_cards(hand)) or "-"


def hand_cards(hand: Hand) -> List[Card]:
    return [make_card(s, r) for s in SUITS for r in CANONICAL_RANKS if (hand >> make_card(s, r)) & 1]


def seat_word(seat: int) -> str:
    return _("table seat {seat}").format(seat=seat)


def kontra_words(call: KontraCall) -> str:
    """``40-100 rekontra``, with the defender it answers (R37)."""
    words = f"{component_word(call.component)} {LEVEL_NAMES[call.level]}"
    if call.against is not None:
        words += " " + _("against table seat {seat}").format(seat=call.against)
    return words


def trump_line(declarer: int, bid: Bid, trump: Optional[int]) -> str:
    if not bid.has_trump:
        return _("{bid} is played without trump.").format(bid=bid_label(bid))
    if bid.red or trump is None:
        return _("Hearts are trump: a red bid.")
    return _("Table seat {seat} names the trump: {suit}.").format(seat=declarer, suit=suit_text(trump))


class Story:
    """How far the game has been told; :meth:`news` tells what happened since."""

    def __init__(self):
        self.actions = 0
        self.declared = False
        self.trump_told = False
        self.kontras = 0
        self.cards = 0
        self.marriages_told = False

    def news(self, scene: Scene, *, final: bool = False) -> List[str]:
        """The lines of what happened since the last call; ``final`` tells an unfinished trick too."""
        view, lines = scene.view, []
        for index in range(self.actions, len(view.auction)):
            lines.append(self._action(index, scene))
        self.actions = len(view.auction)
        if view.declarer is not None and view.bid is not None:
            if not self.declared:
                self.declared = True
                lines.append(self._declared(scene))
            known = view.trump is not None or not view.bid.has_trump or bool(view.played)
            if known and not self.trump_told:
                self.trump_told = True
                lines.append(trump_line(view.declarer, view.bid, view.trump))
        if view.bid is not None:
            lines += self._play(scene, final)
        return lines

    def _action(self, index: int, scene: Scene) -> str:
        action = scene.view.auction[index]
        laid = scene.laid.get(index)
        seat = action.seat
        bid = bid_label(action.bid) if action.bid is not None else ""
        if action.kind == "pass":
            return _("Table seat {seat} passes.").format(seat=seat)
        if action.kind == "pick-up":
            if laid is None:
                return _("Table seat {seat} picks up the talon, lays two cards and bids {bid}.").format(
                    seat=seat, bid=bid
                )
            return _("Table seat {seat} picks up the talon, lays {cards} and bids {bid}.").format(
                seat=seat, cards=hand_text(hand_of(laid)), bid=bid
            )
        if index == 0:
            if laid is None:
                return _("Table seat {seat} lays two cards and bids {bid}.").format(seat=seat, bid=bid)
            return _("Table seat {seat} lays {cards} and bids {bid}.").format(
                seat=seat, cards=hand_text(hand_of(laid)), bid=bid
            )
        return _("Table seat {seat} bids {bid} over the talon as it lies.").format(seat=seat, bid=bid)

    def _declared(self, scene: Scene) -> str:
        view = scene.view
        assert view.bid is not None
        said = _("Table seat {seat} is the declarer: {bid}.").format(seat=view.declarer, bid=bid_label(view.bid))
        if scene.talon is None:
            return said
        return said + " " + _("The talon: {cards}.").format(cards=hand_text(scene.talon))

    def _play(self, scene: Scene, final: bool) -> List[str]:
        view, lines = scene.view, []
        played, kontras = view.played, view.kontras
        assert view.bid is not None
        play_rules = PlayRules.for_game(view.bid, view.trump, rules=scene.rules)
        while True:  # a kontra said during a trick is told before it, one said after it after it
            done = self.cards + 3 <= len(played)
            limit = self.cards + 2 if done else len(played)
            while self.kontras < len(kontras) and kontras[self.kontras].before <= limit:
                call = kontras[self.kontras]
                lines.append(_("Table seat {seat} says {kontra}.").format(seat=call.seat, kontra=kontra_words(call)))
                self.kontras += 1
            if done:
                trick = played[self.cards : self.cards + 3]
                lines.append(_trick_line(self.cards // 3 + 1, trick, play_rules))
                self.cards += 3
                if self.cards == 3 and not self.marriages_told:
                    self.marriages_told = True
                    lines += _marriages(view.announced)
                continue
            break
        if final and self.cards < len(played):
            cards = ", ".join(f"{seat_word(s)} {card_text(c)}" for s, c in played[self.cards :])
            lines.append(_("Trick {n}, not finished: {cards}.").format(n=self.cards // 3 + 1, cards=cards))
            self.cards = len(played)
        return lines


def _trick_line(number: int, trick: Sequence[Tuple[int, Card]], play_rules: PlayRules) -> str:
    winner = trick[trick_winner([card for _seat, card in trick], play_rules)][0]
    cards = ", ".join(f"{seat_word(s)} {card_text(c)}" for s, c in trick)
    return _("Trick {n}: {cards}; table seat {winner} takes it.").format(n=number, cards=cards, winner=winner)


def _marriages(announced: Dict[int, FrozenSet[int]]) -> List[str]:
    said = [
        _("table seat {seat}: {suits}").format(seat=seat, suits=", ".join(suit_text(s) for s in sorted(suits)))
        for seat, suits in sorted(announced.items())
        if suits
    ]
    return [_("Marriages announced: {said}.").format(said="; ".join(said))] if said else []


def payment_line(by_seat: Sequence[int]) -> str:
    """What each table seat won or paid, in one line (R50)."""
    results = ", ".join(f"{seat_word(seat)} {signed(units)}" for seat, units in enumerate(by_seat))
    return _("The payment: {results} (R50).").format(results=results)
