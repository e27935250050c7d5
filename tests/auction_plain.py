"""A second, plain implementation of R45-R47 and R49's throw-in, for the differential test.

Written from RULES.md alone and as simply as possible, sharing nothing with
ulti_solver.game but the Bid type: the bid tables are the rows that
test_settlement.py transcribed from the seeds (sorted by seed line), the
values are R32's classic column typed out again, and the auction is a loop
over the actions with the state in a dict.
"""

from __future__ import annotations

from test_settlement import SEED_002, SEED_003

from ulti_solver.bids import parse_bid

TABLE_ROWS = {
    "classic": [parse_bid(row[2]) for row in sorted(SEED_002)],
    "tournament": [parse_bid(row[2]) for row in sorted(SEED_003)],
}


def won_value(bid):
    """R32, classic column, won, red doubling (not of an open durchmars): (whole units, ulti's party)."""
    parts = set(bid.components)
    red = 2 if bid.red else 1
    whole = 0
    half = 0
    if parts == {"party"}:
        return (1 * red, 0)
    if "party" in parts:  # beside ulti or four aces
        half = 1 * red
    if "40-100" in parts:
        whole += 4 * red
    if "20-100" in parts:
        whole += 8 * red
    if "ulti" in parts:
        whole += 4 * red
    if "four-aces" in parts:
        whole += 4 * red
    if "durchmars" in parts:
        whole += 24 if bid.open else 6 * red
    if "betli" in parts:
        whole += 20 * red if bid.open else 5 * red
    return (whole, half)


def how_combined(bid):
    parts = set(bid.components)
    if parts != {"party"}:
        parts.discard("party")
    return len(parts) + (1 if bid.red else 0)


def plain_beats(book, new, old):
    """R47 written out: True when ``new`` may be said over ``old``."""
    if book in ("classic", "tournament"):
        rows = TABLE_ROWS[book]
        if new not in rows or old not in rows:
            return False
        return rows.index(new) > rows.index(old)
    if won_value(new) > won_value(old):
        return True
    if won_value(new) < won_value(old):
        return False
    if book == "rablo":
        return False
    ulti_or_aces = [{"party", "ulti"}, {"party", "four-aces"}]
    if set(new.components) in ulti_or_aces and set(old.components) in ulti_or_aces:
        return False
    return how_combined(new) < how_combined(old)


def plain_may_say(book, bid):
    return book not in ("classic", "tournament") or bid in TABLE_ROWS[book]


def plain_auction(book, hands, actions):
    """Play (seat, kind, bid, discard) actions from 12/10/10 hands in table seats (R45).

    Returns (number of actions accepted, the end or None): the end is (declarer, bid, talon,
    hands, throw-in) with throw-in None, "void" or 2 (what seat 0 pays each, R49)."""
    s = {"hands": list(hands), "talon": None, "turn": 0, "bidder": None, "bid": None, "over": False, "bids": 0}
    for count, (seat, kind, bid, discard) in enumerate(actions):
        if s["over"] or seat != s["turn"]:
            return count, None
        if kind == "pass":
            if s["bidder"] is None or bid is not None or discard is not None:
                return count, None
            if seat == s["bidder"]:
                s["over"] = True
                continue
        elif kind in ("bid", "pick-up"):
            if bid is None or not plain_may_say(book, bid):
                return count, None
            if s["bidder"] is None:
                if kind != "bid":
                    return count, None  # the opening: seat 0 lays two of his twelve and bids
                pool = s["hands"][seat]
            else:
                if not plain_beats(book, bid, s["bid"]):
                    return count, None
                if kind == "bid":
                    if book != "rablo" or discard is not None:
                        return count, None
                    pool = None  # the talon stays as it lies
                else:
                    pool = s["hands"][seat] | s["talon"]
            if pool is not None:
                if discard is None or len(discard) != 2 or discard[0] == discard[1]:
                    return count, None
                laid = (1 << discard[0]) | (1 << discard[1])
                if pool & laid != laid:
                    return count, None
                s["hands"][seat] = pool & ~laid
                s["talon"] = laid
            s["bidder"], s["bid"] = seat, bid
            s["bids"] += 1
        else:
            return count, None
        s["turn"] = (seat + 1) % 3
    if not s["over"]:
        return len(actions), None
    bid = s["bid"]
    throw_in = None
    if s["bids"] == 1 and set(bid.components) == {"party"} and not bid.red:
        throw_in = "void" if book == "rablo" else 2
    return len(actions), (s["bidder"], bid, s["talon"], tuple(s["hands"]), throw_in)
