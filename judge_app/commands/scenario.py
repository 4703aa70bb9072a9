"""`judge scenario run FILE` and `judge scenario check`: replay scenarios, print the trace, check expectations."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from judge_app import paths
from judge_app.commands.common import doc_option, emit_json, fail
from judge_app.corpus import load_corpus
from judge_app.scenarios import ScenarioError, load, run
from judge_app.scenarios.render import render_json, render_text


@click.group("scenario")
def scenario_group() -> None:
    """Replay rules scenarios on the engine, citing the rules at each step."""


@scenario_group.command("run")
@click.argument("file")
@click.option("--json", "as_json", is_flag=True, help="Print the trace and the checks as JSON.")
@doc_option()
def run_command(file: str, as_json: bool, doc: str) -> None:
    """Replay FILE: print the trace and whether its expectations held (exit 1 if not, 2 if the file is malformed)."""
    corpus = load_corpus()
    if doc not in {d.id for d in corpus.cr_documents()}:
        fail(f"unknown document {doc!r}; choose one of: {', '.join(d.id for d in corpus.cr_documents())}")
    try:
        scenario = load(file)
    except ScenarioError as exc:
        fail(str(exc), code=2)
    outcome = run(scenario)
    if as_json:
        emit_json(render_json(outcome, corpus, doc))
    else:
        click.echo(render_text(outcome, corpus, doc))
    sys.exit(0 if outcome.ok else 1)


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
    results = []
    for file in files:
        try:
            outcome = run(load(file))
        except ScenarioError as exc:
            results.append({"file": str(file), "status": "error", "message": str(exc)})
            continue
        failed = [c.describe() for c in outcome.checks if not c.ok]
        message = outcome.failure or (failed[0] if failed else "")
        results.append({"file": str(file), "status": "pass" if outcome.ok else "fail", "message": message,
                        "title": outcome.scenario.title, "steps": len(outcome.trace.steps),
                        "checks": len(outcome.checks)})
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


COMMANDS = [scenario_group]
