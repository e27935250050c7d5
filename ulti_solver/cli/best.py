"""``ulti best``: which bid, trump (and discard) pays most with best play (R35)."""

from __future__ import annotations

import time

import click

from ..analysis.best import best_bids, count_candidates
from ..errors import UltiInputError
from ..i18n import N_
from ..render.best import best_table, summary
from ..render.output import Output, progress_bar
from .language import UltiCommand
from .options import (
    BadInput,
    bids_option,
    build_rules,
    deal_argument,
    json_option,
    kontra_option,
    read_deal,
    rules_options,
)


@click.command(name="best", cls=UltiCommand, context_settings={"ignore_unknown_options": True})
@deal_argument()
@click.option(
    "--top",
    type=click.IntRange(min=0),
    default=10,
    show_default=True,
    metavar="N",
    help=N_("How many candidates to list, best first; 0 lists every one."),
)
@bids_option(N_("Only this bid (repeatable), in every trump it may take."))
@rules_options()
@kontra_option(N_("every candidate that has the components named ('all=1': every component of each)"))
@json_option(
    N_(
        "JSON lines, best first: each candidate as 'solve --value --json' prints it, plus \"rank\" "
        '(and "discard" for a 12-card hand).'
    )
)
@click.option("--quiet", "-q", is_flag=True, help=N_("No progress bar and no summary on stderr."))
@click.option(
    "--verbose",
    "-v",
    is_flag=True,
    help=N_(
        "Say on stderr how the candidates were weighed: how many were valued exactly, "
        "how many ruled out by a quick test or by their best possible value."
    ),
)
def command(deal, top, bids, variants, rulebook, table, *, kontra, as_json, quiet, verbose):
    """Rank every bid and trump by its double-dummy value (R34, R35).

    DEAL with its talon (10/10/10 + 2): every bid of R28 in every trump it
    may take, 150 candidates.  DEAL before the discard (12/10/10): every
    discard as well, 66 x 150 = 9,900 candidates.  The value is in units
    per defender (what each defender pays the declarer; negative: the
    declarer pays), with the rulebook's value table or --table.

    Only what can reach the top is searched: a candidate whose best
    possible outcome is below the N-th best value found is skipped, and
    one that might reach it is first asked "can the declarer be sure of
    that much?" before its exact value is searched.  A line on stderr says
    how many candidates were weighed and how long it took (-v: how many
    needed which search); --top 0 values every candidate exactly.

    --kontra ranks the candidates as if those kontras were said on each
    that has the components named: '--kontra all=1' asks which bid still
    pays when every part of it is kontra'd (R36-R39).  A kontra without a
    seat on betli or colorless durchmars is both defenders'.

    \b
    Examples:
      ulti best "$(ulti example deal)"
      ulti best "$(ulti example deal)" --top 3 --json
      ulti best "$(ulti example deal)" --bid ulti --bid "40-100 ulti" --top 0
      ulti best "$(ulti example discard)" --top 5 --rules tournament
      ulti best "$(ulti example deal)" --top 5 --kontra all=1
    """
    rules = build_rules(rulebook, variants, table)
    the_deal = read_deal(deal)
    total = count_candidates(the_deal, bids)
    started = time.monotonic()
    with progress_bar(total, N_("candidate"), quiet) as bar:
        last = [0]

        def advance(done, total):
            bar.update(done - last[0])
            last[0] = done

        try:
            result = best_bids(the_deal, rules=rules, top=top, bids=bids, on_progress=advance, kontra=kontra)
        except UltiInputError as exc:
            raise BadInput(str(exc)) from None
    seconds = time.monotonic() - started
    out = Output()
    if as_json:
        for cand in result.ranked:
            out.json(cand.as_json())
    else:
        out.lines(best_table(the_deal, result, rules=rules, kontra=kontra))
    if not quiet:
        for text in summary(result, seconds, verbose):
            click.echo(text, err=True)
