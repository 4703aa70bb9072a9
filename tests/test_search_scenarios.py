"""Scenarios in search results ("see it happen"): the catalogue read from the library's replays, kept fresh
as files are added, and matched to searches on their rules and words, in every language."""

from __future__ import annotations

import logging
import os
import shutil
import stat

import pytest

from judge_app import paths
from judge_app.scenarios import catalogue as catalogue_module
from judge_app.scenarios.catalogue import catalogue
from judge_app.search import evaluation as ev


def ids(response) -> list[str]:
    return [s.id for s in response.scenarios]


def test_the_catalogue_holds_every_scenario_with_the_rules_it_cites(tmp_path, corpus):
    files = sorted(paths.scenarios_dir().glob("*.toml"))
    found = {s.id: s for s in catalogue(data_dir=tmp_path)}
    assert set(found) == {f.stem for f in files}
    legend = found["legend-rule"]
    assert "704.5j" in legend.answer_rules and "704.5j" in legend.cited
    assert all(n in corpus.rules["en-2026"] for s in found.values() for n in s.cited)


def test_a_scenario_added_is_picked_up_and_a_broken_one_left_out(tmp_path, caplog):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for name in ("hexproof", "shroud"):
        shutil.copy(paths.scenarios_dir() / f"{name}.toml", folder)
    assert [s.id for s in catalogue(folder, tmp_path)] == ["hexproof", "shroud"]
    assert len(list((tmp_path / "scenarios").glob("catalogue-*.json"))) == 1
    shutil.copy(paths.scenarios_dir() / "menace.toml", folder)
    (folder / "broken.toml").write_text("[scenario\ntitle = 1\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="judge_app.scenarios"):
        assert [s.id for s in catalogue(folder, tmp_path)] == ["hexproof", "menace", "shroud"]
    assert "broken.toml" in caplog.text
    assert len(list((tmp_path / "scenarios").glob("catalogue-*.json"))) == 1  # the old one is gone



def test_a_damaged_catalogue_is_replayed_again_and_written_as_every_data_file(tmp_path, monkeypatch):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copy(paths.scenarios_dir() / "hexproof.toml", folder)
    previous = os.umask(0o022)
    try:
        assert [s.id for s in catalogue(folder, tmp_path)] == ["hexproof"]
        (cache,) = (tmp_path / "scenarios").glob("catalogue-*.json")
        assert stat.S_IMODE(cache.stat().st_mode) == 0o644  # readable by the server's other users, like the rest
        data = bytearray(cache.read_bytes())
        data[-5] ^= 0x01  # one flipped bit inside the summaries
        cache.write_bytes(bytes(data))
        monkeypatch.setattr(catalogue_module, "_memo", {})  # a new process: only the file remembers
        replays = []
        monkeypatch.setattr(catalogue_module, "summarise",
                            lambda path, real=catalogue_module.summarise: replays.append(path.name) or real(path))
        assert [s.id for s in catalogue(folder, tmp_path)] == ["hexproof"]
        assert replays == ["hexproof.toml"]  # the damaged file was noticed, not believed
        assert catalogue_module._read(cache) is not None  # and written whole again
    finally:
        os.umask(previous)

def test_a_question_a_scenario_answers_shows_it_in_every_language(engine):
    assert ids(engine.search("trample and deathtouch against two blockers", doc="en-2026"))[0] == \
        "trample-deathtouch-two-blockers"
    assert "trample-deathtouch-two-blockers" in ids(engine.search("atropelar com toque mortífero", doc="pt-2019"))
    assert "trample-deathtouch-two-blockers" in ids(engine.search("arrollar con toque mortal", doc="es-2026"))
    assert "hexproof" in ids(engine.search("can i target my opponent's hexproof creature", doc="en-2026"))


@pytest.mark.parametrize(("query", "doc", "wanted"), [
    ("when do u have to discard down to 7", "en-2026", "cleanup-discard"),  # told "discarding to hand size"
    ("what is an intervening if clause", "en-2026", "intervening-if"),  # "clause" is not in its words
    ("perco o jogo na hora quando fico com 0 de vida?", "pt-2019", "zero-life-loses"),  # read through English pairs
])
def test_a_scenario_holding_part_of_a_phrase_is_shown(engine, query, doc, wanted):
    assert wanted in ids(engine.search(query, doc=doc))


def test_rules_shown_with_a_scenario_are_numbered_as_searched(engine):
    """pt-2019 numbers its rules as in 2019: the scenario's rules are shown in those numbers."""
    found = {s.id: s for s in engine.search("lifelink com infectar", doc="pt-2019").scenarios}
    assert "lifelink-and-infect-same-damage" in found
    assert all(n in engine.corpus.rules["pt-2019"] for n in found["lifelink-and-infect-same-damage"].rules)


def test_a_rule_number_lists_the_scenarios_citing_it(engine):
    response = engine.search("702.19b", doc="en-2026")
    assert response.jump is not None
    assert "trample-deathtouch-two-blockers" in ids(response)


def test_a_scenario_far_behind_the_best_is_left_out(engine):
    """One scenario answers it plainly; others sharing a rule or two of its hits trail far behind (a triggered
    ability of another story, a mana scenario) and are not shown beside it."""
    assert ids(engine.search("can a creature with reach block a flyer", doc="en-2026")) == ["flying-and-reach"]
    assert ids(engine.search("quem escolhe a ordem quando várias habilidades disparam ao mesmo tempo",
                             doc="pt-2019")) == ["apnap-upkeep-triggers"]


def test_no_scenario_for_what_none_shows(engine):
    assert ids(engine.search("mulligan", doc="en-2026")) == []
    assert ids(engine.search("what is the maximum deck size in commander", doc="en-2026")) == []


def test_questions_a_scenario_answers_show_it(engine):
    """Floor under today's figure on the development questions that name their scenarios
    (benchmarks/search_quality.py prints it): a change that shows them less often fails, and so does one that
    shows more everywhere (what a reader sees beside the rules)."""
    cases = ev.load_cases(ev.QUESTIONS_DEV)
    shown = ev.scenario_quality(cases, [ids(engine.search(c.q, doc=c.doc)) for c in cases])
    assert shown.questions >= 100
    assert shown.shown >= 0.78, shown  # today .80 (115 questions; .817 at 297 scenarios, .826 before the library grew)
    # today 1.54 over the 768 naming none: 1.46 before the library grew from 219 to 297 scenarios (interactions as the
    # CR's examples and other engines' tests state them), 1.45 over the 648 before the second measured blind half of
    # 2026-11-27 joined (its 120 questions, many told as stories, show 1.54), 1.31 over the 519 before the first one. A
    # story's events (lexicon/events.toml) bring the deciding rules into the best hits, and with them the scenarios
    # that show those rules (situations told without naming a scenario: 1.27 → 1.74 a question, e.g. "the creature I
    # was targeting was sacrificed" → partly-illegal-targets); 1.18 before them; 1.35 before a scenario far behind the
    # best was left out (scenarios.RELATIVE). A larger library shows more; so do questions told as stories: ceiling
    # 1.55, at its limit — the next change that shows more should look at which scenarios are shown, not raise it.
    # Issue 29 grew the library from 297 to 350 scenarios (cards of the pool): 1.64. Looked at: the new ones shown most
    # beside questions naming none are on their topic (regeneration questions → Butcher's Glee, "how many lands a
    # turn" → Exploration, "what does dies mean" → morbid, a target sacrificed in response → Fleeting Image), and two
    # answers citing incidental rules (603.3, 603.3d, 113.7a) were trimmed; ceiling 1.65 for that library
    assert shown.shown_with_others <= 1.65, shown
