"""Pipeline files: what `hlslc run` dispatches, with which buffers, and
which results it checks.

The format is the one of LLVM's offload-test-suite, so a test written for
the offloader runs unchanged: `Shaders` (Stage, Entry), the dispatch size
(`DispatchSize: [x, y, z]`, or `DispatchParameters: {DispatchGroupCount:
[x, y, z]}`; one group when neither is given), `Buffers` (Name, Format,
Stride, Channels, ArraySize, `Data` or `FillSize`/`FillValue`; a
texture's `OutputProps` Width, Height and MipLevels, the data holding the
levels one after another), `Samplers` (filters, address mode, LOD range
and bias, comparison), `Results` (Result, Rule, Actual, Expected and the
rule's tolerance) and `DescriptorSets` (Resources with Name, Kind,
DirectXBinding and VulkanBinding).  hlslc's own keys: a shader's `CompileArguments` (the
options `hlslc run` compiles it with, before the command line's); and a buffer's `MatrixLayouts` lists
matrices the file gives row-major that the shader reads or writes in an
opaque layout (MulOptimal, OuterProductOptimal); the runner rearranges
them into the device's order before the dispatch and back after it, as a
driver's matrix-conversion call would (see `MatrixLayout`).  Keys this
executor has no use for (graphics bindings,
ray tracing, ...) are accepted when the offloader knows them, and
an unknown key is an error at its line, as is every wrong value.

Owns: reading the YAML (PyYAML's node tree, which keeps every value's
position), the `Pipeline` model with each buffer's data as a numpy array
of its format, and `PipelineError` with the position of what is wrong.
Does not own: executing (`hlslc.runner.executor`) or comparing results
(`hlslc.runner.results`).
"""

from __future__ import annotations

import itertools
import math
import re
import warnings
from typing import Any

import numpy as np

from ..source import SourceFile, Span
from .errors import RunError
from .limits import default_max_memory, show_size

# Format name -> numpy dtype of one element.  Float16 data is written as
# the half's bits (`0x3C00`), as the offloader reads it; Hex formats are
# raw bits of their width; Bool is a 32-bit word (HLSL's bool in memory).
FORMATS: dict[str, np.dtype] = {
    "Int16": np.dtype(np.int16), "UInt16": np.dtype(np.uint16),
    "Int32": np.dtype(np.int32), "UInt32": np.dtype(np.uint32),
    "Int64": np.dtype(np.int64), "UInt64": np.dtype(np.uint64),
    "Float16": np.dtype(np.float16), "Float32": np.dtype(np.float32), "Float64": np.dtype(np.float64),
    "Hex8": np.dtype(np.uint8), "Hex16": np.dtype(np.uint16), "Hex32": np.dtype(np.uint32),
    "Hex64": np.dtype(np.uint64), "Bool": np.dtype(np.uint32),
    "Depth32": np.dtype(np.float32),      # a depth texture's 32-bit float texels
}

STAGES = ("Compute", "Vertex", "Pixel", "Geometry", "Hull", "Domain", "Amplification", "Mesh",
          "RayGeneration", "Miss", "ClosestHit", "AnyHit", "Intersection", "Callable")

# Formats whose data are floating-point numbers (Depth32: a depth texture's).
FLOAT_FORMATS = frozenset({"Float16", "Float32", "Float64", "Depth32"})

# Samplers (the offloader's `Samplers` list): the values of each field.
FILTERS = ("Nearest", "Linear")
ADDRESS_MODES = ("Clamp", "Repeat", "Mirror", "Border", "MirrorOnce")
COMPARISONS = ("Never", "Less", "Equal", "LessEqual", "Greater", "NotEqual", "GreaterEqual", "Always")
SAMPLER_KINDS = ("Sampler", "SamplerComparison")

RULES = ("BufferExact", "BufferFloatULP", "BufferFloatEpsilon")
DENORM_MODES = ("Any", "FTZ", "Preserve")

# Resource kinds of DescriptorSets, and the register class each binds to.
RESOURCE_KINDS: dict[str, str] = {
    "Buffer": "t", "StructuredBuffer": "t", "ByteAddressBuffer": "t", "Texture2D": "t",
    "RWBuffer": "u", "RWStructuredBuffer": "u", "RWByteAddressBuffer": "u", "RWTexture2D": "u",
    "ConstantBuffer": "b", "Sampler": "s", "SamplerComparison": "s",
    "AccelerationStructure": "t",
}

# Top-level keys the offloader defines that a compute dispatch does not use.
_IGNORED_TOP = {"Bindings", "RuntimeSettings", "RootParameters", "AccelerationStructures",
                "ShaderBindingTable", "RayTracingPipelineConfig",
                "SpecializationConstants", "Topology", "PatchControlPoints", "VertexCount", "IndexCount",
                "HitGroups", "Miss", "ClosestHit", "RayGen"}


class PipelineError(Exception):
    """A wrong pipeline file: `span` says where (None: the whole file)."""

    def __init__(self, message: str, span: Span | None) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


# SpecializationConstants' Type -> the value's numpy type (Bool: a 32-bit
# VkBool32, as Vulkan reads it).
SPEC_CONSTANT_TYPES: dict[str, np.dtype] = {
    "Bool": np.dtype(np.uint32), "Int16": np.dtype(np.int16), "UInt16": np.dtype(np.uint16),
    "Int32": np.dtype(np.int32), "UInt32": np.dtype(np.uint32), "Int64": np.dtype(np.int64),
    "UInt64": np.dtype(np.uint64), "Float16": np.dtype(np.float16), "Float32": np.dtype(np.float32),
    "Float64": np.dtype(np.float64),
}


class Shader:
    """One `Shaders` entry: a stage and its entry function."""

    __slots__ = ("stage", "entry", "span", "compile_args", "compile_arg_spans", "spec_constants")

    def __init__(self, stage: str, entry: str, span: Span | None, compile_args: list[str] | None = None) -> None:
        self.stage = stage
        self.entry = entry
        self.span = span
        # SpecializationConstants: ConstantID -> (Type, the value as that type).
        self.spec_constants: dict[int, tuple[str, Any]] = {}
        # hlslc's own key `CompileArguments`: the options the shader is
        # compiled with (`-T cs_6_8`, ...), before the command line's.
        self.compile_args = compile_args or []
        self.compile_arg_spans: list[Span | None] = [None] * len(self.compile_args)

    def spec_constant_bytes(self, cid: int, size: int) -> bytes | None:
        """The bytes of specialization constant `cid` for a constant of
        `size` bytes (a bool: 4, a VkBool32), or None when the pipeline does
        not set it; a value of another size is a `RunError`, as Vulkan
        requires the sizes to match."""
        if cid not in self.spec_constants:
            return None
        kind, value = self.spec_constants[cid]
        raw = np.asarray(value).tobytes()
        if len(raw) != size:
            raise RunError(f"specialization constant {cid} takes {size} bytes in the module; the pipeline gives a "
                           f"{kind} ({len(raw)} bytes)")
        return raw


MATRIX_COMPONENTS = {"I16": (2, 2), "U16": (3, 2), "I32": (4, 4), "U32": (5, 4), "I64": (6, 8), "U64": (7, 8),
                     "F16": (8, 2), "F32": (9, 4), "F64": (10, 8), "SNormF16": (11, 2), "UNormF16": (12, 2),
                     "SNormF32": (13, 4), "UNormF32": (14, 4), "SNormF64": (15, 8), "UNormF64": (16, 8),
                     "PackedS8x32": (17, 1), "PackedU8x32": (18, 1),
                     # DXC's revision (--linalg-revision=dxc): 8-bit integers and floats, bfloat16.
                     "I8": (19, 1), "U8": (20, 1), "F8_E4M3FN": (21, 1), "F8_E5M2": (22, 1), "BFloat16": (23, 2)}
OPAQUE_LAYOUTS = {"MulOptimal": 2, "OuterProductOptimal": 3}


class MatrixLayout:
    """hlslc's pipeline extension: a Rows x Columns matrix of `component`
    at byte `offset` of a buffer, row-major in the file, kept in the
    opaque `layout` on the device."""

    __slots__ = ("offset", "rows", "columns", "component", "element_size", "layout", "span")

    def __init__(self, offset: int, rows: int, columns: int, component: int, element_size: int, layout: int,
                 span: Span | None) -> None:
        self.offset = offset
        self.rows = rows
        self.columns = columns
        self.component = component
        self.element_size = element_size
        self.layout = layout
        self.span = span

    @property
    def size(self) -> int:
        return self.rows * self.columns * self.element_size


class Buffer:
    """One buffer: `data` holds its elements in the format's dtype (a copy
    the dispatch writes into); `stride` is the element stride in bytes when
    the file gives one (structured buffers), else None."""

    __slots__ = ("name", "format", "stride", "channels", "array_size", "data", "span", "counter", "extent", "mip_levels",
                 "matrix_layouts")

    def __init__(self, name: str, format: str, stride: int | None, channels: int, array_size: int,
                 data: np.ndarray, span: Span | None) -> None:
        self.name = name
        self.format = format
        self.stride = stride
        self.channels = channels
        self.array_size = array_size
        self.data = data
        self.span = span
        self.counter = 0        # an append/consume or counter UAV's hidden counter
        self.extent = (0, 0, 0)  # OutputProps: a texture's width, height, depth (mip 0)
        self.mip_levels = 1      # OutputProps' MipLevels: the data hold mip 0, then 1, ...
        self.matrix_layouts: list[MatrixLayout] = []

    @property
    def dtype(self) -> np.dtype:
        return FORMATS[self.format]

    def mip_extent(self, level: int) -> tuple[int, int, int]:
        """Width, height and depth of mip `level` (each halved, at least 1)."""
        return tuple(max(1, size >> level) for size in self.extent)

    def mip_offset(self, level: int) -> int:
        """Element offset of mip `level` in the data: the levels before it,
        row by row, `channels` elements a texel."""
        texels = 0
        for lower in range(level):
            w, h, d = self.mip_extent(lower)
            texels += w * h * d
        return texels * self.channels

    def raw(self) -> bytearray:
        """The buffer's bytes, as a resource sees them."""
        return bytearray(self.data.tobytes())


class Sampler:
    """One `Samplers` entry: how a sampler bound as `name` filters and
    addresses (the offloader's defaults: linear filters, clamped, the mip
    chosen by nearest level, LOD in [MinLOD, MaxLOD] after MipLODBias)."""

    __slots__ = ("name", "min_filter", "mag_filter", "address", "min_lod", "max_lod", "mip_lod_bias",
                 "comparison", "kind", "span")

    def __init__(self, name: str, span: Span | None = None, min_filter: str = "Linear", mag_filter: str = "Linear",
                 address: str = "Clamp", min_lod: float = 0.0, max_lod: float = 3.4028234663852886e38,
                 mip_lod_bias: float = 0.0, comparison: str = "Never", kind: str = "Sampler") -> None:
        self.name = name
        self.min_filter = min_filter
        self.mag_filter = mag_filter
        self.address = address
        self.min_lod = min_lod
        self.max_lod = max_lod
        self.mip_lod_bias = mip_lod_bias
        self.comparison = comparison
        self.kind = kind
        self.span = span


class Result:
    """One `Results` entry: a rule comparing two buffers."""

    __slots__ = ("name", "rule", "actual", "expected", "ulpt", "epsilon", "denorm", "zero_tolerance", "span")

    def __init__(self, name: str, rule: str, actual: str, expected: str, ulpt: int, epsilon: float,
                 denorm: str, zero_tolerance: float, span: Span | None) -> None:
        self.name = name
        self.rule = rule
        self.actual = actual
        self.expected = expected
        self.ulpt = ulpt
        self.epsilon = epsilon
        self.denorm = denorm
        self.zero_tolerance = zero_tolerance
        self.span = span


class Resource:
    """A buffer bound to a register: class t/u/b/s from `kind`."""

    __slots__ = ("name", "kind", "register", "space", "vk_binding", "vk_set", "has_counter", "span",
                 "counter_binding", "heap_index", "dx_bound")

    def __init__(self, name: str, kind: str, register: int, space: int, vk_binding: int | None, vk_set: int,
                 has_counter: bool, span: Span | None, counter_binding: int | None = None) -> None:
        self.name = name
        self.kind = kind
        self.register = register
        self.space = space
        self.vk_binding = vk_binding
        self.vk_set = vk_set
        self.has_counter = has_counter
        self.span = span
        self.counter_binding = counter_binding   # VulkanBinding's CounterBinding: the counter's binding
        self.heap_index: int | None = None      # HeapIndex: its place in the descriptor heap (SM 6.6)
        self.dx_bound = True                    # has a DirectXBinding (or nothing else places it)

    @property
    def register_class(self) -> str:
        return RESOURCE_KINDS[self.kind]


class RootParameter:
    """One of a pipeline's DirectX root parameters: `Constant` (root
    constants from buffer `name`), `RootDescriptor` (buffer `name` as a
    resource of `resource_kind`) or `DescriptorTable` (its resources are
    the DescriptorSets')."""

    __slots__ = ("kind", "name", "resource_kind", "span")

    def __init__(self, kind: str, name: str | None, resource_kind: str | None, span: Span | None) -> None:
        self.kind = kind
        self.name = name
        self.resource_kind = resource_kind
        self.span = span


class Pipeline:
    """A pipeline file: its shaders, dispatch size (groups), buffers by name,
    results to check and resource bindings."""

    __slots__ = ("path", "shaders", "dispatch", "buffers", "results", "resources", "file", "root_parameters",
                 "push_constants", "samplers", "dispatch_span", "max_memory")

    def __init__(self, path: str, file: SourceFile) -> None:
        self.path = path
        self.file = file
        self.shaders: list[Shader] = []
        self.dispatch: tuple[int, int, int] = (1, 1, 1)
        self.dispatch_span: Span | None = None     # where the file gives the dispatch size
        # The bytes the dispatch may take (--max-memory; None: no limit).
        self.max_memory: int | None = None
        self.buffers: dict[str, Buffer] = {}
        self.results: list[Result] = []
        self.resources: list[Resource] = []
        # RuntimeSettings: DirectX: RootParameters, in order: (Kind, buffer
        # name, resource kind) -- bound by the shader's root signature.
        self.root_parameters: list[RootParameter] = []
        # PushConstants of the Compute stage: the block's bytes (Vulkan's
        # push constants; a shader's [[vk::push_constant]] block), or None.
        self.push_constants: bytes | None = None
        # Samplers by name (bound by resources of Kind Sampler).
        self.samplers: dict[str, Sampler] = {}

    def compute_shader(self) -> Shader:
        for shader in self.shaders:
            if shader.stage == "Compute":
                return shader
        stages = ", ".join(s.stage for s in self.shaders) or "none"
        raise PipelineError(f"the pipeline has no Compute shader (its stages: {stages}); hlslc runs compute "
                            "dispatches", None)


# --------------------------------------------------------------------------
# Reading

# A pipeline file may take this share of --max-memory (its numbers take
# more room once read than as text, and the buffers are copied).
TEXT_SHARE = 8


def load_pipeline(path: str, text: str | None = None, max_memory: int | None = None) -> Pipeline:
    """Read a pipeline file; raise `PipelineError` for anything wrong.
    `max_memory` (bytes; None: `limits.default_max_memory()`) bounds the
    file and its buffers: a `FillSize` past it is an error at its line, not
    an allocation that fails."""
    limit = default_max_memory() if max_memory is None else max_memory
    if text is None:
        text = _read_text(path, limit // TEXT_SHARE)
    file = SourceFile(path, text)
    reader = _Reader(file, limit)
    p = reader.pipeline()
    p.max_memory = limit
    return p


def _read_text(path: str, most: int) -> str:
    """The file's text, read a piece at a time: a device that never ends
    (`/dev/zero`) or a file past `most` bytes is an error, not a read
    that exhausts the memory."""
    try:
        with open(path, "rb") as f:
            pieces: list[bytes] = []
            size = 0
            while True:
                piece = f.read(1 << 20)
                if not piece:
                    break
                nul = piece.find(b"\0")
                if nul >= 0:
                    raise PipelineError(f"pipeline file '{path}' is not text (it holds a NUL byte at byte "
                                        f"{size + nul})", None)
                size += len(piece)
                if size > most:
                    raise PipelineError(f"pipeline file '{path}' is larger than {show_size(most)}, the share of "
                                        f"--max-memory a pipeline file may take (raise --max-memory)", None)
                pieces.append(piece)
    except OSError as err:
        raise PipelineError(f"cannot read pipeline file '{path}': {err.strerror or err}", None) from None
    try:
        return b"".join(pieces).decode("utf-8")
    except UnicodeDecodeError:
        raise PipelineError(f"pipeline file '{path}' is not UTF-8 text", None) from None


class _Reader:
    def __init__(self, file: SourceFile, max_memory: int | None = None) -> None:
        self.file = file
        self.max_memory = max_memory
        self.buffer_bytes = 0         # the buffers read so far
        self.fast: dict[int, str] = {}   # `Data` lists read apart: their '[' offset -> the text inside

    def span(self, node: Any) -> Span:
        start = node.start_mark.index
        end = node.end_mark.index
        if end <= start:
            end = start + 1
        return Span(self.file, start, min(end, len(self.file.text)) if self.file.text else start)

    def error(self, node: Any, message: str) -> PipelineError:
        return PipelineError(message, self.span(node) if node is not None else None)

    # ---- YAML nodes ----------------------------------------------------

    def pipeline(self) -> Pipeline:
        """The pipeline: the large `Data` lists read at C speed first (see
        `fast_sequences`); where one holds what that reading does not take
        (an odd spelling, a wrong value), the whole file again through
        YAML's nodes, so that the error is at its value."""
        self.fast, text = fast_sequences(self.file.text)
        if self.fast:
            try:
                return self._pipeline(text)
            except _SlowPath:
                self.buffer_bytes = 0
        self.fast = {}
        return self._pipeline(self.file.text)

    def _pipeline(self, source: str) -> Pipeline:
        import yaml

        # libyaml's loader when PyYAML has it: ten times faster on the large
        # Data lists of real pipelines, with the same node positions.
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        try:
            try:
                root = yaml.compose(source, Loader=loader)
            except yaml.MarkedYAMLError:
                # The offloader's YAML reader (LLVM's) skips an empty entry
                # of a flow sequence (`[1, 2,, 3]`), which pipelines of the
                # offload-test-suite have; read such a file as it does.
                text = _without_empty_flow_entries(source, loader)
                if text is None:
                    raise
                root = yaml.compose(text, Loader=loader)
        except yaml.MarkedYAMLError as err:
            mark = err.problem_mark or err.context_mark
            span = Span(self.file, mark.index, mark.index + 1) if mark is not None else None
            raise PipelineError(f"invalid YAML: {err.problem or err.context}", span) from None
        except yaml.YAMLError as err:
            raise PipelineError(f"invalid YAML: {err}", None) from None
        p = Pipeline(self.file.path, self.file)
        if root is None:
            raise PipelineError("the pipeline file is empty", None)
        top = self.mapping(root, "the pipeline")
        known = {"Shaders", "DispatchSize", "DispatchParameters", "Buffers", "Results", "DescriptorSets",
                 "PushConstants", "Samplers"}
        for key, (key_node, _) in top.items():
            if key not in known and key not in _IGNORED_TOP:
                raise self.error(key_node, f"unknown pipeline key '{key}' (expected one of "
                                           f"{', '.join(sorted(known))})")
        if "Shaders" not in top:
            raise self.error(root, "the pipeline has no 'Shaders' list")
        for node in self.sequence(top["Shaders"][1], "'Shaders'"):
            fields = self.fields(node, "a shader", {"Stage", "Entry", "CompileArguments", "SpecializationConstants"},
                                 {"ShaderName"}, required={"Stage"})
            stage = self.choice(fields["Stage"], STAGES, "shader stage")
            entry = self.string(fields["Entry"]) if "Entry" in fields else "main"
            items = self.sequence(fields["CompileArguments"], "'CompileArguments'") \
                if "CompileArguments" in fields else []
            shader = Shader(stage, entry, self.span(node), [self.string(item) for item in items])
            shader.compile_arg_spans = [self.span(item) for item in items]
            if "SpecializationConstants" in fields:
                for item in self.sequence(fields["SpecializationConstants"], "'SpecializationConstants'"):
                    self.spec_constant(item, shader)
            p.shaders.append(shader)
        if "DispatchSize" in top:
            p.dispatch = self.triple(top["DispatchSize"][1], "DispatchSize")
            p.dispatch_span = self.span(top["DispatchSize"][1])
        if "DispatchParameters" in top:
            fields = self.fields(top["DispatchParameters"][1], "'DispatchParameters'", {"DispatchGroupCount"},
                                 {"VertexCount", "InstanceCount", "IndexCount"})
            if "DispatchGroupCount" in fields:
                p.dispatch = self.triple(fields["DispatchGroupCount"], "DispatchGroupCount")
                p.dispatch_span = self.span(fields["DispatchGroupCount"])
        if "Buffers" in top:
            for node in self.sequence(top["Buffers"][1], "'Buffers'"):
                buf = self.buffer(node)
                if buf.name in p.buffers:
                    raise self.error(node, f"a second buffer named '{buf.name}'")
                p.buffers[buf.name] = buf
        if "Samplers" in top:
            for node in self.sequence(top["Samplers"][1], "'Samplers'"):
                sampler = self.sampler(node)
                if sampler.name in p.samplers:
                    raise self.error(node, f"a second sampler named '{sampler.name}'")
                p.samplers[sampler.name] = sampler
        if "Results" in top:
            for node in self.sequence(top["Results"][1], "'Results'"):
                p.results.append(self.result(node, p))
        if "DescriptorSets" in top:
            for set_index, node in enumerate(self.sequence(top["DescriptorSets"][1], "'DescriptorSets'")):
                fields = self.fields(node, "a descriptor set", {"Resources"}, required={"Resources"})
                for res in self.sequence(fields["Resources"], "'Resources'"):
                    p.resources.append(self.resource(res, set_index, p))
        if "RuntimeSettings" in top:
            self.runtime_settings(top["RuntimeSettings"][1], p)
        if "PushConstants" in top:
            self.push_constants(top["PushConstants"][1], p)
        return p

    def push_constants(self, node: Any, p: Pipeline) -> None:
        """`PushConstants`: per stage, values (Format, Offset in bytes, Data)
        placed in the block; the bytes between them are zero."""
        for item in self.sequence(node, "'PushConstants'"):
            fields = self.fields(item, "a push constant block", {"Stage", "Values"}, required={"Stage", "Values"})
            stage = self.choice(fields["Stage"], STAGES, "shader stage")
            block = bytearray()
            for value in self.sequence(fields["Values"], "'Values'"):
                f = self.fields(value, "a push constant value", {"Format", "Offset", "Data"},
                                required={"Format", "Data"})
                fmt = self.choice(f["Format"], list(FORMATS), "push constant format")
                offset = self.integer(f["Offset"], "'Offset'", 0) if "Offset" in f else len(block)
                data = self.data(f["Data"], fmt, FORMATS[fmt], 1).tobytes()
                if offset % 4:
                    raise self.error(f["Offset"], f"push constant offsets are multiples of 4, not {offset}")
                end = offset + len(data)
                if len(block) < end:
                    block.extend(b"\0" * (end - len(block)))
                block[offset:end] = data
            if stage == "Compute":
                if p.push_constants is not None:
                    raise self.error(item, "a second push constant block for the Compute stage")
                p.push_constants = bytes(block)

    def runtime_settings(self, node: Any, p: Pipeline) -> None:
        """The DirectX root parameters; the other settings (Vulkan's, Metal's)
        are the offloader's and left alone."""
        settings = self.mapping(node, "'RuntimeSettings'")
        if "DirectX" not in settings:
            return
        dx = self.mapping(settings["DirectX"][1], "'DirectX'")
        if "RootParameters" not in dx:
            return
        for item in self.sequence(dx["RootParameters"][1], "'RootParameters'"):
            f = self.fields(item, "a root parameter", {"Kind", "Name", "Resource"}, required={"Kind"})
            kind = self.choice(f["Kind"], ("Constant", "RootDescriptor", "DescriptorTable"), "root parameter kind")
            name = resource_kind = None
            if kind == "Constant":
                if "Name" not in f:
                    raise self.error(item, "a Constant root parameter needs the 'Name' of its buffer")
                name = self.string(f["Name"])
            elif kind == "RootDescriptor":
                if "Resource" not in f:
                    raise self.error(item, "a RootDescriptor needs a 'Resource' with Name and Kind")
                r = self.fields(f["Resource"], "a root descriptor's resource", {"Name", "Kind"},
                                required={"Name", "Kind"})
                name = self.string(r["Name"])
                resource_kind = self.choice(r["Kind"], list(RESOURCE_KINDS), "resource kind")
            if name is not None and name not in p.buffers:
                raise self.error(item, f"root parameter names buffer '{name}', which 'Buffers' does not list")
            p.root_parameters.append(RootParameter(kind, name, resource_kind, self.span(item)))

    def mapping(self, node: Any, what: str) -> dict[str, tuple[Any, Any]]:
        import yaml

        if not isinstance(node, yaml.MappingNode):
            raise self.error(node, f"{what} must be a mapping of keys to values")
        out: dict[str, tuple[Any, Any]] = {}
        for key, value in node.value:
            if not isinstance(key, yaml.ScalarNode):
                raise self.error(key, "a key must be a plain name")
            if key.value in out:
                raise self.error(key, f"'{key.value}' is given twice")
            out[key.value] = (key, value)
        return out

    def sequence(self, node: Any, what: str) -> list[Any]:
        import yaml

        if not isinstance(node, yaml.SequenceNode):
            raise self.error(node, f"{what} must be a list")
        return list(node.value)

    def fields(self, node: Any, what: str, allowed: set[str], ignored: set[str] = frozenset(),
               required: set[str] = frozenset()) -> dict[str, Any]:
        m = self.mapping(node, what)
        for key, (key_node, _) in m.items():
            if key not in allowed and key not in ignored:
                raise self.error(key_node, f"unknown key '{key}' in {what} (expected one of "
                                           f"{', '.join(sorted(allowed))})")
        for key in sorted(required):
            if key not in m:
                raise self.error(node, f"{what} needs '{key}'")
        return {k: v for k, (_, v) in m.items() if k in allowed}

    def scalar(self, node: Any, what: str) -> str:
        import yaml

        if not isinstance(node, yaml.ScalarNode):
            raise self.error(node, f"{what} must be a single value")
        return node.value

    def string(self, node: Any) -> str:
        return self.scalar(node, "a name")

    def choice(self, node: Any, options: tuple[str, ...] | list[str], what: str) -> str:
        value = self.scalar(node, what)
        if value not in options:
            raise self.error(node, f"unknown {what} '{value}' (expected one of {', '.join(options)})")
        return value

    def integer(self, node: Any, what: str, low: int = 0, high: int | None = None) -> int:
        text = self.scalar(node, what)
        try:
            value = int(text, 0)
        except ValueError:
            raise self.error(node, f"{what} must be an integer, not '{text}'") from None
        if value < low or high is not None and value > high:
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise self.error(node, f"{what} must be {bound}, not {value}")
        return value

    def number(self, node: Any, what: str) -> float:
        text = self.scalar(node, what)
        try:
            if text.lower().lstrip("+-").startswith("0x"):
                # C's hexadecimal floats (0x1.e7d42cp-127), or a hex integer.
                return float.fromhex(text) if "p" in text.lower() or "." in text else float(int(text, 0))
            return float(text)
        except (ValueError, OverflowError):
            raise self.error(node, f"{what} must be a number, not '{text}'") from None

    def triple(self, node: Any, what: str) -> tuple[int, int, int]:
        items = self.sequence(node, f"'{what}'")
        if len(items) != 3:
            raise self.error(node, f"'{what}' must list three sizes [x, y, z], not {len(items)}")
        x, y, z = (self.integer(n, f"a size of '{what}'", 1, 65535) for n in items)
        return (x, y, z)

    # ---- Buffers ---------------------------------------------------------

    def buffer(self, node: Any) -> Buffer:
        fields = self.fields(node, "a buffer", {"Name", "Format", "Stride", "Channels", "Data", "FillSize",
                                                "FillValue", "ArraySize", "OutputProps", "Counter",
                                                "MatrixLayouts"},
                             required={"Name", "Format"})
        name = self.string(fields["Name"])
        fmt = self.choice(fields["Format"], list(FORMATS), "buffer format")
        dtype = FORMATS[fmt]
        stride = self.integer(fields["Stride"], "'Stride'", 1) if "Stride" in fields else None
        if stride is not None and stride % dtype.itemsize:
            raise self.error(fields["Stride"], f"'Stride' is in bytes: {stride} is not a whole number of {fmt} "
                                               f"elements ({dtype.itemsize} bytes each)")
        channels = self.integer(fields["Channels"], "'Channels'", 1, 4) if "Channels" in fields else 1
        array_size = self.integer(fields["ArraySize"], "'ArraySize'", 1) if "ArraySize" in fields else 1
        if "Data" in fields and "FillSize" in fields:
            raise self.error(fields["FillSize"], f"buffer '{name}' has both 'Data' and 'FillSize'")
        if "Data" in fields:
            data = self.data(fields["Data"], fmt, dtype, array_size)
            self.count_bytes(fields["Data"], name, data.nbytes)
        elif "FillSize" in fields:
            size = self.integer(fields["FillSize"], "'FillSize'", 1)
            if size % dtype.itemsize:
                raise self.error(fields["FillSize"], f"'FillSize' is in bytes: {size} is not a whole number of "
                                                     f"{fmt} elements ({dtype.itemsize} bytes each)")
            self.count_bytes(fields["FillSize"], name, size * array_size)
            fill = self.element(fields["FillValue"], fmt, dtype) if "FillValue" in fields else dtype.type(0)
            data = np.full(size // dtype.itemsize * array_size, fill, dtype=dtype)
        else:
            raise self.error(node, f"buffer '{name}' needs 'Data' or 'FillSize'")
        buf = Buffer(name, fmt, stride, channels, array_size, data, self.span(node))
        if "Counter" in fields:
            buf.counter = self.integer(fields["Counter"], "'Counter'", 0)
        if "OutputProps" in fields:
            props = self.fields(fields["OutputProps"], "'OutputProps'", {"Width", "Height", "Depth", "MipLevels"})
            buf.extent = tuple(self.integer(props[k], f"'{k}'", 1) if k in props else 1
                               for k in ("Width", "Height", "Depth"))
            if "MipLevels" in props:
                # A full chain of a W x H texture has floor(log2(max(W, H))) + 1 levels.
                most = max(buf.extent[:2]).bit_length()
                buf.mip_levels = self.integer(props["MipLevels"], "'MipLevels'", 1, most)
                need = buf.mip_offset(buf.mip_levels) * array_size
                if len(buf.data) < need:
                    raise self.error(fields["OutputProps"],
                                     f"buffer '{name}' holds {len(buf.data)} elements, but {buf.mip_levels} mip "
                                     f"levels of a {buf.extent[0]}x{buf.extent[1]} texture with {channels} "
                                     f"channels need {need}")
        if "MatrixLayouts" in fields:
            for item in self.sequence(fields["MatrixLayouts"], "'MatrixLayouts'"):
                buf.matrix_layouts.append(self.matrix_layout(item, buf))
        return buf

    def count_bytes(self, node: Any, name: str, size: int) -> None:
        """A buffer's bytes against --max-memory: the runner keeps about
        three copies of each (the file's, the dispatch's, the result's)."""
        self.buffer_bytes += size
        if self.max_memory is not None and 3 * self.buffer_bytes > self.max_memory:
            raise self.error(node, f"buffer '{name}' takes {show_size(size)}; with the buffers before it the "
                                   f"dispatch would need about {show_size(3 * self.buffer_bytes)}, more than "
                                   f"--max-memory ({show_size(self.max_memory)})")

    def matrix_layout(self, node: Any, buf: Buffer) -> MatrixLayout:
        f = self.fields(node, "a matrix layout", {"Offset", "Rows", "Columns", "Component", "Layout"},
                        required={"Offset", "Rows", "Columns", "Component", "Layout"})
        component, esize = MATRIX_COMPONENTS[self.choice(f["Component"], list(MATRIX_COMPONENTS),
                                                         "matrix component type")]
        layout = OPAQUE_LAYOUTS[self.choice(f["Layout"], list(OPAQUE_LAYOUTS), "opaque matrix layout")]
        entry = MatrixLayout(self.integer(f["Offset"], "'Offset'", 0), self.integer(f["Rows"], "'Rows'", 1, 4096),
                             self.integer(f["Columns"], "'Columns'", 1, 4096), component, esize, layout,
                             self.span(node))
        size = buf.data.nbytes
        if entry.offset + entry.size > size:
            raise self.error(node, f"a {entry.rows}x{entry.columns} matrix at byte {entry.offset} ends at byte "
                                   f"{entry.offset + entry.size}, past the end of buffer '{buf.name}' "
                                   f"({size} bytes)")
        return entry

    def data(self, node: Any, fmt: str, dtype: np.dtype, array_size: int) -> np.ndarray:
        import yaml

        if array_size > 1 and isinstance(node, yaml.SequenceNode) and node.value and \
                isinstance(node.value[0], yaml.SequenceNode):
            parts = [self.data(n, fmt, dtype, 1) for n in node.value]
            if len(parts) != array_size:
                raise self.error(node, f"'ArraySize' is {array_size}, but 'Data' lists {len(parts)} arrays")
            return np.concatenate(parts)
        inside = self.fast.get(node.start_mark.index) if isinstance(node, yaml.SequenceNode) else None
        if inside is not None:
            values = parse_flow(inside, fmt, dtype)
            if values is None:
                raise _SlowPath()
            return values
        items = self.sequence(node, "'Data'")
        fast = _bulk([n.value for n in items], fmt, dtype) \
            if all(isinstance(n, yaml.ScalarNode) for n in items) else None
        if fast is not None:
            return fast
        # Element by element: slower, and says where a value is wrong.
        return np.array([self.element(n, fmt, dtype) for n in items], dtype=dtype)

    def element(self, node: Any, fmt: str, dtype: np.dtype) -> Any:
        text = self.scalar(node, f"a {fmt} value")
        if fmt == "Float16":
            # Halves are written as their bits (0x3C00); a decimal is taken
            # as the value itself.
            try:
                bits = int(text, 0)
            except ValueError:
                return np.float16(self.number(node, "a Float16 value"))
            if not 0 <= bits <= 0xFFFF:
                raise self.error(node, f"Float16 data are 16-bit patterns, and {text} does not fit")
            return np.array([bits], dtype=np.uint16).view(np.float16)[0]
        if fmt in FLOAT_FORMATS:
            low = text.lower()
            if low in ("inf", "+inf", ".inf", "+.inf"):
                return dtype.type(math.inf)
            if low in ("-inf", "-.inf"):
                return dtype.type(-math.inf)
            if low in ("nan", ".nan"):
                return dtype.type(math.nan)
            return dtype.type(self.number(node, f"a {fmt} value"))
        if fmt == "Bool":
            low = text.lower()
            if low in ("true", "false"):
                return dtype.type(low == "true")
        try:
            value = int(text, 0)
        except ValueError:
            raise self.error(node, f"a {fmt} value must be an integer, not '{text}'") from None
        info = np.iinfo(dtype)
        if fmt.startswith("Hex") and value < 0:
            raise self.error(node, f"{fmt} data are bit patterns: {value} is negative")
        if not info.min <= value <= info.max:
            raise self.error(node, f"{value} does not fit a {fmt} element ({info.min} to {info.max})")
        return dtype.type(value)

    def spec_constant(self, node: Any, shader: Shader) -> None:
        f = self.fields(node, "a specialization constant", {"ConstantID", "Value", "Type"},
                        required={"ConstantID", "Value", "Type"})
        cid = self.integer(f["ConstantID"], "'ConstantID'", 0, 0xFFFFFFFF)
        kind = self.choice(f["Type"], list(SPEC_CONSTANT_TYPES), "specialization constant type")
        dtype = SPEC_CONSTANT_TYPES[kind]
        text = self.scalar(f["Value"], "a specialization constant's value").strip()
        value: Any = None
        try:
            if kind == "Bool":
                low = text.lower()
                value = {"true": 1, "false": 0, "1": 1, "0": 0}.get(low)
            elif dtype.kind == "f":
                value = dtype.type(float(text))
            else:
                number = int(text, 0)
                info = np.iinfo(dtype)
                value = dtype.type(number) if info.min <= number <= info.max else None
        except ValueError:
            value = None
        if value is None:
            raise self.error(f["Value"], f"invalid {kind.lower()} value for specialization constant '{text}'")
        if cid in shader.spec_constants:
            raise self.error(f["ConstantID"], f"a second entry for specialization constant ID {cid}")
        shader.spec_constants[cid] = (kind, dtype.type(value))

    def sampler(self, node: Any) -> Sampler:
        f = self.fields(node, "a sampler", {"Name", "MinFilter", "MagFilter", "Address", "MinLOD", "MaxLOD",
                                            "MipLODBias", "ComparisonOp", "Kind"}, required={"Name"})
        out = Sampler(self.string(f["Name"]), self.span(node))
        for key, attr, options, what in (("MinFilter", "min_filter", FILTERS, "filter"),
                                         ("MagFilter", "mag_filter", FILTERS, "filter"),
                                         ("Address", "address", ADDRESS_MODES, "address mode"),
                                         ("ComparisonOp", "comparison", COMPARISONS, "comparison"),
                                         ("Kind", "kind", SAMPLER_KINDS, "sampler kind")):
            if key in f:
                setattr(out, attr, self.choice(f[key], options, what))
        for key, attr in (("MinLOD", "min_lod"), ("MaxLOD", "max_lod"), ("MipLODBias", "mip_lod_bias")):
            if key in f:
                setattr(out, attr, self.number(f[key], f"'{key}'"))
        if out.min_lod > out.max_lod:
            raise self.error(f.get("MinLOD", node), f"sampler '{out.name}': MinLOD {out.min_lod:g} is above "
                                                    f"MaxLOD {out.max_lod:g}")
        return out

    # ---- Results and bindings -------------------------------------------

    def result(self, node: Any, p: Pipeline) -> Result:
        fields = self.fields(node, "a result", {"Result", "Rule", "Actual", "Expected", "ULPT", "Epsilon",
                                                "DenormMode", "ZeroTolerance"},
                             required={"Result", "Rule", "Actual", "Expected"})
        name = self.string(fields["Result"])
        rule = self.choice(fields["Rule"], RULES, "result rule")
        actual, expected = self.string(fields["Actual"]), self.string(fields["Expected"])
        for key, buffer_name in (("Actual", actual), ("Expected", expected)):
            if buffer_name not in p.buffers:
                raise self.error(fields[key], f"result '{name}' compares buffer '{buffer_name}', which the "
                                              "pipeline does not define")
        ulpt = self.integer(fields["ULPT"], "'ULPT'", 0) if "ULPT" in fields else 0
        epsilon = self.number(fields["Epsilon"], "'Epsilon'") if "Epsilon" in fields else 0.0
        if rule == "BufferFloatULP" and "ULPT" not in fields:
            raise self.error(node, f"result '{name}' uses BufferFloatULP and needs 'ULPT'")
        if rule == "BufferFloatEpsilon" and "Epsilon" not in fields:
            raise self.error(node, f"result '{name}' uses BufferFloatEpsilon and needs 'Epsilon'")
        denorm = self.choice(fields["DenormMode"], DENORM_MODES, "denorm mode") if "DenormMode" in fields \
            else "Any"
        zero = self.number(fields["ZeroTolerance"], "'ZeroTolerance'") if "ZeroTolerance" in fields else 0.0
        a, e = p.buffers[actual], p.buffers[expected]
        if rule != "BufferExact" and not (a.format in FLOAT_FORMATS and e.format in FLOAT_FORMATS):
            raise self.error(fields["Rule"], f"{rule} compares float buffers; '{actual}' is {a.format} and "
                                             f"'{expected}' is {e.format}")
        return Result(name, rule, actual, expected, ulpt, epsilon, denorm, zero, self.span(node))

    def resource(self, node: Any, set_index: int, p: Pipeline) -> Resource:
        fields = self.fields(node, "a resource", {"Name", "Kind", "DirectXBinding", "VulkanBinding",
                                                  "HasCounter", "CounterBinding", "TilesMapped", "IsReserved",
                                                  "HeapIndex"},
                             required={"Name", "Kind"})
        name = self.string(fields["Name"])
        kind = self.choice(fields["Kind"], list(RESOURCE_KINDS), "resource kind")
        if kind in ("Sampler", "SamplerComparison"):
            if name not in p.samplers:
                raise self.error(fields["Name"], f"sampler resource '{name}' names no sampler of the pipeline's "
                                                 "'Samplers'")
        elif name not in p.buffers and kind != "AccelerationStructure":
            raise self.error(fields["Name"], f"resource '{name}' names no buffer of the pipeline")
        register, space = 0, 0
        if "DirectXBinding" in fields:
            dx = self.fields(fields["DirectXBinding"], "'DirectXBinding'", {"Register", "Space"},
                             required={"Register"})
            register = self.integer(dx["Register"], "'Register'", 0)
            space = self.integer(dx["Space"], "'Space'", 0) if "Space" in dx else 0
        vk_binding = None
        counter_binding = None
        if "VulkanBinding" in fields:
            vk = self.fields(fields["VulkanBinding"], "'VulkanBinding'", {"Binding", "CounterBinding"},
                             required={"Binding"})
            vk_binding = self.integer(vk["Binding"], "'Binding'", 0)
            if "CounterBinding" in vk:
                counter_binding = self.integer(vk["CounterBinding"], "'CounterBinding'", 0)
        has_counter = False
        if "HasCounter" in fields:
            has_counter = self.scalar(fields["HasCounter"], "'HasCounter'").lower() == "true"
        res = Resource(name, kind, register, space, vk_binding, set_index, has_counter, self.span(node),
                       counter_binding)
        if "HeapIndex" in fields:
            # ResourceDescriptorHeap[i] (SamplerDescriptorHeap[i] for a sampler).
            res.heap_index = self.integer(fields["HeapIndex"], "'HeapIndex'", 0)
            res.dx_bound = "DirectXBinding" in fields
            for other in p.resources:
                if other.heap_index == res.heap_index and (other.register_class == "s") == (kind in (
                        "Sampler", "SamplerComparison")):
                    raise self.error(fields["HeapIndex"], f"resources '{other.name}' and '{name}' both have "
                                                          f"HeapIndex {res.heap_index}")
        return res


class _SlowPath(Exception):
    """A `Data` list that the fast reading does not take: read the file
    through YAML's nodes instead."""


# A `Data:` key and its flow sequence, and one flat sequence of plain
# numbers (no quotes, comments, nesting or mappings).
_DATA_KEY = re.compile(r"(?:^|(?<=\n)|[\s{,])Data[ \t]*:[ \t]*(?=\[)")
_FLAT = re.compile(r"\[([0-9A-Za-z_.+\-,\s]*)\]")
_NESTED_NEXT = re.compile(r"\s*(,?)\s*")
# Lists shorter than this go through YAML as they are.
FAST_MIN = 256
_BLANK = {c: " " for c in range(128) if chr(c) not in "\n"}


def fast_sequences(text: str) -> tuple[dict[int, str], str]:
    """The large `Data` flow sequences of a pipeline file (flat, or a list
    of flat ones for `ArraySize`), holding only plain numbers: for each,
    the offset of its '[' and the text inside; and the file's text with
    their insides blanked (newlines kept), so that YAML reads them as empty
    lists at the same positions, and every other position is unchanged."""
    found: dict[int, str] = {}
    spans: list[tuple[int, int]] = []
    at = 0
    while True:
        # (str.find: a regular expression over the whole text costs seconds
        # on a file of millions of values)
        at = text.find("Data", at)
        if at < 0:
            break
        m = _DATA_KEY.match(text, at - 1 if at else 0)
        at += 4
        if m is None:
            continue
        start = m.end()
        flat = _FLAT.match(text, start)
        if flat is not None:
            if flat.end() - start >= FAST_MIN:
                found[start] = flat.group(1)
                spans.append((start + 1, flat.end() - 1))
            continue
        # [ [ ... ], [ ... ] ]: each inner list.
        k = start + 1
        inner: list[tuple[int, re.Match]] = []
        while True:
            k = _NESTED_NEXT.match(text, k).end()
            one = _FLAT.match(text, k)
            if one is None:
                break
            inner.append((k, one))
            k = _NESTED_NEXT.match(text, one.end()).end()
            if text[k:k + 1] == "]" or not text[k:k + 1] == "[":
                break
        for at, one in inner:
            if one.end() - at >= FAST_MIN:
                found[at] = one.group(1)
                spans.append((at + 1, one.end() - 1))
    if not spans:
        return {}, text
    pieces: list[str] = []
    last = 0
    for a, b in spans:
        pieces.append(text[last:a])
        pieces.append(text[a:b].translate(_BLANK))
        last = b
    pieces.append(text[last:])
    return found, "".join(pieces)


def parse_flow(inside: str, fmt: str, dtype: np.dtype) -> "np.ndarray | None":
    """The values of a flow sequence's text at C speed (numpy's parser for
    decimal numbers, `int` over the items for hex bits), as `data` reads
    them; an empty entry is skipped (as LLVM's YAML reader does), a
    trailing comma allowed.  None where an item is not a plain number of
    the format (the caller then reads the file through YAML's nodes and
    reports the item at its position)."""
    values = _parse_flow(inside, fmt, dtype)
    if values is None and ",," in inside.replace(" ", "").replace("\n", "").replace("\t", "").replace("\r", ""):
        # Empty entries: without them (a few lists of the suite have one).
        values = _parse_flow(",".join(t for t in inside.split(",") if t.strip()), fmt, dtype)
    return values


def _parse_flow(inside: str, fmt: str, dtype: np.dtype) -> "np.ndarray | None":
    if not inside or inside.isspace():
        return np.zeros(0, dtype=dtype)
    # Items: one more than the commas, less a trailing comma (which YAML allows).
    tail = inside[-64:].rstrip() or inside.rstrip()
    n = inside.count(",") + (0 if tail.endswith(",") else 1)
    try:
        if fmt == "Float16" or fmt.startswith("Hex"):
            if inside.count("0x") + inside.count("0X") != n:
                return None
            items = inside.split(",")[:n]
            bits = np.fromiter(map(int, items, itertools.repeat(16)), dtype=np.uint64, count=n)
            if int(bits.max()) >> (dtype.itemsize * 8):
                return None
            raw = bits.astype(f"u{dtype.itemsize}")
            return raw.view(dtype) if fmt == "Float16" else raw.astype(dtype)
        if fmt == "Bool":
            return None
        if fmt in FLOAT_FORMATS:
            if any(c in inside for c in "xX_iInN"):      # hex, underscores, inf, nan: YAML's reading
                return None
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                values = np.fromstring(inside, dtype=np.float64, sep=",")
            return values.astype(dtype) if len(values) == n else None
        if any(c in inside for c in "xXoObB_.eE"):
            return None
        info = np.iinfo(dtype)
        if info.min == 0 and "-" in inside:
            return None
        if dtype.itemsize == 8:
            # (numpy's reading would clamp what does not fit 64 bits: Python's ints)
            numbers = list(map(int, inside.split(",")[:n]))
            if min(numbers) < info.min or max(numbers) > info.max:
                return None
            return np.array(numbers, dtype=dtype)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            values = np.fromstring(inside, dtype=np.int64, sep=",")
        if len(values) != n or int(values.min()) < info.min or int(values.max()) > info.max:
            return None
        return values.astype(dtype)
    except (ValueError, OverflowError):
        return None


def _bulk(texts: list[str], fmt: str, dtype: np.dtype) -> "np.ndarray | None":
    """A Data list converted at once, when every value is plain (decimal
    numbers; hex bits for Float16 and Hex formats); None otherwise, and the
    caller converts element by element."""
    try:
        if fmt == "Float16" or fmt.startswith("Hex"):
            if not all(t[:2] in ("0x", "0X") for t in texts):
                return None
            bits = np.array([int(t, 16) for t in texts], dtype=np.uint64)
            width = dtype.itemsize * 8
            if len(bits) and int(bits.max()) >> width:
                return None
            raw = bits.astype(f"u{dtype.itemsize}")
            return raw.view(dtype) if fmt == "Float16" else raw.astype(dtype)
        if fmt in FLOAT_FORMATS:
            if any("x" in t.lower() or t.startswith(".") for t in texts):
                return None
            return np.array(texts, dtype=np.float64).astype(dtype)
        if fmt == "Bool":
            return None
        values = [int(t) for t in texts]
        info = np.iinfo(dtype)
        if values and (min(values) < info.min or max(values) > info.max):
            return None
        return np.array(values, dtype=dtype)
    except (ValueError, OverflowError):
        return None


def _without_empty_flow_entries(text: str, loader: Any) -> str | None:
    """`text` with the second comma of every `,,` of a flow sequence blanked
    (positions kept, so that errors point where they did), or None when it
    has none (or cannot be scanned)."""
    import yaml

    try:
        tokens = list(yaml.scan(text, Loader=loader))
    except yaml.YAMLError:
        return None
    blank = [t.start_mark.index for prev, t in zip(tokens, tokens[1:])
             if isinstance(prev, yaml.FlowEntryToken) and isinstance(t, yaml.FlowEntryToken)]
    if not blank:
        return None
    chars = list(text)
    for at in blank:
        chars[at] = " "
    return "".join(chars)
