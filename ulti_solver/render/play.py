"""What ulti play prints: the cards the seat may play, by their value over the worlds drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING, List

from ..cards import format_hand
from ..i18n import _, decimal, n_, pgettext
from .legends import explained, silent_value_legend, weighted_lines, wrapped
from .tables import aligned, bid_text
from .words import card_text, cards_text, kontra_text

if TYPE_CHECKING:
    from ..analysis.single_dummy import PlayAdvice


def _kontra_header(kontra) -> str:
    # Its own msgid: the header here is seven wide, not six as in solve and settle.
    return pgettext("header of seven", "Kontra {kontra}").format(kontra=kontra_text(kontra))


def advice_lines(advice: PlayAdvice) -> List[str]:
    """The table of ``ulti play``: who asks, what he knows, each card's value and loss, best first."""
    info = advice.info
    played = info.played
    searched = getattr(advice, "search", "pimc") != "pimc"  # alphamu: ulti_solver.alphamu.advice
    if info.seat == 0 and played:
        title = n_("Declarer's view after {n} card", "Declarer's view after {n} cards", len(played))
    elif info.seat == 0:
        title = _("Declarer's view before the first lead")
    elif played:
        title = n_(
            "Seat {seat}'s view after {n} card", "Seat {seat}'s view after {n} cards", len(played), seat=info.seat
        )
    else:
        title = _("Seat {seat}'s view before the first lead").format(seat=info.seat)
    hand = _("Hand   {hand}").format(hand=format_hand(info.hand))
    if info.talon is not None:
        hand += _("  talon {cards}").format(cards=format_hand(info.talon))
    lines = [
        title,
        "",
        _("Bid    {bid}").format(bid=bid_text(info.bid, [info.trump])),
        *([_kontra_header(advice.kontra)] if advice.kontra else []),
        hand,
    ]
    if played:
        lines.append(_("Played {cards}").format(cards=cards_text(played)))
    if info.table.trick:
        lines.append(_("On the table: {cards}").format(cards=cards_text(info.table.trick)))
    known = info.explain()
    lines += [
        "",
        _("What the play and the announcements tell (R40, R41):")
        if known
        else _("Nothing more is known of the hidden hands than the cards you see (R40)."),
    ]
    lines += [f"  {fact}" for fact in known]
    if advice.exact:
        worlds = _("All {count:,} worlds that fit are counted: the values are exact.").format(count=advice.count)
    elif advice.worlds == advice.count and searched:
        worlds = _("All {count:,} worlds that fit are counted.").format(count=advice.count)
    else:
        worlds = _("{count:,} worlds fit; {drawn:,} drawn (seed {seed}), the same for every card.").format(
            count=advice.count, drawn=advice.worlds, seed=advice.seed
        )
    lines += ["", *wrapped(worlds)]
    lines += weighted_lines(advice.effective_worlds)
    lines += [""]
    rows = [[_("card"), _("value"), _("loss"), "" if searched else _("made"), ""]]
    for card in advice.cards:
        spread = "" if advice.exact else f" ± {card.stderr_value:.2f}"
        loss = (
            "0" if card.loss_total == 0 else f"{card.loss:.2f}" + ("" if advice.exact else f" ± {card.stderr_loss:.2f}")
        )
        made = "" if searched else "-" if card.p_made is None else f"{card.p_made:.0%}"
        value = f"{card.mean_value:+.2f}{spread}"
        rows.append([card_text(card.card), decimal(value), decimal(loss), made, _("best") if card.best else ""])
    lines += aligned(rows)
    lines += [""]
    if searched:
        lines += explained(
            _("value"),
            _(
                "the mean over the worlds of what the game is worth when you play one strategy, the same in "
                "every world you cannot tell apart, starting with the card, and the others, who see every "
                "card, answer it at their best: +3 each defender pays the declarer 3 units (R34)"
            ),
        )
    else:
        lines += explained(
            _("value"),
            _(
                "the mean over the worlds of what the game is worth after the card with best play on both sides "
                "(double dummy): +3 each defender pays the declarer 3 units, negative the declarer pays (R34, R43)"
            ),
        )
    if info.seat == 0:
        loss = _(
            "what the card gives away for the declarer against the best card, on the same worlds; "
            "± is its standard error"
        )
    else:
        loss = _(
            "what the card gives away for the defenders against the best card, on the same worlds; "
            "± is its standard error"
        )
    if advice.exact:
        loss += _(" (none: every world counted)")
    lines += explained(_("loss"), loss)
    if not searched:
        lines += explained(_("made"), _("how often the whole bid is made after the card with best play (R24)"))
    lines += silent_value_legend(info.bid)
    return lines


def search_lines(advice) -> List[str]:
    """Under the table of ``ulti play --search alphamu``: how deep it looked and what it cost."""
    cost = advice.cost
    depth = advice.search.partition(":")[2]
    how = (
        _("to the end of the game")
        if depth == "end"
        else n_(
            "{n} move of yours deep, double dummy beyond", "{n} of your moves deep, double dummy beyond", int(depth)
        )
    )
    return [
        "",
        *wrapped(
            _(
                "Searched by αμ, {how}: {nodes:,} positions, {solved:,} worlds valued double dummy, "
                "{hits:,} positions met again, {seconds} s."
            ).format(
                how=how,
                nodes=cost.nodes,
                solved=cost.solved_worlds,
                hits=cost.table_hits,
                seconds=decimal(f"{cost.seconds:.2f}"),
            )
        ),
    ]
