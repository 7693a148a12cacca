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
`bool` operands as `i1`); and the Microsoft-ABI names of groupshared
globals (`\\01?SharedArr@@3PAMA`), declared `external addrspace(3)` with
`align 4` as DXC's are.

Does not own: the table of built-ins (`hlslc/sema/linalg_builtins.py`),
the operation table (`hlslc/dxil/ops.py`), the rest of lowering.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llvmlite import ir

from ..front import ast as A
from ..sema import types as T
from .base import I8, I32, LowerError

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


# PROVISIONAL until the shared operation table has the LinAlg rows (branch
# s24-validate): the experimental opcode (0x80000000 | n) and where each
# overload dimension comes from ("r" the result, k the k-th operand after
# the opcode, "*k" the pointee of operand k).
_PROVISIONAL = {
    "LinAlgMatrixMultiplyAccumulate": (11, ("r", 1, 2, 3)), "LinAlgFillMatrix": (12, ("r", 1)),
    "LinAlgCopyConvertMatrix": (13, ("r", 1)), "LinAlgMatrixLoadFromDescriptor": (14, ("r",)),
    "LinAlgMatrixLoadFromMemory": (15, ("r", "*1")), "LinAlgMatrixLength": (16, (1,)),
    "LinAlgMatrixGetCoordinate": (17, (1,)), "LinAlgMatrixGetElement": (18, ("r", 1)),
    "LinAlgMatrixSetElement": (19, ("r", 1, 3)), "LinAlgMatrixStoreToDescriptor": (20, (1,)),
    "LinAlgMatrixStoreToMemory": (21, (1, "*2")), "LinAlgMatrixQueryAccumulatorLayout": (22, ()),
    "LinAlgMatrixMultiply": (23, ("r", 1, 2)), "LinAlgMatrixAccumulate": (24, ("r", 1, 2)),
    "LinAlgMatVecMul": (25, ("r", 1, 3)), "LinAlgMatVecMulAdd": (26, ("r", 1, 3, 5)),
    "LinAlgMatrixAccumulateToDescriptor": (27, (1,)), "LinAlgMatrixAccumulateToMemory": (28, (1, "*2")),
    "LinAlgMatrixOuterProduct": (29, ("r", 1, 2)), "LinAlgConvert": (30, ("r", 1)),
    "LinAlgVectorAccumulateToDescriptor": (31, (4,)),
}


def overload_name(ty: ir.Type) -> str:
    """DXC's name of an overload type (`f32`, `v4f16`, `mC9M4N4U0S1`)."""
    if isinstance(ty, ir.VectorType):
        return f"v{ty.count}{overload_name(ty.element)}"
    if isinstance(ty, ir.IntType):
        return f"i{ty.width}"
    if isinstance(ty, ir.IdentifiedStructType):
        if ty.name.startswith(MATRIX_TYPE_PREFIX):
            return "m" + ty.name[len(MATRIX_TYPE_PREFIX):]
        return ty.name
    return {ir.HalfType: "f16", ir.FloatType: "f32", ir.DoubleType: "f64"}[type(ty)]


def linalg_op(gen: "Codegen", name: str, result_type: ir.Type, operands: list[ir.Value]) -> ir.Value:
    """Call LinAlg operation `name`, its function named by the overload
    dimensions DXC's table gives it."""
    number, dims = _PROVISIONAL[name]
    types = [result_type] + [op.type for op in operands]
    parts = []
    for dim in dims:
        if dim == "r":
            parts.append(overload_name(result_type))
        elif isinstance(dim, str):
            parts.append(overload_name(types[int(dim[1:])].pointee))
        else:
            parts.append(overload_name(types[dim]))
    fname = "dx.op." + name[0].lower() + name[1:] + "".join("." + p for p in parts)
    fn = gen.declared.get(fname)
    if fn is None:
        fn = ir.Function(gen.module, ir.FunctionType(result_type, [I32] + [op.type for op in operands]), fname)
        fn.attributes.add("nounwind")
        gen.declared[fname] = fn
    opcode = ir.Constant(I32, number - (1 << 31))
    return gen.builder.call(fn, [opcode] + operands)


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


# --------------------------------------------------------------------------
# Names of groupshared globals (Microsoft ABI, as DXC mangles them)

_SCALAR_CODES = {"int": "H", "uint": "I", "float": "M", "double": "N", "bool": "_N", "int64_t": "_J",
                 "uint64_t": "_K", "int16_t": "F", "uint16_t": "G", "min16float": "$min16f@",
                 "min10float": "$min10f@", "min16int": "$min16i@", "min12int": "$min12i@",
                 "min16uint": "$min16ui@", "int8_t4_packed": "$i8_4pk@", "uint8_t4_packed": "$ui8_4pk@"}


def _number(value: int) -> str:
    """A template argument's integer, mangled (`$0` then 0-9 for 1-10,
    else hex digits A-P ended by `@`)."""
    if 1 <= value <= 10:
        return str(value - 1)
    digits = ""
    v = value
    while v:
        digits = chr(ord("A") + (v & 15)) + digits
        v >>= 4
    return (digits or "A") + "@"


def _type_code(t: T.Type, native_16bit: bool) -> str | None:
    if isinstance(t, T.ScalarType):
        if t.kind == "float" and t.bits == 16 and t.name == "half":
            return "$f16@" if native_16bit else "$halff@"
        return _SCALAR_CODES.get(t.name)
    if isinstance(t, T.VectorType):
        elem = _type_code(t.elem, native_16bit)
        return None if elem is None else f"V?$vector@{elem}$0{_number(t.size)}@@"
    if isinstance(t, T.MatrixType):
        elem = _type_code(t.elem, native_16bit)
        return None if elem is None else f"V?$matrix@{elem}$0{_number(t.rows)}$0{_number(t.cols)}@@"
    if isinstance(t, T.ClassType) and t.instance.template is None and "::" not in t.instance.qualified_name:
        return f"U{t.instance.name}@@"
    return None


def groupshared_name(name: str, t: T.Type, native_16bit: bool) -> str:
    """DXC's symbol for a global groupshared variable (`\\01?Tile@@3PAMA`
    for `groupshared float Tile[N]`); the plain name where the type has no
    mangling here."""
    if isinstance(t, T.ArrayType) and not isinstance(t.elem, T.ArrayType):
        code = _type_code(t.elem, native_16bit)
        return f"\x01?{name}@@3PA{code}A" if code is not None else name
    code = _type_code(t, native_16bit)
    return f"\x01?{name}@@3{code}A" if code is not None else name

