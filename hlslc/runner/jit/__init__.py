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
from .engine import compile_for, run_dispatch

__all__ = ["run_jit", "Unsupported"]


class JitRun:
    """What a JIT dispatch reports: where its compiled module came from
    ('compiled', 'memory' or 'disk') and how long compiling took."""

    def __init__(self, source: str, compile_seconds: float) -> None:
        self.source = source
        self.compile_seconds = compile_seconds


_MODULES: dict[str, R.Module] = {}


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
            wave_matrix_depth: int = 16, timeout: float | None = None, use_cache: bool = True) -> JitRun:
    """Run the entry over the pipeline's dispatch, the pipeline's buffers
    written in place.  Raises `Unsupported` (before anything runs) for a
    module the JIT does not run, `RunError` for one that fails."""
    mod = _read(module_text)
    fn = mod.functions.get("@" + entry)
    if fn is None or not fn.defined:
        raise RunError(f"the module has no entry function '{entry}'")
    binding = Bindings(mod, pipeline, fn, copy=False)
    threads = binding.numthreads(entry)
    wave = wave_size or binding.wave_size(entry) or 32
    gx, gy, gz = pipeline.dispatch
    widest = os.environ.get("HLSLC_JIT_WIDTH", "")
    plan = choose_plan(fn, wave, threads, gx * gy * gz, int(widest) if widest.isdigit() and int(widest) >= 4 else 32)
    module = compile_for(mod, module_text, fn, binding, plan, threads, seed, wave_matrix_depth, use_cache)
    run_dispatch(module, binding, pipeline.dispatch, timeout)
    binding.write_back()
    return JitRun(module.source, module.compile_seconds if module.source == "compiled" else 0.0)
