"""ulti-solver: double-dummy analysis of Ulti deals.

The names most programs need are here, imported on first use so that
``import ulti_solver`` (and the ``ulti`` command's start-up) stays cheap;
see the README for the rest.
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
    "replay": "position",
    "start_of_play": "position",
    "Solution": "solution",
    "solve": "search",
    "solve_bid": "search",
    "value": "search",
    "settle": "settlement",
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
