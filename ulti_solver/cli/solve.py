"""``ulti solve``: one deal, any position of its play, every answer."""

from __future__ import annotations

import click

from ..errors import UltiInputError
from ..i18n import N_, _
from ..play import PlayRules
from ..position import parse_play, replay, start_of_play
from ..render.output import Output
from ..render.solve import solve_json, solve_table
from ..search import solve
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
@json_option(
    N_(
        "One JSON object per trump solved, one per line: deal, bid, trump, components, joint, declarer_points, "
        "rules, and what the other options add."
    )
)
def command(
    deal,
    bid,
    trump,
    variants,
    rulebook,
    table,
    silent,
    with_value,
    *,
    kontra,
    play_text,
    with_cards,
    with_line,
    as_json,
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
        levels = game_kontra(kontra, played_bid, rules=rules)
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
    out.lines(solve_table(results, rules=rules, played=len(played), silent=silent))
