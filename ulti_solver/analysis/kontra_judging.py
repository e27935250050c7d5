"""Each kontra of a whole game, said or left unsaid, judged from the speaker's seat at its moment (R43, R44, R48).

R48 gives every seat its turns to double: R5 seat 1 before his card in
the first trick (one card played), R5 seat 2 before his (two played),
then, before the second trick (three played), in play order from the
declarer, his rekontras, each defender's szubkontras and his
hirschkontras (:data:`TURNS`).  At each turn that had something to say
(:meth:`KontraCalls.legal_calls` of the kontras said before it), every
doubling he could say is weighed as ``ulti kontra`` weighs it: each world
solved double dummy without and with it, on top of what was said before
his turn, and the mean payment to him compared on the same worlds (the
paired difference and its standard error).  What he did -- said it, or not
-- is set beside the better of the two; the loss is what the worse one
cost, in units per defender (for a defender his own payment, for the
declarer what he gets from each on average), with R44's band.

**What the worlds condition on** (R40-R42, :mod:`ulti_solver.knowledge`):
the speaker's own ten cards (the declarer's talon too), the bid and
trump, the kontras said, the cards of the first trick already played
(who played them, and what R41 reads off them), the marriages announced
so far (in a bid that plays the party each seat announces on its first
card, R48, so a defender at his turn knows those of the seats that played
before him; the declarer's 40 or 20 of a 40-100 or 20-100 from the
start), and after the first trick of an open bid the declarer's hand.
The values are double dummy from the position after the cards played
(R34, R39, concession not counted): PIMC, as ``ulti kontra`` and ``ulti play``.

Each turn draws its own worlds, world i from (seed, turn, i) alone, so the
answer is the same however the work is spread.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Dict, FrozenSet, List, Optional, Sequence, Tuple, Union

from ..bids import FORTY_100, TWENTY_100, Bid
from ..cards import Card
from ..deal import Deal
from ..game.kontras import KontraCall, KontraCalls
from ..knowledge import InformationSet, announced_in_deal, information_set_from_hand
from ..knowledge.source import WorldSource
from ..kontra import LEVEL_NAMES, MAX_LEVEL, Kontra
from ..variants import Rules
from .kontra_advice import twice_share
from .racing import SEPARATION, summary
from .single_dummy import band

if TYPE_CHECKING:
    from ..game.referee import Game
    from ..runner import OnProgress, Runner

#: R48's turns in order: (R5 seat, cards played, the level said at it).
TURNS = ((1, 1, 1), (2, 2, 1), (0, 3, 2), (1, 3, 3), (2, 3, 3), (0, 3, MAX_LEVEL))
#: Turn t draws worlds from index t * WORLD_STRIDE on: each its own.
WORLD_STRIDE = 1 << 40
#: Worlds per task for a pool or a cluster.
WORLDS_PER_TASK = 25
#: ``samples="all"`` counts every world of a turn up to this many, and draws :data:`ALL_DRAWN` where
#: more fit (every first trick has millions).
MOST_WORLDS = 5_000
ALL_DRAWN = 1_000


def _key(before: int, level: int, r5: int) -> Tuple[int, int, int]:
    """The place of a call (or a turn) in R48's order: the cards played, the round (hirschkontras
    after the szubkontras), the seat from the declarer."""
    return before, 1 if level == MAX_LEVEL else 0, r5


@dataclass(frozen=True)
class KontraTurn:
    """One seat's turn to double (R48) and what it could say: each call alone, on top of
    ``base`` (the levels said before the turn), with the levels it makes (``afters``)."""

    number: int  # the index in TURNS
    seat: int  # a table seat
    r5: int
    before: int
    level: int
    played: Tuple[Card, ...]
    base: Kontra
    options: Tuple[KontraCall, ...]
    afters: Tuple[Kontra, ...]
    said: Tuple[KontraCall, ...]
    info: InformationSet

    def was_said(self, option: KontraCall) -> bool:
        return any((c.component, c.against) == (option.component, option.against) for c in self.said)


def announced(deal: Deal, bid: Bid, trump, before: int) -> Dict[int, FrozenSet[int]]:
    """The marriages known with ``before`` cards of the first trick played (R40, R48): the
    declarer's 40 or 20 of a 40-100 or 20-100; in a bid that plays the party, those of every
    seat that has played its first card."""
    every = announced_in_deal(deal, bid, trump, True)
    if FORTY_100 in bid.components or TWENTY_100 in bid.components:
        return dict(every)
    return {seat: suits for seat, suits in every.items() if seat < before}


def seat_view(game: Game, r5: int, before: int) -> InformationSet:
    """What R5 seat ``r5`` knows with ``before`` cards played (the module)."""
    deal, bid, trump = game.deal(), game.bid, game.trump
    assert bid is not None
    shown = deal.hands[0] if bid.open and r5 != 0 and before >= 3 else None
    return information_set_from_hand(
        deal.hands[r5],
        r5,
        bid,
        trump,
        played=tuple(game.cards[:before]),
        rules=game.rules,
        talon=deal.talon if r5 == 0 else None,
        marriages=announced(deal, bid, trump, before),
        declarer_hand=shown,
    )


def kontra_turns(game: Game) -> List[KontraTurn]:
    """Every turn of R48 the game reached at which the seat could double something."""
    bid, declarer, calls = game.bid, game.declarer, game.kontras.calls if game.kontras else []
    if bid is None or declarer is None or game.thrown_in or game.trump_named is False:
        return []
    found = []
    for number, (r5, before, level) in enumerate(TURNS):
        seat, key = (declarer + r5) % 3, _key(before, level, r5)
        mine = tuple(c for c in calls if _key(c.before, c.level, (c.seat - declarer) % 3) == key)
        if len(game.cards) <= before and not mine:
            continue  # not reached: conceded, or not played that far
        state = KontraCalls(bid, declarer, rules=game.rules)
        for call in calls:
            if _key(call.before, call.level, (call.seat - declarer) % 3) < key:
                state.say(call)
        options = tuple(c for c in state.legal_calls(seat, before) if c.level == level)
        if not options:
            continue
        afters = []
        for option in options:
            after = state.copy()
            after.say(option)
            afters.append(after.levels())
        view = seat_view(game, r5, before)
        played = tuple(game.cards[:before])
        found.append(
            KontraTurn(number, seat, r5, before, level, played, state.levels(), options, tuple(afters), mine, view)
        )
    return found


# -- The values -------------------------------------------------------------------------------


def turn_shares(turn: KontraTurn, deals: Sequence[Deal], *, rules: Rules) -> List[List[int]]:
    """In each world: twice the payment from the speaker's side (a defender's 2 S_d paid to the
    declarer; the declarer's total) without any call of the turn, then with each call alone."""
    from ..search import world_totals

    bid, trump, played = turn.info.bid, turn.info.trump, turn.played
    shares = []
    for kontra in (turn.base, *turn.afters):
        totals = world_totals(deals, bid, trump, rules=rules, played=played, kontra=kontra)
        shares.append(
            [
                twice_share(d, bid, trump, total=t, seat=turn.r5, rules=rules, kontra=kontra, played=played)
                for d, t in zip(deals, totals, strict=True)
            ]
        )
    return shares


def _task(turns: Tuple[KontraTurn, ...], seed: int, exact: Tuple[bool, ...], item, *, rules: Rules):
    number, indices = item
    turn = turns[number]
    return turn_shares(turn, WorldSource(turn.info, seed, exact[number]).deals(indices), rules=rules)


@dataclass(frozen=True)
class KontraVerdict:
    """One doubling a seat could say at its turn, weighed (R43) and set beside what it did (R44).

    ``without``, ``with_it`` and ``gain`` are means of the payment to the speaker, in units (per
    defender for the declarer), over the same ``samples`` worlds; ``gain`` is with minus without."""

    turn: KontraTurn
    call: KontraCall
    samples: int
    count: int  # how many worlds fit what he knew
    exact: bool
    without: Fraction
    with_it: Fraction
    gain: Fraction
    stderr_gain: float

    @property
    def said(self) -> bool:
        return self.turn.was_said(self.call)

    @property
    def word(self) -> str:
        return LEVEL_NAMES[self.call.level]

    @property
    def advice(self) -> str:
        return self.word if self.gain > 0 else "pass"

    @property
    def close(self) -> bool:
        if self.exact:
            return self.gain == 0
        return abs(float(self.gain)) <= SEPARATION * self.stderr_gain

    @property
    def loss(self) -> float:
        """R44: what his choice cost against the other, per defender; 0 when he chose the better."""
        return max(0.0, float(-self.gain if self.said else self.gain))

    @property
    def stderr_loss(self) -> float:
        return self.stderr_gain

    @property
    def band(self) -> Optional[str]:
        return band(self.loss, self.stderr_loss)

    def as_json(self) -> dict:
        """``ulti kontra --json``'s fields, plus the moment, what was ``said`` and the loss."""
        turn = self.turn
        return {
            "seat": turn.seat,
            "r5_seat": turn.r5,
            "before": turn.before,
            "component": self.call.component,
            "against": self.call.against,
            "level": self.call.level - 1,
            "say": self.word,
            "samples": self.samples,
            "worlds": self.count,
            "exact": self.exact,
            "payment_without": round(float(self.without), 6),
            "payment_with": round(float(self.with_it), 6),
            "gain": round(float(self.gain), 6),
            "stderr_gain": round(self.stderr_gain, 6),
            "advice": self.advice,
            "close": self.close,
            "said": self.word if self.said else "pass",
            "loss": round(self.loss, 6),
            "stderr_loss": round(self.stderr_loss, 6),
            "band": self.band,
        }


def verdicts_of(turn: KontraTurn, shares: List[List[int]], *, count: int, exact: bool) -> List[KontraVerdict]:
    """Each call of ``turn`` weighed from its worlds' ``shares`` (:func:`turn_shares`)."""
    sign = 1 if turn.r5 == 0 else -1  # a defender receives minus what he pays
    found = []
    for call, doubled in zip(turn.options, shares[1:], strict=True):
        without = summary([sign * s for s in shares[0]], exact)
        with_it = summary([sign * s for s in doubled], exact)
        gain = summary([sign * (b - a) for a, b in zip(shares[0], doubled, strict=True)], exact)
        found.append(
            KontraVerdict(
                turn, call, gain.n, count, exact, without.mean / 2, with_it.mean / 2, gain.mean / 2, gain.stderr / 2
            )
        )
    return found


@dataclass(frozen=True)
class KontraPlan:
    """The turns to judge and the worlds of each: ``sizes[i]`` of them, every one when ``exact[i]``."""

    turns: Tuple[KontraTurn, ...]
    sizes: Tuple[int, ...]
    exact: Tuple[bool, ...]

    @property
    def worlds(self) -> int:
        return sum(self.sizes)


def plan_kontras(game: Game, samples: Union[int, str]) -> KontraPlan:
    """``samples`` worlds a turn, or ``"all"``: every world where at most :data:`MOST_WORLDS` fit
    (exact), else :data:`ALL_DRAWN` drawn."""
    turns = kontra_turns(game)
    sizes, exact = [], []
    for turn in turns:
        count = turn.info.count()
        every = samples == "all" and count <= MOST_WORLDS
        exact.append(every)
        sizes.append(count if every else ALL_DRAWN if samples == "all" else int(samples))
    return KontraPlan(tuple(turns), tuple(sizes), tuple(exact))


def judge_kontras(
    game: Game,
    samples: Union[int, str],
    *,
    seed: int,
    runner: Runner,
    on_progress: Optional[OnProgress] = None,
    plan: Optional[KontraPlan] = None,
) -> List[KontraVerdict]:
    """Every doubling each seat could say at each of its R48 turns (the module), on the worlds of
    ``plan`` (by default :func:`plan_kontras` of ``samples``); ``on_progress(done, total)`` counts
    worlds."""
    from ..runner import report_progress

    plan = plan_kontras(game, samples) if plan is None else plan
    items = []
    for index, (turn, size) in enumerate(zip(plan.turns, plan.sizes, strict=True)):
        first = 0 if plan.exact[index] else turn.number * WORLD_STRIDE
        items += [
            (index, range(first + i, first + min(i + WORLDS_PER_TASK, size))) for i in range(0, size, WORLDS_PER_TASK)
        ]
    shares: List[List[List[int]]] = [[[] for _ in range(1 + len(t.options))] for t in plan.turns]
    work = partial(_task, plan.turns, seed, plan.exact, rules=game.rules)
    done = 0
    with runner.results(work, items, spread=False) as results:
        for (index, indices), answer in zip(items, results, strict=True):
            for mine, part in zip(shares[index], answer, strict=True):
                mine.extend(part)
            done += len(indices)
            report_progress(on_progress, done, plan.worlds)
    found = []
    for turn, per_turn, every in zip(plan.turns, shares, plan.exact, strict=True):
        found += verdicts_of(turn, per_turn, count=turn.info.count(), exact=every)
    return found
