"""`judge export static DIR`: the whole reference as static files (see `judge_app.web.static_export`)."""

from __future__ import annotations

from pathlib import Path

import click

from judge_app.commands.common import fail


@click.group("export")
def export_group() -> None:
    """Write the reference out for serving without the Rules Judge server."""


@export_group.command("static")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--doc", "docs", multiple=True, metavar="ID",
              help="Only these CR documents (repeatable; default: all). Links to the others say they are left out.")
@click.option("--lang", default="en", show_default=True, type=click.Choice(["en", "pt", "es"]),
              help="Interface language of the pages.")
def static_command(directory: Path, docs: tuple[str, ...], lang: str) -> None:
    """Every document's rule pages, contents, glossary and search index, the guides and the scenario
    library's pages, as static files with relative links, in DIRECTORY."""
    from judge_app.web import create_app, static_export

    if directory.exists() and any(directory.iterdir()) and not (directory / static_export.SEARCH).exists():
        fail(f"{directory} is not empty and holds no earlier export; choose an empty or new directory")
    app = create_app()
    unknown = [d for d in docs if d not in app.extensions["judge_corpus"].rules]
    if unknown:
        fail(f"unknown document {', '.join(unknown)}; CR documents: {', '.join(app.extensions['judge_corpus'].rules)}")
    static_export.clear(directory)
    with click.progressbar(length=1, label="judge: exporting pages", file=click.get_text_stream("stderr")) as bar:
        def progress(done: int, total: int) -> None:
            bar.length = total
            bar.update(done - bar.pos)
        report = static_export.export(app, directory, list(docs) or None, lang, progress)
    click.echo(f"judge: {report.files} files ({report.pages} pages), {report.bytes / 1e6:.1f} MB, "
               f"in {report.seconds:.1f} s → {directory}")
    click.echo(f"judge: serve it with any web server, e.g. python3 -m http.server -d {directory}", err=True)
