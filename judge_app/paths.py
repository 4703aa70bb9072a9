"""Where the project's inputs live and where it keeps what it builds.

Sources (the rule documents, scenarios, templates) are read from the source tree; everything
derived (the compiled corpus cache, the search index) goes to a data directory outside it, so a
read-only checkout works and a stale build never lands in version control.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def corpus_dir() -> Path:
    """The folder holding `manifest.toml` and the source documents (`JUDGE_CORPUS_DIR`)."""
    return Path(os.environ.get("JUDGE_CORPUS_DIR") or PROJECT_ROOT / "rules_corpus")


def cards_dir() -> Path:
    """The card data and its provenance file (`rules_corpus/cards/`)."""
    return corpus_dir() / "cards"


def scenarios_dir() -> Path:
    """The folder of scenario files (`JUDGE_SCENARIOS_DIR`)."""
    return Path(os.environ.get("JUDGE_SCENARIOS_DIR") or PROJECT_ROOT / "scenarios")


def templates_dir() -> Path:
    return PROJECT_ROOT / "templates"


def static_dir() -> Path:
    """The web app's own CSS and JavaScript."""
    return PROJECT_ROOT / "static"


def data_dir() -> Path:
    """Derived data: `JUDGE_DATA_DIR`, else `$XDG_CACHE_HOME/rules-judge`, else `~/.cache/rules-judge`.

    Made if it can be; a folder that cannot be made or written is left to the writers, who say so once and
    work from memory (`judge_app.datafiles`)."""
    explicit = os.environ.get("JUDGE_DATA_DIR")
    if explicit:
        path = Path(explicit)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
        path = Path(base) / "rules-judge"
    with contextlib.suppress(OSError):
        path.mkdir(parents=True, exist_ok=True)
    return path
