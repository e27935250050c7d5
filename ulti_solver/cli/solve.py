"""``ulti solve``: one deal, any position of its play, every answer."""

from __future__ import annotations

from typing import List

import click

from ..cards import CANONICAL_RANKS, card_name, card_rank, card_suit
from ..errors import UltiInputError
from ..i18n import N_, _, n_
from ..play import PlayRules
from ..position import Position, finish_trick, parse_play, replay, start_of_play
from ..search import solve
from ..solution import Solution
from ..variants import Rules
from .language import UltiCommand
from .options import (
    BadInput,
    build_rules,
    deal_argument,
    game_kontra,
    game_options,
    json_option,
    kontra_option,
    played_games,
    read_deal,
    value_option,
)
from .output import Output
from .text import (
    aligned,
    answers_table,
    card_text,
    cards_text,
    component_word,
    concede_text,
    deal_header,
    explained,
    legend,
    lost_before_play,
    number_text,
    result_text,
    seat_name,
    signed,
    trump_text,
    wrapped,
    yes_no,
)

#: What --cards and --line say on a finished game instead of an empty table.
GAME_OVER = N_("the game is over: nothing left to play")
#: A card's place in the canonical order (suits as dealt, ranks A T K O U 9 8 7): how ties are listed.
_RANK_PLACE = {rank: place for place, rank in enumerate(CANONICAL_RANKS)}


@click.command(name="solve", cls=UltiCommand, context_settings={"ignore_unknown_options": True})
@deal_argument()
@game_options(bid_required=True)
@value_option()
@kontra_option(N_("the bid's components, for --value"))
@click.option(
    "--play",
    "play_text",
    metavar="CARDS",
    help=N_(
        "The cards played so far, in play order from the opening lead (e.g. 'BA B7 B8 LT'); "
        "it may end inside a trick. Each card is checked against R9-R12."
    ),
)
@click.option(
    "--cards",
    "with_cards",
    is_flag=True,
    help=N_("Value every card the player to move may play, and name the best ones (by the value, R34)."),
)
@click.option("--line", "with_line", is_flag=True, help=N_("One best line of play from here to the end."))
@json_option(N_("One JSON object per trump solved, one per line (INTERFACE.md fields)."))
def command(
    deal, bid, trump, variants, rulebook, table, silent, with_value, kontra, play_text, with_cards, with_line, as_json
):
    """Solve one deal: each part of the bid, and what it is worth.

    DEAL is three hands in seat order (declarer, seat 1, seat 2) and
    optionally the talon; quote it, or give one word per hand, or '-' to
    read it from stdin.  A 10/10/10 deal without a talon has the two
    missing cards as its talon.  A deal before the discard (12 cards in
    the declarer's hand) is for 'ulti discards' or 'ulti best'.

    A trump bid without --trump is solved for bells, leaves and acorns,
    one answer each; --trump hearts plays it red.  With --play the answers
    are for the rest of the game from that position, the points, tricks
    and marriages already taken included.

    \b
    Examples:
      ulti solve "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8" --bid party
      ulti solve "$(ulti example deal)" --bid "40-100 ulti" --trump leaves --value
      ulti solve "$(ulti example deal)" --bid betli --json
      ulti example deal | ulti solve - --bid "red durchmars" --rules tournament
      ulti solve "$(ulti example deal)" --bid ulti --silent --variant free-seven
      ulti solve "$(ulti example deal)" --bid party --trump bells --play "BT BA BU" --cards
      ulti solve "$(ulti example deal)" --bid party --trump bells --line --value
    """
    rules = build_rules(rulebook, variants, table)
    the_deal = read_deal(deal)
    try:
        the_deal.require_talon()
        played = parse_play(play_text) if play_text is not None else []
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    results = []
    for played_bid, played_trump in played_games(bid, trump):
        play = PlayRules.for_game(played_bid, played_trump, rules=rules)
        levels = game_kontra(kontra, played_bid, rules)
        try:
            position = replay(the_deal, play, played) if played else None
        except UltiInputError as exc:
            raise BadInput(_("bad play: {problem}").format(problem=exc)) from None
        game = (the_deal, played_bid, played_trump)
        solution = solve(*game, rules=rules, position=position, silent=silent, value=with_value, kontra=levels)
        cards = best = line = None
        at = position or start_of_play(the_deal)
        if with_cards and at.finished:
            cards, best = {}, []  # nothing left to play: no card to value
        elif with_cards:
            from ..analysis.replay import best_cards, card_solutions  # only --cards and --line analyse play

            cards = card_solutions(*game, at, rules=rules, silent=silent, kontra=levels)
            best = best_cards({c: s.value for c, s in cards.items()}, at)
        if with_line:
            from ..analysis.replay import best_line

            line = best_line(*game, at, rules=rules, kontra=levels)
        results.append((solution, at, cards, best, line))
    out = Output()
    if as_json:
        for solution, _at, cards, best, line in results:
            out.json(solve_json(solution, played, cards, best, line, with_value))
        return
    out.lines(_table(results, rules, len(played), silent))


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
    return _table([(solution, at, None, None, None)], solution.rules, played, solution.silent is not None)


def _table(results, rules: Rules, played: int, silent: bool) -> List[str]:
    first = results[0][0]
    out = deal_header(first.deal, first.bid, rules, trumps=[r[0].trump for r in results], kontra=first.kontra)
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
            result = result_text(s.deal, s.bid, s.trump, s.rules, end.so_far, s.kontra)
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
    result = result_text(solution.deal, solution.bid, solution.trump, solution.rules, so_far, solution.kontra)
    return aligned(rows) + [""] + explained("  " + _("at the end"), result)
