"""The page of ``ulti analyse --html``, opened offline in Chromium: cards, graph, errors, keys."""

import json
import re
from pathlib import Path

import pytest
from chromium import NOT_BLANK, pixel_spread

from ulti_solver.analysis.replay import analyse_game
from ulti_solver.analysis.single_dummy import band
from ulti_solver.record import parse_record
from ulti_solver.report import game_data, report_html
from ulti_solver.variants import make_rules

pytestmark = pytest.mark.browser

GAMES = Path(__file__).resolve().parents[2] / "examples" / "games.txt"


@pytest.fixture(scope="module")
def games_page(tmp_path_factory, ulti):
    """The report of examples/games.txt's three games, written by the command."""
    path = tmp_path_factory.mktemp("report") / "games.html"
    result = ulti("analyse", "--file", str(GAMES), "--html", str(path), "--quiet")
    assert result.exit_code == 0, result.stderr
    return path


def open_page(watched, path):
    watched.page.goto(path.as_uri())
    watched.page.wait_for_selector("#tricks")
    return watched.page


def test_the_report_opens_offline_with_30_cards_the_graph_and_the_blunder(watched, games_page):
    page = open_page(watched, games_page)
    assert page.locator("#tricks .played-card").count() == 30
    points = page.locator("svg.value-graph polyline.series-value").get_attribute("points").split()
    assert len(points) == 31  # the value before the first card, then after each
    marks = page.locator("svg.value-graph .mark")
    assert marks.count() == 1
    assert marks.first.get_attribute("class") == "mark band-blunder" and marks.first.get_attribute("data-index") == "7"
    assert page.locator("#tricks .badge.band-blunder").inner_text() == "blunder 12"
    assert "makk ász (ace of acorns)" == page.locator('#tricks .played-card[data-card="AA"]').get_attribute("title")
    assert page.locator(".ending").inner_text().startswith("The game ended: party lost (-1), ulti made (+4)")
    assert watched.requests == [games_page.as_uri()]  # nothing asked of the network
    assert watched.errors == []


def test_the_arrow_keys_step_through_the_hands(watched, games_page):
    page = open_page(watched, games_page)
    hands = page.locator(".table-view .seat .card")
    assert hands.count() == 30 and page.locator(".counter").inner_text() == "0 / 30"
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    assert page.locator(".counter").inner_text() == "7 / 30"
    status = page.locator(".step-status").inner_text()
    assert status.startswith("Card 7 of 30, trick 3: seat 2 played ♣A (makk ász); value -9 → +3; blunder")
    assert "best was ♦7 ♦U ♦O ♠U ♠K ♣7 ♣9" in status
    assert hands.count() == 23 and page.locator('.seat-2 .card[data-card="AA"]').count() == 0
    assert page.locator(".trick-area .card.just-played").get_attribute("data-card") == "AA"
    page.keyboard.press("ArrowLeft")
    assert page.locator(".counter").inner_text() == "6 / 30"
    assert page.locator(".trick-winner").inner_text() == "won by seat 2"  # trick 2, just completed
    page.keyboard.press("End")
    assert page.locator(".counter").inner_text() == "30 / 30" and hands.count() == 0
    page.keyboard.press("ArrowRight")
    assert page.locator(".counter").inner_text() == "30 / 30"
    page.keyboard.press("Home")
    assert page.locator(".counter").inner_text() == "0 / 30" and hands.count() == 30
    page.locator("svg.value-graph .mark").click()  # the graph steps there too
    assert page.locator(".counter").inner_text() == "7 / 30"
    page.locator('#tricks .trick-card[data-index="20"]').click()  # and so does a card of the tricks
    assert page.locator(".counter").inner_text() == "20 / 30"
    assert page.locator("#tricks .trick-card.current").get_attribute("data-index") == "20"
    assert watched.errors == []


def test_the_picker_shows_each_game_of_the_file(watched, games_page):
    page = open_page(watched, games_page)
    picks = page.locator("#picker .pick")
    assert picks.all_inner_texts()[:3] == [
        "line 8: ulti, leaves trump — 1 error",
        "line 10: party, bells trump — 0 errors",
        "line 12: betli, no trump — 0 errors",
    ]
    assert picks.count() == len(
        [line for line in GAMES.read_text(encoding="utf-8").splitlines() if "|" in line and not line.startswith("#")]
    )
    picks.nth(1).click()
    assert page.locator("#tricks .played-card").count() == 30
    assert page.locator("svg.value-graph .mark").count() == 0
    picks.nth(2).click()
    assert page.locator("#tricks .played-card").count() == 18
    assert page.locator(".counter").inner_text() == "0 / 18"
    page.keyboard.press("End")
    assert page.locator(".table-view .seat .card").count() == 12
    assert watched.errors == []


def test_the_page_is_not_blank(watched, games_page):
    page = open_page(watched, games_page)
    assert pixel_spread(page, page.screenshot(full_page=True)) > NOT_BLANK
    page.set_content("<html><body style='background:#fff'></body></html>")
    assert pixel_spread(page, page.screenshot()) < 1  # the measure tells a blank page


def knowable_game() -> dict:
    """Game 1 as the player's view will carry it: a knowable loss per card, with its error and band."""
    record = parse_record(GAMES.read_text(encoding="utf-8").splitlines()[7])
    game = game_data(analyse_game(record.deal, record.bid, record.trump, record.cards, rules=make_rules()))
    for entry in game["analysis"][:-1]:
        entry["hindsight_loss"] = entry["cost"]
        entry["hindsight_band"] = band(entry["cost"])
        entry["knowable_loss"], entry["knowable_stderr"] = 0.0, 0.0
        entry["band"] = None
    blunder, quiet = game["analysis"][6], game["analysis"][10]
    blunder.update(knowable_loss=1.5, knowable_stderr=0.25, band="inaccuracy")  # hard to see from his seat
    quiet.update(knowable_loss=4.0, knowable_stderr=0.5, band="mistake")  # free in hindsight, costly as he saw it
    return game


def test_knowable_losses_draw_a_second_series_and_the_band_comes_from_them(watched, tmp_path):
    path = tmp_path / "knowable.html"
    path.write_text(report_html([knowable_game()]), encoding="utf-8")
    page = open_page(watched, path)
    assert page.locator("svg.value-graph .bar-knowable").count() == 30
    assert page.locator("svg.value-graph .whisker").count() == 2
    assert page.locator("svg.value-graph .bar-hindsight").count() == 1
    marks = page.locator("svg.value-graph .mark")
    assert [(m.get_attribute("data-index"), m.get_attribute("class")) for m in marks.all()] == [
        ("7", "mark band-inaccuracy"),
        ("11", "mark band-mistake"),
    ]
    assert page.locator(".graph-legend .key-knowable").count() == 1
    for _ in range(11):
        page.keyboard.press("ArrowRight")
    assert "mistake: knowable loss 4.00 ± 0.50" in page.locator(".step-status").inner_text()
    assert watched.errors == []


def test_analyse_knowable_html_draws_both_losses_and_bands_from_the_knowable_one(watched, tmp_path, ulti):
    line = GAMES.read_text(encoding="utf-8").splitlines()[7]
    path = tmp_path / "knowable.html"
    result = ulti(
        "analyse", "--file", "-", "--knowable", "20", "--json", "--html", str(path), "--quiet", input=line + "\n"
    )
    assert result.exit_code == 0, result.stderr
    cards = [json.loads(out) for out in result.stdout.splitlines()][:-1]
    page = open_page(watched, path)
    assert page.locator("svg.value-graph .bar-knowable").count() == 30
    blunder = page.locator('#tricks .trick-card[data-index="7"]')
    assert cards[6]["hindsight_band"] == "blunder" and cards[6]["band"] is None  # bad luck, not bad play
    assert blunder.locator(".badge").all_inner_texts() == ["hindsight blunder 12"]
    banded = [c["index"] for c in cards if c["band"]]
    assert [int(m.get_attribute("data-index")) for m in page.locator("svg.value-graph .mark").all()] == sorted(
        set(banded) | {c["index"] for c in cards if c["error"]}
    )
    assert watched.errors == []


def test_a_script_in_the_data_stays_text(watched, tmp_path):
    game = knowable_game()
    game["bid"] = game["bid_text"] = "ulti</script><script>window.hacked = 1</script>"  # the page shows bid_text
    path = tmp_path / "hostile.html"
    path.write_text(report_html([game]), encoding="utf-8")
    page = open_page(watched, path)
    assert page.evaluate("window.hacked") is None
    assert page.locator(".facts dd").first.inner_text().startswith("ulti</script><script>window.hacked = 1</script>")
    assert json.loads(page.locator("#report-data").text_content())["games"][0]["bid"] == game["bid"]
    assert watched.errors == []


def test_the_error_counts_agree_with_the_marks_with_knowable_losses(watched, tmp_path):
    """Issue 31, item 7: the summary said "declarer 0 errors" beside his cards marked by their
    knowable band; it counts the cards marked, seat by seat, as the game's label does."""
    game = knowable_game()
    path = tmp_path / "knowable.html"
    path.write_text(report_html([game, knowable_game()]), encoding="utf-8")
    page = open_page(watched, path)
    entries = {e["index"]: e for e in game["analysis"][:-1]}
    marked = [entries[int(m.get_attribute("data-index"))] for m in page.locator("svg.value-graph .mark").all()]
    assert any(not e["error"] for e in marked)  # a card marked by its knowable band alone
    summary = page.locator(".summary-line").inner_text()
    for seat, name in enumerate(["declarer", "seat 1", "seat 2"]):
        count = sum(1 for e in marked if e["seat"] == seat)
        assert re.search(rf"{name} {count} errors?\b", summary), (name, count, summary)
    assert page.locator("#tricks .played-card.error").count() == len(marked)
    assert page.locator(".pick").first.inner_text().endswith(f"\u2014 {len(marked)} errors")
    assert watched.errors == []


# -- Issue 31, item 9: a phone, and the ober's O -------------------------------------------------


@pytest.fixture
def phone(browser):
    """A page 390 px wide, as an iPhone 12 to 15 shows it."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        yield context.new_page()
    finally:
        context.close()


def overflow(page) -> dict:
    """How far the page reaches past the viewport's width, and the elements that do."""
    return page.evaluate(
        """() => ({
            scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            past: Array.from(document.querySelectorAll("body *"))
                .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
                .map((e) => e.tagName + "." + e.className).slice(0, 5),
        })"""
    )


def test_the_report_fits_a_390_px_phone_without_scrolling_sideways(phone, games_page, tmp_path):
    knowable = tmp_path / "knowable.html"  # its badges ("hindsight blunder 12") are the widest cells
    knowable.write_text(report_html([knowable_game()]), encoding="utf-8")
    for path in (games_page, knowable):
        phone.goto(path.as_uri())
        phone.wait_for_selector("#tricks")
        assert phone.evaluate("document.documentElement.clientWidth") == 390
        assert overflow(phone) == {"scroll": 0, "past": []}, path.name
        assert phone.locator("#tricks .played-card").count() == 30  # every card still there
    phone.screenshot(path=str(tmp_path / "phone.png"), full_page=True)


def test_the_ober_in_the_deal_line_is_not_read_as_a_zero(watched, games_page):
    """The deal line was set in a monospace font, where O and 0 are the same width and look alike;
    in the page's proportional font the ober's O is a round capital, clearly wider than a zero."""
    page = open_page(watched, games_page)
    deal = page.locator(".deal-text")
    assert "O" in deal.inner_text()
    font = deal.evaluate("(e) => getComputedStyle(e).fontFamily")
    assert "mono" not in font.lower(), font
    widths = deal.evaluate(
        """(e) => ["O", "0"].map((text) => {
            const probe = document.createElement("span");
            probe.textContent = text.repeat(10);
            e.appendChild(probe);
            const width = probe.getBoundingClientRect().width;
            probe.remove();
            return width;
        })"""
    )
    assert widths[0] > 1.15 * widths[1], widths
