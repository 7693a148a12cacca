"""SARIF 2.1.0: the diagnostics of a whole invocation as one log.

Owns: turning diagnostics into SARIF `result` objects (rule ID, level,
message, one physical location, related locations for notes and macro
expansions), the `tool.driver` descriptor that lists every rule of
`hlslc.spec.rules` with its texts, and the log around them.  `sarif_log` is
the library entry point (`hlslc.sarif_log`); the `hlslc` and `hlslc
validate` commands build the same log from the same functions.

Positions: lines and columns are 1-based; columns count UTF-16 code units,
the unit SARIF consumers assume (`run.columnKind` says so), so a line with
characters outside the Basic Multilingual Plane counts them twice.
`endColumn` is one past the last character: an empty span (where a
missing ';' goes) has `endColumn == startColumn`.  A diagnostic inside a
macro expansion is placed where the user wrote the macro, with the
definitions as related locations, as the text output does.

Paths: a file under the base directory (the current directory unless
given) is a relative URI reference with forward slashes and the
`uriBaseId` "%SRCROOT%", which `run.originalUriBaseIds` maps to the base
directory; a file elsewhere is an absolute `file:` URI; a name that is
not a file (`<stdin>`, `<command line>`) is a percent-encoded relative
reference without a base.

Does not own: where the log is written (`cli`, `validate.command`), the
rule texts (`rules`) or the diagnostics themselves (`diagnostics`).
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Iterable, Union
from urllib.parse import quote

from ._version import __version__
from .diagnostics import Diagnostic, Diagnostics, Severity
from .driver import CompileResult
from .spec.rules import RULES

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from .source import Span

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SOURCE_ROOT = "%SRCROOT%"

_LEVELS = {Severity.ERROR: "error", Severity.FATAL: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}

# What `sarif_log` takes: compile results, diagnostics, or collections of
# diagnostics (a `Diagnostics` sink, the list `hlslc.validate` returns).
SarifInput = Union["CompileResult", Diagnostic, Iterable[Diagnostic]]


def sarif_log(results: "SarifInput | Iterable[SarifInput]",
              base_dir: "str | os.PathLike[str] | None" = None) -> dict[str, Any]:
    """The SARIF 2.1.0 log (a JSON-ready dict) of the diagnostics of
    `results`, with one run whose tool descriptor lists every hlslc rule.

    `results` is a `CompileResult` (from `hlslc.compile_file` or
    `hlslc.compile_source`), a `Diagnostic`, a collection of diagnostics
    (the list `hlslc.validate` returns), or an iterable of any of these;
    their diagnostics become the run's results in that order.  File
    locations are relative to `base_dir` (default: the current directory)
    when the file lies under it, absolute `file:` URIs otherwise.  The
    dict holds only strings, numbers, lists and dicts: `json.dumps(log)`
    writes it.

    >>> import hlslc, json
    >>> result = hlslc.compile_source("int x = ;", "bad.hlsl")
    >>> log = hlslc.sarif_log(result)
    >>> log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"]
    1
    """
    base = _base_dir(base_dir)
    found: list[dict[str, Any]] = []
    for diags in _diagnostic_groups(results):
        found.extend(results_of(diags, base))
    return build_log(found, base)


def _diagnostic_groups(results: Any) -> Iterable[Iterable[Diagnostic]]:
    if isinstance(results, (CompileResult, Diagnostic, Diagnostics)):
        results = [results]
    for item in results:
        if isinstance(item, CompileResult):
            yield item.diagnostics
        elif isinstance(item, Diagnostic):
            yield [item]
        else:
            group = list(item)
            bad = next((d for d in group if not isinstance(d, Diagnostic)), None)
            if bad is not None:
                raise TypeError(f"sarif_log takes CompileResult and Diagnostic values, not {type(bad).__name__}")
            yield group


def _base_dir(base_dir: "str | os.PathLike[str] | None") -> str:
    return os.path.abspath(os.fspath(base_dir)) if base_dir is not None else os.getcwd()


# --------------------------------------------------------------------------
# Results

def results_of(diags: Iterable[Diagnostic], base_dir: str | None = None) -> list[dict[str, Any]]:
    """One SARIF `result` per diagnostic, in order.  Spans are resolved
    now: the dicts outlive the source buffers (a `-j` worker sends them
    to the parent process)."""
    base = _base_dir(base_dir)
    return [_result(diag, base) for diag in diags]


def internal_error_result(exc: BaseException, path: str | None, base_dir: str | None = None,
                          traceback_text: str | None = None) -> dict[str, Any]:
    """The result for an internal compiler error (a bug in hlslc) met while
    handling `path` (None: not while compiling a file): level error, no
    rule, the exception in the message.  `traceback_text` (HLSLC_TRACEBACK=1)
    goes into the result's property bag."""
    message = str(exc)
    text = (f"internal compiler error: {type(exc).__name__}{': ' + message if message else ''}; this is a bug "
            f"in hlslc: please report it with the input and the command line")
    result: dict[str, Any] = {"level": "error", "message": {"text": text}}
    if path is not None:
        name = "<stdin>" if path == "-" else path
        result["locations"] = [{"physicalLocation": {"artifactLocation": artifact_location(name, _base_dir(base_dir))}}]
    if traceback_text:
        result["properties"] = {"traceback": traceback_text}
    return result


def _result(diag: Diagnostic, base: str) -> dict[str, Any]:
    result: dict[str, Any] = {}
    if diag.id:
        result["ruleId"] = diag.id
        index = _rule_index().get(diag.id)
        if index is not None:
            result["ruleIndex"] = index
    result["level"] = _LEVELS[diag.severity]
    result["message"] = {"text": diag.message}
    location = _primary_location(diag, base)
    if location is not None:
        result["locations"] = [location]
    related = []
    for message, span in _related(diag):
        entry: dict[str, Any] = {"id": len(related)}
        if span is not None:
            entry["physicalLocation"] = _physical_location(span, base)
        entry["message"] = {"text": message}
        related.append(entry)
    if related:
        result["relatedLocations"] = related
    return result


def _primary_location(diag: Diagnostic, base: str) -> dict[str, Any] | None:
    if diag.span is not None:
        return {"physicalLocation": _physical_location(diag.span.user_span(), base)}
    if diag.path is None:
        return None
    physical: dict[str, Any] = {"artifactLocation": artifact_location(diag.path, base)}
    if diag.line is not None:
        physical["region"] = {"startLine": diag.line}
    return {"physicalLocation": physical}


def _related(diag: Diagnostic) -> Iterable[tuple[str, "Span | None"]]:
    """(message, span) of the macro definitions a diagnostic was expanded
    from and of its notes, in the order the text output prints them."""
    span = diag.span
    if span is not None:
        origin = span.expanded_from
        while origin is not None:
            if origin.definition is not None:
                yield f"expanded from macro '{origin.name}'", origin.definition
            origin = origin.invocation.expanded_from
    for note in diag.notes:
        yield note.message, note.span.user_span() if note.span is not None else None


def _physical_location(span: "Span", base: str) -> dict[str, Any]:
    return {"artifactLocation": artifact_location(span.file.path, base), "region": region(span)}


def region(span: "Span") -> dict[str, int]:
    """The SARIF region of a span: 1-based lines, UTF-16 columns, the end
    one past the last character."""
    file = span.file
    start, end = span.start, max(span.start, span.end)
    start_line, _ = file.line_col(start)
    end_line, _ = file.line_col(end)
    return {"startLine": start_line, "startColumn": _utf16_column(span, start_line, start),
            "endLine": end_line, "endColumn": _utf16_column(span, end_line, end)}


def _utf16_column(span: "Span", line: int, offset: int) -> int:
    file = span.file
    prefix = file.text[file.line_starts[line - 1]:offset]
    if prefix.isascii():
        return len(prefix) + 1
    return len(prefix.encode("utf-16-le")) // 2 + 1


def artifact_location(path: str, base_dir: str) -> dict[str, str]:
    """The `artifactLocation` of `path`: relative to `base_dir` when the file
    lies under it, an absolute `file:` URI otherwise, the percent-encoded
    name for what is not a file (`<stdin>`)."""
    if path.startswith("<") and path.endswith(">"):
        return {"uri": quote(path, safe="")}
    absolute = os.path.abspath(path)
    try:
        relative = os.path.relpath(absolute, base_dir)
    except ValueError:           # another drive (Windows)
        relative = None
    if relative is None or relative == os.pardir or relative.startswith(os.pardir + os.sep) \
            or os.path.isabs(relative):
        return {"uri": _file_uri(absolute)}
    return {"uri": quote(relative.replace(os.sep, "/"), safe="/"), "uriBaseId": SOURCE_ROOT}


def _file_uri(absolute: str, directory: bool = False) -> str:
    from pathlib import Path
    uri = Path(absolute).as_uri()
    return uri + "/" if directory and not uri.endswith("/") else uri


# --------------------------------------------------------------------------
# The tool and the log

_RULE_INDEX: dict[str, int] | None = None
_TOOL: dict[str, Any] | None = None

# Tags that group the rules in a code-scanning interface, by ID prefix.
_FAMILY_TAGS = {"LINALG-": "dx-linalg", "WAVEMATRIX-": "wave-matrix", "IR-": "dxil", "PORTABILITY-": "portability"}


def _rule_index() -> dict[str, int]:
    global _RULE_INDEX
    if _RULE_INDEX is None:
        _RULE_INDEX = {rule_id: index for index, rule_id in enumerate(RULES)}
    return _RULE_INDEX


def tool_descriptor() -> dict[str, Any]:
    """`run.tool`: hlslc, its version and every rule of `hlslc.spec.rules`, in the
    registry's order (a result's `ruleIndex` points into it)."""
    global _TOOL
    if _TOOL is None:
        rules = []
        for rule in RULES.values():
            family = next(tag for prefix, tag in _FAMILY_TAGS.items() if rule.id.startswith(prefix))
            rules.append({
                "id": rule.id,
                "shortDescription": {"text": rule.title[:1].upper() + rule.title[1:] + "."},
                "fullDescription": {"text": rule.description},
                "help": {"text": f"{rule.help}\n\nSpecification: {rule.spec}."},
                "defaultConfiguration": {"level": rule.severity},
                "properties": {"tags": ["hlsl", family], "specification": rule.spec,
                               "checkedIn": list(rule.checked_in)},
            })
        _TOOL = {"driver": {"name": "hlslc", "version": __version__, "rules": rules}}
    return json.loads(json.dumps(_TOOL))     # a copy the caller may change


def build_log(results: list[dict[str, Any]], base_dir: str | None = None, exit_code: int | None = None,
              properties: dict[str, Any] | None = None) -> dict[str, Any]:
    """The log of one run holding `results`.  `exit_code` (the command's)
    adds an `invocations` entry, which is unsuccessful for an internal
    error (status 3); `properties` is the run's property bag."""
    base = _base_dir(base_dir)
    run: dict[str, Any] = {"tool": tool_descriptor()}
    if exit_code is not None:
        run["invocations"] = [{"executionSuccessful": exit_code in (0, 1), "exitCode": exit_code}]
    run["originalUriBaseIds"] = {SOURCE_ROOT: {"uri": _file_uri(base, directory=True)}}
    run["columnKind"] = "utf16CodeUnits"
    run["results"] = results
    if properties:
        run["properties"] = properties
    return {"$schema": SARIF_SCHEMA_URI, "version": SARIF_VERSION, "runs": [run]}


def dump_log(log: dict[str, Any]) -> str:
    """The log as the commands write it: indented JSON and a final newline."""
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"
