"""Lowering of the HLSL math, bit, conversion and matrix intrinsics.

Owns: each intrinsic of the sema table that computes a value from its
arguments (`abs` ... `unpack_u8u32`, `mul`, `transpose`, `determinant`), as
DXC lowers it: a DXIL operation where DXIL has one (`Sqrt`, `FMad`,
`Countbits`, `Dot4AddI8Packed`, ...), applied per component of vectors and
matrices, and DXC's instruction sequences for the others (`exp` is `Exp` of
`x * log2(e)`, `fmod` is `Frc` of `|x / y|` with the sign put back, `lerp`
is `a + t * (b - a)`, `firstbithigh` counts from the low bit).

Matrices are `[rows x <cols x T>]` values (see `Codegen.llt`): component-wise
intrinsics apply row by row.

Does not own: wave and quad operations (`wave`), atomics (`atomics`),
barriers, resource methods (`intrinsics`).
"""

from __future__ import annotations

import math
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any, Callable

from llvmlite import ir

from ..sema import types as T
from .base import I1, I8, I16, I32, LowerError, fconst

if TYPE_CHECKING:  # pragma: no cover
    from ..front import ast as A
    from .codegen import Codegen

LOG2_E = 1.4426950408889634
LN_2 = 0.6931471805599453
LOG10_2 = 0.3010299956639812
PI = math.pi


def _c(value: int) -> ir.Constant:
    return ir.Constant(I32, value)


def _is_float_ty(ty: ir.Type) -> bool:
    return isinstance(ty, (ir.HalfType, ir.FloatType, ir.DoubleType))


def _scalar_ty(ty: ir.Type) -> ir.Type:
    return ty.element if isinstance(ty, ir.VectorType) else ty


def _fc(ty: ir.Type, value: float) -> ir.Constant:
    return fconst(_scalar_ty(ty), value)


def _ic(ty: ir.Type, value: int) -> ir.Constant:
    return ir.Constant(_scalar_ty(ty), value)


def each(gen: "Codegen", values: list[ir.Value], fn: Callable[[list[ir.Value]], ir.Value]) -> ir.Value:
    """`fn` applied per scalar of same-shaped scalar, vector or matrix
    values (the shape of the first), the results assembled in that shape."""
    b = gen.builder
    first = values[0]
    if isinstance(first.type, ir.ArrayType):
        rows = [each(gen, [b.extract_value(v, r) if isinstance(v.type, ir.ArrayType) else v for v in values], fn)
                for r in range(first.type.count)]
        out = ir.Constant(ir.ArrayType(rows[0].type, len(rows)), None)
        for r, row in enumerate(rows):
            out = b.insert_value(out, row, r)
        return out
    if isinstance(first.type, ir.VectorType):
        n = first.type.count
        parts = []
        for k in range(n):
            parts.append(fn([b.extract_element(v, _c(k)) if isinstance(v.type, ir.VectorType) else v
                             for v in values]))
        return gen.build_vector(parts)
    return fn(values)


def components(gen: "Codegen", value: ir.Value) -> list[ir.Value]:
    """The scalars of a scalar, vector or matrix value (matrices row by row)."""
    b = gen.builder
    if isinstance(value.type, ir.ArrayType):
        out = []
        for r in range(value.type.count):
            out += components(gen, b.extract_value(value, r))
        return out
    if isinstance(value.type, ir.VectorType):
        return [b.extract_element(value, _c(k)) for k in range(value.type.count)]
    return [value]


def _op(gen: "Codegen", name: str, args: list[ir.Value], overload: ir.Type | None = None) -> ir.Value:
    return gen.op(name, args, overload=overload if overload is not None else args[0].type)


def _kind(t: T.Type) -> str:
    elem = t.element if t.element is not None else T.INT
    if elem.kind == "float":
        return "F"
    return "I" if elem.kind in ("int", "bool") else "U"


# --------------------------------------------------------------------------
# Component-wise functions: (gen, scalars) -> scalar, with the HLSL element
# type of the arguments (`elem`) known.

def _unary_op(name: str) -> Callable:
    return lambda gen, elem, xs: _op(gen, name, xs[:1])


def _abs(gen, elem, xs):
    x = xs[0]
    if elem.kind == "float":
        return _op(gen, "FAbs", [x])
    if elem.kind == "uint" or elem.kind == "bool":
        return x
    neg = gen.builder.sub(ir.Constant(x.type, 0), x)
    return _op(gen, "IMax", [x, neg])


def _fwidth(gen, elem, xs):
    """|ddx(x)| + |ddy(x)|, as DXC expands it."""
    x = xs[0]
    dx = _op(gen, "FAbs", [_op(gen, "DerivCoarseX", [x])])
    dy = _op(gen, "FAbs", [_op(gen, "DerivCoarseY", [x])])
    return gen.builder.fadd(dx, dy)


def _minmax(which: str) -> Callable:
    def lower(gen, elem, xs):
        kind = "F" if elem.kind == "float" else ("U" if elem.kind == "uint" else "I")
        return _op(gen, f"{kind}{which}", xs[:2])
    return lower


def _clamp(gen, elem, xs):
    kind = "F" if elem.kind == "float" else ("U" if elem.kind == "uint" else "I")
    return _op(gen, f"{kind}Min", [_op(gen, f"{kind}Max", xs[:2]), xs[2]])


def _sign(gen, elem, xs):
    b = gen.builder
    x = xs[0]
    if elem.kind == "float":
        zero = _fc(x.type, 0.0)
        pos = b.fcmp_ordered("<", zero, x)
        neg = b.fcmp_ordered("<", x, zero)
    elif elem.kind == "uint":
        zero = ir.Constant(x.type, 0)
        return b.zext(b.icmp_unsigned("!=", x, zero), I32)
    else:
        zero = ir.Constant(x.type, 0)
        pos = b.icmp_signed("<", zero, x)
        neg = b.icmp_signed("<", x, zero)
    return b.sub(b.zext(pos, I32), b.zext(neg, I32))


def _rcp(gen, elem, xs):
    return gen.builder.fdiv(_fc(xs[0].type, 1.0), xs[0])


def _scaled(name: str, before: float | None, after: float | None) -> Callable:
    """exp: Exp(x * log2 e); log: Log(x) * ln 2; log10: Log(x) * log10 2."""
    def lower(gen, elem, xs):
        b = gen.builder
        x = xs[0]
        if before is not None:
            x = b.fmul(x, _fc(x.type, before))
        r = _op(gen, name, [x])
        if after is not None:
            r = b.fmul(r, _fc(r.type, after))
        return r
    return lower


def _pow(gen, elem, xs):
    b = gen.builder
    x, y = xs[0], xs[1]
    log = _op(gen, "Log", [x])
    return _op(gen, "Exp", [b.fmul(log, y)])


def _atan2(gen, elem, xs):
    b = gen.builder
    y, x = xs[0], xs[1]
    ty = x.type
    atan = _op(gen, "Atan", [b.fdiv(y, x)])
    add_pi = b.fadd(atan, _fc(ty, PI))
    sub_pi = b.fsub(atan, _fc(ty, PI))
    zero = _fc(ty, 0.0)
    x_lt0 = b.fcmp_ordered("<", x, zero)
    x_eq0 = b.fcmp_ordered("==", x, zero)
    y_ge0 = b.fcmp_ordered(">=", y, zero)
    y_lt0 = b.fcmp_ordered("<", y, zero)
    r = b.select(b.and_(x_lt0, y_ge0), add_pi, atan)
    r = b.select(b.and_(x_lt0, y_lt0), sub_pi, r)
    r = b.select(b.and_(x_eq0, y_lt0), _fc(ty, -PI / 2), r)
    return b.select(b.and_(x_eq0, y_ge0), _fc(ty, PI / 2), r)


def _fmod(gen, elem, xs):
    b = gen.builder
    x, y = xs[0], xs[1]
    div = b.fdiv(x, y)
    neg_div = b.fneg(div)
    ge = b.fcmp_ordered(">=", div, neg_div)
    frc = _op(gen, "Frc", [_op(gen, "FAbs", [div])])
    real = b.select(ge, frc, b.fneg(frc))
    return b.fmul(real, y)


def _ldexp(gen, elem, xs):
    return gen.builder.fmul(xs[0], _op(gen, "Exp", [xs[1]]))


def _lerp(gen, elem, xs):
    b = gen.builder
    a, c, t = xs
    return b.fadd(a, b.fmul(t, b.fsub(c, a)))


def _smoothstep(gen, elem, xs):
    b = gen.builder
    lo, hi, x = xs
    t = _op(gen, "Saturate", [b.fdiv(b.fsub(x, lo), b.fsub(hi, lo))])
    poly = b.fsub(_fc(t.type, 3.0), b.fmul(t, _fc(t.type, 2.0)))
    return b.fmul(b.fmul(t, t), poly)


def _step(gen, elem, xs):
    b = gen.builder
    edge, x = xs
    below = b.fcmp_ordered("<", x, edge)
    return b.select(below, _fc(x.type, 0.0), _fc(x.type, 1.0))


def _times(factor: float) -> Callable:
    return lambda gen, elem, xs: gen.builder.fmul(xs[0], _fc(xs[0].type, factor))


def _mad(gen, elem, xs):
    kind = "F" if elem.kind == "float" else ("U" if elem.kind == "uint" else "I")
    return _op(gen, f"{kind}Mad", xs)


def _special(name: str) -> Callable:
    """isnan/isinf/isfinite: DXIL has them for half and float; doubles
    compare (NaN is unordered with itself; infinity is |x| == inf)."""
    def lower(gen, elem, xs):
        x = xs[0]
        if not isinstance(x.type, ir.DoubleType):
            return _op(gen, name, [x])
        b = gen.builder
        inf = _fc(x.type, math.inf)
        if name == "IsNaN":
            return b.fcmp_unordered("uno", x, x)
        mag = _op(gen, "FAbs", [x])
        if name == "IsInf":
            return b.fcmp_ordered("==", mag, inf)
        return b.fcmp_ordered("<", mag, inf)
    return lower


def _countbits(gen, elem, xs):
    return gen.op("Countbits", xs[:1], overload=xs[0].type)


def _firstbitlow(gen, elem, xs):
    return gen.op("FirstbitLo", xs[:1], overload=xs[0].type)


def _firstbithigh(gen, elem, xs):
    """DXIL counts from the high bit; HLSL from the low bit (-1: none)."""
    b = gen.builder
    x = xs[0]
    name = "FirstbitSHi" if elem.kind == "int" else "FirstbitHi"
    hi = gen.op(name, [x], overload=x.type)
    width = x.type.width
    none = b.icmp_signed("==", hi, _c(-1))
    return b.select(none, _c(-1), b.sub(_c(width - 1), hi))


def _reversebits(gen, elem, xs):
    return _op(gen, "Bfrev", xs[:1])


def _fma(gen, elem, xs):
    return _op(gen, "Fma", xs)


def _frexp(gen, elem, xs):
    """x = mantissa * 2^exponent with the mantissa in [0.5, 1), both 0 for 0."""
    b = gen.builder
    x = xs[0]
    ty = x.type
    if not isinstance(ty, ir.FloatType):
        wide = b.fpext(x, ir.FloatType())
        mant, expo = _frexp(gen, elem, [wide])
        return b.fptrunc(mant, ty), b.fptrunc(expo, ty)
    bits = b.bitcast(x, I32)
    expo = b.sub(b.lshr(b.and_(bits, _c(0x7F800000)), _c(23)), _c(126))
    is_zero = b.fcmp_ordered("==", x, _fc(ty, 0.0))
    expo_f = b.select(is_zero, _fc(ty, 0.0), b.sitofp(expo, ty))
    mant = b.bitcast(b.or_(b.and_(bits, _c(0x807FFFFF)), _c(0x3F000000)), ty)
    mant = b.select(is_zero, _fc(ty, 0.0), mant)
    return mant, expo_f


_COMPONENTWISE: dict[str, tuple[Callable, str]] = {
    # name: (scalar lowering, which argument's element decides the kind)
    "abs": (_abs, "arg"), "min": (_minmax("Min"), "arg"), "max": (_minmax("Max"), "arg"),
    "clamp": (_clamp, "arg"), "sign": (_sign, "arg"), "mad": (_mad, "arg"),
    "sqrt": (_unary_op("Sqrt"), "arg"), "rsqrt": (_unary_op("Rsqrt"), "arg"), "rcp": (_rcp, "arg"),
    "exp": (_scaled("Exp", LOG2_E, None), "arg"), "exp2": (_unary_op("Exp"), "arg"),
    "log": (_scaled("Log", None, LN_2), "arg"), "log2": (_unary_op("Log"), "arg"),
    "log10": (_scaled("Log", None, LOG10_2), "arg"), "pow": (_pow, "arg"),
    "sin": (_unary_op("Sin"), "arg"), "cos": (_unary_op("Cos"), "arg"), "tan": (_unary_op("Tan"), "arg"),
    "asin": (_unary_op("Asin"), "arg"), "acos": (_unary_op("Acos"), "arg"), "atan": (_unary_op("Atan"), "arg"),
    "sinh": (_unary_op("Hsin"), "arg"), "cosh": (_unary_op("Hcos"), "arg"), "tanh": (_unary_op("Htan"), "arg"),
    "atan2": (_atan2, "arg"), "floor": (_unary_op("Round_ni"), "arg"), "ceil": (_unary_op("Round_pi"), "arg"),
    "round": (_unary_op("Round_ne"), "arg"), "trunc": (_unary_op("Round_z"), "arg"),
    "frac": (_unary_op("Frc"), "arg"), "saturate": (_unary_op("Saturate"), "arg"), "fmod": (_fmod, "arg"),
    "ldexp": (_ldexp, "arg"), "lerp": (_lerp, "arg"), "smoothstep": (_smoothstep, "arg"), "step": (_step, "arg"),
    "degrees": (_times(180.0 / PI), "arg"), "radians": (_times(PI / 180.0), "arg"),
    "fma": (_fma, "arg"),
    "isnan": (_special("IsNaN"), "arg"), "isinf": (_special("IsInf"), "arg"),
    "isfinite": (_special("IsFinite"), "arg"),
    "ddx": (_unary_op("DerivCoarseX"), "arg"), "ddy": (_unary_op("DerivCoarseY"), "arg"),
    "ddx_coarse": (_unary_op("DerivCoarseX"), "arg"), "ddy_coarse": (_unary_op("DerivCoarseY"), "arg"),
    "ddx_fine": (_unary_op("DerivFineX"), "arg"), "ddy_fine": (_unary_op("DerivFineY"), "arg"),
    "fwidth": (_fwidth, "arg"),
    "countbits": (_countbits, "arg"), "firstbitlow": (_firstbitlow, "arg"),
    "firstbithigh": (_firstbithigh, "arg"), "reversebits": (_reversebits, "arg"),
}


# --------------------------------------------------------------------------
# Entry point

def lower_math(gen: "Codegen", expr: "A.CallExpr", match: Any, args: list[ir.Value]) -> ir.Value | None:
    """Lower the intrinsic `match.name`; None when it is not a math intrinsic."""
    name = match.name
    entry = _COMPONENTWISE.get(name)
    if entry is not None:
        fn, _ = entry
        elem = gen.sema_scalar(match.param_types[0])
        return each(gen, args, lambda xs: fn(gen, elem, xs))
    special = _SPECIAL.get(name)
    if special is None:
        return None
    return special(gen, expr, match, args)


def _store_out(gen: "Codegen", expr: "A.CallExpr", position: int, value: ir.Value, value_t: T.Type) -> None:
    arg = expr.args[position]
    gen.store_to(arg, gen.convert(value, value_t, gen.expr_type(arg), True, arg.span))


def _sincos(gen, expr, match, args):
    elem_t = match.param_types[0]
    _store_out(gen, expr, 1, each(gen, args[:1], lambda xs: _op(gen, "Sin", xs[:1])), elem_t)
    _store_out(gen, expr, 2, each(gen, args[:1], lambda xs: _op(gen, "Cos", xs[:1])), elem_t)
    return _c(0)


def _modf_call(gen, expr, match, args):
    t = match.param_types[0]
    whole = each(gen, args[:1], lambda xs: _op(gen, "Round_z", xs[:1]))
    _store_out(gen, expr, 1, whole, t)
    return each(gen, [args[0], whole], lambda xs: gen.builder.fsub(xs[0], xs[1]))


def _frexp_call(gen, expr, match, args):
    t = match.param_types[0]
    elem = gen.sema_scalar(t)
    mant = each(gen, args[:1], lambda xs: _frexp(gen, elem, xs)[0])
    expo = each(gen, args[:1], lambda xs: _frexp(gen, elem, xs)[1])
    _store_out(gen, expr, 1, expo, t)
    return mant


def dot(gen: "Codegen", a: ir.Value, c: ir.Value, elem: T.ScalarType) -> ir.Value:
    """dot(a, c) of two vectors (or scalars): Dot2/3/4 for floats, a
    multiply then an IMad/UMad chain for integers, as DXC emits."""
    b = gen.builder
    xs, ys = components(gen, a), components(gen, c)
    if elem.kind == "float":
        if 2 <= len(xs) <= 4 and not isinstance(xs[0].type, ir.DoubleType):
            return gen.op(f"Dot{len(xs)}", xs + ys, overload=xs[0].type, name_hint="dot")
        total = b.fmul(xs[0], ys[0])
        for x, y in zip(xs[1:], ys[1:]):
            total = gen.op("FMad", [x, y, total], overload=x.type)
        return total
    mad = "UMad" if elem.kind == "uint" else "IMad"
    total = b.mul(xs[0], ys[0])
    for x, y in zip(xs[1:], ys[1:]):
        total = gen.op(mad, [x, y, total], overload=x.type)
    return total


def _dot_call(gen, expr, match, args):
    return dot(gen, args[0], args[1], gen.sema_scalar(match.param_types[0]))


def _length(gen, expr, match, args):
    elem = gen.sema_scalar(match.param_types[0])
    v = args[0]
    if not isinstance(v.type, ir.VectorType):
        return _op(gen, "FAbs", [v])
    return _op(gen, "Sqrt", [dot(gen, v, v, elem)])


def _distance(gen, expr, match, args):
    elem = gen.sema_scalar(match.param_types[0])
    d = gen.builder.fsub(args[0], args[1])
    if not isinstance(d.type, ir.VectorType):
        return _op(gen, "FAbs", [d])
    return _op(gen, "Sqrt", [dot(gen, d, d, elem)])


def _normalize(gen, expr, match, args):
    elem = gen.sema_scalar(match.param_types[0])
    v = args[0]
    inv = _op(gen, "Rsqrt", [dot(gen, v, v, elem)])
    if isinstance(v.type, ir.VectorType):
        inv = gen._splat(inv, v.type)
    return gen.builder.fmul(v, inv)


def _cross(gen, expr, match, args):
    b = gen.builder
    a, c = components(gen, args[0]), components(gen, args[1])
    x = b.fsub(b.fmul(a[1], c[2]), b.fmul(a[2], c[1]))
    y = b.fsub(b.fmul(a[2], c[0]), b.fmul(a[0], c[2]))
    z = b.fsub(b.fmul(a[0], c[1]), b.fmul(a[1], c[0]))
    return gen.build_vector([x, y, z])


def _reflect(gen, expr, match, args):
    b = gen.builder
    i, n = args
    elem = gen.sema_scalar(match.param_types[0])
    d = dot(gen, n, i, elem)
    d2 = b.fmul(d, _fc(d.type, 2.0))
    if isinstance(n.type, ir.VectorType):
        d2 = gen._splat(d2, n.type)
    return b.fsub(i, b.fmul(n, d2))


def _refract(gen, expr, match, args):
    """eta * i - (eta * dot(n, i) + sqrt(k)) * n, with k = 1 - eta^2 (1 -
    dot(n, i)^2); zero when k < 0 (total internal reflection)."""
    b = gen.builder
    i, n, eta = args
    elem = gen.sema_scalar(match.param_types[0])
    d = dot(gen, n, i, elem)
    one = _fc(d.type, 1.0)
    k = b.fsub(one, b.fmul(b.fmul(eta, eta), b.fsub(one, b.fmul(d, d))))
    scale = b.fadd(b.fmul(eta, d), _op(gen, "Sqrt", [k]))
    splat = (lambda s: gen._splat(s, i.type)) if isinstance(i.type, ir.VectorType) else (lambda s: s)
    r = b.fsub(b.fmul(splat(eta), i), b.fmul(splat(scale), n))
    zero = ir.Constant(r.type, None)
    return b.select(b.fcmp_ordered("<", k, _fc(k.type, 0.0)), zero, r)


def _faceforward(gen, expr, match, args):
    b = gen.builder
    n, i, ng = args
    elem = gen.sema_scalar(match.param_types[0])
    d = dot(gen, i, ng, elem)
    return b.select(b.fcmp_ordered("<", d, _fc(d.type, 0.0)), n, b.fneg(n))


def _dst(gen, expr, match, args):
    """The legacy distance vector: (1, a.y * b.y, a.z, b.w), as DXC builds it."""
    b = gen.builder
    a, c = args
    ty = c.type
    i = [ir.Constant(I32, k) for k in range(4)]
    r = b.insert_element(ir.Constant(ty, ir.Undefined), _fc(ty.element, 1.0), i[0])
    r = b.insert_element(r, b.fmul(b.extract_element(a, i[1]), b.extract_element(c, i[1])), i[1])
    r = b.insert_element(r, b.extract_element(a, i[2]), i[2])
    return b.insert_element(r, b.extract_element(c, i[3]), i[3])


def _lit(gen, expr, match, args):
    """The legacy lighting coefficients (1, max-free diffuse, specular, 1):
    diffuse is n.l unless negative; specular is (n.h)^m unless n.l or n.h
    is negative; as DXC builds it."""
    b = gen.builder
    n_dot_l, n_dot_h, m = args
    ty = m.type
    zero, one = _fc(ty, 0.0), _fc(ty, 1.0)
    vec = ir.VectorType(ty, 4)
    i = [ir.Constant(I32, k) for k in range(4)]
    r = b.insert_element(ir.Constant(vec, ir.Undefined), one, i[0])
    r = b.insert_element(r, one, i[3])
    l_negative = b.fcmp_ordered("<", n_dot_l, zero)
    r = b.insert_element(r, b.select(l_negative, zero, n_dot_l), i[1])
    h_negative = b.fcmp_ordered("<", n_dot_h, zero)
    power = _pow(gen, None, [n_dot_h, m])
    return b.insert_element(r, b.select(b.or_(l_negative, h_negative), zero, power), i[2])


def _to_bools(gen: "Codegen", value: ir.Value, elem: T.ScalarType) -> list[ir.Value]:
    b = gen.builder
    out = []
    for x in components(gen, value):
        if x.type == I1:
            out.append(x)
        elif _is_float_ty(x.type):
            out.append(b.fcmp_unordered("!=", x, _fc(x.type, 0.0)))
        else:
            out.append(b.icmp_unsigned("!=", x, ir.Constant(x.type, 0)))
    return out


def _all_any(gen, expr, match, args):
    b = gen.builder
    bits = _to_bools(gen, args[0], gen.sema_scalar(match.param_types[0]))
    total = bits[0]
    for bit in bits[1:]:
        total = b.and_(total, bit) if match.name == "all" else b.or_(total, bit)
    return total


def _and_or(gen, expr, match, args):
    b = gen.builder
    return each(gen, args, lambda xs: b.and_(xs[0], xs[1]) if match.name == "and" else b.or_(xs[0], xs[1]))


def _select(gen, expr, match, args):
    b = gen.builder
    cond, x, y = args
    if isinstance(cond.type, (ir.VectorType, ir.ArrayType)):
        return each(gen, [cond, x, y], lambda xs: b.select(xs[0], xs[1], xs[2]))
    return b.select(cond, x, y)


def _bitcast_to(gen: "Codegen", t: T.Type) -> Callable:
    target = gen.llt(gen.sema_scalar(t))
    return lambda xs: gen.builder.bitcast(xs[0], target)


def _as_bits(gen, expr, match, args):
    if match.name == "asuint" and len(expr.args) == 3:
        return _split_double(gen, expr, match, args)
    return each(gen, args[:1], _bitcast_to(gen, match.return_type))


def _split_double(gen, expr, match, args):
    b = gen.builder
    lo = each(gen, args[:1], lambda xs: b.extract_value(gen.op("SplitDouble", xs[:1], overload=xs[0].type), 0))
    hi = each(gen, args[:1], lambda xs: b.extract_value(gen.op("SplitDouble", xs[:1], overload=xs[0].type), 1))
    _store_out(gen, expr, 1, lo, match.param_types[1])
    _store_out(gen, expr, 2, hi, match.param_types[2])
    return _c(0)


def _asdouble(gen, expr, match, args):
    return each(gen, args[:2], lambda xs: gen.op("MakeDouble", xs, overload=ir.DoubleType()))


def _f16(gen, expr, match, args):
    op = "LegacyF16ToF32" if match.name == "f16tof32" else "LegacyF32ToF16"
    return each(gen, args[:1], lambda xs: gen.op(op, xs))


def _transpose(gen, expr, match, args):
    m = match.param_types[0]
    if not isinstance(m, T.MatrixType):
        return args[0]
    b = gen.builder
    rows = [components(gen, b.extract_value(args[0], r)) for r in range(m.rows)]
    cols = [gen.build_vector([rows[r][c] for r in range(m.rows)]) for c in range(m.cols)]
    out = ir.Constant(gen.llt(match.return_type), None)
    for c, col in enumerate(cols):
        out = b.insert_value(out, col, c)
    return out


def _determinant(gen, expr, match, args):
    b = gen.builder
    m = match.param_types[0]
    n = m.rows
    rows = [components(gen, b.extract_value(args[0], r)) for r in range(n)]

    def det(idx_rows: list[int], idx_cols: list[int]) -> ir.Value:
        if len(idx_rows) == 1:
            return rows[idx_rows[0]][idx_cols[0]]
        total = None
        for k, col in enumerate(idx_cols):
            minor = det(idx_rows[1:], idx_cols[:k] + idx_cols[k + 1:])
            term = b.fmul(rows[idx_rows[0]][col], minor)
            if total is None:
                total = term
            elif k % 2:
                total = b.fsub(total, term)
            else:
                total = b.fadd(total, term)
        return total

    return det(list(range(n)), list(range(n)))


def _mul(gen, expr, match, args):
    """mul's nine forms; a vector on the left is a row vector."""
    b = gen.builder
    lt, rt = match.param_types
    a, c = args
    elem = gen.sema_scalar(lt)
    is_float = elem.kind == "float"
    fmul = b.fmul if is_float else b.mul
    if isinstance(lt, T.ScalarType) or isinstance(rt, T.ScalarType):
        scalar, other = (a, c) if isinstance(lt, T.ScalarType) else (c, a)
        return each(gen, [other], lambda xs: fmul(xs[0], scalar))
    if isinstance(lt, T.VectorType) and isinstance(rt, T.VectorType):
        return dot(gen, a, c, elem)
    if isinstance(lt, T.MatrixType) and isinstance(rt, T.VectorType):
        return gen.build_vector([dot(gen, b.extract_value(a, r), c, elem) for r in range(lt.rows)])
    if isinstance(lt, T.VectorType) and isinstance(rt, T.MatrixType):
        xs = components(gen, a)
        rows = [components(gen, b.extract_value(c, r)) for r in range(rt.rows)]
        return gen.build_vector([_sum_of_products(gen, xs, [rows[r][j] for r in range(rt.rows)], elem)
                                 for j in range(rt.cols)])
    # matrix x matrix
    lrows = [components(gen, b.extract_value(a, r)) for r in range(lt.rows)]
    rrows = [components(gen, b.extract_value(c, r)) for r in range(rt.rows)]
    out = ir.Constant(gen.llt(match.return_type), None)
    for i in range(lt.rows):
        row = [_sum_of_products(gen, lrows[i], [rrows[k][j] for k in range(rt.rows)], elem)
               for j in range(rt.cols)]
        out = b.insert_value(out, gen.build_vector(row), i)
    return out


def _sum_of_products(gen: "Codegen", xs: list[ir.Value], ys: list[ir.Value], elem: T.ScalarType) -> ir.Value:
    """x0*y0 + x1*y1 + ...: a multiply, then FMad/IMad/UMad steps."""
    b = gen.builder
    if elem.kind == "float":
        total = b.fmul(xs[0], ys[0])
        mad = "FMad"
    else:
        total = b.mul(xs[0], ys[0])
        mad = "UMad" if elem.kind == "uint" else "IMad"
    for x, y in zip(xs[1:], ys[1:]):
        total = gen.op(mad, [x, y, total], overload=x.type)
    return total


def _d3dcolor(gen, expr, match, args):
    b = gen.builder
    v = args[0]
    swizzled = b.shuffle_vector(v, ir.Constant(v.type, None), ir.Constant(ir.VectorType(I32, 4), [2, 1, 0, 3]))
    scaled = b.fmul(swizzled, ir.Constant(v.type, [fconst(ir.FloatType(), 255.001953)] * 4))
    return b.fptosi(scaled, ir.VectorType(I32, 4))


def _add_uint64(gen, expr, match, args):
    """Pairs of (low, high) words: the low sums carry into the high ones."""
    b = gen.builder
    a, c = components(gen, args[0]), components(gen, args[1])
    out = []
    for k in range(0, len(a), 2):
        lo = b.add(a[k], c[k])
        carry = b.zext(b.icmp_unsigned("<", lo, a[k]), I32)
        hi = b.add(b.add(a[k + 1], c[k + 1]), carry)
        out += [lo, hi]
    return gen.build_vector(out)


def _msad4(gen, expr, match, args):
    """Each of the four results compares `reference` with the source bytes
    starting one byte further (DXC: Bfi builds the shifted words, Msad
    accumulates)."""
    b = gen.builder
    ref, src, acc = args
    sx, sy = components(gen, src)
    accs = components(gen, acc)
    shifted = [sx]
    for k in (1, 2, 3):
        low = b.lshr(sx, _c(8 * k))
        shifted.append(gen.op("Bfi", [_c(8 * k), _c(32 - 8 * k), sy, low], overload=I32))
    return gen.build_vector([gen.op("Msad", [ref, s, a], overload=I32) for s, a in zip(shifted, accs)])


def _dot2add(gen, expr, match, args):
    b = gen.builder
    a, c, acc = args
    ax, ay = components(gen, a)
    bx, by = components(gen, c)
    return gen.op("Dot2AddHalf", [acc, ax, ay, bx, by], overload=acc.type)


def _dot4add(gen, expr, match, args):
    a, c, acc = args
    op = "Dot4AddI8Packed" if match.name == "dot4add_i8packed" else "Dot4AddU8Packed"
    return gen.op(op, [acc, a, c], overload=I32)


def _pack(gen, expr, match, args):
    mode = {"pack_u8": 0, "pack_s8": 0, "pack_clamp_u8": 1, "pack_clamp_s8": 2}[match.name]
    xs = components(gen, args[0])
    return gen.op("Pack4x8", [ir.Constant(I8, mode)] + xs, overload=xs[0].type)


def _unpack(gen, expr, match, args):
    b = gen.builder
    signed = match.name.startswith("unpack_s")
    elem = I16 if match.name.endswith("16") else I32
    ret = gen.op("Unpack4x8", [ir.Constant(I8, 1 if signed else 0), args[0]], overload=elem)
    return gen.build_vector([b.extract_value(ret, k) for k in range(4)])



def _noise(gen, expr, match, args):
    raise LowerError(f"'{match.name}' is not available in compute shaders", expr.span)


_SPECIAL: dict[str, Callable] = {
    "sincos": _sincos, "modf": _modf_call, "frexp": _frexp_call, "dot": _dot_call, "length": _length,
    "distance": _distance, "normalize": _normalize, "cross": _cross, "reflect": _reflect, "refract": _refract,
    "faceforward": _faceforward, "dst": _dst, "lit": _lit, "all": _all_any, "any": _all_any, "and": _and_or, "or": _and_or,
    "select": _select, "asuint": _as_bits, "asint": _as_bits, "asfloat": _as_bits, "asuint16": _as_bits,
    "asint16": _as_bits, "asfloat16": _as_bits, "asdouble": _asdouble, "f16tof32": _f16, "f32tof16": _f16,
    "transpose": _transpose, "determinant": _determinant, "mul": _mul, "D3DCOLORtoUBYTE4": _d3dcolor,
    "AddUint64": _add_uint64, "msad4": _msad4, "dot2add": _dot2add, "dot4add_i8packed": _dot4add,
    "dot4add_u8packed": _dot4add, "pack_u8": _pack, "pack_s8": _pack, "pack_clamp_u8": _pack,
    "pack_clamp_s8": _pack, "unpack_s8s32": _unpack, "unpack_s8s16": _unpack, "unpack_u8u32": _unpack,
    "unpack_u8u16": _unpack,
}
