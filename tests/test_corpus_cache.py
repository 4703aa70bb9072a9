"""The compiled cache: a warm load does not parse; a changed source rebuilds."""

import shutil

import judge_app.corpus as corpus_module
from judge_app import paths
from judge_app.corpus import cache
from judge_app.corpus.cache import ProcessMemo


def test_changing_a_source_changes_the_key_and_rebuilds(tmp_path, monkeypatch):
    source = tmp_path / "rules_corpus"
    shutil.copytree(paths.corpus_dir(), source)
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(corpus_module, "_memo", ProcessMemo())

    first = corpus_module.load_corpus(source)
    key = cache.cache_key(source)
    assert cache.cache_path(tmp_path / "data", key).exists()

    corpus_module._memo.clear()
    warm = corpus_module.load_corpus(source)
    assert warm is not first and warm.rule("en-2026", "702.19b").text == first.rule("en-2026", "702.19b").text

    lesson = source / "guide-pt-turn-structure-lesson.txt"
    lesson.write_bytes(lesson.read_bytes() + "\n\nNova seção\n\nVeja regra 702.19.\n".encode())
    assert cache.cache_key(source) != key
    corpus_module._memo.clear()
    rebuilt = corpus_module.load_corpus(source)
    paragraphs = [p for s in rebuilt.guides["pt-lesson-turn"] for p in s.paragraphs]
    assert paragraphs[-1].text == "Veja regra 702.19."
    assert sorted(p.name for p in (tmp_path / "data" / "corpus").iterdir()) == [
        cache.cache_path(tmp_path / "data", cache.cache_key(source)).name]


def test_a_damaged_cache_file_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(corpus_module, "_memo", ProcessMemo())
    path = cache.cache_path(tmp_path, cache.cache_key(paths.corpus_dir()))
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a pickle")
    assert corpus_module.load_corpus().rule("en-2026", "100.1") is not None
    assert path.read_bytes() != b"not a pickle"
