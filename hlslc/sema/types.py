"""HLSL types as sema sees them, and constant values.

Owns: the type model (scalars, vectors, HLSL matrices, arrays, resources,
enums, structs and class-template instances, Wave Matrix types, void), the
spelling of types in messages, and `ConstValue`, the value of a constant
expression or a non-type template argument.

Types are interned: two spellings of the same type (`float32_t`, `float`)
are the same object, so `is` and `==` both compare types.  Class types
compare by identity of their instance (the template engine instantiates each
`Matrix<...>` once).

Does not own: name lookup, templates, conversions (see `templates`,
`conversions`).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

if TYPE_CHECKING:  # pragma: no cover
    from .symbols import ClassInstance, EnumSymbol


class Type:
    __slots__ = ()

    def spell(self) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spell()}>"

    def __str__(self) -> str:
        return self.spell()

    # Classification helpers used all over sema.
    @property
    def is_scalar(self) -> bool:
        return False

    @property
    def is_numeric(self) -> bool:
        """Scalars, vectors and HLSL matrices of numbers (bool included)."""
        return False

    @property
    def element(self) -> "ScalarType | None":
        return None


class ScalarType(Type):
    """`kind` is "bool", "int", "uint", "float"; `literal` marks the types of
    unsuffixed literals, which convert without a rank penalty."""

    __slots__ = ("name", "kind", "bits", "literal")

    def __init__(self, name: str, kind: str, bits: int, literal: bool = False) -> None:
        self.name = name
        self.kind = kind
        self.bits = bits
        self.literal = literal

    def spell(self) -> str:
        return self.name

    @property
    def is_scalar(self) -> bool:
        return True

    @property
    def is_numeric(self) -> bool:
        return True

    @property
    def element(self) -> "ScalarType":
        return self

    @property
    def is_float(self) -> bool:
        return self.kind == "float"

    @property
    def is_integer(self) -> bool:
        return self.kind in ("int", "uint")

    @property
    def is_signed(self) -> bool:
        return self.kind in ("int", "float")


BOOL = ScalarType("bool", "bool", 32)
INT = ScalarType("int", "int", 32)
UINT = ScalarType("uint", "uint", 32)
INT16 = ScalarType("int16_t", "int", 16)
UINT16 = ScalarType("uint16_t", "uint", 16)
INT64 = ScalarType("int64_t", "int", 64)
UINT64 = ScalarType("uint64_t", "uint", 64)
HALF = ScalarType("half", "float", 16)
FLOAT = ScalarType("float", "float", 32)
DOUBLE = ScalarType("double", "float", 64)
MIN16FLOAT = ScalarType("min16float", "float", 16)
MIN10FLOAT = ScalarType("min10float", "float", 16)
MIN16INT = ScalarType("min16int", "int", 16)
MIN12INT = ScalarType("min12int", "int", 16)
MIN16UINT = ScalarType("min16uint", "uint", 16)
# The 8-bit packed types of SM 6.6: a uint holding four 8-bit values.
INT8_4_PACKED = ScalarType("int8_t4_packed", "uint", 32)
UINT8_4_PACKED = ScalarType("uint8_t4_packed", "uint", 32)
# Unsuffixed literals: `1` and `1.5`.
LITERAL_INT = ScalarType("literal int", "int", 64, literal=True)
LITERAL_FLOAT = ScalarType("literal float", "float", 64, literal=True)

# Spellings of the scalar types.  `half`/`float16_t` depend on 16-bit types
# and are resolved by `scalar_named`.
_SCALAR_NAMES: dict[str, ScalarType] = {
    "bool": BOOL, "int": INT, "int32_t": INT, "uint": UINT, "uint32_t": UINT, "dword": UINT,
    "int16_t": INT16, "uint16_t": UINT16, "int64_t": INT64, "uint64_t": UINT64,
    "float": FLOAT, "float32_t": FLOAT, "double": DOUBLE, "float64_t": DOUBLE,
    "min16float": MIN16FLOAT, "min10float": MIN10FLOAT, "min16int": MIN16INT,
    "min12int": MIN12INT, "min16uint": MIN16UINT,
    "int8_t4_packed": INT8_4_PACKED, "uint8_t4_packed": UINT8_4_PACKED,
}
SIXTEEN_BIT_ONLY = frozenset({"int16_t", "uint16_t", "float16_t"})


def scalar_named(name: str, native_16bit: bool) -> ScalarType | None:
    """The scalar a spelling denotes; `half` is a 16-bit type only with
    native 16-bit types, as in DXC (a 32-bit float otherwise)."""
    if name in ("half", "float16_t"):
        return HALF if native_16bit else FLOAT
    return _SCALAR_NAMES.get(name)


class VectorType(Type):
    __slots__ = ("elem", "size")

    def __init__(self, elem: ScalarType, size: int) -> None:
        self.elem = elem
        self.size = size

    def spell(self) -> str:
        if self.elem.name in _SHORT_VECTOR_NAMES and 1 <= self.size <= 4:
            return f"{self.elem.name}{self.size}"
        return f"vector<{self.elem.spell()}, {self.size}>"

    @property
    def is_numeric(self) -> bool:
        return True

    @property
    def element(self) -> ScalarType:
        return self.elem


_SHORT_VECTOR_NAMES = {"bool", "int", "uint", "half", "float", "double", "int16_t", "uint16_t",
                       "int64_t", "uint64_t", "min16float", "min16int", "min16uint"}


class MatrixType(Type):
    """An HLSL `floatRxC` / `matrix<T, R, C>` value type (not dx::linalg)."""

    __slots__ = ("elem", "rows", "cols")

    def __init__(self, elem: ScalarType, rows: int, cols: int) -> None:
        self.elem = elem
        self.rows = rows
        self.cols = cols

    def spell(self) -> str:
        if self.elem.name in _SHORT_VECTOR_NAMES:
            return f"{self.elem.name}{self.rows}x{self.cols}"
        return f"matrix<{self.elem.spell()}, {self.rows}, {self.cols}>"

    @property
    def is_numeric(self) -> bool:
        return True

    @property
    def element(self) -> ScalarType:
        return self.elem


class ArrayType(Type):
    __slots__ = ("elem", "size")

    def __init__(self, elem: Type, size: int | None) -> None:
        self.elem = elem
        self.size = size

    def spell(self) -> str:
        dims = ""
        t: Type = self
        while isinstance(t, ArrayType):
            dims += f"[{t.size if t.size is not None else ''}]"
            t = t.elem
        return f"{t.spell()}{dims}"


class VoidType(Type):
    __slots__ = ()

    def spell(self) -> str:
        return "void"


VOID = VoidType()


class ErrorType(Type):
    """The type of a declaration whose type could not be resolved (already
    reported): uses of it end quietly instead of cascading."""
    __slots__ = ()

    def spell(self) -> str:
        return "<error>"


ERROR = ErrorType()


class StringType(Type):
    __slots__ = ()

    def spell(self) -> str:
        return "string"


STRING = StringType()


from ..spec.resource_types import (BUILTIN_CONSTANTS, PSEUDO_ENUM_TYPES, RAY_TRACING_FUNCTIONS, RAY_TRACING_TYPES, RESOURCE_SHAPES, PLAIN_RESOURCES,  # noqa: F401  (re-exported: sema's view of them)
                                    SAMPLER_FEEDBACK_TYPES, TEMPLATED_RESOURCES, ResourceShape)


RAY_TRACING_STAGES = frozenset({"raygeneration", "intersection", "anyhit", "closesthit", "miss", "callable"})


def ray_tracing_error(name: str) -> str:
    return f"ray tracing ('{name}') is not supported: hlslc compiles compute shaders without ray tracing"


class ResourceType(Type):
    """`ByteAddressBuffer`, `RWByteAddressBuffer`, `StructuredBuffer<T>`,
    `Texture2D<float4>`, `ConstantBuffer<S>`, `SamplerState`, ...;
    `writable` means a UAV (register class `u`); `samples` is the sample
    count of `Texture2DMS<float4, 8>` (0 when not given); `major` the
    orientation written on a matrix element, `StructuredBuffer<row_major
    float4x4>` (True), `column_major` (False), or None (the default)."""

    __slots__ = ("name", "elem", "writable", "shape", "samples", "norm", "major")

    def __init__(self, name: str, elem: Type | None, writable: bool, samples: int = 0, norm: str = "",
                 major: bool | None = None) -> None:
        self.name = name
        self.elem = elem
        self.writable = writable
        self.shape = RESOURCE_SHAPES[name]
        self.samples = samples
        self.norm = norm        # "unorm"/"snorm" for `Texture2D<unorm float4>`, else ""
        self.major = major

    def spell(self) -> str:
        if self.elem is None:
            return self.name
        norm = f"{self.norm} " if self.norm else ""
        if self.major is not None:
            norm = "row_major " if self.major else "column_major "
        return f"{self.name}<{norm}{self.elem.spell()}{f', {self.samples}' if self.samples else ''}>"


class FeedbackKindType(Type):
    """The template argument of `FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP>`:
    DXIL's SamplerFeedbackType (`value`), spelled as written."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: int) -> None:
        self.name = name
        self.value = value

    def spell(self) -> str:
        return self.name


FEEDBACK_KINDS: dict[str, FeedbackKindType] = {
    name: FeedbackKindType(name, value) for name, value in SAMPLER_FEEDBACK_TYPES.items()}


class TextureSubscriptType(Type):
    """`tex.mips` / `tex.sample` (`member`), and the slice one index of it
    names (`tex.mips[level]`, `sliced`); the slice's subscript is a texel."""

    __slots__ = ("texture", "member", "sliced")

    def __init__(self, texture: ResourceType, member: str, sliced: bool) -> None:
        self.texture = texture
        self.member = member
        self.sliced = sliced

    def spell(self) -> str:
        return f"{self.texture.spell()}::{self.member}_{'slice_' if self.sliced else ''}type"


_SUBSCRIPTS: dict[tuple[int, str, bool], TextureSubscriptType] = {}


def texture_subscript_of(texture: ResourceType, member: str, sliced: bool) -> TextureSubscriptType:
    key = (id(texture), member, sliced)
    t = _SUBSCRIPTS.get(key)
    if t is None:
        t = _SUBSCRIPTS[key] = TextureSubscriptType(texture, member, sliced)
    return t


class DescriptorHeapType(Type):
    """`ResourceDescriptorHeap` / `SamplerDescriptorHeap` (SM 6.6): indexed,
    they give a descriptor (`HeapDescriptorType`)."""

    __slots__ = ("name", "sampler")

    def __init__(self, name: str, sampler: bool) -> None:
        self.name = name
        self.sampler = sampler

    def spell(self) -> str:
        return self.name


class HeapDescriptorType(Type):
    """`ResourceDescriptorHeap[i]`: converts implicitly to any resource type
    (sampler types for the sampler heap, the others for the resource heap)."""

    __slots__ = ("sampler",)

    def __init__(self, sampler: bool) -> None:
        self.sampler = sampler

    def spell(self) -> str:
        return ".Sampler" if self.sampler else ".Resource"


DESCRIPTOR_HEAPS = {"ResourceDescriptorHeap": DescriptorHeapType("ResourceDescriptorHeap", False),
                    "SamplerDescriptorHeap": DescriptorHeapType("SamplerDescriptorHeap", True)}
HEAP_DESCRIPTORS = {False: HeapDescriptorType(False), True: HeapDescriptorType(True)}


class WaveMatrixType(Type):
    """SM 6.8 `WaveMatrixLeft<T, M, N>` and its four siblings."""

    __slots__ = ("kind", "elem", "m", "n")

    def __init__(self, kind: str, elem: ScalarType, m: int, n: int) -> None:
        self.kind = kind
        self.elem = elem
        self.m = m
        self.n = n

    def spell(self) -> str:
        return f"{self.kind}<{self.elem.spell()}, {self.m}, {self.n}>"


# DXIL's component types by value (`DXIL::ComponentType`), the names DXC
# prints them with (`ComponentType::F32`).
DXIL_COMPONENT_NAMES: tuple[str, ...] = (
    "Invalid", "I1", "I16", "U16", "I32", "U32", "I64", "U64", "F16", "F32", "F64", "SNormF16", "UNormF16",
    "SNormF32", "UNormF32", "SNormF64", "UNormF64", "PackedS8x32", "PackedU8x32", "I8", "U8", "F8_E4M3FN",
    "F8_E5M2", "BFloat16")
LINALG_USE_NAMES: tuple[str, ...] = ("A", "B", "Accumulator")
LINALG_SCOPE_NAMES: tuple[str, ...] = ("Thread", "Wave", "ThreadGroup")


class LinAlgHandleType(Type):
    """DXC's opaque matrix handle (`--linalg-revision=dxc`):
    `__builtin_LinAlgMatrix`, and with its attribute
    `__builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(C, M, N, U, S)]]`
    (`component`, `m`, `n`, `use`, `scope` are the attribute's values; all
    None for the bare type, which code cannot be generated for).  Two
    attributed types are one type when all five values agree."""

    __slots__ = ("component", "m", "n", "use", "scope")

    def __init__(self, component: int | None, m: int | None, n: int | None, use: int | None,
                 scope: int | None) -> None:
        self.component = component
        self.m = m
        self.n = n
        self.use = use
        self.scope = scope

    @property
    def attributed(self) -> bool:
        return self.component is not None

    def spell(self) -> str:
        if not self.attributed:
            return "__builtin_LinAlgMatrix"
        return (f"__builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(ComponentType::"
                f"{_enum_name(DXIL_COMPONENT_NAMES, self.component)}, {self.m}, {self.n}, "
                f"MatrixUse::{_enum_name(LINALG_USE_NAMES, self.use)}, "
                f"MatrixScope::{_enum_name(LINALG_SCOPE_NAMES, self.scope)})]]")

    @property
    def mangling(self) -> str:
        """`C9M16N16U0S1`: the suffix of the DXIL type's name."""
        return f"C{self.component}M{self.m}N{self.n}U{self.use}S{self.scope}"


def _enum_name(names: tuple[str, ...], value: int | None) -> str:
    return names[value] if value is not None and 0 <= value < len(names) else str(value)


GRAPHICS_OBJECTS = frozenset({"InputPatch", "OutputPatch", "PointStream", "LineStream", "TriangleStream"})


class GraphicsObjectType(Type):
    """The parameter types of hull, domain and geometry entry points:
    `InputPatch<T, N>`, `OutputPatch<T, N>` (indexed: a T) and
    `PointStream<T>`, `LineStream<T>`, `TriangleStream<T>` (`Append(T)`,
    `RestartStrip()`).  Sema types their uses, so that a library's
    graphics entries are checked; code generation refuses them."""

    __slots__ = ("name", "elem", "count")

    def __init__(self, name: str, elem: Type, count: int | None) -> None:
        self.name = name
        self.elem = elem
        self.count = count

    def spell(self) -> str:
        return f"{self.name}<{self.elem.spell()}{f', {self.count}' if self.count is not None else ''}>"


_GRAPHICS: dict[tuple, GraphicsObjectType] = {}


def graphics_object_of(name: str, elem: Type, count: int | None) -> GraphicsObjectType:
    key = (name, id(elem), count)
    t = _GRAPHICS.get(key)
    if t is None:
        _KEEP.append(elem)
        t = _GRAPHICS[key] = GraphicsObjectType(name, elem, count)
    return t


class NodeObjectType(Type):
    """A work graph's node I/O object (`DispatchNodeInputRecord<R>`,
    `NodeOutput<R>`, `EmptyNodeInput`, ...): typed so that a node function
    beside the compute entry compiled is no error; hlslc compiles no node
    shader, and what the entry point reaches of these is reported."""

    __slots__ = ("name", "record")

    def __init__(self, name: str, record: "Type | None" = None) -> None:
        self.name = name
        self.record = record

    def spell(self) -> str:
        return f"{self.name}<{self.record.spell()}>" if self.record is not None else self.name


_NODE_OBJECTS: dict[tuple, NodeObjectType] = {}


def node_object_of(name: str, record: "Type | None" = None) -> NodeObjectType:
    """The one NodeObjectType of `name` and record (types compare by identity)."""
    key = (name, id(record))
    t = _NODE_OBJECTS.get(key)
    if t is None:
        t = _NODE_OBJECTS[key] = NodeObjectType(name, record)
    return t


def work_graph_error(what: str) -> str:
    return f"work graphs ('{what}') are not supported: hlslc compiles compute shaders, not node shaders"


class RayTracingObjectType(Type):
    """`RaytracingAccelerationStructure` and `RayQuery<FLAGS>` (inline ray
    tracing's query object): ray tracing, which hlslc does not compile.
    Sema types them (a RayQuery's methods too), so that a shared header's
    ray-tracing helpers (a parameter or local of these types, a global the
    entry never names, a `typedef RayQuery<...>`) are no error in a compute
    shader that does not reach them, as in DXC; what the entry point
    reaches is reported."""

    __slots__ = ("name", "flags")

    def __init__(self, name: str, flags: tuple[int, ...] = ()) -> None:
        self.name = name
        self.flags = flags

    def spell(self) -> str:
        return f"{self.name}<{', '.join(str(f) for f in self.flags)}>" if self.flags else self.name


_RAY_TRACING_OBJECTS: dict[tuple, RayTracingObjectType] = {}


def ray_tracing_object_of(name: str, flags: tuple[int, ...] = ()) -> RayTracingObjectType:
    t = _RAY_TRACING_OBJECTS.get((name, flags))
    if t is None:
        t = _RAY_TRACING_OBJECTS[(name, flags)] = RayTracingObjectType(name, flags)
    return t


class EnumType(Type):
    __slots__ = ("symbol",)

    def __init__(self, symbol: "EnumSymbol") -> None:
        self.symbol = symbol

    def spell(self) -> str:
        return self.symbol.qualified_name


class ClassType(Type):
    """A struct or class, or an instance of a class template."""

    __slots__ = ("instance",)

    def __init__(self, instance: "ClassInstance") -> None:
        self.instance = instance

    def spell(self) -> str:
        return self.instance.spell()


# --------------------------------------------------------------------------
# Interning

_VECTORS: dict[tuple[int, int], VectorType] = {}
_MATRICES: dict[tuple[int, int, int], MatrixType] = {}
_ARRAYS: dict[tuple[int, int | None], ArrayType] = {}
_RESOURCES: dict[tuple[str, int, int], ResourceType] = {}
_WAVE: dict[tuple[str, int, int, int], WaveMatrixType] = {}
_KEEP: list[Type] = []    # keeps element types alive so id() keys stay unique


def vector_of(elem: ScalarType, size: int) -> VectorType:
    key = (id(elem), size)
    t = _VECTORS.get(key)
    if t is None:
        t = _VECTORS[key] = VectorType(elem, size)
    return t


def matrix_of(elem: ScalarType, rows: int, cols: int) -> MatrixType:
    key = (id(elem), rows, cols)
    t = _MATRICES.get(key)
    if t is None:
        t = _MATRICES[key] = MatrixType(elem, rows, cols)
    return t


def array_of(elem: Type, size: int | None) -> ArrayType:
    key = (id(elem), size)
    t = _ARRAYS.get(key)
    if t is None:
        _KEEP.append(elem)
        t = _ARRAYS[key] = ArrayType(elem, size)
    return t


WRITABLE_RESOURCES = frozenset(name for name, s in RESOURCE_SHAPES.items() if s.is_uav)


def resource_of(name: str, elem: Type | None = None, samples: int = 0, norm: str = "",
                major: bool | None = None) -> ResourceType:
    key = (name, id(elem), samples, norm, major)
    t = _RESOURCES.get(key)
    if t is None:
        if elem is not None:
            _KEEP.append(elem)
        t = _RESOURCES[key] = ResourceType(name, elem, name in WRITABLE_RESOURCES, samples, norm, major)
    return t


def wave_matrix_of(kind: str, elem: ScalarType, m: int, n: int) -> WaveMatrixType:
    key = (kind, id(elem), m, n)
    t = _WAVE.get(key)
    if t is None:
        t = _WAVE[key] = WaveMatrixType(kind, elem, m, n)
    return t


_LINALG_HANDLES: dict[tuple, LinAlgHandleType] = {}


def linalg_handle_of(component: int | None = None, m: int | None = None, n: int | None = None,
                     use: int | None = None, scope: int | None = None) -> LinAlgHandleType:
    """The (interned) matrix handle type; no arguments: the bare one."""
    key = (component, m, n, use, scope)
    t = _LINALG_HANDLES.get(key)
    if t is None:
        t = _LINALG_HANDLES[key] = LinAlgHandleType(component, m, n, use, scope)
    return t


def holds_resources(t: Type) -> bool:
    """A resource, or an array or struct with a resource somewhere inside."""
    while isinstance(t, ArrayType):
        t = t.elem
    if isinstance(t, ResourceType):
        return True
    if isinstance(t, ClassType):
        return any(f.type is not None and holds_resources(f.type) for f in t.instance.fields)
    return False


def with_element(t: Type, elem: ScalarType) -> Type:
    """The same shape with another element type (for conversions)."""
    if isinstance(t, VectorType):
        return vector_of(elem, t.size)
    if isinstance(t, MatrixType):
        return matrix_of(elem, t.rows, t.cols)
    return elem


def component_count(t: Type) -> int:
    if isinstance(t, VectorType):
        return t.size
    if isinstance(t, MatrixType):
        return t.rows * t.cols
    return 1


def size_of(t: Type) -> int | None:
    """`sizeof` in bytes, where it is defined (scalars, vectors, matrices,
    arrays and structs of those)."""
    if isinstance(t, ScalarType):
        if t.literal:
            return None
        return 4 if t.kind == "bool" else t.bits // 8
    if isinstance(t, (VectorType, MatrixType)):
        return size_of(t.element) * component_count(t)  # type: ignore[operator]
    if isinstance(t, ArrayType) and t.size is not None:
        inner = size_of(t.elem)
        return inner * t.size if inner is not None else None
    if isinstance(t, EnumType):
        return 4
    if isinstance(t, ClassType):
        return t.instance.size_in_bytes()
    return None


# --------------------------------------------------------------------------
# Constant values

class ConstValue:
    """The value of a constant expression: a Python int (bool as 0/1 with
    type BOOL, enumerators with their EnumType) or float."""

    __slots__ = ("type", "value")

    def __init__(self, type: Type, value: Any) -> None:
        self.type = type
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ConstValue) and self.type is other.type and self.value == other.value

    def __hash__(self) -> int:
        return hash((id(self.type), self.value))

    def spell(self) -> str:
        t = self.type
        if isinstance(t, EnumType):
            name = t.symbol.name_of(self.value)
            return f"{t.symbol.name}::{name}" if name else f"({t.spell()}){self.value}"
        if t is BOOL:
            return "true" if self.value else "false"
        return str(self.value)

    def __repr__(self) -> str:
        return f"ConstValue({self.spell()})"


def promoted(value: ConstValue) -> ConstValue:
    """An unscoped enumeration's value as the integer it promotes to (C++'s
    integral promotion, in arithmetic and where an integer is wanted);
    anything else unchanged."""
    t = value.type
    if isinstance(t, EnumType) and not t.symbol.scoped:
        underlying = t.symbol.underlying
        return ConstValue(underlying if isinstance(underlying, ScalarType) else INT, value.value)
    return value


def spell_arg(arg: "Type | ConstValue") -> str:
    return arg.spell()
