"""Options and arguments that several commands share, and how the user's words are read.

Each decorator adds a group of options with one wording everywhere; the
readers turn them into library values, raising :class:`BadInput` (exit 2)
with one line that names what is wrong.
"""

from __future__ import annotations

import math
import re
import sys
from typing import Optional, Sequence

import click

from ..bids import Bid, bid_words, parse_bid, parse_trump, trumps_to_solve
from ..deal import Deal, parse_deal
from ..errors import UltiInputError, excerpt
from ..i18n import N_, _
from ..kontra import NO_SPEC, Kontra, KontraSpec, parse_kontra
from ..render.output import CSV, JSON, TABLE
from ..variants import Rules, make_rules
from .language import AFTER_DASHES, option

#: A word on the command line that can only be a mistyped option: ``-x``, ``--trum``.
#: (A hand starts with a rank, a suit letter, or '-.' for a void in hearts.)
_OPTION_LIKE = re.compile(r"^--?[A-Za-z-]")


class BadInput(click.ClickException):
    """Input the program cannot use (a bad deal, bid, trump, rulebook...): exit 2."""

    exit_code = 2


def output_format(as_json: bool = False, as_csv: bool = False) -> str:
    if as_json and as_csv:
        from ..i18n import _

        raise click.UsageError(_("choose one of --json and --csv"))
    return JSON if as_json else CSV if as_csv else TABLE


class FiniteFloat(click.FloatRange):
    """A real number in a range, and finite: what every float option takes.

    click's FloatRange lets ``nan`` through (nan compares false with every
    bound) and ``inf`` where no upper bound is set; a time budget of nan
    would never be spent, and neither says what the user meant.
    """

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(_("{value} is not a finite number").format(value=excerpt(str(value))), param, ctx)
        return number


def _apply(options):
    def decorator(func):
        for decorate in reversed(options):
            func = decorate(func)
        return func

    return decorator


def _parse_bid_option(ctx, param, value: Optional[str]) -> Optional[Bid]:
    if value is None:
        return None
    try:
        return parse_bid(value)
    except UltiInputError as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param) from None


def _parse_trump_option(ctx, param, value: Optional[str]) -> Optional[int]:
    try:
        return parse_trump(value)
    except UltiInputError as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param) from None


def _at_most_once(ctx, param, values):
    """An option that may be given once: a second one is an error, not a silent override."""
    if len(values) > 1:
        shown = ", ".join(str(excerpt(v)) for v in values[:3])
        raise click.BadParameter(
            _("given {count} times ({values}); give it once").format(count=len(values), values=shown),
            ctx=ctx,
            param=param,
        )
    return values[0] if values else None


def _no_option_words(ctx, param, tokens):
    """Words that look like options are typos of options, not hands.

    The commands that take a deal accept unknown ``-`` words only so that a
    hand such as ``-.AT9.K8.7`` (void in hearts) needs no quoting; a word
    such as ``-q`` or ``--trum`` is an unknown option, said as such.  This
    runs as the deal's callback, before click checks the required options,
    so ``ulti solve DEAL -q`` names ``-q`` rather than a missing ``--bid``.
    """
    after_dashes = ctx.meta.get(AFTER_DASHES, ()) if ctx is not None else ()
    for token in tokens:
        if _OPTION_LIKE.match(token):
            if token in after_dashes:  # '--' said "no more options": no option of this name can be meant
                raise BadInput(
                    _(
                        "{word} comes after '--', so it is read as cards, not as an option: put options before '--'"
                    ).format(word=excerpt(token))
                )
            params = ctx.command.params if ctx is not None else ()
            known = [name for p in params for name in getattr(p, "opts", ()) if name.startswith("-")]
            name = token.split("=", 1)[0]
            shown = name if len(name) <= 40 else name[:40] + "..."
            import difflib  # only for a mistyped option: kept off the start-up path

            close = difflib.get_close_matches(name, known, cutoff=0.75) if name.startswith("--") else []
            close = [option for option in close if option != name]  # never "did you mean" itself
            raise click.NoSuchOption(shown, possibilities=close or None, ctx=ctx)
    return tokens


def _one_bid(ctx, param, values) -> Optional[Bid]:
    return _parse_bid_option(ctx, param, _at_most_once(ctx, param, values))


def _one_trump(ctx, param, values) -> Optional[int]:
    return _parse_trump_option(ctx, param, _at_most_once(ctx, param, values))


def deal_argument(required: bool = True):
    return click.argument("deal", nargs=-1, required=required, callback=_no_option_words)


def hand_argument(metavar: Optional[str] = None):
    """One seat's cards as words, unquoted as a deal is: ``-.AT9.K8.7`` is a hand, ``-q`` a typo."""
    return click.argument("hand", nargs=-1, required=True, metavar=metavar, callback=_no_option_words)


def read_cards(text: str, what: str) -> int:
    """A hand or a card list given by the user; ``what`` names it in the message: the argument's
    name or an option, or words marked ``N_()`` (``the hand``)."""
    from ..deal import parse_hand

    try:
        return parse_hand(text.strip())
    except UltiInputError as exc:
        raise BadInput(f"{_(what)}: {exc}") from None


def check_jobs_or_cluster(jobs: Optional[int], cluster) -> None:
    """-j spreads over this machine's cores, --cluster over a Dask cluster: one or the other."""
    if jobs is not None and cluster:
        raise click.UsageError(_("choose one of -j and --cluster"))


def bid_option(required: bool = True, help_text: str = ""):
    return click.option(
        "--bid",
        "bid",
        required=required,
        multiple=True,
        metavar="BID",
        callback=_one_bid,
        help=help_text
        or N_(
            "The bid: words in any order, e.g. 'party', '40-100 ulti', 'red durchmars', 'betli', 'colorless durchmars'."
        ),
    )


def _parse_bids_option(ctx, param, values):
    return [_parse_bid_option(ctx, param, value) for value in values] or None


def bids_option(help_text: str):
    """--bid BID, repeatable: the candidates a command is restricted to (None: every bid of R28)."""
    return click.option("--bid", "bids", multiple=True, metavar="BID", callback=_parse_bids_option, help=help_text)


def trump_option(help_text: str = ""):
    return click.option(
        "--trump",
        "trump",
        multiple=True,
        metavar="SUIT",
        callback=_one_trump,
        help=help_text
        or N_(
            "Trump: hearts, bells, leaves, acorns (or piros, tok, zold, makk). "
            "Left out, a trump bid is solved for bells, leaves and acorns; hearts makes the bid red (R28, R29)."
        ),
    )


def rules_options():
    """--variant, --rules and --table: the rules in force and the value table (R32)."""
    return _apply(
        [
            click.option(
                "--variant",
                "variants",
                multiple=True,
                metavar="NAME",
                help=N_("Switch a rule variant on (repeatable); see 'ulti rules'."),
            ),
            click.option(
                "--rules",
                "rulebook",
                multiple=True,
                metavar="BOOK",
                callback=_at_most_once,
                help=N_("Rulebook: ultiblog (default), tournament, classic, rablo; see 'ulti rules'."),
            ),
            click.option(
                "--table",
                "table",
                multiple=True,
                metavar="TABLE",
                callback=_at_most_once,
                help=N_(
                    "Value table (R32): classic or tournament; default: the rulebook's "
                    "(tournament for --rules tournament, classic otherwise)."
                ),
            ),
        ]
    )


def game_options(bid_required: bool = True, bid_help: str = "", trump_help: str = ""):
    """--bid, --trump, the rules options and --silent: what game is solved under which rules."""
    return _apply(
        [
            bid_option(bid_required, bid_help),
            trump_option(trump_help),
            rules_options(),
            click.option(
                "--silent",
                is_flag=True,
                help=N_("Also solve the silent achievements: silent 100, silent ulti, silent durchmars (R25-R27)."),
            ),
        ]
    )


def _parse_kontra_option(ctx, param, values) -> KontraSpec:
    try:
        return parse_kontra(list(values)) if values else NO_SPEC
    except UltiInputError as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param) from None


def kontra_option(what: str = N_("the game")):
    """--kontra SPEC, repeatable: the kontras said on ``what`` (R36-R39, marked ``N_()``), read as a KontraSpec."""
    return option(
        "--kontra",
        "kontra",
        multiple=True,
        metavar="SPEC",
        callback=_parse_kontra_option,
        help=N_(
            "Kontras on {what} (R36-R39): COMPONENT[=LEVEL], or SEAT:COMPONENT[=LEVEL] where each "
            "defender kontras on his own (betli, colorless durchmars); LEVEL 1-4 or kontra, rekontra, "
            "szubkontra, hirschkontra (default 1); 'all' for every component; comma separated, repeatable. "
            "E.g. --kontra ulti=2,party."
        ),
        help_values={"what": what},
    )


def game_kontra(spec: KontraSpec, bid: Bid, *, rules: Rules, strict: bool = True) -> Kontra:
    """The kontras of one game from --kontra: a component the bid lacks is bad input (``strict``)."""
    try:
        return spec.for_bid(bid, rules=rules, strict=strict)
    except UltiInputError as exc:
        raise BadInput(f"--kontra: {exc}") from None


def worlds_option(name: str, default, most: int, help_text: str, help_values=None):
    """An option of a number of worlds, 1 to ``most``, or ``all`` (every world, counted exactly)."""

    def read(ctx, param, value):
        if value is None:
            return default
        if value.strip().lower() == "all":
            return "all"
        try:
            count = int(value)
        except ValueError:
            count = 0
        if not 1 <= count <= most:
            raise click.BadParameter(
                _("a number of worlds from 1 to {most:,}, or 'all'; not {value}").format(
                    most=most, value=excerpt(value)
                ),
                ctx=ctx,
                param=param,
            )
        return count

    return option(name, callback=read, metavar="N|all", help=help_text, help_values=help_values)


def value_option(what: str = N_("each object")):
    """--value; ``what`` it is added to, marked ``N_()``."""
    return option(
        "--value",
        "with_value",
        is_flag=True,
        help=N_(
            "Add the double-dummy value S (R34) to {what}: the units per defender the declarer "
            "is sure of with best play (negative: he pays)."
        ),
        help_values={"what": what},
    )


def seed_option(help_text: str):
    """--seed K (default 0): the draws of worlds or samples; ``help_text`` marked ``N_()``."""
    return click.option("--seed", type=int, default=0, show_default=True, metavar="K", help=help_text)


def json_option(help_text: str):
    return click.option("--json", "as_json", is_flag=True, help=help_text)


def build_rules(book: Optional[str], variants: Sequence[str], table: Optional[str] = None) -> Rules:
    """``--rules``, ``--variant`` and ``--table`` together; an unknown name lists the known ones."""
    try:
        return make_rules(book, variants, table)
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None


def read_deal(tokens: Sequence[str]) -> Deal:
    """A deal from command-line words.

    The deal may come as one quoted string or as one word per hand (the
    shell splits an unquoted deal), or ``-`` to read it from stdin.  Stdin
    is read as UTF-8 whatever the locale, a byte-order mark dropped, as
    ``ulti batch -`` reads it.
    """
    _no_option_words(click.get_current_context(silent=True), None, tokens)
    text = read_stdin() if list(tokens) == ["-"] else " ".join(tokens)
    try:
        return parse_deal(text)
    except UltiInputError as exc:
        raise BadInput(_("bad deal: {problem}").format(problem=exc)) from None


def read_stdin() -> str:
    """All of stdin as UTF-8 text (``utf-8-sig``: a BOM from a Windows editor is not a card)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text-only stdin (some test harnesses): take it as it is
        return sys.stdin.read().lstrip("\ufeff")
    return stream.read().decode("utf-8-sig", errors="replace")


def played_games(bid: Bid, trump: Optional[int]):
    """R28/R29: the (bid, trump) pairs to solve; a trump that does not fit is bad input."""
    try:
        return trumps_to_solve(bid, trump)
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None


def played_game(bid: Bid, trump: Optional[int]):
    """The one (bid, trump) of a game at the table: a trump bid without --trump is bad input."""
    games = played_games(bid, trump)
    if len(games) > 1:
        raise BadInput(
            _("a {bid} game is played in one trump: add --trump bells, leaves or acorns").format(bid=bid_words(bid))
        )
    return games[0]
