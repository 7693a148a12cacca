"""A dispatch on the CPU: the JIT (the default) or the interpreter over a
pipeline's buffers, with the opaque matrix layouts converted on the way in
and out, and the Results checked.

Owns: `execute` (what `hlslc.run(..., device="cpu")` and `hlslc run` call)
and the choice of engine: `engine="jit"` (or None) runs the JIT, falling
back to the interpreter for a module using something the JIT does not run
(`RunResult.fallback` says what); `engine="interp"` and `check` run the
interpreter.  Does not own: executing instructions (`executor`, `ops`,
`linalg`, `wavematrix`; `jit`), reading pipeline files (`pipeline`),
comparing buffers (`results`).
"""

from __future__ import annotations

from typing import Any, Callable

from . import linalg, linalg_dxc, ops, wavematrix  # noqa: F401  (importing them registers their operations)
from .errors import RunError
from .executor import Executor
from .jit import Unsupported, run_jit
from .results import RunResult, check as check_results

ENGINES = ("jit", "interp")


def execute(module_text: str, pipeline: Any, entry: str, wave_size: int | None = None, check: bool = False,
            seed: int = 0, wave_matrix_depth: int = 16, engine: str | None = None, timeout: float | None = None,
            progress: Callable[[Any], None] | None = None, max_memory: int | None = None) -> RunResult:
    """Run the dispatch on `engine` ("jit", the default, or "interp";
    `check` runs on the interpreter); `timeout` (seconds) stops it with a
    `RunError`, `progress` is called about ten times a second with the
    executor (or the JIT's `JitProgress`), `max_memory` (bytes; default the
    pipeline's, from --max-memory) bounds what the dispatch may take (a
    module whose JIT frames would take more goes to the interpreter, whose
    check names what does not fit)."""
    if engine is not None and engine not in ENGINES:
        raise RunError(f"engine must be 'jit' or 'interp', not {engine!r}")
    chosen = "interp" if check or engine == "interp" else "jit"
    linalg.convert_layouts(pipeline.buffers.values(), seed, to_device=True)
    fallback = None
    jit = None
    instructions = 0
    warnings: list = []
    written: set = set()
    if chosen == "jit":
        try:
            jit = run_jit(module_text, pipeline, entry, wave_size=wave_size, seed=seed,
                          wave_matrix_depth=wave_matrix_depth, timeout=timeout, max_memory=max_memory,
                          progress=progress)
            written = set(jit.written)
        except Unsupported as why:
            fallback = why
            chosen = "interp"
    if chosen == "interp":
        ex = Executor(module_text, pipeline, entry, wave_size=wave_size, check=check, seed=seed, timeout=timeout,
                      progress=progress, max_memory=max_memory)
        ex.wave_matrix_depth = wave_matrix_depth
        ex.run()
        ex.write_back()
        instructions = ex.instructions
        warnings = list(ex.warnings)
        written = set(ex.written)
    linalg.convert_layouts(pipeline.buffers.values(), seed, to_device=False)
    outcomes = check_results(pipeline)
    result = RunResult({name: buf.data for name, buf in pipeline.buffers.items()}, outcomes, instructions)
    result.warnings = warnings
    result.written = written
    result.engine = chosen
    result.fallback = fallback
    result.jit_source = jit.source if jit is not None else None
    result.compile_seconds = jit.compile_seconds if jit is not None else 0.0
    return result
