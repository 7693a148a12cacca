"""DXC's `dx.op.linAlg*` operations in the operation table: the experimental
opcodes, the `dims` overload rule (names, signatures, reading names and
types back), LinAlg matrix types and the checks the loader makes on `dims`
entries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hlslc.dxil import ops as ir_ops
from hlslc.dxil.ops import OverloadError, TableError

REPO = Path(__file__).resolve().parents[2]
TABLE_PATH = REPO / "ir" / "dxil_ops.json"

# DXC's experimental table: index n, opcode 0x80000000 | n.
LINALG = {
    "LinAlgMatrixMultiplyAccumulate": 11, "LinAlgFillMatrix": 12, "LinAlgCopyConvertMatrix": 13,
    "LinAlgMatrixLoadFromDescriptor": 14, "LinAlgMatrixLoadFromMemory": 15, "LinAlgMatrixLength": 16,
    "LinAlgMatrixGetCoordinate": 17, "LinAlgMatrixGetElement": 18, "LinAlgMatrixSetElement": 19,
    "LinAlgMatrixStoreToDescriptor": 20, "LinAlgMatrixStoreToMemory": 21, "LinAlgMatrixQueryAccumulatorLayout": 22,
    "LinAlgMatrixMultiply": 23, "LinAlgMatrixAccumulate": 24, "LinAlgMatVecMul": 25, "LinAlgMatVecMulAdd": 26,
    "LinAlgMatrixAccumulateToDescriptor": 27, "LinAlgMatrixAccumulateToMemory": 28, "LinAlgMatrixOuterProduct": 29,
    "LinAlgConvert": 30, "LinAlgVectorAccumulateToDescriptor": 31,
}
# The operations that exist for Wave and ThreadGroup scope matrices: compute shaders only.
COMPUTE_ONLY = {
    "LinAlgFillMatrix", "LinAlgCopyConvertMatrix", "LinAlgMatrixLength", "LinAlgMatrixGetCoordinate",
    "LinAlgMatrixGetElement", "LinAlgMatrixSetElement", "LinAlgMatrixStoreToDescriptor", "LinAlgMatrixLoadFromMemory",
    "LinAlgMatrixStoreToMemory", "LinAlgMatrixAccumulateToMemory", "LinAlgMatrixMultiply",
    "LinAlgMatrixMultiplyAccumulate", "LinAlgMatrixAccumulate",
}


def test_the_21_operations_and_their_opcodes() -> None:
    found = {op.name: op for op in ir_ops.operations().values() if op.function.startswith("dx.op.linAlg")}
    assert set(found) == set(LINALG)
    for name, n in LINALG.items():
        op = found[name]
        assert op.encoded == 0x80000000 | n and op.opcode == n - 2**31, name
        assert op.experimental and op.source == "dxc" and op.min_shader_model == (6, 10)
        assert op.function == "dx.op." + name[0].lower() + name[1:]
        assert op.attributes == ()          # nounwind only (every declaration gets it)
        assert op.stages == (("compute",) if name in COMPUTE_ONLY else None), name
        assert ir_ops.by_opcode(op.opcode) is op and ir_ops.by_opcode(op.encoded) is op
        assert op.matches_opcode(op.opcode) and op.matches_opcode(op.encoded) and not op.matches_opcode(n)
    assert found["LinAlgFillMatrix"].opcode_text == "0x8000000C (-2147483636)"
    assert ir_ops.operation("ThreadId").opcode_text == "93" and not ir_ops.operation("ThreadId").experimental


def test_enums_for_linalg() -> None:
    assert ir_ops.enum("ComponentType") == dict(ir_ops.enum("MatrixComponentType"), I8=19, U8=20, F8_E4M3FN=21,
                                                F8_E5M2=22, BFloat16=23)
    assert ir_ops.enum("LinAlgMatrixLayout") == {
        "RowMajor": 0, "ColumnMajor": 1, "MulOptimal": 2, "MulOptimalTranspose": 3, "OuterProductOptimal": 4,
        "OuterProductOptimalTranspose": 5}
    load = ir_ops.operation("LinAlgMatrixLoadFromDescriptor")
    assert [(p.name, p.const, p.enum) for p in load.params] == [
        ("handle", False, None), ("offset", False, None), ("stride", False, None),
        ("layout", True, "LinAlgMatrixLayout"), ("align", True, None)]
    matvec = ir_ops.operation("LinAlgMatVecMul")
    assert [(p.name, p.const) for p in matvec.params] == [
        ("matrix", False), ("isOutputSigned", True), ("inputVector", False), ("interpretation", True)]


# ---- matrix types -------------------------------------------------------------------

def test_matrix_types() -> None:
    m = ir_ops.matrix_type("I32", 5, 4, "B", "ThreadGroup")
    assert m == ir_ops.MatrixType(4, 5, 4, 1, 2) == ir_ops.matrix_type(4, 5, 4, 1, 2)
    assert (m.name, m.llvm, m.suffix) == ("dx.types.LinAlgMatrixC4M5N4U1S2", "%dx.types.LinAlgMatrixC4M5N4U1S2",
                                          "mC4M5N4U1S2")
    assert m.definition() == "%dx.types.LinAlgMatrixC4M5N4U1S2 = type { i8* }"
    assert m.target_type_metadata() == "!{%dx.types.LinAlgMatrixC4M5N4U1S2 undef, i32 4, i32 5, i32 4, i32 1, i32 2}"
    for text in ("%dx.types.LinAlgMatrixC4M5N4U1S2", '%"dx.types.LinAlgMatrixC4M5N4U1S2"',
                 "dx.types.LinAlgMatrixC4M5N4U1S2", "mC4M5N4U1S2", m):
        assert ir_ops.parse_matrix_type(text) == m, text
    assert ir_ops.parse_matrix_type("%dx.types.Handle") is None
    assert ir_ops.parse_matrix_type("%dx.types.LinAlgMatrixC4") is None
    assert ir_ops.is_matrix_type("%dx.types.LinAlgMatrixC4") and not ir_ops.is_matrix_type("%dx.types.Handle")
    assert ir_ops.matrix_type("BFloat16", 1025, 1025, "Accumulator", "Thread").suffix == "mC23M1025N1025U2S0"
    with pytest.raises(ValueError, match="NoSuchType"):
        ir_ops.matrix_type("NoSuchType", 4, 4, "A", "Wave")


# ---- names ------------------------------------------------------------------------------

M = "%dx.types.LinAlgMatrixC4M5N4U1S2"


@pytest.mark.parametrize("name, overload, expected", [
    ("LinAlgFillMatrix", ("%dx.types.LinAlgMatrixC5M8N4U0S2", "double"), "dx.op.linAlgFillMatrix.mC5M8N4U0S2.f64"),
    ("LinAlgMatrixGetElement", ("i64", M), "dx.op.linAlgMatrixGetElement.i64.mC4M5N4U1S2"),
    ("LinAlgMatrixSetElement", (M, M, "i32"), "dx.op.linAlgMatrixSetElement.mC4M5N4U1S2.mC4M5N4U1S2.i32"),
    ("LinAlgMatrixLoadFromMemory", (M, "<4 x float>"), "dx.op.linAlgMatrixLoadFromMemory.mC4M5N4U1S2.v4f32"),
    ("LinAlgMatrixLoadFromMemory", (M, "float addrspace(3)*"), "dx.op.linAlgMatrixLoadFromMemory.mC4M5N4U1S2.f32"),
    ("LinAlgMatrixStoreToMemory", (M, "i32"), "dx.op.linAlgMatrixStoreToMemory.mC4M5N4U1S2.i32"),
    ("LinAlgMatVecMulAdd", ("<7 x half>", "%dx.types.LinAlgMatrixC8M7N15U0S0", "<4 x i32>", "<7 x half>"),
     "dx.op.linAlgMatVecMulAdd.v7f16.mC8M7N15U0S0.v4i32.v7f16"),
    ("LinAlgMatrixOuterProduct", ("mC8M8N4U2S0", "v8f16", "v4f16"),
     "dx.op.linAlgMatrixOuterProduct.mC8M8N4U2S0.v8f16.v4f16"),
    ("LinAlgConvert", ("<4 x i32>", "<16 x half>"), "dx.op.linAlgConvert.v4i32.v16f16"),
    ("LinAlgMatrixAccumulate", ("%dx.types.LinAlgMatrixC5M4N4U2S1", "%dx.types.LinAlgMatrixC5M4N4U2S1",
                                "%dx.types.LinAlgMatrixC5M4N4U0S1"),
     "dx.op.linAlgMatrixAccumulate.mC5M4N4U2S1.mC5M4N4U2S1.mC5M4N4U0S1"),
    ("LinAlgMatrixMultiplyAccumulate", ("mC4M8N8U2S2", "mC4M8N4U0S2", "mC4M4N8U1S2", "mC4M8N8U2S2"),
     "dx.op.linAlgMatrixMultiplyAccumulate.mC4M8N8U2S2.mC4M8N4U0S2.mC4M4N8U1S2.mC4M8N8U2S2"),
    ("LinAlgMatrixLength", (M,), "dx.op.linAlgMatrixLength.mC4M5N4U1S2"),
    ("LinAlgMatrixLoadFromDescriptor", ('%"dx.types.LinAlgMatrixC2M4N4U0S0"',),
     "dx.op.linAlgMatrixLoadFromDescriptor.mC2M4N4U0S0"),
    ("LinAlgMatrixQueryAccumulatorLayout", (), "dx.op.linAlgMatrixQueryAccumulatorLayout"),
    ("LinAlgVectorAccumulateToDescriptor", ("<16 x half>",), "dx.op.linAlgVectorAccumulateToDescriptor.v16f16"),
])
def test_names_and_reading_them_back(name: str, overload: tuple, expected: str) -> None:
    op = ir_ops.operation(name)
    assert ir_ops.function_name(op, *overload) == expected
    assert ir_ops.function_name(name, overload if overload else None) == expected   # one sequence works too
    assert ir_ops.overload_suffix(op, *overload) == expected[len(op.function):]
    assert [o.name for o in ir_ops.by_function(expected)] == [name]
    parsed = ir_ops.parse_function_name("@" + expected)
    assert parsed.function == op.function and parsed.operations == (op,)
    assert ir_ops.function_name(op, parsed.overload) == expected
    assert ir_ops.overload_of(op, expected) == parsed.overload
    result, params = ir_ops.signature(op, parsed.overload)
    assert ir_ops.overload_from_types(op, result, params) == parsed.overload or op.dims == ()


@pytest.mark.parametrize("name, overload, declaration", [
    ("LinAlgFillMatrix", ("%dx.types.LinAlgMatrixC8M16N16U0S1", "float"),
     "declare %dx.types.LinAlgMatrixC8M16N16U0S1 @dx.op.linAlgFillMatrix.mC8M16N16U0S1.f32(i32, float)"),
    ("LinAlgMatrixGetCoordinate", (M,),
     f"declare <2 x i32> @dx.op.linAlgMatrixGetCoordinate.mC4M5N4U1S2(i32, {M}, i32)"),
    ("LinAlgCopyConvertMatrix", (M, "%dx.types.LinAlgMatrixC2M5N4U1S2"),
     f"declare {M} @dx.op.linAlgCopyConvertMatrix.mC4M5N4U1S2.mC2M5N4U1S2"
     "(i32, %dx.types.LinAlgMatrixC2M5N4U1S2, i1)"),
    ("LinAlgMatrixLoadFromDescriptor", (M,),
     f"declare {M} @dx.op.linAlgMatrixLoadFromDescriptor.mC4M5N4U1S2(i32, %dx.types.Handle, i32, i32, i32, i32)"),
    ("LinAlgMatrixStoreToDescriptor", (M,),
     f"declare void @dx.op.linAlgMatrixStoreToDescriptor.mC4M5N4U1S2(i32, {M}, %dx.types.Handle, i32, i32, i32, "
     "i32)"),
    ("LinAlgMatrixAccumulateToMemory", (M, "<2 x float>"),
     f"declare void @dx.op.linAlgMatrixAccumulateToMemory.mC4M5N4U1S2.v2f32(i32, {M}, <2 x float> addrspace(3)*, "
     "i32, i32, i32, i32)"),
    ("LinAlgMatVecMul", ("<4 x float>", "%dx.types.LinAlgMatrixC9M4N4U0S0", "<4 x float>"),
     "declare <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N4U0S0.v4f32"
     "(i32, %dx.types.LinAlgMatrixC9M4N4U0S0, i1, <4 x float>, i32)"),
    ("LinAlgMatrixQueryAccumulatorLayout", (), "declare i32 @dx.op.linAlgMatrixQueryAccumulatorLayout(i32)"),
    ("LinAlgVectorAccumulateToDescriptor", ("<4 x float>",),
     "declare void @dx.op.linAlgVectorAccumulateToDescriptor.v4f32(i32, %dx.types.Handle, i32, i32, <4 x float>)"),
])
def test_linalg_declarations(name: str, overload: tuple, declaration: str) -> None:
    assert ir_ops.declaration(name, *overload) == declaration


@pytest.mark.parametrize("name, overload, message", [
    ("LinAlgMatrixLoadFromMemory", (M, "<4 x i8>"), "does not take groupshared vector '<4 x i8>'"),
    ("LinAlgMatrixLoadFromMemory", (M, "i8"), "does not take groupshared element type 'i8'"),
    ("LinAlgMatrixLoadFromMemory", (M, "float addrspace(1)*"), "groupshared pointer"),
    ("LinAlgFillMatrix", (M, "i1"), "does not take scalar 'i1'"),
    ("LinAlgFillMatrix", ("%dx.types.Handle", "float"), "LinAlg matrix type"),
    ("LinAlgFillMatrix", (M,), "takes 2 overload type"),
    ("LinAlgFillMatrix", (), "one type per dimension"),
    ("LinAlgConvert", ("float", "<4 x float>"), "vector overload"),
    ("LinAlgMatrixQueryAccumulatorLayout", ("float",), "takes no overload"),
])
def test_bad_linalg_overloads(name: str, overload: tuple, message: str) -> None:
    with pytest.raises(OverloadError, match=message.replace("(", r"\(").replace("*", r"\*")):
        ir_ops.function_name(name, *overload)


def test_reading_names_that_are_no_overload() -> None:
    with pytest.raises(OverloadError, match="<4 x i8>"):
        ir_ops.parse_function_name("dx.op.linAlgMatrixStoreToMemory.mC9M4N4U1S1.v4i8")
    with pytest.raises(OverloadError, match="needs 2 overload suffix part"):
        ir_ops.overload_of("LinAlgFillMatrix", "dx.op.linAlgFillMatrix.mC9M4N4U1S1")
    with pytest.raises(OverloadError, match="not a LinAlg matrix overload"):
        ir_ops.overload_of("LinAlgFillMatrix", "dx.op.linAlgFillMatrix.f32.f32")
    with pytest.raises(OverloadError, match="is not a function of"):
        ir_ops.overload_of("LinAlgFillMatrix", "dx.op.linAlgMatrixLength.mC9M4N4U1S1")
    with pytest.raises(KeyError, match="dx.op.linAlgNoSuchOp"):
        ir_ops.parse_function_name("dx.op.linAlgNoSuchOp.f32")
    assert ir_ops.by_function("dx.op.linAlgFillMatrix.mC9M4N4U1S1.notAType") == []
    # Operations sharing a function: those whose overloads fit.
    parsed = ir_ops.parse_function_name("dx.op.unary.i32")
    assert [o.name for o in parsed.operations] == ["Bfrev"] and parsed.overload == "i32"


def test_overload_from_types() -> None:
    op = ir_ops.operation("LinAlgMatrixAccumulateToMemory")
    params = ["i32", M, "<4 x float> addrspace(3)*", "i32", "i32", "i32", "i32"]
    assert ir_ops.overload_from_types(op, "void", params) == (M, "<4 x float>")
    with pytest.raises(OverloadError, match="groupshared pointer"):
        ir_ops.overload_from_types(op, "void", ["i32", M, "<4 x float>*", "i32", "i32", "i32", "i32"])
    with pytest.raises(OverloadError, match="takes 7 operands"):
        ir_ops.overload_from_types(op, "void", params[:2])      # no memory operand to read the element from
    # Another arity where the sources are: the overload, whose signature then differs.
    assert ir_ops.overload_from_types(op, "void", params[:-1]) == (M, "<4 x float>")
    # The other rules read their placeholders the same way.
    assert ir_ops.overload_from_types("RawBufferLoad", "%dx.types.ResRet.f32",
                                      ["i32", "%dx.types.Handle", "i32", "i32", "i8", "i32"]) == "f32"
    assert ir_ops.overload_from_types("CBufferLoadLegacy", "%dx.types.CBufRet.f16.8",
                                      ["i32", "%dx.types.Handle", "i32"]) == "f16"
    assert ir_ops.overload_from_types("MatVecMul", "<4 x float>", ["i32", "<8 x half>", "%dx.types.MatrixRef*"]) \
        == ("<4 x float>", "<8 x half>")
    assert ir_ops.overload_from_types("Barrier", "void", ["i32", "i32"]) is None


# ---- checks on load ---------------------------------------------------------------------

def _entry(doc: dict, name: str) -> dict:
    return next(e for e in doc["operations"] if e["name"] == name)


def _break(mutate) -> str:
    doc = json.loads(TABLE_PATH.read_text())
    mutate(doc)
    with pytest.raises(TableError) as info:
        ir_ops.parse_table(doc)
    return str(info.value)


def test_dims_entries_are_checked() -> None:
    def no_dims(doc):
        del _entry(doc, "LinAlgFillMatrix")["dims"]
    assert "LinAlgFillMatrix" in _break(no_dims) and "dims" in _break(no_dims)

    def dims_on_another_rule(doc):
        _entry(doc, "FillMatrix")["dims"] = [{"source": "result", "kind": "matrix"}]
    assert "FillMatrix" in _break(dims_on_another_rule)

    def unknown_source(doc):
        _entry(doc, "LinAlgFillMatrix")["dims"][1]["source"] = "val"
    assert "source 'val'" in _break(unknown_source)

    def wrong_placeholder(doc):
        _entry(doc, "LinAlgMatrixGetElement")["result"] = "$o1"
    assert "LinAlgMatrixGetElement" in _break(wrong_placeholder)

    def element_not_a_pointer(doc):
        _entry(doc, "LinAlgMatrixLoadFromMemory")["params"][0]["type"] = "$o1"
    assert "addrspace(3)" in _break(element_not_a_pointer)

    def bad_kind(doc):
        _entry(doc, "LinAlgConvert")["dims"][0]["kind"] = "tensor"
    assert "kind" in _break(bad_kind)

    def types_on_a_matrix(doc):
        _entry(doc, "LinAlgMatrixLength")["dims"][0]["types"] = ["f32"]
    assert "lists no types" in _break(types_on_a_matrix)

    def too_many(doc):
        _entry(doc, "LinAlgMatrixMultiplyAccumulate")["dims"].append({"source": "result", "kind": "matrix"})
    assert "1 to 4" in _break(too_many)


def test_experimental_opcodes_are_checked() -> None:
    def hlslc_experimental(doc):
        _entry(doc, "FillMatrix")["opcode"] = -2147483600
    assert "FillMatrix" in _break(hlslc_experimental)

    def outside(doc):
        _entry(doc, "LinAlgFillMatrix")["opcode"] = -2147483000
    assert "experimental" in _break(outside)

    def not_i32(doc):
        _entry(doc, "LinAlgFillMatrix")["opcode"] = 2**31 + 12
    assert "i32" in _break(not_i32)

    def duplicate(doc):
        _entry(doc, "LinAlgFillMatrix")["opcode"] = _entry(doc, "LinAlgConvert")["opcode"]
    assert "LinAlgConvert" in _break(duplicate)

    def bad_range(doc):
        doc["dxc_experimental_opcodes"] = [0, 34]
    assert "dxc_experimental_opcodes" in _break(bad_range)

    def matrix_prefix(doc):
        doc["matrix_types"]["prefix"] = "dx.types.Matrix"
    assert "matrix_types" in _break(matrix_prefix)
