"""What a seat has seen that the policy (:mod:`.policy`) can explain: the bid and the kontras.

An :class:`Observed` lists, from one seat's view (R5 seats: 0 the declarer),
the actions of the *other* seats that say something of their cards:

* the declarer's bid and trump (R46, R29), unless the seat is the declarer;
* each defender's kontra decision at his moment of the first trick (R48):
  a component he kontra'd, or could have kontra'd and did not;
* where the seat cannot tell which defender said a joint kontra (R37; the
  command line gives levels, not who said them), that one of them did;
* each pass of another seat where it could have picked the talon up (R46),
  when that seat never picked it up: its ten cards then are its cards now
  (a seat that picked the talon up held other cards before; its passes
  are not read).  Only a game's auction gives these (:func:`from_calls`).

It is built from the calls a game heard (:func:`from_calls`: a bot's view, a
record) or from the levels given on the command line (:func:`from_levels`).
Only the first level is read: raises are not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, List, Optional, Tuple

from ..bids import Bid
from ..cards import Suit
from ..kontra import Kontra, individual
from ..variants import DEFAULT_RULES, Rules

#: One kontra decision: (R5 defender 1 or 2, component, said).
Decision = Tuple[int, str, bool]
#: One pass that could have been a pick-up: (R5 seat, the standing bid's place in the R47 order, 0-1).
Pass = Tuple[int, float]


@dataclass(frozen=True)
class Observed:
    """The actions seen by R5 seat ``seat`` that the policy weighs worlds by (the module)."""

    seat: int
    bid: Bid
    trump: Optional[Suit]
    rules: Rules = DEFAULT_RULES
    decisions: Tuple[Decision, ...] = ()
    either: Tuple[str, ...] = ()
    use_bid: bool = field(default=True)
    passes: Tuple[Pass, ...] = ()

    @property
    def reads_bid(self) -> bool:
        """The declarer's bid tells the defenders, not himself."""
        return self.use_bid and self.seat != 0

    @property
    def empty(self) -> bool:
        """Nothing that varies between the seat's worlds: every weight would be the same."""
        others = [d for d in self.decisions if d[0] != self.seat]
        passes = [p for p in self.passes if p[0] != self.seat]
        return not self.reads_bid and not others and not self.either and not passes


def moments_passed(cards_played: int) -> Tuple[int, ...]:
    """R48: the defenders (R5 seats) whose moment of the first trick is over with ``cards_played``
    cards down: seat k speaks before his card, the (k+1)-th."""
    return tuple(k for k in (1, 2) if cards_played > k)


def kontra_decisions(bid: Bid, declarer: int, calls: Iterable, cards_played: int, *, rules: Rules) -> List[Decision]:
    """Each defender's level-1 kontra decisions at his moment of the first trick (R48), from the
    calls said (:class:`~ulti_solver.game.kontras.KontraCall`, table seats): the components he
    could kontra then (by the referee's own rules) and whether he did."""
    from ..game.kontras import KontraCalls

    calls = list(calls)
    found: List[Decision] = []
    state = KontraCalls(bid, declarer, rules=rules)
    for r5 in moments_passed(cards_played):
        seat = (declarer + r5) % 3
        for call in calls:
            if call.before < r5 and call not in state.calls:
                state.say(call)
        legal = {c.component for c in state.legal_calls(seat, r5) if c.level == 1}
        said = {c.component for c in calls if c.seat == seat and c.before == r5 and c.level == 1}
        found += [(r5, str(c), str(c) in said) for c in state.components if str(c) in legal]
    return found


def level_of(bid: Bid, *, rules: Rules) -> float:
    """The place of ``bid`` in the R47 order of ``rules``: 0 the lowest, 1 the highest."""
    from ..game.ranking import bid_order

    bids = bid_order(rules=rules).bids
    return bids.index(bid) / max(1, len(bids) - 1)


def auction_passes(actions: Iterable, declarer: int, *, rules: Rules) -> List[Pass]:
    """The passes (R46) of the seats other than the declarer that never picked the talon up, each
    where a pick-up was open (a bid standing with a higher one left), with the standing bid's
    level; ``actions`` have a table ``seat``, a ``kind`` and a ``bid`` (auction or public actions)."""
    from ..game.actions import BID, PASS, PICK_UP
    from ..game.ranking import RABLO_BOOK, bid_order

    if rules.book == RABLO_BOOK:
        return []  # a bid over the talon as it lies is a third choice the model does not know
    actions = list(actions)
    order = bid_order(rules=rules)
    picked = {a.seat for a in actions if a.kind == PICK_UP}
    standing: Optional[Bid] = None
    found: List[Pass] = []
    for action in actions:
        if action.kind == PASS and standing is not None and action.seat != declarer and action.seat not in picked:
            if order.bids_over(standing):
                found.append(((action.seat - declarer) % 3, level_of(standing, rules=rules)))
        if action.kind in (BID, PICK_UP) and action.bid is not None:
            standing = action.bid
    return found


def from_calls(
    seat: int,
    bid: Bid,
    trump,
    declarer: int,
    calls: Iterable,
    cards_played: int,
    *,
    rules: Rules,
    auction: Iterable = (),
) -> Observed:
    """What R5 seat ``seat`` has seen in a game: the bid, every kontra decision so far and, given
    the ``auction``'s actions, the other seats' passes (:func:`auction_passes`)."""
    decisions = kontra_decisions(bid, declarer, calls, cards_played, rules=rules)
    passes = tuple(p for p in auction_passes(auction, declarer, rules=rules) if p[0] != seat)
    return Observed(seat, bid, trump, rules, tuple(d for d in decisions if d[0] != seat), passes=passes)


def from_levels(seat: int, bid: Bid, trump, passed: Iterable[int], *, kontra: Kontra, rules: Rules) -> Observed:
    """What R5 seat ``seat`` can read from the levels said (``ulti play --kontra``, ``ulti kontra``)
    when the defenders ``passed`` (R5 seats) have had their moment: a component at level 0 was
    not kontra'd by them; an individual one (R37) at level 1 or more was, by its defender; a
    joint one by one of them -- the one whose moment it was, if only one has had it."""
    passed = tuple(k for k in passed if k in (1, 2))
    decisions: List[Decision] = []
    either: List[str] = []
    for component in bid.ordered_components():
        name = str(component)
        if individual(bid, name, rules=rules):
            for k in passed:
                decisions.append((k, name, kontra.level(name, k) >= 1))
        elif kontra.level(name, 1) >= 1:
            if len(passed) == 1:
                decisions.append((passed[0], name, True))
            elif len(passed) == 2:
                either.append(name)
        else:
            decisions += [(k, name, False) for k in passed]
    return Observed(seat, bid, trump, rules, tuple(d for d in decisions if d[0] != seat), tuple(either))
