"""A FileCheck for hlslc's tests: match a program's output against CHECK lines.

Owns: reading check directives from a check file, matching them against an
input text, and explaining a failure (the directive, where scanning
started, the closest input line).  Used in-process by the RUN-line runner
(`FileCheck` in a RUN line) and runnable as `python tests/support/filecheck.py`.

Directives (PREFIX is CHECK unless --check-prefix/--check-prefixes say otherwise):

    PREFIX:        the pattern occurs after the previous match
    PREFIX-NEXT:   ... on the line right after the previous match
    PREFIX-SAME:   ... on the same line as the previous match
    PREFIX-EMPTY:  the line after the previous match is empty
    PREFIX-NOT:    the pattern does not occur between the surrounding matches
    PREFIX-DAG:    consecutive DAG patterns occur in any order
    PREFIX-LABEL:  splits the input into blocks matched independently
    PREFIX-COUNT-N: the pattern occurs N times in a row
    COM:           a comment, ignored

Patterns are literal text, except `{{regex}}` (Python `re` syntax),
`[[NAME:regex]]` (match and remember), `[[NAME]]` (what NAME matched) and
`[[@LINE]]`, `[[@LINE+N]]`, `[[@LINE-N]]` (the directive's own line number,
plus or minus N).
Runs of spaces and tabs match any run of spaces and tabs, in pattern and
input alike, unless --strict-whitespace is given.
"""

from __future__ import annotations

import difflib
import re
import sys
from dataclasses import dataclass, field

KINDS = ("CHECK", "NEXT", "SAME", "NOT", "DAG", "LABEL", "EMPTY")
_SUFFIXES = {"NEXT", "SAME", "NOT", "DAG", "LABEL", "EMPTY"}
_VAR_NAME = re.compile(r"\$?[A-Za-z_][A-Za-z0-9_]*\Z")
_HSPACE = re.compile(r"[ \t]+")


class FileCheckUsageError(Exception):
    """The check file or the options are wrong (not a failed match)."""


class FileCheckFailure(Exception):
    """The input does not satisfy the checks; the message explains where."""


# --------------------------------------------------------------------------
# Reading the check file

@dataclass
class Piece:
    kind: str          # "text", "regex", "define", "use", "line"
    text: str          # literal text, regex, variable name, or line offset
    regex: str = ""    # for "define": the regex that gives the value


@dataclass
class Directive:
    kind: str          # one of KINDS
    prefix: str
    pieces: list[Piece]
    pattern_text: str  # the pattern as written, for messages
    line_no: int
    line_text: str
    column: int        # 0-based column where the pattern starts

    @property
    def spelling(self) -> str:
        return self.prefix if self.kind == "CHECK" else f"{self.prefix}-{self.kind}"


def _directive_regex(prefixes: list[str]) -> re.Pattern[str]:
    alternation = "|".join(re.escape(p) for p in sorted(prefixes, key=len, reverse=True))
    return re.compile(r"(?<![A-Za-z0-9_-])(?P<prefix>" + alternation
                      + r")(?:-(?P<suffix>[A-Za-z0-9-]+))?:")


def parse_pattern(text: str, where: str) -> list[Piece]:
    """Split a pattern into literal text, {{regex}}, [[VAR:regex]] and [[VAR]]."""
    pieces: list[Piece] = []
    i, n = 0, len(text)
    literal: list[str] = []

    def flush() -> None:
        if literal:
            pieces.append(Piece("text", "".join(literal)))
            literal.clear()

    while i < n:
        if text.startswith("{{", i):
            end = text.find("}}", i + 2)
            if end < 0:
                raise FileCheckUsageError(f"{where}: '{{{{' without a closing '}}}}'")
            # "{{a{2}}}": the first '}' of '}}}' belongs to the regex.
            while text.startswith("}", end + 2):
                end += 1
            regex = text[i + 2:end]
            _check_regex(regex, where)
            flush()
            pieces.append(Piece("regex", regex))
            i = end + 2
        elif text.startswith("[[", i):
            end = _variable_end(text, i + 2)
            if end < 0:
                raise FileCheckUsageError(f"{where}: '[[' without a closing ']]'")
            body = text[i + 2:end]
            if body.startswith("#"):
                raise FileCheckUsageError(f"{where}: numeric variables ([[#...]]) are not supported")
            line_ref = re.fullmatch(r"@LINE(?:([+-])\s*(\d+))?", body.replace(" ", ""))
            if line_ref is not None:
                flush()
                offset = int(line_ref.group(2) or 0) * (-1 if line_ref.group(1) == "-" else 1)
                pieces.append(Piece("line", str(offset)))
                i = end + 2
                continue
            name, colon, regex = body.partition(":")
            if not _VAR_NAME.match(name):
                raise FileCheckUsageError(f"{where}: invalid variable name '{name}' in '[[{body}]]'")
            flush()
            if colon:
                _check_regex(regex, where)
                pieces.append(Piece("define", name, regex))
            else:
                pieces.append(Piece("use", name))
            i = end + 2
        else:
            literal.append(text[i])
            i += 1
    flush()
    return pieces


def _variable_end(text: str, start: int) -> int:
    """Index of the ']]' closing a '[[', skipping brackets inside the regex."""
    depth = 0
    i = start
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            depth += 1
        elif ch == "]":
            if depth:
                depth -= 1
            elif text.startswith("]]", i):
                return i
        i += 1
    return -1


def _check_regex(regex: str, where: str) -> None:
    try:
        re.compile(regex)
    except re.error as exc:
        raise FileCheckUsageError(f"{where}: invalid regular expression '{regex}': {exc}") from None


def read_directives(check_text: str, prefixes: list[str], check_name: str) -> list[Directive]:
    """All directives for `prefixes` in the check file, in order."""
    finder = _directive_regex(prefixes)
    comment = re.compile(r"(?<![A-Za-z0-9_-])COM:")
    directives: list[Directive] = []
    for line_no, line in enumerate(check_text.split("\n"), start=1):
        com = comment.search(line)
        for m in finder.finditer(line):
            if com is not None and com.start() < m.start():
                break
            suffix = m.group("suffix")
            prefix = m.group("prefix")
            where = f"{check_name}:{line_no}"
            count = 1
            if suffix is None:
                kind = "CHECK"
            elif suffix in _SUFFIXES:
                kind = suffix
            elif re.fullmatch(r"COUNT-\d+", suffix):
                kind, count = "CHECK", int(suffix[6:])
                if count < 1:
                    raise FileCheckUsageError(f"{where}: {prefix}-{suffix} needs a count of at least 1")
            else:
                # Another prefix's directive (CHECK-ERR: under prefix CHECK) is
                # not ours; a misspelt suffix (CHECK-NXET:) is a mistake.
                near = difflib.get_close_matches(suffix, sorted(_SUFFIXES), n=1, cutoff=0.6)
                if near:
                    raise FileCheckUsageError(
                        f"{where}: unknown directive '{prefix}-{suffix}:'; did you mean '{prefix}-{near[0]}:'?")
                continue
            raw = line[m.end():]
            pattern = raw.strip()
            column = m.end() + (len(raw) - len(raw.lstrip()))
            if kind == "EMPTY":
                if pattern:
                    raise FileCheckUsageError(f"{where}: {prefix}-EMPTY takes no pattern")
            elif not pattern:
                raise FileCheckUsageError(f"{where}: found an empty pattern after '{m.group(0)}'")
            pieces = parse_pattern(pattern, where)
            for _ in range(count):
                directives.append(Directive(kind, prefix, pieces, pattern, line_no, line, column))
            break  # one directive per line
    return directives


# --------------------------------------------------------------------------
# Matching

def canonicalize(text: str) -> str:
    """Collapse runs of spaces and tabs to one space, as default FileCheck does."""
    return _HSPACE.sub(" ", text)


@dataclass
class _Match:
    start: int
    end: int


@dataclass
class Checker:
    """Matches one input against a list of directives."""

    directives: list[Directive]
    input_text: str
    check_name: str = "<checks>"
    input_name: str = "<stdin>"
    strict_whitespace: bool = False
    variables: dict[str, str] = field(default_factory=dict)
    implicit_not: list[str] = field(default_factory=list)
    matched: list[_Match] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.buffer = self.input_text if self.strict_whitespace else canonicalize(self.input_text)
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.buffer)]

    # -- building regexes ------------------------------------------------
    def _regex(self, d: Directive) -> tuple[re.Pattern[str], dict[str, str]]:
        parts: list[str] = []
        groups: dict[str, str] = {}
        for i, piece in enumerate(d.pieces):
            if piece.kind == "text":
                text = piece.text if self.strict_whitespace else canonicalize(piece.text)
                parts.append(re.escape(text))
            elif piece.kind == "regex":
                parts.append(f"(?:{piece.text})")
            elif piece.kind == "line":
                parts.append(str(d.line_no + int(piece.text)))
            elif piece.kind == "define":
                group = f"v{i}"
                groups[piece.text] = group
                parts.append(f"(?P<{group}>{piece.regex})")
            else:
                if piece.text in groups:
                    parts.append(f"(?P={groups[piece.text]})")
                elif piece.text in self.variables:
                    parts.append(re.escape(self.variables[piece.text]))
                else:
                    raise FileCheckFailure(self._describe(
                        d, f"uses undefined variable '{piece.text}'", None))
        return re.compile("".join(parts), re.MULTILINE), groups

    def _search(self, d: Directive, start: int, end: int) -> re.Match[str] | None:
        regex, groups = self._regex(d)
        m = regex.search(self.buffer, start, end)
        if m is not None:
            for name, group in groups.items():
                self.variables[name] = m.group(group)
        return m

    # -- positions ---------------------------------------------------------
    def _line_of(self, pos: int) -> int:
        import bisect
        return bisect.bisect_right(self._line_starts, pos)

    def _line_text(self, line: int) -> str:
        start = self._line_starts[line - 1]
        end = self.buffer.find("\n", start)
        return self.buffer[start:] if end < 0 else self.buffer[start:end]

    # -- running -----------------------------------------------------------
    def run(self) -> None:
        if not self.directives:
            raise FileCheckUsageError("no check directives to match")
        first = self.directives[0]
        if first.kind in ("NEXT", "SAME", "EMPTY"):
            raise FileCheckUsageError(
                f"{self.check_name}:{first.line_no}: found '{first.spelling}' with no match before it to follow")
        # Labels first: each splits the input, and the directives between two
        # labels must match between them.
        blocks: list[tuple[int, int, list[Directive]]] = []
        pos = 0
        block_start = 0
        current: list[Directive] = []
        for d in self.directives:
            if d.kind != "LABEL":
                current.append(d)
                continue
            m = self._search(d, pos, len(self.buffer))
            if m is None:
                raise FileCheckFailure(self._not_found(d, pos, len(self.buffer)))
            blocks.append((block_start, m.start(), current))
            self.matched.append(_Match(m.start(), m.end()))
            current = []
            block_start = pos = m.end()
        blocks.append((block_start, len(self.buffer), current))
        for start, end, directives in blocks:
            self._run_block(directives, start, end)
        self._check_implicit_not()

    def _run_block(self, directives: list[Directive], start: int, end: int) -> None:
        cursor = start
        nots: list[Directive] = []
        i = 0
        while i < len(directives):
            d = directives[i]
            if d.kind == "NOT":
                nots.append(d)
                i += 1
                continue
            if d.kind == "DAG":
                group = []
                while i < len(directives) and directives[i].kind == "DAG":
                    group.append(directives[i])
                    i += 1
                first_start, cursor_after = self._match_dag(group, cursor, end)
                self._check_nots(nots, cursor, first_start)
                nots = []
                cursor = cursor_after
                continue
            if d.kind == "EMPTY":
                nl = self.buffer.find("\n", cursor, end)
                if nl < 0:
                    raise FileCheckFailure(self._describe(d, "found no line after the previous match", cursor))
                line_start = nl + 1
                line_end = self.buffer.find("\n", line_start, end)
                line_end = end if line_end < 0 else line_end
                if self.buffer[line_start:line_end].strip():
                    raise FileCheckFailure(self._describe(d, "the next line is not empty", line_start))
                self._check_nots(nots, cursor, line_start)
                nots = []
                cursor = line_start
                i += 1
                continue
            m = self._search(d, cursor, end)
            if m is None:
                raise FileCheckFailure(self._not_found(d, cursor, end))
            newlines = self.buffer.count("\n", cursor, m.start())
            if d.kind == "NEXT" and newlines != 1:
                what = "is on the same line as" if newlines == 0 else f"is {newlines} lines after"
                raise FileCheckFailure(self._describe(
                    d, f"the match {what} the previous match, not on the next line", m.start()))
            if d.kind == "SAME" and newlines != 0:
                raise FileCheckFailure(self._describe(
                    d, "the match is not on the same line as the previous match", m.start()))
            self._check_nots(nots, cursor, m.start())
            nots = []
            self.matched.append(_Match(m.start(), m.end()))
            cursor = m.end()
            i += 1
        self._check_nots(nots, cursor, end)

    def _match_dag(self, group: list[Directive], start: int, end: int) -> tuple[int, int]:
        taken: list[tuple[int, int]] = []
        for d in group:
            pos = start
            while True:
                m = self._search(d, pos, end)
                if m is None:
                    raise FileCheckFailure(self._not_found(d, start, end))
                overlaps = any(m.start() < e and s < m.end() for s, e in taken) or (
                    m.start() == m.end() and any(s <= m.start() < e for s, e in taken))
                if not overlaps:
                    taken.append((m.start(), m.end()))
                    self.matched.append(_Match(m.start(), m.end()))
                    break
                pos = m.start() + 1
                if pos > end:
                    raise FileCheckFailure(self._not_found(d, start, end))
        return min(s for s, _ in taken), max(e for _, e in taken)

    def _check_nots(self, nots: list[Directive], start: int, end: int) -> None:
        for d in nots:
            m = self._search(d, start, end)
            if m is not None:
                raise FileCheckFailure(self._describe(d, "excluded pattern found in input", m.start()))

    def _check_implicit_not(self) -> None:
        if not self.implicit_not:
            return
        spans = sorted((m.start, m.end) for m in self.matched)
        gaps: list[tuple[int, int]] = []
        pos = 0
        for s, e in spans:
            if s > pos:
                gaps.append((pos, s))
            pos = max(pos, e)
        gaps.append((pos, len(self.buffer)))
        for text in self.implicit_not:
            needle = text if self.strict_whitespace else canonicalize(text)
            for s, e in gaps:
                at = self.buffer.find(needle, s, e)
                if at >= 0:
                    line = self._line_of(at)
                    raise FileCheckFailure(
                        f"{self.input_name}:{line}: error: --implicit-check-not: "
                        f"excluded text '{text}' found in input\n"
                        f"  {self._line_text(line)}\n" + self._context(line))

    # -- messages ------------------------------------------------------------
    def _describe(self, d: Directive, problem: str, pos: int | None) -> str:
        lines = [f"{self.check_name}:{d.line_no}: error: {d.spelling}: {problem}",
                 d.line_text.rstrip(),
                 " " * d.column + "^"]
        if pos is not None:
            line = self._line_of(pos)
            lines.append(f"{self.input_name}:{line}: note: here")
            lines.append(f"  {self._line_text(line)}")
            lines.append(self._context(line))
        return "\n".join(lines)

    def _not_found(self, d: Directive, start: int, end: int) -> str:
        lines = [f"{self.check_name}:{d.line_no}: error: {d.spelling}: expected pattern not found in input",
                 d.line_text.rstrip(),
                 " " * d.column + "^"]
        first = self._line_of(start)
        lines.append(f"{self.input_name}:{first}: note: scanning from here")
        lines.append(f"  {self._line_text(first)}")
        nearest = self._nearest_line(d, start, end)
        if nearest is not None and nearest != first:
            lines.append(f"{self.input_name}:{nearest}: note: closest line")
            lines.append(f"  {self._line_text(nearest)}")
        used = [p.text for p in d.pieces if p.kind == "use" and p.text in self.variables]
        for name in used:
            lines.append(f"note: with {name} = '{self.variables[name]}'")
        lines.append(self._context(nearest or first))
        return "\n".join(lines)

    def _nearest_line(self, d: Directive, start: int, end: int) -> int | None:
        wanted = "".join(p.text for p in d.pieces if p.kind == "text").strip()
        if not wanted:
            return None
        first, last = self._line_of(start), self._line_of(max(start, end - 1))
        best, best_score = None, 0.0
        for line in range(first, min(last, first + 5000) + 1):
            text = self._line_text(line)
            score = difflib.SequenceMatcher(None, wanted, text, autojunk=False).ratio()
            if score > best_score:
                best, best_score = line, score
        return best if best_score >= 0.3 else None

    def _context(self, center: int, radius: int = 6) -> str:
        total = len(self._line_starts)
        if total > 1 and self.buffer.endswith("\n"):
            total -= 1  # the empty "line" after the final newline
        center = min(center, total)
        lo, hi = max(1, center - radius), min(total, center + radius)
        width = len(str(hi))
        out = [f"input ({self.input_name}, lines {lo}-{hi} of {total}):"]
        for line in range(lo, hi + 1):
            mark = ">" if line == center else " "
            out.append(f" {mark}{line:>{width}}| {self._line_text(line)}")
        return "\n".join(out)


# --------------------------------------------------------------------------
# Command line (the same options a RUN line can give)

@dataclass
class Options:
    check_file: str | None = None
    prefixes: list[str] = field(default_factory=list)
    implicit_not: list[str] = field(default_factory=list)
    input_file: str | None = None
    strict_whitespace: bool = False
    allow_empty: bool = False
    variables: dict[str, str] = field(default_factory=dict)


def parse_options(argv: list[str]) -> Options:
    opts = Options()
    i = 0

    def value(name: str, arg: str) -> str:
        nonlocal i
        if arg.startswith(name + "="):
            return arg[len(name) + 1:]
        if i >= len(argv):
            raise FileCheckUsageError(f"option '{name}' requires a value")
        i += 1
        return argv[i - 1]

    while i < len(argv):
        arg = argv[i]
        i += 1
        name = "-" + arg.lstrip("-").partition("=")[0] if arg.startswith("-") else ""
        if name in ("-check-prefix", "-check-prefixes"):
            for prefix in value(arg.partition("=")[0], arg).split(","):
                if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", prefix):
                    raise FileCheckUsageError(f"invalid check prefix '{prefix}'")
                opts.prefixes.append(prefix)
        elif name == "-implicit-check-not":
            opts.implicit_not.append(value(arg.partition("=")[0], arg))
        elif name == "-input-file":
            opts.input_file = value(arg.partition("=")[0], arg)
        elif name == "-strict-whitespace":
            opts.strict_whitespace = True
        elif name == "-allow-empty":
            opts.allow_empty = True
        elif arg.startswith("-D") and len(arg) > 2:
            var, eq, val = arg[2:].partition("=")
            if not eq or not _VAR_NAME.match(var):
                raise FileCheckUsageError(f"bad variable definition '{arg}' (use -DNAME=VALUE)")
            opts.variables[var] = val
        elif arg.startswith("-") and arg != "-":
            raise FileCheckUsageError(f"unknown option '{arg}'")
        elif opts.check_file is None:
            opts.check_file = arg
        else:
            raise FileCheckUsageError(f"unexpected argument '{arg}' (one check file only)")
    if opts.check_file is None:
        raise FileCheckUsageError("no check file given")
    if not opts.prefixes:
        opts.prefixes = ["CHECK"]
    return opts


def check_text(checks: str, input_text: str, *, prefixes: list[str] | None = None,
               implicit_not: list[str] | None = None, check_name: str = "<checks>",
               input_name: str = "<stdin>", strict_whitespace: bool = False,
               allow_empty: bool = False, variables: dict[str, str] | None = None) -> None:
    """Check `input_text` against the directives in `checks` (a check file's text).

    Raises `FileCheckFailure` when the input does not match and
    `FileCheckUsageError` when the checks themselves are wrong.
    """
    prefixes = prefixes or ["CHECK"]
    directives = read_directives(checks, prefixes, check_name)
    if not directives:
        raise FileCheckUsageError(
            f"{check_name}: no check directives found for prefix{'es' if len(prefixes) > 1 else ''} "
            + ", ".join(f"'{p}:'" for p in prefixes))
    unused = [p for p in prefixes if not any(d.prefix == p for d in directives)]
    if unused:
        raise FileCheckUsageError(f"{check_name}: prefix '{unused[0]}' has no directives")
    if not input_text and not allow_empty:
        raise FileCheckFailure(f"{input_name}: error: the input is empty (use --allow-empty if that is expected)")
    Checker(directives, input_text, check_name, input_name, strict_whitespace,
            dict(variables or {}), list(implicit_not or [])).run()


def run(argv: list[str], stdin_text: str) -> tuple[int, str]:
    """Run FileCheck with command-line `argv`; return (exit status, stderr text)."""
    try:
        opts = parse_options(argv)
        with open(opts.check_file, encoding="utf-8") as handle:
            checks = handle.read()
        input_name = "<stdin>"
        text = stdin_text
        if opts.input_file is not None and opts.input_file != "-":
            input_name = opts.input_file
            with open(opts.input_file, encoding="utf-8") as handle:
                text = handle.read()
        check_text(checks, text, prefixes=opts.prefixes, implicit_not=opts.implicit_not,
                   check_name=opts.check_file, input_name=input_name,
                   strict_whitespace=opts.strict_whitespace, allow_empty=opts.allow_empty,
                   variables=opts.variables)
    except FileCheckFailure as exc:
        return 1, f"{exc}\n"
    except (FileCheckUsageError, OSError) as exc:
        return 2, f"FileCheck: error: {exc}\n"
    return 0, ""


if __name__ == "__main__":
    status, message = run(sys.argv[1:], sys.stdin.read())
    sys.stderr.write(message)
    raise SystemExit(status)
