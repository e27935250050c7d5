"""What ulti kontra prints: each kontra the seat may say, and the advice in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, List

from ..bids import component_word
from ..cards import format_hand
from ..i18n import _, decimal, n_, number, pgettext
from ..kontra import ALL
from .legends import explained, weighted_lines, wrapped
from .tables import aligned, bid_text
from .words import kontra_text, rules_text

if TYPE_CHECKING:
    from ..analysis.kontra_advice import KontraAdvice, KontraChoice


def _on(choice: KontraChoice) -> str:
    """The part a doubling is on, in words: ``ulti``, ``1:betli`` (a defender's own), ``all``."""
    component = choice.choice.component
    word = pgettext("kontra on", "all") if component == ALL else component_word(component)
    return word if choice.choice.seat is None else f"{choice.choice.seat}:{word}"


def _advice(choice: KontraChoice) -> str:
    said = choice.choice.word if choice.gain > 0 else _("pass")
    if choice.close and choice.gain != 0:
        return _("{advice} (too close to call)").format(advice=said)
    return said


def advice_lines(advice: KontraAdvice) -> List[str]:
    """The table of ``ulti kontra``: who asks, what he knows, each doubling weighed."""
    declarer = advice.seat == 0
    if declarer:
        title = _("The declarer's view before the first lead: redouble or not?")
    else:
        title = _("Seat {seat}'s view before the first lead: kontra or not?").format(seat=advice.seat)
    hand = _("Hand   {hand}").format(hand=format_hand(advice.hand))
    if advice.talon is not None:
        hand += _("  talon {cards}").format(cards=format_hand(advice.talon))
    lines = [
        title,
        "",
        _("Bid    {bid}").format(bid=bid_text(advice.bid, [advice.trump])),
        # Its own msgid: the header here is seven wide, not six as in solve and settle.
        pgettext("header of seven", "Kontra {kontra}").format(
            kontra=kontra_text(advice.base) if advice.base else _("none said yet")
        ),
        hand,
        _("Rules  {rules}").format(rules=rules_text(advice.rules)),
        "",
    ]
    known = advice.worlds.explain()
    if known:
        lines += [_("What the bid tells (R40):"), *[f"  {fact}" for fact in known], ""]
    if advice.exact:
        worlds = n_(
            "{n:,} world given, counted once: the numbers are exact for it.",
            "{n:,} worlds given, each counted once: the numbers are exact for them.",
            advice.samples,
        )
    elif declarer:
        worlds = _(
            "{count:,} ways to place the defenders' hands fit; {drawn:,} drawn (seed {seed}), "
            "the same for every choice."
        ).format(count=advice.worlds.count(), drawn=advice.samples, seed=advice.seed)
    else:
        worlds = _(
            "{count:,} ways to place the declarer's hand, your partner's and the talon fit; {drawn:,} drawn "
            "(seed {seed}), the same for every choice."
        ).format(count=advice.worlds.count(), drawn=advice.samples, seed=advice.seed)
    lines += wrapped(worlds)
    lines += weighted_lines(advice.effective_worlds)
    lines += [""]
    rows = [[_("say"), _("on"), _("made"), _("without"), _("with"), _("gain"), _("advice")]]
    for choice in advice.choices:
        spread = "" if choice.exact else f" ± {choice.stderr_gain:.2f}"
        rows.append(
            [
                choice.choice.word,
                _on(choice),
                f"{choice.p_made:.0%}",
                number(float(choice.without), "+.2f"),
                number(float(choice.with_it), "+.2f"),
                decimal(f"{float(choice.gain):+.2f}{spread}"),
                _advice(choice),
            ]
        )
    lines += aligned(rows)
    lines += [""]
    lines += explained(
        _("made"), _("how often the declarer can make that part (or the whole bid, for all) with best play")
    )
    if declarer:
        paid = _(
            "what the declarer gets from each defender on average, units (negative: pays), with best play on both "
            "sides once the cards are dealt, without and with the doubling (R30, R38, R39, R43)"
        )
    else:
        paid = _(
            "what seat {seat} receives from the declarer on average, units (negative: pays), with best play on "
            "both sides once the cards are dealt, without and with the doubling (R30, R38, R39, R43)"
        ).format(seat=advice.seat)
    lines += explained(_("without, with"), paid)
    if advice.exact:
        gain = _("with minus without, on the same worlds; too close to call when within twice that error")
    else:
        gain = _(
            "with minus without, on the same worlds, ± its standard error; too close to call when within twice "
            "that error"
        )
    lines += explained(_("gain"), gain)
    return lines
