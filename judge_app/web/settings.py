"""The visitor's choices, kept in cookies: interface language and preferred rules document.

Plain links (GET) so they work without JavaScript; they only set a preference, then go back.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request
from werkzeug.wrappers import Response

from judge_app.web import documents, i18n
from judge_app.web.documents import get_corpus

bp = Blueprint("settings", __name__, url_prefix="/settings")

ONE_YEAR = 365 * 24 * 3600


def safe_next(default: str = "/") -> str:
    """Only a path on this site: no scheme, no host, no `//` or backslash tricks."""
    target = request.args.get("next", "")
    if not target.startswith("/") or target.startswith("//") or "\\" in target or any(ord(c) < 32 for c in target):
        return default
    return target


def _remember(name: str, value: str) -> Response:
    response = redirect(safe_next(), code=303)
    response.set_cookie(name, value, max_age=ONE_YEAR, samesite="Lax", httponly=True)
    return response


@bp.route("/lang/<code>")
def language(code: str) -> Response:
    if code not in i18n.LANGUAGES:
        abort(404)
    return _remember(i18n.COOKIE, code)


@bp.route("/doc/<doc>")
def document(doc: str) -> Response:
    if doc not in get_corpus().rules:
        abort(404)
    return _remember(documents.COOKIE, doc)
