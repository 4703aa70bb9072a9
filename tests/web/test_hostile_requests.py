"""Requests built to hurt, through the WSGI app: bodies over the limit however they are sent, a forged Host,
responses that must not tell where the server keeps its files, uploads that are not UTF-8."""

from __future__ import annotations

import io
import re

import pytest
from scenario_texts import BIG_BOARD
from werkzeug.test import EnvironBuilder, run_wsgi_app

from judge_app import paths
from judge_app.scenarios import sandbox

OVER = sandbox.MAX_TEXT + 10_000


def _chunked(app, path: str, body: bytes, content_type: str = "application/toml"):
    """POST `body` the way a server passes on a chunked request: no Content-Length, the stream terminated."""
    environ = EnvironBuilder(path, method="POST", input_stream=io.BytesIO(body),
                             headers={"Transfer-Encoding": "chunked", "Content-Type": content_type}).get_environ()
    environ.pop("CONTENT_LENGTH", None)
    environ["wsgi.input_terminated"] = True
    chunks, status, headers = run_wsgi_app(app, environ, buffered=True)
    return int(status.split()[0]), b"".join(chunks), headers


def test_a_chunked_body_over_the_limit_is_refused_not_cut(app):
    status, body, _ = _chunked(app, "/api/scenarios/run", sandbox.EXAMPLE.encode() + b"#" * OVER)
    assert status == 413
    assert b"64 KB" in body


def test_a_chunked_form_over_the_limit_is_refused(app):
    boundary = "b0undary"
    form = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n".encode()
            + b"#" * (OVER + 20_000) + f"\r\n--{boundary}--\r\n".encode())
    status, body, _ = _chunked(app, "/scenarios/try", form, f"multipart/form-data; boundary={boundary}")
    assert status == 413
    assert b"64 KB" in body


def test_a_chunked_body_under_the_limit_is_replayed(app):
    status, body, _ = _chunked(app, "/api/scenarios/run", sandbox.EXAMPLE.encode())
    assert status == 200
    assert b'"ok":true' in body.replace(b" ", b"")


@pytest.mark.parametrize("path", ["/api", "/guides", "/rules/en-2026", "/scenarios/"])
def test_redirects_are_relative_whatever_the_host_header_says(app, path):
    environ = EnvironBuilder(path, headers={"Host": "evil.example"}).get_environ()
    _, status, headers = run_wsgi_app(app, environ, buffered=True)
    assert status.startswith("30")
    location = headers["Location"]
    assert location.startswith("/") and not location.startswith("//"), location
    assert "evil.example" not in location


def test_css_and_js_carry_one_charset(client, app):
    for name in app.extensions["judge_assets"]:
        content_type = client.get(f"/static/{name}").headers["Content-Type"]
        assert content_type.count("charset") <= 1, (name, content_type)
        if name.endswith((".css", ".js")):
            assert content_type.endswith("; charset=utf-8"), (name, content_type)


@pytest.mark.parametrize("url", ["/api/", "/api/scenarios/trample-deathtouch-two-blockers",
                                 "/api/scenarios", "/scenarios/trample-deathtouch-two-blockers"])
def test_no_server_path_in_responses(client, url):
    text = client.get(url).get_data(as_text=True)
    for secret in {str(paths.PROJECT_ROOT), str(paths.scenarios_dir()), str(paths.data_dir())}:
        assert secret not in text, f"{url} shows {secret}"


def test_a_non_utf8_upload_is_reported_at_its_line(client):
    text = sandbox.EXAMPLE.encode().replace(b'name = "Hill Giant"', b'name = "Hill G\xe9ant"')
    line = text[:text.index(b"\xe9")].count(b"\n") + 1
    assert line > 1
    response = client.post("/scenarios/try", data={"text": (io.BytesIO(text), "mine.toml")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))
    assert re.search(rf"\b[Ll]ine {line}\b", page), page[:2000]
    assert "0xe9" in page


def test_an_uploaded_file_is_replayed_like_typed_text(client):
    response = client.post("/scenarios/try", data={"text": (io.BytesIO(sandbox.EXAMPLE.encode()), "mine.toml")},
                           content_type="multipart/form-data")
    assert response.status_code == 200
    assert "Hill Giant" in response.get_data(as_text=True)


def test_a_small_scenario_with_a_huge_board_is_refused_before_it_is_drawn(client):
    """A few KB of text, thousands of cards drawn over its steps: the output limit names itself, and
    what is sent back stays small."""
    for response in (client.post("/scenarios/try", data={"text": BIG_BOARD}),
                     client.post("/api/scenarios/run", data=BIG_BOARD.encode())):
        assert response.status_code == 422
        assert f"the limit is {sandbox.MAX_BOARDS:,}" in response.get_data(as_text=True)
        assert len(response.get_data()) < 200_000
