"""Whole games (R45-R50) in Chromium: the report's Auction panel, and a record opened on the board
and stepped through from the first bid to the first card."""

import json

import pytest
from whole_games import thrown_in_game, ulti_game

from ulti_solver.analysis.replay import analyse_game
from ulti_solver.game.record import game_json
from ulti_solver.report import HtmlReport

pytestmark = pytest.mark.browser

#: A hand-made judgement of the bid and the kontras, as a later analysis will give it (R43, R44).
JUDGEMENT = {"bid": {"band": "mistake", "loss": 3.5}, "kontras": {"band": None}}


@pytest.fixture(scope="module")
def whole_page(tmp_path_factory):
    """A report of the ulti game with its auction (and a judgement), then a thrown-in game."""
    game = ulti_game()
    analysis = analyse_game(game.deal(), game.bid, game.trump, game.cards, rules=game.rules, kontra=game.kontra())
    path = tmp_path_factory.mktemp("whole") / "whole.html"
    report = HtmlReport(str(path))
    report.add(analysis, 1, game=game, judgement=JUDGEMENT)
    report.add(None, 2, game=thrown_in_game())
    report.write()
    return path


def test_the_report_shows_the_auction_panel_above_the_game(watched, whole_page):
    page = watched.page
    page.goto(whole_page.as_uri())
    page.wait_for_selector("#auction")
    panel = page.locator("#auction")
    assert panel.locator("h2").inner_text() == "Auction"
    above = page.evaluate(
        "document.querySelector('#auction').compareDocumentPosition(document.querySelector('.deal-section'))"
    )
    assert above & 4  # the game view follows the panel
    dealt = panel.locator(".table-hands .seat-row")
    assert [row.locator(".card").count() for row in dealt.all()] == [12, 10, 10]
    actions = panel.locator(".auction-list li")
    assert actions.count() == 5
    assert (
        actions.nth(1)
        .inner_text()
        .startswith("table seat 1 picks up the talon, lays two cards face down and bids ulti")
    )
    laid = actions.nth(1).locator(".card.face-down")
    assert [laid.nth(i).get_attribute("data-card") for i in range(2)] == ["LO", "AO"]
    assert "this page is written after the game" in panel.locator(".laid-note").inner_text()
    assert panel.locator(".kontra-list li").all_inner_texts() == [
        "table seat 2 ulti kontra (before card 2, trick 1)",
        "table seat 1 ulti rekontra (before card 4, trick 2)",
    ]
    assert "table seat 0: seat 2; table seat 1: declarer; table seat 2: seat 1" in panel.locator(".facts").inner_text()
    rows = panel.locator(".result-table tbody tr")
    assert [rows.nth(i).locator("td.num").inner_text() for i in range(3)] == ["-15", "+30", "-15"]
    assert panel.locator(".verdicts .badge.band-mistake").inner_text() == "mistake"
    assert panel.locator(".verdicts .badge.band-none").inner_text() == "no error"
    assert page.locator(".deal-table:not(.table-hands) th").first.inner_text() == "declarer (table seat 1)"
    assert page.locator("#tricks .played-card").count() == 30  # the game view as ever
    page.locator('.pick[data-game="1"]').click()  # the thrown-in game: its auction alone
    assert page.locator("#auction .ending-text").inner_text().startswith("Table seat 0 threw the deal in")
    assert page.locator("#tricks").count() == 0 and page.locator(".auction-list li").count() == 4
    assert watched.requests == [whole_page.as_uri()] and watched.errors == []


@pytest.fixture(scope="module")
def board_url():
    pytest.importorskip("uvicorn", reason='the board extra is not installed: pip install "ulti-solver[board]"')
    from ulti_solver.board.server import make_app, running

    with running(make_app()) as url:
        yield url


def step(page, index: int, kind: str):
    page.wait_for_selector(f'#record[data-step="{index}"][data-kind="{kind}"]')


def test_the_board_opens_a_record_and_steps_through_the_auction_to_the_first_card(watched, board_url):
    page = watched.page
    page.goto(board_url)
    page.click("#record-open summary")
    page.fill("#record-text", json.dumps(game_json(ulti_game())))
    page.click("#record-button")
    step(page, 0, "deal")
    hands = page.locator("#record-hands .seat-row:not(.talon-row)")
    assert [row.locator(".card").count() for row in hands.all()] == [12, 10, 10]
    assert page.locator("#record-counter").inner_text() == "step 1 of 40"
    assert page.locator("#record-auction li.auction-none").count() == 1 and page.locator("#board").is_hidden()
    texts = [
        "table seat 0: lays two cards face down and bids party",
        "table seat 1: picks up the talon, lays two cards face down and bids ulti",
        "table seat 2: passes",
        "table seat 0: passes",
        "table seat 1: passes: his bid stands and the auction ends",
    ]
    for k, text in enumerate(texts, start=1):
        page.keyboard.press("ArrowRight")
        step(page, k, "auction")
        assert page.locator("#record-status").inner_text() == text
        assert page.locator("#record-auction .auction-action").count() == k
        assert page.locator("#record-auction li.current").get_attribute("data-index") == str(k - 1)
        assert page.locator("#board").is_hidden()
    assert page.locator("#record-hands .talon-row .card").count() == 2  # the talon lying, shown after the game
    page.keyboard.press("ArrowRight")  # the declarer and his trump: the play's position, valued by the board
    step(page, 6, "trump")
    page.wait_for_selector('#board[data-played="0"][data-busy="false"]')
    assert page.locator("#record-status").inner_text().startswith("table seat 1 is the declarer: ulti, leaves trump")
    assert page.locator(".seat-0 button.play-card").count() > 0 and page.locator("#deal").input_value().endswith(
        "-.-.O.O"
    )
    assert page.locator("#record-facts").inner_text().count("table seat 1") >= 1
    page.keyboard.press("ArrowRight")  # the first card
    step(page, 7, "card")
    page.wait_for_selector('#board[data-played="1"][data-busy="false"]')
    assert page.locator("#record-status").inner_text() == "card 1: table seat 1 plays ♥U"
    assert page.locator("#trick .card").get_attribute("data-card") == "HU"
    page.keyboard.press("ArrowRight")  # table seat 2's kontra, before his card (R48)
    step(page, 8, "kontra")
    page.wait_for_selector('#board[data-played="1"][data-busy="false"]')
    assert page.locator("#kontra").input_value() == "ulti=1"
    assert page.locator("#record-kontras li.current").inner_text().startswith("table seat 2 ulti kontra")
    page.keyboard.press("Home")
    step(page, 0, "deal")
    assert page.locator("#board").is_hidden()
    page.keyboard.press("End")
    step(page, 39, "result")
    page.wait_for_selector('#board[data-played="30"][data-busy="false"]')
    assert page.locator("#record-result .result-table td.num").all_inner_texts() == ["-15", "+30", "-15"]
    assert watched.errors == []


def test_a_broken_record_shows_the_rule_and_a_file_of_records_offers_each_line(watched, board_url, tmp_path):
    page = watched.page
    page.goto(board_url)
    page.click("#record-open summary")
    record = game_json(ulti_game())
    record["auction"][1]["bid"] = "party"
    page.fill("#record-text", json.dumps(record))
    page.click("#record-button")
    page.wait_for_selector("#message:not([hidden])")
    assert page.locator("#message").inner_text().endswith("party does not beat the standing party (R47)")
    assert page.locator("#message").get_attribute("data-rule") == "R47" and page.locator("#record").is_hidden()
    games = tmp_path / "games.jsonl"
    games.write_text(
        json.dumps(game_json(thrown_in_game())) + "\n" + json.dumps(game_json(ulti_game())) + "\n", encoding="utf-8"
    )
    page.set_input_files("#record-file", str(games))  # the first record opens at once
    step(page, 0, "deal")
    assert page.locator("#message").is_hidden() and page.locator("#record-line option").count() == 2
    page.keyboard.press("End")
    step(page, 6, "result")
    page.select_option("#record-line", "1")
    page.click("#record-button")
    step(page, 0, "deal")
    page.keyboard.press("End")
    step(page, 39, "result")
    assert [e for e in watched.errors if "400" not in e] == []  # the browser logs the 400 itself
