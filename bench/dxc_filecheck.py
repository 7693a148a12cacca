"""DXC's own compute-shader FileCheck tests, run through hlslc, as a
conformance source.

    python bench/dxc_filecheck.py --dxc PATH [--rev HEAD] [-j N] [--filter SUBSTR]
                                  [--json results.json] [--show N]

PATH is a DirectXShaderCompiler checkout, or its git directory (a bare
mirror works: the tests are read with `git archive REV`).  Every file under
`tools/clang/test/HLSLFileCheck` with a RUN line compiling for a compute
profile (`-T cs_*`, `/Tcs_*`) is taken; its compute RUN lines run, the
others (pixel shaders, libraries) are left out.  Each RUN line's `%dxc`
becomes hlslc (`python -m hlslc`, this checkout's, in the test's folder)
with the same options (cl-style `/T`, `/E`, `/D`, ... as `-T`, ...), and its
output goes through FileCheck with the line's prefixes (tests/support's
FileCheck).  As in DXC's test runner, a compile that fails hands its
diagnostics to FileCheck (an error test passes when they match); a `not
%dxc` line must fail, and never with an internal compiler error.

hlslc prints the same IR as LLVM but with every name quoted
(`@"dx.op.unary.f32"`, `%".8"`) and floating constants in hexadecimal; before
FileCheck reads it, the output is printed as LLVM's own printer would:
quotes dropped where the name needs none, a float constant in decimal
(`1.000000e+00`) where that spelling reads back as the same value, and,
as DXC's disassembler writes it, each dx.op call followed by the
operation's name and parameters (`; FAbs(value)`, with hlslc's parameter
names), `i1 0` as `i1 false`, braces spaced as LLVM spaces them (`!{a}`,
`{ i32 0 }`) and a function's `{` on its `define` line.  Nothing else is
changed.

A RUN line is not applicable (counted apart, with the reason) when it
needs what hlslc does not produce: DXC's high-level IR (`-fcgl`), its AST
dump (`-ast-dump`), PIX and optimizer passes (`%opt`, `-hlsl-dxil-pix-*`),
other tools in the pipe (`%dxa`, `%D3DReflect`, `%listparts`, ...), a
container or object file (`-Fo`, `-Fc` read back), or an option hlslc
rejects (exit status 2: the option is named).  A file passes when every one
of its applicable compute RUN lines passes; the pass rate is over the files
with at least one applicable line.

Prints the counts, the pass rate, and the failures grouped by their first
hlslc error or first FileCheck directive that did not match; `--json`
writes every RUN line's verdict.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shlex
import struct
import subprocess
import sys
import tarfile
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hlslc.dxil import ops as ir_ops  # noqa: E402
from tests.support import filecheck  # noqa: E402  (the repository's own FileCheck)
from tests.support.runlines import RunLineError, extract_run_lines, parse_command_line  # noqa: E402

SUITE = "tools/clang/test/HLSLFileCheck"
TIMEOUT = 60
_COMPUTE = re.compile(r"(?:^|\s)[-/]T\s*cs_\d")
_PROFILE = re.compile(r"(?:^|\s)[-/]T\s*(\w+)")

# Options that make DXC print something hlslc does not (not applicable).
_NOT_APPLICABLE_OPTIONS = {
    "-fcgl": "DXC's high-level IR (-fcgl)",
    "-ast-dump": "DXC's AST dump (-ast-dump)",
    "-ast-dump-implicit": "DXC's AST dump (-ast-dump-implicit)",
    "-Fo": "an object file (-Fo)",
    "-Fc": "a listing file (-Fc)",
    "-Fre": "a reflection file (-Fre)",
    "-Frs": "a root signature file (-Frs)",
    "-Fsh": "a shader hash file (-Fsh)",
    "-Qembed_debug": "embedded debug information",
    "-dumpbin": "a container dump (-dumpbin)",
    "-extractrootsignature": "a root signature (-extractrootsignature)",
    "-verifyrootsignature": "a root signature check",
    "-rootsig-define": "a root signature (-rootsig-define)",
    "-setrootsignature": "a root signature",
    "-print-after-all": "LLVM pass dumps",
    "-P": "preprocessing to a file (-P)",
    "-print-before-all": "LLVM pass dumps",
}
_NOT_APPLICABLE_PREFIXES = {
    "-hlsl-dxil-pix": "PIX passes",
    "-print-after": "LLVM pass dumps",
    "-print-before": "LLVM pass dumps",
    "-opt-": "DXC optimizer switches (-opt-enable/-opt-disable/-opt-select)",
}
# dxc options with a separate value, cl- or dash-spelled.
_VALUED = {"-T", "-E", "-D", "-I", "-HV", "-Fo", "-Fc", "-Fre", "-Frs", "-Fsh", "-Fd", "-U",
           "-validator-version", "-select-validator", "-denorm", "-opt-enable", "-opt-disable", "-opt-select",
           "-rootsig-define", "-setrootsignature", "-exports", "-default-linkage", "-fvk-b-shift",
           "-fvk-t-shift", "-fvk-u-shift", "-fvk-s-shift", "-fvk-bind-register", "-P"}


# --------------------------------------------------------------------------
# The test files

def export_suite(dxc: str, rev: str, into: str, suite: str = SUITE) -> Path:
    """A test folder of DXC's (HLSLFileCheck unless `suite` names another):
    in a checkout, or exported from its git directory (`git archive`), which
    a bare mirror has."""
    tree = Path(dxc) / suite
    if tree.is_dir():
        return tree
    archive = subprocess.run(["git", "-C", dxc, "archive", rev, suite], capture_output=True)
    if archive.returncode != 0:
        raise SystemExit(f"dxc_filecheck: '{dxc}' is neither a DXC checkout nor its git directory: "
                         f"{archive.stderr.decode(errors='replace').strip()}")
    path = os.path.join(into, "suite.tar")
    with open(path, "wb") as handle:
        handle.write(archive.stdout)
    with tarfile.open(path) as tar:
        tar.extractall(into, filter="data")
    return Path(into) / suite


def compute_tests(root: Path, substring: str) -> list[Path]:
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".hlsl", ".hlsli", ".fx") or not path.is_file():
            continue
        rel = str(path.relative_to(root))
        if substring not in rel:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if any(_COMPUTE.search(line.text) for line in _run_lines(text)):
            found.append(path)
    return found


def _run_lines(text: str):
    try:
        return extract_run_lines(text)
    except RunLineError:
        return []


# --------------------------------------------------------------------------
# hlslc's output as LLVM prints it

_QUOTED = re.compile(r'([@%])"([-a-zA-Z$._][-a-zA-Z$._0-9]*|[0-9]+)"')
_HEX_FLOAT = re.compile(r"(half )?(?<![\w.])(0x[0-9a-fA-F]{16})\b")


def _llvm_float(half: str | None, bits: str) -> str:
    """LLVM's spelling of a float constant: `%e` when it reads back exactly,
    else upper-case hexadecimal (a half is left as it is)."""
    if half:
        return half + bits
    value = struct.unpack("<d", struct.pack("<Q", int(bits, 16)))[0]
    hexadecimal = "0x" + bits[2:].upper()
    if value != value or value in (float("inf"), float("-inf")):
        return hexadecimal
    text = f"{value:e}"
    return text if float(text) == value else hexadecimal


_DX_OP_CALL = re.compile(r"\bcall [^@]*@dx\.op\.[\w.]+\(i32 (\d+)[,)]")


def _annotate(line: str) -> str:
    """DXC's disassembler follows each dx.op call with the operation's name
    and parameters (`; FAbs(value)`); hlslc's table gives them (its parameter
    names are its own)."""
    m = _DX_OP_CALL.search(line)
    if m is None or ";" in line[m.end():]:
        return line
    try:
        op = ir_ops.by_opcode(int(m.group(1)))
    except (KeyError, ValueError, LookupError):
        return line
    if op is None:
        return line
    return f"{line}  ; {op.name}({','.join(p.name for p in op.params)})"


_I1 = re.compile(r"\bi1 ([01])\b")


def _braces(line: str) -> str:
    """LLVM's spacing of braces: `!{a, b}` for metadata nodes, `{ a, b }`
    for struct types and constants (llvmlite writes `!{ a }` and `{a}`)."""
    out = []
    stack = []
    i = 0
    n = len(line)
    while i < n:
        c = line[i]
        if c == '"':                       # a string: as it is
            j = line.index('"', i + 1) + 1 if '"' in line[i + 1:] else n
            out.append(line[i:j])
            i = j
            continue
        if c == "{" and (i + 1 < n):
            metadata = i > 0 and line[i - 1] == "!"
            stack.append(metadata)
            out.append("{")
            i += 1
            while i < n and line[i] == " ":
                i += 1
            if not metadata and i < n and line[i] != "}":
                out.append(" ")
            continue
        if c == "}" and stack:
            metadata = stack.pop()
            while out and out[-1] == " ":
                out.pop()
            if out and out[-1].endswith(" "):
                out[-1] = out[-1].rstrip(" ")
            if not metadata and out and out[-1] != "{":
                out.append(" ")
            out.append("}")
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def llvm_spelling(ir_text: str) -> str:
    text = _QUOTED.sub(lambda m: m.group(1) + m.group(2), ir_text)
    text = _HEX_FLOAT.sub(lambda m: _llvm_float(m.group(1), m.group(2)), text)
    text = _I1.sub(lambda m: "i1 true" if m.group(1) == "1" else "i1 false", text)
    lines: list[str] = []
    for line in text.split("\n"):
        if line == "{" and lines and lines[-1].startswith("define "):
            lines[-1] += " {"               # `define void @main() {`
            continue
        lines.append(_annotate(_braces(line)))
    return "\n".join(lines)


# --------------------------------------------------------------------------
# One RUN line

class Verdict:
    def __init__(self, file: str, line: int, run: str, outcome: str, reason: str = "") -> None:
        self.file = file
        self.line = line
        self.run = run
        self.outcome = outcome        # "pass", "fail", "na", "ice", "timeout"
        self.reason = reason

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "run": self.run, "outcome": self.outcome,
                "reason": self.reason}


def _not_applicable(argv: list[str]) -> str | None:
    for arg in argv:
        bare = "-" + arg[1:] if arg.startswith("/") and len(arg) > 1 else arg
        name = bare.partition("=")[0]
        if name in _NOT_APPLICABLE_OPTIONS:
            return _NOT_APPLICABLE_OPTIONS[name]
        for prefix, why in _NOT_APPLICABLE_PREFIXES.items():
            if name.startswith(prefix):
                return why
    return None


def hlslc_arguments(argv: list[str], test_file: Path) -> list[str]:
    """dxc's arguments (after `%dxc`) as hlslc's: cl-style `/X` as `-X`."""
    out = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        i += 1
        if arg == str(test_file):
            out.append(arg)
            continue
        if arg.startswith("/") and len(arg) > 1 and not os.path.exists(arg):
            arg = "-" + arg[1:]
        out.append(arg)
        if arg in _VALUED and i < len(argv):
            out.append(argv[i])
            i += 1
    return out


def run_line(test_file: Path, root: Path, line_no: int, text: str) -> Verdict:
    rel = str(test_file.relative_to(root))
    command = text.replace("%s", shlex.quote(str(test_file))).replace("%S", shlex.quote(str(test_file.parent)))
    command = re.sub(r"%dxilver\s+[\d.]+\s*\|\s*", "", command)        # hlslc claims every validator version
    command = command.replace("%FileCheck", "FileCheck")
    if re.search(r"%t\b", command):
        return Verdict(rel, line_no, text, "na", "a temporary file (%t) read back")
    try:
        pipelines = parse_command_line(command)
    except RunLineError as err:
        return Verdict(rel, line_no, text, "na", f"RUN line not understood: {err}")
    if len(pipelines) != 1:
        return Verdict(rel, line_no, text, "na", "several commands (&&)")
    steps = pipelines[0]
    tools = [step.argv[0] for step in steps]
    if tools[0] != "%dxc":
        return Verdict(rel, line_no, text, "na", f"not a %dxc compile ({tools[0]})")
    if len(steps) != 2 or tools[1] != "FileCheck":
        other = next((t for t in tools[1:] if t != "FileCheck"), "no FileCheck")
        return Verdict(rel, line_no, text, "na", f"another tool in the pipe ({other})")
    compile_step, check_step = steps
    why = _not_applicable(compile_step.argv[1:])
    if why is not None:
        return Verdict(rel, line_no, text, "na", why)
    args = hlslc_arguments(compile_step.argv[1:], test_file)
    env = dict(os.environ, PYTHONPATH=str(REPO), NO_COLOR="1")
    try:
        proc = subprocess.run([sys.executable, "-m", "hlslc", *args], cwd=test_file.parent, capture_output=True,
                              text=True, timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return Verdict(rel, line_no, text, "timeout", f"more than {TIMEOUT} s")
    if proc.returncode == 3:
        first = next((l for l in proc.stderr.splitlines() if "internal compiler error" in l), "internal error")
        return Verdict(rel, line_no, text, "ice", first)
    if proc.returncode == 2:
        first = proc.stderr.strip().splitlines()[0] if proc.stderr.strip() else "bad command line"
        return Verdict(rel, line_no, text, "na", f"hlslc rejects the command line: {first}")
    expect_failure = compile_step.negate % 2 == 1
    if expect_failure and proc.returncode == 0:
        return Verdict(rel, line_no, text, "fail", "compiled, but DXC's test expects an error")
    compile_error = None
    output = proc.stdout
    if compile_step.stderr_to_stdout:
        output = proc.stdout + proc.stderr
    if proc.returncode != 0:
        # DXC's test runner hands a failed compile's messages to FileCheck:
        # an error test need not say `not` or `2>&1`.
        first = next((l for l in proc.stderr.splitlines() if ": error: " in l), proc.stderr.strip()[:200])
        compile_error = "error: " + first.split(": error: ", 1)[-1]
        output = proc.stdout + proc.stderr
    output = llvm_spelling(output)
    try:
        opts = filecheck.parse_options(check_step.argv[1:])
        checks = Path(opts.check_file).read_text(encoding="utf-8", errors="replace")
        filecheck.check_text(checks, output, prefixes=opts.prefixes, implicit_not=opts.implicit_not,
                             check_name=rel, strict_whitespace=opts.strict_whitespace,
                             allow_empty=opts.allow_empty, variables=opts.variables)
    except filecheck.FileCheckUsageError as err:
        return Verdict(rel, line_no, text, "na", f"FileCheck usage: {err}")
    except filecheck.FileCheckFailure as err:
        return Verdict(rel, line_no, text, "fail", compile_error or _first_check(str(err)))
    except OSError as err:
        return Verdict(rel, line_no, text, "na", f"check file: {err}")
    return Verdict(rel, line_no, text, "pass")


def _first_check(message: str) -> str:
    """`CHECK: expected pattern not found: <pattern>` from FileCheck's report."""
    lines = message.splitlines()
    head = next((l for l in lines if ": error: " in l), lines[0] if lines else "FileCheck failed")
    what = head.split(": error: ", 1)[-1]
    pattern = next((l.strip() for l in lines[1:] if l.strip() and not l.strip().startswith("^")), "")
    return f"FileCheck: {what}: {pattern}"


# --------------------------------------------------------------------------
# The sweep

def sweep(root: Path, files: list[Path], jobs: int) -> list[Verdict]:
    work = []
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for line in _run_lines(text):
            if _COMPUTE.search(line.text):
                work.append((path, line.line_no, line.text))
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        return list(pool.map(lambda w: run_line(root=root, test_file=w[0], line_no=w[1], text=w[2]), work))


def _normalise(reason: str) -> str:
    reason = re.sub(r"'[^']*'", "'…'", reason)
    reason = re.sub(r"\b\d+\b", "N", reason)
    return reason[:160]


def report(verdicts: list[Verdict], files: list[Path], root: Path, show: int) -> dict:
    by_file: dict[str, list[Verdict]] = collections.defaultdict(list)
    for v in verdicts:
        by_file[v.file].append(v)
    file_outcome = {}
    for path in files:
        rel = str(path.relative_to(root))
        vs = [v for v in by_file.get(rel, []) if v.outcome != "na"]
        if not vs:
            file_outcome[rel] = "na"
        elif all(v.outcome == "pass" for v in vs):
            file_outcome[rel] = "pass"
        else:
            file_outcome[rel] = "fail"
    files_count = collections.Counter(file_outcome.values())
    lines_count = collections.Counter(v.outcome for v in verdicts)
    applicable = files_count["pass"] + files_count["fail"]
    rate = 100.0 * files_count["pass"] / max(applicable, 1)
    print(f"DXC HLSLFileCheck compute tests: {len(files)} files, {len(verdicts)} compute RUN lines")
    print(f"files: pass {files_count['pass']}, fail {files_count['fail']}, not applicable {files_count['na']}; "
          f"pass rate {files_count['pass']}/{applicable} = {rate:.1f}% of the applicable files "
          f"({100.0 * files_count['pass'] / max(len(files), 1):.1f}% of all)")
    print("RUN lines: " + ", ".join(f"{k} {lines_count[k]}" for k in ("pass", "fail", "ice", "timeout", "na")))
    na = collections.Counter(v.reason for v in verdicts if v.outcome == "na")
    print("\nnot applicable, by reason:")
    for reason, count in na.most_common():
        print(f"  [{count:3d}] {reason}")
    groups: dict[str, list[Verdict]] = collections.defaultdict(list)
    for v in verdicts:
        if v.outcome in ("fail", "ice", "timeout"):
            groups[f"{v.outcome}: {_normalise(v.reason)}"].append(v)
    print(f"\nfailures, by first reason ({len(groups)} groups):")
    for reason, vs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"\n[{len(vs):3d}] {reason}")
        for v in vs[:show]:
            print(f"       {v.file}:{v.line}  -- {v.reason[:150]}")
    return {"files": dict(files_count), "run_lines": dict(lines_count), "pass_rate": rate,
            "file_outcomes": file_outcome}


def suite_arguments(description: str, show_help: str) -> argparse.ArgumentParser:
    """The command line of a harness over a DXC test folder (this one and
    dxc_sema_verify.py)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--dxc", required=True, help="a DXC checkout, or its git directory (bare mirror)")
    ap.add_argument("--rev", default="HEAD", help="the revision to read from a git directory")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2, help="RUN lines run at once")
    ap.add_argument("--filter", default="", help="only test files whose path contains this")
    ap.add_argument("--json", help="write every RUN line's verdict here")
    ap.add_argument("--show", type=int, default=3, help=show_help)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = suite_arguments(__doc__.split("\n\n")[0], "RUN lines listed per failure group").parse_args(argv)
    with tempfile.TemporaryDirectory() as temp:
        root = export_suite(args.dxc, args.rev, temp)
        files = compute_tests(root, args.filter)
        verdicts = sweep(root, files, args.j)
        summary = report(verdicts, files, root, args.show)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"summary": summary, "run_lines": [v.as_dict() for v in verdicts]}, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
