"""What ``ulti bid`` reports: each candidate's race and fresh-world figures, and the advice (R43)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional

from ..bids import Bid
from ..cards import SUIT_NAMES, card_name, format_hand
from ..dealing import Constraints
from ..kontra import NO_SPEC, KontraSpec
from ..variants import Rules
from .bid_candidates import BidCandidate
from .racing import Paired, differences, summary


@dataclass(frozen=True)
class BidChoice:
    """One candidate as reported: its race over shared worlds and its holdout on fresh ones.

    Every figure is of the declarer's totals S_1 + S_2 (R39); the properties give units per
    defender.  ``behind`` is the first-ranked's totals minus this one's, world by world."""

    rank: int
    candidate: BidCandidate
    race: Paired
    made: Optional[int]
    holdout: Optional[Paired]
    behind: Paired

    @property
    def discard(self):
        return self.candidate.discard

    @property
    def bid(self) -> Bid:
        return self.candidate.bid

    @property
    def trump(self):
        return self.candidate.trump

    @property
    def samples(self) -> int:
        return self.race.n

    @property
    def mean_value(self) -> float:
        return self.race.per_defender

    @property
    def stderr_value(self) -> float:
        return self.race.stderr_per_defender

    @property
    def p_made(self) -> Optional[float]:
        return None if self.made is None or not self.race.n else self.made / self.race.n

    def as_json(self) -> dict:
        """The object of ``ulti bid --json`` (INTERFACE.md, "The player's view")."""
        from .simulate import wilson

        ci95 = None
        if self.made is not None:
            low, high = wilson(self.made, self.samples)
            ci95 = [round(low, 6), round(high, 6)]
        data = {
            "rank": self.rank,
            "discard": [card_name(c) for c in self.discard],
            "bid": str(self.bid),
            "trump": None if self.trump is None else SUIT_NAMES[self.trump],
        }
        if self.candidate.kontra:
            data["kontra"] = self.candidate.kontra.as_json()
        data.update(
            {
                "samples": self.samples,
                "mean_value": round(self.mean_value, 6),
                "stderr_value": round(self.stderr_value, 6),
                "p_made": None if self.p_made is None else round(self.p_made, 6),
                "ci95": ci95,
                "holdout_samples": 0 if self.holdout is None else self.holdout.n,
                "holdout_mean": None if self.holdout is None else round(self.holdout.per_defender, 6),
                "holdout_stderr": None if self.holdout is None else round(self.holdout.stderr_per_defender, 6),
                "behind_first": round(self.behind.per_defender, 6),
                "stderr_behind": round(self.behind.stderr_per_defender, 6),
                "same_as": [[card_name(c) for c in d] for d in self.candidate.same_as],
            }
        )
        return data


@dataclass
class BidAdvice:
    """The best candidates of a 12-card hand, best first, and how sure the race is of them."""

    constraints: Constraints
    rules: Rules
    choices: List[BidChoice]
    counts: Dict[str, int]  # candidates, merged, beaten, dropped_on_bounds, dropped_on_values, left
    looks: List[int]  # the worlds of each look completed
    seed: int
    exact: bool
    world_count: Optional[int]  # every world's count, when exact
    samples_asked: int
    separated: Optional[bool]  # whether the first is ahead of the second beyond chance
    kontra: KontraSpec = NO_SPEC
    partial: bool = False
    interrupted: Optional[BaseException] = field(default=None, repr=False)
    out_of_time: bool = False
    runoff: bool = False  # the best raced on for a second round of worlds, the first not yet separated
    seconds: float = 0.0
    unseparated: int = 0  # how many of the best the race did not separate from the first, the first too
    pick: int = 0  # the index in choices of the one advised: the fresh worlds' favourite when unseparated
    recheck: Optional[Paired] = None  # the one advised valued again on other fresh worlds, when chosen by them
    holdout_asked: int = 0  # fresh worlds asked for; fewer were valued when the time ran out

    def recommended(self) -> Optional[BidChoice]:
        """The candidate advised: the first, or, when the race did not separate it from others,
        the one of them the fresh worlds favour (bidding, step 5)."""
        return self.choices[self.pick] if self.choices else None

    def choice_json(self, choice: BidChoice) -> dict:
        """The object of ``ulti bid --json`` for ``choice``: its own figures, whether it is the one
        advised, and, for that one when the fresh worlds chose it, its recheck."""
        data = choice.as_json()
        data["recommended"] = choice is self.recommended()
        checked = self.recheck if choice is self.recommended() else None
        data["recheck_samples"] = 0 if checked is None else checked.n
        data["recheck_mean"] = None if checked is None else round(checked.per_defender, 6)
        data["recheck_stderr"] = None if checked is None else round(checked.stderr_per_defender, 6)
        if self.partial:
            data["partial"] = True
        return data

    @property
    def hand(self) -> str:
        return format_hand(self.constraints.hand)

    @property
    def worlds(self) -> int:
        return self.looks[-1] if self.looks else 0

    def best(self) -> Optional[BidChoice]:
        return self.choices[0] if self.choices else None

    def __str__(self) -> str:
        from ..render.bid import advice_lines  # the text layer, loaded only to print (as chess.svg)

        return "\n".join(advice_lines(self))


def ranked_choices(race, shown, n, made, kept_out, exact) -> List[BidChoice]:
    """The reported candidates with their ranks (equal means share one) and figures."""
    choices: List[BidChoice] = []
    if not shown:
        return choices
    first = race.totals[shown[0].order][:n]
    for index, cand in enumerate(shown):
        totals = race.totals[cand.order][:n]
        stats = summary(totals, exact)
        rank = index + 1
        if choices and choices[-1].race.mean == stats.mean:
            rank = choices[-1].rank
        choices.append(
            BidChoice(
                rank,
                cand,
                stats,
                made.get(cand.order),
                kept_out.get(cand.order),
                summary(differences(first, totals), exact),
            )
        )
    return choices
