"""What ``ulti analyse --file`` prints beside the cards of a whole game: the declarer's last discard and
bid, and every kontra a seat could say, each judged from that seat's view (R43, R44)."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from ..bids import component_word
from ..cards import format_hand
from ..i18n import N_, _, decimal, n_
from .legends import explained, wrapped
from .tables import aligned
from .words import bid_label, cards_text, trump_text

if TYPE_CHECKING:
    from ..analysis.bid_judging import BidJudgement
    from ..analysis.game_judging import WholeGameJudgement
    from ..analysis.kontra_judging import KontraVerdict
    from ..analysis.racing import Paired

#: R44's bands as a table cell says them.
BAND_CELLS = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}
#: The level a doubling raises to, as the table says it (R36).
SAY_WORDS = {
    "kontra": N_("kontra"),
    "rekontra": N_("rekontra"),
    "szubkontra": N_("szubkontra"),
    "hirschkontra": N_("hirschkontra"),
}


def _seat(seat: int, declarer: Optional[int]) -> str:
    name = _("seat {seat}").format(seat=seat)
    return _("{seat} (declarer)").format(seat=name) if seat == declarer else name


def _value(value: Paired, exact: bool) -> str:
    text = f"{value.per_defender:+.2f}"
    return decimal(text if exact else f"{text} ± {value.stderr_per_defender:.2f}")


def _band(name: Optional[str]) -> str:
    return _(BAND_CELLS[name]) if name else "-"


def bid_lines(judged: BidJudgement) -> List[str]:
    """His discard, bid and trump beside the best he could say, and what his cost."""
    moment = judged.moment
    over = (
        _("to beat {bid}").format(bid=bid_label(moment.outbid))
        if moment.outbid is not None
        else _("the opening bid: any bid of the table")
    )
    lines = wrapped(
        _("The declarer's last bid: {seat}, holding {hand} (12 cards), {over}.").format(
            seat=_seat(moment.seat, moment.seat), hand=format_hand(moment.twelve), over=over
        )
    )
    for r5, known in enumerate(moment.known, start=1):
        if known:
            seat = (moment.seat + r5) % 3
            lines += wrapped(
                _("  He had seen {cards} go to seat {seat} in the auction.").format(cards=format_hand(known), seat=seat)
            )
    rows = [["", _("discard"), _("bid"), _("trump"), _("value")]]
    exact = judged.exact
    if not judged.same:
        rows.append(
            [
                _("best"),
                cards_text(judged.best[0]),
                bid_label(judged.best[1]),
                trump_text(judged.best[2]),
                _value(judged.best_value, exact),
            ]
        )
    rows.append(
        [
            _("his") if not judged.same else _("his, the best"),
            cards_text(moment.discard),
            bid_label(moment.bid),
            trump_text(moment.trump),
            _value(judged.chosen_value, exact),
        ]
    )
    lines += aligned(rows)
    if judged.same:
        verdict = _("his choice is the best one: nothing lost")
    elif judged.loss == 0:
        verdict = _("his choice did as well as the best on these worlds: nothing lost")
    else:
        verdict = _("{loss} units per defender lost against the best").format(
            loss=_loss(judged.loss, judged.stderr_loss, exact)
        )
        if judged.band:
            verdict += ": " + _(BAND_CELLS[judged.band])
        else:
            verdict += _(" (within the noise or under a unit: no band)")
    return lines + explained(_("  Verdict"), verdict)


def _loss(loss: float, stderr: float, exact: bool) -> str:
    return decimal(f"{loss:.2f}" if exact else f"{loss:.2f} ± {stderr:.2f}")


def _when(verdict: KontraVerdict) -> str:
    return _("trick 1") if verdict.turn.before < 3 else _("trick 2")


def _on(verdict: KontraVerdict) -> str:
    word = component_word(verdict.call.component)
    if verdict.call.against is None:
        return word
    return _("{component} against seat {seat}").format(component=word, seat=verdict.call.against)


def _advice(verdict: KontraVerdict) -> str:
    said = _(SAY_WORDS[verdict.word]) if verdict.gain > 0 else _("pass")
    return f"{said}?" if verdict.close and verdict.gain != 0 else said


def kontra_lines(judgement: WholeGameJudgement, declarer: Optional[int]) -> List[str]:
    """One row per doubling a seat could say at its turn (R48): what it did beside the advice."""
    verdicts = judgement.kontras
    if not verdicts:
        return [_("No seat had a kontra to say or leave unsaid (the game ended before the first trick's turns).")]
    lines = [_("Kontras: each doubling a seat could say at its turn, from what it knew then:"), ""]
    rows = [[_("seat"), _("when"), _("on"), _("said"), _("advice"), _("without"), _("with"), _("loss"), _("band")]]
    for v in verdicts:
        rows.append(
            [
                str(v.turn.seat) + ("*" if v.turn.seat == declarer else ""),
                _when(v),
                _on(v),
                _(SAY_WORDS[v.word]) if v.said else _("pass"),
                _advice(v),
                decimal(f"{float(v.without):+.2f}"),
                decimal(f"{float(v.with_it):+.2f}"),
                _loss(v.loss, v.stderr_loss, v.exact) if v.loss else "0",
                _band(v.band),
            ]
        )
    return lines + aligned(rows)


def judgement_lines(judgement: WholeGameJudgement) -> List[str]:
    """The auction's and the kontras' verdicts, then what the numbers mean."""
    if judgement.samples == "all":
        worlds = _("every world where few enough fit, else drawn ones")
    else:
        worlds = n_("{n} world drawn per question", "{n} worlds drawn per question", int(judgement.samples))
    lines = wrapped(
        _("Before the play, judged from each seat's view (R43, R44; {worlds}, seed {seed}):").format(
            worlds=worlds, seed=judgement.seed
        )
    )
    lines.append("")
    declarer = None
    if judgement.bid is not None:
        declarer = judgement.bid.moment.seat
        lines += bid_lines(judgement.bid)
    elif judgement.bid_skipped is not None:
        lines += explained(_("The declarer's last bid"), _("not judged: {why}").format(why=judgement.bid_skipped))
    lines.append("")
    if judgement.kontras and declarer is None:
        turn = judgement.kontras[0].turn
        declarer = (turn.seat - turn.r5) % 3
    lines += kontra_lines(judgement, declarer)
    lines.append("")
    lines += explained(
        _("value"),
        _(
            "the mean over the worlds of what the declarer gets from each defender, units, with best play on both "
            "sides once the cards are dealt (R34, R43); the best: of the bids he could say, as ulti bid finds it"
        ),
    )
    lines += explained(
        _("seat, when"),
        _("a table seat, * the declarer; in the first trick before his card, or before the second trick (R48)"),
    )
    lines += explained(
        _("advice"), _("the better of saying it and not; '?' when too close to call (within twice the standard error)")
    )
    lines += explained(
        _("without, with"),
        _(
            "what the seat gets on average, units (a defender from the declarer; the declarer from each defender), "
            "with best play from that moment on, without and with the doubling alone (R38, R39, R43)"
        ),
    )
    lines += explained(
        _("loss"),
        _(
            "what the worse of said and unsaid cost him, per defender, ± its standard error on the same worlds; "
            "a band (R44: inaccuracy from 1, mistake from 3, blunder from 8) only beyond twice that error"
        ),
    )
    return lines
