"""The player's reference of the rules (docs/rules.md, shipped as ``data/rules.md``): read, looked up, searched.

Its Hungarian translation, docs/rules.hu.md (``data/rules.hu.md``), has the
same rules under the same ids and headings (``### R34 ...``), its glossary
under ``## Szószedet``; ``ulti rules`` reads the one of the language of the run.

Messages cite rule ids (R14, R34); ``ulti rules R34`` prints the rule in
the reference's words.  The reference is a Markdown file, one section per
rule headed ``### R<n> Title``, so that it reads well in the repository
and stays cheap to parse here: it is read only when a rule is asked for.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import List, Optional, Sequence, Set, Tuple

from .errors import UltiInputError, excerpt
from .i18n import L_

#: The packaged copy of docs/rules.md (a test holds the two identical).
RESOURCE = ("data", "rules.md")
#: The packaged copies of each language's reference: docs/rules.md, docs/rules.hu.md.
RESOURCES = {"en": RESOURCE, "hu": ("data", "rules.hu.md")}
#: The glossary's heading in each reference.
_GLOSSARY_HEADINGS = ("## glossary", "## szószedet")

_RULE_HEADING = re.compile(r"^### (R(\d+)) (.+)$")
#: One rule id, or a range of them: R34, r34, R36-R39, R36-39 (a bare "40-100" is a word, not a range).
_ID_OR_RANGE = re.compile(r"^[Rr](\d{1,6})(?:\s*[-–]\s*[Rr]?(\d{1,6}))?$")
_WORD = re.compile(r"\w[\w'-]*")


@dataclass(frozen=True)
class Rule:
    """One rule of the reference: its id (``R34``), title and text (Markdown, as written there),
    and the heading of the part of the reference it is in."""

    id: str
    number: int
    title: str
    text: str
    section: str = ""

    def as_json(self) -> dict:
        return {"id": self.id, "title": self.title, "text": self.text}


@dataclass(frozen=True)
class GlossaryEntry:
    """A row of the reference's glossary: English, Hungarian, meaning."""

    english: str
    hungarian: str
    meaning: str

    def as_json(self) -> dict:
        return {"english": self.english, "hungarian": self.hungarian, "meaning": self.meaning}


@dataclass(frozen=True)
class Reference:
    rules: Tuple[Rule, ...]
    glossary: Tuple[GlossaryEntry, ...]

    @property
    def span(self) -> str:
        """The ids there are, as a range: ``R1-R50``."""
        return f"{self.rules[0].id}-{self.rules[-1].id}"


def reference_text(language: str = "en") -> str:
    """The reference as shipped in the package, in ``language`` (en, hu)."""
    folder, name = RESOURCES[language]
    # One name per step: Python 3.10's Traversable.joinpath takes one (a zipped install's too).
    return (resources.files(__package__) / folder / name).read_text(encoding="utf-8")


def parse_reference(text: str) -> Reference:
    """The rules (each from its ``### R<n>`` heading to the next heading) and the glossary rows."""
    rules: List[Rule] = []
    glossary: List[GlossaryEntry] = []
    current: Optional[Tuple[str, int, str]] = None
    body: List[str] = []
    section = ""
    in_glossary = header_done = False

    def close() -> None:
        if current is not None:
            rules.append(Rule(current[0], current[1], current[2], "\n".join(body).strip(), section))

    for line in text.splitlines():
        if line.startswith("#"):
            close()
            current, body = None, []
            match = _RULE_HEADING.match(line)
            if match:
                current = (match.group(1), int(match.group(2)), match.group(3).strip())
            elif line.startswith("## "):
                section = line[3:].strip()
            in_glossary = line.strip().lower() in _GLOSSARY_HEADINGS
            header_done = False
        elif current is not None:
            body.append(line)
        elif in_glossary and line.startswith("|"):
            if set(line.strip()) <= set("|-: "):  # the line under the table's header row
                header_done = True
                continue
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) == 3 and header_done:
                glossary.append(GlossaryEntry(*cells))
    close()
    return Reference(tuple(rules), tuple(glossary))


@lru_cache(maxsize=2)
def reference(language: str = "en") -> Reference:
    """The reference in ``language`` (en, hu), read once."""
    return parse_reference(reference_text(language))


def is_rule_id(word: str) -> bool:
    """Whether a word asks for rules by id (``R34``, ``R36-R39``) rather than searching a word."""
    parts = [part.strip() for part in word.split(",") if part.strip()]
    return bool(parts) and all(_ID_OR_RANGE.match(part) for part in parts)


def rules_by_id(words: Sequence[str], ref: Optional[Reference] = None) -> List[Rule]:
    """The rules the words name (ids, ranges, comma lists), in the order asked, each once.

    An id the reference lacks is an :class:`UltiInputError` naming the ids there are.
    """
    ref = ref or reference()
    by_number = {rule.number: rule for rule in ref.rules}
    found: List[Rule] = []
    for word in words:
        for part in (p.strip() for p in word.split(",")):
            if not part:
                continue
            match = _ID_OR_RANGE.match(part)
            if match is None:
                raise UltiInputError(
                    L_(
                        "{word} is not a rule id; rule ids are {span}, e.g. R34 or R36-R39",
                        word=excerpt(part),
                        span=ref.span,
                    )
                )
            low = int(match.group(1))
            high = int(match.group(2)) if match.group(2) else low
            low, high = min(low, high), max(low, high)
            for number in range(low, high + 1):
                if number not in by_number:
                    raise UltiInputError(
                        L_(
                            "there is no rule R{number}: the rules are {span} ('ulti rules --list' lists them)",
                            number=number,
                            span=ref.span,
                        )
                    )
                if by_number[number] not in found:
                    found.append(by_number[number])
    return found


def folded(text: str) -> str:
    """Text compared without case or accents, so that 'bela' finds 'béla' and 'Szintelen' 'színtelen'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _phrase_pattern(phrase: str) -> re.Pattern:
    """The phrase at the start of a word ('marriage' finds 'marriages', 'ulti' does not find 'multiplied')."""
    words = folded(phrase).split()
    return re.compile(r"(?<!\w)" + r"\s+".join(re.escape(word) for word in words))


def rules_mentioning(phrase: str, ref: Optional[Reference] = None) -> List[Rule]:
    """The rules whose title or text mentions the phrase: those with it in the title first, in id order."""
    ref = ref or reference()
    pattern = _phrase_pattern(phrase)
    in_title = [rule for rule in ref.rules if pattern.search(folded(rule.title))]
    in_text = [rule for rule in ref.rules if rule not in in_title and pattern.search(folded(rule.text))]
    return in_title + in_text


def glossary_mentioning(phrase: str, ref: Optional[Reference] = None) -> List[GlossaryEntry]:
    """The glossary rows whose English or Hungarian words start with the phrase."""
    ref = ref or reference()
    pattern = _phrase_pattern(phrase)
    return [entry for entry in ref.glossary if pattern.search(folded(f"{entry.english} | {entry.hungarian}"))]


def close_words(phrase: str, ref: Optional[Reference] = None, count: int = 3) -> List[str]:
    """Words of the reference that look like the phrase, for a search that found nothing."""
    ref = ref or reference()
    vocabulary: Set[str] = set()
    for rule in ref.rules:
        vocabulary.update(folded(word) for word in _WORD.findall(f"{rule.title} {rule.text}") if len(word) > 2)
    return difflib.get_close_matches(folded(phrase), sorted(vocabulary), n=count, cutoff=0.75)
