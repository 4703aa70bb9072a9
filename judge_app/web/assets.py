"""Our CSS and JS: read once, fingerprinted, pre-compressed, cached by browsers for a year.

Pages link `/static/<name>?v=<hash of the content>`, so a changed file gets a new address and a
year-long, immutable cache lifetime is safe.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Flask, Response, abort, current_app, request, url_for

from judge_app import paths
from judge_app.web.compression import accepts_gzip

ONE_YEAR = 365 * 24 * 3600
SHORT = 300  # an unversioned or outdated address may change under the same name

bp = Blueprint("assets", __name__)


@dataclass(frozen=True, slots=True)
class Asset:
    body: bytes
    gzipped: bytes
    mimetype: str
    version: str


def load(folder: Path) -> dict[str, Asset]:
    assets = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        body = path.read_bytes()
        mimetype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"  # werkzeug adds the charset
        version = hashlib.sha256(body).hexdigest()[:12]
        assets[path.relative_to(folder).as_posix()] = Asset(body, gzip.compress(body, 9, mtime=0), mimetype, version)
    return assets


def asset_url(name: str) -> str:
    """`/static/<name>?v=<version>`, built once per file and mount point (every page asks for several)."""
    asset = current_app.extensions["judge_assets"][name]
    key = (request.script_root, name)
    urls = current_app.extensions["judge_asset_urls"]
    known = urls.get(key)
    if known is None:
        known = urls[key] = url_for("assets.static", name=name, v=asset.version)
    return known


@bp.route("/static/<path:name>")
def static(name: str) -> Response:
    asset = current_app.extensions["judge_assets"].get(name)
    if asset is None:
        abort(404)
    etag = f'"{asset.version}"'
    current = request.args.get("v") == asset.version
    headers = {
        "ETag": etag,
        "Cache-Control": f"public, max-age={ONE_YEAR}, immutable" if current else f"public, max-age={SHORT}",
        "Vary": "Accept-Encoding",
    }
    if etag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers=headers)
    if accepts_gzip(request):
        headers["Content-Encoding"] = "gzip"
        return Response(asset.gzipped, mimetype=asset.mimetype, headers=headers)
    return Response(asset.body, mimetype=asset.mimetype, headers=headers)


def init_app(app: Flask) -> None:
    app.extensions["judge_assets"] = load(paths.static_dir())
    app.extensions["judge_asset_urls"] = {}
    app.register_blueprint(bp)
    app.jinja_env.globals["asset_url"] = asset_url
