"""The web app on the real corpus, built once per session; and, for the browser tests, `judge serve` and
headless Chromium (browsing.py)."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request

import pytest
from browsing import ARTIFACTS, free_port, new_browser, require_browser
from flask import Flask
from flask.testing import FlaskClient

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
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = open(ARTIFACTS / "server.log", "w")  # noqa: SIM115 - closed at teardown
    command = [sys.executable, "-c", "from judge_app.cli import main; main()", "serve", "--port", str(port),
               "--workers", "1"]
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "/", timeout=2) as response:
                if response.status == 200:
                    break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            log.close()
            pytest.fail(f"judge serve did not start; see {ARTIFACTS / 'server.log'}")
        time.sleep(0.2)
    yield base
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


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
