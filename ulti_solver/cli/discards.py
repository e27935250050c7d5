"""``ulti discards``: every two-card discard of a 12-card hand, solved and ranked (R6)."""

from __future__ import annotations

from functools import partial
from typing import List, Sequence

import click

from ..analysis.discards import DiscardResult, discard_tasks, rank_discards, solve_discard, twelve_card_deal
from ..i18n import N_, _
from ..runner import Runner, chunk_size
from ..variants import Rules
from .language import UltiCommand
from .options import (
    build_rules,
    deal_argument,
    game_kontra,
    game_options,
    json_option,
    kontra_option,
    played_games,
    read_deal,
    value_option,
    worker_options,
)
from .output import Output, progress_bar
from .text import (
    aligned,
    bid_text,
    cards_text,
    component_word,
    hands_table,
    kontra_text,
    number_text,
    points_legend,
    rules_text,
    signed,
    trump_text,
    value_legend,
    whole_bid_legend,
    yes_no,
)


@click.command(name="discards", cls=UltiCommand, context_settings={"ignore_unknown_options": True})
@deal_argument()
@game_options(bid_required=True)
@value_option(N_("each discard, and rank the discards by it"))
@kontra_option(N_("the bid's components, for --value"))
@json_option(
    N_(
        "JSON lines, best first: the INTERFACE.md fields of the deal after the discard, "
        'plus "discard", "ace_or_ten_in_talon", "talon_points", "breaks_marriage".'
    )
)
@click.option("--top", type=click.IntRange(min=1), metavar="N", help=N_("Show only the N best discards."))
@worker_options(N_("discards"))
def command(
    deal, bid, trump, variants, rulebook, table, silent, with_value, kontra, as_json, top, jobs, cluster, quiet
):
    """Try every discard of the declarer's 12 cards, best first.

    DEAL is the declarer's 12 cards and the two defenders' 10, as three
    words (HAND12 DEF1 DEF2) or one quoted string.  A 10/10/10 deal with
    its talon is read as the declarer picking the talon up.  Each of the
    66 two-card discards is solved for every trump the bid is played in,
    and listed best first: by the value with --value, then whole bid made,
    the number of components made, declarer points.

    \b
    Marks: 'A/10 in talon' the discard puts an ace or ten into the talon,
    whose points count for the defenders (or the declarer under
    talon-to-declarer, R16); 'breaks the ... marriage' it throws away the
    king or ober that 40-100 (R17) or 20-100 (R18) cannot do without.

    \b
    Examples:
      ulti discards "$(ulti example discard)" --bid "40-100 ulti" --top 10
      ulti discards "$(ulti example discard)" --bid "40-100 ulti" --value --top 5
      ulti discards A97.TK8.OU8.U98 8.A97.A97.ATO TKOU.OU.TK.K7 --bid party --trump acorns
      ulti discards "$(ulti example discard)" --bid betli --json | head -3
    """
    rules = build_rules(rulebook, variants, table)
    given = read_deal(deal)
    before = twelve_card_deal(given)
    games = played_games(bid, trump)  # a trump that does not fit the bid is bad input before any work
    levels = game_kontra(kontra, games[0][0], rules)
    tasks = discard_tasks(before, bid, trump)
    runner = Runner.for_command(jobs, cluster)
    solved = []
    work = partial(solve_discard, rules=rules, silent=silent, value=with_value, kontra=levels)
    chunk = chunk_size(len(tasks), max(1, min(runner.jobs, len(tasks))))
    with (
        runner,
        runner.results(work, tasks, chunk, cluster_chunk=33) as results,
        progress_bar(len(tasks), N_("discard"), quiet) as bar,
    ):
        for result in results:
            solved.append(result)
            bar.update(1)
    ranked = rank_discards(solved)
    shown = ranked[:top] if top else ranked
    out = Output()
    if as_json:
        for result in shown:
            out.json(result.as_json())
        return
    title = (
        _("Before the discard")
        if given.before_discard
        else _("Before the discard (the declarer has picked up the talon)")
    )
    lines = [title, "", *hands_table(before)]
    lines += ["", _("Bid   {bid}").format(bid=bid_text(shown[0].bid, [t for _b, t in games]))]
    lines += [_("Kontra {kontra}").format(kontra=kontra_text(levels))] if levels else []
    lines += [_("Rules {rules}").format(rules=rules_text(rules)), ""]
    if len(shown) < len(ranked):
        count = _("the best {shown} of {count}").format(shown=len(shown), count=len(ranked))
    else:
        count = _("all {count}").format(count=len(ranked))
    trumps = ", ".join(trump_text(t) for _b, t in games)
    if len(games) > 1:
        heading = _("{discards} discards for each trump ({trumps}); {count}, best first:")
    else:
        heading = _("{discards} discards ({trumps}); {count}, best first:")
    lines += [heading.format(discards=len(ranked) // len(games), trumps=trumps, count=count), ""]
    out.lines(lines + discards_table(shown, rules) + [""] + discards_legend(shown, rules))


def discards_legend(results: Sequence[DiscardResult], rules: Rules) -> List[str]:
    """What the columns of a discards table mean, for the columns it has."""
    solution = results[0].solution
    lines = whole_bid_legend() if len(solution.components) > 1 else []
    if any(r.solution.declarer_points is not None for r in results):
        lines += points_legend(rules)
    if solution.value is not None:
        lines += value_legend(rules.value_table)
    return lines


def discard_marks(result: DiscardResult, rules: Rules) -> str:
    """Why a discard may hurt, in words: points given to the talon (R16), a marriage broken (R17, R18)."""
    marks = []
    if result.ace_or_ten_in_talon:
        if rules.talon_to_declarer:
            marks.append(_("A/10 in talon: {points} for the declarer (R16)").format(points=result.talon_points))
        else:
            marks.append(_("A/10 in talon: {points} for the defenders (R16)").format(points=result.talon_points))
    if result.breaks_marriage == "40":
        marks.append(_("breaks the trump marriage (R17)"))
    elif result.breaks_marriage == "20":
        marks.append(_("breaks the only side-suit marriage (R18)"))
    return "; ".join(marks)


def discards_table(results: Sequence[DiscardResult], rules: Rules) -> List[str]:
    components = list(results[0].solution.components)
    with_value = results[0].solution.value is not None
    header = ["#", _("discard"), _("trump"), *map(component_word, components)]
    if len(components) > 1:
        header.append(_("whole bid"))
    header += [_("points")] + ([_("value")] if with_value else []) + [_("marks")]
    rows = [header]
    for index, result in enumerate(results, start=1):
        solution = result.solution
        row = [str(index), cards_text(result.discard), trump_text(result.trump)]
        row += [yes_no(solution.components[name]) for name in components]
        if len(components) > 1:
            row.append(yes_no(solution.joint))
        row.append(number_text(solution.declarer_points))
        if with_value:
            row.append(signed(solution.value))
        rows.append(row + [discard_marks(result, rules)])
    numbers = [len(header) - 2] + ([len(header) - 3] if with_value else [])
    return aligned(rows, right=(0, *numbers))
