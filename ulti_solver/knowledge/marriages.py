"""The marriages that count, as the seats announce them (R40 with R15, R17, R18, R22).

An *announcement* is, per seat, the set of suits in which that seat
said it holds a marriage (king and ober of the suit in its ten-card
playing hand).  What it tells depends on the bid:

* a bid that plays the party (R22): every seat announces all its
  marriages, so a suit it did not name is one where it lacks the king or
  the ober; known once the first trick is complete (R40);
* 40-100: the declarer's 40, the trump king and ober, or that he lacks it
  (R17);
* 20-100: the declarer's 20 in the first of hearts, bells, leaves, acorns
  (skipping the trump) where he holds one, so none in an earlier one; or
  that he holds none (R18).

The 40 and the 20 of those bids are known from the start of play (they
make or break the bid before a card is played); the party's marriages
once the first trick is complete.  Other bids announce nothing.
"""

from __future__ import annotations

from typing import Dict, FrozenSet, Iterable, List, Mapping, Optional

from ..bids import FORTY_100, TWENTY_100, Bid, bid_words
from ..cards import BB_MARRIAGES, SUITS, Hand
from ..deal import Deal
from ..i18n import L_
from .errors import KnowledgeError
from .facts import Fact, Holds, NotBoth, seat_words, suit_words

Announcements = Mapping[int, FrozenSet[int]]


def held_marriages(hand: Hand) -> FrozenSet[int]:
    """The suits in which ``hand`` holds the king and the ober."""
    return frozenset(s for s in SUITS if hand & BB_MARRIAGES[s] == BB_MARRIAGES[s])


def twenty_suits(trump: Optional[int]):
    """R18: the suits a 20-100's marriage may be in, in the order it is announced."""
    return [s for s in SUITS if s != trump]


def announced_in_deal(deal: Deal, bid: Bid, trump: Optional[int], first_trick_done: bool) -> Dict[int, FrozenSet[int]]:
    """What the seats of ``deal`` have announced (R40): ``{seat: suits}``, seats that announced nothing left out."""
    if FORTY_100 in bid.components:
        return {0: held_marriages(deal.hands[0]) & {trump}}
    if TWENTY_100 in bid.components:
        held = held_marriages(deal.hands[0])
        first = [s for s in twenty_suits(trump) if s in held][:1]
        return {0: frozenset(first)}
    if bid.plays_party and first_trick_done:
        return {seat: held_marriages(deal.hands[seat]) for seat in range(3)}
    return {}


def check_announcements(
    marriages: Optional[Mapping[int, Optional[Iterable[int]]]], bid: Bid, trump: Optional[int]
) -> Announcements:
    """Marriages as a player tells them, ``{seat: suits}`` (``None`` for a seat: not known), checked
    against the bid: the party's for any seat, the 40 or the 20 for the declarer only."""
    told = {}
    for seat, suits in (marriages or {}).items():
        if suits is None:
            continue
        if seat not in (0, 1, 2):
            raise KnowledgeError(L_("marriages are announced by seat 0, 1 or 2, not {seat!r}", seat=seat))
        try:
            chosen = frozenset(suits)
        except TypeError:
            raise KnowledgeError(
                L_("the marriages of {seat} are a set of suits, not {suits!r}", seat=seat_words(seat), suits=suits)
            ) from None
        if not chosen <= set(SUITS):
            raise KnowledgeError(
                L_(
                    "{values!r} are not suits (0 hearts, 1 bells, 2 leaves, 3 acorns)",
                    values=sorted(chosen - set(SUITS)),
                )
            )
        told[seat] = chosen
    special = FORTY_100 if FORTY_100 in bid.components else TWENTY_100 if TWENTY_100 in bid.components else None
    if special is None and not bid.plays_party and told:
        raise KnowledgeError(
            L_(
                "no marriage is announced in {bid}: only bids that play the party count them (R15, R22)",
                bid=bid_words(bid),
            )
        )
    if special is not None:
        for seat, chosen in told.items():
            if seat != 0:
                raise KnowledgeError(
                    L_(
                        "in {bid} only the declarer's marriage is announced, not {seat}'s",
                        bid=str(special),
                        seat=seat_words(seat),
                    )
                )
            if special == FORTY_100 and not chosen <= {trump}:
                assert trump is not None  # R28: 40-100 is bid with a trump
                raise KnowledgeError(
                    L_("in 40-100 the declarer announces only the 40, in {suit} (R17)", suit=suit_words(trump))
                )
            if special == TWENTY_100 and (len(chosen) > 1 or trump in chosen):
                raise KnowledgeError(
                    L_("in 20-100 the declarer announces one marriage, in a suit that is not the trump (R18)")
                )
    return told


def marriage_facts(announced: Announcements, bid: Bid, trump: Optional[int]) -> List[Fact]:
    """The :class:`Holds` and :class:`NotBoth` facts of checked announcements, seat by seat."""
    facts: List[Fact] = []
    for seat in sorted(announced):
        chosen = announced[seat]
        if FORTY_100 in bid.components:
            assert trump is not None  # R28: 40-100 is bid with a trump
            if trump in chosen:
                facts.append(Holds(seat, BB_MARRIAGES[trump], trump, "40-100"))
            else:
                facts.append(NotBoth(seat, BB_MARRIAGES[trump], trump, L_("no 40 for 40-100")))
        elif TWENTY_100 in bid.components:
            for suit in twenty_suits(trump):
                if suit in chosen:
                    facts.append(Holds(seat, BB_MARRIAGES[suit], suit, L_("his 20 for 20-100")))
                    break
                why = (
                    L_("his 20 for 20-100 is in {suit}", suit=suit_words(min(chosen)))
                    if chosen
                    else L_("no 20 for 20-100")
                )
                facts.append(NotBoth(seat, BB_MARRIAGES[suit], suit, why))
        else:
            for suit in SUITS:
                kind = "40" if suit == trump else "20"
                if suit in chosen:
                    facts.append(Holds(seat, BB_MARRIAGES[suit], suit, L_("announced {kind}", kind=kind)))
                else:
                    why = L_("no {kind} announced in {suit}", kind=kind, suit=suit_words(suit))
                    facts.append(NotBoth(seat, BB_MARRIAGES[suit], suit, why))
    return facts
