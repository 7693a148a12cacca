"""Lowering of dx::linalg calls to the proposal's DXIL operations.

Owns: the mapping from each API operation (as sema recorded it, with its
matrix shapes) to `createMatrix` and the operation the SM 6.10 revision
gives it, with enum operands carrying the DXIL values of the operation
table, and the PSV `MatrixUse` entries for `matrixOp`, `matvecmul` and
`matvecmuladd` (errata 16 for the vector forms).

Matrices are handles (`%dx.types.MatrixRef*`): a copy copies the handle, so
in-place operations (`+=`, `FromThreadVectors`, `MultiplyAccumulate`)
modify the matrix every copy refers to, as the spec's by-value Matrix does.
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)

from llvmlite import ir

from ..front import ast as A
from ..sema import types as T
from ..sema.linalg import shape_of
from ..spec.linalg_rules import SCALAR_COMPONENTS, MatrixShape
from .base import I32, LowerError

if TYPE_CHECKING:  # pragma: no cover
    from ..sema.analyzer import CallInfo
    from .codegen import Codegen

_BINARY_OPS = {"operator+=": "add", "operator-=": "sub", "operator*=": "mul", "operator/=": "div"}


def matrix_shape(gen: "Codegen", t: T.Type) -> MatrixShape:
    if not isinstance(t, T.ClassType):
        raise LowerError(f"internal: expected a dx::linalg matrix, got '{t.spell()}'", None)
    shape = shape_of(t.instance)
    if shape is None:
        raise LowerError(f"internal: cannot read the shape of '{t.spell()}'", None)
    return shape


def _enum(gen: "Codegen", name: str, key: str) -> ir.Constant:
    return ir.Constant(I32, gen.ops.enum(name)[key])


def create_matrix(gen: "Codegen", shape: MatrixShape) -> ir.Value:
    return gen.op("CreateMatrix", [_enum(gen, "MatrixComponentType", shape.component), ir.Constant(I32, shape.m),
                                   ir.Constant(I32, shape.n), _enum(gen, "MatrixUse", shape.use),
                                   _enum(gen, "MatrixScope", shape.scope)], name_hint="matrix")


def _args(gen: "Codegen", expr: A.CallExpr, info: "CallInfo") -> list[ir.Value]:
    return [gen.emit_converted(arg, ptype) for arg, ptype in zip(expr.args, info.param_types)]


def _layout_operand(gen: "Codegen", value: ir.Value) -> ir.Value:
    """The draft revision's `bool ColMajor` becomes layout 0 or 1."""
    if value.type == ir.IntType(1):
        if isinstance(value, ir.Constant):
            return ir.Constant(I32, int(value.constant))
        return gen.builder.zext(value, I32)
    return value


def _groupshared_pointer(gen: "Codegen", arg: A.Expr) -> tuple[ir.Value, ir.Type]:
    pointer = gen.emit_lvalue(arg)
    array_ty = pointer.type.pointee
    elem_ty = array_ty.element if isinstance(array_ty, ir.ArrayType) else array_ty
    first = gen.builder.gep(pointer, [ir.Constant(I32, 0), ir.Constant(I32, 0)]) \
        if isinstance(array_ty, ir.ArrayType) else pointer
    return first, elem_ty


def _memory_operation(gen: "Codegen", kind: str, matrix: ir.Value, expr: A.CallExpr, info: "CallInfo") -> None:
    """Load / Store / Accumulate, to a descriptor or to groupshared memory."""
    call = info.linalg
    params = info.param_types
    rest = [gen.emit_converted(a, p) for a, p in zip(expr.args[1:4], params[1:4])]
    if len(rest) > 2:
        rest[2] = _layout_operand(gen, rest[2])
    if call.memory == "groupshared":
        pointer, elem_ty = _groupshared_pointer(gen, expr.args[0])
        gen.op(f"Matrix{kind}Memory", [matrix, pointer] + rest, overload=elem_ty)
    else:
        handle = gen.emit_expr(expr.args[0])
        gen.op(f"Matrix{kind}Descriptor", [matrix, handle] + rest)


def lower_linalg_call(gen: "Codegen", expr: A.CallExpr, info: "CallInfo") -> ir.Value:
    call = info.linalg
    fn = info.target
    if call is None:
        raise LowerError(f"code generation does not support '{fn.name}' yet", expr.span)
    operation = call.operation
    gen.linalg_lowered.append(call)
    b = gen.builder
    obj = gen.emit_expr(info.object) if info.object is not None else None

    if operation == "Load":
        matrix = create_matrix(gen, call.matrix)
        _memory_operation(gen, "LoadFrom", matrix, expr, info)
        return matrix
    if operation in ("Store", "Accumulate"):
        _memory_operation(gen, "StoreTo" if operation == "Store" else "AccumulateTo", obj, expr, info)
        return ir.Constant(I32, 0)
    if operation == "Splat":
        (value,) = _args(gen, expr, info)
        matrix = create_matrix(gen, call.matrix)
        gen.op("FillMatrix", [matrix, value], overload=value.type)
        return matrix
    if operation == "cast":
        matrix = create_matrix(gen, call.matrix)
        gen.op("CastMatrix", [matrix, obj])
        return matrix
    if operation == "ApplyUnaryOperation":
        op_value = fn.template_bindings.get("Op")
        name = op_value.type.symbol.name_of(op_value.value) if isinstance(op_value, T.ConstValue) else None
        if name is None:
            raise LowerError("internal: ApplyUnaryOperation without its operation", expr.span)
        gen.op("MatrixElementwiseUnaryOp", [_enum(gen, "MatrixUnaryOperation", name.lower() if name != "NOp" else "nop"),
                                            obj])
        return obj
    if operation == "FromThreadVectors":
        (vector,) = _args(gen, expr, info)
        gen.op("MatrixLoadFromThreads", [obj, vector], overload=vector.type)
        return obj
    if operation == "GetThreadVector":
        args = _args(gen, expr, info)
        index = args[0] if args else ir.Constant(I32, 0)
        result_ty = gen.llt(info.return_type, expr.span)
        return gen.op("MatrixExtractToThreads", [obj, index], overload=result_ty, name_hint="vec")
    if operation in ("MultiplyAccumulate", "SumAccumulate"):
        a, bm = (gen.emit_expr(arg) for arg in expr.args)
        gen.op("MatrixMultiplyAccumulate" if operation == "MultiplyAccumulate" else "MatrixSumAccumulate",
               [a, bm, obj])
        _matrix_use(gen, call.operands[0], call.operands[1], call.matrix)
        return ir.Constant(I32, 0)
    if operation == "Multiply":
        a, bm = (gen.emit_expr(arg) for arg in expr.args)
        result = create_matrix(gen, call.matrix)
        gen.op("MatrixMultiply", [a, bm, result])
        _matrix_use(gen, call.operands[0], call.operands[1], call.matrix)
        return result
    if operation in ("MultiplyVector", "MultiplyAdd"):
        args = _args(gen, expr, info)
        result_ty = gen.llt(info.return_type, expr.span)
        if operation == "MultiplyVector":
            value = gen.op("MatVecMul", [args[0], args[1]], overload=(result_ty, args[0].type), name_hint="mv")
        else:
            # DXIL's bias has the result's type: convert HLSL's bias vector first.
            bias_t = info.param_types[2]
            bias = gen.convert(args[2], bias_t, info.return_type, True, expr.span) \
                if bias_t is not info.return_type else args[2]
            value = gen.op("MatVecMulAdd", [args[0], args[1], bias], overload=(result_ty, args[0].type),
                           name_hint="mva")
        _vector_use(gen, call.matrix, info, expr)
        return value
    if operation == "OuterProduct":
        va, vb = _args(gen, expr, info)
        shape = call.matrix
        outer = gen.op("MatrixOuterProduct", [_enum(gen, "MatrixComponentType", shape.component),
                                              ir.Constant(I32, shape.m), ir.Constant(I32, shape.n),
                                              _enum(gen, "MatrixScope", shape.scope), va, vb],
                       overload=(va.type, vb.type), name_hint="outer")
        if fn.owner is None:
            return outer
        # The draft revision's member `m.OuterProductAccumulate(a, b)`: the
        # outer product of the SM 6.10 revision, added into `m` (there is no
        # DXIL operation of its own; matrixAccumulate is hlslc's, documented).
        gen.op("MatrixAccumulate", [obj, outer])
        return ir.Constant(I32, 0)
    if operation == "AccumulatorLayout":
        return gen.op("MatrixQueryAccumulatorLayout", [], name_hint="layout")
    raise LowerError(f"code generation does not support '{fn.name}' yet", expr.span)


def lower_operator_call(gen: "Codegen", expr: A.AssignExpr, info: "CallInfo") -> ir.Value:
    """`m += x` and friends on a matrix: matrixElementwiseBinaryOp."""
    fn = info.target
    op = _BINARY_OPS.get(fn.name)
    if op is None:
        raise LowerError(f"code generation does not support '{fn.name}' yet", expr.span)
    if info.linalg is not None:
        gen.linalg_lowered.append(info.linalg)
    matrix = gen.emit_expr(expr.target)
    value = gen.emit_converted(expr.value, info.param_types[0])
    gen.op("MatrixElementwiseBinaryOp", [_enum(gen, "MatrixElementwiseOperation", op), matrix, value],
           overload=value.type)
    return matrix


def _component_value(gen: "Codegen", shape: MatrixShape) -> int:
    return gen.ops.enum("MatrixComponentType")[shape.component]


def _matrix_use(gen: "Codegen", a: MatrixShape, b: MatrixShape, c: MatrixShape) -> None:
    entry = (c.m, c.n, a.n, gen.ops.enum("MatrixScope")[c.scope], _component_value(gen, a), _component_value(gen, c))
    if entry not in gen.matrix_uses:
        gen.matrix_uses.append(entry)


def _vector_use(gen: "Codegen", matrix: MatrixShape, info: "CallInfo", expr: A.CallExpr) -> None:
    """Errata 16: for the vector forms, M = 1, N = the result length, K = the
    input length; the operand type is the matrix's, the result type the
    output vector's element."""
    result = info.return_type
    elem = result.elem if isinstance(result, T.VectorType) else None
    result_component = SCALAR_COMPONENTS.get((elem.kind, elem.bits), "F32") if elem is not None else "F32"
    entry = (1, matrix.n, matrix.m, gen.ops.enum("MatrixScope")[matrix.scope], _component_value(gen, matrix),
             gen.ops.enum("MatrixComponentType")[result_component])
    if entry not in gen.matrix_uses:
        gen.matrix_uses.append(entry)
