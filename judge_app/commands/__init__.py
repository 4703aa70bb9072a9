"""The `judge` command line, one module per feature; `judge_app.cli` assembles them."""
