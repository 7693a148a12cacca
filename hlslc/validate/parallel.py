"""Printing and validating a large module in two processes.

Owns: cutting a module into two parts that each keep every line outside
function bodies (types, globals, declarations, metadata) and half of the
function bodies (every other one of a text; two runs of about as many
lines of the compiler's module: see `print_and_validate`) with the other
half's lines left blank, so line numbers stay those of the whole text,
validating one part in a forked child while this
process validates the other, and merging the findings.  Two forms: from IR
text (`validate_split`, for `hlslc validate`), and from the llvmlite module
the compiler just built (`print_and_validate`), where each process also
prints only its own half of the function bodies and the parent assembles
exactly `str(module)` from both.

When: the `hlslc` command (`ENABLED`, set by the command: a library
caller's process may have threads, which do not mix with fork), a module
with many defined functions, none of which calls another (hlslc inlines
user functions, so a library's exports are independent), on a machine with
more than one CPU, with `os.fork` and a single thread.  Every rule looks at one function at a time
except the PSV check's "listed but never used" half, which runs once the
entries of both parts are known.  Anything unexpected (no fork, a child
that fails) falls back to validating the whole text here: the split only
ever changes the time a compile takes.

Measured on the 10,692-line repeated-functions benchmark file (21,000 lines
of IR), printing and validating: 0.73 s in one process, 0.41 s in two.
"""

from __future__ import annotations

import os
import re
import sys
import time
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from ..diagnostics import Diagnostic
    from ..source import Span

# Below this many defined functions (or lines) a fork costs more than it saves.
MIN_FUNCTIONS = 32
MIN_LINES = 4000

_DEFINE_NAME = re.compile(r'define [^@]*@("[^"]*"|[-a-zA-Z$._0-9]+)')
_OWN_NAME = re.compile(r'(define [^@]*@)("[^"]*"|[-a-zA-Z$._0-9]+)')
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


# --------------------------------------------------------------------------
# Printing and validating an llvmlite module in two processes (the compiler)

def _printed_newlines(fn) -> int:
    """The newlines of `str(fn)` for a defined function: its `define` line,
    `{`, a label per block, an instruction per line, `}` and the final
    newline.  Checked against the real text before any finding is used."""
    return 3 + sum(1 + len(block.instructions) for block in fn.blocks)


def print_and_validate(module, path: str, uniformity: bool, revision: str,
                       locator: "Callable[[str, list], Callable[[int], Span | None]]",
                       printing: "list[float] | None" = None) \
        -> "tuple[str, list[Diagnostic]] | None":
    """The text of `module` (exactly `str(module)`) and the validator's
    findings on it, each process printing and validating every other
    function body; None when the module is not worth it or something does
    not add up (the caller prints and validates it in one process).
    `locator(text, functions)` maps the lines of a part to source spans.
    `printing`, when given, gets the seconds this process spent printing
    and the CPU seconds both processes did (for --time-report)."""
    if not _allowed():
        return None
    from llvmlite import ir   # never at start-up: `hlslc --version` imports this module

    defined = [fn for fn in module.functions if fn.blocks]
    if len(defined) < MIN_FUNCTIONS:
        return None
    predicted = {id(fn): _printed_newlines(fn) for fn in defined}
    if sum(predicted.values()) < MIN_LINES:
        return None
    names = {id(fn) for fn in defined}
    for fn in defined:
        for block in fn.blocks:
            for ins in block.instructions:
                if isinstance(ins, ir.CallInstr) and id(ins.callee) in names:
                    return None            # a function calls another: keep them together
    # Two runs of functions, not every other one, of about as many lines
    # each: the functions' objects were made in this order, so each process
    # then touches pages of its own (after the fork, every page both touch
    # is copied for each: interleaved halves cost 20,000 more page faults on
    # the 10,000-line benchmark file, a tenth of a second of CPU).
    total, running, cut = sum(predicted.values()), 0, len(defined)
    for index, fn in enumerate(defined):
        if running * 2 >= total:
            cut = index
            break
        running += predicted[id(fn)]
    cut = min(max(cut, 1), len(defined) - 1)      # neither half empty
    halves = (defined[:cut], defined[cut:])
    # The layout of Module.__str__: a header, the named types, every global
    # (functions included) and the metadata, joined by newlines.
    head = ['; ModuleID = "%s"' % (module.name,), 'target triple = "%s"' % (module.triple,),
            'target datalayout = "%s"' % (module.data_layout,), '']
    head += [it.get_declaration() for it in module.get_identified_types().values()]
    values = list(module.globals.values())
    meta = module._get_metadata_lines()

    # Entry points (named in metadata) have per-function attributes the
    # rules read (stage, thread group size): never taken as copies.
    in_metadata = {m.strip('"') for m in re.findall(r'@("[^"]*"|[-a-zA-Z$._0-9]+)', "\n".join(meta))}

    def part(mine: list, printed: "dict[int, str] | None" = None,
             dedupe: bool = True) -> tuple[str, dict[int, str]]:
        """This half's text (the other half's bodies blank).  With `dedupe`, a
        body identical to an earlier one of the half but for the function's
        name is blank too: every rule but the PSV check's module-wide half
        looks at one function at a time, and that half compares sets of
        matrix uses, which a copy does not change.  A part with findings is
        validated again whole, so each copy gets its own locations."""
        own = {id(fn) for fn in mine}
        printed = {} if printed is None else printed
        seen_bodies: set[str] = set()
        pieces = []
        start, cpu = time.perf_counter(), time.process_time()
        for value in values:
            key = id(value)
            if key in predicted and key not in own:
                pieces.append("\n" * predicted[key])       # the other half's function, left blank
                continue
            text = printed.get(key)
            if text is None:
                printed[key] = text = str(value)
            if dedupe and key in predicted and value.name not in in_metadata:
                first, _, body = text.partition("\n")
                shape = _OWN_NAME.sub(r"\1", first, count=1) + "\n" + body
                if shape in seen_bodies:
                    pieces.append("\n" * predicted[key])   # validated as its first copy
                    continue
                seen_bodies.add(shape)
            pieces.append(text)
        spent[0] += time.perf_counter() - start
        spent[1] += time.process_time() - cpu
        return "\n".join(head + pieces + meta), printed

    def checked(mine: list) -> tuple:
        text, printed = part(mine)
        found = _validated(text, path, uniformity, revision, locator(text, mine))
        if found[1]:
            text, printed = part(mine, printed, dedupe=False)
            found = _validated(text, path, uniformity, revision, locator(text, mine))
        return printed, found

    spent = [0.0, 0.0]      # printing: seconds, CPU seconds (of this process)

    def child() -> tuple:
        printed, (_, diags, entries, unknown) = checked(halves[1])
        return [printed[id(fn)] for fn in halves[1]], spent[1], diags, entries, unknown

    def parent() -> tuple:
        return checked(halves[0])

    both = _in_two(child, parent)
    if both is None:
        return None
    (printed, mine), (texts, child_printing, *theirs) = both
    printed.update(zip((id(fn) for fn in halves[1]), texts))
    if any(printed[id(fn)].count("\n") != predicted[id(fn)] for fn in defined):
        return None             # the part texts' line numbers were not those of the whole
    findings = _merged(mine, (None, *theirs))
    if findings is None:
        return None
    text = "\n".join(head + [printed[id(value)] for value in values] + meta)
    if printing is not None:
        printing[:] = [spent[0], spent[1] + child_printing]
    return text, findings
