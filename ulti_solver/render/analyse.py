"""What ulti analyse prints: each card of a played game judged, the knowable view, the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, List

from ..deal import seat_name
from ..i18n import N_, NN_, _, n_
from ..play import PlayRules, trick_winner
from ..position import replay
from .legends import FROM_THERE, explained, silent_value_legend, value_legend
from .results import result_text
from .tables import aligned, deal_header
from .words import card_text, cards_text, pays_text, signed, units_text

if TYPE_CHECKING:
    from ..analysis.replay import GameAnalysis


def stopped_text(done: int, bad: List[int], total, at) -> str:
    """How far an interrupted ``analyse --file`` got, in one line: ``Interrupted at line 12: 4 of 10 games ...``."""
    games = n_("{n} game analysed", "{n} games analysed", done)
    if bad:
        shown = ", ".join(map(str, bad[:10])) + (" ..." if len(bad) > 10 else "")
        games += n_(", {n} bad line ({lines})", ", {n} bad lines ({lines})", len(bad), lines=shown)
    if total is not None:
        games = _("{done} of {total} lines done ({games})").format(done=done + len(bad), total=total, games=games)
    if at is not None:
        return _("Interrupted at line {line}: {so_far}; the games above are complete.").format(line=at, so_far=games)
    return _("Interrupted: {so_far}; the games above are complete.").format(so_far=games)


def game_table(analysis: GameAnalysis) -> List[str]:
    """The tricks as rows, each card marked '!' when it was an error, then the errors and the end in words."""
    lines = deal_header(
        analysis.deal,
        analysis.bid,
        rules=analysis.rules,
        title=N_("Game  {deal}"),
        trumps=[analysis.trump],
        kontra=analysis.kontra,
    )
    play = PlayRules.for_game(analysis.bid, analysis.trump, rules=analysis.rules)
    rows = [[_("trick"), _("led by"), _("cards"), _("won by"), _("value after")]]
    trick: list = []
    verdicts = analysis.verdicts
    for verdict in verdicts:
        trick.append(verdict)
        if len(trick) == 3 or verdict is verdicts[-1]:
            leader = trick[0].seat
            cards = "  ".join(card_text(v.card) + ("!" if v.error else " ") for v in trick)
            won = "-"
            if len(trick) == 3:
                won = seat_name((leader + trick_winner([v.card for v in trick], play)) % 3)
            rows.append([str(trick[0].trick), seat_name(leader), cards, won, signed(trick[-1].value_after)])
            trick = []
    start = verdicts[0].value_before if verdicts else analysis.final_value
    lines += explained(
        _("Value at the start"), _("{value}, with best play {pays}").format(value=signed(start), pays=pays_text(start))
    )
    lines += [_("'!' marks a card that gave value away."), ""]
    lines += aligned(rows, right=(4,))
    if analysis.knowable:
        lines += _knowable_lines(analysis)
    else:
        errors = [v for v in verdicts if v.error]
        lines += ["", _("Errors:") if errors else _("No errors: every card kept the value.")]
        for v in errors:
            head = _("  trick {trick}: ").format(trick=v.trick)
            played = _("{seat} played {card}, {before} -> {after}").format(
                seat=seat_name(v.seat),
                card=card_text(v.card),
                before=signed(v.value_before),
                after=signed(v.value_after),
            )
            if v.hindsight_band:
                given = _("({units} units per defender given away, {band})").format(
                    units=v.cost, band=_(BAND_WORDS[v.hindsight_band][0])
                )
            else:
                given = _("({units} units per defender given away)").format(units=v.cost)
            lines.append(f"{head}{played} {given}")
            lines.append(" " * len(head) + _("best was {cards}").format(cards=cards_text(v.best)))
    counts, costs = analysis.errors_by_seat(), analysis.cost_by_seat()
    seats = [
        seat_name(s)
        + " "
        + n_("{n} error", "{n} errors", counts[s])
        + (_(" ({units} units given away)").format(units=costs[s]) if costs[s] else "")
        for s in range(3)
    ]
    lines += [""] + explained(_("Summary"), "; ".join(seats))
    if analysis.knowable:
        lines += explained(
            _("Knowable"), "; ".join(_bands_words(s, analysis.bands_by_seat()[str(s)]) for s in range(3))
        )
    for component, decided_at in analysis.decided_early():  # R21, R23: nothing after it changes the outcome
        lines += explained(_("Decided"), _(DECIDED_WORDS[component]).format(trick=decided_at))
    lines += [""] + _game_end(analysis, play)
    lines += ["", *value_legend(analysis.rules.value_table, FROM_THERE, kontra=bool(analysis.kontra))]
    lines += silent_value_legend(analysis.bid)
    lines += explained(_("value after"), _("the value once the trick's last card is played"))
    return lines


def _knowable_lines(analysis: GameAnalysis) -> List[str]:
    """Each card that either verdict marks: what hindsight says beside what its player could know (R44)."""
    marked = [v for v in analysis.verdicts if v.hindsight_band or v.band]
    lines = ["", _("Errors, judged two ways (R44): in hindsight, every card known; and from what the player")]
    lines += [_("could know then, on the worlds he could not tell apart (mean loss ± its standard error):"), ""]
    lines += _worlds_counted(analysis)
    if not marked:
        return lines + [_("  No card lost as much as a unit either way.")]
    for v in marked:
        head = _("  trick {trick}: ").format(trick=v.trick)
        lines.append(head + _("{seat} played {card}").format(seat=seat_name(v.seat), card=card_text(v.card)))
        pad = " " * len(head)
        if not v.cost:
            hindsight = _("a best card: nothing given away")
        elif v.hindsight_band:
            hindsight = _("{units} units given away, {band} (best was {cards})").format(
                units=units_text(v.cost), band=_(BAND_WORDS[v.hindsight_band][0]), cards=cards_text(v.best)
            )
        else:
            hindsight = _("{units} units given away (best was {cards})").format(
                units=units_text(v.cost), cards=cards_text(v.best)
            )
        assert v.knowable_samples is not None  # with_knowable judged every card
        knowable = n_(
            "{loss:.2f} ± {stderr:.2f} on {n} world",
            "{loss:.2f} ± {stderr:.2f} on {n} worlds",
            v.knowable_samples,
            loss=v.knowable_loss,
            stderr=v.knowable_stderr,
        )
        if v.knowable_exact and v.knowable_samples:
            knowable = n_(
                "{loss:.2f} on the {n} world (exact)",
                "{loss:.2f} on all {n} worlds (exact)",
                v.knowable_samples,
                loss=v.knowable_loss,
            )
        if v.knowable_best and (v.band or (v.knowable_exact and v.knowable_loss)):  # beyond the noise (R43, R44)
            knowable += _(" (best was {cards})").format(cards=cards_text(v.knowable_best))
        if v.band:
            verdict = _("{band}: from his seat he could have known better").format(band=_(BAND_WORDS[v.band][0]))
        elif v.hindsight_band:
            verdict = _("no error from his seat: bad luck, not bad play")
        else:
            verdict = _("within the noise")
        lines += explained(pad + _("hindsight"), hindsight)
        lines += explained(pad + _("knowable"), f"{knowable}: {verdict}")
    return lines


def _worlds_counted(analysis: GameAnalysis) -> List[str]:
    """With ``--knowable all``: which cards were valued on every world, and which on drawn ones
    (their player could tell too many apart to count them)."""
    from ..analysis.single_dummy import MOST_WORLDS  # loaded with --knowable already

    judged = [v for v in analysis.verdicts if v.knowable_samples]
    exact = [v for v in judged if v.knowable_exact]
    if not exact:  # --knowable N: the header already says the worlds are drawn
        return []
    drawn = [v for v in judged if not v.knowable_exact]
    lines = explained(
        _("  Worlds"),
        n_(
            "every world counted for {n} card (exact)",
            "every world counted for {n} cards (exact)",
            len(exact),
        )
        + (
            n_(
                "; {n} card, whose player had more than {most:,} worlds to tell apart, on {drawn:,} drawn "
                "worlds (± the standard error)",
                "; {n} cards, whose players had more than {most:,} worlds to tell apart, on {drawn:,} drawn "
                "worlds each (± the standard error)",
                len(drawn),
                most=MOST_WORLDS,
                drawn=drawn[0].knowable_samples,
            )
            if drawn
            else ""
        ),
    )
    return lines + [""]


#: A betli or durchmars lost before the last trick, in words (R21, R23).
DECIDED_WORDS = {
    "betli": N_("betli lost in trick {trick}: the declarer took a trick (R23); the rest could not change it"),
    "durchmars": N_("durchmars lost in trick {trick}: the defenders took a trick (R21); the rest could not change it"),
}


#: R44's bands as a sentence says one and many (the summary counts them: "1 blunder", "2 mistakes").
BAND_WORDS = {
    "inaccuracy": (N_("an inaccuracy"), *NN_("{n} inaccuracy", "{n} inaccuracies")),
    "mistake": (N_("a mistake"), *NN_("{n} mistake", "{n} mistakes")),
    "blunder": (N_("a blunder"), *NN_("{n} blunder", "{n} blunders")),
}


def _bands_words(seat: int, bands: dict) -> str:
    marked = [n_(BAND_WORDS[name][1], BAND_WORDS[name][2], n) for name, n in bands.items() if n]
    return f"{seat_name(seat)} " + (", ".join(marked) if marked else _("none"))


def _game_end(analysis: GameAnalysis, play: PlayRules) -> List[str]:
    """How the game ended, in words (R30-R33), or where it stands when the record stops early."""
    played = len(analysis.verdicts)
    if played < 30:
        value = analysis.final_value
        return explained(
            n_("After {n} card", "After {n} cards", played),
            _("the game is not finished; its value is {value}: with best play from here {pays}").format(
                value=signed(value), pays=pays_text(value)
            ),
        )
    outcome = replay(analysis.deal, play, [v.card for v in analysis.verdicts]).so_far
    text = result_text(
        analysis.deal, analysis.bid, analysis.trump, rules=analysis.rules, outcome=outcome, kontra=analysis.kontra
    )
    return explained(_("The game ended"), text)
