"""Tests of hlslc.verify on hand-made files and diagnostics (no compile)."""

from __future__ import annotations

from hlslc.diagnostics import Diagnostic, Note, Severity
from hlslc.source import SourceFile, Span
from hlslc.verify import read_expectations, verify_diagnostics

MAIN = """\
int a;              // expected-error {{first}}
// expected-warning@+1 {{second}}
int b;
int c;              // expected-note@-1 {{third}}
// expected-error@7 {{fourth}}
/* expected-error@other.h:2 {{fifth}} */
int d;
int e;              // expected-error 2 {{twice}}
int f;              // expected-error@* {{anywhere}}
"""

OTHER = "// header\nint x;\n"


def _files() -> dict[str, SourceFile]:
    return {"main.hlsl": SourceFile("main.hlsl", MAIN), "dir/other.h": SourceFile("dir/other.h", OTHER)}


def _at(files: dict[str, SourceFile], path: str, line: int) -> Span:
    source = files[path]
    start = source.line_starts[line - 1]
    return Span(source, start, start + 1)


def _diag(files, severity, path, line, message, notes=()):
    return Diagnostic(severity, message, _at(files, path, line),
                      notes=[Note(text, _at(files, where, at)) for where, at, text in notes])


def _matching_diagnostics(files):
    return [
        _diag(files, Severity.ERROR, "main.hlsl", 1, "the first problem"),
        _diag(files, Severity.WARNING, "main.hlsl", 3, "a second problem",
              notes=[("main.hlsl", 3, "third: a note")]),
        _diag(files, Severity.FATAL, "main.hlsl", 7, "fourth, fatal"),
        _diag(files, Severity.ERROR, "dir/other.h", 2, "fifth in a header"),
        _diag(files, Severity.ERROR, "main.hlsl", 8, "twice (1)"),
        _diag(files, Severity.ERROR, "main.hlsl", 8, "twice (2)"),
        _diag(files, Severity.ERROR, "main.hlsl", 2, "anywhere at all"),
    ]


def test_reads_every_selector():
    expectations, no_diag, malformed = read_expectations(_files())
    assert not no_diag and not malformed
    got = [(e.kind, e.path, e.line, e.count, e.text) for e in expectations]
    assert got == [
        ("error", "main.hlsl", 1, 1, "first"),
        ("warning", "main.hlsl", 3, 1, "second"),
        ("note", "main.hlsl", 3, 1, "third"),
        ("error", "main.hlsl", 7, 1, "fourth"),
        ("error", "dir/other.h", 2, 1, "fifth"),
        ("error", "main.hlsl", 8, 2, "twice"),
        ("error", "main.hlsl", None, 1, "anywhere"),
    ]


def test_all_matched():
    files = _files()
    report = verify_diagnostics(files, _matching_diagnostics(files))
    assert report.ok, report.render()
    assert report.render() == ""


def test_missing_and_unexpected_are_reported():
    files = _files()
    diags = _matching_diagnostics(files)
    del diags[0]                                     # 'first' never reported
    diags[-2].message = "something else"              # one of 'twice' is wrong
    diags.append(_diag(files, Severity.WARNING, "main.hlsl", 4, "surprise"))
    report = verify_diagnostics(files, diags)
    assert not report.ok
    assert report.render() == (
        "error: 'expected-error' diagnostics expected but not seen:\n"
        "  main.hlsl:1: first\n"
        "  main.hlsl:8: twice (expected 2 times, seen 1)\n"
        "error: 'expected-error' diagnostics seen but not expected:\n"
        "  main.hlsl:8: something else\n"
        "error: 'expected-warning' diagnostics seen but not expected:\n"
        "  main.hlsl:4: surprise\n"
        "3 errors generated.\n")


def test_severity_must_agree():
    files = {"a.hlsl": SourceFile("a.hlsl", "int a; // expected-warning {{oops}}\n")}
    report = verify_diagnostics(files, [_diag(files, Severity.ERROR, "a.hlsl", 1, "oops")])
    assert not report.ok
    assert "'expected-warning' diagnostics expected but not seen" in report.render()
    assert "'expected-error' diagnostics seen but not expected" in report.render()


def test_line_must_agree():
    files = {"a.hlsl": SourceFile("a.hlsl", "int a; // expected-error {{oops}}\nint b;\n")}
    report = verify_diagnostics(files, [_diag(files, Severity.ERROR, "a.hlsl", 2, "oops")])
    assert not report.ok


def test_extra_occurrence_is_unexpected():
    files = {"a.hlsl": SourceFile("a.hlsl", "int a; // expected-error {{oops}}\n")}
    d = _diag(files, Severity.ERROR, "a.hlsl", 1, "oops")
    report = verify_diagnostics(files, [d, _diag(files, Severity.ERROR, "a.hlsl", 1, "oops")])
    assert not report.ok and len(report.unexpected) == 1


def test_no_diagnostics():
    files = {"a.hlsl": SourceFile("a.hlsl", "// expected-no-diagnostics\nint a;\n")}
    assert verify_diagnostics(files, []).ok
    report = verify_diagnostics(files, [_diag(files, Severity.WARNING, "a.hlsl", 2, "hm")])
    assert not report.ok
    assert "'expected-warning' diagnostics seen but not expected" in report.render()


def test_no_directives_at_all_is_an_error():
    files = {"a.hlsl": SourceFile("a.hlsl", "int a;\n")}
    report = verify_diagnostics(files, [])
    assert not report.ok
    assert "no 'expected-' directives found" in report.render()


def test_no_diagnostics_with_other_directives_is_an_error():
    files = {"a.hlsl": SourceFile("a.hlsl", "// expected-no-diagnostics\nint a; // expected-error {{x}}\n")}
    report = verify_diagnostics(files, [_diag(files, Severity.ERROR, "a.hlsl", 2, "x")])
    assert "cannot be combined" in report.render()


def test_malformed_directives():
    text = ("int a; // expected-error missing braces\n"
            "int b; // expected-error {{unterminated\n"
            "int c; // expected-error@nope.h:1 {{x}}\n"
            "int d; // expected-error@+ {{x}}\n"
            "int e; // expected-error {{}}\n")
    files = {"a.hlsl": SourceFile("a.hlsl", text)}
    report = verify_diagnostics(files, [])
    rendered = report.render()
    assert "a.hlsl:1: missing '{{' after 'expected-error'" in rendered
    assert "a.hlsl:2: missing '}}'" in rendered
    assert "a.hlsl:3: 'expected-error@nope.h:...' names a file this compile did not read" in rendered
    assert "a.hlsl:4: bad line selector" in rendered
    assert "a.hlsl:5: empty text" in rendered


def test_directives_outside_comments_are_ignored():
    text = 'string s = "// expected-error {{not a directive}}";\n// expected-no-diagnostics\n'
    files = {"a.hlsl": SourceFile("a.hlsl", text)}
    assert verify_diagnostics(files, []).ok


def test_builtin_files_are_not_read():
    files = {"a.hlsl": SourceFile("a.hlsl", "// expected-no-diagnostics\n"),
             "<builtin>/dx/linalg.h": SourceFile("<builtin>/dx/linalg.h", "// expected-error {{x}}\n",
                                                 is_builtin=True)}
    assert verify_diagnostics(files, []).ok


def test_diagnostic_without_location_is_unexpected():
    files = {"a.hlsl": SourceFile("a.hlsl", "// expected-no-diagnostics\n")}
    report = verify_diagnostics(files, [Diagnostic(Severity.ERROR, "cannot read", path="b.hlsl")])
    assert "  b.hlsl: cannot read" in report.render()


def test_custom_prefixes():
    text = ("int a; // expected-error {{always}}\n"
            "int b; // strict-error {{only strict}} relaxed-warning {{only relaxed}}\n")
    files = {"a.hlsl": SourceFile("a.hlsl", text)}
    always = _diag(files, Severity.ERROR, "a.hlsl", 1, "always")
    strict = [always, _diag(files, Severity.ERROR, "a.hlsl", 2, "only strict")]
    relaxed = [always, _diag(files, Severity.WARNING, "a.hlsl", 2, "only relaxed")]
    assert verify_diagnostics(files, strict, ["expected", "strict"]).ok
    assert verify_diagnostics(files, relaxed, ["expected", "relaxed"]).ok
    assert not verify_diagnostics(files, relaxed, ["expected", "strict"]).ok
    # The default prefix alone ignores the others' directives.
    report = verify_diagnostics(files, strict)
    assert [s.message for s in report.unexpected] == ["only strict"]
    # One custom prefix names the groups.
    assert "'strict-error' diagnostics expected but not seen" in verify_diagnostics(files, [], ["strict"]).render()


def test_quoted_mentions_are_not_directives():
    text = "// CHECK: error: 'expected-error' diagnostics seen but not expected:\n// expected-no-diagnostics\n"
    files = {"a.hlsl": SourceFile("a.hlsl", text)}
    assert verify_diagnostics(files, []).ok
