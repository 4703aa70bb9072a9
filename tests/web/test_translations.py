"""The interface in Portuguese and Spanish through the gettext catalogs: every string the code and templates
ask for is in each catalog and translated, every page renders with no string left untranslated and no
English interface text, plurals follow the number, dates and numbers are written the language's way."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup, NavigableString
from flask_babel import Domain
from webpages import page

from judge_app.web import catalogs

TRANSLATED = ("pt", "es")
# One page per template and per state of a page (a hit list, nothing found, a refusal, each kind of 404).
PAGES = [
    "/", "/rules/en-2026/702.19", "/rules/pt-2019/702.19", "/rules/es-2026/510.1", "/rules/pt-2019/510.1c",
    "/rules/en-2019/", "/rules/pt-2019/1", "/glossary/pt-2019/", "/glossary/es-2026/Arrollar",
    "/glossary/pt-2019/Atropelar", "/guides/", "/guides/pt-lesson-turn", "/quality", "/api/",
    "/search?q=atropelar&doc=pt-2019", "/search?q=trample&doc=all", "/search?q=zzqxv&doc=pt-2019",
    "/search?q=tramlpe&doc=en-2026", "/search?q=", "/scenarios", "/scenarios?q=zzqxv",
    "/scenarios/trample-deathtouch-two-blockers?doc={doc}", "/scenarios/try", "/rules/pt-2019/999.99",
    "/rules/xx/1", "/glossary/pt-2019/Nada%20disso", "/scenarios/nope", "/nope", "/rules/pt-2019/702.164",
    "/rules/pt-2019/702.52a", "/glossary/pt-2019/T%C3%B3xico",
    "/glossary/pt-2019/Ordem%20de%20atribui%C3%A7%C3%A3o%20de%20dano",
    "/search?q=trample&doc=all&page=2", "/scenarios/activated-ability-tap-cost?doc={doc}",
    "/cards/Jace,%20the%20Mind%20Sculptor?doc={doc}", "/cards/Bushi%20Tenderfoot%20//%20Kenzo%20the%20Hardhearted",
    "/cards?q=jace", "/cards?q=tarmogyof", "/cards/tarmogyof",
]
DOCUMENT = {"pt": "pt-2019", "es": "es-2026"}
# Words English uses and Portuguese and Spanish do not: one in interface text means a string was missed.
ENGLISH = re.compile(r"\b(the|of|and|with|this|rules?|search|step|steps|results?|which|found|there|you|your|"
                     r"from|into|when|what|were?|has|have|not|only|page|show|open|back|next|previous)\b", re.I)
PROPER_NAMES = re.compile(r"Rules Judge|Magic: The Gathering|Wizards of the Coast")
ATTRIBUTES = ("aria-label", "placeholder", "title", "data-template")


def test_every_interface_string_is_in_each_catalog_and_translated():
    wanted = {m.id for m in catalogs.extracted() if m.id}
    assert len(wanted) > 200
    for language in TRANSLATED:
        catalog = catalogs.read(language)
        assert wanted <= {m.id for m in catalog if m.id}, (language, sorted(wanted - {m.id for m in catalog}))
        assert catalogs.untranslated(catalog) == [], language
        assert catalog.plural_forms == "nplurals=2; plural=(n != 1);"


@pytest.fixture()
def missed(app, monkeypatch) -> list[tuple[str, str]]:
    """(language, msgid) for every string the pages asked gettext for that the catalog does not have."""
    misses: list[tuple[str, str]] = []
    original = Domain.get_translations

    def recording(domain):
        translations = original(domain)
        known = getattr(translations, "_catalog", {})
        language = str(translations.files and translations.files[0]).split("/")[-3] if translations.files else "?"

        class Recording:
            def __getattr__(self, name):
                return getattr(translations, name)

            def ugettext(self, message):
                if message not in known:
                    misses.append((language, message))
                return translations.ugettext(message)

            def ungettext(self, singular, plural, n):
                if (singular, 0) not in known:
                    misses.append((language, singular))
                return translations.ungettext(singular, plural, n)

        return Recording()

    monkeypatch.setattr(Domain, "get_translations", recording)
    return misses


def interface_texts(soup: BeautifulSoup) -> list[str]:
    """The page's own words: text and labelling attributes outside anything with a `lang` of its own (rule
    text in its document's language, scenario text in English, a language's own name), and outside code."""
    out = []
    for node in soup.body.descendants:
        inside = [node, *node.parents] if not isinstance(node, NavigableString) else list(node.parents)
        if any(e.name in ("code", "pre", "textarea", "option") or (e.name != "html" and e.has_attr("lang"))
               for e in inside if e.name):
            continue
        if isinstance(node, NavigableString):
            out.append(PROPER_NAMES.sub("", str(node)).strip())
        else:
            out += [PROPER_NAMES.sub("", node[a]) for a in ATTRIBUTES if node.has_attr(a)]
    return [t for t in out if t]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_page_is_wholly_in_the_interface_language(client, missed, language):
    english = []
    for url in PAGES:
        url = url.format(doc=DOCUMENT[language])
        response = client.get(url, headers={"Accept-Language": language})
        assert response.status_code in (200, 404), url
        soup = BeautifulSoup(response.get_data(as_text=True), "html.parser")
        assert soup.html["lang"] == language
        english += [(url, text) for text in interface_texts(soup) if ENGLISH.search(text)]
    response = client.post("/scenarios/try", data={"text": "[scenario]\ntitle = 1\n"},
                           headers={"Accept-Language": language})
    soup = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    english += [("POST /scenarios/try", text) for text in interface_texts(soup) if ENGLISH.search(text)]
    assert sorted({m for lang, m in missed if lang == language}) == []
    assert english == []


@pytest.mark.parametrize(("language", "one", "many"), [
    ("en", "1 result", "results"), ("pt", "1 resultado", "resultados"), ("es", "1 resultado", "resultados")])
def test_counts_follow_the_number(client, language, one, many):
    headers = {"Accept-Language": language}
    doc = DOCUMENT.get(language, "en-2026")
    single = page(client, f"/search?q=lhurgoyf&doc={doc}", headers=headers)
    assert len(single.select("ol.hits > li")) == 1
    assert single.select_one("p.count").get_text() == one
    several = page(client, f"/search?q=trample&doc={doc}", headers=headers)
    shown = len(several.select("ol.hits > li"))
    assert shown > 1 and several.select_one("p.count").get_text().endswith(f" {many}")


@pytest.mark.parametrize(("language", "date", "number"), [
    ("en", "January 16, 2026", "1,"), ("pt", "16 de janeiro de 2026", "1."), ("es", "16 de enero de 2026", "1.")])
def test_dates_and_numbers_in_the_languages_way(client, language, date, number):
    soup = page(client, "/rules/en-2026/", headers={"Accept-Language": language})
    assert date in soup.select_one("h1 .sub").get_text()
    soup = page(client, "/quality", headers={"Accept-Language": language})
    counts = [td.get_text() for td in soup.select("table.counts td")]
    assert any(c.startswith(number) and len(c) == 5 for c in counts), counts


def test_updating_the_catalogs_adds_new_strings_untranslated_and_keeps_translations(tmp_path, monkeypatch, capsys):
    """`python -m judge_app.web.update_catalogs` on a copy of the real catalogs, the code asking for two new
    strings (one with plural forms): they are added with no translation (gettext's empty msgstr, which babel
    reads as None), counted as untranslated, and every translation already there is kept."""
    import shutil

    from babel.messages.pofile import read_po

    from judge_app.web import update_catalogs

    shutil.copytree(catalogs.SOURCE, tmp_path / "translations")
    monkeypatch.setattr(catalogs, "SOURCE", tmp_path / "translations")
    before = {language: {m.id: m.string for m in catalogs.read(language) if m.id} for language in TRANSLATED}
    real = catalogs.extracted

    def with_new_strings():
        template = real()
        template.add("A string nobody translated yet", locations=[("templates/new.html", 1)])
        template.add(("%(num)s new thing", "%(num)s new things"), locations=[("judge_app/web/new.py", 2)])
        return template

    monkeypatch.setattr(catalogs, "extracted", with_new_strings)
    update_catalogs.update()
    printed = capsys.readouterr().err
    for language in TRANSLATED:
        with (tmp_path / "translations" / language / "LC_MESSAGES" / "messages.po").open("rb") as source:
            catalog = read_po(source, locale=language)
        assert sorted(catalogs.untranslated(catalog)) == ["%(num)s new thing", "A string nobody translated yet"]
        assert f"{language}: {len(catalog)} strings, 2 untranslated" in printed
        kept = {m.id: m.string for m in catalog if m.id and m.id in before[language]}
        assert kept == before[language]
