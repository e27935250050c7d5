"""Files of whole-game records: JSON lines and text blocks, mixed, one record at a time.

A file for ``ulti game --file`` or ``ulti analyse --file`` holds records
as JSON objects, one a line, or as text blocks (:mod:`.notation`) that
start with a ``game`` line and run over the lines that follow while each
starts with a block keyword.  :func:`file_records` cuts the numbered
lines of such a file (blanks and ``#`` comments already gone) into
records, each with the number of its first line, so that a bad record is
reported by its line and the file goes on past it.  Anything else (a
played game's one-line record, ``DEAL | BID | SUIT | CARDS``) is passed
on as it is, marked as not a whole game.
"""

from __future__ import annotations

import json
from typing import Iterable, Iterator, List, NamedTuple, Optional, Tuple

from .notation import KEYWORDS, is_game_text, read_game_text
from .record import read_json_record
from .referee import Game


class FileRecord(NamedTuple):
    """One record of a file: its first line's number, its text, and whether it is a whole game."""

    line: int
    text: str
    whole_game: bool


def file_records(lines: Iterable[Tuple[int, str]]) -> Iterator[FileRecord]:
    """The records of numbered lines, in order; a text block is joined into one record."""
    block: List[str] = []
    start: Optional[int] = None
    for number, text in lines:
        keyword = text.split(" ", 1)[0]
        if block and keyword in KEYWORDS and not is_game_text(text):
            block.append(text)
            continue
        if block:
            assert start is not None
            yield FileRecord(start, "\n".join(block), True)
            block, start = [], None
        if is_game_text(text):
            block, start = [text], number
        else:
            yield FileRecord(number, text, is_whole_game_json(text))
    if block:
        assert start is not None
        yield FileRecord(start, "\n".join(block), True)


def is_whole_game_json(text: str) -> bool:
    """Whether a line is a JSON whole-game record: an object with an ``auction``."""
    if not text.lstrip().startswith("{") or '"auction"' not in text:
        return False
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return True  # broken JSON that names an auction: the record reader says what is wrong
    return isinstance(data, dict) and "auction" in data


def read_game(text: str) -> Game:
    """A whole game from a JSON record or a text block, every action checked (R45-R50)."""
    if text.lstrip().startswith("{"):
        return read_json_record(text)
    return read_game_text(text)
