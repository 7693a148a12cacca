"""`python -m hlslc`: the same as the `hlslc` command."""

from .cli import run

run()
