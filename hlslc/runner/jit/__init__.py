"""The JIT engine of `hlslc run`: a dispatch's IR compiled to native code
with llvmlite and run over the whole dispatch on every core (`compiler`
translates, `ops` and `linalg` the `dx.op` operations, `memory` memory
access, `engine` compiles, caches and runs).  The interpreter
(`hlslc.runner.executor`) stays the reference; a module using something
the JIT does not run raises `Unsupported`, and the caller runs it on the
interpreter instead.
"""

from __future__ import annotations

import os
from typing import Any

from ...dxil import reader as R
from ..binding import Bindings
from ..errors import RunError
from .base import Unsupported
from .compiler import choose_plan
from .engine import compile_for, optimisation_level, run_dispatch

__all__ = ["run_jit", "Unsupported"]


class JitRun:
    """What a JIT dispatch reports: where its compiled module came from
    ('compiled', 'memory' or 'disk'), how long compiling took, and the
    buffers the dispatch stored into (`written`, their names)."""

    def __init__(self, source: str, compile_seconds: float, written: set[str]) -> None:
        self.source = source
        self.compile_seconds = compile_seconds
        self.written = written


_MODULES: dict[str, R.Module] = {}
_ENTRIES: dict[tuple[str, str], tuple] = {}


def _read(module_text: str) -> R.Module:
    """The module's records (kept for the texts read last: a module run
    again is not read again; the JIT does not change them)."""
    mod = _MODULES.get(module_text)
    if mod is None:
        try:
            mod = R.read_module(module_text)
        except R.ParseError as err:
            raise RunError(f"cannot read the module: {err}") from None
        if len(_MODULES) >= 8:
            _MODULES.pop(next(iter(_MODULES)))
        _MODULES[module_text] = mod
    return mod


def run_jit(module_text: str, pipeline: Any, entry: str, wave_size: int | None = None, seed: int = 0,
            wave_matrix_depth: int = 16, timeout: float | None = None, use_cache: bool = True,
            max_memory: int | None = None, progress: Any = None) -> JitRun:
    """Run the entry over the pipeline's dispatch, the pipeline's buffers
    written in place.  Raises `Unsupported` (before anything runs) for a
    module the JIT does not run, `RunError` for one that fails."""
    mod = _read(module_text)
    fn = mod.functions.get("@" + entry)
    if fn is None or not fn.defined:
        raise RunError(f"the module has no entry function '{entry}'")
    binding = Bindings(mod, pipeline, fn, copy=False)
    # (the entry's numthreads and wave size, read from the metadata once)
    found = _ENTRIES.get((module_text, entry))
    if found is None or found[0] is not mod:
        if len(_ENTRIES) >= 16:
            _ENTRIES.clear()
        found = _ENTRIES[(module_text, entry)] = (mod, binding.numthreads(entry), binding.wave_size(entry))
    threads = found[1]
    wave = wave_size or found[2] or 32
    gx, gy, gz = pipeline.dispatch
    if gx * gy * gz >= 1 << 32:
        raise Unsupported(f"a dispatch of {gx * gy * gz} groups (the JIT counts at most 2^32 - 1)")
    widest = os.environ.get("HLSLC_JIT_WIDTH", "")
    plan = choose_plan(fn, wave, threads, gx * gy * gz, int(widest) if widest.isdigit() and int(widest) >= 4 else 32)
    level = optimisation_level(gx * gy * gz * threads[0] * threads[1] * threads[2])
    module = compile_for(mod, module_text, fn, binding, plan, threads, seed, wave_matrix_depth, use_cache, level)
    limit = max_memory if max_memory is not None else pipeline.max_memory
    need = (module.meta["worker_bytes"] + 128) * (os.cpu_count() or 1)
    if limit is not None and need > limit:
        raise Unsupported(f"frames of {need} bytes for its workers (more than --max-memory)")
    written = run_dispatch(module, binding, pipeline.dispatch, timeout, progress)
    binding.write_back()
    return JitRun(module.source, module.compile_seconds if module.source == "compiled" else 0.0, written)
