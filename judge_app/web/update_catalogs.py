"""Bring every interface catalog up to date with the code and templates:

    python -m judge_app.web.update_catalogs

New strings are added untranslated (the tests then fail until a translator fills them in), strings no longer
asked for are kept as obsolete entries at the end of each file, for a translator to reuse.
"""

from __future__ import annotations

import sys

from babel.messages.pofile import write_po

from judge_app.web import catalogs


def update() -> None:
    template = catalogs.extracted()
    for language, path in catalogs.po_files().items():
        catalog = catalogs.read(language)
        catalog.update(template, no_fuzzy_matching=True)
        with path.open("wb") as sink:
            write_po(sink, catalog, width=catalogs.WIDTH, include_lineno=False)
        missing = catalogs.untranslated(catalog)
        print(f"{language}: {len(catalog)} strings, {len(missing)} untranslated", file=sys.stderr)


if __name__ == "__main__":
    update()
