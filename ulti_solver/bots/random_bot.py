"""The ``random`` bot: a legal answer at random, the floor any player should beat.

Its kontras are each said with even odds; everything else is one legal
answer drawn uniformly.  The draws come from the seed of the game and the
seat (:meth:`RandomBot.new_game`), so a match repeats exactly.
"""

from __future__ import annotations

import random
from typing import Any

from .base import Request


class RandomBot:
    """A legal answer at random (INTERFACE.md: ``random``)."""

    sees_all = False

    def __init__(self, name: str = "random"):
        self.name = name
        self.rng = random.Random(0)

    def new_game(self, seat: int, seed: int) -> None:
        self.rng = random.Random(f"random:{seed}")

    def answer(self, request: Request) -> Any:
        if request.ask == "kontra":
            return tuple(call for call in request.legal if self.rng.random() < 0.5)
        return self.rng.choice(request.legal)

    def close(self) -> None:
        pass
