"""DXC's dx::linalg tests, and HLSL other compilers generate for the same
API, run against `hlslc --linalg-revision=dxc`.

    python bench/dxc_linalg_conformance.py --dxc PATH [--dawn PATH] [--json OUT] [-v]

`--dxc PATH` is a DirectXShaderCompiler checkout, or a git directory of
one (a bare mirror: files are read with `git show HEAD:path`).  Every RUN
line of `tools/clang/test/CodeGenDXIL/hlsl/linalg` and
`tools/clang/test/SemaHLSL/hlsl/linalg` is one configuration:

- `%dxc ... | FileCheck %s [--check-prefix=P]`: hlslc compiles the test with
  the same options (`-T`, `-E`, `-HV`, `-D`, `-enable-16bit-types`) and
  DXC's CHECK lines are matched against hlslc's IR with the FileCheck of
  tests/support.  The configuration passes when they all match.
- `%dxc ... -verify`: hlslc runs `-verify` on the test.  Counted twice: the
  whole -verify (every diagnostic as expected, both ways), and the errors
  the test expects that hlslc reports (`expected-error` directives met).
- `-fcgl` (DXC's high-level IR, before its lowering passes) runs
  `hlslc -fcgl`; `-T lib_6_x` (a library for DXC's offline linker) and
  `-Fo FILE` (`%t` a temporary folder) are hlslc's options too.
- `-ast-dump*` (clang's AST) and the linker (`%dxl`) have no counterpart
  in hlslc: counted as not applicable, with the reason.

The figures are given over the applicable configurations and over all of
them.

`--dawn PATH` (a Dawn checkout or git directory): every
`test/tint/**/*.expected.dxc.hlsl` that includes `dx/linalg.h` and is not a
`SKIP` expectation is compiled and validated as Tint's own harness runs DXC
(`-T cs_6_10 -HV 2021`, `-enable-16bit-types` when the shader uses 16-bit
types).  Internal compiler errors are counted apart.  The SKIP expectations
(DXC rejected the shader) are compiled too and counted apart: hlslc should
reject them as well.

Prints the figures; `--json` writes every configuration with its verdict
and reason.  docs/dxc-linalg.md records the figures of the pinned commits.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hlslc import cli  # noqa: E402  (after the path: run from a checkout)
from tests.support import filecheck  # noqa: E402
from tests.support.runlines import extract_run_lines  # noqa: E402

CODEGEN = "tools/clang/test/CodeGenDXIL/hlsl/linalg"
SEMA = "tools/clang/test/SemaHLSL/hlsl/linalg"
TINT = "test/tint"


class Source:
    """A checkout or a git directory: list and read files under it."""

    def __init__(self, path: str) -> None:
        self.path = Path(path)
        self.git = not (self.path / "tools").is_dir() and not (self.path / "test").is_dir()

    def commit(self) -> str:
        try:
            return subprocess.run(["git", "-C", str(self.path), "rev-parse", "HEAD"], capture_output=True,
                                  text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return "unknown"

    def files(self, folder: str, suffix: str) -> list[str]:
        if not self.git:
            root = self.path / folder
            return sorted(str(p.relative_to(self.path)) for p in root.rglob(f"*{suffix}"))
        out = subprocess.run(["git", "-C", str(self.path), "ls-tree", "-r", "--name-only", "HEAD", "--", folder],
                             capture_output=True, text=True, check=True).stdout
        return sorted(line for line in out.splitlines() if line.endswith(suffix))

    def read(self, rel: str) -> str:
        if not self.git:
            return (self.path / rel).read_text(encoding="utf-8")
        return subprocess.run(["git", "-C", str(self.path), "show", f"HEAD:{rel}"], capture_output=True,
                              text=True, check=True).stdout


def run_hlslc(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    return status, out.getvalue(), err.getvalue()


# --------------------------------------------------------------------------
# DXC's RUN lines

def _not_applicable(command: str) -> str | None:
    if "%dxl" in command:
        return "links libraries with dxl (hlslc has no linker)"
    if "-ast-dump" in command:
        return "-ast-dump: clang's AST (hlslc's AST is its own)"
    return None


def _hlslc_args(command: str, temp: str = "") -> tuple[list[str], bool]:
    """hlslc's options for a `%dxc ...` command, and whether it is -verify.
    `%t` in an option's value is `temp`."""
    tokens = shlex.split(command.split("|")[0])
    args: list[str] = ["--linalg-revision=dxc"]
    verify = False
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok in ("-T", "-E", "-HV", "-Fo") and i + 1 < len(tokens):
            args += [tok, tokens[i + 1].replace("%t", temp)]
            i += 2
            continue
        if tok.startswith("-D") or tok in ("-enable-16bit-types", "-fcgl"):
            args.append(tok)
        elif tok == "-verify":
            verify = True
        i += 1
    return args, verify


def _prefixes(command: str) -> list[str]:
    parts = command.split("|", 1)
    if len(parts) < 2:
        return []
    m = re.search(r"--check-prefix(?:es)?[= ](\S+)", parts[1])
    return m.group(1).split(",") if m else ["CHECK"]


def _expected_errors(text: str) -> int:
    total = 0
    for m in re.finditer(r"expected-error(?:@[^\s{]*)?\s*(\d*)\s*\{\{", text):
        total += int(m.group(1)) if m.group(1) else 1
    return total


def _missing_errors(stderr: str) -> int:
    missing = 0
    section = None
    for line in stderr.splitlines():
        if line.startswith("error: 'expected-"):
            section = line
            continue
        if line.startswith("  ") and section is not None and "'expected-error' diagnostics expected but not seen" \
                in section:
            missing += 1
    return missing


def run_dxc_tests(source: Source, verbose: bool) -> list[dict]:
    results: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="hlslc-dxc-") as tmp:
        for folder in (CODEGEN, SEMA):
            for rel in source.files(folder, ".hlsl"):
                text = source.read(rel)
                path = Path(tmp) / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                for run in extract_run_lines(text):
                    results.append(_run_config(folder, rel, run.line_no, run.text, text, path))
                    if verbose:
                        r = results[-1]
                        print(f"{r['verdict']:>14}  {rel}:{run.line_no}  {r.get('reason', '')}", file=sys.stderr)
    return results


def _run_config(folder: str, rel: str, line: int, command: str, text: str, path: Path) -> dict:
    record = {"file": rel, "line": line, "run": command, "suite": "codegen" if folder == CODEGEN else "sema"}
    why = _not_applicable(command)
    if why is not None:
        record.update(verdict="not-applicable", reason=why)
        return record
    args, verify = _hlslc_args(command, str(path.parent / f"{path.stem}.{line}.t"))
    if verify:
        status, _, err = run_hlslc(args + ["-verify", str(path)])
        expected = _expected_errors(text)
        missing = _missing_errors(err)
        record.update(expected_errors=expected, reported_errors=expected - missing)
        if status == 0:
            record.update(verdict="pass")
        elif status == 3:
            record.update(verdict="ice", reason=err.strip().splitlines()[0] if err.strip() else "")
        else:
            record.update(verdict="fail", reason=_first_line(err))
        return record
    status, out, err = run_hlslc(args + [str(path)])
    if status == 3:
        record.update(verdict="ice", reason=_first_line(err))
        return record
    if status != 0:
        record.update(verdict="compile-error", reason=_first_line(err))
        return record
    prefixes = _prefixes(command)
    if not prefixes:
        written = "-Fo" in args
        if written and not Path(args[args.index("-Fo") + 1]).is_file():
            record.update(verdict="fail", reason="no output file written")
            return record
        record.update(verdict="pass", reason="compiles, output written" if written else "compiles (no FileCheck)")
        return record
    try:
        filecheck.check_text(text, out, prefixes=prefixes, check_name=rel, input_name="hlslc")
    except (filecheck.FileCheckFailure, filecheck.FileCheckUsageError) as failure:
        record.update(verdict="fail", reason=_first_line(str(failure)))
        return record
    record.update(verdict="pass")
    return record


def _first_line(text: str) -> str:
    for line in text.splitlines():
        if "error" in line:
            return line.strip()[:300]
    return text.strip().splitlines()[0][:300] if text.strip() else ""


# --------------------------------------------------------------------------
# Tint's expected HLSL

def run_tint(source: Source, verbose: bool) -> list[dict]:
    results: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="hlslc-tint-") as tmp:
        for rel in source.files(TINT, ".expected.dxc.hlsl"):
            text = source.read(rel)
            if "dx/linalg.h" not in text:
                continue
            record = {"file": rel}
            skip = text.lstrip().startswith("SKIP")
            if skip:
                # DXC rejected the shader when Tint's expectations were
                # written; the HLSL follows DXC's messages.
                text = text[text.index("#include <dx/linalg.h>"):]
            path = Path(tmp) / rel.replace("/", "_")
            path.write_text(text, encoding="utf-8")
            args = ["--linalg-revision=dxc", "-T", "cs_6_10", "-HV", "2021"]
            if re.search(r"\b(half|float16_t|int16_t|uint16_t|vector<(half|float16_t|int16_t|uint16_t)\b)", text):
                args.append("-enable-16bit-types")
            entry = re.search(r"\[numthreads[^\]]*\]\s*\n?\s*void\s+(\w+)", text)
            if entry:
                args += ["-E", entry.group(1)]
            status, _, err = run_hlslc(args + ["-o", os.devnull, str(path)])
            verdict = {0: "pass", 3: "ice"}.get(status, "fail")
            if skip and status != 3:
                verdict = "skip-rejected" if status != 0 else "skip-accepted"
            record.update(verdict=verdict)
            if status != 0:
                record["reason"] = _first_line(err)
            results.append(record)
            if verbose:
                print(f"{verdict:>6}  {rel}  {record.get('reason', '')}", file=sys.stderr)
    return results


# --------------------------------------------------------------------------

def summary(results: list[dict]) -> dict:
    out: dict = {}
    for suite in ("codegen", "sema"):
        mine = [r for r in results if r.get("suite") == suite]
        counts = Counter(r["verdict"] for r in mine)
        applicable = sum(v for k, v in counts.items() if k != "not-applicable")
        entry = {"configurations": len(mine), "not_applicable": counts.get("not-applicable", 0),
                 "applicable": applicable, "pass": counts.get("pass", 0),
                 "verdicts": dict(counts)}
        if suite == "sema":
            entry["expected_errors"] = sum(r.get("expected_errors", 0) for r in mine)
            entry["reported_errors"] = sum(r.get("reported_errors", 0) for r in mine)
        out[suite] = entry
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dxc", help="DirectXShaderCompiler checkout or git directory")
    parser.add_argument("--dawn", help="Dawn checkout or git directory (Tint's expected HLSL)")
    parser.add_argument("--json", help="write every configuration's verdict here")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    if not args.dxc and not args.dawn:
        parser.error("give --dxc PATH and/or --dawn PATH")
    report: dict = {}
    if args.dxc:
        source = Source(args.dxc)
        results = run_dxc_tests(source, args.verbose)
        report["dxc"] = {"commit": source.commit(), "summary": summary(results), "results": results}
        for suite, entry in report["dxc"]["summary"].items():
            share = 100.0 * entry["pass"] / entry["applicable"] if entry["applicable"] else 0.0
            whole = 100.0 * entry["pass"] / entry["configurations"] if entry["configurations"] else 0.0
            line = (f"DXC {suite}: {entry['configurations']} configurations, {entry['not_applicable']} not "
                    f"applicable, {entry['pass']}/{entry['applicable']} applicable pass ({share:.1f}%), "
                    f"{entry['pass']}/{entry['configurations']} of all ({whole:.1f}%)")
            if suite == "sema":
                line += f"; expected errors reported: {entry['reported_errors']}/{entry['expected_errors']}"
            print(line)
        for r in results:
            if r["verdict"] not in ("pass", "not-applicable"):
                print(f"  {r['verdict']}: {r['file']}:{r['line']}: {r.get('reason', '')}")
        reasons = Counter((r["suite"], r["reason"]) for r in results if r["verdict"] == "not-applicable")
        for (suite, reason), count in sorted(reasons.items()):
            print(f"  not applicable ({suite}, {count}): {reason}")
    if args.dawn:
        source = Source(args.dawn)
        results = run_tint(source, args.verbose)
        counts = Counter(r["verdict"] for r in results)
        skipped = counts.get("skip-rejected", 0) + counts.get("skip-accepted", 0)
        taken = len(results) - skipped
        share = 100.0 * counts.get("pass", 0) / taken if taken else 0.0
        report["tint"] = {"commit": source.commit(), "counts": dict(counts), "results": results}
        print(f"Tint: {len(results)} files use dx/linalg.h; {counts.get('pass', 0)}/{taken} compile and validate "
              f"({share:.1f}%), {counts.get('ice', 0)} internal compiler errors; of the {skipped} that DXC "
              f"rejected (SKIP expectations) hlslc rejects {counts.get('skip-rejected', 0)}")
        for r in results:
            if r["verdict"] in ("fail", "ice"):
                print(f"  {r['verdict']}: {r['file']}: {r.get('reason', '')}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
