"""ulti-solver: double-dummy analysis of Ulti deals.

Every argument may be text as the ``ulti`` command takes it (a deal,
bid, trump, hand, cards, rulebook name), and every result prints as the
command prints it::

    from ulti_solver import solve
    print(solve("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8", "40-100 ulti", "leaves", value=True))

``rules`` and ``kontra`` are keyword-only everywhere (``rules="tournament"``,
``kontra="ulti=2"``).  The package is typed: the signatures say what each
argument accepts with the aliases of :mod:`ulti_solver.accepted` (``DealLike``,
``BidLike``, ``TrumpLike``, ``RulesLike``, ``KontraLike``, ...).

Solving
    solve          one game (deal, bid, trump): each component, the whole bid, points, value
    solve_bid      a bid in every trump R28/R29 give it, as ``ulti solve`` does
    value          the double-dummy value S alone (R34), units per defender
    value_total    the same as the declarer's total from both defenders (R39)
    best_bids      every bid, trump (and discard) ranked by value (R35)
    settle         what a finished game pays, item by item (R30-R33, R36-R38)
    concede        what a game given up pays (R39)
    game_value     what a finished game's outcome is worth under a scoring

Kontra
    parse_kontra   kontras from text or a mapping ("ulti=2, party", {"betli": (1, 0)})
    Kontra         the levels of a bid's components, per defender (R36, R37)

Play
    start_of_play  the position at the opening lead
    parse_play     cards in play order from text ("BT BA BU", "♦T ♦A ♦U")
    replay         the position after cards played, each checked (R9-R12)
    card_values    the value after each card the player to move may play
    best_line      one best line of play to the end
    analyse_game   a played game judged card by card

From one hand
    Constraints    what the declarer knows: hand, talon, known cards, voids
    simulate       deal the unseen cards at random, solve every sample

The player's view
    information_set            what a seat knows in a game the program knows (R40-R42)
    information_set_from_hand  the same, as a player tells it: his hand, the play, the marriages
    play_values                each legal card's single-dummy value from that seat (R43)
    with_knowable              an analysed game with each card judged from its player's seat (R44)
    world_totals               the double-dummy totals of many worlds after the same play
    advise_bid                 the best discards, bids and trumps from twelve cards, raced on shared worlds (R43)
    advise_kontra              each kontra (or redouble) a seat may say, weighed on shared worlds (R36-R39, R43)

A whole game (R45-R50)
    Game           the referee: whose turn, legal_moves(), push(move), view(seat), result()
    GameResult     a finished game's result per table seat (R50) and its settlement
    AuctionAction  pass, pick-up or bid by a table seat (R46)
    KontraCall     a kontra said at its moment (R48)
    read_game      a game from its record, JSON or text, every action checked
    game_json      the JSON record of a game; game_text its text block
    GameRuleError  what the referee refuses: .part, .index, .rule

Reading and rules
    parse_deal, parse_bid, parse_trump, parse_record, make_rules
    Deal, Bid, Component, Rules, Position, Outcome, Solution, GameRecord, SilentItem
    example_text   the text of an example file ("deal", "hand", "batch", ...)

Errors
    UltiInputError  every input error (BidError, DealError, PlayError, VariantError)

The names are imported on first use, so ``import ulti_solver`` (and the
``ulti`` command's start-up) stays cheap; the README's "Python" section
shows them at work.
"""

__version__ = "0.2.0"

#: Public name -> the module that defines it.
_EXPORTS = {
    "Bid": "bids",
    "BidError": "bids",
    "Component": "bids",
    "parse_bid": "bids",
    "parse_trump": "bids",
    "Deal": "deal",
    "DealError": "deal",
    "parse_deal": "deal",
    "UltiInputError": "errors",
    "Rules": "variants",
    "VariantError": "variants",
    "make_rules": "variants",
    "Position": "position",
    "Outcome": "position",
    "PlayError": "position",
    "parse_play": "position",
    "replay": "public",
    "start_of_play": "public",
    "Solution": "solution",
    "solve": "search",
    "solve_bid": "search",
    "value": "search",
    "value_total": "search",
    "world_totals": "search",
    "settle": "settlement",
    "concede": "settlement",
    "Kontra": "kontra",
    "parse_kontra": "kontra",
    "information_set": "knowledge",
    "information_set_from_hand": "knowledge",
    "play_values": "analysis.single_dummy",
    "with_knowable": "analysis.single_dummy",
    "advise_bid": "analysis.bidding",
    "advise_kontra": "analysis.kontra_advice",
    "SilentItem": "settlement",
    "game_value": "settlement",
    "best_bids": "analysis.best",
    "analyse_game": "analysis.replay",
    "best_line": "analysis.replay",
    "card_values": "analysis.replay",
    "simulate": "analysis.simulate",
    "Constraints": "dealing",
    "GameRecord": "record",
    "parse_record": "record",
    "example_text": "example_files",
    "Game": "game.referee",
    "GameResult": "game.referee",
    "GameRuleError": "game.breach",
    "AuctionAction": "game.actions",
    "KontraCall": "game.kontras",
    "read_game": "game.records",
    "game_json": "game.record",
    "game_text": "game.notation",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'ulti_solver' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    """The public names (what ``help(ulti_solver)`` and tab completion list), not the loaded modules."""
    return list(__all__)
