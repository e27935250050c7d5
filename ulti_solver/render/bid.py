"""What ulti bid prints: the candidates, the verdict in words and the legend."""

from __future__ import annotations

from typing import TYPE_CHECKING, List

from ..i18n import _, decimal, n_
from .legends import explained, wrapped
from .tables import aligned
from .words import bid_label, cards_text, kontra_text, rules_text, table_word, trump_text

if TYPE_CHECKING:
    from ..analysis.bidding import BidAdvice


def _value(mean: float, stderr: float, exact: bool) -> str:
    return decimal(f"{mean:+.2f}") + ("" if exact else decimal(f" ± {stderr:.2f}"))


def advice_lines(advice: BidAdvice) -> List[str]:
    """The table of ``ulti bid``: the hand, how the candidates were cut down, the best, how sure."""
    counts = advice.counts
    lines = [
        _("Hand  {hand}  (12 cards, before the discard)").format(hand=advice.hand),
        _("Rules {rules}").format(rules=rules_text(advice.rules)),
        *([_("Kontra {kontra} on every candidate that has it").format(kontra=advice.kontra)] if advice.kontra else []),
        "",
    ]
    if advice.partial:
        lines += [
            *wrapped(
                n_(
                    "Interrupted: the standings after {n:,} world, partial (not every candidate weighed, "
                    "no fresh worlds).",
                    "Interrupted: the standings after {n:,} worlds, partial (not every candidate weighed, "
                    "no fresh worlds).",
                    advice.worlds,
                )
            ),
            "",
        ]
    if advice.exact:
        worlds = _("every one of the {count:,} worlds that fit, counted exactly").format(count=advice.world_count)
    else:
        worlds = n_(
            "up to {n:,} world drawn (seed {seed}), the same for every candidate",
            "up to {n:,} worlds drawn (seed {seed}), the same for every candidate",
            advice.worlds,
            seed=advice.seed,
        )
    lines += wrapped(
        _(
            "{candidates:,} candidates (every discard, bid and trump): {merged:,} discards play like another "
            "one, {beaten:,} bids are beaten in every world by a simpler bid (a part lost before play); "
            "{weighed:,} raced on {worlds}: {dropped_on_bounds:,} dropped on cheap bounds, "
            "{dropped_on_values:,} after valuing, {left:,} left."
        ).format(worlds=worlds, **counts)
    )
    if advice.runoff:
        lines += wrapped(
            n_(
                "The first was not separated from all the others after {n:,} world: the best {best} raced on "
                "to {worlds:,} (a runoff).",
                "The first was not separated from all the others after {n:,} worlds: the best {best} raced on "
                "to {worlds:,} (a runoff).",
                advice.worlds // 2,
                best=len(advice.choices),
                worlds=advice.worlds,
            )
        )
    if advice.out_of_time:
        lines += wrapped(_("The time given (--time) ran out before the last look at the worlds."))
    lines.append("")
    if not advice.choices:
        return lines + [_("No candidate was valued on every world of a look yet.")]
    exact = advice.exact
    fresh = not exact and any(c.holdout is not None for c in advice.choices)
    rows = [
        [
            _("rank"),
            _("discard"),
            _("bid"),
            _("trump"),
            _("value"),
            _("behind first"),
            _("made"),
            *([_("fresh worlds")] if fresh else []),
        ]
    ]
    for choice in advice.choices:
        behind = "-" if choice is advice.choices[0] else decimal(f"{choice.behind.per_defender:.2f}")
        if choice is not advice.choices[0] and not exact:
            behind += decimal(f" ± {choice.behind.stderr_per_defender:.2f}")
        made = "-" if choice.p_made is None else decimal(f"{choice.p_made:.0%}")
        row = [
            str(choice.rank),
            cards_text(choice.discard),
            bid_label(choice.bid),
            trump_text(choice.trump),
            _value(choice.mean_value, choice.stderr_value, exact),
            behind,
            made,
        ]
        if fresh:
            held = choice.holdout
            row.append("-" if held is None else _value(held.per_defender, held.stderr_per_defender, False))
        rows.append(row)
    lines += aligned(rows, right=(0,))
    lines.append("")
    lines += _verdict(advice)
    lines += ["", *legend(advice, fresh)]
    return lines


def _verdict(advice: BidAdvice) -> List[str]:
    """How sure the race is: the first against the second, then the advice in a sentence."""
    first = advice.choices[0]
    lines: List[str] = []
    if len(advice.choices) > 1:
        second = advice.choices[1]
        gap = decimal(f"{first.mean_value - second.mean_value:.2f}")
        stderr = decimal(f"{second.behind.stderr_per_defender:.2f}")
        if advice.exact and advice.separated:
            said = _("Counting every world, the first is better than the second (by {gap} units per defender).")
        elif advice.exact:
            said = _("Counting every world, the first is as good as the second (by {gap} units per defender).")
        elif advice.separated:
            said = _(
                "The first is ahead of the second by {gap} ± {stderr} units per defender on the same worlds: "
                "separated (more than twice its standard error)."
            )
        else:
            said = _(
                "The first is ahead of the second by {gap} ± {stderr} units per defender on the same worlds: "
                "not separated, they may be as good as each other."
            )
        lines += wrapped(said.format(gap=gap, stderr=stderr))
    lines += _choice_among_equals(advice)
    recommended = advice.recommended()
    assert recommended is not None  # there are choices: the first was read above
    first = recommended
    same = first.candidate.same_as
    alike = (
        _(" (or {discards}, which play alike)").format(discards=", ".join(cards_text(d) for d in same)) if same else ""
    )
    trump = _("no trump") if first.trump is None else _("{suit} trump").format(suit=trump_text(first.trump))
    kontra = _(", under {kontra}").format(kontra=kontra_text(first.candidate.kontra)) if first.candidate.kontra else ""
    if advice.recheck is not None:
        worth = n_(
            "worth {value} ± {stderr} units per defender on {n:,} other fresh world",
            "worth {value} ± {stderr} units per defender on {n:,} other fresh worlds",
            advice.recheck.n,
            value=decimal(f"{advice.recheck.per_defender:+.2f}"),
            stderr=decimal(f"{advice.recheck.stderr_per_defender:.2f}"),
        )
    elif first.holdout is not None:
        worth = n_(
            "worth {value} ± {stderr} units per defender on {n:,} fresh world",
            "worth {value} ± {stderr} units per defender on {n:,} fresh worlds",
            first.holdout.n,
            value=decimal(f"{first.holdout.per_defender:+.2f}"),
            stderr=decimal(f"{first.holdout.stderr_per_defender:.2f}"),
        )
    elif advice.exact:
        worth = _("worth {value} units per defender").format(value=decimal(f"{first.mean_value:+.2f}"))
    else:
        worth = n_(
            "worth {value} units per defender on {n:,} world",
            "worth {value} units per defender on {n:,} worlds",
            first.samples,
            value=decimal(f"{first.mean_value:+.2f}"),
        )
    lines += wrapped(
        _("Bid {bid} ({trump}){kontra}, discarding {discard}{alike}: {worth} (R43).").format(
            bid=bid_label(first.bid),
            trump=trump,
            kontra=kontra,
            discard=cards_text(first.discard),
            alike=alike,
            worth=worth,
        )
    )
    return lines


def _choice_among_equals(advice: BidAdvice) -> List[str]:
    """When the race did not separate the first from others of the best: which one is advised, and why."""
    others = advice.unseparated - 1
    if others < 1 or advice.exact:
        return []
    chosen = advice.recommended()
    assert chosen is not None  # others not separated from the first: there are choices
    if advice.recheck is None:
        return wrapped(
            n_(
                "The race did not separate the first from {n} other of the best, and there are no fresh worlds "
                "to choose between them (--holdout 0): the advice goes to the first, which may be no better.",
                "The race did not separate the first from {n} others of the best, and there are no fresh worlds "
                "to choose between them (--holdout 0): the advice goes to the first, which may be no better.",
                others,
            )
        )
    held = chosen.holdout
    assert held is not None  # rechecked: the fresh worlds chose it, so it has their figures
    return wrapped(
        n_(
            "The race did not separate the first from {n} other of the best: the advice goes to the one of "
            "them the fresh worlds favour, rank {rank} ({value} ± {stderr} on them), and its worth is "
            "measured again on other fresh worlds (the best of several figures is an overestimate).",
            "The race did not separate the first from {n} others of the best: the advice goes to the one of "
            "them the fresh worlds favour, rank {rank} ({value} ± {stderr} on them), and its worth is "
            "measured again on other fresh worlds (the best of several figures is an overestimate).",
            others,
            rank=chosen.rank,
            value=decimal(f"{held.per_defender:+.2f}"),
            stderr=decimal(f"{held.stderr_per_defender:.2f}"),
        )
    )


def legend(advice: BidAdvice, fresh: bool) -> List[str]:
    table = table_word(advice.rules.value_table)
    if advice.exact:
        value = _(
            "the mean over the worlds of what the game is worth with best play on both sides once the cards are "
            "dealt (double dummy): +3 each defender pays the declarer 3 units, negative the declarer pays "
            "({table} value table, R34, R43)"
        )
        behind = _("how much less than the first it is worth on the same worlds")
    else:
        value = _(
            "the mean over the worlds of what the game is worth with best play on both sides once the cards are "
            "dealt (double dummy), ± its standard error: +3 each defender pays the declarer 3 units, negative the "
            "declarer pays ({table} value table, R34, R43)"
        )
        behind = _("how much less than the first it is worth on the same worlds, ± the paired error")
    lines = explained(_("value"), value.format(table=table))
    lines += explained(_("behind first"), behind)
    lines += explained(_("made"), _("how often the whole bid can be made, with best play (R24)"))
    if fresh:
        lines += explained(
            _("fresh worlds"),
            _(
                "the value again on other worlds, which played no part in choosing: the first's value on the "
                "worlds it won on is an overestimate (the best of many estimates), this one is not"
            ),
        )
    return lines
