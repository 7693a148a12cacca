"""Tests of the dx::linalg spec-rule checker (hlslc.spec.linalg_rules) and the
rule registry (hlslc.spec.rules), on hand-made shapes and calls (no compile).

Every rule checked in sema has at least one passing and one failing case in
CASES; each failing case states the exact severity, ID, message and span.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from hlslc.diagnostics import Diagnostic, Diagnostics, Severity
from hlslc.driver import Profile
from hlslc.spec.rules import RULES, Rule, rule, rules_markdown_table
from hlslc.spec import linalg_rules
from hlslc.spec.linalg_rules import LinalgCall, MatrixShape, check_entry_stage, check_linalg_call, check_matrix_type, memory_lines
from hlslc.source import SourceFile, Span

REPO = Path(__file__).resolve().parents[2]

SOURCE = SourceFile("test.hlsl", "x" * 400)


def _span(start: int) -> Span:
    return Span(SOURCE, start, start + 5)


CALL, LAYOUT, STRIDE, ALIGN, OFFSET, MEMORY, TYPE, ENTRY, VECTOR = (_span(i * 10) for i in range(9))
ARG_SPANS = {"layout": LAYOUT, "stride": STRIDE, "align": ALIGN, "offset": OFFSET, "memory": MEMORY,
             "input": VECTOR, "result": VECTOR, "bias": VECTOR, "thread": VECTOR, "lhs": VECTOR,
             "rhs": VECTOR}
ROW, COL, MULOPT, OPO = 0, 1, 2, 3


def shape(text: str) -> MatrixShape:
    """`"F16 16 32 A Wave"` -> MatrixShape."""
    component, m, n, use, scope = text.split()
    return MatrixShape(component, int(m), int(n), use, scope)


def call(operation: str, matrix: str | None = None, *operands: str, **kw) -> Callable[[Diagnostics], None]:
    kw.setdefault("arg_spans", ARG_SPANS)
    made = LinalgCall(operation=operation, span=CALL, matrix=shape(matrix) if matrix else None,
                      operands=[shape(o) for o in operands], **kw)
    return lambda diags: check_linalg_call(made, diags)


def mtype(text: str, profile=("cs", 6, 10)) -> Callable[[Diagnostics], None]:
    return lambda diags: check_matrix_type(shape(text), TYPE, diags, profile)


def entry(text: str, stage: str) -> Callable[[Diagnostics], None]:
    return lambda diags: check_entry_stage(shape(text), stage, "main", CALL, diags, entry_span=ENTRY)


@dataclass
class Expected:
    severity: Severity
    id: str
    message: str
    span: Span


def E(id: str, message: str, span: Span) -> Expected:
    return Expected(Severity.ERROR, id, message, span)


def W(id: str, message: str, span: Span) -> Expected:
    return Expected(Severity.WARNING, id, message, span)


@dataclass
class Case:
    name: str
    rule: str                       # the rule the case is about
    run: Callable[[Diagnostics], None]
    expected: list[Expected]        # empty: the case must pass cleanly


def enum_value(value: int) -> Callable[[Diagnostics], None]:
    return lambda diags: linalg_rules.check_enum_value("MatrixUse", value, (0, 1, 2), "Use",
                                                       "Matrix<...>", TYPE, diags)


CASES: list[Case] = [
    # ---- LINALG-ENUM-VALUE ----------------------------------------------------
    Case("enum-value-valid", "LINALG-ENUM-VALUE", enum_value(2), []),
    Case("enum-value-cast", "LINALG-ENUM-VALUE", enum_value(7),
         [E("LINALG-ENUM-VALUE", "7 is not a valid MatrixUse value (template argument 'Use' of Matrix<...>)",
            TYPE)]),
    # ---- LINALG-LAYOUT-SCOPE ----------------------------------------------------
    Case("store-wave-rowmajor", "LINALG-LAYOUT-SCOPE",
         call("Store", "F16 16 32 A Wave", memory="RWByteAddressBuffer", layout=ROW, stride=64), []),
    Case("load-thread-any-layout", "LINALG-LAYOUT-SCOPE",
         call("Load", "F16 32 16 B Thread", memory="ByteAddressBuffer", layout=MULOPT, stride=0), []),
    Case("accumulate-thread-outerproductoptimal", "LINALG-LAYOUT-SCOPE",
         call("Accumulate", "F16 16 8 Accumulator Thread", memory="RWByteAddressBuffer", layout=OPO,
              stride=0), []),
    Case("layout-not-constant", "LINALG-LAYOUT-SCOPE",
         call("Store", "F16 16 32 A Wave", memory="groupshared", layout=None, stride=None), []),
    Case("store-wave-muloptimal", "LINALG-LAYOUT-SCOPE",
         call("Store", "F16 16 32 A Wave", memory="RWByteAddressBuffer", layout=MULOPT, stride=0),
         [E("LINALG-LAYOUT-SCOPE", "layout 'MulOptimal' is not allowed for Store at Wave scope: "
            "use MatrixLayout::RowMajor or MatrixLayout::ColMajor", LAYOUT)]),
    Case("accumulate-thread-rowmajor", "LINALG-LAYOUT-SCOPE",
         call("Accumulate", "F32 16 8 Accumulator Thread", memory="RWByteAddressBuffer", layout=ROW,
              stride=32),
         [E("LINALG-LAYOUT-SCOPE", "layout 'RowMajor' is not allowed for Accumulate at Thread scope: "
            "use MatrixLayout::OuterProductOptimal", LAYOUT)]),
    # A rejected layout does not also get a stride error.
    Case("load-groupshared-threadgroup-opo-with-stride", "LINALG-LAYOUT-SCOPE",
         call("Load", "F32 16 16 B ThreadGroup", memory="groupshared", groupshared_elements=4096,
              groupshared_element_bytes=4, layout=OPO, stride=64, offset=0),
         [E("LINALG-LAYOUT-SCOPE", "layout 'OuterProductOptimal' is not allowed for Load at "
            "ThreadGroup scope: use MatrixLayout::RowMajor or MatrixLayout::ColMajor", LAYOUT)]),
    Case("load-wave-bytebuffer-muloptimal", "LINALG-LAYOUT-SCOPE",
         call("Load", "F16 32 16 B Wave", memory="ByteAddressBuffer", layout=MULOPT),
         [E("LINALG-LAYOUT-SCOPE", "layout 'MulOptimal' is not allowed for Load at Wave scope: "
            "use MatrixLayout::RowMajor or MatrixLayout::ColMajor", LAYOUT)]),

    # ---- LINALG-LAYOUT-VALUE ----------------------------------------------------
    Case("layout-value-ok", "LINALG-LAYOUT-VALUE",
         call("Load", "F16 32 16 B Thread", memory="ByteAddressBuffer", layout=OPO, stride=0), []),
    Case("layout-value-7", "LINALG-LAYOUT-VALUE",
         call("Load", "F16 32 16 B Thread", memory="ByteAddressBuffer", layout=7, stride=16),
         [E("LINALG-LAYOUT-VALUE", "7 is not a MatrixLayout value: use RowMajor (0), ColMajor (1), "
            "MulOptimal (2) or OuterProductOptimal (3)", LAYOUT)]),

    # ---- LINALG-STRIDE-OPAQUE ---------------------------------------------------
    Case("opaque-stride-0", "LINALG-STRIDE-OPAQUE",
         call("Load", "F16 32 16 B Thread", memory="ByteAddressBuffer", layout=OPO, stride=0), []),
    Case("opaque-stride-not-constant", "LINALG-STRIDE-OPAQUE",
         call("Load", "F16 32 16 B Thread", memory="ByteAddressBuffer", layout=MULOPT, stride=None), []),
    Case("opaque-stride-64", "LINALG-STRIDE-OPAQUE",
         call("Load", "F16 32 16 B Thread", memory="ByteAddressBuffer", layout=OPO, stride=64),
         [E("LINALG-STRIDE-OPAQUE", "stride must be 0 for layout 'OuterProductOptimal' (got 64)", STRIDE)]),
    Case("opaque-stride-muloptimal", "LINALG-STRIDE-OPAQUE",
         call("Load", "F16 32 16 B Thread", memory="ByteAddressBuffer", layout=MULOPT, stride=4),
         [E("LINALG-STRIDE-OPAQUE", "stride must be 0 for layout 'MulOptimal' (got 4)", STRIDE)]),
    Case("opaque-accumulate-thread", "LINALG-STRIDE-OPAQUE",
         call("Accumulate", "F16 16 8 Accumulator Thread", memory="RWByteAddressBuffer", layout=OPO,
              stride=16),
         [E("LINALG-STRIDE-OPAQUE", "stride must be 0 for layout 'OuterProductOptimal' (got 16)", STRIDE)]),

    # ---- LINALG-STRIDE-SHORT ----------------------------------------------------
    Case("stride-full-row", "LINALG-STRIDE-SHORT",
         call("Load", "F16 8 32 A Wave", memory="RWByteAddressBuffer", layout=ROW, stride=64), []),
    Case("stride-padded-row", "LINALG-STRIDE-SHORT",
         call("Load", "F16 8 32 A Wave", memory="RWByteAddressBuffer", layout=ROW, stride=128), []),
    Case("stride-single-row", "LINALG-STRIDE-SHORT",
         call("Store", "F32 1 16 Accumulator Wave", memory="RWByteAddressBuffer", layout=ROW, stride=0), []),
    Case("stride-not-constant", "LINALG-STRIDE-SHORT",
         call("Load", "F16 8 32 A Wave", memory="RWByteAddressBuffer", layout=ROW, stride=None), []),
    # The proposal's own Wave Matrix example (spec-errata 17).
    Case("stride-short-spec-example", "LINALG-STRIDE-SHORT",
         call("Load", "F16 8 32 A Wave", memory="RWByteAddressBuffer", layout=ROW, stride=32, offset=0),
         [W("LINALG-STRIDE-SHORT", "stride 32 is shorter than one row of Matrix<F16, 8, 32, A, Wave> "
            "(64 bytes): rows overlap", STRIDE)]),
    Case("stride-short-colmajor", "LINALG-STRIDE-SHORT",
         call("Load", "F16 8 32 A Wave", memory="RWByteAddressBuffer", layout=COL, stride=8),
         [W("LINALG-STRIDE-SHORT", "stride 8 is shorter than one column of Matrix<F16, 8, 32, A, Wave> "
            "(16 bytes): columns overlap", STRIDE)]),
    Case("stride-short-packed", "LINALG-STRIDE-SHORT",
         call("Load", "PackedS8x32 16 64 A Wave", memory="RWByteAddressBuffer", layout=ROW, stride=32),
         [W("LINALG-STRIDE-SHORT", "stride 32 is shorter than one row of "
            "Matrix<PackedS8x32, 16, 64, A, Wave> (64 bytes): rows overlap", STRIDE)]),
    Case("stride-short-groupshared", "LINALG-STRIDE-SHORT",
         call("Store", "F16 16 16 B Wave", memory="groupshared", groupshared_elements=1024,
              groupshared_element_bytes=2, layout=ROW, stride=8, offset=0),
         [W("LINALG-STRIDE-SHORT", "stride 8 is shorter than one row of Matrix<F16, 16, 16, B, Wave> "
            "(16 array elements): rows overlap", STRIDE)]),

    # ---- LINALG-ALIGN -----------------------------------------------------------
    Case("align-absent", "LINALG-ALIGN",
         call("Store", "F32 16 16 Accumulator Wave", memory="RWByteAddressBuffer", layout=ROW, stride=64), []),
    Case("align-16", "LINALG-ALIGN",
         call("Store", "F32 16 16 Accumulator Wave", memory="RWByteAddressBuffer", layout=ROW, stride=64,
              align=16), []),
    Case("align-element-size", "LINALG-ALIGN",
         call("Load", "F16 32 16 B Thread", memory="ByteAddressBuffer", layout=ROW, stride=32, align=2), []),
    Case("align-6", "LINALG-ALIGN",
         call("Store", "F32 16 16 Accumulator Wave", memory="RWByteAddressBuffer", layout=ROW, stride=64,
              align=6),
         [E("LINALG-ALIGN", "Align must be a power of two (got 6)", ALIGN)]),
    Case("align-0", "LINALG-ALIGN",
         call("Load", "F16 32 16 B Thread", memory="ByteAddressBuffer", layout=ROW, stride=32, align=0),
         [E("LINALG-ALIGN", "Align must be a power of two (got 0)", ALIGN)]),
    Case("align-too-small", "LINALG-ALIGN",
         call("Accumulate", "F32 16 16 Accumulator Wave", memory="RWByteAddressBuffer", layout=ROW,
              stride=64, align=2),
         [E("LINALG-ALIGN", "Align 2 is smaller than the 4-byte elements of "
            "Matrix<F32, 16, 16, Accumulator, Wave>", ALIGN)]),
    Case("align-packed", "LINALG-ALIGN",
         call("Load", "PackedU8x32 16 64 A Wave", memory="ByteAddressBuffer", layout=ROW, stride=64, align=1),
         [E("LINALG-ALIGN", "Align 1 is smaller than the 4-byte elements of "
            "Matrix<PackedU8x32, 16, 64, A, Wave>", ALIGN)]),

    # ---- LINALG-DIM-K -------------------------------------------------------------
    Case("k-wave-32", "LINALG-DIM-K", mtype("F16 8 32 A Wave"), []),
    Case("k-thread-b-4", "LINALG-DIM-K", mtype("F16 4 128 B Thread"), []),
    Case("k-threadgroup-24", "LINALG-DIM-K", mtype("F32 64 24 A ThreadGroup"), []),
    Case("k-packed-wave-512", "LINALG-DIM-K", mtype("PackedS8x32 16 512 A Wave"), []),
    Case("k-accumulator-unlimited-by-k", "LINALG-DIM-K", mtype("F32 8 24 Accumulator Wave"), []),
    Case("k-wave-256", "LINALG-DIM-K", mtype("F16 16 256 A Wave"),
         [E("LINALG-DIM-K", "K dimension of Matrix<F16, 16, 256, A, Wave> is 256, but Wave-scope "
            "matrices allow powers of two from 4 to 128 (K is the column count of an A matrix)", TYPE)]),
    Case("k-thread-b-12", "LINALG-DIM-K", mtype("F16 12 16 B Thread"),
         [E("LINALG-DIM-K", "K dimension of Matrix<F16, 12, 16, B, Thread> is 12, but Thread-scope "
            "matrices allow powers of two from 4 to 128 (K is the row count of a B matrix)", TYPE)]),
    Case("k-threadgroup-2000", "LINALG-DIM-K", mtype("F32 2000 16 B ThreadGroup"),
         [E("LINALG-DIM-K", "K dimension of Matrix<F32, 2000, 16, B, ThreadGroup> is 2000, but "
            "ThreadGroup-scope matrices allow 1 to 1024 (K is the row count of a B matrix)", TYPE)]),
    Case("k-packed-wave-8", "LINALG-DIM-K", mtype("PackedS8x32 16 8 A Wave"),
         [E("LINALG-DIM-K", "K dimension of Matrix<PackedS8x32, 16, 8, A, Wave> is 8, but Wave-scope "
            "matrices of packed 8-bit components allow powers of two from 16 to 512 "
            "(K is the column count of an A matrix)", TYPE)]),
    Case("k-packed-threadgroup-6", "LINALG-DIM-K", mtype("PackedU8x32 6 16 B ThreadGroup"),
         [E("LINALG-DIM-K", "K dimension of Matrix<PackedU8x32, 6, 16, B, ThreadGroup> is 6, but "
            "ThreadGroup-scope matrices of packed 8-bit components allow multiples of 4 from 4 to 4096 "
            "(K is the row count of a B matrix)", TYPE)]),

    # ---- LINALG-DIM-RANGE ---------------------------------------------------------
    Case("range-odd-m", "LINALG-DIM-RANGE", mtype("F16 3 16 A Wave"), []),
    Case("range-accumulator-128", "LINALG-DIM-RANGE", mtype("F32 128 24 Accumulator Thread"), []),
    Case("range-zero", "LINALG-DIM-RANGE", mtype("F32 0 16 Accumulator Wave"),
         [E("LINALG-DIM-RANGE", "M dimension of Matrix<F32, 0, 16, Accumulator, Wave> is 0: "
            "matrix dimensions must be at least 1", TYPE)]),
    Case("range-threadgroup-2048", "LINALG-DIM-RANGE", mtype("F32 16 2048 Accumulator ThreadGroup"),
         [E("LINALG-DIM-RANGE", "N dimension of Matrix<F32, 16, 2048, Accumulator, ThreadGroup> is 2048, "
            "but ThreadGroup-scope matrices allow at most 1024", TYPE)]),
    Case("range-b-n-wave", "LINALG-DIM-RANGE", mtype("F16 16 200 B Wave"),
         [E("LINALG-DIM-RANGE", "N dimension of Matrix<F16, 16, 200, B, Wave> is 200, "
            "but Wave-scope matrices allow at most 128", TYPE)]),

    # ---- LINALG-COMPONENT-INVALID -------------------------------------------------
    Case("component-f16", "LINALG-COMPONENT-INVALID", mtype("F16 16 16 Accumulator Wave"), []),
    # Dimension rules are skipped for Invalid: one error, not three.
    Case("component-invalid", "LINALG-COMPONENT-INVALID", mtype("Invalid 16 256 A Wave"),
         [E("LINALG-COMPONENT-INVALID", "Matrix<Invalid, 16, 256, A, Wave> uses "
            "MatrixComponentType::Invalid, which is not a component type", TYPE)]),

    # ---- LINALG-ELEMENT-MIX -------------------------------------------------------
    Case("mix-same-type", "LINALG-ELEMENT-MIX",
         call("Multiply", "F32 8 16 Accumulator Wave", "F16 8 32 A Wave", "F16 32 16 B Wave"), []),
    Case("mix-float-widths", "LINALG-ELEMENT-MIX",
         call("MultiplyAccumulate", "F32 8 16 Accumulator Wave", "F16 8 32 A Wave", "F32 32 16 B Wave"), []),
    Case("mix-signedness", "LINALG-ELEMENT-MIX",
         call("Multiply", "I32 16 16 Accumulator Wave", "PackedS8x32 16 64 A Wave",
              "PackedU8x32 64 16 B Wave"), []),
    Case("mix-float-and-integer", "LINALG-ELEMENT-MIX",
         call("Multiply", "F32 16 16 Accumulator Wave", "F16 16 64 A Wave", "PackedS8x32 64 16 B Wave"),
         [W("LINALG-ELEMENT-MIX", "Multiply of an F16 A matrix and a PackedS8x32 B matrix mixes "
            "floating-point and integer components; the proposal does not define this combination", CALL)]),
    Case("mix-integer-into-float", "LINALG-ELEMENT-MIX",
         call("MultiplyAccumulate", "F32 16 16 Accumulator Wave", "PackedS8x32 16 64 A Wave",
              "PackedU8x32 64 16 B Wave"),
         [W("LINALG-ELEMENT-MIX", "MultiplyAccumulate of integer A and B matrices (PackedS8x32, "
            "PackedU8x32) into a floating-point accumulator (F32); the proposal does not define this "
            "combination", CALL)]),
    Case("mix-float-into-integer", "LINALG-ELEMENT-MIX",
         call("Multiply", "I32 16 16 Accumulator ThreadGroup", "F16 16 16 A ThreadGroup",
              "F16 16 16 B ThreadGroup"),
         [W("LINALG-ELEMENT-MIX", "Multiply of floating-point A and B matrices (F16, F16) into an "
            "integer accumulator (I32); the proposal does not define this combination", CALL)]),

    # ---- LINALG-SUMACCUMULATE -----------------------------------------------------
    Case("sum-square", "LINALG-SUMACCUMULATE",
         call("SumAccumulate", "F16 16 16 Accumulator Wave", "F16 16 16 A Wave", "F16 16 16 B Wave"), []),
    Case("sum-not-square", "LINALG-SUMACCUMULATE",
         call("SumAccumulate", "F16 16 8 Accumulator Wave", "F16 16 32 A Wave", "F16 32 8 B Wave"),
         [W("LINALG-SUMACCUMULATE", "SumAccumulate adds a 16x32 A matrix and a 32x8 B matrix into a "
            "16x8 accumulator; the proposal leaves its meaning unspecified unless M, N and K are equal",
            CALL)]),

    # ---- LINALG-VECTOR-LENGTH -----------------------------------------------------
    Case("vector-matvec-ok", "LINALG-VECTOR-LENGTH",
         call("MultiplyAdd", "F16 32 16 B Wave", vectors={"input": 32, "bias": 16, "result": 16}), []),
    Case("vector-thread-packed-ok", "LINALG-VECTOR-LENGTH",
         call("FromThreadVectors", "PackedS8x32 16 64 A Wave", vectors={"thread": 4}), []),
    Case("vector-outer-ok", "LINALG-VECTOR-LENGTH",
         call("OuterProduct", "F16 16 8 Accumulator Thread", vectors={"lhs": 16, "rhs": 8}), []),
    Case("vector-matvec-input", "LINALG-VECTOR-LENGTH",
         call("MultiplyVector", "F16 32 16 B Wave", vectors={"input": 16, "result": 16}),
         [E("LINALG-VECTOR-LENGTH", "input vector has 16 elements, but MultiplyVector with "
            "Matrix<F16, 32, 16, B, Wave> needs 32 (the matrix's row count M)", VECTOR)]),
    Case("vector-matvec-bias", "LINALG-VECTOR-LENGTH",
         call("MultiplyAdd", "F16 32 16 B Thread", vectors={"input": 32, "bias": 32, "result": 16}),
         [E("LINALG-VECTOR-LENGTH", "bias vector has 32 elements, but MultiplyAdd with "
            "Matrix<F16, 32, 16, B, Thread> needs 16 (the matrix's column count)", VECTOR)]),
    Case("vector-thread-packed", "LINALG-VECTOR-LENGTH",
         call("GetThreadVector", "PackedS8x32 16 64 A Wave", vectors={"thread": 16}),
         [E("LINALG-VECTOR-LENGTH", "thread vector has 16 elements, but GetThreadVector with "
            "Matrix<PackedS8x32, 16, 64, A, Wave> needs 4 (MScalars, the row count M in scalars)", VECTOR)]),
    Case("vector-thread-b", "LINALG-VECTOR-LENGTH",
         call("FromThreadVectors", "F32 64 16 B ThreadGroup", vectors={"thread": 64}),
         [E("LINALG-VECTOR-LENGTH", "thread vector has 64 elements, but FromThreadVectors with "
            "Matrix<F32, 64, 16, B, ThreadGroup> needs 16 (NScalars, the column count N in scalars)",
            VECTOR)]),
    Case("vector-outer-rhs", "LINALG-VECTOR-LENGTH",
         call("OuterProduct", "F16 16 8 Accumulator Thread", vectors={"lhs": 16, "rhs": 16}),
         [E("LINALG-VECTOR-LENGTH", "second vector has 16 elements, but OuterProduct with "
            "Matrix<F16, 16, 8, Accumulator, Thread> needs 8 (the result's column count N)", VECTOR)]),

    # ---- LINALG-SHADER-MODEL ------------------------------------------------------
    Case("sm-6-10", "LINALG-SHADER-MODEL", mtype("F16 16 16 A Wave", ("lib", 6, 10)), []),
    Case("sm-driver-profile", "LINALG-SHADER-MODEL", mtype("F16 16 16 A Wave", Profile.parse("cs_6_10")), []),
    Case("accumulator-layout-6-10", "LINALG-SHADER-MODEL", call("AccumulatorLayout"), []),
    Case("sm-cs-6-8", "LINALG-SHADER-MODEL", mtype("F16 16 16 A Wave", ("cs", 6, 8)),
         [E("LINALG-SHADER-MODEL", "dx::linalg matrices need shader model 6.10 or later, "
            "but the target is cs_6_8", TYPE)]),
    Case("sm-lib-6-9-profile", "LINALG-SHADER-MODEL", mtype("F16 16 16 A Wave", Profile.parse("lib_6_9")),
         [E("LINALG-SHADER-MODEL", "dx::linalg matrices need shader model 6.10 or later, "
            "but the target is lib_6_9", TYPE)]),
    Case("accumulator-layout-lib-6-8", "LINALG-SHADER-MODEL", call("AccumulatorLayout", profile=("lib", 6, 8)),
         [E("LINALG-SHADER-MODEL", "dx::linalg matrices need shader model 6.10 or later, "
            "but the target is lib_6_8", CALL)]),

    # ---- LINALG-STAGE-SCOPE -------------------------------------------------------
    Case("stage-wave-compute", "LINALG-STAGE-SCOPE", entry("F16 16 16 A Wave", "compute"), []),
    Case("stage-thread-pixel", "LINALG-STAGE-SCOPE", entry("F16 32 16 B Thread", "pixel"), []),
    Case("stage-wave-pixel", "LINALG-STAGE-SCOPE", entry("F16 16 16 A Wave", "pixel"),
         [E("LINALG-STAGE-SCOPE", "Wave-scope matrix Matrix<F16, 16, 16, A, Wave> used from pixel shader "
            "entry point 'main': Wave and ThreadGroup scope matrices need a compute shader", CALL)]),
    Case("stage-threadgroup-vertex", "LINALG-STAGE-SCOPE", entry("F32 16 16 Accumulator ThreadGroup", "vertex"),
         [E("LINALG-STAGE-SCOPE", "ThreadGroup-scope matrix Matrix<F32, 16, 16, Accumulator, ThreadGroup> "
            "used from vertex shader entry point 'main': Wave and ThreadGroup scope matrices need a "
            "compute shader", CALL)]),

    # ---- LINALG-GROUPSHARED-SIZE --------------------------------------------------
    Case("groupshared-exact", "LINALG-GROUPSHARED-SIZE",
         call("Store", "F16 16 32 A Wave", memory="groupshared", groupshared_elements=512,
              groupshared_element_bytes=2, layout=ROW, stride=32, offset=0), []),
    Case("groupshared-not-constant", "LINALG-GROUPSHARED-SIZE",
         call("Store", "F16 16 32 A Wave", memory="groupshared", groupshared_elements=16,
              groupshared_element_bytes=2, layout=ROW, stride=None, offset=None), []),
    Case("groupshared-packed-fits", "LINALG-GROUPSHARED-SIZE",
         call("Load", "PackedS8x32 16 64 A Wave", memory="groupshared", groupshared_elements=256,
              groupshared_element_bytes=4, layout=ROW, stride=16, offset=0), []),
    Case("groupshared-store-too-small", "LINALG-GROUPSHARED-SIZE",
         call("Store", "F16 16 32 A Wave", memory="groupshared", groupshared_elements=256,
              groupshared_element_bytes=2, layout=ROW, stride=32, offset=0),
         [E("LINALG-GROUPSHARED-SIZE", "groupshared array is too small for this Store: "
            "Matrix<F16, 16, 32, A, Wave> with StartIdx 0, stride 32 and layout 'RowMajor' needs 512 "
            "elements, the array has 256", MEMORY)]),
    Case("groupshared-offset", "LINALG-GROUPSHARED-SIZE",
         call("Accumulate", "F32 16 16 Accumulator ThreadGroup", memory="groupshared",
              groupshared_elements=512, groupshared_element_bytes=4, layout=COL, stride=16, offset=300),
         [E("LINALG-GROUPSHARED-SIZE", "groupshared array is too small for this Accumulate: "
            "Matrix<F32, 16, 16, Accumulator, ThreadGroup> with StartIdx 300, stride 16 and layout "
            "'ColMajor' needs 556 elements, the array has 512", MEMORY)]),
    Case("groupshared-any-offset", "LINALG-GROUPSHARED-SIZE",
         call("Load", "F16 16 32 A Wave", memory="groupshared", groupshared_elements=500,
              groupshared_element_bytes=2, layout=ROW, stride=32, offset=None),
         [E("LINALG-GROUPSHARED-SIZE", "groupshared array is too small for this Load: "
            "Matrix<F16, 16, 32, A, Wave> with any StartIdx, stride 32 and layout 'RowMajor' needs at "
            "least 512 elements, the array has 500", MEMORY)]),
    Case("groupshared-packed", "LINALG-GROUPSHARED-SIZE",
         call("Load", "PackedS8x32 16 64 A Wave", memory="groupshared", groupshared_elements=255,
              groupshared_element_bytes=4, layout=ROW, stride=16, offset=0),
         [E("LINALG-GROUPSHARED-SIZE", "groupshared array is too small for this Load: "
            "Matrix<PackedS8x32, 16, 64, A, Wave> with StartIdx 0, stride 16 and layout 'RowMajor' "
            "needs 256 elements, the array has 255", MEMORY)]),
]


def _run(case: Case) -> list[Diagnostic]:
    diags = Diagnostics()
    case.run(diags)
    return list(diags)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Case) -> None:
    got = [Expected(d.severity, d.id, d.message, d.span) for d in _run(case)]
    assert got == case.expected
    for e in case.expected:
        assert rule(e.id).severity == e.severity.value


def test_every_sema_rule_has_a_passing_and_a_failing_case() -> None:
    for r in RULES.values():
        if r.id.startswith("WAVEMATRIX-"):
            continue    # tests/wavematrix/*.hlsl and test_validate_wavematrix.py
        cases = [c for c in CASES if c.rule == r.id]
        if "sema" not in r.checked_in:
            assert not cases, f"{r.id} is not checked by sema but has sema cases"
            continue
        assert any(not c.expected for c in cases), f"{r.id} has no passing case"
        assert any(any(e.id == r.id for e in c.expected) for c in cases), f"{r.id} has no failing case"


def test_ir_only_rules_are_not_reported_by_sema() -> None:
    source = Path(linalg_rules.__file__).read_text()
    reported = set(re.findall(r'"(LINALG-[A-Z0-9-]+)"', source))
    assert reported <= set(RULES)
    for r in RULES.values():
        if r.id.startswith("LINALG-"):
            assert (r.id in reported) == ("sema" in r.checked_in), r.id


def test_rules_registry() -> None:
    assert rule("LINALG-LAYOUT-SCOPE") is RULES["LINALG-LAYOUT-SCOPE"]
    with pytest.raises(KeyError, match="LINALG-NOPE"):
        rule("LINALG-NOPE")
    for r in RULES.values():
        assert isinstance(r, Rule)
        assert r.id.startswith(("LINALG-", "WAVEMATRIX-", "IR-", "PORTABILITY-"))
        assert r.severity in ("error", "warning") and r.title and r.spec
    for templated in ("LINALG-OPERAND-USE", "LINALG-SCOPE-MISMATCH"):
        assert RULES[templated].checked_in == ("templates", "ir")
    assert RULES["LINALG-MATRIX-ORIGIN"].ir_only


def test_docs_table_matches_registry() -> None:
    text = (REPO / "docs" / "rules.md").read_text()
    begin, end = "<!-- BEGIN RULES TABLE", "<!-- END RULES TABLE -->"
    start = text.index("\n", text.index(begin)) + 1
    assert text[start:text.index(end)] == rules_markdown_table(), \
        "docs/rules.md is stale: regenerate the table with `python -m hlslc.spec.rules`"


# ---- behaviour beyond single rules ---------------------------------------------

def test_spec_examples_compile_with_only_the_overlap_warning() -> None:
    """The proposal's three usage examples: only errata 17's warning."""
    diags = Diagnostics()
    types = ["F16 8 32 A Wave", "F16 32 16 B Wave", "F16 8 16 Accumulator Wave",
             "F32 8 16 Accumulator Wave", "F16 16 8 Accumulator Thread"]
    for t in types:
        check_matrix_type(shape(t), TYPE, diags, ("cs", 6, 10))
    calls = [
        call("Load", "F16 8 32 A Wave", memory="RWByteAddressBuffer", offset=0, stride=8 * 4, layout=ROW),
        call("Load", "F16 32 16 B Wave", memory="RWByteAddressBuffer", offset=0, stride=32 * 4, layout=ROW),
        call("Multiply", "F16 8 16 Accumulator Wave", "F16 8 32 A Wave", "F16 32 16 B Wave"),
        call("Multiply", "F32 8 16 Accumulator Wave", "F16 8 32 A Wave", "F16 32 16 B Wave"),
        call("MultiplyVector", "F16 32 16 B Wave", vectors={"input": 32, "result": 16}),
        call("OuterProduct", "F16 16 8 Accumulator Thread", vectors={"lhs": 16, "rhs": 8}),
        call("Accumulate", "F16 16 8 Accumulator Thread", memory="RWByteAddressBuffer", offset=0, stride=0,
             layout=OPO),
    ]
    for c in calls:
        c(diags)
    assert [(d.severity, d.id) for d in diags] == [(Severity.WARNING, "LINALG-STRIDE-SHORT")]
    assert not diags.has_errors


def test_notes_explain() -> None:
    diags = Diagnostics()
    entry("F16 16 16 A Wave", "pixel")(diags)
    (d,) = diags
    assert [(n.message, n.span) for n in d.notes] == [("entry point 'main' declared here", ENTRY)]

    diags = Diagnostics()
    call("Load", "PackedS8x32 16 64 A Wave", memory="groupshared", groupshared_elements=255,
         groupshared_element_bytes=4, layout=ROW, stride=16, offset=0)(diags)
    (d,) = diags
    assert [n.message for n in d.notes] == [
        "the last row starts at element 240 and is 16 elements long",
        "packed 8-bit values are counted four to a 32-bit array element"]

    diags = Diagnostics()
    mtype("F16 16 16 A Wave", ("cs", 6, 9))(diags)
    (d,) = diags
    assert [n.message for n in d.notes] == ["compile with -T cs_6_10"]


def test_spans_fall_back_to_the_call() -> None:
    diags = Diagnostics()
    call("Store", "F16 16 32 A Wave", memory="RWByteAddressBuffer", layout=MULOPT, arg_spans={})(diags)
    (d,) = diags
    assert d.span == CALL


def test_warnings_follow_the_sink_options() -> None:
    made = LinalgCall(operation="Load", span=CALL, matrix=shape("F16 8 32 A Wave"),
                      memory="RWByteAddressBuffer", layout=ROW, stride=32)
    quiet = Diagnostics(suppress_warnings=True)
    check_linalg_call(made, quiet)
    assert len(quiet) == 0
    strict = Diagnostics(warnings_as_errors=True)
    check_linalg_call(made, strict)
    assert strict.has_errors


def test_shape_properties() -> None:
    a = shape("F16 16 32 A Wave")
    assert (a.packed, a.element_bytes, a.k_dimension, a.spell()) == \
        (False, 2, 32, "Matrix<F16, 16, 32, A, Wave>")
    b = shape("PackedU8x32 64 16 B Wave")
    assert (b.packed, b.element_bytes, b.k_dimension, b.m_scalars, b.n_scalars) == (True, 4, 64, 16, 4)
    acc = shape("F64 8 8 Accumulator ThreadGroup")
    assert (acc.element_bytes, acc.k_dimension) == (8, None)
    assert shape("I1 4 4 A Wave").element_bytes == 4
    # The header packs every non-native component four per scalar.
    assert shape("SNormF16 16 16 A Wave").m_scalars == 4
    assert not shape("SNormF16 16 16 A Wave").packed
    lines = memory_lines(b, COL, "groupshared", 4)
    assert (lines.count, lines.size, lines.word, lines.unit) == (16, 16, "column", "array elements")
    assert memory_lines(b, COL, "groupshared", 2).size == 64


@pytest.mark.parametrize("bad", [
    dict(component="F8"), dict(use="C"), dict(scope="Device"), dict(m=-1)])
def test_bad_shapes_are_internal_errors(bad) -> None:
    fields = dict(component="F16", m=16, n=16, use="A", scope="Wave") | bad
    with pytest.raises(ValueError):
        MatrixShape(**fields)


def test_bad_calls_are_internal_errors() -> None:
    with pytest.raises(ValueError, match="unknown dx::linalg operation"):
        LinalgCall(operation="Transpose", span=CALL)
    with pytest.raises(ValueError, match="needs a memory kind"):
        LinalgCall(operation="Load", span=CALL, matrix=shape("F16 16 16 A Wave"))
    with pytest.raises(ValueError, match="no vector operand"):
        LinalgCall(operation="Multiply", span=CALL, vectors={"input": 4})
