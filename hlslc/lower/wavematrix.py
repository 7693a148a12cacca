"""Lowering of SM 6.8 Wave Matrix variables and methods, in the exact forms
DXC's preview emitted (`../shared/design/dxil-facts.md`).

Owns: one `alloca %dx.types.waveMatrix` per variable followed by one
`waveMatrix_Annotate` with its `%dx.types.waveMatProps` (kind, component
type, M, N), and each method's operation: `waveMatrix_Depth`, `_Fill`,
`_LoadRawBuf` / `_LoadGroupShared`, `_StoreRawBuf` / `_StoreGroupShared`,
`_Multiply` (two opcodes, one function), `_ScalarOp`, `_Accumulate` (sum
accumulate and add: two opcodes, one function).  A wave matrix is used
through its pointer, so passing one to a function passes the matrix.
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)

from llvmlite import ir

from ..front import ast as A
from ..sema import types as T
from .base import I1, I8, I32, LowerError

if TYPE_CHECKING:  # pragma: no cover
    from ..sema.analyzer import CallInfo
    from .codegen import Codegen

_KINDS = {"WaveMatrixLeft": "Left", "WaveMatrixRight": "Right", "WaveMatrixLeftColAcc": "LeftColAcc",
          "WaveMatrixRightRowAcc": "RightRowAcc", "WaveMatrixAccumulator": "Accumulator"}
_COMPONENTS = {"half": "F16", "float": "F32", "int": "I32", "int8_t4_packed": "PackedS8x32",
               "uint8_t4_packed": "PackedU8x32"}
_SCALAR_OPS = {"ScalarAdd": "Add", "ScalarSubtract": "Subtract", "ScalarMultiply": "Multiply",
               "ScalarDivide": "Divide"}


def props(gen: "Codegen", wm: T.WaveMatrixType) -> ir.Constant:
    kinds = gen.ops.enum("WaveMatrixKind")
    components = gen.ops.enum("WaveMatrixComponentType")
    component = _COMPONENTS.get(wm.elem.name)
    if component is None:
        raise LowerError(f"no Wave Matrix component type for '{wm.elem.spell()}'", None)
    return ir.Constant(gen.structs["dx.types.waveMatProps"],
                       [ir.Constant(I8, kinds[_KINDS[wm.kind]]), ir.Constant(I8, components[component]),
                        ir.Constant(I32, wm.m), ir.Constant(I32, wm.n)])


def declare_variable(gen: "Codegen", wm: T.WaveMatrixType, name: str) -> ir.Value:
    """`alloca %dx.types.waveMatrix` + `waveMatrix_Annotate`."""
    gen.wave_matrix_lowered.append((wm, None))
    slot = gen.alloca(gen.structs["dx.types.waveMatrix"], name)
    saved = gen.builder
    gen.builder = gen.alloca_builder
    try:
        gen.op("WaveMatrix_Annotate", [slot, props(gen, wm)])
    finally:
        gen.builder = saved
    return slot


def _element(gen: "Codegen", wm: T.WaveMatrixType) -> tuple[ir.Type, T.ScalarType]:
    elem = wm.elem
    if elem.name.endswith("4_packed"):
        return I32, T.UINT
    return gen.llt(elem), elem


def lower_method(gen: "Codegen", expr: A.CallExpr, info: "CallInfo") -> ir.Value:
    name = info.target
    wm: T.WaveMatrixType = gen.expr_type(info.object)
    matrix = gen.emit_expr(info.object)
    gen.wave_matrix_lowered.append((wm, name))
    b = gen.builder
    if name == "MatrixDepth":
        return gen.op("WaveMatrix_Depth", [props(gen, wm)], name_hint="depth")
    elem_ty, elem_t = _element(gen, wm)
    if name == "Fill":
        value = gen.emit_converted(expr.args[0], elem_t)
        gen.op("WaveMatrix_Fill", [matrix, value], overload=elem_ty)
        return ir.Constant(I32, 0)
    if name in _SCALAR_OPS:
        value = gen.emit_converted(expr.args[0], elem_t)
        op = gen.ops.enum("WaveMatrixScalarOp")[_SCALAR_OPS[name]]
        gen.op("WaveMatrix_ScalarOp", [matrix, ir.Constant(I8, op), value], overload=elem_ty)
        return ir.Constant(I32, 0)
    for arg in expr.args:
        arg_t = gen.expr_type(arg)
        if isinstance(arg_t, T.WaveMatrixType):       # an operand of Multiply, SumAccumulate, Add
            gen.wave_matrix_lowered.append((arg_t, name))
    if name in ("Multiply", "MultiplyAccumulate"):
        left, right = (gen.emit_expr(a) for a in expr.args)
        gen.op("WaveMatrix_Multiply" if name == "Multiply" else "WaveMatrix_MultiplyAccumulate",
               [matrix, left, right])
        return ir.Constant(I32, 0)
    if name in ("SumAccumulate", "Add"):
        other = gen.emit_expr(expr.args[0])
        gen.op("WaveMatrix_SumAccumulate" if name == "SumAccumulate" else "WaveMatrix_Add", [matrix, other])
        return ir.Constant(I32, 0)
    if name in ("Load", "Store"):
        fragment = wm.kind in ("WaveMatrixLeftColAcc", "WaveMatrixRightRowAcc")
        memory_t = gen.expr_type(expr.args[0])
        offset = gen.emit_converted(expr.args[1], T.UINT)
        stride = gen.emit_converted(expr.args[2], T.UINT)
        if fragment:
            col_major = ir.Constant(I1, 0)
            extra = expr.args[3:]
        else:
            col_major = gen.emit_converted(expr.args[3], T.BOOL)
            extra = expr.args[4:]
        if isinstance(memory_t, T.ResourceType):
            handle = gen.emit_expr(expr.args[0])
            align = gen.emit_converted(extra[0], T.UINT) if extra else ir.Constant(I32, 0)
            if isinstance(align, ir.Constant):
                align = ir.Constant(I8, align.constant)
            else:
                align = b.trunc(align, I8)
            gen.op(f"WaveMatrix_{name}RawBuf", [matrix, handle, offset, stride, align, col_major])
        else:
            pointer = gen.emit_lvalue(expr.args[0])
            first = b.gep(pointer, [ir.Constant(I32, 0), ir.Constant(I32, 0)])
            gen.op(f"WaveMatrix_{name}GroupShared", [matrix, first, offset, stride, col_major],
                   overload=first.type.pointee)
        return ir.Constant(I32, 0)
    raise LowerError(f"code generation does not support '{name}' on '{wm.spell()}' yet", expr.span)
