"""The files the app writes (corpus and alignment caches): damaged, truncated, unreadable, unwritable or
on a full disk, they are noticed, rebuilt or done without, and never break a command."""

from __future__ import annotations

import os
import resource
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from search_helpers import mini_corpus

import judge_app.corpus as corpus_module
from judge_app import paths
from judge_app.alignment import AlignmentData
from judge_app.alignment import cache as alignment_cache
from judge_app.corpus import Corpus, cache


def _flip(path: Path, marker: bytes, offset: int = 2) -> None:
    """Change one byte inside the first occurrence of `marker` (a byte of real data, not of the framing)."""
    data = bytearray(path.read_bytes())
    at = data.index(marker) + offset
    data[at] ^= 0x20
    path.write_bytes(bytes(data))


def test_a_flipped_byte_in_the_corpus_cache_is_noticed_and_rebuilt(tmp_path, corpus):
    path = tmp_path / "corpus" / "corpus-test.pickle"
    cache.store(corpus, path)
    text = corpus.rule("en-2026", "702.19b").text
    _flip(path, text[:40].encode())
    built = []
    loaded = cache.load_or_build(path, Corpus, lambda: built.append(1) or corpus)
    assert built == [1], "the damaged file was trusted"
    assert loaded.rule("en-2026", "702.19b").text == text
    assert cache.load(path).rule("en-2026", "702.19b").text == text  # and written again, whole


@pytest.mark.parametrize("where", [0, 7, 30, 1000, 0.5, 0.999])
def test_damage_anywhere_is_a_rebuild_never_an_exception(tmp_path, alignment, where):
    path = tmp_path / "alignment" / "alignment-test.pickle"
    alignment_cache.store(alignment.data, path)
    data = bytearray(path.read_bytes())
    at = int(where * len(data)) if isinstance(where, float) else where
    data[at] ^= 0xFF
    path.write_bytes(bytes(data))
    assert alignment_cache.load(path) is None
    built = []
    corpus_module.cache.load_or_build(path, AlignmentData, lambda: built.append(1) or alignment.data)
    assert built == [1]


def test_a_truncated_or_empty_file_is_rebuilt(tmp_path, alignment):
    path = tmp_path / "alignment-test.pickle"
    alignment_cache.store(alignment.data, path)
    whole = path.read_bytes()
    for cut in (whole[: len(whole) // 2], whole[:10], b""):
        path.write_bytes(cut)
        assert alignment_cache.load(path) is None


def test_files_and_folders_follow_the_umask(tmp_path, alignment):
    previous = os.umask(0o022)
    try:
        path = tmp_path / "data" / "alignment" / "alignment-test.pickle"
        alignment_cache.store(alignment.data, path)
    finally:
        os.umask(previous)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o755


def _judge(*arguments: str, env: dict[str, str], user: str | None = None, file_limit: int | None = None):
    """Run the `judge` command in a new process, as `user` (root only) or under a file size limit."""
    command = [sys.executable, "-c", "from judge_app.cli import main; main()", *arguments]
    if user:
        command = ["setpriv", f"--reuid={user}", f"--regid={user if user != 'nobody' else 'nogroup'}",
                   "--clear-groups", *command]

    def limit() -> None:
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    return subprocess.run(command, capture_output=True, text=True, timeout=120, preexec_fn=limit,
                          env={**os.environ, "PYTHONPATH": str(paths.PROJECT_ROOT), **env})


# The commands below run on a small real corpus (chapter 1 of en-2019), so a rebuild takes a moment.
RULE = "100.2a"


@pytest.fixture
def mini(shared_tmp) -> tuple[Path, Corpus, dict[str, str]]:
    source = mini_corpus(shared_tmp / "corpus")
    return source, corpus_module.build_corpus(source), {"JUDGE_CORPUS_DIR": str(source)}


def _words(text: str) -> str:
    return " ".join(text.split())


def test_a_damaged_corpus_cache_does_not_break_any_command(shared_tmp, mini):
    source, corpus, env = mini
    data = shared_tmp / "data"
    path = cache.cache_path(data, cache.cache_key(source))
    cache.store(corpus, path)
    text = corpus.rule("en-2019", RULE).text
    _flip(path, text[:40].encode())
    result = _judge("rule", RULE, "--doc", "en-2019", env={**env, "JUDGE_DATA_DIR": str(data)})
    assert result.returncode == 0, result.stderr
    assert _words(text)[:60] in _words(result.stdout)
    assert "Traceback" not in result.stderr
    assert cache.load(path) is not None  # rebuilt and written whole


def test_a_full_disk_is_one_sentence_and_the_command_still_answers(shared_tmp, mini):
    _source, corpus, env = mini
    data = shared_tmp / "data"
    result = _judge("rule", RULE, "--doc", "en-2019", env={**env, "JUDGE_DATA_DIR": str(data)}, file_limit=4096)
    assert result.returncode == 0, result.stderr
    assert _words(corpus.rule("en-2019", RULE).text)[:50] in _words(result.stdout)
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "corpus cache" in lines[0] and str(data) in lines[0], result.stderr
    assert not list(data.rglob("*.tmp")), "a half-written file was left behind"


@pytest.fixture
def shared_tmp():
    """A folder another user can reach (pytest's own sit in a folder only its owner may enter)."""
    folder = Path(tempfile.mkdtemp(prefix="judge-test-"))
    folder.chmod(0o755)
    yield folder
    for path in [folder, *folder.rglob("*")]:
        if path.is_dir():
            path.chmod(0o755)
    shutil.rmtree(folder)


def _another_user() -> str | None:
    """As root, commands run as `nobody` (root ignores file permissions); otherwise as ourselves."""
    if os.geteuid() != 0:
        return None
    if not shutil.which("setpriv"):
        pytest.skip("needs setpriv (util-linux) to run a command as another user")
    return "nobody"


def test_a_read_only_data_directory_prepared_by_another_user_serves_from_it(shared_tmp, corpus, alignment):
    """An operator prepares the caches (umask 022); a service account that may not write there uses them."""
    user = _another_user()
    data = shared_tmp / "data"
    previous = os.umask(0o022)
    try:
        cache.store(corpus, cache.cache_path(data, cache.cache_key(paths.corpus_dir())))
        alignment_cache.store(alignment.data, alignment_cache.cache_path(data, alignment_cache.cache_key(
            paths.corpus_dir())))
    finally:
        os.umask(previous)
    if user is None:
        for folder in [data, *[p for p in data.rglob("*") if p.is_dir()]]:
            folder.chmod(0o555)
    result = _judge("rule", "702.19b", "--related", env={"JUDGE_DATA_DIR": str(data)}, user=user)
    assert result.returncode == 0, result.stderr
    assert "702.19b" in result.stdout and "es-2026" in result.stdout
    assert result.stderr == "", "a read-only folder holding current caches needs no warning"


def test_an_unwritable_empty_data_directory_is_one_sentence(shared_tmp, mini):
    user = _another_user()
    _source, corpus, env = mini
    data = shared_tmp / "data"
    data.mkdir()
    data.chmod(0o555)
    result = _judge("rule", RULE, "--doc", "en-2019", env={**env, "JUDGE_DATA_DIR": str(data)}, user=user)
    assert result.returncode == 0, result.stderr
    assert _words(corpus.rule("en-2019", RULE).text)[:50] in _words(result.stdout)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and str(data) in lines[0] and "Traceback" not in result.stderr, result.stderr


def test_the_interface_catalogs_compile_elsewhere_when_the_data_directory_cannot_be_written(tmp_path, capfd):
    from judge_app.web import catalogs

    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    out = catalogs.compile_catalogs(blocked / "data")
    assert (out / "pt" / "LC_MESSAGES" / "messages.mo").is_file()
    assert "cannot write the interface translations" in capfd.readouterr().err


def test_a_damaged_card_text_parser_file_is_built_again(tmp_path):
    from judge_app.cardtext import parser

    parser.parser()  # built, and written to the data directory, if it was not there
    path = tmp_path / "parser-test.pickle"
    path.write_bytes(parser._cache_path(parser.grammar_text()).read_bytes())
    assert parser._load(path) is not None
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x20
    path.write_bytes(bytes(data))
    assert parser._load(path) is None, "the damaged file was trusted"


def test_a_forked_process_opens_its_own_card_reading_memo(monkeypatch, tmp_path):
    """The sandbox forks its replays from a process that has read cards: each child must open its own SQLite
    connection (one carried across a fork can corrupt the file), and what it remembers is seen by the parent."""
    import threading

    from judge_app.cardtext import memo

    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(memo, "_local", threading.local())
    parent = memo._connection()
    assert parent is not None
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: answer on the pipe, never return into pytest
        try:
            child = memo._connection()
            memo.remember("forked", {"from": "child"})
            os.write(write_end, b"1" if child is not None and child is not parent else b"0")
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(read_end, 1) == b"1", "the child used the connection it inherited"
    assert memo.recall("forked") == {"from": "child"}
