"""`hlslc run --device vulkan`: run a compute SPIR-V module on a Vulkan
device with the pipeline file the CPU executor reads, and return the same
`RunResult` (the buffers as numpy arrays, each Result's verdict), with the
device's name and the dispatch's time from GPU timestamps.

The steps: read what the module needs (`spirv_info`), map the pipeline's
DescriptorSets to Vulkan sets and bindings (`plan_bindings`: a Resource's
VulkanBinding binds in the set of its DescriptorSets entry; without one its
DirectXBinding's register is the binding and its space the set, the
convention of DXC's -spirv that the backend follows), check the two agree,
pick a device (`choose_device`: a discrete GPU first, `HLSLC_VULKAN_DEVICE`
to choose by index), enable the features and extensions the module's
capabilities need and the device has (`select_features`), upload the data,
dispatch, wait, read back every bound buffer.  Buffers live in device-local
memory behind host-visible staging buffers where the device has separate
device memory, and in host-visible memory where it does not.

Every failure is a `RunError`: no loader, no device, a feature the device
lacks, a binding the pipeline does not provide, a failed vkCreate* call
with its VkResult's name.

Owns: the Vulkan objects of one run, and the seam to the SPIR-V backend
(`compile_spirv`).  Does not own: the API declarations (`vk`), reading
modules (`spirv_info`), pipeline files (`pipeline`), the Result rules
(`results`).
"""

from __future__ import annotations

import atexit
import ctypes
import os
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ..dxil import reader as R
from ..spirv import Options, SpirvError, apply_vulkan_options, emit_spirv, from_bindings, from_metadata
from . import spirv_info as S
from . import vulkan_api as vk
from .errors import RunError
from .pipeline import Buffer, Pipeline, Resource
from .results import RunResult, check as check_results, ir_text_of

# --------------------------------------------------------------------------
# The SPIR-V backend

def compile_spirv(module_or_result: Any, entry: str, pipeline: Pipeline | None = None) -> bytes:
    """SPIR-V for a compiled shader (the binary of a `-spirv` compile as it
    is); `compile_for_pipeline` also places its resources where a
    pipeline binds them."""
    binary = getattr(module_or_result, "binary", None)
    if binary is not None and pipeline is None:
        return bytes(binary)
    return compile_for_pipeline(module_or_result, entry, pipeline)[0]


def compile_for_pipeline(module_or_result: Any, entry: str, pipeline: Pipeline | None,
                         workgroup_matrices: bool | None = None) -> tuple[bytes, list[Binding] | None]:
    """The backend `hlslc.spirv` translates the IR (of a `CompileResult`,
    with the lowering's records of its resources, or IR text, whose
    resources come from its metadata).  With a pipeline, each resource of
    the module binds where the pipeline's resource of the same register
    does (`plan_bindings` with the module's resources): the runner compiles
    the shader for the pipeline, as an application picks its bindings.
    ThreadGroup-scope matrices become Workgroup-scope cooperative matrices
    when `workgroup_matrices` says so, or (None) when the device has them;
    generic code otherwise.  Returns the module and that plan.  A construct with no SPIR-V form is a
    RunError naming it, with its IR line."""
    text = ir_text_of(module_or_result)
    module = getattr(module_or_result, "module", None)
    bindings = getattr(module, "hlslc_bindings", None)
    compile_options = getattr(module_or_result, "options", None)
    vulkan_options = tuple(getattr(compile_options, "vulkan_options", ()) or ())
    try:
        if bindings is not None:
            resources = from_bindings(bindings)
        else:
            resources = from_metadata(R.read_module(text))
        apply_vulkan_options(resources, vulkan_options)
    except (R.ParseError, ValueError) as err:
        raise RunError(f"no SPIR-V for this module: {err}") from None
    plan = None
    if pipeline is not None:
        plan = plan_bindings(pipeline, resources)
        places = {(b.resource.register_class, b.resource.space, b.resource.register): b for b in plan
                  if not b.counter}
        counters = {(b.resource.register_class, b.resource.space, b.resource.register): b for b in plan
                    if b.counter}
        for res in resources:
            b = places.get((res.cls, res.space, res.lower))
            if b is not None and res.vk_binding is None:
                res.vk_binding = (b.binding, b.set)
            c = counters.get((res.cls, res.space, res.lower))
            if c is not None:
                res.counter_binding = (c.binding, c.set)
    options = Options(entry, resources, bool(getattr(compile_options, "native_16bit_types", True)), (),
                      workgroup_matrices)
    try:
        module = emit_spirv(text, options)
        if module.generic_group_matrices and workgroup_matrices is None and _workgroup_scope_device():
            # ThreadGroup-scope matrices as the device's own Workgroup-scope
            # cooperative matrices, read and written with tensor addressing
            # where the device has it.
            options.workgroup_matrices = True
            options.tensor_addressing = _workgroup_scope_device("cooperativeMatrixTensorAddressing")
            module = emit_spirv(text, options)
        return module.to_bytes(), plan
    except SpirvError as err:
        raise RunError(f"{err.message}", err.line) from None


def _workgroup_scope_device(feature: str = "cooperativeMatrixWorkgroupScope") -> bool:
    """Whether the device a run would use has Workgroup-scope cooperative
    matrices (VK_NV_cooperative_matrix2), or that extension's `feature`;
    False without a device."""
    try:
        dev = probe()
    except RunError:
        return False
    return "VK_NV_cooperative_matrix2" in dev.extensions and bool(dev.features.get(feature))


# --------------------------------------------------------------------------
# Bindings: pipeline resources to Vulkan sets and bindings

# Resource kinds of the pipeline file -> descriptor kind on Vulkan.
DESCRIPTOR_KINDS: dict[str, str] = {
    "StructuredBuffer": S.STORAGE_BUFFER, "RWStructuredBuffer": S.STORAGE_BUFFER,
    "ByteAddressBuffer": S.STORAGE_BUFFER, "RWByteAddressBuffer": S.STORAGE_BUFFER,
    "ConstantBuffer": S.UNIFORM_BUFFER,
    "Buffer": S.UNIFORM_TEXEL_BUFFER, "RWBuffer": S.STORAGE_TEXEL_BUFFER,
    "Texture2D": S.SAMPLED_IMAGE, "RWTexture2D": S.STORAGE_IMAGE,
    "Sampler": S.SAMPLER, "SamplerComparison": S.SAMPLER,
}
IMAGE_KINDS = (S.SAMPLED_IMAGE, S.STORAGE_IMAGE)

DESCRIPTOR_TYPES: dict[str, int] = {
    S.STORAGE_BUFFER: vk.DESCRIPTOR_STORAGE_BUFFER, S.UNIFORM_BUFFER: vk.DESCRIPTOR_UNIFORM_BUFFER,
    S.UNIFORM_TEXEL_BUFFER: vk.DESCRIPTOR_UNIFORM_TEXEL_BUFFER,
    S.STORAGE_TEXEL_BUFFER: vk.DESCRIPTOR_STORAGE_TEXEL_BUFFER,
    S.SAMPLED_IMAGE: vk.DESCRIPTOR_SAMPLED_IMAGE, S.STORAGE_IMAGE: vk.DESCRIPTOR_STORAGE_IMAGE,
    S.SAMPLER: vk.DESCRIPTOR_SAMPLER,
}

BUFFER_USAGE: dict[str, int] = {
    S.STORAGE_BUFFER: vk.BUFFER_STORAGE, S.UNIFORM_BUFFER: vk.BUFFER_UNIFORM,
    S.UNIFORM_TEXEL_BUFFER: vk.BUFFER_UNIFORM_TEXEL, S.STORAGE_TEXEL_BUFFER: vk.BUFFER_STORAGE_TEXEL,
}

# VkFormat of a typed buffer's texels: (element format, channels) -> format.
_TEXEL_BASES = {"UInt32": 98, "Hex32": 98, "Bool": 98, "Int32": 99, "Float32": 100,
                "UInt16": 74, "Hex16": 74, "Int16": 75, "Float16": 76,
                "UInt64": 110, "Hex64": 110, "Int64": 111, "Float64": 112}
# Formats step by 3 (UINT, SINT, SFLOAT) per channel for 32 and 64 bits, by 7 for 16 bits.
_TEXEL_STEPS = {4: 3, 2: 7, 8: 3}


def texel_format(buf: Buffer) -> int:
    if buf.format == "Depth32":
        if buf.channels != 1:
            raise RunError(f"buffer '{buf.name}': a Depth32 texture has one channel, not {buf.channels}")
        return vk.FORMAT_D32_SFLOAT
    base = _TEXEL_BASES.get(buf.format)
    if base is None:
        raise RunError(f"buffer '{buf.name}': typed buffers of {buf.format} have no Vulkan texel format")
    return base + _TEXEL_STEPS[buf.dtype.itemsize] * (max(buf.channels, 1) - 1)


@dataclass
class Binding:
    """One descriptor: where it binds, its kind, and the buffer behind it."""

    set: int
    binding: int
    kind: str
    resource: Resource
    buffer: Buffer | None           # None for a sampler
    format: int | None = None
    counter: bool = False       # the hidden counter of `resource` (one uint: the buffer's Counter)

    @property
    def count(self) -> int:
        """Descriptors of the binding: a buffer's ArraySize (an array of
        counted buffers: as many counters), else one."""
        return 1 if self.buffer is None else self.buffer.array_size

    def describe(self) -> str:
        what = "the counter of " if self.counter else ""
        return f"{what}'{self.resource.name}' ({self.resource.kind}, set {self.set} binding {self.binding})"


def plan_bindings(pipeline: Pipeline, module_resources: list[Any] | None = None) -> list[Binding]:
    """The Vulkan set and binding of each resource of the pipeline's
    DescriptorSets, with its descriptor kind.

    A resource binds at its VulkanBinding; else, for a module whose
    resources are known (`module_resources`, the SPIR-V backend's
    ResourceInfo), where the module's `[[vk::binding]]` for that register
    puts it; else, as DXC's -spirv does, at its register's number in the set
    of its space.  For a module hlslc compiles for the pipeline, a resource
    whose register number another resource of the set already has moves to
    the set's next free binding (t0 and u0 cannot share binding 0); for a
    given .spv module that is an error, since its bindings are fixed."""
    plan: list[Binding] = []
    taken: dict[tuple[int, int], Binding] = {}
    source = {}
    for info in module_resources or ():
        if info.vk_binding is not None:
            source[(info.cls, info.space, info.lower)] = (info.vk_binding[1], info.vk_binding[0])
    explicit: list[tuple[Resource, tuple[int, int]]] = []
    implicit: list[Resource] = []
    for res in pipeline.resources:
        if DESCRIPTOR_KINDS.get(res.kind) is None:
            raise RunError(f"resource '{res.name}': {res.kind} resources are not supported on Vulkan yet "
                           "(ByteAddress, Structured, typed and constant buffers, 2-D textures and samplers are)")
        if res.vk_binding is not None:
            explicit.append((res, (res.vk_set, res.vk_binding)))
        elif (res.register_class, res.space, res.register) in source:
            explicit.append((res, source[(res.register_class, res.space, res.register)]))
        else:
            implicit.append(res)

    def place(res: Resource, where: tuple[int, int]) -> None:
        kind = DESCRIPTOR_KINDS[res.kind]
        buf = pipeline.buffers[res.name] if kind != S.SAMPLER else None
        b = Binding(where[0], where[1], kind, res, buf)
        if kind in (S.UNIFORM_TEXEL_BUFFER, S.STORAGE_TEXEL_BUFFER) or kind in IMAGE_KINDS:
            b.format = texel_format(buf)
        taken[where] = b
        plan.append(b)

    for res, where in explicit:
        if where in taken:
            raise RunError(f"resources '{taken[where].resource.name}' and '{res.name}' both bind set {where[0]} "
                           f"binding {where[1]} on Vulkan")
        place(res, where)
    movable = module_resources is not None
    for res in implicit:
        where = (res.space, res.register)
        if where in taken and movable:
            where = (res.space, max(b for s_, b in taken if s_ == res.space) + 1)
        elif where in taken:
            raise RunError(f"resources '{taken[where].resource.name}' and '{res.name}' both bind set {where[0]} "
                           f"binding {where[1]} on Vulkan (without a VulkanBinding, a resource binds at its "
                           "DirectXBinding's register in the set of its space, whatever its register class: give "
                           "them VulkanBinding)")
        place(res, where)
    # Hidden counters (append, consume and counted buffers): a storage
    # buffer of one uint each, at the VulkanBinding's CounterBinding, else
    # (as DXC and hlslc's backend place them) after every binding of the set.
    counted = [b for b in plan if b.resource.has_counter]
    for b in counted:
        where = (b.set, b.resource.counter_binding)
        if b.resource.counter_binding is None:
            where = (b.set, max(n for s_, n in taken if s_ == b.set) + 1)
        if where in taken:
            raise RunError(f"the counter of '{b.resource.name}' and '{taken[where].resource.name}' both bind set "
                           f"{where[0]} binding {where[1]} on Vulkan (give the counter a CounterBinding)")
        counter = Binding(where[0], where[1], S.STORAGE_BUFFER, b.resource, b.buffer, counter=True)
        taken[where] = counter
        plan.append(counter)
    return plan


def check_module_bindings(info: S.ModuleInfo, entry: S.EntryPoint, plan: list[Binding]) -> None:
    """Every descriptor the entry point may use is one the pipeline binds,
    with the same kind."""
    by_place = {(b.set, b.binding): b for b in plan}
    for d in info.descriptors_of(entry):
        what = f"'{d.name}'" if d.name else "a resource"
        b = by_place.get((d.set, d.binding))
        if d.kind not in DESCRIPTOR_TYPES:
            raise RunError(f"the module's {what} (set {d.set} binding {d.binding}) is a {d.kind}, which the "
                           "Vulkan runner does not support yet")
        if b is None:
            raise RunError(f"the module's {what} ({d.kind}, set {d.set} binding {d.binding}) has no resource in "
                           f"the pipeline's DescriptorSets at that set and binding")
        if b.kind != d.kind:
            raise RunError(f"set {d.set} binding {d.binding}: the module's {what} is a {d.kind}, but the "
                           f"pipeline binds {b.describe()} there, a {b.kind}")
        # An array of descriptors (count 0: as many as bound) binds a
        # buffer of as many arrays (ArraySize).
        if d.count not in (0, b.count):
            many = f"an array of {d.count} descriptors" if d.count != 1 else "one descriptor"
            bound = f"buffer '{b.buffer.name}' with ArraySize {b.count}" if b.buffer is not None else "one"
            raise RunError(f"set {d.set} binding {d.binding}: the module's {what} is {many}, but "
                           f"{b.describe()} binds {bound}")


def specialization(info: S.ModuleInfo, pipeline: Pipeline) -> tuple[list[tuple[int, int, int]], bytes]:
    """The map entries (constant id, offset, size) and data of the Compute
    shader's SpecializationConstants that the module declares; a value of
    another size than the constant's is a `RunError`."""
    shader = pipeline.compute_shader()
    entries: list[tuple[int, int, int]] = []
    data = b""
    for cid in sorted(shader.spec_constants):
        size = info.spec_constants.get(cid)
        if size is None:
            continue            # a constant the module does not declare (Vulkan ignores it too)
        entries.append((cid, len(data), size))
        data += shader.spec_constant_bytes(cid, size)
    return entries, data


# --------------------------------------------------------------------------
# Devices, features and extensions

# Feature structures: (core since Vulkan 1.x, the extension before).
FEATURE_STRUCTS: dict[str, tuple[int | None, str | None]] = {
    "VkPhysicalDeviceFeatures2": (0, None),
    "VkPhysicalDevice16BitStorageFeatures": (1, "VK_KHR_16bit_storage"),
    "VkPhysicalDevice8BitStorageFeatures": (2, "VK_KHR_8bit_storage"),
    "VkPhysicalDeviceShaderFloat16Int8Features": (2, "VK_KHR_shader_float16_int8"),
    "VkPhysicalDeviceVulkanMemoryModelFeatures": (2, "VK_KHR_vulkan_memory_model"),
    "VkPhysicalDeviceShaderAtomicInt64Features": (2, "VK_KHR_shader_atomic_int64"),
    "VkPhysicalDeviceShaderSubgroupExtendedTypesFeatures": (2, "VK_KHR_shader_subgroup_extended_types"),
    "VkPhysicalDeviceSubgroupSizeControlFeatures": (3, "VK_EXT_subgroup_size_control"),
    "VkPhysicalDeviceCooperativeMatrixFeaturesKHR": (None, "VK_KHR_cooperative_matrix"),
    "VkPhysicalDeviceCooperativeMatrix2FeaturesNV": (None, "VK_NV_cooperative_matrix2"),
    "VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR": (None, "VK_KHR_pipeline_executable_properties"),
    "VkPhysicalDeviceDescriptorIndexingFeatures": (2, "VK_EXT_descriptor_indexing"),
    "VkPhysicalDeviceShaderMaximalReconvergenceFeaturesKHR": (None, "VK_KHR_shader_maximal_reconvergence"),
    "VkPhysicalDeviceComputeShaderDerivativesFeaturesKHR": (None, "VK_KHR_compute_shader_derivatives"),
    "VkPhysicalDeviceShaderImageAtomicInt64FeaturesEXT": (None, "VK_EXT_shader_image_atomic_int64"),
}

# The structure of each feature this runner may enable.
FEATURE_HOME: dict[str, str] = {
    "shaderFloat64": "VkPhysicalDeviceFeatures2", "shaderInt64": "VkPhysicalDeviceFeatures2",
    "shaderInt16": "VkPhysicalDeviceFeatures2", "shaderResourceMinLod": "VkPhysicalDeviceFeatures2",
    "shaderStorageImageReadWithoutFormat": "VkPhysicalDeviceFeatures2",
    "shaderStorageImageWriteWithoutFormat": "VkPhysicalDeviceFeatures2",
    "storageBuffer16BitAccess": "VkPhysicalDevice16BitStorageFeatures",
    "uniformAndStorageBuffer16BitAccess": "VkPhysicalDevice16BitStorageFeatures",
    "storagePushConstant16": "VkPhysicalDevice16BitStorageFeatures",
    "storageBuffer8BitAccess": "VkPhysicalDevice8BitStorageFeatures",
    "uniformAndStorageBuffer8BitAccess": "VkPhysicalDevice8BitStorageFeatures",
    "storagePushConstant8": "VkPhysicalDevice8BitStorageFeatures",
    "shaderFloat16": "VkPhysicalDeviceShaderFloat16Int8Features",
    "shaderInt8": "VkPhysicalDeviceShaderFloat16Int8Features",
    "vulkanMemoryModel": "VkPhysicalDeviceVulkanMemoryModelFeatures",
    "vulkanMemoryModelDeviceScope": "VkPhysicalDeviceVulkanMemoryModelFeatures",
    "shaderBufferInt64Atomics": "VkPhysicalDeviceShaderAtomicInt64Features",
    "shaderSharedInt64Atomics": "VkPhysicalDeviceShaderAtomicInt64Features",
    "shaderSubgroupExtendedTypes": "VkPhysicalDeviceShaderSubgroupExtendedTypesFeatures",
    "subgroupSizeControl": "VkPhysicalDeviceSubgroupSizeControlFeatures",
    "computeFullSubgroups": "VkPhysicalDeviceSubgroupSizeControlFeatures",
    "cooperativeMatrix": "VkPhysicalDeviceCooperativeMatrixFeaturesKHR",
    "cooperativeMatrixFlexibleDimensions": "VkPhysicalDeviceCooperativeMatrix2FeaturesNV",
    "cooperativeMatrixWorkgroupScope": "VkPhysicalDeviceCooperativeMatrix2FeaturesNV",
    "cooperativeMatrixTensorAddressing": "VkPhysicalDeviceCooperativeMatrix2FeaturesNV",
    "cooperativeMatrixReductions": "VkPhysicalDeviceCooperativeMatrix2FeaturesNV",
    "cooperativeMatrixConversions": "VkPhysicalDeviceCooperativeMatrix2FeaturesNV",
    "cooperativeMatrixPerElementOperations": "VkPhysicalDeviceCooperativeMatrix2FeaturesNV",
    "cooperativeMatrixBlockLoads": "VkPhysicalDeviceCooperativeMatrix2FeaturesNV",
    "pipelineExecutableInfo": "VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR",
    "shaderMaximalReconvergence": "VkPhysicalDeviceShaderMaximalReconvergenceFeaturesKHR",
    "computeDerivativeGroupQuads": "VkPhysicalDeviceComputeShaderDerivativesFeaturesKHR",
    "computeDerivativeGroupLinear": "VkPhysicalDeviceComputeShaderDerivativesFeaturesKHR",
    "shaderImageInt64Atomics": "VkPhysicalDeviceShaderImageAtomicInt64FeaturesEXT",
    "shaderUniformBufferArrayDynamicIndexing": "VkPhysicalDeviceFeatures2",
    "shaderStorageBufferArrayDynamicIndexing": "VkPhysicalDeviceFeatures2",
    "shaderSampledImageArrayDynamicIndexing": "VkPhysicalDeviceFeatures2",
    "shaderStorageImageArrayDynamicIndexing": "VkPhysicalDeviceFeatures2",
    "shaderUniformTexelBufferArrayDynamicIndexing": "VkPhysicalDeviceDescriptorIndexingFeatures",
    "shaderStorageTexelBufferArrayDynamicIndexing": "VkPhysicalDeviceDescriptorIndexingFeatures",
    "runtimeDescriptorArray": "VkPhysicalDeviceDescriptorIndexingFeatures",
    "shaderUniformBufferArrayNonUniformIndexing": "VkPhysicalDeviceDescriptorIndexingFeatures",
    "shaderStorageBufferArrayNonUniformIndexing": "VkPhysicalDeviceDescriptorIndexingFeatures",
    "shaderSampledImageArrayNonUniformIndexing": "VkPhysicalDeviceDescriptorIndexingFeatures",
    "shaderStorageImageArrayNonUniformIndexing": "VkPhysicalDeviceDescriptorIndexingFeatures",
    "shaderUniformTexelBufferArrayNonUniformIndexing": "VkPhysicalDeviceDescriptorIndexingFeatures",
    "shaderStorageTexelBufferArrayNonUniformIndexing": "VkPhysicalDeviceDescriptorIndexingFeatures",
}

# Arrays of descriptors: the features that index them, by descriptor kind
# (dynamically uniform indices; and, for a module that says NonUniform,
# any index).
ARRAY_FEATURES: dict[str, tuple[str, str]] = {
    S.UNIFORM_BUFFER: ("shaderUniformBufferArrayDynamicIndexing", "shaderUniformBufferArrayNonUniformIndexing"),
    S.STORAGE_BUFFER: ("shaderStorageBufferArrayDynamicIndexing", "shaderStorageBufferArrayNonUniformIndexing"),
    S.SAMPLED_IMAGE: ("shaderSampledImageArrayDynamicIndexing", "shaderSampledImageArrayNonUniformIndexing"),
    S.STORAGE_IMAGE: ("shaderStorageImageArrayDynamicIndexing", "shaderStorageImageArrayNonUniformIndexing"),
    S.UNIFORM_TEXEL_BUFFER: ("shaderUniformTexelBufferArrayDynamicIndexing",
                             "shaderUniformTexelBufferArrayNonUniformIndexing"),
    S.STORAGE_TEXEL_BUFFER: ("shaderStorageTexelBufferArrayDynamicIndexing",
                             "shaderStorageTexelBufferArrayNonUniformIndexing"),
}

# SPIR-V capability -> the features it needs (all of them), and those it
# may use (enabled where the device has them).
CAPABILITY_FEATURES: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {
    9: (("shaderFloat16",), ()),
    10: (("shaderFloat64",), ()),
    11: (("shaderInt64",), ()),
    12: ((), ("shaderBufferInt64Atomics", "shaderSharedInt64Atomics")),
    22: (("shaderInt16",), ()),
    42: (("shaderResourceMinLod",), ()),     # MinLod: a sample's LOD clamp
    39: (("shaderInt8",), ()),
    55: (("shaderStorageImageReadWithoutFormat",), ()),
    56: (("shaderStorageImageWriteWithoutFormat",), ()),
    4433: (("storageBuffer16BitAccess",), ()),
    4434: (("uniformAndStorageBuffer16BitAccess",), ()),
    4435: (("storagePushConstant16",), ()),
    4448: (("storageBuffer8BitAccess",), ()),
    4449: (("uniformAndStorageBuffer8BitAccess",), ()),
    4450: (("storagePushConstant8",), ()),
    5345: (("vulkanMemoryModel",), ()),
    5346: (("vulkanMemoryModelDeviceScope",), ()),
    6022: (("cooperativeMatrix",), ()),
    5302: (("runtimeDescriptorArray",), ()),
    5304: (("shaderUniformTexelBufferArrayDynamicIndexing",), ()),
    5305: (("shaderStorageTexelBufferArrayDynamicIndexing",), ()),
    5306: (("shaderUniformBufferArrayNonUniformIndexing",), ()),
    5307: (("shaderSampledImageArrayNonUniformIndexing",), ()),
    5308: (("shaderStorageBufferArrayNonUniformIndexing",), ()),
    5309: (("shaderStorageImageArrayNonUniformIndexing",), ()),
    5311: (("shaderUniformTexelBufferArrayNonUniformIndexing",), ()),
    5312: (("shaderStorageTexelBufferArrayNonUniformIndexing",), ()),
    5430: (("cooperativeMatrixReductions",), ()),                # SPV_NV_cooperative_matrix2's
    5431: (("cooperativeMatrixConversions",), ()),
    5432: (("cooperativeMatrixPerElementOperations",), ()),
    5433: (("cooperativeMatrixTensorAddressing",), ()),
    5434: (("cooperativeMatrixBlockLoads",), ()),
    5439: (("cooperativeMatrixTensorAddressing",), ()),
    5288: (("computeDerivativeGroupQuads",), ()),               # SPV_KHR_compute_shader_derivatives'
    5350: (("computeDerivativeGroupLinear",), ()),
    5016: (("shaderImageInt64Atomics",), ()),                   # Int64ImageEXT: 64-bit integer images
}

# Int64Atomics needs one of its two features; checked on its own.
_ANY_OF = {12: ("shaderBufferInt64Atomics", "shaderSharedInt64Atomics")}

# Capabilities of subgroup operations: wave operations, and cooperative
# matrices, which a subgroup computes together.
WAVE_CAPABILITIES = {61, 62, 63, 64, 65, 66, 67, 68, 5297, 6026}
SUBGROUP_CAPABILITIES = WAVE_CAPABILITIES | {6022}
_SMALL_TYPE_CAPABILITIES = {9, 11, 22, 39}

# SPIR-V extensions -> (Vulkan core since 1.x or None, the device extension).
SPIRV_EXTENSIONS: dict[str, tuple[int | None, str]] = {
    "SPV_KHR_storage_buffer_storage_class": (1, "VK_KHR_storage_buffer_storage_class"),
    "SPV_KHR_16bit_storage": (1, "VK_KHR_16bit_storage"),
    "SPV_KHR_variable_pointers": (1, "VK_KHR_variable_pointers"),
    "SPV_KHR_8bit_storage": (2, "VK_KHR_8bit_storage"),
    "SPV_KHR_vulkan_memory_model": (2, "VK_KHR_vulkan_memory_model"),
    "SPV_KHR_float_controls": (2, "VK_KHR_shader_float_controls"),
    "SPV_KHR_physical_storage_buffer": (2, "VK_KHR_buffer_device_address"),
    "SPV_KHR_shader_draw_parameters": (1, "VK_KHR_shader_draw_parameters"),
    "SPV_KHR_non_semantic_info": (3, "VK_KHR_shader_non_semantic_info"),
    "SPV_KHR_integer_dot_product": (3, "VK_KHR_shader_integer_dot_product"),
    "SPV_KHR_terminate_invocation": (3, "VK_KHR_shader_terminate_invocation"),
    "SPV_EXT_demote_to_helper_invocation": (3, "VK_EXT_shader_demote_to_helper_invocation"),
    "SPV_KHR_cooperative_matrix": (None, "VK_KHR_cooperative_matrix"),
    "SPV_NV_cooperative_matrix2": (None, "VK_NV_cooperative_matrix2"),
    "SPV_NV_tensor_addressing": (None, "VK_NV_cooperative_matrix2"),
    "SPV_KHR_subgroup_rotate": (4, "VK_KHR_shader_subgroup_rotate"),
    "SPV_NV_shader_subgroup_partitioned": (None, "VK_NV_shader_subgroup_partitioned"),
    "SPV_KHR_maximal_reconvergence": (None, "VK_KHR_shader_maximal_reconvergence"),
    "SPV_KHR_compute_shader_derivatives": (None, "VK_KHR_compute_shader_derivatives"),
    "SPV_EXT_shader_image_int64": (None, "VK_EXT_shader_image_atomic_int64"),
    "SPV_KHR_subgroup_uniform_control_flow": (None, "VK_KHR_shader_subgroup_uniform_control_flow"),
    "SPV_EXT_shader_atomic_float_add": (None, "VK_EXT_shader_atomic_float"),
    "SPV_KHR_bfloat16": (None, "VK_KHR_shader_bfloat16"),
}

# The Vulkan version a SPIR-V version needs (1.4 also comes with VK_KHR_spirv_1_4).
SPIRV_VULKAN = {(1, 0): 0, (1, 1): 1, (1, 2): 1, (1, 3): 1, (1, 4): 2, (1, 5): 2, (1, 6): 3}

_TYPE_ORDER = {2: 0, 1: 1, 3: 2, 4: 3, 0: 4}   # discrete, integrated, virtual, CPU, other


@dataclass
class MatrixConfig:
    """A cooperative matrix configuration the device reports."""

    m: int
    n: int
    k: int
    a: str
    b: str
    c: str
    result: str
    scope: int
    saturating: bool = False
    # VK_NV_cooperative_matrix2's flexible dimensions: m, n, k are
    # granularities, and any multiple of them is a configuration; at
    # workgroup scope, for workgroups of `invocations` threads.
    flexible: bool = False
    invocations: int = 0

    def describe(self) -> str:
        scope = vk.SCOPES.get(self.scope, str(self.scope))
        if self.flexible:
            threads = f", {self.invocations} threads" if self.invocations else ""
            return (f"multiples of {self.m}x{self.n}x{self.k} {self.a}*{self.b}+{self.c}->{self.result} "
                    f"({scope}{threads}, VK_NV_cooperative_matrix2)")
        return f"{self.m}x{self.n}x{self.k} {self.a}*{self.b}+{self.c}->{self.result} ({scope})"

    def fits(self, size: tuple[int, int], along: tuple[int, int]) -> bool:
        """Whether a matrix of `size` (rows, cols) fits this configuration's
        `along` dimensions (each the m, n or k of the configuration)."""
        if self.flexible:
            return all(x > 0 and x % g == 0 for x, g in zip(size, along))
        return size == along


@dataclass
class DeviceSupport:
    """What a physical device offers, as `select_features` reads it."""

    name: str
    api_version: int
    device_type: int = 2
    extensions: set[str] = field(default_factory=set)
    features: dict[str, bool] = field(default_factory=dict)
    subgroup_size: int = 32
    min_subgroup_size: int = 32
    max_subgroup_size: int = 32
    subgroup_size_stages: int = 0
    matrix_configs: list[MatrixConfig] = field(default_factory=list)

    @property
    def api_minor(self) -> int:
        return self.api_version >> 12 & 0x3FF if self.api_version >> 22 == 1 else 99

    def has_struct(self, struct: str) -> bool:
        core, ext = FEATURE_STRUCTS[struct]
        return (core is not None and self.api_minor >= core) or (ext is not None and ext in self.extensions)

    def struct_extension(self, struct: str) -> str | None:
        """The extension to enable for a feature structure (None: core)."""
        core, ext = FEATURE_STRUCTS[struct]
        if core is not None and self.api_minor >= core:
            return None
        return ext


@dataclass
class Selection:
    """What the logical device enables and the pipeline asks for."""

    features: set[str] = field(default_factory=set)
    extensions: list[str] = field(default_factory=list)
    required_subgroup_size: int | None = None
    full_subgroups: bool = False


def select_features(info: S.ModuleInfo, dev: DeviceSupport, wave_size: int | None = None,
                    workgroup_size: tuple[int, int, int] | None = None) -> Selection:
    """The features and extensions to enable for the module on the device;
    a `RunError` naming what the device lacks."""
    sel = Selection()

    def need_extension(ext: str, why: str) -> None:
        if ext not in dev.extensions:
            raise RunError(f"the module needs {why}, and '{dev.name}' does not offer {ext}")
        if ext not in sel.extensions:
            sel.extensions.append(ext)

    def enable(feature: str, why: str, required: bool = True) -> bool:
        struct = FEATURE_HOME[feature]
        if not (dev.has_struct(struct) and dev.features.get(feature)):
            if required:
                raise RunError(f"the module needs the Vulkan feature {feature} ({why}), which '{dev.name}' "
                               "does not support")
            return False
        ext = dev.struct_extension(struct)
        if ext is not None:
            need_extension(ext, f"{feature} ({why})")
        sel.features.add(feature)
        return True

    needed_minor = SPIRV_VULKAN.get(info.version)
    if needed_minor is None:
        raise RunError(f"SPIR-V {info.version[0]}.{info.version[1]} is newer than the Vulkan runner knows")
    if dev.api_minor < needed_minor:
        if info.version == (1, 4) and "VK_KHR_spirv_1_4" in dev.extensions:
            need_extension("VK_KHR_spirv_1_4", "SPIR-V 1.4")
        else:
            raise RunError(f"the module is SPIR-V {info.version[0]}.{info.version[1]}, which needs Vulkan "
                           f"1.{needed_minor}; '{dev.name}' supports Vulkan {vk.version(dev.api_version)}")
    for spv_ext in info.extensions:
        core, ext = SPIRV_EXTENSIONS.get(spv_ext, (0, ""))
        if ext and not (core is not None and dev.api_minor >= core):
            need_extension(ext, spv_ext)
    for cap in sorted(info.capabilities):
        required, optional = CAPABILITY_FEATURES.get(cap, ((), ()))
        why = f"SPIR-V capability {S.CAPABILITY_NAMES.get(cap, cap)}"
        for feature in required:
            enable(feature, why)
        for feature in optional:
            enable(feature, why, required=False)
        if cap in _ANY_OF and not any(f in sel.features for f in _ANY_OF[cap]):
            raise RunError(f"the module needs 64-bit atomics ({why}), which '{dev.name}' does not support")
    if 6022 in info.capabilities:
        need_extension("VK_KHR_cooperative_matrix", "cooperative matrices")
    if "SPV_KHR_maximal_reconvergence" in info.extensions:
        enable("shaderMaximalReconvergence", "SPV_KHR_maximal_reconvergence (-fspv-enable-maximal-reconvergence)")
    for d in info.descriptors:
        if d.count != 1 and d.kind in ARRAY_FEATURES:
            # Indexing an array of descriptors with a dynamically uniform value.
            enable(ARRAY_FEATURES[d.kind][0], f"the array of descriptors '{d.name}'", required=False)
    if info.capabilities & WAVE_CAPABILITIES and info.capabilities & _SMALL_TYPE_CAPABILITIES:
        # Wave operations on 8-, 16- and 64-bit values.
        enable("shaderSubgroupExtendedTypes", "subgroup operations on 8-, 16- or 64-bit types", required=False)
    if wave_size is not None:
        if not dev.min_subgroup_size <= wave_size <= dev.max_subgroup_size:
            raise RunError(f"the shader asks for waves of {wave_size} lanes; '{dev.name}' runs subgroups of "
                           f"{_sizes(dev)} lanes")
        if dev.min_subgroup_size != dev.max_subgroup_size:
            if not dev.subgroup_size_stages & vk.SHADER_STAGE_COMPUTE:
                raise RunError(f"the shader asks for waves of {wave_size} lanes; '{dev.name}' cannot fix the "
                               "subgroup size of compute shaders")
            enable("subgroupSizeControl", f"waves of {wave_size} lanes")
            sel.required_subgroup_size = wave_size
    if info.capabilities & SUBGROUP_CAPABILITIES and workgroup_size is not None:
        # Whole subgroups, so that wave operations see every lane of a wave.
        lanes = sel.required_subgroup_size or dev.max_subgroup_size
        if workgroup_size[0] % lanes == 0 and enable("computeFullSubgroups", "whole subgroups", required=False):
            sel.full_subgroups = True
    return sel


def select_flexible_dimensions(sel: Selection, dev: DeviceSupport) -> None:
    """Enable VK_NV_cooperative_matrix2's flexible dimensions, which a
    matrix type of the module needs."""
    if not dev.features.get("cooperativeMatrixFlexibleDimensions"):
        raise RunError(f"the module's cooperative matrix sizes need the feature cooperativeMatrixFlexibleDimensions, "
                       f"which '{dev.name}' does not enable")
    if "VK_NV_cooperative_matrix2" not in sel.extensions:
        sel.extensions.append("VK_NV_cooperative_matrix2")
    sel.features.add("cooperativeMatrixFlexibleDimensions")
    if dev.features.get("cooperativeMatrixWorkgroupScope"):
        sel.features.add("cooperativeMatrixWorkgroupScope")


def select_statistics(sel: Selection, dev: DeviceSupport) -> None:
    """Enable VK_KHR_pipeline_executable_properties, asked for to report the
    compiled pipeline's statistics."""
    if "VK_KHR_pipeline_executable_properties" not in dev.extensions or \
            not dev.features.get("pipelineExecutableInfo"):
        raise RunError(f"'{dev.name}' does not report pipeline statistics (it lacks "
                       "VK_KHR_pipeline_executable_properties)")
    if "VK_KHR_pipeline_executable_properties" not in sel.extensions:
        sel.extensions.append("VK_KHR_pipeline_executable_properties")
    sel.features.add("pipelineExecutableInfo")


def statistic_value(form: int, raw: int) -> int | float | bool:
    """A statistic's value from the 64 bits of its union, by its format."""
    raw &= (1 << 64) - 1
    if form == vk.STATISTIC_BOOL32:
        return bool(raw & 0xFFFFFFFF)
    if form == vk.STATISTIC_INT64:
        return raw - (1 << 64) if raw >> 63 else raw
    if form == vk.STATISTIC_FLOAT64:
        return ctypes.c_double.from_buffer_copy(raw.to_bytes(8, "little")).value
    return raw


def _sizes(dev: DeviceSupport) -> str:
    if dev.min_subgroup_size == dev.max_subgroup_size:
        return str(dev.min_subgroup_size)
    return f"{dev.min_subgroup_size} to {dev.max_subgroup_size}"


def check_matrix_types(info: S.ModuleInfo, dev: DeviceSupport, threads: int = 0) -> bool:
    """Each cooperative matrix type of the module fits a configuration the
    device reports: a type the device lacks fails at pipeline creation, or
    worse, so it is named here.  True when some type fits only a flexible
    configuration (VK_NV_cooperative_matrix2), which must then be enabled.
    `threads`: the workgroup's size, which a workgroup-scope configuration
    names."""
    flexible = False
    for t in info.matrix_types:
        def fits(c: MatrixConfig) -> bool:
            if c.scope != t.scope or (c.invocations and c.invocations != threads):
                return False
            size = (t.rows, t.cols)
            if t.use == "A":
                return c.a == t.component and c.fits(size, (c.m, c.k))
            if t.use == "B":
                return c.b == t.component and c.fits(size, (c.k, c.n))
            return t.component in (c.c, c.result) and c.fits(size, (c.m, c.n))
        if any(fits(c) for c in dev.matrix_configs if not c.flexible):
            continue
        if any(fits(c) for c in dev.matrix_configs if c.flexible):
            flexible = True
            continue
        scope = vk.SCOPES.get(t.scope, str(t.scope))
        have = "; ".join(c.describe() for c in dev.matrix_configs) or "none"
        raise RunError(f"the module's cooperative matrix type ({t.use}: {t.rows}x{t.cols} {t.component}, "
                       f"{scope} scope) matches no configuration of '{dev.name}' (it supports: {have})")
    return flexible


def choose_device(devices: list[DeviceSupport], computes: list[bool], override: str | None = None) -> int:
    """The index of the device to run on: `override` (HLSLC_VULKAN_DEVICE)
    when given, else the first discrete GPU, then integrated, virtual, CPU."""
    listing = "; ".join(f"{i}: {d.name} ({vk.DEVICE_TYPES.get(d.device_type, 'other')})"
                        for i, d in enumerate(devices))
    if not devices:
        raise RunError("no Vulkan device: the loader found no physical device (is a driver installed, and "
                       "VK_DRIVER_FILES or VK_ICD_FILENAMES right?)")
    if override not in (None, ""):
        try:
            index = int(override)
        except ValueError:
            raise RunError(f"HLSLC_VULKAN_DEVICE must be a device index, not '{override}' (devices: {listing})") \
                from None
        if not 0 <= index < len(devices):
            raise RunError(f"HLSLC_VULKAN_DEVICE={index}, but there are {len(devices)} devices ({listing})")
        if not computes[index]:
            raise RunError(f"Vulkan device {index} ({devices[index].name}) has no compute queue")
        return index
    candidates = [i for i in range(len(devices)) if computes[i]]
    if not candidates:
        raise RunError(f"no Vulkan device has a compute queue ({listing})")
    return min(candidates, key=lambda i: (_TYPE_ORDER.get(devices[i].device_type, 5), i))


# --------------------------------------------------------------------------
# Running

@dataclass
class PipelineStatistic:
    """One statistic the driver reports about a compiled pipeline
    (VK_KHR_pipeline_executable_properties): the executable it is of (a
    compute pipeline has one, as a rule), its name, the driver's
    description, and its value."""

    executable: str
    name: str
    description: str
    value: int | float | bool

    def line(self) -> str:
        value = ("yes" if self.value else "no") if isinstance(self.value, bool) else self.value
        return f"{self.name}: {value}"


@dataclass
class DeviceRun:
    """What a run on the device measured."""

    device: str
    api_version: str
    gpu_times_ns: list[float]
    subgroup_size: int
    statistics: list[PipelineStatistic] = field(default_factory=list)


def run_spirv(code: bytes, pipeline: Pipeline, entry: str | None = None, *, wave_size: int | None = None,
              repeat: int = 1, plan: list[Binding] | None = None, statistics: bool = False) -> Any:
    """Run `code`'s compute entry for the pipeline's dispatch on a Vulkan
    device; the pipeline's buffers then hold what the dispatch left.
    Returns a `RunResult` with `device` and `gpu_time_ns` set.  `plan`:
    where the pipeline's resources bind (`compile_for_pipeline`'s), else
    `plan_bindings`'.  `statistics`: also what the driver says of the
    compiled pipeline (`RunResult.pipeline_statistics`: registers, memory,
    ...; VK_KHR_pipeline_executable_properties, a RunError without it)."""

    info = S.read_module(code)
    entry_point = info.compute_entry(entry or pipeline.compute_shader().entry)
    if plan is None:
        plan = plan_bindings(pipeline)
    check_module_bindings(info, entry_point, plan)
    if repeat < 1:
        raise RunError("repeat must be at least 1")
    measured = _Session(code, info, entry_point, plan, pipeline, wave_size, repeat, statistics).run()
    outcomes = check_results(pipeline)
    result = RunResult({name: buf.data for name, buf in pipeline.buffers.items()}, outcomes, 0)
    result.device = measured.device
    result.gpu_times_ns = measured.gpu_times_ns
    result.subgroup_size = measured.subgroup_size
    result.pipeline_statistics = measured.statistics
    # What the device may have written: the buffers bound as UAVs.
    result.written = {r.name for r in pipeline.resources if r.kind.startswith("RW")}
    return result


def list_devices() -> list[str]:
    """One line per Vulkan device: index, name, type, API version."""
    return [f"{i}: {d.name} ({vk.DEVICE_TYPES.get(d.device_type, 'other')}, Vulkan "
            f"{vk.version(d.api_version)})" for i, d in enumerate(_instance().describe_all())]


def probe() -> DeviceSupport:
    """The device a run would use, with its features and cooperative
    matrix configurations; a `RunError` when there is none."""
    inst = _instance()
    return inst.describe(inst.physical[inst.choose()], True)[0]


_INSTANCES: dict[tuple[str, bool], "_Instance"] = {}


def _instance() -> "_Instance":
    """The process's Vulkan instance (one per loader and validation
    setting), made on first use and destroyed at exit.  Runs share it:
    drivers limit how many instances a process may create in its life
    (NVIDIA's 580 driver refuses the 31st, though the others were
    destroyed), and a library user runs many dispatches."""
    validation = os.environ.get("HLSLC_VULKAN_VALIDATION") not in (None, "", "0")
    key = (vk.loader_path(), validation)
    inst = _INSTANCES.get(key)
    if inst is None or not inst.instance:
        if not _INSTANCES:
            atexit.register(_close_instances)
        inst = _INSTANCES[key] = _Instance(vk.load())
    return inst


def _close_instances() -> None:
    for inst in _INSTANCES.values():
        inst.close()
    _INSTANCES.clear()


class _Instance:
    """A Vulkan instance and its physical devices."""

    def __init__(self, api: vk.Vulkan) -> None:
        self.api = api
        self.instance = ctypes.c_void_p()
        app = vk.new("VkApplicationInfo", pApplicationName=b"hlslc", pEngineName=b"hlslc",
                     apiVersion=vk.API_VERSION_1_3)
        layers: list[str] = []
        if os.environ.get("HLSLC_VULKAN_VALIDATION") not in (None, "", "0"):
            layers.append("VK_LAYER_KHRONOS_validation")
        names = vk.strings(layers)
        info = vk.new("VkInstanceCreateInfo", pApplicationInfo=ctypes.addressof(app),
                      enabledLayerCount=len(layers), ppEnabledLayerNames=ctypes.addressof(names))
        result = api.vkCreateInstance(ctypes.byref(info), None, ctypes.byref(self.instance))
        if result == -9:
            raise RunError("vkCreateInstance failed: VK_ERROR_INCOMPATIBLE_DRIVER (no Vulkan driver for this "
                           "machine: is one installed, and VK_DRIVER_FILES or VK_ICD_FILENAMES right?)")
        if result == -6:
            raise RunError("vkCreateInstance failed: VK_ERROR_LAYER_NOT_PRESENT (HLSLC_VULKAN_VALIDATION asks "
                           "for VK_LAYER_KHRONOS_validation, which is not installed)")
        vk.check(result, "vkCreateInstance")
        api.set_instance(self.instance)
        count = ctypes.c_uint32()
        vk.check(api.vkEnumeratePhysicalDevices(self.instance, ctypes.byref(count), None),
                 "vkEnumeratePhysicalDevices")
        handles = (ctypes.c_void_p * max(count.value, 1))()
        vk.check(api.vkEnumeratePhysicalDevices(self.instance, ctypes.byref(count), handles),
                 "vkEnumeratePhysicalDevices")
        self.physical = [ctypes.c_void_p(handles[i]) for i in range(count.value)]

    def close(self) -> None:
        if self.instance:
            self.api.vkDestroyInstance(self.instance, None)
            self.instance = ctypes.c_void_p()

    def extensions(self, phys: Any) -> set[str]:
        props = vk.listed(self.api.vkEnumerateDeviceExtensionProperties, "vkEnumerateDeviceExtensionProperties",
                          "VkExtensionProperties", phys, None)
        return {vk.text(p.extensionName) for p in props}

    def queue_families(self, phys: Any) -> list[Any]:
        return vk.listed(self.api.vkGetPhysicalDeviceQueueFamilyProperties, "vkGetPhysicalDeviceQueueFamilyProperties",
                         "VkQueueFamilyProperties", phys)

    def describe(self, phys: Any, full: bool) -> tuple[DeviceSupport, Any]:
        """The device's support; with `full`, its features and cooperative
        matrix configurations too.  Also returns its limits."""
        api = self.api
        exts = self.extensions(phys)
        props = vk.new("VkPhysicalDeviceProperties2")
        api.vkGetPhysicalDeviceProperties2(phys, ctypes.byref(props))
        p = props.properties
        dev = DeviceSupport(vk.text(p.deviceName), p.apiVersion, p.deviceType, exts)
        subgroup = vk.new("VkPhysicalDeviceSubgroupProperties")
        size_control = vk.new("VkPhysicalDeviceSubgroupSizeControlProperties")
        parts = [props, subgroup]
        if dev.has_struct("VkPhysicalDeviceSubgroupSizeControlFeatures"):
            parts.append(size_control)
        vk.chain(*parts)
        api.vkGetPhysicalDeviceProperties2(phys, ctypes.byref(props))
        dev.subgroup_size = subgroup.subgroupSize
        if len(parts) == 3:
            dev.min_subgroup_size = size_control.minSubgroupSize
            dev.max_subgroup_size = size_control.maxSubgroupSize
            dev.subgroup_size_stages = size_control.requiredSubgroupSizeStages
        else:
            dev.min_subgroup_size = dev.max_subgroup_size = subgroup.subgroupSize
        if full:
            structs = {name: vk.new(name) for name in FEATURE_STRUCTS if dev.has_struct(name)}
            vk.chain(*structs.values())
            api.vkGetPhysicalDeviceFeatures2(phys, ctypes.byref(structs["VkPhysicalDeviceFeatures2"]))
            for feature, home in FEATURE_HOME.items():
                if home in structs:
                    holder = structs[home]
                    if home == "VkPhysicalDeviceFeatures2":
                        holder = holder.features
                    dev.features[feature] = bool(getattr(holder, feature))
            if "VK_KHR_cooperative_matrix" in exts:
                dev.matrix_configs = self.matrix_configs(phys)
            if "VK_NV_cooperative_matrix2" in exts and dev.features.get("cooperativeMatrixFlexibleDimensions"):
                dev.matrix_configs += self.flexible_configs(phys)
        return dev, p.limits

    def describe_all(self) -> list[DeviceSupport]:
        return [self.describe(phys, False)[0] for phys in self.physical]

    def choose(self) -> int:
        computes = [any(q.queueFlags & vk.QUEUE_COMPUTE for q in self.queue_families(p)) for p in self.physical]
        return choose_device(self.describe_all(), computes, os.environ.get("HLSLC_VULKAN_DEVICE"))

    def matrix_configs(self, phys: Any) -> list[MatrixConfig]:
        props = vk.listed(self.api.vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR,
                          "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR", "VkCooperativeMatrixPropertiesKHR", phys)
        names = vk.COMPONENT_TYPES
        return [MatrixConfig(p.MSize, p.NSize, p.KSize, names.get(p.AType, "?"), names.get(p.BType, "?"),
                             names.get(p.CType, "?"), names.get(p.ResultType, "?"), p.scope,
                             bool(p.saturatingAccumulation))
                for p in props]

    def flexible_configs(self, phys: Any) -> list[MatrixConfig]:
        """VK_NV_cooperative_matrix2's flexible-dimension configurations, at
        subgroup and at workgroup scope."""
        api = self.api
        try:
            query = api.vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV
        except (AttributeError, RunError):
            return []
        props = vk.listed(query, "vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV",
                          "VkCooperativeMatrixFlexibleDimensionsPropertiesNV", phys)
        names = vk.COMPONENT_TYPES
        return [MatrixConfig(p.MGranularity, p.NGranularity, p.KGranularity, names.get(p.AType, "?"),
                             names.get(p.BType, "?"), names.get(p.CType, "?"), names.get(p.ResultType, "?"),
                             p.scope, bool(p.saturatingAccumulation), flexible=True,
                             invocations=p.workgroupInvocations)
                for p in props]


def _parts(b: Binding) -> list[np.ndarray]:
    """A binding's data by descriptor: its buffer's ArraySize arrays (one
    for a plain buffer); a counter's value."""
    buf = b.buffer
    if buf is None:
        return [np.zeros(0, dtype=np.uint8)]         # a sampler: one descriptor, no data
    if b.counter:
        # One counter per buffer of an array, each from the buffer's Counter.
        return [np.array([buf.counter], dtype=np.uint32) for _ in range(buf.array_size)]
    return np.array_split(buf.data, buf.array_size) if buf.array_size > 1 else [buf.data]


class _Memory:
    """A buffer and its memory (mapped when host-visible)."""

    def __init__(self, buffer: int, memory: int, size: int, mapped: int | None) -> None:
        self.buffer = buffer
        self.memory = memory
        self.size = size
        self.mapped = mapped


class _Image:
    """A 2-D texture: the image, its view, the buffer it comes from (its
    extent, levels and format), and the host-visible buffer its texels go
    through both ways."""

    def __init__(self, image: int, view: int, buffer: Buffer, aspect: int, staging: _Memory) -> None:
        self.image = image
        self.view = view
        self.buffer = buffer
        self.aspect = aspect
        self.staging = staging


class _Session:
    """The Vulkan objects of one run, destroyed in reverse order."""

    def __init__(self, code: bytes, info: S.ModuleInfo, entry: S.EntryPoint, plan: list[Binding],
                 pipeline: Pipeline, wave_size: int | None, repeat: int, statistics: bool = False) -> None:
        self.code = code
        self.statistics = statistics
        self.info = info
        self.entry = entry
        self.plan = plan
        self.pipeline = pipeline
        self.wave_size = wave_size
        self.repeat = repeat
        self.cleanups: list[Callable[[], None]] = []
        self.api: vk.Vulkan = None  # type: ignore[assignment]
        self.device = ctypes.c_void_p()

    def run(self) -> DeviceRun:
        hung = False
        try:
            return self._run()
        except _Hung as err:
            hung = True     # the device may still use every object: leave them
            raise RunError(str(err)) from None
        finally:
            if not hung:
                for cleanup in reversed(self.cleanups):
                    cleanup()

    def _run(self) -> DeviceRun:
        inst = _instance()
        api = self.api = inst.api
        phys = inst.physical[inst.choose()]
        dev, limits = inst.describe(phys, True)
        sel = select_features(self.info, dev, self.wave_size, self.info.workgroup_size(self.entry))
        mirror_once = [b.resource.name for b in self.plan
                       if b.kind == S.SAMPLER and self.pipeline.samplers[b.resource.name].address == "MirrorOnce"]
        if mirror_once:
            ext = "VK_KHR_sampler_mirror_clamp_to_edge"
            if ext not in dev.extensions:
                raise RunError(f"sampler '{mirror_once[0]}' addresses MirrorOnce, and '{dev.name}' does not offer "
                               f"{ext}")
            sel.extensions.append(ext)
        size = self.info.workgroup_size(self.entry) or (1, 1, 1)
        if check_matrix_types(self.info, dev, size[0] * size[1] * size[2]):
            select_flexible_dimensions(sel, dev)
        if self.statistics:
            select_statistics(sel, dev)
        if self.info.workgroup_bytes > limits.maxComputeSharedMemorySize:
            raise RunError(f"the module's groupshared variables take {self.info.workgroup_bytes} bytes; "
                           f"'{dev.name}' gives a workgroup at most {limits.maxComputeSharedMemorySize} "
                           "(maxComputeSharedMemorySize)")
        families = inst.queue_families(phys)
        family = next(i for i, q in enumerate(families) if q.queueFlags & vk.QUEUE_COMPUTE)
        timestamp_bits = families[family].timestampValidBits
        self._create_device(phys, dev, sel, family)
        api = self.api
        device = self.device
        queue = ctypes.c_void_p()
        api.vkGetDeviceQueue(device, family, 0, ctypes.byref(queue))

        memory_props = vk.struct_type("VkPhysicalDeviceMemoryProperties")()
        api.vkGetPhysicalDeviceMemoryProperties(phys, ctypes.byref(memory_props))
        self.memory_types = [memory_props.memoryTypes[i].propertyFlags
                             for i in range(memory_props.memoryTypeCount)]
        staged = any(f & vk.MEMORY_DEVICE_LOCAL and not f & vk.MEMORY_HOST_VISIBLE for f in self.memory_types)
        forced = os.environ.get("HLSLC_VULKAN_STAGING")
        if forced in ("0", "1"):
            staged = forced == "1"      # to try the other path on any device

        # Buffers: the data uploaded, where the shader sees it.
        for b in self.plan:
            if b.kind in (S.UNIFORM_TEXEL_BUFFER, S.STORAGE_TEXEL_BUFFER):
                self._check_texel_format(phys, b)
        shader_buffers: list[_Memory | None] = []
        staging: list[_Memory | None] = []
        images: dict[int, _Image] = {}
        samplers: dict[int, int] = {}
        # One descriptor each: a resource, or an element of an array of them
        # (a buffer with ArraySize N: its N arrays, in order).
        elements = [(b, k, part) for b in self.plan for k, part in enumerate(_parts(b))]
        for b, k, part in elements:
            if b.kind == S.SAMPLER:
                samplers[len(shader_buffers)] = self._sampler(b)
                shader_buffers.append(None)
                staging.append(None)
                continue
            if b.kind in IMAGE_KINDS:
                image = images[len(shader_buffers)] = self._image(phys, b, part)
                shader_buffers.append(image.staging)
                staging.append(None)
                continue
            data = part.tobytes()
            size = len(data)
            if b.kind == S.UNIFORM_BUFFER:
                size = -(-size // 16) * 16     # whole 16-byte rows, as constant buffers are read
            size = max(size, 4)
            usage = BUFFER_USAGE[b.kind] | vk.BUFFER_TRANSFER_SRC | vk.BUFFER_TRANSFER_DST
            if staged:
                mem = self._buffer(size, usage, vk.MEMORY_DEVICE_LOCAL, 0, f"'{b.resource.name}'")
                stage = self._buffer(size, vk.BUFFER_TRANSFER_SRC | vk.BUFFER_TRANSFER_DST,
                                     vk.MEMORY_HOST_VISIBLE | vk.MEMORY_HOST_COHERENT, vk.MEMORY_HOST_CACHED,
                                     f"staging for '{b.resource.name}'")
                host = stage
            else:
                mem = self._buffer(size, usage, vk.MEMORY_HOST_VISIBLE | vk.MEMORY_HOST_COHERENT, 0,
                                   f"'{b.resource.name}'")
                stage = None
                host = mem
            ctypes.memset(host.mapped, 0, size)
            ctypes.memmove(host.mapped, data, len(data))
            shader_buffers.append(mem)
            staging.append(stage)

        # Descriptor sets, layouts, pipeline.
        set_count = max((b.set for b in self.plan), default=-1) + 1
        layouts = []
        for s in range(set_count):
            entries = [b for b in self.plan if b.set == s]
            items = [vk.new("VkDescriptorSetLayoutBinding", binding=b.binding, descriptorType=DESCRIPTOR_TYPES[b.kind],
                            descriptorCount=b.count,
                            stageFlags=vk.SHADER_STAGE_COMPUTE)
                     for b in entries]
            arr = vk.array("VkDescriptorSetLayoutBinding", items)
            info = vk.new("VkDescriptorSetLayoutCreateInfo", bindingCount=len(items), pBindings=ctypes.addressof(arr))
            layouts.append(self._create("vkCreateDescriptorSetLayout", info, "vkDestroyDescriptorSetLayout"))
        layout_array = (ctypes.c_uint64 * max(set_count, 1))(*layouts)
        pushed = self._push_constants(limits)
        push_range = vk.new("VkPushConstantRange", stageFlags=vk.SHADER_STAGE_COMPUTE, offset=0,
                            size=len(pushed or b""))
        pl_info = vk.new("VkPipelineLayoutCreateInfo", setLayoutCount=set_count,
                         pSetLayouts=ctypes.addressof(layout_array), pushConstantRangeCount=1 if pushed else 0,
                         pPushConstantRanges=ctypes.addressof(push_range))
        pipeline_layout = self._create("vkCreatePipelineLayout", pl_info, "vkDestroyPipelineLayout")
        words = (ctypes.c_uint32 * (len(self.code) // 4)).from_buffer_copy(self.code)
        sm_info = vk.new("VkShaderModuleCreateInfo", codeSize=len(self.code), pCode=ctypes.addressof(words))
        shader = self._create("vkCreateShaderModule", sm_info, "vkDestroyShaderModule")
        entry_name = ctypes.c_char_p(self.entry.name.encode())
        stage = vk.new("VkPipelineShaderStageCreateInfo", stage=vk.SHADER_STAGE_COMPUTE, module=shader,
                       pName=ctypes.cast(entry_name, ctypes.c_void_p))
        if sel.full_subgroups:
            stage.flags |= vk.SHADER_STAGE_REQUIRE_FULL_SUBGROUPS
        spec_entries, spec_data = specialization(self.info, self.pipeline)
        if spec_entries:
            entries = vk.array("VkSpecializationMapEntry", [
                vk.new("VkSpecializationMapEntry", constantID=cid, offset=offset, size=size)
                for cid, offset, size in spec_entries])
            data = ctypes.create_string_buffer(spec_data, len(spec_data))
            spec_info = vk.new("VkSpecializationInfo", mapEntryCount=len(spec_entries),
                               pMapEntries=ctypes.addressof(entries), dataSize=len(spec_data),
                               pData=ctypes.addressof(data))
            spec_info._keep += [entries, data]
            stage.pSpecializationInfo = ctypes.addressof(spec_info)
        required = vk.new("VkPipelineShaderStageRequiredSubgroupSizeCreateInfo",
                          requiredSubgroupSize=sel.required_subgroup_size or 0)
        if sel.required_subgroup_size:
            stage.pNext = ctypes.cast(ctypes.pointer(required), ctypes.c_void_p)
        cp_info = vk.new("VkComputePipelineCreateInfo", stage=stage, layout=pipeline_layout, basePipelineIndex=-1,
                         flags=vk.PIPELINE_CREATE_CAPTURE_STATISTICS if self.statistics else 0)
        pipeline_handle = ctypes.c_uint64()
        vk.check(api.vkCreateComputePipelines(device, 0, 1, ctypes.byref(cp_info), None,
                                              ctypes.byref(pipeline_handle)), "vkCreateComputePipelines")
        self.cleanups.append(lambda h=pipeline_handle.value: api.vkDestroyPipeline(device, h, None))
        statistics = self._statistics(pipeline_handle.value) if self.statistics else []

        sets = self._descriptor_sets(layouts, elements, shader_buffers, images, samplers)

        # Commands: upload, dispatch between timestamps, read back.
        pool_info = vk.new("VkCommandPoolCreateInfo", queueFamilyIndex=family)
        command_pool = self._create("vkCreateCommandPool", pool_info, "vkDestroyCommandPool")
        alloc = vk.new("VkCommandBufferAllocateInfo", commandPool=command_pool, level=0, commandBufferCount=1)
        cmd = ctypes.c_void_p()
        vk.check(api.vkAllocateCommandBuffers(device, ctypes.byref(alloc), ctypes.byref(cmd)),
                 "vkAllocateCommandBuffers")
        timed = timestamp_bits > 0
        query_pool = 0
        if timed:
            q_info = vk.new("VkQueryPoolCreateInfo", queryType=vk.QUERY_TYPE_TIMESTAMP, queryCount=2 * self.repeat)
            query_pool = self._create("vkCreateQueryPool", q_info, "vkDestroyQueryPool")
        begin = vk.new("VkCommandBufferBeginInfo", flags=vk.COMMAND_BUFFER_ONE_TIME_SUBMIT)
        vk.check(api.vkBeginCommandBuffer(cmd, ctypes.byref(begin)), "vkBeginCommandBuffer")
        if images:
            # Textures: their texels copied in, then left in the GENERAL
            # layout, which both sampled and storage images may be read in.
            self._image_barrier(cmd, images.values(), vk.STAGE_TOP_OF_PIPE, vk.STAGE_TRANSFER, 0,
                                vk.ACCESS_TRANSFER_WRITE, vk.LAYOUT_UNDEFINED, vk.LAYOUT_TRANSFER_DST)
            for image in images.values():
                regions = self._image_regions(image)
                api.vkCmdCopyBufferToImage(cmd, image.staging.buffer, image.image, vk.LAYOUT_TRANSFER_DST,
                                           len(regions), regions)
            self._image_barrier(cmd, images.values(), vk.STAGE_TRANSFER, vk.STAGE_COMPUTE_SHADER,
                                vk.ACCESS_TRANSFER_WRITE, vk.ACCESS_SHADER_READ | vk.ACCESS_SHADER_WRITE,
                                vk.LAYOUT_TRANSFER_DST, vk.LAYOUT_GENERAL)
        if staged:
            for k, (mem, stage_mem) in enumerate(zip(shader_buffers, staging)):
                if k in images or mem is None:
                    continue
                region = vk.new("VkBufferCopy", size=mem.size)
                api.vkCmdCopyBuffer(cmd, stage_mem.buffer, mem.buffer, 1, ctypes.byref(region))
            self._barrier(cmd, vk.STAGE_TRANSFER, vk.STAGE_COMPUTE_SHADER, vk.ACCESS_TRANSFER_WRITE,
                          vk.ACCESS_SHADER_READ | vk.ACCESS_SHADER_WRITE)
        else:
            self._barrier(cmd, vk.STAGE_HOST, vk.STAGE_COMPUTE_SHADER, vk.ACCESS_HOST_WRITE,
                          vk.ACCESS_SHADER_READ | vk.ACCESS_SHADER_WRITE)
        if timed:
            api.vkCmdResetQueryPool(cmd, query_pool, 0, 2 * self.repeat)
        api.vkCmdBindPipeline(cmd, vk.PIPELINE_BIND_POINT_COMPUTE, pipeline_handle.value)
        if set_count:
            set_array = (ctypes.c_uint64 * set_count)(*sets)
            api.vkCmdBindDescriptorSets(cmd, vk.PIPELINE_BIND_POINT_COMPUTE, pipeline_layout, 0, set_count,
                                        set_array, 0, None)
        if pushed:
            values = ctypes.create_string_buffer(pushed, len(pushed))
            api.vkCmdPushConstants(cmd, pipeline_layout, vk.SHADER_STAGE_COMPUTE, 0, len(pushed), values)
        x, y, z = self.pipeline.dispatch
        for i in range(self.repeat):
            if i:
                self._barrier(cmd, vk.STAGE_COMPUTE_SHADER, vk.STAGE_COMPUTE_SHADER,
                              vk.ACCESS_SHADER_READ | vk.ACCESS_SHADER_WRITE,
                              vk.ACCESS_SHADER_READ | vk.ACCESS_SHADER_WRITE)
            if timed:
                # Both stamps at the bottom of the pipe: the first once the
                # uploads (and the dispatch before) are done.
                api.vkCmdWriteTimestamp(cmd, vk.STAGE_BOTTOM_OF_PIPE, query_pool, 2 * i)
            api.vkCmdDispatch(cmd, x, y, z)
            if timed:
                api.vkCmdWriteTimestamp(cmd, vk.STAGE_BOTTOM_OF_PIPE, query_pool, 2 * i + 1)
        if staged or images:
            self._barrier(cmd, vk.STAGE_COMPUTE_SHADER, vk.STAGE_TRANSFER, vk.ACCESS_SHADER_WRITE,
                          vk.ACCESS_TRANSFER_READ)
            for k, (mem, stage_mem) in enumerate(zip(shader_buffers, staging)):
                if k in images:
                    regions = self._image_regions(images[k])
                    api.vkCmdCopyImageToBuffer(cmd, images[k].image, vk.LAYOUT_GENERAL, mem.buffer, len(regions),
                                               regions)
                elif stage_mem is not None:
                    region = vk.new("VkBufferCopy", size=mem.size)
                    api.vkCmdCopyBuffer(cmd, mem.buffer, stage_mem.buffer, 1, ctypes.byref(region))
            self._barrier(cmd, vk.STAGE_TRANSFER | vk.STAGE_COMPUTE_SHADER, vk.STAGE_HOST,
                          vk.ACCESS_TRANSFER_WRITE | vk.ACCESS_SHADER_WRITE, vk.ACCESS_HOST_READ)
        else:
            self._barrier(cmd, vk.STAGE_COMPUTE_SHADER, vk.STAGE_HOST, vk.ACCESS_SHADER_WRITE, vk.ACCESS_HOST_READ)
        vk.check(api.vkEndCommandBuffer(cmd), "vkEndCommandBuffer")

        fence = self._create("vkCreateFence", vk.new("VkFenceCreateInfo"), "vkDestroyFence")
        cmd_array = (ctypes.c_void_p * 1)(cmd.value)
        submit = vk.new("VkSubmitInfo", commandBufferCount=1, pCommandBuffers=ctypes.addressof(cmd_array))
        vk.check(api.vkQueueSubmit(queue, 1, ctypes.byref(submit), fence), "vkQueueSubmit")
        timeout_s = float(os.environ.get("HLSLC_VULKAN_TIMEOUT") or 120)
        fence_array = (ctypes.c_uint64 * 1)(fence)
        result = api.vkWaitForFences(device, 1, fence_array, 1, int(timeout_s * 1e9))
        if result == 2:
            raise _Hung(f"the dispatch did not finish within {timeout_s:g} s on '{dev.name}' "
                        "(HLSLC_VULKAN_TIMEOUT sets the limit)")
        if result == -4:
            raise RunError(f"the dispatch lost the device '{dev.name}' (VK_ERROR_DEVICE_LOST): a fault in the "
                           "shader, such as an access far outside a buffer, or a driver error")
        vk.check(result, "vkWaitForFences")

        # Read back into the pipeline's buffers.
        back: dict[int, list[bytes]] = {}
        for k, ((b, _, part), mem, stage_mem) in enumerate(zip(elements, shader_buffers, staging)):
            host = stage_mem or mem
            if host is None:
                continue                    # a sampler
            if k in images:
                # The texels of every level; the rest of the buffer as it was.
                raw = ctypes.string_at(host.mapped, host.size) + part.tobytes()[host.size:]
            else:
                raw = ctypes.string_at(host.mapped, part.nbytes)
            back.setdefault(id(b), []).append(raw)
        for b in self.plan:
            if b.buffer is None:
                continue
            if b.counter:
                # (of an array of buffers, the last element's, as the CPU runner keeps it)
                b.buffer.counter = int(np.frombuffer(back[id(b)][-1], dtype=np.uint32)[0])
            else:
                b.buffer.data = np.frombuffer(b"".join(back[id(b)]), dtype=b.buffer.data.dtype).copy()

        times: list[float] = []
        if timed:
            stamps = (ctypes.c_uint64 * (2 * self.repeat))()
            vk.check(api.vkGetQueryPoolResults(device, query_pool, 0, 2 * self.repeat, ctypes.sizeof(stamps), stamps,
                                               8, vk.QUERY_RESULT_64 | vk.QUERY_RESULT_WAIT),
                     "vkGetQueryPoolResults")
            mask = (1 << timestamp_bits) - 1 if timestamp_bits < 64 else (1 << 64) - 1
            period = limits.timestampPeriod
            times = [((stamps[2 * i + 1] - stamps[2 * i]) & mask) * period for i in range(self.repeat)]
        return DeviceRun(dev.name, vk.version(dev.api_version), times,
                         sel.required_subgroup_size or dev.subgroup_size, statistics)

    # ---- helpers ----------------------------------------------------------

    def _push_constants(self, limits: Any) -> bytes | None:
        """The bytes of the module's push constant block, from the
        pipeline's PushConstants (zeros after them, up to the block's
        size), or None when the module has none."""
        if not self.info.push_constants:
            return None
        data = self.pipeline.push_constants
        if data is None:
            raise RunError("the shader reads push constants, but the pipeline gives no PushConstants for the "
                           "Compute stage")
        size = max(len(data), self.info.push_constant_size)
        size = -(-size // 4) * 4
        if size > limits.maxPushConstantsSize:
            raise RunError(f"the push constants take {size} bytes; the device takes at most "
                           f"{limits.maxPushConstantsSize} (maxPushConstantsSize)")
        return data + b"\0" * (size - len(data))

    def _statistics(self, pipeline: int) -> list[PipelineStatistic]:
        """The driver's statistics of each executable of the pipeline."""
        api = self.api
        info = vk.new("VkPipelineInfoKHR", pipeline=pipeline)
        executables = vk.listed(api.vkGetPipelineExecutablePropertiesKHR, "vkGetPipelineExecutablePropertiesKHR",
                                "VkPipelineExecutablePropertiesKHR", self.device, ctypes.byref(info))
        found: list[PipelineStatistic] = []
        for index, executable in enumerate(executables):
            which = vk.new("VkPipelineExecutableInfoKHR", pipeline=pipeline, executableIndex=index)
            stats = vk.listed(api.vkGetPipelineExecutableStatisticsKHR, "vkGetPipelineExecutableStatisticsKHR",
                              "VkPipelineExecutableStatisticKHR", self.device, ctypes.byref(which))
            found += [PipelineStatistic(vk.text(executable.name), vk.text(s.name), vk.text(s.description),
                                        statistic_value(s.format, s.value)) for s in stats]
        return found

    def _create_device(self, phys: Any, dev: DeviceSupport, sel: Selection, family: int) -> None:
        api = self.api
        priority = (ctypes.c_float * 1)(1.0)
        queue_info = vk.new("VkDeviceQueueCreateInfo", queueFamilyIndex=family, queueCount=1,
                            pQueuePriorities=ctypes.addressof(priority))
        structs: dict[str, Any] = {"VkPhysicalDeviceFeatures2": vk.new("VkPhysicalDeviceFeatures2")}
        for feature in sorted(sel.features):
            home = FEATURE_HOME[feature]
            holder = structs.setdefault(home, vk.new(home))
            setattr(holder.features if home == "VkPhysicalDeviceFeatures2" else holder, feature, 1)
        vk.chain(*structs.values())
        names = vk.strings(sel.extensions)
        info = vk.new("VkDeviceCreateInfo", pNext=ctypes.addressof(structs["VkPhysicalDeviceFeatures2"]),
                      queueCreateInfoCount=1, pQueueCreateInfos=ctypes.addressof(queue_info),
                      enabledExtensionCount=len(sel.extensions), ppEnabledExtensionNames=ctypes.addressof(names))
        result = api.vkCreateDevice(phys, ctypes.byref(info), None, ctypes.byref(self.device))
        if result < 0:
            enabled = ", ".join(sorted(sel.features) + sel.extensions) or "no features"
            raise RunError(f"vkCreateDevice failed on '{dev.name}': {vk.result_name(result)} (enabling {enabled})")
        device = self.device
        self.cleanups.append(lambda: (api.vkDeviceWaitIdle(device), api.vkDestroyDevice(device, None)))

    def _create(self, create: str, info: Any, destroy: str) -> int:
        api = self.api
        handle = ctypes.c_uint64()
        vk.check(getattr(api, create)(self.device, ctypes.byref(info), None, ctypes.byref(handle)), create)
        device = self.device
        self.cleanups.append(lambda: getattr(api, destroy)(device, handle.value, None))
        return handle.value

    def _memory_type(self, bits: int, required: int, preferred: int, what: str) -> int:
        fits = [i for i, flags in enumerate(self.memory_types) if bits >> i & 1 and flags & required == required]
        if not fits:
            raise RunError(f"no memory type of the device fits {what}")
        best = [i for i in fits if self.memory_types[i] & preferred == preferred]
        return (best or fits)[0]

    def _buffer(self, size: int, usage: int, required: int, preferred: int, what: str) -> _Memory:
        api = self.api
        device = self.device
        info = vk.new("VkBufferCreateInfo", size=size, usage=usage)
        buffer = self._create("vkCreateBuffer", info, "vkDestroyBuffer")
        reqs = vk.struct_type("VkMemoryRequirements")()
        api.vkGetBufferMemoryRequirements(device, buffer, ctypes.byref(reqs))
        alloc = vk.new("VkMemoryAllocateInfo", allocationSize=reqs.size,
                       memoryTypeIndex=self._memory_type(reqs.memoryTypeBits, required, preferred, what))
        memory = ctypes.c_uint64()
        result = api.vkAllocateMemory(device, ctypes.byref(alloc), None, ctypes.byref(memory))
        if result < 0:
            raise RunError(f"vkAllocateMemory failed for {what} ({size} bytes): {vk.result_name(result)}")
        self.cleanups.append(lambda m=memory.value: api.vkFreeMemory(device, m, None))
        vk.check(api.vkBindBufferMemory(device, buffer, memory.value, 0), "vkBindBufferMemory")
        mapped = None
        if required & vk.MEMORY_HOST_VISIBLE:
            ptr = ctypes.c_void_p()
            vk.check(api.vkMapMemory(device, memory.value, 0, vk.WHOLE_SIZE, 0, ctypes.byref(ptr)), "vkMapMemory")
            mapped = ptr.value
        return _Memory(buffer, memory.value, size, mapped)

    def _check_texel_format(self, phys: Any, b: Binding) -> None:
        props = vk.struct_type("VkFormatProperties")()
        self.api.vkGetPhysicalDeviceFormatProperties(phys, b.format, ctypes.byref(props))
        need = vk.FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER if b.kind == S.UNIFORM_TEXEL_BUFFER else \
            vk.FORMAT_FEATURE_STORAGE_TEXEL_BUFFER
        if not props.bufferFeatures & need:
            raise RunError(f"resource '{b.resource.name}': the device cannot use {b.buffer.format} x "
                           f"{b.buffer.channels} texels in a {b.kind}")

    def _image(self, phys: Any, b: Binding, data: np.ndarray) -> _Image:
        """A 2-D texture of the binding's format, OutputProps extent and mip
        levels (a storage image's view: level 0), its texels in a
        host-visible buffer to copy in and out."""
        api = self.api
        device = self.device
        buf = b.buffer
        width, height, depth = buf.extent
        if not width:
            raise RunError(f"resource '{b.resource.name}': a texture needs OutputProps (Width, Height) in its "
                           "buffer")
        if depth > 1:
            raise RunError(f"resource '{b.resource.name}': a 2-D texture has Depth 1, not {depth}")
        props = vk.struct_type("VkFormatProperties")()
        api.vkGetPhysicalDeviceFormatProperties(phys, b.format, ctypes.byref(props))
        storage = b.kind == S.STORAGE_IMAGE
        depth_format = b.format == vk.FORMAT_D32_SFLOAT
        if storage and depth_format:
            raise RunError(f"resource '{b.resource.name}': a Depth32 texture is read only (Texture2D), not a "
                           f"{b.resource.kind}")
        need = vk.FORMAT_FEATURE_STORAGE_IMAGE if storage else vk.FORMAT_FEATURE_SAMPLED_IMAGE
        if not props.optimalTilingFeatures & need:
            raise RunError(f"resource '{b.resource.name}': the device cannot use {buf.format} x {buf.channels} "
                           f"texels in a {b.kind}")
        size = buf.mip_offset(buf.mip_levels) * buf.dtype.itemsize
        if data.nbytes < size:
            raise RunError(f"resource '{b.resource.name}': a {width}x{height} texture of {buf.format} x "
                           f"{buf.channels} with {buf.mip_levels} level(s) takes {size} bytes; buffer '{buf.name}' "
                           f"has {data.nbytes}" + (" an array" if buf.array_size > 1 else ""))
        usage = vk.IMAGE_USAGE_TRANSFER_SRC | vk.IMAGE_USAGE_TRANSFER_DST | \
            (vk.IMAGE_USAGE_STORAGE if storage else vk.IMAGE_USAGE_SAMPLED)
        info = vk.new("VkImageCreateInfo", imageType=vk.IMAGE_TYPE_2D, format=b.format, mipLevels=buf.mip_levels,
                      arrayLayers=1, samples=1, tiling=vk.IMAGE_TILING_OPTIMAL, usage=usage,
                      initialLayout=vk.LAYOUT_UNDEFINED)
        info.extent.width, info.extent.height, info.extent.depth = width, height, 1
        image = self._create("vkCreateImage", info, "vkDestroyImage")
        req = vk.struct_type("VkMemoryRequirements")()
        api.vkGetImageMemoryRequirements(device, image, ctypes.byref(req))
        alloc = vk.new("VkMemoryAllocateInfo", allocationSize=req.size,
                       memoryTypeIndex=self._memory_type(req.memoryTypeBits, 0, vk.MEMORY_DEVICE_LOCAL,
                                                         f"texture '{b.resource.name}'"))
        memory = self._create("vkAllocateMemory", alloc, "vkFreeMemory")
        vk.check(api.vkBindImageMemory(device, image, memory, 0), "vkBindImageMemory")
        aspect = vk.IMAGE_ASPECT_DEPTH if depth_format else vk.IMAGE_ASPECT_COLOR
        view_info = vk.new("VkImageViewCreateInfo", image=image, viewType=vk.IMAGE_VIEW_TYPE_2D, format=b.format)
        view_info.subresourceRange.aspectMask = aspect
        view_info.subresourceRange.levelCount = 1 if storage else buf.mip_levels
        view_info.subresourceRange.layerCount = 1
        view = self._create("vkCreateImageView", view_info, "vkDestroyImageView")
        staging = self._buffer(size, vk.BUFFER_TRANSFER_SRC | vk.BUFFER_TRANSFER_DST,
                               vk.MEMORY_HOST_VISIBLE | vk.MEMORY_HOST_COHERENT, vk.MEMORY_HOST_CACHED,
                               f"staging for '{b.resource.name}'")
        ctypes.memmove(staging.mapped, data.tobytes()[:size], size)
        return _Image(image, view, buf, aspect, staging)

    @staticmethod
    def _image_regions(image: _Image) -> Any:
        """One copy region per mip level, each from its place in the data."""
        buf = image.buffer
        regions = []
        for level in range(buf.mip_levels):
            region = vk.new("VkBufferImageCopy", bufferOffset=buf.mip_offset(level) * buf.dtype.itemsize)
            region.imageSubresource.aspectMask = image.aspect
            region.imageSubresource.mipLevel = level
            region.imageSubresource.layerCount = 1
            w, h, _ = buf.mip_extent(level)
            region.imageExtent.width, region.imageExtent.height, region.imageExtent.depth = w, h, 1
            regions.append(region)
        return vk.array("VkBufferImageCopy", regions)

    def _sampler(self, b: Binding) -> int:
        """A VkSampler as the pipeline's Samplers entry describes it (a
        point mip filter, transparent black border, as the offloader's)."""
        desc = self.pipeline.samplers[b.resource.name]
        address = vk.ADDRESS_MODES[desc.address]
        info = vk.new("VkSamplerCreateInfo", magFilter=vk.FILTERS[desc.mag_filter],
                      minFilter=vk.FILTERS[desc.min_filter], mipmapMode=0, addressModeU=address,
                      addressModeV=address, addressModeW=address, mipLodBias=desc.mip_lod_bias, maxAnisotropy=1.0,
                      compareEnable=int(desc.kind == "SamplerComparison"),
                      compareOp=vk.COMPARE_OPS[desc.comparison], minLod=desc.min_lod, maxLod=desc.max_lod,
                      borderColor=vk.BORDER_FLOAT_TRANSPARENT_BLACK)
        return self._create("vkCreateSampler", info, "vkDestroySampler")

    def _image_barrier(self, cmd: Any, images: Any, src_stage: int, dst_stage: int, src_access: int,
                       dst_access: int, old: int, new: int) -> None:
        barriers = []
        for image in images:
            barrier = vk.new("VkImageMemoryBarrier", srcAccessMask=src_access, dstAccessMask=dst_access,
                             oldLayout=old, newLayout=new, srcQueueFamilyIndex=vk.QUEUE_FAMILY_IGNORED,
                             dstQueueFamilyIndex=vk.QUEUE_FAMILY_IGNORED, image=image.image)
            barrier.subresourceRange.aspectMask = image.aspect
            barrier.subresourceRange.levelCount = image.buffer.mip_levels
            barrier.subresourceRange.layerCount = 1
            barriers.append(barrier)
        arr = vk.array("VkImageMemoryBarrier", barriers)
        self.api.vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, None, 0, None, len(barriers), arr)

    def _descriptor_sets(self, layouts: list[int], elements: list[tuple[Binding, int, np.ndarray]],
                         buffers: list[_Memory | None], images: dict[int, _Image],
                         samplers: dict[int, int]) -> list[int]:
        api = self.api
        device = self.device
        if not layouts:
            return []
        counts: dict[int, int] = {}
        for b, _, _ in elements:
            counts[DESCRIPTOR_TYPES[b.kind]] = counts.get(DESCRIPTOR_TYPES[b.kind], 0) + 1
        sizes = vk.array("VkDescriptorPoolSize", [vk.new("VkDescriptorPoolSize", type=t, descriptorCount=n)
                                                  for t, n in counts.items()])
        pool_info = vk.new("VkDescriptorPoolCreateInfo", maxSets=len(layouts), poolSizeCount=len(counts),
                           pPoolSizes=ctypes.addressof(sizes))
        pool = self._create("vkCreateDescriptorPool", pool_info, "vkDestroyDescriptorPool")
        layout_array = (ctypes.c_uint64 * len(layouts))(*layouts)
        alloc = vk.new("VkDescriptorSetAllocateInfo", descriptorPool=pool, descriptorSetCount=len(layouts),
                       pSetLayouts=ctypes.addressof(layout_array))
        sets = (ctypes.c_uint64 * len(layouts))()
        vk.check(api.vkAllocateDescriptorSets(device, ctypes.byref(alloc), sets), "vkAllocateDescriptorSets")
        keep: list[Any] = []
        writes = []
        for k, ((b, element, part), mem) in enumerate(zip(elements, buffers)):
            write = vk.new("VkWriteDescriptorSet", dstSet=sets[b.set], dstBinding=b.binding,
                           dstArrayElement=element, descriptorCount=1, descriptorType=DESCRIPTOR_TYPES[b.kind])
            if k in samplers:
                image_info = vk.new("VkDescriptorImageInfo", sampler=samplers[k])
                keep.append(image_info)
                write.pImageInfo = ctypes.addressof(image_info)
            elif k in images:
                image_info = vk.new("VkDescriptorImageInfo", imageView=images[k].view,
                                    imageLayout=vk.LAYOUT_GENERAL)
                keep.append(image_info)
                write.pImageInfo = ctypes.addressof(image_info)
            elif b.format is not None:
                view_info = vk.new("VkBufferViewCreateInfo", buffer=mem.buffer, format=b.format,
                                   range=part.nbytes)
                view = (ctypes.c_uint64 * 1)(self._create("vkCreateBufferView", view_info, "vkDestroyBufferView"))
                keep.append(view)
                write.pTexelBufferView = ctypes.addressof(view)
            else:
                info = vk.new("VkDescriptorBufferInfo", buffer=mem.buffer, offset=0,
                              range=mem.size if b.kind == S.UNIFORM_BUFFER else max(part.nbytes, 4))
                keep.append(info)
                write.pBufferInfo = ctypes.addressof(info)
            writes.append(write)
        arr = vk.array("VkWriteDescriptorSet", writes)
        api.vkUpdateDescriptorSets(device, len(writes), arr, 0, None)
        return list(sets)

    def _barrier(self, cmd: Any, src_stage: int, dst_stage: int, src_access: int, dst_access: int) -> None:
        barrier = vk.new("VkMemoryBarrier", srcAccessMask=src_access, dstAccessMask=dst_access)
        self.api.vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 1, ctypes.byref(barrier), 0, None, 0, None)


class _Hung(Exception):
    """The dispatch did not finish in time: nothing may be destroyed."""
