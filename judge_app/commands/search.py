"""`judge search` and `judge index build|status`."""

from __future__ import annotations

import html
import json
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import click

from judge_app import search as search_api
from judge_app.commands.common import emit_json, fail
from judge_app.corpus import load_corpus
from judge_app.search import Hit, SearchResponse, lifecycle
from judge_app.search.lifecycle import Progress


@contextmanager
def _progress_bar(label: str) -> Iterator[Progress]:
    """A `progress(done, total)` callback drawing a bar on stderr (only once a build starts)."""
    bar = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = click.progressbar(length=total, label=label, show_pos=True, file=sys.stderr)
            bar.__enter__()
        bar.update(done - bar.pos)

    try:
        yield progress
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)


def _check_doc(doc: str | None) -> None:
    if doc is not None:
        known = load_corpus().documents
        if doc not in known:
            fail(f"unknown document {doc!r}; choose one of: {', '.join(known)}")


def _terminal(snippet: str) -> str:
    """A snippet's HTML as terminal text: marked words in bold, entities decoded."""
    parts = re.split(r"<mark>(.*?)</mark>", snippet)
    return "".join(click.style(html.unescape(p), bold=True) if i % 2 else html.unescape(p) for i, p in enumerate(parts))


def _label(hit: Hit) -> str:
    if hit.kind == "rule":
        return f"{hit.number}  {hit.title}".rstrip()
    if hit.kind == "glossary":
        return f"glossary: {hit.term}"
    return f"guide {hit.paragraph}: {hit.title}"


def count(total: int, offset: int, shown: int) -> str:
    """"1 result", "57 results (21–40)": the count, and which of them are shown when not all are."""
    text = f"{total} result" if total == 1 else f"{total} results"
    if shown and (offset or shown < total):
        text += f" ({offset + 1}–{offset + shown})"
    return text


def _print_response(response: SearchResponse) -> None:
    if response.jump:
        click.echo(f"→ {response.jump.doc} {response.jump.number} ({response.jump.level})")
    if response.did_you_mean:
        click.echo(f"Did you mean: {response.did_you_mean}")
    if response.message:
        click.echo(response.message)
    if response.hits and not response.jump:
        click.echo(count(response.total, response.offset, len(response.hits)))
    for rank, hit in enumerate(response.hits, response.offset + 1):
        via = f"  [via {hit.via}]" if hit.via else ""
        click.echo(f"{rank:2}. {hit.doc}  {_label(hit)}  ({hit.score:.3f}){via}")
        if hit.snippet:
            click.echo(f"    {_terminal(hit.snippet)}")
    if response.scenarios:
        click.echo("See it happen:")
        for scenario in response.scenarios:
            click.echo(f"  {scenario.title}   judge scenario run scenarios/{scenario.id}.toml")


def _notes(response: SearchResponse) -> None:
    """With --json, the messages also go to stderr, for a person watching."""
    for note in (f"did you mean: {response.did_you_mean}" if response.did_you_mean else None, response.message):
        if note:
            click.echo(f"judge: {note}", err=True)


@click.command("search")
@click.argument("query", required=False)
@click.option("--doc", default=None, metavar="ID", help="One document (default: all; a rule number opens en-2026).")
@click.option("--lang", type=click.Choice(["en", "pt", "es"]), default=None, help="Only documents in this language.")
@click.option("--chapter", default=None, metavar="N", help="Only rules inside this chapter or section (7, 702).")
@click.option("--limit", type=click.IntRange(1, 100), default=10, show_default=True)
@click.option("--offset", type=click.IntRange(0, 500), default=0, help="Skip this many results (the next page).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the answer as JSON: hits in rank order, the scenarios that show it, total, messages.")
@click.option("--stdin", "from_stdin", is_flag=True, help="Read one query per line; answer one per line, in order.")
def search_command(query: str | None, doc: str | None, lang: str | None, chapter: str | None, limit: int,
                   offset: int, as_json: bool, from_stdin: bool) -> None:
    """Search rules, glossary and guides: a rule number ("cr 702.19c"), words ("atropelar", "tramlpe") or a
    question ("does my spell fizzle if they flicker the target?")."""
    if from_stdin == (query is not None):
        fail("give a QUERY, or --stdin to read queries one per line")
    _check_doc(doc)
    with _progress_bar("Building the search index (once)") as progress:
        search_api.engine(progress=progress)
    if from_stdin:
        for line in sys.stdin:
            response = search_api.search(line.rstrip("\r\n"), doc=doc, lang=lang, limit=limit, chapter=chapter,
                                         offset=offset)
            if as_json:
                click.echo(json.dumps(response.to_dict(), ensure_ascii=False))
            else:
                click.echo(f"# {response.query}")
                _print_response(response)
                click.echo()
        return
    response = search_api.search(query, doc=doc, lang=lang, limit=limit, chapter=chapter, offset=offset)
    if as_json:
        _notes(response)
        emit_json(response.to_dict())
    else:
        _print_response(response)


@click.group("index")
def index_group() -> None:
    """The search index: build it, or see whether it is current."""


@index_group.command("build")
def build_command() -> None:
    """Rebuild the search index now (it is also built on first search, and when the corpus changes)."""
    with _progress_bar("Indexing") as progress:
        info = search_api.build_index(progress=progress)
    click.echo(f"Indexed {info.entries} entries in {info.seconds:.1f} s → {info.path}")


@index_group.command("status")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def status_command(as_json: bool) -> None:
    """Where the index is, and whether it is sound and matches the current corpus."""
    found = lifecycle.status()
    info = found.info
    data = {
        "state": found.state, "problem": found.problem or None,
        "path": str(info.path) if info else None, "key": info.key if info else None, "wanted_key": found.wanted_key,
        "current": found.state == "current", "entries": info.entries if info else 0,
        "build_seconds": info.seconds if info else None,
    }
    if as_json:
        emit_json(data)
        return
    if found.state == "missing":
        click.echo("No index yet: `judge index build` (or the first search) builds it.")
        return
    if info is not None:
        click.echo(f"{info.path}\n{info.entries} entries, built in {info.seconds:.1f} s")
    click.echo({
        "current": "current",
        "stale": "stale (the corpus or the index code changed); the next search rebuilds it, or `judge index build`",
        "damaged": f"damaged ({found.problem}); the next search rebuilds it, or `judge index build`",
    }[found.state])
