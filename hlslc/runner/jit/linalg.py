"""The `dx::linalg` matrix operations in the JIT, as the interpreter's
`hlslc.runner.linalg` computes them.

A matrix is a site (the createMatrix or matrixOuterProduct call that makes
it) with storage of its component type, row-major: per lane in the wave's
frame (Thread scope), one per wave in the frame (Wave scope).  An
operation runs once per owner: for a Wave-scope matrix with the uniform
operands of the wave's first active lane, for a Thread-scope one in each
active lane.  Element arithmetic goes through the interpreter's exact
forms (int64 or float64) and its conversions (SNorm/UNorm clamped, floats
into integers truncated and saturated); products accumulate in order,
fused (exact for 32-bit and narrower inputs, as numpy's BLAS does for
64-bit ones), in register-blocked loops LLVM vectorises.  Layouts: RowMajor
and ColMajor with a stride, the opaque layouts in the order `--seed`
chooses (`hlslc.runner.linalg.opaque_order`).  ThreadGroup-scope matrices
are not run yet (`Unsupported`: the interpreter runs them).

Owns: the sites and the handlers of the linalg operations.  Does not own:
how a wave runs (`compiler`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import RunError
from ..linalg import opaque_order
from .base import CTX_RESOURCES, RESOURCE_SIZE, MatV, PtrV, Unsupported, maker, op
from .emit import FLOATS, INT_BITS, SIZES, Agg, Body, Lanes, double_to_half_text, llvm_const
from .mathlib import call_loop
from .memory import first_active, resource_base

if TYPE_CHECKING:
    from .compiler import Compiler

_TYPES = {2: "i16", 3: "i16", 4: "i32", 5: "i32", 6: "i64", 7: "i64", 8: "half", 9: "float", 10: "double",
          11: "half", 12: "half", 13: "float", 14: "float", 15: "double", 16: "double", 17: "i8", 18: "i8"}
_SNORM = (11, 13, 15)
_UNORM = (12, 14, 16)
PACKED = (17, 18)


def signed_component(component: int) -> bool:
    return component in (2, 4, 6, 17) or component >= 8 and component not in PACKED


class Site:
    """Where a matrix lives: its type, and its storage (an offset into the
    frame, per lane for Thread scope)."""

    def __init__(self, component: int, m: int, n: int, use: int, scope: int, line: int | None) -> None:
        if component not in _TYPES:
            raise Unsupported(f"matrices of component type {component}", line)
        self.component = component
        self.m = m
        self.n = n
        self.use = use
        self.scope = scope
        self.ty = _TYPES[component]
        self.esize = SIZES[self.ty]
        self.bytes = m * n * self.esize
        self.offset: int | None = None


@maker("CreateMatrix", "MatrixOuterProduct")
def new_site(cg: Compiler, ins: Any, o: Any) -> Site:
    args = [a.const for a in ins.args[1:6]]
    if o.name == "CreateMatrix":
        component, m, n, use, scope = args
    else:
        component, m, n, scope = args[:4]
        use = 2
    if None in (component, m, n, use, scope):
        raise Unsupported(f"{o.name} with a type that is not a constant", ins.line)
    if scope == 2 and cg.plan.units != 1:
        raise Unsupported("ThreadGroup-scope matrices in a group of more threads than a vector holds", ins.line)
    return Site(component, m, n, use, scope, ins.line)


def _site(cg: Compiler, v: Any, line: int | None) -> Site:
    if not isinstance(v, MatV):
        raise RunError("a matrix operand that no createMatrix made", line)
    site = v.site
    if site.offset is None:
        site.offset = cg.alloc(site.bytes * _owners_per_vector(cg, site))
    return site


def _owners_per_vector(cg: Compiler, site: Site) -> int:
    """Matrices of the site a vector keeps: one a lane (Thread scope), one
    a wave."""
    return cg.W if site.scope == 0 else cg.W // cg.ws if site.scope == 1 else cg.plan.k


def _matrix_ptr(cg: Compiler, site: Site, lane: str | None) -> str:
    """The matrix of `lane`'s owner (its own, or its wave's)."""
    b = cg.body
    base = b.gep(cg.fp, site.offset)
    if site.scope == 1 and cg.W == cg.ws or site.scope == 2 and cg.plan.k == 1:
        return base
    owner = lane if site.scope == 0 else b.op(f"udiv i64 {lane}, {cg.ws if site.scope == 1 else cg.plan.padded}")
    off = b.op(f"mul i64 {owner}, {site.bytes}")
    return b.gep(base, off)


def _resize_int(b: Body, v: str, src: int, dst: int) -> str:
    """An unsigned integer of `src` bits as one of `dst` bits."""
    if src == dst:
        return v
    return b.op(f"{'trunc' if src > dst else 'zext'} i{src} {v} to i{dst}")


class _Owners:
    """`with _Owners(cg, site) as lane:` the code inside runs once per owner
    of the site's matrix that has active lanes: the first active lane of a
    wave (Wave scope), or each active lane (Thread scope).  `lane` is the
    lane (i64) whose operands the owner uses."""

    def __init__(self, cg: Compiler, site: Site) -> None:
        self.cg = cg
        self.site = site
        self.loop = None

    def __enter__(self) -> str:
        cg, b = self.cg, self.cg.body
        scope = self.site.scope
        if scope == 1 and cg.W == cg.ws or scope == 2 and cg.plan.k == 1:
            return b.op(f"zext i32 {first_active(cg)} to i64")
        if scope in (1, 2):
            # Each wave (group) of the vector with active lanes: its first one.
            W = cg.W
            span = cg.ws if scope == 1 else cg.plan.padded
            owners = W // cg.ws if scope == 1 else cg.plan.k
            self.loop = b.loop(owners)
            w = self.loop.__enter__()
            shift = b.op(f"mul i{W} {_resize_int(b, w, 64, W)}, {span}")
            low = (1 << span) - 1 if span < W else -1
            sub = b.op(f"and i{W} {b.op(f'lshr i{W} {cg.mask_bits}, {shift}')}, {low if low < (1 << (W - 1)) else low - (1 << W)}")
            on = b.op(f"icmp ne i{W} {sub}, 0")
            cg.declare(f"declare i{W} @llvm.cttz.i{W}(i{W}, i1)")
            first = b.op(f"call i{W} @llvm.cttz.i{W}(i{W} {sub}, i1 true)")
            f64 = _resize_int(b, first, W, 64)
            lane = b.op(f"add i64 {b.op(f'mul i64 {w}, {span}')}, {f64}")
            self.do, self.skip = b.label_name("own"), b.label_name("notown")
            b.cbr(on, self.do, self.skip)
            b.label(self.do)
            return lane
        self.loop = b.loop(cg.W)
        lane = self.loop.__enter__()
        on = b.op(f"extractelement {b.mt} {cg.mask}, i64 {lane}")
        self.do, self.skip = b.label_name("own"), b.label_name("notown")
        b.cbr(on, self.do, self.skip)
        b.label(self.do)
        return lane

    def __exit__(self, *exc: Any) -> None:
        if self.loop is None:
            return
        b = self.cg.body
        b.br(self.skip)
        b.label(self.skip)
        self.loop.__exit__(*exc)


def _scalar(cg: Compiler, v: Lanes, lane: str) -> str:
    """The value of `v` in `lane` (constants stay constants)."""
    if v.const is not None:
        return llvm_const(v.ty, v.const)
    return cg.body.op(f"extractelement {cg.body.vt(v.ty)} {v.v}, i64 {lane}")


def _const(v: Any, what: str, line: int | None) -> int:
    if not isinstance(v, Lanes) or v.const is None:
        raise Unsupported(f"{what} that is not a constant", line)
    return int(v.const)


# --------------------------------------------------------------------------
# Scalar conversions inside kernels: the interpreter's exact forms


def to_num(k: Body, v: str, ty: str, signed: bool) -> tuple[str, str]:
    """(value, 'd' or 'i'): a float as a double, an integer as an i64
    (sign-extended when `signed`)."""
    if ty in FLOATS:
        return (v if ty == "double" else k.op(f"fpext {ty} {v} to double")), "d"
    if ty == "i64":
        return v, "i"
    if ty == "i1":
        return k.op(f"zext i1 {v} to i64"), "i"
    return k.op(f"{'sext' if signed else 'zext'} {ty} {v} to i64"), "i"


def as_double(k: Body, v: str, kind: str) -> str:
    return v if kind == "d" else k.op(f"sitofp i64 {v} to double")


def _fptrunc(k: Body, v: str, ty: str) -> str:
    """A double as `ty` (half: numpy's rounding, `Compiler.to_half`)."""
    if ty == "double":
        return v
    if ty == "half":
        return k.op(f"call half @hlslc.d2h.1(double {v})")
    return k.op(f"fptrunc double {v} to {ty}")


def from_num(k: Body, v: str, kind: str, component: int) -> str:
    """`convert`: a value in the exact form as an element of `component`."""
    ty = _TYPES[component]
    if component in _SNORM or component in _UNORM:
        d = as_double(k, v, kind)
        lo = -1.0 if component in _SNORM else 0.0
        c1 = k.op(f"fcmp olt double {d}, {llvm_const('double', lo)}")
        d = k.op(f"select i1 {c1}, double {llvm_const('double', lo)}, double {d}")
        c2 = k.op(f"fcmp ogt double {d}, {llvm_const('double', 1.0)}")
        d = k.op(f"select i1 {c2}, double {llvm_const('double', 1.0)}, double {d}")
        return _fptrunc(k, d, ty)
    return num_to(k, v, kind, ty, signed_component(component))


def convert_elem(k: Body, v: str, ty: str, signed: bool, component: int) -> str:
    """`from_num(to_num(v))`, without the trip through float64 where it
    changes nothing (the same type; a float widened; float to half, one
    rounding either way)."""
    dst = _TYPES[component]
    if component not in _SNORM and component not in _UNORM:
        if ty == dst:
            return v
        if ty in FLOATS and dst in FLOATS and ty != "double":
            if SIZES[dst] > SIZES[ty]:
                return k.op(f"fpext {ty} {v} to {dst}")
            return k.op(f"fptrunc {ty} {v} to {dst}")       # float -> half
        if ty in INT_BITS and dst in INT_BITS and ty != "i1":
            if INT_BITS[ty] > INT_BITS[dst]:
                return k.op(f"trunc {ty} {v} to {dst}")
            return k.op(f"{'sext' if signed else 'zext'} {ty} {v} to {dst}")
    return from_num(k, *to_num(k, v, ty, signed), component)


def num_to(k: Body, v: str, kind: str, ty: str, signed: bool) -> str:
    """numpy's astype from int64/float64 to `ty` (floats into integers:
    truncated, NaN to 0, saturated)."""
    if ty in FLOATS:
        if kind == "d":
            return _fptrunc(k, v, ty)
        return _fptrunc(k, k.op(f"sitofp i64 {v} to double"), ty) if ty == "half" else k.op(f"sitofp i64 {v} to {ty}")
    if kind == "d":
        name = f"llvm.{'fptosi' if signed else 'fptoui'}.sat.{ty}.f64"
        return k.op(f"call {ty} @{name}(double {v})")
    if ty == "i64":
        return v
    return k.op(f"trunc i64 {v} to {ty}")


def _declarations(cg: Compiler) -> None:
    cg.helper("hlslc.d2h.1", double_to_half_text("hlslc.d2h.1", 1))
    for ty in ("i8", "i16", "i32", "i64"):
        for s in ("fptosi", "fptoui"):
            cg.declare(f"declare {ty} @llvm.{s}.sat.{ty}.f64(double)")
    cg.declare("declare double @llvm.fma.f64(double, double, double)")
    for nb in range(1, 17):
        cg.declare(f"declare <{nb} x double> @llvm.fma.v{nb}f64(<{nb} x double>, <{nb} x double>, <{nb} x double>)")
    cg.declare("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)")


def _arith(k: Body, kind_op: int, a: tuple[str, str], c: tuple[str, str]) -> tuple[str, str]:
    """numpy's add/subtract/multiply/divide of two exact forms (an integer
    division truncates, by zero all ones)."""
    if a[1] == "d" or c[1] == "d":
        x, y = as_double(k, *a), as_double(k, *c)
        name = {1: "fadd", 2: "fsub", 3: "fmul", 4: "fdiv"}[kind_op]
        return k.op(f"{name} double {x}, {y}"), "d"
    x, y = a[0], c[0]
    if kind_op in (1, 2, 3):
        return k.op(f"{ {1: 'add', 2: 'sub', 3: 'mul'}[kind_op]} i64 {x}, {y}"), "i"
    zero = k.op(f"icmp eq i64 {y}, 0")
    neg1 = k.op(f"icmp eq i64 {y}, -1")
    safe = k.op(f"select i1 {zero}, i64 1, i64 {y}")
    safe = k.op(f"select i1 {neg1}, i64 1, i64 {safe}")
    q = k.op(f"sdiv i64 {x}, {safe}")
    nq = k.op(f"sub i64 0, {x}")
    q = k.op(f"select i1 {neg1}, i64 {nq}, i64 {q}")
    return k.op(f"select i1 {zero}, i64 -1, i64 {q}"), "i"


# --------------------------------------------------------------------------
# Kernels: one owner's matrix


def _kernel(cg: Compiler, name: str, params: str, build: Any) -> str:
    """A helper function `name(params)` whose body `build(k)` writes."""
    if name not in cg.helpers:
        _declarations(cg)
        k = Body(cg.W)
        k.label("entry")
        build(k)
        k.emit("ret void")
        cg.helper(name, f"define internal void @{name}({params}) {{\n{k.text()}\n}}")
    return "@" + name


def _mul(k: Body, a: str, n: Any) -> str:
    return k.op(f"mul i64 {a}, {n}")


def _mad(k: Body, a: str, n: Any, c: Any) -> str:
    """a * n + c (i64)."""
    return k.op(f"add i64 {_mul(k, a, n)}, {c}")


def _elem(k: Body, base: str, ty: str, index: str) -> str:
    return k.op(f"getelementptr {ty}, ptr {base}, i64 {index}")


def _rc(k: Body, idx: str, n: int) -> tuple[str, str]:
    return k.op(f"udiv i64 {idx}, {n}"), k.op(f"urem i64 {idx}, {n}")


def _addresses(cg: Compiler, site: Site, layout: int, line: int | None) -> tuple[Any, int]:
    """How element (i, j) is addressed: a function of (k, i, j, base,
    stride) -> byte offset, and the largest offset's element index (for
    the bounds check)."""
    esize = site.esize
    if layout == 0:
        return (lambda k, i, j, base, stride: k.op(f"add i64 {base}, {_mad(k, i, stride, _mul(k, j, esize))}")), 0
    if layout == 1:
        return (lambda k, i, j, base, stride: k.op(f"add i64 {base}, {_mad(k, j, stride, _mul(k, i, esize))}")), 1
    if layout in (2, 3):
        table = _order_table(cg, site, layout)

        def at(k: Body, i: str, j: str, base: str, stride: str) -> str:
            flat = k.op(f"add i64 {k.op(f'mul i64 {i}, {site.n}')}, {j}")
            p = k.op(f"getelementptr i32, ptr {table}, i64 {flat}")
            place = k.op(f"zext i32 {k.op(f'load i32, ptr {p}')} to i64")
            return k.op(f"add i64 {base}, {k.op(f'mul i64 {place}, {esize}')}")
        return at, 2
    raise RunError(f"unknown matrix layout {layout}", line)


def _order_table(cg: Compiler, site: Site, layout: int) -> str:
    order = opaque_order(cg.seed, layout, site.component, site.m, site.n).reshape(-1)
    name = f"@order.{layout}.{site.component}.{site.m}.{site.n}"
    text = f"{name} = private unnamed_addr constant [{len(order)} x i32] [" + \
        ", ".join(f"i32 {int(x)}" for x in order) + "]"
    if text not in cg.globals_text:
        cg.globals_text.append(text)
    return name


def _max_offset(site: Site, layout: int, base: str, stride: str, k: Body) -> str:
    """The largest byte offset the matrix's elements take."""
    esize = site.esize
    if layout == 0:
        far = k.op(f"mul i64 {stride}, {site.m - 1}")
        return k.op(f"add i64 {k.op(f'add i64 {base}, {far}')}, {(site.n - 1) * esize}")
    if layout == 1:
        far = k.op(f"mul i64 {stride}, {site.n - 1}")
        return k.op(f"add i64 {k.op(f'add i64 {base}, {far}')}, {(site.m - 1) * esize}")
    return k.op(f"add i64 {base}, {(site.m * site.n - 1) * esize}")


# --------------------------------------------------------------------------
# Operations


@op("CreateMatrix")
def _create(cg: Compiler, ins, o, args, mask):
    site = _site(cg, cg.object_of(ins.result, ins.line), ins.line)
    b = cg.body
    size = site.bytes * _owners_per_vector(cg, site)
    b.emit(f"call void @llvm.memset.p0.i64(ptr align 16 {b.gep(cg.fp, site.offset)}, i8 0, i64 {size}, i1 false)")
    return MatV(site)


@op("MatrixQueryAccumulatorLayout")
def _accumulator_layout(cg: Compiler, ins, o, args, mask):
    return cg.body.splat("i32", cg.seed % 2)


@op("FillMatrix")
def _fill(cg: Compiler, ins, o, args, mask):
    site = _site(cg, args[0], ins.line)
    value = args[1]
    ty = value.ty
    name = f"mat.fill.{site.component}.{site.m}x{site.n}.{ty}.w{cg.W}"

    def build(k: Body) -> None:
        e = convert_elem(k, "%v", ty, False, site.component)
        with k.loop(site.m * site.n) as i:
            k.emit(f"store {site.ty} {e}, ptr {_elem(k, '%m', site.ty, i)}")
    fn = _kernel(cg, name, f"ptr %m, {ty} %v", build)
    with _Owners(cg, site) as lane:
        cg.body.emit(f"call void {fn}(ptr {_matrix_ptr(cg, site, lane)}, {ty} {_scalar(cg, value, lane)})")
    return None


@op("CastMatrix")
def _cast(cg: Compiler, ins, o, args, mask):
    dest, src = _site(cg, args[0], ins.line), _site(cg, args[1], ins.line)
    if dest.scope != src.scope:
        raise Unsupported("a matrix cast between scopes", ins.line)
    transpose = (dest.m, dest.n) != (src.m, src.n) and (dest.m, dest.n) == (src.n, src.m)
    if (dest.m, dest.n) != (src.m, src.n) and not transpose:
        raise Unsupported("a matrix cast between shapes", ins.line)
    name = f"mat.cast.{src.component}.{dest.component}.{dest.m}x{dest.n}.{int(transpose)}.w{cg.W}"

    def build(k: Body) -> None:
        with k.loop(dest.m) as i:
            with k.loop(dest.n) as j:
                di = k.op(f"add i64 {k.op(f'mul i64 {i}, {dest.n}')}, {j}")
                si = k.op(f"add i64 {k.op(f'mul i64 {j}, {src.n}')}, {i}") if transpose else di
                v = k.op(f"load {src.ty}, ptr {_elem(k, '%s', src.ty, si)}")
                e = convert_elem(k, v, src.ty, signed_component(src.component), dest.component)
                k.emit(f"store {dest.ty} {e}, ptr {_elem(k, '%d', dest.ty, di)}")
    fn = _kernel(cg, name, "ptr %d, ptr %s", build)
    with _Owners(cg, dest) as lane:
        cg.body.emit(f"call void {fn}(ptr {_matrix_ptr(cg, dest, lane)}, ptr {_matrix_ptr(cg, src, lane)})")
    return None


@op("MatrixElementwiseUnaryOp")
def _unary(cg: Compiler, ins, o, args, mask):
    kind = _const(args[0], "an element-wise operation", ins.line)
    site = _site(cg, args[1], ins.line)
    if kind not in range(6):
        raise RunError(f"unknown element-wise operation {kind}", ins.line)
    if kind == 0:
        return None
    name = f"mat.unary.{kind}.{site.component}.{site.m}x{site.n}.w{cg.W}"
    ty = site.ty
    signed = signed_component(site.component)
    count = site.m * site.n
    # sin, cos and tan in float64, numpy's loops (as the interpreter's np.sin).
    loop = call_loop(cg, {3: "sin", 4: "cos", 5: "tan"}[kind], "double", count) if kind >= 3 else None

    def build(k: Body) -> None:
        if loop is not None:
            k.emit(f"%x = alloca [{count} x double], align 64")
            k.emit(f"%y = alloca [{count} x double], align 64")
            with k.loop(count) as i:
                v = k.op(f"load {ty}, ptr {_elem(k, '%m', ty, i)}")
                d = as_double(k, *to_num(k, v, ty, signed)) if ty in FLOATS else \
                    k.op(f"{'sitofp' if signed else 'uitofp'} {ty} {v} to double")
                k.emit(f"store double {d}, ptr {_elem(k, '%x', 'double', i)}")
            k.emit(f"call void {loop}(ptr %ctx, ptr %x, ptr %y)")
            with k.loop(count) as i:
                r = from_num(k, k.op(f"load double, ptr {_elem(k, '%y', 'double', i)}"), "d", site.component)
                k.emit(f"store {ty} {r}, ptr {_elem(k, '%m', ty, i)}")
            return
        with k.loop(count) as i:
            p = _elem(k, "%m", ty, i)
            v = k.op(f"load {ty}, ptr {p}")
            if kind == 1:
                r = k.op(f"fneg {ty} {v}") if ty in FLOATS else k.op(f"sub {ty} 0, {v}")
            elif ty in FLOATS:
                r = k.op(f"call {ty} @llvm.fabs.{_sfx(ty)}({ty} {v})")
            elif signed:
                neg = k.op(f"icmp slt {ty} {v}, 0")
                r = k.op(f"select i1 {neg}, {ty} {k.op(f'sub {ty} 0, {v}')}, {ty} {v}")
            else:
                r = v
            k.emit(f"store {ty} {r}, ptr {p}")
    if ty in FLOATS:
        cg.declare(f"declare {ty} @llvm.fabs.{_sfx(ty)}({ty})")
    fn = _kernel(cg, name, "ptr %m, ptr %ctx", build)
    with _Owners(cg, site) as lane:
        cg.body.emit(f"call void {fn}(ptr {_matrix_ptr(cg, site, lane)}, ptr %ctx)")
    return None


def _sfx(ty: str) -> str:
    return {"half": "f16", "float": "f32", "double": "f64"}[ty]


@op("MatrixElementwiseBinaryOp")
def _binary(cg: Compiler, ins, o, args, mask):
    kind = _const(args[0], "an element-wise operation", ins.line)
    site = _site(cg, args[1], ins.line)
    value = args[2]
    if kind not in (1, 2, 3, 4):
        raise RunError(f"unknown element-wise operation {kind}", ins.line)
    signed = signed_component(site.component)
    name = f"mat.binary.{kind}.{site.component}.{site.m}x{site.n}.{value.ty}.w{cg.W}"
    ty = site.ty

    def build(k: Body) -> None:
        operand = to_num(k, "%v", value.ty, signed)
        with k.loop(site.m * site.n) as i:
            p = _elem(k, "%m", ty, i)
            cur = to_num(k, k.op(f"load {ty}, ptr {p}"), ty, signed)
            r = _arith(k, kind, cur, operand)
            k.emit(f"store {ty} {from_num(k, *r, site.component)}, ptr {p}")
    fn = _kernel(cg, name, f"ptr %m, {value.ty} %v", build)
    with _Owners(cg, site) as lane:
        cg.body.emit(f"call void {fn}(ptr {_matrix_ptr(cg, site, lane)}, {value.ty} {_scalar(cg, value, lane)})")
    return None


def _descriptor(cg: Compiler, ins: Any, args: list, kind: str) -> None:
    """Load from, store to or accumulate to a resource: per owner, its
    first lane's offset and stride; out of bounds: a zero matrix, or
    nothing written."""
    site = _site(cg, args[0], ins.line)
    h = args[1]
    if h.error is not None:
        cg.fail(cg.error(h.error, ins.line))
        return
    layout = _const(args[4], "a matrix layout", ins.line)
    at, _ = _addresses(cg, site, layout, ins.line)
    ty = site.ty
    name = f"mat.{kind}.{site.component}.{site.m}x{site.n}.{layout}.w{cg.W}"
    signed = signed_component(site.component)

    def build(k: Body) -> None:
        far = _max_offset(site, layout, "%base", "%stride", k)
        end = k.op(f"add i64 {far}, {site.esize}")
        out = k.op(f"icmp ugt i64 {end}, %size")
        bad, good = k.label_name("oob"), k.label_name("inb")
        k.cbr(out, bad, good)
        k.label(bad)
        if kind == "load":
            k.emit(f"call void @llvm.memset.p0.i64(ptr %m, i8 0, i64 {site.bytes}, i1 false)")
        k.emit("ret void")
        k.label(good)
        if kind != "load":
            k.emit("store atomic i32 1, ptr %written monotonic, align 4")   # the buffer is written
        if kind == "load" and layout == 0 and ty != "i1" and site.esize == SIZES[ty]:
            # Whole rows, each one vector.
            with k.loop(site.m) as i:
                off = k.op(f"add i64 %base, {_mul(k, i, '%stride')}")
                rp = k.op(f"getelementptr i8, ptr %data, i64 {off}")
                row = k.op(f"load <{site.n} x {ty}>, ptr {rp}, align 1")
                mp = _elem(k, "%m", ty, _mul(k, i, site.n))
                k.emit(f"store <{site.n} x {ty}> {row}, ptr {mp}, align 1")
            return
        with k.loop(site.m) as i:
            with k.loop(site.n) as j:
                addr = at(k, i, j, "%base", "%stride")
                mp = _elem(k, "%m", ty, k.op(f"add i64 {k.op(f'mul i64 {i}, {site.n}')}, {j}"))
                dp = k.op(f"getelementptr i8, ptr %data, i64 {addr}")
                if kind == "load":
                    k.emit(f"store {ty} {k.op(f'load {ty}, ptr {dp}, align 1')}, ptr {mp}")
                elif kind == "store":
                    k.emit(f"store {ty} {k.op(f'load {ty}, ptr {mp}')}, ptr {dp}, align 1")
                else:
                    old = to_num(k, k.op(f"load {ty}, ptr {dp}, align 1"), ty, signed)
                    new = to_num(k, k.op(f"load {ty}, ptr {mp}"), ty, signed)
                    k.emit(f"store {ty} {from_num(k, *_arith(k, 1, old, new), site.component)}, ptr {dp}, align 1")
    fn = _kernel(cg, name, "ptr %m, ptr %data, i64 %size, i64 %base, i64 %stride, ptr %written", build)
    data, size = resource_base(cg, h.index)
    b = cg.body
    flag = b.gep("%ctx", CTX_RESOURCES + RESOURCE_SIZE * h.index + 24)
    with _Owners(cg, site) as lane:
        base = b.op(f"zext i32 {_scalar(cg, args[2], lane)} to i64")
        stride = b.op(f"zext i32 {_scalar(cg, args[3], lane)} to i64")
        b.emit(f"call void {fn}(ptr {_matrix_ptr(cg, site, lane)}, ptr {data}, i64 {size}, i64 {base}, "
               f"i64 {stride}, ptr {flag})")


@op("MatrixLoadFromDescriptor")
def _load_descriptor(cg: Compiler, ins, o, args, mask):
    _descriptor(cg, ins, args, "load")


@op("MatrixStoreToDescriptor")
def _store_descriptor(cg: Compiler, ins, o, args, mask):
    _descriptor(cg, ins, args, "store")


@op("MatrixAccumulateToDescriptor")
def _accumulate_descriptor(cg: Compiler, ins, o, args, mask):
    # Additions into a buffer from every group: in the interpreter's order
    # (groups one after another), never two workers at once.
    cg.ordered = True
    _descriptor(cg, ins, args, "accumulate")


def _memory_element(cg: Compiler, ins: Any, component: int) -> tuple[str, bool, int, int]:
    """The groupshared array's element as the matrix sees it: (its type,
    whether it reads as signed, bytes per array index, bytes per element)."""
    suffix = ins.callee.rsplit(".", 1)[-1]
    scalar = {"f16": "half", "f32": "float", "f64": "double", "i16": "i16", "i32": "i32", "i64": "i64",
              "i8": "i8"}.get(suffix[2:] if suffix.startswith("p3") else suffix)
    if scalar is None:
        raise RunError(f"unknown memory element type '{suffix}'", ins.line)
    t = cg.mtypes.get(scalar)
    step = (t.size + t.align - 1) // t.align * t.align
    if component in PACKED and scalar == "i32":
        return "i8", component == 17, step, 1
    signed = scalar in FLOATS or signed_component(component)
    return scalar, signed, step, step


def _memory(cg: Compiler, ins: Any, args: list, kind: str) -> None:
    site = _site(cg, args[0], ins.line)
    ptr = args[1]
    if not isinstance(ptr, PtrV) or ptr.root.kind not in ("shared",):
        raise Unsupported("a matrix load or store on memory that is not groupshared", ins.line)
    layout = _const(args[4], "a matrix layout", ins.line)
    mty, msigned, step, esize = _memory_element(cg, ins, site.component)
    probe = Site(site.component, site.m, site.n, site.use, site.scope, ins.line)
    probe.esize = esize
    at, _ = _addresses(cg, probe, layout, ins.line)
    ty = site.ty
    csigned = signed_component(site.component)
    name = f"mat.mem.{kind}.{site.component}.{site.m}x{site.n}.{layout}.{mty}.{esize}.w{cg.W}"
    msize = SIZES[mty]

    def build(k: Body) -> None:
        far = _max_offset(probe, layout, "%base", "%stride", k)
        end = k.op(f"add i64 {far}, {msize}")
        neg = k.op(f"icmp slt i64 %base, 0")
        big = k.op(f"icmp sgt i64 {end}, %size")
        out = k.op(f"or i1 {neg}, {big}")
        bad, good = k.label_name("oob"), k.label_name("inb")
        k.cbr(out, bad, good)
        k.label(bad)
        if kind == "load":
            k.emit(f"call void @llvm.memset.p0.i64(ptr %m, i8 0, i64 {site.bytes}, i1 false)")
        k.emit("ret void")
        k.label(good)
        if kind == "load" and layout == 0 and mty == ty and ty != "i1" and esize % msize == 0:
            # Whole rows: the row's elements as one vector (every r-th
            # element where each takes r of its size), stored as the
            # matrix's row.
            r = esize // msize
            span = (site.n - 1) * r + 1
            with k.loop(site.m) as i:
                off = k.op(f"add i64 %base, {_mul(k, i, '%stride')}")
                rp = k.op(f"getelementptr i8, ptr %data, i64 {off}")
                row = k.op(f"load <{span} x {mty}>, ptr {rp}, align 1")
                if r > 1:
                    pick = "<" + ", ".join(f"i32 {c * r}" for c in range(site.n)) + ">"
                    row = k.op(f"shufflevector <{span} x {mty}> {row}, <{span} x {mty}> poison, "
                               f"<{site.n} x i32> {pick}")
                mp = _elem(k, "%m", ty, _mul(k, i, site.n))
                k.emit(f"store <{site.n} x {ty}> {row}, ptr {mp}, align 1")
            return
        with k.loop(site.m) as i:
            with k.loop(site.n) as j:
                addr = at(k, i, j, "%base", "%stride")
                mp = _elem(k, "%m", ty, k.op(f"add i64 {k.op(f'mul i64 {i}, {site.n}')}, {j}"))
                dp = k.op(f"getelementptr i8, ptr %data, i64 {addr}")
                if kind == "load":
                    raw = k.op(f"load {mty}, ptr {dp}, align 1")
                    k.emit(f"store {ty} {convert_elem(k, raw, mty, msigned, site.component)}, ptr {mp}")
                else:
                    value = to_num(k, k.op(f"load {ty}, ptr {mp}"), ty, csigned)
                    if kind == "accumulate":
                        old = to_num(k, k.op(f"load {mty}, ptr {dp}, align 1"), mty, csigned)
                        value = _arith(k, 1, old, value)
                    k.emit(f"store {mty} {num_to(k, value[0], value[1], mty, msigned)}, ptr {dp}, align 1")
    fn = _kernel(cg, name, "ptr %m, ptr %data, i64 %size, i64 %base, i64 %stride", build)
    b = cg.body
    shared = b.gep("%shared", ptr.root.offset)
    with _Owners(cg, site) as lane:
        data = shared
        if cg.plan.k > 1:
            # The owner's group's copy of the groupshared memory.
            gin = b.op(f"udiv i64 {lane}, {cg.plan.padded}")
            data = b.gep(shared, b.op(f"mul i64 {gin}, {cg.shared_stride}"))
        off = b.op(f"sext i32 {_scalar(cg, ptr.off, lane)} to i64")
        first = b.op(f"zext i32 {_scalar(cg, args[2], lane)} to i64")
        base = b.op(f"add i64 {off}, {b.op(f'mul i64 {first}, {step}')}")
        stride = b.op(f"mul i64 {b.op(f'zext i32 {_scalar(cg, args[3], lane)} to i64')}, {step}")
        b.emit(f"call void {fn}(ptr {_matrix_ptr(cg, site, lane)}, ptr {data}, i64 {ptr.root.size}, i64 {base}, "
               f"i64 {stride})")


@op("MatrixLoadFromMemory")
def _load_memory(cg: Compiler, ins, o, args, mask):
    _memory(cg, ins, args, "load")


@op("MatrixStoreToMemory")
def _store_memory(cg: Compiler, ins, o, args, mask):
    _memory(cg, ins, args, "store")


@op("MatrixAccumulateToMemory")
def _accumulate_memory(cg: Compiler, ins, o, args, mask):
    _memory(cg, ins, args, "accumulate")


def convert_num(k: Body, v: str, ty: str, signed: bool, nt: str) -> str:
    """An element as a double (`nt` "double") or an i64."""
    n = to_num(k, v, ty, signed)
    return as_double(k, *n) if nt == "double" else n[0]


def _product_kernel(k: Body, nt: str, m: int, depth: int, n: int) -> None:
    """%P (m x n) = %A (m x depth) @ %B (depth x n), all of `nt`, row-major:
    each element the sum over k in order of exact products (a double's fma
    of an exact product rounds as its add)."""
    vector_cols = 16 if nt == "double" else 8
    chunks = [(j, min(vector_cols, n - j)) for j in range(0, n, vector_cols)]
    for j0, nb in chunks:
        vt = f"<{nb} x {nt}>"
        rows = 4 if nb <= 8 else 2
        blocks, rest = divmod(m, rows)
        for r_block, count, first in ((rows, blocks, 0), (1, rest, blocks * rows)):
            if not count:
                continue
            with k.loop(count) as ib:
                i0 = k.op(f"add i64 {_mul(k, ib, r_block)}, {first}")
                accs = []
                for r in range(r_block):
                    acc = k.tmp("acc")
                    k.lines.insert(1, f"  {acc} = alloca {vt}, align 64")
                    k.emit(f"store {vt} zeroinitializer, ptr {acc}, align 64")
                    accs.append(acc)
                with k.loop(depth) as kk:
                    bp = _elem(k, "%B", nt, _mad(k, kk, n, j0))
                    bv = k.op(f"load {vt}, ptr {bp}, align 8")
                    for r, acc in enumerate(accs):
                        row = k.op(f"add i64 {i0}, {r}")
                        av = k.op(f"load {nt}, ptr {_elem(k, '%A', nt, _mad(k, row, depth, kk))}")
                        ins = k.op(f"insertelement {vt} poison, {nt} {av}, i64 0")
                        sv = k.op(f"shufflevector {vt} {ins}, {vt} poison, <{nb} x i32> zeroinitializer")
                        cur = k.op(f"load {vt}, ptr {acc}, align 64")
                        if nt == "double":
                            nv = k.op(f"call {vt} @llvm.fma.v{nb}f64({vt} {sv}, {vt} {bv}, {vt} {cur})")
                        else:
                            nv = k.op(f"add {vt} {cur}, {k.op(f'mul {vt} {sv}, {bv}')}")
                        k.emit(f"store {vt} {nv}, ptr {acc}, align 64")
                for r, acc in enumerate(accs):
                    row = k.op(f"add i64 {i0}, {r}")
                    pp = _elem(k, "%P", nt, _mad(k, row, n, j0))
                    k.emit(f"store {vt} {k.op(f'load {vt}, ptr {acc}, align 64')}, ptr {pp}, align 8")


@op("MatrixMultiply", "MatrixMultiplyAccumulate", "MatrixSumAccumulate")
def _matrix_op(cg: Compiler, ins, o, args, mask):
    a, bm, c = (_site(cg, x, ins.line) for x in args)
    if len({a.scope, bm.scope, c.scope}) != 1:
        raise Unsupported("a matrix operation on matrices of different scopes", ins.line)
    if o.name != "MatrixSumAccumulate" and (a.n != bm.m or (a.m, bm.n) != (c.m, c.n)):
        raise RunError(f"a {a.m}x{a.n} by {bm.m}x{bm.n} multiply into a {c.m}x{c.n} matrix", ins.line)
    sa, sb, sc = (signed_component(x.component) for x in (a, bm, c))
    floats = a.ty in FLOATS or bm.ty in FLOATS
    kind = o.name[6:]
    name = f"mat.{kind}.{a.component}.{bm.component}.{c.component}.{a.m}x{a.n}x{bm.n}.w{cg.W}"

    def build(k: Body) -> None:
        if kind == "SumAccumulate":
            with k.loop(c.m * c.n) as i:
                cp = _elem(k, "%c", c.ty, i)
                x = to_num(k, k.op(f"load {c.ty}, ptr {cp}"), c.ty, sc)
                y = to_num(k, k.op(f"load {a.ty}, ptr {_elem(k, '%a', a.ty, i)}"), a.ty, sa)
                z = to_num(k, k.op(f"load {bm.ty}, ptr {_elem(k, '%b', bm.ty, i)}"), bm.ty, sb)
                k.emit(f"store {c.ty} {from_num(k, *_arith(k, 1, _arith(k, 1, x, y), z), c.component)}, ptr {cp}")
            return
        nt = "double" if floats else "i64"
        mk, kn, mn = a.m * a.n, bm.m * bm.n, c.m * c.n
        # The operands in the exact form (products of floats are exact in a
        # double, of integers in an i64), then the product into %P: rows in
        # blocks of R, columns in vectors of up to 16, k in order (the sum
        # of the products in k order, one rounding an add).
        k.emit(f"%A = alloca [{mk} x {nt}], align 64")
        k.emit(f"%B = alloca [{kn} x {nt}], align 64")
        k.emit(f"%P = alloca [{mn} x {nt}], align 64")
        for src, site, signed, count in (("%a", a, sa, mk), ("%b", bm, sb, kn)):
            dst = "%A" if src == "%a" else "%B"
            with k.loop(count) as i:
                v = convert_num(k, k.op(f"load {site.ty}, ptr {_elem(k, src, site.ty, i)}"), site.ty, signed, nt)
                k.emit(f"store {nt} {v}, ptr {_elem(k, dst, nt, i)}")
        _product_kernel(k, nt, a.m, a.n, bm.n)
        with k.loop(mn) as i:
            p = k.op(f"load {nt}, ptr {_elem(k, '%P', nt, i)}")
            cp = _elem(k, "%c", c.ty, i)
            r = (p, "d" if floats else "i")
            if kind == "MultiplyAccumulate":
                r = _arith(k, 1, to_num(k, k.op(f"load {c.ty}, ptr {cp}"), c.ty, sc), r)
            k.emit(f"store {c.ty} {from_num(k, *r, c.component)}, ptr {cp}")
    fn = _kernel(cg, name, "ptr %a, ptr %b, ptr %c", build)
    with _Owners(cg, c) as lane:
        cg.body.emit(f"call void {fn}(ptr {_matrix_ptr(cg, a, lane)}, ptr {_matrix_ptr(cg, bm, lane)}, "
                     f"ptr {_matrix_ptr(cg, c, lane)})")
    return None


@op("MatrixAccumulate")
def _accumulate(cg: Compiler, ins, o, args, mask):
    acc, add = _site(cg, args[0], ins.line), _site(cg, args[1], ins.line)
    if (acc.m, acc.n) != (add.m, add.n):
        raise RunError(f"adding a {add.m}x{add.n} matrix to a {acc.m}x{acc.n} one", ins.line)
    if acc.scope != add.scope:
        raise Unsupported("a matrix accumulate between scopes", ins.line)
    name = f"mat.acc.{acc.component}.{add.component}.{acc.m}x{acc.n}.w{cg.W}"

    def build(k: Body) -> None:
        with k.loop(acc.m * acc.n) as i:
            p = _elem(k, "%d", acc.ty, i)
            x = to_num(k, k.op(f"load {acc.ty}, ptr {p}"), acc.ty, signed_component(acc.component))
            y = to_num(k, k.op(f"load {add.ty}, ptr {_elem(k, '%s', add.ty, i)}"), add.ty,
                       signed_component(add.component))
            k.emit(f"store {acc.ty} {from_num(k, *_arith(k, 1, x, y), acc.component)}, ptr {p}")
    fn = _kernel(cg, name, "ptr %d, ptr %s", build)
    with _Owners(cg, acc) as lane:
        cg.body.emit(f"call void {fn}(ptr {_matrix_ptr(cg, acc, lane)}, ptr {_matrix_ptr(cg, add, lane)})")
    return None


def _spill(cg: Compiler, value: Any) -> tuple[str, str, int]:
    """A thread vector's components stored one lane vector after another:
    (the buffer, the element type, the count)."""
    b = cg.body
    items = value.items if isinstance(value, Agg) else [value]
    ty = items[0].ty
    buf = b.tmp("vec")
    at = b.lines.index("entry:") + 1
    b.lines.insert(at, f"  {buf} = alloca [{len(items) * cg.W} x {ty}], align 64")
    for k, item in enumerate(items):
        b.store(b.vt(ty), item.v, b.gep(buf, k * cg.W * SIZES[ty]), 64)
    return buf, ty, len(items)


def _unpacked(cg: Compiler, value: Any, component: int) -> Any:
    """Packed thread vectors (four bytes to a 32-bit word) as one lane
    vector per byte."""
    b = cg.body
    items = value.items if isinstance(value, Agg) else [value]
    out = []
    for item in items:
        for k in range(4):
            s = b.op(f"lshr {b.vt('i32')} {item.v}, splat (i32 {8 * k})")
            out.append(Lanes("i8", b.op(f"trunc {b.vt('i32')} {s} to {b.vt('i8')}")))
    return Agg(out)


@op("MatVecMul", "MatVecMulAdd")
def _matvec(cg: Compiler, ins, o, args, mask):
    """Each lane's vector times its (or its wave's) matrix, plus a bias."""
    vec, site = args[0], _site(cg, args[1], ins.line)
    signed = signed_component(site.component)
    items = vec.items if isinstance(vec, Agg) else [vec]
    if site.component in PACKED and len(items) * 4 == site.m:
        vec = _unpacked(cg, vec, site.component)
        items = vec.items
    if len(items) != site.m:
        raise RunError(f"a vector of {len(items)} elements times a {site.m}x{site.n} matrix", ins.line)
    out_t = cg.mtypes.get(ins.type) if ins.type else None
    out_ty = out_t.elem.text if out_t is not None and out_t.kind == "vector" else \
        (out_t.text if out_t is not None and out_t.kind == "scalar" else "float")
    b = cg.body
    xbuf, xty, _ = _spill(cg, vec)
    bias = args[2] if o.name == "MatVecMulAdd" else None
    bbuf, bty = (_spill(cg, bias)[:2]) if bias is not None else ("null", "i32")
    floats = xty in FLOATS or site.ty in FLOATS
    nt = "double" if floats else "i64"
    W = cg.W
    ybuf = b.tmp("vec")
    at = b.lines.index("entry:") + 1
    b.lines.insert(at, f"  {ybuf} = alloca [{site.n * W} x {out_ty}], align 64")
    name = f"mat.vec.{site.component}.{site.m}x{site.n}.{xty}.{out_ty}.{bty if bias is not None else 'n'}.w{cg.W}"

    def build(k: Body) -> None:
        k.emit(f"%acc = alloca [{site.n} x {nt}], align 64")
        k.emit(f"call void @llvm.memset.p0.i64(ptr %acc, i8 0, i64 {site.n * 8}, i1 false)")
        with k.loop(site.m) as i:
            xi = k.op(f"add i64 {k.op(f'mul i64 {i}, {W}')}, %lane")
            x = to_num(k, k.op(f"load {xty}, ptr {_elem(k, '%x', xty, xi)}"), xty, signed)
            xv = as_double(k, *x) if floats else x[0]
            with k.loop(site.n) as j:
                mv = to_num(k, k.op(f"load {site.ty}, ptr {_elem(k, '%m', site.ty, _mad(k, i, site.n, j))}"),
                            site.ty, signed)
                mvv = as_double(k, *mv) if floats else mv[0]
                ap = _elem(k, "%acc", nt, j)
                cur = k.op(f"load {nt}, ptr {ap}")
                if floats:
                    nv = k.op(f"call double @llvm.fma.f64(double {xv}, double {mvv}, double {cur})")
                else:
                    nv = k.op(f"add i64 {cur}, {k.op(f'mul i64 {xv}, {mvv}')}")
                k.emit(f"store {nt} {nv}, ptr {ap}")
        with k.loop(site.n) as j:
            y = (k.op(f"load {nt}, ptr {_elem(k, '%acc', nt, j)}"), "d" if floats else "i")
            yi = k.op(f"add i64 {k.op(f'mul i64 {j}, {W}')}, %lane")
            if bias is not None:
                bv = to_num(k, k.op(f"load {bty}, ptr {_elem(k, '%bias', bty, yi)}"), bty, signed)
                y = _arith(k, 1, y, bv)
            if out_ty in FLOATS:
                r = num_to(k, y[0], y[1], out_ty, True)
            else:
                wide = y[0] if y[1] == "i" else k.op(f"fptosi double {y[0]} to i64")
                r = wide if out_ty == "i64" else k.op(f"trunc i64 {wide} to {out_ty}")
            k.emit(f"store {out_ty} {r}, ptr {_elem(k, '%y', out_ty, yi)}")
    fn = _kernel(cg, name, "ptr %m, ptr %x, ptr %bias, ptr %y, i64 %lane", build)
    with b.loop(W) as lane:
        on = b.op(f"extractelement {b.mt} {cg.mask}, i64 {lane}")
        do, skip = b.label_name("mv"), b.label_name("mvskip")
        b.cbr(on, do, skip)
        b.label(do)
        b.emit(f"call void {fn}(ptr {_matrix_ptr(cg, site, lane)}, ptr {xbuf}, ptr {bbuf}, ptr {ybuf}, i64 {lane})")
        b.br(skip)
        b.label(skip)
    outs = [Lanes(out_ty, b.load(b.vt(out_ty), b.gep(ybuf, j * W * SIZES[out_ty]), 64)) for j in range(site.n)]
    if out_t is not None and out_t.kind == "vector":
        return Agg(outs)
    return outs[0]


@op("MatrixOuterProduct")
def _outer_product(cg: Compiler, ins, o, args, mask):
    site = _site(cg, cg.object_of(ins.result, ins.line), ins.line)
    a, bv = args[4], args[5]
    ai = a.items if isinstance(a, Agg) else [a]
    bi = bv.items if isinstance(bv, Agg) else [bv]
    if len(ai) != site.m or len(bi) != site.n:
        raise RunError(f"an outer product of {len(ai)} and {len(bi)} elements into a {site.m}x{site.n} matrix",
                       ins.line)
    b = cg.body
    size = site.bytes * _owners_per_vector(cg, site)
    b.emit(f"call void @llvm.memset.p0.i64(ptr align 16 {b.gep(cg.fp, site.offset)}, i8 0, i64 {size}, i1 false)")
    abuf, aty, _ = _spill(cg, a)
    bbuf, bty, _ = _spill(cg, bv)
    signed = signed_component(site.component)
    W = cg.W
    name = f"mat.outer.{site.component}.{site.m}x{site.n}.{aty}.{bty}.w{cg.W}"

    def build(k: Body) -> None:
        with k.loop(site.m) as i:
            x = to_num(k, k.op(f"load {aty}, ptr {_elem(k, '%a', aty, _mad(k, i, W, '%lane'))}"),
                       aty, signed)
            with k.loop(site.n) as j:
                y = to_num(k, k.op(f"load {bty}, ptr {_elem(k, '%b', bty, _mad(k, j, W, '%lane'))}"),
                           bty, signed)
                r = _arith(k, 3, x, y)
                mp = _elem(k, "%m", site.ty, k.op(f"add i64 {k.op(f'mul i64 {i}, {site.n}')}, {j}"))
                k.emit(f"store {site.ty} {from_num(k, *r, site.component)}, ptr {mp}")
    fn = _kernel(cg, name, "ptr %m, ptr %a, ptr %b, i64 %lane", build)
    with _Owners(cg, site) as lane:
        b.emit(f"call void {fn}(ptr {_matrix_ptr(cg, site, lane)}, ptr {abuf}, ptr {bbuf}, i64 {lane})")
    return MatV(site)


def _thread_index(cg: Compiler, site: Site) -> str:
    return cg.lane if site.scope == 1 else cg.flat.v


@op("MatrixLoadFromThreads")
def _from_threads(cg: Compiler, ins, o, args, mask):
    """Thread t gives column t of an A matrix, row t of a B matrix."""
    site, vec = _site(cg, args[0], ins.line), args[1]
    if site.scope == 0 or site.use == 2:
        raise RunError("matrixLoadFromThreads needs a Wave or ThreadGroup A or B matrix", ins.line)
    length = site.m if site.use == 0 else site.n
    count = site.n if site.use == 0 else site.m
    if site.component in PACKED:
        vec = _unpacked(cg, vec, site.component)
    items = vec.items if isinstance(vec, Agg) else [vec]
    if len(items) < length:
        raise RunError(f"a thread vector of {len(items)} elements for a {site.m}x{site.n} matrix", ins.line)
    buf, ty, _ = _spill(cg, Agg(items[:length]))
    signed = signed_component(site.component)
    W = cg.W
    name = f"mat.fromthreads.{site.component}.{site.m}x{site.n}.{site.use}.{ty}.w{cg.W}"

    def build(k: Body) -> None:
        with k.loop(length) as i:
            v = to_num(k, k.op(f"load {ty}, ptr {_elem(k, '%x', ty, _mad(k, i, W, '%lane'))}"),
                       ty, signed)
            if site.use == 0:
                idx = k.op(f"add i64 {k.op(f'mul i64 {i}, {site.n}')}, %t")
            else:
                idx = k.op(f"add i64 {k.op(f'mul i64 %t, {site.n}')}, {i}")
            k.emit(f"store {site.ty} {from_num(k, *v, site.component)}, ptr {_elem(k, '%m', site.ty, idx)}")
    fn = _kernel(cg, name, "ptr %m, ptr %x, i64 %lane, i64 %t", build)
    b = cg.body
    tix = _thread_index(cg, site)
    with b.loop(W) as lane:
        on = b.op(f"extractelement {b.mt} {cg.mask}, i64 {lane}")
        t = b.op(f"zext i32 {b.extract(tix, 'i32', lane, 'i64')} to i64")
        inside = b.op(f"icmp ult i64 {t}, {count}")
        go = b.op(f"and i1 {on}, {inside}")
        do, skip = b.label_name("ft"), b.label_name("ftskip")
        b.cbr(go, do, skip)
        b.label(do)
        b.emit(f"call void {fn}(ptr {_matrix_ptr(cg, site, lane)}, ptr {buf}, i64 {lane}, i64 {t})")
        b.br(skip)
        b.label(skip)
    return None


@op("MatrixExtractToThreads")
def _extract_to_threads(cg: Compiler, ins, o, args, mask):
    """Thread t gets column (an A matrix) or row (B) index * S + t, S the
    wave's size; beyond the matrix zeros."""
    site = _site(cg, args[0], ins.line)
    if site.scope == 0 or site.use == 2:
        raise RunError("matrixExtractToThreads needs a Wave or ThreadGroup A or B matrix", ins.line)
    out_t = cg.mtypes.get(ins.type) if ins.type else None
    width = out_t.count if out_t is not None and out_t.kind == "vector" else 1
    out_ty = (out_t.elem.text if out_t.kind == "vector" else out_t.text) if out_t is not None else "i32"
    count = site.n if site.use == 0 else site.m
    length = site.m if site.use == 0 else site.n
    packed = site.component in PACKED
    vty = site.ty if packed else out_ty
    W = cg.W
    b = cg.body
    ybuf = b.tmp("vec")
    at = b.lines.index("entry:") + 1
    b.lines.insert(at, f"  {ybuf} = alloca [{length * W} x {vty}], align 64")
    b.emit(f"call void @llvm.memset.p0.i64(ptr align 64 {ybuf}, i8 0, i64 {length * W * SIZES[vty]}, i1 false)")
    signed = signed_component(site.component)
    name = f"mat.tothreads.{site.component}.{site.m}x{site.n}.{site.use}.{vty}.w{cg.W}"

    def build(k: Body) -> None:
        with k.loop(length) as i:
            if site.use == 0:
                idx = k.op(f"add i64 {k.op(f'mul i64 {i}, {site.n}')}, %j")
            else:
                idx = k.op(f"add i64 {k.op(f'mul i64 %j, {site.n}')}, {i}")
            v = k.op(f"load {site.ty}, ptr {_elem(k, '%m', site.ty, idx)}")
            if not packed:
                v = num_to(k, *to_num(k, v, site.ty, signed), vty, signed) if vty != site.ty else v
            k.emit(f"store {vty} {v}, ptr {_elem(k, '%y', vty, _mad(k, i, W, '%lane'))}")
    fn = _kernel(cg, name, "ptr %m, ptr %y, i64 %lane, i64 %j", build)
    tix = _thread_index(cg, site)
    size = cg.ws if site.scope == 1 else cg.group_size
    index = args[1]
    with b.loop(W) as lane:
        on = b.op(f"extractelement {b.mt} {cg.mask}, i64 {lane}")
        t = b.op(f"zext i32 {b.extract(tix, 'i32', lane, 'i64')} to i64")
        ix = b.op(f"zext i32 {_scalar(cg, index, lane)} to i64")
        j = b.op(f"add i64 {b.op(f'mul i64 {ix}, {size}')}, {t}")
        inside = b.op(f"icmp ult i64 {j}, {count}")
        go = b.op(f"and i1 {on}, {inside}")
        do, skip = b.label_name("tt"), b.label_name("ttskip")
        b.cbr(go, do, skip)
        b.label(do)
        b.emit(f"call void {fn}(ptr {_matrix_ptr(cg, site, lane)}, ptr {ybuf}, i64 {lane}, i64 {j})")
        b.br(skip)
        b.label(skip)
    comps = [Lanes(vty, b.load(b.vt(vty), b.gep(ybuf, i * W * SIZES[vty]), 64)) for i in range(length)]
    if packed:
        words = []
        for w in range(width):
            acc = "zeroinitializer"
            for k in range(4):
                idx = 4 * w + k
                if idx >= len(comps):
                    break
                z = b.op(f"zext {b.vt('i8')} {comps[idx].v} to {b.vt('i32')}")
                if k:
                    z = b.op(f"shl {b.vt('i32')} {z}, splat (i32 {8 * k})")
                acc = b.op(f"or {b.vt('i32')} {acc}, {z}")
            words.append(Lanes("i32", acc))
        comps = words
    if width > 1:
        return Agg(comps[:width])
    return comps[0]
