"""Intrinsic functions and resource methods (sema/intrinsics)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from hlslc.sema.conversions import CONVERSION, EXACT, LITERAL, PROMOTION, SPLAT, TRUNCATION
from hlslc.sema.intrinsics import (
    INTRINSIC_NAMES, METHOD_TABLE, TABLE, IntrinsicError, IntrinsicMatch, is_intrinsic, resolve_intrinsic,
    resolve_method,
)
from hlslc.sema.types import (
    BOOL, DOUBLE, FLOAT, HALF, INT, INT64, LITERAL_FLOAT, LITERAL_INT, MIN16FLOAT, UINT, UINT16, UINT64,
    VOID, ClassType, array_of, matrix_of, resource_of, vector_of, wave_matrix_of,
)

f1, f2, f3, f4 = (vector_of(FLOAT, n) for n in (1, 2, 3, 4))
i3, u2, u3, u4 = vector_of(INT, 3), vector_of(UINT, 2), vector_of(UINT, 3), vector_of(UINT, 4)
h3, b3 = vector_of(HALF, 3), vector_of(BOOL, 3)
f22, f33, f44, f23, f34 = (matrix_of(FLOAT, r, c) for r, c in ((2, 2), (3, 3), (4, 4), (2, 3), (3, 4)))

BAB = resource_of("ByteAddressBuffer")
RWBAB = resource_of("RWByteAddressBuffer")


def ok(result) -> IntrinsicMatch:
    assert isinstance(result, IntrinsicMatch), f"{result!s} {getattr(result, 'notes', ())}"
    return result


def err(result) -> IntrinsicError:
    assert isinstance(result, IntrinsicError), result
    assert isinstance(result, str)
    return result


def call(name, *args, **kw) -> IntrinsicMatch:
    return ok(resolve_intrinsic(name, list(args), **kw))


def ranks(m: IntrinsicMatch) -> list[int]:
    return [c.rank for c in m.conversions]


# --- the table ----------------------------------------------------------------------

REQUIRED = """abs min max clamp saturate sign sqrt rsqrt exp exp2 log log2 pow sin cos tan asin acos atan
atan2 floor ceil round frac trunc fmod lerp mad fma step smoothstep dot cross length distance normalize
reflect mul all any isnan isinf asuint asint asfloat f16tof32 f32tof16 countbits firstbithigh firstbitlow
reversebits GroupMemoryBarrier GroupMemoryBarrierWithGroupSync AllMemoryBarrier AllMemoryBarrierWithGroupSync
DeviceMemoryBarrier DeviceMemoryBarrierWithGroupSync WaveGetLaneCount WaveGetLaneIndex WaveIsFirstLane
WaveActiveAnyTrue WaveActiveAllTrue WaveActiveBallot WaveReadLaneAt WaveReadLaneFirst WaveActiveSum
WaveActiveProduct WaveActiveMin WaveActiveMax WaveActiveBitAnd WaveActiveBitOr WaveActiveBitXor WavePrefixSum
WavePrefixProduct WaveActiveCountBits WavePrefixCountBits InterlockedAdd InterlockedMin InterlockedMax
InterlockedAnd InterlockedOr InterlockedXor InterlockedExchange InterlockedCompareExchange
InterlockedCompareStore InterlockedCompareExchangeFloatBitwise InterlockedCompareStoreFloatBitwise
WaveActiveAllEqual WaveMatch WaveMultiPrefixSum WaveMultiPrefixProduct WaveMultiPrefixBitAnd WaveMultiPrefixBitOr
WaveMultiPrefixBitXor WaveMultiPrefixCountBits QuadReadLaneAt QuadReadAcrossX QuadReadAcrossY
QuadReadAcrossDiagonal QuadAny QuadAll IsHelperLane NonUniformResourceIndex""".split()


def test_table_covers_the_required_intrinsics():
    missing = [n for n in REQUIRED if n not in INTRINSIC_NAMES]
    assert not missing
    assert all(is_intrinsic(n) for n in REQUIRED)
    assert not is_intrinsic("Load") and not is_intrinsic("main") and not is_intrinsic("RayQuery")
    assert is_intrinsic("QuadReadAcrossX") and is_intrinsic("WaveMultiPrefixSum") and is_intrinsic("dot4add_i8packed")
    assert INTRINSIC_NAMES == frozenset(TABLE)


def test_method_table_covers_the_buffers():
    assert {"Load", "Load2", "Load3", "Load4", "GetDimensions"} <= set(METHOD_TABLE["ByteAddressBuffer"])
    rw = set(METHOD_TABLE["RWByteAddressBuffer"])
    assert {"Store", "Store2", "Store3", "Store4", "InterlockedAdd", "InterlockedMin", "InterlockedMax",
            "InterlockedAnd", "InterlockedOr", "InterlockedXor", "InterlockedExchange",
            "InterlockedCompareExchange"} <= rw
    assert "Store" not in METHOD_TABLE["ByteAddressBuffer"]
    assert {"Load", "GetDimensions"} <= set(METHOD_TABLE["StructuredBuffer"])


# --- generic component-wise signatures ----------------------------------------------------

def test_max_splats_a_scalar():
    m = call("max", f3, FLOAT)
    assert m.return_type is f3
    assert m.param_types == [f3, f3]
    assert ranks(m) == [EXACT, SPLAT]
    assert not m.is_wave_op and not m.is_group_sync
    assert m.min_shader_model == (6, 0)
    assert m.param_modes == ["in", "in"]


def test_arguments_unify_to_their_common_type():
    m = call("max", LITERAL_INT, FLOAT)
    assert m.return_type is FLOAT and m.param_types == [FLOAT, FLOAT]
    assert ranks(m) == [LITERAL, EXACT]
    assert call("max", INT, FLOAT).return_type is FLOAT
    assert call("max", INT, UINT).return_type is UINT
    assert call("min", h3, FLOAT).return_type is f3
    assert call("clamp", h3, LITERAL_INT, LITERAL_INT).return_type is h3
    assert call("max", LITERAL_INT, LITERAL_INT).return_type is INT
    assert call("max", LITERAL_FLOAT, LITERAL_INT).return_type is FLOAT
    assert call("lerp", f3, f3, LITERAL_FLOAT).param_types == [f3, f3, f3]


def test_bool_arguments_compute_as_int():
    assert call("max", BOOL, BOOL).return_type is INT
    assert call("abs", b3).return_type is i3


def test_float_only_functions_convert_integers():
    m = call("sqrt", INT)
    assert m.return_type is FLOAT and ranks(m) == [CONVERSION]
    assert call("sin", LITERAL_INT).return_type is FLOAT
    assert call("pow", i3, LITERAL_INT).return_type is f3
    assert call("sqrt", DOUBLE).return_type is DOUBLE
    assert call("saturate", h3).return_type is h3
    assert call("frac", f22).return_type is f22
    assert call("fma", FLOAT, FLOAT, FLOAT).return_type is DOUBLE


def test_sign_and_predicates_change_the_element():
    assert call("sign", f3).return_type is i3
    assert call("isnan", f3).return_type is b3
    assert call("isinf", FLOAT).return_type is BOOL
    assert call("all", b3).return_type is BOOL
    assert call("any", f44).return_type is BOOL


def test_mismatched_vector_sizes_truncate_with_a_warning():
    m = call("max", f4, f3)
    assert m.return_type is f3
    assert m.conversions[0].rank == TRUNCATION
    assert m.warnings == ["implicit truncation of vector type"]


def test_vector_and_matrix_do_not_unify():
    e = err(resolve_intrinsic("max", [f22, f3]))
    assert e == "no matching function for call to 'max'"
    assert e.notes == ("candidate function not viable: no known conversion from 'float3' to 'float2x2' "
                       "for 2nd argument",)


def test_arity_errors():
    assert err(resolve_intrinsic("max", [FLOAT])) == "too few arguments to function call, expected 2, have 1"
    assert err(resolve_intrinsic("max", [FLOAT] * 3)) == "too many arguments to function call, expected 2, have 3"
    assert err(resolve_intrinsic("sqrt", [])) == "too few arguments to function call, expected 1, have 0"
    assert err(resolve_intrinsic("mul", [FLOAT])) == "too few arguments to function call, expected 2, have 1"
    assert err(resolve_intrinsic("GroupMemoryBarrier", [INT])) == \
        "too many arguments to function call, expected 0, have 1"
    assert err(resolve_intrinsic("InterlockedAdd", [UINT])) == \
        "too few arguments to function call, expected at least 2, have 1"
    assert err(resolve_intrinsic("InterlockedAdd", [UINT] * 4)) == \
        "too many arguments to function call, expected at most 3, have 4"


def test_unknown_function():
    assert err(resolve_intrinsic("frobnicate", [])) == "use of undeclared identifier 'frobnicate'"


def test_non_numeric_argument():
    e = err(resolve_intrinsic("abs", [BAB]))
    assert e == "no matching function for call to 'abs'"
    assert e.notes == ("candidate function not viable: no known conversion from 'ByteAddressBuffer' to a "
                       "numeric type for 1st argument",)
    assert err(resolve_intrinsic("max", [array_of(FLOAT, 2), FLOAT])) == "no matching function for call to 'max'"


def test_integer_only_functions_reject_floats():
    e = err(resolve_intrinsic("countbits", [FLOAT]))
    assert e.notes == ("candidate function not viable: no known conversion from 'float' to an integer type "
                       "for 1st argument",)
    assert call("countbits", u3).return_type is u3
    assert call("firstbithigh", INT).return_type is UINT
    assert call("reversebits", UINT).return_type is UINT


# --- vectors and matrices ---------------------------------------------------------------------

def test_dot_and_friends_return_the_element():
    assert call("dot", f3, f3).return_type is FLOAT
    assert call("dot", i3, i3).return_type is INT
    assert call("dot", i3, f3).return_type is FLOAT
    assert call("length", f3).return_type is FLOAT
    assert call("distance", f2, f2).return_type is FLOAT
    assert call("normalize", f4).return_type is f4
    assert call("reflect", f3, f3).return_type is f3
    assert call("cross", f3, f3).return_type is f3


def test_dot_rejects_matrices():
    e = err(resolve_intrinsic("dot", [f22, f22]))
    assert e.notes == ("candidate function not viable: no known conversion from 'float2x2' to a scalar or "
                       "vector for 1st argument",)


@pytest.mark.parametrize("a, b, result", [
    (FLOAT, FLOAT, FLOAT),
    (FLOAT, f3, f3), (f3, FLOAT, f3),
    (FLOAT, f23, f23), (f23, FLOAT, f23),
    (f3, f3, FLOAT),                      # vector * vector is a dot product
    (f4, f44, f4), (f2, f23, f3),         # row vector * matrix
    (f44, f4, f4), (f23, f3, f2),         # matrix * column vector
    (f23, f34, matrix_of(FLOAT, 2, 4)),   # matrix * matrix
    (INT, f3, f3), (LITERAL_INT, LITERAL_INT, INT),
    (matrix_of(HALF, 2, 2), vector_of(HALF, 2), vector_of(HALF, 2)),
])
def test_mul(a, b, result):
    m = call("mul", a, b)
    assert m.return_type is result


def test_mul_exact_forms_have_exact_ranks():
    assert ranks(call("mul", f4, f44)) == [EXACT, EXACT]
    assert ranks(call("mul", f23, f34)) == [EXACT, EXACT]


@pytest.mark.parametrize("a, b, params, ret", [
    (f4, f34, (f3, f34), f4),                                  # mul(float3, float3x4)
    (f34, f3, (f33, f3), f3),                                  # mul(float3x3, float3)
    (f23, f23, (f22, f23), f23),                               # inner size min(3, 2)
    (f3, f4, (f3, f3), FLOAT),                                 # dot of the first three
    (f44, f3, (matrix_of(FLOAT, 4, 3), f3), f4),               # mul(float4x4, float3)
])
def test_mul_shared_dimension_takes_the_smallest(a, b, params, ret):
    # DXC's MatchArguments: a dimension that several arguments share is the
    # smallest of theirs; the larger argument truncates (with the warning).
    m = call("mul", a, b)
    assert tuple(m.param_types) == params and m.return_type is ret
    assert [c.warning is not None for c in m.conversions] == [p is not t for p, t in zip(params, (a, b))]


def test_transpose_and_determinant():
    assert call("transpose", f23).return_type is matrix_of(FLOAT, 3, 2)
    assert call("transpose", matrix_of(BOOL, 2, 3)).return_type is matrix_of(BOOL, 3, 2)
    assert call("determinant", f33).return_type is FLOAT
    m = call("determinant", f23)    # r = min(2, 3): the 2x2 part, as in DXC
    assert m.param_types == [f22] and m.conversions[0].rank == TRUNCATION


# --- bit casts and half conversions --------------------------------------------------------------

def test_bit_casts():
    assert call("asuint", f4).return_type is u4
    assert call("asuint", LITERAL_FLOAT).return_type is UINT
    assert call("asint", u3).return_type is i3
    assert call("asfloat", u4).return_type is f4
    assert call("asfloat", LITERAL_INT).return_type is FLOAT
    assert call("asfloat", f33).return_type is f33


def test_asuint_of_double_needs_the_split_form():
    e = err(resolve_intrinsic("asuint", [DOUBLE]))
    assert e == "no matching function for call to 'asuint'"
    assert e.notes == (
        "candidate function not viable: no known conversion from 'double' to a 32-bit int, uint or float type "
        "for 1st argument",
        "candidate function not viable: requires 3 arguments, but 1 was provided",
    )
    m = call("asuint", DOUBLE, UINT, UINT)
    assert m.return_type is VOID and m.param_modes == ["in", "out", "out"]
    assert call("asdouble", UINT, UINT).return_type is DOUBLE


def test_half_conversions():
    assert call("f16tof32", UINT).return_type is FLOAT
    assert call("f16tof32", u2).return_type is f2
    m = call("f16tof32", INT)
    assert m.param_types == [UINT] and ranks(m) == [CONVERSION]
    assert call("f32tof16", f3).return_type is u3


# --- out parameters --------------------------------------------------------------------------

def test_out_parameters_convert_back():
    m = call("sincos", f3, f3, f3)
    assert m.return_type is VOID and m.param_modes == ["in", "out", "out"]
    m = call("modf", FLOAT, INT)
    assert m.return_type is FLOAT and m.param_types == [FLOAT, FLOAT] and ranks(m) == [EXACT, CONVERSION]
    e = err(resolve_intrinsic("modf", [f3, f4]))
    assert e.notes == ("candidate function not viable: no known conversion from 'float4' to 'float3' "
                       "for 2nd argument",)


# --- shader models -----------------------------------------------------------------------------

def test_sixteen_bit_types_need_sm_6_2_when_native():
    assert call("max", h3, h3).min_shader_model == (6, 2)
    assert call("max", h3, h3, native_16bit=False).min_shader_model == (6, 0)
    assert call("f16tof32", UINT16).min_shader_model == (6, 0)   # converts to uint
    assert call("max", MIN16FLOAT, MIN16FLOAT).min_shader_model == (6, 0)
    assert call("WaveMatch", FLOAT).min_shader_model == (6, 5)


# --- barriers, waves, atomics ------------------------------------------------------------------

@pytest.mark.parametrize("name, sync", [
    ("GroupMemoryBarrier", False), ("AllMemoryBarrier", False), ("DeviceMemoryBarrier", False),
    ("GroupMemoryBarrierWithGroupSync", True), ("AllMemoryBarrierWithGroupSync", True),
    ("DeviceMemoryBarrierWithGroupSync", True),
])
def test_barriers(name, sync):
    m = call(name)
    assert m.return_type is VOID and m.is_group_sync is sync and not m.is_wave_op


def test_wave_ops():
    assert call("WaveActiveSum", f3).return_type is f3
    assert call("WaveActiveSum", f3).is_wave_op
    assert call("WavePrefixSum", LITERAL_INT).return_type is INT
    assert call("WaveActiveBallot", BOOL).return_type is u4
    assert call("WaveActiveAnyTrue", BOOL).return_type is BOOL
    assert call("WaveActiveCountBits", BOOL).return_type is UINT
    assert call("WaveIsFirstLane").is_wave_op
    assert call("WaveActiveBitOr", u3).return_type is u3
    m = call("WaveReadLaneAt", b3, LITERAL_INT)
    assert m.return_type is b3 and m.param_types == [b3, UINT] and m.is_wave_op
    assert call("WaveReadLaneFirst", f4).return_type is f4
    assert not call("WaveActiveSum", f3).is_group_sync
    e = err(resolve_intrinsic("WaveActiveBitAnd", [FLOAT]))
    assert e == "no matching function for call to 'WaveActiveBitAnd'"


def test_wave_and_quad_shapes_and_kinds():
    # Any shape, matrices included (DXC's `any<>`, `numeric<>`).
    assert call("WaveReadLaneFirst", f23).return_type is f23
    assert call("WaveActiveAllEqual", f23).return_type is matrix_of(BOOL, 2, 3)
    assert call("WaveActiveAllEqual", i3).return_type is b3
    assert call("WaveActiveSum", matrix_of(UINT, 2, 2)).return_type is matrix_of(UINT, 2, 2)
    # uint_only: a literal is a uint, an int converts to nothing.
    assert call("WaveActiveBitXor", LITERAL_INT).return_type is UINT
    assert call("WaveActiveBitAnd", UINT64).return_type is UINT64
    assert err(resolve_intrinsic("WaveActiveBitOr", [INT])).notes == (
        "candidate function not viable: no known conversion from 'int' to uint or uint64_t for 1st argument",)
    m = call("WaveMultiPrefixSum", f3, u4)
    assert m.return_type is f3 and m.param_types == [f3, u4] and m.min_shader_model == (6, 5) and m.is_wave_op
    assert call("WaveMultiPrefixCountBits", BOOL, u4).return_type is UINT
    assert call("QuadReadLaneAt", f2, LITERAL_INT).param_types == [f2, UINT]
    assert not call("QuadReadAcrossX", FLOAT).is_wave_op
    assert call("QuadAny", BOOL).min_shader_model == (6, 0)     # expanded before SM 6.7
    assert call("IsHelperLane").return_type is BOOL


def test_float_atomics_and_any_int_values():
    m = call("InterlockedExchange", FLOAT, LITERAL_INT, INT)
    assert m.param_types == [FLOAT, FLOAT, FLOAT] and m.min_shader_model == (6, 0)
    assert call("InterlockedCompareStoreFloatBitwise", FLOAT, FLOAT, FLOAT).param_modes == ["ref", "in", "in"]
    assert err(resolve_intrinsic("InterlockedCompareExchangeFloatBitwise", [UINT, FLOAT, FLOAT, FLOAT])) == \
        "no matching function for call to 'InterlockedCompareExchangeFloatBitwise'"
    # DXC's any_int32 / any_int64: another type converts to the signed one.
    assert method(RWBAB, "InterlockedMin", UINT, INT64).param_types == [UINT, INT]
    assert method(RWBAB, "InterlockedMax64", UINT, UINT).param_types == [UINT, INT64]
    assert method(RWBAB, "InterlockedMax64", UINT, UINT64).param_types == [UINT, UINT64]
    assert method(RWBAB, "InterlockedExchangeFloat", UINT, FLOAT, FLOAT).min_shader_model == (6, 0)


def test_lane_queries_are_not_wave_sensitive():
    for name in ("WaveGetLaneCount", "WaveGetLaneIndex"):
        m = call(name)
        assert m.return_type is UINT and not m.is_wave_op


def test_interlocked_on_groupshared():
    m = call("InterlockedAdd", UINT, LITERAL_INT)
    assert m.return_type is VOID
    assert m.param_types == [UINT, UINT] and m.param_modes == ["ref", "in"]
    assert m.min_shader_model == (6, 0)
    m = call("InterlockedAdd", INT, UINT, INT)
    assert m.param_types == [INT, INT, INT] and m.param_modes == ["ref", "in", "out"]
    assert ranks(m) == [EXACT, CONVERSION, EXACT]
    m = call("InterlockedCompareExchange", UINT, LITERAL_INT, LITERAL_INT, UINT)
    assert m.param_modes == ["ref", "in", "in", "out"]
    assert call("InterlockedMax", INT64, LITERAL_INT).min_shader_model == (6, 6)
    assert call("InterlockedOr", UINT64, UINT64, UINT64).min_shader_model == (6, 6)


def test_interlocked_destination_type_is_exact():
    e = err(resolve_intrinsic("InterlockedAdd", [FLOAT, LITERAL_FLOAT]))
    assert e.notes == ("candidate function not viable: no known conversion from 'float' to a 32- or 64-bit "
                       "integer type for 1st argument",)
    assert err(resolve_intrinsic("InterlockedAdd", [u2, UINT])) == "no matching function for call to 'InterlockedAdd'"
    assert err(resolve_intrinsic("InterlockedExchange", [UINT, UINT])) == \
        "too few arguments to function call, expected 3, have 2"


def test_non_uniform_resource_index():
    m = call("NonUniformResourceIndex", INT)
    assert m.return_type is UINT and ranks(m) == [CONVERSION]


# --- resource methods -------------------------------------------------------------------------

def method(obj, name, *args, template=None) -> IntrinsicMatch:
    return ok(resolve_method(obj, name, list(args), template))


@pytest.mark.parametrize("name, result", [("Load", UINT), ("Load2", u2), ("Load3", u3), ("Load4", u4)])
def test_byte_address_loads(name, result):
    for buf in (BAB, RWBAB):
        m = method(buf, name, UINT)
        assert m.return_type is result and m.param_types == [UINT]
    assert method(BAB, name, LITERAL_INT).return_type is result
    m = method(BAB, name, UINT, UINT)
    assert m.param_modes == ["in", "out"]


def test_templated_load():
    assert method(BAB, "Load", LITERAL_INT, template=f2).return_type is f2
    assert method(RWBAB, "Load", UINT, template=f44).return_type is f44
    s = ClassType(SimpleNamespace(spell=lambda: "Particle"))
    assert method(BAB, "Load", UINT, template=s).return_type is s
    assert method(BAB, "Load", UINT, UINT, template=HALF).return_type is HALF


def test_template_arguments_on_non_template_methods():
    e = err(resolve_method(BAB, "Load4", [UINT], u4))
    assert e == "Explicit template arguments on intrinsic Load4 are not supported"
    e = err(resolve_method(BAB, "Load", [UINT], RWBAB))
    assert e == "object 'RWByteAddressBuffer' is not allowed in builtin template parameters"


def test_get_dimensions():
    m = method(BAB, "GetDimensions", UINT)
    assert m.return_type is VOID and m.param_modes == ["out"]
    sb = resource_of("StructuredBuffer", f4)
    m = method(sb, "GetDimensions", UINT, UINT)
    assert m.param_modes == ["out", "out"]
    assert err(resolve_method(sb, "GetDimensions", [UINT])) == \
        "too few arguments to function call, expected 2, have 1"


def test_structured_buffer_load():
    sb = resource_of("StructuredBuffer", f4)
    m = method(sb, "Load", INT)
    assert m.return_type is f4 and m.param_types == [UINT]
    rw = resource_of("RWStructuredBuffer", FLOAT)
    assert method(rw, "Load", LITERAL_INT).return_type is FLOAT
    assert method(rw, "IncrementCounter").return_type is UINT


def test_store_exists_only_on_rw():
    e = err(resolve_method(BAB, "Store", [UINT, UINT]))
    assert e == "no member named 'Store' in 'ByteAddressBuffer'"
    assert err(resolve_method(BAB, "InterlockedAdd", [UINT, UINT])) == \
        "no member named 'InterlockedAdd' in 'ByteAddressBuffer'"


def test_stores():
    m = method(RWBAB, "Store", UINT, UINT)
    assert m.return_type is VOID and m.param_types == [UINT, UINT] and ranks(m) == [EXACT, EXACT]
    assert method(RWBAB, "Store", UINT, LITERAL_INT).param_types == [UINT, UINT]
    assert method(RWBAB, "Store4", UINT, u4).param_types == [UINT, u4]
    assert method(RWBAB, "Store2", LITERAL_INT, u2).param_types == [UINT, u2]
    assert method(RWBAB, "Store4", UINT, f4).conversions[1].rank == CONVERSION


def test_store_deduces_its_type():
    # template<typename T> void Store(uint, T): a float2 is stored as float2
    m = method(RWBAB, "Store", UINT, f2)
    assert m.param_types == [UINT, f2] and ranks(m) == [EXACT, EXACT]
    assert method(RWBAB, "Store", UINT, FLOAT, template=FLOAT).param_types == [UINT, FLOAT]
    assert method(RWBAB, "Store", UINT, f3, template=h3).param_types == [UINT, h3]
    assert method(RWBAB, "Store", UINT, vector_of(HALF, 2)).min_shader_model == (6, 2)


def test_store_of_an_object_fails():
    e = err(resolve_method(RWBAB, "Store", [UINT, BAB]))
    assert e == "no matching member function for call to 'Store'"
    assert e.notes == (
        "candidate template ignored: substitution failure: object 'ByteAddressBuffer' is not allowed in "
        "builtin template parameters",
        "candidate function not viable: no known conversion from 'ByteAddressBuffer' to 'uint' for 2nd argument",
    )


def test_rw_byte_address_interlocked():
    m = method(RWBAB, "InterlockedAdd", UINT, LITERAL_INT, UINT)
    assert m.return_type is VOID
    assert m.param_types == [UINT, UINT, UINT] and m.param_modes == ["in", "in", "out"]
    assert method(RWBAB, "InterlockedAdd", UINT, UINT).param_modes == ["in", "in"]
    m = method(RWBAB, "InterlockedMin", UINT, INT, INT)
    assert m.param_types == [UINT, INT, INT]
    assert method(RWBAB, "InterlockedMax", UINT, UINT, UINT).param_types == [UINT, UINT, UINT]
    m = method(RWBAB, "InterlockedCompareExchange", UINT, UINT, UINT, UINT)
    assert m.param_modes == ["in", "in", "in", "out"]
    assert err(resolve_method(RWBAB, "InterlockedExchange", [UINT, UINT])) == \
        "too few arguments to function call, expected 3, have 2"
    assert method(RWBAB, "InterlockedAdd64", UINT, UINT64, UINT64).min_shader_model == (6, 6)


def test_method_errors():
    assert err(resolve_method(FLOAT, "Load", [UINT])) == \
        "member reference base type 'float' is not a structure or union"
    assert err(resolve_method(BAB, "Sample", [])) == "no member named 'Sample' in 'ByteAddressBuffer'"
    e = err(resolve_method(BAB, "Load", []))
    assert e == "no matching member function for call to 'Load'"
    assert "candidate function not viable: requires 1 argument, but 0 were provided" in e.notes
    assert "candidate template ignored: couldn't infer template argument 'T'" in e.notes
    assert err(resolve_method(BAB, "Load4", [])) == "no matching member function for call to 'Load4'"
    e = err(resolve_method(resource_of("StructuredBuffer", f4), "Load2", [UINT]))
    assert e == "no member named 'Load2' in 'StructuredBuffer<float4>'"


def test_wave_matrix_objects_have_no_buffer_methods():
    wm = wave_matrix_of("WaveMatrixLeft", HALF, 16, 16)
    assert err(resolve_method(wm, "Load", [UINT])) == \
        "member reference base type 'WaveMatrixLeft<half, 16, 16>' is not a structure or union"


def test_every_intrinsic_line_parses() -> None:
    # The table parses a name's lines on first use: all of them, here.
    from hlslc.sema import intrinsics
    whole = intrinsics._parse_table(intrinsics._FUNCTIONS)
    assert {name: TABLE[name] for name in TABLE} == whole
