"""A whole-game record opened on the board (R45-R50): read and checked by the referee, then laid
out as the steps the page goes through, from the first bid to the result.

:func:`record_answer` reads one record (INTERFACE.md, "Whole games") with
:func:`~ulti_solver.game.record.read_json_record`, so a broken one is the
referee's :class:`~ulti_solver.game.breach.GameRuleError`, naming the part,
the action's index and the rule; the server answers it as a 400 carrying
them.  A good one is answered with:

* ``record``: the record as the referee writes it, with its result;
* ``whole``: the game's auction, kontras and result in words
  (:func:`ulti_solver.report.whole.whole_game_data`, as the report draws them);
* ``board``: the fields of the board's own requests (``/api/solve``) for the
  play: the deal in R5 seats with the talon, the bid, the trump and the rules;
* ``steps``: the deal, each auction action (with the hands as it left them, in
  table seats), the trump (or the throw-in), then every kontra at its moment
  and every card, and the result.  A step of the play carries ``played`` (the
  cards played) and ``kontra`` (what was said so far, as the board's Kontra
  field writes it, in R5 seats), so that the board shows and values that
  position as it does any other.

Nothing here knows about HTTP.
"""

from __future__ import annotations

from typing import List, Optional

from ..bids import bid_words
from ..cards import SUIT_NAMES, card_label, card_name, cards_of
from ..game.auction import Auction
from ..game.kontras import KontraCalls
from ..game.record import game_json, read_json_record
from ..game.referee import Game
from ..i18n import _
from ..kontra import parse_kontra
from ..report.whole import kontra_what, table_seat_name, whole_game_data


def _names(hand: Optional[int]) -> Optional[List[str]]:
    return None if hand is None else [card_name(card) for card in cards_of(hand)]


def kontra_specs(game: Game) -> List[str]:
    """What the kontras said so far come to, after each call (index 0: none yet), as the board's
    Kontra field writes it: ``ulti=2``, ``1:betli=1`` (R36, R37; seats are R5's defenders)."""
    end = game.end
    assert end is not None and game.kontras is not None
    calls = KontraCalls(end.bid, end.declarer, rules=game.rules)
    specs = [""]
    for call in game.kontras.calls:
        calls.say(call)
        specs.append(str(parse_kontra(calls.levels().as_json())))
    return specs


def board_fields(game: Game) -> dict:
    """The game's play as the board's requests name it: the deal in R5 seats with the talon (R45)."""
    rules = game.rules
    return {
        "deal": str(game.deal()),
        "bid": str(game.bid),
        "trump": "" if game.trump is None else SUIT_NAMES[game.trump],
        "rules": rules.book,
        "variants": list(rules.switches),
        "table": rules.value_table,
    }


def _auction_steps(game: Game, whole: dict) -> List[dict]:
    auction = Auction(game.dealt, rules=game.rules)
    steps = [
        {
            "kind": "deal",
            "text": _("The deal: table seat 0 holds twelve cards, the others ten (R45)."),
            "actions": 0,
            "hands": [_names(hand) for hand in auction.hands],
            "talon": None,
        }
    ]
    for index, action in enumerate(game.auction.actions):
        auction.apply(action)
        said = whole["auction"][index]
        steps.append(
            {
                "kind": "auction",
                "text": f"{said['who']}: {said['what']}",
                "actions": index + 1,
                "hands": [_names(hand) for hand in auction.hands],
                "talon": _names(auction.talon),
            }
        )
    return steps


def _play_steps(game: Game, whole: dict) -> List[dict]:
    end = game.end
    assert end is not None and game.kontras is not None
    specs, calls = kontra_specs(game), game.kontras.calls
    holders = {card: end.seats[r5] for r5, hand in enumerate(game.deal().hands) for card in cards_of(hand)}
    actions = len(game.auction.actions)
    trump = (
        _("{bid}, {trump} trump").format(bid=bid_words(end.bid), trump=whole["trump_text"])
        if game.trump is not None
        else str(bid_words(end.bid))
    )
    steps = [
        {
            "kind": "trump",
            "text": _("{seat} is the declarer: {bid}; he leads (R45, R46).").format(
                seat=table_seat_name(end.declarer), bid=trump
            ),
            "actions": actions,
            "kontras": 0,
            "played": 0,
            "kontra": "",
        }
    ]
    said = 0
    for played in range(len(game.cards) + 1):
        while said < len(calls) and calls[said].before == played:
            call = calls[said]
            said += 1
            steps.append(
                {
                    "kind": "kontra",
                    "text": f"{table_seat_name(call.seat)}: {kontra_what(call)}",
                    "actions": actions,
                    "kontras": said,
                    "played": played,
                    "kontra": specs[said],
                }
            )
        if played < len(game.cards):
            card = game.cards[played]
            steps.append(
                {
                    "kind": "card",
                    "text": _("card {n}: {seat} plays {card}").format(
                        n=played + 1, seat=table_seat_name(holders[card]), card=card_label(card)
                    ),
                    "actions": actions,
                    "kontras": said,
                    "played": played + 1,
                    "kontra": specs[said],
                }
            )
    return steps


def record_steps(game: Game, whole: dict) -> List[dict]:
    """Every step of the game, from the deal to the result (see the module's docstring)."""
    steps = _auction_steps(game, whole)
    actions = len(game.auction.actions)
    last: dict = {"actions": actions}
    if game.thrown_in:
        steps.append({"kind": "throw-in", "text": whole["ending_text"], "actions": actions})
    elif game.trump_named and game.position is None:  # conceded before naming the trump (R39)
        steps.append({"kind": "concede", "text": whole["ending_text"], "actions": actions})
    else:
        steps += _play_steps(game, whole)
        last = {key: steps[-1][key] for key in ("actions", "kontras", "played", "kontra")}
        if game.conceded_at is not None:
            steps.append({"kind": "concede", "text": whole["ending_text"], **last})
    steps.append({"kind": "result", "text": whole["result"]["text"], **last})
    return steps


def record_answer(text: str) -> dict:
    """The board's answer to a record: the record, its words, the board's fields and its steps.
    A broken record raises :class:`~ulti_solver.game.breach.GameRuleError` (R45-R49)."""
    game = read_json_record(text)
    whole = whole_game_data(game)
    return {"record": game_json(game), "whole": whole, "board": board_fields(game), "steps": record_steps(game, whole)}
