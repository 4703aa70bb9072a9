"""Gzip for text responses: a rule page on a phone with a bad connection is mostly words.

Our own few lines rather than a library: we only need gzip of text bodies already in memory, and
the static files come pre-compressed from `assets`. Level 6 costs well under a millisecond here.
"""

from __future__ import annotations

import gzip

from flask import Flask, Request, Response, request

COMPRESSIBLE = ("text/html", "text/css", "text/plain", "application/json", "text/javascript",
                "application/javascript", "image/svg+xml")
MINIMUM_SIZE = 500
LEVEL = 6


def accepts_gzip(req: Request) -> bool:
    return "gzip" in req.accept_encodings and req.accept_encodings["gzip"] > 0


def compress(response: Response) -> Response:
    response.vary.add("Accept-Encoding")
    if (
        response.direct_passthrough
        or response.status_code < 200
        or response.status_code in (204, 304)
        or "Content-Encoding" in response.headers
        or response.mimetype not in COMPRESSIBLE
        or not accepts_gzip(request)
    ):
        return response
    body = response.get_data()
    if len(body) < MINIMUM_SIZE:
        return response
    response.set_data(gzip.compress(body, compresslevel=LEVEL, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    return response


def init_app(app: Flask) -> None:
    app.after_request(compress)
