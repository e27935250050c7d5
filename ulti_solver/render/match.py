"""What ``ulti match`` prints: the standings, each bot as declarer and defender, the pairs, the
round sheets of seed 003, and what the duplicate did to the standard errors (R50)."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Sequence

from ..i18n import _, decimal, n_
from ..match.arrangements import seatings
from .legends import wrapped
from .tables import aligned
from .words import rules_text

if TYPE_CHECKING:
    from ..match import Match, Round, Standings
    from ..variants import Rules

#: The letters that stand for the bots in the list of seatings.
LETTERS = "ABC"


def _units(value: Optional[float]) -> str:
    """A result per deal with its sign: ``+12.3``, ``-0.5``; ``-`` when there is none."""
    return "-" if value is None else decimal(f"{value:+.1f}")


def _error(value: Optional[float]) -> str:
    return "-" if value is None else decimal(f"{value:.1f}")


def _share(count: int, total: int) -> str:
    return decimal(f"{count:,} ({100 * count / total:.0f}%)") if total else "0"


def standings_note(standings: Standings) -> str:
    """The standings in a few words, for the progress bar: ``simple +12.3  random -12.3``."""
    return "  ".join(f"{standings.labels[bot][:16]} {_units(standings.score(bot).mean)}" for bot in standings.ranked())


def seatings_text(labels: Sequence[str]) -> str:
    """The six seatings as letters, table seat 0 first: ``AAB ABA BAA ABB BBA BAB (A = random, ...)``."""
    names = ", ".join(f"{LETTERS[bot]} = {label}" for bot, label in enumerate(labels))
    seats = " ".join("".join(LETTERS[bot] for bot in seating) for seating in seatings(len(labels)))
    return _("Seatings, table seat 0 (the first to bid) first: {seatings} ({names})").format(
        seatings=seats, names=names
    )


def match_lines(match: Match, seed: int, *, rules: Rules) -> List[str]:
    """The whole text of a match: its head, the round sheets if any, the standings and the notes."""
    standings = match.standings
    labels = standings.labels
    lines = wrapped(
        _("Duplicate match (R50) of {bots}: each deal is played once in every seating, six games a deal.").format(
            bots=", ".join(labels)
        )
    )
    lines += [
        seatings_text(labels),
        _("Rules {rules}; seed {seed}").format(rules=rules_text(rules), seed=seed),
        "",
    ]
    if match.partial:
        lines += [
            _("Interrupted: the standings after {done:,} of {deals:,} deals, partial.").format(
                done=standings.deals, deals=match.deals
            ),
            "",
        ]
    for one in match.rounds():
        lines += round_lines(one) + [""]
    if standings.deals == 0:
        return lines + [_("No deal was finished.")]
    return lines + standings_lines(standings)


def standings_lines(standings: Standings) -> List[str]:
    labels, deals = standings.labels, standings.deals
    lines = [
        n_(
            "Standings after {n:,} deal ({games:,} games), in units per deal",
            "Standings after {n:,} deals ({games:,} games), in units per deal",
            deals,
            games=deals * 6,
        )
    ]
    rows = [[_("place"), _("bot"), _("per deal"), _("standard error")]]
    for place, bot in enumerate(standings.ranked(), start=1):
        score = standings.score(bot)
        rows.append([str(place), labels[bot], _units(score.mean), _error(score.stderr)])
    lines += aligned(rows, right=(0, 2, 3))
    lines += ["", _("As declarer")]
    rows = [[_("bot"), _("bids won"), _("bids made"), _("per deal"), _("kontras said"), _("their gain")]]
    for bot, label in enumerate(labels):
        tally = standings.bots[bot]
        role = tally.declarer
        rows.append(
            [
                label,
                _("{won} of {seats:,}").format(won=_share(role.games, tally.seats), seats=tally.seats),
                _share(role.won, role.games),
                _units(standings.per_deal(role.result)),
                f"{role.kontras:,}",
                _units(standings.per_deal(role.gain)),
            ]
        )
    lines += aligned(rows, right=(3, 4, 5))
    lines += ["", _("As defender")]
    rows = [[_("bot"), _("games"), _("bids beaten"), _("per deal"), _("kontras said"), _("their gain")]]
    for bot, label in enumerate(labels):
        role = standings.bots[bot].defender
        rows.append(
            [
                label,
                f"{role.games:,}",
                _share(role.won, role.games),
                _units(standings.per_deal(role.result)),
                f"{role.kontras:,}",
                _units(standings.per_deal(role.gain)),
            ]
        )
    lines += aligned(rows, right=(1, 3, 4, 5))
    lines += ["", _("Head to head, on the same deals")]
    rows = [[_("bots"), _("difference per deal"), _("standard error"), _("separated")]]
    for first, second in standings.pair_order():
        difference = standings.difference(first, second)
        rows.append(
            [
                f"{labels[first]} - {labels[second]}",
                _units(difference.mean),
                _error(difference.stderr),
                _separated(difference.mean, difference.stderr),
            ]
        )
    lines += aligned(rows, right=(1, 2))
    return lines + [""] + notes(standings)


def _separated(mean: Optional[float], stderr: Optional[float]) -> str:
    if mean is None or not stderr:
        return "-"
    times = abs(mean) / stderr
    word = _("yes") if times > 2 else _("no")
    return _("{word} ({times:.1f} standard errors)").format(word=word, times=times)


def notes(standings: Standings) -> List[str]:
    """The legend: what a result per deal is, the forfeits, what the duplicate saved, and why no
    control variate is used."""
    lines = wrapped(
        _(
            "A bot's result per deal is what it won (+) or paid (-) in units (R50), added up over its "
            "seats in each game and averaged over the six seatings; the standard error is over the "
            "deals. Two bots are separated when their difference is more than twice its standard error. "
            "Kontras said counts every level (kontra, rekontra...); their gain is what they changed in "
            "the bot's result, per deal, the cards as they were played."
        )
    )
    total = sum(tally.forfeits for tally in standings.bots)
    if not total:
        lines += wrapped(_("Forfeits: none."))
    else:
        counts = ", ".join(
            f"{label} {tally.forfeits:,}" for label, tally in zip(standings.labels, standings.bots, strict=True)
        )
        lines += wrapped(
            _("Forfeits (a game lost by an answer late, illegal or failed): {counts}.").format(counts=counts)
        )
        for one in standings.forfeited:
            lines += wrapped(
                _("deal {deal}, seating {seating}: {bot} asked {ask}: {why}").format(
                    deal=one.deal, seating=one.seating + 1, bot=one.bot, ask=one.ask, why=one.why
                ),
                "  ",
                "    ",
            )
    for note in variance_notes(standings):
        lines += wrapped(note)
    return lines


def variance_notes(standings: Standings) -> List[str]:
    """What the duplicate did to the standard errors, measured on the match, and why no control
    variate is used (:mod:`ulti_solver.match.stats`)."""
    notes = []
    ratios = [standings.duplicate_ratio(bot) for bot in range(len(standings.labels))]
    if all(ratio is not None for ratio in ratios):
        shown = ", ".join(
            f"{label} {decimal(f'{ratio:.2f}')}" for label, ratio in zip(standings.labels, ratios, strict=True)
        )
        notes.append(
            _(
                "The duplicate: every bot sits in every seat of each deal, so the luck of the cards "
                "cancels out; each standard error is this fraction of what as many games on separate "
                "deals would give: {ratios}."
            ).format(ratios=shown)
        )
    notes.append(
        _(
            "No control variate: a deal's double-dummy value, seat by seat, already cancels out of "
            "every bot's result (the duplicate), so subtracting it would lower no standard error."
        )
    )
    return notes


def round_lines(one: Round) -> List[str]:
    """A round's six score sheets (seed 003), each player's result deal by deal and his score,
    an asterisk on the first bidder's result; then each bot's score in the round."""
    lines = wrapped(
        _("Round {number}: deals {first}-{last} at six tables; the first to bid (*) moves on one chair a deal").format(
            number=one.number, first=one.first_deal, last=one.first_deal + 8
        )
    )
    for sheet in one.sheets:
        lines.append("  " + _("Table {table}").format(table=sheet.table))
        rows = [[_("chair"), _("player"), *(str(one.first_deal + k) for k in range(9)), _("score")]]
        for chair, player in enumerate(sheet.players):
            cells = []
            for k, row in enumerate(sheet.by_deal):
                mark = "*" if sheet.first_bidder(k) == chair else ""
                cells.append(f"{row[chair]:+d}{mark}" if row[chair] else f"0{mark}")
            rows.append([str(chair + 1), player, *cells, f"{sheet.scores[chair]:+d}"])
        lines += aligned(rows, indent="    ", right=tuple(range(2, 12)))
    scores = ", ".join(f"{bot} {_units(float(score))}" for bot, score in sorted(one.bots, key=lambda b: -b[1]))
    lines += wrapped(
        _("Round {number}, each bot's score (its chairs over the six tables, divided by six): {scores}").format(
            number=one.number, scores=scores
        )
    )
    return lines
