"""`judge export static`: the reference as static files, served by Python's http.server, every link of a
sample of pages followed, none broken. One CR document (the smallest, pt-2019) keeps the test short; the
whole export is measured in benchmarks/offline.py."""

from __future__ import annotations

import json
import random
import threading
import urllib.error
import urllib.request
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from bs4 import BeautifulSoup

from judge_app.web import static_export

DOC = "pt-2019"


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def exported(app, tmp_path_factory):
    target = tmp_path_factory.mktemp("export")
    report = static_export.export(app, target, docs=[DOC], lang="pt")
    return target, report


@pytest.fixture(scope="module")
def served(exported):
    target, _ = exported
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(target)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def links_of(html: str) -> list[str]:
    soup = BeautifulSoup(html, "html.parser")
    found = [a["href"] for a in soup.select("a[href], link[href]")]
    found += [s["src"] for s in soup.select("script[src], img[src]")]
    found += [f["action"] for f in soup.select("form[action]")]
    return found


def fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, b""


def test_every_link_on_a_sample_of_pages_opens(exported, served, app):
    target, report = exported
    corpus = app.extensions["judge_corpus"]
    rng = random.Random(17)
    rules = [f"rules/{DOC}/{n}.html" for n in rng.sample(list(corpus.rules[DOC]), 25)]
    def files(folder: str) -> list[str]:
        return sorted(p.relative_to(target).as_posix() for p in (target / folder).glob("*.html"))

    glossary = rng.sample(files(f"glossary/{DOC}"), 5)
    scenarios = rng.sample(files("scenarios"), 4)
    sample = ["index.html", f"rules/{DOC}/index.html", f"glossary/{DOC}/index.html", f"rules/{DOC}/702.19.html",
              "guides/index.html", "guides/pt-lesson-turn.html", "search.html", "needs-server.html",
              *rules, *glossary, *scenarios]
    checked: dict[str, int] = {}
    for path in sample:
        status, body = fetch(served + path)
        assert status == 200, path
        for link in links_of(body.decode()):
            assert not link.startswith("/"), (path, link)  # relative: the export works from any folder
            address = urljoin(served + path, link).split("#")[0]
            if urlsplit(address).netloc != urlsplit(served).netloc:
                continue
            if address not in checked:
                checked[address] = fetch(address)[0]
            assert checked[address] == 200, (path, link)
    assert len(checked) > 300
    assert report.files == sum(1 for p in target.rglob("*") if p.is_file())


def test_pages_are_complete_and_in_the_chosen_language(exported):
    target, _ = exported
    soup = BeautifulSoup((target / "rules" / DOC / "702.19.html").read_text(encoding="utf-8"), "html.parser")
    assert soup.html["lang"] == "pt"
    assert soup.select_one("article.rule h1").text == "702.19. Atropelar"
    assert soup.select("details.equivalents")  # the complete page, side by side included
    assert soup.select_one('form[role="search"]')["action"] == "../../search.html"
    assert soup.select_one('a[hreflang="en"]')["href"] == "../../needs-server.html"  # en-2019 was left out
    scenario = next((target / "scenarios").glob("*.html")).read_text(encoding="utf-8")
    assert "Rodar um cenário precisa do servidor" in scenario
    needs = (target / "needs-server.html").read_text(encoding="utf-8")
    assert "cópia estática" in needs


def test_search_indexes_link_the_exported_files(exported, served):
    target, _ = exported
    index = json.loads((target / "search" / f"{DOC}-index.json").read_text(encoding="utf-8"))
    entry = next(e for e in index["entries"] if e[:2] == ["rule", "702.19"])
    assert entry[3] == f"rules/{DOC}/702.19.html"
    assert fetch(served + entry[3])[0] == 200
    search = (target / "search.html").read_text(encoding="utf-8")
    assert 'data-index="search/DOC-index.json"' in search
    assert (target / "search" / f"{DOC}-minisearch.json").exists()
    assert not (target / "search" / "en-2026-index.json").exists()


def test_command_refuses_a_folder_holding_something_else(tmp_path: Path):
    from click.testing import CliRunner

    from judge_app.cli import main

    (tmp_path / "notes.txt").write_text("mine")
    result = CliRunner().invoke(main, ["export", "static", str(tmp_path)])
    assert result.exit_code == 2
    assert "not empty" in result.output
    assert (tmp_path / "notes.txt").read_text() == "mine"
