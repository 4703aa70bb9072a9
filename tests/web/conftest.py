"""The web app on the real corpus, built once per session; and, for the browser tests, `judge serve` and
headless Chromium (browsing.py)."""

from __future__ import annotations

import pytest
from browsing import ARTIFACTS, new_browser, require_browser
from flask import Flask
from flask.testing import FlaskClient
from running import judge_serve

from judge_app.web import create_app


@pytest.fixture(scope="session")
def app() -> Flask:
    return create_app()


@pytest.fixture(scope="session")
def alignment(app: Flask):
    return app.extensions["judge_alignment"]


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="session")
def server():
    """`judge serve` in a child process: the real gunicorn set-up, on a free loopback port."""
    require_browser()
    ARTIFACTS.mkdir(exist_ok=True)
    with judge_serve(ARTIFACTS / "server.log", workers=1) as base:
        yield base


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def browser(request, server):
    driver = new_browser(javascript=request.param)
    yield driver
    driver.quit()


@pytest.fixture()
def js_browser(server):
    driver = new_browser(javascript=True)
    yield driver
    driver.quit()
