"""The declarer's last discard and bid of a whole game, judged from the twelve cards he held (R43, R44).

At his last bid the declarer held twelve cards: his own ten and the talon
he picked up (or robbed back), or, for table seat 0's opening bid, the
twelve he was dealt.  He laid two of them and said a bid that had to beat
the standing one (R46, R47); then he named the trump.  The question is
``ulti bid``'s, restricted to the bids he could say at that moment: which
discard, bid and trump is worth most on the worlds he could not tell apart
(R42, R43), and how much his own choice lost against it (R44, in units per
defender, from his side).

**What the worlds condition on** (R40 extended to the auction, R46): his
twelve cards; and every card he saw earlier in the auction (a talon he
picked up before, cards he laid) that he no longer holds and that can only
be in one of the other two hands, placed there.  The auction's card flow
is followed from his seat (:func:`whereabouts`): a card he laid lies in the
talon until someone picks it up; a card of another hand may have been laid
by that player, unseen by him.  The other twenty cards are split ten and ten
between the two others, all such splits equally likely.

**How it is valued.**  :func:`~ulti_solver.analysis.bidding.advise_bid`
races every discard, legal bid and trump on worlds drawn from the seed and
names the best (no holdout of its own); that one and his choice are then
valued on fresh worlds (from :data:`JUDGE_FROM` on, never seen by the race),
world by world, so that the loss is their paired difference with its own
standard error, unbiased by the race's choice.  With ``samples="all"``
every world is counted where at most ``bidding.MOST_WORLDS`` fit (his
twelve cards alone leave 184,756), the race is exact, and the loss is exact
too; where more fit, :data:`ALL_DRAWN` are drawn.

Not judged, with the reason said: a game thrown in (R49); a last bid said
under ``rablo`` over the talon as it lay (he chose no discard from twelve:
his hand was ten and the talon unseen or fixed); a trump bid conceded
before the trump was named.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Dict, List, Optional, Set, Tuple, Union

from ..bids import Bid
from ..cards import SUIT_NAMES, Card, Hand, Suit, card_name, format_hand
from ..dealing import Constraints
from ..game.actions import PASS, PICK_UP
from ..i18n import L_, Message
from ..kontra import NO_KONTRA
from .bid_worlds import hand_worlds
from .racing import Paired, differences, summary
from .single_dummy import band

if TYPE_CHECKING:
    from ..game.referee import Game
    from ..runner import OnProgress, Runner
    from .bidding import BidAdvice

#: The fresh worlds of the comparison start here, far from the race's (0 on) and ``ulti bid``'s
#: holdout and recheck (1 << 40, 2 << 40).
JUDGE_FROM = 3 << 40
#: Worlds per task when the two choices are valued.
WORLDS_PER_TASK = 25
#: ``samples="all"`` counts every world up to ``bidding.MOST_WORLDS`` and draws this many where
#: more fit (as ``analyse --knowable all`` does for a card).
ALL_DRAWN = 1_000
TALON = 3


@dataclass(frozen=True)
class BidMoment:
    """The declarer's last bid as he faced it: ``seat`` (a table seat) held ``twelve`` cards,
    knew ``known`` cards to be in the R5 seat 1 and seat 2 hands, could say ``legal`` (over
    ``outbid``, None for the opening bid), and laid ``discard``, said ``bid`` and named ``trump``."""

    seat: int
    index: int  # the auction action's index
    twelve: Hand
    known: Tuple[Hand, Hand]
    legal: Tuple[Bid, ...]
    outbid: Optional[Bid]
    discard: Tuple[Card, Card]
    bid: Bid
    trump: Optional[Suit]

    def constraints(self) -> Constraints:
        return Constraints(self.twelve, seat1=self.known[0], seat2=self.known[1])


def whereabouts(actions, seat: int, upto: int, talons: List[Optional[Hand]]) -> Dict[Card, Set[int]]:
    """Where ``seat`` knows each card he saw and no longer holds may be, after the pick-up of
    action ``upto`` (R46): table seats, or :data:`TALON`.  ``talons[i]`` is the talon lying
    before action i.  A card he laid is in the talon; the one who picks the talon up holds it;
    one who lays two of his twelve may have laid it (unseen by ``seat``)."""
    where: Dict[Card, Set[int]] = {}
    for i, action in enumerate(actions[: upto + 1]):
        talon = talons[i] or 0
        if action.kind == PICK_UP:
            if action.seat == seat:
                for card in list(where):
                    if (talon >> card) & 1:
                        del where[card]  # back in his hand
                    else:
                        where[card].discard(TALON)  # not in the talon he now sees
            else:
                for places in where.values():
                    if TALON in places:
                        places.discard(TALON)
                        places.add(action.seat)
        if i == upto or action.discard is None:
            continue
        if action.seat == seat:
            for card in action.discard:
                where[card] = {TALON}
        else:
            for places in where.values():
                if action.seat in places:
                    places.add(TALON)
    return where


def bid_moment(game: Game) -> Union[BidMoment, Message]:
    """The declarer's last bid (:class:`BidMoment`), or why it is not judged (a message)."""
    from ..game.auction import Auction

    end = game.end
    if end is None or game.thrown_in:
        return L_("the deal was thrown in (R49): no bid was played")
    seat, actions = end.declarer, game.auction.actions
    index = max(i for i, a in enumerate(actions) if a.seat == seat and a.kind != PASS)
    auction, talons = Auction(game.dealt, rules=game.rules), []
    for action in actions[:index]:
        talons.append(auction.talon)
        auction.apply(action)
    talons.append(auction.talon)
    last = actions[index]
    if last.discard is None:
        return L_(
            "his last bid was said over the talon as it lay (rablo, R46): he laid no two of twelve cards, "
            "so it is not judged as ulti bid judges a hand"
        )
    bid = last.bid
    assert bid is not None  # a pick-up or an opening says a bid
    trump = game.trump
    if bid.has_trump and trump is None:
        return L_("he conceded before naming the trump: his choice of trump is not known")
    twelve = auction.discard_pool(last.kind)
    where = whereabouts(actions, seat, index, talons)
    known = [0, 0]
    for card, places in where.items():
        if len(places) == 1:
            (place,) = places
            assert place != TALON  # his last action took the talon up, or he opened
            known[end.r5_seat(place) - 1] |= 1 << card
    return BidMoment(
        seat,
        index,
        twelve,
        (known[0], known[1]),
        auction.legal_bids(),
        auction.standing_bid,
        (last.discard[0], last.discard[1]),
        bid,
        trump,
    )


@dataclass(frozen=True)
class BidJudgement:
    """The declarer's discard, bid and trump against the best of those he could say (R43, R44):
    each valued on the same worlds, the declarer's totals summed (:class:`~.racing.Paired`)."""

    moment: BidMoment
    advice: BidAdvice
    best: Tuple[Tuple[Card, Card], Bid, Optional[Suit]]
    best_value: Paired
    chosen_value: Paired
    behind: Paired  # best minus his, world by world
    exact: bool
    same: bool  # his choice is the best one (or plays exactly like it)

    @property
    def samples(self) -> int:
        return self.behind.n

    @property
    def behind_best(self) -> float:
        return self.behind.per_defender

    @property
    def loss(self) -> float:
        """R44: what his choice lost against the best, per defender; none when it did as well."""
        return max(0.0, self.behind_best)

    @property
    def stderr_loss(self) -> float:
        return self.behind.stderr_per_defender

    @property
    def band(self) -> Optional[str]:
        return band(self.loss, self.stderr_loss)

    def as_json(self) -> dict:
        """``ulti bid --json``'s fields for his choice (``chosen``) and the best (``best``), and the loss."""
        moment = self.moment
        best = self.advice.recommended()

        def named(discard, bid, trump, value: Paired) -> dict:
            return {
                "discard": [card_name(c) for c in discard],
                "bid": str(bid),
                "trump": None if trump is None else SUIT_NAMES[trump],
                "samples": value.n,
                "mean_value": round(value.per_defender, 6),
                "stderr_value": round(value.stderr_per_defender, 6),
            }

        chosen = named(moment.discard, moment.bid, moment.trump, self.chosen_value)
        top = named(*self.best, self.best_value)
        if best is not None:
            top["race"] = self.advice.choice_json(best)
        return {
            "seat": moment.seat,
            "action": moment.index,
            "hand": format_hand(moment.twelve),
            "known": {str((moment.seat + r5) % 3): format_hand(cards) for r5, cards in enumerate(moment.known, 1)},
            "outbid": None if moment.outbid is None else str(moment.outbid),
            "legal_bids": len(moment.legal),
            "exact": self.exact,
            "chosen": chosen,
            "best": top,
            "same": self.same,
            "behind_best": round(self.behind_best, 6),
            "loss": round(self.loss, 6),
            "stderr_loss": round(self.stderr_loss, 6),
            "band": self.band,
        }


def _values_task(source, games, indices, *, rules) -> list:
    """The declarer's totals of each (discard, bid, trump) of ``games`` in the worlds ``indices``."""
    from ..search import world_totals

    deals = source.deals(indices)
    return [
        world_totals([d.discard(*discard) for d in deals], bid, trump, rules=rules, kontra=NO_KONTRA)
        for discard, bid, trump in games
    ]


def judge_bid(
    moment: BidMoment,
    samples: Union[int, str],
    *,
    rules,
    seed: int,
    runner: Runner,
    on_progress: Optional[OnProgress] = None,
) -> BidJudgement:
    """:class:`BidJudgement` of ``moment`` (the module): ``samples`` worlds for the race and as
    many fresh ones for the comparison, or ``"all"``: every world, exact, where at most
    ``bidding.MOST_WORLDS`` fit, else :data:`ALL_DRAWN` drawn.  ``on_progress(done, total)`` counts
    the race's worlds, then the fresh ones."""
    from ..runner import report_progress
    from .bidding import MOST_WORLDS, advise_bid

    constraints = moment.constraints()
    if samples == "all" and constraints.deal_count() > MOST_WORLDS:
        samples = ALL_DRAWN
    fresh = constraints.deal_count() if samples == "all" else int(samples)
    raced = [0]

    def race_progress(done: int, total: int) -> None:
        raced[0] = total
        report_progress(on_progress, done, total + fresh)

    advice = advise_bid(
        constraints,
        samples,
        top=1,
        bids=list(moment.legal),
        rules=rules,
        seed=seed,
        holdout=None if samples == "all" else 0,
        runner=runner,
        on_progress=race_progress,
    )
    pick = advice.recommended()
    assert pick is not None  # never partial here: no time budget, and Ctrl-C goes on up
    exact = samples == "all"
    best = (pick.discard, pick.bid, pick.trump)
    discards = {tuple(sorted(pick.discard)), *(tuple(sorted(d)) for d in pick.candidate.same_as)}
    same = (pick.bid, pick.trump) == (moment.bid, moment.trump) and tuple(sorted(moment.discard)) in discards
    games = [best]
    if not same:
        games.append((moment.discard, moment.bid, moment.trump))
    if exact:
        count = constraints.deal_count()
        source, indices = hand_worlds(constraints, seed, True), range(count)
    else:
        assert isinstance(samples, int)
        source, indices = hand_worlds(constraints, seed), range(JUDGE_FROM, JUDGE_FROM + samples)
    chunks = [indices[i : i + WORLDS_PER_TASK] for i in range(0, len(indices), WORLDS_PER_TASK)]
    totals: List[List[int]] = [[] for _ in games]
    with runner.results(partial(_values_task, source, tuple(games), rules=rules), chunks, spread=False) as answers:
        for answer in answers:
            for mine, part in zip(totals, answer, strict=True):
                mine.extend(part)
            report_progress(on_progress, raced[0] + len(totals[0]), raced[0] + fresh)
    his = totals[-1]
    behind = summary(differences(totals[0], his), exact)
    if same:
        behind = Paired(behind.n, Fraction(0), 0.0)
    return BidJudgement(moment, advice, best, summary(totals[0], exact), summary(his, exact), behind, exact, same)
