"""Types of the compiled search core (cext/core.pyx), for type checkers and editors.

The module itself is built from Cython and carries no annotations a checker
can read; this stub says what each name accepts and returns.
tests/test_core_stub.py holds it to the built module's public names, so the
two cannot drift apart.

Cards are bit masks as ulti_solver/cards.py numbers them (``suit * 8 + rank``),
seat 0 is the declarer (R5), ``trump`` a suit 0-3 or -1 for no trump, and
points are counted in units of ten (R4).
"""

from array import array
from collections.abc import Sequence
from enum import IntEnum

#: Whether this build counts the search's cut-offs (Search.stats): built with ULTI_CORE_STATS=1.
STATS: bool

class Goal(IntEnum):
    """Goal flags of the goal search, combined with ``|``."""

    ULTI = 1
    ACES = 2
    ALL_TRICKS = 4
    NO_TRICKS = 8
    SEVEN_NOT_LAST = 16
    SEVEN_BEATEN = 32
    ONE_TRICK = 64

class Engine:
    """One thread's search state: the transposition table and its generations."""

    def __init__(self) -> None: ...
    def forget(self) -> None:
        """Start the table afresh."""

    @property
    def generations_known(self) -> int: ...

class ValueQuestion:
    """The value search's question: S for each of the 240 final outcomes (final_index)."""

    @property
    def key(self) -> bytes: ...
    def __init__(self, final: Sequence[int], order_flags: int, points_matter: bool) -> None: ...
    @property
    def units_matter(self) -> bool: ...
    @property
    def aces_matter(self) -> bool: ...
    @property
    def seven_matters(self) -> bool: ...
    @property
    def classes(self) -> int: ...
    def class_of(self, past: int) -> int: ...
    def bounds(self, past: int, available: int, seven_out: bool) -> tuple[int, int]: ...

class Search:
    """One position of one deal under one trump and set of play rules."""

    def __init__(
        self,
        engine: Engine,
        h0: int,
        h1: int,
        h2: int,
        trump: int,
        seven_kept: bool,
        ten_low: bool,
        leader: int = 0,
        trick: tuple[int, ...] = (),
    ) -> None: ...
    def legal(self) -> int:
        """The legal cards of the player to move, as a mask."""

    @property
    def nodes(self) -> int: ...
    @property
    def finished(self) -> bool: ...
    def can_force(self, flags: int, need: int) -> bool: ...
    def max_points(self, flags: int = 0) -> int: ...
    def value(self, question: ValueQuestion, past: int, guess: int = 0, mtd: bool = False) -> int: ...
    def value_at_least(self, question: ValueQuestion, past: int, bound: int) -> bool: ...
    def stats(self) -> dict[str, int] | None:
        """How the search's nodes ended, by kind, and its cut-offs; None unless built with ULTI_CORE_STATS=1."""

def past_index(units: int, dec_trick: bool, def_trick: bool, ace_lost: bool) -> int: ...
def final_index(units: int, dec_trick: bool, def_trick: bool, all_aces: bool, seven: int) -> int: ...
def value_worlds(
    engine: Engine,
    questions: list[ValueQuestion],
    pasts: array[int] | memoryview,
    hands: array[int] | memoryview,
    trump: int,
    seven_kept: bool,
    ten_low: bool,
    leader: int = 0,
    trick: tuple[int, ...] = (),
) -> tuple[list[int], int]:
    """The value of each world (``pasts``: typecode 'i'; ``hands``: 'I', three per world), and the nodes."""

def force_worlds(
    engine: Engine,
    flags: array[int] | memoryview,
    needs: array[int] | memoryview,
    hands: array[int] | memoryview,
    trump: int,
    seven_kept: bool,
    ten_low: bool,
    leader: int = 0,
    trick: tuple[int, ...] = (),
) -> tuple[list[bool], int]:
    """Whether the declarer can force each world's goal (typecodes 'i', 'i', 'I'), and the nodes."""
