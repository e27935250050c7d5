"""A whole game's part of a page (R45-R50): the deal before the discard, the auction, the
declarer and his trump, the kontras said, a throw-in or a concession, and the result per table seat.

:func:`whole_game_data` turns a finished :class:`~ulti_solver.game.referee.Game`
into plain data for the report's "Auction" panel (``ulti analyse --html``) and
for the board's step-through of a record.  Seats here are table seats (R45);
``seats`` says which R5 seat each one is in the play that the rest of the
page shows.  The fields of the record stay its English (``action``,
``bid``, ``component``); ``*_text``, ``who`` and ``what`` are words in the
language of the run.  The two cards laid with a bid are face down at the
table (R46); a page about a game already played shows them, and says so.

``judgement`` is room for the verdicts on the declarer's bid and on the
kontras (R43, R44): a dict with ``bid`` and ``kontras`` entries, each
carrying a ``band``, put into the data as it is given.
"""

from __future__ import annotations

from typing import List, Optional

from ..bids import bid_words, component_word
from ..cards import SUIT_NAMES, card_name, cards_of
from ..deal import seat_name
from ..game.actions import BID, PASS, PICK_UP, AuctionAction
from ..game.kontras import KontraCall
from ..game.referee import OVER, Game
from ..i18n import _
from ..kontra import LEVEL_NAMES, MAX_LEVEL


def table_seat_name(seat: int) -> str:
    """``table seat 1`` (R45), in the language of the run."""
    return _("table seat {seat}").format(seat=seat)


def _names(hand: int) -> List[str]:
    return [card_name(card) for card in cards_of(hand)]


def action_what(action: AuctionAction, *, standing: Optional[int], ends: bool) -> str:
    """What an auction action did (R46), in words: ``picks up the talon, lays two cards face down
    and bids ulti``.  ``standing`` is the table seat whose bid stood before it; ``ends``: the last action."""
    if action.kind == PASS:
        if ends:
            return _("passes: his bid stands and the auction ends")
        return _("passes")
    assert action.bid is not None  # every action but a pass says a bid (R46)
    bid = bid_words(action.bid)
    if action.kind == PICK_UP and standing == action.seat:
        return _("takes back his own talon, lays two cards face down and bids {bid}").format(bid=bid)
    if action.kind == PICK_UP:
        return _("picks up the talon, lays two cards face down and bids {bid}").format(bid=bid)
    if action.discard is not None:
        return _("lays two cards face down and bids {bid}").format(bid=bid)
    return _("bids {bid} without picking up the talon, which stays as it lies").format(bid=bid)


def auction_data(game: Game) -> List[dict]:
    """Every auction action in order: the record's fields, who did it and what, in words."""
    actions = game.auction.actions
    out, standing = [], None
    for index, action in enumerate(actions):
        entry = action.as_json()
        entry.update(
            {
                "index": index,
                "who": table_seat_name(action.seat),
                "what": action_what(action, standing=standing, ends=index == len(actions) - 1 and game.auction.over),
            }
        )
        if action.bid is not None:
            entry["bid_text"] = str(bid_words(action.bid))
        out.append(entry)
        if action.kind in (BID, PICK_UP):
            standing = action.seat
    return out


def kontra_what(call: KontraCall) -> str:
    """``ulti rekontra against table seat 2`` (R36, R37): the component and the level said."""
    level = LEVEL_NAMES[call.level] if 0 < call.level <= MAX_LEVEL else str(call.level)
    what = f"{component_word(call.component)} {level}"
    if call.against is not None:
        what = _("{kontra} against {seat}").format(kontra=what, seat=table_seat_name(call.against))
    return what


def kontra_moment(before: int) -> str:
    """When a kontra was said (R48): before which card, in which trick."""
    return _("before card {card}, trick {trick}").format(card=before + 1, trick=before // 3 + 1)


def kontras_data(game: Game) -> List[dict]:
    calls = game.kontras.calls if game.kontras is not None else []
    return [
        {
            **call.as_json(),
            "index": index,
            "level_name": LEVEL_NAMES[call.level] if 0 < call.level <= MAX_LEVEL else str(call.level),
            "who": table_seat_name(call.seat),
            "what": kontra_what(call),
            "when": kontra_moment(call.before),
        }
        for index, call in enumerate(calls)
    ]


def seats_data(game: Game) -> List[dict]:
    """R45: each table seat and the R5 seat it is in the play (the declarer is R5 seat 0)."""
    end = game.end
    assert end is not None
    return [
        {"table": seat, "r5": end.r5_seat(seat), "name": table_seat_name(seat), "role": seat_name(end.r5_seat(seat))}
        for seat in range(3)
    ]


def result_data(game: Game) -> dict:
    """R50: what each table seat won, and the settlement in words (or why nobody pays)."""
    from ..render.words import settlement_text, signed  # the text table's words, said once

    result = game.result()
    end = game.end
    assert end is not None
    data = result.as_json()
    data["rows"] = [
        {
            "seat": seat,
            "who": table_seat_name(seat),
            "role": seat_name(end.r5_seat(seat)),
            "units": units,
            "units_text": signed(units),
        }
        for seat, units in enumerate(result.by_seat)
    ]
    if result.settlement is None:
        data["text"] = _("The deal is void: nobody pays (R49).")
    else:
        data["text"] = settlement_text(result.settlement)
    return data


def whole_game_data(game: Game, judgement: Optional[dict] = None) -> dict:
    """A finished game's whole-game part, as the report's auction panel and the board draw it."""
    from ..render.words import rules_text, trump_text

    end = game.end
    if end is None or game.phase != OVER:
        raise ValueError("whole_game_data takes a finished game")
    data: dict = {
        "deal": str(game.dealt),
        "hands": [_names(hand) for hand in game.dealt.hands],
        "rules": game.rules.as_json(),
        "rules_text": rules_text(game.rules),
        "auction": auction_data(game),
        "laid_shown": _("The cards laid face down are shown: this page is written after the game."),
        "declarer": end.declarer,
        "declarer_text": table_seat_name(end.declarer),
        "seats": seats_data(game),
        "seats_text": "; ".join(
            _("{table}: {role}").format(table=table_seat_name(seat), role=seat_name(end.r5_seat(seat)))
            for seat in range(3)
        ),
        "bid": str(end.bid),
        "bid_text": str(bid_words(end.bid)),
        "trump": None if game.trump is None else SUIT_NAMES[game.trump],
        "trump_text": trump_text(game.trump),
        "talon": _names(end.talon),
        "kontras": kontras_data(game),
        "play": [card_name(card) for card in game.cards],
        "throw_in": bool(game.thrown_in),
        "concede": game.conceded_at,
        "result": result_data(game),
        "judgement": judgement,
    }
    if game.thrown_in:
        data["ending_text"] = _("Table seat 0 threw the deal in with his plain party standing (R49).")
    elif game.conceded_at is not None:
        data["ending_text"] = _("The declarer conceded with {n} cards played (R39).").format(n=game.conceded_at)
    else:
        data["ending_text"] = _("Ten tricks were played (R8).")
    return data


def check_same_game(analysis, game: Game) -> None:
    """The analysis must be of the game's play: its deal in R5 seats, bid, trump and cards (R45)."""
    end = game.end
    assert end is not None
    played = [verdict.card for verdict in analysis.verdicts]
    same = (
        str(analysis.deal) == str(end.deal())
        and analysis.bid == end.bid
        and analysis.trump == game.trump
        and played == list(game.cards[: len(played)])
    )
    if not same:
        raise ValueError(
            "the analysis is not of this game's play: analyse game.deal(), game.bid, game.trump, game.cards"
        )


def auction_only_data(game: Game, line: Optional[int] = None, judgement: Optional[dict] = None) -> dict:
    """A game with no play to analyse (thrown in, R49, or conceded before the trump, R39): its
    whole-game part alone, with the fields a page names a game by."""
    whole = whole_game_data(game, judgement)
    return {
        "line": line,
        "deal": str(game.deal()),
        "bid": whole["bid"],
        "trump": whole["trump"],
        "bid_text": whole["bid_text"],
        "trump_text": whole["trump_text"],
        "rules": whole["rules"],
        "rules_text": whole["rules_text"],
        "analysis": None,
        "whole": whole,
    }
