"""``ulti bot SPEC``: one of our bots as an engine on stdin and stdout (docs/protocol.md)."""

from __future__ import annotations

import sys

import click

from ..i18n import _, english
from .language import UltiCommand


@click.command(name="bot", cls=UltiCommand)
@click.argument("spec", metavar="SPEC")
def command(spec):
    """Run one bot as an engine: requests on stdin, answers on stdout.

    SPEC names the bot as 'ulti game --bot' does (random, and any other
    kind 'ulti game --help' lists; not dd, which sees every card, nor
    cmd:).  It speaks the protocol of docs/protocol.md: each line of stdin
    is a JSON object, a request (what the seat knows, what it is asked and
    the legal answers), answered with one line on stdout, or a new_game
    notice, not answered.  A line that cannot be read is answered with
    {"error": "..."} and the bot goes on.  It stops at the end of stdin.

    It lets another program play against our bots, and it is an engine
    our own table can run: 'ulti game --bot cmd:"ulti bot random"'.

    \b
    Examples:
      ulti game --seed 1 --bot cmd:'ulti bot random'
      ulti game --seed 2 --bot random --bot cmd:'ulti bot random' --bot random --json
    """
    from ..bots import BOT_KINDS, BotError, make_bot, parse_spec
    from ..bots.protocol import NEW_GAME, answer_json, line, parse_json, read_new_game, read_request

    name, _options = parse_spec(spec)
    if name == "cmd":
        raise BotError(_("ulti bot runs one of our bots; an outside engine (cmd:) is one already"))
    if not BOT_KINDS[name].fair:
        raise BotError(_("the {bot} bot sees every card; an engine is told only what its seat knows").format(bot=name))
    bot = make_bot(spec)
    stdin, stdout = sys.stdin, sys.stdout
    try:
        while True:
            text = stdin.readline()
            if not text:
                break
            if not text.strip():
                continue
            try:
                data = parse_json(text)
                if isinstance(data, dict) and NEW_GAME in data:
                    bot.new_game(*read_new_game(data))
                    continue
                request = read_request(data)
                answer = answer_json(request.ask, bot.answer(request))
            except Exception as exc:  # a bad line, or a bot that failed on it: said, and on to the next
                answer = {"error": english(exc) or type(exc).__name__}
            stdout.write(line(answer) + "\n")
            stdout.flush()
    finally:
        bot.close()
