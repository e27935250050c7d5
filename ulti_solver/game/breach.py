"""The error of a whole game that breaks a rule (R45-R50): which part, which action, which rule.

A record read, a bot's answer or a person's move is checked by the
referee; what it refuses is a :class:`GameRuleError` that names the part
of the game (``auction``, ``kontra``, ``play``, ...), the action's index
in that part and the rule, so that ``ulti game --file --json`` can print
``{"line": N, "error": "...", "rule": "R47"}`` and a person can find the
action in his record.
"""

from __future__ import annotations

from typing import Optional

from ..errors import UltiInputError

#: The parts of a game record an error can name (INTERFACE.md, "Whole games").
PARTS = ("record", "auction", "throw-in", "trump", "kontra", "play", "concede")


class GameRuleError(UltiInputError):
    """A whole game that breaks a rule: ``part`` and ``index`` locate the action, ``rule`` names R45-R50."""

    def __init__(self, message, *, part: str, index: Optional[int], rule: str):
        super().__init__(message)
        self.part, self.index, self.rule = part, index, rule
