"""`judge serve`: the web app behind gunicorn, after preparing everything it reads."""

from __future__ import annotations

import os
import sys

import click

from judge_app.commands.common import fail


def prepare() -> None:
    """Build what the app reads before any worker starts: the corpus and alignment caches, the search index."""
    from judge_app import search
    from judge_app.alignment import load_alignment
    from judge_app.corpus import load_corpus

    corpus = load_corpus()
    click.echo(f"judge: corpus ready ({sum(len(r) for r in corpus.rules.values())} entries "
               f"in {len(corpus.documents)} documents)", err=True)
    alignment = load_alignment()
    click.echo(f"judge: alignment ready ({len(alignment.documents)} documents)", err=True)
    info = search.ensure_index()
    click.echo(f"judge: search index ready ({info.path})", err=True)


def bind_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 64), help="Gunicorn worker processes.")
@click.option("--dev", is_flag=True, help="Flask's development server with auto-reload instead (development only).")
def serve_command(host: str, port: int, workers: int, dev: bool) -> None:
    """Serve the web app on HOST:PORT with gunicorn, a production WSGI server."""
    prepare()
    if dev:
        from judge_app.web import create_app

        click.echo("judge: development server, not for real use", err=True)
        create_app().run(host=host, port=port, debug=False, use_reloader=True)
        return
    arguments = [
        sys.executable, "-m", "gunicorn",
        "--bind", bind_address(host, port),
        "--workers", str(workers),
        "--worker-class", "judge_app.serving.WaitressWorker",  # see judge_app/serving.py for why
        "--threads", "4",
        "--worker-connections", "1000",  # per worker; more wait in the listen backlog
        "--keep-alive", "15",  # seconds an idle connection is kept open
        "--preload",  # load the corpus once, before forking, and fail fast if it cannot load
        "--access-logfile", "-",
        "--no-control-socket",  # its default path under $HOME would be shared by every server on the machine
        "--config", "python:judge_app.web.gunicorn_hooks",  # each worker starts its scenario helper at once
        "judge_app.web:create_app()",
    ]
    try:
        os.execv(sys.executable, arguments)
    except OSError as error:
        fail(f"could not start gunicorn: {error}")
