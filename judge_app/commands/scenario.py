"""`judge scenario run FILE` and `judge scenario check`: replay scenarios, print the trace, check expectations.

Each file is read, replayed and rendered within the limits every scenario run has, on the web too
(`judge_app.scenarios.sandbox`): size, time, memory and output. A file over one of them is refused, with
the limit named, like a malformed one (exit 2).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from judge_app import paths
from judge_app.alignment import load_alignment
from judge_app.commands.common import cr_document, doc_option, emit_json, fail
from judge_app.corpus import Corpus, load_corpus
from judge_app.scenarios import Outcome, ScenarioError, loads, run, sandbox
from judge_app.scenarios.render import aligned, render_json, render_text

MALFORMED = 2  # exit code: the file cannot be replayed (malformed, or over a limit)


@click.group("scenario")
def scenario_group() -> None:
    """Replay rules scenarios on the engine, citing the rules at each step."""


def _replayed(file: Path | str, work) -> tuple[int, str]:
    """Read `file` and run `work(text)` within the limits: (exit code, text), or (MALFORMED, "file: why")."""
    text = sandbox.read_file(file)
    if not isinstance(text, sandbox.Refusal):
        sandbox.prepare(text)
        answer = sandbox.run_limited(lambda: work(text))
        if not isinstance(answer, sandbox.Refusal):
            return answer
        text = answer
    where = f"{file}:{text.line}" if text.line else str(file)
    return MALFORMED, f"{where}: {text.message.removeprefix(f'line {text.line}: ')}"


def _outcome(text: str, file: Path | str) -> Outcome | str:
    """The replay of `text`, or why it cannot be shown: malformed (file:line), or over an output limit."""
    try:
        outcome = run(loads(text, file))
    except ScenarioError as exc:
        return str(exc)
    refusal = sandbox.check_outcome(outcome)
    return f"{file}: {refusal.message}" if refusal is not None else outcome


@scenario_group.command("run")
@click.argument("file")
@click.option("--json", "as_json", is_flag=True, help="Print the trace and the checks as JSON.")
@doc_option()
def run_command(file: str, as_json: bool, doc: str) -> None:
    """Replay FILE: print the trace and whether its expectations held (exit 1 if not, 2 if the file is malformed)."""
    corpus = cr_document(doc)  # the rules of `doc` are what the trace cites; the alignment has its own corpus
    if not aligned(corpus, doc):  # loaded here, not in the limited child: the text's work is what is timed
        load_alignment()

    def replay_and_render(text: str) -> tuple[int, str]:
        outcome = _outcome(text, file)
        if isinstance(outcome, str):
            return MALFORMED, outcome
        shown = json.dumps(render_json(outcome, corpus, doc), ensure_ascii=False, indent=2) if as_json else \
            render_text(outcome, corpus, doc)
        return (0 if outcome.ok else 1), shown

    code, shown = _replayed(file, replay_and_render)
    if code == MALFORMED:
        fail(shown, code=MALFORMED)
    click.echo(shown)
    sys.exit(code)


def _check_one(file: Path, corpus: Corpus) -> dict:
    def replay(text: str) -> tuple[int, str]:
        outcome = _outcome(text, file)
        if isinstance(outcome, str):
            return MALFORMED, outcome
        failed = [c.describe() for c in outcome.checks if not c.ok]
        return (0 if outcome.ok else 1), json.dumps({
            "message": outcome.failure or (failed[0] if failed else ""), "title": outcome.scenario.title,
            "steps": len(outcome.trace.steps), "checks": len(outcome.checks)})

    code, said = _replayed(file, replay)
    if code == MALFORMED:
        return {"file": str(file), "status": "error", "message": said}
    return {"file": str(file), "status": "pass" if code == 0 else "fail", **json.loads(said)}


@scenario_group.command("check")
@click.option("--dir", "directory", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder of scenario files (default: the project's scenarios/).")
@click.option("--json", "as_json", is_flag=True, help="Print one result per file as JSON.")
def check_command(directory: Path | None, as_json: bool) -> None:
    """Replay every scenario file (*.toml) of scenarios/: exit 1 if any failed, 2 if any is malformed."""
    directory = directory or paths.scenarios_dir()
    files = sorted(directory.glob("*.toml"))
    if not files:
        fail(f"no scenario files (*.toml) in {directory}")
    corpus = load_corpus()
    results = [_check_one(file, corpus) for file in files]
    passed = sum(1 for r in results if r["status"] == "pass")
    failed_count = sum(1 for r in results if r["status"] == "fail")
    errors = sum(1 for r in results if r["status"] == "error")
    if as_json:
        emit_json({"results": results, "passed": passed, "failed": failed_count, "errors": errors})
    else:
        for r in results:
            if r["status"] == "pass":
                click.echo(f"PASS  {Path(r['file']).name}: {r['title']} ({r['steps']} steps, {r['checks']} checks)")
            elif r["status"] == "fail":
                click.echo(f"FAIL  {Path(r['file']).name}: {r['message']}")
            else:
                click.echo(f"ERROR {r['message']}")
        click.echo(f"{len(results)} scenario files: {passed} pass, {failed_count} fail, {errors} malformed.")
    sys.exit(2 if errors else 1 if failed_count else 0)
