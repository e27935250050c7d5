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
from ulti_solver.report import error_data, game_data, page_meta, report_html
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
