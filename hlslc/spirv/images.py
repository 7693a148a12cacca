"""Typed buffers, textures and samplers in SPIR-V.

`Buffer<T>` and `Texture*<T>` are sampled images (`OpTypeImage` with
Sampled 1, read with `OpImageFetch`), `RWBuffer<T>` and `RWTexture*<T>`
storage images (Sampled 2, `OpImageRead`/`OpImageWrite`) whose format
follows the element type as DXC infers it (`float4` is Rgba32f, `uint` is
R32ui, ...; three components, which no format has, are Unknown and need the
read and write without-format capabilities); samplers are `OpTypeSampler`.
All are UniformConstant variables with their `DescriptorSet` and
`Binding`.  Half and 16-bit integer elements are read in images of 32-bit
components and converted, as Vulkan's sampled types are 32-bit.

Operations: typed-buffer loads and stores, `TextureLoad` (with a mip level
or, for multisampled textures, a sample), `TextureStore`, `GetDimensions`,
`SampleLevel`, `SampleGrad` (its clamp is MinLod), `TextureGather` and
`TextureGatherRaw` (`OpImageSampleExplicitLod`, `OpImageGather`: the raw
element is the first component of a `uint` image), `GetSamplePosition`
(the standard positions, by `OpImageQuerySamples`); the comparisons
`SampleCmpLevelZero`, `SampleCmpLevel` and `SampleCmpGrad`
(`OpImageSampleDrefExplicitLod`, with Lod 0, Lod, or Grad and MinLod) and
`TextureGatherCmp` (`OpImageDrefGather`, which compares the first component
only: GatherCmpGreen, Blue and Alpha are errors); constant texel offsets
are ConstOffset.  `Sample`, `SampleBias`, `SampleCmp`, `SampleCmpBias`
(`OpImageSample[Dref]ImplicitLod`, Bias and MinLod) and `CalculateLOD`
(`OpImageQueryLod`) take implicit derivatives, which a compute shader has
through SPV_KHR_compute_shader_derivatives (`Translator.use_derivatives`).
And
atomics on `R32ui`/`R32i` storage images through `OpImageTexelPointer`.
A comparison sampler (`SamplerComparisonState`) is an `OpTypeSampler` like
any other; the comparison's scalar result is component 0 of its ResRet.

Owns: image and sampler types and variables and those operations.  Does
not own: the other resources (`buffers`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dxil.operands import Operand
from ..dxil.types import IRType
from .base import Handle, Parts, SpirvError, Val, no_mapping, resource_handle
from .descriptors import ResourceInfo
from .module import Enum, Id, Lit

if TYPE_CHECKING:  # pragma: no cover
    from .translate import Translator

# DXIL component type -> (sampled kind, bits of the elements in memory)
_COMPONENTS = {2: ("int", 16), 3: ("uint", 16), 4: ("int", 32), 5: ("uint", 32), 8: ("float", 16),
               9: ("float", 32), 11: ("float", 16), 12: ("float", 16), 13: ("float", 32), 14: ("float", 32),
               1: ("uint", 32), 6: ("int", 64), 7: ("uint", 64)}
_FORMATS = {("float", 32): ("R32f", "Rg32f", None, "Rgba32f"), ("float", 16): ("R16f", "Rg16f", None, "Rgba16f"),
            ("int", 32): ("R32i", "Rg32i", None, "Rgba32i"), ("int", 16): ("R16i", "Rg16i", None, "Rgba16i"),
            ("uint", 32): ("R32ui", "Rg32ui", None, "Rgba32ui"), ("uint", 16): ("R16ui", "Rg16ui", None, "Rgba16ui"),
            ("int", 64): ("R64i", None, None, None), ("uint", 64): ("R64ui", None, None, None)}
_EXTENDED_FORMATS = {"Rg32f", "Rg16f", "R16f", "Rg32i", "Rg16i", "R16i", "Rg32ui", "Rg16ui", "R16ui"}


def is_image(res: ResourceInfo) -> bool:
    return res.kind == "TypedBuffer" or res.kind.startswith("Texture")


class Shape:
    """An image's dimensionality: `dim` (SPIR-V's Dim name), `arrayed`,
    `ms`, and `coords` (integer coordinates of a texel, array layer
    included)."""

    def __init__(self, kind: str) -> None:
        base = kind.replace("Array", "").replace("MS", "")
        self.dim = {"TypedBuffer": "Buffer", "Texture1D": "1D", "Texture2D": "2D", "Texture3D": "3D",
                    "TextureCube": "Cube"}.get(base)
        if self.dim is None:
            raise no_mapping(f"a {kind} resource")
        self.arrayed = kind.endswith("Array")
        self.ms = "MS" in kind
        dims = {"Buffer": 1, "1D": 1, "2D": 2, "3D": 3, "Cube": 3}[self.dim]
        self.size = dims if self.dim != "Cube" else 2       # the components of its size
        self.coords = dims + (1 if self.arrayed else 0)


class Images:
    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.m = tr.m
        self.variables: dict[int, int] = {}

    # -- types and variables -----------------------------------------------------

    def element(self, res: ResourceInfo) -> tuple[str, int]:
        found = _COMPONENTS.get(res.component)
        if found is None:
            raise no_mapping(f"the elements of '{res.name}' (a {res.kind} of 64-bit or unknown values)")
        return found

    def sampled_type(self, res: ResourceInfo) -> int:
        kind, bits = self.element(res)
        if bits == 64:
            # 64-bit integer images (SM 6.6's typed int64 resources), as DXC
            # maps them: SPV_EXT_shader_image_int64, R64ui / R64i.
            self.m.capability("Int64")
            self.m.capability("Int64ImageEXT")
            self.m.extension("SPV_EXT_shader_image_int64")
            return self.m.t_int(64, signed=kind == "int")
        return self.m.t_float(32) if kind == "float" else self.m.t_int(32, signed=kind == "int")

    def image_type(self, res: ResourceInfo) -> int:
        m = self.m
        shape = Shape(res.kind)
        storage = res.writable
        format_name = "Unknown"
        if storage:
            formats = _FORMATS.get(self.element(res))
            count = max(1, res.components)
            if formats is not None and count <= 4 and formats[count - 1] is not None:
                format_name = formats[count - 1]
            else:
                m.capability("StorageImageReadWithoutFormat")
                m.capability("StorageImageWriteWithoutFormat")
            if format_name in _EXTENDED_FORMATS:
                m.capability("StorageImageExtendedFormats")
        if shape.dim == "Buffer":
            m.capability("ImageBuffer" if storage else "SampledBuffer")
        elif shape.dim == "1D":
            m.capability("Image1D" if storage else "Sampled1D")
        operands = [Id(self.sampled_type(res)), Enum("Dim", shape.dim), Lit(0), Lit(int(shape.arrayed)),
                    Lit(int(shape.ms)), Lit(2 if storage else 1), Enum("ImageFormat", format_name)]
        key = ("image",) + tuple(o.value if isinstance(o, (Id, Enum)) else o.words[0] for o in operands)
        return m._type(key, "TypeImage", operands, f"type_{shape.dim}_image")

    def variable(self, res: ResourceInfo) -> int:
        found = self.variables.get(id(res))
        if found is not None:
            return found
        t = self.m._type(("sampler",), "TypeSampler", [], "type_sampler") if res.kind == "Sampler" else \
            self.image_type(res)
        var = self.variables[id(res)] = self.tr.buffers.opaque(res, t)
        return var

    def pointer(self, handle: Handle) -> int:
        """A pointer to the image (or sampler) variable, or to its element of
        an array of them."""
        res = handle.res
        var = self.variable(res)
        if res.count is None or res.count > 1:
            element = self.image_type(res) if res.kind != "Sampler" else \
                self.m._type(("sampler",), "TypeSampler", [], "type_sampler")
            index = handle.index if handle.index is not None else self.tr.uint(0)
            pointer = self.tr.emit("AccessChain", self.m.t_pointer("UniformConstant", element), Id(var), Id(index))
            if handle.non_uniform:
                self.m.capability("ShaderNonUniform")
                if res.kind == "TypedBuffer":
                    self.m.capability("StorageTexelBufferArrayNonUniformIndexing" if res.writable
                                      else "UniformTexelBufferArrayNonUniformIndexing")
                else:
                    self.m.capability("StorageImageArrayNonUniformIndexing" if res.writable
                                      else "SampledImageArrayNonUniformIndexing")
                self.m.decorate(pointer, "NonUniform")
            return pointer
        return var

    def load(self, handle: Handle) -> int:
        res = handle.res
        t = self.image_type(res) if res.kind != "Sampler" else \
            self.m._type(("sampler",), "TypeSampler", [], "type_sampler")
        return self.tr.emit("Load", t, Id(self.pointer(handle)))

    # -- values ----------------------------------------------------------------------

    def coordinate(self, operands: list[Operand], count: int, kind: str = "uint") -> int:
        tr = self.tr
        if kind == "float":
            parts = [tr.val(o).id for o in operands[:count]]
            t = self.m.t_float(32)
        else:
            parts = [tr.index_id(o) for o in operands[:count]]
            t = self.m.t_int(32)
        if count == 1:
            return parts[0]
        return tr.emit("CompositeConstruct", self.m.t_vector(t, count), *[Id(p) for p in parts])

    def texel_parts(self, res: ResourceInfo, texel: int, result: IRType) -> Parts:
        """A fetched or read texel (a vector of four) as a ResRet of `result`."""
        tr = self.tr
        sampled = self.sampled_type(res)
        want = result.fields[0]
        items = []
        if self.element(res)[1] == 64:
            # DXIL reads a 64-bit element as two i32 components, low then high.
            u64, u32 = self.m.t_int(64), self.m.t_int(32)
            x = tr.emit("CompositeExtract", sampled, Id(texel), Lit(0))
            if self.element(res)[0] == "int":
                x = tr.emit("Bitcast", u64, Id(x))
            low = tr.emit("UConvert", u32, Id(x))
            high = tr.emit("UConvert", u32, Id(tr.emit("ShiftRightLogical", u64, Id(x), Id(self.m.const_uint(32)))))
            zero = self.m.const_null(u32)
            items = [Val(low, want), Val(high, want), Val(zero, want), Val(zero, want)]
            items.append(Val(tr.uint(1), tr.types.get("i32")))
            return Parts(items)
        for k in range(4):
            x = tr.emit("CompositeExtract", sampled, Id(texel), Lit(k))
            items.append(Val(self.to_value(res, x, want), want))
        items.append(Val(tr.uint(1), tr.types.get("i32")))
        return Parts(items)

    def to_value(self, res: ResourceInfo, x: int, want: IRType) -> int:
        tr = self.tr
        kind, _ = self.element(res)
        target = tr.stype(want)
        if want.kind == "float":
            return x if want.bits == 32 else tr.emit("FConvert", target, Id(x))
        if kind == "float":
            raise SpirvError(f"reading float elements of '{res.name}' as integers")
        if want.bits == 32:
            return tr.emit("Bitcast", target, Id(x)) if kind == "int" else x
        word = tr.emit("Bitcast", self.m.t_int(32), Id(x)) if kind == "int" else x
        return tr.emit("UConvert", target, Id(word))

    def texel(self, res: ResourceInfo, values: list[Operand]) -> int:
        """Four values as a texel of the image's sampled type."""
        tr = self.tr
        kind, bits = self.element(res)
        sampled = self.sampled_type(res)
        if bits == 64:
            # Two i32 values, low then high, as one 64-bit element.
            u64 = self.m.t_int(64)
            low, high = (tr.val(v).id if v.value not in ("undef", "poison") else self.m.const_null(self.m.t_int(32))
                         for v in values[:2])
            x = tr.emit("BitwiseOr", u64, Id(tr.emit("UConvert", u64, Id(low))),
                        Id(tr.emit("ShiftLeftLogical", u64, Id(tr.emit("UConvert", u64, Id(high))),
                                   Id(self.m.const_uint(32)))))
            if kind == "int":
                x = tr.emit("Bitcast", sampled, Id(x))
            return tr.emit("CompositeConstruct", self.m.t_vector(sampled, 4), *[Id(x)] * 4)
        parts = []
        first = None
        for v in values:
            if v.value in ("undef", "poison"):
                parts.append(None)
                continue
            value = tr.val(v)
            x = value.id
            if kind == "float":
                if value.ty.bits != 32:
                    x = tr.emit("FConvert", sampled, Id(x))
            else:
                if value.ty.bits != 32:
                    x = tr.emit("SConvert" if kind == "int" else "UConvert", self.m.t_int(32), Id(x))
                if kind == "int":
                    x = tr.emit("Bitcast", sampled, Id(x))
            parts.append(x)
            first = first if first is not None else x
        filler = first if first is not None else self.m.const_null(sampled)
        parts = [p if p is not None else filler for p in parts]
        return tr.emit("CompositeConstruct", self.m.t_vector(sampled, 4), *[Id(p) for p in parts])

    def texel_pointer(self, handle: Handle, coordinate: int, t: IRType) -> int:
        """A pointer to one texel of a storage image, for atomics."""
        res = handle.res
        if not res.writable or res.components not in (0, 1) or self.element(res) not in (
                ("int", 32), ("uint", 32), ("int", 64), ("uint", 64)):
            raise no_mapping(f"atomic operations on '{res.name}'",
                             "Vulkan's image atomics need R32ui, R32i, R64ui or R64i")
        tr = self.tr
        self.variable(res)
        pointer = self.pointer(handle)
        kind, bits = self.element(res)
        texel_type = self.m.t_int(bits, signed=kind == "int")
        return tr.emit("ImageTexelPointer", self.m.t_pointer("Image", texel_type), Id(pointer), Id(coordinate),
                       Id(tr.uint(0)))


def images(tr: Translator) -> Images:
    found = getattr(tr, "_images", None)
    if found is None:
        found = tr._images = Images(tr)
    return found


# ---------------------------------------------------------------------------
# Operations (called by `ops` for typed resources, and registered here)

def typed_load(tr: Translator, handle: Handle, index: Operand, result: IRType) -> Parts:
    im = images(tr)
    res = handle.res
    image = im.load(handle)
    sampled = im.sampled_type(res)
    vec4 = tr.m.t_vector(sampled, 4)
    op_name = "ImageRead" if res.writable else "ImageFetch"
    return im.texel_parts(res, tr.emit(op_name, vec4, Id(image), Id(tr.index_id(index))), result)


def typed_store(tr: Translator, handle: Handle, index: Operand, values: list[Operand]) -> None:
    im = images(tr)
    res = handle.res
    if not res.writable:
        raise no_mapping(f"stores to the read-only '{res.name}'")
    image = im.load(handle)
    tr.emit_void("ImageWrite", Id(image), Id(tr.index_id(index)), Id(im.texel(res, values)))


def image_dimensions(tr: Translator, handle: Handle, mip: Operand) -> Parts:
    im = images(tr)
    res = handle.res
    m = tr.m
    m.capability("ImageQuery")
    shape = Shape(res.kind)
    uint = m.t_int(32)
    i32 = tr.types.get("i32")
    image = im.load(handle)
    count = shape.size + (1 if shape.arrayed else 0)
    size_type = uint if count == 1 else m.t_vector(uint, count)
    if res.writable or shape.ms or shape.dim == "Buffer":
        size = tr.emit("ImageQuerySize", size_type, Id(image))
    else:
        level = tr.index_id(mip) if mip.value not in ("undef", "poison") else tr.uint(0)
        size = tr.emit("ImageQuerySizeLod", size_type, Id(image), Id(level))
    parts = [size] if count == 1 else [tr.emit("CompositeExtract", uint, Id(size), Lit(k)) for k in range(count)]
    parts += [tr.uint(0)] * (3 - len(parts))
    if shape.ms:
        last = tr.emit("ImageQuerySamples", uint, Id(image))
    elif res.writable or shape.dim == "Buffer":
        last = tr.uint(0)
    else:
        last = tr.emit("ImageQueryLevels", uint, Id(image))
    return Parts([Val(p, i32) for p in parts + [last]])


def _offsets(tr: Translator, operands: list[Operand], count: int) -> list[Any]:
    """ConstOffset operands (an id of a constant) for non-zero offsets."""
    values = []
    for o in operands[:count]:
        if o.value in ("undef", "poison"):
            values.append(0)
            continue
        value = o.const_int
        if value is None:
            found = tr.m.int_values.get(tr.val(o).id)
            if found is None:
                raise no_mapping("a texel offset chosen at run time")
            value = found - (1 << 32) if found >= 1 << 31 else found
        values.append(value)
    if not any(values):
        return []
    int32 = tr.m.t_int(32, signed=True)
    ids = [tr.m.const_int(int32, v) for v in values]
    constant = ids[0] if count == 1 else tr.m.const_composite(tr.m.t_vector(int32, count), ids)
    return [constant]


def texture_load(tr: Translator, handle: Handle, args: list[Operand], result: IRType) -> Parts:
    im = images(tr)
    res = handle.res
    shape = Shape(res.kind)
    image = im.load(handle)
    vec4 = tr.m.t_vector(im.sampled_type(res), 4)
    coordinate = im.coordinate(args[1:4], shape.coords)
    if res.writable:
        return im.texel_parts(res, tr.emit("ImageRead", vec4, Id(image), Id(coordinate)), result)
    extra: list[Any] = []
    mask = 0
    offsets = _offsets(tr, args[4:7], shape.coords - (1 if shape.arrayed else 0))
    if shape.ms:
        mask |= 0x40
        sample = tr.index_id(args[0])
    else:
        mask |= 0x2
        lod = tr.index_id(args[0]) if args[0].value not in ("undef", "poison") else tr.uint(0)
    if offsets:
        mask |= 0x8
    extra = [Enum("ImageOperands", mask)]
    if mask & 0x2:
        extra.append(Id(lod))
    if mask & 0x8:
        extra.append(Id(offsets[0]))
    if mask & 0x40:
        extra.append(Id(sample))
    return im.texel_parts(res, tr.emit("ImageFetch", vec4, Id(image), Id(coordinate), *extra), result)


def texture_store(tr: Translator, handle: Handle, args: list[Operand]) -> None:
    im = images(tr)
    res = handle.res
    if not res.writable:
        raise no_mapping(f"stores to the read-only '{res.name}'")
    shape = Shape(res.kind)
    image = im.load(handle)
    coordinate = im.coordinate(args[0:3], shape.coords)
    tr.emit_void("ImageWrite", Id(image), Id(coordinate), Id(im.texel(res, args[3:7])))


def _sampled_image(tr: Translator, args: list[Operand]) -> tuple[Images, ResourceInfo, int, Shape]:
    im = images(tr)
    texture, sampler = resource_handle(tr, args[0]), resource_handle(tr, args[1])
    res = texture.res
    if res.writable or sampler.res.kind != "Sampler":
        raise SpirvError("a sample of something that is not a texture and a sampler")
    shape = Shape(res.kind)
    image_type = im.image_type(res)
    sampled_image_type = tr.m._type(("sampled_image", image_type), "TypeSampledImage", [Id(image_type)],
                                    "type_sampled_image")
    combined = tr.emit("SampledImage", sampled_image_type, Id(im.load(texture)), Id(im.load(sampler)))
    return im, res, combined, shape


def _image_operands(operands: dict[int, list[Any]]) -> list[Any]:
    """Image operands from their bits (Lod 0x2, Grad 0x4, ConstOffset 0x8,
    MinLod 0x80, ...) and values: the mask, then the values in the order of
    the bits."""
    mask = 0
    values: list[Any] = []
    for bit in sorted(operands):
        mask |= bit
        values += operands[bit]
    return [Enum("ImageOperands", mask)] + values


def _gradients(tr: Translator, im: Images, shape: Shape, args: list[Operand], first: int,
               clamp: Operand | None) -> dict[int, list[Any]]:
    """Grad (ddx then ddy, as many as the coordinates' dimensions, from
    `args[first]` on) and, for a clamp that is not undef, MinLod."""
    dims = shape.coords - (1 if shape.arrayed else 0)
    ddx = im.coordinate(args[first:first + 3], dims, "float")
    ddy = im.coordinate(args[first + 3:first + 6], dims, "float")
    operands: dict[int, list[Any]] = {0x4: [Id(ddx), Id(ddy)]}
    if clamp is not None and clamp.value not in ("undef", "poison"):
        tr.m.capability("MinLod")
        operands[0x80] = [Id(tr.val(clamp).id)]
    return operands


def sample(tr: Translator, o: Any, args: list[Operand], result: IRType) -> Parts:
    im, res, combined, shape = _sampled_image(tr, args)
    count = shape.coords if shape.dim != "Cube" else 3 + (1 if shape.arrayed else 0)
    coordinate = im.coordinate(args[2:6], count, "float")
    vec4 = tr.m.t_vector(im.sampled_type(res), 4)
    offsets = _offsets(tr, args[6:9], shape.coords - (1 if shape.arrayed else 0)) if shape.dim != "Cube" else []
    implicit = o.name in ("Sample", "SampleBias")
    if o.name == "SampleLevel":
        operands = {0x2: [Id(tr.val(args[9]).id)]}
    elif o.name == "SampleGrad":        # ddx, ddy, clamp
        operands = _gradients(tr, im, shape, args, 9, args[15] if len(args) > 15 else None)
    else:                               # Sample (clamp), SampleBias (bias, clamp)
        operands = _implicit_lod(tr, args[9] if o.name == "SampleBias" else None, args[-1])
    if offsets:
        operands[0x8] = [Id(offsets[0])]
    if implicit:
        tr.use_derivatives()
    texel = tr.emit("ImageSampleImplicitLod" if implicit else "ImageSampleExplicitLod", vec4, Id(combined),
                    Id(coordinate), *_image_operands(operands))
    return im.texel_parts(res, texel, result)


def _implicit_lod(tr: Translator, bias: Operand | None, clamp: Operand | None) -> dict[int, list[Any]]:
    """A sample at the level of detail of the implicit derivatives: Bias
    (for SampleBias) and, for a clamp that is not undef, MinLod."""
    operands: dict[int, list[Any]] = {}
    if bias is not None:
        operands[0x1] = [Id(tr.val(bias).id)]
    if clamp is not None and clamp.value not in ("undef", "poison"):
        tr.m.capability("MinLod")
        operands[0x80] = [Id(tr.val(clamp).id)]
    return operands


def calculate_lod(tr: Translator, args: list[Operand], result: IRType) -> Val:
    """CalculateLevelOfDetail(Unclamped): OpImageQueryLod's first component
    (the level the sample would read, clamped to the image's) or its
    second (the level of detail the derivatives give)."""
    im, res, combined, shape = _sampled_image(tr, args)
    count = shape.coords - (1 if shape.arrayed else 0)
    coordinate = im.coordinate(args[2:5], count, "float")
    tr.m.capability("ImageQuery")
    tr.use_derivatives()
    f32 = tr.m.t_float(32)
    lods = tr.emit("ImageQueryLod", tr.m.t_vector(f32, 2), Id(combined), Id(coordinate))
    clamped = args[5].const_int
    value = tr.emit("CompositeExtract", f32, Id(lods), Lit(0 if clamped else 1))
    return Val(value, result)


def _compared(tr: Translator, o: Any, args: list[Operand]) -> tuple[Images, ResourceInfo, int, Shape, int]:
    """The sampled image of a comparison (a float texture that is not 3D)
    and its float coordinates."""
    im, res, combined, shape = _sampled_image(tr, args)
    if im.element(res)[0] != "float" or shape.dim in ("3D", "Buffer"):
        raise no_mapping(f"the operation {o.name} on '{res.name}' (a {res.kind})",
                         "Vulkan compares with depth references only in float 1D, 2D and cube images")
    count = shape.coords if shape.dim != "Cube" else 3 + (1 if shape.arrayed else 0)
    return im, res, combined, shape, im.coordinate(args[2:6], count, "float")


def _compared_parts(tr: Translator, im: Images, res: ResourceInfo, value: int, result: IRType) -> Parts:
    """A comparison's scalar result as a ResRet: the result in component 0,
    zeros in the others."""
    want = result.fields[0]
    zero = Val(tr.m.const_null(tr.stype(want)), want)
    return Parts([Val(im.to_value(res, value, want), want), zero, zero, zero, Val(tr.uint(1), tr.types.get("i32"))])


def sample_compare(tr: Translator, o: Any, args: list[Operand], result: IRType) -> Parts:
    """SampleCmpLevelZero, SampleCmpLevel and SampleCmpGrad: a depth
    comparison at an explicit level of detail (0, the given one, or from
    gradients)."""
    im, res, combined, shape, coordinate = _compared(tr, o, args)
    offsets = _offsets(tr, args[6:9], shape.coords - (1 if shape.arrayed else 0)) if shape.dim != "Cube" else []
    reference = tr.val(args[9]).id
    implicit = o.name in ("SampleCmp", "SampleCmpBias")
    if o.name == "SampleCmpLevelZero":
        operands = {0x2: [Id(tr.m.const_float(tr.m.t_float(32), 0.0))]}
    elif o.name == "SampleCmpLevel":
        operands = {0x2: [Id(tr.val(args[10]).id)]}
    elif o.name == "SampleCmpGrad":     # ddx, ddy, clamp
        operands = _gradients(tr, im, shape, args, 10, args[16] if len(args) > 16 else None)
    else:                               # SampleCmp (clamp), SampleCmpBias (bias, clamp)
        operands = _implicit_lod(tr, args[10] if o.name == "SampleCmpBias" else None, args[-1])
    if offsets:
        operands[0x8] = [Id(offsets[0])]
    if implicit:
        tr.use_derivatives()
    value = tr.emit("ImageSampleDrefImplicitLod" if implicit else "ImageSampleDrefExplicitLod",
                    im.sampled_type(res), Id(combined), Id(coordinate), Id(reference), *_image_operands(operands))
    return _compared_parts(tr, im, res, value, result)


def gather(tr: Translator, o: Any, args: list[Operand], result: IRType) -> Parts:
    im, res, combined, shape = _sampled_image(tr, args)
    count = shape.coords if shape.dim != "Cube" else 3 + (1 if shape.arrayed else 0)
    coordinate = im.coordinate(args[2:6], count, "float")
    vec4 = tr.m.t_vector(im.sampled_type(res), 4)
    offsets = _offsets(tr, args[6:8], 2) if shape.dim != "Cube" else []
    # GatherRaw has no channel: the first component is the whole raw element.
    channel = (args[8].const_int or 0) if len(args) > 8 else 0
    extra: list[Any] = [Enum("ImageOperands", 0x8), Id(offsets[0])] if offsets else []
    texel = tr.emit("ImageGather", vec4, Id(combined), Id(coordinate), Id(tr.uint(channel)), *extra)
    return im.texel_parts(res, texel, result)


# Direct3D's and Vulkan's standard sample positions of 1, 2, 4, 8 and 16
# samples, in 1/16 of a pixel from its centre; those of N samples start at
# index N - 1.
_SAMPLE_POSITIONS = [
    (0, 0),
    (4, 4), (-4, -4),
    (-2, -6), (6, -2), (-6, 2), (2, 6),
    (1, -3), (-1, 3), (5, 1), (-3, -5), (-5, 5), (-7, -1), (3, 7), (7, -7),
    (1, 1), (-1, -3), (-3, 2), (4, -1), (-5, -2), (2, 5), (5, 3), (3, -5), (-2, 6), (0, -7), (-4, -6), (-6, 4),
    (-8, 0), (7, -4), (6, 7), (-7, -8),
]


def sample_position(tr: Translator, handle: Handle, index: Operand) -> Parts:
    """Texture2DMS(Array).GetSamplePosition: the standard position of sample
    `index` for the image's sample count (OpImageQuerySamples), from a
    table; (0, 0) for another count or an index past it."""
    im = images(tr)
    m = tr.m
    if not Shape(handle.res.kind).ms:
        raise SpirvError("GetSamplePosition of a texture that is not multisampled")
    m.capability("ImageQuery")
    uint, f32, b = m.t_int(32), m.t_float(32), m.t_bool()
    v2 = m.t_vector(f32, 2)
    table_type = m.t_array(v2, len(_SAMPLE_POSITIONS))
    positions = [m.const_composite(v2, [m.const_float(f32, x / 16), m.const_float(f32, y / 16)])
                 for x, y in _SAMPLE_POSITIONS]
    var = tr.local_var(table_type, "sample_positions", m.const_composite(table_type, positions))
    count = tr.emit("ImageQuerySamples", uint, Id(im.load(handle)))
    sample = tr.index_id(index)
    one = tr.uint(1)
    before = tr.emit("ISub", uint, Id(count), Id(one))       # where the count's positions start
    # A standard count is a power of two up to 16; the index must be below it.
    power_of_two = tr.emit("IEqual", b, Id(tr.emit("BitwiseAnd", uint, Id(count), Id(before))), Id(tr.uint(0)))
    standard = tr.emit("LogicalAnd", b, Id(tr.emit("ULessThanEqual", b, Id(count), Id(tr.uint(16)))),
                       Id(power_of_two))
    valid = tr.emit("LogicalAnd", b, Id(standard), Id(tr.emit("ULessThan", b, Id(sample), Id(count))))
    at = tr.emit("Select", uint, Id(valid), Id(tr.emit("IAdd", uint, Id(before), Id(sample))), Id(tr.uint(0)))
    pointer = tr.emit("AccessChain", m.t_pointer("Function", v2), Id(var), Id(at))
    if m.version < (1, 4):
        # (A scalar condition selects vectors from SPIR-V 1.4 on.)
        valid = tr.emit("CompositeConstruct", m.t_vector(b, 2), Id(valid), Id(valid))
    position = tr.emit("Select", v2, Id(valid), Id(tr.emit("Load", v2, Id(pointer))), Id(m.const_null(v2)))
    f = tr.types.get("float")
    return Parts([Val(tr.emit("CompositeExtract", f32, Id(position), Lit(k)), f) for k in range(2)])


_GATHER_NAMES = {1: "GatherCmpGreen", 2: "GatherCmpBlue", 3: "GatherCmpAlpha"}


def gather_compare(tr: Translator, o: Any, args: list[Operand], result: IRType) -> Parts:
    """GatherCmp: the depth comparisons of the four texels of a bilinear
    footprint (of the first component: Vulkan's OpImageDrefGather has no
    channel)."""
    channel = args[8].const_int
    if channel is None:
        raise no_mapping("a GatherCmp channel chosen at run time")
    if channel != 0:
        raise no_mapping(_GATHER_NAMES.get(channel, f"GatherCmp of channel {channel}"),
                         "Vulkan's OpImageDrefGather reads the depth (first) component only")
    im, res, combined, shape, coordinate = _compared(tr, o, args)
    if shape.dim not in ("2D", "Cube"):
        raise no_mapping(f"GatherCmp on '{res.name}' (a {res.kind})", "Vulkan gathers from 2D and cube images only")
    vec4 = tr.m.t_vector(im.sampled_type(res), 4)
    offsets = _offsets(tr, args[6:8], 2) if shape.dim != "Cube" else []
    extra: list[Any] = [Enum("ImageOperands", 0x8), Id(offsets[0])] if offsets else []
    texel = tr.emit("ImageDrefGather", vec4, Id(combined), Id(coordinate), Id(tr.val(args[9]).id), *extra)
    return im.texel_parts(res, texel, result)
