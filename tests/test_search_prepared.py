"""The tables an engine derives when it opens an index, kept in the data directory (`search.prepared`): a new
process reads them instead of building them, answers as an engine that built them, loads the alignment only
for a counterpart they do not hold, and builds them again when the file is damaged or the index changes."""

from __future__ import annotations

import dataclasses

import pytest

from judge_app import datafiles, paths
from judge_app.alignment import cache as alignment_cache
from judge_app.search import AlignedDocuments, Engine, prepared

QUERIES = [("trample deathtouch", None), ("trample", "pt-2019"), ("amenaza", "pt-2019"), ("tramlpe", "en-2026"),
           ("can I respond to a mulligan", None), ("toque mortal arrollar", "es-2026")]


@pytest.fixture(scope="module")
def kept(tmp_path_factory, search_index, corpus, alignment):
    """A data directory with the tables kept, and a counter of the alignment loads asked of it."""
    data = tmp_path_factory.mktemp("tables")
    loads: list[int] = []

    def load():
        loads.append(1)
        return alignment

    key = alignment_cache.cache_key(paths.corpus_dir())
    prepared.load_or_prepare(search_index, corpus, load, key, data)
    return data, key, loads, load


def _answers(engine: Engine) -> list:
    out = []
    for query, doc in QUERIES:
        response = engine.search(query, doc=doc)
        out.append((response.did_you_mean, [(h.doc, h.number or h.term or h.paragraph, h.score) for h in response.hits],
                    [s.id for s in response.scenarios]))
    return out


def test_a_new_process_reads_the_kept_tables_and_answers_as_if_it_had_built_them(kept, search_index, corpus,
                                                                                   engine):
    data, key, loads, load = kept
    path = prepared.tables_path(data, prepared._key(search_index, key))
    assert datafiles.read(path, "tables") is not None  # framed and checksummed like the corpus cache
    before = len(loads)
    tables, aligned = prepared.load_or_prepare(search_index, corpus, load, key, data)
    assert len(loads) == before  # read, not built: the alignment was not even loaded
    reopened = Engine(search_index.path, corpus, aligned, tables)
    try:
        assert _answers(reopened) == _answers(engine)
        assert len(loads) == before  # the searches' counterparts were all kept
    finally:
        reopened.close()


def test_a_counterpart_the_tables_do_not_hold_loads_the_alignment(kept, search_index, corpus, alignment):
    data, key, loads, load = kept
    _, aligned = prepared.load_or_prepare(search_index, corpus, load, key, data)
    before = len(loads)
    assert aligned.counterpart("en-2019", "702.19b", "pt-2019") == "702.19b"  # en-2019 is a pivot of pt-2019: kept
    assert len(loads) == before
    expected = AlignedDocuments(alignment).counterpart("en-2019", "702.19b", "es-2026")  # not a pivot: not kept
    assert expected is not None
    assert aligned.counterpart("en-2019", "702.19b", "es-2026") == expected
    assert len(loads) == before + 1
    assert aligned.counterpart("pt-rulebook-2007", "1", "en-2026") is None  # not aligned: nothing to load


def test_a_damaged_tables_file_is_built_again(tmp_path, search_index, corpus, alignment):
    key = alignment_cache.cache_key(paths.corpus_dir())
    loads: list[int] = []

    def load():
        loads.append(1)
        return alignment

    prepared.load_or_prepare(search_index, corpus, load, key, tmp_path)
    path = prepared.tables_path(tmp_path, prepared._key(search_index, key))
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    tables, _ = prepared.load_or_prepare(search_index, corpus, load, key, tmp_path)
    assert len(loads) == 2  # built again
    assert datafiles.read(path, "tables") is not None  # and written whole
    assert tables.refs and tables.titles.lookup("en-2026", ["trampl"])


def test_another_index_or_alignment_has_other_tables(search_index):
    key = prepared._key(search_index, "a")
    assert prepared._key(search_index, "b") != key  # the alignment changed
    copied = dataclasses.replace(search_index, path=search_index.path.with_name(search_index.path.name + "-copy"))
    assert prepared._key(copied, "a") == key  # the same index elsewhere (published again as a copy)
    name, (size, digest) = next(iter(search_index.files.items()))
    changed = dataclasses.replace(search_index, files={**search_index.files, name: (size, digest[::-1])})
    assert prepared._key(changed, "a") != key  # another index
