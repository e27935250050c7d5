"""The candidates of ``ulti bid``: every discard, bid and trump of a 12-card hand (R6, R28, R29),
less those that provably need no search of their own.

A 12-card hand has 66 discards and 150 bids in their trumps: 9,900
candidates.  Two cuts are exact, in every world (every placement of the
unseen cards, R42) at once, so they cost no statistics:

* **Discards that play alike.**  Two cards of a suit with no unseen card
  between them in the game's rank order (R2, R3), neither of which the
  scoring reads (in a trump game: no ace or ten, whose points count, R4,
  R16, R20; no king or ober whose partner is in the hand too, for that
  marriage counts, R15, R17, R18; not the trump seven, R19, R26; in betli
  and colorless durchmars the scoring reads no card), are interchangeable: throwing one or the other leaves hands
  that differ only by a relabelling that keeps every trick, so every
  world has the same value.  Each class of such discards is weighed once,
  under its lowest cards, the others listed beside it.
* **Bids beaten in every world by a simpler one.**  A bid with a part
  lost before play (R17-R20: 40-100 without the forty, 20-100 without a
  twenty, ulti without the trump seven, four aces with an ace in the
  talon) is compared with the same bid without that part, and with the
  party, in the same trump and discard.  If the simpler bid's settlement
  pays at least one more (in the declarer's total) for *every* way a game
  can end (pricing.final_table), whatever marriages the defenders may
  hold, and its play is the same or freer for the declarer (R12 binds only
  him, and only when he holds the trump seven), then its double-dummy
  value is higher in every world, for a minimax is monotone in its
  payoffs.  The beaten bid is not weighed.  Nearly every bid lost before
  play goes this way (``40-100 ulti`` without the forty is beaten by
  ``ulti`` by at least 2 a defender: the lost 4 against a party at most
  lost), so its value, always worse, is known without search.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

from ..bids import BETLI, COMPONENT_ORDER, DURCHMARS, PARTY, Bid, BidError, parse_bid, trumps_to_solve
from ..cards import BB_ALL, BB_MARRIAGES, BB_POINT_CARDS, SUITS, Suit, cards_of, make_card
from ..deal import Deal
from ..kontra import NO_KONTRA, NO_SPEC, Kontra, KontraSpec
from ..play import PlayRules
from ..pricing import FinalTable, final_table
from ..scoring import Scoring, marriage_value
from ..variants import Rules
from .best import CANDIDATE_BIDS
from .discards import Discard, all_discards, deal_order


@dataclass
class BidCandidate:
    """One discard, bid and trump, and the discards that play exactly like its own."""

    order: int  # the fixed order: discard (in deal order), then the bid order of CANDIDATE_BIDS
    discard: Discard
    bid: Bid
    trump: Optional[Suit]
    kontra: Kontra
    core: Tuple[int, bool, bool]  # the rules of play as the core takes them (play.PlayRules.core)
    same_as: List[Discard] = field(default_factory=list)


@dataclass
class CandidateSet:
    """The candidates to weigh, and how many the exact cuts took away."""

    weighed: List[BidCandidate]
    total: int  # every discard, bid and trump asked
    merged: int  # discards that play like another one
    beaten: int  # bids beaten in every world by a simpler one
    beaten_by: Dict[int, int] = field(default_factory=dict)  # order of a beaten candidate -> order of its better


def scored_cards(play: PlayRules, hand: int) -> int:
    """The cards of the 12-card ``hand`` whose place (kept or discarded) the scoring reads in a game
    under ``play`` (see the module): a king or ober only with its partner in the hand, for alone
    it makes no marriage for the declarer, kept or not, and none for the defenders either way."""
    seven = play.trump_seven  # None exactly when there is no trump
    if seven is None:
        return 0
    married = sum(pair for pair in BB_MARRIAGES if hand & pair == pair)
    return BB_POINT_CARDS | married | (1 << seven)


def play_classes(hand: int, play: PlayRules) -> Dict[int, Tuple[int, ...]]:
    """card -> the cards of ``hand`` interchangeable with it in a game under ``play`` (itself
    among them), weakest first: runs of cards of one suit with no card between them that is not
    in ``hand``, less the cards the scoring reads, which stand alone."""
    scored = scored_cards(play, hand)
    classes: Dict[int, Tuple[int, ...]] = {}
    for suit in SUITS:
        ranks = sorted(range(8), key=lambda r: play.strength[r])  # weakest first
        run: List[int] = []
        for rank in ranks + [None]:
            card = None if rank is None else make_card(suit, rank)
            if card is not None and (hand >> card) & 1:
                if (scored >> card) & 1:
                    classes[card] = (card,)
                else:
                    run.append(card)
                continue
            for member in run:
                classes[member] = tuple(run)
            run = []
    return classes


def canonical_discard(discard: Discard, classes: Dict[int, Tuple[int, ...]]) -> Discard:
    """The discard of ``discard``'s class: the same number of cards from each class, its weakest."""
    counts = Counter(classes[card] for card in discard)
    chosen = [card for members, k in counts.items() for card in members[:k]]
    first, second = sorted(chosen, key=deal_order)  # two cards, as the discard has
    return first, second


def candidate_pairs(bids: Optional[Sequence[Bid]]) -> List[Tuple[Bid, Optional[Suit]]]:
    """(bid, trump) in the fixed order: every bid of R28 in its trumps, or the bids given."""
    if bids is None:
        return list(CANDIDATE_BIDS)
    pairs: List[Tuple[Bid, Optional[Suit]]] = []
    for bid in bids:
        for pair in trumps_to_solve(bid, None):
            if pair not in pairs:
                pairs.append(pair)
    return pairs


def candidates(
    hand: int,
    bids: Optional[Sequence[Bid]],
    *,
    rules: Rules,
    kontra: KontraSpec = NO_SPEC,
    example: Optional[Deal] = None,
) -> CandidateSet:
    """Every discard of the 12-card ``hand`` with every bid (and trump) asked, the two exact cuts
    of the module made.  ``example`` is one world (a 12/10/10 deal), for what the scoring reads
    of the declarer's cards; by default the other twenty split anyhow."""
    unseen = BB_ALL & ~hand
    if example is None:
        cards = list(cards_of(unseen))
        example = Deal((hand, sum(1 << c for c in cards[:10]), sum(1 << c for c in cards[10:])), None)
    pairs = candidate_pairs(bids)
    discards = all_discards(hand)
    position = {d: i for i, d in enumerate(discards)}
    found: Dict[Tuple[Discard, int], BidCandidate] = {}
    family_classes: Dict[tuple, Dict[int, Tuple[int, ...]]] = {}
    levels = {bid: kontra.for_bid(bid, rules=rules, strict=False) if kontra else NO_KONTRA for bid, _ in pairs}
    for discard in discards:
        for index, (bid, trump) in enumerate(pairs):
            play = PlayRules.for_game(bid, trump, rules=rules)
            family = (play.trump, play.strength)
            classes = family_classes.get(family)
            if classes is None:
                classes = family_classes[family] = play_classes(hand, play)
            own = canonical_discard(discard, classes)
            known = found.get((own, index))
            if known is None:
                found[own, index] = known = BidCandidate(
                    position[own] * len(pairs) + index, own, bid, trump, levels[bid], play.core
                )
            if discard != own:
                known.same_as.append(discard)
    kept = sorted(found.values(), key=lambda c: c.order)
    total = len(discards) * len(pairs)
    beaten_by = _beaten(kept, example, rules=rules)
    weighed = [c for c in kept if c.order not in beaten_by]
    return CandidateSet(weighed, total, total - len(kept), len(beaten_by), beaten_by)


# -- Bids beaten in every world by a simpler one -------------------------------------


def simpler_bids(bid: Bid, lost: Sequence[str]) -> List[Bid]:
    """The bids to hold ``bid`` against: without each part in ``lost``, and the party, same colour."""
    found = []
    for component in lost:
        rest = [c for c in COMPONENT_ORDER if c in bid.components and c != component]
        words = ([] if not bid.red else ["red"]) + (["open"] if bid.open and {DURCHMARS, BETLI} & set(rest) else [])
        shown = [str(c) for c in rest if c != PARTY or rest == [PARTY]]
        if not shown:
            continue
        try:
            found.append(parse_bid(" ".join(words + shown)))
        except BidError:  # not a bid of R28 on its own
            continue
    party = parse_bid("red party" if bid.red else "party")
    if party != bid and party not in found:
        found.append(party)
    return found


def defender_marriages(unseen: int, trump: Optional[Suit]) -> List[int]:
    """Every total the defenders' marriages can make (R15): each suit whose king and ober are
    both unseen may be married in one defender's hand (40 in trumps, 20 elsewhere) or split."""
    options = [40 if s == trump else 20 for s in SUITS if unseen & BB_MARRIAGES[s] == BB_MARRIAGES[s]]
    return sorted({sum(chosen) for k in range(len(options) + 1) for chosen in itertools.combinations(options, k)})


def table_with(deal: Deal, bid: Bid, trump, defenders: Optional[int], *, rules: Rules, kontra: Kontra) -> FinalTable:
    """The final table of a game with the defenders' marriages set to ``defenders`` (R15): the only
    fact of a world the table reads that the declarer cannot see (his cards and talon he knows)."""
    scoring = Scoring(deal, bid, trump, rules=rules, kontra=kontra)
    if defenders is not None and bid.plays_party:
        # Scoring keeps what it works out in its own __dict__ (scoring._once): set it there.
        scoring.__dict__["dealt_marriages"] = (marriage_value(deal.hands[0], trump), defenders)
    return final_table(scoring)


def freer_or_same(worse: Tuple[int, bool, bool], better: Tuple[int, bool, bool], holds_seven: bool) -> bool:
    """Whether the better bid's play is the worse one's, or freer for the declarer: R12 (the seven
    kept) binds only him, and not at all when he does not hold the trump seven."""
    if worse == better:
        return True
    if (worse[0], worse[2]) != (better[0], better[2]):
        return False
    return not better[1] or not holds_seven


def beats_everywhere(
    better: BidCandidate, worse: BidCandidate, deal: Deal, marriages: Sequence[int], *, rules: Rules
) -> bool:
    """Whether ``better`` has the higher double-dummy value than ``worse`` in every world (the module)."""
    seven = PlayRules.for_game(worse.bid, worse.trump, rules=rules).trump_seven
    holds_seven = seven is not None and bool((deal.hands[0] >> seven) & 1)
    if not freer_or_same(worse.core, better.core, holds_seven):
        return False
    party = better.bid.plays_party or worse.bid.plays_party
    for defenders in marriages if party else [None]:
        good = table_with(deal, better.bid, better.trump, rules=rules, kontra=better.kontra, defenders=defenders).values
        bad = table_with(deal, worse.bid, worse.trump, rules=rules, kontra=worse.kontra, defenders=defenders).values
        if any(b > g - 1 for g, b in zip(good, bad, strict=True)):
            return False
    return True


def _beaten(kept: List[BidCandidate], example: Deal, *, rules: Rules) -> Dict[int, int]:
    """order -> the order of a simpler candidate that beats it in every world.  ``example`` is a world:
    what the scoring reads of it here (the declarer's cards and the talon) is the same in all."""
    by_game = {(c.discard, c.bid, c.trump): c for c in kept}
    beaten: Dict[int, int] = {}
    deals: Dict[Discard, Deal] = {}
    unseen = BB_ALL & ~example.hands[0]
    for cand in kept:
        deal = deals.get(cand.discard)
        if deal is None:
            deal = deals[cand.discard] = example.discard(*cand.discard)
        scoring = Scoring(deal, cand.bid, cand.trump, rules=rules, kontra=cand.kontra)
        lost = [c for c in cand.bid.ordered_components() if scoring.lost_before_play(c)]
        if not lost:
            continue
        marriages = defender_marriages(unseen, cand.trump)
        for simpler in simpler_bids(cand.bid, lost):
            better = by_game.get((cand.discard, simpler, cand.trump))
            if better is not None and beats_everywhere(better, cand, deal, rules=rules, marriages=marriages):
                beaten[cand.order] = better.order
                break
    return beaten
