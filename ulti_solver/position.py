"""Where a game stands: what has happened so far, and the cards played to get there.

An :class:`Outcome` sums up the tricks already played as R14-R27 need
it; a :class:`Position` is the hands still held, who led the trick in
progress, the outcome so far and the cards of that trick (none at a
trick boundary).  :func:`replay` turns a list of played cards into a
position, checking each card against R9-R12 so that a mistyped game
record is rejected with the card, its trick and the rule it breaks.
"""

from __future__ import annotations

import re
from typing import List, NamedTuple, Optional, Sequence, Tuple

from . import checks
from .cards import BB_ACES, BB_SUITS, Card, card_label, card_points, card_suit, cards_label, cards_of, parse_card
from .deal import PART_NAMES_IN, SEAT_SUBJECTS, Deal
from .errors import UltiInputError
from .i18n import L_
from .play import DECLARER, PlayRules, legal_moves, trick_winner

LAST_TRICK_BONUS = 10  # R4


class Outcome(NamedTuple):
    """What a finished (or partly played) game leaves behind, as R14-R27 need it."""

    declarer_points: int = 0  # D: card points in the declarer's tricks, last-trick bonus included
    declarer_tricks: int = 0
    defender_tricks: int = 0
    declarer_aces: int = 0  # mask of the aces in the declarer's tricks
    seven_trick: int = 0  # 1-10: the trick the trump seven fell in; 0: not yet
    seven_won: bool = False  # the trump seven won that trick
    last_winner: int = -1  # seat that won the tenth trick

    @property
    def tricks_played(self) -> int:
        return self.declarer_tricks + self.defender_tricks


class Position(NamedTuple):
    """The cards still held, who leads the trick in progress, what has happened so far.

    ``trick`` holds the cards already played to the trick in progress, in
    play order (empty at a trick boundary); they are no longer in
    ``hands``.  The start of play is ``Position(deal.hands, 0, Outcome())`` (R8).
    """

    hands: Tuple[int, int, int]
    leader: int
    so_far: Outcome = Outcome()
    trick: Tuple[Card, ...] = ()

    @property
    def to_move(self) -> int:
        """The seat whose card is next (R5: seat 1 plays after seat 0)."""
        return (self.leader + len(self.trick)) % 3

    @property
    def trick_number(self) -> int:
        """1-10: the trick in progress (or about to start)."""
        return self.so_far.tricks_played + 1

    @property
    def finished(self) -> bool:
        return not self.trick and self.hands[0] == 0

    def legal(self, play: PlayRules) -> int:
        """The cards the player to move may play (R9-R12), as a mask."""
        seat = self.to_move
        return legal_moves(self.hands[seat], self.trick, play, seat == DECLARER)

    def after(self, card: Card, play: PlayRules) -> Position:
        """The position once the player to move has played ``card`` (assumed legal)."""
        seat = self.to_move
        h, gone = self.hands, ~(1 << card)
        hands = (
            h[0] & gone if seat == 0 else h[0],
            h[1] & gone if seat == 1 else h[1],
            h[2] & gone if seat == 2 else h[2],
        )
        trick = self.trick + (card,)
        if len(trick) < 3:
            return Position(hands, self.leader, self.so_far, trick)
        winner, so_far = finish_trick(trick, self.leader, self.so_far, play)
        return Position(hands, winner, so_far)


def start_of_play(deal: Deal) -> Position:
    """R8: the declarer leads the first trick with the dealt hands."""
    deal = checks.deal(deal)
    return Position(deal.hands, DECLARER)  # the default so_far is an empty Outcome, made once


def finish_trick(trick: Sequence[Card], leader: int, summary: Outcome, play: PlayRules) -> Tuple[int, Outcome]:
    """R13 and R4: who takes a full trick, and what the summary becomes."""
    win_index = trick_winner(trick, play)
    winner = (leader + win_index) % 3
    number = summary.tricks_played + 1
    points = sum(card_points(c) for c in trick) + (LAST_TRICK_BONUS if number == 10 else 0)
    seven_trick, seven_won = summary.seven_trick, summary.seven_won
    seven = play.trump_seven
    if seven is not None and seven in trick:
        seven_trick, seven_won = number, trick[win_index] == seven
    aces = sum(1 << card for card in trick if (BB_ACES >> card) & 1)
    by_declarer = winner == DECLARER
    return winner, Outcome(
        declarer_points=summary.declarer_points + (points if by_declarer else 0),
        declarer_tricks=summary.declarer_tricks + by_declarer,
        defender_tricks=summary.defender_tricks + (not by_declarer),
        declarer_aces=summary.declarer_aces | (aces if by_declarer else 0),
        seven_trick=seven_trick,
        seven_won=seven_won,
        last_winner=winner if number == 10 else -1,
    )


class PlayError(UltiInputError):
    """A played card that cannot be: not in the player's hand, or against R9-R12."""


_PLAY_SPLIT = re.compile(r"[\s,]+")


def parse_play(text: str) -> List[Card]:
    """Cards in play order, separated by spaces or commas: in the card-list form (``HA``, ``P10``)
    or as the tables print them (``♥A``), so a line copied from ``--line`` reads back."""
    cards = []
    for index, word in enumerate(w for w in _PLAY_SPLIT.split(checks.text(L_("the play"), text).strip()) if w):
        try:
            cards.append(parse_card(word))
        except UltiInputError as exc:
            raise PlayError(L_("card {number} of the play: {problem}", number=index + 1, problem=exc)) from None
    return cards


def broken_rule(position: Position, card: Card, play: PlayRules):
    """Which of R9-R12 forbids ``card`` here, in words, with the rule id."""
    seat = position.to_move
    hand = position.hands[seat]
    trick = position.trick
    if trick:
        led = card_suit(trick[0])
        following = hand & BB_SUITS[led]
        if following and card_suit(card) != led:
            return L_("it must follow suit with {cards} (R9)", cards=_names(following))
        trumps = hand & BB_SUITS[play.trump] if play.trump is not None else 0
        if not following and trumps and card_suit(card) != play.trump:
            return L_("void in the led suit, it must play a trump: {cards} (R10)", cards=_names(trumps))
        without_r12 = legal_moves(hand, trick, play._replace(seven_kept=False), seat == DECLARER)
        if not (without_r12 >> card) & 1:
            return L_("it must beat the card winning the trick: {cards} (R11)", cards=_names(without_r12))
    return L_("the declarer keeps the trump seven while he holds another trump in an ulti bid (R12)")


def _names(mask: int) -> str:
    """Cards as the tables name them, in the notation's order: by suit, then A T K O U 9 8 7."""
    return cards_label(sorted(cards_of(mask), key=lambda c: (c >> 3, -(c & 7))))


def replay(deal: Deal, play: PlayRules, cards: Sequence[Card], start: Optional[Position] = None) -> Position:
    """The position after ``cards`` are played from ``start`` (the opening lead by default).

    Every card is checked: it must be in the hand of the player to move and
    allowed by R9-R12; otherwise :class:`PlayError` names the card, its
    trick and whose card it is or the rule it breaks.
    """
    deal, cards, play = checks.deal(deal), checks.cards(cards), checks.play_rules(play)
    position = checks.position(start, deal, "start") or start_of_play(deal)
    for index, card in enumerate(cards, start=1):
        where = L_(
            "card {number} ({card}, trick {trick})", number=index, card=card_label(card), trick=position.trick_number
        )
        if position.finished:
            raise PlayError(L_("{where}: all ten tricks are already played", where=where))
        seat = position.to_move
        if not (position.hands[seat] >> card) & 1:
            raise PlayError(
                L_(
                    "{where}: it is {seat}'s turn, and {holder}",
                    where=where,
                    seat=SEAT_SUBJECTS[seat],
                    holder=_holder(deal, position, card),
                )
            )
        if not (position.legal(play) >> card) & 1:
            raise PlayError(
                L_(
                    "{where}: {seat} may not play it: {rule}",
                    where=where,
                    seat=SEAT_SUBJECTS[seat],
                    rule=broken_rule(position, card, play),
                )
            )
        position = position.after(card, play)
    return position


def _holder(deal: Deal, position: Position, card: Card):
    """Whose card it is, for an error message: a hand, the talon, or already played."""
    for seat, hand in enumerate(position.hands):
        if (hand >> card) & 1:
            return L_("the card is in {hand}", hand=PART_NAMES_IN[seat])
    if deal.talon is not None and (deal.talon >> card) & 1:
        return L_("the card is in {hand}", hand=PART_NAMES_IN[3])
    return L_("the card has already been played")
