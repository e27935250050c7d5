"""Fixtures of the browser tests: Debian's Chromium (see chromium.py), and a page watched for errors."""

import pytest
from chromium import REQUIRED, Watched, launch, missing


@pytest.fixture(scope="module")
def browser():
    """Chromium, headless, for the tests of one module; skipped (or failed, where required) without it."""
    reason = missing()
    if reason:
        if REQUIRED:
            pytest.fail(f"ULTI_BROWSER_TESTS=required but {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def watched(browser):
    """A fresh page in its own context, with what its scripts raise and the addresses it asks for."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        yield Watched(context.new_page())
    finally:
        context.close()
