"""Rules Judge: a judge and rules-reference assistant for Magic: The Gathering."""

__version__ = "0.1.0"
