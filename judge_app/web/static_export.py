"""The whole reference as static files (`judge export static DIR`): any web server, a CDN or a USB stick
serves it, with no Rules Judge server behind.

Pages are the app's own, rendered by the app (complete rule pages: side by side, what changed), in one
interface language; then every link is rewritten to a relative path between files ("rules/en-2026/702.19"
is `rules/en-2026/702.19.html`, a glossary entry `glossary/<doc>/<slug>.html`). A link to anything that
needs the server (the language switch, scenario runs, the API, a document left out) leads to
`needs-server.html`, which says so. Search works in the browser on each document's index (`search.html`,
the same script and index format as the offline packs), and so does a rule number typed in the box.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
import shutil
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from flask import Flask, url_for

from judge_app import paths
from judge_app.corpus import Corpus
from judge_app.search import browser_index
from judge_app.web import documents, i18n, packs, richtext

NEEDS_SERVER = "needs-server.html"
SEARCH = "search.html"
_LINK_RE = re.compile(r'(\s(?:href|src|action)=")([^"]*)(")')


@dataclass
class Report:
    files: int = 0
    bytes: int = 0
    seconds: float = 0.0
    pages: int = 0


def slug(text: str) -> str:
    """A file name for a glossary term: "Regra de Lendas" → "regra-de-lendas"."""
    folded = unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", folded).strip("-") or "term"


class Plan:
    """Which server address becomes which file."""

    def __init__(self) -> None:
        self.files: dict[str, str] = {}  # unquoted server path -> file path in the export

    def add(self, url: str, file: str) -> str:
        self.files[unquote(urlsplit(url).path)] = file
        return file

    def file_of(self, url: str) -> str | None:
        return self.files.get(unquote(urlsplit(html.unescape(url)).path))


def export(app: Flask, target: Path, docs: list[str] | None = None, lang: str = i18n.DEFAULT_LANGUAGE,
           progress: Callable[[int, int], None] | None = None) -> Report:
    """Write the reference into `target` (emptied first when it holds an earlier export)."""
    started = time.monotonic()
    corpus: Corpus = app.extensions["judge_corpus"]
    chosen = [d for d in (docs or list(corpus.rules)) if d in corpus.rules]
    target.mkdir(parents=True, exist_ok=True)
    plan = Plan()
    pages: list[tuple[str, str, dict]] = []  # (server url, file, extra environ)
    scenario_doc = next((d for d in chosen if d == documents.default_doc(corpus, lang)), chosen[0] if chosen else "")
    with app.test_request_context():
        pages.append((url_for("home.index"), plan.add(url_for("home.index"), "index.html"), {}))
        for doc in chosen:
            for url, file in _document_pages(corpus, doc):
                pages.append((url, plan.add(url, file), {}))
        pages.append((url_for("browse.guides"), plan.add(url_for("browse.guides"), "guides/index.html"), {}))
        for document in corpus.documents.values():
            if not document.is_cr:
                url = url_for("browse.guide", doc=document.id)
                pages.append((url, plan.add(url, f"guides/{document.id}.html"), {}))
        if scenario_doc:
            library = app.extensions["judge_scenarios"]
            url = url_for("scenarios.library")
            pages.append((url, plan.add(url, "scenarios/index.html"), {}))
            for name in library.entries:
                url = url_for("scenarios.scenario", name=name)
                pages.append((url, plan.add(url, f"scenarios/{slug(name)}.html"), {}))
        index_addresses = {part: url_for("offline.index", doc="DOC", part=part) for part in ("index", "minisearch")}
        search_url = url_for("offline.search")
        pages.append((search_url, plan.add(search_url, SEARCH), {}))
        unavailable = url_for("offline.unavailable")
        pages.append((unavailable, plan.add(unavailable, NEEDS_SERVER), {packs.STATIC_COPY_ENVIRON: True}))
        plan.add(url_for("search.results"), SEARCH)
        static_files = _static_files(app, plan)
        indexes = {doc: browser_index.build(corpus, doc, _export_links(plan)) for doc in chosen}

    client = packs.visitor(app, lang, scenario_doc or documents.default_doc(corpus, lang))
    report = Report()
    for count, (url, file, extra) in enumerate(pages, 1):
        response = client.get(url, environ_base=extra)
        if response.status_code != 200:
            raise RuntimeError(f"{url}: HTTP {response.status_code}")
        body = rewrite(response.get_data(as_text=True), file, plan)
        if file == SEARCH:
            for part, address in index_addresses.items():
                body = body.replace(f'"{address}"', f'"search/DOC-{part}.json"')
        _write(target / file, body.encode(), report)
        report.pages += 1
        if progress:
            progress(count, len(pages))
    for doc, data in indexes.items():
        minisearch = data.pop("minisearch")
        _write(target / "search" / f"{doc}-index.json", _json(data), report)
        _write(target / "search" / f"{doc}-minisearch.json", _json(minisearch), report)
    for source, file in static_files:
        _write(target / file, source.read_bytes(), report)
    report.seconds = time.monotonic() - started
    return report


def _document_pages(corpus: Corpus, doc: str) -> list[tuple[str, str]]:
    out = [(url_for("browse.toc", doc=doc), f"rules/{doc}/index.html"),
           (url_for("browse.glossary", doc=doc), f"glossary/{doc}/index.html")]
    out += [(richtext.rule_url(doc, number), f"rules/{doc}/{number}.html") for number in corpus.rules[doc]]
    taken: set[str] = set()
    listed: set[str] = set()
    for entry in corpus.glossary.get(doc, []):
        url = richtext.term_url(doc, entry.term)
        if url in listed:  # Spanish has two "Equipo": one page shows both
            continue
        listed.add(url)
        name = base = slug(entry.term)
        suffix = 2
        while name in taken:
            name, suffix = f"{base}-{suffix}", suffix + 1
        taken.add(name)
        out.append((url, f"glossary/{doc}/{name}.html"))
    return out


def _static_files(app: Flask, plan: Plan) -> list[tuple[Path, str]]:
    out = []
    for name in app.extensions["judge_assets"]:
        if name == "sw.js":
            continue
        file = plan.add(url_for("assets.static", name=name), f"static/{name}")
        out.append((paths.static_dir() / name, file))
    return out


def _export_links(plan: Plan) -> browser_index.Links:
    """Index entries link the export's files, relative to `search.html` at the top."""
    def rule(doc: str, number: str) -> str:
        return plan.file_of(richtext.rule_url(doc, number)) or NEEDS_SERVER

    def term(doc: str, name: str) -> str:
        return plan.file_of(richtext.term_url(doc, name)) or NEEDS_SERVER

    return browser_index.Links(rule=rule, term=term)


def _json(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def _write(path: Path, body: bytes, report: Report) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(body)
    report.files += 1
    report.bytes += len(body)


def rewrite(body: str, file: str, plan: Plan) -> str:
    """Every link of a page that starts with "/" made relative to `file`: to the file it became, else to
    the page saying it needs the server. Fragments stay; queries go (files take none)."""
    folder = posixpath.dirname(file) or "."

    def replace(match: re.Match[str]) -> str:
        return match.group(1) + _link(plan, folder, match.group(2)) + match.group(3)
    return _LINK_RE.sub(replace, body)


@lru_cache(maxsize=131072)
def _link(plan: Plan, folder: str, written: str) -> str:
    """An address as written in a page of `folder`, as it is written in the export (remembered: the pages
    of a folder link mostly the same few dozen addresses)."""
    value = html.unescape(written)
    if not value.startswith("/") or value.startswith("//"):
        return written
    path, _, fragment = value.partition("#")
    address = posixpath.relpath(plan.file_of(path) or NEEDS_SERVER, folder) + (f"#{fragment}" if fragment else "")
    return html.escape(address)


def clear(target: Path) -> None:
    """Remove an earlier export from `target` (only what an export writes)."""
    for name in ("rules", "glossary", "guides", "scenarios", "search", "static"):
        shutil.rmtree(target / name, ignore_errors=True)
    for name in ("index.html", SEARCH, NEEDS_SERVER):
        (target / name).unlink(missing_ok=True)

