"""What a web worker has ready before its first visitor: every template compiled and each interface
language's number and date formats read (in the app gunicorn preloads, so each worker inherits them), and
its scenario helper started (gunicorn's post_worker_init)."""

from __future__ import annotations

import gc
import time

from babel import localedata

from judge_app.scenarios import sandbox
from judge_app.web import create_app, gunicorn_hooks, i18n


def test_templates_and_locale_data_are_ready_when_the_app_is_made():
    localedata._cache.clear()  # Babel's own memo of what it read: as in a process that has not read any
    app = create_app()
    compiled = {name for _, name in app.jinja_env.cache}
    assert set(app.jinja_env.list_templates(extensions=["html"])) <= compiled
    assert "rule.html" in compiled and "search.html" in compiled
    assert set(i18n.LANGUAGES) <= set(localedata._cache)


def test_a_worker_starts_its_scenario_helper_before_any_replay(monkeypatch):
    fresh = sandbox._ForkServer()
    monkeypatch.setattr(sandbox, "_server", fresh)
    try:
        gunicorn_hooks.post_worker_init(worker=None)
        deadline = time.monotonic() + 10
        while fresh._process is None and time.monotonic() < deadline:
            time.sleep(0.02)
        started = fresh._process
        assert started is not None, "no scenario helper was started"
        fresh.start()  # waits for the one being started; starts none of its own
        assert fresh._process is started and started.poll() is None
        assert sandbox.replay(sandbox.EXAMPLE).refusal is None
    finally:
        fresh.stop()


def test_what_the_master_holds_is_out_of_the_collectors_sight_before_a_worker_forks():
    tracked = len(gc.get_objects())  # (left frozen after: as in a gunicorn master, nothing is lost by it)
    gunicorn_hooks.pre_fork(server=None, worker=None)
    assert len(gc.get_objects()) < tracked / 10 and gc.get_freeze_count() >= tracked / 2
