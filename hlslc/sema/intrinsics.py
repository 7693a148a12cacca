"""HLSL intrinsic functions and resource methods: their signatures and how a
call picks one.

Owns: the table of intrinsics (`abs` ... `WaveActiveSum`, the barriers, the
`Interlocked*` atomics, `NonUniformResourceIndex`) and of the methods of the
buffer resources (`ByteAddressBuffer.Load4`, `RWByteAddressBuffer.Store<T>`,
`StructuredBuffer<T>.GetDimensions`, ...; the texture methods' tables are
written by `textures`, per texture shape), and the resolution of a call
against them: deducing the generic element type and shape from the
arguments, the conversion each argument needs, overload ranking, the
result type, whether the call is a wave operation or a group-wide sync, and
the minimum shader model.  Errors come back as `IntrinsicError`, a `str`
holding clang's message, with clang-style notes saying why each candidate
failed.

Does not own: name lookup (a user function named `max` hides the
intrinsic; the caller decides), whether `out`/`inout`/`ref` arguments are
lvalues and `ref` ones groupshared or UAV memory (see `IntrinsicMatch.
param_modes`), wave-uniformity analysis, shader-model checks against the
profile, `StructuredBuffer<T>[i]` indexing, the rules on texture methods
(`textures`), and the dx::linalg / Wave Matrix members (declared in
headers and templates).

The table is data.  One line is one signature (or several functions with
the same signature, names separated by `/`)::

    RET NAME[/NAME...][<U>](PARAM, ...) [where VAR: KIND, ...] [@FLAG ...]

A type is an element, optionally shaped:

- element: a concrete scalar (`float`, `uint`, `bool`, ...), a concrete
  vector (`uint4`), `void`, the generic element `T` (constrained by `where
  T: KIND`), or a whole type: `E` the resource's element type, `U` the
  method's template argument (explicit, or deduced from its argument);
  `e` is E's scalar; `SamplerState` and `SamplerComparisonState` take
  exactly that sampler (or a descriptor of the sampler heap);
- shape: none (a scalar), `[S]` any shape shared by all `[S]` arguments
  (scalar, vector or matrix: scalars splat, vectors truncate to the
  smallest), `[V]` the same restricted to scalars and vectors, `[N]` a
  vector of N components, `[R,C]` an RxC matrix, with N, R, C, K dimension
  variables (a variable several arguments share takes the smallest of
  their sizes, the larger ones truncating, as DXC matches them:
  `mul(float4x4, float3)` is `mul(float4x3, float3)`), or digits (`T[3]`).

A generic `T` takes the type all its arguments unify to by the usual
arithmetic conversions (`max(1, 2.0f)` is `max(float, float)`), then KIND
adjusts it as DXC does: `numeric` turns bool into int, `float` turns
integers into float (`sqrt(4)` is `sqrt(float)`), `double` makes it double,
`int` rejects floats, `bits32` wants a 32-bit int, uint or float, `atomic`
an int or uint of 32 or 64 bits, `int32`/`int64` an int or uint of that
size (DXC's any_int32/any_int64: other types convert to the signed one),
`uint_only` a uint or uint64_t (DXC's: nothing converts to it, a literal is
a uint), `any` keeps everything (bool included).  A generic-element
parameter has a strict shape: `T` takes a one-component argument only, `T[N]` a
vector, `T[R,C]` a matrix, so `mul(float4, float3x4)` truncates the vector
to `float3` rather than the matrix to a scalar.
Concrete parameters (`uint`, `float[S]`) take whatever converts implicitly.

Parameter modes: `out` (converted back to the argument), `inout` (both
ways), `ref` (an atomic's destination: the argument is the memory itself,
so its type must be exactly T, and T is taken from it alone); a trailing
`?` marks an optional parameter.  Flags: `@wave` (result depends on the
active lanes, so the call must be in wave-uniform control flow), `@sync`
(a barrier every thread of the group must reach), `@smX.Y`, `@stage=S`
(only stage S, `pixel` or `raytracing`, may call it: sema reports a call
the entry point reaches).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Iterable, Iterator

from ..records import ValueRecord
from .conversions import (
    Conversion, arithmetic_element, implicit_conversion, is_one_component,
    literal_default, shape_of, with_shape,
)
from ..patterns import LazyPattern
from .textures import texture_method_tables
from .types import (
    BOOL, DOUBLE, FLOAT, HALF, INT, INT16, INT64, INT8_4_PACKED, LITERAL_FLOAT, LITERAL_INT, UINT, UINT16, UINT64,
    UINT8_4_PACKED, VOID, MatrixType,
    ResourceType, ScalarType, StringType, Type, VectorType, VoidType,
    WaveMatrixType, matrix_of, resource_of, vector_of,
)

_BASE_SM = (6, 0)   # DXIL's floor: everything here exists from SM 6.0 on

# --------------------------------------------------------------------------
# The table

_FUNCTIONS = r"""
# Component-wise arithmetic on any numbers.
T[S] abs(T[S])                                   where T: numeric
T[S] min/max(T[S], T[S])                         where T: numeric
T[S] clamp/mad(T[S], T[S], T[S])                 where T: numeric
int[S] sign(T[S])                                where T: numeric

# Float math; integer arguments convert to float.
T[S] sqrt/rsqrt/rcp/exp/exp2/log/log2/log10/sin/cos/tan/asin/acos/atan/sinh/cosh/tanh/floor/ceil/round/frac/trunc/saturate/degrees/radians(T[S])  where T: float
T[S] pow/atan2/fmod/step/ldexp(T[S], T[S])       where T: float
T[S] lerp/smoothstep(T[S], T[S], T[S])           where T: float
T[S] fma(T[S], T[S], T[S])                       where T: double
void sincos(T[S], out T[S], out T[S])            where T: float
T[S] modf(T[S], out T[S])                        where T: float
bool[S] isnan/isinf/isfinite(T[S])               where T: float

# Vectors.
T dot(T[V], T[V])                                where T: numeric
T[3] cross(T[3], T[3])                           where T: float
T length(T[V])                                   where T: float
T distance(T[V], T[V])                           where T: float
T[V] normalize(T[V])                             where T: float
T[V] reflect(T[V], T[V])                         where T: float
T[V] refract(T[V], T[V], T)                      where T: float
T[V] faceforward(T[V], T[V], T[V])               where T: float
# The legacy lighting helpers: distance vector and lighting coefficients.
T[4] dst(T[4], T[4])                             where T: float
T[4] lit(T, T, T)                                where T: float

# Matrices.  mul's nine forms: scalar, vector and matrix on either side;
# vector*vector is a dot product, a vector on the left is a row vector.
T mul(T, T)                                      where T: numeric
T[N] mul(T, T[N])                                where T: numeric
T[R,C] mul(T, T[R,C])                            where T: numeric
T[N] mul(T[N], T)                                where T: numeric
T mul(T[N], T[N])                                where T: numeric
T[C] mul(T[R], T[R,C])                           where T: numeric
T[R,C] mul(T[R,C], T)                            where T: numeric
T[R] mul(T[R,C], T[C])                           where T: numeric
T[R,C] mul(T[R,K], T[K,C])                       where T: numeric
T[C,R] transpose(T[R,C])                         where T: any
T determinant(T[N,N])                            where T: float

# Booleans (and/or/select are HLSL 2021's replacements for the
# component-wise && || ?: on vectors).
bool all/any(T[S])                               where T: any
bool[S] and/or(bool[S], bool[S])
T[S] select(bool[S], T[S], T[S])                 where T: any

# Bits.
uint[S] asuint(T[S])                             where T: bits32
int[S] asint(T[S])                               where T: bits32
float[S] asfloat(T[S])                           where T: bits32
void asuint(double[S], out uint[S], out uint[S])
double[V] asdouble(uint[V], uint[V])
float[S] f16tof32(uint[S])
uint[S] f32tof16(float[S])
uint[S] countbits/firstbithigh/firstbitlow(T[S]) where T: int
T[S] reversebits(T[S])                           where T: int
uint16_t[S] asuint16(T[S])                       where T: bits16 @sm6.2
int16_t[S] asint16(T[S])                         where T: bits16 @sm6.2
half[S] asfloat16(T[S])                          where T: bits16 @sm6.2
T[S] frexp(T[S], out T[S])                       where T: float
uint4 msad4(uint, uint2, uint4)
int4 D3DCOLORtoUBYTE4(float4)
uint2 AddUint64(uint2, uint2)
uint4 AddUint64(uint4, uint4)

# Packed dot products (SM 6.4) and the 8-bit packing of SM 6.6.
float dot2add(half2, half2, float)               @sm6.4
int dot4add_i8packed(uint, uint, int)            @sm6.4
uint dot4add_u8packed(uint, uint, uint)          @sm6.4
uint8_t4_packed pack_u8/pack_clamp_u8(uint4)     @sm6.6
uint8_t4_packed pack_u8/pack_clamp_u8(uint16_t4) @sm6.6
int8_t4_packed pack_s8/pack_clamp_s8(int4)       @sm6.6
int8_t4_packed pack_s8/pack_clamp_s8(int16_t4)   @sm6.6
int4 unpack_s8s32(int8_t4_packed)                @sm6.6
int16_t4 unpack_s8s16(int8_t4_packed)            @sm6.6
uint4 unpack_u8u32(uint8_t4_packed)              @sm6.6
uint16_t4 unpack_u8u16(uint8_t4_packed)          @sm6.6

# Barriers.  The *WithGroupSync ones also wait for every thread of the group.
void GroupMemoryBarrier/DeviceMemoryBarrier/AllMemoryBarrier()
void GroupMemoryBarrierWithGroupSync/DeviceMemoryBarrierWithGroupSync/AllMemoryBarrierWithGroupSync()  @sync
# SM 6.8's Barrier(MemoryTypeFlags, SemanticFlags); Barrier(UAV, SemanticFlags)
# is the analyzer's (`_barrier_call`).
void Barrier(uint, uint)                                  @sm6.8

# Atomics on groupshared variables and UAV elements (`ref`: the argument is
# the memory itself; sema's `atomics` module checks it is such memory).  Min
# and Max compare signed or unsigned as the destination's type says; float
# destinations take only the bitwise exchanges.
void InterlockedAdd/InterlockedMin/InterlockedMax/InterlockedAnd/InterlockedOr/InterlockedXor(ref T, T, out T?)  where T: atomic
void InterlockedExchange(ref T, T, out T)                 where T: atomic
void InterlockedExchange(ref float, float, out float)
void InterlockedCompareExchange(ref T, T, T, out T)       where T: atomic
void InterlockedCompareStore(ref T, T, T)                 where T: atomic
void InterlockedCompareExchangeFloatBitwise(ref float, float, float, out float)
void InterlockedCompareStoreFloatBitwise(ref float, float, float)

# Waves.  The lane count and this lane's index do not depend on which lanes
# are active, so they are not @wave.
uint WaveGetLaneCount/WaveGetLaneIndex()
bool WaveIsFirstLane()                                    @wave
bool WaveActiveAnyTrue/WaveActiveAllTrue(bool)            @wave
uint4 WaveActiveBallot(bool)                              @wave
uint WaveActiveCountBits/WavePrefixCountBits(bool)        @wave
T[S] WaveReadLaneAt(T[S], uint)                           where T: any @wave
T[S] WaveReadLaneFirst(T[S])                              where T: any @wave
bool[S] WaveActiveAllEqual(T[S])                          where T: any @wave
T[S] WaveActiveSum/WaveActiveProduct/WaveActiveMin/WaveActiveMax/WavePrefixSum/WavePrefixProduct(T[S])  where T: numeric @wave
T[S] WaveActiveBitAnd/WaveActiveBitOr/WaveActiveBitXor(T[S])  where T: uint_only @wave
uint4 WaveMatch(T[S])                                     where T: numeric @wave @sm6.5
T[S] WaveMultiPrefixSum/WaveMultiPrefixProduct(T[S], uint4)  where T: numeric @wave @sm6.5
T[S] WaveMultiPrefixBitAnd/WaveMultiPrefixBitOr/WaveMultiPrefixBitXor(T[S], uint4)  where T: int @wave @sm6.5
uint WaveMultiPrefixCountBits(bool, uint4)                @wave @sm6.5

# Quads: the four lanes of a 2x2 quad (in compute, lanes 4k..4k+3).  DXC
# does not mark them wave-sensitive.  QuadAny/QuadAll are QuadVote from
# SM 6.7 and three QuadOps before it.
T[S] QuadReadLaneAt(T[S], uint)                           where T: numeric
T[S] QuadReadAcrossX/QuadReadAcrossY/QuadReadAcrossDiagonal(T[S])  where T: numeric
bool QuadAny/QuadAll(bool)

# Helper lanes exist only in pixel shaders: false in compute.
bool IsHelperLane()

# Derivatives: pixel shaders', and compute's from SM 6.6 on 2x2 quads of
# the thread group (sema checks the shader model and the group's shape for
# the entry that reaches them, as for Sample).
T[S] ddx/ddy/ddx_coarse/ddy_coarse/ddx_fine/ddy_fine/fwidth(T[S])  where T: float

# Stage-specific intrinsics (`@stage=...`): pixel shaders' and ray
# tracing's (which hlslc does not compile).  A helper in a shared header may
# call them; only a call the entry point reaches is an error, as in DXC
# (sema checks the calls an entry reaches).
void clip(T[S])                                           where T: float @stage=pixel
T[S] EvaluateAttributeAtCentroid(T[S])                    where T: float @stage=pixel
T[S] EvaluateAttributeAtSample(T[S], uint)                where T: float @stage=pixel
T[S] EvaluateAttributeSnapped(T[S], int2)                 where T: float @stage=pixel
T[S] GetAttributeAtVertex(T[S], uint)                     where T: any @stage=pixel
uint GetRenderTargetSampleCount()                         @stage=pixel
float2 GetRenderTargetSamplePosition(int)                 @stage=pixel
uint3 DispatchRaysIndex/DispatchRaysDimensions()          @stage=raytracing
float3 WorldRayOrigin/WorldRayDirection/ObjectRayOrigin/ObjectRayDirection()  @stage=raytracing
float RayTMin/RayTCurrent()                               @stage=raytracing
uint PrimitiveIndex/InstanceID/InstanceIndex/GeometryIndex/HitKind/RayFlags()  @stage=raytracing
float[3,4] ObjectToWorld/ObjectToWorld3x4/WorldToObject/WorldToObject3x4()  @stage=raytracing
float[4,3] ObjectToWorld4x3/WorldToObject4x3()            @stage=raytracing
void IgnoreHit/AcceptHitAndEndSearch()                    @stage=raytracing

# Resources.
uint NonUniformResourceIndex(uint)
# The status a Load, Sample or Gather wrote to its `out uint status`.
bool CheckAccessFullyMapped(uint)
"""

# Methods shared by several resources are written once and referenced.
_BAB_READ = r"""
uint Load(uint)
uint Load(uint, out uint)
U Load<U>(uint)
U Load<U>(uint, out uint)
uint2 Load2(uint)
uint2 Load2(uint, out uint)
uint3 Load3(uint)
uint3 Load3(uint, out uint)
uint4 Load4(uint)
uint4 Load4(uint, out uint)
void GetDimensions(out uint)
"""

_BAB_WRITE = r"""
void Store(uint, uint)
void Store<U>(uint, U)
void Store2(uint, uint2)
void Store3(uint, uint3)
void Store4(uint, uint4)
void InterlockedAdd/InterlockedAnd/InterlockedOr/InterlockedXor(uint, uint, out uint?)
# Min and Max compare signed or unsigned depending on the value's type.
void InterlockedMin/InterlockedMax(uint, T, out T?)       where T: int32
void InterlockedExchange(uint, uint, out uint)
void InterlockedCompareExchange(uint, uint, uint, out uint)
void InterlockedCompareStore(uint, uint, uint)
void InterlockedAdd64/InterlockedAnd64/InterlockedOr64/InterlockedXor64(uint, uint64_t, out uint64_t?)  @sm6.6
void InterlockedMin64/InterlockedMax64(uint, T, out T?)   where T: int64 @sm6.6
void InterlockedExchange64(uint, uint64_t, out uint64_t)  @sm6.6
void InterlockedCompareExchange64(uint, uint64_t, uint64_t, out uint64_t)  @sm6.6
void InterlockedCompareStore64(uint, uint64_t, uint64_t)  @sm6.6
void InterlockedExchangeFloat(uint, float, out float)
void InterlockedCompareExchangeFloatBitwise(uint, float, float, out float)
void InterlockedCompareStoreFloatBitwise(uint, float, float)
"""

_STRUCTURED_READ = r"""
E Load(uint)
E Load(uint, out uint)
void GetDimensions(out uint, out uint)
"""

_TYPED_READ = r"""
E Load(uint)
E Load(uint, out uint)
void GetDimensions(out uint)
"""

_METHODS = {
    "ByteAddressBuffer": _BAB_READ,
    "RWByteAddressBuffer": _BAB_READ + _BAB_WRITE,
    "StructuredBuffer": _STRUCTURED_READ,
    "RWStructuredBuffer": _STRUCTURED_READ + "uint IncrementCounter/DecrementCounter()\n",
    "AppendStructuredBuffer": "void Append(E)\nvoid GetDimensions(out uint, out uint)\n",
    "ConsumeStructuredBuffer": "E Consume()\nvoid GetDimensions(out uint, out uint)\n",
    "Buffer": _TYPED_READ,
    "RWBuffer": _TYPED_READ,
}
_METHODS.update(texture_method_tables())

# --------------------------------------------------------------------------
# Element kinds: which element types a generic T accepts, and how an
# argument's element is adjusted to fit.

_SIXTEEN_BIT = (HALF, INT16, UINT16)


def _coerce_numeric(t: ScalarType) -> ScalarType | None:
    return INT if t is BOOL else t


def _coerce_float(t: ScalarType) -> ScalarType | None:
    return t if t.kind == "float" else FLOAT


def _coerce_int(t: ScalarType) -> ScalarType | None:
    if t is BOOL:
        return INT
    return t if t.kind in ("int", "uint") else None


_KINDS = {
    # kind: (adjust the unified element or None, words for the note)
    "numeric": (_coerce_numeric, "a numeric type"),
    "float": (_coerce_float, "a floating-point type"),
    "double": (lambda t: DOUBLE, "double"),
    "int": (_coerce_int, "an integer type"),
    "any": (lambda t: t, "a scalar, vector or matrix"),
    "bits32": (lambda t: t if t in (INT, UINT, FLOAT) else None, "a 32-bit int, uint or float type"),
    "atomic": (lambda t: t if t in (INT, UINT, INT64, UINT64) else None, "a 32- or 64-bit integer type"),
    # DXC's any_int32/any_int64: another type converts to the signed one.
    "int32": (lambda t: t if t in (INT, UINT) else INT, "int or uint"),
    # DXC's uint_only (no implicit conversion; a literal is a uint).
    "uint_only": (lambda t: t if t in (UINT, UINT64) else None, "uint or uint64_t"),
    "int64": (lambda t: t if t in (INT64, UINT64) else INT64, "int64_t or uint64_t"),
    "bits16": (lambda t: t if t in _SIXTEEN_BIT else None, "a 16-bit type (half, int16_t or uint16_t)"),
    "int3264": (lambda t: t if t in (INT, UINT, INT64, UINT64) else None, "int, uint, int64_t or uint64_t"),
    # GetDimensions' outputs: all uint, or all float (DXC's uint_only and
    # float_like).
    "dims": (lambda t: (t if t.bits != 64 else None) if t.kind == "float" else UINT, "'uint' or 'float'"),
}

# How a kind defaults an unsuffixed literal (others: `literal_default`).
_LITERAL_AS = {"uint_only": lambda t: UINT if t is LITERAL_INT else t,
               # DXC gives a literal the first 16-bit type of its kind:
               # `asuint16(1)` (FSR2's FFX_TO_UINT16(1)), `asuint16(1.0)`.
               "bits16": lambda t: INT16 if t is LITERAL_INT else HALF if t is LITERAL_FLOAT else t}

# --------------------------------------------------------------------------
# Parsed signatures

_SCALARS = {"bool": BOOL, "int": INT, "uint": UINT, "float": FLOAT, "double": DOUBLE,
            "int64_t": INT64, "uint64_t": UINT64, "half": HALF, "int16_t": INT16, "uint16_t": UINT16,
            "int8_t4_packed": INT8_4_PACKED, "uint8_t4_packed": UINT8_4_PACKED}
_ELEMENT_VARS = frozenset({"T"})
_WHOLE_VARS = frozenset({"E", "U", "G"})   # G: four of E's scalar (a Gather)
_WHOLE_VARS = frozenset({"E", "U", "X"})   # X: the texture a feedback write samples
_COMPONENT_VARS = frozenset({"e"})    # the scalar of E (a Gather's result is e[4])
_OBJECTS = {"SamplerState": resource_of("SamplerState"),
            "SamplerComparisonState": resource_of("SamplerComparisonState")}
_SHAPE_VARS = ("S", "V")


class _Pat(ValueRecord):
    """A parameter or return type: `base` is a ScalarType, VOID, or a
    variable name; `dims` is (), (shape var,), (n,) or (rows, cols) with ints
    or dimension-variable names."""
    base: object
    dims: tuple
    _fields = ("base", "dims")

    def __init__(self, base: object, dims: tuple = ()) -> None:
        self.base = base
        self.dims = dims

    @property
    def generic_element(self) -> bool:
        return self.base in _ELEMENT_VARS


class _Param(ValueRecord):
    pat: _Pat
    mode: str          # "in", "out", "inout", "ref"
    optional: bool
    _fields = ("pat", "mode", "optional")

    def __init__(self, pat: _Pat, mode: str, optional: bool) -> None:
        self.pat = pat
        self.mode = mode
        self.optional = optional


class _Sig(ValueRecord):
    name: str
    ret: _Pat
    params: tuple[_Param, ...]
    kinds: tuple[tuple[str, str], ...]   # (element variable, kind)
    template: str | None                 # "U" for `Load<U>`
    wave: bool
    group_sync: bool
    sm: tuple[int, int]
    stage: str | None                    # "pixel", "raytracing": only that stage may call it
    _fields = ("name", "ret", "params", "kinds", "template", "wave", "group_sync", "sm", "stage")

    def __init__(self, name: str, ret: _Pat, params: tuple[_Param, ...], kinds: tuple[tuple[str, str], ...], template: str | None, wave: bool, group_sync: bool, sm: tuple[int, int], stage: str | None = None) -> None:
        self.name = name
        self.ret = ret
        self.params = params
        self.kinds = kinds
        self.template = template
        self.wave = wave
        self.group_sync = group_sync
        self.sm = sm
        self.stage = stage

    @property
    def required(self) -> int:
        return sum(1 for p in self.params if not p.optional)


_LINE = LazyPattern(
    r"^(?P<ret>\S+)\s+(?P<names>[\w/]+)(?:<(?P<tmpl>\w)>)?\((?P<params>[^)]*)\)"
    r"\s*(?:where\s+(?P<where>[^@]*?))?\s*(?P<flags>(?:@\S+\s*)*)$")
_TOP_COMMA = LazyPattern(r",\s*(?![^\[]*\])")   # commas outside [...]


def _parse_type(text: str) -> _Pat:
    m = re.fullmatch(r"(\w+?)(?:\[([\w,]+)\])?", text)
    if m is None:
        raise ValueError(f"bad type in intrinsic table: {text!r}")
    base_text, dims_text = m.groups()
    dims: tuple = ()
    if dims_text:
        dims = tuple(int(d) if d.isdigit() else d for d in dims_text.split(","))
    if base_text == "void":
        return _Pat(VOID)
    if base_text in _ELEMENT_VARS or base_text in _WHOLE_VARS or base_text in _COMPONENT_VARS:
        return _Pat(base_text, dims)
    if base_text in _OBJECTS and not dims:
        return _Pat(_OBJECTS[base_text])
    if base_text in _SCALARS:
        return _Pat(_SCALARS[base_text], dims)
    if base_text in ("SamplerState", "SamplerComparisonState"):
        return _Pat(resource_of(base_text), dims)
    vec = re.fullmatch(r"(\w+?)([1-4])", base_text)
    if vec and vec.group(1) in _SCALARS and not dims:
        return _Pat(_SCALARS[vec.group(1)], (int(vec.group(2)),))
    raise ValueError(f"bad type in intrinsic table: {text!r}")


def _parse_line(line: str) -> list[_Sig]:
    m = _LINE.match(line)
    if m is None:
        raise ValueError(f"bad intrinsic signature: {line!r}")
    params = []
    if m["params"].strip():
        for text in _TOP_COMMA.split(m["params"].strip()):
            pm = re.fullmatch(r"(?:(out|inout|ref)\s+)?(\S+?)(\?)?", text.strip())
            if pm is None:
                raise ValueError(f"bad parameter {text!r} in {line!r}")
            params.append(_Param(_parse_type(pm[2]), pm[1] or "in", pm[3] is not None))
    kinds = []
    if m["where"]:
        for clause in m["where"].split(","):
            var, kind = (s.strip() for s in clause.split(":"))
            if kind not in _KINDS:
                raise ValueError(f"unknown kind {kind!r} in {line!r}")
            kinds.append((var, kind))
    flags = m["flags"].split()
    sm = _BASE_SM
    stage = None
    for flag in flags:
        if flag.startswith("@sm"):
            major, minor = flag[3:].split(".")
            sm = (int(major), int(minor))
        elif flag in ("@stage=pixel", "@stage=raytracing"):
            stage = flag.partition("=")[2]
        elif flag not in ("@wave", "@sync"):
            raise ValueError(f"unknown flag {flag!r} in {line!r}")
    ret = _parse_type(m["ret"])
    return [_Sig(name, ret, tuple(params), tuple(kinds), m["tmpl"], "@wave" in flags,
                 "@sync" in flags, sm, stage)
            for name in m["names"].split("/")]


def _parse_table(text: str) -> dict[str, list[_Sig]]:
    table: dict[str, list[_Sig]] = {}
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            for sig in _parse_line(line):
                table.setdefault(sig.name, []).append(sig)
    return table


class _FunctionTable(Mapping):
    """The intrinsic functions' signatures by name, each name's lines parsed
    on first use (parsing all of them cost 2 ms of every compile's start)."""

    def __init__(self, text: str) -> None:
        self._lines: dict[str, list[str]] = {}
        for raw in text.splitlines():
            line = raw.split("#", 1)[0].strip()
            if line:
                # `ret name/name2<T>(params)...`: the names, as `_LINE` reads them
                names = line.split(None, 1)[1].split("(", 1)[0].split("<", 1)[0] if " " in line else ""
                for name in names.split("/"):
                    self._lines.setdefault(name, []).append(line)
        self._parsed: dict[str, list[_Sig]] = {}

    def __getitem__(self, name: str) -> list[_Sig]:
        sigs = self._parsed.get(name)
        if sigs is None:
            lines = self._lines[name]
            sigs = self._parsed[name] = [sig for line in lines for sig in _parse_line(line) if sig.name == name]
        return sigs

    def __iter__(self) -> Iterator[str]:
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)


TABLE: Mapping[str, list[_Sig]] = _FunctionTable(_FUNCTIONS)
class _MethodTables(Mapping):
    """The method table of each resource type, parsed on first use (the
    texture types' hundreds of lines would otherwise cost every start)."""

    def __init__(self, texts: dict[str, str]) -> None:
        self._texts = texts
        self._parsed: dict[str, dict[str, list[_Sig]]] = {}

    def __getitem__(self, name: str) -> dict[str, list[_Sig]]:
        table = self._parsed.get(name)
        if table is None:
            table = self._parsed[name] = _parse_table(self._texts[name])
        return table

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)


METHOD_TABLE: Mapping[str, dict[str, list[_Sig]]] = _MethodTables(_METHODS)
INTRINSIC_NAMES: frozenset[str] = frozenset(TABLE)


def is_intrinsic(name: str) -> bool:
    """Whether `name` is a free intrinsic function (methods are not)."""
    return name in INTRINSIC_NAMES


# --------------------------------------------------------------------------
# Results

class IntrinsicMatch(ValueRecord):
    name: str
    return_type: Type
    param_types: list[Type]           # what each argument converts to
    conversions: list[Conversion]     # per argument; `out` ones are param -> argument
    is_wave_op: bool                  # must run in wave-uniform control flow
    min_shader_model: tuple[int, int]
    is_group_sync: bool       # every thread of the group must reach it
    param_modes: list[str]   # "in", "out", "inout", "ref"
    stage: str | None        # the only stage that may call it ("pixel", "raytracing"), if any
    _fields = ("name", "return_type", "param_types", "conversions", "is_wave_op", "min_shader_model", "is_group_sync", "param_modes", "stage")

    def __init__(self, name: str, return_type: Type, param_types: list[Type], conversions: list[Conversion], is_wave_op: bool, min_shader_model: tuple[int, int], is_group_sync: bool = False, param_modes: list[str] | None = None, stage: str | None = None) -> None:
        self.name = name
        self.return_type = return_type
        self.param_types = param_types
        self.conversions = conversions
        self.is_wave_op = is_wave_op
        self.min_shader_model = min_shader_model
        self.is_group_sync = is_group_sync
        self.param_modes = [] if param_modes is None else param_modes
        self.stage = stage

    __hash__ = None  # type: ignore[assignment]

    @property
    def warnings(self) -> list[str]:
        return [c.warning for c in self.conversions if c.warning is not None]


class IntrinsicError(str):
    """A failed resolution: the string is clang's error message; `notes`
    are clang's notes on why each candidate was not viable."""

    notes: tuple[str, ...]

    def __new__(cls, message: str, notes: Iterable[str] = ()) -> "IntrinsicError":
        self = super().__new__(cls, message)
        self.notes = tuple(notes)
        return self


# --------------------------------------------------------------------------
# Matching one signature

_NUMERIC_TYPES = (ScalarType, VectorType, MatrixType)


def _ordinal(i: int) -> str:
    n = i + 1
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _no_conversion(arg: Type, to: str, i: int) -> str:
    return f"candidate function not viable: no known conversion from '{arg.spell()}' to {to} for {_ordinal(i)} argument"


def _arity_note(sig: _Sig, n: int) -> str:
    lo, hi = sig.required, len(sig.params)
    if n < lo:
        bound, count = ("at least " if hi > lo else ""), lo
    else:
        bound, count = ("at most " if hi > lo else ""), hi
    noun = "argument" if count == 1 else "arguments"
    verb = "was" if n == 1 else "were"
    return f"candidate function not viable: requires {bound}{count} {noun}, but {n} {verb} provided"


def _instantiate(pat: _Pat, env: dict) -> Type:
    base = pat.base
    if isinstance(base, VoidType):
        return base
    if base in _WHOLE_VARS:
        return env[base]
    elem = env[base] if isinstance(base, str) else base
    dims = pat.dims
    if not dims:
        return elem
    if dims[0] in _SHAPE_VARS:
        return with_shape(elem, env[dims[0]])
    values = [env[d] if isinstance(d, str) else d for d in dims]
    return vector_of(elem, values[0]) if len(values) == 1 else matrix_of(elem, values[0], values[1])


def _broadcast(shapes: list[tuple]) -> tuple[tuple | None, int]:
    """The shared shape of generic `[S]` arguments, as for a binary
    operator; on failure (None, index of the first argument that does not
    fit)."""
    big = [(i, s) for i, s in enumerate(shapes) if not is_one_component(s)]
    if not big:
        for want in ("v", "m"):
            for s in shapes:
                if s[0] == want:
                    return s, -1
        return ("s",), -1
    kind = big[0][1][0]
    for i, s in big:
        if s[0] != kind:
            return None, i
    if kind == "v":
        return ("v", min(s[1] for _, s in big)), -1
    return ("m", min(s[1] for _, s in big), min(s[2] for _, s in big)), -1


def _convert(arg: Type, param: Type, mode: str) -> Conversion | None:
    if mode == "ref":
        return implicit_conversion(arg, param) if arg is param else None
    if mode == "out":
        return implicit_conversion(param, arg)
    there = implicit_conversion(arg, param)
    if mode == "in" or there is None:
        return there
    back = implicit_conversion(param, arg)
    if back is None:
        return None
    return there if there.rank >= back.rank else back


class _Candidate(ValueRecord):
    sig: _Sig
    match: IntrinsicMatch
    _fields = ("sig", "match")

    def __init__(self, sig: _Sig, match: IntrinsicMatch) -> None:
        self.sig = sig
        self.match = match

    __hash__ = None  # type: ignore[assignment]

    @property
    def ranks(self) -> list[int]:
        return [c.rank for c in self.match.conversions]


def _binding_positions(params: tuple[_Param, ...], wanted) -> list[int]:
    """Where a variable is deduced from: `ref` parameters if it has any
    (an atomic's type is its destination's), otherwise the `in`/`inout`
    ones, otherwise (only `out` ones, never in the table) those."""
    found = [i for i, p in enumerate(params) if wanted(p.pat)]
    for modes in (("ref",), ("in", "inout")):
        chosen = [i for i in found if params[i].mode in modes]
        if chosen:
            return chosen
    return found


def _match(sig: _Sig, args: list[Type], env: dict, native_16bit: bool) -> _Candidate | str:
    n = len(args)
    if not sig.required <= n <= len(sig.params):
        return _arity_note(sig, n)
    params = sig.params[:n]
    env = dict(env)

    # The generic element: unify, default literals, adjust to the kind.
    for var, kind in sig.kinds:
        positions = _binding_positions(params, lambda pat: pat.base == var)
        if not positions:
            continue
        coerce, words = _KINDS[kind]
        elems = []
        for i in positions:
            if not isinstance(args[i], _NUMERIC_TYPES):
                return _no_conversion(args[i], words, i)
            elems.append(args[i].element)
        if params[positions[0]].mode == "ref":
            if any(e is not elems[0] for e in elems):
                return _no_conversion(args[positions[1]], f"'{elems[0].spell()}'", positions[1])
            unified = elems[0]
        else:
            unified = elems[0]
            for e in elems[1:]:
                if e is not unified:
                    unified = arithmetic_element(unified, e)
        adjusted = coerce(_LITERAL_AS.get(kind, literal_default)(unified))  # type: ignore[arg-type]
        if adjusted is None:
            culprit = next((i for i in positions if coerce(literal_default(args[i].element)) is None),
                           positions[0])
            return _no_conversion(args[culprit], words, culprit)
        env[var] = adjusted

    # Shape variables: broadcast like a binary operator.
    for var in _SHAPE_VARS:
        positions = _binding_positions(params, lambda pat: pat.dims[:1] == (var,))
        if not positions:
            continue
        shape, bad = _broadcast([shape_of(args[i]) for i in positions])
        if shape is None:
            i = positions[bad]
            first = next(args[j] for j in positions if not is_one_component(shape_of(args[j])))
            return _no_conversion(args[i], f"'{first.spell()}'", i)
        if var == "V" and shape[0] == "m":
            i = next(j for j in positions if shape_of(args[j])[0] == "m")
            return _no_conversion(args[i], "a scalar or vector", i)
        env[var] = shape

    # Dimension variables.  One preset by the caller (a texture's shape) is
    # exact; otherwise, as in DXC's MatchArguments, a dimension that several
    # arguments share takes the smallest of their sizes and the larger
    # arguments truncate (`mul(float4x4, float3)` multiplies by the 4x3 part,
    # with the truncation warning).
    preset = set(env)
    for i, p in enumerate(params):
        dims = p.pat.dims
        if not dims or dims[0] in _SHAPE_VARS or all(isinstance(d, int) for d in dims):
            continue
        arg = args[i]
        want = "v" if len(dims) == 1 else "m"
        shape = shape_of(arg) if isinstance(arg, _NUMERIC_TYPES) else None
        if shape is None or shape[0] != want:
            return _no_conversion(arg, "a vector" if want == "v" else "a matrix", i)
        bound = dict(env)
        for d, actual in zip(dims, shape[1:]):
            if isinstance(d, str):
                if d in preset:
                    if bound[d] != actual:
                        # Name the parameter as the earlier dimensions fixed it.
                        expected = _instantiate(p.pat, {**{x: a for x, a in zip(dims, shape[1:])}, **bound})
                        return _no_conversion(arg, f"'{expected.spell()}'", i)
                elif d not in bound or actual < bound[d]:
                    bound[d] = actual
        env = bound

    # Every argument against its now concrete parameter.
    param_types, conversions = [], []
    for i, p in enumerate(params):
        target = _instantiate(p.pat, env)
        arg = args[i]
        if p.pat.generic_element and not p.pat.dims and not is_one_component(shape_of(arg)):
            return _no_conversion(arg, f"'{target.spell()}'", i)
        conv = _convert(arg, target, p.mode)
        if conv is None:
            return _no_conversion(arg, f"'{target.spell()}'", i)
        param_types.append(target)
        conversions.append(conv)
    ret = _instantiate(sig.ret, env)

    sm = sig.sm
    if native_16bit and any(t.element in _SIXTEEN_BIT for t in [ret, *param_types]):
        sm = max(sm, (6, 2))
    if sig.name.startswith("Interlocked") and any(t.element in (INT64, UINT64) for t in param_types):
        sm = max(sm, (6, 6))
    match = IntrinsicMatch(sig.name, ret, param_types, conversions, sig.wave, sm,
                           sig.group_sync, [p.mode for p in params], sig.stage)
    return _Candidate(sig, match)


# --------------------------------------------------------------------------
# Overload resolution

def _better(a: _Candidate, b: _Candidate) -> bool:
    ra, rb = a.ranks, b.ranks
    if any(x > y for x, y in zip(ra, rb)):
        return False
    if any(x < y for x, y in zip(ra, rb)):
        return True
    # On a tie a non-template beats a template, as in C++: `Store(a, 1u)`
    # is the plain uint Store.
    return a.sig.template is None and b.sig.template is not None


def _pick(name: str, candidates: list[tuple[_Sig, dict]], args: list[Type], native_16bit: bool,
          notes: list[str]) -> IntrinsicMatch | IntrinsicError:
    """The best of `candidates` (each a signature with its preset variables)
    for `args`; `notes` already holds why earlier candidates were dropped."""
    sigs = [sig for sig, _ in candidates]
    viable: list[_Candidate] = []
    notes = list(notes)
    for sig, env in candidates:
        result = _match(sig, args, env, native_16bit)
        if isinstance(result, str):
            notes.append(result)
        else:
            viable.append(result)
    if not viable:
        # clang's arity message when every overload takes the same number
        # of arguments (`max(x)`, `InterlockedAdd(x)`); an overload set of
        # different arities (`asuint`, `Load`) gets notes instead.
        n = len(args)
        arities = {(s.required, len(s.params)) for s in sigs}
        if len(arities) == 1:
            lo, hi = arities.pop()
            if n < lo:
                bound = "at least " if hi > lo else ""
                return IntrinsicError(f"too few arguments to function call, expected {bound}{lo}, have {n}")
            if n > hi:
                bound = "at most " if hi > lo else ""
                return IntrinsicError(f"too many arguments to function call, expected {bound}{hi}, have {n}")
        return IntrinsicError(f"no matching function for call to '{name}'", notes)
    best = [c for c in viable if all(c is o or _better(c, o) for o in viable)]
    if len(best) != 1:
        return IntrinsicError(f"call to '{name}' is ambiguous",
                              ["candidate function" for c in viable
                               if not any(_better(o, c) for o in viable)])
    return best[0].match


def resolve_intrinsic(name: str, arg_types: list[Type], native_16bit: bool = True) -> IntrinsicMatch | IntrinsicError:
    """Resolve a call of the intrinsic `name`.  On success the match says
    what each argument converts to; otherwise an `IntrinsicError` (a str)
    with clang's message."""
    sigs = TABLE.get(name)
    if sigs is None:
        return IntrinsicError(f"use of undeclared identifier '{name}'")
    return _pick(name, [(sig, {}) for sig in sigs], list(arg_types), native_16bit, [])


# --------------------------------------------------------------------------
# Methods

_DEFAULT_TYPED_ELEMENT = vector_of(FLOAT, 4)   # `Buffer` alone is Buffer<float4>


def _bad_template_arg(name: str, t: Type) -> str | None:
    """Why `t` cannot be the `T` of `Load<T>`/`Store<T>` (numbers, arrays
    and structs of them can), in DXC's words; None if it can."""
    if isinstance(t, (ResourceType, WaveMatrixType)):
        return f"object '{t.spell()}' is not allowed in builtin template parameters"
    if isinstance(t, (VoidType, StringType)):
        return f"Explicit template arguments on intrinsic {name} must be a single numeric type"
    return None


# RayQuery's methods (DXC's RayQueryMethods): name -> (return type, parameter types).
_RAY_QUERY_METHODS: dict[str, tuple[object, tuple[object, ...]]] = {
    "TraceRayInline": (VOID, ("RaytracingAccelerationStructure", UINT, UINT, "RayDesc")),
    "Proceed": (BOOL, ()), "Abort": (VOID, ()), "CommitNonOpaqueTriangleHit": (VOID, ()),
    "CommitProceduralPrimitiveHit": (VOID, (FLOAT,)),
    **{n: (UINT, ()) for n in (
        "CommittedStatus", "CandidateType", "RayFlags", "CandidateInstanceIndex", "CandidateInstanceID",
        "CandidateGeometryIndex", "CandidatePrimitiveIndex", "CommittedInstanceIndex", "CommittedInstanceID",
        "CommittedGeometryIndex", "CommittedPrimitiveIndex", "CandidateInstanceContributionToHitGroupIndex",
        "CommittedInstanceContributionToHitGroupIndex", "CandidateClusterID", "CommittedClusterID")},
    **{f"{w}{m}3x4": (matrix_of(FLOAT, 3, 4), ()) for w in ("Candidate", "Committed")
       for m in ("ObjectToWorld", "WorldToObject")},
    **{f"{w}{m}4x3": (matrix_of(FLOAT, 4, 3), ()) for w in ("Candidate", "Committed")
       for m in ("ObjectToWorld", "WorldToObject")},
    **{n: (BOOL, ()) for n in ("CandidateProceduralPrimitiveNonOpaque", "CandidateTriangleFrontFace",
                               "CommittedTriangleFrontFace")},
    **{n: (vector_of(FLOAT, 2), ()) for n in ("CandidateTriangleBarycentrics", "CommittedTriangleBarycentrics")},
    **{n: (vector_of(FLOAT, 3), ()) for n in ("WorldRayOrigin", "WorldRayDirection", "CandidateObjectRayOrigin",
                                              "CandidateObjectRayDirection", "CommittedObjectRayOrigin",
                                              "CommittedObjectRayDirection")},
    **{n: (FLOAT, ()) for n in ("RayTMin", "CandidateTriangleRayT", "CommittedRayT")},
}


def resolve_ray_query_method(name: str, arg_types: list[Type], ray_desc: Type | None) -> IntrinsicMatch | IntrinsicError:
    """`query.name(args)` on a `RayQuery<...>`: typed as DXC types it (the
    caller reports the call as ray tracing where the entry reaches it).
    `ray_desc` is the built-in RayDesc struct's type."""
    entry = _RAY_QUERY_METHODS.get(name)
    if entry is None:
        return IntrinsicError(f"no member named '{name}' in 'RayQuery'")
    ret, params = entry
    if len(arg_types) != len(params):
        return IntrinsicError(f"too {'many' if len(arg_types) > len(params) else 'few'} arguments to function call, "
                              f"expected {len(params)}, have {len(arg_types)}")
    param_types: list[Type] = []
    conversions: list[Conversion] = []
    for i, (arg, want) in enumerate(zip(arg_types, params)):
        if want == "RaytracingAccelerationStructure":
            ok = getattr(arg, "name", None) == want and not getattr(arg, "flags", ())
            target: Type = arg
            conv = implicit_conversion(arg, arg) if ok else None
        elif want == "RayDesc":
            target = ray_desc if ray_desc is not None else arg
            conv = implicit_conversion(arg, target)
        else:
            target = want  # type: ignore[assignment]
            conv = implicit_conversion(arg, target)
        if conv is None:
            return IntrinsicError(f"no matching member function for call to '{name}'",
                                  [_no_conversion(arg, f"'{want if isinstance(want, str) else target.spell()}'", i)])
        param_types.append(target)
        conversions.append(conv)
    return IntrinsicMatch(name, ret, param_types, conversions, False, (6, 5), False, ["in"] * len(params),  # type: ignore[arg-type]
                          "raytracing")


def resolve_method(object_type: Type, name: str, arg_types: list[Type],
                   template_arg: Type | None = None, native_16bit: bool = True) -> IntrinsicMatch | IntrinsicError:
    """Resolve `object.name<template_arg>(args)` on a buffer resource."""
    if not isinstance(object_type, ResourceType):
        return IntrinsicError(f"member reference base type '{object_type.spell()}' is not a structure or union")
    sigs = METHOD_TABLE.get(object_type.name, {}).get(name)
    if sigs is None:
        return IntrinsicError(f"no member named '{name}' in '{object_type.spell()}'")
    args = list(arg_types)
    elem = object_type.elem if object_type.elem is not None else _DEFAULT_TYPED_ELEMENT
    base_env = {"E": elem, "G": vector_of(elem.element if elem.element is not None else FLOAT, 4)}
    base_env = {"E": elem, "e": elem.element}
    if object_type.shape.family == "feedback":
        # The sampled texture: any Texture2D (Texture2DArray for an array).
        want = "Texture2DArray" if object_type.shape.array else "Texture2D"
        sampled = args[0] if args and isinstance(args[0], ResourceType) and args[0].name == want else None
        base_env["X"] = sampled if sampled is not None else resource_of(want)
        base_env["e"] = FLOAT
    candidates: list[tuple[_Sig, dict]] = []
    notes: list[str] = []
    if template_arg is not None:
        if not any(s.template for s in sigs):
            return IntrinsicError(f"Explicit template arguments on intrinsic {name} are not supported")
        why = _bad_template_arg(name, template_arg)
        if why is not None:
            return IntrinsicError(why)
        candidates = [(s, base_env | {"U": template_arg}) for s in sigs if s.template]
    else:
        for s in sigs:
            if not s.template:
                candidates.append((s, base_env))
                continue
            # Deduce U from its argument.
            # `Load<U>` has no such argument: it needs U spelled out.
            at = next((i for i, p in enumerate(s.params) if p.pat.base == "U" and p.mode == "in"), None)
            if at is None or at >= len(args):
                notes.append("candidate template ignored: couldn't infer template argument 'T'")
                continue
            # A literal int deduces uint, the buffer's word, so `Store(a, 1)`
            # stays the plain uint Store (a tie goes to the non-template).
            deduced = UINT if args[at] is LITERAL_INT else literal_default(args[at])
            why = _bad_template_arg(name, deduced)
            if why is not None:
                notes.append(f"candidate template ignored: substitution failure: {why}")
                continue
            candidates.append((s, base_env | {"U": deduced}))
    result = _pick(name, candidates, args, native_16bit, notes)
    if isinstance(result, IntrinsicError) and result.startswith("no matching function"):
        return IntrinsicError(f"no matching member function for call to '{name}'", result.notes)  # clang's wording for methods
    return result
