"""Implicit conversions of HLSL, as DXC applies them in HLSL 2021.

Owns: whether a value of one type converts implicitly to another and how
good that conversion is (its *rank*, for overload resolution), the
"implicit truncation of vector type" warning, the usual arithmetic
conversions of binary operators (element type and vector/matrix shape), the
default types of unsuffixed literals, and which types a condition accepts.

Does not own: explicit casts and constructors (`(float3)x`, `float3(a, b)`),
lvalue-ness of `out` arguments, constant folding, operators' result types
(a comparison yields `bool` of the operand shape; that is the caller's), or
the diagnostics themselves (callers turn the warning strings into
diagnostics at the right location).

The model of a conversion: scalars, vectors and matrices are a *shape*
(scalar, N-vector, RxC matrix) with an *element* scalar.  A conversion's rank
is the worse of the shape change and the element change, so `float2 ->
double2` ranks as a promotion and `float4 -> int2` as a truncation.
"""

from __future__ import annotations


from ..records import ValueRecord
from .types import (
    BOOL, DOUBLE, FLOAT, HALF, INT, INT16, INT64, INT8_4_PACKED, LITERAL_FLOAT, LITERAL_INT, MIN10FLOAT, MIN12INT,
    MIN16INT, MIN16UINT, UINT16, UINT64,
    MIN16FLOAT, UINT, UINT8_4_PACKED, ArrayType, ClassType, EnumType, HeapDescriptorType, MatrixType,
    ResourceType, ScalarType, Type, VectorType, VoidType, matrix_of, vector_of, with_element,
)

# Ranks, lower is better.  LITERAL equals PROMOTION on purpose: an unsuffixed
# literal has no type of its own to prefer, so `max(x, 1)` must not lose to
# an overload that merely promotes.
EXACT = 0
PROMOTION = 1
LITERAL = 1
CONVERSION = 2
SPLAT = 3
TRUNCATION = 4

TRUNCATION_WARNING = "implicit truncation of vector type"


class Conversion(ValueRecord):
    rank: int
    warning: str | None   # e.g. TRUNCATION_WARNING for float4 -> float2
    _fields = ("rank", "warning")

    def __init__(self, rank: int, warning: str | None = None) -> None:
        self.rank = rank
        self.warning = warning


_EXACT = Conversion(EXACT)
_TRUNCATE = Conversion(TRUNCATION, TRUNCATION_WARNING)

# --------------------------------------------------------------------------
# Shapes

# ("s",) scalar, ("v", n) vector, ("m", rows, cols) matrix.  Public for
# `intrinsics`, which broadcasts argument shapes the same way.
Shape = tuple


def shape_of(t: Type) -> Shape:
    if isinstance(t, VectorType):
        return ("v", t.size)
    if isinstance(t, MatrixType):
        return ("m", t.rows, t.cols)
    return ("s",)


def is_one_component(shape: Shape) -> bool:
    """One component: a scalar, a 1-vector or a 1x1 matrix.  HLSL treats the
    last two like scalars when they meet a bigger operand (they splat)."""
    return shape == ("s",) or shape == ("v", 1) or shape == ("m", 1, 1)


def with_shape(elem: ScalarType, shape: Shape) -> Type:
    if shape[0] == "v":
        return vector_of(elem, shape[1])
    if shape[0] == "m":
        return matrix_of(elem, shape[1], shape[2])
    return elem


def _numeric_view(t: Type) -> Type | None:
    """`t` as a number for conversions: scalars, vectors and matrices as they
    are, an unscoped enum as `int` (HLSL 2021 lets those convert), anything
    else None.  Enum symbols say `scoped`; an enum without the attribute is
    taken as scoped, the safe side (no implicit conversion)."""
    if isinstance(t, (ScalarType, VectorType, MatrixType)):
        return t
    if isinstance(t, EnumType) and not getattr(t.symbol, "scoped", True):
        return INT
    return None


# --------------------------------------------------------------------------
# Element (scalar to scalar) conversions

def _scalar_rank(src: ScalarType, dst: ScalarType) -> int | None:
    if src is dst:
        return EXACT
    if dst.literal:
        # Only literals have literal types; `1 + 1.5` widens int to float.
        if src is LITERAL_INT and dst is LITERAL_FLOAT:
            return LITERAL
        return CONVERSION if src.literal else None
    if src.literal:
        # A literal adopts whatever type it meets, except where its value
        # changes kind: 1.5 -> int and 1 -> bool are real conversions.
        if dst.kind == "bool":
            return CONVERSION
        if src.kind == "float" and dst.kind != "float":
            return CONVERSION
        # The type a literal has when nothing else decides (int, float) is
        # an exact match, so `f(2)` prefers f(int) over f(float).
        if (src is LITERAL_INT and dst is INT) or (src is LITERAL_FLOAT and dst is FLOAT):
            return EXACT
        return LITERAL
    if src.kind == "bool":
        return PROMOTION if dst.kind in ("int", "uint") else CONVERSION
    if src.kind == dst.kind and dst.bits > src.bits:
        return PROMOTION   # half -> float -> double, int16_t -> int -> int64_t
    return CONVERSION


# --------------------------------------------------------------------------
# Implicit conversion

def _same_nominal(a: Type, b: Type) -> bool:
    """Identity of types that are not guaranteed interned objects."""
    if isinstance(a, ClassType) and isinstance(b, ClassType):
        return a.instance is b.instance
    if isinstance(a, EnumType) and isinstance(b, EnumType):
        return a.symbol is b.symbol
    return False


def implicit_conversion(source: Type, target: Type, strict_udt: bool = True) -> Conversion | None:
    """How `source` converts to `target` implicitly (assignment,
    initialisation, argument passing); None when it does not.

    `strict_udt` is HLSL 2021's rule for structs (`-HV 2021` and later):
    a struct converts implicitly only to itself, to a base, or to an
    anonymous struct of the same elements; before 2021 a struct and an array
    (or another struct) of the same elements, in the same order, convert."""
    if source is target or _same_nominal(source, target):
        return _EXACT
    if isinstance(source, VoidType) or isinstance(target, VoidType):
        return None
    if isinstance(source, ArrayType) or isinstance(target, ArrayType):
        return _array_conversion(source, target) or _flat_conversion(source, target, strict_udt)
    if isinstance(target, EnumType):
        return None   # nothing converts to an enum implicitly, not even int
    if isinstance(source, ResourceType) and source.shape.family in ("cbuffer", "tbuffer") \
            and source.elem is target:
        # `ConstantBuffer<S>` used as an S: its contents.
        return Conversion(CONVERSION)
    if isinstance(source, ClassType) and isinstance(target, ClassType):
        if derives_from(source, target):
            return Conversion(CONVERSION)      # derived to base: the base part
        return _flat_conversion(source, target, strict_udt)
    if isinstance(source, HeapDescriptorType):
        # A descriptor heap element becomes the resource it is declared as
        # (DXC does not check which heap a sampler comes from: the handle
        # is made from the heap the code names).
        if isinstance(target, ResourceType):
            return Conversion(CONVERSION)
        return None
    src = _numeric_view(source)
    if src is None or not isinstance(target, (ScalarType, VectorType, MatrixType)):
        # Classes, resources, Wave Matrix types, strings: only themselves.
        return None
    # An unscoped enum is at best promoted (to int), never an exact match.
    base = PROMOTION if src is not source else EXACT
    elem_rank = _scalar_rank(src.element, target.element)  # type: ignore[arg-type]
    if elem_rank is None:
        return None
    shape_conv = _shape_conversion(shape_of(src), shape_of(target))
    if shape_conv is None:
        return None
    rank = max(base, elem_rank, shape_conv.rank)
    return _EXACT if rank == EXACT and shape_conv.warning is None else Conversion(rank, shape_conv.warning)


def _shape_conversion(s: Shape, d: Shape) -> Conversion | None:
    """The rank of the shape change alone."""
    if s == d:
        return _EXACT
    if is_one_component(s) and is_one_component(d):
        return Conversion(PROMOTION)          # float <-> float1 <-> float1x1
    if is_one_component(s):
        return Conversion(SPLAT)              # float -> float4, float1 -> float3x3
    if is_one_component(d):
        return _TRUNCATE                      # float4 -> float, float2x2 -> float
    if s[0] == "v" and d[0] == "v":
        return _TRUNCATE if d[1] < s[1] else None
    if s[0] == "m" and d[0] == "m":
        return _TRUNCATE if d[1] <= s[1] and d[2] <= s[2] else None
    # A vector and a one-row or one-column matrix hold the same components
    # in the same order, so DXC converts between them; a vector and a
    # matrix of as many components too (`float2x2 m = f4;`, row by row:
    # DXC's element-preserving conversions).
    if s[0] == "v" and d[1] * d[2] == s[1] or s[0] == "m" and d[0] == "v" and s[1] * s[2] == d[1]:
        return Conversion(CONVERSION)
    if s[0] == "v":
        rows, cols = d[1], d[2]
        if rows == 1 or cols == 1:
            n = rows * cols
            if n == s[1]:
                return Conversion(CONVERSION)
            if n < s[1]:
                return _TRUNCATE
        return None
    rows, cols = s[1], s[2]
    if rows == 1 or cols == 1:
        n = rows * cols
        if n == d[1]:
            return Conversion(CONVERSION)
        if d[1] < n:
            return _TRUNCATE
    return None


def _array_conversion(source: Type, target: Type) -> Conversion | None:
    if not (isinstance(source, ArrayType) and isinstance(target, ArrayType)):
        return None
    if target.size is not None and target.size != source.size:
        return None
    # Element types must be the same type: arrays are not converted
    # element by element.  Nested arrays are interned, so `is` works.
    if source.elem is target.elem or _same_nominal(source.elem, target.elem):
        return _EXACT
    return None


def integer_literal_type(value: int, suffix: str, text: str, hlsl_version: int) -> ScalarType:
    """The type of an integer literal, as DXC gives it.

    Before HLSL 202x an unsuffixed literal is a `literal int` (typed where
    it is used); `ll` makes it 64-bit; `u` and `l` (which HLSL, like MSVC,
    takes as 32-bit) make it 32-bit: unsigned when `u` is written or the
    literal is not decimal (`0x10l` is a uint), its value cut to 32 bits.
    From HLSL 202x the C rules: the first of int, uint (for `u` or a
    non-decimal literal), int64_t, uint64_t that holds the value, `l` as
    `ll`."""
    s = suffix.lower()
    decimal = not (len(text) > 1 and text[0] == "0" and text[1] not in ".")
    unsigned = "u" in s
    wide = "ll" in s or ("l" in s and hlsl_version >= 2029)
    if hlsl_version < 2029:
        if not s:
            return LITERAL_INT
        if wide:
            return UINT64 if unsigned else INT64
        return UINT if unsigned or not decimal else INT
    if not wide:
        if not unsigned and value < 1 << 31:
            return INT
        if (unsigned or not decimal) and value < 1 << 32:
            return UINT
    if not unsigned and value < 1 << 63:
        return INT64
    return UINT64


def _flat_conversion(source: Type, target: Type, strict_udt: bool) -> Conversion | None:
    """Two aggregates (arrays, structs) of the same elements, in the same
    order and of the same types, convert implicitly (DXC's flat conversion,
    which FXC allowed); under the strict rule of HLSL 2021 not when a struct
    is involved, unless the target is an anonymous struct (which no cast can
    name)."""
    if not (isinstance(source, (ArrayType, ClassType)) and isinstance(target, (ArrayType, ClassType))):
        return None
    if strict_udt and (isinstance(source, ClassType) or isinstance(target, ClassType)) \
            and not _is_anonymous(target):
        return None
    left, right = flat_elements(target), flat_elements(source)
    if left is None or right is None or len(left) != len(right):
        return None
    if any(n != m or (a is not b and not _same_nominal(a, b)) for (a, n), (b, m) in zip(left, right)):
        return None
    return Conversion(CONVERSION)


def _is_anonymous(t: Type) -> bool:
    if not isinstance(t, ClassType):
        return False
    decl = getattr(t.instance, "decl", None)
    if decl is None:
        return False
    name = getattr(decl, "name", None)
    # The parser names an anonymous struct as clang does, which no source
    # name can spell: `(anonymous struct at FILE:LINE:COL)`.
    return getattr(t.instance, "template", None) is None and (name is None or name.startswith("(anonymous "))


def flat_elements(t: Type, limit: int = 4096) -> list[tuple[Type, int]] | None:
    """The scalars (or enums) an aggregate holds, in memory order, as runs
    of one type (`(float, 8192)` for `float2[4096]`): vectors and matrices
    by component, arrays by element, structs by member.  None for what does
    not flatten (resources, unsized arrays, classes without data) or takes
    more than `limit` runs (a large array of mixed structs)."""
    out: list[tuple[Type, int]] = []

    def add(u: Type, count: int) -> None:
        if out and (out[-1][0] is u or _same_nominal(out[-1][0], u)):
            out[-1] = (out[-1][0], out[-1][1] + count)
        else:
            out.append((u, count))

    def walk(u: Type) -> bool:
        if len(out) > limit:
            return False
        if isinstance(u, (ScalarType, EnumType)):
            add(u, 1)
        elif isinstance(u, VectorType):
            add(u.elem, u.size)
        elif isinstance(u, MatrixType):
            add(u.elem, u.rows * u.cols)
        elif isinstance(u, ArrayType):
            if u.size is None:
                return False
            inner = flat_elements(u.elem, limit)
            if inner is None or len(inner) * u.size > limit and len(inner) > 1:
                return False
            if len(inner) == 1:
                add(inner[0][0], inner[0][1] * u.size)
            else:
                for _ in range(u.size):
                    for v, n in inner:
                        add(v, n)
        elif isinstance(u, ClassType):
            members = getattr(u.instance, "data_members", None)
            fields = getattr(u.instance, "fields", None) if members is None else members
            if not fields:
                return False
            for f in fields:
                ft = getattr(f, "type", None)
                if ft is None or not walk(ft):
                    return False
        else:
            return False
        return True

    return out if walk(t) else None


# --------------------------------------------------------------------------
# Binary operators: the usual arithmetic conversions

# Precision order of the float kinds; min-precision types rank below the
# real types of their size.
_FLOAT_ORDER = {MIN10FLOAT: 0, MIN16FLOAT: 1, HALF: 2, FLOAT: 3, DOUBLE: 4}


def _arith(t: ScalarType) -> ScalarType:
    """Operand element after promotion: bool computes as int, the packed
    8-bit types as the uint that holds them."""
    if t is BOOL:
        return INT
    if t is INT8_4_PACKED or t is UINT8_4_PACKED:
        return UINT
    return t


def _int_key(t: ScalarType) -> tuple[int, bool, bool]:
    # Larger size wins; at the same size unsigned wins (as in C), then the
    # real type over the min-precision one (int16_t over min16int).
    return (t.bits, t.kind == "uint", not t.name.startswith("min"))


def arithmetic_element(a: ScalarType, b: ScalarType) -> ScalarType:
    """The element type two operands compute in.  Two literals stay literal
    (`1 + 2.5` is a literal float; `literal_default` gives it a type later);
    one literal adopts the other side's type, except that a float literal
    meeting an integer makes the operation float (`i * 0.5` is a float)."""
    if a.literal and b.literal:
        return LITERAL_FLOAT if LITERAL_FLOAT in (a, b) else LITERAL_INT
    if a.literal or b.literal:
        lit, other = (a, b) if a.literal else (b, a)
        other = _arith(other)
        if lit.kind == "float" and other.kind != "float":
            return FLOAT
        return other
    if a.kind != "float" and b.kind != "float" and (a is BOOL or b is BOOL):
        # A bool meeting an integer takes the integer's type (DXC's
        # CombineBasicTypes: bool has no size of its own), `true + true` an int.
        other = b if a is BOOL else a
        return INT if other is BOOL else _arith(other)
    a, b = _arith(a), _arith(b)
    if a is b:
        return a
    if a.kind == "float" or b.kind == "float":
        if a.kind != "float":
            return b
        if b.kind != "float":
            return a
        return a if _FLOAT_ORDER.get(a, 3) >= _FLOAT_ORDER.get(b, 3) else b
    return _combine_integers(a, b)


def _combine_integers(a: ScalarType, b: ScalarType) -> ScalarType:
    """Two integer types as DXC's CombineBasicTypes combines them: the
    larger size (min12int counting 12 bits), unsigned when either is, and
    min-precision only when both are (`int + min16uint` is a uint,
    `min12int + min16int` a min16int, `uint + int64_t` a uint64_t)."""
    bits = max(_dxc_bits(a), _dxc_bits(b))
    unsigned = a.kind == "uint" or b.kind == "uint"
    minimum = a.name.startswith("min") and b.name.startswith("min")
    if bits == 12:
        return MIN12INT
    if bits == 16:
        if minimum:
            return MIN16UINT if unsigned else MIN16INT
        return UINT16 if unsigned else INT16
    if bits == 64:
        return UINT64 if unsigned else INT64
    return UINT if unsigned else INT


def _dxc_bits(t: ScalarType) -> int:
    return 12 if t is MIN12INT else t.bits


def binary_operand_type(a: Type, b: Type) -> tuple[Type | None, str | None]:
    """The type both operands of an arithmetic/bitwise/comparison operator
    convert to, and the warning that conversion earns.  A scalar (or
    1-vector, 1x1 matrix) splats to the other side's shape; vectors of
    different sizes, or matrices of different dimensions, truncate to the
    smaller with "implicit truncation of vector type"; a vector meeting a
    matrix (neither of one component) is an error: (None, None).  Bool
    operands compute as int, so `true + true` is an int."""
    va, vb = _numeric_view(a), _numeric_view(b)
    if va is None or vb is None:
        return None, None
    elem = arithmetic_element(va.element, vb.element)  # type: ignore[arg-type]
    sa, sb = shape_of(va), shape_of(vb)
    warning = None
    if sa == sb:
        shape = sa
    elif is_one_component(sa) and is_one_component(sb):
        # float + float1 stays a 1-vector, float1 + float1x1 a 1-vector.
        shape = sa if sa[0] == "v" or (sa[0] == "m" and sb[0] == "s") else sb
    elif is_one_component(sa):
        shape = sb
    elif is_one_component(sb):
        shape = sa
    elif sa[0] == "v" and sb[0] == "v":
        shape, warning = ("v", min(sa[1], sb[1])), TRUNCATION_WARNING
    elif sa[0] == "m" and sb[0] == "m":
        shape, warning = ("m", min(sa[1], sb[1]), min(sa[2], sb[2])), TRUNCATION_WARNING
    else:
        # A vector meeting a matrix: as DXC's CombineDimensions, the side
        # with more components (the left one on a tie) if the other
        # converts to it, else the other side (`f4 + m2x2` is a float4,
        # `f2 + m4x1` a float2 with the truncation warning; `f2 + m2x2` is
        # an error).
        count = {"v": lambda sh: sh[1], "m": lambda sh: sh[1] * sh[2]}
        first, second = (sa, sb) if count[sa[0]](sa) >= count[sb[0]](sb) else (sb, sa)
        for into, other in ((first, second), (second, first)):
            conv = _shape_conversion(other, into)
            if conv is not None:
                return with_shape(elem, into), conv.warning
        return None, None
    return with_shape(elem, shape), warning


def common_type(a: Type, b: Type) -> Type | None:
    """`binary_operand_type` without its warning: the operand type of `a op
    b`, or None when the operands cannot meet."""
    return binary_operand_type(a, b)[0]


# --------------------------------------------------------------------------
# Literals and conditions

_LITERAL_DEFAULTS = {LITERAL_INT: INT, LITERAL_FLOAT: FLOAT}


def literal_default(t: Type) -> Type:
    """The type an unsuffixed literal gets where nothing else decides it
    (`auto`-like contexts, `1 + 2`): int and float, also as vector or matrix
    elements."""
    if isinstance(t, ScalarType):
        return _LITERAL_DEFAULTS.get(t, t)
    if isinstance(t, (VectorType, MatrixType)) and t.elem.literal:
        return with_element(t, _LITERAL_DEFAULTS[t.elem])
    return t


def is_bool_convertible(t: Type) -> bool:
    """Whether `t` can be the condition of `if`/`while`/`do`/`for`: a
    scalar, a 1-vector, or an unscoped enum.  (`?:`, `!`, `&&` also take
    vectors componentwise; that is the operator code's business.)"""
    v = _numeric_view(t)
    return v is not None and (isinstance(v, ScalarType) or (isinstance(v, VectorType) and v.size == 1))


def derives_from(source: ClassType, target: ClassType) -> bool:
    """Whether `target` is a base (direct or not) of `source`: its fields
    are a prefix of the source's."""
    fields = getattr(source.instance, "fields", None) or []
    base = getattr(target.instance, "fields", None) or []
    return 0 < len(base) < len(fields) and fields[:len(base)] == base and source.instance is not target.instance


def integer_constant(value: int | float, bits: int, signed: bool) -> int:
    """A constant converted to a `bits`-wide integer, as constant folding
    does it: an integer wraps; a float truncates toward zero and, outside
    the range, saturates (NaN gives 0), as D3D's float-to-integer
    conversion and the CPU runner's `fptosi`/`fptoui` do.  Never raises
    (`(int)1e300` and `(uint)-1e300` used to)."""
    if isinstance(value, float):
        low, high = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
        if value != value:
            return 0
        if value <= low:
            return low
        if value >= high:
            return high
        return int(value)
    v = int(value) & ((1 << bits) - 1)
    if signed and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


# --------------------------------------------------------------------------
# DXC's overload score
#
# DXC does not rank user-function overloads argument by argument as C++
# does: it adds up a score per argument (`ScoreCast` in SemaHLSL.cpp), in
# which each kind of change is a bit, from best to worst: a splat, a
# promotion of the target or of the source element to their combined type,
# an integer signedness change, a cast, and a truncation of the shape.  The
# lowest total wins; equal totals are ambiguous.  hlslc decides by C++'s
# rule first and uses this score where that rule finds two candidates
# neither of which is better, as with `f(uint, uint)` and `f(uint2, uint2)`
# called with `(uint2, uint)`: the vector overload (one splat) beats the
# scalar one (one truncation).

_BOOLEAN, _INTEGER, _UNSIGNED, _LITERAL, _FLOATING, _MIN_PRECISION, _ENUM = 1, 2, 4, 8, 16, 32, 64
# DXC's basic kinds: (properties, bits); bits 0 for bool, literals, enums.
_DXC_KINDS: dict[str, tuple[int, int]] = {
    "bool": (_BOOLEAN | _INTEGER, 0),
    "literal float": (_FLOATING | _LITERAL, 0), "half": (_FLOATING, 16), "float": (_FLOATING, 32),
    "double": (_FLOATING, 64),
    "literal int": (_INTEGER | _LITERAL, 0),
    "int16_t": (_INTEGER, 16), "uint16_t": (_INTEGER | _UNSIGNED, 16), "int": (_INTEGER, 32),
    "uint": (_INTEGER | _UNSIGNED, 32), "int64_t": (_INTEGER, 64), "uint64_t": (_INTEGER | _UNSIGNED, 64),
    "min10float": (_FLOATING | _MIN_PRECISION, 10), "min16float": (_FLOATING | _MIN_PRECISION, 16),
    "min12int": (_INTEGER | _MIN_PRECISION, 12), "min16int": (_INTEGER | _MIN_PRECISION, 16),
    "min16uint": (_INTEGER | _UNSIGNED | _MIN_PRECISION, 16),
    "enum": (_INTEGER | _ENUM, 0),
}
_DXC_NAMES = {"float16_t": "half", "float32_t": "float", "float64_t": "double", "int32_t": "int",
              "uint32_t": "uint", "dword": "uint", "int8_t4_packed": "uint", "uint8_t4_packed": "uint"}
_FLOATS = ("half", "float", "double")
_SIZED_INTS = ("int16_t", "uint16_t", "int", "uint", "int64_t", "uint64_t")


def _dxc_kind(t: ScalarType | None) -> str | None:
    if t is None:
        return "enum"
    name = _DXC_NAMES.get(t.name, t.name)
    if name == "half" and t.bits != 16:
        name = "float"
    return name if name in _DXC_KINDS else None


def _combine(left: str, right: str) -> str | None:
    """DXC's CombineBasicTypes: the type two element kinds meet in."""
    if left == right:
        return left
    lp, lb = _DXC_KINDS[left]
    rp, rb = _DXC_KINDS[right]
    bits = max(lb, rb)
    both, either = lp & rp, lp | rp
    if both & _BOOLEAN:
        return "bool"
    is_float = bool(either & _FLOATING)
    if both & _LITERAL:
        return "literal float" if is_float else "literal int"
    flags = (both & (_INTEGER | _MIN_PRECISION)) | (either & _FLOATING) | (0 if is_float else either & _UNSIGNED)
    if either & (_LITERAL | _BOOLEAN | _ENUM):
        flags |= either & _MIN_PRECISION
    if is_float and not both & _FLOATING:
        flags, bits = (lp, lb) if lp & _FLOATING else (rp, rb)
    minimum = bool(flags & _MIN_PRECISION)
    if bits == 0:
        bits = 32
    if is_float:
        return {10: "min10float", 16: "min16float" if minimum else "half", 32: "float", 64: "double"}.get(bits)
    if bits == 12:
        return "min12int"
    unsigned = bool(flags & _UNSIGNED)
    if bits == 16:
        return ("min16uint" if minimum else "uint16_t") if unsigned else ("min16int" if minimum else "int16_t")
    return {32: "uint" if unsigned else "int", 64: "uint64_t" if unsigned else "int64_t"}.get(bits)


def _promotes(left: str, right: str) -> bool:
    """DXC's IsPromotion: `right` widens to `left` (signedness aside)."""
    if left == right:
        return False
    wider = {
        "half": ("float", "double"), "min10float": ("min16float", "half", "float", "double"),
        "min16float": ("half", "float", "double"), "float": ("double",),
        "int16_t": ("int", "int64_t", "uint", "uint64_t"), "uint16_t": ("int", "int64_t", "uint", "uint64_t"),
        "int": ("int64_t", "uint64_t"), "uint": ("int64_t", "uint64_t"),
        "min12int": ("min16int", "int", "int64_t"), "min16int": ("int", "int64_t"),
        "min16uint": ("uint", "uint64_t"),
    }
    return left in wider.get(right, ())


def _casts(left: str, right: str) -> bool:
    """DXC's IsCast: changing `left` into `right` is a cast."""
    if left == right:
        return False
    if left == "literal int":
        return right not in _SIZED_INTS
    if left in _SIZED_INTS:
        twin = {"int16_t": "uint16_t", "uint16_t": "int16_t", "int": "uint", "uint": "int",
                "int64_t": "uint64_t", "uint64_t": "int64_t"}[left]
        return right not in ("literal int", twin)
    if left == "literal float":
        return right not in ("literal float",) + _FLOATS
    if left in _FLOATS:
        return right != "literal float"
    return True


def _int_casts(left: str, right: str) -> bool:
    """DXC's IsIntCast."""
    if left == right:
        return False
    if left == "literal int":
        return right not in _SIZED_INTS
    if left in _SIZED_INTS:
        return right != "literal int"
    if left == "literal float":
        return right not in ("literal float",) + _FLOATS
    if left in _FLOATS:
        return right != "literal float"
    return True


def _element_count(t: Type) -> int | None:
    if isinstance(t, (ScalarType, EnumType)):
        return 1
    if isinstance(t, VectorType):
        return t.size
    if isinstance(t, MatrixType):
        return t.rows * t.cols
    return None


def dxc_score(source: Type, target: Type) -> int | None:
    """DXC's score of passing a `source` value to a `target` parameter (0
    for the same type), or None when hlslc does not model the types (not
    scalars, vectors, matrices or enums)."""
    if source is target or _same_nominal(source, target):
        return 0
    right_size, left_size = _element_count(source), _element_count(target)
    if right_size is None or left_size is None:
        return None
    right = _dxc_kind(None if isinstance(source, EnumType) else source.element)
    left = _dxc_kind(None if isinstance(target, EnumType) else target.element)
    if right is None or left is None:
        return None
    bits = [right_size < left_size, False, False, False, False, False, False, left_size < right_size]
    combined = _combine(left, right)
    if combined is not None and _promotes(left, combined):
        bits[1] = True
    elif combined is None or _casts(left, combined):
        bits[5] = True
    elif _int_casts(left, combined):
        bits[3] = True
    if combined is not None and _promotes(combined, right):
        bits[2] = True
    elif combined is None or _casts(combined, right):
        bits[6] = True
    elif _int_casts(combined, right):
        bits[4] = True
    return sum(1 << (2 + 7 * shift) for shift, on in enumerate(bits) if on)
