"""What a seat has seen that the policy (:mod:`.policy`) can explain: the bid and the kontras.

An :class:`Observed` lists, from one seat's view (R5 seats: 0 the declarer),
the actions of the *other* seats that say something of their cards:

* the declarer's bid and trump (R46, R29), unless the seat is the declarer;
* each defender's kontra decision at his moment of the first trick (R48):
  a component he kontra'd, or could have kontra'd and did not;
* where the seat cannot tell which defender said a joint kontra (R37; the
  command line gives levels, not who said them), that one of them did.

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

    @property
    def reads_bid(self) -> bool:
        """The declarer's bid tells the defenders, not himself."""
        return self.use_bid and self.seat != 0

    @property
    def empty(self) -> bool:
        """Nothing that varies between the seat's worlds: every weight would be the same."""
        others = [d for d in self.decisions if d[0] != self.seat]
        return not self.reads_bid and not others and not self.either


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


def from_calls(
    seat: int, bid: Bid, trump, declarer: int, calls: Iterable, cards_played: int, *, rules: Rules
) -> Observed:
    """What R5 seat ``seat`` has seen in a game: the bid and every kontra decision so far."""
    decisions = kontra_decisions(bid, declarer, calls, cards_played, rules=rules)
    return Observed(seat, bid, trump, rules, tuple(d for d in decisions if d[0] != seat))


def from_levels(seat: int, bid: Bid, trump, kontra: Kontra, passed: Iterable[int], *, rules: Rules) -> Observed:
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
