"""The --lang option, and help pages in the language of the run.

Click keeps a command's help (its docstring) and each option's help as
written, in English; :class:`TranslatedHelp` looks them up in the catalog
when a page is shown, so nothing is translated at import and a command
module does not care which language runs.  Babel extracts the docstrings
(``ulti_solver/i18n_extract.py``) and the option help marked ``N_()``.

A help text with values (``kontra_option(N_("the game"))``) is a template
whose values are kept on the option as ``help_values`` (:func:`option`)
and filled in, each translated, when the page is shown.

Every command is an :class:`UltiCommand` (``@click.command(cls=UltiCommand)``):
it has ``--lang`` and its help speaks the language of the run.  The
language itself is chosen before click parses anything (``UltiGroup.main``
reads --lang wherever it stands), so that ``ulti solve --help --lang hu``
and every error of the parse are in Hungarian too.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Optional, Sequence

import click

from ..i18n import LANGUAGES, N_, _, choose, read_language

LANG_HELP = N_(
    "Language of the tables, messages and help: en (English) or hu (magyar).  Default: ULTI_LANG, "
    "else a Hungarian locale (LANG=hu_HU.UTF-8) chooses hu; --json stays English."
)


#: Click's words of a usage line, translated when it is shown (the metavars, DEAL, BID..., stay).
USAGE_WORDS = {"[OPTIONS]": N_("[OPTIONS]"), "COMMAND [ARGS]...": N_("COMMAND [ARGS]...")}
#: What click appends to an option's help in brackets, by the word it writes there.
_EXTRAS = {"required": N_("required")}


class VersionMessage(str):
    """The --version line, in the language of the run when click fills it in (``message % values``)."""

    def __mod__(self, values):
        return _(str(self)) % values


def _lang_given(ctx, param, value):
    if value is not None:
        choose(value)
    return value


def lang_option() -> click.Option:
    """--lang en|hu: the language of the run (read before parsing too: see :func:`lang_in`)."""
    return click.Option(
        ["--lang"],
        type=click.Choice(LANGUAGES, case_sensitive=False),
        is_eager=True,
        expose_value=False,
        callback=_lang_given,
        help=LANG_HELP,
    )


def lang_in(args: Sequence[str]) -> Optional[str]:
    """The language --lang names on a command line, wherever it stands (the last one wins);
    None without one, or for a word that is not a language (click then says so)."""
    chosen = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(args):
            chosen = read_language(args[index + 1]) or chosen
        elif arg.startswith("--lang="):
            chosen = read_language(arg[len("--lang=") :]) or chosen
    return chosen


def option(*decls, help_values: Optional[dict] = None, **attrs):
    """``click.option``, whose help may be a template filled with ``help_values`` when shown."""
    decorator = click.option(*decls, **attrs)
    if not help_values:
        return decorator

    def apply(func):
        func = decorator(func)
        func.__click_params__[-1].help_values = help_values
        return func

    return apply


def help_text(param: click.Parameter) -> Optional[str]:
    """An option's help in the language of the run, its values filled in."""
    if not param.help:
        return param.help
    text = _(param.help)
    values = getattr(param, "help_values", None)
    if values:
        text = text.format(**{key: _(value) if isinstance(value, str) else value for key, value in values.items()})
    return text


if TYPE_CHECKING:
    # What the mixin is mixed into, for the checker: it overrides click.Command's formatting.
    _Formatted = click.Command
else:
    _Formatted = object


class TranslatedHelp(_Formatted):
    """A click command or group whose help page is in the language of the run."""

    def format_usage(self, ctx, formatter):
        pieces = [_(USAGE_WORDS[piece]) if piece in USAGE_WORDS else piece for piece in self.collect_usage_pieces(ctx)]
        formatter.write_usage(ctx.command_path, " ".join(pieces))

    def format_help_text(self, ctx, formatter):
        if not self.help:
            return super().format_help_text(ctx, formatter)
        text = _(inspect.cleandoc(self.help)).partition("\f")[0]
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(text)

    def format_options(self, ctx, formatter):
        params = self.get_params(ctx)
        kept = [param.help for param in params]
        try:
            for param in params:
                param.help = help_text(param)
                # An instance attribute shadows the method for this page only (removed below).
                vars(param)["get_help_record"] = _with_extras(param)
            super().format_options(ctx, formatter)
        finally:
            for param, text in zip(params, kept):
                param.help = text
                del vars(param)["get_help_record"]


def _with_extras(param):
    """``param.get_help_record`` with the bracketed extras click does not translate ("[required]") translated."""
    record = type(param).get_help_record.__get__(param)

    def get_help_record(ctx):
        found = record(ctx)
        if found is None or not found[1].endswith("]") or "  [" not in found[1]:
            return found
        text, _sep, extras = found[1].rpartition("  [")
        words = [_(_EXTRAS[word]) if word in _EXTRAS else word for word in extras[:-1].split("; ")]
        return found[0], f"{text}  [{'; '.join(words)}]"

    return get_help_record


#: ``ctx.meta`` key: the words given after ``--``, which click reads as arguments whatever they look like.
AFTER_DASHES = "ulti.after_dashes"


class UltiCommand(TranslatedHelp, click.Command):
    """Every ``ulti`` command: ``--lang``, and its help in the language of the run."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.params.append(lang_option())

    def parse_args(self, ctx, args):
        """Click's parsing; the words after ``--`` are kept, so that a card argument that looks like
        an option is told from a mistyped option (``--talon`` after ``--`` is not "no such option")."""
        if "--" in args:
            ctx.meta[AFTER_DASHES] = tuple(args[args.index("--") + 1 :])
        return super().parse_args(ctx, args)
