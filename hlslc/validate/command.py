"""`hlslc validate FILE.ll [FILE.ll ...]`: the validator on the command line.

Prints `file: error: [RULE-ID] message` (and `file: note: ...` lines) on
standard error for each problem, `Validation succeeded.` on standard output
when a file has no errors (as DXC's validator does), and exits 1 when any
file has errors or cannot be read, 0 otherwise, 2 on a usage error.

Options: `--linalg-revision=draft` validates IR written for proposal 0035's
earlier draft (see `core.DRAFT_RELAXED_RULES`); `-Wno-error=uniformity` makes
IR-UNIFORM-CONTROL-FLOW a warning, `-Werror=uniformity` makes IR-UNIFORM-BARRIER
(a warning) an error; `-fdiagnostics-format=sarif` writes one
SARIF 2.1.0 log for all the files instead of the lines on standard error
(`hlslc.sarif`); `-fdiagnostics-format=dxv` prints the findings as DXC's
validator (dxv) does, in its order, with `Validation succeeded.` or
`Validation failed.` after them, all on standard output (`render_dxv`);
`-fdiagnostics-output=FILE` writes the diagnostics to FILE.  Unless
`--no-llvm-verify` is given, a module the structural rules accept is also
handed to LLVM's parser and verifier (`llvm_check`, rule IR-LLVM).
"""

from __future__ import annotations

import sys
from typing import TextIO

from ..diagnostics import Diagnostic, Severity
from ..sarif import build_log, dump_log, results_of
from . import validate_text

USAGE = ("usage: hlslc validate [--linalg-revision=sm6.10|draft|dxc] [-Wno-error=uniformity|-Werror=uniformity]\n"
         "                      [--no-llvm-verify]\n"
         "                      [-fdiagnostics-format=text|sarif|dxv] [-fdiagnostics-output=FILE]\n"
         "                      FILE.ll [FILE.ll ...]\n")
FORMATS = ("text", "sarif", "dxv")

# Findings DXC's tools report before validating (LLVM's parser rejects the
# text): dxv prints the first as `shader: MESSAGE` and nothing else.
PARSER_RULES = frozenset({"IR-PARSE", "IR-TRUNCATED", "IR-CAST", "IR-LLVM", "IR-UNDEFINED-VALUE", "IR-TERMINATOR",
                          "IR-CALL-TYPES"})


def run(argv: list[str], stdout: TextIO, stderr: TextIO) -> int:
    files: list[str] = []
    revision = "sm6.10"
    uniformity_is_error = True
    barrier_is_error = False
    diagnostics_format = "text"
    diagnostics_output: str | None = None
    llvm_verify = True
    for arg in argv:
        if arg in ("-h", "--help"):
            stdout.write(USAGE)
            return 0
        if arg.startswith("--linalg-revision="):
            revision = arg.split("=", 1)[1]
            if revision not in ("sm6.10", "draft", "dxc"):
                stderr.write(f"hlslc validate: error: unknown revision '{revision}' (sm6.10, draft or dxc)\n")
                return 2
        elif arg == "-Wno-error=uniformity":
            uniformity_is_error = False
            barrier_is_error = False
        elif arg == "-Werror=uniformity":
            uniformity_is_error = barrier_is_error = True
        elif arg == "--no-llvm-verify":
            llvm_verify = False
        elif arg.startswith("-fdiagnostics-format="):
            diagnostics_format = arg.split("=", 1)[1]
            if diagnostics_format not in FORMATS:
                stderr.write(f"hlslc validate: error: invalid value '{diagnostics_format}' for "
                             f"'-fdiagnostics-format'; expected 'text' or 'sarif' (or 'dxv', DXC's validator's lines)\n")
                return 2
        elif arg.startswith("-fdiagnostics-output="):
            diagnostics_output = arg.split("=", 1)[1]
            if not diagnostics_output:
                stderr.write("hlslc validate: error: option '-fdiagnostics-output' requires a value "
                             "('-fdiagnostics-output=FILE')\n")
                return 2
        elif arg.startswith("-") and arg != "-":
            stderr.write(f"hlslc validate: error: unknown option '{arg}'\n" + USAGE)
            return 2
        else:
            files.append(arg)
    if not files:
        stderr.write("hlslc validate: error: no input files\n" + USAGE)
        return 2
    diagnostics = stdout if diagnostics_format == "dxv" else stderr
    if diagnostics_output is not None:
        try:
            diagnostics = open(diagnostics_output, "w", encoding="utf-8")
        except (OSError, ValueError) as exc:
            reason = (getattr(exc, "strerror", None) or str(exc)).lower()
            stderr.write(f"hlslc validate: error: cannot write diagnostics to '{diagnostics_output}': {reason}\n")
            return 1
    try:
        sarif: list[dict] | None = [] if diagnostics_format == "sarif" else None
        status = _validate_files(files, revision, uniformity_is_error, stdout, diagnostics, sarif,
                                 dxv=diagnostics_format == "dxv", llvm_verify=llvm_verify,
                                 barrier_is_error=barrier_is_error)
        if sarif is not None:
            diagnostics.write(dump_log(build_log(sarif, exit_code=status)))
            diagnostics.flush()
        return status
    finally:
        if diagnostics is not stderr and diagnostics is not stdout:
            diagnostics.close()


def _validate_files(files: list[str], revision: str, uniformity_is_error: bool, stdout: TextIO, stderr: TextIO,
                    sarif: list[dict] | None, dxv: bool = False, llvm_verify: bool = True,
                    barrier_is_error: bool = False) -> int:
    """Validate each file; its findings go to `stderr` as lines (DXC's
    lines with `dxv`), or into `sarif` as SARIF results.  The exit status."""
    status = 0
    for path in files:
        try:
            if path == "-":
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
        except (OSError, UnicodeDecodeError) as exc:
            message = f"cannot read the file: {getattr(exc, 'strerror', None) or exc}"
            if sarif is not None:
                sarif.extend(results_of([Diagnostic(Severity.ERROR, message, path=_shown(path))]))
            else:
                stderr.write(f"{path}: error: {message}\n")
            status = 1
            continue
        errors = 0
        found = validate_text(text, _shown(path), revision=revision, split=True, llvm_verify=llvm_verify)
        for d in found:
            if d.id == "IR-UNIFORM-CONTROL-FLOW" and not uniformity_is_error:
                d.severity = Severity.WARNING
            if d.id == "IR-UNIFORM-BARRIER" and barrier_is_error:
                d.severity = Severity.ERROR       # -Werror=uniformity
            if d.is_error:
                errors += 1
        if dxv:
            stderr.write(render_dxv(found))
            if errors:
                status = 1
            continue
        for d in found:
            if sarif is None:
                stderr.write(f"{path}: {d.severity.value}: [{d.id}] {d.message}\n")
                for note in d.notes:
                    stderr.write(f"{path}: note: {note.message}\n")
        if sarif is not None:
            sarif.extend(results_of(found))
        if errors:
            status = 1
        else:
            stdout.write("Validation succeeded.\n" if len(files) == 1 else f"{path}: Validation succeeded.\n")
    return status


def render_dxv(found: list[Diagnostic]) -> str:
    """Findings as DXC's validator prints them: a parser's error as
    `shader: MESSAGE` alone; otherwise, in DXC's order, `Function: NAME:
    error: MESSAGE` and `note: at 'INSTRUCTION' in block 'B' of function
    'NAME'.`, then `Validation failed.` (or `Validation succeeded.`)."""
    parse = [d for d in found if d.id in PARSER_RULES and d.is_error]
    if parse:
        # The parser stops at the first error in the text.
        first = min(parse, key=lambda d: d.ir.order[-1] if d.ir is not None and d.ir.order else 0)
        return f"shader: {first.ir.message if first.ir else first.message}\n"
    lines = []
    for d in sorted(found, key=_dxv_order):
        place = d.ir
        word = d.severity.value
        if place is None:
            lines.append(f"{word}: {d.message}")
            continue
        head = f"Function: {place.function}: " if place.function else ""
        lines.append(f"{head}{word}: {place.message}")
        if place.instruction is not None:
            lines.append(f"note: at '{place.instruction}' in block '{place.block}' of function '{place.function}'.")
        lines.extend(f"note: {n.message}" for n in d.notes)
    lines.append("Validation failed." if any(d.is_error for d in found) else "Validation succeeded.")
    return "\n".join(lines) + "\n"


def _dxv_order(d: Diagnostic) -> tuple[int, ...]:
    return d.ir.order if d.ir is not None else (9,)


def _shown(path: str) -> str:
    """The name a file has in diagnostics ('-' is standard input)."""
    return "<stdin>" if path == "-" else path
