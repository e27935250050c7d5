"""``ulti discards``: every two-card discard of a 12-card hand, solved and ranked (R6)."""

from __future__ import annotations

from functools import partial

import click

from ..analysis.discards import discard_tasks, rank_discards, solve_discard, twelve_card_deal
from ..i18n import N_, _
from ..render.discards import discards_legend, discards_table
from ..render.output import Output, progress_bar
from ..render.tables import bid_text, hands_table
from ..render.words import kontra_text, rules_text, trump_text
from ..runner import Runner, chunk_size
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
)
from .work_options import worker_options


@click.command(name="discards", cls=UltiCommand, context_settings={"ignore_unknown_options": True})
@deal_argument()
@game_options(bid_required=True)
@value_option(N_("each discard, and rank the discards by it"))
@kontra_option(N_("the bid's components, for --value"))
@json_option(
    N_(
        "JSON lines, best first: the fields of 'ulti solve --json' for the deal after the discard, "
        'plus "discard", "ace_or_ten_in_talon", "talon_points", "breaks_marriage".'
    )
)
@click.option("--top", type=click.IntRange(min=1), metavar="N", help=N_("Show only the N best discards."))
@worker_options(N_("discards"))
def command(
    deal, bid, trump, variants, rulebook, table, silent, with_value, *, kontra, as_json, top, jobs, cluster, quiet
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
    levels = game_kontra(kontra, games[0][0], rules=rules)
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
    out.lines(lines + discards_table(shown, rules=rules) + [""] + discards_legend(shown, rules=rules))
