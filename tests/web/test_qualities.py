"""Interface languages, security headers, compression, static caching, and no input ever a 500."""

from __future__ import annotations

import gzip
import logging
import re

import pytest
from webpages import page, soup_of

from judge_app.web import create_app
from judge_app.web.security import CONTENT_SECURITY_POLICY

PAGES = ["/", "/rules/en-2026/702.19", "/rules/es-2026/", "/glossary/pt-2019/", "/glossary/en-2026/Trample",
         "/guides/", "/guides/pt-notes-2008", "/quality", "/api/", "/rules/en-2026/nope", "/scenarios",
         "/scenarios/trample-deathtouch-two-blockers", "/scenarios/try", "/scenarios/nope"]


@pytest.mark.parametrize(("header", "language", "search"), [
    ("es-ES,es;q=0.9", "es", "Buscar"), ("pt-BR,pt;q=0.8,en;q=0.5", "pt", "Pesquisar"), ("de-DE", "en", "Search"),
    ("es-MX,en;q=0.5", "es", "Buscar"), ("fr-FR,pt-BR;q=0.7,en;q=0.3", "pt", "Pesquisar"), ("", "en", "Search"),
])
def test_interface_follows_the_browser_language(client, header, language, search):
    soup = page(client, "/rules/en-2026/702.19", headers={"Accept-Language": header})
    assert soup.html["lang"] == language
    assert soup.select_one("header form button").get_text() == search
    assert soup.select_one("article.rule")["lang"] == "en"  # the rule text stays in its document's language


def test_language_switch_is_remembered_and_moves_to_the_same_date_translation(client):
    soup = page(client, "/rules/en-2026/702.19")
    switch = soup.select_one('nav.langs a[lang="es"]')["href"]
    response = client.get(switch)
    assert response.status_code == 303 and response.headers["Location"] == "/rules/es-2026/702.19"
    soup = page(client, "/rules/es-2026/702.19", headers={"Accept-Language": "en"})
    assert soup.html["lang"] == "es"
    assert soup.select_one('nav.langs a[aria-current="true"]')["lang"] == "es"
    # No Portuguese document of 2026: the switch keeps the page and changes only the interface.
    soup = page(client, "/rules/es-2026/702.19")
    assert soup.select_one('nav.langs a[lang="pt"]')["href"].endswith("next=/rules/es-2026/702.19")


@pytest.mark.parametrize("url", PAGES)
def test_security_headers_and_no_inline_code(client, url):
    response = client.get(url)
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    if response.mimetype == "text/html":
        soup = soup_of(response)
        assert all(s.has_attr("src") and not s.get_text().strip() for s in soup.find_all("script"))
        assert soup.find("style") is None and soup.find(style=True) is None
        assert not [t for t in soup.find_all(True) if any(a.startswith("on") for a in t.attrs)]
        assert all(link["href"].startswith("/static/") for link in soup.find_all("link", rel="stylesheet"))


def test_pages_are_gzipped_when_asked(client):
    plain = client.get("/rules/en-2026/702.19")
    zipped = client.get("/rules/en-2026/702.19", headers={"Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in plain.headers
    assert zipped.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped.headers["Vary"]
    assert gzip.decompress(zipped.data) == plain.data


def test_biggest_rule_pages_stay_under_60_kb_gzipped(client, corpus):
    def size(rule):
        shown = [rule, *corpus.descendants(rule.doc, rule.number)] if rule.level in ("rule", "subrule") else [rule]
        return sum(len(r.text) + sum(map(len, r.examples)) for r in shown)

    biggest = sorted((r for doc in corpus.rules for r in corpus.rules[doc].values()), key=size)[-5:]
    for rule in biggest:
        response = client.get(f"/rules/{rule.doc}/{rule.number}", headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200
        assert len(response.data) < 60_000, (rule.doc, rule.number, len(response.data))


def test_static_assets_are_fingerprinted_and_cached_for_a_year(client):
    soup = page(client, "/")
    for href in [soup.find("link", rel="stylesheet")["href"], soup.find("script")["src"]]:
        assert re.fullmatch(r"/static/app\.(css|js)\?v=[0-9a-f]{12}", href)
        response = client.get(href, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200 and response.headers["Content-Encoding"] == "gzip"
        cache = response.headers["Cache-Control"]
        assert "immutable" in cache and "max-age=31536000" in cache
        again = client.get(href, headers={"If-None-Match": response.headers["ETag"]})
        assert again.status_code == 304
    assert "immutable" not in client.get("/static/app.css").headers["Cache-Control"]
    assert client.get("/static/../pyproject.toml").status_code == 404


HOSTILE = [
    "/rules/en-2026/%3Cscript%3Ealert(1)%3C%2Fscript%3E", "/rules/en-2026/" + "9" * 5000, "/rules/en-2026/%00",
    "/rules/en-2026/%ff%fe", "/rules/%3Cb%3E/1", "/r/%E2%80%AE702.19", "/r/..%2F..%2Fetc%2Fpasswd",
    "/glossary/en-2026/%3Cimg%20src%3Dx%3E", "/glossary/en-2026/" + "a/" * 300, "/glossary/zz/x",
    "/guides/nope", "/search?q=%3Cscript%3E", "/search?q=" + "x" * 10000, "/search?q=%00&doc=%ff",
    "/settings/lang/xx", "/settings/doc/%3Cb%3E?next=%0d%0aSet-Cookie:x=1", "/api/rules/en-2026/%00?depth=-5",
    "/api/rules/en-2026/1?depth=99999999999999999999", "/api/glossary/en-2026/%ff", "/static/%00",
    "/rules/en-2026/702.19?x=%ff%fe", "/quality?%ff=%ff", "/scenarios/%3Cscript%3E", "/scenarios?q=%3Cb%3E&rule=%ff",
    "/scenarios?tag=" + "x" * 5000 + "&doc=%3Cb%3E", "/scenarios/try?from=%3Cimg%20src%3Dx%3E&doc=%00",
    "/scenarios/..%2F..%2Fpyproject", "/api/scenarios/%3Cb%3E?doc=%ff", "/api/scenarios?rule=" + "9" * 3000,
]


@pytest.mark.parametrize("url", HOSTILE)
def test_no_input_gives_a_500_or_echoes_markup(client, url):
    response = client.get(url, headers={"Accept-Language": "\x00;q=abc"})
    assert response.status_code < 500
    body = response.get_data(as_text=True)
    assert "<script>" not in body and "<img src" not in body and "<b>" not in body
    assert "Traceback" not in body


def test_posting_where_only_get_is_allowed_is_a_friendly_405(client):
    response = client.post("/rules/en-2026/702.19", data={"x": "y"})
    assert response.status_code == 405
    assert soup_of(response).select_one("main h1")


def test_a_fault_is_a_friendly_logged_500_not_a_traceback(caplog):
    app = create_app()
    assert app.debug is False

    @app.route("/boom")
    def boom():
        raise RuntimeError("deliberate failure for the test")

    with caplog.at_level(logging.ERROR, logger="judge_app.web"):
        response = app.test_client().get("/boom")
    assert response.status_code == 500
    soup = soup_of(response)
    assert soup.select_one("main h1").get_text() == "Something went wrong"
    assert "deliberate failure" not in response.get_data(as_text=True)
    assert any(r.exc_info and "deliberate failure" in str(r.exc_info[1]) for r in caplog.records)
