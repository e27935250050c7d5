"""The deal notation of INTERFACE.md (R5-R7): reading, checking, printing."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NoReturn, Optional, Tuple

from .cards import (
    BB_ALL,
    SUIT_TEXT,
    SUITS,
    CardError,
    Hand,
    card_label,
    cards_label,
    cards_of,
    format_hand,
    make_card,
    parse_card,
    parse_rank,
    popcount,
)
from .errors import UltiInputError, excerpt
from .i18n import L_, LN_, LP_, N_, Text, _

#: The seats as the tables name them (R5), translated where they are shown (:func:`seat_name`).
SEAT_NAMES = (N_("declarer"), N_("seat 1"), N_("seat 2"))
#: The seats as a sentence's subject ("seat 2 played ♣A"; Hungarian needs the article there).
SEAT_SUBJECTS = (LP_("subject", "the declarer"), LP_("subject", "seat 1"), LP_("subject", "seat 2"))
#: Each seat's hand, and the talon, as a message names them.
PART_NAMES = (L_("the declarer's hand"), L_("seat 1's hand"), L_("seat 2's hand"), L_("the talon"))
#: The same where a message says what is *in* them (Hungarian: a felvevő kezében, a talonban).
PART_NAMES_IN = (
    LP_("in", "the declarer's hand"),
    LP_("in", "seat 1's hand"),
    LP_("in", "seat 2's hand"),
    LP_("in", "the talon"),
)


def seat_name(seat: int) -> str:
    """``declarer``, ``seat 1``: a seat as a table names it, in the language of the run."""
    return _(SEAT_NAMES[seat])


#: Spaces around the commas of a card list are part of the list, not between hands.
_COMMA = re.compile(r"\s*,\s*")
BOM = "\ufeff"


def _raise_named(index: int, token: str) -> NoReturn:
    """Read a bad hand again, for the message only: naming the hand costs more than reading it,
    and a batch reads thousands of good ones."""
    name = L_("{part} {hand}", part=_part_name(index), hand=excerpt(token))
    try:
        parse_hand(token, name)  # a shape error names the hand itself
    except CardError as exc:
        raise DealError(L_("{hand}: {problem}", hand=name, problem=exc)) from None
    raise AssertionError(f"{token!r} was read the second time")


class DealError(UltiInputError):
    """A deal string that breaks the notation or R7; the message names the problem."""


def _part_name(index: int):
    """A part of a deal as a message names it: ``the declarer's hand``, ``seat 1's hand``, ``the talon``."""
    return PART_NAMES[index]


def _parse_suit_ranks(text: str) -> list:
    """Ranks of one dotted suit group: ``AT97``, ``A10K``, ``-`` or empty."""
    if text in ("", "-"):
        return []
    ranks = []
    i = 0
    while i < len(text):
        if text[i : i + 2] == "10":
            ranks.append(parse_rank("10"))
            i += 2
        else:
            ranks.append(parse_rank(text[i]))
            i += 1
    return ranks


#: Suit groups already read, to their ranks as a byte of rank bits, or None for a group
#: that names a rank twice: the same few groups recur line after line of a batch.  Every
#: group as the notation prints it is there from the start, so a hand written the usual
#: way is read with four lookups (parse_hand).
_GROUPS: dict = {text: bits for bits, text in enumerate(SUIT_TEXT)}
_GROUPS[""] = 0


def _suit_group(text: str):
    if text in _GROUPS:
        return _GROUPS[text]
    ranks = _parse_suit_ranks(text)  # raises for a bad rank, so only good groups are kept
    bits = 0
    for rank in ranks:
        bits |= 1 << rank
    found = bits if len(ranks) == popcount(bits) else None
    if len(_GROUPS) < 100_000:
        _GROUPS[text] = found
    return found


def _first_twice(cards) -> int:
    """The first card of ``cards`` that comes again later (there is one)."""
    seen = 0
    for card in cards:
        if seen >> card & 1:
            return card
        seen |= 1 << card
    raise AssertionError("no card twice")


def parse_hand(text: str, name: Optional[Text] = None) -> Hand:
    """Read one hand (or the talon) in the dotted or the card-list form.

    A token with dots is the dotted form and must have exactly four suit
    groups; anything else is a comma-separated card list.  Raises
    :class:`CardError` for a bad letter and :class:`DealError` for a bad
    shape or a card written twice; ``name`` is what a message calls the
    hand (by default the hand itself, quoted).
    """
    if "." in text:
        groups = text.split(".")
        if len(groups) != 4:
            raise DealError(
                L_(
                    "{hand} has {count} suit groups; a hand has four (hearts.bells.leaves.acorns)",
                    hand=name or excerpt(text),
                    count=len(groups),
                )
            )
        try:
            return _GROUPS[groups[0]] | _GROUPS[groups[1]] << 8 | _GROUPS[groups[2]] << 16 | _GROUPS[groups[3]] << 24
        except (KeyError, TypeError):  # a group not read yet, or one that names a rank twice (None)
            pass
        mask = 0
        for suit, group in zip(SUITS, groups):
            bits = _suit_group(group)
            if bits is None:
                twice = _first_twice(make_card(suit, rank) for rank in _parse_suit_ranks(group))
                raise DealError(
                    L_("card {card} is written twice in {hand}", card=card_label(twice), hand=name or excerpt(text))
                )
            mask |= bits << (8 * suit)
        return mask
    cards = [parse_card(item) for item in text.split(",") if item.strip()]
    mask = 0
    for card in cards:
        mask |= 1 << card
    if popcount(mask) != len(cards):
        raise DealError(
            L_(
                "card {card} is written twice in {hand}",
                card=card_label(_first_twice(cards)),
                hand=name or excerpt(text),
            )
        )
    return mask


@dataclass(frozen=True)
class Deal:
    """Three hands in seat order (R5) and the talon (``None`` before the discard, R6)."""

    hands: Tuple[Hand, Hand, Hand]
    talon: Optional[Hand]

    def __post_init__(self):
        check_deal(self.hands, self.talon)

    @classmethod
    def parse(cls, text: str) -> Deal:
        return parse_deal(text)

    @property
    def before_discard(self) -> bool:
        return self.talon is None

    def discard(self, card_a: int, card_b: int) -> Deal:
        """R6: the declarer's 12 cards become 10 and a two-card talon."""
        if not self.before_discard:
            raise DealError(L_("this deal has a talon already; only a 12-card declarer hand can discard"))
        talon = (1 << card_a) | (1 << card_b)
        if self.hands[0] & talon != talon or card_a == card_b:
            raise DealError(
                L_(
                    "cannot discard {first} and {second}: two different cards of the declarer's hand are needed",
                    first=card_label(card_a),
                    second=card_label(card_b),
                )
            )
        return Deal((self.hands[0] & ~talon, self.hands[1], self.hands[2]), talon)

    def require_talon(self) -> Deal:
        """The deal itself, or a clear error for a 12-card hand that has not discarded."""
        if self.before_discard:
            raise DealError(
                L_(
                    "the declarer holds 12 cards (a deal before the discard); this command "
                    "needs 10/10/10 and the talon -- use 'ulti discards' to try every discard"
                )
            )
        return self

    def __str__(self) -> str:
        parts = [format_hand(h) for h in self.hands]
        if self.talon is not None:
            parts.append(format_hand(self.talon))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"


def _check_no_card_twice(parts) -> None:
    seen = 0
    for index, part in enumerate(parts):
        if seen & part:
            card = (seen & part & -(seen & part)).bit_length() - 1
            first = next(i for i, other in enumerate(parts) if (other >> card) & 1)
            raise DealError(
                L_(
                    "card {card} is in both {first} and {second}",
                    card=card_label(card),
                    first=PART_NAMES_IN[first],
                    second=PART_NAMES_IN[index],
                )
            )
        seen |= part


def check_deal(hands, talon) -> None:
    """R7: every card exactly once; 10/10/10 + 2, or 12/10/10 with no talon."""
    h0, h1, h2 = hands
    if h1.bit_count() == 10 and h2.bit_count() == 10:
        # The usual deal, in a few operations (one per batch line): parts of 32 cards in all
        # that cover all 32 cards hold each card exactly once.
        if talon is None:
            if h0.bit_count() == 12 and h0 | h1 | h2 == BB_ALL:
                return
        elif h0.bit_count() == 10 and talon.bit_count() == 2 and h0 | h1 | h2 | talon == BB_ALL:
            return
    parts = list(hands) + ([talon] if talon is not None else [])
    _check_no_card_twice(parts)
    counts = [popcount(h) for h in hands]
    if talon is None:
        expected = [12, 10, 10]
    else:
        expected = [10, 10, 10]
        if popcount(talon) != 2:
            raise DealError(
                LN_(
                    "the talon has {n} card; it holds 2 (R6)",
                    "the talon has {n} cards; it holds 2 (R6)",
                    popcount(talon),
                )
            )
    for index in (1, 2, 0):  # the defenders' counts first: they never vary
        count, want = counts[index], expected[index]
        if count != want:
            want_text: Text
            if index == 0 and talon is None:
                want_text = L_("12 before the discard, or 10 with a talon")
            else:
                want_text = str(want)
            raise DealError(
                LN_(
                    "{part} has {n} card; it needs {wanted} (R6)",
                    "{part} has {n} cards; it needs {wanted} (R6)",
                    count,
                    part=PART_NAMES_IN[index],
                    wanted=want_text,
                )
            )
    missing = BB_ALL & ~sum(parts)
    if missing:
        raise DealError(
            L_(
                "missing cards: {cards} (every card must be dealt exactly once, R7)",
                cards=cards_label(cards_of(missing)),
            )
        )


def parse_deal(text: str) -> Deal:
    """Read a deal string of INTERFACE.md.

    Three hands, then optionally the talon, separated by whitespace and/or
    ``/``.  A 10/10/10 deal without a talon gets the two missing cards as
    its talon; a 12/10/10 deal without one is a deal before the discard.
    """
    if not isinstance(text, str):
        raise DealError(L_("a deal is a string, not {value}", value=excerpt(text)))
    cleaned = text.strip().lstrip(BOM).strip()
    if "," in cleaned:  # the regular expressions cost more than the rest of the parse: only where needed
        cleaned = _COMMA.sub(",", cleaned)
    tokens = cleaned.replace("/", " ").split()  # hands are separated by runs of blanks and '/'
    if len(tokens) not in (3, 4):
        raise DealError(
            LN_(
                "a deal is three hands (declarer, seat 1, seat 2) and optionally the talon, "
                "separated by spaces or '/'; found {n} group in {deal}",
                "a deal is three hands (declarer, seat 1, seat 2) and optionally the talon, "
                "separated by spaces or '/'; found {n} groups in {deal}",
                len(tokens),
                deal=excerpt(text),
            )
        )
    masks = []
    for index, token in enumerate(tokens):
        try:
            masks.append(parse_hand(token))
        except UltiInputError:
            _raise_named(index, token)
    hands = (masks[0], masks[1], masks[2])  # three or four tokens, checked above
    if len(masks) == 4:
        return Deal(hands, masks[3])
    counts = [popcount(h) for h in hands]
    if counts == [10, 10, 10]:
        _check_no_card_twice(hands)
        return Deal(hands, BB_ALL & ~(hands[0] | hands[1] | hands[2]))
    return Deal(hands, None)
