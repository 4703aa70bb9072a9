"""The interface language: which one a visitor gets, and Flask-Babel set up on the gettext catalogs.

Interface strings are English in the code and templates (`_("Search")`, `ngettext(...)`), translated through
the catalogs in `judge_app/translations/` (see `catalogs.py`). Rule text is never translated here: it comes
from the document of the visitor's choice.
"""

from __future__ import annotations

from datetime import date
from functools import lru_cache

from babel import dates, localedata
from babel.support import NullTranslations, Translations
from flask import Flask, Request, current_app, g, request
from flask_babel import Babel, format_date, get_translations

from judge_app.web import catalogs

LANGUAGES = ("en", "pt", "es")
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES = {"en": "English", "pt": "Português", "es": "Español"}
COOKIE = "lang"


def choose_language(request: Request) -> str:
    """The remembered choice, else the browser's preference, else English."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    # In the browser's order of preference, by primary subtag: "es-MX, en;q=0.5" is Spanish.
    for tag, _quality in request.accept_languages:
        primary = tag.split("-")[0].split("_")[0].lower()
        if primary in LANGUAGES:
            return primary
    return DEFAULT_LANGUAGE


def current_language() -> str:
    """The language of the page being made (chosen once per request)."""
    if "lang" not in g:
        g.lang = choose_language(request)
    return g.lang


def init_app(app: Flask) -> None:
    """Flask-Babel on the catalogs compiled for this start; the language chosen by `choose_language`."""
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(catalogs.compile_catalogs())
    app.config["BABEL_DEFAULT_LOCALE"] = DEFAULT_LANGUAGE
    Babel(app, locale_selector=current_language)
    # The templates' _() and ngettext() look the catalog up once per request: Flask-Babel's own callables
    # find the request, the locale and the domain again for every string (~40 a page).
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: _page_translations().ugettext(s),
        ngettext=lambda s, p, n: _page_translations().ungettext(s, p, n),
        pgettext=lambda c, s: _page_translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: _page_translations().unpgettext(c, s, p, n),
        newstyle=True,
    )
    app.jinja_env.globals.update(gettext_in=gettext_in)
    app.jinja_env.filters.update(day=day)
    for language in LANGUAGES:  # Babel reads a language's number and date formats on first use (~0.2 s): read
        localedata.load(language)  # now, before the web workers fork, not on some visitor's first page


def _page_translations() -> NullTranslations:
    found = g.get("translations")
    if found is None:
        found = g.translations = get_translations()
    return found


@lru_cache(maxsize=8)
def _translations(directory: str, language: str) -> NullTranslations:
    return Translations.load(directory, [language], catalogs.DOMAIN)


def gettext_in(language: str, message: str) -> str:
    """`message` in another language than the page's: "Example" inside a rule shown in its own language."""
    directory = current_app.config["BABEL_TRANSLATION_DIRECTORIES"]
    return _translations(directory, language).gettext(message)


def day(effective: str, language: str | None = None) -> str:
    """A document's date as the interface language (or `language`) writes it ("16 de janeiro de 2026");
    a bare year stays."""
    try:
        when = date.fromisoformat(effective)
    except ValueError:
        return effective
    return format_date(when, format="long") if language is None else dates.format_date(when, "long", locale=language)
