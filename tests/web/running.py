"""`judge serve` for real in a child process, on a free loopback port: what the serving tests and the
browser tests talk to. Everything here talks to 127.0.0.1 only."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

START_TIMEOUT = 90.0  # seconds; the index is built first when it is missing (~45 s on a busy machine)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def judge_serve(log_path: Path, workers: int = 1, env: dict[str, str] | None = None) -> Iterator[str]:
    """Run `judge serve` until the block ends; yields its base URL. Fails with the log's tail if it does
    not answer within START_TIMEOUT."""
    port = free_port()
    command = [sys.executable, "-c", "from judge_app.cli import main; main()", "serve", "--port", str(port),
               "--workers", str(workers)]
    base = f"http://127.0.0.1:{port}"
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})
        try:
            _wait_until_up(base, process, log_path)
            yield base
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_until_up(base: str, process: subprocess.Popen, log_path: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            with urllib.request.urlopen(base + "/", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            tail = log_path.read_text(errors="replace")[-2000:]
            raise RuntimeError(f"judge serve did not start; its log ends with:\n{tail}")
        time.sleep(0.2)
