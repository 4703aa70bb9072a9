"""The index's life: built under the data directory, rebuilt when the corpus changes, published by an
atomic swap, built once when several processes ask at the same time. On a small real corpus (chapter 1
of en-2019) so each build takes well under a second."""

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from search_helpers import mini_corpus

import judge_app.corpus as corpus_module
from judge_app.cli import main
from judge_app.corpus import load_corpus
from judge_app.corpus.cache import ProcessMemo
from judge_app.search import Engine, lifecycle


@pytest.fixture
def mini(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(corpus_module, "_memo", ProcessMemo())
    return mini_corpus(tmp_path / "corpus"), tmp_path / "data"


def test_built_once_under_the_data_directory_then_reused(mini):
    source, data = mini
    first = lifecycle.ensure_index(data_dir=data, corpus_dir=source)
    assert first.built and first.path.parent == data / "search" and first.entries == 450
    record = json.loads((data / "search" / "current.json").read_text())
    assert record["dir"] == first.path.name and record["key"] == lifecycle.index_key(source)
    again = lifecycle.ensure_index(data_dir=data, corpus_dir=source)
    assert not again.built and again.path == first.path


def test_a_changed_corpus_is_rebuilt_into_a_new_directory_and_swapped_in(mini):
    source, data = mini
    first = lifecycle.ensure_index(data_dir=data, corpus_dir=source)
    reader = Engine(first.path, load_corpus(source))
    assert reader.search("mulligan").hits

    document = source / "cr.txt"
    document.write_bytes(document.read_bytes().replace(b"mulligan", b"mulliganing"))
    second = lifecycle.ensure_index(data_dir=data, corpus_dir=source)
    assert second.built and second.key != first.key and second.path != first.path
    assert lifecycle.current(data).path == second.path
    # the previous index is kept for readers still using it, and keeps answering
    assert first.path.is_dir() and reader.search("mulligan").hits
    reader.close()

    document.write_bytes(document.read_bytes().replace(b"mulliganing", b"mulligans"))
    third = lifecycle.ensure_index(data_dir=data, corpus_dir=source)
    assert sorted(p.name for p in (data / "search").glob("index-*")) == sorted([second.path.name, third.path.name])


def test_a_failed_build_leaves_the_published_index_alone(mini):
    source, data = mini
    first = lifecycle.ensure_index(data_dir=data, corpus_dir=source)

    def broken(done, total):
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        lifecycle.build_index(progress=broken, data_dir=data, corpus_dir=source)
    assert lifecycle.current(data).path == first.path
    assert [p.name for p in (data / "search").glob("index-*")] == [first.path.name]


def test_a_directory_left_half_built_by_a_crash_is_removed_by_the_next_build(mini):
    source, data = mini
    first = lifecycle.ensure_index(data_dir=data, corpus_dir=source)
    crashed = data / "search" / f"index-{first.key}-20000101T000000-crashed"
    crashed.mkdir()
    (crashed / "_MAIN_1.toc").write_bytes(b"partial")
    second = lifecycle.build_index(data_dir=data, corpus_dir=source)
    assert not crashed.exists()
    assert sorted(p.name for p in (data / "search").glob("index-*")) == sorted([first.path.name, second.path.name])


def test_processes_asking_at_once_build_it_once(mini):
    source, data = mini
    script = ("import sys; from pathlib import Path; from judge_app.search import lifecycle; "
              "info = lifecycle.ensure_index(data_dir=Path(sys.argv[1]), corpus_dir=Path(sys.argv[2])); "
              "print(info.built, info.path)")
    processes = [subprocess.Popen([sys.executable, "-c", script, str(data), str(source)], stdout=subprocess.PIPE,
                                  text=True, env={**os.environ}) for _ in range(3)]
    answers = [p.communicate(timeout=120)[0].split() for p in processes]
    assert sorted(built for built, _ in answers) == ["False", "False", "True"]
    assert len({path for _, path in answers}) == 1


def test_the_index_build_command_shows_progress(mini, monkeypatch):
    source, data = mini
    monkeypatch.setenv("JUDGE_CORPUS_DIR", str(source))
    result = CliRunner().invoke(main, ["index", "build"])
    assert result.exit_code == 0, result.output
    assert "Indexing" in result.output and "Indexed 450 entries" in result.output
    assert str(lifecycle.current(data).path) in result.output.replace("\n", "")
    status = CliRunner().invoke(main, ["index", "status", "--json"])
    assert json.loads(status.output)["current"] is True


def test_the_process_engine_follows_a_changed_corpus_and_a_new_alignment(mini, monkeypatch):
    import judge_app.search as search_module

    source, data = mini
    monkeypatch.setenv("JUDGE_CORPUS_DIR", str(source))
    monkeypatch.setattr(search_module, "_engine", None)
    assert search_module.search("mulligan").hits  # opens (building) the index of the data directory
    opened = search_module.engine()
    assert opened.path.parent == data / "search"
    assert search_module.refresh() is False and search_module.engine() is opened

    document = source / "cr.txt"
    document.write_bytes(document.read_bytes().replace(b"mulligan", b"mulliganing"))
    assert search_module.refresh() is True
    assert search_module.engine().path != opened.path
    assert search_module.search("mulliganing").hits

    class Stricter:
        def pivots(self, doc):
            return []

        def counterpart(self, from_doc, number, to_doc):
            return None

    stricter = Stricter()
    search_module.use_alignment(stricter)
    try:
        assert search_module.engine().alignment is stricter
    finally:
        search_module.use_alignment(None)
    assert isinstance(search_module.engine().alignment, search_module.AlignedDocuments)


def test_every_entry_of_the_corpus_is_indexed_with_what_it_is(engine, corpus, search_index):
    from judge_app.search.entries import count

    assert search_index.entries == count(corpus) == len(engine.refs)
    stored = engine.searcher().document(ref="pt-2019|rule|702.19b")
    assert stored == {"ref": "pt-2019|rule|702.19b", "doc": "pt-2019", "lang": "pt", "version": "2019-01-25",
                      "kind": "rule", "number": "702.19b"}
    assert engine.searcher().document(ref="pt-lesson-turn|guide|s2p1")["kind"] == "guide"
    reader = engine.searcher().reader()
    citing = {str(engine.refs[n]) for n in reader.postings("cites", "702.19").all_ids()}  # numbers kept whole
    expected = {f"en-2026|rule|{n}" for n, rule in corpus.rules["en-2026"].items()
                if any("702.19" in ref.resolved for ref in rule.references)}
    expected |= {f"en-2026|glossary|{i}" for i, entry in enumerate(corpus.glossary["en-2026"])
                 if "702.19" in entry.rules}
    assert expected and {ref for ref in citing if ref.startswith("en-2026|")} == expected
    assert reader.doc_frequency("path", "702.19") == sum(  # the rule and its subrules, in each CR document
        1 + len(corpus.descendants(d, "702.19")) for d in ("en-2026", "es-2026", "en-2019", "pt-2019"))
