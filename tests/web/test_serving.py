"""`judge serve` as `make run` starts it (2 workers), against clients that are slow, idle or hostile.

Loopback only; every loop is bounded in count and time.
"""

from __future__ import annotations

import http.client
import socket
import time
from contextlib import ExitStack, suppress

import pytest
from running import judge_serve

from judge_app.paths import PROJECT_ROOT

IDLE_CONNECTIONS = 200


@pytest.fixture(scope="module")
def served():
    artifacts = PROJECT_ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    with judge_serve(artifacts / "serving.log", workers=2) as base:
        yield base


def _port(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def _get(port: int, path: str, timeout: float, headers: dict[str, str] | None = None) -> tuple[int, float, dict]:
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - start, dict(response.getheaders())
    finally:
        connection.close()


def _open(port: int, first_bytes: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    if first_bytes:
        sock.sendall(first_bytes)
    return sock


# What slow clients send before they stall: nothing; half a request line; headers without their end; whole
# headers announcing a body that never comes; a chunked body that stops mid-way.
STALLS = [
    b"",
    b"GET /rules/en-2026/702.19 HT",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow",
    b"POST /api/scenarios/run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000\r\n\r\ntitle = ",
    b"POST /api/scenarios/run HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n10\r\ntitle",
]


def test_idle_and_slow_connections_do_not_hold_the_server(served):
    """A normal page within 1 s with 200 idle connections open; on a machine so busy that the page takes
    longer than a third of that with none open, within three times what it took then (a server held by
    the idle connections answers only when they are cut off, after 10 s, or never)."""
    port = _port(served)
    pages = ("/rules/en-2026/702.19", "/api/rules/en-2026/702.19b", "/search?q=trample")
    alone = {path: min(_get(port, path, timeout=30)[1] for _ in range(3)) for path in pages}  # both workers
    with ExitStack() as stack:
        for i in range(IDLE_CONNECTIONS):
            stack.enter_context(_open(port, STALLS[i % len(STALLS)]))
        time.sleep(0.5)  # let the server take them all in
        for path in pages:
            bound = min(max(1.0, 3 * alone[path]), 5.0)
            status, seconds, _ = _get(port, path, timeout=bound + 1)
            assert status == 200
            assert seconds < bound, (f"{path} took {seconds:.2f} s with {IDLE_CONNECTIONS} idle connections open "
                                     f"({alone[path]:.2f} s with none)")


def _raw(port: int, request: bytes, timeout: float = 10) -> bytes:
    """Send `request` as it is and read the answer until the server closes or stops sending."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        with suppress(OSError):  # the server may refuse before reading it all
            sock.sendall(request)
        chunks = []
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except (TimeoutError, ConnectionResetError):
            pass
        return b"".join(chunks)


def _chunks(body: bytes, size: int = 8192) -> bytes:
    parts = [b"%x\r\n%s\r\n" % (len(body[i:i + size]), body[i:i + size]) for i in range(0, len(body), size)]
    return b"".join(parts) + b"0\r\n\r\n"


@pytest.mark.parametrize("size", [100_000, 2_000_000])
def test_a_chunked_body_over_the_limit_is_413(served, size):
    head = (b"POST /api/scenarios/run HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
            b"Connection: close\r\n\r\n")
    answer = _raw(_port(served), head + _chunks(b"#" * size))
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]


def test_a_redirect_names_no_host(served):
    status, _, headers = _get(_port(served), "/api", timeout=5, headers={"Host": "evil.example"})
    assert status in (301, 308)
    assert headers["Location"] == "/api/"


def test_a_client_dripping_its_request_is_cut_off(served):
    """A byte at a time, slower than the request deadline allows: the server closes the connection."""
    from judge_app.serving import REQUEST_TIMEOUT

    request = b"GET /rules/en-2026/702.19 HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: " + b"a" * 200
    with socket.create_connection(("127.0.0.1", _port(served)), timeout=1) as sock:
        start = time.monotonic()
        closed = False
        for byte in request:
            if time.monotonic() - start > REQUEST_TIMEOUT + 5:
                break
            try:
                sock.sendall(bytes([byte]))
                closed = sock.recv(1) == b""
            except TimeoutError:
                continue
            except OSError:
                closed = True
            if closed:
                break
        assert closed, "the server kept a dripping request open past its deadline"
        assert REQUEST_TIMEOUT - 1 <= time.monotonic() - start <= REQUEST_TIMEOUT + 5
