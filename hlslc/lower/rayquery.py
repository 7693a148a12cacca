"""Inline ray tracing (SM 6.5): `RayQuery<FLAGS>` objects and their methods,
lowered to DXIL's RayQuery operations as DXC lowers them.

Owns: the query object (an `i32` from `AllocateRayQuery`, its template's
ray flags a constant operand), `TraceRayInline` (the acceleration
structure's handle, the flags, the mask and `RayDesc`'s eight floats in
member order), `Proceed`, `Abort`, the two commits, and the state queries:
scalars (`RayQuery_StateScalar`), vectors one component at a time
(`RayQuery_StateVector`, component `i8`) and the 3x4 transforms one element
at a time (`RayQuery_StateMatrix`, row `i32`, column `i8`; a `...4x3`
method reads the same elements transposed).

Does not own: typing the methods (`sema/intrinsics.py`'s
`resolve_ray_query_method`), the acceleration structure's binding (an SRV
of kind RTAccelerationStructure, `bindings`), executing queries (neither
the CPU runner nor the SPIR-V backend implements them: each names the
operation it lacks).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from llvmlite import ir

from ..front import ast as A
from ..sema import types as T
from .access import emit_handle
from .base import I8, I32, LowerError

if TYPE_CHECKING:  # pragma: no cover
    from ..sema.analyzer import CallInfo
    from .codegen import Codegen

# The state queries (no operands of their own), method name -> how its
# operation is called: "scalar" (once) or "vector" (once per component);
# the transforms are `_MATRICES` (once per element).
_STATE: dict[str, str] = {
    **{n: "scalar" for n in (
        "CommittedStatus", "CandidateType", "CandidateProceduralPrimitiveNonOpaque", "CandidateTriangleFrontFace",
        "CommittedTriangleFrontFace", "RayFlags", "RayTMin", "CandidateTriangleRayT", "CommittedRayT",
        "CandidateInstanceIndex", "CandidateInstanceID", "CandidateGeometryIndex", "CandidatePrimitiveIndex",
        "CommittedInstanceIndex", "CommittedInstanceID", "CommittedGeometryIndex", "CommittedPrimitiveIndex",
        "CandidateInstanceContributionToHitGroupIndex", "CommittedInstanceContributionToHitGroupIndex")},
    **{n: "vector" for n in (
        "CandidateTriangleBarycentrics", "CommittedTriangleBarycentrics", "WorldRayOrigin", "WorldRayDirection",
        "CandidateObjectRayOrigin", "CandidateObjectRayDirection", "CommittedObjectRayOrigin",
        "CommittedObjectRayDirection")},
}
_MATRICES = {"CandidateObjectToWorld3x4", "CandidateWorldToObject3x4", "CommittedObjectToWorld3x4",
             "CommittedWorldToObject3x4"}
_ACTIONS = {"Proceed", "Abort", "CommitNonOpaqueTriangleHit", "CommitProceduralPrimitiveHit", "TraceRayInline"}


def is_ray_query(t: "T.Type | None") -> bool:
    return isinstance(t, T.RayTracingObjectType) and t.name == "RayQuery"


def allocate(gen: "Codegen", t: T.RayTracingObjectType, span: "Any") -> ir.Value:
    """A new query object for `RayQuery<FLAGS[, QUERY_FLAGS]>`."""
    flags = t.flags[0] if t.flags else 0
    query_flags = t.flags[1] if len(t.flags) > 1 else 0
    if query_flags:
        # `RayQuery<F, RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS>` (SM 6.9).
        if (gen.options.major, gen.options.minor) < (6, 9):
            raise LowerError(f"'{t.spell()}': a RayQuery's second template argument (RAYQUERY_FLAG_*) needs shader "
                             f"model 6.9 or later (the target is {gen.options.major}.{gen.options.minor})", span)
        return gen.op("AllocateRayQuery2", [ir.Constant(I32, flags & 0xFFFFFFFF),
                                            ir.Constant(I32, query_flags & 0xFFFFFFFF)], name_hint="rayQuery")
    return gen.op("AllocateRayQuery", [ir.Constant(I32, flags & 0xFFFFFFFF)], name_hint="rayQuery")


def lower_method(gen: "Codegen", expr: A.CallExpr, info: "CallInfo") -> ir.Value:
    """`query.Method(args)`."""
    name = info.target.name
    query = gen.emit_expr(info.object)
    if name in _ACTIONS:
        return _action(gen, expr, info, name, query)
    kind = _STATE.get(name)
    if kind == "scalar":
        return gen.op(f"RayQuery_{name}", [query], overload=gen.llt(info.target.return_type), name_hint=name)
    if kind == "vector":
        ret = info.target.return_type
        result: ir.Value = ir.Constant(gen.llt(ret), None)
        for k in range(ret.size):
            part = gen.op(f"RayQuery_{name}", [query, ir.Constant(I8, k)], overload=ir.FloatType(), name_hint=name)
            result = gen.builder.insert_element(result, part, ir.Constant(I32, k))
        return result
    if name[-3:] in ("3x4", "4x3") and name[:-3] + "3x4" in _MATRICES:
        ret = info.target.return_type
        result = ir.Constant(gen.llt(ret), None)
        for r in range(ret.rows):
            row: ir.Value = ir.Constant(gen.llt(T.vector_of(T.FLOAT, ret.cols)), None)
            for c in range(ret.cols):
                # A 4x3 method is the 3x4 transposed: element (r, c) is (c, r).
                i, j = (r, c) if name.endswith("3x4") else (c, r)
                part = gen.op(f"RayQuery_{name[:-3]}3x4", [query, ir.Constant(I32, i), ir.Constant(I8, j)],
                              overload=ir.FloatType(), name_hint=name)
                row = gen.builder.insert_element(row, part, ir.Constant(I32, c))
            result = gen.builder.insert_value(result, row, r)
        return result
    raise LowerError(f"code generation does not support 'RayQuery.{name}' yet", expr.span)



def _action(gen: "Codegen", expr: A.CallExpr, info: "CallInfo", name: str, query: ir.Value) -> ir.Value:
    match = info.target
    if name == "Proceed":
        return gen.op("RayQuery_Proceed", [query], overload=ir.IntType(1), name_hint="proceed")
    if name in ("Abort", "CommitNonOpaqueTriangleHit"):
        gen.op(f"RayQuery_{name}", [query])
        return ir.Constant(I32, 0)
    if name == "CommitProceduralPrimitiveHit":
        gen.op("RayQuery_CommitProceduralPrimitiveHit", [query, gen.emit_converted(expr.args[0], T.FLOAT)])
        return ir.Constant(I32, 0)
    # TraceRayInline(accelerationStructure, rayFlags, instanceInclusionMask, ray)
    scene = emit_handle(gen, expr.args[0])
    flags = gen.emit_converted(expr.args[1], T.UINT)
    mask = gen.emit_converted(expr.args[2], T.UINT)
    ray = gen.emit_converted(expr.args[3], match.param_types[3])
    b = gen.builder
    origin = b.extract_value(ray, 0)
    t_min = b.extract_value(ray, 1)
    direction = b.extract_value(ray, 2)
    t_max = b.extract_value(ray, 3)
    floats = [b.extract_element(origin, ir.Constant(I32, k)) for k in range(3)] + [t_min] + \
        [b.extract_element(direction, ir.Constant(I32, k)) for k in range(3)] + [t_max]
    gen.op("RayQuery_TraceRayInline", [query, scene, flags, mask, *floats])
    return ir.Constant(I32, 0)
