"""Comparing a dispatch's buffers with the expected ones: the offload-test-
suite's rules `BufferExact`, `BufferFloatULP` (ULPT) and
`BufferFloatEpsilon` (Epsilon), with the first differing element reported
by index, both values and its position (element and component).
"""

from __future__ import annotations

import numpy as np

from typing import Any

from .errors import RunError
from .pipeline import Buffer, Pipeline, Result


class Outcome:
    """One Result's verdict: `ok`, and what differs when it is not."""

    __slots__ = ("result", "ok", "message")

    def __init__(self, result: Result, ok: bool, message: str) -> None:
        self.result = result
        self.ok = ok
        self.message = message

    def line(self) -> str:
        return f"{self.result.name}: {'pass' if self.ok else 'FAIL'}" + ("" if self.ok else f": {self.message}")


def _position(buf: Buffer, index: int) -> str:
    channels = max(buf.channels, 1)
    if buf.stride and buf.stride > buf.dtype.itemsize:
        per = buf.stride // buf.dtype.itemsize
        return f"element {index // per}, component {index % per}"
    if channels > 1:
        return f"element {index // channels}, component {index % channels}"
    return f"element {index}"


def _ulp_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distance in units in the last place between floats of one width."""
    bits = {2: np.int16, 4: np.int32, 8: np.int64}[a.dtype.itemsize]
    ia = a.view(bits).astype(np.int64)
    ib = b.view(bits).astype(np.int64)
    top = np.int64(1) << np.int64(a.dtype.itemsize * 8 - 1)
    # Map sign-magnitude to a monotonic integer line.
    ia = np.where(ia < 0, -(ia + top) if a.dtype.itemsize < 8 else -(ia & ~top), ia)
    ib = np.where(ib < 0, -(ib + top) if a.dtype.itemsize < 8 else -(ib & ~top), ib)
    return np.abs(ia - ib)


def _flush(x: np.ndarray) -> np.ndarray:
    tiny = np.finfo(x.dtype).tiny
    return np.where(np.abs(x) < tiny, np.zeros_like(x), x)


def _float_same(r: Result, a: np.ndarray, e: np.ndarray) -> np.ndarray:
    if r.denorm == "FTZ":
        a, e = _flush(a), _flush(e)
    a64, e64 = a.astype(np.float64), e.astype(np.float64)
    nan_both = np.isnan(a64) & np.isnan(e64)
    if r.rule == "BufferFloatULP":
        return nan_both | (a64 == e64) | (_ulp_distance(a.astype(e.dtype), e) <= r.ulpt)
    with np.errstate(all="ignore"):
        return nan_both | (a64 == e64) | (np.abs(a64 - e64) <= r.epsilon)


def check(pipeline: Pipeline) -> list[Outcome]:
    out = []
    for r in pipeline.results:
        actual, expected = pipeline.buffers[r.actual], pipeline.buffers[r.expected]
        out.append(_check_one(r, actual, expected))
    return out


def _check_one(r: Result, actual: Buffer, expected: Buffer) -> Outcome:
    a, e = actual.data, expected.data
    if a.dtype != e.dtype and r.rule == "BufferExact":
        if a.nbytes != e.nbytes:
            return Outcome(r, False, f"'{actual.name}' is {actual.format} and '{expected.name}' is "
                                     f"{expected.format}, of different sizes")
        # The offloader compares the bytes: a Float64 buffer against Hex64.
        a, e = a.view(np.uint8), e.view(np.uint8)
        width = min(actual.dtype.itemsize, expected.dtype.itemsize)
        a, e = a.view(f"u{width}"), e.view(f"u{width}")
    if len(a) != len(e):
        return Outcome(r, False, f"'{actual.name}' has {len(a)} elements and '{expected.name}' {len(e)}")
    if r.rule == "BufferExact":
        if a.dtype.kind == "f":
            same = (a.view(f"u{a.dtype.itemsize}") == e.view(f"u{e.dtype.itemsize}")) | ((a == e) & (a == 0))
            same |= np.isnan(a) & np.isnan(e)
        else:
            same = a == e
    else:
        same = _float_same(r, a, e)
        if r.denorm == "Any":
            # A denormal on either side may have been flushed to zero.
            same |= _float_same(r, _flush(a), _flush(e))
        a64, e64 = a.astype(np.float64), e.astype(np.float64)
        if r.zero_tolerance:
            same |= (np.abs(e64) <= r.zero_tolerance) & (np.abs(a64) <= r.zero_tolerance)
    bad = np.nonzero(~same)[0]
    if not len(bad):
        return Outcome(r, True, "")
    k = int(bad[0])
    return Outcome(r, False, f"{len(bad)} of {len(a)} elements differ; the first at index {k} "
                             f"({_position(actual, k)}): '{actual.name}' has {_show(a[k])}, "
                             f"'{expected.name}' has {_show(e[k])}")


def _show(v: np.generic) -> str:
    if isinstance(v, np.floating):
        return repr(float(v))
    return str(int(v))


class RunResult:
    """What `hlslc.run` returns: the buffers after the dispatch (numpy
    arrays by name), each Result's verdict, and counters.  On a Vulkan
    device also the device's name, the subgroup size, the time of each
    dispatch in nanoseconds from GPU timestamps (`gpu_time_ns` is their
    median; None where the queue has no timestamps or on the CPU), and,
    when asked for, the driver's statistics of the compiled pipeline
    (`pipeline_statistics`: `PipelineStatistic`s)."""

    def __init__(self, buffers: dict[str, np.ndarray], outcomes: list[Any], instructions: int) -> None:
        self.buffers = buffers
        self.outcomes = outcomes
        self.instructions = instructions
        self.device = "cpu"
        self.engine = "interp"              # on the CPU: "jit" or "interp", the engine that ran it
        self.fallback: Any = None           # why the JIT did not run it (jit.Unsupported: what, line)
        self.jit_source: str | None = None  # the JIT's compiled module: "compiled", "memory" or "disk"
        self.compile_seconds = 0.0
        self.subgroup_size: int | None = None
        self.gpu_times_ns: list[float] = []
        self.pipeline_statistics: list[Any] = []
        # --check's findings that do not stop the dispatch: (message, IR line).
        self.warnings: list[tuple[str, int | None]] = []
        # The buffers the dispatch stored into (on Vulkan: those bound to be
        # written), by name.
        self.written: set[str] = set()

    @property
    def ok(self) -> bool:
        return all(o.ok for o in self.outcomes)

    @property
    def gpu_time_ns(self) -> float | None:
        if not self.gpu_times_ns:
            return None
        return float(np.median(self.gpu_times_ns))


def ir_text_of(module_or_result: Any) -> str:
    """The IR text of a `CompileResult`, or the text itself."""
    if isinstance(module_or_result, str):
        return module_or_result
    text = getattr(module_or_result, "ir_text", None) or getattr(module_or_result, "output", None)
    if not text:
        raise RunError("the compile produced no module to run (did it fail?)")
    return text
