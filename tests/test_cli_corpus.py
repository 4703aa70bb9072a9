"""`judge rule` and `judge corpus report`, run as a user would (through click)."""

import json

from click.testing import CliRunner

from judge_app.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_rule_prints_the_rule_its_subrules_and_citations():
    result = run("rule", "702.19", "--doc", "es-2026")
    assert result.exit_code == 0
    assert "702.19. Arrollar" in result.output
    assert "702.19b El controlador de una criatura atacante" in result.output
    assert "Ejemplo: " in result.output
    assert "7. Reglas adicionales › 702. Habilidades de palabra clave" in result.output


def test_rule_json_has_subrules_references_and_cited_by():
    result = run("rule", "CR 702.19b", "--json")
    data = json.loads(result.output)
    assert data["number"] == "702.19b" and data["doc"] == "en-2026"
    assert data["parent"] == "702.19"
    assert "702.19c" in data["cited_by"]
    assert data["path"] == ["7", "702", "702.19"]


def test_unknown_rule_and_unknown_document_are_clear_errors():
    result = run("rule", "702.19z")
    assert result.exit_code == 1
    assert "Did you mean: 702.19" in result.output
    assert "Traceback" not in result.output
    result = run("rule", "702.19", "--doc", "fr-2026")
    assert result.exit_code == 2 and "unknown document 'fr-2026'" in result.output


def test_corpus_report_json_has_one_object_per_document_with_the_agreed_keys():
    data = json.loads(run("corpus", "report", "--json").output)
    assert set(data) >= {"en-2026", "en-2019", "pt-2019", "es-2026"}
    for doc in ("en-2026", "en-2019", "pt-2019", "es-2026"):
        keys = {"rules", "sections", "glossary", "examples", "references", "unresolved_references",
                "anomalies", "missing_vs_english"}
        assert keys <= set(data[doc])
        assert isinstance(data[doc]["anomalies"], list) and isinstance(data[doc]["missing_vs_english"], list)
    assert data["en-2026"]["rules"] == 3114
    assert data["pt-2019"]["missing_vs_english"]
    assert all(m["cause"] for m in data["pt-2019"]["missing_vs_english"])


def test_corpus_report_text_lists_each_problem():
    output = run("corpus", "report").output
    assert "== pt-2019" in output
    assert "502.48a cannot stand after 702.52; corrected to 702.52a" in output
