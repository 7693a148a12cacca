"""Resource bindings and handles: every SRV, UAV, CBV and sampler a module
declares, the registers it gets, and the DXIL handle of each use.

Owns: collecting the resources of a unit (global resource variables and
arrays of them, `cbuffer`/`tbuffer` blocks, `ConstantBuffer<T>`, and the
implicit `$Globals` constant buffer holding the uniform globals), register
assignment (explicit `register(u1, space4)` first, then the lowest free
range of the class in space 0, in declaration order, as DXC does), resource
ids per class, the layout of each constant buffer, the handle of a
resource use (`createHandle` before SM 6.6; `createHandleFromBinding` and
`annotateHandle` from 6.6, with the resource properties DXC encodes), and
the places (`places`) that resource subscripts and constant-buffer members
name.

Does not own: the `!dx.resources` records (`metadata`, which reads
`Binding`), the loads and stores themselves (`places`).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from llvmlite import ir

from ..front import ast as A
from ..dxil import ops as ir_ops
from ..sema import types as T
from ..sema.analyzer import push_constant_attribute
from ..sema.symbols import VarSymbol
from .base import I1, I8, I32
from .layout import ROW, Layout, field_orientation, packoffset

if TYPE_CHECKING:  # pragma: no cover
    from ..source import Span
    from .codegen import Codegen

CLASS_NUMBER = {"t": 0, "u": 1, "b": 2, "s": 3}     # DXIL::ResourceClass
CLASS_WORD = {"t": "SRV", "u": "UAV", "b": "CBV", "s": "sampler"}
UNBOUNDED = 0xFFFFFFFF

# DXIL::ResourceKind of each resource family / texture shape.
_TEXTURE_KINDS = {
    (1, False, False, False): "Texture1D", (1, True, False, False): "Texture1DArray",
    (2, False, False, False): "Texture2D", (2, True, False, False): "Texture2DArray",
    (3, False, False, False): "Texture3D",
    (2, False, True, False): "Texture2DMS", (2, True, True, False): "Texture2DMSArray",
    (3, False, False, True): "TextureCube", (3, True, False, True): "TextureCubeArray",
}
_FAMILY_KINDS = {"accel": "RTAccelerationStructure", "raw": "RawBuffer", "structured": "StructuredBuffer",
                 "append": "StructuredBuffer",
                 "consume": "StructuredBuffer", "typed": "TypedBuffer", "cbuffer": "CBuffer",
                 "tbuffer": "TBuffer", "sampler": "Sampler"}
RESOURCE_KIND_NUMBERS = ir_ops.enum("ResourceKind")     # the operation table's DXIL ResourceKind
# DXIL::ComponentType of typed elements.
_COMPONENT_TYPES = {("int", 16): 2, ("uint", 16): 3, ("int", 32): 4, ("uint", 32): 5, ("int", 64): 6,
                    ("uint", 64): 7, ("float", 16): 8, ("float", 32): 9, ("float", 64): 10, ("bool", 32): 1}
_NORM_COMPONENT_TYPES = {("snorm", 16): 11, ("unorm", 16): 12, ("snorm", 32): 13, ("unorm", 32): 14,
                         ("snorm", 64): 15, ("unorm", 64): 16}


def resource_kind(t: T.ResourceType) -> str:
    shape = t.shape
    if shape.family == "feedback":
        return "FeedbackTexture2DArray" if shape.array else "FeedbackTexture2D"
    if shape.is_texture:
        dims = shape.coords - (1 if shape.array else 0)
        return _TEXTURE_KINDS[(dims, shape.array, shape.ms, shape.cube)]
    return _FAMILY_KINDS[shape.family]


def component_type(scalar: T.ScalarType, native_16bit: bool, norm: str = "") -> int:
    """DXIL's ComponentType of a typed element (`norm`: "unorm"/"snorm" of
    `Texture2D<unorm float4>`, SNormF16 ... UNormF64)."""
    bits = scalar.bits
    if bits == 16 and not native_16bit:
        bits = 32
    kind = scalar.kind
    if kind == "bool":
        return _COMPONENT_TYPES[("uint", 32)]
    if norm and kind == "float":
        return _NORM_COMPONENT_TYPES[(norm, bits)]
    return _COMPONENT_TYPES[(kind, bits)]


class Binding:
    """One resource range of the module (a `!dx.resources` record).

    `kind_name` is DXIL's ResourceKind name; `register_class` one of t, u,
    b, s; `count` the range size (None: unbounded).  Constant buffers have
    `members` (id of VarSymbol -> (byte offset, Layout)) and `size`;
    `ConstantBuffer<T>` has `layout` (of T).
    """

    def __init__(self, name: str, register_class: str, kind_name: str, symbol: VarSymbol | None,
                 span: "Span | None", resource: T.ResourceType | None = None, count: int | None = 1) -> None:
        self.name = name
        self.register_class = register_class
        self.kind_name = kind_name
        self.symbol = symbol
        self.span = span
        self.resource = resource
        self.count = count
        self.space = 0
        self.lower = 0
        self.id = 0
        self.has_counter = False
        self.atomic64 = False     # a 64-bit atomic updates it (DXC's Atomic64Use tag)
        self.globally_coherent = False
        self.rov = bool(resource is not None and resource.shape.rov)
        self.members: dict[int, tuple[int, Layout]] = {}
        self.member_list: list[tuple[VarSymbol, int, Layout]] = []   # the same, in declaration order
        self.attributes: list[A.Attribute] = []   # of the declaration (`[[vk::binding(0, 1)]]`)
        self.layout: Layout | None = None
        self.size = 0
        self.stride = 0
        self.component_type = 0
        self.component_count = 0
        self.sampler_kind = 0
        self.feedback_type = 0        # DXIL's SamplerFeedbackType of a FeedbackTexture2D[Array]
        self.annotations: list[Any] = []   # annotateHandle calls, patched when a counter use is found late
        self.declared_binding: tuple[int, int] | None = None
        self.push_constant = False    # a [[vk::push_constant]] block (a constant buffer of its own)
        self.dims: tuple[int | None, ...] = ()   # array sizes a struct member's range spans
        # For SPIR-V output, which declares buffers with their layouts: a
        # structured buffer's element layout, a cbuffer block's declaration
        # and its members (name, byte offset, Layout) in offset order.
        self.element_layout: Layout | None = None
        self.decl: Any = None
        self.fields: list[tuple[str, int, Layout]] = []

    @property
    def kind(self) -> int:
        return RESOURCE_KIND_NUMBERS[self.kind_name]

    @property
    def upper(self) -> int:
        return UNBOUNDED if self.count is None else self.lower + self.count - 1

    @property
    def range_size(self) -> int:
        return UNBOUNDED if self.count is None else self.count

    def properties(self) -> tuple[int, int]:
        """The two words of `%dx.types.ResourceProperties` (DXC's
        DxilResourceProperties): kind, UAV, ROV, globally coherent,
        comparison sampler or counter; then the typed element's component
        type and count, the structure stride, or the constant buffer size."""
        word0 = self.kind
        if self.register_class == "u":
            word0 |= 1 << 12
        if self.rov:
            word0 |= 1 << 13
        if self.globally_coherent:
            word0 |= 1 << 14
        if self.has_counter or self.sampler_kind == 1:
            word0 |= 1 << 15
        if self.kind_name in ("TypedBuffer",) or self.kind_name.startswith("Texture"):
            word1 = self.component_type | (self.component_count << 8)
        elif self.kind_name == "StructuredBuffer":
            word1 = self.stride
        elif self.kind_name in ("CBuffer", "TBuffer"):
            word1 = self.size
        elif self.kind_name.startswith("FeedbackTexture"):
            word1 = self.feedback_type
        else:
            word1 = 0
        return word0, word1


class BindingError(Exception):
    def __init__(self, message: str, span: "Span | None") -> None:
        super().__init__(message)
        self.message = message
        self.span = span


def _register_semantic(semantics: list[A.Semantic] | None) -> A.Semantic | None:
    for sem in semantics or ():
        if sem.name.lower() == "register" and sem.args:
            return sem
    return None


def parse_register(sem: A.Semantic, register_class: str, what: str) -> tuple[int | None, int]:
    """(register or None, space) of `register(u1, space4)` / `register(space2)`."""
    args = [a.lower() for a in sem.args or ()]
    # `register(ps_5_0, t0)`-style profile qualifiers: the last two matter.
    args = [a for a in args if not (a.startswith(("ps_", "vs_", "cs_", "gs_", "hs_", "ds_", "lib_")) or a in
                                    ("ps", "vs", "cs", "gs", "hs", "ds"))]
    register = None
    space = 0
    for a in args:
        number = a[5:] if a.startswith("space") else a[1:]
        if number.isdigit() and (len(number.lstrip("0")) > 10 or int(number) > 0xFFFFFFFF):
            raise BindingError(f"register number '{a}' is too large (at most 4294967295)", sem.span)
        if a.startswith("space") and a[5:].isdigit():
            space = int(a[5:])
        elif a[:1].isalpha() and a[1:].isdigit():
            if a[0] != register_class:
                raise BindingError(f"{what} needs a '{register_class}' register, not '{a}'", sem.span)
            register = int(a[1:])
        else:
            raise BindingError(f"invalid register binding 'register({', '.join(sem.args or [])})': expected "
                               f"register({register_class}N) or register({register_class}N, spaceM)", sem.span)
    return register, space


def _array_count(t: T.Type) -> tuple[T.Type, int | None]:
    count: int | None = 1
    while isinstance(t, T.ArrayType):
        count = None if t.size is None or count is None else count * t.size
        t = t.elem
    return t, count


class ResourceTable:
    """The bindings of one module, and the handle of each use."""

    def __init__(self, gen: "Codegen") -> None:
        self.gen = gen
        self.bindings: list[Binding] = []
        self.by_symbol: dict[int, Binding] = {}
        self.by_decl: dict[int, Binding] = {}      # id(BufferDecl) -> its binding
        self.globals: Binding | None = None
        self.handle_binding: dict[int, Binding] = {}   # id(handle value) -> binding
        self.errors: list[BindingError] = []   # every binding problem, reported together
        # id(VarSymbol) of a global struct holding resources -> member path -> binding
        self.struct_leaves: dict[int, dict[tuple[str, ...], Binding]] = {}
        # The bindings whose explicit registers overlap another's, by id, and
        # where each explicit register is written.
        self.overlaps: dict[int, Binding] = {}
        self.register_spans: dict[int, "Span | None"] = {}

    # ------------------------------------------------------------------
    # Collecting and binding

    def collect(self, unit: A.TranslationUnit, global_vars: list[VarSymbol]) -> None:
        gen = self.gen
        engine = gen.engine
        ordered: list[tuple[Binding, A.Semantic | None]] = []
        uniforms: list[VarSymbol] = []
        pushed: list[VarSymbol] = []
        buffers: dict[int, list[VarSymbol]] = {}
        buffer_decls: dict[int, A.BufferDecl] = {}
        for sym in global_vars:
            t = engine.var_type(sym)
            if sym.cbuffer is None and not (sym.is_static or sym.is_groupshared) and \
                    isinstance(_array_count(t)[0], T.ClassType) and T.holds_resources(t):
                ordered.extend(self._struct_bindings(sym, t))
                continue
            if sym.cbuffer is not None and not isinstance(_array_count(t)[0], T.ResourceType):
                # (A resource declared inside a cbuffer is a global resource
                # of its own, as in DXC; it takes no room in the cbuffer.)
                buffers.setdefault(id(sym.cbuffer), []).append(sym)
                buffer_decls[id(sym.cbuffer)] = sym.cbuffer
                continue
            base, count = _array_count(t)
            if isinstance(base, T.ResourceType):
                if sym.is_static or sym.is_groupshared:
                    continue
                binding = self._resource_binding(sym, base, count)
                ordered.append((binding, _register_semantic(getattr(sym.decl, "semantics", None))))
            elif sym.is_uniform:
                if push_constant_attribute(sym.decl) is not None:
                    pushed.append(sym)
                else:
                    uniforms.append(sym)
        for key, members in buffers.items():
            decl = buffer_decls[key]
            binding = self._cbuffer_binding(decl, members)
            ordered.append((binding, _register_semantic(decl.semantics)))
        for sym in pushed:
            # [[vk::push_constant]]: a constant buffer of its own (on DirectX,
            # where push constants are root constants: a constant buffer);
            # SPIR-V makes it the PushConstant block.
            binding = self._cbuffer_binding(None, [sym], sym.name, self.gen.structured_layouts)
            binding.push_constant = True
            binding.span = sym.span
            binding.attributes = list(sym.decl.attributes)
            ordered.append((binding, None))
        if uniforms:
            binding = self._cbuffer_binding(None, uniforms)
            self.globals = binding
            # DXC's $Globals comes first among the constant buffers.
            ordered.insert(0, (binding, None))
        ordered.sort(key=lambda item: (item[0] is not self.globals, _position(item[0].span)))
        self._assign_registers(ordered)

    def _resource_binding(self, sym: VarSymbol, t: T.ResourceType, count: int | None) -> Binding:
        binding = self.describe(t, sym.name, sym, count)
        binding.attributes = list(getattr(sym.decl, "attributes", None) or ())
        if "globallycoherent" in sym.storage:
            binding.globally_coherent = True
        self.by_symbol[id(sym)] = binding
        return binding

    def _struct_bindings(self, sym: VarSymbol, t: T.Type) -> list[tuple[Binding, Any]]:
        """A global struct (or array of structs) holding resources: one range
        per resource member, named by its path (`g.e.Buf`), covering every
        element of the enclosing arrays.  `register(u5)` on the variable
        starts the UAV members at u5 (one `register` per class)."""
        explicit: dict[str, list[int]] = {}
        spaces: dict[str, int] = {}
        for sem in getattr(sym.decl, "semantics", None) or ():
            if sem.name.lower() == "register" and sem.args:
                cls = next((a[0].lower() for a in sem.args if a[:1].lower() in "tubs" and a[1:].isdigit()), None)
                if cls is None:
                    raise BindingError(f"invalid register binding 'register({', '.join(sem.args)})'", sem.span)
                register, space = parse_register(sem, cls, f"'{sym.name}'")
                explicit[cls] = [register if register is not None else 0]
                spaces[cls] = space
        out: list[tuple[Binding, Any]] = []
        leaves = self.struct_leaves.setdefault(id(sym), {})

        def walk(t: T.Type, path: tuple[str, ...], dims: tuple[int | None, ...]) -> None:
            while isinstance(t, T.ArrayType):
                dims = dims + (t.size,)
                t = t.elem
            if isinstance(t, T.ResourceType):
                count: int | None = 1
                for d in dims:
                    count = None if d is None or count is None else count * d
                binding = self.describe(t, ".".join((sym.name,) + path), sym, count)
                binding.dims = dims
                leaves[path] = binding
                cls = binding.register_class
                fixed = None
                if cls in explicit:
                    fixed = (explicit[cls][0], spaces[cls])
                    explicit[cls][0] += count if count is not None else 1
                out.append((binding, fixed))
                return
            if isinstance(t, T.ClassType):
                for field in t.instance.fields:
                    walk(self.gen.engine.var_type(field), path + (field.name,), dims)

        walk(t, (), ())
        return out

    def describe(self, t: T.ResourceType, name: str, sym: VarSymbol | None = None, count: int | None = 1) -> Binding:
        """A binding record for a resource of type `t` (its kind, element
        properties, stride, size), not yet placed in a register range."""
        gen = self.gen
        shape = t.shape
        binding = Binding(name, shape.register_class, resource_kind(t), sym, sym.span if sym else None, t, count)
        if shape.family in ("append", "consume"):
            binding.has_counter = True
        if shape.family in ("structured", "append", "consume"):
            if t.elem is not None:
                binding.element_layout = gen.structured_layouts.of(t.elem, t.major)
                binding.stride = binding.element_layout.size
            else:
                binding.stride = 0
        elif shape.family in ("typed", "texture") and t.elem is not None:
            scalar = t.elem.element
            binding.component_type = component_type(scalar, gen.options.native_16bit, t.norm)
            binding.component_count = T.component_count(t.elem)
        elif shape.family in ("cbuffer", "tbuffer") and t.elem is not None:
            binding.layout = gen.cbuffer_layouts.of(t.elem)
            binding.size = _round16(binding.layout.size)
        elif shape.family == "sampler":
            binding.sampler_kind = 1 if t.name == "SamplerComparisonState" else 0
        elif shape.family == "feedback" and isinstance(t.elem, T.FeedbackKindType):
            binding.feedback_type = t.elem.value
        return binding

    def _cbuffer_binding(self, decl: A.BufferDecl | None, members: list[VarSymbol],
                         name: str | None = None, builder: Any = None) -> Binding:
        gen = self.gen
        builder = builder or gen.cbuffer_layouts
        is_tbuffer = decl is not None and decl.keyword == "tbuffer"
        name = name or (decl.name if decl is not None else "$Globals")
        binding = Binding(name, "t" if is_tbuffer else "b", "TBuffer" if is_tbuffer else "CBuffer", None,
                          decl.span if decl is not None else None)
        binding.attributes = list(decl.attributes) if decl is not None else []
        offset = 0
        end = 0
        members = sorted(members, key=lambda s: _position(s.span))
        for sym in members:
            layout = builder.of(gen.engine.var_type(sym), field_orientation(sym))
            explicit = packoffset(sym.decl)
            offset = explicit if explicit is not None else builder.place(offset, layout)
            binding.members[id(sym)] = (offset, layout)
            binding.member_list.append((sym, offset, layout))
            binding.fields.append((sym.name, offset, layout))
            offset += layout.size
            end = max(end, offset)
            self.by_symbol[id(sym)] = binding
        binding.size = _round16(end)
        binding.fields.sort(key=lambda field: field[1])
        binding.decl = decl
        if decl is not None:
            self.by_decl[id(decl)] = binding
        return binding

    def _assign_registers(self, ordered: list[tuple[Binding, A.Semantic | None]]) -> None:
        used: dict[tuple[str, int], list[tuple[int, int]]] = {}
        pending: list[Binding] = []
        for binding, sem in ordered:
            what = f"'{binding.name}' is {_a(CLASS_WORD[binding.register_class])} and"
            register, space = (None, 0)
            if isinstance(sem, tuple):
                register, space = sem
            elif sem is not None:
                try:
                    register, space = parse_register(sem, binding.register_class, what)
                except BindingError as err:
                    self.errors.append(err)
                    continue
            binding.space = space
            if register is None:
                pending.append(binding)
                continue
            binding.lower = register
            ranges = used.setdefault((binding.register_class, space), [])
            for lo, hi in ranges:
                if lo <= binding.upper and register <= hi:
                    other = next(b for b in self.bindings if b.register_class == binding.register_class
                                 and b.space == space and b.lower == lo)
                    # An error only if the entry point uses both (`settle_overlaps`).
                    self.overlaps[id(other)] = other
                    self.overlaps[id(binding)] = binding
            self.register_spans[id(binding)] = sem.span if isinstance(sem, A.Semantic) else binding.span
            ranges.append((register, binding.upper))
            binding.declared_binding = (register, space)
            self.bindings.append(binding)
        # Registers for the rest, in declaration order, the unbounded arrays
        # last (as DXC allocates them: after every register taken in the
        # space).  Where an unbounded array leaves no register, the resource
        # shares the array's first one: an overlap, an error only if the
        # entry point uses both (`settle_overlaps`), as when DXC removes
        # the unused one before allocating.
        for binding in sorted(pending, key=lambda b: b.count is None):
            ranges = used.setdefault((binding.register_class, binding.space), [])
            endless = next((lo for lo, hi in ranges if hi == UNBOUNDED), None)
            slot = 0
            if binding.count is None:
                slot = max((hi + 1 for lo, hi in ranges if hi != UNBOUNDED), default=0)
                if endless is not None:
                    slot = endless
            else:
                while True:
                    clash = [hi for lo, hi in ranges if lo <= slot + binding.count - 1 and slot <= hi]
                    if not clash:
                        break
                    if max(clash) == UNBOUNDED:
                        slot = endless
                        break
                    slot = max(clash) + 1
            binding.lower = slot
            if endless is not None and binding.upper >= endless:
                other = next(b for b in self.bindings if b.register_class == binding.register_class
                             and b.space == binding.space and b.lower == endless and b.count is None)
                self.overlaps[id(other)] = other
                self.overlaps[id(binding)] = binding
                self.register_spans.setdefault(id(binding), binding.span)
            ranges.append((slot, binding.upper))
            self.bindings.append(binding)
        # IDs per class, in declaration order ($Globals first), as DXC numbers them.
        self.bindings.sort(key=lambda b: (b is not self.globals, _position(b.span)))
        counters: dict[str, int] = {}
        for binding in self.bindings:
            binding.id = counters.get(binding.register_class, 0)
            counters[binding.register_class] = binding.id + 1

    def settle_overlaps(self, used: set[int] | None) -> None:
        """Two resources on overlapping registers are an error only when the
        entry point uses both, as in DXC, which removes the unused resources
        of a shader before it checks the registers (a header shared by
        entry points, `#ifdef` variants).  The unused resources among those
        that overlap are left out of the module.  `used`: ids of the global
        variables the entry reaches; None for a library, where DXC checks
        registers only when the library is linked into a shader, and every
        resource stays."""
        if used is None or not self.overlaps:
            return
        involved = sorted(self.overlaps.values(), key=lambda b: _position(b.span))
        kept: list[Binding] = []
        dropped: set[int] = set()
        for binding in involved:
            if not self._is_used(binding, used):
                dropped.add(id(binding))
                continue
            for other in kept:
                if other.register_class == binding.register_class and other.space == binding.space \
                        and other.lower <= binding.upper and binding.lower <= other.upper:
                    self.errors.append(BindingError(
                        f"register {binding.register_class}{binding.lower} (space {binding.space}) of "
                        f"'{binding.name}' overlaps '{other.name}'", self.register_spans.get(id(binding))))
                    break
            kept.append(binding)
        self.errors.sort(key=lambda err: _position(err.span))
        if dropped:
            self.bindings = [b for b in self.bindings if id(b) not in dropped]
            counters: dict[str, int] = {}
            for binding in self.bindings:
                binding.id = counters.get(binding.register_class, 0)
                counters[binding.register_class] = binding.id + 1

    @staticmethod
    def _is_used(binding: Binding, used: set[int]) -> bool:
        if binding.symbol is not None:
            return id(binding.symbol) in used
        return any(id(sym) in used for sym, _, _ in binding.member_list)

    # ------------------------------------------------------------------
    # Handles

    def handle(self, binding: Binding, index: ir.Value | None = None, non_uniform: bool = False,
               name: str | None = None, at_entry: bool = False) -> ir.Value:
        """The handle of `binding` (element `index` of an array)."""
        gen = self.gen
        saved = gen.builder
        if at_entry:
            gen.builder = gen.alloca_builder
        try:
            absolute = ir.Constant(I32, binding.lower) if index is None else (
                ir.Constant(I32, binding.lower + index.constant) if isinstance(index, ir.Constant)
                else (gen.builder.add(index, ir.Constant(I32, binding.lower)) if binding.lower else index))
            hint = name or binding.name.replace("$", "")
            cls = CLASS_NUMBER[binding.register_class]
            if (gen.options.major, gen.options.minor) >= (6, 6):
                resbind = ir.Constant(gen.structs["dx.types.ResBind"],
                                      [ir.Constant(I32, binding.lower), ir.Constant(I32, signed32(binding.upper)),
                                       ir.Constant(I32, binding.space), ir.Constant(I8, cls)])
                raw = gen.op("CreateHandleFromBinding", [resbind, absolute, ir.Constant(I1, int(non_uniform))],
                             name_hint=hint)
                word0, word1 = binding.properties()
                props = ir.Constant(gen.structs["dx.types.ResourceProperties"],
                                    [ir.Constant(I32, word0), ir.Constant(I32, word1)])
                handle = gen.op("AnnotateHandle", [raw, props], name_hint=hint)
                binding.annotations.append(handle)
            else:
                handle = gen.op("CreateHandle", [ir.Constant(I8, cls), ir.Constant(I32, binding.id), absolute,
                                                 ir.Constant(I1, int(non_uniform))], name_hint=hint)
        finally:
            gen.builder = saved
        self.handle_binding[id(handle)] = binding
        return handle

    def heap_handle(self, index: ir.Value, non_uniform: bool, t: T.ResourceType) -> ir.Value:
        """`ResourceDescriptorHeap[index]` used as a `t`: `createHandleFromHeap`
        annotated with `t`'s properties."""
        gen = self.gen
        binding = self.describe(t, "heap")
        raw = gen.op("CreateHandleFromHeap", [index, ir.Constant(I1, int(t.shape.family == "sampler")),
                                              ir.Constant(I1, int(non_uniform))], name_hint="heap")
        word0, word1 = binding.properties()
        props = ir.Constant(gen.structs["dx.types.ResourceProperties"],
                            [ir.Constant(I32, word0), ir.Constant(I32, word1)])
        handle = gen.op("AnnotateHandle", [raw, props], name_hint="heap")
        binding.annotations.append(handle)
        self.handle_binding[id(handle)] = binding
        return handle

    def note_counter(self, handle: ir.Value) -> None:
        """A counter operation on `handle`: its binding has a counter (the
        annotations already emitted are updated)."""
        binding = self.handle_binding.get(id(handle))
        if binding is None or binding.has_counter:
            return
        binding.has_counter = True
        self.refresh_annotations(binding)

    def refresh_annotations(self, binding: Binding) -> None:
        gen = self.gen
        word0, word1 = binding.properties()
        props = ir.Constant(gen.structs["dx.types.ResourceProperties"],
                            [ir.Constant(I32, word0), ir.Constant(I32, word1)])
        for call in binding.annotations:
            # operands: the callee, the opcode, the handle, the properties
            call.operands[3] = props


def signed32(value: int) -> int:
    """An i32 as DXC prints it: 0xFFFFFFFF (unbounded) is -1."""
    return value - (1 << 32) if value >= 1 << 31 else value


def _round16(n: int) -> int:
    return (n + ROW - 1) // ROW * ROW


def _position(span: Any) -> tuple[str, int]:
    if span is None:
        return ("", -1)
    return (getattr(span.file, "path", "") or "", span.start)


def _a(word: str) -> str:
    return ("an " if word == "SRV" else "a ") + word
