"""Replaying scenario text within limits, wherever the replay starts: the web's "try your own", the API,
and the command line (`judge scenario run` and `check`). One set of limits, one set of messages.

Scenario text is data. `loads` reads it with `tomllib` and checks every key; nothing in it names a file to
read, includes another file or opens a connection. What a stranger's text can do is ask for a great deal of
work: a library of a billion cards, a hundred thousand turns, arrays nested until the parser recurses too
deep, or a board so big that showing each step of it is megabytes of HTML. So each replay runs in a child
process, and the work that turns its result into what is shown happens inside the same limits:

- input: at most `MAX_TEXT` bytes, read no further (`read_file` on the command line, `/dev/zero` included).
- time: `TIME_LIMIT` seconds of processor time, not of the clock, so a replay gets the same allowance on a
  busy machine as on an idle one. The child arms a processor-time timer as it starts (setitimer
  ITIMER_PROF); when it fires, the replay is abandoned and the child answers that it took too long, with
  the processor time it used. RLIMIT_CPU (a second more) ends a child stuck where Python cannot interrupt
  it (a C call); a real-time timer of `WALL_LIMIT` seconds ends one that gets no processor time at all
  (SIGALRM's default action), and the caller stops waiting shortly after that in any case.
- memory: RLIMIT_AS caps the child's address space; running out is reported, not a crash of the caller.
- output: at most `MAX_STEPS` trace steps, `MAX_BOARDS` objects on the boards of all steps together (what
  a page draws), and `MAX_RESULT` bytes sent back.
- load (web): at most `MAX_CONCURRENT` children at once per process (each is bounded by the time limit, and
  more than the machine's processors would only share them); a replay that finds them all taken waits its
  turn, up to `QUEUE_WAIT` s — a judge would rather have the answer a second later than be told to retry —
  and only when `MAX_WAITING` replays are waiting already (a flood) is the next one told to retry at once.
- answers are remembered: the engine is deterministic, so the answer to a text replayed before (a library
  scenario, an example edited back) is given again from memory (`REMEMBERED_BYTES` per process, least
  recently used first out), without a child or a turn to wait for. Refusals that depend on the machine
  (time, memory) are not remembered.

On the web the children are forked by a small fork server (`python -m judge_app.scenarios.sandbox`), one per
calling process, started as a web worker starts (`start`; else on the first replay): single-threaded, with
the engine imported and warmed up once, so a child starts in a few milliseconds and never inherits a web
worker's threads or locks. The caller hands it one end of a new socket pair per replay; the child says it
has started, then the text goes in and the JSON answer comes back on it. That first byte is the fork
server's health check: a server that does not fork within `START_TIMEOUT` is stuck, and is killed and
started again; one that cannot be started is the operator's problem, logged and answered 503, never blamed
on the scenario. The server ends when the caller's end of its control socket closes (the caller exited). The
web renders what comes back in the worker: bounded by the output limits above, a page is at most a few
hundred kilobytes.

The command line is single-threaded, so `run_limited` forks it directly, with the corpus already loaded:
the child reads, replays and renders the text, under the same limits, and sends back what to print.

A child does one of two things, said by the first byte of what it receives: replay the text (`replay`), or
only read its cards' text with the card-text grammar (`read_cards`, what the editor shows beside each card;
a replay reads them too, before it runs). Reading text is work a stranger can ask for like any other.

A step budget inside the engine would bound only the loops that remember to check it; a process that ends
itself bounds everything, the TOML parser and the loader included.
"""

from __future__ import annotations

import contextlib
import gc
import json
import logging
import math
import os
import resource
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import tomllib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from judge_app import paths
from judge_app.cardtext.reader import remembered, warm_up
from judge_app.scenarios import named
from judge_app.scenarios.loader import loads
from judge_app.scenarios.model import ScenarioError
from judge_app.scenarios.readings import card_readings
from judge_app.scenarios.render import outcome_json
from judge_app.scenarios.runner import Outcome, run

MAX_TEXT = 64 * 1024  # bytes of scenario text
TIME_LIMIT = 2.0  # seconds of processor time for reading and replaying it
WALL_LIMIT = 5 * TIME_LIMIT  # seconds of the clock: the backstop, for a machine too busy to give it any
GRACE = 0.5  # seconds the caller waits beyond WALL_LIMIT for a child that has not ended itself
MEMORY_HEADROOM = 512 * 1024 * 1024  # bytes of address space a child may add to what it starts with
MAX_STEPS = 500
MAX_BOARDS = 4000  # objects on the boards of all steps together (the library's largest: ~200)
MAX_RESULT = 2 * 1024 * 1024  # bytes sent back (the library's largest replay: ~60 KB of JSON)
MAX_CONCURRENT = 2  # children at once per process
QUEUE_WAIT = WALL_LIMIT  # seconds a replay waits for a child's turn: the longest one child can take
MAX_WAITING = 2 * MAX_CONCURRENT  # replays waiting per process; the next is told to retry at once
REMEMBERED_BYTES = 16 * 1024 * 1024  # of answers kept per process (the library's largest: ~60 KB)
START_TIMEOUT = 2.0  # seconds for the fork server to fork a child and the child to say so
STARTUP_TIMEOUT = 120.0  # seconds for a new fork server to warm up (the first builds the card-text parser)
MAX_PROBLEM = 400  # characters of an error message (a value quoted back can be long)
LABEL = "<scenario>"  # the file name errors are given: the text has no file
REPLAY, READ = b"r", b"c"  # what a child is asked to do: the first byte it receives


@dataclass(frozen=True)
class Refusal:
    """Why a text was not replayed, for the person who wrote it: what, where (line), and the HTTP status."""

    kind: str  # "size", "encoding", "file", "scenario", "time", "memory", "too long", "busy", "unavailable", "crash"
    problem: str
    status: int
    line: int | None = None
    expected: str = ""

    @property
    def message(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        return where + self.problem + (f"; expected {self.expected}" if self.expected else "")

    def to_json(self) -> dict[str, Any]:
        return {"error": self.message, "status": self.status, "kind": self.kind, "line": self.line,
                "problem": self.problem, "expected": self.expected or None}


@dataclass(frozen=True)
class Replay:
    """The outcome as `render.outcome_json` data, or the refusal; how long it took in all; the cards as the
    card-text grammar reads them (`readings.card_readings`; empty when the child did not get that far); and
    the processor time the child said it used (None when it ended without saying)."""

    data: dict[str, Any] | None
    refusal: Refusal | None
    seconds: float
    cards: tuple[dict[str, Any], ...] = ()
    cpu: float | None = None


def decode(body: bytes) -> str | Refusal:
    """The text of a UTF-8 body (a byte-order mark dropped), or where it stops being UTF-8."""
    if len(body) > MAX_TEXT:
        return too_large(len(body))
    try:
        return body.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = body[:exc.start].count(b"\n") + 1
        column = exc.start - (body.rfind(b"\n", 0, exc.start) + 1) + 1
        return Refusal("encoding", f"byte {exc.object[exc.start]:#04x} at column {column} is not UTF-8 text",
                       422, line, "a UTF-8 text file")


def too_large(size: int | None) -> Refusal:
    """`size` None: a stream that went on past the limit (its whole size is never read)."""
    said = f"is {size:,} bytes" if size is not None else "is larger than that"
    return Refusal("size", f"the scenario {said}; the limit is {MAX_TEXT:,} bytes ({MAX_TEXT // 1024} KB)", 413)


TIMED_OUT = Refusal("time", f"the replay took longer than {TIME_LIMIT:g} s of processor time and was stopped", 422,
                    None, "a scenario that ends within a few turns")
OUT_OF_MEMORY = Refusal("memory", "the replay stopped before its time was up, most likely because it needed more "
                        f"than {MEMORY_HEADROOM // (1024 * 1024)} MB of memory", 422)
BUSY = Refusal("busy", "too many scenarios are being replayed right now; try again in a moment", 503)
UNAVAILABLE = Refusal("unavailable", "scenarios cannot be replayed right now (the server's scenario helper is "
                      "down; it has been logged); try again in a moment", 503)
TOO_LARGE_RESULT = Refusal("too long", f"the replay's result is larger than {MAX_RESULT // (1024 * 1024)} MB", 422)
log = logging.getLogger(__name__)


def check_outcome(outcome: Outcome) -> Refusal | None:
    """The output limits: steps, and objects on the boards of all steps (what a page of the replay draws)."""
    steps = outcome.trace.steps
    if len(steps) > MAX_STEPS:
        return Refusal("too long", f"the trace has {len(steps):,} steps; the limit is {MAX_STEPS}", 422, None,
                       "a scenario that ends within a few turns")
    shown = sum(_objects(step.snapshot) for step in steps)
    if shown > MAX_BOARDS:
        return Refusal("too long", f"the boards of its {len(steps)} steps hold {shown:,} objects in all; the limit "
                       f"is {MAX_BOARDS:,}", 422, None, "a board of a few dozen cards, as at a real table")
    return None


def _objects(snapshot: dict[str, Any]) -> int:
    players = snapshot.get("players", [])
    return (len(snapshot.get("battlefield", [])) + len(snapshot.get("stack", []))
            + sum(len(p.get("hand", [])) + len(p.get("graveyard", [])) + len(p.get("exile", [])) for p in players))


def read_file(path: Path | str) -> str | Refusal:
    """The text of a scenario file, read no further than the size limit (a device or pipe that never ends
    included), or why it cannot be: missing, a folder, unreadable, too large, not UTF-8 (at its line)."""
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            body = handle.read(MAX_TEXT + 1)
    except IsADirectoryError:
        return Refusal("file", "is a folder, not a scenario file", 422, None, "a .toml file")
    except FileNotFoundError:
        return Refusal("file", "no such file", 422)
    except OSError as exc:
        return Refusal("file", f"cannot be read ({exc.strerror or exc})", 422)
    if len(body) > MAX_TEXT:
        return too_large(None)
    return decode(body)


def replay(text: str) -> Replay:
    """Read and replay `text` in a child process, within the limits above."""
    return _in_child(text, REPLAY)


def read_cards(text: str) -> Replay:
    """Only read the text of `text`'s cards (no replay: `data` is None), in a child within the same limits."""
    return _in_child(text, READ)


def _in_child(text: str, mode: bytes) -> Replay:
    start = time.monotonic()
    body = text.encode("utf-8")
    if len(body) > MAX_TEXT:
        return Replay(None, too_large(len(body)), 0.0)
    request = mode + body
    kept = _answers.get(request)
    said = json.loads(kept) if kept is not None else _answered(request)
    if isinstance(said, Refusal):
        return Replay(None, said, time.monotonic() - start)
    refusal = Refusal(**said["refusal"]) if said["refusal"] is not None else None
    return Replay(None if refusal else said["data"], refusal, time.monotonic() - start, tuple(said["cards"]),
                  said["cpu"])


def _answered(request: bytes) -> dict[str, Any] | Refusal:
    """A child's answer to `request`, once it is this request's turn (remembered for the next time), or why
    there is none: busy, the helper down, the child stopped."""
    if not _turns.take():
        return BUSY
    try:
        answer = _exchange(request)
    except OSError as error:  # the fork server could not be started or reached, even after a restart
        log.error("the scenario helper (fork server) is down and could not be restarted: %s", error)
        return UNAVAILABLE
    finally:
        _turns.give_back()
    if isinstance(answer, Refusal):
        return answer
    raw, said = answer
    refusal = said["refusal"]
    if refusal is None or refusal["kind"] not in (TIMED_OUT.kind, OUT_OF_MEMORY.kind):  # the machine had no part
        _answers.keep(request, raw)
    return said


class _Turns:
    """`MAX_CONCURRENT` children at once; a caller beyond them waits its turn (waiters are woken in the order
    they came) up to QUEUE_WAIT s, unless `MAX_WAITING` are waiting already."""

    def __init__(self) -> None:
        self._slots = threading.Semaphore(MAX_CONCURRENT)
        self._lock = threading.Lock()
        self.waiting = 0

    def take(self) -> bool:
        if self._slots.acquire(blocking=False):
            return True
        with self._lock:
            if self.waiting >= MAX_WAITING:
                return False
            self.waiting += 1
        try:
            return self._slots.acquire(timeout=QUEUE_WAIT)
        finally:
            with self._lock:
                self.waiting -= 1

    def give_back(self) -> None:
        self._slots.release()


_turns = _Turns()


class _Answers:
    """The children's answers (JSON bytes, parsed anew for each caller) by request (mode and text), up to
    REMEMBERED_BYTES, least recently used first out."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: OrderedDict[bytes, bytes] = OrderedDict()
        self._size = 0

    def get(self, request: bytes) -> bytes | None:
        with self._lock:
            answer = self._kept.get(request)
            if answer is not None:
                self._kept.move_to_end(request)
            return answer

    def keep(self, request: bytes, answer: bytes) -> None:
        size = len(request) + len(answer)
        with self._lock:
            if request in self._kept or size > REMEMBERED_BYTES // 4:
                return
            self._kept[request] = answer
            self._size += size
            while self._size > REMEMBERED_BYTES:
                old, kept = self._kept.popitem(last=False)
                self._size -= len(old) + len(kept)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._size = 0


_answers = _Answers()


def _exchange(body: bytes) -> tuple[bytes, dict[str, Any]] | Refusal:
    """The child's answer to `body`, as sent and as read, or why there is none."""
    connection = _server.open()
    start = time.monotonic()  # the child's timers started just before it said so
    deadline = start + WALL_LIMIT + GRACE
    chunks, size = [], 0
    try:
        connection.settimeout(WALL_LIMIT + GRACE)
        connection.sendall(body)
        connection.shutdown(socket.SHUT_WR)
        while chunk := connection.recv(1 << 16):
            size += len(chunk)
            if size > MAX_RESULT:
                return TOO_LARGE_RESULT
            chunks.append(chunk)
            connection.settimeout(max(0.01, deadline - time.monotonic()))
    except TimeoutError:
        return TIMED_OUT
    except OSError:  # the child ended before reading everything or while answering
        return _stopped(start)
    finally:
        connection.close()
    answer = b"".join(chunks)
    try:
        return answer, json.loads(answer)
    except ValueError:  # nothing, or half an answer: the child was stopped
        return _stopped(start)


def _stopped(start: float) -> Refusal:
    """Why a child ended without saying: killed at its processor-time or clock limit (it cannot have used
    `TIME_LIMIT` of processor time in less clock time), else, sooner, most likely its memory limit."""
    return TIMED_OUT if time.monotonic() - start >= TIME_LIMIT * 0.9 else OUT_OF_MEMORY


class _ForkServer:
    """The per-process fork server: started on first use, checked on every use (a child must say it has
    started within START_TIMEOUT), and started again when it has gone or is stuck."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen | None = None
        self._control: socket.socket | None = None
        self.command = [sys.executable, "-m", __name__]
        self.startup_timeout = STARTUP_TIMEOUT

    def open(self) -> socket.socket:
        """A socket to a new child that has started: write the text, shut down writing, read the answer.
        Raises OSError when no fork server works, even a new one."""
        with self._lock:
            for attempt in (1, 2):
                try:
                    return self._child()
                except OSError as error:
                    pid = self._process.pid if self._process else None
                    self.stop()
                    if attempt == 2:
                        raise
                    log.warning("the scenario helper (fork server, pid %s) did not start a replay (%s); "
                                "starting a new one", pid, error)
        raise AssertionError("unreachable")

    def start(self) -> None:
        """Started now if it is not running (raises OSError when it cannot be)."""
        with self._lock:
            self._started()

    def _child(self) -> socket.socket:
        ours, theirs = socket.socketpair()
        try:
            socket.send_fds(self._started(), [b"r"], [theirs.fileno()])
            theirs.close()
            ours.settimeout(START_TIMEOUT)
            if ours.recv(1) != b"s":
                raise ConnectionError("the child ended before it started")
        except BaseException:
            ours.close()
            theirs.close()
            raise
        return ours

    def _started(self) -> socket.socket:
        if self._process is None or self._process.poll() is not None:
            self.stop()
            mine, its = socket.socketpair()
            environment = dict(os.environ)
            environment["PYTHONPATH"] = os.pathsep.join(
                p for p in (str(paths.PROJECT_ROOT), environment.get("PYTHONPATH", "")) if p)
            self._process = subprocess.Popen(
                [*self.command, str(its.fileno())], pass_fds=[its.fileno()],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=environment)
            its.close()
            self._control = mine
            mine.settimeout(self.startup_timeout)
            if mine.recv(1) != b"R":  # ready: the engine is imported and warmed up
                raise ConnectionError("the scenario helper ended while starting")
            mine.settimeout(None)
        assert self._control is not None
        return self._control

    def stop(self) -> None:
        if self._control is not None:
            self._control.close()
            self._control = None
        if self._process is not None:
            if self._process.poll() is None:
                self._process.kill()
            self._process.wait()
            self._process = None


_server = _ForkServer()


def start() -> None:
    """Start this process's fork server now (a web worker as it starts), rather than on the first replay;
    one that cannot be started is logged, and tried again by the first replay."""
    try:
        _server.start()
    except OSError as error:
        log.error("the scenario helper (fork server) could not be started: %s", error)


# --- the fork server and its children (another process) -----------------------------------------------------


def serve(control_fd: int) -> None:
    """Fork a child for each socket received on the control socket; end when the caller closes it."""
    control = socket.socket(fileno=control_fd)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the system: nobody waits for them
    _warm_up()
    control.sendall(b"R")
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(control, 1, 1)
        except OSError:
            return
        if not message:
            return
        for fd in fds:
            connection = socket.socket(fileno=fd)
            if os.fork() == 0:
                control.close()
                try:
                    _child(connection)
                finally:
                    os._exit(0)
            connection.close()


def _child(connection: socket.socket) -> None:
    _enter_limits()
    connection.sendall(b"s")  # started: the caller's health check of the fork server
    try:
        chunks, size = [], 0
        while size <= MAX_TEXT + len(REPLAY) and (chunk := connection.recv(1 << 16)):
            chunks.append(chunk)
            size += len(chunk)
        answer = _answer(b"".join(chunks))
        answer["cpu"] = _leave_limits()
    except _OutOfTime:  # reading the cards, before the replay's own guard (or just after it)
        answer = {"data": None, "refusal": asdict(TIMED_OUT), "cards": [], "cpu": _leave_limits()}
    connection.sendall(json.dumps(answer, ensure_ascii=False).encode("utf-8"))
    connection.close()


class _OutOfTime(BaseException):
    """Raised in a child when its processor time is up (a BaseException: no `except Exception` stops it)."""


def _out_of_time(signum, frame) -> None:
    raise _OutOfTime


def _enter_limits() -> None:
    """In a child that is about to replay: its timers and its resource limits."""
    signal.signal(signal.SIGPROF, _out_of_time)
    signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT)  # processor time, the child's own
    signal.signal(signal.SIGALRM, signal.SIG_DFL)  # its default action ends the process
    signal.setitimer(signal.ITIMER_REAL, WALL_LIMIT)
    _limit_resources()


def _leave_limits() -> float:
    """The replay is over: its processor-time timer disarmed (the answer is written whatever it costs), and
    the processor time used, as said to the caller."""
    signal.setitimer(signal.ITIMER_PROF, 0)
    used = resource.getrusage(resource.RUSAGE_SELF)
    return round(used.ru_utime + used.ru_stime, 3)


def _answer(request: bytes) -> dict[str, Any]:
    mode, text = request[:1], decode(request[1:])
    if isinstance(text, Refusal):
        return {"data": None, "refusal": asdict(text), "cards": []}
    try:
        cards = card_readings(text)
    except (MemoryError, RecursionError):
        cards = []
    if mode != REPLAY:
        return {"data": None, "refusal": None, "cards": cards}

    def replay_text() -> dict[str, Any]:
        outcome = run(loads(text, LABEL))
        return check_outcome(outcome) or outcome_json(outcome)

    result = _guarded(replay_text)
    if isinstance(result, Refusal):
        return {"data": None, "refusal": asdict(result), "cards": cards}
    return {"data": result, "refusal": None, "cards": cards}


def _guarded(work: Callable[[], Any]) -> Any:
    """`work()` in a child, every failure said as a Refusal (a ScenarioError with its line)."""
    try:
        return work()
    except _OutOfTime:
        return TIMED_OUT
    except ScenarioError as exc:
        return Refusal("scenario", _short(exc.problem), 422, exc.line, _short(exc.expected))
    except MemoryError:
        return OUT_OF_MEMORY
    except RecursionError:
        return Refusal("scenario", "the scenario nests or repeats too deeply for the engine", 422)
    except Exception as exc:  # an engine fault on text nobody tried before: said as the refusal
        return Refusal("crash", _short(f"the engine could not replay this scenario ({type(exc).__name__}: "
                                       f"{exc})"), 422)


def run_limited(work: Callable[[], tuple[int, str]]) -> tuple[int, str] | Refusal:
    """`work()` — read, replay and render — in a child forked from this single-threaded process (the command
    line, its corpus already loaded), within the limits: the (exit code, text to print) it returns, or the
    Refusal that stopped it."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        try:
            os.close(reader)
            _enter_limits()
            try:
                result = _guarded(work)
                _leave_limits()
            except _OutOfTime:  # just after the guard
                _leave_limits()
                result = TIMED_OUT
            if isinstance(result, Refusal):
                message = b"R" + json.dumps(asdict(result)).encode()
            else:
                message = b"%d\n" % result[0] + result[1].encode("utf-8")
            with open(writer, "wb") as pipe:
                pipe.write(message)
        finally:
            os._exit(0)
    os.close(writer)
    start = time.monotonic()
    try:
        message = _read_from(reader, start + WALL_LIMIT + GRACE)
    finally:
        os.close(reader)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        _, status, _ = os.wait4(pid, 0)
    if isinstance(message, Refusal):
        return message
    if message.startswith(b"R"):
        return Refusal(**json.loads(message[1:]))
    head, _, text = message.partition(b"\n")
    if not head.isdigit():  # nothing, or half an answer: the child was stopped
        timers = (signal.SIGXCPU, signal.SIGALRM, signal.SIGPROF, signal.SIGKILL)
        return TIMED_OUT if os.WIFSIGNALED(status) and os.WTERMSIG(status) in timers else OUT_OF_MEMORY
    return int(head), text.decode("utf-8")


def _read_from(fd: int, deadline: float) -> bytes | Refusal:
    chunks, size = [], 0
    while True:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            return TIMED_OUT
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > MAX_RESULT + 16:
            return TOO_LARGE_RESULT
        chunks.append(chunk)


def _short(text: str) -> str:
    return text if len(text) <= MAX_PROBLEM else text[:MAX_PROBLEM] + "…"


def _limit_resources() -> None:
    _lower(resource.RLIMIT_CPU, math.ceil(TIME_LIMIT) + 1)
    try:
        with open(f"/proc/{os.getpid()}/statm", encoding="ascii") as statm:
            in_use = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):  # not Linux: memory is left to the time limit
        return
    _lower(resource.RLIMIT_AS, in_use + MEMORY_HEADROOM)


def _lower(kind: int, soft: int) -> None:
    """Set the soft limit `kind` to `soft`, never above the hard limit a child may not raise."""
    _, hard = resource.getrlimit(kind)
    resource.setrlimit(kind, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


EXAMPLE = """title = "A deathtouch blocker"
question = "My 4/4 attacks and a 1/1 with deathtouch blocks it. What dies?"
tags = ["deathtouch"]

[players.Alice]
[players.Bob]

[[cards]]
id = "giant"
name = "Hill Giant"
owner = "Alice"
type = "Creature — Giant"
pt = "4/4"

[[cards]]
id = "snake"
name = "Deathtouch Snake"
owner = "Bob"
type = "Creature — Snake"
pt = "1/1"
text = "Deathtouch"

[[actions]]
do = "attack"
attackers = ["giant"]

[[actions]]
do = "block"
blockers = { snake = "giant" }

[expect]
zone = { giant = "graveyard", snake = "graveyard" }
"""  # a small scenario: what the fork server warms up on, and the API page's example


def prepare(scenario: str | None = None) -> None:
    """Build what any replay may need that is not the text's own work, before a limited child is forked: the
    card database (`named.database`) when a card is taken by name, and the card-text parser and its lazily built
    tables (`reader.warm_up`; a child reading a card text nobody read before would otherwise build them within
    its time limit). The fork server and the command line share it. Given the `scenario` about to be replayed,
    the parser is not built when every card text in it was read before (the readings memo answers without the
    parser): the command line's replays start 0.6 s sooner; nor is the database loaded when no card is taken
    by name."""
    tables = _card_tables(scenario) if scenario is not None else None
    if tables is None or any(named.by_name(table) for table in tables):
        with contextlib.suppress(named.NameProblem):  # no database: the loader says so, at the card's line
            named.database()
    if tables is not None and _all_remembered(tables):
        return
    warm_up()


def _card_tables(scenario: str) -> list[dict[str, Any]] | None:
    """The scenario's [[cards]] tables, or None when the loader will refuse them (not TOML, not tables)."""
    try:
        tables = tomllib.loads(scenario).get("cards", [])
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    if not isinstance(tables, list) or not all(isinstance(table, dict) for table in tables):
        return None
    return tables


def _all_remembered(tables: list[dict[str, Any]]) -> bool:
    """Whether every card table's text has a remembered reading (a text the loader can't take: no)."""
    for table in tables:
        if named.by_name(table):
            found = named.as_read(table["name"])
            if found is None:
                return False
            table = found
        text, name, type_line = table.get("text", ""), table.get("name"), table.get("type")
        if not (isinstance(text, str) and isinstance(name, str) and isinstance(type_line, str)):
            return False
        if text.strip() and not remembered(text, name=name, type_line=type_line):
            return False
    return True


def _warm_up() -> None:
    """Replay a small scenario and read its cards once, load the card database, and parse a card text of each
    ability kind, so each child starts with every lazily built table (the card-text parser's included) ready."""
    json.dumps(outcome_json(run(loads(EXAMPLE, "<warm-up>"))))
    card_readings(EXAMPLE)
    prepare()
    gc.freeze()  # what is built now is kept: children neither trace it in collections nor copy it on write


if __name__ == "__main__":
    serve(int(sys.argv[1]))
