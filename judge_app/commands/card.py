"""`judge card read`: how a card's Oracle text is read — each ability's kind, cost, trigger, instructions,
targets and the CR rules that govern it, or where and why it could not be read.

The grammar (lark) is imported only when the command runs, so `judge` itself starts fast.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from judge_app.commands.common import emit_json


@click.group("card")
def card_group() -> None:
    """Read card text as the rules engine does."""


@card_group.command("read")
@click.argument("text", required=False)
@click.option("--name", default=None, help="The card's name (its text may call it by name or short name).")
@click.option("--type", "type_line", default=None, help='The type line, e.g. "Legendary Creature — Human".')
@click.option("--json", "as_json", is_flag=True, help="Print the reading as JSON.")
@click.option("--stdin", "batch", is_flag=True,
              help='Batch: one JSON object a line on standard input ({"name", "type", "text"}), one result a line.')
def read_command(text: str | None, name: str | None, type_line: str | None, as_json: bool, batch: bool) -> None:
    """Read TEXT (or "-" for standard input): exit 0 if every line was read, 1 if not."""
    from judge_app.cardtext import read
    from judge_app.cardtext.render import render_text, result_json

    if batch:
        _batch(read, result_json)
        return
    if text is None:
        raise click.UsageError('give the card text, "-" to read it from standard input, or --stdin --json')
    if text == "-":
        text = sys.stdin.read()
    card = read(text.replace("\\n", "\n") if "\n" not in text else text, name=name, type_line=type_line)
    if as_json:
        emit_json({"name": name, "type": type_line, **result_json(card)})
    else:
        click.echo(render_text(card))
    sys.exit(0 if card.ok else 1)


def _batch(read: Any, result_json: Any) -> None:
    """One result line for every input line, whatever the line holds."""
    for raw in sys.stdin:
        line = raw.rstrip("\n")
        try:
            result = _batch_line(line, read, result_json)
        except Exception as exc:  # never lose a line: a result says what went wrong
            result = _failure(1, f"internal error: {type(exc).__name__}")
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        sys.stdout.flush()


def _failure(column: int, message: str) -> dict[str, Any]:
    return {"ok": False, "abilities": [], "errors": [{"line": 1, "column": column, "message": message}]}


def _batch_line(line: str, read: Any, result_json: Any) -> dict[str, Any]:
    if not line.strip():
        return _failure(1, 'empty line: expected a JSON object {"name", "type", "text"}')
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        return _failure(exc.colno, f"invalid JSON: {exc.msg}")
    if not isinstance(data, dict):
        return _failure(1, 'expected a JSON object {"name", "type", "text"}')
    text = data.get("text")
    if not isinstance(text, str):
        return _failure(1, '"text" is missing or not a string')
    name = data.get("name") if isinstance(data.get("name"), str) else None
    type_line = data.get("type") if isinstance(data.get("type"), str) else None
    return result_json(read(text, name=name, type_line=type_line))
