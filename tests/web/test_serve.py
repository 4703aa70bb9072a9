"""`judge serve`: options checked before anything starts (the browser tests run it for real)."""

from __future__ import annotations

from click.testing import CliRunner

from judge_app.cli import main
from judge_app.commands.serve import bind_address


def test_bind_address_brackets_ipv6():
    assert bind_address("127.0.0.1", 8000) == "127.0.0.1:8000"
    assert bind_address("::1", 8080) == "[::1]:8080"


def test_a_bad_port_is_a_clear_error():
    result = CliRunner().invoke(main, ["serve", "--port", "70000"])
    assert result.exit_code == 2
    assert "70000 is not in the range 1<=x<=65535" in result.output


def test_help_says_it_is_gunicorn_and_where_it_listens():
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    assert "gunicorn" in result.output and "127.0.0.1" in result.output and "--dev" in result.output
