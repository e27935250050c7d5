"""``ulti play``: which card to play, from what one seat has seen (R40-R43)."""

from __future__ import annotations

from typing import Dict, Optional

import click

from ..analysis.single_dummy import play_values
from ..bids import parse_trump
from ..errors import UltiInputError
from ..i18n import N_, _
from ..knowledge import information_set_from_hand
from ..knowledge.table import read_table
from ..kontra import NO_KONTRA
from ..play import PlayRules
from ..position import parse_play
from ..render.output import LateBar, Output
from ..render.play import advice_lines
from ..runner import Runner
from .language import UltiCommand, option
from .options import (
    BadInput,
    bid_option,
    build_rules,
    check_jobs_or_cluster,
    game_kontra,
    hand_argument,
    json_option,
    kontra_option,
    played_game,
    read_cards,
    rules_options,
    seed_option,
    trump_option,
    worlds_option,
)
from .running import run_work
from .work_options import cluster_options, jobs_option

#: The samples drawn without --samples (INTERFACE.md).
DEFAULT_SAMPLES = 200


def _marriages(ctx, param, values) -> Optional[Dict[int, set]]:
    """``--marriages 1:bells,acorns`` (or ``2:-``): the marriages a seat announced (R40)."""
    if not values:
        return None
    told: Dict[int, set] = {}
    for text in values:
        seat, colon, suits = text.partition(":")
        if not colon or seat.strip() not in ("0", "1", "2"):
            raise click.BadParameter(
                _(
                    "a seat 0, 1 or 2, then ':' and its marriages' suits (or '-'): e.g. 1:bells,acorns; not {text!r}"
                ).format(text=text),
                ctx=ctx,
                param=param,
            )
        words = [w for w in suits.replace(",", " ").split() if w]
        try:
            told[int(seat)] = set() if words in ([], ["-"]) else {parse_trump(w) for w in words}
        except UltiInputError as exc:
            raise click.BadParameter(f"{text}: {exc}", ctx=ctx, param=param) from None
    return told


def inferred_weights(seat: int, bid, trump, levels, cards_played: int, *, rules):
    """``--infer``: the weights of the worlds (worlds -> weights) from what the command is given:
    the declarer's bid (for a defender) and the kontras given, read as said by the defenders whose
    moment of the first trick is over (R48).  Nothing of that varies between the seat's worlds (the
    declarer before any kontra could be said) is an error: there is nothing to infer."""
    from ..inference.observed import from_levels, moments_passed
    from ..inference.weights import world_weights

    observed = from_levels(seat, bid, trump, moments_passed(cards_played), kontra=levels, rules=rules)
    if observed.empty:
        raise BadInput(
            _(
                "--infer: nothing seen tells the hidden cards apart: the declarer's own bid tells him "
                "nothing, and no defender has had his moment to kontra yet (R48)"
            )
        )
    return lambda worlds: world_weights(observed, worlds)


def _cards(text: Optional[str], what: str) -> Optional[int]:
    """The cards of an option that may be left out; ``what`` names it in the message."""
    return None if text is None else read_cards(text, what)


@click.command(name="play", cls=UltiCommand, context_settings={"ignore_unknown_options": True})
@hand_argument()
@bid_option(required=True)
@trump_option(N_("Trump: hearts, bells, leaves, acorns (or piros, tok, zold, makk); a trump bid needs one."))
@click.option(
    "--seat",
    type=click.IntRange(0, 2),
    metavar="SEAT",
    help=N_("Whose HAND it is: 0 the declarer, 1, 2 (default: the seat to move, which must be the seat asking)."),
)
@click.option("--talon", metavar="CARDS", help=N_("The talon, for the declarer (seat 0), who laid it."))
@click.option(
    "--play", "play_text", metavar="CARDS", help=N_("The cards played so far, in play order from the opening lead.")
)
@click.option(
    "--marriages",
    multiple=True,
    metavar="SEAT:SUITS",
    callback=_marriages,
    help=N_(
        "The marriages a seat announced, e.g. 1:bells,acorns or 2:- for none (repeatable; R40). "
        "Without it, the other seats' marriages are not constrained."
    ),
)
@click.option(
    "--declarer",
    "declarer_text",
    metavar="CARDS",
    help=N_("The declarer's ten cards as dealt, shown after the first trick of an open bid (R40)."),
)
@rules_options()
@kontra_option(N_("the bid's components"))
@worlds_option(
    "--samples",
    None,
    1_000_000,
    N_(
        "Worlds to draw (default {default}), or 'all' to count every world exactly "
        "(an error, naming the count, past 100,000)."
    ),
    help_values={"default": DEFAULT_SAMPLES},
)
@seed_option(N_("The draw's seed: the same seed gives the same numbers, however the work is spread."))
@option(
    "--search",
    "search_text",
    metavar="pimc|alphamu[:M]",
    default="pimc",
    show_default=True,
    help=N_(
        "How the cards are valued: pimc, each world double dummy after the card (R43); or alphamu, "
        "one strategy for every world you cannot tell apart, M of your moves deep, double dummy beyond "
        "(by default 2 moves, 3 from the sixth trick, to the end from the seventh), exact with every "
        "world counted in the last three tricks; {worlds} worlds drawn otherwise. Its cost is shown; "
        "it runs in one process (-j is for pimc)."
    ),
    help_values={"worlds": 32},
)
@jobs_option(N_("worlds"))
@cluster_options()
@json_option(
    N_(
        "JSON lines, best first, one per legal card: card, samples, mean_value, stderr_value, loss, stderr_loss, "
        "p_made, best."
    )
)
@click.option(
    "--infer",
    is_flag=True,
    help=N_(
        "Weigh each world by how likely the bid and the kontras seen were with its cards, by a policy "
        "fitted on self-play (a player's aid; R42's equal worlds are the default)."
    ),
)
@click.option("--quiet", "-q", is_flag=True, help=N_("No progress bar and no summary on stderr."))
def command(
    hand,
    bid,
    trump,
    seat,
    talon,
    play_text,
    marriages,
    declarer_text,
    variants,
    rulebook,
    table,
    *,
    kontra,
    samples,
    seed,
    search_text,
    jobs,
    cluster,
    as_json,
    quiet,
    infer,
):
    """Which card to play, from what one seat has seen (R40-R43).

    HAND is your ten cards as dealt (the declarer's ten, with --talon);
    --play the cards played so far.  The cards you cannot see are placed
    in every way that fits what you have seen: the play (a player who did
    not follow suit has none of it, one who did not beat the card he had
    to beat holds nothing above it, R41), the marriages announced (R40).
    Each legal card is then valued double dummy in each of those worlds,
    all on the same worlds: its single-dummy value is the mean (R43), in
    units per defender from the declarer's side, and its loss what it gives
    away against the best card, from your side, with a paired standard error.

    \b
    Examples:
      ulti play 8.A97.A97.ATO --seat 1 --bid party --trump bells --play "BT BA BU"
      ulti play A97.TK8.O8.U9 --talon LU,A8 --bid party --trump bells --samples 100
      ulti play TKOU.OU.TK.K7 --seat 2 --bid ulti --trump leaves --play "HA H8" --samples 500 --json
    """
    check_jobs_or_cluster(jobs, cluster)
    rules = build_rules(rulebook, variants, table)
    played_bid, played_trump = played_game(bid, trump)
    levels = game_kontra(kontra, played_bid, rules=rules) if kontra else NO_KONTRA
    own = read_cards(" ".join(hand), "HAND")
    try:
        played = parse_play(play_text) if play_text else []
        to_move = read_table(played, PlayRules.for_game(played_bid, played_trump, rules=rules)).to_move
    except UltiInputError as exc:
        raise BadInput(_("bad play: {problem}").format(problem=exc)) from None
    if seat is None:
        seat = to_move
    try:
        info = information_set_from_hand(
            own,
            seat,
            played_bid,
            played_trump,
            rules=rules,
            played=played,
            talon=_cards(talon, "--talon"),
            marriages=marriages,
            declarer_hand=_cards(declarer_text, "--declarer"),
        )
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    weigh = inferred_weights(seat, played_bid, played_trump, levels, len(played), rules=rules) if infer else None
    if search_text.strip().lower() != "pimc":
        _alphamu(info, samples, seed, search_text, as_json, weigh, kontra=levels)
        return
    samples = DEFAULT_SAMPLES if samples is None else samples
    runner = Runner.for_command(jobs, cluster, spread=False)
    total = info.count() if samples == "all" else samples
    bar = LateBar(total, N_("world"), quiet)
    advice = run_work(
        runner,
        bar,
        lambda: play_values(info, samples, seed=seed, kontra=levels, runner=runner, on_progress=bar.to, weigh=weigh),
        nothing_shown=_("Interrupted: no card was valued on every world yet, so nothing is shown."),
    )
    out = Output()
    if as_json:
        for card in advice.cards:
            found = card.as_json()
            if advice.effective_worlds is not None:
                found["effective_worlds"] = round(advice.effective_worlds, 2)
            out.json(found)
        return
    out.lines(advice_lines(advice))


def _alphamu(info, samples, seed, search_text, as_json, weigh, *, kontra) -> None:
    """``--search alphamu[:M]``: one process, the cost of the decision said (:mod:`ulti_solver.alphamu`)."""
    from ..alphamu.advice import SearchSpec, alphamu_advice
    from ..render.play import search_lines

    try:
        spec = SearchSpec.parse(search_text)
        advice = alphamu_advice(info, samples, seed=seed, kontra=kontra, spec=spec, weigh=weigh)
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    out = Output()
    if as_json:
        for card in advice.cards:
            found = {**card.as_json(), "search": advice.search, "cost": advice.cost.as_json()}
            if advice.effective_worlds is not None:
                found["effective_worlds"] = round(advice.effective_worlds, 2)
            out.json(found)
        return
    out.lines(advice_lines(advice) + search_lines(advice))
