"""Diagnostics: the one model every stage reports through, and its renderers.

Owns: `Diagnostic` values (severity, message, optional stable ID, primary
span, secondary spans, notes), the `Diagnostics` sink that collects them,
and the three renderings: plain clang-style text, coloured text (through
`rich`, imported only when colour is asked for) and JSON.

Does not own: deciding where output goes (the driver does) or any rule.
"""

from __future__ import annotations

import enum
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Iterable, Iterator

from .records import ValueRecord
from .source import Span


class Severity(enum.Enum):
    """How bad a diagnostic is; the value is the word printed before the message."""

    NOTE = "note"
    WARNING = "warning"
    ERROR = "error"
    FATAL = "fatal error"


class Note(ValueRecord):
    """A note attached to a diagnostic: more explanation, often at another place."""

    message: str
    span: Span | None
    __slots__ = ("message", "span")
    _fields = ("message", "span")

    def __init__(self, message: str, span: Span | None = None) -> None:
        self.message = message
        self.span = span

    __hash__ = None  # type: ignore[assignment]


class IRPlace(ValueRecord):
    """Where an IR validator finding is, as DXC's validator prints it:
    the message without hlslc's "(in function ...)" tail, the function
    (its LLVM name without `@`), the block and the instruction text, and
    `order`, the key that sorts findings into the order DXC reports them
    (phase, function line, instruction line)."""

    message: str
    function: str | None
    block: str | None
    instruction: str | None
    order: tuple[int, ...]
    __slots__ = ("message", "function", "block", "instruction", "order")
    _fields = ("message", "function", "block", "instruction", "order")

    def __init__(self, message: str, function: str | None = None, block: str | None = None,
                 instruction: str | None = None, order: tuple[int, ...] = ()) -> None:
        self.message = message
        self.function = function
        self.block = block
        self.instruction = instruction
        self.order = order


class Diagnostic(ValueRecord):
    """One reported problem: severity, message, optional stable ID, the span
    it is about, notes, and further spans to underline."""

    severity: Severity
    message: str
    span: Span | None
    id: str | None
    notes: list[Note]
    secondary: list[Span]
    # For diagnostics that are not about a source span (a bad option, an
    # unreadable file, a finding of the IR validator): the name shown in
    # place of `path:line:col`.
    path: str | None
    # With `path` and no span: the 1-based line of that file the diagnostic
    # is about, when known (the IR validator's line of an .ll file).
    line: int | None
    # The IR validator's findings: where in the IR, for DXC-style output.
    ir: IRPlace | None
    __slots__ = ("severity", "message", "span", "id", "notes", "secondary", "path", "line", "ir")
    _fields = ("severity", "message", "span", "id", "notes", "secondary", "path", "line", "ir")

    def __init__(self, severity: Severity, message: str, span: Span | None = None, id: str | None = None, notes: list[Note] | None = None, secondary: list[Span] | None = None, path: str | None = None, line: int | None = None, ir: IRPlace | None = None) -> None:
        self.severity = severity
        self.message = message
        self.span = span
        self.id = id
        self.notes = [] if notes is None else notes
        self.secondary = [] if secondary is None else secondary
        self.path = path
        self.line = line
        self.ir = ir

    __hash__ = None  # type: ignore[assignment]

    @property
    def is_error(self) -> bool:
        return self.severity in (Severity.ERROR, Severity.FATAL)

    def with_note(self, message: str, span: Span | None = None) -> "Diagnostic":
        self.notes.append(Note(message, span))
        return self


class CompileError(Exception):
    """Raised to abandon a stage after a fatal diagnostic was reported."""


# Warning groups, as in DXC (clang): a grouped warning ends with its flag
# (`[-Wfor-redefinition]`) and `-Wno-GROUP` silences it.  A group may hold
# others (`-Wno-hlsl-202x-extensions` silences `hlsl-groupshared-202x` too).
WARNING_GROUPS: dict[str, tuple[str, ...]] = {
    "for-redefinition": (),
    "hlsl-202x-extensions": ("hlsl-groupshared-202x",),
    "hlsl-groupshared-202x": (),
    "deprecated-declarations": (),
    "array-bounds": (),
    # DXC's Conversion group: "implicit truncation of vector type" is in it.
    "conversion": (),
    # hlslc's own: a store DXC compiles that has no effect; an entry of
    # another stage than compute, which hlslc neither checks nor compiles.
    "unused-store": (),
    "unchecked-stage": (),
}
# Groups of warnings DXC does not give: -Werror/-WX leaves them warnings, so
# a project built with DXC and -WX (most are) compiles as DXC compiles it.
NOT_UPGRADED_GROUPS = frozenset({"unused-store", "unchecked-stage"})


def disabled_groups(names: Iterable[str]) -> frozenset[str]:
    """The groups `-Wno-NAME` for each of `names` silences (with those
    each holds)."""
    out: set[str] = set()
    work = list(names)
    while work:
        name = work.pop()
        if name not in out:
            out.add(name)
            work.extend(WARNING_GROUPS.get(name, ()))
    return frozenset(out)


class Diagnostics:
    """The sink every stage receives.  Stages never print."""

    def __init__(self, warnings_as_errors: bool = False, suppress_warnings: bool = False,
                 disabled_warnings: Iterable[str] = ()) -> None:
        self.items: list[Diagnostic] = []
        self.warnings_as_errors = warnings_as_errors
        self.suppress_warnings = suppress_warnings
        self.disabled_groups = disabled_groups(disabled_warnings)
        self.error_count = 0
        self.warning_count = 0

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    @property
    def has_errors(self) -> bool:
        return self.error_count > 0

    def report(self, diag: Diagnostic, upgrade: bool = True) -> Diagnostic:
        """Record `diag`; `upgrade=False` keeps a warning a warning under
        -Werror (a `-Wno-error=GROUP` diagnostic)."""
        if diag.severity is Severity.WARNING:
            if self.suppress_warnings:
                return diag
            if self.warnings_as_errors and upgrade:
                diag.severity = Severity.ERROR
                diag.message = f"{diag.message} [-Werror]"
        if diag.is_error:
            self.error_count += 1
        elif diag.severity is Severity.WARNING:
            self.warning_count += 1
        self.items.append(diag)
        return diag

    def error(self, span: Span | None, message: str, id: str | None = None) -> Diagnostic:
        return self.report(Diagnostic(Severity.ERROR, message, span, id))

    def fatal(self, span: Span | None, message: str, id: str | None = None) -> Diagnostic:
        return self.report(Diagnostic(Severity.FATAL, message, span, id))

    def warning(self, span: Span | None, message: str, id: str | None = None, group: str | None = None) -> Diagnostic:
        """A warning; one of a `group` (WARNING_GROUPS) names its flag and is
        dropped when the group is disabled (the diagnostic is returned, not
        recorded)."""
        if group is not None:
            diag = Diagnostic(Severity.WARNING, f"{message} [-W{group}]", span, id)
            if group in self.disabled_groups:
                return diag
            return self.report(diag, upgrade=group not in NOT_UPGRADED_GROUPS)
        return self.report(Diagnostic(Severity.WARNING, message, span, id))

    def extend(self, diags: Iterable[Diagnostic]) -> None:
        for d in diags:
            self.report(d)


# --------------------------------------------------------------------------
# Rendering

def _location(span: Span | None, path: str | None) -> str:
    if span is None:
        return "hlslc" if path is None else path
    line, col = span.line_col()
    return f"{span.file.path}:{line}:{col}"


def _snippet(span: Span) -> list[str]:
    """The source line and a caret line underlining the span on that line."""
    line, col = span.line_col()
    text = span.file.line_text(line)
    end_line, end_col = span.end_line_col()
    width = (end_col - col) if end_line == line and span.end > span.start else 1
    width = max(1, min(width, max(1, len(text) - col + 1)))
    # Keep columns aligned under tabs by reusing the line's own whitespace.
    prefix = "".join(ch if ch == "\t" else " " for ch in text[: col - 1])
    return [text, prefix + "^" + "~" * (width - 1)]


def _entries(diag: Diagnostic) -> Iterator[tuple[str, str, Span | None, str | None]]:
    """(severity word, message, span, path) for a diagnostic and its notes,
    including the 'expanded from macro' notes clang users expect."""
    span = diag.span
    message = diag.message
    if diag.id:
        message = f"{message} [{diag.id}]"
    yield diag.severity.value, message, span.user_span() if span else None, diag.path
    if span is not None and span.expanded_from is not None:
        origin = span.expanded_from
        while origin is not None:
            if origin.definition is not None:
                yield "note", f"expanded from macro '{origin.name}'", origin.definition, None
            origin = origin.invocation.expanded_from
    for note in diag.notes:
        # A note without a place of its own is printed bare, as clang does.
        yield "note", note.message, note.span.user_span() if note.span else None, ""


def render_text(diags: Iterable[Diagnostic], show_snippets: bool = True) -> str:
    """clang-style plain text: `path:line:col: error: message`, source, caret."""
    out: list[str] = []
    for diag in diags:
        for word, message, span, path in _entries(diag):
            where = _location(span, path)
            out.append(f"{where}: {word}: {message}" if where else f"{word}: {message}")
            if show_snippets and span is not None:
                out.extend(_snippet(span))
    return "\n".join(out) + ("\n" if out else "")


_STYLE = {"error": "bold red", "fatal error": "bold red", "warning": "bold magenta", "note": "bold cyan"}


def render_rich(diags: Iterable[Diagnostic], file, force_terminal: bool | None = None) -> None:
    """Coloured rendering on a terminal; `rich` is imported only here.

    `force_terminal=True` colours even when `file` is not a terminal (the
    CLI's `-fcolor-diagnostics`); None lets rich decide.
    """
    from rich.console import Console
    from rich.text import Text

    # Forced colour must not depend on TERM (CI often says "dumb"); the
    # styles used are all in the 16-colour set.
    console = Console(file=file, highlight=False, soft_wrap=True, force_terminal=force_terminal,
                      color_system="standard" if force_terminal else "auto",
                      no_color=False if force_terminal else None)
    for diag in diags:
        for word, message, span, path in _entries(diag):
            head = Text()
            where = _location(span, path)
            if where:
                head.append(f"{where}: ", style="bold")
            head.append(f"{word}: ", style=_STYLE.get(word, "bold"))
            head.append(message, style="bold")
            console.print(head)
            if span is not None:
                src, caret = _snippet(span)
                console.print(Text(src))
                console.print(Text(caret, style="bold green"))


def to_json_object(diag: Diagnostic) -> dict:
    def place(span: Span | None) -> dict:
        if span is None:
            return {"file": None, "line": None, "column": None, "end": None}
        span = span.user_span()
        line, col = span.line_col()
        end_line, end_col = span.end_line_col()
        return {"file": span.file.path, "line": line, "column": col,
                "end": {"line": end_line, "column": end_col}}

    obj = place(diag.span)
    if diag.span is None and diag.path:
        obj["file"] = diag.path
    obj.update({
        "severity": diag.severity.value,
        "id": diag.id,
        "message": diag.message,
        "notes": [dict(place(n.span), message=n.message) for n in diag.notes],
    })
    return obj


def render_json(diags: Iterable[Diagnostic]) -> str:
    """One JSON object per diagnostic, one per line (JSON Lines)."""
    import json  # only -fdiagnostics-format=json writes JSON (start-up time: 1 ms)
    return "".join(json.dumps(to_json_object(d)) + "\n" for d in diags)


def summary_line(diags: Diagnostics) -> str:
    parts = []
    if diags.warning_count:
        parts.append(f"{diags.warning_count} warning{'s' if diags.warning_count != 1 else ''}")
    if diags.error_count:
        parts.append(f"{diags.error_count} error{'s' if diags.error_count != 1 else ''}")
    return " and ".join(parts) + " generated." if parts else ""
