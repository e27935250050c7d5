"""Single-dummy values (R43) and the errors of play judged two ways (R44).

The exact values (every world counted) are held to an independent brute
force: every placement of the unseen cards dealt with itertools, kept when
the actual play replays legally and the announcements match
(tests/worlds_brute.py), each valued by a plain one-world solve, the mean
taken as a fraction.  The sampled values are held to the exact ones within
their standard errors; the core's many-worlds call to the reference's
world-by-world solve.
"""

import random
from fractions import Fraction

import pytest
from strategies import ALL_RULES
from worlds_brute import brute_force

from ulti_solver.analysis.replay import analyse_game
from ulti_solver.analysis.single_dummy import band, legal_cards, play_values, with_knowable
from ulti_solver.bids import HEARTS, NON_RED_TRUMPS, parse_bid
from ulti_solver.cards import card_name, cards_of
from ulti_solver.dealing import biased_deal
from ulti_solver.knowledge import information_set
from ulti_solver.kontra import kontra_for
from ulti_solver.play import PlayRules
from ulti_solver.position import replay, start_of_play
from ulti_solver.record import parse_record
from ulti_solver.search import value_total, world_totals

GAMES = "ulti_solver/examples/games.txt"


def random_game(rng, played_count, bids=("party", "ulti", "40-100", "20-100", "betli", "durchmars", "40-100 ulti")):
    """A random deal and bid and a random legal play of ``played_count`` cards."""
    bid = parse_bid(rng.choice(bids))
    trump = None if not bid.has_trump else (HEARTS if bid.red else rng.choice(NON_RED_TRUMPS))
    rules = rng.choice(ALL_RULES)
    deal = biased_deal(rng, bid, trump)
    play = PlayRules.for_game(bid, trump, rules=rules)
    position, played = start_of_play(deal), []
    for _ in range(played_count):
        card = rng.choice(list(cards_of(position.legal(play))))
        played.append(card)
        position = position.after(card, play)
    return deal, bid, trump, rules, played


def exact_by_brute_force(deal, bid, trump, rules, played, seat, cards, kontra):
    """Each card's mean total over the brute force's worlds, as a fraction, one plain solve a world."""
    worlds = sorted(brute_force(deal, bid, trump, rules, played, seat), key=str)
    play = PlayRules.for_game(bid, trump, rules=rules)
    means = {}
    for card in cards:
        totals = []
        for world in worlds:
            position = replay(world, play, list(played) + [card])
            totals.append(value_total(world, bid, trump, rules=rules, position=position, kontra=kontra))
        means[card] = Fraction(sum(totals), len(totals))
    return means, len(worlds)


def positions(seed, count, tricks=(6, 7, 8)):
    """Random enumerable positions, the seat to move asking: declarer and defenders, mid-trick too."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        played_count = 3 * rng.choice(tricks) + rng.choice((0, 0, 1, 2))
        if played_count >= 30:
            continue
        deal, bid, trump, rules, played = random_game(rng, played_count)
        seat = replay(deal, PlayRules.for_game(bid, trump, rules=rules), played).to_move
        info = information_set(deal, bid, trump, rules=rules, played=played, seat=seat)
        if info.count() > 400:
            continue
        levels = kontra_for(rng.choice(["all=1", "all=2", "all"]), bid, rules=rules) if rng.random() < 0.3 else None
        found.append((deal, bid, trump, rules, played, seat, info, levels))
    return found


def check_exact(case):
    deal, bid, trump, rules, played, seat, info, levels = case
    advice = play_values(info, "all", kontra=levels or kontra_for(None, bid, rules=rules))
    assert advice.exact and advice.worlds == info.count()
    cards = legal_cards(info)
    means, worlds = exact_by_brute_force(deal, bid, trump, rules, played, seat, cards, levels)
    assert worlds == advice.worlds, (str(deal), str(bid), played)
    assert {v.card: v.mean_total for v in advice.cards} == means, (str(deal), str(bid), played, seat)
    best = max(means.values()) if seat == 0 else min(means.values())
    for value in advice.cards:
        assert value.best == (value.mean_total == best)
        assert value.loss_total == (best - value.mean_total) * (1 if seat == 0 else -1) >= 0
        assert value.stderr_loss == value.stderr_value == 0


@pytest.mark.parametrize("case", positions(43, 14), ids=lambda c: f"{c[1]}-{len(c[4])}cards-seat{c[5]}")
def test_r43_every_world_counted_equals_the_brute_force_mean_exactly(case):
    check_exact(case)


@pytest.mark.slow
@pytest.mark.parametrize("case", positions(2026, 50, tricks=(5, 6, 7, 8)), ids=lambda c: f"{c[1]}-{len(c[4])}")
def test_r43_fifty_more_positions_equal_the_brute_force_mean_exactly(case):
    check_exact(case)


def test_r43_sampled_values_agree_with_the_exact_ones_within_their_errors():
    """With many samples, each card's estimate is within four standard errors of its exact mean,
    and the paired error of a loss is smaller than the error of either card's value."""
    deal, bid, trump, rules, played, seat, info, _ = positions(7, 1)[0]
    exact = {v.card: v for v in play_values(info, "all").cards}
    sampled = play_values(info, 3000, seed=5)
    for value in sampled.cards:
        truth = exact[value.card]
        assert abs(value.mean_value - truth.mean_value) <= 4 * value.stderr_value + 1e-9, (value, truth)
        assert abs(value.loss - truth.loss) <= 4 * value.stderr_loss + 1e-9


def test_r43_the_core_s_many_worlds_call_equals_the_reference_world_by_world():
    rng = random.Random(11)
    for _ in range(6):
        deal, bid, trump, rules, played = random_game(rng, rng.choice((19, 20, 21, 22, 23)))
        info = information_set(deal, bid, trump, rules=rules, played=played, seat=1 + rng.randrange(2))
        worlds = [info.world(3, i) for i in range(12)]
        assert world_totals(worlds, bid, trump, rules=rules, played=played) == world_totals(
            worlds, bid, trump, rules=rules, played=played, impl="reference"
        )


def test_r43_the_same_seed_gives_the_same_values_however_the_work_is_spread():
    deal, bid, trump, rules, played, seat, info, _ = positions(3, 1, tricks=(2,))[0]
    alone = play_values(info, 60, seed=9)
    spread = play_values(info, 60, seed=9, jobs=2)
    assert [c.as_json() for c in alone.cards] == [c.as_json() for c in spread.cards]


@pytest.mark.parametrize(
    "loss, stderr, named",
    [
        (0.9, 0, None),
        (1, 0, "inaccuracy"),
        (2.9, 0, "inaccuracy"),
        (3, 0, "mistake"),
        (8, 0, "blunder"),
        (3, 1.5, None),
        (3.1, 1.5, "mistake"),
        (9, 4.4, "blunder"),
        (9, 4.5, None),
    ],
)
def test_r44_bands(loss, stderr, named):
    """Inaccuracy from 1 unit, mistake from 3, blunder from 8; estimated, only past twice the error."""
    assert band(loss, stderr) == named


def test_r44_a_hindsight_blunder_that_was_bad_luck_from_the_player_s_seat():
    """examples/games.txt, line 8: seat 2's acorns ace in trick 3 gives 12 units away in hindsight
    (the declarer's acorns ten becomes good and his trump seven takes the last trick), but from
    seat 2's seat, not seeing the declarer's hand, the ace is as good as his other cards."""
    record = parse_record(open(GAMES, encoding="utf-8").read().splitlines()[7])
    analysis = with_knowable(analyse_game(record.deal, record.bid, record.trump, record.cards), 100)
    ace = analysis.verdicts[6]
    assert (ace.trick, ace.seat, ace.cost, ace.hindsight_band) == (3, 2, 12, "blunder")
    assert ace.knowable_loss < 1 and ace.band is None
    summary = analysis.summary()
    assert summary["hindsight_bands"]["2"]["blunder"] == 1 and summary["bands"]["2"]["blunder"] == 0


def test_item4_r42_knowable_all_counts_where_few_and_draws_where_many(monkeypatch):
    """--knowable all on a whole game: every world where they are few (exact, no error), a
    drawn sample where they are too many to count (not an error, as it was for every game)."""
    from ulti_solver.analysis import single_dummy

    monkeypatch.setattr(single_dummy, "MOST_WORLDS", 500)  # the same rule, at a size a test can afford
    monkeypatch.setattr(single_dummy, "KNOWABLE_DRAWN", 20)
    record = parse_record(open(GAMES, encoding="utf-8").read().splitlines()[13])
    game = analyse_game(record.deal, record.bid, record.trump, record.cards)
    analysis = with_knowable(game, "all")
    judged = [v for v in analysis.verdicts if v.knowable_samples]
    exact = [v for v in judged if v.knowable_exact]
    drawn = [v for v in judged if not v.knowable_exact]
    assert exact and drawn
    for v in judged:
        played = [u.card for u in analysis.verdicts[: v.index - 1]]
        count = information_set(record.deal, record.bid, record.trump, played, v.seat, rules=game.rules).count()
        if v.knowable_exact:
            assert v.knowable_samples == count <= 500 and v.knowable_stderr == 0
        else:
            assert count > 500 and v.knowable_samples == 20


def test_item5_r44_knowable_names_the_better_cards():
    """The declarer's ♦7 in trick 6 of line 14 is a blunder from his seat too: the verdict names
    the cards that were best on his worlds, as hindsight names its best cards."""
    record = parse_record(open(GAMES, encoding="utf-8").read().splitlines()[13])
    analysis = with_knowable(analyse_game(record.deal, record.bid, record.trump, record.cards), 30)
    seven = next(v for v in analysis.verdicts if v.trick == 6 and v.seat == 0)
    assert seven.band == "blunder" and seven.knowable_best
    assert seven.card not in seven.knowable_best and set(seven.knowable_best) <= set(seven.best)
    assert seven.as_json()["knowable_best"] == [card_name(c) for c in seven.knowable_best]


def test_item5_r44_the_knowable_line_says_the_better_cards(ulti):
    games = open(GAMES, encoding="utf-8").read().splitlines()[13] + "\n"
    result = ulti("analyse", "--file", "-", "--knowable", "30", "--quiet", input=games)
    assert result.exit_code == 0, result.stderr
    line = next(text for text in result.stdout.splitlines() if "knowable:" in text)
    assert "(best was ♠A ♣O ♣T ♣A)" in line


# -- the command line ------------------------------------------------------------------------

#: Seat 1 to lead the second trick of a party in bells, after the first trick BT BA BU.
SEAT1_AT_THE_SECOND_TRICK = (
    "play",
    "8.A97.A97.ATO",
    "--seat",
    "1",
    "--bid",
    "party",
    "--trump",
    "bells",
    "--play",
    "BT BA BU",
)


def test_play_json_has_the_interface_fields_best_first(ulti_json):
    rows = ulti_json(*SEAT1_AT_THE_SECOND_TRICK, "--samples", "40", "--json")
    assert set(rows[0]) == {"card", "samples", "mean_value", "stderr_value", "loss", "stderr_loss", "p_made", "best"}
    assert rows[0]["best"] and rows[0]["loss"] == 0 and all(r["loss"] >= 0 for r in rows)
    assert [r["loss"] for r in rows] == sorted(r["loss"] for r in rows)


def test_play_samples_all_is_exact_and_too_many_worlds_is_an_error_naming_the_count(ulti, ulti_json, bad_input):
    late = "HU HO H7 H8 L9 HT AA AK A8 B7 B9 BT H9 LU HA BU BK BA HK LK LA AT AU A7 L8"
    rows = ulti_json(
        "play",
        "KO98.AT8.T.U8",
        "--seat",
        "1",
        "--bid",
        "ulti",
        "--trump",
        "leaves",
        "--play",
        late,
        "--marriages",
        "1:hearts",
        "--samples",
        "all",
        "--json",
    )
    assert all(r["stderr_value"] == 0 and r["stderr_loss"] == 0 for r in rows)
    result = ulti(*SEAT1_AT_THE_SECOND_TRICK, "--samples", "all")
    bad_input(result, "9,237,800 worlds", "--samples N")


@pytest.mark.parametrize(
    "args, words",
    [
        (["TKOU.OU.TK.K7", "--seat", "2", "--play", "BT BA BU"], "seat 1's turn"),
        (["8.A97.A97.ATO", "--seat", "2", "--play", "BT BA BU"], "is seat 1's, but it is in your hand"),
        (["8.A97.A97.ATO", "--seat", "1", "--play", "BT B9 BU"], "B9"),
        (["8.A97.A97.ATO", "--seat", "1", "--talon", "LU,A8"], "talon"),
        (["8.A97.A97.ATO", "--seat", "1", "--samples", "0"], "from 1 to 1,000,000"),
        (["8.A97.A97.ATO", "--seat", "1", "--marriages", "1:spades"], "spades"),
    ],
)
def test_play_bad_input_is_one_line(args, words, ulti, bad_input):
    bad_input(ulti("play", *args, "--bid", "party", "--trump", "bells"), words)


def test_analyse_knowable_json_fields_and_summary(ulti_json):
    record = open(GAMES, encoding="utf-8").read().splitlines()[7]
    rows = ulti_json("analyse", "--file", "-", "--knowable", "30", "--json", input=record + "\n")
    cards, summary = rows[:-1], rows[-1]["summary"]
    assert len(cards) == 30
    for row in cards:
        assert {"hindsight_loss", "knowable_loss", "knowable_stderr", "band", "hindsight_band"} <= set(row)
    assert summary["bands"].keys() == {"0", "1", "2"} and "hindsight_bands" in summary


def test_analyse_without_knowable_bands_the_hindsight_loss(ulti_json):
    record = open(GAMES, encoding="utf-8").read().splitlines()[7]
    rows = ulti_json("analyse", "--file", "-", "--json", input=record + "\n")
    ace = rows[6]
    assert ace["band"] == ace["hindsight_band"] == "blunder" and "knowable_loss" not in ace


@pytest.mark.slow
def test_item4_r42_analyse_knowable_all_on_a_whole_game_says_how_the_worlds_were_valued(ulti):
    """It failed on every whole game ("give a number of samples instead (--samples N)")."""
    games = open(GAMES, encoding="utf-8").read().splitlines()[13] + "\n"
    result = ulti("analyse", "--file", "-", "--knowable", "all", "--quiet", input=games)
    assert result.exit_code == 0, result.stderr
    assert "Worlds: every world counted for " in result.stdout
    assert "on 1,000 drawn worlds each (± the standard error)" in result.stdout
    assert "knowable: 12.00 on all 35 worlds (exact) (best was ♠A ♣O ♣T ♣A)" in result.stdout


@pytest.mark.parametrize("stop, status", [("interrupt", 130), ("terminate", 143)])
def test_a_stop_of_ulti_play_exits_130_for_ctrl_c_and_143_for_sigterm(monkeypatch, ulti, stop, status):
    """As every command documents (SIGTERM 143, as bid, analyse and simulate do): the runner's
    stop status, not a fixed 130.  The stop comes from inside the run, at its first progress."""
    from ulti_solver.cli import app
    from ulti_solver.render import output

    def stopped(self, done, total=None, note=None):
        raise KeyboardInterrupt if stop == "interrupt" else app.Terminated()

    monkeypatch.setattr(output.LateBar, "to", stopped)
    result = ulti(*SEAT1_AT_THE_SECOND_TRICK, "--samples", "40", "-j", "1", exit_code=status)
    assert result.stdout == ""
    assert result.stderr.strip() == "Interrupted: no card was valued on every world yet, so nothing is shown."
