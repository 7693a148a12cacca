"""The validator's Wave Matrix (SM 6.8) rules: each WAVEMATRIX-* rule has a
module that breaks it, made by editing the IR hlslc generates for
tests/wavematrix/valid-kernel.hlsl (validate_inputs/wavematrix.ll), and
that module itself passes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from hlslc.spec.rules import RULES
from hlslc.validate import validate_text

HERE = Path(__file__).parent
BASE = (HERE / "validate_inputs" / "wavematrix.ll").read_text()
SCALAR_DECL = '\ndeclare void @"dx.op.waveMatrix_ScalarOp.i32"(i32, %"dx.types.waveMatrix"*, i8, i32) nounwind\n'


def props(name: str, values: str) -> str:
    return (f'call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"{name}", '
            f'%"dx.types.waveMatProps" {{{values}}})')


def scalar_op(matrix: str, op: int) -> str:
    return f'call void @"dx.op.waveMatrix_ScalarOp.i32"(i32 235, %"dx.types.waveMatrix"* %"{matrix}", i8 {op}, i32 3)'


STORE_FRAGMENT = ('call void @"dx.op.waveMatrix_StoreRawBuf"(i32 231, %"dx.types.waveMatrix"* %"sumsA", '
                  '%"dx.types.Handle" %"Output.1", i32 0, i32 4, i8 0, i1 0)')


@dataclass
class Case:
    name: str
    edits: list[tuple[str, str]]
    rule: str
    message: str      # a part of the message of one of the errors


CASES = [
    Case("kind-out-of-range", [(props("a", "i8 0, i8 17, i32 16, i32 16"), props("a", "i8 5, i8 17, i32 16, i32 16"))],
         "WAVEMATRIX-PROPS", "waveMatrix_Annotate of %a: kind 5 is not a wave matrix kind"),
    Case("component-for-kind", [(props("c", "i8 4, i8 4, i32 16, i32 16"), props("c", "i8 4, i8 17, i32 16, i32 16"))],
         "WAVEMATRIX-PROPS", "component type 17 is not allowed for WaveMatrixAccumulator (only I32 = 4, F16 = 8, "
         "F32 = 9)"),
    Case("dimension", [(props("h", "i8 0, i8 8, i32 16, i32 16"), props("h", "i8 0, i8 8, i32 32, i32 16"))],
         "WAVEMATRIX-PROPS", "M = 32, but a wave matrix dimension is 16 or 64"),
    Case("depth-of-accumulator", [('waveMatrix_Depth"(i32 227, %"dx.types.waveMatProps" {i8 0,',
                                   'waveMatrix_Depth"(i32 227, %"dx.types.waveMatProps" {i8 4,')],
         "WAVEMATRIX-PROPS", "waveMatrix_Depth: component type 17 is not allowed for WaveMatrixAccumulator"),
    Case("annotated-twice", [(props("b", "i8 1, i8 18, i32 16, i32 16"),
                              props("b", "i8 1, i8 18, i32 16, i32 16") + "\n  "
                              + props("b", "i8 1, i8 18, i32 64, i32 16"))],
         "WAVEMATRIX-ANNOTATE", "%b is annotated again, as WaveMatrixRight<PackedU8x32, 64, 16>, but it was "
         "annotated as WaveMatrixRight<PackedU8x32, 16, 16>"),
    Case("not-annotated", [(props("f", "i8 4, i8 9, i32 16, i32 16"), "")],
         "WAVEMATRIX-ANNOTATE", "the first wave matrix %f has no waveMatrix_Annotate"),
    Case("multiply-kinds", [('(i32 233, %"dx.types.waveMatrix"* %"f", %"dx.types.waveMatrix"* %"h", '
                             '%"dx.types.waveMatrix"* %"g")',
                             '(i32 233, %"dx.types.waveMatrix"* %"f", %"dx.types.waveMatrix"* %"g", '
                             '%"dx.types.waveMatrix"* %"h")')],
         "WAVEMATRIX-OPERAND-KIND", "the first input of WaveMatrix_Multiply must be a WaveMatrixLeft, but it is "
         "WaveMatrixRight<F16, 16, 16>"),
    Case("sum-accumulate-side", [('(i32 236, %"dx.types.waveMatrix"* %"sumsA", %"dx.types.waveMatrix"* %"a")',
                                  '(i32 236, %"dx.types.waveMatrix"* %"sumsA", %"dx.types.waveMatrix"* %"b")')],
         "WAVEMATRIX-OPERAND-KIND", "WaveMatrixLeftColAcc<I32, 16, 16> sums a WaveMatrixLeft, not "
         "WaveMatrixRight<PackedU8x32, 16, 16>"),
    Case("add-into-fragment", [('(i32 237, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatrix"* %"sumsA")',
                                '(i32 237, %"dx.types.waveMatrix"* %"sumsA", %"dx.types.waveMatrix"* %"c")')],
         "WAVEMATRIX-OPERAND-KIND", "the destination of WaveMatrix_Add must be a WaveMatrixAccumulator"),
    Case("scalar-op-on-left", [(STORE_FRAGMENT, scalar_op("a", 2)), ("\n!", SCALAR_DECL + "\n!")],
         "WAVEMATRIX-OPERAND-KIND", "the matrix of WaveMatrix_ScalarOp must be a WaveMatrixAccumulator or "
         "WaveMatrixLeftColAcc or WaveMatrixRightRowAcc, but it is WaveMatrixLeft<PackedS8x32, 16, 16>"),
    Case("multiply-shapes", [(props("g", "i8 1, i8 8, i32 16, i32 16"), props("g", "i8 1, i8 8, i32 16, i32 64"))],
         "WAVEMATRIX-DIMENSION-MISMATCH", "WaveMatrix_Multiply: WaveMatrixAccumulator<F32, 16, 16>, "
         "WaveMatrixLeft<F16, 16, 16> and WaveMatrixRight<F16, 16, 64> must share M and N (K is the device's depth)"),
    Case("multiply-element-types", [(props("g", "i8 1, i8 8, i32 16, i32 16"), props("g", "i8 1, i8 9, i32 16, i32 16"))],
         "WAVEMATRIX-DIMENSION-MISMATCH", "have different element types (only int8 and uint8 may mix)"),
    Case("add-shapes", [(props("sumsA", "i8 2, i8 4, i32 16, i32 16"), props("sumsA", "i8 2, i8 4, i32 64, i32 16")),
                        (props("a", "i8 0, i8 17, i32 16, i32 16"), props("a", "i8 0, i8 17, i32 64, i32 16"))],
         "WAVEMATRIX-DIMENSION-MISMATCH", "WaveMatrix_Add: WaveMatrixAccumulator<I32, 16, 16> and "
         "WaveMatrixLeftColAcc<I32, 64, 16> have different dimensions"),
    Case("scalar-op-value", [(STORE_FRAGMENT, scalar_op("sumsA", 7)), ("\n!", SCALAR_DECL + "\n!")],
         "WAVEMATRIX-OPERAND-VALUE", "the scalar operation of WaveMatrix_ScalarOp is 7"),
    Case("offset-alignment", [('%"Output.1", i32 0, i32 4, i8 0, i1 0)', '%"Output.1", i32 2, i32 4, i8 0, i1 0)')],
         "WAVEMATRIX-OPERAND-VALUE", "WaveMatrix_StoreRawBuf: the byte offset 2 is not DWORD-aligned"),
    Case("alignment", [('%"Output.1", i32 0, i32 4, i8 0, i1 0)', '%"Output.1", i32 0, i32 4, i8 6, i1 0)')],
         "WAVEMATRIX-OPERAND-VALUE", "the alignment 6 is neither 0 nor a power of two of at least 4"),
]


def edit(case: Case) -> str:
    text = BASE
    for old, new in case.edits:
        assert text.count(old) >= 1, f"{case.name}: {old!r} is not in wavematrix.ll"
        text = text.replace(old, new, 1)
    return text


def test_base_module_passes() -> None:
    assert validate_text(BASE, "wavematrix.ll") == []


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_rule(case: Case) -> None:
    found = [d for d in validate_text(edit(case), "wavematrix.ll") if d.is_error]
    assert found, f"{case.name}: no error"
    assert any(d.id == case.rule and case.message in d.message for d in found), \
        [(d.id, d.message) for d in found]


def test_every_wavematrix_rule_has_a_failing_case() -> None:
    rules = {r for r in RULES if r.startswith("WAVEMATRIX-")}
    assert rules == {c.rule for c in CASES}
