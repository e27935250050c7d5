"""The product's input errors: one base class, so every caller can catch them all.

Each error's message names what is wrong (the card, the word, the line,
the rule) and quotes the user's input only in part: :func:`excerpt`
keeps a 10 MB deal from becoming a 20 MB error line.
"""

from __future__ import annotations

#: The most characters of user input an error message quotes.
EXCERPT_LIMIT = 60


class UltiInputError(ValueError):
    """Input the program cannot use; the message says what and why (exit status 2)."""


class ConfigError(UltiInputError):
    """A setting outside the input proper, such as ``ULTI_SOLVER_IMPL``, that is wrong."""


def excerpt(text: object, limit: int = EXCERPT_LIMIT) -> str:
    """``repr`` of ``text``, cut to about ``limit`` characters with an ellipsis.

    >>> excerpt("abc")
    "'abc'"
    >>> excerpt("x" * 100, 10)
    "'xxxxxxxxxx...' (100 characters)"
    """
    text = str(text)
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}"[:-1] + f"...' ({len(text)} characters)"
