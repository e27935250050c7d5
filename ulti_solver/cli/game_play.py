"""``ulti game [DEAL12] [--bot SPEC]... [--you SEAT]``: one whole game played by bots, or by a
person against two, told step by step (INTERFACE.md, "Whole games")."""

from __future__ import annotations

import random
import sys
from typing import List, Optional, Sequence

import click

from ..deal import Deal
from ..dealing import whole_deal
from ..i18n import _
from ..render.output import Output
from .app import interrupted_status
from .options import BadInput, read_deal

#: Seeds drawn when --seed is not given: printed, so the game can be dealt again.
SEED_RANGE = 1_000_000


def default_spec() -> str:
    """The bot that plays a seat no --bot names: simple where this version has it, else random."""
    from ..bots import BOT_KINDS

    return "simple" if "simple" in BOT_KINDS else "random"


def seat_specs(specs: Sequence[str], you: Optional[int]) -> List[Optional[str]]:
    """The SPEC of each table seat (None: the person): one --bot for all, or one for each seat."""
    specs = list(specs) or [default_spec()]
    seats = [seat for seat in range(3) if seat != you]
    if len(specs) == 1:
        specs = specs * len(seats)
    if len(specs) != len(seats):
        if you is None:
            raise click.UsageError(_("give one --bot for all three seats, or three: one for each table seat"))
        raise click.UsageError(_("with --you, give one --bot for both other seats, or two: one for each"))
    chosen: List[Optional[str]] = [None, None, None]
    for seat, spec in zip(seats, specs):
        chosen[seat] = spec
    return chosen


def play(tokens: Sequence[str], specs: Sequence[str], you: Optional[int], seed: Optional[int], *, rules, as_json: bool):
    """Deal, make the players, play the game to its end, and print it."""
    from ..bots import make_bot
    from ..bots.human import HumanBot, LeftTheTable
    from ..bots.table import play_game

    if tokens:
        deal = read_deal(tokens)
        if not deal.before_discard:
            raise BadInput(
                _("a whole game starts from a deal before the discard: 12 cards for table seat 0, 10 for the others")
            )
    else:
        seed = random.SystemRandom().randrange(SEED_RANGE) if seed is None else seed
        deal = whole_deal(seed)
    chosen = seat_specs(specs, you)
    players: list = []
    try:
        for spec in chosen:
            if spec is None:
                players.append(HumanBot("you", write=_writer(as_json)))
            else:
                players.append(make_bot(spec))
        if you is None and not as_json:
            Output().lines(_header(deal, seed if not tokens else None, players, rules=rules))
        elif you is not None:
            _writer(as_json)(_you_header(you, seed if not tokens else None, players))
        try:
            played = play_game(deal, players, rules=rules, seed=seed or 0)
        except LeftTheTable:
            click.echo(_("The input ended before the game did: the game stops unfinished."), err=True)
            sys.exit(interrupted_status(KeyboardInterrupt()))
    finally:
        for player in players:
            player.close()
    names = [player.name for player in players]
    if as_json:
        Output().json(_record(played, names))
        return
    story = players[you].story if you is not None else None
    Output().lines(_told(played, names, story))


def _writer(err: bool):
    def write(text: str = "", nl: bool = True) -> None:
        click.echo(text, nl=nl, err=err)

    return write


def _header(deal: Deal, seed: Optional[int], players, *, rules) -> List[str]:
    from ..render.story import hand_text
    from ..render.words import rules_text

    if seed is None:
        lines = [_("A whole game of the deal given, under {rules}.").format(rules=rules_text(rules))]
    else:
        lines = [_("A whole game dealt with --seed {seed}, under {rules}.").format(seed=seed, rules=rules_text(rules))]
    for seat, (hand, player) in enumerate(zip(deal.hands, players)):
        lines.append(_("Table seat {seat} ({bot}): {cards}").format(seat=seat, bot=player.name, cards=hand_text(hand)))
    return lines + [_("Table seat 0 holds 12 cards and bids first (R45, R46)."), ""]


def _you_header(you: int, seed: Optional[int], players) -> str:
    others = ", ".join(
        _("table seat {seat}: {bot}").format(seat=seat, bot=player.name)
        for seat, player in enumerate(players)
        if seat != you
    )
    said = _("You play table seat {seat} against {others}.").format(seat=you, others=others)
    if seed is not None:
        said += "\n" + _("The deal: --seed {seed}.").format(seed=seed)  # a line of its own: 100 columns
    return said


def _forfeit_line(played, names) -> str:
    forfeit = played.forfeit
    return _("Table seat {seat} ({bot}) forfeits the game, asked {ask}: {why}.").format(
        seat=forfeit.seat, bot=names[forfeit.seat], ask=forfeit.ask, why=forfeit.why
    )


def _told(played, names: Sequence[str], story=None) -> List[str]:
    """The story of the game, then its record block with the result (R50)."""
    from ..game.notation import game_text
    from ..render.game import game_lines
    from ..render.story import Story, game_scene, payment_line

    game = played.game
    lines = (story or Story()).news(game_scene(game), final=True)
    if game.thrown_in:
        lines.append(_("Table seat 0 throws his plain party in (R49)."))
    elif game.conceded_at is not None and played.forfeit is None:
        lines.append(
            _("Table seat {seat} gives the game up after {n} cards (R39).").format(
                seat=game.declarer, n=game.conceded_at
            )
        )
    if played.forfeit is not None:
        lines.append(_forfeit_line(played, names))
    lines += [payment_line(played.by_seat), ""]
    if game.phase == "over":
        return lines + game_lines(game)
    return (
        lines
        + game_text(game).splitlines()
        + ["# " + _forfeit_line(played, names), "# " + payment_line(played.by_seat), ""]
    )


def _record(played, names: Sequence[str]) -> dict:
    """The game record (INTERFACE.md), with the bots by table seat and the forfeit, if one ended it."""
    from ..game.record import game_json
    from ..i18n import english

    record = game_json(played.game)
    record["bots"] = list(names)
    if played.forfeit is not None:
        forfeit = played.forfeit
        record["forfeit"] = {"seat": forfeit.seat, "ask": forfeit.ask, "why": english(forfeit.why)}
        record.setdefault("result", {"by_seat": list(played.by_seat)})
    return record
