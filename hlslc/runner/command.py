"""`hlslc run SHADER.hlsl|MODULE.ll|MODULE.spv --pipeline PIPELINE.yaml [options]`.

Compiles the shader (with the compile options of `hlslc`: -T, -E, -D, -I,
...) or reads the module, runs its compute entry for the pipeline's
dispatch on the CPU (`--device cpu`, the default) or on a Vulkan device
(`--device vulkan`, SPIR-V), prints the buffers as YAML in the offloader's
shape and one line per Result; on Vulkan then a line with the device and
the dispatch's GPU time (`--statistics`: then what the driver says of the
compiled pipeline, one line each).  Exit status: 0 when every Result holds, 1 when
one differs or the shader does not compile or run, 2 for a bad command line
or pipeline file.
"""

from __future__ import annotations

from typing import Any, TextIO

import numpy as np

from .. import driver
from ..diagnostics import Diagnostic, Severity, render_text
from ..lower.codegen import ir_line_locator
from ..options import UsageError, compile_options, parse_arguments, render_diagnostics
from .cpu import execute
from .errors import RunError
from .pipeline import PipelineError, load_pipeline
from .results import RunResult

USAGE = ("usage: hlslc run SHADER.hlsl|MODULE.ll|MODULE.spv --pipeline PIPELINE.yaml [-T PROFILE] [-E ENTRY] "
         "[-D NAME[=VALUE]] [-I DIR] [--wave-size N] [--wave-matrix-depth K] [--seed S] [--check] "
         "[--engine jit|interp] [--timeout SECONDS] [--device cpu|vulkan] [--repeat N] [--statistics]\n"
         "       hlslc run --device vulkan --list-devices\n")








def buffers_yaml(pipeline: Any) -> str:
    lines = ["---", "Buffers:"]
    for buf in pipeline.buffers.values():
        lines.append(f"  - Name: {buf.name}")
        lines.append(f"    Format: {buf.format}")
        if buf.stride:
            lines.append(f"    Stride: {buf.stride}")
        if any(r.has_counter and r.name == buf.name for r in pipeline.resources):
            lines.append(f"    Counter: {buf.counter}")
        values = buf.data
        if buf.format == "Float16":
            shown = [f"0x{int(x):04X}" for x in values.view(np.uint16)]
        elif buf.format.startswith("Hex"):
            shown = [f"0x{int(x):X}" for x in values]
        elif values.dtype.kind == "f":
            shown = [_float(float(x)) for x in values]
        else:
            shown = [str(int(x)) for x in values]
        lines.append(f"    Data: [ {', '.join(shown)} ]")
    lines.append("...")
    return "\n".join(lines) + "\n"


def _float(x: float) -> str:
    if x != x:
        return "nan"
    if x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    return repr(x)


def run(argv: list[str], stdout: TextIO, stderr: TextIO) -> int:
    pipeline_path = None
    wave_size = None
    check = False
    seed = None
    depth = 16
    device = "cpu"
    repeat = None
    list_devices = False
    statistics = False
    engine = None
    timeout = None
    rest: list[str] = []
    i = 0
    try:
        while i < len(argv):
            arg = argv[i]
            i += 1
            if arg in ("-h", "--help"):
                stdout.write(USAGE)
                return 0
            name, eq, value = arg.partition("=")
            if name in ("--pipeline", "--wave-size", "--seed", "--device", "--repeat", "--wave-matrix-depth",
                        "--engine", "--timeout"):
                if not eq:
                    if i >= len(argv):
                        raise UsageError(f"option '{name}' requires a value")
                    value = argv[i]
                    i += 1
                if name == "--pipeline":
                    pipeline_path = value
                elif name in ("--seed", "--repeat"):
                    if not value.isdigit() or (name == "--repeat" and int(value) < 1):
                        raise UsageError(f"invalid value '{value}' for '{name}'; expected a number"
                                         + (" of at least 1" if name == "--repeat" else ""))
                    if name == "--seed":
                        seed = int(value)
                    else:
                        repeat = int(value)
                elif name == "--wave-matrix-depth":
                    if not value.isdigit() or int(value) == 0 or int(value) % 16 or int(value) > 1024:
                        raise UsageError(f"invalid value '{value}' for '--wave-matrix-depth'; expected a multiple "
                                         "of 16 (the Wave Matrix specification's K), at most 1024")
                    depth = int(value)
                elif name == "--engine":
                    if value not in ("jit", "interp"):
                        raise UsageError(f"invalid value '{value}' for '--engine'; expected jit or interp")
                    engine = value
                elif name == "--timeout":
                    try:
                        timeout = float(value)
                    except ValueError:
                        timeout = -1.0
                    if not timeout > 0:
                        raise UsageError(f"invalid value '{value}' for '--timeout'; expected a number of seconds "
                                         "above 0")
                elif name == "--device":
                    if value not in ("cpu", "vulkan"):
                        raise UsageError(f"invalid value '{value}' for '--device'; expected cpu or vulkan")
                    device = value
                else:
                    if value not in ("4", "8", "16", "32", "64", "128"):
                        raise UsageError(f"invalid value '{value}' for '--wave-size'; expected 4, 8, 16, 32, "
                                         "64 or 128")
                    wave_size = int(value)
                continue
            if arg == "--check":
                check = True
                continue
            if arg == "--list-devices":
                list_devices = True
                continue
            if arg == "--statistics":
                statistics = True
                continue
            rest.append(arg)
        if check and engine == "jit":
            raise UsageError("--check runs on the interpreter (--engine interp), the reference")
        if device == "vulkan":
            if check:
                raise UsageError("--check runs on the CPU only (--device cpu)")
            if engine is not None:
                raise UsageError("--engine chooses the CPU's engine (--device cpu)")
            if seed is not None:
                raise UsageError("--seed chooses the CPU executor's opaque matrix layouts (--device cpu)")
        elif repeat is not None or list_devices or statistics:
            given = "--repeat" if repeat is not None else "--list-devices" if list_devices else "--statistics"
            raise UsageError(f"{given} needs --device vulkan")
        if list_devices:
            return _list_devices(stdout, stderr)
        if pipeline_path is None:
            raise UsageError("hlslc run needs --pipeline PIPELINE.yaml")
        args = parse_arguments(rest)
        if len(args.inputs) != 1:
            raise UsageError("hlslc run takes one shader or module")
    except UsageError as exc:
        stderr.write(f"hlslc: error: {exc}\n" + USAGE)
        return 2
    try:
        pipeline = load_pipeline(pipeline_path)
        shader = pipeline.compute_shader()
    except PipelineError as err:
        _pipeline_error(err, pipeline_path, stderr)
        return 2
    if shader.compile_args:
        # The pipeline's CompileArguments first: the command line's win.
        try:
            args = parse_arguments(shader.compile_args + rest)
        except UsageError as exc:
            stderr.write(f"hlslc: error: {pipeline_path}: CompileArguments: {exc}\n")
            return 2
    source = args.inputs[0]
    entry = shader.entry if args.entry == "main" else args.entry
    if source.endswith(".spv"):
        if device != "vulkan":
            stderr.write(f"hlslc: error: '{source}' is a SPIR-V module: run it with --device vulkan\n")
            return 2
        try:
            with open(source, "rb") as f:
                code = f.read()
        except OSError as err:
            stderr.write(f"hlslc: error: cannot read '{source}': {err.strerror}\n")
            return 1
        return _run_vulkan(code, source, pipeline, entry, wave_size, repeat or 1, stdout, stderr,
                           statistics=statistics)
    result = None
    if source.endswith(".ll"):
        try:
            with open(source, encoding="utf-8") as f:
                module_text = f.read()
        except OSError as err:
            stderr.write(f"hlslc: error: cannot read '{source}': {err.strerror}\n")
            return 1
    else:
        args.entry = entry
        try:
            options = compile_options(args)
        except (driver.ProfileError, ValueError) as exc:
            stderr.write(f"hlslc: error: {exc}\n")
            return 2
        result = driver.compile_file(source, options)
        if result.diagnostics.items:
            render_diagnostics(result.diagnostics, args, stderr)
        if not result.ok or result.output is None:
            return 1
        module_text = result.output
    if device == "vulkan":
        from .vulkan import compile_for_pipeline   # Vulkan (ctypes, the loader) loads only when asked
        try:
            code, plan = compile_for_pipeline(result if result is not None else module_text, entry, pipeline)
        except RunError as err:
            _report_run_error(err, source, result, module_text, stderr)
            return 1
        return _run_vulkan(code, source, pipeline, entry, wave_size, repeat or 1, stdout, stderr, plan, statistics)
    try:
        outcome = execute(module_text, pipeline, entry, wave_size=wave_size, check=check, seed=seed or 0,
                          wave_matrix_depth=depth, engine=engine, timeout=timeout)
    except RunError as err:
        _report_run_error(err, source, result, module_text, stderr)
        return 1
    if outcome.fallback is not None and engine == "jit":
        # Asked for the JIT by name: say what it does not run (the interpreter ran it).
        why = outcome.fallback
        _report_run_error(RunError(f"the JIT does not run {why.what}; the interpreter ran the dispatch",
                                   why.line), source, result, module_text, stderr, severity="warning")
    stdout.write(buffers_yaml(pipeline))
    for o in outcome.outcomes:
        stdout.write(o.line() + "\n")
    return 0 if outcome.ok else 1


def _report_run_error(err: Any, source: str, result: Any, module_text: str, stderr: TextIO,
                      severity: str = "error") -> None:
    """A RunError at the source line its IR line came from, when hlslc made
    the IR; else at the file (with the IR line)."""
    span = None
    if err.line and result is not None and result.module is not None:
        span = ir_line_locator(result.module, module_text)(err.line)
    if span is not None:
        level = Severity.ERROR if severity == "error" else Severity.WARNING
        stderr.write(render_text([Diagnostic(level, err.message, span)]))
    else:
        where = f" (IR line {err.line})" if err.line else ""
        stderr.write(f"{source}: {severity}: {err.message}{where}\n")


def _run_vulkan(code: bytes, source: str, pipeline: Any, entry: str, wave_size: int | None, repeat: int,
                stdout: TextIO, stderr: TextIO, plan: Any = None, statistics: bool = False) -> int:
    from .vulkan import run_spirv   # Vulkan (ctypes, the loader) loads only when asked

    try:
        outcome = run_spirv(code, pipeline, entry, wave_size=wave_size, repeat=repeat, plan=plan,
                            statistics=statistics)
    except RunError as err:
        stderr.write(f"{source}: error: {err.message}\n")
        return 1
    stdout.write(buffers_yaml(pipeline))
    for o in outcome.outcomes:
        stdout.write(o.line() + "\n")
    stdout.write(device_line(outcome) + "\n")
    for line in statistics_lines(outcome):
        stdout.write(line + "\n")
    return 0 if outcome.ok else 1


def statistics_lines(outcome: RunResult) -> list[str]:
    """`Pipeline statistics (EXECUTABLE):` and one `  NAME: VALUE` line
    per statistic the driver reported."""
    lines: list[str] = []
    executable = None
    for stat in outcome.pipeline_statistics:
        if stat.executable != executable:
            executable = stat.executable
            lines.append(f"Pipeline statistics ({executable or 'compute'}):")
        lines.append("  " + stat.line())
    return lines


def device_line(outcome: RunResult) -> str:
    """`Device: NAME, subgroup size N, dispatch T (GPU timestamps)`."""
    line = f"Device: {outcome.device}"
    if outcome.subgroup_size:
        line += f", subgroup size {outcome.subgroup_size}"
    ns = outcome.gpu_time_ns
    if ns is None:
        return line + ", no GPU timestamps on its queue"
    many = len(outcome.gpu_times_ns)
    what = f"median of {many} dispatches" if many > 1 else "dispatch"
    return line + f", {what} {_duration(ns)} (GPU timestamps)"


def _duration(ns: float) -> str:
    if ns >= 1e6:
        return f"{ns / 1e6:.3f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.3f} us"
    return f"{ns:.0f} ns"


def _list_devices(stdout: TextIO, stderr: TextIO) -> int:
    from .vulkan import list_devices   # Vulkan (ctypes, the loader) loads only when asked

    try:
        lines = list_devices()
    except RunError as err:
        stderr.write(f"hlslc: error: {err.message}\n")
        return 1
    for line in lines:
        stdout.write(line + "\n")
    return 0


def _pipeline_error(err: Any, path: str, stderr: TextIO) -> None:
    span = err.span
    if span is None:
        stderr.write(f"{path}: error: {err.message}\n")
        return
    line, col = span.line_col()
    text = span.file.line_text(line) if hasattr(span.file, "line_text") else ""
    stderr.write(f"{path}:{line}:{col}: error: {err.message}\n")
    if text:
        stderr.write(text + "\n" + " " * (col - 1) + "^\n")
