"""Babel's extraction of the package's texts (babel.cfg): the marked ones, the help pages and the pages' templates.

Babel's Python extractor finds the marked texts (``_()``, ``N_()``,
``L_()``... see :mod:`ulti_solver.i18n`); a command's help page is its
docstring, which no keyword marks, so this finds the docstring of every
function decorated with a click command or group too, cleaned as click
cleans it (``inspect.cleandoc``): the help is looked up by that text when
it is shown (:mod:`ulti_solver.cli.help`).  Used only by ``pybabel
extract`` and the tests, never when the program runs.
"""

from __future__ import annotations

import ast
import re

#: A text of a page's template: ``[[Games]]`` (ulti_solver/report/html.py fills them in).
PAGE_TEXT = re.compile(r"\[\[(.+?)\]\]", re.S)

#: A comment for the translator of a help page.
HELP_COMMENT = (
    "The --help page of a command: keep the example commands as they are (they are run by the tests), "
    "the lines after \\b unwrapped, and the 'Examples:' heading on a line of its own."
)


def _is_click_command(decorator: ast.expr) -> bool:
    """``@click.command(...)``, ``@click.group(...)``, ``@main.command()``, ``@command``."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
    return name in ("command", "group")


def help_pages(source: str):
    """(line, docstring) of every click command and group defined in ``source``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
            _is_click_command(d) for d in node.decorator_list
        ):
            text = ast.get_docstring(node, clean=True)
            if text:
                yield node.body[0].lineno, text


def extract(fileobj, keywords, comment_tags, options):
    """Babel's Python extraction, then the help pages of the file's commands."""
    from babel.messages.extract import extract_python

    data = fileobj.read()
    fileobj.seek(0)
    yield from extract_python(fileobj, keywords, comment_tags, options)
    encoding = options.get("encoding", "utf-8")
    source = data.decode(encoding) if isinstance(data, bytes) else data
    for line, text in help_pages(source):
        yield line, None, text, [HELP_COMMENT]


def extract_page(fileobj, keywords, comment_tags, options):
    """The ``[[text]]`` of an HTML template, white space folded as the page is filled."""
    data = fileobj.read()
    source = data.decode(options.get("encoding", "utf-8")) if isinstance(data, bytes) else data
    for match in PAGE_TEXT.finditer(source):
        line = source.count("\n", 0, match.start()) + 1
        yield line, None, " ".join(match.group(1).split()), ["A text of the board or the report page (HTML)."]
