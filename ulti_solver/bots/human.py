"""A person at the table (``ulti game --you SEAT``): each question asked on the terminal.

:class:`HumanBot` answers the table's requests (:mod:`.base`) by asking a
person: it tells him what happened since his last turn (the story of
:mod:`ulti_solver.render.story`, from his seat's view: R40, R46), shows his
cards, the trick on the table and the legal choices numbered, and reads a
choice by its number or by its name (a card ``HA`` or ``♥A``, a bid's
words, ``pass``, a suit).  A choice that is not legal is refused with the
reason and asked again.  The end of the input stops the game
(:class:`LeftTheTable`), as Ctrl-C does.
"""

from __future__ import annotations

import re
import sys
from typing import Any, Callable, List, Optional, Sequence

from ..bids import Bid, bid_words, fold_word, parse_bid, parse_trump
from ..cards import hand_of, parse_card
from ..errors import UltiInputError, excerpt
from ..game.kontras import KontraCall
from ..i18n import L_, _
from ..render.story import Story, hand_cards, hand_text, kontra_words, seat_word, view_scene
from ..render.words import bid_label, card_text, suit_text
from .base import Request

PASS_WORD, PICK_UP_WORD = "pass", "pick-up"
#: What a person may type for "pass", "pick up", "yes", "no" and "none" (accents folded).
PASS_WORDS = {"pass", "passz", "p"}
PICK_UP_WORDS = {"pick-up", "pick up", "pickup", "pick", "talon", "felvesz", "felveszem", "felvetel"}
YES_WORDS = {"y", "yes", "i", "igen"}
NO_WORDS = {"n", "no", "nem"}
NONE_WORDS = {"", "-", "0", "none", "nothing", "no", "n", "nincs", "semmi", "nem"}
ALL_WORDS = {"all", "mind", "mindet"}
#: The width choices are wrapped at.
WIDTH = 100


class LeftTheTable(KeyboardInterrupt):
    """The input ended before the game did: the game stops there, as on Ctrl-C."""


class ChoiceError(UltiInputError):
    """What the person typed is not one of the choices: the message says why."""


def _typed_at_a_terminal() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _print(text: str = "", nl: bool = True) -> None:
    sys.stdout.write(text + ("\n" if nl else ""))
    sys.stdout.flush()


def _read_line() -> Optional[str]:
    line = sys.stdin.readline()
    return None if line == "" else line


class HumanBot:
    """A person answering at the terminal (INTERFACE.md: ``ulti game --you SEAT``)."""

    sees_all = False

    def __init__(
        self,
        name: str = "you",
        *,
        read: Callable[[], Optional[str]] = _read_line,
        write: Optional[Callable[..., None]] = None,
    ):
        self.name = name
        self.read, self.write = read, write or _print
        self.story = Story()
        self.last_hand: Optional[int] = None

    def new_game(self, seat: int, seed: int) -> None:
        self.story, self.last_hand = Story(), None

    def close(self) -> None:
        pass

    # -- asking --------------------------------------------------------------------------------

    def answer(self, request: Request) -> Any:
        self._show(request)
        while True:
            self.write(_("Your choice: "), nl=False)
            text = self.read()
            if text is None:
                self.write("")
                raise LeftTheTable()
            if not _typed_at_a_terminal():  # piped in: shown, so the transcript reads as a dialogue
                self.write(text.strip())
            try:
                return choose(request, text.strip())
            except ChoiceError as exc:
                self.write(_("Not a choice: {problem}. Try again.").format(problem=exc))

    def _show(self, request: Request) -> None:
        view = request.view
        for line in self.story.news(view_scene(view, rules=request.rules)):
            self.write(line)
        self.write("")
        self.write(
            _("-- Table seat {seat}, your turn: {question}").format(seat=request.seat, question=question(request))
        )
        if self.last_hand is not None and view.hand & ~self.last_hand and request.ask == "discard":
            self.write(_("You picked up the talon: {cards}.").format(cards=hand_text(view.hand & ~self.last_hand)))
        self.last_hand = view.hand
        self.write(_("Your cards: {cards}").format(cards=hand_text(view.hand)))
        if view.bid is not None and view.declarer is not None:
            said = [bid_label(view.bid)]
            if view.trump is not None:
                said.append(_("{suit} trump").format(suit=suit_text(view.trump)))
            if view.kontras:
                said.append(", ".join(f"{seat_word(c.seat)}: {kontra_words(c)}" for c in view.kontras))
            self.write(_("The game: table seat {seat} plays {said}.").format(seat=view.declarer, said="; ".join(said)))
        if view.shown is not None:
            left = view.shown & ~hand_of(card for seat, card in view.played if seat == view.declarer)
            self.write(_("The declarer's cards, shown: {cards}").format(cards=hand_text(left)))
        played = view.played
        trick = played[len(played) - len(played) % 3 :]
        if request.ask in ("card", "kontra") and trick:
            cards = ", ".join(f"{seat_word(s)} {card_text(c)}" for s, c in trick)
            self.write(_("On the table: {cards}").format(cards=cards))
        for line in _wrapped(choices(request)):
            self.write(line)
        self.write(hint(request))


def question(request: Request) -> str:
    """What the person is asked, in words."""
    ask, view = request.ask, request.view
    if ask == "bid":
        if request.standing is None:
            return _("your opening bid")
        if PASS_WORD in request.legal:
            return _("pass, or pick up the talon; the bid to beat is {bid}").format(bid=bid_label(request.standing))
        return _("your bid, over {bid}").format(bid=bid_label(request.standing))
    if ask == "discard":
        return _("lay two cards face down")
    if ask == "trump":
        return _("name the trump")
    if ask == "concede":
        if _throw_in(request):
            return _("throw your plain party in (R49), or play it?")
        return _("give the game up before your first lead (R39), or play?")
    if ask == "kontra":
        return _("your kontras, before your card (R48)") if len(view.played) < 3 else _("your kontras (R48)")
    return _("play a card")


def _throw_in(request: Request) -> bool:
    """R49's question comes before the trump is named; the declarer's concession after it."""
    bid = request.view.bid
    return bid is not None and bid.has_trump and not bid.red and request.view.trump is None


def choice_words(ask: str, value: Any, request: Request) -> str:
    """One legal answer as a person reads it."""
    if ask == "bid":
        if value == PASS_WORD:
            return _("pass")
        if value == PICK_UP_WORD:
            return _("pick up the talon")
        return bid_label(value)
    if ask == "trump":
        return suit_text(value)
    if ask == "concede":
        if not value:
            return _("no, play")
        return _("yes, throw it in") if _throw_in(request) else _("yes, give it up")
    if ask == "kontra":
        return kontra_words(value)
    if ask == "card":
        return card_text(value)
    return str(value)


def choices(request: Request) -> List[str]:
    """The numbered choices: the legal answers, or for a discard the cards of the hand."""
    if request.ask == "discard":
        items = [card_text(card) for card in hand_cards(request.view.hand)]
    else:
        items = [choice_words(request.ask, value, request) for value in ordered(request)]
    return [f"{number}) {item}" for number, item in enumerate(items, start=1)]


def hint(request: Request) -> str:
    ask = request.ask
    if ask == "discard":
        return _("Type two numbers or two cards (e.g. 1 5, or ♥7 ♦8).")
    if ask == "kontra":
        return _("Type the numbers of the kontras to say (e.g. 1 2), or press Enter for none.")
    if ask == "card":
        return _("Type a number or a card (e.g. 1, or ♥A).")
    if ask == "bid":
        return _("Type a number, or the bid in words (e.g. pass, 40-100 ulti).")
    return _("Type a number, or the choice in words.")


def ordered(request: Request) -> List[Any]:
    """The legal answers in the order they are shown and numbered: cards as the hand shows them."""
    if request.ask == "card":
        return [card for card in hand_cards(request.view.hand) if card in request.legal]
    return list(request.legal)


def _wrapped(items: Sequence[str]) -> List[str]:
    lines, current = [], ""
    for item in items:
        if current and len(current) + 3 + len(item) > WIDTH:
            lines.append(current)
            current = ""
        current = f"{current}   {item}" if current else f"  {item}"
    return lines + ([current] if current else [])


# -- reading a choice ------------------------------------------------------------------------------


def choose(request: Request, text: str) -> Any:
    """What the person typed as one of ``request.legal`` (for kontra a tuple of them), or a
    :class:`ChoiceError` saying why not."""
    ask, legal = request.ask, request.legal
    if ask == "discard":
        return _discard(request, text)
    if ask == "kontra":
        return _kontras(legal, text)
    if text.isdigit():
        return _numbered(ordered(request), text)
    word = fold_word(text)
    if ask == "bid":
        if word in PASS_WORDS and PASS_WORD in legal:
            return PASS_WORD
        if word in PICK_UP_WORDS and PICK_UP_WORD in legal:
            return PICK_UP_WORD
        return _bid(request, text)
    if ask == "concede":
        if word in YES_WORDS:
            return True
        if word in NO_WORDS:
            return False
        raise ChoiceError(L_("{text}: answer yes or no, or 1 or 2", text=excerpt(text)))
    try:
        value = parse_trump(text) if ask == "trump" else parse_card(text)
    except UltiInputError as exc:
        raise ChoiceError(exc) from None
    if value not in legal:
        shown = ", ".join(choice_words(ask, v, request) for v in legal)
        raise ChoiceError(L_("{text} is not allowed now; the choices: {choices}", text=excerpt(text), choices=shown))
    return value


def _numbered(legal: Sequence[Any], text: str) -> Any:
    number = int(text)
    if not 1 <= number <= len(legal):
        raise ChoiceError(L_("{number} is not a number from 1 to {most}", number=number, most=len(legal)))
    return legal[number - 1]


def _bid(request: Request, text: str) -> Bid:
    try:
        bid = parse_bid(text)
    except UltiInputError as exc:
        raise ChoiceError(exc) from None
    if bid in request.legal:
        return bid
    if request.standing is not None and any(isinstance(v, Bid) for v in request.legal):
        raise ChoiceError(
            L_("{bid} does not beat {standing} (R47)", bid=bid_words(bid), standing=bid_words(request.standing))
        )
    raise ChoiceError(L_("{bid} may not be said now", bid=bid_words(bid)))


def _discard(request: Request, text: str):
    hand = hand_cards(request.view.hand)
    words = [w for w in re.split(r"[\s,;]+", text) if w]
    if len(words) != 2:
        raise ChoiceError(L_("name two cards to lay, by number or by name"))
    cards = []
    for word in words:
        if word.isdigit():
            cards.append(_numbered(hand, word))
            continue
        try:
            cards.append(parse_card(word))
        except UltiInputError as exc:
            raise ChoiceError(exc) from None
    pair = (min(cards), max(cards))
    if pair not in request.legal:
        raise ChoiceError(L_("lay two different cards of your hand"))
    return pair


def _kontras(legal: Sequence[KontraCall], text: str):
    word = fold_word(text)
    if word in NONE_WORDS:
        return ()
    if word in ALL_WORDS:
        return tuple(legal)
    words = [w for w in re.split(r"[\s,;]+", text) if w]
    if not all(w.isdigit() for w in words):
        raise ChoiceError(L_("type the numbers of the kontras, or nothing for none"))
    chosen = {_numbered(legal, w) for w in words}
    return tuple(call for call in legal if call in chosen)
