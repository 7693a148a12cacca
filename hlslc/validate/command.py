"""`hlslc validate FILE.ll [FILE.ll ...]`: the validator on the command line.

Prints `file: error: [RULE-ID] message` (and `file: note: ...` lines) on
standard error for each problem, `Validation succeeded.` on standard output
when a file has no errors (as DXC's validator does), and exits 1 when any
file has errors or cannot be read, 0 otherwise, 2 on a usage error.

Options: `--linalg-revision=draft` validates IR written for proposal 0035's
earlier draft (see `DRAFT_RELAXED_RULES`); `-Wno-error=uniformity` makes
IR-UNIFORM-CONTROL-FLOW a warning.
"""

from __future__ import annotations

from typing import TextIO

from ..diagnostics import Severity

USAGE = "usage: hlslc validate [--linalg-revision=sm6.10|draft] [-Wno-error=uniformity] FILE.ll [FILE.ll ...]\n"


def run(argv: list[str], stdout: TextIO, stderr: TextIO) -> int:
    from . import validate_text

    files: list[str] = []
    revision = "sm6.10"
    uniformity_is_error = True
    for arg in argv:
        if arg in ("-h", "--help"):
            stdout.write(USAGE)
            return 0
        if arg.startswith("--linalg-revision="):
            revision = arg.split("=", 1)[1]
            if revision not in ("sm6.10", "draft"):
                stderr.write(f"hlslc validate: error: unknown revision '{revision}' (sm6.10 or draft)\n")
                return 2
        elif arg == "-Wno-error=uniformity":
            uniformity_is_error = False
        elif arg.startswith("-") and arg != "-":
            stderr.write(f"hlslc validate: error: unknown option '{arg}'\n" + USAGE)
            return 2
        else:
            files.append(arg)
    if not files:
        stderr.write("hlslc validate: error: no input files\n" + USAGE)
        return 2
    status = 0
    for path in files:
        try:
            if path == "-":
                import sys
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
        except (OSError, UnicodeDecodeError) as exc:
            stderr.write(f"{path}: error: cannot read the file: {getattr(exc, 'strerror', None) or exc}\n")
            status = 1
            continue
        errors = 0
        for d in validate_text(text, path, revision=revision, split=True):
            if d.id == "IR-UNIFORM-CONTROL-FLOW" and not uniformity_is_error:
                d.severity = Severity.WARNING
            if d.is_error:
                errors += 1
            stderr.write(f"{path}: {d.severity.value}: [{d.id}] {d.message}\n")
            for note in d.notes:
                stderr.write(f"{path}: note: {note.message}\n")
        if errors:
            status = 1
        else:
            stdout.write("Validation succeeded.\n" if len(files) == 1 else f"{path}: Validation succeeded.\n")
    return status
