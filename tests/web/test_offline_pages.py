"""Offline use, the server's side: the worker, the manifest, the packs, the browser's search index, and
the pages that say what needs the server (the browser's side: test_offline_browser.py)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from webpages import page

from judge_app import paths
from judge_app.search.analysis import term
from judge_app.search.understanding import parse
from judge_app.web import packs

CASES = json.loads((Path(__file__).parent / "offline_cases.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("typed", "expected"), CASES["numbers"])
def test_the_servers_reading_of_rule_numbers(typed, expected):
    """The cases static/offline-search.js must read alike (checked in the browser test)."""
    assert parse(typed).number == expected


def test_csp_allows_our_worker_and_manifest_and_nothing_inline(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy
    assert "unsafe-inline" not in policy


def test_service_worker_at_the_root_never_stale(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Service-Worker-Allowed"] == "/"


def test_manifest_names_the_app_and_its_icons(client):
    soup = page(client, "/")
    manifest_url = soup.select_one('link[rel="manifest"]')["href"]
    manifest = json.loads(client.get(manifest_url).get_data(as_text=True))
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_offline_page_without_javascript_says_what_it_needs(client):
    soup = page(client, "/offline/")
    assert "needs JavaScript" in soup.select_one(".offline-needs-js").text
    packs_listed = [li["id"] for li in soup.select("#offline-packs li.pack")]
    assert packs_listed == ["pack-en-2026", "pack-es-2026", "pack-en-2019", "pack-pt-2019", "pack-guides"]
    assert all(p.has_attr("hidden") for p in soup.select(".pack-actions"))  # buttons only with the script


def test_save_link_on_contents_and_rule_pages(client):
    for url in ("/rules/pt-2019/", "/rules/pt-2019/702.19"):
        link = page(client, url).select_one(".save-offline a")
        assert link["data-pack"] == "pt-2019" and link["href"] == "/offline/#pack-pt-2019"
        assert link.text == "Save PT 2019 for offline use"


def test_pack_list_versions_per_language_and_release_header(client):
    listed = client.get("/offline/packs.json?lang=pt").get_json()
    english = client.get("/offline/packs.json?lang=en").get_json()
    assert [p["id"] for p in listed["packs"]] == ["en-2026", "es-2026", "en-2019", "pt-2019", "guides"]
    assert listed["release"] == english["release"] == client.get("/").headers["X-Judge-Release"]
    by_id = {p["id"]: p for p in listed["packs"]}
    assert by_id["pt-2019"]["version"] != {p["id"]: p for p in english["packs"]}["pt-2019"]["version"]
    assert by_id["pt-2019"]["url"] == "/offline/pt-2019/pack.json?lang=pt"
    assert by_id["pt-2019"]["index"] == ["/offline/pt-2019/index.json", "/offline/pt-2019/minisearch.json"]
    assert by_id["guides"]["index"] == []


def test_guides_pack_holds_their_pages_files_and_indicator(client):
    response = client.get("/offline/guides/pack.json?lang=pt", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    pack = json.loads(gzip.decompress(response.data))
    urls = [url for url, _ in pack["pages"]]
    assert urls[:4] == ["/guides/", "/guides/pt-lesson-turn", "/guides/pt-rulebook-2007", "/guides/pt-notes-2008"]
    assert set(packs.SHARED_PAGES) <= set(urls)
    pages = dict(pack["pages"])
    assert '<html lang="pt">' in pages["/guides/pt-lesson-turn"]
    assert any(f.startswith("/static/app.css?v=") for f in pack["files"])
    assert "/static/vendor/minisearch/minisearch.js" in {f.split("?")[0] for f in pack["files"]}
    assert "Content-Security-Policy" in pack["headers"]
    assert pack["banner"].startswith('<p class="offline-status" role="status" data-pack="guides">Offline: servido')
    assert "{saved}" in pack["banner"]  # the worker puts the day it was saved


def test_rule_page_in_a_pack_leaves_out_other_documents_texts(client):
    online = page(client, "/rules/en-2026/702.19")
    packed = page(client, "/rules/en-2026/702.19", environ_base={packs.PACK_ENVIRON: True})
    assert online.select("details.equivalents") and online.select("details.changes")
    assert not packed.select("details.equivalents") and not packed.select("details.changes")
    assert not packed.select(".scenarios-citing")
    chips = [a["href"] for a in packed.select(".others .chips a")]
    assert chips == [a["href"] for a in online.select(".others .chips a")]
    assert "/rules/pt-2019/702.19" in chips
    assert packed.select_one('[id="702.19c"] a.ref')["href"] == "/rules/en-2026/702.19b"


def test_browser_index_of_a_document(client, app):
    index = json.loads(gzip.decompress(client.get("/offline/pt-2019/index.json",
                                                  headers={"Accept-Encoding": "gzip"}).data))
    minisearch = client.get("/offline/pt-2019/minisearch.json").get_json()
    corpus = app.extensions["judge_corpus"]
    assert len(index["entries"]) == len(corpus.rules["pt-2019"]) + len(corpus.glossary["pt-2019"])
    assert minisearch["serializationVersion"] == 2 and minisearch["documentCount"] == len(index["entries"])
    position = next(i for i, e in enumerate(index["entries"]) if e[:2] == ["rule", "702.19"])
    assert index["entries"][position] == ["rule", "702.19", "702.19. Atropelar", "/rules/pt-2019/702.19"]
    stem = term("atropelar", "pt", "sf")
    vocabulary = {row[0]: row[2] for row in index["vocabulary"]}
    assert "atropelar" in vocabulary[stem]
    assert "mortifero" in vocabulary[term("mortífero", "pt", "sf")]  # words are kept folded
    postings = dict(minisearch["index"])[stem]
    assert str(position) in postings[str(index["fields"].index("title"))]
    assert "que" in index["asks"]


def test_scenario_pages_and_editor_say_running_needs_the_server(client):
    name = sorted(p.stem for p in paths.scenarios_dir().glob("*.toml"))[0]
    for url in ("/scenarios", f"/scenarios/{name}", "/scenarios/try"):
        note = page(client, url).select_one(".needs-server")
        assert note is not None and "Running a scenario needs the server" in note.text, url


def test_unknown_pack_or_document_is_a_404(client):
    assert client.get("/offline/xx-2000/pack.json").status_code == 404
    assert client.get("/offline/pt-lesson-turn/index.json").status_code == 404


@pytest.mark.parametrize(("language", "title", "save"), [
    ("pt", "Uso offline", "Guardar PT 2019 para uso offline"),
    ("es", "Uso sin conexión", "Guardar PT 2019 para usar sin conexión"),
])
def test_offline_pages_speak_the_interface_language(client, language, title, save):
    client.set_cookie("lang", language)
    assert page(client, "/offline/").select_one("h1").text == title
    assert page(client, "/rules/pt-2019/").select_one(".save-offline a").text == save
    search = page(client, "/offline/search").select_one("#offline-search")
    assert "{count}" in search["data-count"] and "results" not in search["data-count"]


def test_packs_are_served_when_the_data_directory_cannot_be_written(client, monkeypatch, tmp_path, capfd):
    from judge_app import datafiles

    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("JUDGE_DATA_DIR", str(blocked / "data"))
    monkeypatch.setattr(datafiles, "_warned", set())
    response = client.get("/offline/guides/pack.json?lang=pt", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert json.loads(gzip.decompress(response.data))["pages"]
    assert "cannot write the offline packs" in capfd.readouterr().err
