"""The `judge` command: a click group whose commands live in the feature modules of `judge_app.commands`.

Each command's module is imported only when that command runs (or for `--help`): `judge rule` loads the
corpus and nothing of the engine, Flask or Whoosh; `judge search` loads no engine and no Flask. A new
command is one line of `COMMANDS`.
"""

from __future__ import annotations

import importlib

import click

# name → "module:attribute" of the click command.
COMMANDS = {
    "rule": "judge_app.commands.corpus:rule_command",
    "corpus": "judge_app.commands.corpus:corpus_group",
    "scenario": "judge_app.commands.scenario:scenario_group",
    "align": "judge_app.commands.align:align_group",
    "search": "judge_app.commands.search:search_command",
    "index": "judge_app.commands.search:index_group",
    "serve": "judge_app.commands.serve:serve_command",
    "card": "judge_app.commands.card:card_group",
    "export": "judge_app.commands.export:export_group",
}


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, attribute = target.split(":")
        return getattr(importlib.import_module(module), attribute)


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rules-judge")
def main() -> None:
    """Rules Judge: Magic: The Gathering rules reference and scenario judge."""


if __name__ == "__main__":  # python -m judge_app.cli
    main()
