"""What every request and response goes through: security headers (scripts and styles only from our own
files, no sniffing), redirects that never name a host, and request bodies of known length.

A body sent in chunks has no Content-Length, and Werkzeug then quietly cuts it at the route's limit
(`max_content_length`) instead of refusing it. `BoundedBody` reads such a body itself, up to a cap above
every route's limit, and hands the app a body of known length: a route over its limit answers 413 with
its own message, however the body was sent.
"""

from __future__ import annotations

import io
from urllib.parse import urlsplit, urlunsplit

from flask import Flask, Response, request

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",  # the offline service worker, /sw.js
    "manifest-src 'self'",  # the installable app's manifest
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}

BODY_CAP = 128 * 1024  # bytes read of a body of unknown length: over every route's own limit (64 KB + a form)


def add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def relative_location(response: Response) -> Response:
    """A redirect to this site says only the path: the Host header a client sent is never echoed back
    (Werkzeug's own redirects, such as `/api` → `/api/`, name the host the request claimed)."""
    location = response.headers.get("Location")
    if location:
        parts = urlsplit(location)
        if parts.netloc and parts.netloc == request.host:
            response.headers["Location"] = urlunsplit(("", "", parts.path or "/", parts.query, parts.fragment))
    return response


class BoundedBody:
    """WSGI middleware: a body without a Content-Length (chunked) is read here, at most BODY_CAP + 1 bytes,
    and passed on with its length, so the app's limits see how big it is."""

    def __init__(self, app) -> None:
        self.app = app

    def __call__(self, environ, start_response):
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked or (environ.get("wsgi.input_terminated") and not environ.get("CONTENT_LENGTH")):
            body = _read_at_most(environ["wsgi.input"], BODY_CAP + 1)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("HTTP_TRANSFER_ENCODING", None)
            environ["wsgi.input_terminated"] = False
        return self.app(environ, start_response)


def _read_at_most(stream, limit: int) -> bytes:
    chunks, size = [], 0
    while size < limit and (chunk := stream.read(min(65536, limit - size))):
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def init_app(app: Flask) -> None:
    app.after_request(add_headers)
    app.after_request(relative_location)
    app.wsgi_app = BoundedBody(app.wsgi_app)
