"""What the tables say, in words a card player understands.

Every value legend says who pays whom; the declarer's points are
explained; rule ids are references after words, never the explanation;
the search's own jargon is only for ``-v``; headers show the trump; a line
of play shows who led each trick; a game ends in words (what was made,
what was lost, who pays whom); a finished game says so; tied cards read
well.  Each test runs the real command and reads what a player reads.
"""

import re
from pathlib import Path

import pytest

from ulti_solver.cards import CANONICAL_RANKS, card_rank, card_suit, parse_card

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEAL = (EXAMPLES / "deal.txt").read_text().strip()
DISCARD = (EXAMPLES / "discard.txt").read_text().strip()
HAND = (EXAMPLES / "hand.txt").read_text().strip()
BEST_DEAL = "TKU.ATOU7.-.TO A97.9.K98.987 O8.K.ATOU7.KU -.8.-.A"


def game_record(number):
    """DEAL, BID, SUIT and the played cards of line ``number`` of examples/games.txt."""
    line = (EXAMPLES / "games.txt").read_text().splitlines()[number - 1]
    deal, bid, suit, cards = (field.strip() for field in line.split("|"))
    return deal, bid, suit, cards.split()


#: Line 8: an ulti in leaves; seat 2 cashes the acorns ace, the ulti is made and the party lost.
ULTI_GAME = game_record(8)
#: Line 10: a party in bells, played perfectly; line 12: a betli stopped after 18 cards.
PARTY_GAME = game_record(10)
BETLI_GAME = game_record(12)


def analyse_args(record):
    deal, bid, suit, cards = record
    return ["analyse", deal, "--bid", bid, *(["--trump", suit] if suit else []), "--play", " ".join(cards)]


def played_args(record, cards):
    deal, bid, suit, _ = record
    return ["solve", deal, "--bid", bid, "--trump", suit, "--play", " ".join(cards)]


#: Every command's table output, as a player runs it (small enough to run in the fast tests).
TABLES = {
    "solve": ["solve", DEAL, "--bid", "40-100 ulti", "--trump", "leaves", "--value", "--silent"],
    "solve-cards-line": ["solve", DEAL, "--bid", "party", "--trump", "bells", "--play", "BT BA BU", "--cards"]
    + ["--line", "--value"],
    "best": ["best", BEST_DEAL, "--top", "5"],
    "best-12": ["best", DISCARD, "--top", "3"],
    "discards": ["discards", DISCARD, "--bid", "40-100 ulti", "--top", "6", "--value", "-j", "1"],
    "batch": ["batch", str(EXAMPLES / "batch.txt"), "--bid", "party", "--value", "-j", "1"],
    "simulate": ["simulate", HAND, "--talon", "LU,A8", "--bid", "party", "--samples", "10", "-j", "1"],
    "analyse": analyse_args(ULTI_GAME),
    "settle": ["settle", "--bid", "ulti", "--trump", "leaves", "--made", "ulti"],
}


@pytest.fixture(scope="module")
def printed(ulti):
    """What each command of TABLES prints: stdout and stderr."""
    return {name: ulti(*args, exit_code=0) for name, args in TABLES.items()}


# -- legends -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(TABLES))
def test_every_value_legend_says_who_pays_whom(printed, name):
    """R30: a positive value is what each defender pays the declarer, a negative one what he pays each."""
    text = printed[name].stdout + printed[name].stderr
    assert "each defender pays the declarer" in text
    assert "the declarer pays each defender" in text


@pytest.mark.parametrize("name", ["best", "best-12", "discards", "solve"])
def test_r14_the_declarer_points_are_explained_as_a_player_counts_them(printed, name):
    text = " ".join(printed[name].stdout.split())  # legend lines wrap
    assert "points: the card points the declarer is sure to take" in text
    assert "aces and tens 10 each and 10 for the last trick" in text
    assert "the talon's aces and tens, which count for the defenders (R16)" in text


def test_r16_the_points_legend_follows_the_talon_rule(ulti):
    text = " ".join(ulti(*TABLES["best"], "--rules", "tournament", exit_code=0).stdout.split())
    assert "and the talon's aces and tens, which count for him under these rules (R16)" in text


#: Words a player should not meet as an explanation.
JARGON = ("D + T_D", "T_D", "null-window", "seed 0", "joint")


@pytest.mark.parametrize("name", list(TABLES))
def test_no_jargon_and_rule_ids_only_as_references_after_words(printed, name):
    text = printed[name].stdout + printed[name].stderr
    for word in JARGON:
        assert word not in text
    for line in text.splitlines():
        # An R-id is a reference: inside parentheses, after words on the same line.
        for match in re.finditer(r"\(([^()]*)\)", line):
            if re.search(r"\bR\d+", match.group(1)):
                assert re.search(r"[a-z]{3}", line[: match.start()]), line
        bare = re.sub(r"\([^()]*\)", "", line)
        assert not re.search(r"\bR\d+", bare), line


@pytest.mark.parametrize("name", list(TABLES))
def test_every_table_fits_100_columns(printed, name):
    if name == "batch":
        lines = printed[name].stderr.splitlines()  # the batch's own table is another change's
    else:
        lines = (printed[name].stdout + printed[name].stderr).splitlines()
    assert max(len(line) for line in lines) <= 100


# -- best: the search's jargon behind -v -------------------------------------------------------


def test_best_says_how_many_candidates_it_weighed_and_the_search_figures_only_with_verbose(ulti):
    plain = ulti("best", DISCARD, "--top", "3", exit_code=0)
    assert re.fullmatch(r"Weighed 9,900 candidates in \d+\.\d\d s\n", plain.stderr)
    verbose = ulti("best", DISCARD, "--top", "3", "-v", exit_code=0)
    assert verbose.stdout == plain.stdout
    assert "null-window search" in verbose.stderr and "valued exactly" in verbose.stderr
    numbers = [int(n.replace(",", "")) for n in re.findall(r"^\s+([\d,]+) ", verbose.stderr, re.M)]
    assert sum(numbers) == 9900  # every candidate is valued, tested or bounded
    assert ulti("best", DISCARD, "--top", "3", "-v", "--quiet", exit_code=0).stderr == ""


def test_r35_tied_best_bids_are_one_a_line(ulti):
    lines = ulti("best", DISCARD, "--top", "3", exit_code=0).stdout.splitlines()
    head = lines.index("Best bids (R35), each worth +8: each defender pays the declarer 8 units:")
    assert lines[head + 1 : head + 4] == [
        "  discard ♥K ♦K, 40-100 ulti (leaves)",
        "  discard ♥K ♦9, 40-100 ulti (leaves)",
        "  discard ♥K ♦7, 40-100 ulti (leaves)",
    ]


# -- headers: the trump --------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, header",
    [
        (TABLES["solve"], "Bid   40-100 ulti, leaves trump"),
        (["solve", DEAL, "--bid", "ulti"], "Bid   ulti, trump bells, leaves or acorns (each solved)"),
        (["solve", DEAL, "--bid", "red betli"], "Bid   red betli, no trump"),
        (["solve", DEAL, "--bid", "party", "--trump", "hearts"], "Bid   red party, hearts trump"),
        (analyse_args(ULTI_GAME), "Bid   ulti, leaves trump"),
        (analyse_args(BETLI_GAME), "Bid   betli, no trump"),
        (TABLES["discards"], "Bid   40-100 ulti, trump bells, leaves or acorns (each solved)"),
        (TABLES["settle"], "Bid   ulti, leaves trump"),
    ],
)
def test_r29_every_header_that_prints_a_bid_names_its_trump(args, header, ulti):
    assert header in ulti(*args, exit_code=0).stdout.splitlines()


# -- a line of play and a played game, in words ---------------------------------------------------


def line_rows(text):
    """(trick, led by, cards, won by) of a --line table: the rows under its header."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:3] == ["trick", "led", "by"])
    rows = []
    for line in lines[start + 1 :]:
        match = re.match(r"\s+(\d+)\s+(declarer|seat \d)\s+(.+?)\s+(declarer|seat \d)$", line)
        if not match:
            break
        rows.append(match.groups())
    return rows


def test_a_line_shows_who_led_each_trick_the_winner_of_the_one_before(ulti):
    rows = line_rows(ulti(*TABLES["solve-cards-line"], exit_code=0).stdout)
    assert [r[0] for r in rows] == [str(n) for n in range(2, 11)]
    assert rows[0][1] == "seat 1"  # trick 1 went to seat 1's bells ace
    for before, after in zip(rows, rows[1:], strict=False):
        assert after[1] == before[3]


def test_a_line_ends_in_words_and_its_payment_is_the_value(ulti):
    """R34: a best line keeps the value, so the game it ends in pays exactly the value."""
    out = " ".join(ulti(*TABLES["solve-cards-line"], exit_code=0).stdout.split())
    assert "value -4" in out
    assert (
        "at the end: party lost (not paid: the silent 100 replaces it), the defenders' silent 100 (-2), "
        "a defender's silent ulti (-2): the declarer pays each defender 4 units"
    ) in out


def test_r31_analyse_ends_in_words_ulti_made_party_lost(ulti):
    out = ulti(*analyse_args(ULTI_GAME), exit_code=0).stdout
    assert "The game ended: party lost (-1), ulti made (+4): each defender pays the declarer 3 units" in out
    assert "Value at the start: -9, with best play the declarer pays each defender 9 units" in out
    settle = ulti("settle", "--bid", "ulti", "--trump", "leaves", "--made", "ulti", "--json", exit_code=0).stdout
    assert '"per_defender": 3' in settle  # the same game, priced by 'ulti settle'


def test_r33_analyse_says_when_a_silent_100_replaces_the_party(ulti):
    out = " ".join(ulti(*analyse_args(PARTY_GAME), exit_code=0).stdout.split())
    assert (
        "The game ended: party lost (not paid: the silent 100 replaces it), the defenders' silent 100 (-2): "
        "the declarer pays each defender 2 units"
    ) in out


def test_analyse_of_a_game_stopped_early_says_it_is_not_finished_and_what_it_is_worth(ulti):
    out = " ".join(ulti(*analyse_args(BETLI_GAME), exit_code=0).stdout.split())
    assert (
        "After 18 cards: the game is not finished; its value is -5: with best play from here "
        "the declarer pays each defender 5 units"
    ) in out
    assert "The game ended" not in out


def test_a_finished_game_says_there_is_nothing_left_to_play_and_how_it_ended(ulti):
    out = ulti(*played_args(ULTI_GAME, ULTI_GAME[3]), "--cards", "--line", exit_code=0).stdout
    assert "After 30 cards: the game is over: nothing left to play" in out
    assert "Cards to play: the game is over: nothing left to play." in out
    assert "Best line: the game is over: nothing left to play." in out
    assert "result: party lost (-1), ulti made (+4): each defender pays the declarer 3 units" in out
    assert "trick  led by" not in out  # no table without rows


def test_a_finished_game_has_no_cards_to_value_in_json(ulti_json):
    [data] = ulti_json(*played_args(ULTI_GAME, ULTI_GAME[3]), "--cards", "--line", "--json")
    assert (data["cards"], data["best"], data["line"]) == ({}, [], [])


# -- tied --cards ------------------------------------------------------------------------------


def cards_rows(text):
    """(card, points, value, best) of a --cards table, in its order."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == ["card"])
    rows = []
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        cells = line.split()
        best = cells[-1] == "best"
        points, value = (cells[-3], cells[-2]) if best else (cells[-2], cells[-1])
        rows.append((cells[0], int(points), int(value), best))
    return rows


SYMBOL_LETTERS = {"♥": "H", "♦": "B", "♠": "L", "♣": "A"}


def canonical_place(label):
    card = parse_card(SYMBOL_LETTERS[label[0]] + label[1:])
    return card_suit(card), CANONICAL_RANKS.index(card_rank(card))


@pytest.mark.parametrize(
    "record, count, maximise",
    [
        (PARTY_GAME, 12, True),  # the declarer to lead: tied cards leave him 0 or 10 points
        (PARTY_GAME, 15, False),  # seat 2, a defender: tied cards leave the declarer 0 or 10
        (ULTI_GAME, 0, True),  # the opening lead: tied cards leave the declarer 30 to 50
    ],
)
def test_tied_cards_are_listed_by_the_declarer_points_then_suit_and_rank(record, count, maximise, ulti):
    rows = cards_rows(ulti(*played_args(record, record[3][:count]), "--cards", exit_code=0).stdout)
    sign = -1 if maximise else 1
    keys = [(sign * value, sign * points, *canonical_place(card)) for card, points, value, _ in rows]
    assert keys == sorted(keys)
    best_value = rows[0][2]
    assert [r[3] for r in rows] == [r[2] == best_value for r in rows]  # the best are marked, and only they
    assert len({r[1] for r in rows if r[3]}) > 1  # the ties do differ in points


def test_the_cards_table_says_which_cards_are_best_and_why(ulti):
    out = " ".join(ulti(*TABLES["solve-cards-line"], exit_code=0).stdout.split())
    assert "card party points value best" in out
    assert "best: the cards that keep the value lowest for seat 1, a defender (-4); cards of equal value" in out


def test_a_rule_reference_is_never_split_across_lines():
    from ulti_solver.render.legends import explained

    for padding in range(80):
        lines = explained("value", "x" * padding + " is sure of it (tournament value table, R34) and more words")
        assert any("(tournament value table, R34)" in line for line in lines)
        assert max(len(line) for line in lines) <= 100
