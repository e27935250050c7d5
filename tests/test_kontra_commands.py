"""Kontra and concession on the command line (INTERFACE.md, "Kontra and concession"; R36-R39)."""

import pytest

DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"


# -- settle ----------------------------------------------------------------------------


def test_r38_settle_json_carries_levels_and_each_defender_s_payment(ulti_json):
    [data] = ulti_json("settle", "--bid", "betli", "--made", "-", "--kontra", "1:betli=2", "--json")
    assert data["by_defender"] == [-20, -5]
    assert data["per_defender"] == -12.5 and data["declarer_total"] == -25
    assert data["kontra"] == {"betli": [2, 0]}
    assert data["items"] == [
        {"name": "betli", "made": False, "units": -12.5, "level": [2, 0], "by_defender": [-20, -5]}
    ]


def test_r38_settle_seed_000_kontrad_ulti_in_words(ulti):
    result = ulti("settle", "--bid", "40-100 ulti", "--trump", "leaves", "--made", "40-100", "--kontra", "ulti")
    assert result.exit_code == 0, result.stderr
    assert "Kontra ulti kontra (x2)" in result.stdout
    assert "The declarer pays each defender 8: -16 for the declarer in all (R30)." in result.stdout


def test_r39_settle_concede(ulti, ulti_json):
    [data] = ulti_json("settle", "--bid", "party", "--trump", "bells", "--concede", "--json")
    assert data["per_defender"] == -2 and data["conceded"] is True
    text = ulti("settle", "--bid", "party", "--trump", "bells", "--concede").stdout
    assert "The declarer gave the game up (R39)." in text and "conceded" in text


def test_r39_settle_concede_refuses_made_and_silent(ulti, bad_input):
    message = bad_input(ulti("settle", "--bid", "party", "--made", "party", "--concede"))
    assert "drop --made and --silent" in message


def test_settle_needs_made_or_concede(ulti, bad_input):
    assert "--made" in bad_input(ulti("settle", "--bid", "party"))


def test_r39_settle_suit_values_variant(ulti_json):
    [data] = ulti_json(
        "settle", "--bid", "ulti", "--trump", "bells", "--made", "party ulti", "--variant", "suit-values", "--json"
    )
    assert data["per_defender"] == 15


# -- errors ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, words",
    [
        (["settle", "--bid", "ulti", "--trump", "leaves", "--made", "ulti", "--kontra", "betli"], "not a component"),
        (["settle", "--bid", "ulti", "--trump", "leaves", "--made", "ulti", "--kontra", "1:ulti"], "both defenders"),
        (["settle", "--bid", "betli", "--made", "-", "--kontra", "betli"], "1:betli=1 or 2:betli=1"),
        (["settle", "--bid", "betli", "--made", "-", "--kontra", "1:betli=5"], "1-4"),
        (["solve", DEAL, "--bid", "betli", "--value", "--kontra", "3:betli"], "1 or 2"),
        (["solve", DEAL, "--bid", "ulti", "--value", "--kontra", "durchmars"], "not a component"),
        (["solve", DEAL, "--bid", "ulti", "--value", "--kontra", ""], "empty"),
        (["best", DEAL, "--bid", "party", "--kontra", "ulti"], "none of the bids weighed has ulti"),
    ],
)
def test_r36_r37_a_bad_kontra_is_one_line_and_exit_2(args, words, ulti, bad_input):
    assert words in bad_input(ulti(*args))


# -- solve, discards, best, analyse, simulate --------------------------------------------------


def test_r39_solve_value_under_kontra_carries_the_contract_fields(ulti_json):
    [data] = ulti_json(
        "solve", DEAL, "--bid", "40-100 ulti", "--trump", "leaves", "--value", "--kontra", "ulti=2", "--json"
    )
    assert data["kontra"] == {"ulti": 2}
    assert (data["value"], data["value_total"], data["concede_value"]) == (-24, -48, -40)


def test_r39_solve_value_without_kontra_has_concede_value_and_no_total(ulti_json):
    [data] = ulti_json("solve", DEAL, "--bid", "party", "--trump", "bells", "--value", "--json")
    assert "value_total" not in data and "kontra" not in data
    assert data["concede_value"] == -2


def test_r39_solve_says_when_conceding_is_better(ulti):
    deal = "AKO8.U9.87.O9 T7.KO8.TKU.TK U9.AT.AO.AU87 -.7.9.-"
    text = ulti("solve", deal, "--bid", "party", "--trump", "acorns", "--value").stdout
    assert "conceding is better: the declarer would pay each defender 2 instead of the 4" in text


def test_r37_individual_kontra_gives_a_half_unit_value(ulti_json):
    [data] = ulti_json("solve", DEAL, "--bid", "betli", "--value", "--kontra", "1:betli", "--json")
    assert (data["value"], data["value_total"]) == (-7.5, -15)


def test_batch_fourth_field_carries_the_line_s_kontras(tmp_path, ulti_json):
    lines = tmp_path / "games.txt"
    lines.write_text(f"{DEAL} | ulti | leaves | ulti=2\n{DEAL} | ulti | leaves\n{DEAL} | betli | | betli\n")
    rows = ulti_json("batch", str(lines), "--value", "--json", "--kontra", "party", exit_code=2)
    assert rows[0]["kontra"] == {"ulti": 2} and rows[1]["kontra"] == {"party": 1}
    assert rows[2]["line"] == 3 and "on his own" in rows[2]["error"]


def test_discards_value_under_kontra(ulti_json):
    rows = ulti_json(
        "discards",
        "K.K97.AKO87.AO9 TU8.AU8.U9.T8 AO97.TO.T.KU7",
        "--bid",
        "40-100 ulti",
        "--trump",
        "leaves",
        "--value",
        "--kontra",
        "ulti",
        "--json",
    )
    assert all(row["kontra"] == {"ulti": 1} for row in rows)
    assert rows[0]["value"] == 12  # 40-100 made (+4) and the kontra'd ulti made (+8)


def test_r35_best_under_kontra_ranks_by_the_kontrad_value(ulti_json):
    rows = ulti_json("best", DEAL, "--top", "3", "--kontra", "all=1", "--json")
    assert rows[0]["kontra"] == {"party": 1} and rows[0]["value"] == -2


def test_analyse_under_kontra(ulti_json):
    record = (
        "ATU.K9.A87.TK KO98.AT8.T.U8 7.OU7.KU9.A97 -.-.O.O",
        "HU HO H7 H8 L9 HT AA AK A8 B7 B9 BT H9 LU HA BU BK BA HK LK LA AT AU A7 L8 LT BO B8 A9 L7",
    )
    rows = ulti_json(
        "analyse",
        record[0],
        "--bid",
        "ulti",
        "--trump",
        "leaves",
        "--play",
        record[1],
        "--kontra",
        "ulti",
        "--json",
    )
    summary = rows[-1]["summary"]
    assert summary["kontra"] == {"ulti": 1}
    assert summary["value_at_end"] == 7  # ulti made and kontra'd (+8), party lost (-1)


def test_simulate_under_kontra_keeps_the_kontra_in_each_line(ulti_json):
    rows = ulti_json(
        "simulate",
        "A97.TK8.O8.U9",
        "--talon",
        "LU,A8",
        "--bid",
        "ulti",
        "--trump",
        "leaves",
        "--samples",
        "5",
        "--kontra",
        "ulti",
        "--json",
        "--quiet",
    )
    assert rows[0]["kontra"] == {"ulti": 1}
