"""Cards a player says he knows, as he writes them: a hand, a talon, a seat's cards, voids.

Read at the edge, where :class:`~ulti_solver.dealing.Constraints` is built from what a
player typed; nothing here knows about dealing or positions, so the dealer can use it."""

from __future__ import annotations

from . import checks
from .bids import parse_trump
from .cards import hand_of, parse_card
from .deal import parse_hand
from .errors import UltiInputError, excerpt
from .i18n import L_


def as_hand(value) -> int:
    """A hand in either notation (``"A97.TK8.O8.U9"``, ``"HA,H9,♦T"``, ``"LU A8"``) or a list
    of cards, as a mask; None is no card."""
    if value is None:
        return 0
    if isinstance(value, str):
        text = value.strip()
        if "." not in text:  # a card list: commas or spaces between the cards
            text = ",".join(text.replace(",", " ").split())
        return parse_hand(text)
    if isinstance(value, (list, tuple, set, frozenset)):
        return hand_of(checks.cards([as_card(card) for card in value], "cards"))  # as coerce.as_cards reads a list
    if isinstance(value, bool) or not isinstance(value, int):  # a mask's range is Constraints.check's to judge
        raise checks.wrong(
            L_("the cards"), value, L_("a hand such as 'A97.TK8.O8.U9', a list of cards, or a card mask")
        )
    return value


def as_card(value) -> int:
    """A card name (``"HA"``, ``"♥A"``) as a card number."""
    return parse_card(value) if isinstance(value, str) else value


def as_voids(value):
    """Voids as (seat, suit) pairs: ``"1:hearts"``, ``["1:hearts", "2:♦"]`` or ``((1, 0),)``."""
    if isinstance(value, str):
        value = [value]
    pairs = []
    for void in value:
        if isinstance(void, str):
            seat, _, suit = void.partition(":")
            if seat.strip() not in ("1", "2") or not suit.strip():
                raise UltiInputError(
                    L_("a void is SEAT:SUIT with seat 1 or 2, e.g. '1:hearts'; not {void}", void=excerpt(void))
                )
            void = (int(seat), suit)
        if isinstance(void, (list, tuple)) and len(void) == 2:  # a suit number is Constraints.check's to judge
            void = (void[0], parse_trump(void[1]) if isinstance(void[1], str) else void[1])
        pairs.append(void)
    return tuple(pairs)


def as_known(hand, talon, seat1, seat2, voids):
    """The fields of :class:`~ulti_solver.dealing.Constraints` that may be text, read; a message
    for a bad one says which it is ("the talon: cannot read card 'XX' ...")."""
    return (
        _named("the hand", as_hand, hand),
        None if talon is None else _named("the talon", as_hand, talon),
        _named("seat 1's cards", as_hand, seat1),
        _named("seat 2's cards", as_hand, seat2),
        as_voids(voids),
    )


def _named(name: str, reader, value):
    try:
        return reader(value)
    except UltiInputError as exc:
        raise type(exc)(f"{name}: {exc}") from None
