"""Friendly error pages: a wrong address gets help, a fault gets an apology and a log line, never a traceback."""

from __future__ import annotations

import logging

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString
from werkzeug.exceptions import HTTPException

from judge_app.search import IndexUnavailable
from judge_app.web.documents import get_corpus

log = logging.getLogger("judge_app.web")

BAD_REQUEST = _l("The request could not be understood.")
SEARCH_REBUILT = _l("Search is being rebuilt and will be back in a minute; rule pages still work.")
RETRY_AFTER = 30  # seconds: about what rebuilding the search index takes
FAULT = _l("The server could not answer this request. The problem has been logged; please try again or go back "
           "to the home page.")


def wants_json() -> bool:
    return request.path.startswith("/api/")


def not_found_page(what: str, **context) -> tuple[str, int]:
    """The 404 page for an unknown rule, document, glossary term or address."""
    return render_template("not_found.html", what=what, cr_documents=get_corpus().cr_documents(),
                           **context), 404


def handle_http(error: HTTPException):
    if wants_json():
        return jsonify(error=error.description, status=error.code), error.code
    if error.code == 404:
        return not_found_page("page")
    return _error_page(error.code or 500, BAD_REQUEST if (error.code or 500) < 500 else FAULT)


def handle_unavailable(error: IndexUnavailable):
    """The search index is being rebuilt: the operator sees it in the log, the visitor is asked to come back."""
    log.warning("%s %s: %s", request.method, request.full_path, error)
    if wants_json():
        response = jsonify(error=str(error), status=503)
        response.status_code = 503
    else:
        response = current_app.make_response(_error_page(503, SEARCH_REBUILT))
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


def handle_exception(error: Exception):
    log.exception("unhandled error on %s %s", request.method, request.full_path)
    if wants_json():
        return jsonify(error="internal error; it has been logged", status=500), 500
    return _error_page(500, FAULT)


def _error_page(status: int, message: LazyString):
    try:
        return render_template("error.html", status=status, message=str(message)), status
    except Exception:  # the error page itself failed: fall back to text that cannot fail
        log.exception("error page failed")
        return Response(str(FAULT), status=status, mimetype="text/plain")


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(IndexUnavailable, handle_unavailable)
    app.register_error_handler(Exception, handle_exception)
