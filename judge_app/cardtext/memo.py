"""Readings remembered across processes: `$JUDGE_DATA_DIR/cardtext/readings-<code>.sqlite`.

Parsing a card with the Earley parser takes tens of milliseconds; the same cards are read again and again
(every scenario replay, every page of the scenario library, every `judge card read` of a deck). A reading
depends only on the text, the name, the type line and this package's code, so it is stored under a key
of those and looked up first. The file is keyed by a hash of the package's code and grammar: changing
either starts a new file (the old ones are removed). SQLite makes concurrent processes safe (a forked
child opens a connection of its own); anything that goes wrong with the file only means reading again,
never an error.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sqlite3
import threading
from functools import cache
from pathlib import Path
from typing import Any

from judge_app import paths

PACKAGE = Path(__file__).resolve().parent
MAX_ROWS = 200_000  # past this, the oldest half is dropped
_local = threading.local()


def _forget_connection() -> None:
    """In a forked child: open a connection of its own (SQLite connections must not cross a fork)."""
    global _local
    _local = threading.local()


os.register_at_fork(after_in_child=_forget_connection)


@cache
def code_hash() -> str:
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.iterdir()):
        if path.suffix in (".py", ".lark", ".json"):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def _connection() -> sqlite3.Connection | None:
    """This thread's connection, opened on first use. A forked process (the scenario sandbox's children)
    opens its own: SQLite connections must not be carried across a fork."""
    if getattr(_local, "pid", None) == os.getpid():
        return _local.connection
    _local.pid = os.getpid()
    _local.connection = None
    try:
        folder = paths.data_dir() / "cardtext"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"readings-{code_hash()}.sqlite"
        for old in folder.glob("readings-*.sqlite*"):
            if not old.name.startswith(path.name):
                old.unlink(missing_ok=True)
        connection = sqlite3.connect(path, timeout=2, isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("CREATE TABLE IF NOT EXISTS reading (key TEXT PRIMARY KEY, value BLOB)")
        _local.connection = connection
    except (OSError, sqlite3.Error):
        _local.connection = None
    return _local.connection


def key(text: str, name: str, type_line: str) -> str:
    return hashlib.sha256(json.dumps([text, name, type_line]).encode()).hexdigest()


def recall(key_: str) -> Any | None:
    connection = _connection()
    if connection is None:
        return None
    try:
        row = connection.execute("SELECT value FROM reading WHERE key = ?", (key_,)).fetchone()
        return pickle.loads(row[0]) if row else None
    except Exception:  # a damaged row or file: read again
        return None


def remember(key_: str, value: Any) -> None:
    connection = _connection()
    if connection is None:
        return
    try:
        connection.execute("INSERT OR REPLACE INTO reading (key, value) VALUES (?, ?)",
                           (key_, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)))
        _local.writes = getattr(_local, "writes", 0) + 1
        if _local.writes % 1000 == 0:
            (count,) = connection.execute("SELECT COUNT(*) FROM reading").fetchone()
            if count > MAX_ROWS:
                connection.execute("DELETE FROM reading WHERE rowid IN (SELECT rowid FROM reading ORDER BY rowid "
                                   "LIMIT ?)", (count // 2,))
    except Exception:
        pass
