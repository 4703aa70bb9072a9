"""`judge align report|pairs|diff`, and the `--related` listing of `judge rule`."""

from __future__ import annotations

import click

from judge_app.alignment import Alignment, Equivalent, UnknownRule, load_alignment, report
from judge_app.commands.common import emit_json, fail
from judge_app.corpus import Rule

SHOWN = 30  # unpaired rules listed in the text report, most doubtful first
_MARKS = {"equal": "{}", "delete": "[-{}-]", "insert": "{{+{}+}}"}


def _equivalent(alignment: Alignment, e: Equivalent) -> dict:
    rule = alignment.corpus.rule(e.doc, e.number) if e.number else None
    return {"doc": e.doc, "number": e.number, "relation": e.relation, "confidence": e.confidence,
            "reason": e.reason, "heading": rule.heading if rule else None}


def print_related(rule: Rule, as_json: bool) -> None:
    """The equivalents of `rule` in the other CR documents (`judge rule … --related`)."""
    alignment = load_alignment()
    found = [_equivalent(alignment, e) for e in alignment.equivalents(rule.doc, rule.number)]
    if as_json:
        emit_json({"doc": rule.doc, "number": rule.number, "heading": rule.heading, "equivalents": found})
        return
    click.echo(f"{rule.doc} {rule.heading}")
    for e in found:
        target = e["heading"] if e["number"] else "—"
        click.echo(f"  {e['doc']:8} {target[:70]:72} {e['relation']:16} {e['confidence']:.2f}")
        click.echo(f"           why: {e['reason']}")


@click.group("align")
def align_group() -> None:
    """How the rules of the four CR documents correspond (languages and versions)."""


def _print_links(links: list[dict]) -> None:
    for link in links:
        click.echo(f"     - {link['from'] or '—'} → {link['to'] or '—'} {link['relation']} {link['confidence']:.2f}: "
                   f"{link['reason']}")


@align_group.command("report")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--below", type=click.FloatRange(0, 1), default=report.LOW_CONFIDENCE, show_default=True,
              help="List the pairs with a confidence below this, for a person to check.")
def report_command(as_json: bool, below: float) -> None:
    """Counts per relation, coverage, low-confidence pairs and translation disagreements."""
    data = report.alignment_report(load_alignment(), below)
    if as_json:
        emit_json(data)
        return
    for item in data["alignments"]:
        click.echo(f"== {item['from']} → {item['to']} ({item['kind']})")
        click.echo("   " + ", ".join(f"{relation} {count}" for relation, count in item["relations"].items()))
        for doc, cover in item["coverage"].items():
            click.echo(f"   {doc}: {cover['rules']} rules, {cover['paired']} paired, "
                       f"{cover['unpaired']} {cover['unpaired_as']}, {cover['missing']} in no link")
        if item["low_confidence"]:
            click.echo(f"   low confidence (< {below:.2f}, {len(item['low_confidence'])}):")
            _print_links(item["low_confidence"])
        doubtful = item["doubtful_unpaired"]
        if doubtful:
            click.echo(f"   unpaired, with a close text where a counterpart would be (confidence < {below:.2f}, "
                       f"{len(doubtful)}):")
            _print_links(doubtful[:SHOWN])
            if len(doubtful) > SHOWN:
                click.echo(f"     … {len(doubtful) - SHOWN} more in --json (new rules are often modelled on old ones)")
        if item["disagreements"]:
            click.echo(f"   disagreements ({len(item['disagreements'])}):")
            for d in item["disagreements"]:
                click.echo(f"     - {d['number']} [{d['kind']}] {d['detail']}")


def _pair_documents(alignment: Alignment, from_doc: str, to_doc: str) -> None:
    known = alignment.documents
    for doc in (from_doc, to_doc):
        if doc not in known:
            fail(f"unknown document {doc!r}; choose one of: {', '.join(known)}")
    if from_doc == to_doc:
        fail("--from and --to must be different documents")


@align_group.command("pairs")
@click.option("--from", "from_doc", required=True, metavar="ID", help="Document the pairs start from.")
@click.option("--to", "to_doc", required=True, metavar="ID", help="Document they lead to.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: a list of {from, to, relation, confidence}.")
def pairs_command(from_doc: str, to_doc: str, as_json: bool) -> None:
    """Every rule of --from with its counterparts in --to (null when it has none)."""
    alignment = load_alignment()
    _pair_documents(alignment, from_doc, to_doc)
    pairs = alignment.pairs(from_doc, to_doc)
    if as_json:
        emit_json([p.as_dict() for p in pairs])
        return
    for p in pairs:
        click.echo(f"{p.from_number:10} {p.to_number or '—':10} {p.relation:16} {p.confidence:.2f}")


@align_group.command("diff")
@click.argument("number_2019")
@click.argument("number_2026")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: a list of {op, text} segments.")
def diff_command(number_2019: str, number_2026: str, as_json: bool) -> None:
    """What changed from en-2019 rule NUMBER_2019 to en-2026 rule NUMBER_2026, word by word."""
    alignment = load_alignment()
    try:
        segments = alignment.diff(number_2019, number_2026)
    except UnknownRule as error:
        fail(error.args[0], code=1)
    if as_json:
        emit_json([{"op": s.op, "text": s.text} for s in segments])
        return
    click.echo("".join(_MARKS[s.op].format(s.text) for s in segments))
