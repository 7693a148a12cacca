"""What the Vulkan runner needs to know of a SPIR-V module before handing
it to a driver: its version, capabilities and extensions (which device
features and extensions to enable), its compute entry points and their
workgroup sizes, the descriptors it declares (set, binding and kind, to
check them against the pipeline file), and its cooperative matrix types (to
check them against the configurations the device reports).

A mistake found here is a `RunError` naming the resource or type; found by
the driver it would be a failed pipeline creation, or a wrong result.

Owns: reading a SPIR-V binary's words (both byte orders) into `ModuleInfo`.
Does not own: writing SPIR-V (the backend) or deciding what a device must
enable (`hlslc.runner.vulkan`).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from .errors import RunError

MAGIC = 0x07230203

# Opcodes read here.
OP_NAME, OP_EXTENSION, OP_MEMORY_MODEL, OP_ENTRY_POINT, OP_EXECUTION_MODE, OP_CAPABILITY = 5, 10, 14, 15, 16, 17
OP_TYPE_INT, OP_TYPE_FLOAT, OP_TYPE_IMAGE, OP_TYPE_SAMPLER, OP_TYPE_SAMPLED_IMAGE = 21, 22, 25, 26, 27
OP_TYPE_ARRAY, OP_TYPE_RUNTIME_ARRAY, OP_TYPE_STRUCT, OP_TYPE_POINTER = 28, 29, 30, 32
OP_CONSTANT, OP_CONSTANT_COMPOSITE, OP_SPEC_CONSTANT, OP_SPEC_CONSTANT_COMPOSITE = 43, 44, 50, 51
OP_VARIABLE, OP_DECORATE, OP_EXECUTION_MODE_ID = 59, 71, 331
OP_TYPE_COOPERATIVE_MATRIX_KHR, OP_TYPE_ACCELERATION_STRUCTURE_KHR = 4456, 5341

EXECUTION_MODEL_GLCOMPUTE = 5
MODE_LOCAL_SIZE, MODE_LOCAL_SIZE_ID = 17, 38
DECORATION_BLOCK, DECORATION_BUFFER_BLOCK, DECORATION_BINDING, DECORATION_DESCRIPTOR_SET = 2, 3, 33, 34
STORAGE_UNIFORM_CONSTANT, STORAGE_UNIFORM, STORAGE_PUSH_CONSTANT, STORAGE_STORAGE_BUFFER = 0, 2, 9, 12
STORAGE_WORKGROUP = 4
OP_TYPE_BOOL, OP_TYPE_VECTOR, OP_TYPE_MATRIX = 20, 23, 24
OP_SPEC_CONSTANT_TRUE, OP_SPEC_CONSTANT_FALSE = 48, 49
DECORATION_SPEC_ID = 1
BUILTIN_DECORATION, BUILTIN_WORKGROUP_SIZE = 11, 25

# Descriptor kinds, as the Vulkan runner names them.
STORAGE_BUFFER = "storage buffer"
UNIFORM_BUFFER = "uniform buffer"
UNIFORM_TEXEL_BUFFER = "uniform texel buffer"
STORAGE_TEXEL_BUFFER = "storage texel buffer"
SAMPLED_IMAGE = "sampled image"
STORAGE_IMAGE = "storage image"
SAMPLER = "sampler"

# Capability numbers to names, for messages.
CAPABILITY_NAMES: dict[int, str] = {
    1: "Shader", 9: "Float16", 10: "Float64", 11: "Int64", 12: "Int64Atomics", 22: "Int16", 39: "Int8",
    46: "SampledBuffer", 47: "ImageBuffer", 55: "StorageImageReadWithoutFormat",
    56: "StorageImageWriteWithoutFormat", 61: "GroupNonUniform", 62: "GroupNonUniformVote",
    63: "GroupNonUniformArithmetic", 64: "GroupNonUniformBallot", 65: "GroupNonUniformShuffle",
    66: "GroupNonUniformShuffleRelative", 67: "GroupNonUniformClustered", 68: "GroupNonUniformQuad",
    5297: "GroupNonUniformPartitionedNV", 4433: "StorageBuffer16BitAccess", 4434: "UniformAndStorageBuffer16BitAccess", 4435: "StoragePushConstant16",
    4448: "StorageBuffer8BitAccess", 4449: "UniformAndStorageBuffer8BitAccess", 4450: "StoragePushConstant8",
    5345: "VulkanMemoryModel", 5346: "VulkanMemoryModelDeviceScope", 5347: "PhysicalStorageBufferAddresses",
    6019: "DotProduct", 6022: "CooperativeMatrixKHR", 6026: "GroupNonUniformRotateKHR",
    6033: "AtomicFloat32AddEXT", 5116: "BFloat16TypeKHR", 5118: "BFloat16CooperativeMatrixKHR",
    5433: "CooperativeMatrixTensorAddressingNV", 5439: "TensorAddressingNV", 5301: "ShaderNonUniform",
    5302: "RuntimeDescriptorArray", 5304: "UniformTexelBufferArrayDynamicIndexing",
    5305: "StorageTexelBufferArrayDynamicIndexing", 5306: "UniformBufferArrayNonUniformIndexing",
    5307: "SampledImageArrayNonUniformIndexing", 5308: "StorageBufferArrayNonUniformIndexing",
    5309: "StorageImageArrayNonUniformIndexing", 5311: "UniformTexelBufferArrayNonUniformIndexing",
    5312: "StorageTexelBufferArrayNonUniformIndexing",
}

MATRIX_USES = {0: "A", 1: "B", 2: "accumulator"}


@dataclass
class EntryPoint:
    name: str
    model: int
    id: int
    interface: list[int]


@dataclass
class Descriptor:
    """A resource variable: its set and binding, kind (one of the names
    above, or another descriptor's name for kinds the runner lacks), array
    size (0: unbounded) and its name in the module, when it has one."""

    id: int
    set: int
    binding: int
    kind: str
    count: int
    name: str


@dataclass
class MatrixType:
    """An OpTypeCooperativeMatrixKHR: component ("f16", "u8", ...), scope
    (3 is Subgroup), rows, columns and use ("A", "B", "accumulator")."""

    component: str
    scope: int
    rows: int
    cols: int
    use: str


@dataclass
class ModuleInfo:
    version: tuple[int, int]
    capabilities: set[int] = field(default_factory=set)
    extensions: list[str] = field(default_factory=list)
    entry_points: list[EntryPoint] = field(default_factory=list)
    local_size: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    workgroup_size_builtin: tuple[int, int, int] | None = None
    descriptors: list[Descriptor] = field(default_factory=list)
    push_constants: bool = False
    push_constant_size: int = 0     # bytes of the PushConstant block (naturally laid out)
    matrix_types: list[MatrixType] = field(default_factory=list)
    # Bytes of the module's Workgroup (groupshared) variables, laid out
    # naturally (each value at a multiple of its size).
    workgroup_bytes: int = 0
    # Specialization constants: SpecId -> the bytes its value takes (a bool:
    # 4, a VkBool32).
    spec_constants: dict[int, int] = field(default_factory=dict)

    def compute_entry(self, name: str) -> EntryPoint:
        computes = [e for e in self.entry_points if e.model == EXECUTION_MODEL_GLCOMPUTE]
        for e in computes:
            if e.name == name:
                return e
        names = ", ".join(f"'{e.name}'" for e in computes) or "none"
        raise RunError(f"the SPIR-V module has no compute entry point '{name}' (its compute entry points: {names})")

    def workgroup_size(self, entry: EntryPoint) -> tuple[int, int, int] | None:
        return self.workgroup_size_builtin or self.local_size.get(entry.id)

    def descriptors_of(self, entry: EntryPoint) -> list[Descriptor]:
        """The descriptors the entry point may use: from SPIR-V 1.4 its
        interface lists every global it uses; before, all of them."""
        if self.version >= (1, 4):
            used = set(entry.interface)
            return [d for d in self.descriptors if d.id in used]
        return list(self.descriptors)


def _string(words: tuple[int, ...], start: int) -> tuple[str, int]:
    """A literal string at words[start:], and the index after it."""
    raw = bytearray()
    i = start
    while i < len(words):
        raw += struct.pack("<I", words[i])
        i += 1
        if 0 in raw[-4:]:
            break
    return raw.split(b"\0", 1)[0].decode("utf-8", "replace"), i


def read_module(code: bytes) -> ModuleInfo:
    """Read the parts of a SPIR-V binary the Vulkan runner checks; raise a
    `RunError` when `code` is not a SPIR-V module."""
    if len(code) < 20 or len(code) % 4:
        raise RunError(f"not a SPIR-V module: {len(code)} bytes (a module is a whole number of 32-bit words, "
                       "at least 5)")
    order = "<"
    if struct.unpack("<I", code[:4])[0] != MAGIC:
        if struct.unpack(">I", code[:4])[0] != MAGIC:
            raise RunError("not a SPIR-V module: the first word is not the SPIR-V magic number 0x07230203")
        order = ">"
    words = struct.unpack(f"{order}{len(code) // 4}I", code)
    info = ModuleInfo(version=(words[1] >> 16 & 0xFF, words[1] >> 8 & 0xFF))
    names: dict[int, str] = {}
    ints: dict[int, tuple[int, bool]] = {}       # type id -> (width, signed)
    floats: dict[int, int] = {}                  # type id -> width (16 with an encoding: bf16)
    constants: dict[int, int] = {}
    composites: dict[int, tuple[int, ...]] = {}
    decorations: dict[int, dict[int, list[int]]] = {}
    types: dict[int, tuple[int, tuple[int, ...]]] = {}   # type id -> (opcode, operands)
    variables: list[tuple[int, int, int]] = []  # (pointer type, id, storage class)
    matrices: list[tuple[int, ...]] = []
    local_size_ids: dict[int, tuple[int, int, int]] = {}
    spec_types: dict[int, int] = {}             # specialization constant id -> its type
    i = 5
    while i < len(words):
        count, op = words[i] >> 16, words[i] & 0xFFFF
        if count == 0 or i + count > len(words):
            raise RunError(f"malformed SPIR-V module: an instruction at word {i} runs past the end")
        ops = words[i + 1:i + count]
        i += count
        if op == OP_CAPABILITY:
            info.capabilities.add(ops[0])
        elif op == OP_EXTENSION:
            info.extensions.append(_string(ops, 0)[0])
        elif op == OP_ENTRY_POINT:
            name, after = _string(ops, 2)
            info.entry_points.append(EntryPoint(name, ops[0], ops[1], list(ops[after:])))
        elif op == OP_EXECUTION_MODE and ops[1] == MODE_LOCAL_SIZE:
            info.local_size[ops[0]] = (ops[2], ops[3], ops[4])
        elif op == OP_EXECUTION_MODE_ID and ops[1] == MODE_LOCAL_SIZE_ID:
            local_size_ids[ops[0]] = (ops[2], ops[3], ops[4])
        elif op == OP_NAME:
            names[ops[0]] = _string(ops, 1)[0]
        elif op == OP_DECORATE:
            decorations.setdefault(ops[0], {})[ops[1]] = list(ops[2:])
        elif op == OP_TYPE_INT:
            ints[ops[0]] = (ops[1], bool(ops[2]))
        elif op == OP_TYPE_FLOAT:
            floats[ops[0]] = ops[1] if len(ops) < 3 else -ops[1]
        elif op in (OP_TYPE_IMAGE, OP_TYPE_SAMPLER, OP_TYPE_SAMPLED_IMAGE, OP_TYPE_ARRAY, OP_TYPE_RUNTIME_ARRAY,
                    OP_TYPE_STRUCT, OP_TYPE_POINTER, OP_TYPE_ACCELERATION_STRUCTURE_KHR, OP_TYPE_BOOL,
                    OP_TYPE_VECTOR, OP_TYPE_MATRIX):
            types[ops[0]] = (op, tuple(ops[1:]))
        elif op in (OP_CONSTANT, OP_SPEC_CONSTANT) and len(ops) >= 3:
            constants[ops[1]] = ops[2]      # a specialisation constant: its default
            if op == OP_SPEC_CONSTANT:
                spec_types[ops[1]] = ops[0]
        elif op in (OP_SPEC_CONSTANT_TRUE, OP_SPEC_CONSTANT_FALSE):
            spec_types[ops[1]] = ops[0]
        elif op in (OP_CONSTANT_COMPOSITE, OP_SPEC_CONSTANT_COMPOSITE):
            composites[ops[1]] = tuple(ops[2:])
        elif op == OP_VARIABLE:
            variables.append((ops[0], ops[1], ops[2]))
        elif op == OP_TYPE_COOPERATIVE_MATRIX_KHR:
            matrices.append(tuple(ops))
    for target, type_id in spec_types.items():
        spec_id = decorations.get(target, {}).get(DECORATION_SPEC_ID)
        if spec_id:
            width = ints[type_id][0] if type_id in ints else abs(floats.get(type_id, 32))
            info.spec_constants[spec_id[0]] = 4 if type_id not in ints and type_id not in floats else width // 8
    for entry_id, ids in local_size_ids.items():
        if all(x in constants for x in ids):
            info.local_size[entry_id] = tuple(constants[x] for x in ids)  # type: ignore[assignment]
    for target, decos in decorations.items():
        # A WorkgroupSize built-in overrides every entry point's LocalSize.
        parts = composites.get(target, ())
        if decos.get(BUILTIN_DECORATION) == [BUILTIN_WORKGROUP_SIZE] and len(parts) == 3 and \
                all(x in constants for x in parts):
            info.workgroup_size_builtin = tuple(constants[x] for x in parts)  # type: ignore[assignment]
    for pointer_type, var, storage in variables:
        if storage == STORAGE_WORKGROUP:
            size, align = _natural_size(types.get(pointer_type, (0, (0, 0)))[1][1], ints, floats, types, constants)
            info.workgroup_bytes = -(-info.workgroup_bytes // align) * align + size
        if storage == STORAGE_PUSH_CONSTANT:
            info.push_constants = True
            pointee = types.get(pointer_type, (0, (0, 0)))[1][1]
            size = _natural_size(pointee, ints, floats, types, constants)[0]
            info.push_constant_size = max(info.push_constant_size, size)
        if storage not in (STORAGE_UNIFORM_CONSTANT, STORAGE_UNIFORM, STORAGE_STORAGE_BUFFER):
            continue
        decos = decorations.get(var, {})
        if DECORATION_BINDING not in decos and DECORATION_DESCRIPTOR_SET not in decos:
            continue
        pointee = types.get(pointer_type, (0, (0, 0)))[1][1]
        kind, array_size = _descriptor_kind(pointee, storage, types, decorations, constants)
        info.descriptors.append(Descriptor(var, (decos.get(DECORATION_DESCRIPTOR_SET) or [0])[0],
                                           (decos.get(DECORATION_BINDING) or [0])[0], kind, array_size,
                                           names.get(var, "") or names.get(pointee, "")))
    for type_id, component, scope, rows, cols, use in (m[:6] for m in matrices if len(m) >= 6):
        info.matrix_types.append(MatrixType(_component_name(component, ints, floats), constants.get(scope, -1),
                                            constants.get(rows, 0), constants.get(cols, 0),
                                            MATRIX_USES.get(constants.get(use, -1), "?")))
    return info


def _natural_size(type_id: int, ints: dict, floats: dict, types: dict, constants: dict) -> tuple[int, int]:
    """(size, alignment) of a type laid out naturally."""
    if type_id in ints:
        n = ints[type_id][0] // 8
        return n, n
    if type_id in floats:
        n = abs(floats[type_id]) // 8
        return n, n
    op, ops = types.get(type_id, (0, ()))
    if op == OP_TYPE_BOOL:
        return 4, 4
    if op in (OP_TYPE_VECTOR, OP_TYPE_MATRIX):
        size, align = _natural_size(ops[0], ints, floats, types, constants)
        return size * ops[1], align
    if op == OP_TYPE_ARRAY:
        size, align = _natural_size(ops[0], ints, floats, types, constants)
        return -(-size // align) * align * constants.get(ops[1], 1), align
    if op == OP_TYPE_STRUCT:
        total, most = 0, 1
        for member in ops:
            size, align = _natural_size(member, ints, floats, types, constants)
            total = -(-total // align) * align + size
            most = max(most, align)
        return -(-total // most) * most, most
    return 0, 1


def _descriptor_kind(type_id: int, storage: int, types: dict, decorations: dict,
                     constants: dict) -> tuple[str, int]:
    count = 1
    op, ops = types.get(type_id, (0, ()))
    if op == OP_TYPE_ARRAY:
        count = constants.get(ops[1], 1)
        type_id = ops[0]
        op, ops = types.get(type_id, (0, ()))
    elif op == OP_TYPE_RUNTIME_ARRAY and storage == STORAGE_UNIFORM_CONSTANT:
        count = 0
        type_id = ops[0]
        op, ops = types.get(type_id, (0, ()))
    if storage == STORAGE_STORAGE_BUFFER:
        return STORAGE_BUFFER, count
    if storage == STORAGE_UNIFORM:
        decos = decorations.get(type_id, {})
        return (STORAGE_BUFFER if DECORATION_BUFFER_BLOCK in decos else UNIFORM_BUFFER), count
    if op == OP_TYPE_IMAGE:
        dim, sampled = ops[1], ops[5]
        if dim == 5:    # Buffer
            return (UNIFORM_TEXEL_BUFFER if sampled == 1 else STORAGE_TEXEL_BUFFER), count
        return (SAMPLED_IMAGE if sampled == 1 else STORAGE_IMAGE), count
    if op == OP_TYPE_SAMPLER:
        return SAMPLER, count
    if op == OP_TYPE_SAMPLED_IMAGE:
        return "combined image sampler", count
    if op == OP_TYPE_ACCELERATION_STRUCTURE_KHR:
        return "acceleration structure", count
    return "resource", count


def _component_name(type_id: int, ints: dict, floats: dict) -> str:
    if type_id in floats:
        width = floats[type_id]
        return {16: "f16", 32: "f32", 64: "f64", -16: "bf16", -8: "fp8"}.get(width, f"f{abs(width)}")
    if type_id in ints:
        width, signed = ints[type_id]
        return f"{'s' if signed else 'u'}{width}"
    return "?"
