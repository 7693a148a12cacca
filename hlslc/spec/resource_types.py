"""HLSL's resource and object type names, and what each resource type is.

Owns: `ResourceShape` per resource type name (register class, family,
coordinates), the sets of plain and templated resource names, and the
ray-tracing names hlslc recognises in order to refuse them clearly.  Shared
data: the lexer classifies these names (`hlslc.front.lexer`) and sema gives
them meaning (`hlslc.sema.types`), so they live in neither stage.
"""

from __future__ import annotations


class ResourceShape:
    """What sema and lowering need to know about one HLSL resource type name:
    its register class (`t` SRV, `u` UAV, `b` CBV, `s` sampler), its family
    (how it is read and written), how many coordinates `[]` takes (textures:
    the dimensions plus one for an array slice), and whether it is an array,
    multisampled or cube texture, or a rasterizer-ordered view."""

    __slots__ = ("name", "register_class", "family", "coords", "array", "ms", "cube", "rov", "templated")

    def __init__(self, name: str, register_class: str, family: str, coords: int = 1, array: bool = False,
                 ms: bool = False, cube: bool = False, rov: bool = False, templated: bool = True) -> None:
        self.name = name
        self.register_class = register_class
        self.family = family
        self.coords = coords
        self.array = array
        self.ms = ms
        self.cube = cube
        self.rov = rov
        self.templated = templated

    @property
    def is_uav(self) -> bool:
        return self.register_class == "u"

    @property
    def is_texture(self) -> bool:
        return self.family == "texture"

    @property
    def indexable(self) -> bool:
        """`res[i]` reads (and for UAVs writes) an element."""
        return self.family in ("structured", "typed", "texture") and not self.cube


def _shapes() -> dict[str, ResourceShape]:
    shapes = [
        ResourceShape("ByteAddressBuffer", "t", "raw", templated=False),
        ResourceShape("RWByteAddressBuffer", "u", "raw", templated=False),
        ResourceShape("RasterizerOrderedByteAddressBuffer", "u", "raw", rov=True, templated=False),
        ResourceShape("StructuredBuffer", "t", "structured"),
        ResourceShape("RWStructuredBuffer", "u", "structured"),
        ResourceShape("RasterizerOrderedStructuredBuffer", "u", "structured", rov=True),
        ResourceShape("AppendStructuredBuffer", "u", "append"),
        ResourceShape("ConsumeStructuredBuffer", "u", "consume"),
        ResourceShape("Buffer", "t", "typed"),
        ResourceShape("RWBuffer", "u", "typed"),
        ResourceShape("RasterizerOrderedBuffer", "u", "typed", rov=True),
        ResourceShape("ConstantBuffer", "b", "cbuffer"),
        ResourceShape("TextureBuffer", "t", "tbuffer"),
        ResourceShape("SamplerState", "s", "sampler", templated=False),
        ResourceShape("SamplerComparisonState", "s", "sampler", templated=False),
    ]
    for prefix, cls, rov in (("", "t", False), ("RW", "u", False), ("RasterizerOrdered", "u", True)):
        for dims, array in ((1, False), (1, True), (2, False), (2, True), (3, False)):
            name = f"{prefix}Texture{dims}D{'Array' if array else ''}"
            shapes.append(ResourceShape(name, cls, "texture", dims + array, array, rov=rov))
    shapes += [
        ResourceShape("Texture2DMS", "t", "texture", 2, ms=True),
        ResourceShape("Texture2DMSArray", "t", "texture", 3, array=True, ms=True),
        ResourceShape("TextureCube", "t", "texture", 3, cube=True),
        ResourceShape("TextureCubeArray", "t", "texture", 4, array=True, cube=True),
        # Sampler feedback (SM 6.5): UAVs written only by WriteSamplerFeedback*;
        # the template argument is SAMPLER_FEEDBACK_MIN_MIP or _MIP_REGION_USED.
        ResourceShape("FeedbackTexture2D", "u", "feedback", 2),
        ResourceShape("FeedbackTexture2DArray", "u", "feedback", 3, array=True),
        # Inline ray tracing's scene (SM 6.5 RayQuery.TraceRayInline): an SRV
        # of its own kind, with no methods and no elements.
        ResourceShape("RaytracingAccelerationStructure", "t", "accel", templated=False),
    ]
    return {s.name: s for s in shapes}


RESOURCE_SHAPES: dict[str, ResourceShape] = _shapes()
# Resource type names that take no template argument.
PLAIN_RESOURCES = frozenset(name for name, s in RESOURCE_SHAPES.items() if not s.templated)
TEMPLATED_RESOURCES = frozenset(name for name, s in RESOURCE_SHAPES.items() if s.templated)


# Ray tracing is outside what hlslc compiles; its names are known so that a
# shader using them gets one clear error instead of a syntax error.
RAY_TRACING_TYPES = frozenset({"RayDesc", "BuiltInTriangleIntersectionAttributes"})
# Work graphs' node I/O objects (SM 6.8): hlslc compiles no node shader, but
# a file may hold node functions beside the compute entry it compiles.
NODE_OBJECT_TEMPLATES = frozenset({
    "DispatchNodeInputRecord", "RWDispatchNodeInputRecord", "GroupNodeInputRecords", "RWGroupNodeInputRecords",
    "ThreadNodeInputRecord", "RWThreadNodeInputRecord", "NodeOutput", "NodeOutputArray", "GroupNodeOutputRecords",
    "ThreadNodeOutputRecords"})
NODE_OBJECT_TYPES = frozenset({"EmptyNodeInput", "EmptyNodeOutput", "EmptyNodeOutputArray"})
# The template arguments of FeedbackTexture2D[Array]: DXIL's SamplerFeedbackType.
SAMPLER_FEEDBACK_TYPES = {"SAMPLER_FEEDBACK_MIN_MIP": 0, "SAMPLER_FEEDBACK_MIP_REGION_USED": 1}
# The `static const uint` constants DXC declares in every translation unit
# for ray tracing (ASTContextHLSL.cpp, AddRaytracingConstants): a shared
# header names them in helpers that only ray tracing shaders call, and an
# inline ray-tracing flag is a plain integer anywhere.
BUILTIN_CONSTANTS: dict[str, int] = {
    "RAY_FLAG_NONE": 0x00, "RAY_FLAG_FORCE_OPAQUE": 0x01, "RAY_FLAG_FORCE_NON_OPAQUE": 0x02,
    "RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH": 0x04, "RAY_FLAG_SKIP_CLOSEST_HIT_SHADER": 0x08,
    "RAY_FLAG_CULL_BACK_FACING_TRIANGLES": 0x10, "RAY_FLAG_CULL_FRONT_FACING_TRIANGLES": 0x20,
    "RAY_FLAG_CULL_OPAQUE": 0x40, "RAY_FLAG_CULL_NON_OPAQUE": 0x80, "RAY_FLAG_SKIP_TRIANGLES": 0x100,
    "RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES": 0x200, "RAY_FLAG_FORCE_OMM_2_STATE": 0x400,
    "RAYQUERY_FLAG_NONE": 0, "RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS": 1,
    "COMMITTED_NOTHING": 0, "COMMITTED_TRIANGLE_HIT": 1, "COMMITTED_PROCEDURAL_PRIMITIVE_HIT": 2,
    "CANDIDATE_NON_OPAQUE_TRIANGLE": 0, "CANDIDATE_PROCEDURAL_PRIMITIVE": 1,
    "HIT_KIND_NONE": 0x00, "HIT_KIND_TRIANGLE_FRONT_FACE": 0xFE, "HIT_KIND_TRIANGLE_BACK_FACE": 0xFF,
    "CLUSTER_ID_INVALID": 0xFFFFFFFF,
    "RAYTRACING_PIPELINE_FLAG_NONE": 0x0, "RAYTRACING_PIPELINE_FLAG_SKIP_TRIANGLES": 0x100,
    "RAYTRACING_PIPELINE_FLAG_SKIP_PROCEDURAL_PRIMITIVES": 0x200,
    "RAYTRACING_PIPELINE_FLAG_ALLOW_OPACITY_MICROMAPS": 0x400,
    # The flags of SM 6.8's Barrier (AddBarrierConstants): memory types and
    # semantics (REORDER_SCOPE is SM 6.9's).
    "UAV_MEMORY": 0x1, "GROUP_SHARED_MEMORY": 0x2, "NODE_INPUT_MEMORY": 0x4, "NODE_OUTPUT_MEMORY": 0x8,
    "ALL_MEMORY": 0xF, "GROUP_SYNC": 0x1, "GROUP_SCOPE": 0x2, "DEVICE_SCOPE": 0x4, "REORDER_SCOPE": 0x8,
}
# The `typedef uint` names DXC declares beside those constants (its
# AddTypedefPseudoEnum): `template<RAY_FLAG F> ... RayQuery<F>`.
PSEUDO_ENUM_TYPES = frozenset({"RAY_FLAG", "RAYQUERY_FLAG", "COMMITTED_STATUS", "CANDIDATE_TYPE",
                               "MEMORY_TYPE_FLAG", "BARRIER_SEMANTIC_FLAG"})
# Every name DXC declares as a typedef in each unit: those, and `sampler`
# (SamplerState, "very commonly used", FXC's spelling).
BUILTIN_TYPEDEF_NAMES = PSEUDO_ENUM_TYPES | {"sampler"}
RAY_TRACING_FUNCTIONS = frozenset(
    "TraceRay ReportHit CallShader IgnoreHit AcceptHitAndEndSearch DispatchRaysIndex DispatchRaysDimensions "
    "WorldRayOrigin WorldRayDirection ObjectRayOrigin ObjectRayDirection RayTMin RayTCurrent PrimitiveIndex "
    "InstanceID InstanceIndex GeometryIndex HitKind RayFlags ObjectToWorld ObjectToWorld3x4 ObjectToWorld4x3 "
    "WorldToObject WorldToObject3x4 WorldToObject4x3".split())
