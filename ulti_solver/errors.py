"""The product's input errors: one base class, so every caller can catch them all.

Each error's message names what is wrong (the card, the word, the line,
the rule) and quotes the user's input only in part: :func:`excerpt`
keeps a 10 MB deal from becoming a 20 MB error line.

A message is an :func:`~ulti_solver.i18n.L_` message, put into words when
printed: in the language of the run on the terminal, in English inside
``--json`` (``raise DealError(L_("card {card} is dealt twice", card=...))``).
"""

from __future__ import annotations

from .i18n import L_

#: The most characters of user input an error message quotes.
EXCERPT_LIMIT = 60


class UltiInputError(ValueError):
    """Input the program cannot use; the message says what and why (exit status 2)."""


class ConfigError(UltiInputError):
    """A setting outside the input proper, such as ``ULTI_SOLVER_IMPL``, that is wrong."""


def excerpt(text: object, limit: int = EXCERPT_LIMIT):
    """``repr`` of ``text``, cut to about ``limit`` characters with an ellipsis (a message,
    since it counts the characters in words).

    >>> excerpt("abc")
    "'abc'"
    >>> str(excerpt("x" * 100, 10))
    "'xxxxxxxxxx...' (100 characters)"
    """
    text = str(text)
    if len(text) <= limit:
        return repr(text)
    start = repr(text[:limit])[:-1]
    return L_("{start}...' ({count} characters)", start=start, count=len(text))
