"""The errors of the player's view: both are input errors (exit status 2), one line each."""

from __future__ import annotations

from ..errors import UltiInputError


class KnowledgeError(UltiInputError):
    """What a player tells cannot be: a card that is not his, an illegal card of his, announcements that clash."""


class NoWorldError(KnowledgeError):
    """No placement of the unseen cards fits the facts; the message names the facts that clash."""
