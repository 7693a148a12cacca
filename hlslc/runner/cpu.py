"""A dispatch on the CPU: the executor over a pipeline's buffers, with the
opaque matrix layouts converted on the way in and out, and the Results
checked.

Owns: `execute` (what `hlslc.run(..., device="cpu")` and `hlslc run` call).
Does not own: executing instructions (`executor`, `ops`, `linalg`,
`wavematrix`), reading pipeline files (`pipeline`), comparing buffers
(`results`).
"""

from __future__ import annotations

from typing import Any, Callable

from . import linalg, linalg_dxc, ops, wavematrix  # noqa: F401  (importing them registers their operations)
from .executor import Executor
from .results import RunResult, check as check_results


def execute(module_text: str, pipeline: Any, entry: str, wave_size: int | None = None, check: bool = False,
            seed: int = 0, wave_matrix_depth: int = 16, timeout: float | None = None,
            progress: Callable[[Executor], None] | None = None, max_memory: int | None = None) -> RunResult:
    """Run the dispatch; `timeout` (seconds) stops it with a `RunError`,
    `progress` is called about ten times a second with the executor,
    `max_memory` (bytes; default the pipeline's, from --max-memory) bounds
    what the dispatch may take."""
    linalg.convert_layouts(pipeline.buffers.values(), seed, to_device=True)
    ex = Executor(module_text, pipeline, entry, wave_size=wave_size, check=check, seed=seed, timeout=timeout,
                  progress=progress, max_memory=max_memory)
    ex.wave_matrix_depth = wave_matrix_depth
    ex.run()
    ex.write_back()
    linalg.convert_layouts(pipeline.buffers.values(), seed, to_device=False)
    outcomes = check_results(pipeline)
    result = RunResult({name: buf.data for name, buf in pipeline.buffers.items()}, outcomes, ex.instructions)
    result.warnings = list(ex.warnings)
    result.written = set(ex.written)
    return result
