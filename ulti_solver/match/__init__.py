"""Duplicate matches of bots (R50): every deal played in every seating, compared deal by deal.

:func:`play_match` plays one: :mod:`.arrangements` says who sits where and
where the deals and seeds come from, :mod:`.games` plays one deal in all
its seatings (a task of the runner), :mod:`.stats` keeps the standings and
:mod:`.rounds` the score sheets of seed 003's rounds.  Pure Python; it
reads the bots (:mod:`ulti_solver.bots`) and the referee, nothing of the
command line (:mod:`ulti_solver.cli.match`) or its output
(:mod:`ulti_solver.render.match`).
"""

from .arrangements import CHAIR_ORDERS, SEATINGS, bot_labels, game_seed, match_deal, seatings
from .games import DealPlayed, GamePlayed, play_deal
from .rounds import ROUND_DEALS, Round, Sheet, rounds_of
from .run import MAX_DEALS, Match, MatchError, check_bots, play_match
from .stats import BotTally, Role, Standings, Summary

__all__ = [
    "CHAIR_ORDERS",
    "MAX_DEALS",
    "ROUND_DEALS",
    "SEATINGS",
    "BotTally",
    "DealPlayed",
    "GamePlayed",
    "Match",
    "MatchError",
    "Role",
    "Round",
    "Sheet",
    "Standings",
    "Summary",
    "bot_labels",
    "check_bots",
    "game_seed",
    "match_deal",
    "play_deal",
    "play_match",
    "rounds_of",
    "seatings",
]
