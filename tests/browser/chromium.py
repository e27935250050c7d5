"""Chromium for the browser tests: Debian's own, driven headless by Playwright.

Playwright rather than Selenium: it waits for what a test asks about
(an element, an attribute) by itself, presses keys, takes screenshots and
watches every request a page makes, all in one package; pointed at the
system browser with ``executable_path``, it downloads nothing (Selenium
would need Debian's chromium-driver beside it, of the very same version).

Without Playwright or a Chromium the tests skip and say why; with
``ULTI_BROWSER_TESTS=required`` (CI) they fail instead, so a CI run
cannot pass by skipping them.  ``ULTI_CHROMIUM`` names another browser.
"""

from __future__ import annotations

import base64
import os
import shutil

REQUIRED = os.environ.get("ULTI_BROWSER_TESTS") == "required"
CANDIDATES = ("chromium", "chromium-browser", "google-chrome")
#: Pixels of a page with something on it spread far more than this (luminance, 0-255).
NOT_BLANK = 8.0


def chromium_path():
    named = os.environ.get("ULTI_CHROMIUM")
    if named:
        return named if shutil.which(named) or os.path.exists(named) else None
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


def missing() -> str:
    """Why the browser tests cannot run here ('' when they can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "no Playwright here: pip install playwright (the browser tests drive Debian's Chromium with it)"
    if chromium_path() is None:
        return "no Chromium here: apt-get install chromium (or name one in ULTI_CHROMIUM)"
    return ""


def launch(playwright):
    """Debian's Chromium, headless; nothing downloaded."""
    return playwright.chromium.launch(executable_path=chromium_path(), headless=True)


class Watched:
    """A page and what it did: the errors its scripts raised and the addresses it asked for."""

    def __init__(self, page):
        self.page = page
        self.errors = []
        self.requests = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        page.on("request", lambda request: self.requests.append(request.url))


def pixel_spread(page, png: bytes) -> float:
    """The standard deviation of a screenshot's luminance, measured by the browser itself (in a
    blank page of the same context, which no page policy restricts): near 0 for a blank picture."""
    blank = page.context.new_page()
    try:
        return blank.evaluate(
            """async (data) => {
                const image = new Image();
                image.src = "data:image/png;base64," + data;
                await image.decode();
                const canvas = document.createElement("canvas");
                canvas.width = image.width;
                canvas.height = image.height;
                const context = canvas.getContext("2d");
                context.drawImage(image, 0, 0);
                const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
                let count = 0, sum = 0, squares = 0;
                for (let i = 0; i < pixels.length; i += 4) {
                    const light = 0.299 * pixels[i] + 0.587 * pixels[i + 1] + 0.114 * pixels[i + 2];
                    count += 1; sum += light; squares += light * light;
                }
                const mean = sum / count;
                return Math.sqrt(Math.max(0, squares / count - mean * mean));
            }""",
            base64.b64encode(png).decode("ascii"),
        )
    finally:
        blank.close()
