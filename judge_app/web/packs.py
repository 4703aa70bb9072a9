"""Offline packs: a document's pages and search index, for the service worker to keep on a phone.

A pack is the app's own pages, rendered by the app itself (the same views and templates a visitor
gets), for one document in one interface language: every rule page, the contents, the glossary and
its entries (or, for the guides, each guide), plus the offline search page, the "needs the server"
page, the offline page and the home page. Rule pages in a pack leave out what needs other documents'
texts (the side-by-side texts, the 2019 → 2026 diff) and the scenarios citing the rule: those are
the heavy parts, and they lead where a pack cannot follow. Links to other documents stay: they open
offline when that document is saved too.

A pack's version is a hash of everything its pages are made from (the corpus and alignment keys,
the templates, static files and web code, the interface language), so a server with a new corpus or
new pages publishes a new version and saved packs update the next time they are online. Built packs
are kept gzipped in `<data dir>/offline/` (each file written atomically), built once under a file lock
however many workers ask; a data directory that cannot be written means a private folder instead.
"""

from __future__ import annotations

import fcntl
import gzip
import hashlib
import json
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from flask import Flask, Request, url_for
from flask.testing import FlaskClient
from markupsafe import escape

from judge_app import datafiles, paths
from judge_app.alignment import cache as alignment_cache
from judge_app.corpus import Corpus
from judge_app.search import browser_index
from judge_app.web import documents, i18n, richtext, security

PACK_ENVIRON = "judge.offline_pack"  # set on the builder's own requests; no HTTP request can set it
STATIC_COPY_ENVIRON = "judge.static_copy"  # likewise, on the static export's requests
GUIDES = "guides"
SHARED_PAGES = ("/", "/offline/", "/offline/search", "/offline/unavailable")
PACKED_FILES = (".css", ".js", ".svg", ".png", ".webmanifest")  # the static files pages use


def in_pack(request: Request) -> bool:
    """Whether this page is being rendered into an offline pack (see the module's docstring)."""
    return bool(request.environ.get(PACK_ENVIRON))


@dataclass(frozen=True, slots=True)
class Pack:
    id: str  # a CR document id, or "guides"
    documents: tuple[str, ...]
    label: str  # "EN 2026"; "Guides"
    effective: str  # the rules' date ("" for the guides)

    @property
    def searchable(self) -> bool:
        return self.id != GUIDES


def available(corpus: Corpus) -> list[Pack]:
    packs = [Pack(d.id, (d.id,), documents.label(d), d.effective) for d in corpus.cr_documents()]
    guides = tuple(d.id for d in corpus.documents.values() if not d.is_cr)
    if guides:
        packs.append(Pack(GUIDES, guides, "", ""))
    return packs


def find(corpus: Corpus, pack_id: str) -> Pack | None:
    return next((p for p in available(corpus) if p.id == pack_id), None)


@lru_cache(maxsize=1)
def _site_hash() -> str:
    """What every page is made of besides the corpus: templates, static files, the web and index code."""
    digest = hashlib.sha256()
    folders = [paths.templates_dir(), paths.static_dir(), Path(__file__).parent]
    files = [f for folder in folders for f in sorted(folder.rglob("*")) if f.is_file() and "__pycache__" not in f.parts]
    for file in [*files, Path(browser_index.__file__)]:
        digest.update(file.name.encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()


@lru_cache(maxsize=1)
def release() -> str:
    """This server's release of the pages: the corpus and alignment keys with the pages' own code."""
    corpus_key = alignment_cache.cache_key(paths.corpus_dir())
    return hashlib.sha256(f"{corpus_key}|{_site_hash()}".encode()).hexdigest()[:16]


@lru_cache(maxsize=64)
def version(pack_id: str, lang: str = "") -> str:
    """A pack's version: its release, the pack and the interface language."""
    return hashlib.sha256(f"{release()}|{pack_id}|{lang}".encode()).hexdigest()[:16]


def index_urls(doc: str) -> list[str]:
    return [url_for("offline.index", doc=doc, part=part) for part in ("index", "minisearch")]


def page_urls(corpus: Corpus, pack: Pack) -> list[str]:
    """Every page of the pack (call inside a request context: these are `url_for` addresses)."""
    urls = []
    if pack.id == GUIDES:
        urls.append(url_for("browse.guides"))
        urls += [url_for("browse.guide", doc=doc) for doc in pack.documents]
    else:
        doc = pack.id
        urls += [url_for("browse.toc", doc=doc), url_for("browse.glossary", doc=doc)]
        urls += [richtext.rule_url(doc, number) for number in corpus.rules[doc]]
        urls += list(dict.fromkeys(richtext.term_url(doc, e.term) for e in corpus.glossary.get(doc, [])))
    return [*urls, *SHARED_PAGES]


def label(pack: Pack, lang: str) -> str:
    return pack.label or i18n.gettext_in(lang, "Guides")


def banner(pack: Pack, lang: str, version_: str) -> str:
    """The offline indicator the service worker puts at the top of a page it serves from the pack;
    `{saved}` is filled in by the worker with the day the pack was saved. (Inside an app context.)"""
    text = i18n.gettext_in(lang, "Offline: served from your saved copy of %(pack)s (rules of %(effective)s, "
                                 "version %(version)s, saved {saved}).")
    effective = i18n.day(pack.effective, lang) if pack.effective else "—"
    text %= {"pack": label(pack, lang), "effective": effective, "version": version_[:8]}
    return f'<p class="offline-status" role="status" data-pack="{escape(pack.id)}">{escape(text)}</p>'


def render(app: Flask, pack: Pack, lang: str) -> dict:
    """The pack as JSON-ready data: its pages (url, HTML), the files they need, and how to show it."""
    corpus: Corpus = app.extensions["judge_corpus"]
    version_ = version(pack.id, lang)
    with app.test_request_context():
        urls = page_urls(corpus, pack)
        indicator = banner(pack, lang, version_)
        files = sorted(url_for("assets.static", name=name, v=asset.version)
                       for name, asset in app.extensions["judge_assets"].items()
                       if name != "sw.js" and name.endswith(PACKED_FILES))
        if pack.searchable:
            files += index_urls(pack.id)
    client = visitor(app, lang, pack.documents[0])
    pages = []
    for url in urls:
        response = client.get(url, environ_base={PACK_ENVIRON: True})
        if response.status_code == 200 and response.mimetype == "text/html":
            pages.append([url, response.get_data(as_text=True)])
    return {
        "id": pack.id,
        "version": version_,
        "release": release(),
        "lang": lang,
        "label": pack.label,
        "effective": pack.effective,
        "banner": indicator,
        "headers": {**security.HEADERS, "Content-Type": "text/html; charset=utf-8"},
        "pages": pages,
        "files": files,
    }


def visitor(app: Flask, lang: str, doc: str) -> FlaskClient:
    """A test client that has chosen interface language `lang` and document `doc`, as a visitor would."""
    client = app.test_client()
    client.set_cookie(i18n.COOKIE, lang)
    client.set_cookie(documents.COOKIE, doc)
    return client


@contextmanager
def _lock(folder: Path) -> Iterator[None]:
    with open(folder / ".lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _kept(name: str, key: str, make: Callable[[], dict[str, object]]) -> dict[str, Path]:
    """`<data dir>/offline/<name>/<key>/<part>.json.gz` for each part `make` returns, made once under a
    lock (however many workers ask at once); other keys' folders are removed then. When the data directory
    cannot be written (read-only, full), they are made in a private folder instead, said once."""
    folder = paths.data_dir() / "offline"
    try:
        return _kept_in(datafiles.make_folder(folder), name, key, make)
    except OSError as error:
        fallback = datafiles.private_folder("offline")
        datafiles.warn("offline packs", folder, error, f"keeping them in {fallback} instead")
        return _kept_in(fallback, name, key, make)


def _kept_in(base: Path, name: str, key: str, make: Callable[[], dict[str, object]]) -> dict[str, Path]:
    folder = base / name
    folder.mkdir(exist_ok=True)
    target = folder / key
    done = target / ".done"
    if not done.exists():
        with _lock(folder):
            if not done.exists():
                shutil.rmtree(target, ignore_errors=True)
                target.mkdir()
                for part, data in make().items():
                    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
                    datafiles.write_bytes(target / f"{part}.json.gz", gzip.compress(body, 9, mtime=0))
                done.touch()
                for old in folder.iterdir():
                    if old.is_dir() and old != target:
                        shutil.rmtree(old, ignore_errors=True)
    return {path.name.removesuffix(".json.gz"): path for path in target.glob("*.json.gz")}


def pack_file(app: Flask, pack: Pack, lang: str) -> Path:
    """The gzipped pack, built now if this version was never built."""
    return _kept(f"pack-{pack.id}-{lang}", version(pack.id, lang), lambda: {"pack": render(app, pack, lang)})["pack"]


def index_files(app: Flask, doc: str) -> dict[str, Path]:
    """The gzipped browser search index of a CR document, linking the server's pages: "index" (what the
    page reads) and "minisearch" (what MiniSearch loads)."""
    def make() -> dict[str, object]:
        with app.test_request_context():
            data = browser_index.build(app.extensions["judge_corpus"], doc, server_links())
        return {"minisearch": data.pop("minisearch"), "index": data}
    return _kept(f"index-{doc}", version(doc), make)


def server_links() -> browser_index.Links:
    return browser_index.Links(rule=richtext.rule_url, term=richtext.term_url)
