"""`hlslc run SHADER.hlsl|MODULE.ll|MODULE.spv --pipeline PIPELINE.yaml [options]`.

Compiles the shader (with the compile options of `hlslc`: -T, -E, -D, -I,
...) or reads the module, runs its compute entry for the pipeline's
dispatch on the CPU (`--device cpu`, the default) or on a Vulkan device
(`--device vulkan`, SPIR-V), prints the buffers as YAML in the offloader's
shape (by default those the Results name and those the shader writes:
`--print-buffers`) and one line per Result; on Vulkan then a line with the
device and the dispatch's GPU time (`--statistics`: then what the driver
says of the compiled pipeline, one line each).  Exit status: 0 when every
Result holds, 1 when one differs or the shader does not compile or run, 2
for a bad command line or pipeline file (and a dispatch past
`--max-memory`, at its line).
"""

from __future__ import annotations

import time
from typing import Any, TextIO

import numpy as np

from .. import driver
from ..diagnostics import Diagnostic, Severity, render_text
from ..lower.codegen import ir_line_locator
from ..options import UsageError, compile_options, parse_arguments, pipeline_argument_problem, render_diagnostics
from .cpu import execute
from .errors import RunError
from .limits import DEFAULT_TIMEOUT, default_max_memory, parse_size, show_size
from .pipeline import PipelineError, load_pipeline
from .results import RunResult

USAGE = ("usage: hlslc run SHADER.hlsl|MODULE.ll|MODULE.spv --pipeline PIPELINE.yaml [options] [compile options]\n"
         "       hlslc run --device vulkan --list-devices\n"
         "(hlslc run --help explains each option)\n")

PRINT_BUFFERS = ("written", "all", "none")


def help_text() -> str:
    return f"""\
usage: hlslc run SHADER.hlsl|MODULE.ll|MODULE.spv --pipeline PIPELINE.yaml [options] [compile options]
       hlslc run --device vulkan --list-devices

Run a compute shader's dispatch as a pipeline file describes it, and check
its results.  SHADER.hlsl is compiled first (with the compile options below
and the pipeline's CompileArguments); MODULE.ll is hlslc's IR, MODULE.spv a
SPIR-V module (Vulkan only).  The pipeline file is the format of LLVM's
offload-test-suite: Shaders, the dispatch size, Buffers, Results and
DescriptorSets.  Prints the buffers after the dispatch as YAML, then one
line per Result.

Options:
  --pipeline FILE           the pipeline file (required)
  --device cpu|vulkan       run on the CPU (default) or on the first Vulkan
                            GPU (HLSLC_VULKAN_DEVICE=N picks the N-th of
                            --list-devices)
  --engine jit|interp       (CPU) the JIT (default: native code on every core;
                            a module using what it does not run goes to the
                            interpreter, and asked for by name it says so) or
                            the interpreter (the reference; --check runs on it)
  --print-buffers=WHICH     the buffers printed after the dispatch: written
                            (default: those the Results name and those the
                            shader writes), all (every buffer, inputs too) or
                            none (only the Result lines)
  --check                   (CPU) look for what a GPU would not report, like a
                            sanitizer, each at its source line: reads and
                            writes (atomics too) outside a buffer, data races
                            on groupshared memory and on buffers (threads of
                            one group with no barrier between, threads of
                            different groups, plain writes against other
                            threads' atomics), reads of groupshared memory no
                            thread wrote, barriers some threads of a group
                            skip, a buffer bound with another Kind than the
                            shader declares; warns of a matrix store that
                            reaches outside its buffer (it writes nothing)
  --timeout SECONDS         stop a dispatch that runs longer than this, with
                            an error at the line it was running (default
                            {DEFAULT_TIMEOUT:g}; 0: no limit)
  --max-memory SIZE         the most memory a dispatch may take on the CPU, in
                            bytes or with a unit (512M, 16G); a dispatch, buffer
                            or pipeline file that needs more is an error at
                            its line (default: half the machine's memory, here
                            {show_size(default_max_memory())})
  --wave-size N             lanes in a wave: 4, 8, 16, 32, 64 or 128 (default:
                            the shader's [WaveSize], else 32 on the CPU and the
                            device's subgroup size on Vulkan)
  --wave-matrix-depth K     (CPU) the K of SM 6.8 Wave Matrices: a multiple of
                            16, at most 1024 (default 16)
  --seed S                  (CPU) chooses the element order of the opaque
                            matrix layouts (MulOptimal, OuterProductOptimal)
                            and the accumulator layout, which the specification
                            leaves open (default 0)
  --repeat N                (Vulkan) run the dispatch N times in one submission
                            and print the median GPU time
  --statistics              (Vulkan) print what the driver says of the
                            compiled pipeline (registers, memory)
  --list-devices            (Vulkan) list the Vulkan devices and exit
  -h, --help                show this help and exit

Compile options (as for hlslc; the pipeline's CompileArguments come first,
and the command line's win): -T PROFILE, -E ENTRY (default: the pipeline's
Entry), -D NAME[=VALUE], -U NAME, -I DIR, -enable-16bit-types, -HV VERSION,
-Zpr/-Zpc, --linalg-revision=REV, -fvk-*/-fspv-*, warning options.  A
pipeline file's CompileArguments may hold compile options only: no input
file, include folder or option that reads or writes a file.

A dispatch that runs longer than a second on the CPU shows a progress bar
when standard error is a terminal.

Exit status: 0 every Result holds, 1 a Result differs or the shader does not
compile or run, 2 a bad command line or pipeline file (a dispatch or buffer
past --max-memory too), 3 an internal error.
"""


def buffers_yaml(pipeline: Any, names: "set[str] | None" = None) -> str:
    """The buffers (those in `names`, or all) as YAML in the offloader's shape."""
    lines = ["---", "Buffers:"]
    for buf in pipeline.buffers.values():
        if names is not None and buf.name not in names:
            continue
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


def shown_buffers(pipeline: Any, outcome: RunResult, which: str) -> "set[str] | None":
    """The buffers `--print-buffers=which` prints: None for all."""
    if which == "all":
        return None
    if which == "none":
        return set()
    named = {n for r in pipeline.results for n in (r.actual, r.expected)}
    return named | set(outcome.written)


def print_outcome(pipeline: Any, outcome: RunResult, which: str, stdout: TextIO) -> None:
    names = shown_buffers(pipeline, outcome, which)
    if names is None or names:
        stdout.write(buffers_yaml(pipeline, names))
    for o in outcome.outcomes:
        stdout.write(o.line() + "\n")


class _Options:
    """`hlslc run`'s own options (the rest are compile options)."""

    def __init__(self) -> None:
        self.pipeline: str | None = None
        self.wave_size: int | None = None
        self.check = False
        self.seed: int | None = None
        self.depth = 16
        self.device = "cpu"
        self.repeat: int | None = None
        self.list_devices = False
        self.statistics = False
        self.timeout: float | None = DEFAULT_TIMEOUT
        self.engine: str | None = None
        self.max_memory: int | None = None
        self.print_buffers = "written"
        self.rest: list[str] = []
        self.help = False


_VALUED = ("--pipeline", "--wave-size", "--seed", "--device", "--repeat", "--wave-matrix-depth", "--timeout",
           "--max-memory", "--print-buffers", "--engine")


def parse_run_arguments(argv: list[str]) -> _Options:
    """Raise `UsageError` for a bad command line."""
    opts = _Options()
    i = 0
    while i < len(argv):
        arg = argv[i]
        i += 1
        if arg in ("-h", "--help"):
            opts.help = True
            return opts
        name, eq, value = arg.partition("=")
        if name in _VALUED:
            if not eq:
                if i >= len(argv):
                    raise UsageError(f"option '{name}' requires a value")
                value = argv[i]
                i += 1
            _set_valued(opts, name, value)
            continue
        if arg == "--check":
            opts.check = True
        elif arg == "--list-devices":
            opts.list_devices = True
        elif arg == "--statistics":
            opts.statistics = True
        else:
            opts.rest.append(arg)
    if opts.check and opts.engine == "jit":
        raise UsageError("--check runs on the interpreter (--engine interp), the reference")
    if opts.device == "vulkan":
        if opts.check:
            raise UsageError("--check runs on the CPU only (--device cpu)")
        if opts.engine is not None:
            raise UsageError("--engine chooses the CPU's engine (--device cpu)")
        if opts.seed is not None:
            raise UsageError("--seed chooses the CPU executor's opaque matrix layouts (--device cpu)")
    elif opts.repeat is not None or opts.list_devices or opts.statistics:
        given = "--repeat" if opts.repeat is not None else "--list-devices" if opts.list_devices else "--statistics"
        raise UsageError(f"{given} needs --device vulkan")
    return opts


def _set_valued(opts: _Options, name: str, value: str) -> None:
    if name == "--pipeline":
        opts.pipeline = value
    elif name in ("--seed", "--repeat"):
        if not value.isdigit() or (name == "--repeat" and int(value) < 1):
            raise UsageError(f"invalid value '{value}' for '{name}'; expected a number"
                             + (" of at least 1" if name == "--repeat" else ""))
        if name == "--seed":
            opts.seed = int(value)
        else:
            opts.repeat = int(value)
    elif name == "--wave-matrix-depth":
        if not value.isdigit() or int(value) == 0 or int(value) % 16 or int(value) > 1024:
            raise UsageError(f"invalid value '{value}' for '--wave-matrix-depth'; expected a multiple "
                             "of 16 (the Wave Matrix specification's K), at most 1024")
        opts.depth = int(value)
    elif name == "--device":
        if value not in ("cpu", "vulkan"):
            raise UsageError(f"invalid value '{value}' for '--device'; expected cpu or vulkan")
        opts.device = value
    elif name == "--timeout":
        try:
            seconds = float(value)
        except ValueError:
            seconds = -1.0
        if not seconds >= 0 or seconds == float("inf"):
            raise UsageError(f"invalid value '{value}' for '--timeout'; expected seconds (0: no limit)")
        opts.timeout = seconds or None
    elif name == "--max-memory":
        size = parse_size(value)
        if size is None:
            raise UsageError(f"invalid value '{value}' for '--max-memory'; expected bytes, or a size with a "
                             "unit (512M, 16G)")
        opts.max_memory = size
    elif name == "--engine":
        if value not in ("jit", "interp"):
            raise UsageError(f"invalid value '{value}' for '--engine'; expected jit or interp")
        opts.engine = value
    elif name == "--print-buffers":
        if value not in PRINT_BUFFERS:
            raise UsageError(f"invalid value '{value}' for '--print-buffers'; expected written, all or none")
        opts.print_buffers = value
    else:
        if value not in ("4", "8", "16", "32", "64", "128"):
            raise UsageError(f"invalid value '{value}' for '--wave-size'; expected 4, 8, 16, 32, "
                             "64 or 128")
        opts.wave_size = int(value)


def run(argv: list[str], stdout: TextIO, stderr: TextIO) -> int:
    try:
        opts = parse_run_arguments(argv)
        if opts.help:
            stdout.write(help_text())
            return 0
        if opts.list_devices:
            return _list_devices(stdout, stderr)
        if opts.pipeline is None:
            raise UsageError("hlslc run needs --pipeline PIPELINE.yaml")
        args = parse_arguments(opts.rest)
        if len(args.inputs) != 1:
            raise UsageError("hlslc run takes one shader or module")
        if args.high_level:
            raise UsageError("'-fcgl' writes high-level IR, which hlslc run does not run (it runs DXIL)")
    except UsageError as exc:
        stderr.write(f"hlslc: error: {exc}\n" + USAGE)
        return 2
    pipeline_path = opts.pipeline
    try:
        pipeline = load_pipeline(pipeline_path, max_memory=opts.max_memory)
        shader = pipeline.compute_shader()
        problem = pipeline_argument_problem(shader.compile_args)
        if problem is not None:
            index, message = problem
            raise PipelineError(f"CompileArguments: {message}", shader.compile_arg_spans[index])
    except PipelineError as err:
        _pipeline_error(err, pipeline_path, stderr)
        return 2
    if shader.compile_args:
        # The pipeline's CompileArguments first: the command line's win.
        try:
            args = parse_arguments(shader.compile_args + opts.rest)
        except UsageError as exc:
            span = shader.compile_arg_spans[0] if shader.compile_arg_spans else None
            _pipeline_error(PipelineError(f"CompileArguments: {exc}", span), pipeline_path, stderr)
            return 2
    source = args.inputs[0]
    entry = shader.entry if args.entry == "main" else args.entry
    if source.endswith(".spv"):
        if opts.device != "vulkan":
            stderr.write(f"hlslc: error: '{source}' is a SPIR-V module: run it with --device vulkan\n")
            return 2
        try:
            with open(source, "rb") as f:
                code = f.read()
        except OSError as err:
            stderr.write(f"hlslc: error: cannot read '{source}': {err.strerror}\n")
            return 1
        return _run_vulkan(code, source, pipeline, entry, opts, stdout, stderr)
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
        if opts.device == "vulkan":
            # Compiled for Vulkan, as -spirv compiles: `__spirv__` is
            # defined and printf is SPIR-V's debug printf.
            options.spirv = True
        result = driver.compile_file(source, options)
        if result.diagnostics.items:
            render_diagnostics(result.diagnostics, args, stderr)
        if not result.ok or result.output is None:
            return 1
        module_text = result.output
    if opts.device == "vulkan":
        from .vulkan import compile_for_pipeline   # Vulkan (ctypes, the loader) loads only when asked
        try:
            code, plan = compile_for_pipeline(result if result is not None else module_text, entry, pipeline)
        except RunError as err:
            _report_run_error(err, source, result, module_text, stderr)
            return 1
        return _run_vulkan(code, source, pipeline, entry, opts, stdout, stderr, plan)
    progress = _ProgressBar(stderr) if _is_terminal(stderr) else None
    try:
        outcome = execute(module_text, pipeline, entry, wave_size=opts.wave_size, check=opts.check,
                          seed=opts.seed or 0, wave_matrix_depth=opts.depth, timeout=opts.timeout,
                          progress=progress, max_memory=opts.max_memory, engine=opts.engine)
    except RunError as err:
        _report_run_error(err, source, result, module_text, stderr)
        return 1
    except PipelineError as err:
        _pipeline_error(err, pipeline_path, stderr)
        return 2
    finally:
        if progress is not None:
            progress.close()
    if outcome.fallback is not None and opts.engine == "jit":
        # Asked for the JIT by name: say what it does not run (the interpreter ran it).
        why = outcome.fallback
        _report_run_error(RunError(f"the JIT does not run {why.what}; the interpreter ran the dispatch", why.line),
                          source, result, module_text, stderr, Severity.WARNING)
    for message, line in outcome.warnings:
        _report_run_error(RunError(message, line), source, result, module_text, stderr, Severity.WARNING)
    print_outcome(pipeline, outcome, opts.print_buffers, stdout)
    return 0 if outcome.ok else 1


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _progress(run: Any) -> tuple[int, int, str]:
    """(done, total, what): the interpreter's threads that have finished
    and its instructions, or the JIT's groups begun (`JitProgress`)."""
    if hasattr(run, "retired"):
        return int(run.retired.sum()), run.d.count, f"threads done, {run.instructions:,} instructions"
    return run.done, run.total, "groups begun (JIT)"


class _ProgressBar:
    """A progress bar (rich) on a terminal for a dispatch that runs longer
    than a second: the threads that have finished and the instructions run
    (the interpreter) or the groups begun (the JIT), and the time; gone
    when the dispatch ends."""

    DELAY = 1.0

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.started = time.monotonic()
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, ex: Any) -> None:
        if self.bar is None:
            if time.monotonic() - self.started < self.DELAY:
                return
            try:
                from rich.console import Console   # rich loads only for a dispatch that takes a while
                from rich.progress import (BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn,
                                           TimeElapsedColumn)
            except ImportError:
                self.bar = False
                return
            self.bar = Progress(SpinnerColumn(), TextColumn("dispatch"), BarColumn(), MofNCompleteColumn(),
                                TextColumn("{task.fields[what]}"), TimeElapsedColumn(),
                                console=Console(file=self.stream), transient=True, auto_refresh=False)
            self.task = self.bar.add_task("dispatch", total=_progress(ex)[1], what="")
            self.bar.start()
        if self.bar:
            done, _, what = _progress(ex)
            self.bar.update(self.task, completed=done, what=what)
            self.bar.refresh()

    def close(self) -> None:
        if self.bar:
            self.bar.stop()


def _report_run_error(err: Any, source: str, result: Any, module_text: str, stderr: TextIO,
                      severity: Severity = Severity.ERROR) -> None:
    """A RunError (or a --check warning) at the source line its IR line
    came from, when hlslc made the IR; else at the file (with the IR line)."""
    span = None
    if err.line and result is not None and result.module is not None:
        span = ir_line_locator(result.module, module_text)(err.line)
    if span is not None:
        stderr.write(render_text([Diagnostic(severity, err.message, span)]))
    else:
        where = f" (IR line {err.line})" if err.line else ""
        stderr.write(f"{source}: {severity.value}: {err.message}{where}\n")


def _run_vulkan(code: bytes, source: str, pipeline: Any, entry: str, opts: _Options, stdout: TextIO,
                stderr: TextIO, plan: Any = None) -> int:
    from .vulkan import run_spirv   # Vulkan (ctypes, the loader) loads only when asked

    try:
        outcome = run_spirv(code, pipeline, entry, wave_size=opts.wave_size, repeat=opts.repeat or 1, plan=plan,
                            statistics=opts.statistics)
    except RunError as err:
        stderr.write(f"{source}: error: {err.message}\n")
        return 1
    print_outcome(pipeline, outcome, opts.print_buffers, stdout)
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
