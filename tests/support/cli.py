"""Running the hlslc command in the test process, for pytest files that
check exact exit statuses and output (the RUN-line runner has its own)."""

from __future__ import annotations

import contextlib
import io
import sys

from hlslc import cli


def run_hlslc(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """`hlslc ARGV...` with `stdin` as standard input: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(list(argv))
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()
