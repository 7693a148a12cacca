"""The IR validator (`hlslc validate`, `hlslc.validate`): one passing module
(`validate_inputs/base.ll`) and, per rule, an edit of one line that breaks
it, with the exact rule IDs reported and the first message; hlslc's own
output for every sample and codegen test validates cleanly; the command's
exit statuses and output."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

import hlslc
from hlslc import cli
from hlslc.diagnostics import Severity
from hlslc.spec.rules import IR, RULES
from hlslc.validate import validate_text

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
BASE = (HERE / "validate_inputs" / "base.ll").read_text()


@dataclass
class Case:
    name: str
    old: str
    new: str
    ids: list[str]
    message: str      # the first diagnostic's message, before its " (in ...)" location


CASES = [
    Case('opcode-mismatch',
         'matrixOp(i32 413',
         'matrixOp(i32 401',
         ['IR-OPCODE'],
         "opcode 401 is FillMatrix ('dx.op.fillMatrix'), but the call is to '@dx.op.matrixOp' (MatrixMultiply = "
         '412 or MatrixMultiplyAccumulate = 413 or MatrixSumAccumulate = 414)'),
    Case('opcode-nonconst',
         '@dx.op.matrixElementwiseUnaryOp(i32 403',
         '@dx.op.matrixElementwiseUnaryOp(i32 %tid',
         ['IR-OPCODE'],
         "the first operand of a call to '@dx.op.matrixElementwiseUnaryOp' must be a constant i32 opcode"),
    Case('sig-call',
         'fillMatrix.f32(i32 401, %dx.types.MatrixRef* %c, float 0.0)',
         'fillMatrix.f32(i32 401, %dx.types.MatrixRef* %c, double 0.0)',
         ['IR-CALL-TYPES', 'IR-SIGNATURE'],
         "the call passes 'void (i32, %dx.types.MatrixRef*, double)', but @dx.op.fillMatrix.f32 is declared "
         "'void (i32, %dx.types.MatrixRef*, float)' (line 61)"),
    Case('sig-decl',
         'declare void @dx.op.fillMatrix.f32(i32, %dx.types.MatrixRef*, float)',
         'declare void @dx.op.fillMatrix.f32(i32, %dx.types.MatrixRef*, double)',
         ['IR-SIGNATURE', 'IR-CALL-TYPES'],
         "'@dx.op.fillMatrix.f32' is declared as 'void (i32, %dx.types.MatrixRef*, double)', but FillMatrix is "
         "'void (i32, %dx.types.MatrixRef*, float)'"),
    Case('sig-overload',
         'call void @dx.op.matrixLoadFromThreads.v16f16(i32 407, %dx.types.MatrixRef* %a, <16 x half> %v)',
         'call void @dx.op.matrixLoadFromThreads.v16f8(i32 407, %dx.types.MatrixRef* %a, <16 x half> %v)',
         ['IR-UNDEFINED-VALUE', 'IR-SIGNATURE'],
         "the call names @dx.op.matrixLoadFromThreads.v16f8, which the module neither declares nor defines"),
    Case('sig-overload-declared',
         'declare void @dx.op.matrixLoadFromThreads.v16f16(i32, %dx.types.MatrixRef*, <16 x half>)',
         'declare void @dx.op.matrixLoadFromThreads.v16f16(i32, %dx.types.MatrixRef*, <16 x half>)\n'
         'declare void @dx.op.matrixLoadFromThreads.v16f8(i32, %dx.types.MatrixRef*, <16 x half>)',
         ['IR-SIGNATURE'],
         "'@dx.op.matrixLoadFromThreads.v16f8' does not name an overload of MatrixLoadFromThreads: 'v16f8' is "
         'not a vector overload'),
    Case('const',
         'createMatrix(i32 400, i32 8, i32 32, i32 16, i32 1, i32 1)',
         'createMatrix(i32 400, i32 8, i32 %tid, i32 16, i32 1, i32 1)',
         ['IR-CONST-OPERAND'],
         "operand 'm' of CreateMatrix must be a constant, got '%tid'"),
    Case('enum-use',
         'createMatrix(i32 400, i32 8, i32 32, i32 16, i32 1, i32 1)',
         'createMatrix(i32 400, i32 8, i32 32, i32 16, i32 3, i32 1)',
         ['LINALG-ENUM-VALUE'],
         "operand 'use' of CreateMatrix is 3, which is not a valid MatrixUse value (A = 0, B = 1, Accumulator = 2)"),
    Case('enum-scope',
         'createMatrix(i32 400, i32 8, i32 16, i32 16, i32 2, i32 1)',
         'createMatrix(i32 400, i32 8, i32 16, i32 16, i32 2, i32 3)',
         ['LINALG-ENUM-VALUE'],
         "operand 'scope' of CreateMatrix is 3, which is not a valid MatrixScope value (Thread = 0, Wave = 1, "
         'ThreadGroup = 2)'),
    Case('enum-comp',
         'createMatrix(i32 400, i32 8, i32 16, i32 16, i32 2, i32 1)',
         'createMatrix(i32 400, i32 19, i32 16, i32 16, i32 2, i32 1)',
         ['LINALG-ENUM-VALUE'],
         "operand 'component' of CreateMatrix is 19, which is not a valid MatrixComponentType value (Invalid = "
         '0, I1 = 1, I16 = 2, U16 = 3, I32 = 4, U32 = 5, I64 = 6, U64 = 7, F16 = 8, F32 = 9, F64 = 10, SNormF16 '
         '= 11, UNormF16 = 12, SNormF32 = 13, UNormF32 = 14, SNormF64 = 15, UNormF64 = 16, PackedS8x32 = 17, '
         'PackedU8x32 = 18)'),
    Case('enum-unary',
         'matrixElementwiseUnaryOp(i32 403, i32 2',
         'matrixElementwiseUnaryOp(i32 403, i32 6',
         ['LINALG-ENUM-VALUE'],
         "operand 'op' of MatrixElementwiseUnaryOp is 6, which is not a valid MatrixUnaryOperation value (nop = "
         '0, negate = 1, abs = 2, sin = 3, cos = 4, tan = 5)'),
    Case('enum-binary',
         'matrixElementwiseBinaryOp.f32(i32 404, i32 3',
         'matrixElementwiseBinaryOp.f32(i32 404, i32 0',
         ['LINALG-ENUM-VALUE'],
         "operand 'op' of MatrixElementwiseBinaryOp is 0, which is not a valid MatrixElementwiseOperation value "
         '(add = 1, sub = 2, mul = 3, div = 4)'),
    Case('comp-invalid',
         'createMatrix(i32 400, i32 8, i32 16, i32 16, i32 2, i32 1)',
         'createMatrix(i32 400, i32 0, i32 16, i32 16, i32 2, i32 1)',
         ['LINALG-COMPONENT-INVALID'],
         'Matrix<Invalid, 16, 16, Accumulator, Wave> uses MatrixComponentType::Invalid, which is not a component '
         'type'),
    Case('dim-k',
         'createMatrix(i32 400, i32 8, i32 32, i32 16, i32 1, i32 1)',
         'createMatrix(i32 400, i32 8, i32 24, i32 16, i32 1, i32 1)',
         ['LINALG-DIM-K', 'LINALG-OPERAND-SHAPE'],
         'K dimension of Matrix<F16, 24, 16, B, Wave> is 24, but Wave-scope matrices allow powers of two from 4 '
         'to 128 (K is the row count of a B matrix)'),
    Case('dim-range',
         'createMatrix(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1)',
         'createMatrix(i32 400, i32 9, i32 16, i32 0, i32 2, i32 1)',
         ['LINALG-DIM-RANGE',
          'LINALG-OPERAND-SHAPE',
          'LINALG-OPERAND-SHAPE',
          'LINALG-PSV-MATRIX-USES',
          'LINALG-PSV-MATRIX-USES'],
         'N dimension of Matrix<F32, 16, 0, Accumulator, Wave> is 0: matrix dimensions must be at least 1'),
    Case('use-swap',
         'matrixOp(i32 413, %dx.types.MatrixRef* %a, %dx.types.MatrixRef* %b,',
         'matrixOp(i32 413, %dx.types.MatrixRef* %b, %dx.types.MatrixRef* %a,',
         ['LINALG-OPERAND-USE',
          'LINALG-OPERAND-USE',
          'LINALG-OPERAND-SHAPE',
          'LINALG-PSV-MATRIX-USES',
          'LINALG-PSV-MATRIX-USES'],
         'the first (A) operand of MatrixMultiplyAccumulate must be an A matrix, but it is Matrix<F16, 32, 16, '
         'B, Wave>'),
    Case('scope-mismatch',
         'createMatrix(i32 400, i32 8, i32 32, i32 16, i32 1, i32 1)',
         'createMatrix(i32 400, i32 8, i32 32, i32 16, i32 1, i32 2)',
         ['LINALG-SCOPE-MISMATCH'],
         'MatrixMultiplyAccumulate mixes scopes: A Matrix<F16, 16, 32, A, Wave>, B Matrix<F16, 32, 16, B, '
         'ThreadGroup>, C Matrix<F32, 16, 16, Accumulator, Wave>'),
    Case('shape',
         'createMatrix(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1)',
         'createMatrix(i32 400, i32 9, i32 16, i32 8, i32 2, i32 1)',
         ['LINALG-OPERAND-SHAPE', 'LINALG-OPERAND-SHAPE', 'LINALG-PSV-MATRIX-USES', 'LINALG-PSV-MATRIX-USES'],
         'MatrixMultiplyAccumulate needs A MxK, B KxN and C MxN, but A is 16x32, B is 32x16 and C is 16x8'),
    Case('cast-scope',
         '%h = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 16, i32 16, i32 2, i32 1)',
         '%h = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 16, i32 16, i32 2, i32 2)',
         ['LINALG-SCOPE-MISMATCH'],
         'castMatrix from Matrix<F32, 16, 16, Accumulator, Wave> to Matrix<F16, 16, 16, Accumulator, '
         'ThreadGroup> changes the scope (Wave to ThreadGroup)'),
    Case('cast-shape',
         '%h = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 16, i32 16, i32 2, i32 1)',
         '%h = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 16, i32 32, i32 2, i32 1)',
         ['LINALG-OPERAND-SHAPE'],
         'castMatrix from Matrix<F32, 16, 16, Accumulator, Wave> (16x16) to Matrix<F16, 16, 32, Accumulator, '
         'Wave> (16x32) changes the dimensions'),
    Case('layout-scope',
         '%dx.types.Handle %srv, i32 0, i32 64, i32 0)',
         '%dx.types.Handle %srv, i32 0, i32 0, i32 2)',
         ['LINALG-LAYOUT-SCOPE'],
         "layout 'MulOptimal' is not allowed for Load at Wave scope: use MatrixLayout::RowMajor or "
         'MatrixLayout::ColMajor'),
    Case('layout-value',
         '%dx.types.Handle %srv, i32 0, i32 64, i32 0)',
         '%dx.types.Handle %srv, i32 0, i32 64, i32 7)',
         ['LINALG-LAYOUT-VALUE'],
         '7 is not a MatrixLayout value: use RowMajor (0), ColMajor (1), MulOptimal (2) or OuterProductOptimal (3)'),
    Case('stride-opaque',
         '%dx.types.Handle %srv, i32 4096, i32 0, i32 2)',
         '%dx.types.Handle %srv, i32 4096, i32 32, i32 2)',
         ['LINALG-STRIDE-OPAQUE'],
         "stride must be 0 for layout 'MulOptimal' (got 32)"),
    Case('stride-short',
         '%dx.types.Handle %srv, i32 0, i32 64, i32 0)',
         '%dx.types.Handle %srv, i32 0, i32 32, i32 0)',
         ['LINALG-STRIDE-SHORT'],
         'stride 32 is shorter than one row of Matrix<F16, 16, 32, A, Wave> (64 bytes): rows overlap'),
    Case('gs-size',
         'half addrspace(3)* %gs, i32 0, i32 16, i32 0)',
         'half addrspace(3)* %gs, i32 600, i32 16, i32 0)',
         ['LINALG-GROUPSHARED-SIZE'],
         'groupshared array is too small for this Load: Matrix<F16, 32, 16, B, Wave> with StartIdx 600, stride '
         "16 and layout 'RowMajor' needs 1112 elements, the array has 1024"),
    Case('element-mix',
         '%b = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8,',
         '%b = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 4,',
         ['LINALG-ELEMENT-MIX'],
         'MultiplyAccumulate of an F16 A matrix and an I32 B matrix mixes floating-point and integer components; '
         'the proposal does not define this combination'),
    Case('sum-accumulate',
         'matrixOp(i32 413',
         'matrixOp(i32 414',
         ['LINALG-SUMACCUMULATE'],
         'SumAccumulate adds a 16x32 A matrix and a 32x16 B matrix into a 16x16 accumulator; the proposal leaves '
         'its meaning unspecified unless M, N and K are equal'),
    Case('matvec-use',
         '%w = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 16, i32 8, i32 1, i32 0)',
         '%w = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 16, i32 8, i32 0, i32 0)',
         ['LINALG-OPERAND-USE'],
         'MatVecMul needs a B matrix, but the matrix is Matrix<F16, 16, 8, A, Thread>'),
    Case('matvec-len',
         '%w = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 16, i32 8, i32 1, i32 0)',
         '%w = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 32, i32 8, i32 1, i32 0)',
         ['LINALG-VECTOR-LENGTH', 'LINALG-PSV-MATRIX-USES', 'LINALG-PSV-MATRIX-USES'],
         'input vector has 16 elements, but MultiplyVector with Matrix<F16, 32, 8, B, Thread> needs 32 (the '
         "matrix's row count M)"),
    Case('outer-len',
         '@dx.op.matrixOuterProduct.v16f16.v8f16(i32 419, i32 8, i32 16, i32 8,',
         '@dx.op.matrixOuterProduct.v16f16.v8f16(i32 419, i32 8, i32 16, i32 4,',
         ['LINALG-VECTOR-LENGTH'],
         'second vector has 8 elements, but OuterProduct with Matrix<F16, 16, 4, Accumulator, Thread> needs 4 '
         "(the result's column count N)"),
    Case('threads-acc',
         'call void @dx.op.matrixLoadFromThreads.v16f16(i32 407, %dx.types.MatrixRef* %a,',
         'call void @dx.op.matrixLoadFromThreads.v16f16(i32 407, %dx.types.MatrixRef* %c.1,',
         ['LINALG-OPERAND-USE'],
         'MatrixLoadFromThreads needs an A or B matrix, but the matrix is Matrix<F32, 16, 16, Accumulator, Wave>'),
    Case('threads-len',
         '%a = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 16, i32 32,',
         '%a = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 32, i32 32,',
         ['LINALG-OPERAND-SHAPE', 'LINALG-VECTOR-LENGTH', 'LINALG-VECTOR-LENGTH'],
         'MatrixMultiplyAccumulate needs A MxK, B KxN and C MxN, but A is 32x32, B is 32x16 and C is 16x16'),
    Case('threads-k',
         '!7 = !{i32 32, i32 0, i32 0}',
         '!7 = !{i32 16, i32 0, i32 0}',
         ['LINALG-THREADS-K', 'LINALG-THREADS-K'],
         'MatrixExtractToThreads on Matrix<F16, 16, 32, A, Wave> spreads its K dimension (32) over the threads, '
         'but the wave size is 16'),
    Case('acc-use',
         'call void @dx.op.matrixAccumulateToDescriptor(i32 417, %dx.types.MatrixRef* %o,',
         'call void @dx.op.matrixAccumulateToDescriptor(i32 417, %dx.types.MatrixRef* %w,',
         ['LINALG-OPERAND-USE'],
         'MatrixAccumulateToDescriptor needs an Accumulator matrix, but the matrix is Matrix<F16, 16, 8, B, Thread>'),
    Case('sm',
         '!1 = !{!"cs", i32 6, i32 10}',
         '!1 = !{!"cs", i32 6, i32 9}',
         ['LINALG-SHADER-MODEL'],
         'CreateMatrix needs shader model 6.10 or later, but !dx.shaderModel is cs_6_9'),
    Case('sm-core',
         '!1 = !{!"cs", i32 6, i32 10}',
         '!1 = !{!"cs", i32 6, i32 5}',
         ['IR-SHADER-MODEL', 'IR-SHADER-MODEL', 'IR-SHADER-MODEL', 'IR-SHADER-MODEL', 'LINALG-SHADER-MODEL'],
         'CreateHandleFromBinding needs shader model 6.6 or later, but !dx.shaderModel is cs_6_5'),
    Case('stage',
         '!1 = !{!"cs", i32 6, i32 10}',
         '!1 = !{!"ps", i32 6, i32 10}',
         ['IR-STAGE', 'LINALG-STAGE-SCOPE', 'LINALG-STAGE-SCOPE', 'LINALG-STAGE-SCOPE', 'LINALG-STAGE-SCOPE',
          # DXC's entry rules: groupshared memory and ThreadId in a pixel shader
          'IR-GROUPSHARED-STAGE', 'IR-ENTRY-INCOMPATIBLE', 'IR-FUNCTION-STAGE', 'IR-FUNCTION-GROUP'],
         'ThreadId is not allowed in pixel shaders (only compute, amplification, mesh, node, library)'),
    Case('origin-undef',
         'call void @dx.op.matrixElementwiseUnaryOp(i32 403, i32 2, %dx.types.MatrixRef* %c.1)',
         'call void @dx.op.matrixElementwiseUnaryOp(i32 403, i32 2, %dx.types.MatrixRef* undef)',
         ['LINALG-MATRIX-ORIGIN'],
         "the matrix 'undef' does not come from createMatrix or matrixOuterProduct: it is 'undef'"),
    Case('origin-mixed',
         '  %c.1 = load %dx.types.MatrixRef*, %dx.types.MatrixRef** %acc.slot\n',
         '  store %dx.types.MatrixRef* %a, %dx.types.MatrixRef** %acc.slot\n  %c.1 = load %dx.types.MatrixRef*, '
         '%dx.types.MatrixRef** %acc.slot\n',
         ['LINALG-MATRIX-ORIGIN', 'LINALG-MATRIX-ORIGIN', 'LINALG-MATRIX-ORIGIN', 'LINALG-MATRIX-ORIGIN'],
         "accumulator matrix '%c.1' may be matrices of different types: Matrix<F16, 16, 32, A, Wave> from line "
         '20; Matrix<F32, 16, 16, Accumulator, Wave> from line 25'),
    Case('res-load',
         'call void @dx.op.matrixLoadFromDescriptor(i32 405, %dx.types.MatrixRef* %w, %dx.types.Handle %srv,',
         'call void @dx.op.matrixLoadFromDescriptor(i32 405, %dx.types.MatrixRef* %w, %dx.types.Handle %uav,',
         ['LINALG-RESOURCE-KIND'],
         'a Thread-scope load (Matrix<F16, 16, 8, B, Thread>) must read an SRV ByteAddressBuffer, but the handle '
         'is a UAV (RWByteAddressBuffer)'),
    Case('res-store',
         '%dx.types.MatrixRef* %h, %dx.types.Handle %uav,',
         '%dx.types.MatrixRef* %h, %dx.types.Handle %srv,',
         ['LINALG-RESOURCE-KIND'],
         'MatrixStoreToDescriptor writes memory, so its handle must be a UAV (RWByteAddressBuffer), but it is an '
         'SRV (ByteAddressBuffer)'),
    Case('psv-wrong',
         '!5 = !{i32 16, i32 16, i32 32, i32 1, i32 8, i32 9}',
         '!5 = !{i32 16, i32 16, i32 16, i32 1, i32 8, i32 9}',
         ['LINALG-PSV-MATRIX-USES', 'LINALG-PSV-MATRIX-USES'],
         '!dx.linalg.matrixUses lacks the entry {M 16, N 16, K 32, scope 1, operand type 8, result type 9} of '
         'this call'),
    Case('psv-missing',
         '!dx.linalg.matrixUses = !{!5, !6}',
         '!dx.linalg.matrixUses = !{!5}',
         ['LINALG-PSV-MATRIX-USES'],
         '!dx.linalg.matrixUses lacks the entry {M 1, N 8, K 16, scope 0, operand type 8, result type 9} of this '
         'call'),
    Case('uniform',
         '  call void @dx.op.barrier(i32 80, i32 2)\n',
         '  call void @dx.op.barrier(i32 80, i32 9)\n',
         ['IR-UNIFORM-BARRIER'],
         'thread-group barrier (SyncThreadGroup) may not be reached by every thread of the group: it is under the '
         "branch at line 44 in block 'entry' (br i1 %cond, label %then, label %done), whose condition may differ "
         'between threads'),
    Case('uniform-matrix',
         '  call void @dx.op.barrier(i32 80, i32 2)\n',
         '  call void @dx.op.matrixElementwiseUnaryOp(i32 403, i32 1, %dx.types.MatrixRef* %c.1)\n',
         ['IR-UNIFORM-CONTROL-FLOW'],
         'MatrixElementwiseUnaryOp on a Wave-scope matrix must be called from wave-uniform control flow, but it '
         "is under the branch at line 44 in block 'entry' (br i1 %cond, label %then, label %done), whose "
         'condition may differ between threads'),
    Case('uniform-value',
         'call void @dx.op.matrixElementwiseBinaryOp.f32(i32 404, i32 3, %dx.types.MatrixRef* %c.1, float 2.0)',
         '%tf = uitofp i32 %tid to float\n  call void @dx.op.matrixElementwiseBinaryOp.f32(i32 404, i32 3, '
         '%dx.types.MatrixRef* %c.1, float %tf)',
         ['LINALG-UNIFORM-VALUE'],
         'the scalar %tf of MatrixElementwiseBinaryOp may differ between threads, but the operation takes a '
         'wave-uniform value'),
    Case('parse',
         'ret void\n}',
         'ret void\n}\nthis is not IR\n',
         ['IR-PARSE'],
         "cannot read the IR: line 54: cannot read 'this is not IR'"),
    Case('op-scope',
         'matrixElementwiseUnaryOp(i32 403, i32 2, %dx.types.MatrixRef* %c.1)',
         'matrixElementwiseUnaryOp(i32 403, i32 2, %dx.types.MatrixRef* %w)',
         ['LINALG-OPERATION-SCOPE'],
         'MatrixElementwiseUnaryOp is not available for Thread-scope matrices, but the matrix is Matrix<F16, 16, '
         '8, B, Thread>'),
    Case('overload-not-allowed',
         'declare void @dx.op.fillMatrix.f32(i32, %dx.types.MatrixRef*, float) nounwind',
         'declare void @dx.op.fillMatrix.i8(i32, %dx.types.MatrixRef*, i8) nounwind',
         ['IR-SIGNATURE', 'IR-UNDEFINED-VALUE'],
         "'@dx.op.fillMatrix.i8' does not name an overload of FillMatrix: FillMatrix (dx.op.fillMatrix) does not "
         "take scalar 'i8'; its overloads are scalars of f16, f32, f64, i16, i32, i64"),
]


def _edit(case: Case) -> str:
    assert BASE.count(case.old) == 1, f"{case.name}: the text to replace must occur once in base.ll"
    return BASE.replace(case.old, case.new)


def test_base_module_passes() -> None:
    assert validate_text(BASE, "base.ll") == []
    assert hlslc.validate(BASE) == []


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_rule_breaks(case: Case) -> None:
    diags = validate_text(_edit(case), "t.ll")
    assert [d.id for d in diags] == case.ids
    assert diags[0].message.split(" (in ")[0] == case.message
    assert all(d.path == "t.ll" for d in diags)
    for d in diags:
        want = Severity.ERROR if RULES[d.id].severity == "error" else Severity.WARNING
        assert d.severity is want


def test_messages_name_function_and_instruction() -> None:
    case = next(c for c in CASES if c.name == "use-swap")
    d = validate_text(_edit(case), "t.ll")[0]
    assert d.message.endswith("(in function '@main', line 29: call void @dx.op.matrixOp(i32 413, "
                              "%dx.types.MatrixRef* %b, %dx.types.MatrixRef* %a, %dx.types.MatrixRef* %c.1))")


def test_source_line_from_dbg() -> None:
    text = BASE.replace("%b, %dx.types.MatrixRef* %c.1)\n", "%b, %dx.types.MatrixRef* %c.1), !dbg !20\n")
    text = text.replace("matrixOp(i32 413", "matrixOp(i32 412")
    text += '!20 = !DILocation(line: 12, column: 7, scope: !21)\n!21 = distinct !DISubprogram(name: "main")\n'
    diags = validate_text(text, "t.ll")
    assert [d.id for d in diags] == []
    text = text.replace("matrixOp(i32 412, %dx.types.MatrixRef* %a, %dx.types.MatrixRef* %b",
                        "matrixOp(i32 412, %dx.types.MatrixRef* %b, %dx.types.MatrixRef* %a")
    diags = validate_text(text, "t.ll")
    assert diags[0].id == "LINALG-OPERAND-USE"
    assert "(in function '@main', line 29, source line 12:7: call void @dx.op.matrixOp(i32 412" in diags[0].message


def test_every_ir_rule_has_a_failing_case() -> None:
    covered = {i for c in CASES for i in c.ids}
    # and the rules the IR tests of tests/validate/ expect (`; CHECK: error: [ID]`)
    for path in (REPO / "tests" / "validate").glob("*.ll"):
        covered |= set(re.findall(r"CHECK:.*?error: \[([A-Z]+-[A-Z0-9-]+)\]", path.read_text()))
    sema_only = {r.id for r in RULES.values() if IR not in r.checked_in}
    # WAVEMATRIX-* rules have their cases in test_validate_wavematrix.py.
    wave = {r for r in RULES if r.startswith("WAVEMATRIX-")}
    assert set(RULES) - sema_only - covered - wave == set()


def test_uniformity_note_chain_reaches_the_thread_id() -> None:
    case = next(c for c in CASES if c.name == "uniform")
    d = validate_text(_edit(case), "t.ll")[0]
    assert [n.message for n in d.notes] == [
        "%cond may differ between threads: it is computed from %tid (line 43: %cond = icmp ult i32 %tid, 8)",
        "%tid may differ between threads: dx.op ThreadId differs per thread "
        "(line 19: %tid = call i32 @dx.op.threadId.i32(i32 93, i32 0))",
    ]


def test_uniform_branch_is_fine() -> None:
    # The same barrier under a branch on a buffer value (uniform) passes.
    text = BASE.replace("%cond = icmp ult i32 %tid, 8", "%cond = icmp ult i32 7, 8").replace(
        "call void @dx.op.barrier(i32 80, i32 2)", "call void @dx.op.barrier(i32 80, i32 9)")
    assert validate_text(text, "t.ll") == []


def test_draft_revision_relaxes_the_scope_rules() -> None:
    case = next(c for c in CASES if c.name == "res-load")
    assert validate_text(_edit(case), "t.ll", revision="draft") == []


def test_matrix_accumulate_shapes() -> None:
    # hlslc's matrixAccumulate (420): the draft's OuterProductAccumulate.
    add = ("  %o2 = call %dx.types.MatrixRef* @dx.op.matrixOuterProduct.v16f16.v8f16(i32 419, i32 8, i32 16, i32 8, "
           "i32 0, <16 x half> %v, <8 x half> %x8)\n"
           "  call void @dx.op.matrixAccumulate(i32 420, %dx.types.MatrixRef* %o, %dx.types.MatrixRef* %o2)\n"
           "  %cond = icmp")
    text = BASE.replace("  %cond = icmp", add) + \
        "declare void @dx.op.matrixAccumulate(i32, %dx.types.MatrixRef*, %dx.types.MatrixRef*)\n"
    assert validate_text(text, "t.ll") == []
    bad = text.replace("i32 419, i32 8, i32 16, i32 8, i32 0, <16 x half> %v, <8 x half> %x8)\n  call void "
                       "@dx.op.matrixAccumulate(i32 420, %dx.types.MatrixRef* %o,",
                       "i32 419, i32 8, i32 16, i32 8, i32 0, <16 x half> %v, <8 x half> %x8)\n  call void "
                       "@dx.op.matrixAccumulate(i32 420, %dx.types.MatrixRef* %w,")
    assert [d.id for d in validate_text(bad, "t.ll")] == ["LINALG-OPERAND-USE"]


def test_reads_dxc_style_ir() -> None:
    text = (HERE / "validate_inputs" / "dxc_style.ll").read_text()
    diags = validate_text(text, "dxc.ll")
    assert [d.id for d in diags] == ["IR-UNIFORM-CONTROL-FLOW"]
    assert diags[0].message == (
        "CreateMatrix on a Wave-scope matrix must be called from wave-uniform control flow, but it is under the "
        "branch at line 22 in block 'entry' (br i1 %3, label %4, label %6), whose condition may differ between "
        "threads (in function '@main', line 25, source line 9:5: %5 = call %dx.types.MatrixRef* "
        "@dx.op.createMatrix(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1))")


def test_library_parameters_are_unknown_matrices() -> None:
    text = """
%dx.types.MatrixRef = type { i8* }
define void @Scale(%dx.types.MatrixRef* %m) {
entry:
  call void @dx.op.matrixElementwiseBinaryOp.f32(i32 404, i32 3, %dx.types.MatrixRef* %m, float 2.0)
  ret void
}
declare void @dx.op.matrixElementwiseBinaryOp.f32(i32, i32, %dx.types.MatrixRef*, float)
!dx.shaderModel = !{!0}
!dx.entryPoints = !{!1}
!0 = !{!"lib", i32 6, i32 10}
!1 = !{null, !"", null, null, null}
"""
    assert validate_text(text, "lib.ll") == []


# --- hlslc's own output ------------------------------------------------------------

# Test folders whose RUN lines compile to IR that must validate.
CORPUS_FOLDERS = ("codegen", "acceptance", "regressions", "sema", "driver", "parse")


def _compiles() -> list[tuple[str, list[str]]]:
    runs = [("samples/tiled_gemm_wave.hlsl", ["-T", "cs_6_10"]),
            ("samples/mlp_layer_thread.hlsl", ["-T", "cs_6_10"]),
            ("samples/wavematrix_gemm_sm68.hlsl", ["-T", "cs_6_8", "-enable-16bit-types"])]
    for path in sorted((REPO / "tests").rglob("*.hlsl")):
        if "Inputs" in path.parts or path.parent.name not in CORPUS_FOLDERS:
            continue
        for line in re.findall(r"RUN:\s*%hlslc (.*?)(?:\||$)", path.read_text(), re.M):
            argv = shlex.split(line)
            if "%s" not in argv or any(a.startswith(("-verify", "-fsyntax-only", "-P", "--ast-dump", "-ast-dump",
                                                      "-o", "--debug", "-fdiag", "--help", "-h")) for a in argv):
                continue
            runs.append((str(path.relative_to(REPO)), [a for a in argv if a != "%s"]))
    return runs


# hlslc output that breaks a validator rule: known lowering problems.
KNOWN_FAILURES: dict[str, list[str]] = {}


@pytest.mark.parametrize("path, options", _compiles(), ids=lambda v: v if isinstance(v, str) else " ".join(v))
def test_hlslc_output_validates(path: str, options: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(options + [str(REPO / path)])
    if status != 0 or "target triple" not in out.getvalue():
        pytest.skip("this RUN line does not produce IR")
    revision = "draft" if "--linalg-revision=draft" in options else "sm6.10"
    diags = validate_text(out.getvalue(), path, revision=revision)
    errors = [d for d in diags if d.is_error]
    assert [d.id for d in errors] == KNOWN_FAILURES.get(path, []), [d.message for d in errors]
    # Warnings are the ones sema gives for the same source (a short stride, say).
    assert {d.id for d in diags if not d.is_error} <= set(re.findall(r"\[([A-Z]+-[A-Z0-9-]+)\]", err.getvalue()))


# --- the command -------------------------------------------------------------------

def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_cli_success(tmp_path: Path) -> None:
    path = tmp_path / "ok.ll"
    path.write_text(BASE)
    assert run("validate", str(path)) == (0, "Validation succeeded.\n", "")


def test_cli_failure(tmp_path: Path) -> None:
    path = tmp_path / "bad.ll"
    path.write_text(_edit(next(c for c in CASES if c.name == "layout-value")))
    status, out, err = run("validate", str(path))
    assert status == 1 and out == ""
    assert err.startswith(f"{path}: error: [LINALG-LAYOUT-VALUE] 7 is not a MatrixLayout value: use RowMajor (0), "
                          "ColMajor (1), MulOptimal (2) or OuterProductOptimal (3) (in function '@main', line 21: ")


def test_cli_warnings_only_succeed(tmp_path: Path) -> None:
    path = tmp_path / "warn.ll"
    path.write_text(_edit(next(c for c in CASES if c.name == "stride-short")))
    status, out, err = run("validate", str(path))
    assert status == 0 and out == "Validation succeeded.\n"
    assert err.startswith(f"{path}: warning: [LINALG-STRIDE-SHORT] stride 32 is shorter than one row")


def test_cli_uniformity_as_warning(tmp_path: Path) -> None:
    path = tmp_path / "div.ll"
    path.write_text(_edit(next(c for c in CASES if c.name == "uniform-matrix")))
    assert run("validate", str(path))[0] == 1
    status, out, err = run("validate", "-Wno-error=uniformity", str(path))
    assert status == 0 and f"{path}: warning: [IR-UNIFORM-CONTROL-FLOW]" in err
    assert f"{path}: note: %tid may differ between threads" in err


def test_cli_divergent_barrier_is_a_warning(tmp_path: Path) -> None:
    """DXC's validator accepts a barrier under divergent control flow; hlslc
    warns (IR-UNIFORM-BARRIER), and -Werror=uniformity makes it an error."""
    path = tmp_path / "barrier.ll"
    path.write_text(_edit(next(c for c in CASES if c.name == "uniform")))
    status, out, err = run("validate", str(path))
    assert status == 0 and out == "Validation succeeded.\n"
    assert err.startswith(f"{path}: warning: [IR-UNIFORM-BARRIER] thread-group barrier (SyncThreadGroup) may not "
                          "be reached by every thread of the group")
    status, _, err = run("validate", "-Werror=uniformity", str(path))
    assert status == 1 and f"{path}: error: [IR-UNIFORM-BARRIER]" in err


def test_cli_unreadable_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.ll"
    status, out, err = run("validate", str(missing))
    assert status == 1 and out == ""
    assert err == f"{missing}: error: cannot read the file: No such file or directory\n"


def test_cli_several_files(tmp_path: Path) -> None:
    good, bad = tmp_path / "a.ll", tmp_path / "b.ll"
    good.write_text(BASE)
    bad.write_text("garbage\n")
    status, out, err = run("validate", str(good), str(bad))
    assert status == 1
    assert out == f"{good}: Validation succeeded.\n"
    assert err == f"{bad}: error: [IR-PARSE] cannot read the IR: line 1: cannot read 'garbage'\n"


def test_validator_does_not_load_the_compiler() -> None:
    # `hlslc validate` starts fast: no lark, llvmlite or rich.
    import subprocess
    import sys
    code = ("import sys; from hlslc.validate import validate_text; validate_text('')\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'lark', 'llvmlite', 'rich'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip() == "[]"


def test_cli_usage() -> None:
    assert run("validate")[0] == 2
    assert run("validate", "-bogus", "x.ll")[0] == 2


_DIVERGENT_WAVES = """
RWStructuredBuffer<uint> o : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint v = 0;
  if (id.x & 1) { v = WaveActiveSum(id.x); DeviceMemoryBarrier(); }
  BARRIER
  o[id.x] = v + WaveReadLaneAt(v, 3);
}
"""


@pytest.mark.parametrize("barrier, needed", [
    ("", False),                                            # wave operations only
    ("DeviceMemoryBarrier();", False),                      # no group sync
    ("GroupMemoryBarrierWithGroupSync();", True),
])
def test_uniformity_runs_only_where_an_operation_needs_it(barrier: str, needed: bool) -> None:
    """The analysis walks whole functions to a fixed point; a module with
    no operation that needs uniform control flow (a group barrier, a Wave
    or ThreadGroup matrix operation) has nothing it could report, and is
    not analysed."""
    from hlslc.dxil.reader import read_module
    from hlslc.driver import CompileOptions
    from hlslc.validate import uniformity

    result = hlslc.compile_source(_DIVERGENT_WAVES.replace("BARRIER", barrier), "u.hlsl",
                                  CompileOptions(profile="cs_6_0"))
    assert result.ok, result.diagnostics
    assert uniformity._has_requirements(read_module(result.output)) is needed
    divergent = _DIVERGENT_WAVES.replace("BARRIER", "").replace("DeviceMemoryBarrier();", barrier)
    result = hlslc.compile_source(divergent, "u.hlsl", CompileOptions(profile="cs_6_0"))
    assert [d.id for d in result.diagnostics] == (["IR-UNIFORM-BARRIER"] if needed else [])
