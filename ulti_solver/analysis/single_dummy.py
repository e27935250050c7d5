"""Single-dummy values (R43): which card to play from what one seat has seen.

A seat does not see the other hands; its information set (R40-R42,
:mod:`ulti_solver.knowledge`) says which placements of the unseen cards,
the *worlds*, fit what it has seen.  A card's single-dummy value is the
mean, over the worlds, of the double-dummy value (R34, with kontras R39)
after it: perfect-information Monte Carlo.  Every card is valued on the
same worlds, so a difference between two cards carries its own, paired,
standard error; with every world counted (``samples="all"``) the means
are exact, and kept as fractions.

All the arithmetic is on the declarer's totals S_1 + S_2 (integers); a
value per defender is half of it.  World ``i`` depends on (seed, i) alone
and the totals are summed in world order, so the answer is the same
however the worlds are spread over workers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, List, NamedTuple, Optional, Sequence, Tuple, Union

from ..cards import Card, card_label, card_name, cards_of
from ..deal import SEAT_SUBJECTS
from ..errors import UltiInputError
from ..i18n import L_
from ..knowledge import InformationSet
from ..knowledge.source import WorldSource
from ..kontra import NO_KONTRA, Kontra
from ..play import DECLARER, legal_moves
from ..search import world_joints, world_totals

if TYPE_CHECKING:
    from ..accepted import SamplesLike
    from .replay import GameAnalysis

#: ``--samples all`` counts every world up to this many; more is an error that names the count.
MOST_WORLDS = 100_000
#: ``--knowable all`` draws this many worlds for a card whose player could not tell more than
#: :data:`MOST_WORLDS` apart (the first tricks of a game: millions); every other card counts all.
KNOWABLE_DRAWN = 1_000
#: Worlds per task for a pool or a cluster: enough search that shipping it costs little.
WORLDS_PER_TASK = 25
#: R44: the knowable (or hindsight) loss, in units per defender, from which a card is marked.
BANDS = ((8, "blunder"), (3, "mistake"), (1, "inaccuracy"))


class WorldsError(UltiInputError):
    """Too many worlds to count them all, or a sample size that cannot be."""


def band(loss, stderr=0.0) -> Optional[str]:
    """R44: inaccuracy from 1 unit per defender, mistake from 3, blunder from 8; an estimated
    loss takes a band only when it exceeds twice its standard error."""
    if stderr and loss <= 2 * stderr:
        return None
    for least, name in BANDS:
        if loss >= least:
            return name
    return None


def chosen_worlds(info: InformationSet, samples: Union[int, str], seed: int):
    """The worlds a question is asked on: every world (``"all"``), or ``samples`` drawn ones."""
    if samples == "all":
        count = info.count()
        if count > MOST_WORLDS:
            raise WorldsError(
                L_(
                    "{count:,} worlds fit what {seat} has seen, more than {most:,} to count one "
                    "by one: give a number of samples instead (--samples N)",
                    count=count,
                    seat=_seat(info.seat),
                    most=MOST_WORLDS,
                )
            )
        return list(info.worlds()), True
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
        raise WorldsError(_NOT_SAMPLES(samples))
    return WorldSource(info, seed).deals(range(samples)), False


def _seat(seat: int):
    return SEAT_SUBJECTS[seat]


def _NOT_SAMPLES(samples):
    return L_("samples is a number of worlds (1 or more) or 'all', not {samples!r}", samples=samples)


def legal_cards(info: InformationSet) -> List[Card]:
    """The cards the seat to move may play (R9-R12): it knows its own hand."""
    if len(info.played) == 30:
        raise WorldsError(L_("the game is over: nothing left to play"))
    if info.to_move != info.seat:
        raise WorldsError(
            L_(
                "it is {seat}'s turn, not {asking}'s: value the cards of the seat to move",
                seat=_seat(info.to_move),
                asking=_seat(info.seat),
            )
        )
    hand = info.hand & ~info.table.by_seat[info.seat]
    return list(cards_of(legal_moves(hand, info.table.trick, info.play, info.seat == DECLARER)))


def _totals_of_chunk(info: InformationSet, cards: Sequence[Card], made: bool, worlds, *, kontra: Kontra) -> list:
    """Each card's totals (and whole-bid answers) on one chunk of worlds: a task for a worker."""
    played = list(info.played)
    answers = []
    for card in cards:
        totals = world_totals(worlds, info.bid, info.trump, rules=info.rules, played=played + [card], kontra=kontra)
        joints = world_joints(worlds, info.bid, info.trump, rules=info.rules, played=played + [card]) if made else None
        answers.append((totals, joints))
    return answers


def _drawn_chunk(info, cards, made, seed, indices, *, kontra: Kontra) -> list:
    return _totals_of_chunk(info, cards, made, WorldSource(info, seed).deals(indices), kontra=kontra)


def card_totals(
    info: InformationSet,
    cards: Sequence[Card],
    worlds: Optional[Sequence] = None,
    *,
    samples: int = 0,
    seed: int = 0,
    kontra: Kontra = NO_KONTRA,
    made: bool = False,
    jobs: int = 1,
    cluster=None,
    on_progress=None,
    runner=None,
) -> Tuple[List[List[int]], Optional[List[List[bool]]]]:
    """Per card, the declarer's total in every world, in world order (and whether the whole bid
    is made, with ``made``): ``worlds`` given, or ``samples`` drawn from ``seed``, the draws made
    in the workers when spread (``jobs`` processes, or a Dask ``cluster``; or ``runner``, a
    :class:`~ulti_solver.runner.Runner`, in their place).  ``on_progress(done, total)`` is told
    how many worlds of how many are done, after each chunk (:data:`~ulti_solver.runner.OnProgress`)."""
    from ..runner import report_progress, runner_for

    chunks: List[Sequence[object]]  # worlds given, or the indices of worlds to draw
    if worlds is not None:
        chunks = [list(worlds[i : i + WORLDS_PER_TASK]) for i in range(0, len(worlds), WORLDS_PER_TASK)]
        work = partial(_totals_of_chunk, info, list(cards), made, kontra=kontra)
    else:
        chunks = [range(i, min(i + WORLDS_PER_TASK, samples)) for i in range(0, samples, WORLDS_PER_TASK)]
        work = partial(_drawn_chunk, info, list(cards), made, seed, kontra=kontra)
    totals: List[List[int]] = [[] for _ in cards]
    joints: List[List[bool]] = [[] for _ in cards]
    count = len(worlds) if worlds is not None else samples
    with runner_for(runner, jobs, cluster) as run, run.results(work, chunks, spread=False) as results:
        for answers in results:
            for index, (chunk_totals, chunk_joints) in enumerate(answers):
                totals[index].extend(chunk_totals)
                if made:
                    joints[index].extend(chunk_joints)
            report_progress(on_progress, len(totals[0]), count)
    return totals, (joints if made else None)


@dataclass(frozen=True)
class CardValue:
    """One card's single-dummy value (R43), in units per defender, from the declarer's side,
    and what it loses against the best card on the same worlds, from the mover's side."""

    card: Card
    samples: int
    mean_total: Fraction  # the mean of the declarer's totals over the worlds, exactly
    stderr_value: float
    loss_total: Fraction  # the mean of (best card's total - this card's), from the mover's side
    stderr_loss: float
    p_made: Optional[float]
    best: bool

    @property
    def mean_value(self) -> float:
        return float(self.mean_total / 2)

    @property
    def loss(self) -> float:
        return float(self.loss_total / 2)

    @property
    def label(self) -> str:
        return card_label(self.card)

    def as_json(self) -> dict:
        """The object of ``ulti play --json`` (INTERFACE.md, "The player's view")."""
        return {
            "card": card_name(self.card),
            "samples": self.samples,
            "mean_value": round(self.mean_value, 6),
            "stderr_value": round(self.stderr_value, 6),
            "loss": round(self.loss, 6),
            "stderr_loss": round(self.stderr_loss, 6),
            "p_made": None if self.p_made is None else round(self.p_made, 6),
            "best": self.best,
        }


def _stderr(values: Sequence[int], exact: bool) -> float:
    """The standard error of the mean of ``values`` (halved: per defender); 0 when every world is counted."""
    n = len(values)
    if exact or n < 2:
        return 0.0
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(variance / n) / 2


def values_of_cards(
    cards: Sequence[Card], totals: Sequence[Sequence[int]], declarer: bool, exact: bool, joints=None
) -> List[CardValue]:
    """Each card's value and loss from its totals on the shared worlds, best first (R43)."""
    n = len(totals[0])
    means = [Fraction(sum(t), n) for t in totals]
    sign = 1 if declarer else -1
    top = max(range(len(cards)), key=lambda i: (sign * means[i], -i))
    found = []
    for index, card in enumerate(cards):
        diffs = [sign * (b - t) for b, t in zip(totals[top], totals[index], strict=True)]
        loss = Fraction(sum(diffs), n)
        found.append(
            CardValue(
                card,
                n,
                means[index],
                _stderr(totals[index], exact),
                loss,
                _stderr(diffs, exact),
                None if joints is None else sum(joints[index]) / n,
                loss == 0,
            )
        )
    found.sort(key=lambda v: (v.loss_total, v.card))
    return found


#: Weighted means are floats: two that agree to this many digits are a tie.
TIE_DIGITS = 9


def weighted_values_of_cards(
    cards: Sequence[Card],
    totals: Sequence[Sequence[int]],
    weights: Sequence[float],
    declarer: bool,
    exact: bool,
    joints=None,
) -> List[CardValue]:
    """:func:`values_of_cards` on weighted worlds (``ulti play --infer``, a player's aid beside
    R42's equal worlds): self-normalised means, the weighted standard error, and each loss paired
    on the same worlds (:func:`~ulti_solver.inference.weights.weighted_summary`)."""
    from ..inference.weights import weighted_summary

    means = [weighted_summary(t, weights, exact).mean for t in totals]
    sign = 1 if declarer else -1
    # Floats: means equal but for rounding are equal (the first card wins a tie, as unweighted).
    top = max(range(len(cards)), key=lambda i: (round(sign * means[i], TIE_DIGITS), -i))
    total_weight = sum(weights)
    found = []
    for index, card in enumerate(cards):
        value = weighted_summary(totals[index], weights, exact)
        diffs = [sign * (b - t) for b, t in zip(totals[top], totals[index], strict=True)]
        loss = weighted_summary(diffs, weights, exact)
        rounded = round(loss.mean, TIE_DIGITS)
        loss_total = Fraction(0) if index == top or not any(diffs) or rounded == 0 else Fraction(loss.mean)
        made = None if joints is None else sum(w for w, j in zip(weights, joints[index]) if j) / total_weight
        found.append(
            CardValue(
                card,
                len(weights),
                Fraction(value.mean),
                value.stderr / 2,
                loss_total,
                loss.stderr / 2,
                made,
                loss_total == 0,
            )
        )
    found.sort(key=lambda v: (v.loss_total, v.card))
    return found


@dataclass(frozen=True)
class PlayAdvice:
    """Every legal card of the seat to move, valued on the same worlds (R43), best first."""

    info: InformationSet
    cards: List[CardValue]
    worlds: int  # how many worlds the values are over
    exact: bool  # every world counted
    count: int  # how many worlds fit
    seed: int
    kontra: Kontra = NO_KONTRA
    #: With weighted worlds (``--infer``): how many equally weighted worlds they are worth.
    effective_worlds: Optional[float] = None

    def best(self) -> List[CardValue]:
        return [c for c in self.cards if c.best]

    def __str__(self) -> str:
        from ..render.play import advice_lines  # the text layer, loaded only to print (as chess.svg)

        return "\n".join(advice_lines(self))


def play_values(
    info: InformationSet,
    samples: SamplesLike = 200,
    *,
    seed: int = 0,
    kontra: Kontra = NO_KONTRA,
    jobs: int = 1,
    cluster=None,
    on_progress=None,
    runner=None,
    weigh=None,
) -> PlayAdvice:
    """R43: each legal card's single-dummy value for the seat to move, on ``samples`` worlds drawn
    from ``seed`` (or ``"all"``: every world, exact), with how often the whole bid is made.
    ``jobs``, ``cluster``, ``runner`` and ``on_progress(done, total)`` (worlds) as for
    :func:`card_totals`.  ``weigh`` (worlds -> weights), given, weighs the worlds instead of
    counting them alike (``ulti play --infer``; R42's equal worlds are the default)."""
    cards = legal_cards(info)
    count = info.count()
    if samples == "all" or weigh is not None:  # weighed worlds are drawn here: the weights read them
        worlds, exact = chosen_worlds(info, samples, seed)
        n = len(worlds)
    else:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise WorldsError(_NOT_SAMPLES(samples))
        worlds, exact, n = None, False, samples  # drawn in the workers
    totals, joints = card_totals(
        info,
        cards,
        worlds,
        samples=n,
        seed=seed,
        kontra=kontra,
        made=True,
        jobs=jobs,
        cluster=cluster,
        on_progress=on_progress,
        runner=runner,
    )
    declarer = info.to_move == DECLARER
    if weigh is None:
        return PlayAdvice(info, values_of_cards(cards, totals, declarer, exact, joints), n, exact, count, seed, kontra)
    from ..inference.weights import effective_worlds

    weights = list(weigh(worlds))
    valued = weighted_values_of_cards(cards, totals, weights, declarer, exact, joints)
    return PlayAdvice(info, valued, n, exact, count, seed, kontra, effective_worlds(weights))


# -- R44: was a played card an error, given what its player knew? -----------------------------

#: Draws for card k of a game use world indices from k * WORLD_STRIDE on: each card its own worlds.
WORLD_STRIDE = 1_000_000


class Knowable(NamedTuple):
    """R44 from a card's own seat: its loss against the best card on the worlds its player could
    not tell apart, the loss's standard error, on how many worlds, whether every world was
    counted (exact), and the cards that were best on them."""

    loss: float
    stderr: float
    samples: int
    exact: bool
    best: Tuple[Card, ...]


def knowable_loss(analysis, index: int, samples: Union[int, str], seed: int) -> Knowable:
    """R44 for card ``index`` (0-based) of an analysed game: the loss of the card played against
    the best card, on the worlds its player could not tell apart at that moment (R42, R43), in units
    per defender from his side.  ``samples="all"`` counts every world where there are at most
    :data:`MOST_WORLDS`, and draws :data:`KNOWABLE_DRAWN` where there are more."""
    from ..knowledge import information_set

    verdict = analysis.verdicts[index]
    played = [v.card for v in analysis.verdicts[:index]]
    info = information_set(
        analysis.deal, analysis.bid, analysis.trump, rules=analysis.rules, played=played, seat=verdict.seat
    )
    cards = legal_cards(info)
    if len(cards) == 1:
        return Knowable(0.0, 0.0, 0, True, (verdict.card,))  # a forced card loses nothing, whatever the worlds
    if samples == "all" and info.count() <= MOST_WORLDS:
        worlds, exact = list(info.worlds()), True
    else:
        if samples == "all":
            drawn = KNOWABLE_DRAWN
        elif isinstance(samples, int):
            drawn = samples
        else:
            raise WorldsError(_NOT_SAMPLES(samples))
        first = index * WORLD_STRIDE
        worlds, exact = WorldSource(info, seed).deals(range(first, first + drawn)), False
    totals, _ = card_totals(info, cards, worlds, kontra=analysis.kontra)
    valued = values_of_cards(cards, totals, verdict.seat == DECLARER, exact)
    mine = next(v for v in valued if v.card == verdict.card)
    best = tuple(v.card for v in valued if v.best)
    return Knowable(mine.loss, mine.stderr_loss, len(worlds), exact, best)


def _knowable_task(analysis, samples, seed, index):
    return knowable_loss(analysis, index, samples, seed)


def with_knowable(
    analysis: GameAnalysis,
    samples: SamplesLike = 100,
    *,
    seed: int = 0,
    jobs: int = 1,
    cluster=None,
    on_progress=None,
    runner=None,
):
    """The analysis with every card's knowable verdict (R44) beside its hindsight one: the worlds of
    card k are drawn from its player's information set at that moment (``samples`` of them, or
    ``"all"``: every world, exact, where at most 100,000 fit; 1,000 drawn where more do).  Cards
    are spread over ``jobs`` processes (or a Dask ``cluster``; or ``runner``, a
    :class:`~ulti_solver.runner.Runner`, in their place), each drawing its own worlds, so the answer
    is the same however it is spread.  ``on_progress(done, total)`` is told how many cards of how
    many are done (:data:`~ulti_solver.runner.OnProgress`)."""
    import dataclasses

    from ..runner import report_progress, runner_for

    if samples != "all" and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
        raise WorldsError(_NOT_SAMPLES(samples))
    work = partial(_knowable_task, analysis, samples, seed)
    indices = range(len(analysis.verdicts))
    verdicts = []
    with runner_for(runner, jobs, cluster) as run, run.results(work, indices, spread=False) as results:
        for verdict, judged in zip(analysis.verdicts, results, strict=True):
            verdicts.append(
                dataclasses.replace(
                    verdict,
                    knowable_loss=judged.loss,
                    knowable_stderr=judged.stderr,
                    knowable_samples=judged.samples,
                    knowable_exact=judged.exact,
                    knowable_best=list(judged.best),
                )
            )
            report_progress(on_progress, len(verdicts), len(indices))
    return dataclasses.replace(analysis, verdicts=verdicts)
