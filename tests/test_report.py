"""``ulti analyse --html``: the page's data, its safety, and what the command writes.

The page itself (the graph, the step-through) is drawn by JavaScript; the
browser tests (tests/browser/) open it in Chromium.  Here: what goes into
the page, and that nothing in the data can break out of it.
"""

import json
import re
from pathlib import Path

import pytest

from ulti_solver.analysis.replay import analyse_game
from ulti_solver.record import parse_record
from ulti_solver.report import HtmlReport, error_data, game_data, page_meta, report_html
from ulti_solver.report.html import REPORT_SCRIPTS, REPORT_STYLES, script_json, static_text
from ulti_solver.variants import make_rules

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GAMES = EXAMPLES / "games.txt"
#: The first game of examples/games.txt (line 8): seat 2's acorns ace in trick 3 costs 12 units.
ULTI_GAME = (GAMES.read_text(encoding="utf-8").splitlines())[7]
_DATA = re.compile(r'<script id="report-data" type="application/json">(.*?)</script>', re.S)


def page_data(html: str) -> dict:
    """The JSON a report page carries, read back as the page's script reads it."""
    found = _DATA.findall(html)
    assert len(found) == 1
    return json.loads(found[0])


def analysed(line: str, **kwargs):
    record = parse_record(line)
    return analyse_game(record.deal, record.bid, record.trump, record.cards, rules=make_rules(), **kwargs)


def test_r44_the_page_knows_the_bands_for_objects_without_theirs():
    assert page_meta()["bands"] == [[8, "blunder"], [3, "mistake"], [1, "inaccuracy"]]


def test_r1_cards_carry_their_hungarian_names():
    cards = page_meta()["cards"]
    assert len(cards) == 32
    assert cards["HA"] == {"label": "♥A", "en": "ace of hearts", "hu": "piros ász"}
    assert cards["A7"]["hu"] == "makk hetes"
    assert cards["LO"]["hu"] == "zöld felső"
    assert cards["BU"]["hu"] == "tök alsó"
    assert cards["HT"]["hu"] == "piros tízes"


def test_script_json_cannot_end_the_script_element_and_reads_back_the_same():
    data = {"bid": "</script><script>alert(1)</script>", "note": "<!-- & \u2028 -->", "ok": [1, 2.5, None]}
    text = script_json(data)
    assert "<" not in text and ">" not in text and "&" not in text and "\u2028" not in text
    assert json.loads(text) == data


def test_a_hostile_string_in_the_data_stays_data_in_the_page():
    game = game_data(analysed(ULTI_GAME))
    game["bid"] = "ulti</script><script>window.hacked = 1</script>"
    html = report_html([game])
    assert "window.hacked = 1</script>" not in html
    assert page_data(html)["games"][0]["bid"] == game["bid"]
    assert "</script><script>window.hacked" not in html.split("<title>")[1].split("</title>")[0]


def test_the_page_is_self_contained():
    """No network: nothing loaded from elsewhere, and a policy that forbids it."""
    html = report_html([game_data(analysed(ULTI_GAME))])
    assert "default-src 'none'" in html
    assert not re.search(r"<(link|img|iframe)\b", html)
    assert not re.search(r"\b(src|href)\s*=", html)
    addresses = re.findall(r"https?://[^\s\"']*", html)
    assert set(addresses) == {"http://www.w3.org/2000/svg"}  # SVG's namespace, a name that is never fetched
    assert "@@" not in html  # every marker of the template filled


@pytest.mark.parametrize("name", [*REPORT_SCRIPTS, *REPORT_STYLES])
def test_the_inlined_files_cannot_close_their_element(name):
    text = static_text(name)
    assert "</script" not in text.lower() and "</style" not in text.lower() and "<!--" not in text


def test_a_game_carries_the_cli_objects_its_tricks_and_its_end():
    analysis = analysed(ULTI_GAME)
    game = game_data(analysis, line=8)
    assert game["analysis"][:-1] == [v.as_json() for v in analysis.verdicts]
    assert game["analysis"][-1] == {"summary": analysis.summary()}
    assert game["line"] == 8 and game["bid"] == "ulti" and game["trump"] == "leaves"
    assert game["rules"] == {"book": "ultiblog", "variants": [], "table": "classic"}
    # The README's table: trick 3 led and won by seat 2 (the acorns ace), trick 8 won by the declarer.
    assert game["tricks"][2] == {"trick": 3, "leader": 2, "cards": ["AA", "AK", "A8"], "winner": 2}
    assert game["tricks"][7]["winner"] == 0
    assert len(game["tricks"]) == 10
    assert game["ending"] == "The game ended: party lost (-1), ulti made (+4): each defender pays the declarer 3 units"


def test_an_unfinished_game_says_what_it_is_worth_and_its_last_trick_has_no_winner():
    betli = [line for line in GAMES.read_text(encoding="utf-8").splitlines() if "| betli |" in line][0]
    record = parse_record(betli)
    cut = " | ".join([*betli.split(" | ")[:3], " ".join(betli.split(" | ")[3].split()[:17])])
    game = game_data(analysed(cut))
    assert len(record.cards) == 18
    assert game["tricks"][-1]["winner"] is None and len(game["tricks"][-1]["cards"]) == 2
    assert game["ending"].startswith("After 17 cards the game is not finished; its value is")


def test_kontras_go_into_the_page_in_words_and_as_the_cli_has_them():
    game = game_data(analysed(ULTI_GAME, kontra="ulti"))
    assert game["kontra"] == {"ulti": 1}
    assert game["kontra_text"] == "ulti kontra (x2)"
    assert game["analysis"][-1]["summary"]["kontra"] == {"ulti": 1}


def test_analyse_html_writes_the_game_with_the_objects_of_json(tmp_path, ulti):
    deal, bid, trump, cards = (field.strip() for field in ULTI_GAME.split("|"))
    path = tmp_path / "game.html"
    common = [deal, "--bid", bid, "--trump", trump, "--play", cards]
    result = ulti("analyse", *common, "--json", "--html", str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stderr.strip() == f"Wrote the report of 1 game to {path}"
    data = page_data(path.read_text(encoding="utf-8"))
    (game,) = data["games"]
    assert game["analysis"] == [json.loads(line) for line in result.stdout.splitlines()]
    assert data["title"] == "Ulti game: ulti, leaves trump"
    assert data["meta"]["cards"]["AA"]["hu"] == "makk ász"


def test_analyse_file_html_holds_every_game_and_the_bad_lines_in_file_order(tmp_path, ulti):
    games = GAMES.read_text(encoding="utf-8") + "\nnot a game record\n"
    source = tmp_path / "games.txt"
    source.write_text(games, encoding="utf-8")
    path = tmp_path / "games.html"
    result = ulti("analyse", "--file", str(source), "--html", str(path), "--quiet")
    assert result.exit_code == 2  # the bad line, reported; the page is written all the same
    data = page_data(path.read_text(encoding="utf-8"))
    records = [n for n, line in enumerate(games.splitlines(), start=1) if "|" in line and not line.startswith("#")]
    bad = len(games.splitlines())
    assert [g["line"] for g in data["games"]] == [*records, bad]
    assert [len(g["analysis"]) - 1 for g in data["games"][:3]] == [30, 30, 18]
    assert data["games"][-1] == error_data(bad, data["games"][-1]["error"])
    assert "DEAL | BID | SUIT | CARDS" in data["games"][-1]["error"]
    assert data["title"] == f"Ulti games: {len(records)} analysed, 1 bad line"


def test_html_to_a_folder_that_cannot_be_written_is_bad_input_before_any_search(tmp_path, ulti, bad_input):
    result = ulti("analyse", "--file", str(GAMES), "--html", str(tmp_path / "missing" / "games.html"))
    line = bad_input(result)
    assert result.stdout == ""  # said before the first game was analysed
    assert line.startswith("Error: cannot write the report to '") and line.endswith(
        f"cannot write in {tmp_path}/missing"
    )


# -- Whole games (R45-R50): the auction panel ---------------------------------------------------


def whole_analysis(game):
    """The analysis of a whole game's play, from the declarer's lead in R5 seats (R45)."""
    return analyse_game(game.deal(), game.bid, game.trump, game.cards, rules=game.rules, kontra=game.kontra())


@pytest.fixture(scope="module")
def ulti_whole():
    from whole_games import ulti_game

    game = ulti_game()
    return game, whole_analysis(game)


def test_r45_r50_a_whole_game_carries_its_auction_kontras_and_result_by_table_seat(ulti_whole):
    game, analysis = ulti_whole
    data = game_data(analysis, line=3, game=game)
    whole = data["whole"]
    assert data["analysis"] == game_data(analysis, line=3)["analysis"]  # the play's part as before
    assert [len(hand) for hand in whole["hands"]] == [12, 10, 10]  # R45: before the discard, table seats
    assert whole["deal"] == "7.KOU97.KU9.A97 ATU.-.AO87.TKO KO98.AT8.T.U8"
    assert [(a["seat"], a["action"], a.get("bid"), a.get("discard")) for a in whole["auction"]] == [
        (0, "bid", "party", ["B9", "BK"]),
        (1, "pick-up", "ulti", ["LO", "AO"]),
        (2, "pass", None, None),
        (0, "pass", None, None),
        (1, "pass", None, None),
    ]
    assert [f"{a['who']} {a['what']}" for a in whole["auction"]] == [
        "table seat 0 lays two cards face down and bids party",
        "table seat 1 picks up the talon, lays two cards face down and bids ulti",
        "table seat 2 passes",
        "table seat 0 passes",
        "table seat 1 passes: his bid stands and the auction ends",
    ]
    assert "face down are shown" in whole["laid_shown"]
    assert whole["declarer"] == 1 and whole["declarer_text"] == "table seat 1"
    assert [(s["table"], s["r5"], s["role"]) for s in whole["seats"]] == [
        (0, 2, "seat 2"),
        (1, 0, "declarer"),
        (2, 1, "seat 1"),
    ]
    assert whole["seats_text"] == "table seat 0: seat 2; table seat 1: declarer; table seat 2: seat 1"
    assert (whole["bid"], whole["trump"], whole["talon"]) == ("ulti", "leaves", ["LO", "AO"])
    assert [(k["who"], k["what"], k["when"]) for k in whole["kontras"]] == [
        ("table seat 2", "ulti kontra", "before card 2, trick 1"),
        ("table seat 1", "ulti rekontra", "before card 4, trick 2"),
    ]
    result = whole["result"]
    assert result["by_seat"] == [-15, 30, -15] and sum(result["by_seat"]) == 0  # R50
    assert [(r["who"], r["role"], r["units_text"]) for r in result["rows"]] == [
        ("table seat 0", "seat 2", "-15"),
        ("table seat 1", "declarer", "+30"),
        ("table seat 2", "seat 1", "-15"),
    ]
    assert result["text"] == "party lost (-1), ulti made (+16): each defender pays the declarer 15 units"
    assert whole["ending_text"] == "Ten tricks were played (R8)." and whole["judgement"] is None
    assert not whole["throw_in"] and whole["concede"] is None and len(whole["play"]) == 30


def test_the_auction_panel_and_its_script_go_into_the_page(ulti_whole, tmp_path):
    game, analysis = ulti_whole
    report = HtmlReport(str(tmp_path / "whole.html"))
    report.add(analysis, 3, game=game)
    assert report.write() == f"Wrote the report of 1 game to {tmp_path / 'whole.html'}"
    html = (tmp_path / "whole.html").read_text(encoding="utf-8")
    (shown,) = page_data(html)["games"]
    assert shown["whole"] == json.loads(json.dumps(game_data(analysis, 3, game=game)["whole"]))
    assert "auction.js" in REPORT_SCRIPTS and "Ulti.auctionPanel = function" in html
    assert html.index("Ulti.auctionPanel = function") < html.index("if (game.whole) main.appendChild(Ulti.auctionPanel")


def test_an_old_game_has_no_whole_game_part_and_the_same_data_as_before():
    game = game_data(analysed(ULTI_GAME), line=8)
    assert sorted(game) == sorted(
        ["line", "deal", "bid", "trump", "bid_text", "trump_text", "rules", "rules_text", "kontra", "kontra_text"]
        + ["tricks", "ending", "analysis"]
    )
    assert "whole" not in page_data(report_html([game]))["games"][0]


def test_the_analysis_must_be_of_the_whole_game_s_play(ulti_whole):
    from whole_games import first_legal_game

    game, analysis = ulti_whole
    assert game_data(analysed(ULTI_GAME), game=game)["whole"]  # games.txt's line 8 is this game's play
    with pytest.raises(ValueError, match="not of this game's play"):
        game_data(whole_analysis(first_legal_game()), game=game)
    with pytest.raises(ValueError):
        game_data(None)


@pytest.mark.parametrize(
    "book, by_seat, text",
    [
        ("ultiblog", [-4, 2, 2], "party lost (-2): the declarer pays each defender 2 units"),
        ("rablo", [0, 0, 0], "The deal is void: nobody pays (R49)."),
    ],
)
def test_r49_a_thrown_in_game_shows_its_auction_alone(book, by_seat, text, tmp_path):
    from whole_games import thrown_in_game

    report = HtmlReport(str(tmp_path / "thrown.html"))
    report.add(None, 5, game=thrown_in_game(book))
    report.write()
    (game,) = page_data((tmp_path / "thrown.html").read_text(encoding="utf-8"))["games"]
    assert game["analysis"] is None and game["line"] == 5 and game["bid"] == "party"
    whole = game["whole"]
    assert whole["throw_in"] and whole["play"] == [] and whole["kontras"] == []
    assert whole["ending_text"] == "Table seat 0 threw the deal in with his plain party standing (R49)."
    assert whole["result"]["by_seat"] == by_seat and whole["result"]["text"] == text
    assert [a["what"] for a in whole["auction"]][-1] == "passes: his bid stands and the auction ends"


def test_r39_a_conceded_game_says_after_how_many_cards():
    from whole_games import first_legal_game

    game = first_legal_game(concede_at=7)
    whole = game_data(whole_analysis(game), game=game)["whole"]
    assert whole["concede"] == 7 and len(whole["play"]) == 7
    assert whole["ending_text"] == "The declarer conceded with 7 cards played (R39)."
    assert whole["auction"][2]["what"] == "picks up the talon, lays two cards face down and bids betli"
    assert whole["trump"] is None and whole["trump_text"] == "no trump"
    assert sum(whole["result"]["by_seat"]) == 0


def test_a_judgement_of_the_bid_and_the_kontras_is_carried_as_given(ulti_whole):
    game, analysis = ulti_whole
    judgement = {"bid": {"band": "mistake", "loss": 3.5}, "kontras": [{"who": "table seat 0", "band": None}]}
    html = report_html([game_data(analysis, game=game, judgement=judgement)])
    assert page_data(html)["games"][0]["whole"]["judgement"] == judgement
    assert "Ulti.judgementBox = function" in html


def test_the_auction_panel_speaks_hungarian(ulti_whole):
    from ulti_solver import i18n
    from ulti_solver.report.whole import whole_game_data

    game, _analysis = ulti_whole
    with i18n.using("hu"):
        whole = whole_game_data(game)
    assert whole["auction"][1]["who"] == "1. asztali hely"
    assert whole["auction"][1]["what"] == "felveszi a talont, két lapot lefordítva letesz, licit: ulti"
    assert whole["auction"][0]["what"] == "két lapot lefordítva letesz, licit: parti"
    assert whole["auction"][2]["what"] == "passz"
    assert (
        whole["kontras"][1]["what"] == "ulti rekontra" and whole["kontras"][1]["when"] == "a(z) 4. lap előtt, 2. ütés"
    )
    assert whole["seats"][1]["role"] == "felvevő" and whole["trump_text"] == "zöld"
