"""The alignment cache: warm loads do not align again; changed sources or code, or a damaged file, rebuild."""

import shutil

import pytest

import judge_app.alignment as alignment_module
from judge_app import paths
from judge_app.alignment import cache
from judge_app.corpus.cache import ProcessMemo


def test_a_warm_load_reads_the_cache_and_a_damaged_file_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(alignment_module, "_memo", ProcessMemo())
    path = cache.cache_path(tmp_path, cache.cache_key(paths.corpus_dir()))

    first = alignment_module.load_alignment()
    assert path.exists()
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]

    alignment_module._memo.clear()
    build = alignment_module.build
    monkeypatch.setattr(alignment_module, "build", lambda corpus: pytest.fail("aligned again despite the cache"))
    warm = alignment_module.load_alignment()
    assert warm is not first
    assert warm.counterpart("pt-2019", "111.1", "es-2026") == first.counterpart("pt-2019", "111.1", "es-2026")

    path.write_bytes(b"not a pickle")
    alignment_module._memo.clear()
    monkeypatch.setattr(alignment_module, "build", build)
    rebuilt = alignment_module.load_alignment()
    assert rebuilt.counterpart("en-2026", "112.1", "pt-2019").number == "111.1"
    assert path.read_bytes() != b"not a pickle"


def test_the_key_follows_the_sources_and_the_alignment_code(tmp_path, monkeypatch):
    source = tmp_path / "rules_corpus"
    shutil.copytree(paths.corpus_dir(), source)
    key = cache.cache_key(source)
    assert cache.cache_key(source) == key

    english = source / "cr-en-2019-01-25.txt"
    english.write_bytes(english.read_bytes() + b"\r\n")
    assert cache.cache_key(source) != key
    key = cache.cache_key(source)

    code = tmp_path / "code"
    shutil.copytree(cache._CODE_DIR, code, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "_CODE_DIR", code)
    assert cache.cache_key(source) == key
    (code / "features.py").write_text((code / "features.py").read_text() + "\n# changed\n")
    assert cache.cache_key(source) != key
