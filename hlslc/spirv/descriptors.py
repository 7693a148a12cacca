"""Resources in SPIR-V: what each binding of the module is, where Vulkan
finds it (`Binding`, `DescriptorSet`), and the block types that describe
its memory.

Conventions (DXC's for -spirv): `register(xN, spaceM)` is binding N of
descriptor set M, unless `[[vk::binding(N, M)]]` says otherwise;
byte-address buffers are StorageBuffer blocks holding a runtime array of
uint (`NonWritable` for SRVs); structured buffers a runtime array of their
element, laid out as the IR reads it (DirectX's packing, which must also be
a valid Vulkan layout, else the buffer is declared as words, like a
byte-address buffer); constant buffers Uniform blocks with HLSL's packing
offsets (or an array of uint4 rows when that packing is not a valid
Vulkan layout).  Memory accessed with another element type than the
declared one (a matrix of halves in a byte-address buffer) is reached
through another variable at the same binding whose runtime array has that
element type; all the variables of one binding are decorated `Aliased`.

Owns: `ResourceInfo` (one binding, from the lowering's records of the
module's resources), turning buffer layouts into SPIR-V types with their
offsets and strides, checking those layouts against Vulkan's rules, and
finding the scalar at a byte offset of a layout.  Does not own: the
accesses (`translate`).
"""

from __future__ import annotations

from typing import Any

from ..front import ast as A
from .module import Module

CLASS_NAMES = {0: "t", 1: "u", 2: "b", 3: "s"}


class ResourceInfo:
    """One resource range: `cls` t/u/b/s, `space`, `lower`, `count` (None:
    unbounded), `kind` (DXIL's resource kind name: RawBuffer,
    StructuredBuffer, TypedBuffer, CBuffer, TBuffer, Texture2D, Sampler,
    ...), `vk_binding` ([[vk::binding(b, s)]] when given), `stride` of a
    structured buffer, `element` (the buffer layout of a structured buffer's
    element), `fields` ((name, offset, layout) of a constant buffer), `size`
    of a constant buffer."""

    def __init__(self, name: str, cls: str, space: int, lower: int, count: int | None, kind: str) -> None:
        self.name = name
        self.cls = cls
        self.space = space
        self.lower = lower
        self.count = count
        self.kind = kind
        self.vk_binding: tuple[int, int] | None = None
        self.stride = 0
        self.element: Any = None
        self.fields: list[tuple[str, int, Any]] | None = None
        self.size = 0
        self.globally_coherent = False
        self.push_constant = False    # a [[vk::push_constant]] block: PushConstant storage, no binding
        # The hidden counter's (binding, set): [[vk::counter_binding(N)]] or
        # the pipeline's CounterBinding; None: after the set's bindings.
        self.counter_binding: tuple[int, int] | None = None
        self.span: Any = None
        # Typed buffers and textures: DXIL's component type of the elements
        # (F32 = 9, I32 = 4, U32 = 5, ...) and how many there are.
        self.component = 0
        self.components = 0
        # No register number of its own (no `register(xN)`, no
        # [[vk::binding]]): DXC's -spirv gives it the set's next free
        # binding (`assign_implicit_bindings`), not the register hlslc chose.
        self.implicit = False

    @property
    def writable(self) -> bool:
        return self.cls == "u"

    @property
    def binding(self) -> int:
        return self.vk_binding[0] if self.vk_binding is not None else self.lower

    @property
    def descriptor_set(self) -> int:
        return self.vk_binding[1] if self.vk_binding is not None else self.space

    def __repr__(self) -> str:
        return f"<ResourceInfo {self.name} {self.cls}{self.lower} space{self.space} {self.kind}>"


def _vk_binding(attributes: list[Any] | None, name: str = "binding") -> tuple[int, int] | None:
    for attr in attributes or ():
        if getattr(attr, "namespace", None) == "vk" and attr.name == name:
            values = []
            for arg in attr.args:
                if isinstance(arg, A.IntLiteral):
                    values.append(int(arg.value))
                elif isinstance(arg, A.UnaryExpr) and arg.op == "-" and isinstance(arg.operand, A.IntLiteral):
                    values.append(-int(arg.operand.value))
                else:
                    return None
            if values:
                return values[0], values[1] if len(values) > 1 else 0
    return None


def from_bindings(bindings: list[Any]) -> list[ResourceInfo]:
    """ResourceInfo for each of the lowering's `Binding` records."""
    out = []
    for b in bindings:
        info = ResourceInfo(b.name, b.register_class, b.space, b.lower, b.count, b.kind_name)
        decl = getattr(b, "decl", None)
        if decl is None and b.symbol is not None:
            decl = b.symbol.decl
        info.vk_binding = _vk_binding(getattr(decl, "attributes", None))
        info.implicit = getattr(b, "declared_binding", None) is None and info.vk_binding is None
        counter = _vk_binding(getattr(decl, "attributes", None), "counter_binding")
        if counter is not None:
            info.counter_binding = (counter[0], info.descriptor_set)
        info.span = b.span
        info.stride = b.stride
        info.globally_coherent = b.globally_coherent
        info.push_constant = bool(getattr(b, "push_constant", False))
        info.component = getattr(b, "component_type", 0)
        info.components = getattr(b, "component_count", 0)
        resource = b.resource
        if b.kind_name == "StructuredBuffer" and resource is not None:
            info.element = getattr(b, "element_layout", None)
        if b.kind_name in ("CBuffer", "TBuffer"):
            if b.layout is not None and b.layout.kind == "struct":
                info.fields = list(b.layout.fields)
            else:
                info.fields = list(getattr(b, "fields", None) or [])
            info.size = b.size
        out.append(info)
    return out


def apply_vulkan_options(resources: list[ResourceInfo], options: tuple[str, ...]) -> None:
    """DXC's binding options: `-fvk-{b,t,u,s}-shift N SPACE` (SPACE may be
    `all`) adds N to the binding of that register class's resources in
    SPACE; `-fvk-bind-register xN SPACE BINDING SET` places one register.
    `[[vk::binding]]` on a declaration wins over both."""
    k = 0
    while k < len(options):
        name = options[k]
        if name in ("-fvk-b-shift", "-fvk-t-shift", "-fvk-u-shift", "-fvk-s-shift") and k + 2 < len(options):
            shift, space = options[k + 1], options[k + 2]
            if not shift.isdigit() or not (space.isdigit() or space == "all"):
                raise ValueError(f"'{name} {shift} {space}': expected a number and a space number (or 'all')")
            cls = name[5]
            for res in resources:
                if res.cls == cls and res.vk_binding is None and not res.implicit and \
                        (space == "all" or res.space == int(space)):
                    res.vk_binding = (res.lower + int(shift), res.space)
            k += 3
            continue
        if name in ("-fvk-bind-register", "-vkbr") and k + 4 < len(options):
            register, space, binding, dset = options[k + 1:k + 5]
            if not (register[:1] in "tubs" and register[1:].isdigit() and space.isdigit() and binding.isdigit()
                    and dset.isdigit()):
                raise ValueError(f"'{name} {register} {space} {binding} {dset}': expected a register (t0, u1, ...) "
                                 "and three numbers")
            for res in resources:
                if res.cls == register[0] and res.space == int(space) and res.lower == int(register[1:]) \
                        and not res.implicit:
                    res.vk_binding = (int(binding), int(dset))
            k += 5
            continue
        k += 1


def assign_implicit_bindings(resources: list[ResourceInfo]) -> None:
    """The resources declared without a register number (and not bound
    otherwise) take, in declaration order, the lowest binding of their set
    that no other resource takes, as DXC's -spirv numbers them
    (DeclResultIdMapper::decorateResourceBindings): `Texture2D a;
    RWTexture2D<float4> b;` are bindings 0 and 1, not two 0s."""
    used: dict[int, set[int]] = {}
    for res in resources:
        if not res.implicit or res.vk_binding is not None:
            if not res.push_constant:
                used.setdefault(res.descriptor_set, set()).add(res.binding)
    for res in resources:
        if res.implicit and res.vk_binding is None and not res.push_constant:
            taken = used.setdefault(res.space, set())
            binding = 0
            while binding in taken:
                binding += 1
            taken.add(binding)
            res.vk_binding = (binding, res.space)


def from_metadata(module: Any) -> list[ResourceInfo]:
    """ResourceInfo from `!dx.resources` alone (no layouts): for IR whose
    lowering records are not at hand."""
    out: list[ResourceInfo] = []
    refs = module.named_metadata.get("dx.resources", [])
    if not refs:
        return out
    lists = module.md_node(refs[0]) or []
    kinds = {1: "Texture1D", 2: "Texture2D", 10: "TypedBuffer", 11: "RawBuffer", 12: "StructuredBuffer",
             13: "CBuffer", 14: "Sampler", 15: "TBuffer"}
    for cls, ref in zip("tubs", lists):
        for rec_ref in module.md_node(ref) or []:
            rec = module.md_node(rec_ref) or []
            if len(rec) < 6:
                continue
            name = module.md_string(rec[2]) or "resource"
            space, lower, count = (module.md_int(rec[k]) for k in (3, 4, 5))
            kind = "CBuffer" if cls == "b" else "Sampler" if cls == "s" else kinds.get(module.md_int(rec[6]) or 0,
                                                                                   "Unknown")
            info = ResourceInfo(name, cls, space or 0, lower or 0, None if count == -1 else count, kind)
            if cls == "b" and len(rec) > 6:
                info.size = module.md_int(rec[6]) or 0
            out.append(info)
    for ref in module.named_metadata.get("hlslc.pushConstants", []):
        node = module.md_node(ref) or []
        if len(node) >= 3:
            space, lower = module.md_int(node[1]), module.md_int(node[2])
            for info in out:
                if info.cls == "b" and info.space == space and info.lower == lower:
                    info.push_constant = True
    return out


# ---------------------------------------------------------------------------
# Buffer layouts as SPIR-V types

class Laid:
    """A type laid out in a buffer: `kind` scalar, vector, array or struct;
    `type` its SPIR-V type id; scalars and vectors have `scalar` ("int" or
    "float", bits) and vectors `count`; arrays `count`, `stride`, `elem`;
    structs `fields` [(offset, Laid)]; `size` in bytes."""

    def __init__(self, kind: str, type_id: int, size: int) -> None:
        self.kind = kind
        self.type = type_id
        self.size = size
        self.scalar: tuple[str, int] = ("int", 32)
        self.count = 0
        self.stride = 0
        self.elem: Laid | None = None
        self.fields: list[tuple[int, Laid]] = []


def scalar_of(t: Any, native_16bit: bool) -> tuple[str, int]:
    """A sema scalar type's kind and width in buffer memory."""
    if t.kind == "bool":
        return ("int", 32)
    bits = t.bits
    if bits == 16 and not native_16bit:
        bits = 32
    return ("float" if t.kind == "float" else "int", bits)


def spv_scalar(module: Module, scalar: tuple[str, int]) -> int:
    kind, bits = scalar
    return module.t_float(bits) if kind == "float" else module.t_int(bits)


def lay_out(module: Module | None, layout: Any, native_16bit: bool) -> Laid:
    """The SPIR-V type of a buffer layout (`hlslc.lower.layout.Layout`),
    decorated with its offsets and strides (without a module: the shape
    only, to check it before declaring anything)."""
    if module is None:
        module = _DRY
    kind = layout.kind
    if kind == "scalar":
        scalar = scalar_of(layout.scalar, native_16bit)
        out = Laid("scalar", spv_scalar(module, scalar), layout.size)
        out.scalar = scalar
        return out
    if kind == "vector":
        scalar = scalar_of(layout.scalar, native_16bit)
        count = layout.type.size
        out = Laid("vector", module.t_vector(spv_scalar(module, scalar), count), layout.size)
        out.scalar, out.count = scalar, count
        return out
    if kind == "matrix":
        # One vector per line of memory (a row of a row_major matrix, a
        # column of a column_major one), lines `line_stride` apart.
        t = layout.type
        scalar = scalar_of(layout.scalar, native_16bit)
        lines, per_line = (t.rows, t.cols) if layout.row_major else (t.cols, t.rows)
        size = layout.scalar_size
        line_stride = (layout.size - per_line * size) // (lines - 1) if lines > 1 else per_line * size
        comp = spv_scalar(module, scalar)
        line_type = module.t_vector(comp, per_line) if per_line > 1 else comp
        line = Laid("vector" if per_line > 1 else "scalar", line_type, per_line * size)
        line.scalar, line.count = scalar, per_line
        out = Laid("array", module.t_array(line_type, lines, stride=line_stride), layout.size)
        out.count, out.stride, out.elem = lines, line_stride, line
        return out
    if kind == "array":
        elem = lay_out(module, layout.elem, native_16bit)
        out = Laid("array", module.t_array(elem.type, layout.count, stride=layout.stride), layout.size)
        out.count, out.stride, out.elem = layout.count, layout.stride, elem
        return out
    if kind == "struct":
        members = [(name, offset, lay_out(module, sub, native_16bit)) for name, offset, sub in layout.fields]
        return laid_struct(module, members, getattr(layout.type, "spell", lambda: None)(), layout.size)
    raise ValueError(f"no buffer layout for '{kind}'")


def laid_struct(module: Module | None, members: list[tuple[str, int, Laid]], name: str | None, size: int) -> Laid:
    if module is None or module is _DRY:
        out = Laid("struct", 0, size)
        out.fields = [(offset, laid) for _, offset, laid in members]
        return out
    tid = module.t_struct([m[2].type for m in members], name, unique=True)
    for k, (member, offset, _) in enumerate(members):
        module.member_decorate(tid, k, "Offset", offset)
        if member:
            module.member_name(tid, k, member)
    out = Laid("struct", tid, size)
    out.fields = [(offset, laid) for _, offset, laid in members]
    return out


class _NoModule:
    """Stands in for a Module when only the shape of a layout is wanted."""

    friendly: dict[int, str] = {}

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: 0


_DRY: Any = _NoModule()


def find_scalar(laid: Laid, offset: int) -> tuple[list[int], Laid] | None:
    """The access-chain path (member and element indices) to the scalar
    that starts at byte `offset`, with that scalar's Laid (for a vector
    component: a scalar Laid of its type), or None."""
    path: list[int] = []
    node = laid
    while True:
        if node.kind == "scalar":
            return (path, node) if offset == 0 else None
        if node.kind == "vector":
            size = node.scalar[1] // 8
            if offset % size or offset // size >= node.count:
                return None
            path.append(offset // size)
            leaf = Laid("scalar", 0, size)
            leaf.scalar = node.scalar
            return path, leaf
        if node.kind == "array":
            assert node.elem is not None
            k = offset // node.stride if node.stride else 0
            if k >= node.count:
                return None
            path.append(k)
            offset -= k * node.stride
            node = node.elem
            continue
        if node.kind == "struct":
            chosen = None
            for k, (start, sub) in enumerate(node.fields):
                if start <= offset < start + max(sub.size, 1):
                    chosen = (k, start, sub)
            if chosen is None:
                return None
            path.append(chosen[0])
            offset -= chosen[1]
            node = chosen[2]
            continue
        return None


def layout_problem(laid: Laid, uniform: bool) -> str | None:
    """Why a laid-out type breaks Vulkan's relaxed block layout rules
    (std140 for Uniform, std430 for StorageBuffer), or None."""

    def align(node: Laid) -> int:
        if node.kind == "scalar":
            return node.scalar[1] // 8
        if node.kind == "vector":
            comp = node.scalar[1] // 8
            return comp * (2 if node.count == 2 else 4)
        if node.kind == "array":
            assert node.elem is not None
            a = align(node.elem)
            return max(a, 16) if uniform else a
        a = max((align(sub) for _, sub in node.fields), default=1)
        return max(a, 16) if uniform else a

    def extent(node: Laid) -> int:
        if node.kind in ("array",) and uniform:
            return node.stride * node.count
        if node.kind == "struct" and uniform:
            return (node.size + 15) // 16 * 16
        return node.size

    def check(node: Laid) -> str | None:
        if node.kind == "array":
            assert node.elem is not None
            a = align(node.elem)
            if uniform:
                a = max(a, 16)
            if node.stride % a or node.stride < node.elem.size:
                return f"an array stride of {node.stride} bytes"
            return check(node.elem)
        if node.kind == "struct":
            end = 0
            for offset, sub in node.fields:
                if offset < end:
                    return f"a member at byte {offset} overlapping the previous one"
                if sub.kind == "vector":
                    comp = sub.scalar[1] // 8
                    if offset % comp or (sub.size <= 16 and offset // 16 != (offset + sub.size - 1) // 16):
                        return f"a vector at byte {offset}"
                elif offset % align(sub):
                    return f"a member at byte {offset}"
                problem = check(sub)
                if problem:
                    return problem
                end = offset + extent(sub)
        return None

    return check(laid)
