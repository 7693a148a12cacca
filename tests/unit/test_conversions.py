"""Implicit conversions and the usual arithmetic conversions (sema/conversions)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from hlslc.sema.conversions import (
    CONVERSION, EXACT, LITERAL, PROMOTION, SPLAT, TRUNCATION, TRUNCATION_WARNING, Conversion,
    arithmetic_element, binary_operand_type, common_type, implicit_conversion, is_bool_convertible,
    literal_default,
)
from hlslc.sema.types import (
    BOOL, DOUBLE, FLOAT, HALF, INT, INT16, INT64, LITERAL_FLOAT, LITERAL_INT, MIN16FLOAT, MIN16INT,
    STRING, UINT, UINT16, UINT64, VOID, ClassType, EnumType, array_of, matrix_of, resource_of,
    vector_of, wave_matrix_of,
)

f2, f3, f4 = (vector_of(FLOAT, n) for n in (2, 3, 4))
f1 = vector_of(FLOAT, 1)
i3, u3, h3, d3 = vector_of(INT, 3), vector_of(UINT, 3), vector_of(HALF, 3), vector_of(DOUBLE, 3)
f44, f33, f22, f11 = matrix_of(FLOAT, 4, 4), matrix_of(FLOAT, 3, 3), matrix_of(FLOAT, 2, 2), matrix_of(FLOAT, 1, 1)


def rank(src, dst):
    conv = implicit_conversion(src, dst)
    return None if conv is None else conv.rank


def enum(scoped: bool) -> EnumType:
    return EnumType(SimpleNamespace(qualified_name="E", name="E", scoped=scoped))


def struct(name: str) -> ClassType:
    return ClassType(SimpleNamespace(spell=lambda: name))


# --- ranks --------------------------------------------------------------------------

def test_rank_order():
    assert EXACT < PROMOTION == LITERAL < CONVERSION < SPLAT < TRUNCATION


@pytest.mark.parametrize("t", [FLOAT, INT, BOOL, f3, f44, array_of(FLOAT, 4), resource_of("ByteAddressBuffer")])
def test_identity_is_exact(t):
    assert implicit_conversion(t, t) == Conversion(EXACT)


@pytest.mark.parametrize("src, dst, expected", [
    # literals adopt any numeric type
    (LITERAL_INT, FLOAT, LITERAL), (LITERAL_INT, UINT, LITERAL), (LITERAL_INT, HALF, LITERAL),
    (LITERAL_INT, INT16, LITERAL), (LITERAL_FLOAT, HALF, LITERAL),
    # a literal's own default type is an exact match (f(2) picks f(int) over f(float))
    (LITERAL_INT, INT, EXACT), (LITERAL_FLOAT, FLOAT, EXACT),
    (LITERAL_FLOAT, DOUBLE, LITERAL),
    # except where the value changes kind
    (LITERAL_FLOAT, INT, CONVERSION), (LITERAL_FLOAT, UINT, CONVERSION), (LITERAL_INT, BOOL, CONVERSION),
    # promotions: bool to integers, widening within a kind
    (BOOL, INT, PROMOTION), (BOOL, UINT, PROMOTION), (HALF, FLOAT, PROMOTION), (FLOAT, DOUBLE, PROMOTION),
    (HALF, DOUBLE, PROMOTION), (INT16, INT, PROMOTION), (INT, INT64, PROMOTION), (UINT16, UINT, PROMOTION),
    (UINT, UINT64, PROMOTION), (MIN16FLOAT, FLOAT, PROMOTION),
    # everything else between numbers is a conversion
    (INT, FLOAT, CONVERSION), (FLOAT, INT, CONVERSION), (INT, UINT, CONVERSION), (UINT, INT, CONVERSION),
    (FLOAT, HALF, CONVERSION), (DOUBLE, FLOAT, CONVERSION), (INT64, INT, CONVERSION), (BOOL, FLOAT, CONVERSION),
    (FLOAT, BOOL, CONVERSION), (INT, BOOL, CONVERSION), (INT16, UINT, CONVERSION), (MIN16INT, INT16, CONVERSION),
])
def test_scalar_ranks(src, dst, expected):
    conv = implicit_conversion(src, dst)
    assert conv == Conversion(expected)


@pytest.mark.parametrize("src, dst", [(FLOAT, f3), (INT, f4), (LITERAL_INT, f3), (LITERAL_FLOAT, i3),
                                      (BOOL, f2), (FLOAT, f44), (DOUBLE, matrix_of(HALF, 2, 3)),
                                      (f1, f3), (f11, f22)])
def test_splat(src, dst):
    assert implicit_conversion(src, dst) == Conversion(SPLAT)


@pytest.mark.parametrize("src, dst, expected", [
    (f3, f3, EXACT), (i3, f3, CONVERSION), (f3, i3, CONVERSION), (u3, i3, CONVERSION),
    (h3, f3, PROMOTION), (f3, d3, PROMOTION), (f3, h3, CONVERSION),
    (f33, matrix_of(DOUBLE, 3, 3), PROMOTION), (f33, matrix_of(INT, 3, 3), CONVERSION),
])
def test_same_shape_element_conversion(src, dst, expected):
    assert implicit_conversion(src, dst) == Conversion(expected)


@pytest.mark.parametrize("src, dst", [(f4, f2), (f4, f3), (f4, FLOAT), (f3, INT), (vector_of(INT, 4), f2),
                                      (f44, f33), (f44, matrix_of(FLOAT, 4, 2)), (f33, FLOAT), (f22, f11)])
def test_truncation_warns(src, dst):
    assert implicit_conversion(src, dst) == Conversion(TRUNCATION, TRUNCATION_WARNING)
    assert implicit_conversion(src, dst).warning == "implicit truncation of vector type"


@pytest.mark.parametrize("src, dst", [(f1, FLOAT), (FLOAT, f1), (f11, FLOAT), (FLOAT, f11), (f1, f11)])
def test_one_component_shapes_are_nearly_exact(src, dst):
    assert implicit_conversion(src, dst) == Conversion(PROMOTION)


def test_one_component_with_element_change_takes_the_worse_rank():
    assert rank(vector_of(INT, 1), FLOAT) == CONVERSION
    assert rank(vector_of(HALF, 1), FLOAT) == PROMOTION


@pytest.mark.parametrize("src, dst", [(f2, f3), (f3, f4), (f22, f33), (matrix_of(FLOAT, 2, 4), matrix_of(FLOAT, 4, 2)),
                                      (f3, f33), (f4, f33), (f33, f4)])
def test_growing_or_reshaping_is_not_convertible(src, dst):
    assert implicit_conversion(src, dst) is None


@pytest.mark.parametrize("src, dst", [(f4, f22), (f22, f4)])
def test_a_vector_and_a_matrix_of_as_many_components_convert(src, dst):
    # DXC's element-preserving conversions: row by row.
    assert rank(src, dst) == CONVERSION


def test_vector_and_single_row_or_column_matrix():
    assert rank(f4, matrix_of(FLOAT, 1, 4)) == CONVERSION
    assert rank(f4, matrix_of(FLOAT, 4, 1)) == CONVERSION
    assert rank(matrix_of(FLOAT, 1, 3), f3) == CONVERSION
    assert implicit_conversion(f4, matrix_of(FLOAT, 1, 3)) == Conversion(TRUNCATION, TRUNCATION_WARNING)


# --- non-numeric types -------------------------------------------------------------------

def test_void_converts_to_nothing():
    assert implicit_conversion(VOID, VOID) is not None   # identity only
    assert implicit_conversion(VOID, INT) is None
    assert implicit_conversion(INT, VOID) is None


def test_scoped_enums_convert_only_to_themselves():
    e = enum(scoped=True)
    assert rank(e, e) == EXACT
    assert implicit_conversion(e, INT) is None
    assert implicit_conversion(e, enum(scoped=True)) is None
    assert implicit_conversion(INT, e) is None
    assert implicit_conversion(LITERAL_INT, e) is None


def test_unscoped_enums_promote_to_int():
    e = enum(scoped=False)
    assert rank(e, INT) == PROMOTION
    assert rank(e, UINT) == CONVERSION
    assert rank(e, FLOAT) == CONVERSION
    assert implicit_conversion(INT, e) is None


def test_enum_identity_is_by_symbol():
    sym = SimpleNamespace(qualified_name="E", scoped=True)
    assert rank(EnumType(sym), EnumType(sym)) == EXACT


def test_classes_resources_wave_matrices_only_to_themselves():
    s, t = struct("S"), struct("T")
    assert rank(s, s) == EXACT
    assert rank(s, ClassType(s.instance)) == EXACT
    assert implicit_conversion(s, t) is None
    assert implicit_conversion(s, FLOAT) is None
    assert implicit_conversion(FLOAT, s) is None
    bab, rw = resource_of("ByteAddressBuffer"), resource_of("RWByteAddressBuffer")
    assert implicit_conversion(rw, bab) is None
    assert implicit_conversion(resource_of("StructuredBuffer", FLOAT), resource_of("StructuredBuffer", INT)) is None
    left = wave_matrix_of("WaveMatrixLeft", HALF, 16, 16)
    assert rank(left, left) == EXACT
    assert implicit_conversion(left, wave_matrix_of("WaveMatrixRight", HALF, 16, 16)) is None
    assert implicit_conversion(STRING, INT) is None


def test_arrays():
    a4 = array_of(FLOAT, 4)
    assert rank(a4, array_of(FLOAT, None)) == EXACT     # unsized parameter takes any size
    assert implicit_conversion(a4, array_of(FLOAT, 3)) is None
    assert implicit_conversion(a4, array_of(INT, 4)) is None
    assert implicit_conversion(a4, FLOAT) is None
    assert implicit_conversion(FLOAT, a4) is None
    nested = array_of(array_of(INT, 2), 3)
    assert rank(nested, array_of(array_of(INT, 2), None)) == EXACT
    # Arrays of the same elements in the same order: DXC's flat conversion.
    assert rank(nested, array_of(INT, 6)) == CONVERSION
    assert rank(array_of(vector_of(FLOAT, 2), 2), array_of(FLOAT, 4)) == CONVERSION
    assert implicit_conversion(array_of(vector_of(FLOAT, 2), 2), array_of(FLOAT, 3)) is None
    assert implicit_conversion(array_of(vector_of(FLOAT, 2), 2), array_of(INT, 4)) is None
    # Counted in runs, so a large array costs nothing more.
    assert rank(array_of(vector_of(FLOAT, 2), 40000), array_of(FLOAT, 80000)) == CONVERSION
    assert implicit_conversion(array_of(vector_of(FLOAT, 2), 40000), array_of(FLOAT, 79999)) is None


# --- binary operators --------------------------------------------------------------------

@pytest.mark.parametrize("a, b, expected", [
    (INT, FLOAT, FLOAT), (FLOAT, INT, FLOAT), (UINT, INT, UINT), (INT, UINT, UINT),
    (HALF, FLOAT, FLOAT), (FLOAT, DOUBLE, DOUBLE), (INT16, INT, INT), (UINT16, INT, UINT),
    (INT64, UINT, UINT64), (UINT64, INT64, UINT64), (BOOL, BOOL, INT), (BOOL, UINT, UINT),
    (BOOL, HALF, HALF), (INT64, HALF, HALF), (MIN16FLOAT, HALF, HALF), (MIN16INT, INT16, INT16),
    (INT16, INT16, INT16), (HALF, HALF, HALF),
])
def test_arithmetic_element(a, b, expected):
    assert arithmetic_element(a, b) is expected
    assert common_type(a, b) is expected


@pytest.mark.parametrize("a, b, expected", [
    (LITERAL_INT, FLOAT, FLOAT), (LITERAL_INT, HALF, HALF), (LITERAL_INT, UINT, UINT),
    (LITERAL_INT, INT16, INT16), (LITERAL_FLOAT, HALF, HALF), (LITERAL_FLOAT, DOUBLE, DOUBLE),
    (LITERAL_FLOAT, INT, FLOAT), (LITERAL_FLOAT, UINT16, FLOAT), (LITERAL_INT, BOOL, INT),
    (LITERAL_INT, LITERAL_INT, LITERAL_INT), (LITERAL_INT, LITERAL_FLOAT, LITERAL_FLOAT),
])
def test_literals_adopt_the_other_side(a, b, expected):
    assert common_type(a, b) is expected
    assert common_type(b, a) is expected


@pytest.mark.parametrize("a, b, expected", [
    (f3, FLOAT, f3), (FLOAT, f3, f3), (f3, LITERAL_INT, f3), (i3, LITERAL_FLOAT, f3),
    (i3, FLOAT, f3), (h3, LITERAL_FLOAT, h3), (u3, i3, u3), (f33, FLOAT, f33),
    (LITERAL_INT, matrix_of(INT, 2, 2), matrix_of(INT, 2, 2)), (f1, f3, f3), (f3, f1, f3),
    (f1, FLOAT, f1), (f11, f44, f44), (f33, matrix_of(HALF, 3, 3), f33),
])
def test_shapes_broadcast_without_warning(a, b, expected):
    assert binary_operand_type(a, b) == (expected, None)


@pytest.mark.parametrize("a, b, expected", [
    (f4, f3, f3), (f3, f4, f3), (f4, f2, f2), (vector_of(INT, 4), f2, f2),
    (f44, f33, f33), (matrix_of(FLOAT, 2, 4), matrix_of(FLOAT, 4, 2), f22),
])
def test_mismatched_sizes_truncate_with_a_warning(a, b, expected):
    assert binary_operand_type(a, b) == (expected, "implicit truncation of vector type")
    assert common_type(a, b) is expected


@pytest.mark.parametrize("a, b", [(f3, f33), (f44, f4), (f2, f22), (struct("S"), FLOAT), (FLOAT, array_of(FLOAT, 2)),
                                  (resource_of("ByteAddressBuffer"), INT), (VOID, INT), (enum(True), INT)])
def test_incompatible_operands(a, b):
    assert binary_operand_type(a, b) == (None, None)
    assert common_type(a, b) is None


def test_unscoped_enum_operand_computes_as_int():
    assert common_type(enum(scoped=False), LITERAL_INT) is INT
    assert common_type(enum(scoped=False), FLOAT) is FLOAT


# --- literals and conditions ------------------------------------------------------------------

def test_literal_default():
    assert literal_default(LITERAL_INT) is INT
    assert literal_default(LITERAL_FLOAT) is FLOAT
    assert literal_default(vector_of(LITERAL_FLOAT, 3)) is f3
    assert literal_default(matrix_of(LITERAL_INT, 2, 2)) is matrix_of(INT, 2, 2)
    assert literal_default(HALF) is HALF
    assert literal_default(f3) is f3


@pytest.mark.parametrize("t, ok", [
    (BOOL, True), (INT, True), (FLOAT, True), (LITERAL_INT, True), (f1, True), (vector_of(BOOL, 1), True),
    (f3, False), (vector_of(BOOL, 2), False), (f22, False), (VOID, False), (struct("S"), False),
    (array_of(BOOL, 1), False), (resource_of("ByteAddressBuffer"), False), (enum(scoped=False), True),
    (enum(scoped=True), False),
])
def test_is_bool_convertible(t, ok):
    assert is_bool_convertible(t) is ok
