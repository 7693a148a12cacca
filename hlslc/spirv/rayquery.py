"""Inline ray tracing (`RayQuery`, SM 6.5) in SPIR-V: SPV_KHR_ray_query.

The IR's query object is the `i32` an `AllocateRayQuery` returns; here it is
a Function variable of `OpTypeRayQueryKHR` (`RayQuery`), one per allocating
instruction, which every `OpRayQuery*` instruction takes as its first
operand.  Locals that hold a query (`RayQuery<F> q;`, an `inout` parameter
after inlining) are allocas of `i32` whose stores the translator keeps as
`Slot`s, as it keeps resource handles: `query_values` finds them before
the blocks are written.

The mapping is DXC's for -spirv:
- `TraceRayInline` is `OpRayQueryInitializeKHR`, its ray flags the
  template's ORed with the argument's, `RayDesc`'s members its origin,
  t-min, direction and t-max; flags that skip triangles or procedural
  primitives (known when the argument is a constant) need
  `RayTraversalPrimitiveCullingKHR`;
- `Proceed`, `Abort`, `CommitNonOpaqueTriangleHit` and
  `CommitProceduralPrimitiveHit` are `OpRayQueryProceedKHR`,
  `...TerminateKHR`, `...ConfirmIntersectionKHR` and
  `...GenerateIntersectionKHR`;
- a `Candidate...` state query reads intersection 0 and a `Committed...`
  one intersection 1; `...InstanceIndex` is SPIR-V's instance id,
  `...InstanceID` its custom index; `CandidateProceduralPrimitiveNonOpaque`
  is the logical not of `...CandidateAABBOpaqueKHR`;
- the IR reads vectors one component and the 3x4 transforms one element
  at a time: each is a component of the SPIR-V result (a transform is a
  matrix of four columns of three, so the 3x4 element (row, column) is
  column `column`, component `row`).

The acceleration structure is a `UniformConstant` variable of
`OpTypeAccelerationStructureKHR` at the SRV's binding (`variable`).

Owns: those translations.  Does not own: lowering the methods to the IR
(`hlslc/lower/rayquery.py`), the SRV's binding numbers (`descriptors`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dxil import reader as R
from .base import Handle, SpirvError, Val, no_mapping, resource_handle
from .module import Id, Lit
from .ops import op

if TYPE_CHECKING:  # pragma: no cover
    from ..dxil.operands import Operand
    from ..dxil.types import IRType
    from .descriptors import ResourceInfo
    from .translate import Translator

_ALLOCATE = ("AllocateRayQuery", "AllocateRayQuery2")
# DXIL's ray flags that cull a whole kind of primitive (SkipTriangles,
# SkipProceduralPrimitives), and the one that forces 2-state opacity
# micromaps (ForceOMM2State).
_CULL_FLAGS = 0x100 | 0x200
_OMM_FLAG = 0x400


class RayQuery:
    """A query object: its Function variable and the template's flags."""

    __slots__ = ("var", "flags")

    def __init__(self, var: int, flags: int) -> None:
        self.var = var
        self.flags = flags


def query_values(tr: "Translator", instructions: list[R.Instruction]) -> tuple[set[str], set[str]]:
    """The IR values that are query objects and the allocas that hold them:
    what AllocateRayQuery returns, loads of allocas that a query is stored
    to, phis and selects of queries, and so on to a fixed point (a copy of
    a query into another local)."""
    values: set[str] = set()
    allocas: set[str] = set()
    stores: list[R.Instruction] = []
    loads: list[R.Instruction] = []
    joins: list[R.Instruction] = []
    root: dict[str, str] = {}           # a getelementptr -> the pointer it indexes
    for ins in instructions:
        if ins.opcode == "call" and ins.callee and ins.callee.startswith("@dx.op.allocateRayQuery"):
            if ins.result is not None:
                values.add(ins.result)
        elif ins.opcode == "store":
            stores.append(ins)
        elif ins.opcode == "load":
            loads.append(ins)
        elif ins.opcode in ("phi", "select") and ins.result is not None:
            joins.append(ins)
        elif ins.opcode == "getelementptr" and ins.result is not None and ins.uses:
            root[ins.result] = ins.uses[0]
    if not values:
        return values, allocas

    def base(pointer: str) -> str:
        """The variable an element pointer is into (an array of queries)."""
        for _ in range(64):
            if pointer not in root:
                break
            pointer = root[pointer]
        return pointer

    changed = True
    while changed:
        changed = False
        for ins in stores:
            uses = ins.uses
            if len(uses) >= 2 and uses[0] in values and base(uses[-1]) not in allocas:
                allocas.add(base(uses[-1]))
                changed = True
        for ins in loads:
            if ins.result not in values and ins.uses and base(ins.uses[0]) in allocas:
                values.add(ins.result)
                changed = True
        for ins in joins:
            # (The translator then says that it cannot choose a query at
            # run time, unless a select's two sides are the same.)
            if ins.result not in values and any(u in values for u in ins.uses):
                values.add(ins.result)
                changed = True
    return values, allocas


def _ray_query_type(tr: "Translator") -> int:
    m = tr.m
    if m.version < (1, 4):
        raise no_mapping("inline ray tracing (RayQuery) before SPIR-V 1.4",
                         "SPV_KHR_ray_query needs SPIR-V 1.4: target -fspv-target-env=vulkan1.1spirv1.4 or later")
    m.capability("RayQueryKHR")
    m.extension("SPV_KHR_ray_query")
    return m._type(("rayquery",), "TypeRayQueryKHR", [], "rayQueryKHR")


def _accel_type(tr: "Translator") -> int:
    return tr.m._type(("accelerationstructure",), "TypeAccelerationStructureKHR", [], "accelerationStructureKHR")


def variable(tr: "Translator", res: "ResourceInfo") -> int:
    """The acceleration structure's UniformConstant variable (an array of
    them for a range)."""
    found = tr.ray_query_scenes.get(id(res))
    if found is not None:
        return found
    var = tr.ray_query_scenes[id(res)] = tr.buffers.opaque(res, _accel_type(tr))
    return var


def _load_scene(tr: "Translator", handle: Handle) -> int:
    res = handle.res
    if res.kind != "RTAccelerationStructure":
        raise SpirvError(f"TraceRayInline's first operand '{res.name}' is a {res.kind}, not an acceleration "
                         f"structure")
    var = variable(tr, res)
    accel = _accel_type(tr)
    pointer = var
    if res.count is None or res.count > 1:
        index = handle.index if handle.index is not None else tr.uint(0)
        pointer = tr.emit("AccessChain", tr.m.t_pointer("UniformConstant", accel), Id(var), Id(index))
        if handle.non_uniform:
            tr.m.capability("ShaderNonUniform")
            tr.m.decorate(pointer, "NonUniform")
    return tr.emit("Load", accel, Id(pointer))


def _query(tr: "Translator", operand: "Operand") -> RayQuery:
    value = tr.get(operand)
    if not isinstance(value, RayQuery):
        raise no_mapping("a ray query object that no RayQuery declaration made",
                         "every use must name one `RayQuery<...>` object")
    return value


@op(*_ALLOCATE)
def _allocate(tr, ins, o, args, rt):
    found = tr.ray_queries.get(ins.result)
    if found is not None:
        return found            # the same object, where a later block uses it again
    flags = args[0].const_int
    if flags is None:
        raise SpirvError("a RayQuery's ray flags must be a constant")
    var = tr.local_var(_ray_query_type(tr), (ins.result or "%rayQuery").lstrip("%"))
    found = tr.ray_queries[ins.result] = RayQuery(var, flags & 0xFFFFFFFF)
    return found


def _changes(tr: "Translator", q: RayQuery) -> None:
    """An operation that changes the query's state: what was read of it
    is stale."""
    for key in [k for k in tr.ray_query_reads if k[1] == q.var]:
        del tr.ray_query_reads[key]


@op("RayQuery_TraceRayInline")
def _trace(tr, ins, o, args, rt):
    q = _query(tr, args[0])
    _changes(tr, q)
    scene = _load_scene(tr, resource_handle(tr, args[1]))
    uint = tr.m.t_int(32)
    runtime = args[2].const_int
    if runtime is not None:
        flags = q.flags | (runtime & 0xFFFFFFFF)
        flags_id = tr.uint(flags)
    else:
        flags = q.flags
        flags_id = tr.emit("BitwiseOr", uint, Id(tr.uint(q.flags)), Id(tr.val(args[2]).id)) if q.flags \
            else tr.val(args[2]).id
    if flags & _CULL_FLAGS:
        tr.m.capability("RayTraversalPrimitiveCullingKHR")
    if flags & _OMM_FLAG:
        tr.m.capability("RayTracingOpacityMicromapEXT")
        tr.m.extension("SPV_EXT_opacity_micromap")
    floats = [tr.val(a).id for a in args[4:12]]
    v3 = tr.m.t_vector(tr.m.t_float(32), 3)
    origin = tr.emit("CompositeConstruct", v3, *[Id(f) for f in floats[0:3]])
    direction = tr.emit("CompositeConstruct", v3, *[Id(f) for f in floats[4:7]])
    tr.emit_void("RayQueryInitializeKHR", Id(q.var), Id(scene), Id(flags_id), Id(tr.val(args[3]).id),
                 Id(origin), Id(floats[3]), Id(direction), Id(floats[7]))
    return None


@op("RayQuery_Proceed")
def _proceed(tr, ins, o, args, rt):
    q = _query(tr, args[0])
    _changes(tr, q)
    return Val(tr.emit("RayQueryProceedKHR", tr.m.t_bool(), Id(q.var)), rt)


# The actions on a query with no operand of their own.
_ACTIONS = {"RayQuery_Abort": "RayQueryTerminateKHR",
            "RayQuery_CommitNonOpaqueTriangleHit": "RayQueryConfirmIntersectionKHR"}


@op(*_ACTIONS)
def _action(tr, ins, o, args, rt):
    q = _query(tr, args[0])
    _changes(tr, q)
    tr.emit_void(_ACTIONS[o.name], Id(q.var))
    return None


@op("RayQuery_CommitProceduralPrimitiveHit")
def _generate(tr, ins, o, args, rt):
    q = _query(tr, args[0])
    _changes(tr, q)
    tr.emit_void("RayQueryGenerateIntersectionKHR", Id(q.var), Id(tr.val(args[1]).id))
    return None


# State queries: IR operation -> (SPIR-V opcode, intersection: 0 candidate,
# 1 committed, None: the opcode takes none; result: "bool", "uint",
# "float", or the vector's or matrix's shape).
_STATE: dict[str, tuple[str, int | None, str]] = {}


def _state(op_name: str, opcode: str, intersection: int | None, result: str) -> None:
    _STATE[op_name] = (opcode, intersection, result)


for _side, _k in (("Candidate", 0), ("Committed", 1)):
    _state(f"RayQuery_{_side}InstanceIndex", "RayQueryGetIntersectionInstanceIdKHR", _k, "uint")
    _state(f"RayQuery_{_side}InstanceID", "RayQueryGetIntersectionInstanceCustomIndexKHR", _k, "uint")
    _state(f"RayQuery_{_side}GeometryIndex", "RayQueryGetIntersectionGeometryIndexKHR", _k, "uint")
    _state(f"RayQuery_{_side}PrimitiveIndex", "RayQueryGetIntersectionPrimitiveIndexKHR", _k, "uint")
    _state(f"RayQuery_{_side}InstanceContributionToHitGroupIndex",
           "RayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR", _k, "uint")
    _state(f"RayQuery_{_side}TriangleFrontFace", "RayQueryGetIntersectionFrontFaceKHR", _k, "bool")
    _state(f"RayQuery_{_side}TriangleBarycentrics", "RayQueryGetIntersectionBarycentricsKHR", _k, "float2")
    _state(f"RayQuery_{_side}ObjectRayOrigin", "RayQueryGetIntersectionObjectRayOriginKHR", _k, "float3")
    _state(f"RayQuery_{_side}ObjectRayDirection", "RayQueryGetIntersectionObjectRayDirectionKHR", _k, "float3")
    _state(f"RayQuery_{_side}ObjectToWorld3x4", "RayQueryGetIntersectionObjectToWorldKHR", _k, "float4x3")
    _state(f"RayQuery_{_side}WorldToObject3x4", "RayQueryGetIntersectionWorldToObjectKHR", _k, "float4x3")
_state("RayQuery_CommittedStatus", "RayQueryGetIntersectionTypeKHR", 1, "uint")
_state("RayQuery_CandidateType", "RayQueryGetIntersectionTypeKHR", 0, "uint")
_state("RayQuery_CandidateTriangleRayT", "RayQueryGetIntersectionTKHR", 0, "float")
_state("RayQuery_CommittedRayT", "RayQueryGetIntersectionTKHR", 1, "float")
_state("RayQuery_CandidateProceduralPrimitiveNonOpaque", "RayQueryGetIntersectionCandidateAABBOpaqueKHR", None,
       "bool")
_state("RayQuery_RayFlags", "RayQueryGetRayFlagsKHR", None, "uint")
_state("RayQuery_RayTMin", "RayQueryGetRayTMinKHR", None, "float")
_state("RayQuery_WorldRayOrigin", "RayQueryGetWorldRayOriginKHR", None, "float3")
_state("RayQuery_WorldRayDirection", "RayQueryGetWorldRayDirectionKHR", None, "float3")


def _result_type(tr: "Translator", result: str) -> int:
    m = tr.m
    f32 = m.t_float(32)
    if result == "bool":
        return m.t_bool()
    if result == "uint":
        return m.t_int(32)
    if result == "float":
        return f32
    if result == "float4x3":
        return m._type(("matrix", m.t_vector(f32, 3), 4), "TypeMatrix", [Id(m.t_vector(f32, 3)), Lit(4)],
                       "mat4v3float")
    return m.t_vector(f32, int(result[-1]))


def _state_query(tr: "Translator", ins: R.Instruction, o: Any, args: list, rt: "IRType") -> Val:
    opcode, intersection, result = _STATE[o.name]
    q = _query(tr, args[0])
    # The IR reads a vector or transform one component at a time: within a
    # block, with no operation on the query in between, the query's state
    # is read once.
    key = (tr.node.name, q.var, opcode, intersection)
    value = tr.ray_query_reads.get(key)
    if value is None:
        operands = [Id(q.var)] + ([Id(tr.uint(intersection))] if intersection is not None else [])
        value = tr.ray_query_reads[key] = tr.emit(opcode, _result_type(tr, result), *operands)
    if o.name == "RayQuery_CandidateProceduralPrimitiveNonOpaque":
        value = tr.emit("LogicalNot", tr.m.t_bool(), Id(value))
    if result.startswith("float") and len(result) > 5:
        # One component (vectors: args[1], an i8) or element (transforms:
        # row args[1], column args[2]) of what the IR reads.
        path = [args[2].const_int, args[1].const_int] if result == "float4x3" else [args[1].const_int]
        if any(p is None for p in path):
            raise SpirvError(f"{o.name}: a component chosen at run time")
        value = tr.emit("CompositeExtract", tr.m.t_float(32), Id(value), *[Lit(p) for p in path])
    elif result == "uint" and rt.kind == "int" and rt.bits != 32:
        raise SpirvError(f"{o.name} read as an i{rt.bits}")
    return Val(value, rt)


for _name in _STATE:
    op(_name)(_state_query)
