"""`hlslc run` as a user meets it: what it prints by default
(--print-buffers), its help, the limits that are errors at their line
instead of crashes (--max-memory, --timeout, Stride), a pipeline file's
CompileArguments, and --check's findings through the library."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import numpy as np
import pytest

import hlslc
from hlslc.runner.limits import parse_size, show_size
from support.cli import run_hlslc

SHADER = """\
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Out[i] = In[i] * 2;
}
"""

PIPELINE = """\
---
Shaders:
  - Stage: Compute
    Entry: main
    CompileArguments: [ {args} ]
DispatchParameters:
  DispatchGroupCount: {groups}
Buffers:
  - Name: In
    Format: UInt32
    Stride: {stride}
    Data: [ 0, 1, 2, 3, 4, 5, 6, 7 ]
  - Name: Out
    Format: UInt32
    Stride: 4
    FillSize: {fill}
  - Name: Unused
    Format: UInt32
    Data: [ 9, 9 ]
  - Name: Expected
    Format: UInt32
    Stride: 4
    Data: [ 0, 2, 4, 6, 8, 10, 12, 14 ]
Results:
  - Result: Doubled
    Rule: BufferExact
    Actual: Out
    Expected: Expected
DescriptorSets:
  - Resources:
    - Name: In
      Kind: StructuredBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
...
"""


def _files(tmp_path: Path, shader: str = SHADER, args: str = "-T, cs_6_0", groups: str = "[1, 1, 1]",
           stride: int = 4, fill: int = 32) -> tuple[str, str]:
    src = tmp_path / "shader.hlsl"
    src.write_text(shader)
    yaml = tmp_path / "pipeline.yaml"
    yaml.write_text(PIPELINE.format(args=args, groups=groups, stride=stride, fill=fill))
    return str(src), str(yaml)


def test_prints_the_results_buffers_and_what_the_shader_writes(tmp_path):
    src, yaml = _files(tmp_path)
    status, out, err = run_hlslc("run", src, "--pipeline", yaml)
    assert status == 0, err
    assert "Name: Out" in out and "Name: Expected" in out
    assert "Name: In" not in out and "Name: Unused" not in out
    assert out.rstrip().endswith("Doubled: pass")
    status, out, _ = run_hlslc("run", src, "--pipeline", yaml, "--print-buffers=all")
    assert status == 0 and "Name: In" in out and "Name: Unused" in out
    status, out, _ = run_hlslc("run", src, "--pipeline", yaml, "--print-buffers", "none")
    assert status == 0 and out == "Doubled: pass\n"
    status, _, err = run_hlslc("run", src, "--pipeline", yaml, "--print-buffers=some")
    assert status == 2 and "expected written, all or none" in err


def test_help_explains_every_option():
    status, out, _ = run_hlslc("run", "--help")
    assert status == 0
    for option in ("--pipeline", "--device", "--print-buffers", "--check", "--timeout", "--max-memory",
                   "--wave-size", "--wave-matrix-depth", "--seed", "--repeat", "--statistics", "--list-devices",
                   "CompileArguments", "Exit status"):
        assert option in out, option
    status, out, _ = run_hlslc("--help")
    assert status == 0 and "hlslc run" in out and "hlslc validate" in out


def test_compile_arguments_hold_compile_options_only(tmp_path):
    src, yaml = _files(tmp_path)
    other = tmp_path / "other.hlsl"
    other.write_text(SHADER.replace("* 2", "* 3"))
    for args, expected in ((f"-T, cs_6_0, {other}", "is an input file"),
                           ("/etc/passwd", "'/etc/passwd' is an input file"),
                           ("-I, /etc", "'-I' adds an include folder"),
                           ("-Fo, /tmp/out.ll", "writes the output to a file"),
                           ("-fdiagnostics-output=/tmp/x", "writes diagnostics to a file"),
                           ("-P", "is not a compile option")):
        _, yaml = _files(tmp_path, args=args)
        status, out, err = run_hlslc("run", src, "--pipeline", yaml)
        assert status == 2, (args, err)
        assert "pipeline.yaml:5:" in err and expected in err, err
        assert "root:" not in err and out == ""        # nothing of /etc/passwd
    _, yaml = _files(tmp_path, args="-T, cs_6_2, -enable-16bit-types, -D, X=1, -HV, 2021, -O3")
    status, out, err = run_hlslc("run", src, "--pipeline", yaml)
    assert status == 0, err


def test_a_dispatch_or_buffer_past_max_memory_is_an_error_at_its_line(tmp_path):
    src, yaml = _files(tmp_path, groups="[65535, 65535, 65535]")
    status, _, err = run_hlslc("run", src, "--pipeline", yaml)
    assert status == 2
    assert "pipeline.yaml:7:23: error: the dispatch of 65535x65535x65535 groups of 8x1x1 threads" in err
    assert "more than --max-memory" in err
    _, yaml = _files(tmp_path, fill=100000000000)
    status, _, err = run_hlslc("run", src, "--pipeline", yaml)
    assert status == 2 and "pipeline.yaml:16:15: error: buffer 'Out' takes 93.1 GiB" in err
    _, yaml = _files(tmp_path, fill=1 << 20)
    status, _, err = run_hlslc("run", src, "--pipeline", yaml, "--max-memory", "1M")
    assert status == 2 and "more than --max-memory (1 MiB)" in err
    status, _, err = run_hlslc("run", src, "--pipeline", yaml, "--max-memory", "lots")
    assert status == 2 and "invalid value 'lots' for '--max-memory'" in err
    big = SHADER.replace("[numthreads", "static uint a[0x7fffffff];\n[numthreads").replace(
        "Out[i] = In[i] * 2;", "a[i] = In[i];\n  Out[i] = a[i ^ 1] * 2;")
    src, yaml = _files(tmp_path, shader=big)
    status, _, err = run_hlslc("run", src, "--pipeline", yaml)
    assert status == 1 and "shader.hlsl:6:3: error: static 'a' takes 8.0 GiB a thread" in err


def test_a_pipeline_that_is_not_text_or_too_large(tmp_path):
    src, _ = _files(tmp_path)
    status, _, err = run_hlslc("run", src, "--pipeline", "/dev/zero")
    assert status == 2 and "is not text (it holds a NUL byte at byte 0)" in err
    big = tmp_path / "big.yaml"
    big.write_text("# " + "x" * (1 << 20) + "\n")
    status, _, err = run_hlslc("run", src, "--pipeline", str(big), "--max-memory", "1M")
    assert status == 2 and "is larger than 128 KiB, the share of --max-memory a pipeline file may take" in err


def test_a_stride_that_does_not_fit_the_format(tmp_path):
    src, yaml = _files(tmp_path, stride=6)
    status, _, err = run_hlslc("run", src, "--pipeline", yaml)
    assert status == 2
    assert "pipeline.yaml:11:13: error: 'Stride' is in bytes: 6 is not a whole number of UInt32 elements" in err


def test_an_endless_loop_stops_at_the_timeout(tmp_path):
    endless = SHADER.replace("Out[i] = In[i] * 2;", "uint n = 0;\n  while (Out[i] == 0)\n    n += In[i];\n"
                                                    "  Out[i] = n;")
    src, yaml = _files(tmp_path, shader=endless)
    status, _, err = run_hlslc("run", src, "--pipeline", yaml, "--timeout", "0.5")
    assert status == 1
    # at the line of the loop it was running (its test or its body)
    assert re.search(r"shader.hlsl:[67]:\d+: error: the dispatch did not finish within 0.5 seconds \(--timeout\)",
                     err), err
    status, _, err = run_hlslc("run", src, "--pipeline", yaml, "--timeout", "soon")
    assert status == 2 and "invalid value 'soon' for '--timeout'" in err
    result = hlslc.compile_file(src, hlslc.CompileOptions(profile="cs_6_0"))
    with pytest.raises(hlslc.RunError, match="did not finish within 0.2 seconds"):
        hlslc.run(result, yaml, timeout=0.2)


def test_sizes():
    assert parse_size("16G") == 16 << 30 and parse_size("512MiB") == 512 << 20 and parse_size("1000") == 1000
    assert parse_size("1.5K") == 1536 and parse_size("x") is None and parse_size("0") is None
    assert show_size(8 << 30) == "8 GiB" and show_size(1536) == "1.5 KiB" and show_size(100) == "100 bytes"


def test_check_through_the_library(tmp_path):
    """The library reports --check's findings as the command does: errors
    raise, warnings are in the result."""
    racy = SHADER.replace("Out[i] = In[i] * 2;", "Out[i] = In[i] * 2;\n  Out[(i + 1) % 8] = 1;")
    src, yaml = _files(tmp_path, shader=racy)
    result = hlslc.compile_file(src, hlslc.CompileOptions(profile="cs_6_0"))
    with pytest.raises(hlslc.RunError, match="data race on buffer 'Out'"):
        hlslc.run(result, yaml, check=True)
    run = hlslc.run(result, yaml)                  # without --check, whatever a GPU might do
    assert run.buffers["Out"].dtype == np.uint32
    src, yaml = _files(tmp_path)
    run = hlslc.run(hlslc.compile_file(src, hlslc.CompileOptions(profile="cs_6_0")), yaml, check=True)
    assert run.ok and run.warnings == [] and run.written == {"Out"}


def test_progress_bar_on_a_terminal(tmp_path, monkeypatch):
    """A dispatch longer than a second shows a progress bar on a terminal
    (and only there); it is gone when the dispatch ends."""
    import io

    from hlslc.runner import command

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    endless = SHADER.replace("Out[i] = In[i] * 2;", "uint n = 0;\n  while (Out[i] == 0)\n    n += In[i];\n"
                                                    "  Out[i] = n;")
    src, yaml = _files(tmp_path, shader=endless)
    monkeypatch.setattr(command._ProgressBar, "DELAY", 0.0)
    for engine, what in (("interp", "threads done"), ("jit", "groups begun")):
        out, err = io.StringIO(), Terminal()
        status = command.run([src, "--pipeline", yaml, "--timeout", "0.5", "--engine", engine], out, err)
        assert status == 1 and "dispatch" in err.getvalue() and what in err.getvalue(), err.getvalue()
        out, err = io.StringIO(), io.StringIO()
        command.run([src, "--pipeline", yaml, "--timeout", "0.5", "--engine", engine], out, err)
        assert what not in err.getvalue()


def test_print_buffers_on_the_command_line_of_a_module(tmp_path):
    src, yaml = _files(tmp_path)
    ll = tmp_path / "shader.ll"
    status, _, err = run_hlslc(src, "-T", "cs_6_0", "-o", str(ll))
    assert status == 0, err
    status, out, err = run_hlslc("run", str(ll), "--pipeline", yaml)
    assert status == 0, err
    assert textwrap.dedent(out).count("- Name:") == 2
