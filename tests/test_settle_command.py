"""``ulti settle`` (INTERFACE.md, "Values"; R30-R33): what a finished game pays, as the command
prints it, and its input errors, each one line."""

import pytest

SETTLE_FIELDS = {"bid", "trump", "table", "per_defender", "declarer_total", "by_defender", "items"}


@pytest.fixture
def ulti_settle(ulti_json):
    """``ulti_settle(*ARGS)``: the one object of ``ulti settle ARGS --json``, with the fields INTERFACE.md gives it."""

    def settled(*args):
        [data] = ulti_json("settle", *args, "--json")
        assert set(data) == SETTLE_FIELDS
        return data

    return settled


# -- what a game pays (R30-R33) ---------------------------------------------------------------


def test_r31_ulti_made_party_lost_pays_three_in_the_classic_table(ulti_settle):
    data = ulti_settle("--bid", "ulti", "--trump", "leaves", "--made", "ulti")
    assert (data["bid"], data["trump"], data["table"]) == ("ulti", "leaves", "classic")
    assert data["items"] == [{"name": "party", "made": False, "units": -1}, {"name": "ulti", "made": True, "units": 4}]
    assert data["per_defender"] == 3 and data["declarer_total"] == 6  # R30: 2S in all


def test_item6_r30_by_defender_is_there_without_kontras(ulti_settle):
    """INTERFACE.md: the object always has by_defender, not only when kontras make the defenders differ."""
    data = ulti_settle("--bid", "ulti", "--trump", "leaves", "--made", "ulti")
    assert data["by_defender"] == [3, 3]


def test_r32_a_lost_40_100_costs_double_in_the_tournament_table(ulti_settle):
    classic = ulti_settle("--bid", "40-100 ulti", "--trump", "leaves", "--made", "ulti")
    tournament = ulti_settle("--bid", "40-100 ulti", "--trump", "leaves", "--made", "ulti", "--table", "tournament")
    assert classic["per_defender"] == 0 and classic["declarer_total"] == 0
    assert tournament["per_defender"] == -4 and tournament["declarer_total"] == -8
    assert tournament["table"] == "tournament"
    assert [i["units"] for i in classic["items"]] == [-4, 4]
    assert [i["units"] for i in tournament["items"]] == [-8, 4]


def test_r32_rules_tournament_brings_its_table(ulti_settle):
    data = ulti_settle("--bid", "party", "--trump", "acorns", "--made", "-", "--rules", "tournament")
    assert data["table"] == "tournament" and data["per_defender"] == -2  # party alone, lost: 2


def test_r32_r33_red_doubles_and_a_silent_100_replaces_the_party(ulti_settle):
    red = ulti_settle("--bid", "red party", "--made", "party")
    assert red["trump"] == "hearts" and red["per_defender"] == 2
    silent = ulti_settle("--bid", "party", "--trump", "acorns", "--made", "party", "--silent", "declarer-100")
    by_name = {item["name"]: item for item in silent["items"]}
    assert by_name["party"]["units"] == 0 and by_name["declarer-100"]["units"] == 2
    assert silent["per_defender"] == 2


@pytest.mark.parametrize(
    "args, words",
    [
        (["--bid", "40-100 ulti", "--trump", "leaves", "--made", "durchmars"], ["durchmars", "40-100", "ulti"]),
        (
            ["--bid", "ulti", "--trump", "leaves", "--made", "ulti", "--silent", "silent-nothing"],
            ["silent-nothing", "declarer-100"],
        ),
        (
            ["--bid", "ulti", "--trump", "leaves", "--made", "ulti", "--table", "fancy"],
            ["fancy", "classic", "tournament"],
        ),
    ],
    ids=["made-not-in-bid", "unknown-silent", "unknown-table"],
)
def test_settle_bad_input_is_one_clear_line(args, words, ulti, bad_input):
    bad_input(ulti("settle", *args), *words)


# -- empty values --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, option",
    [
        (["--made", ""], "--made"),
        (["--made", "  "], "--made"),
        (["--made", "ulti", "--silent", ""], "--silent"),
        (["--made", "ulti", "--table", ""], "--table"),
        (["--made", "ulti", "--rules", " "], "--rules"),
    ],
)
def test_an_empty_settle_option_is_refused_in_one_line(args, option, ulti, bad_input):
    """An empty value is not read as "nothing made" (or the default table) without a word: '-' says none."""
    bad_input(ulti("settle", "--bid", "40-100 ulti", "--trump", "leaves", *args), option, "empty")
    none = ulti("settle", "--bid", "40-100 ulti", "--trump", "leaves", "--made", "-", "--silent", "-")
    assert none.exit_code == 0 and "The declarer pays each defender 12" in none.stdout


# -- the settlement in Python (issue 31 item 11) ---------------------------------------------


def test_item11_r31_print_of_a_settlement_is_what_ulti_settle_prints(ulti):
    from ulti_solver import settle

    args = ["--bid", "40-100 ulti", "--trump", "leaves", "--made", "ulti", "--kontra", "ulti"]
    shown = ulti("settle", *args)
    assert shown.exit_code == 0
    assert str(settle("40-100 ulti", "leaves", ["ulti"], kontra="ulti")) + "\n" == shown.stdout


def test_item11_r33_silent_none_means_no_silent_item():
    from ulti_solver import settle

    assert settle("ulti", "leaves", ["ulti"], silent=None) == settle("ulti", "leaves", ["ulti"])
