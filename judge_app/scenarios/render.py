"""Trace renderers: text for the terminal and JSON, with each cited rule's number and title taken from a
chosen corpus document (`--doc`), in that document's language.

The engine cites the 2026 numbering. `es-2026` is the translation of the same edition, so its numbers
match. The 2019 documents (`en-2019`, `pt-2019`) number many rules differently (in 2019, 120 was
"Drawing a Card"), so each 2026 number is shown as the 2019 rule the alignment pairs it with
(`judge_app.alignment`), or as having none when the rule is new since 2019.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

from judge_app.alignment import Alignment, load_alignment
from judge_app.corpus import Corpus
from judge_app.scenarios.runner import Outcome

ENGINE_DOC = "en-2026"


@dataclass(frozen=True)
class RuleLabel:
    number: str  # as the engine cites it (2026)
    title: str  # the shown rule's title, or its nearest titled ancestor's ("Trample" for 702.19b); "" if absent
    found: bool
    doc_number: str | None = None  # the number of the rule shown in the chosen document, if there is one

    def shown(self) -> str:
        if self.doc_number and self.doc_number != self.number:
            return f"{self.number} (= {self.doc_number})"
        return self.number


def aligned(corpus: Corpus, doc: str) -> bool:
    """Whether `doc` numbers rules as the engine's edition does (the edition itself or its translation)."""
    document = corpus.document(doc)
    return doc == ENGINE_DOC or document.translation_of == ENGINE_DOC


def alignment_note(corpus: Corpus, doc: str) -> str:
    if aligned(corpus, doc):
        return ""
    return (f"Note: the engine cites the 2026 Comprehensive Rules; {doc} is the {corpus.document(doc).effective} "
            f"edition, whose numbering differs in places. Each 2026 number is shown with the {doc} rule the "
            f"alignment pairs it with, as \"2026 number (= {doc} number)\".")


class Labeller:
    """Rule labels for one document, remembered per number (a trace cites the same rules often)."""

    def __init__(self, corpus: Corpus, doc: str, alignment: Alignment | None = None):
        self.corpus, self.doc = corpus, doc
        self.alignment = None if aligned(corpus, doc) else (alignment or load_alignment())
        self._seen: dict[str, RuleLabel] = {}

    def __call__(self, number: str) -> RuleLabel:
        if number not in self._seen:
            self._seen[number] = self._label(number)
        return self._seen[number]

    def _label(self, number: str) -> RuleLabel:
        target = number
        if self.alignment is not None:
            match = self.alignment.counterpart(ENGINE_DOC, number, self.doc)
            if match is None:
                return RuleLabel(number, "", False)
            target = match.number
        rule = self.corpus.rule(self.doc, target)
        if rule is None:
            return RuleLabel(number, "", False)
        titled = rule
        while titled is not None and not titled.title:
            titled = self.corpus.parent(self.doc, titled.number)
        return RuleLabel(number, titled.title if titled else "", True, rule.number)


def _grouped(items: list[RuleLabel], doc: str) -> list[str]:
    """"117.3a, 117.3d, 117.4 Timing and Priority": consecutive rules under one title share it."""
    groups: list[tuple[str, list[str]]] = []
    for item in items:
        title = item.title if item.found else f"(not in {doc})"
        if groups and groups[-1][0] == title:
            groups[-1][1].append(item.shown())
        else:
            groups.append((title, [item.shown()]))
    return [f"{', '.join(numbers)} {title}".rstrip() for title, numbers in groups]


ALL_PASS = "117.4"  # all players pass in succession: the top of the stack resolves, or the step ends


def quiet(step: dict[str, Any]) -> bool:
    """A trace step in which nobody acts: every player passes with nothing on the stack (117.4), or a step
    merely begins or ends with nothing to do."""
    if step["changes"] or step["snapshot"].get("stack"):
        return False
    return (step["kind"] == "priority" and ALL_PASS in step["rules"]) or step["kind"] == "turn-based action"


def fold_passes(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The trace as lines to read: each run of quiet steps with priority passes in it becomes one "passes"
    line (players passing through the precombat main phase, beginning of combat, …), every other step is
    a line of its own. Each line: steps (trace indices), turn, kind, text, rules, and for a "passes" line
    the game steps it goes through and the players who pass."""
    lines: list[dict[str, Any]] = []
    run: list[dict[str, Any]] = []

    def flush() -> None:
        if len(run) > 1 and any(s["kind"] == "priority" for s in run):
            lines.append(_passes(run))
        else:
            lines.extend(_line(s) for s in run)
        run.clear()

    for step in steps:
        if run and step["turn"] != run[-1]["turn"]:  # a line never spans two turns
            flush()
        if quiet(step):
            run.append(step)
        else:
            flush()
            lines.append(_line(step))
    flush()
    return lines


def _line(step: dict[str, Any]) -> dict[str, Any]:
    return {"steps": [step["index"]], "turn": step["turn"], "step": step["step"], "kind": step["kind"],
            "text": step["text"], "rules": list(step["rules"])}


def _passes(run: list[dict[str, Any]]) -> dict[str, Any]:
    players = [p["name"] for p in run[-1]["snapshot"].get("players", [])]
    through = list(dict.fromkeys(s["step"] for s in run))
    who = "Both players" if len(players) == 2 else "All players"
    return {"steps": [s["index"] for s in run], "turn": run[0]["turn"], "step": run[-1]["step"], "kind": "passes",
            "text": f"{who} pass, with nothing on the stack: {' → '.join(through)}.",
            "rules": list(dict.fromkeys(n for s in run for n in s["rules"])), "through": through,
            "players": players}


def render_text(outcome: Outcome, corpus: Corpus, doc: str = ENGINE_DOC) -> str:
    scenario = outcome.scenario
    document = corpus.document(doc)
    out = [f"Scenario: {scenario.title}  ({scenario.path})"]
    out += textwrap.wrap("Question: " + " ".join(scenario.question.split()), 100, subsequent_indent="  ")
    out.append(f"Rules cited from {doc}: {document.title} ({document.effective})")
    note = alignment_note(corpus, doc)
    if note:
        out += textwrap.wrap(note, 100)
    out.append("")
    label = Labeller(corpus, doc)
    for line in fold_passes(outcome.trace.to_json()):
        numbers = line["steps"]
        where = f"{numbers[0]}–{numbers[-1]}" if len(numbers) > 1 else f"{numbers[0]:>3}"
        out.append(f"{where}. turn {line['turn']}, {line['step']} · {line['kind']}")
        out += textwrap.wrap(line["text"], 96, initial_indent="     ", subsequent_indent="     ")
        if line["rules"]:
            shown = _grouped([label(n) for n in line["rules"]], doc)
            out += textwrap.wrap("rules: " + " · ".join(shown), 96, initial_indent="     ",
                                 subsequent_indent="            ")
    out.append("")
    out.append("Expectations:")
    for check in outcome.checks:
        out.append("  " + check.describe())
    if outcome.failure:
        out.append(f"  FAILED: {outcome.failure}")
    held = sum(1 for c in outcome.checks if c.ok)
    verdict = "PASS" if outcome.ok else "FAIL"
    out.append(f"{verdict}: {held} of {len(outcome.checks)} expectations held"
               + ("" if not outcome.failure else "; the replay stopped early") + ".")
    return "\n".join(out)


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """The replay as plain data, before any document is chosen: rules as the engine cites them (2026).

    What a replay run elsewhere (`judge_app.scenarios.sandbox`) sends back; `label_json` adds a document.
    """
    scenario = outcome.scenario
    return {
        "scenario": {"file": str(scenario.path), "name": scenario.name, "title": scenario.title,
                     "question": scenario.question, "answer": scenario.answer, "tags": scenario.tags},
        "trace": outcome.trace.to_json(),
        "checks": [c.to_json() for c in outcome.checks],
        "failure": outcome.failure,
        "ok": outcome.ok,
    }


def label_json(data: dict[str, Any], corpus: Corpus, doc: str = ENGINE_DOC,
               label: Labeller | None = None) -> dict[str, Any]:
    """`outcome_json` data with the document and each cited rule's number and title in it."""
    document = corpus.document(doc)
    label = label or Labeller(corpus, doc)

    def rule_entry(number: str) -> dict[str, Any]:
        item = label(number)
        return {"number": item.number, "doc_number": item.doc_number, "title": item.title, "found": item.found}

    return {
        "scenario": data["scenario"],
        "document": {"id": doc, "language": document.language, "title": document.title,
                     "effective": document.effective, "aligned": aligned(corpus, doc),
                     "note": alignment_note(corpus, doc) or None},
        "trace": [{**step, "rules": [rule_entry(n) for n in step["rules"]]} for step in data["trace"]],
        "lines": [{**line, "rules": [rule_entry(n) for n in line["rules"]]} for line in fold_passes(data["trace"])],
        "checks": data["checks"],
        "failure": data["failure"],
        "ok": data["ok"],
    }


def render_json(outcome: Outcome, corpus: Corpus, doc: str = ENGINE_DOC) -> dict[str, Any]:
    return label_json(outcome_json(outcome), corpus, doc)
