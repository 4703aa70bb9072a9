"""The compiled cache: a warm load does not parse; a changed source rebuilds."""

import json
import shutil

import pytest
from click.testing import CliRunner

import judge_app.corpus as corpus_module
from judge_app import paths
from judge_app.cli import main
from judge_app.corpus import UnknownDocument, cache, serialize
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


def _rule_json(number: str, doc: str = "en-2026") -> dict:
    result = CliRunner().invoke(main, ["rule", number, "--doc", doc, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_judge_rule_reads_its_document_alone_from_a_file_kept_beside_the_whole(tmp_path, monkeypatch, corpus):
    key = cache.cache_key(paths.corpus_dir())
    kept = cache.cache_path(paths.data_dir(), key)  # the session's cache (the `corpus` fixture)
    whole = cache.cache_path(tmp_path, key)
    whole.parent.mkdir(parents=True)
    shutil.copy(kept, whole)
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(corpus_module, "_memo", ProcessMemo())

    expected = serialize.rule(corpus, corpus.rule("pt-2019", "702.19"), depth=99)
    assert _rule_json("702.19", "pt-2019") == expected  # cut from the whole, then kept
    document = cache.document_path(tmp_path, key, "pt-2019")
    view = corpus_module.load_document("pt-2019")
    assert set(view.rules) == set(view.glossary) == {"pt-2019"} and view.documents.keys() == corpus.documents.keys()

    # The whole corpus is not read again: damaged, it stays as it is, and rules and suggestions still come.
    whole.write_bytes(b"damaged")
    monkeypatch.setattr(corpus_module, "_memo", ProcessMemo())
    assert _rule_json("702.19", "pt-2019") == expected
    unknown = CliRunner().invoke(main, ["rule", "702.19z", "--doc", "pt-2019"])
    assert unknown.exit_code == 1 and "Did you mean: 702.19" in unknown.output
    assert whole.read_bytes() == b"damaged"

    # A damaged copy of the document is cut again from the whole (here restored), never believed.
    shutil.copy(kept, whole)
    document.write_bytes(document.read_bytes()[:-10])
    assert _rule_json("702.19", "pt-2019") == expected
    assert corpus_module.load_document("pt-2019").rules.keys() == {"pt-2019"}


def test_a_document_the_manifest_lacks_is_refused_before_anything_is_read(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    with pytest.raises(UnknownDocument):
        corpus_module.load_document("fr-2026")
    assert not (tmp_path / "corpus").exists()
