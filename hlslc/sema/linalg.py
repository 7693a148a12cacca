"""dx::linalg in sema: recording calls, the spec's extra rules, and
explaining failed overloads in the API's terms.

Owns: recognising which API operation a resolved call is (from the header
function the template engine picked), gathering its matrix shapes and
constant arguments into a `linalg_rules.LinalgCall`, and turning a failed
overload resolution on a linalg function into a message about scopes, uses
and dimensions, with the header's `enable_if` condition as a note.

The header's constraints themselves are not re-implemented here: the
template engine evaluates them.  This module only words the result.

Does not own: the rules (`linalg_rules`), templates (`engine`).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from ..front import ast as A
from ..source import Span
from ..spec import linalg_rules as R
from . import types as T
from .base import NoMatch, SemaError
from .symbols import ClassInstance, Env, FunctionSymbol, VarSymbol

if TYPE_CHECKING:  # pragma: no cover
    from .analyzer import Analyzer

# Which API operation a header function is, by its name (member functions of
# Matrix, then free functions of dx::linalg).
_MEMBER_OPERATIONS = {
    "Load": "Load", "Store": "Store", "Accumulate": "Accumulate", "Splat": "Splat", "cast": "cast",
    "operator+=": "ElementwiseOp", "operator-=": "ElementwiseOp", "operator*=": "ElementwiseOp",
    "operator/=": "ElementwiseOp", "ApplyUnaryOperation": "ApplyUnaryOperation",
    "FromThreadVectors": "FromThreadVectors", "GetThreadVector": "GetThreadVector",
    "MultiplyAccumulate": "MultiplyAccumulate", "SumAccumulate": "SumAccumulate",
    "OuterProductAccumulate": "OuterProduct",
}
_FREE_OPERATIONS = {"Multiply": "Multiply", "MultiplyAdd": "MultiplyAdd", "OuterProduct": "OuterProduct",
                    "AccumulatorLayout": "AccumulatorLayout"}
_ARGUMENT_ROLES = {"Layout": "layout", "ColMajor": "layout", "Stride": "stride", "StartOffset": "offset",
                   "StartIdx": "offset", "Align": "align"}


def shape_of(instance: ClassInstance) -> R.MatrixShape | None:
    """The MatrixShape of a `dx::linalg::Matrix<...>` instance."""
    args = instance.args
    if len(args) != 5 or not all(isinstance(a, T.ConstValue) for a in args):
        return None
    component, m, n, use, scope = args
    names = [a.type.symbol.name_of(a.value) if isinstance(a.type, T.EnumType) else None
             for a in (component, use, scope)]
    if None in names:
        return None
    try:
        return R.MatrixShape(names[0], int(m.value), int(n.value), names[1], names[2])
    except ValueError:
        return None


def _profile(analyzer: "Analyzer") -> tuple[str, int, int]:
    return (analyzer.options.stage, analyzer.options.major, analyzer.options.minor)


def check_matrix_declared(analyzer: "Analyzer", instance: ClassInstance, span: Span | None) -> None:
    shape = shape_of(instance)
    if shape is None and span is not None:
        for param, arg in zip(instance.param_names, instance.args):
            if isinstance(arg, T.ConstValue) and isinstance(arg.type, T.EnumType):
                enum = arg.type.symbol
                if not R.check_enum_value(enum.name, arg.value, enum.values.values(), param, instance.spell(),
                                          span, analyzer.diags):
                    return
    if shape is not None and span is not None:
        R.check_matrix_type(shape, span, analyzer.diags, _profile(analyzer))


def _matrix_instance(t: T.Type | None) -> ClassInstance | None:
    if isinstance(t, T.ClassType) and t.instance.template is not None \
            and t.instance.template.qualified_name == "dx::linalg::Matrix":
        return t.instance
    return None


def record_call(analyzer: "Analyzer", expr: A.Expr, resolved: Any, arg_exprs: list[A.Expr], env: Env,
                object_expr: A.Expr | None, object_type: T.Type | None) -> None:
    fn: FunctionSymbol = resolved.function
    owner = fn.owner
    if owner is not None:
        operation = _MEMBER_OPERATIONS.get(fn.name)
    else:
        operation = _FREE_OPERATIONS.get(fn.name)
    if operation is None:
        return
    sig = analyzer.engine.signature_of(fn)
    result_matrix = _matrix_instance(sig.return_type)
    arg_types = [analyzer.result.expr_types.get(id(a)) for a in arg_exprs]
    arg_matrices = [m for m in (_matrix_instance(t) for t in arg_types) if m is not None]
    if operation == "Multiply" and arg_types and not _matrix_instance(arg_types[0]):
        operation = "MultiplyVector"

    # The matrix the operation is on or produces, and the other operands.
    matrix: ClassInstance | None
    operands: list[ClassInstance] = []
    if operation == "cast":
        matrix, operands = result_matrix, [owner] if owner else []
    elif owner is not None:
        matrix, operands = owner, arg_matrices
    elif operation in ("Multiply", "OuterProduct"):
        matrix, operands = result_matrix, arg_matrices
    elif operation in ("MultiplyVector", "MultiplyAdd"):
        matrix = arg_matrices[0] if arg_matrices else None
    else:
        matrix = None
    shape = shape_of(matrix) if matrix is not None else None
    operand_shapes = [s for s in (shape_of(o) for o in operands) if s is not None]
    for produced in filter(None, [result_matrix]):
        if id(produced) not in analyzer.linalg_types_checked:
            analyzer.linalg_types_checked.add(id(produced))
            check_matrix_declared(analyzer, produced, expr.span)

    memory = None
    gs_elements = gs_bytes = None
    constants: dict[str, int | None] = {}
    spans: dict[str, Span] = {}
    for param, arg_expr, param_type in zip(sig.param_decls, arg_exprs, sig.param_types):
        role = _ARGUMENT_ROLES.get(param.name or "")
        if isinstance(param_type, T.ResourceType):
            memory = param_type.name
            spans["memory"] = arg_expr.span
        elif param.array_dims:
            memory = "groupshared"
            spans["memory"] = arg_expr.span
            var = analyzer.result.symbols.get(id(_strip(arg_expr)))
            if not (isinstance(var, VarSymbol) and var.is_groupshared):
                analyzer.diags.error(arg_expr.span, f"'{fn.name}' reads or writes a groupshared array; "
                                                    f"'{A.spell(arg_expr)}' is not declared 'groupshared'")
            arg_type = analyzer.result.expr_types.get(id(arg_expr))
            if isinstance(arg_type, T.ArrayType):
                gs_elements = arg_type.size
                gs_bytes = T.size_of(arg_type.elem)
        if role is not None:
            spans[role] = arg_expr.span
            try:
                value = analyzer.engine.evaluate(arg_expr, env)
                if not isinstance(value.type, T.EnumType) and isinstance(param_type, T.ScalarType):
                    # `-1` passed as a uint stride is 4294967295, as the callee sees it.
                    value = analyzer.engine.convert_constant(value, param_type, arg_expr.span)
                constants[role] = int(value.value) if not isinstance(value.value, float) else None
            except SemaError:
                constants[role] = None
    if operation in ("Load", "Store", "Accumulate") and memory is None:
        return
    vector_components: dict[str, str] = {}
    if operation in ("MultiplyVector", "MultiplyAdd"):
        roles = [("input", arg_types[0] if arg_types else None), ("result", sig.return_type)]
        if operation == "MultiplyAdd" and len(arg_types) > 2:
            roles.append(("bias", arg_types[2]))
        for role, t in roles:
            component = _vector_component(t)
            if component is not None:
                vector_components[role] = component
    call = R.LinalgCall(
        operation=operation, span=expr.span, matrix=shape, operands=operand_shapes, memory=memory,
        groupshared_elements=gs_elements, groupshared_element_bytes=gs_bytes,
        layout=constants.get("layout"), stride=constants.get("stride"), offset=constants.get("offset"),
        align=constants.get("align"), arg_spans=spans, profile=_profile(analyzer),
        vector_components=vector_components)
    R.check_linalg_call(call, analyzer.diags)
    analyzer.result.linalg_calls.append(call)
    info = analyzer.result.calls.get(id(expr))
    if info is not None:
        info.linalg = call


def _vector_component(t: T.Type | None) -> str | None:
    """F16, F32, I32, U32, ... for the element type of a vector."""
    if not isinstance(t, T.VectorType):
        return None
    return R.SCALAR_COMPONENTS.get((t.elem.kind, t.elem.bits))


def _strip(expr: A.Expr) -> A.Expr:
    while isinstance(expr, A.ParenExpr):
        expr = expr.inner
    return expr


# --------------------------------------------------------------------------
# Explaining failed calls

_USE_WORDS = {"A": "an A matrix", "B": "a B matrix", "Accumulator": "an accumulator matrix"}


def explain_no_match(analyzer: "Analyzer", err: NoMatch) -> tuple[str | None, list[tuple[str, Span | None]], str | None]:
    """A message in the API's terms for a failed call of a linalg function
    (with notes and, where a spec rule is behind it, the rule ID), or
    (None, [], None) to keep the generic 'no matching function'."""
    message, notes = _explain(analyzer, err)
    rule_id = None
    if message:
        rule_id = next((rid for part, rid in _RULE_OF_EXPLANATION if part in message), None)
    return message, notes, rule_id


# The spec rule behind each explanation `_explain` gives: the same IDs the
# IR validator reports (docs/rules.md, "templates" checker).  Matched on
# the fixed part of each message; tests/sema/linalg/template-rule-ids.hlsl
# pins every pair.
_RULE_OF_EXPLANATION: tuple[tuple[str, str], ...] = (
    ("elements but", "LINALG-VECTOR-LENGTH"),
    ("takes a", "LINALG-VECTOR-LENGTH"),
    ("requires a Wave or ThreadGroup scope matrix", "LINALG-OPERATION-SCOPE"),
    ("requires an accumulator matrix", "LINALG-OPERATION-SCOPE"),
    ("requires an A or B matrix", "LINALG-OPERATION-SCOPE"),
    ("of two matrices requires Wave or ThreadGroup scope", "LINALG-OPERATION-SCOPE"),
    ("writes memory: it needs", "LINALG-RESOURCE-KIND"),
    ("must be an A matrix (MatrixUse::A)", "LINALG-OPERAND-USE"),
    ("must be a B matrix (MatrixUse::B)", "LINALG-OPERAND-USE"),
    ("of a vector needs a B matrix", "LINALG-OPERAND-USE"),
    ("the K dimensions differ", "LINALG-OPERAND-SHAPE"),
    ("times B (", "LINALG-OPERAND-SHAPE"),
    ("scope: the operands of", "LINALG-SCOPE-MISMATCH"),
    ("needs one scope for all three", "LINALG-SCOPE-MISMATCH"),
)


def _explain(analyzer: "Analyzer", err: NoMatch) -> tuple[str | None, list[tuple[str, Span | None]]]:
    name = getattr(err, "name", "")
    object_type = getattr(err, "object_type", None)
    object_expr = getattr(err, "object_expr", None)
    arg_types = getattr(err, "arg_types", [])
    owner_instance = _matrix_instance(object_type)
    if owner_instance is None:
        owners = {id(f.symbol.owner): f.symbol.owner for f in err.failures if getattr(f.symbol, "owner", None)}
        if len(owners) == 1:
            owner_instance = _matrix_instance(next(iter(owners.values())).type)
    is_linalg = owner_instance is not None or any(
        getattr(f.symbol, "qualified_name", "").startswith("dx::linalg::") for f in err.failures)
    if not is_linalg:
        return None, []
    shape = shape_of(owner_instance) if owner_instance is not None else None
    who = f"'{A.spell(object_expr)}'" if object_expr is not None else (shape.spell() if shape else "the matrix")
    failed = [c for f in err.failures if f.requirement is not None for c in f.requirement.failed_clauses]
    clauses = set(failed)

    if shape is not None and "Scope != MatrixScope::Thread" in clauses and shape.scope == "Thread":
        return (f"'{name}' requires a Wave or ThreadGroup scope matrix, but {who} has Thread scope", [])
    if shape is not None and "Use == MatrixUse::Accumulator" in clauses and shape.use != "Accumulator":
        return (f"'{name}' requires an accumulator matrix (MatrixUse::Accumulator), but {who} is "
                f"{_USE_WORDS[shape.use]}", [])
    if shape is not None and ({"Use == MatrixUse::A", "Use == MatrixUse::B"} & clauses) and shape.use == "Accumulator":
        return (f"'{name}' requires an A or B matrix, but {who} is an accumulator matrix", [])
    if "hlsl::is_arithmetic<T>::value" in clauses:
        bound = next((v for f in err.failures if f.requirement for n, v in f.requirement.bindings if n == "T"), None)
        return (f"'{name}' needs an arithmetic scalar type (int, uint, half, float, ...), "
                f"not '{bound or 'this type'}'", [])
    if clauses & {"ScopeLocal == Scope", "UseLocal == Use"}:
        return (f"the explicit template argument of '{name}' must not change the matrix's "
                f"{'scope' if 'ScopeLocal == Scope' in clauses else 'use'}", [])

    if name in ("Store", "Accumulate") and arg_types and isinstance(arg_types[0], T.ResourceType) \
            and not arg_types[0].writable:
        targets = "a RWByteAddressBuffer" if shape is not None and shape.scope == "Thread" \
            else "a RWByteAddressBuffer or a groupshared array"
        return (f"'{name}' writes memory: it needs {targets}, but "
                f"'{A.spell(getattr(err, 'arg_exprs', [None])[0])}' is a read-only {arg_types[0].spell()}", [])
    # Matrix products: name the dimension, use or scope that does not fit.
    matrices = [_matrix_instance(t) for t in arg_types]
    shapes = [shape_of(m) if m is not None else None for m in matrices]
    if name in ("MultiplyAccumulate", "SumAccumulate", "Multiply") and len(shapes) == 2 and all(shapes):
        a, b = shapes
        message = _product_mismatch(name, a, b, shape if name != "Multiply" else None)
        if message:
            return message, []
    if name in ("Multiply", "MultiplyAdd") and len(arg_types) >= 2 and isinstance(arg_types[0], T.VectorType) \
            and shapes[1] is not None:
        b = shapes[1]
        if b.use != "B":
            return (f"'{name}' of a vector needs a B matrix (MatrixUse::B), but the matrix is "
                    f"{_USE_WORDS[b.use]}", [])
        if arg_types[0].size != b.m:
            return (f"'{name}': the input vector has {arg_types[0].size} elements but {b.spell()} has "
                    f"{b.m} rows", [])
        if name == "MultiplyAdd" and len(arg_types) == 3 and isinstance(arg_types[2], T.VectorType) \
                and arg_types[2].size != b.n:
            return (f"'MultiplyAdd': the bias vector has {arg_types[2].size} elements but {b.spell()} has "
                    f"{b.n} columns", [])
    if name == "OuterProduct" and len(arg_types) == 2 and all(isinstance(t, T.VectorType) for t in arg_types):
        if arg_types[0].elem is not arg_types[1].elem:
            return (f"'OuterProduct' needs two vectors of the same element type, not "
                    f"'{arg_types[0].spell()}' and '{arg_types[1].spell()}'", [])
    return None, []


def _product_mismatch(name: str, a: R.MatrixShape, b: R.MatrixShape, acc: R.MatrixShape | None) -> str | None:
    if a.use != "A":
        return f"the first operand of '{name}' must be an A matrix (MatrixUse::A), but it is {_USE_WORDS[a.use]}"
    if b.use != "B":
        return f"the second operand of '{name}' must be a B matrix (MatrixUse::B), but it is {_USE_WORDS[b.use]}"
    if a.n != b.m:
        return (f"A is {a.m}x{a.n} but B is {b.m}x{b.n}: the K dimensions differ ({a.n} vs {b.m})")
    if a.scope != b.scope:
        return f"A has {a.scope} scope but B has {b.scope} scope: the operands of '{name}' must have the same scope"
    if acc is not None:
        if acc.scope != a.scope:
            return (f"the accumulator has {acc.scope} scope but the operands have {a.scope} scope: "
                    f"'{name}' needs one scope for all three")
        if (acc.m, acc.n) != (a.m, b.n):
            return (f"the accumulator is {acc.m}x{acc.n} but A ({a.m}x{a.n}) times B ({b.m}x{b.n}) is "
                    f"{a.m}x{b.n}")
    elif a.scope == "Thread":
        return f"'{name}' of two matrices requires Wave or ThreadGroup scope, but the operands have Thread scope"
    return None
