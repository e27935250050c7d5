"""The best bid (R35): every bid, trump and discard ranked by its double-dummy value.

A dealt deal has 150 candidates (36 trump bids in four trumps, three
betlis, three colorless durchmarses); a 12-card hand has 66 times as many.
Valuing each exactly would cost a value search apiece, so the ranking
only searches what can still matter:

* every candidate's best possible S (R34) comes from its settlement table
  alone -- components lost before play (R17-R20) are lost in it -- and a
  candidate whose best cannot reach the N-th best value found so far is
  skipped without a search;
* a candidate that might reach it is first asked the null-window question
  "can the declarer be sure of at least that?", which is cheaper than its
  exact value; only a yes is valued exactly.

The top N are exact and in rank order; ties keep the fixed candidate
order (discard in deal order, then the bid order of :data:`CANDIDATE_BIDS`,
then bells, leaves, acorns, hearts).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, List, Optional, Sequence, Tuple, cast

from .. import checks
from ..bids import NO_TRUMP_BIDS, NON_RED_TRUMPS, TRUMP_BIDS, Bid, red_form
from ..cards import HEARTS, Suit, card_name
from ..coerce import as_bids, as_deal, as_rules
from ..deal import Deal
from ..kontra import NO_KONTRA, NO_SPEC, KontraSpec, half, parse_kontra
from ..pricing import FinalTable, final_table
from ..scoring import Scoring
from ..search import component_makeable, implementation, reaches_units, solve, total_at_least, value_total
from ..solution import Solution
from ..variants import DEFAULT_RULES, Rules
from .discards import all_discards, twelve_card_deal

if TYPE_CHECKING:
    from ..accepted import BidsLike, DealLike, KontraSpecLike, RulesLike
    from ..runner import OnProgress

#: Every bid of R28, whatever its trump.
CANDIDATE_BIDS_ONLY = TRUMP_BIDS + NO_TRUMP_BIDS


#: (bid, trump) for a dealt deal, in the fixed order: each trump bid in bells, leaves,
#: acorns, then red (hearts); then the no-trump bids.
CANDIDATE_BIDS: Tuple[Tuple[Bid, Optional[Suit]], ...] = tuple(
    [(bid, t) for bid in TRUMP_BIDS for t in NON_RED_TRUMPS]
    + [(red_form(bid), HEARTS) for bid in TRUMP_BIDS]
    + [(bid, None) for bid in NO_TRUMP_BIDS]
)


@dataclass
class Candidate:
    """One discard, bid and trump; ``value`` once searched, ``rank`` once ranked."""

    order: int
    deal: Deal  # after the discard
    bid: Bid
    trump: Optional[Suit]
    discard: Optional[Tuple[int, int]]
    scoring: Scoring = field(repr=False)
    table: FinalTable = field(repr=False)  # the declarer's total of every final outcome (pricing.final_table)
    upper: int = 0  # the most the total could be: the table's best outcome, refined by _Reach.upper
    total: Optional[int] = None  # the value as the declarer's total, S_1 + S_2 (R34, R39)
    rank: Optional[int] = None
    solution: Optional[Solution] = field(default=None, repr=False)

    @property
    def value(self):
        """R34: S per defender, half the total."""
        return None if self.total is None else half(self.total)

    def as_json(self) -> dict:
        """As ``solve --value`` prints it, plus the rank (and the discard, for a 12-card hand)."""
        assert self.solution is not None  # solved for every ranked candidate, the ones printed
        data = self.solution.as_json()
        if self.discard is not None:
            data["discard"] = [card_name(c) for c in self.discard]
        data["rank"] = self.rank
        return data


@dataclass
class BestBids:
    """The ranked candidates and what it took to rank them."""

    ranked: List[Candidate]  # the top N (every candidate for N = 0), best first
    candidates: int  # how many there were
    searched: int  # given an exact value search
    tested: int  # given a null-window search that ruled them out
    skipped: int  # ruled out by a bound: their best outcome, or one goal at a time
    deal: Optional[Deal] = None  # the deal ranked (12 cards before the discard, or dealt)
    rules: Rules = DEFAULT_RULES
    kontra: KontraSpec = NO_SPEC  # the kontras applied to every candidate that has them

    def __str__(self) -> str:
        """The table ``ulti best`` prints: the hands, the ranked candidates, the best bid."""
        from ..render.best import best_lines  # the text layer, loaded only to print (as chess.svg)

        return "\n".join(best_lines(self))

    def best(self) -> List[Candidate]:
        """R35: every candidate with the highest value."""
        return [c for c in self.ranked if c.rank == 1]

    def summary(self) -> dict:
        return {
            "candidates": self.candidates,
            "searched": self.searched,
            "tested": self.tested,
            "skipped": self.skipped,
        }


def candidates_of(deal: Deal, bids: Optional[Sequence[Bid]] = None, *, rules: Rules = DEFAULT_RULES):
    """Every candidate of R35 for ``deal`` (dealt, or 12 cards before the discard), in the fixed order.

    ``bids`` restricts them (each in the trumps R28/R29 give it, as ``solve``
    plays it); yields ``(deal after the discard, bid, trump, discard)``.
    """
    from ..bids import trumps_to_solve

    games = CANDIDATE_BIDS if bids is None else [pair for bid in bids for pair in trumps_to_solve(bid, None)]
    if deal.before_discard:
        before = twelve_card_deal(deal)
        for discard in all_discards(before.hands[0]):
            after = before.discard(*discard)
            for bid, trump in games:
                yield after, bid, trump, discard
    else:
        for bid, trump in games:
            yield deal, bid, trump, None


class _Reach:
    """What the declarer can force, one goal at a time, for one deal and trump: the cheap
    questions that bound a candidate's value before its own search (see :meth:`upper`).

    Each bound is sound on its own: if the defenders can stop component c,
    then whatever the declarer does, they can hold the total to the best
    final outcome with c lost; if they can hold his points to U, to the best
    final with at most U points (R34 is a minimax, so the value is at most each).
    """

    def __init__(self, *, rules: Rules, impl: Optional[str]):
        self.rules, self.impl = rules, impl
        self.answers: dict = {}

    def makeable(self, cand: Candidate, component, scoring: Scoring) -> bool:
        key = (cand.deal, scoring.play, scoring.component_signature(component), component)
        if key not in self.answers:
            self.answers[key] = component_makeable(
                cand.deal, cand.bid, cand.trump, rules=self.rules, component=component, impl=self.impl
            )
        return self.answers[key]

    def reaches(self, cand: Candidate, scoring: Scoring, units: int) -> bool:
        """Whether the declarer can be sure of ``units`` card-point units (R4) in this game."""
        key = (cand.deal, scoring.play)
        low, high = self.answers.get(key, (0, 10))  # proved reachable, proved out of reach
        if units <= low:
            return True
        if units >= high:
            return False
        if reaches_units(cand.deal, cand.bid, cand.trump, rules=self.rules, units=units, impl=self.impl):
            low = units
        else:
            high = units
        self.answers[key] = (low, high)
        return units <= low

    def upper(self, cand: Candidate, bar: int) -> int:
        """A bound on the candidate's total, refined only while it is still at least ``bar``."""
        scoring, table = cand.scoring, cand.table
        upper = cand.upper
        for component in cand.bid.ordered_components():
            if upper < bar:
                return upper
            if not scoring.lost_before_play(component) and not self.makeable(cand, component, scoring):
                upper = min(upper, table.most(lost=component))
        if upper >= bar and cand.trump is not None:
            # The fewest units that could still pay ``bar``: can he be sure of that many?
            needed = next(u for u in range(10) if table.best_within[u] >= bar)
            if needed > 0 and not self.reaches(cand, scoring, needed):
                upper = min(upper, table.best_within[needed - 1])
        return upper


#: A bar below every value: the bounds that need no points search.
NO_BAR = -(10**6)


def best_bids(
    deal: DealLike,
    *,
    rules: RulesLike = DEFAULT_RULES,
    top: int = 10,
    bids: BidsLike = None,
    impl: Optional[str] = None,
    on_progress: Optional[OnProgress] = None,
    kontra: KontraSpecLike = NO_SPEC,
) -> BestBids:
    """R35: the ``top`` best candidates (all of them for ``top == 0``), exact and ranked.

    ``kontra`` is applied to every candidate that has the components it names
    (``all``: every component it has), so a player sees which bid survives a kontra.
    ``on_progress(done, total)`` is told how many candidates of how many are dealt with
    (:data:`ulti_solver.runner.OnProgress`).
    """
    deal, rules, bids, kontra = as_deal(deal), as_rules(rules), as_bids(bids), parse_kontra(kontra)
    top = checks.count("top", top, 0, why=" (0: every candidate)")
    on_progress = checks.callback("on_progress", on_progress)
    impl = implementation(impl)
    kontra.check_some_bid_has(CANDIDATE_BIDS_ONLY if bids is None else bids)
    pool: List[Candidate] = []
    for order, (after, bid, trump, discard) in enumerate(candidates_of(deal, bids, rules=rules)):
        scoring = Scoring(
            after,
            bid,
            trump,
            rules=rules,
            kontra=kontra.for_bid(bid, rules=rules, strict=False) if kontra else NO_KONTRA,
        )
        table = final_table(scoring)
        pool.append(Candidate(order, after, bid, trump, discard, scoring, table, table.most()))
    searched = tested = skipped = 0
    valued: List[Candidate] = []
    reach = _Reach(rules=rules, impl=impl)
    # Best first, lazily: the candidate with the highest bound is taken from a heap; a bound
    # not yet refined one goal at a time (_Reach.upper) is refined and goes back in, a refined
    # one is valued (or tested against the bar).  So the likeliest winners are valued first,
    # the bar rises at once, and once the highest bound left is below it every candidate left
    # is done -- most of them without their goals ever being asked.  With top 0 every
    # candidate is valued, and no bound is needed.
    waiting = [(-cand.upper, cand.order, top <= 0, index) for index, cand in enumerate(pool)]
    heapq.heapify(waiting)
    leaders: List[int] = []  # a min-heap of the ``top`` best totals found so far
    while waiting:
        _, order, refined, index = heapq.heappop(waiting)
        cand = pool[index]
        bar = leaders[0] if 0 < top <= len(leaders) else None
        if bar is not None and cand.upper < bar:
            skipped += 1 + len(waiting)  # the highest bound left: so is every other one
            break
        if not refined:
            cand.upper = reach.upper(cand, NO_BAR if bar is None else bar)
            heapq.heappush(waiting, (-cand.upper, order, True, index))
            continue
        game = _game(cand)
        if bar is not None and not total_at_least(*game, bar, rules=rules, kontra=cand.scoring.kontra, impl=impl):
            tested += 1
        else:
            cand.total = value_total(*game, rules=rules, kontra=cand.scoring.kontra, impl=impl)
            searched += 1
            valued.append(cand)
            if top > 0:
                (heapq.heappush if len(leaders) < top else heapq.heappushpop)(leaders, cand.total)
        if on_progress is not None:
            on_progress(searched + tested + skipped, len(pool))
    if on_progress is not None:
        on_progress(len(pool), len(pool))
    valued.sort(key=lambda c: (-cast(int, c.total), c.order))  # every valued candidate has its total
    ranked = _ranked(valued, top)
    for cand in ranked:
        cand.solution = solve(*_game(cand), rules=rules, value=True, kontra=cand.scoring.kontra, impl=impl)
    return BestBids(ranked, len(pool), searched, tested, skipped, deal, rules, kontra)


def _game(cand: Candidate) -> Tuple[Deal, Bid, Optional[Suit]]:
    return cand.deal, cand.bid, cand.trump


def _ranked(valued: List[Candidate], top: int) -> List[Candidate]:
    """Competition ranks (1, 1, 3, ...); the first ``top``, never cutting the best ones apart."""
    for index, cand in enumerate(valued):
        cand.rank = (
            1 if index == 0 else (valued[index - 1].rank if cand.total == valued[index - 1].total else index + 1)
        )
    if top <= 0:
        return valued
    shown = valued[:top]
    shown += [c for c in valued[top:] if c.rank == 1]
    return shown


def count_candidates(deal: Deal, bids: Optional[Iterable[Bid]] = None) -> int:
    """How many candidates :func:`best_bids` weighs for ``deal`` (66 discards each before the discard)."""
    from ..bids import trumps_to_solve

    per_deal = len(CANDIDATE_BIDS) if bids is None else sum(len(trumps_to_solve(b, None)) for b in bids)
    return per_deal * (66 if deal.before_discard else 1)
