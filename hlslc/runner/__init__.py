"""`hlslc run`: execute a compute dispatch on the CPU or a Vulkan device and
check its results.

    import hlslc

    result = hlslc.compile_file("gemm.hlsl", hlslc.CompileOptions(profile="cs_6_10"))
    run = hlslc.run(result, "gemm.yaml")          # or IR text, or a Pipeline
    run.buffers["Out"]                           # numpy arrays, by buffer name
    run.ok, [o.line() for o in run.outcomes]     # each Result of the pipeline

Stages: `pipeline` (the offload-test-suite file), `executor` and `ops`
(running the IR over every thread at once, with `linalg`, `wavematrix`
and what they share in `base`), `vulkan` with `vk` and
`spirv_info` (running SPIR-V on a Vulkan device), `results` (the
comparison rules), `command` (the `hlslc run` command line).
"""

from __future__ import annotations

from typing import Any

from .cpu import execute
from .errors import RunError
from .limits import DEFAULT_TIMEOUT
from .pipeline import Pipeline, PipelineError, load_pipeline
from .results import RunResult, ir_text_of

__all__ = ["run", "RunResult", "RunError", "Pipeline", "PipelineError", "load_pipeline"]


def run(module_or_result: Any, pipeline: "Pipeline | str", *, entry: str | None = None,
        wave_size: int | None = None, check: bool = False, seed: int = 0, device: str = "cpu",
        repeat: int = 1, wave_matrix_depth: int = 16, statistics: bool = False, engine: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT, max_memory: int | None = None) -> RunResult:
    """Run a module's compute entry for the pipeline's dispatch.

    `module_or_result` is a `CompileResult` of a successful compile or the
    text of a module, or for `device="vulkan"` also a SPIR-V module
    (bytes); `pipeline` a `Pipeline` or the path of a pipeline file (read
    anew, so its buffers start as the file says).  `entry` defaults to the
    pipeline's Compute shader's entry; `wave_size` to the shader's
    [WaveSize], else 32 on the CPU and the device's subgroup size on
    Vulkan; `check` reports reads and writes outside buffers and barriers
    some threads of a group skip; `seed` chooses the element order of the
    opaque matrix layouts (MulOptimal, OuterProductOptimal), which the
    specification leaves open, and the layout
    matrixQueryAccumulatorLayout reports; `wave_matrix_depth` is the K of
    SM 6.8 Wave Matrices (a multiple of 16).  `engine` (CPU): "jit" (the
    default: native code, falling back to the interpreter for a module
    using something the JIT does not run, `RunResult.fallback` saying
    what) or "interp" (the interpreter, the reference; `check` always runs
    it); `RunResult.engine` says which ran.  `device` is "cpu" (the executor) or
    "vulkan" (a Vulkan device: `RunResult.device` names it and
    `gpu_time_ns` is the dispatch's time; `repeat` runs the dispatch that
    many times, on the buffers the one before left; `statistics` also
    reads what the driver says of the compiled pipeline, registers and
    memory for instance, into `RunResult.pipeline_statistics`).  On the
    CPU, `timeout` (seconds, 300 by default; None: no limit) stops a
    dispatch that runs longer with a `RunError`, and `max_memory` (bytes;
    None: half the machine's memory) bounds what the pipeline file and the
    dispatch may take.  `check` findings that are not errors are in
    `RunResult.warnings`; `RunResult.written` names the buffers the
    dispatch stored into.  Raises `PipelineError` for a wrong pipeline file
    (or a dispatch past `max_memory`) and `RunError` for a module that
    cannot run; a Result that does not hold is in `outcomes`, not an
    exception."""
    if isinstance(pipeline, str):
        pipeline = load_pipeline(pipeline, max_memory=max_memory)
    if device not in ("cpu", "vulkan"):
        raise ValueError(f"device must be 'cpu' or 'vulkan', not {device!r}")
    if device == "vulkan":
        from .vulkan import compile_for_pipeline, run_spirv   # Vulkan (ctypes, the loader) loads only when asked

        name = entry or pipeline.compute_shader().entry
        if isinstance(module_or_result, (bytes, bytearray)):
            code, plan = bytes(module_or_result), None
        else:
            code, plan = compile_for_pipeline(module_or_result, name, pipeline)
        return run_spirv(code, pipeline, name, wave_size=wave_size, repeat=repeat, plan=plan,
                         statistics=statistics)
    if statistics:
        raise RunError("pipeline statistics come from a Vulkan driver (device='vulkan')")
    if engine not in (None, "jit", "interp"):
        raise ValueError(f"engine must be 'jit' or 'interp', not {engine!r}")
    if check and engine == "jit":
        raise RunError("check runs on the interpreter (engine='interp'), the reference")
    shader = pipeline.compute_shader()
    if wave_matrix_depth <= 0 or wave_matrix_depth % 16:
        raise RunError(f"wave_matrix_depth must be a positive multiple of 16, not {wave_matrix_depth}")
    return execute(ir_text_of(module_or_result), pipeline, entry or shader.entry, wave_size=wave_size,
                   check=check, seed=seed, wave_matrix_depth=wave_matrix_depth, engine=engine, timeout=timeout,
                   max_memory=max_memory)
