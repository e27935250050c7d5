"""``ulti board``'s Play in Chromium: a person takes a seat against two random bots, answers every
question by clicking (a bid from the list, two cards laid, the trump, a kontra ticked, the cards)
until the game is over, and opens its report (the page of ``ulti analyse --html``)."""

import json

import pytest

pytestmark = pytest.mark.browser

STEP = """(step) => {
    const play = document.getElementById("play");
    return play.dataset.busy === "false" && (play.dataset.step !== step || play.dataset.over === "true");
}"""


@pytest.fixture(scope="module")
def board_url():
    pytest.importorskip("uvicorn", reason='the board extra is not installed: pip install "ulti-solver[board]"')
    from ulti_solver.board.server import make_app, running

    with running(make_app()) as url:
        yield url


def start(page, url, seat, seed):
    page.goto(url + "#play")
    assert page.locator("#play-open").get_attribute("open") is not None  # #play opens the section
    page.select_option("#play-seat", str(seat))
    page.select_option("#play-bot-a", "random")
    page.select_option("#play-bot-b", "random")
    page.select_option("#play-rules", "ultiblog")
    page.fill("#play-seed", str(seed))
    page.click("#play-start")
    page.wait_for_selector('#play[data-busy="false"][data-step="1"], #play[data-over="true"]')


def answer_one(page, asked):
    """One answer, as a person gives it: the opening's first bid, then always pass; the first two
    cards laid; the first trump; play the game rather than give it up; the first kontra ticked;
    the first card he may play."""
    ask = page.get_attribute("#play", "data-ask")
    step = page.get_attribute("#play", "data-step")
    asked.append(ask)
    if ask == "bid":
        passing = page.locator("button.play-answer[data-value='\"pass\"']")
        if passing.count():
            passing.click()
        else:
            page.select_option("#play-bid", index=0)
            page.click("#play-say-bid")
    elif ask == "discard":
        assert page.locator("#play-lay").is_disabled()
        cards = page.locator("button.play-hand-card")
        assert cards.count() == 12
        cards.nth(0).click()
        cards.nth(1).click()
        assert page.locator("button.play-hand-card.picked").count() == 2
        page.click("#play-lay")
    elif ask == "concede":
        page.click("button.play-answer[data-value='false']")
    elif ask == "kontra":
        page.locator("input[name=play-kontra]").first.check()
        page.click("#play-say-kontras")
    elif ask == "card":
        legal = page.locator("button.play-hand-card")
        assert 1 <= legal.count() <= 10
        legal.first.click()
    else:
        assert ask == "trump"
        page.locator("button.play-answer").first.click()
    page.wait_for_function(STEP, arg=step)


def test_a_whole_game_against_two_bots_played_by_clicking_then_its_report(watched, board_url):
    page, played = watched.page, None
    for seed in range(12):  # the first game that comes to its ten tricks (a bot may give up before)
        start(page, board_url, 0, seed)
        asked = []
        while page.get_attribute("#play", "data-over") != "true":
            answer_one(page, asked)
            assert len(asked) < 100
        if page.locator("#play-tricks li.move-trick").count() == 10:
            played = asked
            break
    assert played is not None, "no game came to its ten tricks"
    assert {"bid", "discard", "card"} <= set(played)
    assert page.locator("#play-status").inner_text() == "The game is over."
    rows = page.locator("#play-end .result-table tbody tr")
    assert rows.count() == 3
    units = [int(rows.nth(s).locator("td.num").inner_text()) for s in range(3)]
    assert sum(units) == 0
    assert page.locator("#play-end .table-hands tr.seat-row").count() == 3  # the deal shown at the end
    assert page.locator("#play-hand .card").count() == 0 and page.locator("#play-question").inner_text() == ""

    report = page.locator("#play-report")
    assert report.is_visible()
    with page.expect_popup() as popup:
        report.click()
    shown = popup.value
    shown.wait_for_load_state()
    assert shown.title().startswith("Ulti game")
    data = json.loads(shown.locator("#report-data").text_content())
    [game] = data["games"]
    assert game["whole"]["result"]["by_seat"] == units and len(game["whole"]["play"]) == 30
    assert shown.locator("#auction").count() == 1  # the report's auction panel
    shown.close()
    assert watched.errors == []
    assert all(url.startswith(board_url) for url in watched.requests)  # the page needs no network


def test_the_form_offers_the_registrys_bots_and_names_their_seats(watched, board_url):
    page = watched.page
    page.goto(board_url)
    assert page.locator("#play-open").get_attribute("open") is None
    page.click("#play-open summary")
    assert "random" in page.locator("#play-bot-a option").all_inner_texts()[0]
    assert page.locator("#play-bot-a-label").inner_text() == "Bot at table seat 1"
    page.select_option("#play-seat", "1")
    labels = [page.locator(f"#play-bot-{x}-label").inner_text() for x in "ab"]
    assert labels == ["Bot at table seat 0", "Bot at table seat 2"]
    page.fill("#play-deal", "not a deal")
    page.click("#play-start")
    page.wait_for_selector("#message:not([hidden])")
    assert page.locator("#message").inner_text().startswith("the deal:")
    assert page.locator("#play").is_hidden()
    page.fill("#play-deal", "")
    page.fill("#play-seed", "4")
    page.click("#play-start")
    page.wait_for_selector('#play[data-busy="false"]:not([hidden])')
    assert page.locator("#message").is_hidden()
    assert "table seat 1: you" in page.locator("#play-players").inner_text()
    page.click("#play-close")
    assert page.locator("#play").is_hidden()
    # The bad deal's 400, which Chromium logs itself; nothing the page's scripts raised.
    assert [e for e in watched.errors if "status of 400" not in e] == [] and len(watched.errors) == 1
