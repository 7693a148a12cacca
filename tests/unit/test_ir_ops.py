"""The DXIL operation table (`ir/dxil_ops.json` through `hlslc.dxil.ops`):
loading, lookups, suffix rules, signatures, the checks on load, the docs
table and the wheel's package data."""

from __future__ import annotations

import copy
import re
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from hlslc.dxil import ops as ir_ops
from hlslc import paths as resources
from hlslc.dxil.ops import OverloadError, TableError

REPO = Path(__file__).resolve().parents[2]
TABLE_PATH = REPO / "ir" / "dxil_ops.json"


def _document() -> dict:
    return json.loads(TABLE_PATH.read_text())


def _op_entry(doc: dict, name: str) -> dict:
    return next(e for e in doc["operations"] if e["name"] == name)


# ---- loading and lookups --------------------------------------------------------

DXC_OPCODES = {
    "FAbs": 6, "Saturate": 7, "IsNaN": 8, "IsInf": 9, "Cos": 12, "Sin": 13, "Tan": 14, "Acos": 15,
    "Asin": 16, "Atan": 17, "Exp": 21, "Frc": 22, "Log": 23, "Sqrt": 24, "Rsqrt": 25, "Round_ne": 26,
    "Round_ni": 27, "Round_pi": 28, "Round_z": 29, "Bfrev": 30, "Countbits": 31, "FirstbitLo": 32,
    "FirstbitHi": 33, "FirstbitSHi": 34, "FMax": 35, "FMin": 36, "IMax": 37, "IMin": 38, "UMax": 39,
    "UMin": 40, "FMad": 46, "Fma": 47, "IMad": 48, "UMad": 49, "Dot2": 54, "Dot3": 55, "Dot4": 56,
    "Barrier": 80, "ThreadId": 93, "GroupId": 94, "ThreadIdInGroup": 95, "FlattenedThreadIdInGroup": 96,
    "WaveIsFirstLane": 110, "WaveGetLaneIndex": 111, "WaveGetLaneCount": 112, "WaveAnyTrue": 113,
    "WaveAllTrue": 114, "WaveActiveBallot": 116, "WaveReadLaneAt": 117, "WaveReadLaneFirst": 118,
    "WaveActiveOp": 119, "WaveActiveBit": 120, "WavePrefixOp": 121, "LegacyF32ToF16": 130,
    "LegacyF16ToF32": 131, "RawBufferLoad": 139, "RawBufferStore": 140, "AnnotateHandle": 216,
    "CreateHandleFromBinding": 217,
    "WaveMatrix_Annotate": 226, "WaveMatrix_Depth": 227, "WaveMatrix_Fill": 228, "WaveMatrix_LoadRawBuf": 229,
    "WaveMatrix_LoadGroupShared": 230, "WaveMatrix_StoreRawBuf": 231, "WaveMatrix_StoreGroupShared": 232,
    "WaveMatrix_Multiply": 233, "WaveMatrix_MultiplyAccumulate": 234, "WaveMatrix_ScalarOp": 235,
    "WaveMatrix_SumAccumulate": 236, "WaveMatrix_Add": 237,
}

# Every DXIL operation of proposal 0035's SM 6.10 revision, by function.
LINALG_FUNCTIONS = {
    "dx.op.createMatrix", "dx.op.fillMatrix", "dx.op.castMatrix", "dx.op.matrixLoadFromDescriptor",
    "dx.op.matrixLoadFromMemory", "dx.op.matrixStoreToDescriptor", "dx.op.matrixStoreToMemory",
    "dx.op.matrixAccumulateToDescriptor", "dx.op.matrixAccumulateToMemory", "dx.op.matrixElementwiseBinaryOp",
    "dx.op.matrixElementwiseUnaryOp", "dx.op.matrixLoadFromThreads", "dx.op.matrixExtractToThreads",
    "dx.op.matrixOp", "dx.op.matvecmul", "dx.op.matvecmuladd", "dx.op.matrixOuterProduct",
    "dx.op.matrixQueryAccumulatorLayout",
    # hlslc's own: the draft revision's OuterProductAccumulate adds into a matrix.
    "dx.op.matrixAccumulate",
}


def test_table_loads_from_the_ir_dir() -> None:
    assert Path(resources.ir_dir(), ir_ops.TABLE_FILE).resolve() == TABLE_PATH.resolve()
    assert ir_ops.table() is ir_ops.table()  # loaded once
    ops = ir_ops.operations()
    # By DXC's unsigned opcode: the core table, hlslc's block, then DXC's experimental table.
    assert list(ops) == [op.name for op in sorted(ops.values(), key=lambda o: o.encoded)]


def test_dxc_opcodes_are_dxcs() -> None:
    for name, opcode in DXC_OPCODES.items():
        op = ir_ops.operation(name)
        assert (op.opcode, op.source) == (opcode, "dxc"), name


def test_every_linalg_operation_is_in_the_table() -> None:
    ours = {op.function for op in ir_ops.operations().values() if op.source == "hlslc"}
    assert ours == LINALG_FUNCTIONS
    for op in ir_ops.operations().values():
        if op.source == "hlslc":
            assert op.min_shader_model == (6, 10), op.name


def test_lookups() -> None:
    assert ir_ops.by_opcode(93).name == "ThreadId"
    assert ir_ops.by_opcode(ir_ops.operation("FillMatrix").opcode).function == "dx.op.fillMatrix"
    assert [op.name for op in ir_ops.by_function("dx.op.threadId")] == ["ThreadId"]
    assert [op.name for op in ir_ops.by_function("dx.op.threadId.i32")] == ["ThreadId"]
    assert [op.name for op in ir_ops.by_function("dx.op.matvecmul.v4f32.v8f16")] == ["MatVecMul"]
    assert [op.name for op in ir_ops.by_function("dx.op.matrixLoadFromMemory.p3f32")] == ["MatrixLoadFromMemory"]
    assert ir_ops.by_function("dx.op.noSuchOp") == []
    assert ir_ops.by_function("dx.op.unary.notAType") == []
    assert ir_ops.by_function("dx.op") == []
    with pytest.raises(KeyError, match="opcode 9999"):
        ir_ops.by_opcode(9999)
    with pytest.raises(KeyError, match="NoSuchOp"):
        ir_ops.operation("NoSuchOp")


def test_shared_function_names() -> None:
    def names(fn: str) -> list[tuple[str, int]]:
        return [(op.name, op.opcode) for op in ir_ops.by_function(fn)]

    assert names("dx.op.waveMatrix_Multiply") == [("WaveMatrix_Multiply", 233),
                                                  ("WaveMatrix_MultiplyAccumulate", 234)]
    assert names("dx.op.waveMatrix_Accumulate") == [("WaveMatrix_SumAccumulate", 236), ("WaveMatrix_Add", 237)]
    matrix_op = ir_ops.by_function("dx.op.matrixOp")
    kinds = ir_ops.enum("MatrixOpKind")
    assert [op.kind for op in matrix_op] == [("MatrixOpKind", k) for k in
                                             ("Multiply", "MultiplyAccumulate", "SumAccumulate")]
    base = matrix_op[0].opcode
    assert all(op.opcode == base + kinds[op.kind[1]] for op in matrix_op)
    # The ops of one function share one declaration.
    assert len({ir_ops.declaration(op) for op in matrix_op}) == 1
    documented = set(ir_ops.table().shared_functions)
    sharing = {fn for fn, group in ir_ops.table().by_function.items() if len(group) > 1}
    assert documented == sharing


def test_enums() -> None:
    assert ir_ops.enum("MatrixComponentType") == {
        "Invalid": 0, "I1": 1, "I16": 2, "U16": 3, "I32": 4, "U32": 5, "I64": 6, "U64": 7, "F16": 8, "F32": 9,
        "F64": 10, "SNormF16": 11, "UNormF16": 12, "SNormF32": 13, "UNormF32": 14, "SNormF64": 15,
        "UNormF64": 16, "PackedS8x32": 17, "PackedU8x32": 18}
    assert ir_ops.enum("MatrixUse") == {"A": 0, "B": 1, "Accumulator": 2}
    assert ir_ops.enum("MatrixScope") == {"Thread": 0, "Wave": 1, "ThreadGroup": 2}
    assert ir_ops.enum("MatrixLayout") == {"RowMajor": 0, "ColMajor": 1, "MulOptimal": 2, "OuterProductOptimal": 3}
    assert ir_ops.enum("MatrixUnaryOperation") == {"nop": 0, "negate": 1, "abs": 2, "sin": 3, "cos": 4, "tan": 5}
    assert ir_ops.enum("MatrixElementwiseOperation") == {"invalid": 0, "add": 1, "sub": 2, "mul": 3, "div": 4}
    assert ir_ops.enum("BarrierMode") == {"SyncThreadGroup": 1, "UAVFenceGlobal": 2, "UAVFenceThreadGroup": 4,
                                          "TGSMFence": 8}
    assert ir_ops.enum("ResourceClass")["SRV"] == 0 and ir_ops.enum("ResourceClass")["UAV"] == 1
    assert ir_ops.enum("WaveMatrixKind") == {"Left": 0, "Right": 1, "LeftColAcc": 2, "RightRowAcc": 3,
                                             "Accumulator": 4}
    assert ir_ops.enum("WaveMatrixComponentType") == {"F16": 8, "F32": 9, "I32": 4, "PackedS8x32": 17,
                                                      "PackedU8x32": 18}
    assert ir_ops.enum("WaveMatrixScalarOp") == {"Add": 0, "Subtract": 1, "Multiply": 2, "Divide": 3}
    assert ir_ops.resource_properties("ByteAddressBuffer") == (11, 0)
    assert ir_ops.resource_properties("RWByteAddressBuffer") == (4107, 0)
    # A copy: callers cannot change the table.
    ir_ops.enum("MatrixUse")["A"] = 7
    assert ir_ops.enum("MatrixUse")["A"] == 0
    with pytest.raises(KeyError, match="NoSuchEnum"):
        ir_ops.enum("NoSuchEnum")


def test_struct_types() -> None:
    types = ir_ops.struct_types()
    assert types["dx.types.Handle"] == ["i8*"]
    assert types["dx.types.ResBind"] == ["i32", "i32", "i32", "i8"]
    assert types["dx.types.ResourceProperties"] == ["i32", "i32"]
    assert types["dx.types.ResRet.f32"] == ["float", "float", "float", "float", "i32"]
    assert types["dx.types.MatrixRef"] == ["i8*"]
    assert types["dx.types.waveMatrix"] == ["i8*"]
    assert types["dx.types.waveMatProps"] == ["i8", "i8", "i32", "i32"]


# ---- suffix rules, names and signatures -----------------------------------------------

@pytest.mark.parametrize("name, overload, expected", [
    ("FillMatrix", "float", "dx.op.fillMatrix.f32"),
    ("FillMatrix", "f32", "dx.op.fillMatrix.f32"),
    ("MatrixElementwiseBinaryOp", "i32", "dx.op.matrixElementwiseBinaryOp.i32"),
    ("MatrixLoadFromThreads", "<16 x half>", "dx.op.matrixLoadFromThreads.v16f16"),
    ("MatrixExtractToThreads", "<4 x i32>", "dx.op.matrixExtractToThreads.v4i32"),
    ("MatrixLoadFromMemory", "float", "dx.op.matrixLoadFromMemory.p3f32"),
    ("MatrixLoadFromMemory", "float addrspace(3)*", "dx.op.matrixLoadFromMemory.p3f32"),
    ("MatrixStoreToMemory", "half", "dx.op.matrixStoreToMemory.p3f16"),
    ("MatrixAccumulateToMemory", "i32", "dx.op.matrixAccumulateToMemory.p3i32"),
    ("MatrixQueryAccumulatorLayout", None, "dx.op.matrixQueryAccumulatorLayout"),
    ("MatrixMultiply", None, "dx.op.matrixOp"),
    ("MatVecMul", ("<4 x float>", "<8 x half>"), "dx.op.matvecmul.v4f32.v8f16"),
    ("MatrixOuterProduct", ("<4 x half>", "<8 x half>"), "dx.op.matrixOuterProduct.v4f16.v8f16"),
    ("WaveMatrix_Fill", "f16", "dx.op.waveMatrix_Fill.f16"),
    ("WaveMatrix_Fill", "half", "dx.op.waveMatrix_Fill.f16"),
    ("WaveMatrix_LoadGroupShared", "float", "dx.op.waveMatrix_LoadGroupShared.f32"),
    ("WaveMatrix_MultiplyAccumulate", None, "dx.op.waveMatrix_Multiply"),
    ("WaveMatrix_Add", None, "dx.op.waveMatrix_Accumulate"),
    ("ThreadId", "i32", "dx.op.threadId.i32"),
    ("FlattenedThreadIdInGroup", "i32", "dx.op.flattenedThreadIdInGroup.i32"),
    ("Barrier", None, "dx.op.barrier"),
    ("WaveGetLaneIndex", None, "dx.op.waveGetLaneIndex"),
    ("WaveReadLaneFirst", "float", "dx.op.waveReadLaneFirst.f32"),
    ("RawBufferLoad", "f32", "dx.op.rawBufferLoad.f32"),
    ("AnnotateHandle", None, "dx.op.annotateHandle"),
    ("Sqrt", "float", "dx.op.unary.f32"),
])
def test_function_names(name: str, overload, expected: str) -> None:
    assert ir_ops.function_name(name, overload) == expected
    assert ir_ops.function_name(ir_ops.operation(name), overload) == expected
    assert ir_ops.overload_suffix(name, overload) == expected[len(ir_ops.operation(name).function):]


@pytest.mark.parametrize("name, overload, declaration", [
    # From dxil-facts.md.
    ("ThreadId", "i32", "declare i32 @dx.op.threadId.i32(i32, i32)"),
    ("FlattenedThreadIdInGroup", "i32", "declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32)"),
    ("Barrier", None, "declare void @dx.op.barrier(i32, i32)"),
    ("WaveReadLaneFirst", "half", "declare half @dx.op.waveReadLaneFirst.f16(i32, half)"),
    ("RawBufferLoad", "float", "declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32"
                               "(i32, %dx.types.Handle, i32, i32, i8, i32)"),
    ("RawBufferStore", "i32", "declare void @dx.op.rawBufferStore.i32"
                              "(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32)"),
    ("AnnotateHandle", None, "declare %dx.types.Handle @dx.op.annotateHandle"
                             "(i32, %dx.types.Handle, %dx.types.ResourceProperties)"),
    ("CreateHandleFromBinding", None, "declare %dx.types.Handle @dx.op.createHandleFromBinding"
                                      "(i32, %dx.types.ResBind, i32, i1)"),
    ("WaveMatrix_Annotate", None, "declare void @dx.op.waveMatrix_Annotate"
                                  "(i32, %dx.types.waveMatrix*, %dx.types.waveMatProps)"),
    ("WaveMatrix_LoadRawBuf", None, "declare void @dx.op.waveMatrix_LoadRawBuf"
                                    "(i32, %dx.types.waveMatrix*, %dx.types.Handle, i32, i32, i8, i1)"),
    ("WaveMatrix_StoreGroupShared", "i32", "declare void @dx.op.waveMatrix_StoreGroupShared.i32"
                                           "(i32, %dx.types.waveMatrix*, i32 addrspace(3)*, i32, i32, i1)"),
    ("WaveMatrix_ScalarOp", "f32", "declare void @dx.op.waveMatrix_ScalarOp.f32"
                                   "(i32, %dx.types.waveMatrix*, i8, float)"),
    # Proposal 0035, with errata 9, 10 and 11.
    ("CreateMatrix", None, "declare %dx.types.MatrixRef* @dx.op.createMatrix(i32, i32, i32, i32, i32, i32)"),
    ("FillMatrix", "float", "declare void @dx.op.fillMatrix.f32(i32, %dx.types.MatrixRef*, float)"),
    ("MatrixLoadFromMemory", "float", "declare void @dx.op.matrixLoadFromMemory.p3f32"
                                      "(i32, %dx.types.MatrixRef*, float addrspace(3)*, i32, i32, i32)"),
    ("MatrixLoadFromDescriptor", None, "declare void @dx.op.matrixLoadFromDescriptor"
                                       "(i32, %dx.types.MatrixRef*, %dx.types.Handle, i32, i32, i32)"),
    ("MatrixExtractToThreads", "<8 x half>", "declare <8 x half> @dx.op.matrixExtractToThreads.v8f16"
                                             "(i32, %dx.types.MatrixRef*, i32)"),
    ("MatrixQueryAccumulatorLayout", None, "declare i32 @dx.op.matrixQueryAccumulatorLayout(i32)"),
    ("MatrixSumAccumulate", None, "declare void @dx.op.matrixOp"
                                  "(i32, %dx.types.MatrixRef*, %dx.types.MatrixRef*, %dx.types.MatrixRef*)"),
    ("MatVecMulAdd", ("<4 x float>", "<8 x i32>"), "declare <4 x float> @dx.op.matvecmuladd.v4f32.v8i32"
                                                   "(i32, <8 x i32>, %dx.types.MatrixRef*, <4 x float>)"),
    ("MatrixOuterProduct", ("<4 x f32>", "<2 x f32>"),
     "declare %dx.types.MatrixRef* @dx.op.matrixOuterProduct.v4f32.v2f32"
     "(i32, i32, i32, i32, i32, <4 x float>, <2 x float>)"),
])
def test_signatures(name: str, overload, declaration: str) -> None:
    assert ir_ops.declaration(name, overload) == declaration
    result, params = ir_ops.signature(name, overload)
    assert params[0] == "i32" and len(params) == len(ir_ops.operation(name).params) + 1


@pytest.mark.parametrize("name, overload, message", [
    ("FillMatrix", "i1", "does not take scalar 'i1'"),
    ("FillMatrix", "<4 x float>", "does not take scalar"),
    ("FillMatrix", None, "needs an overload"),
    ("WaveMatrix_Fill", "f64", "f16, f32, i32"),
    ("MatrixQueryAccumulatorLayout", "float", "takes no overload"),
    ("MatrixLoadFromThreads", "float", "takes a vector overload"),
    ("MatrixLoadFromThreads", "<0 x float>", "takes a vector overload"),
    ("MatrixLoadFromMemory", "float addrspace(4)*", "groupshared pointer"),
    ("MatrixLoadFromMemory", "float*", "groupshared pointer"),
    ("MatVecMul", "<4 x float>", "two vector overloads"),
    ("MatVecMul", ("<4 x float>", "<4 x i1>"), "does not take vector"),
    ("ThreadId", "i16", "does not take scalar"),
])
def test_bad_overloads(name: str, overload, message: str) -> None:
    with pytest.raises(OverloadError, match=message.replace("(", r"\(")):
        ir_ops.function_name(name, overload)


def _sample_overloads(op: ir_ops.Operation) -> list:
    """One overload argument per allowed overload type."""
    types = [ir_ops.LLVM_SCALARS[t] for t in op.overload or ()]
    if op.suffix == ir_ops.SUFFIX_NONE:
        return [None]
    if op.suffix == ir_ops.SUFFIX_VECTOR:
        return [f"<4 x {t}>" for t in types]
    if op.suffix == ir_ops.SUFFIX_VECTOR2:
        return [(f"<4 x {t}>", f"<8 x {types[0]}>") for t in types]
    if op.suffix == ir_ops.SUFFIX_DIMS:
        return _dims_overloads(op)
    return types


def _dims_overloads(op: ir_ops.Operation) -> list:
    """For a dims operation: every allowed type in each dimension once (the
    others at their first), matrices of a few shapes."""
    def choices(dim: ir_ops.Dim) -> list:
        if dim.kind == ir_ops.DIM_MATRIX:
            return [ir_ops.matrix_type("F16", 16, 16, "A", "Wave"), ir_ops.matrix_type("I32", 4, 5, "B", "ThreadGroup")]
        if dim.kind == ir_ops.DIM_STRUCT:
            return ["%dx.types.Handle", "%struct.Payload"]
        scalars = [ir_ops.LLVM_SCALARS[t] for t in dim.types]
        if dim.kind == ir_ops.DIM_SCALAR:
            return scalars
        if dim.kind == ir_ops.DIM_VECTOR:
            return [f"<4 x {t}>" for t in scalars]
        return scalars + [f"<2 x {t}>" for t in scalars]
    per_dim = [choices(d) for d in op.dims]
    first = [c[0] for c in per_dim]
    found = [tuple(first)]
    for i, options in enumerate(per_dim):
        for option in options[1:]:
            found.append(tuple(first[:i] + [option] + first[i + 1:]))
    return found


def test_every_declaration_is_valid_llvm() -> None:
    """Declare every operation at every overload, with the struct types and
    attributes, and let LLVM parse and verify the module."""
    import llvmlite.binding as llvm

    lines = [f"%{name} = type {{ {', '.join(body)} }}" for name, body in ir_ops.struct_types().items()]
    lines += [ir_ops.matrix_type("F16", 16, 16, "A", "Wave").definition(),
              ir_ops.matrix_type("I32", 4, 5, "B", "ThreadGroup").definition(), "%struct.Payload = type { i32 }"]
    groups: dict[tuple[str, ...], int] = {}
    declared: dict[str, str] = {}
    for op in ir_ops.operations().values():
        group = groups.setdefault(("nounwind",) + op.attributes, len(groups))
        for overload in _sample_overloads(op):
            text = ir_ops.declaration(op, overload) + f" #{group}"
            name = ir_ops.function_name(op, overload)
            # Operations that share a function share its declaration, exactly.
            assert declared.setdefault(name, text) == text, name
    lines += declared.values()
    # RawBufferVectorLoad's result is the struct of its whole vector
    # overload (`%dx.types.ResRet.v8i16 = type { <8 x i16>, i32 }`, DXC's).
    vector_results = sorted(set(re.findall(r"%dx\.types\.ResRet\.v(\d+)(f16|f32|f64|i16|i32|i64)\b",
                                           "\n".join(declared.values()))))
    lines += [f"%dx.types.ResRet.v{n}{t} = type {{ <{n} x {ir_ops.LLVM_SCALARS[t]}>, i32 }}"
              for n, t in vector_results]
    lines += [f"attributes #{n} = {{ {' '.join(attrs)} }}" for attrs, n in groups.items()]
    module = llvm.parse_assembly("\n".join(lines) + "\n", llvm.create_context())
    module.verify()
    assert len(list(module.functions)) == len(declared)


def test_param_metadata() -> None:
    create = ir_ops.operation("CreateMatrix")
    assert [(p.name, p.const, p.enum) for p in create.params] == [
        ("component", True, "MatrixComponentType"), ("m", True, None), ("n", True, None),
        ("use", True, "MatrixUse"), ("scope", True, "MatrixScope")]
    binary = ir_ops.operation("MatrixElementwiseBinaryOp")
    assert binary.params[0].enum == "MatrixElementwiseOperation" and binary.params[0].const
    load = ir_ops.operation("MatrixLoadFromDescriptor")
    assert [(p.name, p.const) for p in load.params][-1] == ("layout", False)
    assert ir_ops.operation("Barrier").attributes == ("noduplicate",)
    assert ir_ops.operation("WaveGetLaneIndex").attributes == ("readonly",)
    assert ir_ops.operation("WaveGetLaneCount").attributes == ("readnone",)
    assert ir_ops.operation("WaveMatrix_Fill").stages == ("compute", "library")
    assert ir_ops.operation("WaveMatrix_Fill").allowed_in("compute")
    assert not ir_ops.operation("WaveMatrix_Fill").allowed_in("pixel")
    assert ir_ops.operation("CreateMatrix").allowed_in("pixel")


# ---- opcodes --------------------------------------------------------------------------

def test_opcodes_unique_and_our_block_clear_of_dxc() -> None:
    t = ir_ops.table()
    ops = list(t.operations.values())
    assert len({op.opcode for op in ops}) == len(ops)
    assert t.dxc_core_opcodes == (0, 311)
    low, high = t.hlslc_opcode_block
    assert low > 311
    first, last = t.dxc_experimental_opcodes
    assert (first % 2**32, last % 2**32) == (0x80000000, 0x80000022)
    for op in ops:
        if op.source == "hlslc":
            assert low <= op.opcode <= high and op.opcode > 311, op.name
        elif op.experimental:
            assert first <= op.opcode <= last and op.name.startswith("LinAlg"), op.name
        else:
            assert 0 <= op.opcode <= 311, op.name
    assert "400" in t.document["opcode_note"]


# ---- checks on load ---------------------------------------------------------------------

def _break(mutate) -> str:
    doc = _document()
    mutate(doc)
    with pytest.raises(TableError) as info:
        ir_ops.parse_table(doc)
    return str(info.value)


def test_the_packaged_table_passes_its_checks() -> None:
    ir_ops.parse_table(_document())


def test_load_errors_name_the_entry() -> None:
    def duplicate_opcode(doc):
        _op_entry(doc, "CastMatrix")["opcode"] = 400
    assert "CastMatrix" in _break(duplicate_opcode) and "CreateMatrix" in _break(duplicate_opcode)

    def unknown_type(doc):
        _op_entry(doc, "FillMatrix")["params"][0]["type"] = "%dx.types.Nope*"
    assert "FillMatrix" in _break(unknown_type) and "dx.types.Nope" in _break(unknown_type)

    def float_const(doc):
        _op_entry(doc, "FillMatrix")["params"][1].update(type="float", const=True)
    assert "FillMatrix param value" in _break(float_const)

    def unknown_enum(doc):
        _op_entry(doc, "CreateMatrix")["params"][3]["enum"] = "MatrixUsage"
    assert "CreateMatrix param use" in _break(unknown_enum)

    def undocumented_sharing(doc):
        _op_entry(doc, "CastMatrix")["function"] = "dx.op.createMatrix"
    assert "CastMatrix" in _break(undocumented_sharing)

    def different_shared_signature(doc):
        _op_entry(doc, "MatrixSumAccumulate")["params"].pop()
    assert "MatrixSumAccumulate" in _break(different_shared_signature)

    def ours_in_dxc_range(doc):
        _op_entry(doc, "FillMatrix")["opcode"] = 250
    assert "FillMatrix" in _break(ours_in_dxc_range) and "hlslc's opcode block" in _break(ours_in_dxc_range)

    def dxc_in_our_block(doc):
        _op_entry(doc, "ThreadId")["opcode"] = 450
    assert "ThreadId" in _break(dxc_in_our_block)

    def placeholder_without_overload(doc):
        _op_entry(doc, "CastMatrix")["params"][0]["type"] = "$o"
    assert "CastMatrix" in _break(placeholder_without_overload)

    def unknown_rule(doc):
        _op_entry(doc, "FillMatrix")["suffix"] = "scalarish"
    assert "FillMatrix" in _break(unknown_rule)

    def missing_resret(doc):
        _op_entry(doc, "RawBufferLoad")["overload"].append("i8")
    assert "RawBufferLoad" in _break(missing_resret) and "ResRet.i8" in _break(missing_resret)

    def bad_kind(doc):
        _op_entry(doc, "MatrixSumAccumulate")["opcode"] = 421
    assert "dx.op.matrixOp" in _break(bad_kind)

    def missing_field(doc):
        del _op_entry(doc, "MatVecMul")["result"]
    assert "MatVecMul" in _break(missing_field) and "result" in _break(missing_field)

    def block_overlap(doc):
        doc["hlslc_opcode_block"] = [300, 499]
    assert "overlaps" in _break(block_overlap)


def test_load_table_reports_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "dxil_ops.json"
    bad.write_text("{ not json")
    with pytest.raises(TableError, match="dxil_ops.json"):
        ir_ops.load_table(str(bad))
    doc = copy.deepcopy(_document())
    doc["format"] = 2
    bad.write_text(json.dumps(doc))
    with pytest.raises(TableError, match="format"):
        ir_ops.load_table(str(bad))


# ---- docs, module entry point, packaging --------------------------------------------------

def test_docs_table_matches() -> None:
    text = (REPO / "docs" / "operations.md").read_text()
    begin, end = "<!-- BEGIN OPERATIONS TABLE", "<!-- END OPERATIONS TABLE -->"
    start = text.index("\n", text.index(begin)) + 1
    assert text[start:text.index(end)] == ir_ops.operations_markdown(), \
        "docs/operations.md is stale: regenerate the table with `python -m hlslc.dxil.ops`"


def test_module_main_prints_the_table_without_llvmlite() -> None:
    code = ("import sys, runpy; runpy.run_module('hlslc.dxil.ops', run_name='__main__'); "
            "assert 'llvmlite' not in sys.modules, 'ir_ops imported llvmlite'")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ir_ops.operations_markdown()


def test_table_is_wheel_package_data() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"]["hlslc._ir"] == "ir"
    assert "hlslc._ir" in config["packages"]
    patterns = config["package-data"]["hlslc._ir"]
    assert any(Path(ir_ops.TABLE_FILE).match(p) for p in patterns), patterns
    assert TABLE_PATH.is_file()
