"""``ulti board``: a local page to explore a deal card by card.

:mod:`.answers` reads a request's game as the command line reads its
options and answers with the command line's JSON objects; :mod:`.page`
fills the page; :mod:`.server` serves both (Starlette on uvicorn, the
``board`` extra).  Only :mod:`.server` needs the extra.
"""
