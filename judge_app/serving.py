"""How `judge serve` serves: gunicorn runs the processes; inside each, waitress reads every request whole
before one of its threads sees it.

Why this pair. The app is CPU-bound Python, so it wants a few processes (gunicorn: preloading the corpus
once before forking, restarting a worker that dies, graceful stops). But gunicorn's own threaded worker
hands a new connection to a thread before the request has arrived and reads headers and body blocking in
that thread, so a few clients that connect and send nothing, or a byte a second, hold every thread. Its
gevent worker would not (each connection is a greenlet), but it patches the whole process: thread-locals
become per-connection (a Whoosh searcher per connection), locks made while preloading stop being
cooperative, and only the headers get a deadline. Waitress is a WSGI server built the other way round:
an event loop reads the request line, headers and body (chunked too) into buffers, refuses a body over the
limit with 413, caps the connections and closes idle ones; only a complete request reaches a thread. So
`WaitressWorker` is a gunicorn worker class whose run loop is waitress's, with one addition waitress lacks:
a deadline for reading a whole request, so a client dripping bytes is cut off too.

gunicorn settings read here: `--threads` (threads per worker), `--worker-connections` (the connection cap
per worker), `--keep-alive` (seconds an idle connection is kept).
"""

from __future__ import annotations

import os
import resource
import time

from gunicorn.workers.base import Worker
from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

REQUEST_TIMEOUT = 10.0  # seconds to send a whole request (line, headers, body) from its first byte
MAX_BODY = 256 * 1024  # bytes; the app's own limits are lower and say which limit it is (64 KB scenarios)
MAX_HEADER = 32 * 1024  # bytes of request line and headers
SWEEP_EVERY = 1.0  # seconds between looks for connections past a deadline


class _Channel(HTTPChannel):
    """A connection that remembers when the request it is reading began (its opening, for the first)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.request_started: float | None = self.creation_time

    def received(self, data: bytes) -> bool:
        before = self.request
        result = super().received(data)
        if self.request is None:
            self.request_started = None  # nothing half-read: the idle (keep-alive) timeout applies
        elif self.request is not before or self.request_started is None:
            self.request_started = time.time()
        return result


class _Server(TcpWSGIServer):
    channel_class = _Channel

    def maintenance(self, now: float) -> None:
        """Close idle connections (waitress) and those still sending a request after REQUEST_TIMEOUT."""
        super().maintenance(now)
        cutoff = now - REQUEST_TIMEOUT
        for channel in list(self.active_channels.values()):
            started = getattr(channel, "request_started", None)
            if not channel.requests and started is not None and started < cutoff:
                channel.will_close = True


class WaitressWorker(Worker):
    """A gunicorn worker whose connections are read by waitress's event loop (see the module docstring)."""

    def run(self) -> None:
        _raise_file_limit(self.cfg.worker_connections + 64)
        adjustments = Adjustments(
            sockets=[listener.sock for listener in self.sockets],
            threads=self.cfg.threads,
            connection_limit=self.cfg.worker_connections,
            channel_timeout=max(1, self.cfg.keepalive),
            cleanup_interval=SWEEP_EVERY,
            max_request_body_size=MAX_BODY,
            max_request_header_size=MAX_HEADER,
            asyncore_use_poll=True,  # select() cannot watch descriptors numbered over 1024
            ident="rules-judge",
        )
        dispatcher = ThreadedTaskDispatcher()
        dispatcher.set_thread_count(adjustments.threads)
        connections: dict = {}
        app = _access_logged(self.wsgi, self.log.access_log) if self.cfg.accesslog else self.wsgi
        servers = [
            _Server(app, connections, _sock=sock, dispatcher=dispatcher, adj=adjustments, bind_socket=False,
                    sockinfo=(sock.family, sock.type, sock.proto, sock.getsockname()))
            for sock in adjustments.sockets
        ]
        while self.alive and self.ppid == os.getppid():
            self.notify()
            wasyncore.loop(timeout=1.0, map=connections, use_poll=True, count=1)
        self._stop(servers, connections, dispatcher)

    def _stop(self, servers: list[_Server], connections: dict, dispatcher: ThreadedTaskDispatcher) -> None:
        """Stop accepting, let requests in progress finish (up to the graceful timeout), then close."""
        for server in servers:
            server.accepting = False
        deadline = time.monotonic() + self.cfg.graceful_timeout
        while time.monotonic() < deadline and any(
                channel.requests for channel in list(connections.values()) if isinstance(channel, HTTPChannel)):
            self.notify()
            wasyncore.loop(timeout=0.2, map=connections, use_poll=True, count=1)
        dispatcher.shutdown(timeout=max(0.0, deadline - time.monotonic()))
        wasyncore.close_all(connections)


def _access_logged(app, log):
    """One line per request (`--access-logfile`): client, request, status, milliseconds to the response."""

    def logged(environ, start_response):
        start = time.monotonic()
        status = ["-"]

        def recorded(line, headers, exc_info=None):
            status[0] = line.split(" ", 1)[0]
            return start_response(line, headers, exc_info)

        try:
            return app(environ, recorded)
        finally:
            query = environ.get("QUERY_STRING")
            log.info('%s "%s %s%s" %s %.0f ms', environ.get("REMOTE_ADDR", "-"), environ.get("REQUEST_METHOD"),
                     environ.get("PATH_INFO", ""), f"?{query}" if query else "", status[0],
                     (time.monotonic() - start) * 1000)

    return logged


def _raise_file_limit(wanted: int) -> None:
    """Let the worker hold its connection cap's worth of sockets, as far as the hard limit allows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard),
                                                    hard))
