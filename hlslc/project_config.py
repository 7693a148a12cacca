"""Project configuration: the options of a project's shaders, read from
`hlslc.toml` or the `[tool.hlslc]` table of `pyproject.toml`.

Owns: finding the file (`hlslc --project-config` looks in the current
directory: `hlslc.toml` first, then `pyproject.toml` when it has a
`[tool.hlslc]` table; `--project-config=FILE` names one), checking every
key, and turning the table into command-line options that go before the
command line's own (so a `-T` on the command line wins over `profile`,
and `-I`/`-D` add to the configured ones).  A mistake in the file is a
located diagnostic (`hlslc.toml:3:12: error: ...` with the line and a
caret), never a traceback.

Keys (all optional):

    include_dirs = ["include"]          # -I, relative to the file's folder
    defines = ["TILE=16", "DEBUG"]      # -D; or a table: { TILE = 16, DEBUG = true }
    undefines = ["NDEBUG"]              # -U
    profile = "cs_6_10"                 # -T
    entry = "main"                      # -E
    hlsl_version = 2021                 # -HV (2016, 2017, 2018, 2021 or "202x")
    enable_16bit_types = true           # -enable-16bit-types
    linalg_revision = "sm6.10"          # --linalg-revision
    warnings_as_errors = true           # -Werror
    args = ["-Zpr", "-Wno-error=uniformity"]   # any other options, as written on a command line

Does not own: the options' meaning (`cli` parses the options this module
produces, exactly as if they had been typed).
"""

from __future__ import annotations

import os
import re
import tomllib
from typing import Any, Callable

from . import driver
from .diagnostics import Diagnostic, Severity
from .options import COMPATIBLE_VALUED, VALUED, UsageError, compile_options, parse_arguments
from .source import SourceFile, Span

CONFIG_FILE = "hlslc.toml"
PYPROJECT_FILE = "pyproject.toml"
PYPROJECT_TABLE = ("tool", "hlslc")


class ProjectConfigError(Exception):
    """A configuration file hlslc cannot use; `diagnostic` says where and why."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class ProjectConfig:
    """A configuration that was read: its file and the options it stands for."""

    __slots__ = ("path", "options")

    def __init__(self, path: str, options: list[str]) -> None:
        self.path = path
        self.options = options

    def __repr__(self) -> str:
        return f"ProjectConfig({self.path!r}, {self.options!r})"

    def compile_options(self) -> driver.CompileOptions:
        """The configuration as the library's `CompileOptions` (what the
        command line would compile with, given only these options)."""
        try:
            return compile_options(parse_arguments(list(self.options)))
        except (UsageError, driver.ProfileError) as exc:
            raise ProjectConfigError(Diagnostic(Severity.ERROR, str(exc), path=self.path)) from None


def find_project_config(directory: str = ".") -> str | None:
    """The configuration file of `directory`: `hlslc.toml`, else a
    `pyproject.toml` with a `[tool.hlslc]` table, else None."""
    own = os.path.join(directory, CONFIG_FILE)
    if os.path.isfile(own):
        return own
    pyproject = os.path.join(directory, PYPROJECT_FILE)
    if os.path.isfile(pyproject):
        try:
            with open(pyproject, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, UnicodeDecodeError):
            return pyproject     # load_project_config reports why it cannot be read
        # A quick look before parsing: most pyproject.toml files have no
        # hlslc table, and a broken one that never names hlslc is not
        # hlslc's business.
        if "hlslc" in text:
            data = _parse_quietly(text)
            if data is None or isinstance(data.get("tool"), dict) and "hlslc" in data["tool"]:
                return pyproject
    return None


def _parse_quietly(text: str) -> dict | None:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None


def load_project_config(path: str) -> ProjectConfig:
    """Read and check `path` (an `hlslc.toml`, or a `pyproject.toml` whose
    `[tool.hlslc]` table is used); raise `ProjectConfigError`."""

    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise ProjectConfigError(Diagnostic(Severity.ERROR, f"cannot read project configuration: "
                                            f"{(exc.strerror or str(exc)).lower()}", path=path)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ProjectConfigError(Diagnostic(Severity.ERROR, "project configuration is not valid UTF-8",
                                            path=path)) from None
    source = SourceFile(path, text)
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProjectConfigError(_decode_error(source, str(exc))) from None
    in_pyproject = os.path.basename(path) == PYPROJECT_FILE
    prefix: tuple[str, ...] = PYPROJECT_TABLE if in_pyproject else ()
    table: Any = document
    for key in prefix:
        table = table.get(key) if isinstance(table, dict) else None
    locator = _KeyLocator(source)
    if table is None:
        raise ProjectConfigError(Diagnostic(Severity.ERROR, "pyproject.toml has no [tool.hlslc] table", path=path))
    if not isinstance(table, dict):
        raise ProjectConfigError(locator.error(prefix, "[tool.hlslc] must be a table"))
    reader = _TableReader(table, prefix, locator, os.path.dirname(path))
    return ProjectConfig(path, reader.options())


def _decode_error(source: SourceFile, message: str) -> Diagnostic:
    """tomllib's message ('Invalid value (at line 3, column 5)') as a
    located diagnostic."""
    m = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
    text = message[:m.start()] if m else re.sub(r"\s*\(at end of document\)$", "", message)
    text = text[:1].lower() + text[1:]
    if m:
        line, column = int(m.group(1)), int(m.group(2))
        starts = source.line_starts
        offset = starts[min(line, len(starts)) - 1] + column - 1
    else:
        offset = len(source.text)
    offset = min(offset, len(source.text))
    return Diagnostic(Severity.ERROR, f"invalid TOML: {text}", Span(source, offset, offset))


# --------------------------------------------------------------------------
# Checking the keys

_KEYS = ("include_dirs", "defines", "undefines", "profile", "entry", "hlsl_version", "enable_16bit_types",
         "linalg_revision", "warnings_as_errors", "args")


class _TableReader:
    def __init__(self, table: dict, prefix: tuple[str, ...], locator: "_KeyLocator", base: str) -> None:
        self.table = table
        self.prefix = prefix
        self.locator = locator
        self.base = base

    def error(self, key: tuple[str, ...], message: str, index: int | None = None,
              at_key: bool = False) -> ProjectConfigError:
        return ProjectConfigError(self.locator.error(self.prefix + key, message, index, at_key))

    def options(self) -> list[str]:
        import difflib


        for key in self.table:
            if key not in _KEYS:
                guess = difflib.get_close_matches(key, _KEYS, n=1, cutoff=0.6)
                hint = f"; did you mean '{guess[0]}'?" if guess else f" (known keys: {', '.join(_KEYS)})"
                raise self.error((key,), f"unknown key '{key}'{hint}", at_key=True)
        out: list[str] = []
        for i, directory in enumerate(self.strings("include_dirs")):
            if not directory:
                raise self.error(("include_dirs",), "an include directory cannot be empty", i)
            relative = self.base and not os.path.isabs(directory)
            out += ["-I", os.path.join(self.base, directory) if relative else directory]
        for name, value in self.defines():
            out += ["-D", name if value is None else f"{name}={value}"]
        for i, name in enumerate(self.strings("undefines")):
            self.check_macro_name(("undefines",), name, i, driver.is_macro_name)
            out += ["-U", name]
        profile = self.string("profile")
        if profile is not None:
            if profile not in driver.VALID_PROFILES:
                raise self.error(("profile",), driver.profile_error(profile))
            out += ["-T", profile]
        entry = self.string("entry")
        if entry is not None:
            if not entry:
                raise self.error(("entry",), "the entry point name cannot be empty")
            out += ["-E", entry]
        if "hlsl_version" in self.table:
            version = self.table["hlsl_version"]
            if isinstance(version, bool) or not isinstance(version, (int, str)) \
                    or str(version) not in driver.HLSL_VERSIONS:
                raise self.error(("hlsl_version",), f"'hlsl_version' must be one of "
                                 f"{', '.join(driver.HLSL_VERSIONS)}, not {_shown(version)}")
            out += ["-HV", str(version)]
        if self.boolean("enable_16bit_types"):
            out.append("-enable-16bit-types")
        revision = self.string("linalg_revision")
        if revision is not None:
            if revision not in driver.LINALG_REVISIONS:
                raise self.error(("linalg_revision",), "'linalg_revision' must be "
                                 + " or ".join(f"'{r}'" for r in driver.LINALG_REVISIONS) + f", not '{revision}'")
            out.append(f"--linalg-revision={revision}")
        if self.boolean("warnings_as_errors"):
            out.append("-Werror")
        out += self.extra_args()
        return out

    def strings(self, key: str) -> list[str]:
        value = self.table.get(key, [])
        if not isinstance(value, list):
            raise self.error((key,), f"'{key}' must be a list of strings, not {_shown(value)}")
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise self.error((key,), f"'{key}' must be a list of strings, but item {i + 1} is {_shown(item)}", i)
        return value

    def string(self, key: str) -> str | None:
        value = self.table.get(key)
        if value is not None and not isinstance(value, str):
            raise self.error((key,), f"'{key}' must be a string, not {_shown(value)}")
        return value

    def boolean(self, key: str) -> bool:
        value = self.table.get(key, False)
        if not isinstance(value, bool):
            raise self.error((key,), f"'{key}' must be true or false, not {_shown(value)}")
        return value

    def check_macro_name(self, key: tuple[str, ...], name: str, index: int | None,
                         is_macro_name: Callable[[str], bool], at_key: bool = False) -> None:
        if not is_macro_name(name):
            raise self.error(key, f"'{name}' is not a valid macro name", index, at_key)

    def defines(self) -> list[tuple[str, str | None]]:

        value = self.table.get("defines", [])
        found: list[tuple[str, str | None]] = []
        if isinstance(value, dict):
            # { NAME = "text" | 16 | true | false }: false leaves NAME undefined.
            for name, definition in value.items():
                key = ("defines", name)
                self.check_macro_name(key, name, None, driver.is_macro_name, at_key=True)
                if isinstance(definition, bool):
                    if definition:
                        found.append((name, None))
                elif isinstance(definition, (int, str)):
                    found.append((name, str(definition)))
                else:
                    raise self.error(key, f"the value of macro '{name}' must be a string, an integer, true or "
                                     f"false, not {_shown(definition)}")
            return found
        if not isinstance(value, list):
            raise self.error(("defines",), f"'defines' must be a list of \"NAME=VALUE\" strings or a table, not "
                             f"{_shown(value)}")
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise self.error(("defines",), f"'defines' must hold \"NAME=VALUE\" strings, but item {i + 1} is "
                                 f"{_shown(item)}", i)
            name, eq, definition = item.partition("=")
            self.check_macro_name(("defines",), name, i, driver.is_macro_name)
            found.append((name, definition if eq else None))
        return found

    def extra_args(self) -> list[str]:

        args = self.strings("args")
        for i, arg in enumerate(args):
            if arg == "--" or not arg.startswith("-") or arg == "-":
                # A value of the option before it is fine ("-I", "inc").
                if i and _takes_value(args[i - 1]):
                    continue
                raise self.error(("args",), f"'args' holds options only; '{arg}' is not one (name the files to "
                                 f"compile on the command line)", i)
            if arg.partition("=")[0] == "--project-config":
                raise self.error(("args",), "'--project-config' cannot be used inside a project configuration", i)
        try:
            parse_arguments(args)
        except UsageError as exc:
            raise self.error(("args",), f"in 'args': {exc}") from None
        return list(args)


def _takes_value(option: str) -> bool:
    return option in VALUED or option in COMPATIBLE_VALUED


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the string '{value}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return f"{type(value).__name__} {value!r}" if not isinstance(value, (int, float)) else f"the number {value}"


# --------------------------------------------------------------------------
# Where a key is written

_HEADER = re.compile(r"\s*(\[\[?\s*([^\]]*?)\s*\]\]?)")
_ASSIGNMENT = re.compile(r"\s*((?:[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*'))*)"
                         r"\s*=\s*")


def _split_key(text: str) -> tuple[str, ...]:
    parts = re.findall(r"[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*'", text)
    return tuple(p[1:-1] if p[:1] in "\"'" else p for p in parts)


class _KeyLocator:
    """Finds where a key (a path of names from the document's root) is
    assigned, line by line: table headers and `key = value` lines.  What
    it cannot find (a key inside an inline table) is placed at the
    nearest enclosing key it can, or at the file alone."""

    def __init__(self, source: SourceFile) -> None:
        self.source = source
        self.keys: dict[tuple[str, ...], tuple[int, int, int]] = {}   # path -> (key start, key end, value start)
        table: tuple[str, ...] = ()
        offset = 0
        for line in source.text.splitlines(keepends=True):
            header = _HEADER.match(line)
            if header:          # no key starts with '[': a [table] or [[array]] header
                table = _split_key(header.group(2))
                self.keys.setdefault(table, (offset + header.start(1), offset + header.end(1), offset + header.end(1)))
            else:
                m = _ASSIGNMENT.match(line)
                if m:
                    path = table + _split_key(m.group(1))
                    self.keys.setdefault(path, (offset + m.start(1), offset + m.end(1), offset + m.end()))
            offset += len(line)

    def error(self, path: tuple[str, ...], message: str, index: int | None = None,
              at_key: bool = False) -> Diagnostic:
        """The diagnostic at the value of `path` (at element `index` of an
        array value; at the key itself with `at_key`)."""
        for length in range(len(path), 0, -1):
            place = self.keys.get(path[:length])
            if place is None:
                continue
            key_start, key_end, value_start = place
            span = Span(self.source, key_start, key_end)
            if length == len(path) and not at_key:
                element = _array_element(self.source.text, value_start, index) if index is not None else None
                if element is not None:
                    span = Span(self.source, *element)
                elif index is None:
                    end = _value_end(self.source.text, value_start)
                    if end > value_start:
                        span = Span(self.source, value_start, end)
            return Diagnostic(Severity.ERROR, message, span)
        return Diagnostic(Severity.ERROR, message, path=self.source.path)


def _value_end(text: str, start: int) -> int:
    """The end of the one-line value at `start` (without a comment)."""
    end = _skip_value(text, start)
    return end if end is not None else start


def _array_element(text: str, start: int, index: int) -> tuple[int, int] | None:
    """The span of element `index` of the array literal at `start`."""
    if text[start:start + 1] != "[":
        return None
    i = start + 1
    count = 0
    while True:
        i = _skip_blank(text, i)
        if i >= len(text) or text[i] == "]":
            return None
        end = _skip_value(text, i)
        if end is None:
            return None
        if count == index:
            return i, end
        count += 1
        i = _skip_blank(text, end)
        if i < len(text) and text[i] == ",":
            i += 1
        else:
            return None


def _skip_blank(text: str, i: int) -> int:
    while i < len(text):
        if text[i] in " \t\r\n":
            i += 1
        elif text[i] == "#":
            newline = text.find("\n", i)
            i = len(text) if newline < 0 else newline + 1
        else:
            break
    return i


def _skip_value(text: str, i: int) -> int | None:
    """The end of the TOML value starting at `i`, or None."""
    if i >= len(text):
        return None
    ch = text[i]
    for quote in ('"""', "'''"):
        if text.startswith(quote, i):
            end = text.find(quote, i + 3)
            return None if end < 0 else end + 3
    if ch == '"':
        j = i + 1
        while j < len(text) and text[j] not in '"\n':
            j += 2 if text[j] == "\\" else 1
        return j + 1 if j < len(text) and text[j] == '"' else None
    if ch == "'":
        end = text.find("'", i + 1)
        return None if end < 0 else end + 1
    if ch in "[{":
        close = "]" if ch == "[" else "}"
        j = i + 1
        while True:
            j = _skip_blank(text, j)
            if j >= len(text):
                return None
            if text[j] == close:
                return j + 1
            if text[j] == ",":
                j += 1
                continue
            if ch == "{":
                m = _ASSIGNMENT.match(text, j)
                if m is None:
                    return None
                j = m.end()
            end = _skip_value(text, j)
            if end is None:
                return None
            j = end
    j = i
    while j < len(text) and text[j] not in ",]}#\r\n":
        j += 1
    while j > i and text[j - 1] in " \t":
        j -= 1
    return j if j > i else None
