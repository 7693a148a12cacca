"""Run DXC's LinAlg validation tests with `hlslc validate` and count agreement.

    python bench/dxc_linalg_validation.py DXC [--commit REV] [--folder PATH] [-j N] [--json OUT] [-v]

`DXC` is a DirectXShaderCompiler checkout: a work tree, or a git directory
(a bare mirror works: the files are read with `git show REV:PATH`, REV
defaulting to HEAD). Each `*.ll` of `--folder` (default
`tools/clang/test/LitDXILValidation/LinAlgMatrix`) is a lit test whose RUN
line is `[not] %dxv %s 2>&1 | FileCheck %s`: the harness writes the file
out, runs `hlslc validate -fdiagnostics-format=dxv` on it (DXC's output
lines: `Function: F: error: MESSAGE`, `note: at '...'`, `Validation
failed.`), and checks

- the verdict: exit status 1 where the RUN line says `not`, 0 otherwise;
- the CHECK lines, with the repository's FileCheck
  (`tests/support/filecheck.py`: CHECK, CHECK-NEXT, CHECK-NOT, regexes).

A file agrees with DXC when both hold. Prints a table (file, DXC's verdict,
hlslc's, the first CHECK that failed) and `agree N/M`; `--json` writes the
rows. Exit status 0 when every file agrees, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
from support.filecheck import FileCheckFailure, FileCheckUsageError, check_text  # noqa: E402

FOLDER = "tools/clang/test/LitDXILValidation/LinAlgMatrix"
_RUN = re.compile(r"^\s*;\s*RUN:\s*(.*)$", re.M)


class Suite:
    """The test files of one DXC checkout: from its work tree, or from git."""

    def __init__(self, root: str, commit: str | None = None) -> None:
        self.root = Path(root)
        self.commit = commit
        self.git = commit is not None or not self._has_work_tree()

    def _has_work_tree(self) -> bool:
        return (self.root / "tools").is_dir()

    def _git(self, *args: str) -> str:
        out = subprocess.run(["git", "-C", str(self.root), *args], capture_output=True, text=True)
        if out.returncode != 0:
            raise SystemExit(f"dxc_linalg_validation: git {' '.join(args)} failed in {self.root}: "
                             f"{out.stderr.strip()}")
        return out.stdout

    def revision(self) -> str:
        return self._git("rev-parse", self.commit or "HEAD").strip() if self.git else "work tree"

    def files(self, folder: str) -> list[tuple[str, str]]:
        """(name, text) of each `.ll` of the folder, by name."""
        if not self.git:
            return [(p.name, p.read_text(encoding="utf-8")) for p in sorted((self.root / folder).glob("*.ll"))]
        rev = self.commit or "HEAD"
        names = [n for n in self._git("ls-tree", "--name-only", f"{rev}:{folder}").split() if n.endswith(".ll")]
        return [(n, self._git("show", f"{rev}:{folder}/{n}")) for n in sorted(names)]


def expectation(text: str) -> tuple[bool, bool]:
    """(the test expects validation to fail, its RUN line pipes into FileCheck)."""
    runs = _RUN.findall(text)
    fail = any(re.match(r"not\s+%dxv\b", r.strip()) for r in runs)
    return fail, any("FileCheck" in r for r in runs)


def run_one(name: str, text: str, workdir: str, hlslc: list[str]) -> dict:
    path = os.path.join(workdir, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    proc = subprocess.run([*hlslc, "validate", "-fdiagnostics-format=dxv", path], capture_output=True, text=True)
    output = proc.stdout + proc.stderr
    expect_fail, filecheck = expectation(text)
    fails = proc.returncode != 0
    row = {"file": name, "dxc": "fail" if expect_fail else "pass",
           "hlslc": "fail" if proc.returncode == 1 else "pass" if proc.returncode == 0 else f"exit {proc.returncode}",
           "verdict_agrees": fails == expect_fail and proc.returncode in (0, 1), "checks_agree": True, "why": ""}
    if filecheck:
        try:
            check_text(text, output, check_name=name, input_name="hlslc validate")
        except (FileCheckFailure, FileCheckUsageError) as exc:
            row["checks_agree"] = False
            row["why"] = _check_failure(str(exc))
    if not row["verdict_agrees"] and not row["why"]:
        row["why"] = _first_line(output) or "no output"
    row["agrees"] = row["verdict_agrees"] and row["checks_agree"]
    row["output"] = output
    return row


def _check_failure(text: str) -> str:
    """`LINE: DIRECTIVE` of a FileCheck failure (its first two lines)."""
    lines = text.splitlines()
    where = lines[0].split(": error:")[0].rsplit(":", 1)[-1] if lines else ""
    directive = lines[1].lstrip("; ").strip() if len(lines) > 1 else (lines[0] if lines else "")
    return f"line {where}: {directive}"[:160]


def _first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:160]
    return ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dxc", help="DirectXShaderCompiler checkout: a work tree or a git directory")
    parser.add_argument("--commit", help="read the tests from this commit with git (default: the work tree, or "
                                         "HEAD of a git directory)")
    parser.add_argument("--folder", default=FOLDER, help=f"the tests' folder in the checkout (default {FOLDER})")
    parser.add_argument("-j", type=int, default=os.cpu_count() or 1, help="files validated at once")
    parser.add_argument("--json", help="write the rows to this file")
    parser.add_argument("-v", action="store_true", help="print hlslc's output of the files that disagree")
    parser.add_argument("--hlslc", default=None, help="the hlslc command (default: this checkout's, with this "
                                                      "Python)")
    args = parser.parse_args(argv)

    suite = Suite(args.dxc, args.commit)
    files = suite.files(args.folder)
    if not files:
        print(f"dxc_linalg_validation: no .ll files in {args.folder} of {args.dxc}", file=sys.stderr)
        return 2
    hlslc = args.hlslc.split() if args.hlslc else [sys.executable, "-m", "hlslc"]
    env_path = str(REPO)
    os.environ["PYTHONPATH"] = env_path + (os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else "")
    with tempfile.TemporaryDirectory() as workdir, ThreadPoolExecutor(max(1, args.j)) as pool:
        rows = list(pool.map(lambda f: run_one(f[0], f[1], workdir, hlslc), files))

    width = max(len(r["file"]) for r in rows)
    print(f"DXC {args.dxc} at {suite.revision()}, {args.folder}")
    print(f"{'file':<{width}}  dxc   hlslc  agree  first difference")
    for r in rows:
        mark = "yes" if r["agrees"] else "NO"
        print(f"{r['file']:<{width}}  {r['dxc']:<5} {r['hlslc']:<6} {mark:<5}  {r['why']}")
        if args.v and not r["agrees"]:
            print("    " + r["output"].replace("\n", "\n    ").rstrip())
    agree = sum(r["agrees"] for r in rows)
    verdicts = sum(r["verdict_agrees"] for r in rows)
    print(f"agree {agree}/{len(rows)} (verdicts {verdicts}/{len(rows)}, CHECK lines "
          f"{sum(r['checks_agree'] for r in rows)}/{len(rows)})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"revision": suite.revision(), "folder": args.folder,
                       "rows": [{k: v for k, v in r.items() if k != "output"} for r in rows]}, f, indent=1)
    return 0 if agree == len(rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
