"""Replaying strangers' scenario text in a child process: the same answer as in process, and every limit held."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time

import pytest
from scenario_texts import ENDLESS

from judge_app import paths
from judge_app.scenarios import load, loads, run, sandbox
from judge_app.scenarios.render import outcome_json

LIBRARY = sorted(paths.scenarios_dir().glob("*.toml"))
TRAMPLE = paths.scenarios_dir() / "trample-deathtouch-two-blockers.toml"


def _without_file(data: dict) -> dict:
    return {**data, "scenario": {k: v for k, v in data["scenario"].items() if k not in ("file", "name")}}


def test_every_library_scenario_replays_in_the_child_as_in_process():
    for path in LIBRARY:
        result = sandbox.replay(path.read_text(encoding="utf-8"))
        assert result.refusal is None, (path.name, result.refusal)
        expected = outcome_json(run(load(path)))
        assert _without_file(result.data) == _without_file(expected), path.name
        assert result.data["scenario"]["file"] == sandbox.LABEL


def test_a_card_text_nobody_read_before_replays_well_within_the_time_limit():
    """A new text is parsed by the grammar in the child (no reading is remembered for it): the grammar is
    loaded in the fork server, and the parser's lookahead is quick to build, so it takes a fraction of the limit."""
    sandbox.replay(sandbox.EXAMPLE)  # the fork server is up
    for n in range(3):
        name = f"Deathtouch Wurm {time.time_ns()}-{n}"  # readings are remembered by text, name and type: a new one
        text = TRAMPLE.read_text(encoding="utf-8").replace('name = "Deathtouch Wurm"', f'name = "{name}"').replace(
            'text = "Trample, deathtouch"',
            'text = "Trample, deathtouch\\nWhen this creature enters, it deals 4 damage to any target."')
        assert name in text and "deals 4 damage" in text
        result = sandbox.replay(text)
        assert result.refusal is None, result.refusal
        assert result.cpu < sandbox.TIME_LIMIT / 2, f"a new card text took {result.cpu:.2f} s of processor time"



def test_the_command_line_readies_the_parser_only_for_a_card_text_it_has_not_read(monkeypatch):
    """`judge scenario run` loads the card-text parser (0.6 s) before its limited child only when a card of the
    scenario has no remembered reading: a library scenario read before starts without it, a new text gets it."""
    readied = []
    monkeypatch.setattr(sandbox, "warm_up", lambda: readied.append(True))
    known = TRAMPLE.read_text(encoding="utf-8")
    run(loads(known, "<read once>"))  # its cards' readings are remembered now
    sandbox.prepare(known)
    assert readied == []
    name = f"Deathtouch Wurm {time.time_ns()}"
    sandbox.prepare(known.replace('name = "Deathtouch Wurm"', f'name = "{name}"'))
    assert readied == [True]
    sandbox.prepare("[scenario\n")  # not even TOML: readied, the child says what is wrong
    assert readied == [True, True]

def test_a_malformed_scenario_is_refused_with_its_line():
    text = TRAMPLE.read_text(encoding="utf-8").replace("[players.Bob]", "[players.Bob]\nlif = 3")
    result = sandbox.replay(text)
    line = text.splitlines().index("lif = 3") + 1
    assert result.data is None
    assert (result.refusal.kind, result.refusal.status, result.refusal.line) == ("scenario", 422, line)
    assert "unknown key 'lif'" in result.refusal.problem and "did you mean 'life'" in result.refusal.problem
    assert result.refusal.to_json()["error"].startswith(f"line {line}: unknown key")


def test_a_replay_that_runs_too_long_is_stopped_at_the_time_limit():
    start = time.monotonic()
    result = sandbox.replay(ENDLESS)
    took = time.monotonic() - start
    assert result.refusal is not None and result.refusal.kind == "time" and result.refusal.status == 422
    assert "processor time" in result.refusal.problem
    # stopped by its processor-time timer, as it said, however long that took by the clock; on a machine too
    # busy to give it that much processor time, by the clock's backstop
    if result.cpu is not None:
        # the timer and the accounting the child reads differ by a tick or several on a busy machine
        assert sandbox.TIME_LIMIT * 0.8 <= result.cpu < sandbox.TIME_LIMIT + 0.5
        assert sandbox.TIME_LIMIT * 0.9 <= took < sandbox.WALL_LIMIT + sandbox.GRACE + 1.0
    else:
        assert sandbox.WALL_LIMIT <= took < sandbox.WALL_LIMIT + sandbox.GRACE + 1.0
    # the child ended itself: nothing is left running under the fork server
    server = sandbox._server._process.pid
    deadline = time.monotonic() + 2
    while _children(server) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _children(server) == []
    assert sandbox._answers.get(sandbox.REPLAY + ENDLESS.encode()) is None  # the machine had a part: not kept
    assert sandbox.replay(TRAMPLE.read_text(encoding="utf-8")).refusal is None  # and the next one runs


# A replay that ends, after a fraction of the time limit's worth of processor time (~0.5 s).
MODERATE = ENDLESS.replace("until_turn = 5000", "until_turn = 2").replace("library = 6000", "library = 3000")
HOGS = 4


def test_a_busy_machine_does_not_cut_a_replay_short():
    """The limit is the child's processor time: a replay needing a fraction of it passes when it gets a fifth
    of a processor or less (four busy processes share the one its fork server is kept on), though by the
    clock it then takes several times as long, which may be longer than the limit."""
    assert sandbox.replay(sandbox.EXAMPLE).refusal is None  # the fork server is up
    server = sandbox._server._process.pid
    everywhere = os.sched_getaffinity(server)
    one = {min(everywhere)}
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(HOGS)]
    try:
        for hog in hogs:
            os.sched_setaffinity(hog.pid, one)
        os.sched_setaffinity(server, one)  # its children are forked onto the same processor
        start = time.monotonic()
        result = sandbox.replay(MODERATE)
        took = time.monotonic() - start
    finally:
        os.sched_setaffinity(server, everywhere)
        for hog in hogs:
            hog.kill()
            hog.wait()
    if result.refusal is not None and result.cpu is None and took >= sandbox.WALL_LIMIT:
        pytest.skip(f"the machine is too busy: not even {sandbox.TIME_LIMIT:g} s of processor time in "
                    f"{sandbox.WALL_LIMIT:g} s")
    assert result.refusal is None, result.refusal
    assert result.cpu < sandbox.TIME_LIMIT
    assert took > 2 * result.cpu, f"{took:.2f} s for {result.cpu:.2f} s of processor time: the processor was not busy"


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


def test_a_trace_longer_than_the_limit_is_refused():
    text = ENDLESS.replace("until_turn = 5000", "until_turn = 40").replace("6000", "60")
    result = sandbox.replay(text)
    assert result.refusal is not None and result.refusal.kind == "too long"
    assert f"the limit is {sandbox.MAX_STEPS}" in result.refusal.problem


def test_arrays_nested_too_deeply_are_refused_at_their_line():
    text = 'title = "Bomb"\nquestion = "?"\ntags = ' + "[" * 5000 + "]" * 5000 + "\n"
    result = sandbox.replay(text)
    assert (result.refusal.kind, result.refusal.line) == ("scenario", 3)
    assert "nested too deeply" in result.refusal.problem
    with pytest.raises(Exception, match="nested too deeply"):  # the loader says the same in process
        loads(text)


def test_size_and_encoding_are_checked_before_any_replay():
    refusal = sandbox.replay("#" * (sandbox.MAX_TEXT + 1)).refusal
    assert (refusal.kind, refusal.status) == ("size", 413)
    refusal = sandbox.decode(b'title = "x"\nquestion = "caf\xe9"\n')
    assert (refusal.kind, refusal.line, refusal.status) == ("encoding", 2, 422)
    assert "byte 0xe9 at column 16" in refusal.problem
    assert sandbox.decode("\ufefftitle = 'x'".encode()) == "title = 'x'"


def test_replays_at_once_from_several_threads_all_get_their_own_answer():
    texts = [path.read_text(encoding="utf-8") for path in LIBRARY[:6]]
    results: dict[int, sandbox.Replay] = {}

    def replay(index: int) -> None:
        results[index] = sandbox.replay(texts[index])

    threads = [threading.Thread(target=replay, args=(i,)) for i in range(len(texts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for index, path in enumerate(LIBRARY[:6]):
        assert results[index].refusal is None
        assert results[index].data["scenario"]["title"] == load(path).title


def _new(text: str) -> str:
    """`text` with a comment no other replay had: no answer is remembered for it."""
    return f"{text}\n# {time.time_ns()}\n"


def test_with_every_child_busy_a_replay_waits_its_turn_and_one_replayed_before_needs_none():
    known = TRAMPLE.read_text(encoding="utf-8")
    first = sandbox.replay(known)
    assert first.refusal is None
    taken = [sandbox._turns.take() for _ in range(sandbox.MAX_CONCURRENT)]
    waited: list[sandbox.Replay] = []
    waiter = threading.Thread(target=lambda: waited.append(sandbox.replay(_new(known))))
    try:
        assert all(taken)
        waiter.start()
        start = time.monotonic()
        again = sandbox.replay(known)  # remembered: answered at once, no child's turn needed
        assert again.refusal is None and again.data == first.data and time.monotonic() - start < sandbox.QUEUE_WAIT / 2
        time.sleep(1.5)  # longer than a busy replay used to wait before it was told to retry (503)
        assert waiter.is_alive() and not waited  # still waiting its turn
    finally:
        for _ in taken:
            sandbox._turns.give_back()
    waiter.join(timeout=sandbox.QUEUE_WAIT + sandbox.WALL_LIMIT)
    assert waited and waited[0].refusal is None, waited
    assert waited[0].data["scenario"]["title"] == first.data["scenario"]["title"]


def test_a_flood_is_told_to_retry_at_once(monkeypatch):
    taken = [sandbox._turns.take() for _ in range(sandbox.MAX_CONCURRENT)]
    monkeypatch.setattr(sandbox._turns, "waiting", sandbox.MAX_WAITING)  # as many waiting as may wait
    try:
        start = time.monotonic()
        result = sandbox.replay(_new(TRAMPLE.read_text(encoding="utf-8")))
        took = time.monotonic() - start
    finally:
        for _ in taken:
            sandbox._turns.give_back()
    assert all(taken)
    assert result.refusal is sandbox.BUSY and result.refusal.status == 503 and took < 1.0


def test_remembered_answers_are_bounded_least_recently_used_first_out(monkeypatch):
    monkeypatch.setattr(sandbox, "REMEMBERED_BYTES", 1000)
    answers = sandbox._Answers()
    for name in (b"a", b"b", b"c", b"d"):
        answers.keep(name, b"x" * 200)
    answers.get(b"a")  # used: b is now the oldest
    answers.keep(b"e", b"x" * 200)
    assert [answers.get(name) is not None for name in (b"a", b"b", b"c", b"d", b"e")] == [True, False, True, True, True]
    answers.keep(b"f", b"x" * 300)  # over a quarter of the whole: not kept
    assert answers.get(b"f") is None


def test_a_stuck_helper_is_restarted_and_never_blamed_on_the_user():
    assert sandbox.replay(sandbox.EXAMPLE).refusal is None  # the fork server is up
    stuck = sandbox._server._process.pid
    os.kill(stuck, signal.SIGSTOP)
    try:
        start = time.monotonic()
        result = sandbox.replay(_new(sandbox.EXAMPLE))  # not answered from memory: a child is needed
        took = time.monotonic() - start
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(stuck, signal.SIGCONT)
    assert result.refusal is None, result.refusal
    assert sandbox._server._process.pid != stuck
    assert took < sandbox.TIME_LIMIT + 30  # a start-up check, then a new helper warming up


def test_a_helper_that_cannot_start_is_a_503_for_the_operator(monkeypatch, caplog):
    monkeypatch.setattr(sandbox._server, "command", [sys.executable, "-c", "import time; time.sleep(60)"])
    monkeypatch.setattr(sandbox._server, "startup_timeout", 1.0)
    sandbox._server.stop()
    try:
        result = sandbox.replay(_new(sandbox.EXAMPLE))  # not answered from memory: a child is needed
    finally:
        sandbox._server.stop()
    assert (result.refusal.kind, result.refusal.status) == ("unavailable", 503)
    assert "scenario helper" in caplog.text
    monkeypatch.undo()
    assert sandbox.replay(sandbox.EXAMPLE).refusal is None  # and a working one starts again
