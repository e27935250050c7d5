"""The README's pictures of the report and the board, taken in Debian's Chromium.

    python tests/browser/screenshots.py [--out docs]

From the checkout's root, with the board extra and Playwright installed:
writes docs/report.png (the report of examples/games.txt at the blunder
of its first game) and docs/board.png (the README's deal on the board,
four cards in, with the analysis of the play so far).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from chromium import launch, missing

ROOT = Path(__file__).resolve().parents[2]
DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"


def report_picture(browser, out: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        page_file = Path(folder) / "games.html"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "ulti_solver",
                "analyse",
                "--file",
                str(ROOT / "examples" / "games.txt"),
                "--html",
                str(page_file),
                "--quiet",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        page = browser.new_page(viewport={"width": 1100, "height": 1480})
        page.goto(page_file.as_uri())
        page.wait_for_selector("#tricks")
        for _ in range(7):
            page.keyboard.press("ArrowRight")
        page.screenshot(path=str(out))
        page.close()


def board_picture(browser, out: Path) -> None:
    from ulti_solver.board.server import make_app, running

    with running(make_app()) as url:
        page = browser.new_page(viewport={"width": 1150, "height": 1640})
        query = "?deal=" + DEAL.replace(" ", "+") + "&bid=party&trump=bells&play=BT+BA+BU+LA+LT+LO+H8"
        page.goto(url + query)
        page.wait_for_selector('#board[data-played="7"][data-busy="false"]')
        page.click("#analyse")
        page.wait_for_selector("#analysis svg.value-graph")
        page.click("#best-line")
        page.wait_for_selector("#play-line")
        page.screenshot(path=str(out))
        page.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="the folder to write the pictures in")
    args = parser.parse_args()
    reason = missing()
    if reason:
        print(f"screenshots: {reason}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = launch(playwright)
        report_picture(browser, args.out / "report.png")
        board_picture(browser, args.out / "board.png")
        browser.close()
    print(f"wrote {args.out / 'report.png'} and {args.out / 'board.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
