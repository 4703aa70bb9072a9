"""Offline use: the installable app's service worker, the offline page, and the packs it saves.

    /sw.js                          the service worker (static/sw.js), at the root so it controls every page
    /offline/                       what can be saved on this device, and what is saved (the script fills it in)
    /offline/packs.json?lang=L      every pack with its current version and address
    /offline/<pack>/pack.json?lang=L    one pack: its pages and files (see `packs`)
    /offline/<doc>/index.json       a CR document's search index for the browser (`search.browser_index`),
    /offline/<doc>/minisearch.json  and its MiniSearch part
    /offline/search                 the offline search page (the script searches the saved index)
    /offline/unavailable            what the worker shows for a page no saved pack holds

Every HTML response says which release of the pages it is (`X-Judge-Release`): a worker holding
packs of another release updates them right then, the first time it is online again.
"""

from __future__ import annotations

import gzip

from flask import Blueprint, Flask, Response, abort, current_app, render_template, request, url_for

from judge_app.web import i18n, packs
from judge_app.web.compression import accepts_gzip
from judge_app.web.documents import get_corpus

bp = Blueprint("offline", __name__)

RELEASE_HEADER = "X-Judge-Release"


def _lang() -> str:
    lang = request.args.get("lang", "")
    return lang if lang in i18n.LANGUAGES else i18n.current_language()


@bp.route("/sw.js")
def service_worker() -> Response:
    asset = current_app.extensions["judge_assets"]["sw.js"]
    return Response(asset.body, mimetype=asset.mimetype, headers={
        "Cache-Control": "no-cache",  # browsers look for a new worker on every visit; never a stale one
        "Service-Worker-Allowed": "/",
    })


@bp.route("/offline/")
def page():
    corpus = get_corpus()
    listed = [(p, pack_title(p), corpus.document(p.documents[0]).language) for p in packs.available(corpus)]
    return render_template("offline.html", packs=listed)


def pack_title(pack: packs.Pack) -> str:
    corpus = get_corpus()
    if pack.id == packs.GUIDES:
        return ", ".join(corpus.document(d).title for d in pack.documents)
    return corpus.document(pack.id).title


@bp.route("/offline/packs.json")
def pack_list():
    corpus = get_corpus()
    lang = _lang()
    listed = [{
        "id": p.id,
        "label": packs.label(p, lang),
        "title": pack_title(p),
        "effective": p.effective,
        "version": packs.version(p.id, lang),
        "url": url_for("offline.pack", pack_id=p.id, lang=lang),
        "index": packs.index_urls(p.id) if p.searchable else [],
    } for p in packs.available(corpus)]
    response = current_app.json.response({"release": packs.release(), "lang": lang, "packs": listed})
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.route("/offline/<pack_id>/pack.json")
def pack(pack_id: str):
    found = packs.find(get_corpus(), pack_id)
    if found is None:
        abort(404)
    return _gzipped_json(packs.pack_file(current_app, found, _lang()).read_bytes())


@bp.route("/offline/<doc>/<any(index, minisearch):part>.json")
def index(doc: str, part: str):
    if doc not in get_corpus().rules:
        abort(404)
    return _gzipped_json(packs.index_files(current_app, doc)[part].read_bytes())


def _gzipped_json(body: bytes) -> Response:
    """A pack file as kept on disk: gzipped, sent as is to any client that takes gzip."""
    headers = {"Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
    if accepts_gzip(request):
        headers["Content-Encoding"] = "gzip"
        return Response(body, mimetype="application/json", headers=headers)
    return Response(gzip.decompress(body), mimetype="application/json", headers=headers)


@bp.route("/offline/search")
def search():
    corpus = get_corpus()
    return render_template("offline_search.html", documents=corpus.cr_documents(),
                           index_url=url_for("offline.index", doc="DOC", part="index"),
                           minisearch_url=url_for("offline.index", doc="DOC", part="minisearch"))


@bp.route("/offline/unavailable")
def unavailable():
    return render_template("offline_unavailable.html", static_copy=bool(request.environ.get(packs.STATIC_COPY_ENVIRON)))


def add_release(response: Response) -> Response:
    if response.mimetype == "text/html":
        response.headers[RELEASE_HEADER] = packs.release()
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.after_request(add_release)
