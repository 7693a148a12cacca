"""Lowering of `--linalg-revision=dxc`: DXC's matrix handle type and its
`__builtin_LinAlg_*` built-ins to DXC's DXIL, and the names DXC gives
groupshared globals.

Owns: the LLVM type of an attributed `__builtin_LinAlgMatrix`
(`%dx.types.LinAlgMatrixC<c>M<m>N<n>U<u>S<s> = type { i8* }`, the matrix
passed by value) and the `!dx.targetTypes` entry recorded when a type is
first made (`!{%dx.types.LinAlgMatrix... undef, i32 c, i32 m, i32 n, i32
u, i32 s}`, in first-use order); a built-in call lowered to its `dx.op`
operation (the result of an `out`/`ref` built-in stored to its first
argument, a groupshared array passed as a constant GEP to its element 0,
`bool` operands as `i1`); or, with -fcgl, to DXC's high-level call
(`dx.hl.op`, `high_level`).  Groupshared globals are named as DXC names
them (`mangle.groupshared_name`: `\\01?SharedArr@@3PAMA`), declared
`external addrspace(3)` with `align 4` as DXC's are.

Does not own: the table of built-ins (`hlslc/sema/linalg_builtins.py`),
the operation table (`hlslc/dxil/ops.py`), the rest of lowering.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llvmlite import ir

from ..front import ast as A
from ..sema import types as T
from .base import I8, I32, LowerError
from .dxc_print import llvm_type_text

if TYPE_CHECKING:  # pragma: no cover
    from ..sema.analyzer import CallInfo
    from .codegen import Codegen

MATRIX_TYPE_PREFIX = "dx.types.LinAlgMatrix"


def matrix_type(gen: "Codegen", t: T.LinAlgHandleType, span: Any = None) -> ir.Type:
    """The LLVM type of an attributed matrix handle (made, and recorded for
    `!dx.targetTypes`, on first use)."""
    if not t.attributed:
        raise LowerError("'__builtin_LinAlgMatrix' without attributes is not a matrix that code can be "
                         "generated for: give it [[__LinAlgMatrix_Attributes(...)]]", span)
    name = MATRIX_TYPE_PREFIX + t.mangling
    made = gen.linalg_target_types.get(name)
    if made is None:
        made = gen.context.get_identified_type(name)
        if made.is_opaque:
            made.set_body(I8.as_pointer())
        gen.linalg_target_types[name] = (made, t)
        return made
    return made[0]


def target_type_nodes(gen: "Codegen") -> list[Any]:
    """The `!dx.targetTypes` tuples, in the order the types were made."""
    m = gen.module
    nodes = []
    for ty, t in gen.linalg_target_types.values():
        nodes.append(m.add_metadata([ir.Constant(ty, ir.Undefined)] +
                                    [ir.Constant(I32, v) for v in (t.component, t.m, t.n, t.use, t.scope)]))
    return nodes


# --------------------------------------------------------------------------
# Built-in calls

def lower_builtin(gen: "Codegen", expr: A.CallExpr, info: "CallInfo") -> ir.Value:
    match = info.target
    builtin = match.builtin
    operands: list[ir.Value] = []
    result_expr: A.Expr | None = None
    result_type: ir.Type = ir.VoidType()
    for param, ptype, arg in zip(builtin.params, match.param_types, expr.args):
        if param.mode in ("out", "ref"):
            result_expr = arg
            result_type = gen.llt(ptype, arg.span)
            continue
        if param.kind == "gsarray":
            operands.append(groupshared_operand(gen, arg))
        elif param.kind in ("ByteAddressBuffer", "RWByteAddressBuffer"):
            operands.append(gen.emit_expr(arg))
        else:
            operands.append(gen.emit_converted(arg, ptype))
    if builtin.returns != "void":
        result_type = gen.llt(builtin.return_type, expr.span)
    value = linalg_op(gen, builtin.operation, result_type, operands)
    if result_expr is not None:
        gen.store_to(result_expr, value)
        return ir.Constant(I32, 0)
    return value if builtin.returns != "void" else ir.Constant(I32, 0)


def linalg_op(gen: "Codegen", name: str, result_type: ir.Type, operands: list[ir.Value]) -> ir.Value:
    """Call the table's LinAlg operation `name`: its function is named by
    the overload the operand and result types make (DXC's dimensions,
    `dx.op.linAlgMatrixGetElement.i64.mC4M5N4U1S2`)."""
    op = gen.ops.operation(name)
    overload = gen.ops.overload_from_types(op, llvm_type_text(result_type),
                                           ["i32"] + [llvm_type_text(v.type) for v in operands])
    fname = gen.ops.function_name(op, *(overload if isinstance(overload, tuple) else
                                        () if overload is None else (overload,)))
    fn = gen.declared.get(fname)
    if fn is None:
        fn = ir.Function(gen.module, ir.FunctionType(result_type, [I32] + [v.type for v in operands]), fname)
        for attr in op.attributes:
            fn.attributes.add(attr)
        fn.attributes.add("nounwind")
        gen.declared[fname] = fn
    return gen.builder.call(fn, [ir.Constant(I32, op.opcode)] + operands)


def call_comment(ins: ir.CallInstr, ops: Any) -> str | None:
    """DXC's comment after a `dx.op` call: the operation and its operand
    names (`LinAlgFillMatrix(value)`)."""
    callee = ins.callee
    if not isinstance(callee, ir.Function) or not callee.name.startswith("dx.op.") or not ins.args:
        return None
    opcode = ins.args[0]
    if not isinstance(opcode, ir.Constant) or not isinstance(opcode.constant, int):
        return None
    try:
        op = ops.by_opcode(opcode.constant)
    except (KeyError, ValueError):
        return None
    return f"{op.name}({','.join(p.name for p in op.params)})"


def groupshared_operand(gen: "Codegen", arg: A.Expr) -> ir.Value:
    """A groupshared array argument: a pointer to its element 0, as a
    constant GEP when the array is a global (it always is in DXIL)."""
    pointer = gen.emit_lvalue(arg)
    array_ty = pointer.type.pointee
    if not isinstance(array_ty, ir.ArrayType):
        raise LowerError("internal: a groupshared operand that is not an array", arg.span)
    elem_ptr = array_ty.element.as_pointer(pointer.type.addrspace)
    if isinstance(pointer, ir.GlobalVariable):
        text = (f"getelementptr inbounds ({array_ty}, {pointer.type} {pointer.get_reference()}, i32 0, i32 0)")
        return ir.FormattedConstant(elem_ptr, text)
    return gen.builder.gep(pointer, [ir.Constant(I32, 0), ir.Constant(I32, 0)], inbounds=True)
