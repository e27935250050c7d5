"""The standings of a duplicate match (R50): each bot's result per deal, and each pair's difference.

A bot's **score on a deal** is its result summed over its seats in each
game (a bot that sits twice wins or pays in both), averaged over the six
seatings (:mod:`.arrangements`): its mean result per deal.  Its standing
is the mean of that over the deals, with the standard error over deals
(the deals are independent; the six games of one deal are not).  A pair
of bots is compared deal by deal: the mean of A's score less B's on the
same deals, with the standard error of those differences (paired), and
*separated* when the difference is more than twice its standard error.

The sums are kept in integers (a result is a whole number of units), so
the standings are the same numbers whatever order the deals came back in,
and a :class:`Standings` is replaced whole by each deal added: a Ctrl-C
finds the standings before a deal or after it, never halfway.

**The duplicate and the double-dummy value.**  A deal's luck is what its
cards give each table seat; its double-dummy value is the natural control
variate for it.  Over the six seatings each bot holds each table seat
equally often, so any value of the deal seat by seat cancels out of its
score exactly: the duplicate *is* that control variate, with weight one and
a known mean (zero), at no cost.  A further control variate on the deal's
double-dummy value has nothing left to remove -- measured on 300 deals, it
explains under 1% of the variance of random against random (r = 0.09, within
chance) and 0.04% of random against a bot that always passes (docs/commands.md,
``python -m benchmarks.match --variance``) -- so none is used.
What the duplicate saves is measured on each match (:meth:`BotTally.duplicate_ratio`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import List, Optional, Tuple

from .arrangements import SEATINGS, seatings
from .games import DealPlayed

#: The forfeits a match names one by one (it counts them all).
FORFEITS_NAMED = 5
#: Decimals of the numbers in JSON.
DECIMALS = 4


@dataclass(frozen=True)
class Role:
    """A bot's games in one role.  As declarer: ``games`` bids won, ``won`` bids made; as defender:
    ``games`` defended, ``won`` bids beaten.  ``result`` and ``gain`` (of its kontras) are sums in
    units over the games, ``kontras`` the levels it said."""

    games: int = 0
    won: int = 0
    result: int = 0
    kontras: int = 0
    gain: int = 0

    def plus(self, won: bool, result: int, kontras: int, gain: int) -> Role:
        return Role(self.games + 1, self.won + won, self.result + result, self.kontras + kontras, self.gain + gain)


@dataclass(frozen=True)
class BotTally:
    """One bot's sums: seats played, its score per deal (summed over the seatings: ``total`` and
    ``squares``), its result per game (``game_total``, ``game_squares``), its roles and forfeits."""

    seats: int = 0
    total: int = 0
    squares: int = 0
    game_total: int = 0
    game_squares: int = 0
    declarer: Role = field(default_factory=Role)
    defender: Role = field(default_factory=Role)
    forfeits: int = 0


@dataclass(frozen=True)
class Summary:
    """A mean per deal and its standard error (None with fewer than two deals)."""

    mean: Optional[float]
    stderr: Optional[float]

    @property
    def separated(self) -> bool:
        """More than twice its standard error from zero."""
        return self.mean is not None and self.stderr is not None and abs(self.mean) > 2 * self.stderr


def summary(deals: int, total: int, squares: int, scale: int = SEATINGS) -> Summary:
    """The mean of ``deals`` values whose sum is ``total`` and sum of squares ``squares``, each
    value divided by ``scale``, and its standard error, from the exact sums."""
    if deals == 0:
        return Summary(None, None)
    mean = Fraction(total, deals * scale)
    if deals < 2:
        return Summary(float(mean), None)
    variance = Fraction(deals * squares - total * total, deals * (deals - 1) * scale * scale)
    return Summary(float(mean), math.sqrt(variance / deals))


@dataclass(frozen=True)
class Forfeited:
    """A forfeit the match names: the deal (from 1), the seating, the bot, the question, why."""

    deal: int
    seating: int
    bot: str
    ask: str
    why: str


@dataclass(frozen=True)
class Standings:
    """The standings after ``deals`` deals: a :class:`BotTally` per bot, the sums of each pair's
    differences per deal (``pairs``: (i, j) -> (sum, sum of squares), i < j), the first forfeits."""

    labels: Tuple[str, ...]
    deals: int = 0
    bots: Tuple[BotTally, ...] = ()
    pairs: Tuple[Tuple[Tuple[int, int], Tuple[int, int]], ...] = ()
    forfeited: Tuple[Forfeited, ...] = ()

    @classmethod
    def start(cls, labels) -> Standings:
        labels = tuple(labels)
        count = len(labels)
        pairs = tuple(((i, j), (0, 0)) for i in range(count) for j in range(i + 1, count))
        return cls(labels, 0, tuple(BotTally() for _ in labels), pairs)

    def add(self, played: DealPlayed) -> Standings:
        """The standings with one more deal (a new object: this one is left as it was)."""
        count = len(self.labels)
        seats = seatings(count)
        tallies = list(self.bots)
        scores = [0] * count
        forfeited = list(self.forfeited)
        for game in played.games:
            seating = seats[game.seating]
            in_game = [0] * count
            for seat, bot in enumerate(seating):
                result = game.by_seat[seat]
                in_game[bot] += result
                tally = tallies[bot]
                tally = replace(tally, seats=tally.seats + 1)
                if game.declarer == seat:
                    role = tally.declarer.plus(game.made is True, result, game.kontras[seat], game.kontra_gain[seat])
                    tally = replace(tally, declarer=role)
                elif game.declarer is not None:
                    role = tally.defender.plus(game.made is False, result, game.kontras[seat], game.kontra_gain[seat])
                    tally = replace(tally, defender=role)
                tallies[bot] = tally
            if game.forfeit is not None:
                bot = seating[game.forfeit[0]]
                tallies[bot] = replace(tallies[bot], forfeits=tallies[bot].forfeits + 1)
                if len(forfeited) < FORFEITS_NAMED:
                    forfeited.append(
                        Forfeited(played.deal_index + 1, game.seating, self.labels[bot], *game.forfeit[1:])
                    )
            for bot, result in enumerate(in_game):
                tally = tallies[bot]
                tallies[bot] = replace(
                    tally, game_total=tally.game_total + result, game_squares=tally.game_squares + result * result
                )
                scores[bot] += result
        for bot, score in enumerate(scores):
            tally = tallies[bot]
            tallies[bot] = replace(tally, total=tally.total + score, squares=tally.squares + score * score)
        pairs = tuple(
            ((i, j), (s + scores[i] - scores[j], q + (scores[i] - scores[j]) ** 2)) for (i, j), (s, q) in self.pairs
        )
        return Standings(self.labels, self.deals + 1, tuple(tallies), pairs, tuple(forfeited))

    # -- what the standings say ------------------------------------------------------------------

    def score(self, bot: int) -> Summary:
        """The bot's mean result per deal and its standard error."""
        tally = self.bots[bot]
        return summary(self.deals, tally.total, tally.squares)

    def difference(self, first: int, second: int) -> Summary:
        """``first``'s score less ``second``'s on the same deals, with its paired standard error."""
        sums = dict(self.pairs)
        if first < second:
            total, squares = sums[(first, second)]
            return summary(self.deals, total, squares)
        total, squares = sums[(second, first)]
        return summary(self.deals, -total, squares)

    def ranked(self) -> List[int]:
        """The bots, best mean first (ties in the order given)."""
        return sorted(range(len(self.labels)), key=lambda b: (-self.bots[b].total, b))

    def per_deal(self, units: int) -> Optional[float]:
        """A sum of results over the games as units per deal (over the six seatings)."""
        return None if self.deals == 0 else units / (self.deals * SEATINGS)

    def duplicate_ratio(self, bot: int) -> Optional[float]:
        """The bot's standard error, as a fraction of what as many games would give on fresh deals,
        one seating each (the variance of a game's result over six, from the same games): below 1
        the duplicate saves deals, 0.5 saves three in four."""
        per_game = per_game_variance(self.bots[bot], self.deals * SEATINGS)
        score = self.score(bot).stderr
        if not per_game or score is None:
            return None
        return score / math.sqrt(per_game / SEATINGS / self.deals)

    # -- JSON (INTERFACE.md, "Bots and matches") -----------------------------------------------

    def bot_json(self, bot: int) -> dict:
        tally, score = self.bots[bot], self.score(bot)
        declarer, defender = tally.declarer, tally.defender
        return {
            "bot": self.labels[bot],
            "deals": self.deals,
            "mean": _rounded(score.mean),
            "stderr": _rounded(score.stderr),
            "declarer": {
                "seats": tally.seats,
                "bids_won": declarer.games,
                "made": declarer.won,
                "mean": _rounded(self.per_deal(declarer.result)),
                "kontras": declarer.kontras,
                "kontra_gain": _rounded(self.per_deal(declarer.gain)),
            },
            "defender": {
                "games": defender.games,
                "beaten": defender.won,
                "mean": _rounded(self.per_deal(defender.result)),
                "kontras": defender.kontras,
                "kontra_gain": _rounded(self.per_deal(defender.gain)),
            },
            "forfeits": tally.forfeits,
        }

    def pair_json(self, first: int, second: int) -> dict:
        difference = self.difference(first, second)
        return {
            "pair": [self.labels[first], self.labels[second]],
            "difference": _rounded(difference.mean),
            "stderr": _rounded(difference.stderr),
            "separated": difference.separated,
        }

    def pair_order(self) -> List[Tuple[int, int]]:
        """The pairs as the output lists them: in the order the bots were given."""
        return [pair for pair, _sums in self.pairs]


def _rounded(value: Optional[float]) -> Optional[float]:
    return None if value is None else round(value, DECIMALS)


def per_game_variance(tally: BotTally, games: int) -> Optional[Fraction]:
    """The variance of the bot's result per game (its seats summed), over ``games`` games."""
    if games < 2:
        return None
    return Fraction(games * tally.game_squares - tally.game_total**2, games * (games - 1))
