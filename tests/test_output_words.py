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
from conftest import run_cli

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


def run(*args):
    result = run_cli(*args)
    assert result.exit_code == 0, result.stdout + result.stderr
    return result


def analyse_args(record):
    deal, bid, suit, cards = record
    return ["analyse", deal, "--bid", bid, *(["--trump", suit] if suit else []), "--play", " ".join(cards)]


def played_args(record, cards):
    deal, bid, suit, _ = record
    return ["solve", deal, "--bid", bid, "--trump", suit, "--play", " ".join(cards)]


#: Every command's table output, as a player runs it (small enough to run in the fast tests).
TABLES = {
    "solve": ["solve", DEAL, "--bid", "40-100 ulti", "--trump", "leaves", "--value", "--silent"],
    "best": ["best", BEST_DEAL, "--top", "5"],
    "best-12": ["best", DISCARD, "--top", "3"],
    "discards": ["discards", DISCARD, "--bid", "40-100 ulti", "--top", "6", "--value", "-j", "1"],
    "batch": ["batch", str(EXAMPLES / "batch.txt"), "--bid", "party", "--value", "-j", "1"],
    "simulate": ["simulate", HAND, "--talon", "LU,A8", "--bid", "party", "--samples", "10", "-j", "1"],
    "settle": ["settle", "--bid", "ulti", "--trump", "leaves", "--made", "ulti"],
}


@pytest.fixture(scope="module")
def printed():
    """What each command of TABLES prints: stdout and stderr."""
    return {name: run(*args) for name, args in TABLES.items()}


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


def test_r16_the_points_legend_follows_the_talon_rule():
    text = " ".join(run(*TABLES["best"], "--rules", "tournament").stdout.split())
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


def test_best_says_how_many_candidates_it_weighed_and_the_search_figures_only_with_verbose():
    plain = run("best", DISCARD, "--top", "3")
    assert re.fullmatch(r"Weighed 9,900 candidates in \d+\.\d\d s\n", plain.stderr)
    verbose = run("best", DISCARD, "--top", "3", "-v")
    assert verbose.stdout == plain.stdout
    assert "null-window search" in verbose.stderr and "valued exactly" in verbose.stderr
    numbers = [int(n.replace(",", "")) for n in re.findall(r"^\s+([\d,]+) ", verbose.stderr, re.M)]
    assert sum(numbers) == 9900  # every candidate is valued, tested or bounded
    assert run("best", DISCARD, "--top", "3", "-v", "--quiet").stderr == ""


def test_r35_tied_best_bids_are_one_a_line():
    lines = run("best", DISCARD, "--top", "3").stdout.splitlines()
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
        (TABLES["discards"], "Bid   40-100 ulti, trump bells, leaves or acorns (each solved)"),
        (TABLES["settle"], "Bid   ulti, leaves trump"),
    ],
)
def test_r29_every_header_that_prints_a_bid_names_its_trump(args, header):
    assert header in run(*args).stdout.splitlines()
