"""Whether to kontra, from a defender's ten cards; whether to redouble, from the declarer's (R36-R39, R43).

Before play a defender sees his ten cards and the bid; the other
twenty-two lie in the declarer's hand (10), his partner's (10) and the
talon (2), in any way that fits what he knows (R40-R42: in a 40-100 the
declarer has announced his forty, in a 20-100 his twenty).  For each
component of the bid he may double next, and for all of them at once
(``all``), every world is solved double dummy twice, without and with his
kontra (R34 with R38, R39), and the mean payment *to him* compared on the
same worlds (R43), the paired difference with its standard error.  The
declarer, with his ten cards and talon, weighs each redouble of the
kontras said the same way.

**What the defender pays.**  The double-dummy value is the minimax of
the declarer's total S_1 + S_2, the defenders minimising it together
(R39).  With joint kontras (a trump game) both defenders pay the same, so
the defender's payment is half the total.  Where each defender kontras
for himself (betli, colorless durchmars, and durchmars under
``kontra-durchmars-individual``, R37) his kontra changes his own payment
only, and the play still minimises the total.  His S_d is then read off
the final outcome that play reaches: every way the game can end
(pricing.final_table) is priced twice, as the declarer's total and as
twice this defender's S_d (the same table with both defenders at his
levels); where the total reached belongs to outcomes that all give him the
same S_d -- always so in betli and colorless durchmars, where the one
component is made or lost -- that is his payment, exactly; otherwise the
game is played out along one best line (``ulti solve --line``) and its
settlement read.  A defender's kontra is priced, world by world, at what
it makes *him* pay, not at half of what it changes in all.

World i depends on (seed, i) alone and each world's answers are
exact, so the numbers are the same however the work is spread.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, List, Optional, Protocol, Sequence, Tuple

from ..bids import FORTY_100, TWENTY_100, Bid, bid_words, trumps_to_solve
from ..cards import BB_MARRIAGES, SUITS, format_hand
from ..coerce import as_bid, as_rules, as_trump
from ..deal import Deal
from ..errors import UltiInputError
from ..i18n import L_, Joined, Text
from ..knowledge import InformationSet, information_set_from_hand
from ..knowledge.facts import suit_words
from ..knowledge.source import GivenWorlds, WorldSource, drawn
from ..known_cards import as_hand
from ..kontra import LEVEL_NAMES, MAX_LEVEL, Kontra, KontraSpec, Said, individual, parse_kontra
from ..variants import DEFAULT_RULES, Rules
from .racing import SEPARATION, summary

if TYPE_CHECKING:
    from ..accepted import BidLike, HandLike, KontraSpecLike, RulesLike, TrumpLike

#: Samples without ``samples`` (INTERFACE.md).
DEFAULT_SAMPLES = 200
#: Worlds per task for a pool or a cluster.
WORLDS_PER_TASK = 25
ALL = "all"


class KontraAdviceError(UltiInputError):
    """A hand, seat or kontra ``ulti kontra`` cannot weigh."""


class _KontraWords:
    """The kontras said, in words when printed (in the language of that moment, as a message is)."""

    def __init__(self, said: Kontra):
        self.kontra = said

    def __str__(self) -> str:
        return self.kontra.words()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


# -- The worlds -----------------------------------------------------------------------------


class DrawsWorlds(Protocol):
    """What the worlds task draws from: :class:`Worlds`, or worlds given."""

    def world(self, seed: int, index: int) -> Deal: ...


@dataclass(frozen=True)
class Worlds:
    """The worlds of a seat before play (:class:`~ulti_solver.knowledge.source.Worlds`): one
    information set, or, where the bid says the declarer holds a marriage he has not named (a
    20-100), the union of one set per suit it may be in (disjoint: his twenty is announced in the
    first such suit, R40), ranked set by set and drawn uniformly from all."""

    sets: Tuple[InformationSet, ...]

    def count(self) -> int:
        return sum(info.count() for info in self.sets)

    def world_at(self, rank: int) -> Deal:
        for info in self.sets:
            if rank < info.count():
                return info.world_at(rank)
            rank -= info.count()
        raise IndexError(rank)

    def world(self, seed: int, index: int) -> Deal:
        return drawn(self, seed, index)

    def explain(self) -> Sequence[Text]:
        if len(self.sets) == 1:
            return self.sets[0].explain()
        suits = [suit_words(next(iter(info.announced[0]))) for info in self.sets]
        return [
            L_("the declarer holds a twenty for his 20-100, in {suits} (R18, R40)", suits=Joined(suits, L_(" or ")))
        ]


def _may_hold(hand: int, suit: int) -> bool:
    """Whether the declarer may hold the king and ober of ``suit``: the seat asking holds neither."""
    return hand & BB_MARRIAGES[suit] == 0


def worlds_for(
    hand: int, seat: int, bid: Bid, trump: Optional[int], talon: Optional[int], marriages, *, rules: Rules
) -> Worlds:
    """The worlds before the first lead (R40-R42).  Unless ``marriages`` says otherwise, a defender
    takes the declarer of a 40-100 to hold his forty and of a 20-100 a twenty (he bid it, and he
    announces it before play, R17, R18, R40); the party's marriages are announced in the first trick,
    after the kontras."""

    def one(told):
        return information_set_from_hand(hand, seat, bid, trump, rules=rules, played=(), talon=talon, marriages=told)

    if marriages is not None or seat == 0:
        return Worlds((one(marriages),))
    if FORTY_100 in bid.components and trump is not None and _may_hold(hand, trump):
        return Worlds((one({0: {trump}}),))
    if TWENTY_100 in bid.components:
        suits = [s for s in SUITS if s != trump and _may_hold(hand, s)]
        if suits:
            return Worlds(tuple(one({0: {s}}) for s in suits))
    return Worlds((one(None),))


# -- The choices ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One doubling the seat may say: a component (or ``all``), for which defender where it is
    individual, from its level now to one more."""

    component: str
    seat: Optional[int]  # the defender it counts for, where individual (R37); None where joint
    level: int  # the level before (for that defender)
    said: Tuple[Said, ...]  # what the seat says

    @property
    def word(self) -> str:
        """The word of the doubling: kontra, rekontra, szubkontra or hirschkontra (R36)."""
        return LEVEL_NAMES[self.level + 1]

    @property
    def name(self) -> str:
        return self.component if self.seat is None else f"{self.seat}:{self.component}"


def choices_for(seat: int, bid: Bid, base: Kontra, *, rules: Rules) -> List[Choice]:
    """What ``seat`` may double next (R36): a defender, a component at an even level (none, or
    redoubled), for both defenders where the kontra is joint and for himself where it is his own;
    the declarer, a component at an odd level (kontra'd, or szubkontra'd), each defender's on its
    own where individual.  Then ``all``: every one of them at once, when there are two or more."""
    found: List[Choice] = []
    for component in bid.ordered_components():
        alone = individual(bid, component, rules=rules)
        seats = (seat,) if seat != 0 and alone else (1, 2) if alone else (None,)
        for who in seats:
            level = base.level(component, who or (seat or 1))
            wanted = 0 if seat != 0 else 1
            if level % 2 != wanted or level >= MAX_LEVEL:
                continue
            found.append(Choice(str(component), who, level, (Said(who, str(component), level + 1),)))
    if len(found) > 1:
        said = tuple(s for choice in found for s in choice.said)
        levels = {choice.level for choice in found}
        found.append(Choice(ALL, seat if seat != 0 and all(c.seat for c in found) else None, min(levels), said))
    return found


def after(spec: KontraSpec, choice: Optional[Choice], bid: Bid, *, rules: Rules) -> Kontra:
    """The kontras once ``choice`` is said on top of ``spec``."""
    if choice is None:
        return spec.for_bid(bid, rules=rules)
    return spec.then(KontraSpec(choice.said)).for_bid(bid, rules=rules)


# -- One world ------------------------------------------------------------------------------


def _symmetric(said: Kontra) -> bool:
    return all(first == second for _, (first, second) in said.levels)


def _seat_levels(said: Kontra, seat: int) -> Kontra:
    """The kontras with both defenders at ``seat``'s levels: its settlement is twice his S_d."""
    levels = tuple((c, (pair[seat - 1], pair[seat - 1])) for c, pair in said.levels if pair[seat - 1])
    return Kontra(levels, said.individual)


def twice_share(
    deal: Deal, bid: Bid, trump, total: int, seat: int, *, rules: Rules, kontra: Kontra, played: Sequence[int] = ()
) -> int:
    """2 S_d: twice what defender ``seat`` pays the declarer in the game whose value is ``total``
    (the module: half the total where kontras are joint; else read off the outcomes the total
    belongs to, or, where those differ for him, off the end of one best line after ``played``)."""
    if seat == 0 or _symmetric(kontra):
        return total
    from ..pricing import final_values
    from ..scoring import Scoring

    totals = final_values(Scoring(deal, bid, trump, rules=rules, kontra=kontra))
    mine = final_values(Scoring(deal, bid, trump, rules=rules, kontra=_seat_levels(kontra, seat)))
    shares = {m for t, m in zip(totals, mine, strict=True) if t == total}
    if len(shares) == 1:
        return shares.pop()
    return _share_on_best_line(deal, bid, trump, rules=rules, kontra=kontra, seat=seat, played=played)


def _share_on_best_line(deal: Deal, bid: Bid, trump, seat: int, *, rules: Rules, kontra: Kontra, played=()) -> int:
    from ..analysis.replay import best_line
    from ..play import PlayRules
    from ..position import replay, start_of_play
    from ..scoring import Scoring
    from ..settlement import game_settlement

    play = PlayRules.for_game(bid, trump, rules=rules)
    start = replay(deal, play, list(played)) if played else start_of_play(deal)
    line = best_line(deal, bid, trump, rules=rules, position=start, kontra=kontra)
    end = replay(deal, play, list(played) + line)
    return 2 * game_settlement(Scoring(deal, bid, trump, rules=rules, kontra=kontra), end.so_far).by_defender[seat - 1]


def components_made(deals: Sequence[Deal], bid: Bid, trump, component: str, *, rules: Rules) -> List[bool]:
    """Whether the declarer can force ``component`` (R14-R23; ``all``: the whole bid, R24) in each deal."""
    from ..search import component_makeable, world_joints

    if component == ALL or len(bid.components) == 1:
        return world_joints(deals, bid, trump, rules=rules)
    return [component_makeable(deal, bid, trump, rules=rules, component=component) for deal in deals]


def _worlds_task(source: WorldSource, seat: int, bid: Bid, trump, kontras, components, indices, *, rules: Rules):
    """For the worlds ``indices`` of ``source``: 2 S (the asking seat's side: what the declarer gets
    from him, or per defender for the declarer) under each kontra of ``kontras``, and whether each
    component is made."""
    from ..search import world_totals

    deals = source.deals(indices)
    shares = []
    for kontra in kontras:
        totals = world_totals(deals, bid, trump, rules=rules, kontra=kontra)
        shares.append(
            [
                twice_share(d, bid, trump, rules=rules, kontra=kontra, total=t, seat=seat)
                for d, t in zip(deals, totals, strict=True)
            ]
        )
    made = {c: components_made(deals, bid, trump, rules=rules, component=c) for c in components}
    return shares, made


# -- The result -----------------------------------------------------------------------------


@dataclass(frozen=True)
class KontraChoice:
    """One doubling weighed: the mean payment to the seat asking without and with it (units per
    defender: for a defender his own payment, for the declarer what he gets from each on
    average), their paired difference, and how often the component is made."""

    choice: Choice
    samples: int
    without: Fraction
    with_it: Fraction
    gain: Fraction
    stderr_gain: float
    p_made: float
    exact: bool
    declarer: bool
    #: With weighted worlds (``--infer``): how many equally weighted worlds they are worth.
    effective_worlds: Optional[float] = None

    @property
    def advice(self) -> str:
        return self.choice.word if self.gain > 0 else "pass"

    @property
    def close(self) -> bool:
        """Too close to call: within twice its standard error (with every world counted: no gain)."""
        if self.exact:
            return self.gain == 0
        return abs(float(self.gain)) <= SEPARATION * self.stderr_gain

    def as_json(self) -> dict:
        """The object of ``ulti kontra --json``."""
        return {
            "component": self.choice.component,
            "seat": self.choice.seat,
            "level": self.choice.level,
            "say": self.choice.word,
            "samples": self.samples,
            "payment_without": round(float(self.without), 6),
            "payment_with": round(float(self.with_it), 6),
            "gain": round(float(self.gain), 6),
            "stderr_gain": round(self.stderr_gain, 6),
            "p_made": round(self.p_made, 6),
            "advice": self.advice,
            "close": self.close,
            **({} if self.effective_worlds is None else {"effective_worlds": round(self.effective_worlds, 2)}),
        }


@dataclass
class KontraAdvice:
    """Every doubling the seat may say, weighed on the same worlds."""

    seat: int
    hand: int
    talon: Optional[int]
    bid: Bid
    trump: Optional[int]
    rules: Rules
    kontra: KontraSpec
    base: Kontra
    worlds: Worlds
    choices: List[KontraChoice]
    samples: int
    seed: int
    exact: bool
    effective_worlds: Optional[float] = None

    def __str__(self) -> str:
        from ..render.kontra import advice_lines  # the text layer, loaded only to print (as chess.svg)

        return "\n".join(advice_lines(self))

    @property
    def hand_text(self) -> str:
        return format_hand(self.hand)


def _chunks(count: int) -> List[range]:
    return [range(i, min(i + WORLDS_PER_TASK, count)) for i in range(0, count, WORLDS_PER_TASK)]


def advise_kontra(
    hand: HandLike,
    seat: int,
    bid: BidLike,
    trump: TrumpLike = None,
    *,
    kontra: KontraSpecLike = None,
    talon: Optional[HandLike] = None,
    marriages=None,
    rules: RulesLike = DEFAULT_RULES,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    worlds: Optional[Sequence[Deal]] = None,
    jobs: int = 1,
    cluster=None,
    on_progress=None,
    runner=None,
    infer: bool = False,
) -> KontraAdvice:
    """The module's question for ``seat`` (1 or 2 a defender, 0 the declarer with his ``talon``)
    holding ``hand`` (ten cards), against ``bid`` in ``trump``, the kontras ``kontra`` said so far:
    each doubling it may say next, valued on ``samples`` worlds drawn from ``seed`` (or on
    ``worlds`` given, each counted once: every world of a small set makes the answer exact).
    ``marriages`` as for :func:`~ulti_solver.knowledge.information_set_from_hand`.  The worlds
    are spread over ``jobs`` processes or a Dask ``cluster`` (or ``runner``, a
    :class:`~ulti_solver.runner.Runner`, in their place); ``on_progress(done, total)`` is told
    how many worlds of how many are done (:data:`~ulti_solver.runner.OnProgress`).  ``infer``
    weighs the worlds by the bid and the kontras given (:func:`inferred`; a player's aid beside
    R42's equal worlds; :mod:`.weighted_kontra`)."""
    from ..runner import report_progress, runner_for

    rules = as_rules(rules)
    bid, trump = _game(as_bid(bid), as_trump(trump))
    own, talon = as_hand(hand), None if talon is None else as_hand(talon)
    if seat not in (0, 1, 2):
        raise KontraAdviceError(L_("a seat is 0 (the declarer), 1 or 2, not {seat!r}", seat=seat))
    if seat == 0 and talon is None:
        raise KontraAdviceError(
            L_("the declarer weighs a redouble with his ten cards and the talon he laid: give the talon")
        )
    spec = parse_kontra(kontra)
    base = spec.for_bid(bid, rules=rules)
    options = choices_for(seat, bid, rules=rules, base=base)
    if not options:
        if seat == 0:
            raise KontraAdviceError(
                L_(
                    "the declarer has no kontra to redouble in {bid} with {kontra}",
                    bid=bid_words(bid),
                    kontra=_KontraWords(base),
                )
            )
        raise KontraAdviceError(
            L_(
                "seat {seat} has nothing left to kontra in {bid} with {kontra} (hirschkontra is the last)",
                seat=seat,
                bid=bid_words(bid),
                kontra=_KontraWords(base),
            )
        )
    info = worlds_for(own, seat, bid, trump, rules=rules, talon=talon, marriages=marriages)
    kontras = [base] + [after(spec, choice, bid, rules=rules) for choice in options]
    components = [c.component for c in options]
    exact = worlds is not None
    if worlds is not None:
        deals = list(worlds)
        if not deals:
            raise KontraAdviceError(L_("no world given"))
        shares, made = _worlds_task_on(deals, seat, bid, trump, kontras, components, rules=rules)
        count = len(deals)
    else:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
            raise KontraAdviceError(L_("samples is a number of worlds, 2 or more, not {samples!r}", samples=samples))
        work = partial(_worlds_task, WorldSource(info, seed), seat, bid, trump, kontras, components, rules=rules)
        shares = [[] for _ in kontras]
        made = {c: [] for c in components}
        chunks = _chunks(samples)
        with runner_for(runner, jobs, cluster) as run, run.results(work, chunks, spread=False) as done:
            for chunk_shares, chunk_made in done:
                for index, part in enumerate(chunk_shares):
                    shares[index].extend(part)
                for c in components:
                    made[c].extend(chunk_made[c])
                report_progress(on_progress, len(shares[0]), samples)
        count = samples
    sign = 1 if seat == 0 else -1  # a defender receives minus what he pays
    if infer:
        from ..inference.weights import effective_worlds
        from .weighted_kontra import inferred, weighted_choices

        deals = list(worlds) if worlds is not None else WorldSource(info, seed).deals(range(count))
        weights = inferred(seat, bid, trump, base, rules=rules)(deals)
        effective = effective_worlds(weights)
        weighed = []
        for o, w in zip(options, weighted_choices(options, shares, made, weights, sign, exact), strict=True):
            halves = (w.without / 2, w.with_it / 2, w.gain / 2, w.stderr_gain / 2)
            weighed.append(KontraChoice(o, count, *halves, w.p_made, exact, seat == 0, effective))
        return KontraAdvice(
            seat, own, talon, bid, trump, rules, spec, base, info, weighed, count, seed, exact, effective
        )
    weighed = []
    for option, doubled in zip(options, shares[1:], strict=True):
        without = summary([sign * s for s in shares[0]], exact)
        with_it = summary([sign * s for s in doubled], exact)
        gain = summary([sign * (b - a) for a, b in zip(shares[0], doubled, strict=True)], exact)
        weighed.append(
            KontraChoice(
                option,
                count,
                without.mean / 2,
                with_it.mean / 2,
                gain.mean / 2,
                gain.stderr / 2,
                sum(made[option.component]) / count,
                exact,
                seat == 0,
            )
        )
    return KontraAdvice(seat, own, talon, bid, trump, rules, spec, base, info, weighed, count, seed, exact)


def _worlds_task_on(deals, seat, bid, trump, kontras, components, *, rules: Rules):
    """:func:`_worlds_task` on worlds given, each counted once."""
    every = WorldSource(GivenWorlds(tuple(deals)), exact=True)
    return _worlds_task(every, seat, bid, trump, kontras, components, range(len(deals)), rules=rules)


def _game(bid: Bid, trump) -> Tuple[Bid, Optional[int]]:
    pairs = trumps_to_solve(bid, trump)
    if len(pairs) > 1:
        raise KontraAdviceError(
            L_("a {bid} game is played in one trump: name it (bells, leaves or acorns)", bid=bid_words(bid))
        )
    return pairs[0]
