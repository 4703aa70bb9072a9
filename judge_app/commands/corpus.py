"""`judge rule` and `judge corpus report`."""

from __future__ import annotations

import textwrap

import click

from judge_app.commands.common import doc_option, emit_json, fail
from judge_app.corpus import CR_IDS, Corpus, Rule, UnknownDocument, load_corpus, load_document, report, serialize


def _cr_document(doc: str) -> Corpus:
    """The corpus cut down to the CR document `doc` (`load_document`: a fifth of the whole to read), or a
    clear error naming the CR documents."""
    try:
        corpus = load_document(doc)
    except UnknownDocument:
        corpus = None
    if corpus is None or not corpus.document(doc).is_cr:
        fail(f"unknown document {doc!r}; choose one of: {', '.join(CR_IDS)}")
    return corpus


def _wrap(text: str, indent: str) -> str:
    return "\n".join(
        textwrap.fill(paragraph, width=100, initial_indent=indent, subsequent_indent=indent)
        for paragraph in text.split("\n")
    )


_EXAMPLE_LABEL = {"en": "Example", "pt": "Exemplo", "es": "Ejemplo"}


def _print_rule(corpus: Corpus, rule: Rule, indent: str = "") -> None:
    label = rule.number + ("." if rule.level in ("chapter", "section", "rule") else "")
    printed = f"   [printed {rule.printed!r}]" if rule.corrected else ""
    click.echo(_wrap(f"{label} {rule.text}", indent) + printed)
    example_label = _EXAMPLE_LABEL.get(corpus.document(rule.doc).language, "Example")
    for example in rule.examples:
        click.echo(_wrap(f"{example_label}: {example}", indent + "    "))
    for child in corpus.children(rule.doc, rule.number):
        _print_rule(corpus, child, indent + "  ")


@click.command("rule")
@click.argument("number")
@doc_option()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--related", is_flag=True, help="List its equivalents in the other CR documents instead.")
def rule_command(number: str, doc: str, as_json: bool, related: bool) -> None:
    """Show rule NUMBER (e.g. 702.19, "CR 702.19c") with its subrules, references and citations."""
    corpus = _cr_document(doc)
    rule = corpus.rule(doc, number)
    if rule is None:
        suggestions = corpus.suggest(doc, number)
        hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        if as_json:
            emit_json({"error": f"no rule {number} in {doc}", "did_you_mean": suggestions})
            raise SystemExit(1)
        fail(f"no rule {number!r} in {doc}.{hint}", code=1)
    if related:
        from judge_app.commands.align import print_related

        print_related(rule, as_json)
        return
    if as_json:
        emit_json(serialize.rule(corpus, rule, depth=99))
        return
    document = corpus.document(doc)
    click.echo(f"{doc} · {document.title} ({document.effective})")
    crumbs = [a.heading for a in corpus.ancestors(doc, rule.number)]
    if crumbs:
        click.echo(" › ".join(crumbs))
    click.echo()
    _print_rule(corpus, rule)
    outgoing = [r for item in [rule, *corpus.descendants(doc, rule.number)] for r in item.references]
    if outgoing:
        click.echo("\nReferences:")
        for ref in outgoing:
            missing = f"  (unresolved: {', '.join(ref.unresolved)})" if ref.unresolved else ""
            click.echo(f"  {ref.text} → {', '.join(ref.resolved) or '—'}{missing}")
    cited = corpus.cited_by(doc, rule.number)
    if cited:
        click.echo("\nCited by: " + ", ".join(c.number for c in cited))
    if rule.cited_by_glossary:
        click.echo("Glossary: " + ", ".join(rule.cited_by_glossary))


@click.group("corpus")
def corpus_group() -> None:
    """The rule corpus: parse report."""


@corpus_group.command("report")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: one object per document id.")
def report_command(as_json: bool) -> None:
    """Per document: counts, anomalies, unresolved references, rules missing versus English."""
    corpus = load_corpus()
    data = report.corpus_report(corpus)
    if as_json:
        emit_json(data)
        return
    for doc, item in data.items():
        document = item["document"]
        click.echo(f"== {doc}: {document['title']} ({document['language']}, {document['kind']}, "
                   f"effective {document['effective'] or 'undated'}, authority {document['authority']})")
        if "rules" in item:
            share = item["resolved_references"] / item["references"] if item["references"] else 1
            click.echo(f"   {item['rules']} rules, {item['sections']} sections, {item['chapters']} chapters, "
                       f"{item['glossary']} glossary entries, {item['examples']} examples")
            click.echo(f"   {item['references']} references, {item['resolved_references']} resolved "
                       f"({share:.2%}), {item['keyword_links']} keyword links, "
                       f"{item['corrected_numbers']} corrected numbers")
        else:
            click.echo(f"   {item['sections']} sections, {item['paragraphs']} paragraphs, "
                       f"{item['references']} references ({item['resolved_references']} resolved)")
        for title, key, fmt in (
            ("unresolved references", "unresolved_references",
             lambda u: f"{u['in']}: {u['text']!r} → {', '.join(u['unresolved'])}"),
            ("anomalies", "anomalies", lambda a: f"line {a['line']}: [{a['kind']}] {a['message']}"),
            ("missing versus English", "missing_vs_english", lambda m: f"{m['number']}: {m['cause']}"),
            ("present here, absent from English", "extra_vs_english", lambda m: f"{m['number']}: {m['cause']}"),
        ):
            if item[key]:
                click.echo(f"   {title} ({len(item[key])}):")
                for entry in item[key]:
                    click.echo(f"     - {fmt(entry)}")
