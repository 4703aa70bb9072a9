"""Read a document's effective date from its own text, in English, Portuguese or Spanish."""

from __future__ import annotations

import re
import unicodedata

_MONTHS = {
    "en": ["january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december"],
    "pt": ["janeiro", "fevereiro", "marco", "abril", "maio", "junho", "julho", "agosto", "setembro",
           "outubro", "novembro", "dezembro"],
    "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
           "octubre", "noviembre", "diciembre"],
}
_PATTERNS = {
    # "These rules are effective as of January 16, 2026."
    "en": re.compile(r"effective as of (?P<month>[a-z]+) (?P<day>\d{1,2}), (?P<year>\d{4})"),
    # "Essas regras são efetivas a partir de 25 de janeiro 2019." (the "de" before the year is optional)
    "pt": re.compile(r"efetivas a partir de (?P<day>\d{1,2}) de (?P<month>[a-z]+),? (?:de )?(?P<year>\d{4})"),
    # "Estas reglas son válidas desde el 16 de enero de 2026."
    "es": re.compile(r"validas desde el (?P<day>\d{1,2}) de (?P<month>[a-z]+),? (?:de )?(?P<year>\d{4})"),
}


def fold(text: str) -> str:
    """Lower case without accents: "Válidas" → "validas"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def effective_date(text: str, language: str) -> str:
    """The ISO date the document says it takes effect, or "" when it does not say."""
    m = _PATTERNS[language].search(fold(text))
    if not m or m.group("month") not in _MONTHS[language]:
        return ""
    month = _MONTHS[language].index(m.group("month")) + 1
    return f"{int(m.group('year')):04d}-{month:02d}-{int(m.group('day')):02d}"
