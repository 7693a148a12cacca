"""`-verify`: check a compile's diagnostics against comments in its sources.

Owns: reading `expected-error`, `expected-warning`, `expected-note` and
`expected-no-diagnostics` directives from the comments of every file a
compile read, matching them against the diagnostics it reported, and the
text of the mismatch report.

Directive syntax, inside a `//` or `/* */` comment:

    expected-error {{text}}            on this line
    expected-warning@+1 {{text}}       on the next line (@-2: two lines up)
    expected-note@12 {{text}}          on line 12 of this file
    expected-error@other.h:7 {{text}}  on line 7 of a file the compile read
    expected-error@* {{text}}          on any line of this file
    expected-error 2 {{text}}          exactly twice on this line
    expected-no-diagnostics            the file compiles with no diagnostic

`-verify=PREFIX[,PREFIX...]` reads `PREFIX-error` and so on instead of
`expected-error`: since directives are read from the raw text of every
file (not only the lines #if keeps), RUN lines with different -D options
tell their expectations apart by prefix.

A diagnostic matches a directive when file, line and severity agree and the
diagnostic's message contains the text.  Notes attached to a diagnostic
count as diagnostics of severity note.  Fatal errors count as errors.

Does not own: running the compile or printing (the CLI does both).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from .diagnostics import Diagnostic, Severity
from .source import SourceFile

KINDS = ("error", "warning", "note")
DEFAULT_PREFIXES = ("expected",)



def _directive_regex(prefixes: Iterable[str]) -> re.Pattern[str]:
    alternation = "|".join(re.escape(p) for p in sorted(prefixes, key=len, reverse=True))
    # A quoted mention ('expected-error', as in a CHECK line about -verify's
    # own output) is not a directive.
    return re.compile(r"(?<![\w'\"`-])(" + alternation
                      + r")-(error|warning|note|no-diagnostics)(?![\w'\"`-])")
_LOCATION = re.compile(r"@(?:(?P<rel>[+-]\d+)|(?P<abs>\d+)|(?P<any>\*)|(?P<file>[^\s:]+):(?P<fline>\d+|\*))")
_COUNT = re.compile(r"[ \t]+(\d+)(?=[ \t]*\{\{)")


@dataclass(slots=True)
class Expectation:
    """One `expected-KIND` directive: what it wants and where it was written."""

    kind: str
    prefix: str
    text: str
    path: str             # file the diagnostic must be in
    line: int | None      # None: any line of that file
    count: int
    directive_path: str
    directive_line: int
    seen: int = 0


@dataclass(slots=True)
class Seen:
    """One reported diagnostic (or note), reduced to what matching needs."""

    kind: str
    message: str
    path: str | None
    line: int | None
    matched: bool = False


@dataclass
class VerifyReport:
    """The outcome of `verify_diagnostics`: problems found, rendered by `render`."""

    missing: list[Expectation] = field(default_factory=list)
    unexpected: list[Seen] = field(default_factory=list)
    malformed: list[str] = field(default_factory=list)
    prefixes: tuple[str, ...] = DEFAULT_PREFIXES

    @property
    def ok(self) -> bool:
        return not (self.missing or self.unexpected or self.malformed)

    @property
    def error_count(self) -> int:
        """How many `error:` lines `render` writes (one per group)."""
        groups = {("missing", e.kind) for e in self.missing}
        groups |= {("unexpected", s.kind) for s in self.unexpected}
        return len(groups) + len(self.malformed)

    def render(self) -> str:
        lines: list[str] = list(self.malformed)
        prefix = self.prefixes[0] if len(self.prefixes) == 1 else "expected"
        for kind in KINDS:
            missing = [e for e in self.missing if e.kind == kind]
            if missing:
                lines.append(f"error: '{prefix}-{kind}' diagnostics expected but not seen:")
                for e in missing:
                    where = f"{e.path}:{e.line if e.line is not None else '*'}"
                    extra = ""
                    if e.count > 1:
                        extra += f" (expected {e.count} times, seen {e.seen})"
                    if e.line != e.directive_line or e.path != e.directive_path:
                        extra += f" (directive at {e.directive_path}:{e.directive_line})"
                    lines.append(f"  {where}: {e.text}{extra}")
            unexpected = [s for s in self.unexpected if s.kind == kind]
            if unexpected:
                lines.append(f"error: '{prefix}-{kind}' diagnostics seen but not expected:")
                for s in unexpected:
                    where = s.path or "<no file>"
                    if s.line is not None:
                        where += f":{s.line}"
                    lines.append(f"  {where}: {s.message}")
        n = self.error_count
        if n:
            lines.append(f"{n} error{'s' if n != 1 else ''} generated.")
        return "\n".join(lines) + ("\n" if lines else "")


# --------------------------------------------------------------------------
# Reading directives

def _comments(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) character ranges of every comment's body in C-like text."""
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "/" and i + 1 < n and text[i + 1] == "/":
            end = text.find("\n", i)
            end = n if end < 0 else end
            yield i + 2, end
            i = end
        elif ch == "/" and i + 1 < n and text[i + 1] == "*":
            end = text.find("*/", i + 2)
            end = n if end < 0 else end
            yield i + 2, end
            i = end + 2
        elif ch in "\"'":
            # Skip a string or character literal so '//' inside it is not a comment.
            j = i + 1
            while j < n and text[j] != ch and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            i += 1


def _find_file(name: str, files: dict[str, SourceFile]) -> str | None:
    """The path of the read file that `name` (from `@name:N`) refers to."""
    if name in files:
        return name
    wanted = os.path.normpath(name)
    for path in files:
        norm = os.path.normpath(path)
        if norm == wanted or norm.endswith(os.sep + wanted):
            return path
    return None


def read_expectations(files: dict[str, SourceFile], prefixes: Iterable[str] = DEFAULT_PREFIXES,
                      ) -> tuple[list[Expectation], list[str], list[str]]:
    """Directives from all non-built-in files.

    Returns (expectations, files saying expected-no-diagnostics, malformed
    directive messages).
    """
    expectations: list[Expectation] = []
    no_diag_files: list[str] = []
    malformed: list[str] = []
    finder = _directive_regex(prefixes)
    for path, source in files.items():
        if source.is_builtin:
            continue
        text = source.text
        for start, end in _comments(text):
            body = text[start:end]
            for m in finder.finditer(body):
                offset = start + m.start()
                line = source.line_col(offset)[0]
                prefix, kind = m.group(1), m.group(2)
                if kind == "no-diagnostics":
                    no_diag_files.append(path)
                    continue
                exp = _parse_directive(prefix, kind, body, m.end(), path, line, files, malformed)
                if exp is not None:
                    expectations.append(exp)
    return expectations, no_diag_files, malformed


def _parse_directive(prefix: str, kind: str, body: str, pos: int, path: str, line: int,
                     files: dict[str, SourceFile], malformed: list[str]) -> Expectation | None:
    where = f"{path}:{line}"
    name = f"{prefix}-{kind}"
    target_path = path
    loc = _LOCATION.match(body, pos)
    target: int | None = line
    if loc is not None:
        pos = loc.end()
        if loc.group("rel"):
            target = line + int(loc.group("rel"))
        elif loc.group("abs"):
            target = int(loc.group("abs"))
        elif loc.group("any"):
            target = None
        else:
            found = _find_file(loc.group("file"), files)
            if found is None:
                malformed.append(f"error: {where}: '{name}@{loc.group('file')}:...' "
                                 f"names a file this compile did not read")
                return None
            target_path = found
            fline = loc.group("fline")
            target = None if fline == "*" else int(fline)
    elif pos < len(body) and body[pos] == "@":
        malformed.append(f"error: {where}: bad line selector after '{name}' "
                         f"(use @+N, @-N, @N, @*, or @file:N)")
        return None
    count = 1
    cm = _COUNT.match(body, pos)
    if cm is not None:
        count = int(cm.group(1))
        pos = cm.end()
        if count < 1:
            malformed.append(f"error: {where}: '{name}' count must be at least 1")
            return None
    open_at = body.find("{{", pos)
    if open_at < 0 or body[pos:open_at].strip():
        malformed.append(f"error: {where}: missing '{{{{' after '{name}'")
        return None
    close_at = body.find("}}", open_at + 2)
    if close_at < 0:
        malformed.append(f"error: {where}: missing '}}}}' closing '{name}' text")
        return None
    text = body[open_at + 2:close_at]
    if not text.strip():
        malformed.append(f"error: {where}: empty text in '{name}'")
        return None
    if target is not None and target < 1:
        malformed.append(f"error: {where}: '{name}' points at line {target}, before the file starts")
        return None
    return Expectation(kind, prefix, text, target_path, target, count, path, line)


# --------------------------------------------------------------------------
# Matching

def _kind_of(severity: Severity) -> str:
    if severity in (Severity.ERROR, Severity.FATAL):
        return "error"
    return severity.value


def _seen_diagnostics(diags: Iterable[Diagnostic]) -> list[Seen]:
    seen: list[Seen] = []
    for diag in diags:
        span = diag.span.user_span() if diag.span is not None else None
        seen.append(Seen(_kind_of(diag.severity), diag.message,
                         span.file.path if span else diag.path, span.line if span else None))
        for note in diag.notes:
            # A note without a place of its own belongs to its diagnostic's
            # line, so `expected-note` on that line matches it.
            nspan = note.span.user_span() if note.span is not None else span
            seen.append(Seen("note", note.message,
                             nspan.file.path if nspan else diag.path, nspan.line if nspan else None))
    return seen


def verify_diagnostics(files: dict[str, SourceFile], diags: Iterable[Diagnostic],
                       prefixes: Iterable[str] = DEFAULT_PREFIXES) -> VerifyReport:
    """Match the directives (named by `prefixes`) in `files` against `diags`."""
    prefixes = tuple(prefixes)
    expectations, no_diag_files, malformed = read_expectations(files, prefixes)
    report = VerifyReport(malformed=malformed, prefixes=prefixes)
    first = prefixes[0]
    if not expectations and not no_diag_files and not malformed:
        names = ", ".join(f"'{p}-'" for p in prefixes)
        report.malformed.append(
            f"error: no {names} directives found: "
            f"add '// {first}-no-diagnostics' if the file should compile cleanly")
    if expectations and no_diag_files:
        report.malformed.append(
            f"error: {no_diag_files[0]}: '{first}-no-diagnostics' cannot be combined "
            f"with other directives")
    seen = _seen_diagnostics(diags)
    for exp in expectations:
        for s in seen:
            if exp.seen == exp.count:
                break
            if (not s.matched and s.kind == exp.kind and s.path == exp.path
                    and (exp.line is None or s.line == exp.line) and exp.text in s.message):
                s.matched = True
                exp.seen += 1
        if exp.seen < exp.count:
            report.missing.append(exp)
    report.unexpected = [s for s in seen if not s.matched]
    return report
