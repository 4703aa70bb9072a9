"""The files the app writes under the data directory, written so they can be trusted when read back.

Each file starts with one line, `rules-judge <kind> <format> <sha256 of the rest> <length of the rest>`,
then its payload. A file is written to a temporary name beside its place, flushed to disk and renamed
over it (a reader sees the old file or the new one, never half of one); it is readable as the umask
allows, like any file the user makes (a cache prepared by one account can be read by a service
account). Reading checks the line, the length and the checksum before anything is unpickled: a damaged,
truncated or older file reads as missing, and the caller rebuilds it.

A data directory that cannot be written (read-only, someone else's, full) is not an error: writing
fails with `OSError`, the caller keeps what it built in memory, and `warn` says so once, in one
sentence, on standard error.
"""

from __future__ import annotations

import gc
import hashlib
import os
import pickle
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

FORMAT = 1  # the framing below; the caches' keys already follow the code that makes their payloads
MAGIC = b"rules-judge"
_HEADER_MAX = 200


def umask() -> int:
    """The process's umask, read without changing it (`os.umask` can only be read by setting it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    with _umask_lock:
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


_umask_lock = threading.Lock()


def file_mode() -> int:
    return 0o666 & ~umask()


def folder_mode() -> int:
    return 0o777 & ~umask()


def make_folder(path: Path) -> Path:
    """`path` and its parents, as the umask allows (OSError if it cannot be made)."""
    path.mkdir(parents=True, exist_ok=True)
    return path


def new_folder(parent: Path, prefix: str) -> Path:
    """A new, uniquely named folder in `parent`, with the umask's mode (mkdtemp makes them 0700)."""
    import tempfile  # in the writers only: reading a file (`judge rule`) needs not its ~8 ms of imports

    path = Path(tempfile.mkdtemp(dir=make_folder(parent), prefix=prefix))
    path.chmod(folder_mode())
    return path


def private_folder(name: str) -> Path:
    """`<temporary folder>/rules-judge-<uid>/<name>`: where what cannot be kept in the data directory
    (read-only, full) goes instead, in a folder of this user's alone (PermissionError if another made it)."""
    import tempfile

    root = Path(tempfile.gettempdir()) / f"rules-judge-{os.getuid()}"
    root.mkdir(mode=0o700, exist_ok=True)
    if root.stat().st_uid != os.getuid():
        raise PermissionError(f"{root} is not this user's")
    root.chmod(0o700)
    return make_folder(root / name)


def write(path: Path, kind: str, payload: bytes) -> None:
    """Write `payload` framed as a `kind` file to `path`, atomically (raises OSError: unwritable, full)."""
    header = b"%s %s %d %s %d\n" % (MAGIC, kind.encode(), FORMAT, hashlib.sha256(payload).hexdigest().encode(),
                                    len(payload))
    write_bytes(path, header + payload)


def write_bytes(path: Path, data: bytes) -> None:
    """Replace `path` with `data` at once: a temporary file beside it, flushed, then renamed over it."""
    import tempfile

    make_folder(path.parent)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, file_mode())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise



def write_latest(path: Path, kind: str, payload: bytes, older: str) -> None:
    """`write`, then remove the files of the same folder matching the glob `older` (the versions of this file
    kept under other keys), so that only the latest stays (raises OSError: unwritable, full)."""
    write(path, kind, payload)
    for old in path.parent.glob(older):
        if old != path:
            old.unlink(missing_ok=True)

def read(path: Path, kind: str) -> bytes | None:
    """The payload of the `kind` file at `path`, or None when it is missing, unreadable, of another kind or
    format, truncated, or does not match its checksum."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    end = data.find(b"\n", 0, _HEADER_MAX)
    if end < 0:
        return None
    fields = data[:end].split(b" ")
    payload = memoryview(data)[end + 1:]
    if (len(fields) != 5 or fields[0] != MAGIC or fields[1] != kind.encode() or fields[2] != str(FORMAT).encode()
            or fields[4] != str(len(payload)).encode()
            or hashlib.sha256(payload).hexdigest().encode() != fields[3]):
        return None
    return bytes(payload)


def dump(value: object, path: Path, kind: str) -> None:
    write(path, kind, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def load(path: Path, kind: str, cls: type):
    """The `cls` pickled at `path` as a `kind` file, or None (missing, damaged, or from older code)."""
    payload = read(path, kind)
    if payload is None:
        return None
    try:
        with _collector_paused():
            value = pickle.loads(payload)
    except Exception:  # a checksummed file from code that no longer has its classes
        return None
    return value if isinstance(value, cls) else None


@contextmanager
def _collector_paused():
    """Unpickling makes a few hundred thousand objects that live as long as the process: the cycle collector
    would walk them again and again while they are made, and once more after (a full collection, ~0.1 s).
    So it is paused, and what was loaded is moved out of its sight (`gc.freeze`: also, in a web worker
    forked after the load, the pages holding them are never written to, so they stay shared)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


_warned: set[str] = set()


def warn(what: str, path: Path, error: OSError, consequence: str) -> None:
    """Say once per process, in one sentence, that `what` could not be written at `path` and what follows."""
    if what in _warned:
        return
    _warned.add(what)
    reason = error.strerror or type(error).__name__
    print(f"judge: cannot write the {what} in {path} ({reason}); {consequence}.", file=sys.stderr, flush=True)
