"""`hlslc run SHADER.hlsl|MODULE.ll --pipeline PIPELINE.yaml [options]`.

Compiles the shader (with the compile options of `hlslc`: -T, -E, -D, -I,
...) or reads the module, runs its compute entry for the pipeline's
dispatch on the CPU, prints the buffers as YAML in the offloader's shape
and one line per Result.  Exit status: 0 when every Result holds, 1 when
one differs or the shader does not compile or run, 2 for a bad command line
or pipeline file.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

import numpy as np

USAGE = ("usage: hlslc run SHADER.hlsl|MODULE.ll --pipeline PIPELINE.yaml [-T PROFILE] [-E ENTRY] "
         "[-D NAME[=VALUE]] [-I DIR] [--wave-size N] [--wave-matrix-depth K] [--seed S] [--check]\n")


class RunResult:
    """What `hlslc.run` returns: the buffers after the dispatch (numpy
    arrays by name), each Result's verdict, and counters."""

    def __init__(self, buffers: dict[str, np.ndarray], outcomes: list[Any], instructions: int) -> None:
        self.buffers = buffers
        self.outcomes = outcomes
        self.instructions = instructions

    @property
    def ok(self) -> bool:
        return all(o.ok for o in self.outcomes)


def execute(module_text: str, pipeline: Any, entry: str, wave_size: int | None = None, check: bool = False,
            seed: int = 0, wave_matrix_depth: int = 16) -> RunResult:
    from . import linalg, ops, wavematrix  # noqa: F401  (register the operations)
    from .executor import Executor
    from .results import check as check_results

    linalg.convert_layouts(pipeline.buffers.values(), seed, to_device=True)
    ex = Executor(module_text, pipeline, entry, wave_size=wave_size, check=check, seed=seed)
    ex.wave_matrix_depth = wave_matrix_depth
    ex.run()
    ex.write_back()
    linalg.convert_layouts(pipeline.buffers.values(), seed, to_device=False)
    outcomes = check_results(pipeline)
    return RunResult({name: buf.data for name, buf in pipeline.buffers.items()}, outcomes, ex.instructions)


def buffers_yaml(pipeline: Any) -> str:
    lines = ["---", "Buffers:"]
    for buf in pipeline.buffers.values():
        lines.append(f"  - Name: {buf.name}")
        lines.append(f"    Format: {buf.format}")
        if buf.stride:
            lines.append(f"    Stride: {buf.stride}")
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
    from ..cli import UsageError, _compile_options, _render_diagnostics, parse_arguments
    from .pipeline import PipelineError, load_pipeline

    pipeline_path = None
    wave_size = None
    check = False
    seed = 0
    depth = 16
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
            if name in ("--pipeline", "--wave-size", "--seed", "--wave-matrix-depth"):
                if not eq:
                    if i >= len(argv):
                        raise UsageError(f"option '{name}' requires a value")
                    value = argv[i]
                    i += 1
                if name == "--pipeline":
                    pipeline_path = value
                elif name == "--seed":
                    if not value.isdigit():
                        raise UsageError(f"invalid value '{value}' for '--seed'; expected a number")
                    seed = int(value)
                elif name == "--wave-matrix-depth":
                    if not value.isdigit() or int(value) == 0 or int(value) % 16 or int(value) > 1024:
                        raise UsageError(f"invalid value '{value}' for '--wave-matrix-depth'; expected a multiple "
                                         "of 16 (the Wave Matrix specification's K), at most 1024")
                    depth = int(value)
                else:
                    if value not in ("4", "8", "16", "32", "64", "128"):
                        raise UsageError(f"invalid value '{value}' for '--wave-size'; expected 4, 8, 16, 32, "
                                         "64 or 128")
                    wave_size = int(value)
                continue
            if arg == "--check":
                check = True
                continue
            rest.append(arg)
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
    source = args.inputs[0]
    entry = shader.entry if args.entry == "main" else args.entry
    if source.endswith(".ll"):
        try:
            with open(source, encoding="utf-8") as f:
                module_text = f.read()
        except OSError as err:
            stderr.write(f"hlslc: error: cannot read '{source}': {err.strerror}\n")
            return 1
    else:
        from .. import driver
        args.entry = entry
        try:
            options = _compile_options(args)
        except (driver.ProfileError, ValueError) as exc:
            stderr.write(f"hlslc: error: {exc}\n")
            return 2
        result = driver.compile_file(source, options)
        if result.diagnostics.items:
            _render_diagnostics(result.diagnostics, args, stderr)
        if not result.ok or result.output is None:
            return 1
        module_text = result.output
    from .executor import RunError
    try:
        outcome = execute(module_text, pipeline, entry, wave_size=wave_size, check=check, seed=seed,
                          wave_matrix_depth=depth)
    except RunError as err:
        span = None
        if err.line and not source.endswith(".ll") and result.module is not None:
            # IR hlslc made: the error at the source line it came from.
            from ..lower.codegen import ir_line_locator
            span = ir_line_locator(result.module, module_text)(err.line)
        if span is not None:
            from ..diagnostics import Diagnostic, Severity, render_text
            stderr.write(render_text([Diagnostic(Severity.ERROR, err.message, span)]))
        else:
            where = f" (IR line {err.line})" if err.line else ""
            stderr.write(f"{source}: error: {err.message}{where}\n")
        return 1
    stdout.write(buffers_yaml(pipeline))
    for o in outcome.outcomes:
        stdout.write(o.line() + "\n")
    return 0 if outcome.ok else 1


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
