"""Random compute programs for `hlslc run`, each with an independent model
of what it computes.

`generate(seed)` makes a `Case`: an HLSL compute shader, its pipeline file
and the buffers the model says the dispatch leaves.  The programs mix
integer and float arithmetic, casts, vectors and swizzles, divergent
branches and loops with early exits (return, break, continue), switches
(with a case falling through), inlined helpers with early returns, wave
operations under divergence, groupshared memory with barriers, atomics on
buffers and on groupshared memory; one in eight is a dx::linalg program
instead (Thread-scope matrix-vector products, Wave-scope matrix products)
with distinct values, small enough that every sum is exact in float32.

The model is a second implementation written from HLSL's semantics, not
from the executor's code: it runs the program's syntax tree over all
threads at once with an active mask per statement, which is what
structured reconvergence means (the threads of an `if` meet again after
it; those that leave a loop, switch or function wait for the others), and
evaluates each operation with numpy as D3D defines it (wrapping integers,
float32 with denormals flushed, the wave operations over the active lanes
of each wave).  Where HLSL leaves a result open (float sums in another
order, a float's NaN bits, integer division by zero), the generator does
not go: divisors are made nonzero, float values stay bounded, float wave
reductions are min/max only.

`run_case(case, engine)` compiles the case with hlslc and runs it on the
CPU with the given engine ("interp", or "jit" once hlslc has it); the
test compares the buffers with the model's and, where both engines run,
with each other.
"""

from __future__ import annotations

import inspect
import random
from typing import Any, Callable

import numpy as np

F32 = np.float32
U32 = np.uint32
I32 = np.int32
TINY = np.float32(np.finfo(np.float32).tiny)
FLOAT_BOUND = 65536.0


def ftz(x: np.ndarray) -> np.ndarray:
    """float32 denormals flushed to a zero of their sign (D3D's default)."""
    x = np.asarray(x, dtype=F32)
    return np.where(np.abs(x) < TINY, np.copysign(F32(0), x), x).astype(F32)


def _dtype(t: str) -> np.dtype:
    base = t.rstrip("234")
    return {"uint": np.dtype(U32), "int": np.dtype(I32), "float": np.dtype(F32), "bool": np.dtype(bool)}[base]


def _width(t: str) -> int:
    return int(t[-1]) if t[-1] in "234" else 1


# ---------------------------------------------------------------------------
# Expressions: a type, the HLSL text, and a function of the model's state.

class E:
    __slots__ = ("t", "text", "fn")

    def __init__(self, t: str, text: str, fn: Callable[["Model"], np.ndarray]) -> None:
        self.t = t
        self.text = text
        self.fn = fn


def _bin(t: str, a: E, op: str, b: E, fn: Callable) -> E:
    return E(t, f"({a.text} {op} {b.text})", lambda m: fn(a.fn(m), b.fn(m)))


def _call(t: str, name: str, args: list[E], fn: Callable) -> E:
    return E(t, f"{name}({', '.join(a.text for a in args)})", lambda m: fn(*(a.fn(m) for a in args)))


def _sdiv(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    a64, b64 = a.astype(np.int64), b.astype(np.int64)
    q = np.abs(a64) // np.abs(b64) * np.sign(a64) * np.sign(b64)
    return q.astype(np.int64).astype(I32)


def _srem(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    a64, b64 = a.astype(np.int64), b.astype(np.int64)
    q = np.abs(a64) // np.abs(b64) * np.sign(a64) * np.sign(b64)
    return (a64 - q * b64).astype(I32)


def _fop(fn: Callable) -> Callable:
    def run(a, b):
        with np.errstate(all="ignore"):
            return ftz(fn(ftz(a), ftz(b)).astype(F32))
    return run


def _clampf(x: np.ndarray) -> np.ndarray:
    return np.fmin(np.fmax(x, F32(-FLOAT_BOUND)), F32(FLOAT_BOUND)).astype(F32)


def _f2u(x: np.ndarray) -> np.ndarray:
    return np.clip(np.nan_to_num(x.astype(np.float64)), 0, 4294967295).astype(np.uint64).astype(U32)


def _f2i(x: np.ndarray) -> np.ndarray:
    return np.clip(np.nan_to_num(x.astype(np.float64)), -2147483648, 2147483647).astype(np.int64).astype(I32)


def _countbits(x: np.ndarray) -> np.ndarray:
    v = x.astype(np.uint64)
    out = np.zeros(v.shape, dtype=U32)
    for k in range(32):
        out += ((v >> np.uint64(k)) & np.uint64(1)).astype(U32)
    return out


def _reversebits(x: np.ndarray) -> np.ndarray:
    v = x.astype(np.uint64)
    out = np.zeros(v.shape, dtype=np.uint64)
    for k in range(32):
        out |= ((v >> np.uint64(k)) & np.uint64(1)) << np.uint64(31 - k)
    return out.astype(U32)


def _firstbithigh(x: np.ndarray) -> np.ndarray:
    v = x.astype(np.uint64)
    out = np.full(v.shape, 0xFFFFFFFF, dtype=np.uint64)
    for k in range(32):
        out = np.where((v >> np.uint64(k)) & np.uint64(1), np.uint64(k), out)
    return out.astype(U32)


def _firstbitlow(x: np.ndarray) -> np.ndarray:
    v = x.astype(np.uint64)
    out = np.full(v.shape, 0xFFFFFFFF, dtype=np.uint64)
    for k in range(31, -1, -1):
        out = np.where((v >> np.uint64(k)) & np.uint64(1), np.uint64(k), out)
    return out.astype(U32)


# ---------------------------------------------------------------------------
# Statements: `emit(indent)` writes HLSL, `run(model, active)` runs them for
# the active threads and returns the threads that carry on after them.

class Stmt:
    def emit(self, ind: str) -> list[str]:
        raise NotImplementedError

    def run(self, m: "Model", active: np.ndarray) -> np.ndarray:
        raise NotImplementedError


def _emit_block(stmts: list[Stmt], ind: str) -> list[str]:
    out: list[str] = []
    for s in stmts:
        out.extend(s.emit(ind))
    return out


def run_block(m: "Model", stmts: list[Stmt], active: np.ndarray) -> np.ndarray:
    for s in stmts:
        if not active.any():
            break
        active = s.run(m, active)
    return active


class Assign(Stmt):
    def __init__(self, var: str, t: str, expr: E, comps: str = "") -> None:
        self.var, self.t, self.expr, self.comps = var, t, expr, comps

    def emit(self, ind):
        target = self.var + ("." + self.comps if self.comps else "")
        return [f"{ind}{target} = {self.expr.text};"]

    def run(self, m, active):
        value = self.expr.fn(m)
        old = m.vars[self.var]
        if self.comps:
            idx = ["xyzw".index(c) for c in self.comps]
            new = old.copy()
            v = value if value.ndim == 2 else value[:, None]
            for k, c in enumerate(idx):
                new[:, c] = v[:, k]
            value = new
        m.vars[self.var] = np.where(active[:, None] if old.ndim == 2 else active, value.astype(old.dtype), old)
        return active


class Store(Stmt):
    """Out[slot * threads + tid] = the value's bits as a uint."""

    def __init__(self, slot: int, expr: E) -> None:
        self.slot, self.expr = slot, expr

    def emit(self, ind):
        return [f"{ind}Out[{self.slot} * THREADS + tid] = {_as_uint(self.expr).text};"]

    def run(self, m, active):
        value = _as_uint(self.expr).fn(m)
        base = self.slot * m.n
        out = m.buffers["Out"]
        idx = np.nonzero(active)[0]
        out[base + idx] = value[idx]
        return active


def _as_uint(e: E) -> E:
    if e.t == "uint":
        return e
    if e.t == "int":
        return E("uint", f"(uint){e.text}", lambda m: e.fn(m).view(U32))
    if e.t == "float":
        return E("uint", f"asuint({e.text})", lambda m: e.fn(m).view(U32))
    if e.t == "bool":
        return E("uint", f"(uint){e.text}", lambda m: e.fn(m).astype(U32))
    raise ValueError(e.t)


class If(Stmt):
    def __init__(self, cond: E, then: list[Stmt], other: list[Stmt] | None) -> None:
        self.cond, self.then, self.other = cond, then, other

    def emit(self, ind):
        out = [f"{ind}if ({self.cond.text}) {{"] + _emit_block(self.then, ind + "  ")
        if self.other is not None:
            out += [f"{ind}}} else {{"] + _emit_block(self.other, ind + "  ")
        return out + [f"{ind}}}"]

    def run(self, m, active):
        c = self.cond.fn(m).astype(bool)
        a = run_block(m, self.then, active & c)
        b = run_block(m, self.other, active & ~c) if self.other is not None else active & ~c
        return a | b


class Loop(Stmt):
    """`for`, `while` (counter stepped first) or `do ... while` over a
    counter that only the loop writes, with a bound per thread."""

    def __init__(self, kind: str, var: str, bound: E, body: list[Stmt]) -> None:
        self.kind, self.var, self.bound, self.body = kind, var, bound, body

    def emit(self, ind):
        v, b = self.var, self.bound.text
        inner = _emit_block(self.body, ind + "  ")
        if self.kind == "for":
            return [f"{ind}for (uint {v} = 0; {v} < {b}; {v}++) {{"] + inner + [f"{ind}}}"]
        if self.kind == "while":
            return [f"{ind}uint {v} = 0;", f"{ind}while ({v} < {b}) {{", f"{ind}  {v}++;"] + inner + [f"{ind}}}"]
        return [f"{ind}uint {v} = 0;", f"{ind}do {{", f"{ind}  {v}++;"] + inner + [f"{ind}}} while ({v} < {b});"]

    def run(self, m, active):
        saved = m.vars.get(self.var)
        m.vars[self.var] = np.zeros(m.n, dtype=U32)
        m.loops.append([np.zeros(m.n, dtype=bool), np.zeros(m.n, dtype=bool)])   # broken, continued
        m.breakable.append(m.loops[-1])
        left = np.zeros(m.n, dtype=bool)
        current = active
        first = True
        while current.any():
            if self.kind == "for":
                go = current & (m.vars[self.var] < self.bound.fn(m))
            elif self.kind == "while":
                go = current & (m.vars[self.var] < self.bound.fn(m))
            else:
                go = current if first else current & (m.vars[self.var] < self.bound.fn(m))
            first = False
            left |= current & ~go
            if self.kind != "for":
                m.vars[self.var] = np.where(go, m.vars[self.var] + U32(1), m.vars[self.var]).astype(U32)
            m.loops[-1][1] = np.zeros(m.n, dtype=bool)
            end = run_block(m, self.body, go) | m.loops[-1][1]
            if self.kind == "for":
                m.vars[self.var] = np.where(end, m.vars[self.var] + U32(1), m.vars[self.var]).astype(U32)
            current = end
        broken = m.loops.pop()[0]
        m.breakable.pop()
        if saved is None:
            del m.vars[self.var]
        else:
            m.vars[self.var] = saved
        return left | broken


class Switch(Stmt):
    """`switch (sel & 3)`: cases 0..2 (each may fall through into the next)
    and a default."""

    def __init__(self, sel: E, cases: list[tuple[int | None, list[Stmt], bool]]) -> None:
        self.sel, self.cases = sel, cases      # (value or None for default, body, ends with break)

    def emit(self, ind):
        out = [f"{ind}switch ({self.sel.text} & 3u) {{"]
        for value, body, ends in self.cases:
            out.append(f"{ind}case {value}:" if value is not None else f"{ind}default:")
            out += _emit_block(body, ind + "  ")
            if ends:
                out.append(f"{ind}  break;")
        return out + [f"{ind}}}"]

    def run(self, m, active):
        sel = self.sel.fn(m) & U32(3)
        values = [v for v, _, _ in self.cases if v is not None]
        ctx = [np.zeros(m.n, dtype=bool), None]
        m.breakable.append(ctx)
        falling = np.zeros(m.n, dtype=bool)
        after = np.zeros(m.n, dtype=bool)
        for value, body, ends in self.cases:
            if value is None:
                mine = active & ~np.isin(sel, values)
            else:
                mine = active & (sel == value)
            out = run_block(m, body, mine | falling)
            if ends:
                after |= out
                falling = np.zeros(m.n, dtype=bool)
            else:
                falling = out
        m.breakable.pop()
        skipped = np.zeros(m.n, dtype=bool) if any(v is None for v, _, _ in self.cases) else \
            active & ~np.isin(sel, values)
        return after | falling | ctx[0] | skipped


class Break(Stmt):
    def emit(self, ind):
        return [f"{ind}break;"]

    def run(self, m, active):
        m.breakable[-1][0] |= active
        return np.zeros(m.n, dtype=bool)


class Continue(Stmt):
    def emit(self, ind):
        return [f"{ind}continue;"]

    def run(self, m, active):
        m.loops[-1][1] |= active
        return np.zeros(m.n, dtype=bool)


class Return(Stmt):
    def __init__(self, expr: E | None) -> None:
        self.expr = expr

    def emit(self, ind):
        return [f"{ind}return;" if self.expr is None else f"{ind}return {self.expr.text};"]

    def run(self, m, active):
        if self.expr is not None:
            m.ret = np.where(active, self.expr.fn(m), m.ret).astype(U32)
        return np.zeros(m.n, dtype=bool)


class Wave(Stmt):
    """`var = WaveOp(arg);` over each wave's active lanes."""

    def __init__(self, var: str, t: str, op: str, arg: E | None) -> None:
        self.var, self.t, self.op, self.arg = var, t, op, arg

    def emit(self, ind):
        args = self.arg.text if self.arg is not None else ""
        return [f"{ind}{self.var} = {_WAVE_TEXT[self.op]}({args});"]

    def run(self, m, active):
        value = self.arg.fn(m) if self.arg is not None else None
        result = m.wave_op(self.op, value, active)
        old = m.vars[self.var]
        m.vars[self.var] = np.where(active, result.astype(old.dtype), old)
        return active


class Atomic(Stmt):
    """InterlockedOp(Acc[index % ACC], value) on the buffer."""

    def __init__(self, op: str, index: E, value: E) -> None:
        self.op, self.index, self.value = op, index, value

    def emit(self, ind):
        return [f"{ind}Interlocked{self.op}(Acc[{self.index.text} % ACC], {self.value.text});"]

    def run(self, m, active):
        acc = m.buffers["Acc"]
        idx = self.index.fn(m) % U32(len(acc))
        val = self.value.fn(m)
        for k in np.nonzero(active)[0]:
            acc[idx[k]] = _atomic(self.op, acc[idx[k]], val[k])
        return active


def _atomic(op: str, old: Any, v: Any) -> Any:
    old, v = int(old), int(v)
    if op == "Add":
        return (old + v) & 0xFFFFFFFF
    if op == "Or":
        return old | v
    if op == "And":
        return old & v
    if op == "Xor":
        return old ^ v
    if op == "Max":
        return max(old, v)
    if op == "Min":
        return min(old, v)
    raise ValueError(op)


class Shared(Stmt):
    """Groupshared memory at the top level of the entry (every thread of
    the group there): write, barrier, read another thread's, barrier; or a
    histogram zeroed, then atomics into it, then read."""

    def __init__(self, kind: str, var: str, value: E, shift: int, cond: E | None = None) -> None:
        self.kind, self.var, self.value, self.shift, self.cond = kind, var, value, shift, cond

    def emit(self, ind):
        sync = f"{ind}GroupMemoryBarrierWithGroupSync();"
        if self.kind == "exchange":
            return [f"{ind}Tile[gi] = {self.value.text};", sync,
                    f"{ind}{self.var} = Tile[(gi + {self.shift}u) % GROUP];", sync]
        return [f"{ind}if (gi < 4)", f"{ind}  Hist[gi] = 0;", sync,
                f"{ind}if ({self.cond.text})",
                f"{ind}  InterlockedAdd(Hist[{self.value.text} & 3u], {self.shift}u);", sync,
                f"{ind}{self.var} = Hist[gi & 3u];", sync]

    def run(self, m, active):
        g = m.group_size
        groups = m.n // g
        old = m.vars[self.var]
        if self.kind == "exchange":
            tile = self.value.fn(m).reshape(groups, g)
            src = (np.arange(g) + self.shift) % g
            new = tile[:, src].reshape(-1)
        else:
            hist = np.zeros((groups, 4), dtype=U32)
            c = self.cond.fn(m).astype(bool) & active
            bucket = self.value.fn(m) & U32(3)
            for t in np.nonzero(c)[0]:
                hist[t // g, bucket[t]] += U32(self.shift)
            new = hist[np.arange(m.n) // g, np.arange(m.n) % g & 3]
        m.vars[self.var] = np.where(active, new.astype(old.dtype), old)
        return active


class Call(Stmt):
    """`var = helperN(a, b);` an inlined helper with early returns."""

    def __init__(self, var: str, helper: "Helper", args: list[E]) -> None:
        self.var, self.helper, self.args = var, helper, args

    def emit(self, ind):
        return [f"{ind}{self.var} = {self.helper.name}({', '.join(a.text for a in self.args)});"]

    def run(self, m, active):
        values = [a.fn(m) for a in self.args]
        saved_vars, saved_ret, saved_loops, saved_breakable = m.vars, m.ret, m.loops, m.breakable
        m.vars = {"gi": saved_vars["gi"], "tid": saved_vars["tid"]}
        for name, v in zip(self.helper.params, values):
            m.vars[name] = v.copy()
        for name in self.helper.locals:
            m.vars[name] = m.vars[self.helper.params[0]].copy()
        m.ret = np.zeros(m.n, dtype=U32)
        m.loops, m.breakable = [], []
        run_block(m, self.helper.body, active)
        ret = m.ret
        m.vars, m.ret, m.loops, m.breakable = saved_vars, saved_ret, saved_loops, saved_breakable
        m.vars[self.var] = np.where(active, ret, m.vars[self.var]).astype(U32)
        return active


class Helper:
    def __init__(self, name: str, params: list[str], locals_: list[str], body: list[Stmt]) -> None:
        self.name, self.params, self.locals, self.body = name, params, locals_, body

    def emit(self) -> list[str]:
        head = f"uint {self.name}({', '.join('uint ' + p for p in self.params)}) {{"
        decls = [f"  uint {v} = {self.params[0]};" for v in self.locals]
        return [head] + decls + _emit_block(self.body, "  ") + ["}", ""]


# ---------------------------------------------------------------------------
# Wave operations

_WAVE_TEXT = {"sum": "WaveActiveSum", "product": "WaveActiveProduct", "min": "WaveActiveMin",
              "max": "WaveActiveMax", "or": "WaveActiveBitOr", "and": "WaveActiveBitAnd",
              "xor": "WaveActiveBitXor", "first": "WaveReadLaneFirst", "prefix": "WavePrefixSum",
              "prefixcount": "WavePrefixCountBits", "count": "WaveActiveCountBits", "all": "WaveActiveAllTrue",
              "any": "WaveActiveAnyTrue", "equal": "WaveActiveAllEqual", "lane": "WaveGetLaneIndex",
              "isfirst": "WaveIsFirstLane", "lanecount": "WaveGetLaneCount"}


# ---------------------------------------------------------------------------
# The model

class Model:
    def __init__(self, n: int, group_size: int, wave_size: int, inputs: dict[str, np.ndarray]) -> None:
        self.n = n
        self.group_size = group_size
        self.wave_size = wave_size
        flat = np.arange(n) % group_size
        self.wave = (np.arange(n) // group_size) * (-(-group_size // wave_size)) + flat // wave_size
        self.lane = (flat % wave_size).astype(U32)
        self.buffers = {k: v.copy() for k, v in inputs.items()}
        self.vars: dict[str, np.ndarray] = {"gi": flat.astype(U32), "tid": np.arange(n, dtype=U32)}
        self.loops: list[list[Any]] = []
        self.breakable: list[list[Any]] = []
        self.ret = np.zeros(n, dtype=U32)

    def wave_op(self, op: str, v: np.ndarray | None, active: np.ndarray) -> np.ndarray:
        n = self.n
        if op == "lane":
            return self.lane.copy()
        if op == "lanecount":
            return np.full(n, self.wave_size, dtype=U32)
        out = np.zeros(n, dtype=bool if op in ("all", "any", "equal", "isfirst") else
                       (U32 if op in ("count", "prefixcount") else v.dtype))
        for w in np.unique(self.wave[active]):
            lanes = np.nonzero((self.wave == w) & active)[0]
            x = v[lanes] if v is not None else None
            with np.errstate(all="ignore"):
                if op == "sum":
                    r = x.astype(np.uint64).sum() & 0xFFFFFFFF if x.dtype == U32 else \
                        np.int64(x.astype(np.int64).sum()).astype(np.int64)
                    out[lanes] = np.array(r).astype(np.int64).astype(x.dtype) if x.dtype != U32 else r
                elif op == "product":
                    acc = 1
                    for e in x.astype(np.int64):
                        acc = (acc * int(e)) & 0xFFFFFFFF
                    out[lanes] = np.array(acc, dtype=np.uint64).astype(U32).view(x.dtype)
                elif op in ("min", "max"):
                    out[lanes] = (x.min() if op == "min" else x.max())
                elif op in ("or", "and", "xor"):
                    fn = {"or": np.bitwise_or, "and": np.bitwise_and, "xor": np.bitwise_xor}[op]
                    out[lanes] = fn.reduce(x)
                elif op == "first":
                    out[lanes] = x[0]
                elif op == "prefix":
                    acc = 0
                    for lane in lanes:
                        out[lane] = np.array(acc & 0xFFFFFFFF, dtype=np.uint64).astype(U32).view(v.dtype)
                        acc += int(v[lane].astype(np.int64)) if v.dtype != U32 else int(v[lane])
                elif op == "prefixcount":
                    acc = 0
                    for lane in lanes:
                        out[lane] = acc
                        acc += int(bool(v[lane]))
                elif op == "count":
                    out[lanes] = int(x.astype(bool).sum())
                elif op == "all":
                    out[lanes] = bool(x.all())
                elif op == "any":
                    out[lanes] = bool(x.any())
                elif op == "equal":
                    out[lanes] = bool((x == x[0]).all())
                elif op == "isfirst":
                    out[lanes[0]] = True
        return out


# ---------------------------------------------------------------------------
# The generator

SHAPES = [(32, 1, 1), (64, 1, 1), (16, 2, 1), (8, 4, 2), (48, 1, 1), (4, 4, 4), (96, 1, 1), (20, 1, 1)]


class Case:
    """One program: `source`, `pipeline` (YAML text), `profile`,
    `wave_size`, `expected` (buffer name -> what the model computes)."""

    def __init__(self, seed: int, kind: str, source: str, pipeline: str, profile: str, wave_size: int,
                 expected: dict[str, np.ndarray]) -> None:
        self.seed = seed
        self.kind = kind
        self.source = source
        self.pipeline = pipeline
        self.profile = profile
        self.wave_size = wave_size
        self.expected = expected


class Gen:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.slot = 0
        self.loop_var = 0
        self.depth = 0
        self.in_loop = 0
        self.in_breakable = 0
        self.returned = False        # a return was made: no barrier after it
        self.helpers: list[Helper] = []
        self.scope_vars: dict[str, str] = {}
        self.readonly: list[str] = []
        self.in_helper = False

    # -- expressions ---------------------------------------------------------

    def lit(self, t: str) -> E:
        r = self.r
        if t == "uint":
            v = r.choice([r.randrange(0, 16), r.randrange(0, 1000), r.randrange(0, 1 << 32)])
            return E("uint", f"{v}u", lambda m, v=v: np.full(m.n, v, dtype=U32))
        if t == "int":
            v = r.randrange(-1000, 1000)
            text = f"{v}" if v >= 0 else f"({v})"
            return E("int", text, lambda m, v=v: np.full(m.n, v, dtype=I32))
        if t == "float":
            v = r.randrange(-64, 64) / 8
            return E("float", f"{v!r}f" if v >= 0 else f"({v!r}f)", lambda m, v=v: np.full(m.n, v, dtype=F32))
        if t == "bool":
            v = r.random() < 0.5
            return E("bool", "true" if v else "false", lambda m, v=v: np.full(m.n, v, dtype=bool))
        k = _width(t)
        parts = [self.lit(t.rstrip("234")) for _ in range(k)]
        return self.construct(t, parts)

    def construct(self, t: str, parts: list[E]) -> E:
        dt = _dtype(t)
        return E(t, f"{t}({', '.join(p.text for p in parts)})",
                 lambda m: np.stack([p.fn(m).astype(dt) for p in parts], axis=1))

    def var_of(self, t: str) -> E | None:
        names = [v for v, vt in self.scope_vars.items() if vt == t] + \
                ([v for v in self.readonly] if t == "uint" else [])
        if not names:
            return None
        name = self.r.choice(names)
        return E(t, name, lambda m, name=name: m.vars[name])

    def expr(self, t: str, depth: int = 0) -> E:
        r = self.r
        if depth > 3 or r.random() < 0.25:
            leaf = self.leaf(t)
            if leaf is not None:
                return leaf
        if t.rstrip("234") != t and t not in ("uint", "int", "float", "bool"):
            return self.vector(t, depth)
        return getattr(self, "e_" + t)(depth + 1)

    def leaf(self, t: str) -> E | None:
        r = self.r
        if t in ("uint", "int", "float") and r.random() < 0.25:
            return self.lit(t)
        if t == "uint" and r.random() < 0.2 and not self.in_helper:
            return r.choice([E("uint", "gi", lambda m: m.vars["gi"]), E("uint", "tid", lambda m: m.vars["tid"])])
        if t in ("uint", "float") and r.random() < 0.2 and not self.in_helper:
            idx = self.expr("uint", 3)
            buf, n = ("In", 64) if t == "uint" else ("InF", 64)
            return E(t, f"{buf}[{idx.text} % {n}u]",
                     lambda m, idx=idx, buf=buf, n=n: m.buffers[buf][idx.fn(m) % U32(n)])
        v = self.var_of(t)
        if v is not None:
            return v
        return self.lit(t) if t != "bool" else None

    def e_uint(self, d: int) -> E:
        r = self.r
        k = r.randrange(14)
        a = self.expr("uint", d)
        if k == 0:
            return _bin("uint", a, "+", self.expr("uint", d), lambda x, y: x + y)
        if k == 1:
            return _bin("uint", a, "-", self.expr("uint", d), lambda x, y: x - y)
        if k == 2:
            return _bin("uint", a, "*", self.expr("uint", d), lambda x, y: x * y)
        if k == 3:
            op = r.choice(["&", "|", "^"])
            fn = {"&": np.bitwise_and, "|": np.bitwise_or, "^": np.bitwise_xor}[op]
            return _bin("uint", a, op, self.expr("uint", d), fn)
        if k == 4:
            b = self.expr("uint", d)
            op = r.choice(["/", "%"])
            return E("uint", f"({a.text} {op} ({b.text} | 1u))",
                     lambda m: (a.fn(m) // (b.fn(m) | U32(1))) if op == "/" else (a.fn(m) % (b.fn(m) | U32(1))))
        if k == 5:
            b = self.expr("uint", d)
            op = r.choice(["<<", ">>"])
            return E("uint", f"({a.text} {op} ({b.text} & 31u))",
                     lambda m: ((a.fn(m) << (b.fn(m) & U32(31))) if op == "<<" else (a.fn(m) >> (b.fn(m) & U32(31))))
                     .astype(U32))
        if k == 6:
            return E("uint", f"(~{a.text})", lambda m: ~a.fn(m))
        if k == 7:
            i = self.expr("int", d)
            return E("uint", f"(uint){i.text}", lambda m: i.fn(m).view(U32))
        if k == 8:
            f = self.expr("float", d)
            return E("uint", f"(uint)abs({f.text})", lambda m: _f2u(np.abs(f.fn(m))))
        if k == 9:
            c = self.expr("bool", d)
            b = self.expr("uint", d)
            return E("uint", f"({c.text} ? {a.text} : {b.text})", lambda m: np.where(c.fn(m), a.fn(m), b.fn(m)))
        if k == 10:
            name, fn = r.choice([("countbits", _countbits), ("reversebits", _reversebits),
                                 ("firstbithigh", _firstbithigh), ("firstbitlow", _firstbitlow)])
            return _call("uint", name, [a], fn)
        if k == 11:
            b = self.expr("uint", d)
            name = r.choice(["min", "max"])
            return _call("uint", name, [a, b], np.minimum if name == "min" else np.maximum)
        if k == 12:
            t = r.choice(["uint2", "uint3", "uint4"])
            v = self.expr(t, d)
            c = r.randrange(_width(t))
            return E("uint", f"{v.text}.{'xyzw'[c]}", lambda m: v.fn(m)[:, c])
        c = self.expr("bool", d)
        return E("uint", f"(uint){c.text}", lambda m: c.fn(m).astype(U32))

    def e_int(self, d: int) -> E:
        r = self.r
        k = r.randrange(10)
        a = self.expr("int", d)
        if k == 0:
            return _bin("int", a, "+", self.expr("int", d), lambda x, y: x + y)
        if k == 1:
            return _bin("int", a, "-", self.expr("int", d), lambda x, y: x - y)
        if k == 2:
            return _bin("int", a, "*", self.expr("int", d), lambda x, y: x * y)
        if k == 3:
            b = self.expr("uint", d)
            op = r.choice(["/", "%"])
            return E("int", f"({a.text} {op} ((int)({b.text} & 255u) + 1))",
                     lambda m: (_sdiv if op == "/" else _srem)(a.fn(m), (b.fn(m) & U32(255)).astype(I32) + I32(1)))
        if k == 4:
            b = self.expr("uint", d)
            return E("int", f"({a.text} >> ({b.text} & 31u))", lambda m: a.fn(m) >> (b.fn(m) & U32(31)).astype(I32))
        if k == 5:
            return E("int", f"(-{a.text})", lambda m: -a.fn(m))
        if k == 6:
            u = self.expr("uint", d)
            return E("int", f"(int){u.text}", lambda m: u.fn(m).view(I32))
        if k == 7:
            f = self.expr("float", d)
            return E("int", f"(int){f.text}", lambda m: _f2i(f.fn(m)))
        if k == 8:
            b = self.expr("int", d)
            name = r.choice(["min", "max"])
            return _call("int", name, [a, b], np.minimum if name == "min" else np.maximum)
        c = self.expr("bool", d)
        b = self.expr("int", d)
        return E("int", f"({c.text} ? {a.text} : {b.text})", lambda m: np.where(c.fn(m), a.fn(m), b.fn(m)))

    def e_float(self, d: int) -> E:
        r = self.r
        k = r.randrange(11)
        a = self.expr("float", d)
        if k == 0:
            return E("float", f"({a.text} + {(b := self.expr('float', d)).text})",
                     lambda m: _fop(np.add)(a.fn(m), b.fn(m)))
        if k == 1:
            b = self.expr("float", d)
            return E("float", f"({a.text} - {b.text})", lambda m: _fop(np.subtract)(a.fn(m), b.fn(m)))
        if k == 2:
            b = self.expr("float", d)
            return E("float", f"min(max({a.text} * {b.text}, {-FLOAT_BOUND}f), {FLOAT_BOUND}f)",
                     lambda m: _clampf(_fop(np.multiply)(a.fn(m), b.fn(m))))
        if k == 3:
            b = self.expr("float", d)
            return E("float", f"({a.text} / (abs({b.text}) + 1.0f))",
                     lambda m: _fop(np.divide)(a.fn(m), _fop(np.add)(np.abs(b.fn(m)), np.full(m.n, 1, F32))))
        if k == 4:
            u = self.expr("uint", d)
            return E("float", f"(float)({u.text} & 65535u)", lambda m: (u.fn(m) & U32(65535)).astype(F32))
        if k == 5:
            i = self.expr("int", d)
            return E("float", f"(float)({i.text} >> 8)", lambda m: (i.fn(m) >> I32(8)).astype(F32))
        if k == 6:
            name, fn = r.choice([("floor", np.floor), ("abs", np.abs), ("frac", lambda x: x - np.floor(x))])
            flush = name != "abs"
            return E("float", f"{name}({a.text})",
                     lambda m: ftz(fn(ftz(a.fn(m)))) if flush else np.abs(a.fn(m)))
        if k == 7:
            return E("float", f"(-{a.text})", lambda m: -a.fn(m))
        if k == 8:
            b = self.expr("float", d)
            name = r.choice(["min", "max"])
            return _call("float", name, [a, b], np.fmin if name == "min" else np.fmax)
        if k == 9:
            c = self.expr("bool", d)
            b = self.expr("float", d)
            return E("float", f"({c.text} ? {a.text} : {b.text})", lambda m: np.where(c.fn(m), a.fn(m), b.fn(m)))
        t = r.choice(["float2", "float3"])
        v = self.expr(t, d)
        c = r.randrange(_width(t))
        return E("float", f"{v.text}.{'xyzw'[c]}", lambda m: v.fn(m)[:, c])

    def e_bool(self, d: int) -> E:
        r = self.r
        k = r.randrange(6)
        if k <= 2:
            t = ["uint", "int", "float"][k]
            a, b = self.expr(t, d), self.expr(t, d)
            op = r.choice(["<", "<=", ">", ">=", "==", "!="])
            fn = {"<": np.less, "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal, "==": np.equal,
                  "!=": np.not_equal}[op]
            return _bin("bool", a, op, b, fn)
        if k == 3:
            a = self.expr("bool", d)
            return E("bool", f"(!{a.text})", lambda m: ~a.fn(m))
        if k == 4:
            a, b = self.expr("bool", d), self.expr("bool", d)
            op = r.choice(["&&", "||"])
            return _bin("bool", a, op, b, np.logical_and if op == "&&" else np.logical_or)
        a = self.expr("uint", d)
        bit = r.randrange(6)
        return E("bool", f"(({a.text} & {1 << bit}u) != 0)", lambda m: (a.fn(m) & U32(1 << bit)) != 0)

    def vector(self, t: str, d: int) -> E:
        r = self.r
        base, k = t.rstrip("234"), _width(t)
        dt = _dtype(t)
        choice = r.randrange(4)
        if choice == 0:
            return self.construct(t, [self.expr(base, d + 1) for _ in range(k)])
        if choice == 1:
            src_t = base + str(r.choice([w for w in (2, 3, 4) if base != "float" or w < 4]))
            src = self.var_of(src_t) or self.lit(src_t)
            comps = "".join(r.choice("xyzw"[:_width(src_t)]) for _ in range(k))
            idx = ["xyzw".index(c) for c in comps]
            return E(t, f"{src.text}.{comps}", lambda m: src.fn(m)[:, idx])
        a = self.expr(t, d + 1)
        if choice == 2:
            b = self.expr(t, d + 1)
            if base == "float":
                return E(t, f"({a.text} + {b.text})", lambda m: _fop(np.add)(a.fn(m), b.fn(m)))
            op = r.choice(["+", "*", "^"])
            fn = {"+": np.add, "*": np.multiply, "^": np.bitwise_xor}[op]
            return E(t, f"({a.text} {op} {b.text})", lambda m: fn(a.fn(m), b.fn(m)).astype(dt))
        s = self.expr(base, d + 1)
        if base == "float":
            return E(t, f"({a.text} - {s.text})", lambda m: _fop(np.subtract)(a.fn(m), s.fn(m)[:, None]))
        return E(t, f"({a.text} + {s.text})", lambda m: (a.fn(m) + s.fn(m)[:, None]).astype(dt))

    # -- statements ------------------------------------------------------------

    def block(self, budget: int) -> list[Stmt]:
        out: list[Stmt] = []
        while budget > 0:
            s, cost = self.stmt(budget)
            out.append(s)
            budget -= cost
        return out

    def writable(self, types: tuple[str, ...] = ("uint", "int", "float", "uint3", "float2")) -> tuple[str, str]:
        names = [(v, t) for v, t in self.scope_vars.items() if t in types]
        return self.r.choice(names)

    def stmt(self, budget: int) -> tuple[Stmt, int]:
        r = self.r
        k = r.random()
        nested = self.depth < 3 and budget >= 3
        if k < 0.22:
            var, t = self.writable()
            if t in ("uint3", "float2") and r.random() < 0.5:
                n = r.randrange(1, _width(t) + 1)
                comps = "".join(r.sample("xyzw"[:_width(t)], n))
                et = t.rstrip("234") + (str(n) if n > 1 else "")
                return Assign(var, t, self.expr(et), comps), 1
            return Assign(var, t, self.expr(t)), 1
        if k < 0.34:
            t = r.choice(["uint", "int", "float", "bool"])
            if self.in_helper:
                var, vt = self.writable(("uint",))
                return Assign(var, vt, _as_uint(self.expr(t))), 1
            s = Store(self.slot, self.expr(t))
            self.slot += 1
            return s, 1
        if k < 0.46 and nested:
            self.depth += 1
            cond = self.expr("bool")
            then = self.block(r.randrange(1, min(budget, 6)))
            other = self.block(r.randrange(1, min(budget, 5))) if r.random() < 0.5 else None
            self.depth -= 1
            return If(cond, then, other), 3
        if k < 0.56 and nested:
            self.depth += 1
            kind = r.choice(["for", "for", "while", "do"])
            var = f"k{self.loop_var}"
            self.loop_var += 1
            bound = self.lit("uint") if r.random() < 0.3 else None
            if bound is None or int(bound.text[:-1]) > 6:
                inner = self.expr("uint")
                c = r.randrange(0, 3)
                bound = E("uint", f"(({inner.text} & 3u) + {c}u)", lambda m, inner=inner, c=c: (inner.fn(m) & U32(3)) + U32(c))
            self.in_loop += 1
            self.in_breakable += 1
            self.readonly.append(var)
            body = self.block(r.randrange(2, min(budget, 8)))
            self.readonly.remove(var)
            self.in_loop -= 1
            self.in_breakable -= 1
            self.depth -= 1
            return Loop(kind, var, bound, body), 4
        if k < 0.62 and nested:
            self.depth += 1
            sel = self.expr("uint")
            self.in_breakable += 1
            cases = []
            for value in r.sample([0, 1, 2], r.randrange(1, 4)):
                cases.append((value, self.block(r.randrange(1, 3)), r.random() < 0.7))
            if r.random() < 0.6:
                cases.append((None, self.block(r.randrange(1, 3)), True))
            cases.sort(key=lambda c: 99 if c[0] is None else c[0])
            # the last case breaks (a fallthrough out of the last is none)
            cases[-1] = (cases[-1][0], cases[-1][1], True)
            self.in_breakable -= 1
            self.depth -= 1
            return Switch(sel, cases), 4
        if k < 0.70 and self.in_breakable and self.depth > 0:
            cond = self.expr("bool")
            what: Stmt = Break() if (not self.in_loop or r.random() < 0.5) else Continue()
            if isinstance(what, Continue) and not self.in_loop:
                what = Break()
            return If(cond, [what], None), 1
        if k < 0.74 and self.depth > 0 and (self.in_helper or not self.in_loop or r.random() < 0.5):
            cond = self.expr("bool")
            self.returned = True
            return If(cond, [Return(self.expr("uint") if self.in_helper else None)], None), 1
        if k < 0.86:
            var, t = self.writable(("uint", "int", "float"))
            ops = ["sum", "product", "min", "max", "first", "prefix", "count", "prefixcount", "lane", "isfirst",
                   "all", "any", "equal", "or", "and", "xor", "lanecount"]
            op = r.choice(ops)
            if op in ("count", "prefixcount", "all", "any"):
                arg = self.expr("bool")
                if op in ("all", "any"):
                    return Wave(var, t, op, arg) if t == "uint" else Assign(var, t, self.lit(t)), 1
                return Wave(var, t, op, arg) if t != "float" else Assign(var, t, self.lit(t)), 1
            if op in ("lane", "isfirst", "lanecount"):
                if t != "uint":
                    return Assign(var, t, self.lit(t)), 1
                return Wave(var, t, op, None), 1
            if op == "equal":
                return (Wave(var, t, op, self.expr(r.choice(["uint", "int", "float"]))) if t == "uint"
                        else Assign(var, t, self.lit(t))), 1
            if t == "float" and op in ("sum", "product", "prefix", "or", "and", "xor"):
                op = r.choice(["min", "max", "first"])
            if t == "int" and op in ("or", "and", "xor"):
                op = "sum"
            return Wave(var, t, op, self.expr(t)), 1
        if k < 0.92 and not self.in_helper:
            op = r.choice(["Add", "Or", "And", "Xor", "Max", "Min"])
            return Atomic(op, self.expr("uint"), self.expr("uint")), 1
        if k < 0.97 and not self.in_helper and self.depth == 0 and not self.returned:
            var, t = self.writable(("uint",))
            if r.random() < 0.5:
                return Shared("exchange", var, self.expr("uint"), r.randrange(1, 64)), 2
            return Shared("histogram", var, self.expr("uint"), r.randrange(1, 9), self.expr("bool")), 2
        if not self.in_helper and self.helpers and r.random() < 0.7:
            var, t = self.writable(("uint",))
            h = r.choice(self.helpers)
            return Call(var, h, [self.expr("uint") for _ in h.params]), 1
        var, t = self.writable()
        return Assign(var, t, self.expr(t)), 1

    def helper(self, index: int) -> Helper:
        saved = self.scope_vars, self.readonly, self.returned
        self.in_helper = True
        params = ["a", "b"]
        locals_ = ["h0", "h1"]
        self.scope_vars = {"a": "uint", "b": "uint", "h0": "uint", "h1": "uint"}
        self.readonly = []
        body = self.block(self.r.randrange(3, 9))
        body.append(Return(self.expr("uint")))
        self.in_helper = False
        self.scope_vars, self.readonly, self.returned = saved
        return Helper(f"helper{index}", params, locals_, body)


MAIN_VARS = {"u0": "uint", "u1": "uint", "u2": "uint", "i0": "int", "i1": "int", "f0": "float", "f1": "float",
             "v0": "uint3", "w0": "float2"}


def generate(seed: int) -> Case:
    """The program of `seed` (one in eight a dx::linalg program)."""
    if seed % 8 == 7:
        return generate_linalg(seed)
    g = Gen(seed)
    r = g.r
    shape = r.choice(SHAPES)
    group = shape[0] * shape[1] * shape[2]
    groups = r.choice([1, 1, 2, 3])
    wave_size = r.choice([32, 32, 16, 64, 8, 4])
    n = group * groups
    for k in range(r.randrange(0, 3)):
        g.helpers.append(g.helper(k))
    g.scope_vars = dict(MAIN_VARS)
    body = g.block(r.randrange(8, 30))
    # Every variable ends in the output.
    for name, t in MAIN_VARS.items():
        e = E(t, name, lambda m, name=name: m.vars[name])
        if t in ("uint3", "float2"):
            for c in range(_width(t)):
                body.append(Store(g.slot, E(t[:-1], f"{name}.{'xyzw'[c]}", lambda m, name=name, c=c: m.vars[name][:, c])))
                g.slot += 1
        else:
            body.append(Store(g.slot, e))
            g.slot += 1
    slots = g.slot
    rng = np.random.default_rng(seed)
    inputs = {
        "In": rng.integers(0, 1 << 32, 64, dtype=np.uint64).astype(U32),
        "InF": (rng.integers(-800, 800, 64) / 16).astype(F32),
        "Acc": rng.integers(0, 1 << 32, 8, dtype=np.uint64).astype(U32),
        "Out": np.zeros(slots * n, dtype=U32),
    }
    m = Model(n, group, wave_size, inputs)
    init = {"u0": lambda: m.buffers["In"][m.vars["tid"] % U32(64)],
            "u1": lambda: m.buffers["In"][(m.vars["tid"] * U32(7) + U32(3)) % U32(64)],
            "u2": lambda: m.vars["gi"].copy(),
            "i0": lambda: m.buffers["In"][(m.vars["tid"] + U32(11)) % U32(64)].view(I32),
            "i1": lambda: (m.vars["gi"].astype(I32) - I32(group // 2)),
            "f0": lambda: m.buffers["InF"][m.vars["tid"] % U32(64)],
            "f1": lambda: m.buffers["InF"][(m.vars["tid"] * U32(5) + U32(1)) % U32(64)],
            "v0": lambda: np.stack([m.buffers["In"][(m.vars["tid"] + U32(k)) % U32(64)] for k in (1, 2, 3)], axis=1),
            "w0": lambda: np.stack([m.buffers["InF"][(m.vars["tid"] + U32(k)) % U32(64)] for k in (5, 9)], axis=1)}
    for name, fn in init.items():
        m.vars[name] = fn()
    run_block(m, body, np.ones(n, dtype=bool))
    lines = [f"// random program, seed {seed}", f"#define THREADS {n}u", f"#define GROUP {group}u", "#define ACC 8u",
             "StructuredBuffer<uint> In : register(t0);", "StructuredBuffer<float> InF : register(t1);",
             "RWStructuredBuffer<uint> Out : register(u0);", "RWStructuredBuffer<uint> Acc : register(u1);",
             f"groupshared uint Tile[{group}];", "groupshared uint Hist[4];", ""]
    for h in g.helpers:
        lines += h.emit()
    lines += [f"[numthreads({shape[0]}, {shape[1]}, {shape[2]})]",
              "void main(uint gi : SV_GroupIndex, uint3 gid : SV_GroupID) {",
              "  uint tid = gid.x * GROUP + gi;",
              "  uint u0 = In[tid % 64u];", "  uint u1 = In[(tid * 7u + 3u) % 64u];", "  uint u2 = gi;",
              "  int i0 = (int)In[(tid + 11u) % 64u];", f"  int i1 = (int)gi - {group // 2};",
              "  float f0 = InF[tid % 64u];", "  float f1 = InF[(tid * 5u + 1u) % 64u];",
              "  uint3 v0 = uint3(In[(tid + 1u) % 64u], In[(tid + 2u) % 64u], In[(tid + 3u) % 64u]);",
              "  float2 w0 = float2(InF[(tid + 5u) % 64u], InF[(tid + 9u) % 64u]);"]
    lines += _emit_block(body, "  ") + ["}", ""]
    source = "\n".join(lines)
    pipeline = _pipeline([("In", "UInt32", inputs["In"], "StructuredBuffer", 0),
                          ("InF", "Float32", inputs["InF"], "StructuredBuffer", 1),
                          ("Out", "UInt32", inputs["Out"], "RWStructuredBuffer", 0),
                          ("Acc", "UInt32", inputs["Acc"], "RWStructuredBuffer", 1)], (groups, 1, 1))
    expected = {"Out": m.buffers["Out"], "Acc": m.buffers["Acc"]}
    return Case(seed, "scalar", source, pipeline, "cs_6_6", wave_size, expected)


def _pipeline(buffers: list[tuple[str, str, np.ndarray, str, int]], dispatch: tuple[int, int, int]) -> str:
    lines = ["---", "Shaders:", "  - Stage: Compute", "    Entry: main", "DispatchParameters:",
             f"  DispatchGroupCount: [{dispatch[0]}, {dispatch[1]}, {dispatch[2]}]", "Buffers:"]
    for name, fmt, data, kind, reg in buffers:
        lines += [f"  - Name: {name}", f"    Format: {fmt}"]
        if "Structured" in kind:
            lines.append(f"    Stride: {data.dtype.itemsize}")
        if fmt == "Float32":
            shown = ", ".join(repr(float(x)) for x in data)
        else:
            shown = ", ".join(str(int(x)) for x in data)
        lines.append(f"    Data: [ {shown} ]")
    lines += ["DescriptorSets:", "  - Resources:"]
    for name, fmt, data, kind, reg in buffers:
        lines += [f"    - Name: {name}", f"      Kind: {kind}",
                  f"      DirectXBinding: {{ Register: {reg}, Space: 0 }}"]
    return "\n".join(lines + ["..."]) + "\n"


# ---------------------------------------------------------------------------
# dx::linalg programs

def generate_linalg(seed: int) -> Case:
    """A Thread-scope matrix-vector MultiplyAdd or a Wave-scope matrix
    product (MultiplyAccumulate, then a scalar multiply), on distinct
    values that are multiples of 1/8, so that every product and sum is
    exact in float32 whatever the order: the model is numpy's."""
    r = random.Random(seed)
    rng = np.random.default_rng(seed)
    if r.random() < 0.5:
        m, k = r.choice([2, 3, 4, 8]), r.choice([4, 8, 16])
        threads = r.choice([4, 8, 32])
        w = (rng.permutation(m * k) - m * k // 2).astype(F32) / F32(8)      # k x m, row-major
        bias = (rng.permutation(m) - m // 2).astype(F32) / F32(4)
        vec = (rng.permutation(threads * k) - threads * k // 2).astype(F32) / F32(8)
        vec = vec.reshape(threads, k)
        out = (vec.astype(np.float64) @ w.reshape(k, m).astype(np.float64) + bias).astype(F32)
        source = f"""// random dx::linalg program, seed {seed}: Thread scope, v @ W + b
#include <dx/linalg.h>
using namespace dx::linalg;
ByteAddressBuffer W : register(t0);
StructuredBuffer<float> V : register(t1);
StructuredBuffer<float> Bias : register(t2);
RWByteAddressBuffer Out : register(u0);
using M = Matrix<MatrixComponentType::F32, {k}, {m}, MatrixUse::B, MatrixScope::Thread>;
[numthreads({threads}, 1, 1)]
void main(uint i : SV_GroupIndex) {{
  M mat = M::Load(W, 0, {m * 4}, MatrixLayout::RowMajor);
  vector<float, {k}> v;
  for (uint c = 0; c < {k}; c++)
    v[c] = V[i * {k} + c];
  vector<float, {m}> b;
  for (uint c = 0; c < {m}; c++)
    b[c] = Bias[c];
  vector<float, {m}> r = MultiplyAdd<float>(v, mat, b);
  for (uint c = 0; c < {m}; c++)
    Out.Store((i * {m} + c) * 4, asuint(r[c]));
}}
"""
        pipeline = _pipeline([("W", "Float32", w, "ByteAddressBuffer", 0),
                              ("V", "Float32", vec.reshape(-1), "StructuredBuffer", 1),
                              ("Bias", "Float32", bias, "StructuredBuffer", 2),
                              ("Out", "Float32", np.zeros(threads * m, F32), "RWByteAddressBuffer", 0)], (1, 1, 1))
        return Case(seed, "linalg-thread", source, pipeline, "cs_6_10", 32, {"Out": out.reshape(-1)})
    m, n, k = 16, 16, r.choice([16, 32])
    a = (rng.permutation(m * k) - m * k // 2).astype(F32) / F32(8)
    b = (rng.permutation(k * n) - k * n // 2).astype(F32) / F32(8)
    scale = r.choice([0.5, 2.0, -1.0])
    c = (a.reshape(m, k).astype(np.float64) @ b.reshape(k, n).astype(np.float64) * scale).astype(F32)
    source = f"""// random dx::linalg program, seed {seed}: Wave scope, (A x B) * s
#include <dx/linalg.h>
using namespace dx::linalg;
ByteAddressBuffer MatA : register(t0);
ByteAddressBuffer MatB : register(t1);
RWByteAddressBuffer MatC : register(u0);
using OperandA = Matrix<MatrixComponentType::F32, {m}, {k}, MatrixUse::A, MatrixScope::Wave>;
using OperandB = Matrix<MatrixComponentType::F32, {k}, {n}, MatrixUse::B, MatrixScope::Wave>;
using Accum = Matrix<MatrixComponentType::F32, {m}, {n}, MatrixUse::Accumulator, MatrixScope::Wave>;
[numthreads(32, 1, 1)]
[wavesize(32)]
void main(uint i : SV_GroupIndex) {{
  OperandA a = OperandA::Load(MatA, 0, {k * 4}, MatrixLayout::RowMajor);
  OperandB b = OperandB::Load(MatB, 0, {n * 4}, MatrixLayout::RowMajor);
  Accum acc = Accum::Splat(0.0f);
  acc.MultiplyAccumulate(a, b);
  acc *= {scale!r}f;
  acc.Store(MatC, 0, {n * 4}, MatrixLayout::RowMajor);
}}
"""
    pipeline = _pipeline([("MatA", "Float32", a, "ByteAddressBuffer", 0),
                          ("MatB", "Float32", b, "ByteAddressBuffer", 1),
                          ("MatC", "Float32", np.zeros(m * n, F32), "RWByteAddressBuffer", 0)], (1, 1, 1))
    return Case(seed, "linalg-wave", source, pipeline, "cs_6_10", 32, {"MatC": c.reshape(-1)})


# ---------------------------------------------------------------------------
# Running a case

def engines() -> list[str]:
    """The CPU engines this hlslc has: "interp", and "jit" where
    `hlslc.run` takes an `engine`."""
    import hlslc

    return ["interp", "jit"] if "engine" in inspect.signature(hlslc.run).parameters else ["interp"]


_COMPILED: dict[tuple[str, str], Any] = {}


def run_case(case: Case, engine: str = "interp", workdir: str | None = None) -> dict[str, np.ndarray]:
    """Compile the case with hlslc and run it on the CPU with `engine`; the
    buffers after the dispatch."""
    import os
    import tempfile

    import hlslc
    from hlslc.runner.pipeline import load_pipeline

    d = workdir or tempfile.mkdtemp(prefix="hlslc-random-")
    src = os.path.join(d, f"random-{case.seed}.hlsl")
    with open(src, "w", encoding="utf-8") as f:
        f.write(case.source)
    key = (case.source, case.profile)
    result = _COMPILED.get(key)
    if result is None:
        result = hlslc.compile_file(src, hlslc.CompileOptions(profile=case.profile))
        _COMPILED.clear()           # (the last program only: each engine runs the same one)
        _COMPILED[key] = result
    if not result.ok:
        errors = "\n".join(str(x) for x in result.diagnostics)
        raise AssertionError(f"seed {case.seed}: hlslc does not compile the program:\n{errors}\n{case.source}")
    pipeline = load_pipeline(os.path.join(d, f"random-{case.seed}.yaml"), case.pipeline)
    kwargs: dict[str, Any] = {"wave_size": case.wave_size}
    if "engine" in inspect.signature(hlslc.run).parameters:
        kwargs["engine"] = engine
    elif engine != "interp":
        raise ValueError(f"this hlslc has no engine '{engine}'")
    run = hlslc.run(result, pipeline, **kwargs)
    if engine == "jit" and getattr(run, "fallback", None) is not None:
        # The JIT left the module to the interpreter: comparing the engines
        # would compare the interpreter with itself.
        raise AssertionError(f"seed {case.seed}: the JIT does not run the program: {run.fallback}")
    return dict(run.buffers)
