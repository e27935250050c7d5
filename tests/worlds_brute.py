"""An independent brute force for the worlds of a seat (R40-R42), shared by the tests of the
information sets and of the single-dummy values: it knows nothing of R41's inferences, only the
rules of play applied card by card and R40's announcements written out afresh."""

import itertools

from ulti_solver.cards import BB_MARRIAGES, SUITS, cards_of
from ulti_solver.deal import Deal
from ulti_solver.knowledge import TALON
from ulti_solver.play import PlayRules
from ulti_solver.position import PlayError, replay, start_of_play


def announcements(deal, bid, trump, first_trick_done):
    """What the seats of ``deal`` announce, written out afresh from R40 (not with the module's code)."""

    def married(hand):
        return frozenset(s for s in SUITS if hand & BB_MARRIAGES[s] == BB_MARRIAGES[s])

    if "40-100" in bid.components:
        return ("40", trump in married(deal.hands[0]))
    if "20-100" in bid.components:
        return ("20", next((s for s in SUITS if s != trump and s in married(deal.hands[0])), None))
    if bid.plays_party and first_trick_done:
        return ("party", tuple(married(h) for h in deal.hands))
    return ()


def brute_force(deal, bid, trump, rules, played, seat):
    """Every placement of the cards ``seat`` cannot see into the hands (and talon) it cannot see,
    kept when the actual play replays legally (R9-R12) and the announcements are the same (R40).
    Knows nothing of R41: only the rules of play, applied card by card."""
    play = PlayRules.for_game(bid, trump, rules=rules)
    position, by = start_of_play(deal), [0, 0, 0]
    for card in played:
        by[position.to_move] |= 1 << card
        position = position.after(card, play)
    first_trick_done = len(played) >= 3
    known = {seat} | ({0} if bid.open and seat != 0 and first_trick_done else set())
    holes = [s for s in range(3) if s not in known] + ([TALON] if seat != 0 else [])
    contents = [deal.talon if h == TALON else position.hands[h] for h in holes]
    pool = [c for mask in contents for c in cards_of(mask)]
    sizes = [m.bit_count() for m in contents]
    truth = announcements(deal, bid, trump, first_trick_done)
    kept = set()

    def place(index, left, chosen):
        if index == len(holes) - 1:
            yield chosen + [left]
            return
        for combo in itertools.combinations(left, sizes[index]):
            rest = [c for c in left if c not in combo]
            yield from place(index + 1, rest, chosen + [list(combo)])

    for placement in place(0, pool, []):
        new_hands, talon = list(deal.hands), deal.talon
        for hole, cards in zip(holes, placement):
            mask = sum(1 << c for c in cards)
            if hole == TALON:
                talon = mask
            else:
                new_hands[hole] = mask | by[hole]
        world = Deal(tuple(new_hands), talon)
        if announcements(world, bid, trump, first_trick_done) != truth:
            continue
        try:
            replay(world, play, played)
        except PlayError:
            continue
        kept.add(world)
    return kept
