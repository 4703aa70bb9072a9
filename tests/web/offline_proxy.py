"""A forwarding proxy in front of `judge serve`, for the offline browser test: the browser's origin is the
proxy, so closing it takes the site off the network for the browser (every connection refused, the service
worker's included) while the session's server keeps running for the other tests."""

from __future__ import annotations

import contextlib
import http.client
import socket
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-authorization",
              "proxy-authenticate"}


class Proxy:
    def __init__(self, upstream: str):
        target = urlsplit(upstream)

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:
                self._forward()

            def do_POST(self) -> None:
                self._forward()

            def _forward(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP | {"host"}}
                connection = http.client.HTTPConnection(target.hostname, target.port, timeout=120)
                try:
                    connection.request(self.command, self.path, body=body, headers=headers)
                    response = connection.getresponse()
                    data = response.read()
                finally:
                    connection.close()
                self.send_response(response.status)
                for name, value in response.getheaders():
                    if name.lower() not in HOP_BY_HOP | {"content-length"}:
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Connection", "close")  # no connection outlives the proxy: closed is offline
                self.close_connection = True
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args) -> None:
                pass

        self.server = _Server(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        """Stop listening and cut every connection still open: from now on nothing reaches the site. (Chromium
        opens connections ahead of need; one accepted before the close would otherwise still be answered.)"""
        self.server.shutdown()
        self.server.server_close()
        self.server.cut_open_connections()
        self.thread.join(timeout=5)


class _Server(ThreadingHTTPServer):
    """Remembers its open connections, to cut them when the proxy closes."""

    def __init__(self, *args, **kwargs) -> None:
        self.open_connections: set[socket.socket] = set()
        self.guard = threading.Lock()
        super().__init__(*args, **kwargs)

    def process_request(self, request, client_address) -> None:
        with self.guard:
            self.open_connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request) -> None:
        with self.guard:
            self.open_connections.discard(request)
        super().shutdown_request(request)

    def cut_open_connections(self) -> None:
        with self.guard:
            connections, self.open_connections = list(self.open_connections), set()
        for connection in connections:
            with contextlib.suppress(OSError):  # already closed by the other side
                connection.shutdown(socket.SHUT_RDWR)
            connection.close()


def refused(url: str) -> bool:
    """Whether connecting to `url` is refused: nothing listens there, the browser's worker included."""
    try:
        urllib.request.urlopen(url, timeout=3)
    except urllib.error.URLError as error:
        return isinstance(error.reason, ConnectionRefusedError)
    return False
