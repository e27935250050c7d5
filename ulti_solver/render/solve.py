"""What ulti solve prints: the answers table, the position, --cards and --line, and its JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, List

from ..bids import component_word
from ..cards import CANONICAL_RANKS, card_name, card_rank, card_suit
from ..deal import seat_name
from ..i18n import N_, _, n_
from ..play import PlayRules
from ..position import Position, finish_trick, start_of_play
from .legends import concede_text, explained, legend, wrapped
from .results import result_text
from .tables import aligned, answers_table, deal_header, lost_before_play
from .words import card_text, cards_text, number_text, signed, trump_text, yes_no

if TYPE_CHECKING:
    from ..solution import Solution
    from ..variants import Rules

#: What --cards and --line say on a finished game instead of an empty table.
GAME_OVER = N_("the game is over: nothing left to play")


#: A card's place in the canonical order (suits as dealt, ranks A T K O U 9 8 7): how ties are listed.
_RANK_PLACE = {rank: place for place, rank in enumerate(CANONICAL_RANKS)}


def solve_json(solution: Solution, played, cards, best, line, with_value: bool) -> dict:
    """The object ``ulti solve --json`` prints (the board answers with it too)."""
    data = solution.as_json()
    if played:
        data["play"] = [card_name(c) for c in played]
    if cards is not None:
        data["cards"] = {card_name(c): _card_answers(s, with_value) for c, s in cards.items()}
        data["best"] = [card_name(c) for c in best]
    if line is not None:
        data["line"] = [card_name(c) for c in line]
    return data


def _card_answers(solution: Solution, with_value: bool) -> dict:
    answers = solution.answers()
    if not with_value:
        answers.pop("value", None)
    return answers


def solution_lines(solution: Solution) -> List[str]:
    """The table ``ulti solve`` prints for one answer: ``print(solution)`` prints it too."""
    at = solution.position or start_of_play(solution.deal)
    played = 3 * at.so_far.tricks_played + len(at.trick)
    return solve_table(
        [(solution, at, None, None, None)], rules=solution.rules, played=played, silent=solution.silent is not None
    )


def solve_table(results, *, rules: Rules, played: int, silent: bool) -> List[str]:
    first = results[0][0]
    out = deal_header(first.deal, first.bid, rules=rules, trumps=[r[0].trump for r in results], kontra=first.kontra)
    if played:
        out += _position_lines(results, played)
    solutions = [r[0] for r in results]
    out += answers_table(solutions)
    notes = []
    for solution in solutions:
        prefix = f"{trump_text(solution.trump)}: " if len(solutions) > 1 else ""
        notes += [f"  {prefix}{reason}" for reason in lost_before_play(solution)]
    if notes:
        out += ["", _("Lost before play:")] + notes
    if first.value is not None:
        out += [""]
        for solution in solutions:
            prefix = f"{trump_text(solution.trump)}: " if len(solutions) > 1 else ""
            out += wrapped(prefix + concede_text(solution), "  ", "    ")
    for solution, at, cards, best, line in results:
        heading = f" ({trump_text(solution.trump)})" if len(results) > 1 else ""
        if cards is not None:
            if at.finished:
                out += ["", _("Cards to play{trump}: {over}.").format(trump=heading, over=_(GAME_OVER))]
            else:
                title = _("Cards for {seat} to play{trump}, best first:").format(
                    seat=seat_name(at.to_move), trump=heading
                )
                out += ["", title, ""]
                out += _cards_table(cards, best, at)
        if line is not None:
            if at.finished:
                out += ["", _("Best line{trump}: {over}.").format(trump=heading, over=_(GAME_OVER))]
            else:
                out += ["", _("One best line{trump}:").format(trump=heading), ""] + _line_table(solution, at, line)
    extra = legend(solutions, silent)
    return out + ([""] + extra if extra else [])


def _position_lines(results, played: int) -> List[str]:
    """Where the game stands after ``played``; on a finished game, how it settled, in words."""
    at = results[0][1]
    so_far = at.so_far
    if at.finished:
        head = n_("After {n} card: {over}", "After {n} cards: {over}", played, over=_(GAME_OVER))
    else:
        head = n_(
            "After {n} card: trick {trick}, {seat} to play",
            "After {n} cards: trick {trick}, {seat} to play",
            played,
            trick=at.trick_number,
            seat=seat_name(at.to_move),
        )
    lines = [head]
    if at.trick:
        lines.append(
            _("  on the table: {cards} (led by {seat})").format(cards=cards_text(at.trick), seat=seat_name(at.leader))
        )
    lines.append(
        _("  so far: declarer {tricks}, {points} card points; defenders {defender_tricks}").format(
            tricks=n_("{n} trick", "{n} tricks", so_far.declarer_tricks),
            points=so_far.declarer_points,
            defender_tricks=n_("{n} trick", "{n} tricks", so_far.defender_tricks),
        )
    )
    if at.finished:
        for s, end, *_rest in results:  # each trump's own tricks: the winners depend on the trump
            prefix = f"{trump_text(s.trump)}: " if len(results) > 1 else ""
            result = result_text(s.deal, s.bid, s.trump, rules=s.rules, outcome=end.so_far, kontra=s.kontra)
            lines += explained("  " + prefix + _("result"), result)
    return lines + [""]


def _tie_order(card: int, solution: Solution, maximise: bool) -> tuple:
    """How a card of the --cards table is listed: by its value for the mover, then by the
    points it leaves the declarer (the most for him, the fewest for a defender), then by
    suit and rank in the canonical order A T K O U 9 8 7."""
    points = solution.declarer_points or 0
    return (
        -solution.value if maximise else solution.value,
        -points if maximise else points,
        card_suit(card),
        _RANK_PLACE[card_rank(card)],
    )


def _cards_table(cards, best, at: Position) -> List[str]:
    maximise = at.to_move == 0
    ordered = sorted(cards, key=lambda c: _tie_order(c, cards[c], maximise))
    some = cards[ordered[0]]
    joint = len(some.components) > 1
    header = [
        _("card"),
        *map(component_word, some.components),
        *([_("whole bid")] if joint else []),
        _("points"),
        _("value"),
        _("best"),
    ]
    rows = [header]
    for card in ordered:
        s = cards[card]
        rows.append(
            [
                card_text(card),
                *(yes_no(v) for v in s.components.values()),
                *([yes_no(s.joint)] if joint else []),
                number_text(s.declarer_points),
                signed(s.value),
                _("best") if card in best else "",
            ]
        )
    kept = signed(some.value)
    if maximise:
        why = _(
            "the cards that keep the value highest for the declarer ({value}); cards of equal value most points "
            "first, then by suit and rank"
        ).format(value=kept)
    else:
        why = _(
            "the cards that keep the value lowest for {seat}, a defender ({value}); "
            "cards of equal value fewest declarer points first, then by suit and rank"
        ).format(seat=seat_name(at.to_move), value=kept)
    return aligned(rows) + [""] + explained("  " + _("best"), why)


def _line_table(solution: Solution, at: Position, line) -> List[str]:
    """The line trick by trick, who led it and who won it, then how the game it ends in settles."""
    play = PlayRules.for_game(solution.bid, solution.trump, rules=solution.rules)
    rows = [[_("trick"), _("led by"), _("cards"), _("won by")]]
    trick, leader, so_far = list(at.trick), at.leader, at.so_far
    for card in line:
        trick.append(card)
        if len(trick) == 3:
            winner, so_far = finish_trick(trick, leader, so_far, play)
            rows.append([str(so_far.tricks_played), seat_name(leader), cards_text(trick), seat_name(winner)])
            trick, leader = [], winner
    result = result_text(
        solution.deal, solution.bid, solution.trump, rules=solution.rules, outcome=so_far, kontra=solution.kontra
    )
    return aligned(rows) + [""] + explained("  " + _("at the end"), result)
