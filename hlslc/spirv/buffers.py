"""Buffer resources in SPIR-V: their variables and the pointers to their
elements.

A resource gets its variables when first used: the declared one
(byte-address buffers: a block of a runtime array of uint; structured
buffers: a block of a runtime array of their element; constant buffers: a
Uniform block of their members), and where an access needs it a view of
the same binding with another element type (a runtime array of ushort,
half, float, ulong, ...).  See `resources` for the conventions.

Owns: resource variables, their decorations (`DescriptorSet`, `Binding`,
`Block`, `Offset`, `ArrayStride`, `NonWritable`, `Aliased`), finding the
resource a handle names, and pointers into buffers (by byte address, or by
element and offset for structured buffers, or by row for constant
buffers).  Does not own: the operations that use them (`ops`, `matrices`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import SpirvError, no_mapping
from .descriptors import Laid, ResourceInfo, find_scalar, lay_out, layout_problem, laid_struct
from .module import Id

if TYPE_CHECKING:  # pragma: no cover
    from .base import Handle
    from .translate import Translator

_SRV_TYPE_NAMES = {"RawBuffer": "ByteAddressBuffer", "StructuredBuffer": "StructuredBuffer",
                   "TBuffer": "TextureBuffer"}


class Variable:
    """One variable of a resource: its id, the Laid of one element of its
    runtime array (or of the block, for constant buffers) and whether that
    element is a runtime array's (buffers) or the block itself."""

    def __init__(self, var: int, element: Laid, storage: str, runtime: bool) -> None:
        self.var = var
        self.element = element
        self.storage = storage
        self.runtime = runtime
        self.rows = False       # a constant buffer declared as uint4 rows
        self.descriptors = 1    # the descriptors it binds (an array of counters: one per buffer)


class Buffers:
    def __init__(self, tr: "Translator", resources: list[ResourceInfo]) -> None:
        self.tr = tr
        self.m = tr.m
        self.resources = resources
        self.views: dict[tuple[int, Any], Variable] = {}
        self._typed: dict[int, Variable | None] = {}
        self._binding_views: dict[tuple[int, int], list[int]] = {}
        self.rows_only = False      # a constant buffer row chosen at run time: every cbuffer as rows
        self.declared: dict[tuple[int, int], list[ResourceInfo]] = {}

    def binding_conflicts(self) -> list[tuple[ResourceInfo, str]]:
        """Resources sharing a (descriptor set, binding) pair: a warning
        each, at the later declaration (a texture and a sampler may share
        one, as a combined image sampler)."""
        out = []
        for (dset, binding), shared in self.declared.items():
            if len(shared) < 2:
                continue
            classes = {r.cls for r in shared}
            if len(shared) == 2 and classes == {"t", "s"}:
                continue
            first = shared[0]
            for res in shared[1:]:
                out.append((res, f"'{res.name}' takes binding {binding} of descriptor set {dset}, which "
                                 f"'{first.name}' already takes (Vulkan numbers bindings across register "
                                 "classes: move one with [[vk::binding(N, SET)]] or -fvk-{b,t,u,s}-shift)"))
        return out

    # -- finding resources ------------------------------------------------------

    def find(self, cls: str, space: int, register: int) -> ResourceInfo:
        for res in self.resources:
            if res.cls == cls and res.space == space and res.lower <= register and (
                    res.count is None or register < res.lower + res.count):
                return res
        raise self.tr_error(f"no resource is bound at register {cls}{register}, space{space}")

    def find_range(self, cls: str, range_id: int) -> ResourceInfo:
        found = [r for r in self.resources if r.cls == cls]
        if 0 <= range_id < len(found):
            return found[range_id]
        raise self.tr_error(f"no resource range {range_id} of class '{cls}'")

    @staticmethod
    def tr_error(message: str) -> Exception:
        return SpirvError(message)

    # -- variables ----------------------------------------------------------------

    def _declare(self, res: ResourceInfo, block: int, storage: str, name: str) -> int:
        """A variable of a block type (an array of them for resource arrays)."""
        m = self.m
        t = block
        if res.count is None:
            m.capability("RuntimeDescriptorArray")
            t = m.t_runtime_array_plain(block)
        elif res.count > 1:
            t = m.t_array(block, res.count)
        var = m.global_variable(t, storage, name)
        m.decorate(var, "DescriptorSet", res.descriptor_set)
        m.decorate(var, "Binding", res.binding)
        self.tr.interface.append(var)
        self.declared.setdefault((res.descriptor_set, res.binding), [])
        if res not in self.declared[(res.descriptor_set, res.binding)]:
            self.declared[(res.descriptor_set, res.binding)].append(res)
        views = self._binding_views.setdefault((id(res), 0), [])
        views.append(var)
        # Views of one binding alias; that matters only where it is written.
        if res.writable and len(views) == 2:
            m.decorate(views[0], "Aliased")
        if res.writable and len(views) >= 2:
            m.decorate(var, "Aliased")
        return var

    def opaque(self, res: ResourceInfo, t: int) -> int:
        """The UniformConstant variable of an opaque resource (an image, a
        sampler, an acceleration structure) of type `t`, an array of them
        for a range."""
        m = self.m
        if res.count is None:
            m.capability("RuntimeDescriptorArray")
            t = m.t_runtime_array_plain(t)
        elif res.count > 1:
            t = m.t_array(t, res.count)
        var = m.global_variable(t, "UniformConstant", res.name)
        m.decorate(var, "DescriptorSet", res.descriptor_set)
        m.decorate(var, "Binding", res.binding)
        self.tr.interface.append(var)
        self.declared.setdefault((res.descriptor_set, res.binding), []).append(res)
        return var

    def _block(self, element: Laid, stride: int, type_name: str, writable: bool) -> int:
        m = self.m
        runtime = m.t_runtime_array(element.type, stride)
        block = m.t_struct([runtime], type_name, unique=True)
        m.member_decorate(block, 0, "Offset", 0)
        m.decorate(block, "Block")
        if not writable:
            m.member_decorate(block, 0, "NonWritable")
        return block

    def view(self, res: ResourceInfo, scalar: tuple[str, int]) -> Variable:
        """The variable reading `res` as a runtime array of `scalar`
        (("int", 32) is a byte-address buffer's own declaration)."""
        key = (id(res), scalar)
        found = self.views.get(key)
        if found is not None:
            return found
        if res.kind not in ("RawBuffer", "StructuredBuffer", "TBuffer"):
            raise no_mapping(f"raw access to '{res.name}' ({res.kind})")
        m = self.m
        kind, bits = scalar
        if bits == 16:
            m.capability("StorageBuffer16BitAccess")
        elif bits == 8:
            m.capability("StorageBuffer8BitAccess")
        elem_type = m.t_float(bits) if kind == "float" else m.t_int(bits)
        element = Laid("scalar", elem_type, bits // 8)
        element.scalar = scalar
        base = _SRV_TYPE_NAMES.get(res.kind, res.kind)
        type_name = ("type.RW" if res.writable else "type.") + base
        own = scalar == ("int", 32) and (res.kind in ("RawBuffer", "TBuffer") or self.typed(res) is None)
        if not own:
            type_name += "." + m.friendly[elem_type]
        block = self._block(element, bits // 8, type_name, res.writable)
        var = self._declare(res, block, "StorageBuffer", res.name if own else f"{res.name}.{m.friendly[elem_type]}")
        found = self.views[key] = Variable(var, element, "StorageBuffer", True)
        return found

    def vector_view(self, res: ResourceInfo, words: int) -> Variable:
        """The variable reading a byte-address buffer as a runtime array of
        `words`-word vectors (uvec2, uvec4): one load or store of 8 or 16
        bytes where the address is known to be a multiple of that."""
        key = (id(res), ("vector", words))
        found = self.views.get(key)
        if found is not None:
            return found
        m = self.m
        vec = m.t_vector(m.t_int(32), words)
        element = Laid("vector", vec, 4 * words)
        element.count = words
        base = _SRV_TYPE_NAMES.get(res.kind, res.kind)
        type_name = ("type.RW" if res.writable else "type.") + base + "." + m.friendly[vec]
        block = self._block(element, 4 * words, type_name, res.writable)
        var = self._declare(res, block, "StorageBuffer", f"{res.name}.{m.friendly[vec]}")
        found = self.views[key] = Variable(var, element, "StorageBuffer", True)
        return found

    def vector_pointer(self, handle: "Handle", byte_address: int, words: int) -> int:
        """A pointer to the `words`-word vector at a byte address (a
        multiple of its size)."""
        variable = self.vector_view(handle.res, words)
        index = self.tr.shift_right(byte_address, {2: 3, 4: 4}[words])
        return self.pointer(handle, variable, [index], variable.element.type)

    def typed(self, res: ResourceInfo) -> Variable | None:
        """A structured buffer's declaration as a runtime array of its
        element type, when its layout is a valid Vulkan layout."""
        key = id(res)
        if key in self._typed:
            return self._typed[key]
        found = None
        if res.kind == "StructuredBuffer" and res.element is not None:
            m = self.m
            native = self.tr.options.native_16bit
            runtime = Laid("array", 0, res.stride)
            runtime.count, runtime.stride, runtime.elem = 1, res.stride, lay_out(None, res.element, native)
            if layout_problem(runtime, False) is None:
                element = lay_out(m, res.element, native)
                if 16 in _widths(element):
                    m.capability("StorageBuffer16BitAccess")
                base = ("type.RW" if res.writable else "type.") + "StructuredBuffer"
                spelled = getattr(res.element.type, "spell", None)
                if spelled is not None:
                    base += "." + spelled()
                block = self._block(element, res.stride, base, res.writable)
                var = self._declare(res, block, "StorageBuffer", res.name)
                found = Variable(var, element, "StorageBuffer", True)
        self._typed[key] = found
        return found

    def constant_buffer(self, res: ResourceInfo) -> Variable:
        key = (id(res), "cbuffer")
        found = self.views.get(key)
        if found is not None:
            return found
        m = self.m
        native = self.tr.options.native_16bit
        block = None
        laid = None
        rows = False
        if not self.rows_only and res.fields is not None:
            dry = [(name, offset, lay_out(None, layout, native)) for name, offset, layout in res.fields]
            # (Push constants follow the storage-buffer rules, std430.)
            if layout_problem(laid_struct(None, dry, None, res.size), not res.push_constant) is None:
                members = [(name, offset, lay_out(m, layout, native)) for name, offset, layout in res.fields]
                laid = laid_struct(m, members, "type." + res.name, res.size)
                block = laid.type
                if any(b == 16 for _, _, sub in members for b in _widths(sub)):
                    m.capability("UniformAndStorageBuffer16BitAccess")
        if block is None:
            # One uint4 per 16-byte row, as the IR reads constant buffers.
            uint = m.t_int(32)
            count = max(1, (res.size + 15) // 16)
            row = Laid("vector", m.t_vector(uint, 4), 16)
            row.count = 4
            arr = Laid("array", m.t_array(row.type, count, stride=16), count * 16)
            arr.count, arr.stride, arr.elem = count, 16, row
            laid = laid_struct(m, [("rows", 0, arr)], "type." + res.name, count * 16)
            block = laid.type
            rows = True
        m.decorate(block, "Block")
        storage = "Uniform"
        if res.push_constant:
            # [[vk::push_constant]]: the PushConstant block, which no
            # descriptor binds.
            storage = "PushConstant"
            var = m.global_variable(block, storage, res.name)
            self.tr.interface.append(var)
        else:
            var = self._declare(res, block, storage, res.name)
        found = self.views[key] = Variable(var, laid, storage, False)
        found.rows = rows
        return found

    def counter(self, res: ResourceInfo) -> int:
        """The counter of an append, consume or counted structured buffer:
        a StorageBuffer block of one uint, bound (as DXC does when nothing
        says where) after every resource of its descriptor set; for an
        array of N buffers, an array of N such blocks, one per element (as
        DXC's `counter.var` of an array)."""
        key = (id(res), "counter")
        found = self.views.get(key)
        if found is not None:
            return found.var
        m = self.m
        uint = m.t_int(32)
        block = getattr(self, "_counter_block", None)
        if block is None:
            block = self._counter_block = m.t_struct([uint], "type.ACSBuffer.counter", unique=True)
            m.member_decorate(block, 0, "Offset", 0)
            m.decorate(block, "Block")
        count = res.count if res.count is not None and res.count > 1 else None
        var = m.global_variable(m.t_array(block, count) if count is not None else block, "StorageBuffer",
                                "counter.var." + res.name)
        dset = res.descriptor_set
        if res.counter_binding is not None:
            binding, dset = res.counter_binding
        else:
            taken = [r.binding + max((r.count or 1) - 1, 0) for r in self.resources if r.descriptor_set == dset]
            counters = sum(v.descriptors for k, v in self.views.items() if k[1] == "counter")
            binding = max(taken, default=-1) + 1 + counters
        m.decorate(var, "DescriptorSet", dset)
        m.decorate(var, "Binding", binding)
        self.tr.interface.append(var)
        found = self.views[key] = Variable(var, Laid("scalar", uint, 4), "StorageBuffer", False)
        found.descriptors = count or 1
        return var

    # -- pointers ----------------------------------------------------------------

    def pointer(self, handle: "Handle", variable: Variable, path: list[int], scalar_type: int) -> int:
        """An access chain to a scalar of a resource: the array element of
        the binding (resource arrays), the runtime array (buffers) and
        `path` (ids)."""
        tr = self.tr
        chain: list[int] = []
        res = handle.res
        if res.count is None or res.count > 1:
            chain.append(handle.index if handle.index is not None else tr.uint(0))
        if variable.runtime:
            chain.append(tr.uint(0))
        chain += path
        ptr_type = self.m.t_pointer(variable.storage, scalar_type)
        pid = tr.emit("AccessChain", ptr_type, Id(variable.var), *[Id(c) for c in chain])
        if handle.non_uniform:
            self.m.capability("ShaderNonUniform")
            if res.count is None or res.count > 1:
                self.m.capability("UniformBufferArrayNonUniformIndexing" if variable.storage == "Uniform"
                                  else "StorageBufferArrayNonUniformIndexing")
            self.m.decorate(pid, "NonUniform")
        return pid

    def block_pointer(self, handle: "Handle", variable: Variable) -> int:
        """A pointer to the block itself (for OpArrayLength)."""
        res = handle.res
        if res.count is None or res.count > 1:
            tr = self.tr
            index = handle.index if handle.index is not None else tr.uint(0)
            var_type = self.m.value_type[variable.var]
            pointee = self.m.type_of[var_type][2]
            block = self.m.type_of[pointee][1]
            return tr.emit("AccessChain", self.m.t_pointer(variable.storage, block), Id(variable.var), Id(index))
        return variable.var

    def element_index(self, byte_address: int, size: int) -> int:
        """A byte address as an index of `size`-byte elements."""
        tr = self.tr
        uint = self.m.t_int(32)
        shift = {1: 0, 2: 1, 4: 2, 8: 3}[size]
        if shift == 0:
            return byte_address
        return tr.emit("ShiftRightLogical", uint, Id(byte_address), Id(tr.uint(shift)))

    def scalar_pointer(self, handle: "Handle", byte_address: int, scalar: tuple[str, int]) -> int:
        """A pointer to the `scalar` at a byte address of a raw view."""
        variable = self.view(handle.res, scalar)
        index = self.element_index(byte_address, scalar[1] // 8)
        return self.pointer(handle, variable, [index], variable.element.type)

    def structured_pointer(self, handle: "Handle", index: int, offset: int | None) -> tuple[int, Laid] | None:
        """A pointer to the scalar at a constant byte offset of element
        `index` of a structured buffer declared with its element type."""
        variable = self.typed(handle.res)
        if variable is None or offset is None:
            return None
        found = find_scalar(variable.element, offset)
        if found is None:
            return None
        path, leaf = found
        scalar_type = self.m.t_float(leaf.scalar[1]) if leaf.scalar[0] == "float" else self.m.t_int(leaf.scalar[1])
        ids = [index] + [self.tr.uint(k) for k in path]
        return self.pointer(handle, variable, ids, scalar_type), leaf


def _widths(laid: Laid) -> list[int]:
    if laid.kind in ("scalar", "vector"):
        return [laid.scalar[1]]
    if laid.kind == "array" and laid.elem is not None:
        return _widths(laid.elem)
    return [b for _, sub in laid.fields for b in _widths(sub)]
