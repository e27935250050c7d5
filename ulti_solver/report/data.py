"""What a page about games shows, as plain data: the page's JavaScript draws it.

A game's data is the CLI's ``analyse --json`` objects as they are (one per
card, then ``{"summary": ...}``), so the page and the command never
disagree, plus what a picture needs that those objects leave out: the
rules in force, each trick's leader and winner (R13), and how the game
ended or where it stands, in the words of the text table.  The card names
(suit symbol, English and Hungarian) come once per page, in
:func:`page_meta`, with the page's language and its texts in it (the
scripts' ``t("...")``, looked up in the catalog).  The game's own fields
stay the JSON's English; ``bid_text``, ``trump_text``, ``rules_text`` and
``ending`` are the words of the text table, in the language of the run.
"""

from __future__ import annotations

from typing import List, Optional, Sequence

from ..analysis.replay import GameAnalysis
from ..analysis.single_dummy import BANDS
from ..bids import COMPONENT_ORDER, bid_words, component_word
from ..cards import (
    ACE,
    CANONICAL_RANKS,
    EIGHT,
    KING,
    NINE,
    OBER,
    SEVEN,
    SUIT_NAMES,
    SUIT_NAMES_HU,
    SUIT_SYMBOLS,
    SUITS,
    TEN,
    UNTER,
    card_label,
    card_name,
    make_card,
)
from ..deal import seat_name
from ..game.referee import Game
from ..i18n import _, language, n_
from ..play import PlayRules, trick_winner
from ..position import replay

#: R1: the ranks as a Hungarian player names the cards ("piros ász", "makk hetes", "zöld felső").
RANK_NAMES_HU = {
    ACE: "ász",
    TEN: "tízes",
    KING: "király",
    OBER: "felső",
    UNTER: "alsó",
    NINE: "kilences",
    EIGHT: "nyolcas",
    SEVEN: "hetes",
}
RANK_NAMES = {
    ACE: "ace",
    TEN: "ten",
    KING: "king",
    OBER: "ober",
    UNTER: "unter",
    NINE: "nine",
    EIGHT: "eight",
    SEVEN: "seven",
}


def hungarian_name(card: int) -> str:
    """``piros ász``: the suit's Hungarian name, then the rank's (R1)."""
    return f"{SUIT_NAMES_HU[card >> 3]} {RANK_NAMES_HU[card & 7]}"


def english_name(card: int) -> str:
    """``ace of hearts``."""
    return f"{RANK_NAMES[card & 7]} of {SUIT_NAMES[card >> 3]}"


def page_meta() -> dict:
    """What every page needs to name things: the cards (by their card-list name, as the JSON
    objects name them), the suits, the seats, and R44's bands (for objects that do not carry theirs)."""
    cards = {}
    for suit in SUITS:
        for rank in CANONICAL_RANKS:
            card = make_card(suit, rank)
            cards[card_name(card)] = {"label": card_label(card), "en": english_name(card), "hu": hungarian_name(card)}
    return {
        "cards": cards,
        "suits": [
            {
                "letter": card_name(make_card(s, ACE))[0],
                "symbol": SUIT_SYMBOLS[s],
                "en": SUIT_NAMES[s],
                "hu": SUIT_NAMES_HU[s],
            }
            for s in SUITS
        ],
        "ranks": [card_name(make_card(0, r))[1] for r in CANONICAL_RANKS],
        "seats": [seat_name(s) for s in range(3)],
        "bands": [[least, name] for least, name in BANDS],
        "components": {str(c): component_word(c) for c in COMPONENT_ORDER},
        "lang": language(),
        "text": page_texts(),
    }


def page_texts() -> dict:
    """The pages' texts in the language of the run, by their English (none in English)."""
    from .scripts import page_texts as texts  # the scripts are read there

    return texts()


def analysis_objects(analysis: GameAnalysis) -> List[dict]:
    """The objects ``ulti analyse --json`` prints for the game: one per card, then the summary."""
    return [verdict.as_json() for verdict in analysis.verdicts] + [{"summary": analysis.summary()}]


def _tricks(analysis: GameAnalysis, play: PlayRules) -> List[dict]:
    """Each trick: its number, the seat that led, its cards, the seat that won it (None until complete)."""
    tricks = []
    verdicts = analysis.verdicts
    for start in range(0, len(verdicts), 3):
        cards = verdicts[start : start + 3]
        leader = cards[0].seat
        winner = (leader + trick_winner([v.card for v in cards], play)) % 3 if len(cards) == 3 else None
        tricks.append(
            {"trick": cards[0].trick, "leader": leader, "cards": [card_name(v.card) for v in cards], "winner": winner}
        )
    return tricks


def _ending(analysis: GameAnalysis, play: PlayRules) -> str:
    """How the game ended (R30-R33), or what it is worth where the record stops, as the text table says it."""
    from ..render.results import result_text
    from ..render.words import pays_text, signed  # the text table's words, said once

    played = len(analysis.verdicts)
    if played < 30:
        value = analysis.final_value
        return n_(
            "After {n} card the game is not finished; its value is {value}: with best play from here {pays}",
            "After {n} cards the game is not finished; its value is {value}: with best play from here {pays}",
            played,
            value=signed(value),
            pays=pays_text(value),
        )
    outcome = replay(analysis.deal, play, [v.card for v in analysis.verdicts]).so_far
    return _("The game ended: {result}").format(
        result=result_text(
            analysis.deal, analysis.bid, analysis.trump, rules=analysis.rules, outcome=outcome, kontra=analysis.kontra
        )
    )


def game_data(
    analysis: Optional[GameAnalysis],
    line: Optional[int] = None,
    *,
    game: Optional[Game] = None,
    judgement: Optional[dict] = None,
) -> dict:
    """One game of a page: its record, its rules, its tricks, how it ended, and the CLI's objects;
    with ``game`` (a finished whole game whose play ``analysis`` judges), its auction, kontras and
    result by table seat too (:mod:`.whole`).  A whole game with no play (thrown in, or conceded
    before the trump) has no analysis: ``analysis`` None, and the page shows its auction alone."""
    from ..render.words import kontra_text, rules_text, trump_text
    from .whole import auction_only_data, check_same_game, whole_game_data

    if analysis is None:
        if game is None:
            raise ValueError("game_data needs an analysis, or a whole game to show without one")
        return auction_only_data(game, line, judgement)
    if game is not None:
        check_same_game(analysis, game)
    play = PlayRules.for_game(analysis.bid, analysis.trump, rules=analysis.rules)
    data = {
        "line": line,
        "deal": str(analysis.deal),
        "bid": str(analysis.bid),
        "trump": None if analysis.trump is None else SUIT_NAMES[analysis.trump],
        "bid_text": str(bid_words(analysis.bid)),
        "trump_text": trump_text(analysis.trump),
        "rules": analysis.rules.as_json(),
        "rules_text": rules_text(analysis.rules),
        "kontra": analysis.kontra.as_json() if analysis.kontra else None,
        "kontra_text": kontra_text(analysis.kontra) if analysis.kontra else "",
        "tricks": _tricks(analysis, play),
        "ending": _ending(analysis, play),
        "analysis": analysis_objects(analysis),
    }
    if game is not None:
        data["whole"] = whole_game_data(game, judgement)
    return data


def error_data(line: int, message: str) -> dict:
    """A line of a file of games that could not be analysed, as ``analyse --file --json`` reports it."""
    return {"line": line, "error": message}


def report_games(items: Sequence[dict]) -> dict:
    """The data of a report page: the games and the bad lines, in file order."""
    return {"meta": page_meta(), "games": list(items)}
