"""`judge card read`: how a card's Oracle text is read — each ability's kind, cost, trigger, instructions,
targets and the CR rules that govern it, or where and why it could not be read — and whether the engine plays
it. `judge card show`: a card of the database by name, with all of that, its rules and scenarios.

The grammar (lark) and the engine are imported only when a text must be read (`card show` asks the memo first:
`judge_app.card_report`), so `judge` itself starts fast.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from judge_app.commands.common import DEFAULT_DOC, cr_document, emit_json, fail


@click.group("card")
def card_group() -> None:
    """Look cards up; read card text as the rules engine does."""


@card_group.command("read")
@click.argument("text", required=False)
@click.option("--name", default=None, help="The card's name (its text may call it by name or short name).")
@click.option("--type", "type_line", default=None, help='The type line, e.g. "Legendary Creature — Human".')
@click.option("--json", "as_json", is_flag=True, help="Print the reading as JSON.")
@click.option("--stdin", "batch", is_flag=True,
              help='Batch: one JSON object a line on standard input ({"name", "type", "text"}), one result a line.')
def read_command(text: str | None, name: str | None, type_line: str | None, as_json: bool, batch: bool) -> None:
    """Read TEXT (or "-" for standard input): exit 0 if every line was read, 1 if not."""
    from judge_app.engine.verdicts import verdicts

    if batch:
        _batch(verdicts)
        return
    if text is None:
        raise click.UsageError('give the card text, "-" to read it from standard input, or --stdin --json')
    if text == "-":
        text = sys.stdin.read()
    card = verdicts(text.replace("\\n", "\n") if "\n" not in text else text, name=name, type_line=type_line)
    if as_json:
        emit_json({"name": name, "type": type_line, **card.result_json()})
    else:
        click.echo("\n".join(reading_lines(card.summaries(), [
            {"line": e.line, "column": e.column, "message": e.message, "text": e.text} for e in card.reading.errors])))
    sys.exit(0 if card.read else 1)


def reading_lines(summaries: list[dict[str, Any]], errors: list[dict[str, Any]]) -> list[str]:
    """Each ability as read, with the engine's verdict; then each line not read."""
    from judge_app.cardtext.render import described

    lines: list[str] = []
    for number, shown in enumerate(summaries, start=1):
        lines += described(shown, number)
        refusal = shown.get("refusal")
        lines.append("   engine: plays it" if shown.get("played", True) else
                     f"   engine: not played yet: {refusal['what']}" + (f" ({refusal['rule']})" if refusal["rule"]
                                                                        else ""))
    for error in errors:
        lines.append(f"line {error['line']}, column {error['column']}: {error['message']}")
        if error.get("text"):
            lines.append(f"   {error['text']}")
    return lines or ["(no abilities)"]


def _batch(verdicts: Any) -> None:
    """One result line for every input line, whatever the line holds."""
    for raw in sys.stdin:
        line = raw.rstrip("\n")
        try:
            result = _batch_line(line, verdicts)
        except Exception as exc:  # never lose a line: a result says what went wrong
            result = _failure(1, f"internal error: {type(exc).__name__}")
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        sys.stdout.flush()


def _failure(column: int, message: str) -> dict[str, Any]:
    return {"ok": False, "abilities": [], "errors": [{"line": 1, "column": column, "message": message}]}


def _batch_line(line: str, verdicts: Any) -> dict[str, Any]:
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
    return verdicts(text, name=name, type_line=type_line).result_json()


@card_group.command("show")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True,
              help="Print the card as JSON (several equally good matches: a list, best first).")
def show_command(name: str, as_json: bool) -> None:
    """A card of the database by NAME (any case, accents, punctuation; a face; a legendary card's short name; the
    start of a name): its text and characteristics, how each ability is read and played, its rules and scenarios.
    Exit 1 when no card has that name (with the names it is closest to)."""
    from judge_app.card_report import report
    from judge_app.cards import load_cards
    from judge_app.scenarios.catalogue import catalogue

    database = load_cards()
    found = database.find(name)
    if not found.cards:
        close = f"; did you mean: {', '.join(found.did_you_mean)}?" if found.did_you_mean else ""
        fail(f"no card named {name.strip()!r}{close}", code=1)
    if found.card is None and not as_json:
        click.echo(f"{len(found.cards)} cards match {found.query!r} ({found.how}); best first:")
        for card in found.cards:
            click.echo(f"  {card.name}  —  {card.type_line}")
        return
    title = _titles()
    shown = [report(card, database.provenance, catalogue()) for card in found.cards]
    if as_json:
        data = [item.as_json(title) for item in shown]
        emit_json(data[0] if found.card is not None else data)
        return
    click.echo("\n".join(card_lines(shown[0], title)))


def _titles() -> Any:
    """number → its title in the 2026 rules (a subrule's: its rule's)."""
    corpus = cr_document(DEFAULT_DOC)

    def title(number: str) -> str:
        rule = corpus.rule(DEFAULT_DOC, number)
        while rule is not None and not rule.title:
            rule = corpus.parent(DEFAULT_DOC, rule.number)
        return rule.title if rule is not None else ""
    return title


def card_lines(shown: Any, title: Any) -> list[str]:
    """`judge card show` as text: the card as printed, then the reading, the rules, the scenarios, the source."""
    card = shown.card
    cost = f"  {card.mana_cost}" if card.mana_cost else ""
    lines = [f"{card.name}{cost}  (mana value {_number(card.mana_value)})", card.type_line]
    if card.colors:
        lines.append("colour: " + ", ".join(card.colors) + (f" (from its {card.colors_from})"
                                                            if card.colors_from != "mana cost" else ""))
    if card.power is not None or card.toughness is not None:
        lines.append(f"{card.power}/{card.toughness}")
    if card.loyalty is not None:
        lines.append(f"loyalty {card.loyalty}")
    if len(card.faces) > 1:
        lines.append("faces: " + " // ".join(card.faces) + "".join(f"; {face}: missing from the data"
                                                                    for face in card.missing_faces))
    if card.front:
        lines.append(f"back face of {card.front}")
    if card.back:
        lines.append(f"its back face, {card.back}, is an entry of its own")
    lines += [mark for flag, mark in ((card.alchemy, "Alchemy: rebalanced for digital play only"),
                                      (card.nontraditional, "nontraditional card: not part of a deck (108.2a)"))
              if flag]
    lines += ["", *(card.text.splitlines() or ["(no rules text)"]), ""]
    verdict = "read and played" if shown.played else "read, not all played" if shown.read else "not all read"
    lines.append(f"How it is read ({verdict}):")
    lines += ["  " + line for line in reading_lines(shown.summaries, shown.errors)]
    if shown.rules:
        lines += ["", "Rules:"] + [f"  {number}  {title(number)}".rstrip() for number in shown.rules]
    if shown.scenarios:
        lines += ["", "Scenarios:"] + [f"  {s.id}  {s.title}" for s in shown.scenarios]
    lines += ["", f"From {shown.provenance.label}. {shown.provenance.notice}"]
    return lines


def _number(value: float) -> str:
    return f"{value:g}"
