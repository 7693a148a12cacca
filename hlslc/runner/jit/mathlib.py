"""The math library of the JIT: the interpreter computes sin, cos, tan,
their inverses and hyperbolic forms, exp2 and log2 with numpy's ufuncs,
whose float32 and float16 loops are numpy's own (vectorised, not libm's);
so that the two engines agree to the bit, the JIT calls the same inner
loops.  A ufunc's loop for one type is a C function (`char **args, npy_intp
*dimensions, npy_intp *steps, void *data`) that numpy keeps in the ufunc
object; it needs no Python and no GIL.  Its address is only known in the
running process, so the compiled code finds it in the dispatch's context
(`base.CTX_MATH`); where numpy's object does not look as expected, the
slot is empty and the code calls libm instead.

Owns: `UFUNCS` (operation name -> ufunc name), `loop_address` (reading a
ufunc's loop), `call_loop` (the IR of a call, with its libm fallback).
Does not own: which operations use it (`ops`, `linalg`).
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any

import numpy as np

from .base import CTX_MATH, MATH_SLOTS, Unsupported

if TYPE_CHECKING:
    from .compiler import Compiler

UFUNCS = {"Cos": "cos", "Sin": "sin", "Tan": "tan", "Acos": "arccos", "Asin": "arcsin", "Atan": "arctan",
          "Hcos": "cosh", "Hsin": "sinh", "Htan": "tanh", "Exp": "exp2", "Log": "log2"}
# libm's name of each ufunc (the fallback; `f` suffix for float).
LIBM = {"cos": "cos", "sin": "sin", "tan": "tan", "arccos": "acos", "arcsin": "asin", "arctan": "atan",
        "cosh": "cosh", "sinh": "sinh", "tanh": "tanh", "exp2": "exp2", "log2": "log2", "fmod": "fmod"}
_TYPENUMS = {"half": 23, "float": 11, "double": 12}
_DTYPES = {"half": np.float16, "float": np.float32, "double": np.float64}
_LOOP = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
_FOUND: dict[tuple[str, str], tuple[int, int]] = {}


def loop_address(ufunc: str, ty: str) -> tuple[int, int]:
    """(loop function, its data) of numpy's `ufunc` for one float type, or
    (0, 0) when the ufunc object does not have the layout this reads
    (PyUFuncObject: nin, nout, nargs, identity, functions, data, ntypes,
    reserved, name, types) or the loop does not give numpy's result."""
    key = (ufunc, ty)
    if key in _FOUND:
        return _FOUND[key]
    found = (0, 0)
    try:
        found = _read_loop(getattr(np, ufunc), _TYPENUMS[ty], _DTYPES[ty])
    except (AttributeError, ValueError, OSError):
        pass
    _FOUND[key] = found
    return found


def _read_loop(uf: Any, typenum: int, dtype: Any) -> tuple[int, int]:
    base = id(uf)

    def read(offset: int, kind: Any) -> Any:
        return kind.from_address(base + offset).value

    nin, nout, nargs = read(16, ctypes.c_int), read(20, ctypes.c_int), read(24, ctypes.c_int)
    functions, data, ntypes = read(32, ctypes.c_void_p), read(40, ctypes.c_void_p), read(48, ctypes.c_int)
    name, types = read(56, ctypes.c_void_p), read(64, ctypes.c_void_p)
    if nin not in (1, 2) or nout != 1 or nargs != nin + 1 or not functions or not types or \
            ntypes != len(uf.types) or not name or ctypes.string_at(name) != uf.__name__.encode():
        return 0, 0
    table = ctypes.string_at(types, ntypes * nargs)
    for k in range(ntypes):
        if table[nargs * k:nargs * k + nargs] == bytes([typenum] * nargs):
            fn = ctypes.c_void_p.from_address(functions + 8 * k).value or 0
            extra = (ctypes.c_void_p.from_address(data + 8 * k).value or 0) if data else 0
            if fn and _check(uf, fn, extra, dtype):
                return fn, extra
    return 0, 0


def _check(uf: Any, fn: int, data: int, dtype: Any) -> bool:
    """Whether the loop gives the ufunc's own result on a few values."""
    x = np.array([0.0, -0.5, 0.25, 0.75, 1.5, -3.0, 1e-3, 2.0, 0.999, -0.125], dtype=dtype)
    y = np.array([1.0, 0.25, -0.75, 0.5, 0.0, 2.0, -1.5, 3.0, 0.5, 7.0], dtype=dtype)
    out = np.empty_like(x)
    ins = [x] if uf.nin == 1 else [x, y]
    args = (ctypes.c_void_p * (uf.nin + 1))(*[a.ctypes.data for a in ins], out.ctypes.data)
    dims = (ctypes.c_ssize_t * 1)(len(x))
    steps = (ctypes.c_ssize_t * (uf.nin + 1))(*[x.itemsize] * (uf.nin + 1))
    _LOOP(fn)(ctypes.addressof(args), ctypes.addressof(dims), ctypes.addressof(steps), data or None)
    with np.errstate(all="ignore"):
        want = uf(*ins)
    return out.tobytes() == want.tobytes()


def math_slot(cg: Compiler, ufunc: str, ty: str) -> int:
    """The context slot of numpy's loop of `ufunc` for `ty` in this module."""
    key = [ufunc, ty]
    if key not in cg.math:
        if len(cg.math) >= MATH_SLOTS:
            raise Unsupported("this many math functions")
        cg.math.append(key)
    return cg.math.index(key)


def call_loop(cg: Compiler, ufunc: str, ty: str, count: int) -> str:
    """The name of a helper `void (ptr ctx, ptr in, ptr out)` applying
    `ufunc` to `count` values of `ty` (numpy's loop, else libm's function
    one value at a time; half through float, as numpy's half loops)."""
    slot = math_slot(cg, ufunc, ty)
    name = f"np.{ufunc}.{ty}.{count}"
    if name in cg.helpers:
        return "@" + name
    size = {"half": 2, "float": 4, "double": 8}[ty]
    cty = "double" if ty == "double" else "float"
    libm = LIBM[ufunc] + ("" if ty == "double" else "f")
    cg.declare(f"declare {cty} @{libm}({cty})")
    off = CTX_MATH + 16 * slot
    to_c = f"%w = fpext half %e to float" if ty == "half" else f"%w = fadd {cty} %e, -0.0"
    from_c = f"%r = fptrunc float %c to half" if ty == "half" else f"%r = fadd {cty} %c, -0.0"
    cg.helper(name, f"""define internal void @{name}(ptr %ctx, ptr %in, ptr %out) noinline nounwind {{
entry:
  %fp = getelementptr i8, ptr %ctx, i64 {off}
  %fn = load ptr, ptr %fp, align 8
  %dp = getelementptr i8, ptr %ctx, i64 {off + 8}
  %data = load ptr, ptr %dp, align 8
  %none = icmp eq ptr %fn, null
  br i1 %none, label %libm, label %numpy
numpy:
  %args = alloca [2 x ptr], align 8
  store ptr %in, ptr %args, align 8
  %a1 = getelementptr ptr, ptr %args, i64 1
  store ptr %out, ptr %a1, align 8
  %dims = alloca i64, align 8
  store i64 {count}, ptr %dims, align 8
  %steps = alloca [2 x i64], align 8
  store i64 {size}, ptr %steps, align 8
  %s1 = getelementptr i64, ptr %steps, i64 1
  store i64 {size}, ptr %s1, align 8
  call void %fn(ptr %args, ptr %dims, ptr %steps, ptr %data)
  ret void
libm:
  br label %loop
loop:
  %i = phi i64 [ 0, %libm ], [ %i1, %loop ]
  %ip = getelementptr {ty}, ptr %in, i64 %i
  %e = load {ty}, ptr %ip
  {to_c}
  %c = call {cty} @{libm}({cty} %w)
  {from_c}
  %op = getelementptr {ty}, ptr %out, i64 %i
  store {ty} %r, ptr %op
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, {count}
  br i1 %more, label %loop, label %done
done:
  ret void
}}""")
    return "@" + name


def call_loop2(cg: Compiler, ufunc: str, ty: str, count: int) -> str:
    """A helper `void (ptr ctx, ptr a, ptr b, ptr out)` applying the binary
    `ufunc` (fmod) to `count` pairs of `ty` (numpy's loop, else libm's)."""
    slot = math_slot(cg, ufunc, ty)
    name = f"np.{ufunc}.{ty}.{count}"
    if name in cg.helpers:
        return "@" + name
    size = {"half": 2, "float": 4, "double": 8}[ty]
    cty = "double" if ty == "double" else "float"
    libm = LIBM[ufunc] + ("" if ty == "double" else "f")
    cg.declare(f"declare {cty} @{libm}({cty}, {cty})")
    off = CTX_MATH + 16 * slot
    to_c = [f"%{v}w = fpext half %{v} to float" if ty == "half" else f"%{v}w = fadd {cty} %{v}, -0.0" for v in "xy"]
    from_c = "%r = fptrunc float %c to half" if ty == "half" else f"%r = fadd {cty} %c, -0.0"
    cg.helper(name, f"""define internal void @{name}(ptr %ctx, ptr %a, ptr %b, ptr %out) noinline nounwind {{
entry:
  %fp = getelementptr i8, ptr %ctx, i64 {off}
  %fn = load ptr, ptr %fp, align 8
  %dp = getelementptr i8, ptr %ctx, i64 {off + 8}
  %data = load ptr, ptr %dp, align 8
  %none = icmp eq ptr %fn, null
  br i1 %none, label %libm, label %numpy
numpy:
  %args = alloca [3 x ptr], align 8
  store ptr %a, ptr %args, align 8
  %a1 = getelementptr ptr, ptr %args, i64 1
  store ptr %b, ptr %a1, align 8
  %a2 = getelementptr ptr, ptr %args, i64 2
  store ptr %out, ptr %a2, align 8
  %dims = alloca i64, align 8
  store i64 {count}, ptr %dims, align 8
  %steps = alloca [3 x i64], align 8
  store i64 {size}, ptr %steps, align 8
  %s1 = getelementptr i64, ptr %steps, i64 1
  store i64 {size}, ptr %s1, align 8
  %s2 = getelementptr i64, ptr %steps, i64 2
  store i64 {size}, ptr %s2, align 8
  call void %fn(ptr %args, ptr %dims, ptr %steps, ptr %data)
  ret void
libm:
  br label %loop
loop:
  %i = phi i64 [ 0, %libm ], [ %i1, %loop ]
  %xp = getelementptr {ty}, ptr %a, i64 %i
  %x = load {ty}, ptr %xp
  %yp = getelementptr {ty}, ptr %b, i64 %i
  %y = load {ty}, ptr %yp
  {to_c[0]}
  {to_c[1]}
  %c = call {cty} @{libm}({cty} %xw, {cty} %yw)
  {from_c}
  %op = getelementptr {ty}, ptr %out, i64 %i
  store {ty} %r, ptr %op
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, {count}
  br i1 %more, label %loop, label %done
done:
  ret void
}}""")
    return "@" + name


def fill_table(math: list, ctx: np.ndarray) -> None:
    """The loops a compiled module names, into its dispatch's context."""
    table = ctx[CTX_MATH:CTX_MATH + 16 * MATH_SLOTS].view(np.uint64).reshape(MATH_SLOTS, 2)
    for k, (ufunc, ty) in enumerate(math):
        fn, data = loop_address(ufunc, ty)
        table[k, 0] = fn
        table[k, 1] = data
