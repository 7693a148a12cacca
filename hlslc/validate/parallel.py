"""Validating a large IR file in two processes (`hlslc validate`).

Owns: cutting a module's text into two parts that each keep every line
outside function bodies (types, globals, declarations, metadata) and every
other function body, with the other half's lines left blank, so line
numbers stay those of the whole text; validating one part in a forked
child while this process validates the other; and merging the findings.

When: the `hlslc validate` command (`ENABLED`, set by the `hlslc` command:
a library caller's process may have threads, which do not mix with fork),
a module with many defined functions, none of which calls another, on a
machine with more than one CPU, with `os.fork` and a single thread.  Every
rule looks at one function at a time except the PSV check's "listed but
never used" half, which runs once the entries of both parts are known.
Anything unexpected (no fork, a child that fails) falls back to validating
the whole text here: the split only ever changes the time it takes.

A compile validates its module in one process (`driver._validate`): the
split halves the wall time of validating but costs more CPU (the pages both
processes touch are copied), and a compile's CPU is what issue 28 measures.
"""

from __future__ import annotations

import os
import re
import sys
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Callable

if TYPE_CHECKING:
    from ..diagnostics import Diagnostic
    from ..source import Span

# Below this many defined functions (or lines) a fork costs more than it saves.
MIN_FUNCTIONS = 32
MIN_LINES = 4000

_DEFINE_NAME = re.compile(r'define [^@]*@("[^"]*"|[-a-zA-Z$._0-9]+)')
_CALLEE = re.compile(r'\bcall [^@]*@("[^"]*"|[-a-zA-Z$._0-9]+)\(')

# Set by the hlslc command for its own process; not in -j workers (the
# batch already keeps every CPU busy), not for library callers.
ENABLED = False


def _parts(text: str) -> tuple[str, str] | None:
    """The two part texts, or None when the module should not be split."""
    lines = text.split("\n")
    if len(lines) < MIN_LINES:
        return None
    ranges: list[tuple[int, int]] = []
    names: set[str] = set()
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        if line.startswith("define "):
            m = _DEFINE_NAME.match(line)
            end = i + 1
            while end < n and lines[end] != "}":
                end += 1
            if m is None or end >= n:
                return None
            names.add(m.group(1))
            ranges.append((i, end))
            i = end + 1
            continue
        i += 1
    if len(ranges) < MIN_FUNCTIONS:
        return None
    for start, end in ranges:
        for k in range(start + 1, end):
            if "call " in lines[k]:
                m = _CALLEE.search(lines[k])
                if m is not None and m.group(1) in names:
                    return None        # a function calls another: keep them together
    halves = (ranges[0::2], ranges[1::2])
    texts = []
    for keep_out in (halves[1], halves[0]):
        part = list(lines)
        for start, end in keep_out:
            for k in range(start, end + 1):
                part[k] = ""
        texts.append("\n".join(part))
    return texts[0], texts[1]


def _allowed() -> bool:
    if not ENABLED or not hasattr(os, "fork") or (os.cpu_count() or 1) < 2:
        return False
    # Without the threading module no thread was started through it (and
    # importing it only to ask costs start-up time).
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


def _in_two(child: "Callable[[], object]", parent: "Callable[[], object]") -> "tuple[object, object] | None":
    """Run `child` in a forked process and `parent` here, at once: both
    results, or None when the child failed (its result is pickled back)."""
    import pickle

    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        status = 0
        try:
            os.close(read_fd)
            payload = pickle.dumps(child(), protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(write_fd, "wb") as out:
                out.write(payload)
        except BaseException:                        # noqa: BLE001 - the parent falls back
            status = 1
        os._exit(status)
    os.close(write_fd)
    try:
        mine = parent()
    finally:
        with os.fdopen(read_fd, "rb") as incoming:
            payload = incoming.read()
        _, wait_status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(wait_status) != 0:
        return None
    try:
        return mine, pickle.loads(payload)
    except Exception:                                # noqa: BLE001 - one process instead
        return None


def _validated(text: str, path: str, uniformity: bool, revision: str,
               locate: "Callable[[int], Span | None] | None") -> tuple:
    """One part's (validator, findings, PSV entries, some call not understood)."""
    # Late: `hlslc` imports this module at start-up to set ENABLED; the
    # rules and the operation table load when a part is validated.
    from .core import validate_part

    validator, diags = validate_part(text, path, uniformity, revision, locate, part=True)
    entries, unknown = validator.psv_entries() if validator is not None else ([], True)
    return validator, diags, entries, unknown


def _merged(mine: tuple, theirs: tuple) -> "list[Diagnostic] | None":
    """Both parts' findings, module-wide ones once, then the PSV check's
    module-wide half on the entries of both."""
    validator, diags, _, _ = mine
    _, child_diags, entries, unknown = theirs
    if validator is None:
        return None
    merged: list = []
    seen: set = set()
    for diag in [*diags, *child_diags]:
        key = (diag.id, diag.message, diag.severity, _where(diag))
        if key not in seen:
            seen.add(key)
            merged.append(diag)
    before = len(validator.diags)
    validator.check_psv(others=entries, others_unknown=unknown, check_calls=False)
    merged.extend(validator.diags[before:])
    return merged


def validate_split(text: str, path: str, uniformity: bool, revision: str,
                   locate: "Callable[[int], Span | None] | None") -> "list[Diagnostic] | None":
    """The findings on `text`, validated in two processes; None when the
    module is not worth splitting or cannot be (the caller validates it)."""
    if not _allowed():
        return None
    parts = _parts(text)
    if parts is None:
        return None

    def child() -> tuple:
        return (None, *_validated(parts[1], path, uniformity, revision, locate)[1:])

    both = _in_two(child, lambda: _validated(parts[0], path, uniformity, revision, locate))
    return _merged(*both) if both is not None else None


def _where(diag: "Diagnostic") -> tuple:
    span = diag.span
    return (span.file.path, span.start, span.end) if span is not None else ()
