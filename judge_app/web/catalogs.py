"""The interface's gettext catalogs: `.po` files in `judge_app/translations/` (what translators edit, in
Poedit or Weblate), compiled to `.mo` at start-up into the data directory, and the strings the code and
templates ask for, extracted the way `pybabel extract` does.

    python -m judge_app.web.update_catalogs   # add new strings to every .po, mark vanished ones obsolete

Compiling at start-up keeps the source tree free of build products and the quick start at two commands;
the compiled files are keyed by the .po files' hash, so a changed translation is picked up at the next start.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from judge_app import datafiles, paths

DOMAIN = "messages"
SOURCE = Path(__file__).resolve().parents[1] / "translations"
# Functions whose literal arguments are interface strings (argument positions, as pybabel's -k says).
KEYWORDS = {
    "_": None, "_l": None, "gettext": None, "ngettext": (1, 2), "lazy_gettext": None, "lazy_ngettext": (1, 2),
    "pgettext": ((1, "c"), 2), "gettext_in": (2,),
}
METHODS = [("judge_app/web/**.py", "python"), ("judge_app/scenarios/render.py", "python"),
           ("templates/**.html", "jinja2")]
WIDTH = 100


def po_files() -> dict[str, Path]:
    """{language: its .po file}, for every language that has one."""
    return {p.parent.parent.name: p for p in sorted(SOURCE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))}


def compile_catalogs(data_dir: Path | None = None) -> Path:
    """The directory of compiled catalogs for the current .po files, compiling them if needed."""
    files = po_files()
    digest = hashlib.sha256()
    for language, path in files.items():
        digest.update(language.encode() + b"\0" + path.read_bytes())
    out = (data_dir or paths.data_dir()) / "translations" / digest.hexdigest()[:16]
    try:
        _compile(files, out)
    except OSError as error:  # a read-only or full data directory: a private folder of this user's instead
        fallback = datafiles.private_folder("translations") / out.name
        datafiles.warn("interface translations", out.parent, error, f"compiling them in {fallback} instead")
        _compile(files, fallback)
        out = fallback
    return out


def _compile(files: dict[str, Path], out: Path) -> None:
    for language, path in files.items():
        target = out / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        with path.open("rb") as source:
            catalog = read_po(source, locale=language)
        partial = target.with_name(f"{DOMAIN}.mo.{os.getpid()}")
        with partial.open("wb") as sink:
            write_mo(sink, catalog)
        partial.replace(target)  # atomic: several workers may compile at once


def extracted() -> Catalog:
    """Every interface string the code and templates ask for, with where it is asked."""
    catalog = Catalog(project="rules-judge", domain=DOMAIN)
    root = paths.PROJECT_ROOT
    for filename, line, message, comments, context in _extract(root):
        catalog.add(message, locations=[(filename, line)], auto_comments=comments, context=context)
    return catalog


def _extract(root: Path) -> Iterator[tuple]:
    options = {"templates/**.html": {"extensions": "jinja2.ext.i18n"}}
    yield from extract_from_dir(str(root), METHODS, options, KEYWORDS, comment_tags=("Translators:",),
                                strip_comment_tags=True, directory_filter=_wanted)


def _wanted(dirpath: str) -> bool:
    name = os.path.basename(dirpath)
    return not name.startswith(".") and name not in ("node_modules", "__pycache__", "tests", "rules_corpus")


def read(language: str) -> Catalog:
    with po_files()[language].open("rb") as source:
        return read_po(source, locale=language)


def untranslated(catalog: Catalog) -> list[str]:
    """The msgids of `catalog` with no translation (or only a fuzzy one): what a translator still has to do."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all((s or "").strip() for s in strings):
            out.append(message.id if isinstance(message.id, str) else message.id[0])
    return out
