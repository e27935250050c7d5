"""``ulti example``: the example files that come with the package, from any directory."""

from __future__ import annotations

import sys

import click

from ..errors import UltiInputError
from ..example_files import EXAMPLES, example_text
from ..i18n import _
from ..render.tables import aligned
from .language import UltiCommand
from .options import BadInput


@click.command(name="example", cls=UltiCommand)
@click.argument("name", required=False, metavar="[NAME]")
def command(name):
    """Print an example file; without NAME, list them.

    The examples come with the package, so the commands built on them run
    from any directory: put a deal or a hand in with "$(ulti example
    deal)", and give a file to 'batch' or 'analyse --file' as '-' on a
    pipe.

    \b
    Examples:
      ulti example
      ulti example deal
      ulti solve "$(ulti example deal)" --bid party
      ulti example batch | ulti batch - --bid party
      ulti example games | ulti analyse --file -
    """
    if name is None:
        lines = [_("Examples (ulti example NAME prints one):"), ""]
        lines += aligned([[key, _(text)] for key, text in EXAMPLES.items()])
        lines += [
            "",
            _('e.g. ulti solve "$(ulti example deal)" --bid party'),
            "     ulti example batch | ulti batch - --bid party",
        ]
        click.echo("\n".join(lines))
        return
    try:
        text = example_text(name)
    except UltiInputError as exc:
        raise BadInput(str(exc)) from None
    sys.stdout.write(text)
