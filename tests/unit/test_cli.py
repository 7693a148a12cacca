"""The hlslc command where a .hlsl test cannot say it: exact exit statuses,
exact stderr, generated files, JSON parsed as JSON, import cost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hlslc import cli
from support.cli import run_hlslc as run

REPO = Path(__file__).resolve().parents[2]
HINT = "hlslc: note: see 'hlslc --help' for the options\n"


@pytest.fixture
def clean_file(tmp_path: Path) -> Path:
    path = tmp_path / "clean.hlsl"
    path.write_text("[numthreads(1, 1, 1)]\nvoid main() {}\n")
    return path


@pytest.fixture
def warning_file(tmp_path: Path) -> Path:
    path = tmp_path / "warn.hlsl"
    path.write_text("#define X 1\n#define X 2\n[numthreads(1, 1, 1)]\nvoid main() {}\n")
    return path


# --- usage errors: exit status 2, exact text -------------------------------------

@pytest.mark.parametrize("argv, message", [
    (["-bogus", "x.hlsl"], "unknown option '-bogus'"),
    (["-fsyntax-onyl", "x.hlsl"], "unknown option '-fsyntax-onyl'; did you mean '-fsyntax-only'?"),
    (["--ast-dmp", "x.hlsl"], "unknown option '--ast-dmp'; did you mean '--ast-dump'?"),
    (["-Werror=foo", "x.hlsl"], "unknown option '-Werror=foo'; did you mean '-Werror'?"),
    (["x.hlsl", "-T"], "option '-T' requires a value"),
    (["x.hlsl", "-E"], "option '-E' requires a value"),
    (["x.hlsl", "-I"], "option '-I' requires a value"),
    (["x.hlsl", "-D"], "option '-D' requires a value"),
    (["x.hlsl", "-U"], "option '-U' requires a value"),
    (["x.hlsl", "-o"], "option '-o' requires a value"),
    (["-T", "ps_6_0", "x.hlsl"],
     "hlslc compiles compute and library shaders; 'ps_6_0' is a pixel shader profile"),
    (["-Tcs_6_11", "x.hlsl"],
     "invalid profile 'cs_6_11'; valid profiles: cs_6_0 ... cs_6_10, lib_6_3 ... lib_6_10, lib_6_x"),
    (["-T", "lib_6_2", "x.hlsl"], "invalid profile 'lib_6_2': library targets start at lib_6_3"),
    (["-T", "cs_6_1", "-enable-16bit-types", "x.hlsl"],
     "-enable-16bit-types needs shader model 6.2 or later; the target is cs_6_1"),
    (["-HV", "2019", "x.hlsl"], "invalid value '2019' for '-HV'; expected one of 2016, 2017, 2018, 2021, 202x"),
    (["-S", "x.hlsl"], "'-S' (SPIR-V disassembly) needs '-spirv'"),
    (["-fcgl", "-spirv", "x.hlsl"], "'-fcgl' (high-level IR) cannot be used with '-spirv'"),
    (["-spirv", "-fspv-target-env=vulkan1.0", "x.hlsl"],
     "-fspv-target-env=vulkan1.0 asks for SPIR-V 1.0, which hlslc does not write (its group operations and "
     "storage buffers need SPIR-V 1.3); use vulkan1.1 or later"),
    (["-spirv", "-fspv-target-env=metal", "x.hlsl"],
     "invalid value 'metal' for '-fspv-target-env'; expected one of vulkan1.1, vulkan1.1spirv1.4, vulkan1.2, "
     "vulkan1.3, vulkan1.4, universal1.3, universal1.4, universal1.5, universal1.6"),
    (["-fcgl", "-fsyntax-only", "x.hlsl"], "'-fcgl' (high-level IR) cannot be used with '-fsyntax-only'"),
    (["x.hlsl", "-fvk-bind-register", "t0", "0"], "option '-fvk-bind-register' requires 4 values"),
    (["-fdiagnostics-format=yaml", "x.hlsl"],
     "invalid value 'yaml' for '-fdiagnostics-format'; expected 'text', 'json' or 'sarif'"),
    (["-fdiagnostics-format=", "x.hlsl"],
     "option '-fdiagnostics-format' requires a value ('-fdiagnostics-format=VALUE')"),
    (["-D", "=1", "x.hlsl"], "macro name missing in '-D=1'"),
    (["-D2X", "x.hlsl"], "'2X' is not a valid macro name (in '-D2X')"),
    (["-U", "A-B", "x.hlsl"], "'A-B' is not a valid macro name (in '-UA-B')"),
    (["--linalg-revision=sm6.9", "x.hlsl"],
     "invalid value 'sm6.9' for '--linalg-revision'; expected 'sm6.10' or 'draft' or 'dxc'"),
    (["--linalg-revision", "x.hlsl"], "option '--linalg-revision' requires a value ('--linalg-revision=VALUE')"),
    (["-verify=a,", "x.hlsl"], "invalid -verify prefix '' (letters, digits, '-' and '_', starting with a letter)"),
    ([], "no input files"),
    (["-P"], "no input files"),
    (["a.hlsl", "b.hlsl", "-o", "out"],
     "cannot use '-o FILE' with more than one input file; '-o DIR/' writes one output per input"),
    (["a.hlsl", "-j", "x"], "invalid value 'x' for '-j'; expected a number of processes (0: one per CPU)"),
    (["a.hlsl", "-j-1"], "invalid value '-1' for '-j'; expected a number of processes (0: one per CPU)"),
    (["a.hlsl", "-j"], "option '-j' requires a value"),
    (["a.hlsl", "--header-cache=foo"], "invalid value 'foo' for '--header-cache'; expected 'disk', 'memory', 'off'"),
    (["a.hlsl", "--header-cache"], "option '--header-cache' requires a value ('--header-cache=VALUE')"),
    (["d/a.hlsl", "e/a.hlsl", "-o", "out/"], "inputs 'd/a.hlsl' and 'e/a.hlsl' would both write 'out/a.ll'"),
    (["-P", "-ast-dump", "a.hlsl"], "'-P' and '--ast-dump' cannot be used together"),
])
def test_usage_errors(argv, message):
    status, out, err = run(*argv)
    assert (status, out, err) == (2, "", f"hlslc: error: {message}\n{HINT}")


def test_hidden_option_is_not_suggested():
    status, _, err = run("--debug-crsh", "x.hlsl")
    assert status == 2 and "did you mean" not in err


def test_double_dash_ends_options(tmp_path, monkeypatch):
    odd = tmp_path / "-odd.hlsl"
    odd.write_text("odd_token\n")
    monkeypatch.chdir(tmp_path)
    status, out, _ = run("-P", "--", "-odd.hlsl")
    assert status == 0 and "odd_token" in out


# --- unreadable input: exit status 1 ---------------------------------------------

def test_missing_file(tmp_path):
    path = tmp_path / "nope.hlsl"
    assert run(str(path)) == (1, "", f"{path}: error: cannot read input: no such file or directory\n"
                                     f"1 error generated.\n")


def test_directory(tmp_path):
    assert run(str(tmp_path)) == (1, "", f"{tmp_path}: error: cannot read input: is a directory\n"
                                         f"1 error generated.\n")


def test_non_utf8_file_is_read_as_dxc_reads_it(tmp_path):
    """Not UTF-8 and no byte-order mark: Windows-1252, DXC's code page on
    the Windows machines such files come from."""
    path = tmp_path / "latin1.hlsl"
    path.write_bytes(b"// caf\xe9 \x96 \x81\n#define WORD \"caf\xe9\"\nWORD\n")
    status, out, err = run("-P", str(path))
    assert (status, err) == (0, "")
    assert '"caf\u00e9"' in out        # the string literal, decoded


def test_utf16_file_with_byte_order_mark(tmp_path):
    path = tmp_path / "wide.hlsl"
    path.write_bytes(b"\xff\xfe" + "[numthreads(1, 1, 1)] void main() {}\n".encode("utf-16-le"))
    assert run("-T", "cs_6_8", "-fsyntax-only", str(path)) == (0, "", "")


def test_file_its_byte_order_mark_misdescribes_in_json(tmp_path):
    path = tmp_path / "bad.hlsl"
    path.write_bytes(b"\xfe\xff\xd8\x00")      # UTF-16 BE: a lone high surrogate
    status, _, err = run("-fdiagnostics-format=json", str(path))
    assert status == 1
    obj = json.loads(err)
    assert obj["file"] == str(path) and obj["line"] is None and obj["severity"] == "error"
    assert obj["message"] == "input is not valid UTF-16 BE (byte 2), though its byte-order mark says so"


def test_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.hlsl"
    path.write_bytes(b"\xef\xbb\xbfbom_token\n")
    status, out, _ = run("-P", str(path))
    assert status == 0 and "bom_token" in out and "\ufeff" not in out


# --- internal errors: exit status 3 -------------------------------------------------

def test_debug_crash(clean_file, monkeypatch):
    monkeypatch.delenv("HLSLC_TRACEBACK", raising=False)
    status, out, err = run("--debug-crash", str(clean_file))
    assert status == 3 and out == ""
    lines = err.splitlines()
    assert lines[0] == ("hlslc: internal compiler error: RuntimeError: "
                        "deliberate crash in the validate stage (--debug-crash)")
    assert lines[1].startswith("hlslc: note: this is a bug in hlslc; please report it")
    assert len(lines) == 2


def test_debug_crash_traceback(clean_file, monkeypatch):
    monkeypatch.setenv("HLSLC_TRACEBACK", "1")
    status, _, err = run("--debug-crash", str(clean_file))
    assert status == 3
    assert "Traceback (most recent call last):" in err
    assert err.rstrip().endswith("RuntimeError: deliberate crash in the validate stage (--debug-crash)")


def test_unexpected_exception_anywhere_is_an_internal_error(clean_file, monkeypatch):
    from hlslc import driver

    def broken(*args, **kwargs):
        raise KeyError("boom")

    monkeypatch.setattr(driver, "compile_file", broken)
    status, _, err = run(str(clean_file))
    assert status == 3
    assert err.startswith("hlslc: internal compiler error: KeyError: 'boom'\n")


# --- success, warnings, output ---------------------------------------------------------

def test_version():
    from hlslc import __version__
    assert run("--version") == (0, f"hlslc {__version__}\n", "")


def test_help_mentions_every_profile():
    from hlslc.driver import VALID_PROFILES
    status, out, _ = run("--help")
    assert status == 0
    assert cli._PROFILES_FOR_HELP == \
        f"{VALID_PROFILES[0]} ... cs_6_10, lib_6_3 ... {VALID_PROFILES[-2]}, {VALID_PROFILES[-1]}"
    assert cli._PROFILES_FOR_HELP in out
    assert "--debug-crash" not in out


def test_clean_compile_is_silent(clean_file):
    status, out, err = run(str(clean_file))
    assert (status, err) == (0, "") and out.startswith("; ModuleID")   # the IR, on stdout
    assert run("-fsyntax-only", str(clean_file)) == (0, "", "")


def test_warning_exit_status(warning_file):
    status, out, err = run("-fsyntax-only", str(warning_file))
    assert status == 0 and out == ""
    assert "warning:" in err and err.endswith("1 warning generated.\n")
    status, _, err = run("-fsyntax-only", "-Werror", str(warning_file))
    assert status == 1 and "[-Werror]" in err and err.endswith("1 error generated.\n")
    assert run("-fsyntax-only", "-w", str(warning_file)) == (0, "", "")
    assert run("-fsyntax-only", "-w", "-Werror", str(warning_file)) == (0, "", "")


def test_output_file(tmp_path, clean_file):
    out_file = tmp_path / "out.txt"
    status, out, err = run("-P", str(clean_file), "-o", str(out_file))
    assert (status, out, err) == (0, "", "")
    assert "numthreads" in out_file.read_text()
    status, out, _ = run("--ast-dump", str(clean_file), f"-o{out_file}")
    assert status == 0 and out == ""
    assert "FunctionDecl" in out_file.read_text()


def test_ir_goes_to_the_output_file(tmp_path, clean_file):
    out_file = tmp_path / "out.ll"
    assert run(str(clean_file), "-o", str(out_file)) == (0, "", "")
    text = out_file.read_text()
    assert 'target triple = "dxil-ms-dx"' in text and "define void @\"main\"()" in text
    # -fsyntax-only writes nothing, even with -o.
    out_file.unlink()
    assert run("-fsyntax-only", str(clean_file), "-o", str(out_file)) == (0, "", "")
    assert not out_file.exists()


def test_unwritable_output(tmp_path, clean_file):
    target = tmp_path / "no-such-dir" / "out.txt"
    status, _, err = run("-P", str(clean_file), "-o", str(target))
    assert status == 1
    assert err == f"hlslc: error: cannot write '{target}': no such file or directory\n"


def test_json_diagnostics_parse(warning_file, tmp_path):
    path = tmp_path / "two.hlsl"
    path.write_text("#define X 1\n#define X 2\n#error stop\n")
    status, out, err = run("-fsyntax-only", "-fdiagnostics-format=json", str(path))
    assert status == 1 and out == ""
    objects = [json.loads(line) for line in err.splitlines()]
    assert len(objects) == 2
    warning, error = objects
    for obj in objects:
        assert list(obj) == ["file", "line", "column", "end", "severity", "id", "message", "notes"]
        assert obj["file"] == str(path)
    assert warning["severity"] == "warning" and warning["line"] == 2 and "redefined" in warning["message"]
    assert isinstance(warning["column"], int) and set(warning["end"]) == {"line", "column"}
    assert [n["line"] for n in warning["notes"]] == [1]
    assert set(warning["notes"][0]) == {"file", "line", "column", "end", "message"}
    assert error["severity"] == "error" and error["line"] == 3 and "stop" in error["message"]


def test_json_with_werror(warning_file):
    status, _, err = run("-fsyntax-only", "-Werror", "-fdiagnostics-format=json", str(warning_file))
    assert status == 1
    assert json.loads(err.splitlines()[0])["severity"] == "error"


def test_color_is_forced_and_disabled(tmp_path):
    path = tmp_path / "e.hlsl"
    path.write_text("#error colour\n")
    status, _, err = run("-fcolor-diagnostics", str(path))
    assert status == 1 and "\x1b[" in err
    assert "\x1b[" not in run("-fno-color-diagnostics", str(path))[2]
    # Captured stderr is not a terminal: no colour by default.
    assert "\x1b[" not in run(str(path))[2]


def test_verify_exit_statuses(tmp_path):
    good = tmp_path / "good.hlsl"
    good.write_text("#error here // expected-error {{here}}\n")
    assert run("-verify", str(good)) == (0, "", "")
    bad = tmp_path / "bad.hlsl"
    bad.write_text("#error here // expected-error {{elsewhere}}\n")
    status, out, err = run("-verify", str(bad))
    assert status == 1 and out == ""
    assert err == ("error: 'expected-error' diagnostics expected but not seen:\n"
                   f"  {bad}:1: elsewhere\n"
                   "error: 'expected-error' diagnostics seen but not expected:\n"
                   f"  {bad}:1: here\n"
                   "2 errors generated.\n")


def test_stdin():
    status, out, _ = run("-P", "-", stdin="from_stdin_token\n")
    assert status == 0 and "from_stdin_token" in out


# --- start-up cost -------------------------------------------------------------------

def _imported_modules(*args: str) -> set[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-X", "importtime", *args], capture_output=True, text=True,
                          env=env, cwd=REPO, timeout=60)
    assert proc.returncode == 0, proc.stderr
    modules = set()
    for line in proc.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            modules.add(line.rsplit("|", 1)[1].strip())
    assert modules, "python -X importtime printed nothing"
    return modules


def test_version_does_not_import_heavy_modules():
    modules = _imported_modules("-m", "hlslc", "--version")
    assert "hlslc.cli" in modules
    heavy = {m for m in modules if m.split(".")[0] in ("lark", "llvmlite", "rich")}
    assert not heavy, f"hlslc --version imported {sorted(heavy)}"


def test_import_hlslc_is_cheap():
    modules = _imported_modules("-c", "import hlslc")
    loaded = {m for m in modules if m.split(".")[0] in ("lark", "llvmlite", "rich")}
    assert not loaded
    assert "hlslc.driver" not in modules and "hlslc.front.parser" not in modules
