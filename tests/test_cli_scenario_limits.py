"""The command line holds a scenario to the same limits as the web: input size, time, memory and output,
each refused with a message naming the limit. Each command runs in its own process, itself bounded (time,
memory), so a missing limit fails the test instead of the machine."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time

from scenario_texts import BIG_BOARD, ENDLESS

from judge_app import paths
from judge_app.scenarios import sandbox

TRAMPLE = paths.scenarios_dir() / "trample-deathtouch-two-blockers.toml"
HUGE_LIBRARY = ENDLESS.replace("library = 6000", "library = 90000000", 1)
_lines = TRAMPLE.read_text(encoding="utf-8").splitlines()
LATIN1_LINE = max(i for i, line in enumerate(_lines, 1) if line.startswith("name = "))
LATIN1 = "\n".join(line.replace("name = \"", "name = \"\xe1") if i == LATIN1_LINE else line
                   for i, line in enumerate(_lines, 1))
OUTER_LIMIT = 3 * 1024 ** 3  # bytes: what the test lets a command take before the command's own limit


def _judge(*arguments: str, timeout: float = 60) -> tuple[subprocess.CompletedProcess, float]:
    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (OUTER_LIMIT, OUTER_LIMIT))

    start = time.monotonic()
    result = subprocess.run([sys.executable, "-c", "from judge_app.cli import main; main()", *arguments],
                            capture_output=True, text=True, timeout=timeout, preexec_fn=bounded,
                            env={**os.environ, "PYTHONPATH": str(paths.PROJECT_ROOT)})
    return result, time.monotonic() - start


def test_an_endless_device_is_refused_at_the_size_limit():
    result, _ = _judge("scenario", "run", "/dev/zero")
    assert result.returncode == 2
    assert "the limit is 65,536 bytes (64 KB)" in result.stderr
    assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr


def test_a_replay_that_never_ends_is_stopped_at_the_time_limit(tmp_path):
    path = tmp_path / "endless.toml"
    path.write_text(ENDLESS, encoding="utf-8")
    result, took = _judge("scenario", "run", str(path), "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert f"{path}: the replay took longer than {sandbox.TIME_LIMIT:g} s of processor time" in result.stderr
    assert took < 30


def test_check_holds_every_file_to_every_limit(tmp_path):
    files = {"endless.toml": ENDLESS, "big-board.toml": BIG_BOARD, "huge-library.toml": HUGE_LIBRARY,
             "latin1.toml": LATIN1}
    for name, text in files.items():
        (tmp_path / name).write_bytes(text.encode("latin-1", "replace") if name == "latin1.toml" else text.encode())
    (tmp_path / "trample.toml").write_bytes(TRAMPLE.read_bytes())
    result, took = _judge("scenario", "check", "--dir", str(tmp_path), "--json")
    assert result.returncode == 2, result.stderr
    found = {os.path.basename(r["file"]): r for r in json.loads(result.stdout)["results"]}
    assert found["trample.toml"]["status"] == "pass"
    assert "took longer than 2 s" in found["endless.toml"]["message"]
    assert f"the limit is {sandbox.MAX_BOARDS:,}" in found["big-board.toml"]["message"]
    said = found["huge-library.toml"]["message"]  # whichever limit it reaches first, named
    assert "MB of memory" in said or "took longer than 2 s" in said, said
    assert f":{LATIN1_LINE}: byte 0xe1" in found["latin1.toml"]["message"]
    assert all(found[name]["status"] == "error" for name in files)
    assert took < 60


def test_a_folder_or_a_missing_file_is_one_clear_line(tmp_path):
    for target, said in ((tmp_path, "is a folder, not a scenario file; expected a .toml file"),
                         (tmp_path / "nope.toml", "no such file")):
        result, _ = _judge("scenario", "run", str(target))
        assert result.returncode == 2
        assert result.stderr.strip() == f"judge: {target}: {said}"


def test_memory_is_limited_in_the_command_line_child():
    """What the child may allocate: a few hundred MB over what it starts with, then a clear refusal."""
    answer = sandbox.run_limited(lambda: (0, "x" * (4 * sandbox.MEMORY_HEADROOM)))
    assert answer == sandbox.OUT_OF_MEMORY
    assert sandbox.run_limited(lambda: (1, "fine")) == (1, "fine")
