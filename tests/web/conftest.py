"""The web app on the real corpus, built once per session."""

from __future__ import annotations

import pytest
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
