"""The language of a run, English or Hungarian, and the texts in it (INTERFACE.md "Language").

English is the source language: every text a person reads is written in
English in the code and marked for the catalog, which Babel extracts
(``babel.cfg``) into ``locale/ulti_solver.pot``; the Hungarian is
``locale/hu/LC_MESSAGES/ulti_solver.po``, compiled to ``.mo`` when the
package is built (setup.py).  The marks:

- ``_(text)``: the text in the language of the run, now (command-line
  code, where the language is already chosen);
- ``ngettext(one, many, n)`` (``n_()`` puts the count in as ``{n}``) and
  ``pgettext(context, text)``: the same for a count and for a word whose
  translation depends on where it stands;
- ``N_(text)``: marked only, translated later with ``_()`` where it is
  shown (tables of names, option help); ``NN_(one, many)`` the same for a
  text with its plural, given to ``n_()``;
- ``L_(text, **values)``, ``LN_`` and ``LP_``: a :class:`Message` put into
  words only when printed.  The library's errors are such messages, so the
  same error reads in Hungarian on the terminal and in English inside
  ``--json`` (whose keys and values stay English for scripts).

Texts with values are ``str.format`` templates with named placeholders,
``{card}``, ``{count:,}``: a translation may move them, never drop them
(tests/test_language.py).

The language is chosen once per run (:func:`using`, at the start of every
command): ``--lang``, else ``ULTI_LANG``, else the locale as gettext reads
it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English unless
one of them says Hungarian.  Outside a command (the library in a script)
it is chosen from the environment on first use.  The catalogs are read
only when Hungarian is chosen: an English run opens no file and imports
nothing for it.  Hungarian also points click's own messages (Usage,
Options, its errors) at the catalog ``locale/hu/LC_MESSAGES/click.po``,
through gettext's global domain, which is how click is translated.
"""

from __future__ import annotations

import numbers
import os
from contextlib import contextmanager
from typing import Iterable, Iterator, Optional, Union

#: The languages of the program: English (the source) and Hungarian.
LANGUAGES = ("en", "hu")
SOURCE = "en"
#: The environment variable that chooses the language, as --lang does.
ENV = "ULTI_LANG"
#: The locale variables gettext reads, in its order: the first one set decides.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
DOMAIN = "ulti_solver"
#: The catalog of click's own messages (Usage:, Options, Missing option ...).
CLICK_DOMAIN = "click"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")


class _Source:
    """The source language: every text as it is written."""

    @staticmethod
    def gettext(message: str) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    @staticmethod
    def pgettext(context: str, message: str) -> str:
        return message

    @staticmethod
    def npgettext(context: str, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


_active = None  # the catalog in force: _Source, or the Hungarian GNUTranslations; None until chosen
_language: Optional[str] = None
_loaded: dict = {}  # language -> its catalog, read once
_saved_click = None  # what gettext's global domain and LANGUAGE were before Hungarian pointed them at click.po


def read_language(text: Optional[str]) -> Optional[str]:
    """``en``/``hu`` for a language word as --lang, ``ULTI_LANG`` or a locale give it
    (``hu``, ``HU``, ``hu_HU.UTF-8``, ``en_GB``, ``C``); None for one the program does not speak."""
    if not text:
        return None
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return SOURCE
    return code if code in LANGUAGES else None


def from_environment() -> str:
    """The language ``ULTI_LANG`` names, else the locale's (gettext's order), else English.

    A ``ULTI_LANG`` the program does not speak is left to the command line
    to refuse (:func:`environment_problem`); here it is passed over.
    """
    chosen = read_language(os.environ.get(ENV))
    if chosen:
        return chosen
    for name in LOCALE_VARIABLES:
        value = os.environ.get(name)
        if value:
            for item in value.split(":"):  # LANGUAGE is a list of preferences
                chosen = read_language(item)
                if chosen:
                    return chosen
            return SOURCE
    return SOURCE


def environment_problem() -> Optional[str]:
    """The value of ``ULTI_LANG`` when it names no language of the program (None when fine)."""
    value = os.environ.get(ENV)
    if value and value.strip() and read_language(value) is None:
        return value
    return None


def _load(language: str):
    catalog = _loaded.get(language)
    if catalog is None:
        import gettext  # only for Hungarian: an English run reads no catalog

        catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
        try:  # click's own texts (its help option's "Show this message and exit.") through ours
            catalog.add_fallback(gettext.translation(CLICK_DOMAIN, LOCALE_DIR, languages=[language]))
        except OSError:
            pass
        _loaded[language] = catalog
    return catalog


def _point_click(language: str) -> None:
    """Click's messages go through gettext's global domain (``gettext.gettext``), which reads the
    language from the environment: for Hungarian the domain is click.po's and ``LANGUAGE`` is hu;
    back in English both are as they were."""
    global _saved_click
    if language != SOURCE:
        import gettext

        if _saved_click is None:
            _saved_click = (gettext.textdomain(), os.environ.get("LANGUAGE"))
        gettext.bindtextdomain(CLICK_DOMAIN, LOCALE_DIR)
        gettext.textdomain(CLICK_DOMAIN)
        os.environ["LANGUAGE"] = language
    elif _saved_click is not None:
        import gettext

        domain, value = _saved_click
        _saved_click = None
        gettext.textdomain(domain)
        if value is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = value


def choose(language: Optional[str] = None) -> str:
    """Make ``language`` (``en``/``hu``; None: the environment's) the language of the run."""
    global _active, _language
    chosen = read_language(language) if language else from_environment()
    chosen = chosen or SOURCE
    _active = _Source if chosen == SOURCE else _load(chosen)
    _language = chosen
    _point_click(chosen)
    return chosen


def language() -> str:
    """The language in force, ``en`` or ``hu``."""
    if _language is None:
        return choose()
    return _language


@contextmanager
def using(language: Optional[str] = None) -> Iterator[str]:
    """The language in force for a block (a command's run), the previous one back after it."""
    previous = _language
    try:
        yield choose(language)
    finally:
        if previous is None:
            _reset()
        elif previous != _language:
            choose(previous)


def _reset() -> None:
    global _active, _language
    _point_click(SOURCE)
    _active, _language = None, None


def english(text: object) -> str:
    """``str(text)`` in English, whatever the language of the run: an error inside ``--json``."""
    if language() == SOURCE:
        return str(text)
    with using(SOURCE):
        return str(text)


def _catalog():
    if _active is None:
        choose()
    return _active


# -- numbers as each language writes them ---------------------------------------------------------

#: Hungarian writes 0,47 and 100 000 (a non-breaking space between thousands), English 0.47 and 100,000.
_HUNGARIAN_DIGITS = str.maketrans({".": ",", ",": "\u00a0"})


def decimal(text: str) -> str:
    """A number already formatted the English way (``0.47``, ``100,000``), written as the language of
    the run writes it: unchanged in English, ``0,47`` and ``100 000`` in Hungarian.  Text output only:
    JSON keeps its numbers."""
    return text if language() == SOURCE else text.translate(_HUNGARIAN_DIGITS)


def number(value, spec: str = "") -> str:
    """``format(value, spec)`` as the language of the run writes numbers (:func:`decimal`)."""
    return decimal(format(value, spec))


class _LocalNumber:
    """A number put into a translated message: it formats as the language writes numbers."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __format__(self, spec: str) -> str:
        return number(self.value, spec)

    def __str__(self) -> str:
        return number(self.value)

    def __repr__(self) -> str:  # {value!r} shows what was typed, as it was typed
        return repr(self.value)


def _local(value):
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return _LocalNumber(value)
    return value


class _LocalText(str):
    """A translated message whose ``format`` writes its numbers as the language does (Hungarian)."""

    __slots__ = ()

    def format(self, *args, **kwargs) -> str:
        return str.format(self, *map(_local, args), **{name: _local(value) for name, value in kwargs.items()})


def _localised(text: str) -> str:
    return text if _language == SOURCE else _LocalText(text)


# -- the marks ------------------------------------------------------------------------------------


def _(message: str) -> str:
    """``message`` in the language of the run."""
    if not message:  # the catalog's empty msgid is its header
        return message
    return _localised(_catalog().gettext(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` things, in the language of the run: ``ngettext("{n} card", "{n} cards", n)``."""
    return _localised(_catalog().ngettext(singular, plural, n))


def n_(singular: str, plural: str, n: int, **values) -> str:
    """:func:`ngettext` with the count put in as ``{n}`` (and ``values``): ``n_("{n} card", "{n} cards", 3)``."""
    return _localised(_catalog().ngettext(singular, plural, n)).format(n=n, **values)


def pgettext(context: str, message: str) -> str:
    """``message`` where its translation depends on ``context`` (Hungarian cases: "in", "of" ...)."""
    return _localised(_catalog().pgettext(context, message))


def N_(message: str) -> str:
    """Marks ``message`` for the catalog; ``_()`` translates it where it is shown."""
    return message


def NN_(singular: str, plural: str) -> tuple:
    """Marks a text with its plural for the catalog: ``n_(*NN_("{n} game", "{n} games"), count)`` later."""
    return (singular, plural)


class Message:
    """A text in the source language and its named values, put into words when printed.

    ``str()`` gives it in the language in force at that moment (the values
    too, where they are messages); it pickles, so it crosses to worker
    processes and back.
    """

    __slots__ = ("context", "singular", "plural", "count", "values")

    def __init__(self, singular: str, plural: Optional[str] = None, count: int = 0, context=None, values=None):
        self.singular, self.plural, self.count, self.context = singular, plural, count, context
        self.values = values or {}

    def __str__(self) -> str:
        catalog = _catalog()
        if self.plural is not None:
            if self.context:
                text = catalog.npgettext(self.context, self.singular, self.plural, self.count)
            else:
                text = catalog.ngettext(self.singular, self.plural, self.count)
        elif self.context:
            text = catalog.pgettext(self.context, self.singular)
        else:
            text = catalog.gettext(self.singular) if self.singular else ""
        return _localised(text).format(**self.values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Message({self.singular!r})"

    def __eq__(self, other) -> bool:
        if isinstance(other, Message):
            return self.__reduce__() == other.__reduce__()
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.singular, self.context))

    def __reduce__(self):
        return (Message, (self.singular, self.plural, self.count, self.context, self.values))


#: Text as a message-taking function accepts it: a string, or a :class:`Message` put into
#: words when printed (in the language in force then).
Text = Union[str, Message]


def L_(message: str, **values) -> Message:
    """A message put into words when printed: ``L_("card {card} is dealt twice", card=label)``."""
    return Message(message, values=values)


def LN_(singular: str, plural: str, n: int, **values) -> Message:
    """A message for ``n`` things, put into words when printed; ``{n}`` is the count."""
    return Message(singular, plural, n, values={"n": n, **values})


def LP_(context: str, message: str, **values) -> Message:
    """A message whose translation depends on ``context``, put into words when printed."""
    return Message(message, context=context, values=values)


class Joined:
    """Messages (or text, or anything that puts itself into words with ``str()``: bid words,
    facts said) joined by ``separator``, each put into words when printed."""

    __slots__ = ("items", "separator")

    def __init__(self, items: Iterable[object], separator: Text = ", "):
        self.items, self.separator = tuple(items), separator

    def __str__(self) -> str:
        return str(self.separator).join(str(item) for item in self.items)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self):
        return (Joined, (self.items, self.separator))
