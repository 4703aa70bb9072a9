"""The `judge` command: a click group assembled from the feature modules in `judge_app.commands`."""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rules-judge")
def main() -> None:
    """Rules Judge: Magic: The Gathering rules reference and scenario judge."""


def _register() -> None:
    from judge_app.commands import align, card, corpus, export, scenario, search, serve

    for command in [*corpus.COMMANDS, *scenario.COMMANDS, *align.COMMANDS, *search.COMMANDS, *serve.COMMANDS,
                    *card.COMMANDS, *export.COMMANDS]:
        main.add_command(command)


_register()
if __name__ == "__main__":  # python -m judge_app.cli
    main()
