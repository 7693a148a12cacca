"""Binding a pipeline to a module's entry: the resources at their registers
(descriptor sets, heaps, root parameters, push constants), the entry's
thread group and wave sizes, and the specialization constants, read from
the module's metadata.  Both CPU engines (the interpreter's `executor` and
the `jit`) bind through it.

Owns: `Resource` (a bound buffer or sampler), `Bindings` (what one entry of
a module binds of one pipeline), `parse_root_signature`.  Does not own:
reading pipeline files (`pipeline`), running the dispatch.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from ..dxil import reader as R
from .errors import RunError
from .layout import MemoryType, MemoryTypes
from .pipeline import Pipeline


class Resource:
    """A bound buffer: its bytes, element stride, and how it was bound (or
    a bound sampler: `sampler` its pipeline entry, no data)."""

    __slots__ = ("name", "data", "stride", "kind", "buffer", "writable", "counter", "sampler", "shadow", "written")

    def __init__(self, name: str, data: np.ndarray, stride: int, kind: str, buffer: Any, writable: bool) -> None:
        self.name = name
        self.data = data              # uint8, shared by the dispatch
        self.stride = stride
        self.kind = kind
        self.buffer = buffer
        self.writable = writable
        self.counter = 0
        self.sampler: Any = None
        self.shadow: Any = None          # the interpreter's --check: who accessed each byte (base.BufferShadow)
        self.written = False             # the dispatch stored into it


def parse_root_signature(text: str) -> list[tuple[str, str, int, int]]:
    """A root signature's parameters: (kind, register class, register,
    space) for RootConstants, CBV, SRV and UAV, ("DescriptorTable", "", 0,
    0) for a table."""
    params: list[tuple[str, str, int, int]] = []
    depth, start = 0, 0
    items = []
    for k, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(text[start:k])
            start = k + 1
    items.append(text[start:])
    for item in items:
        item = item.strip()
        head = item.split("(", 1)[0].strip()
        # The grammar's keywords are case-insensitive.
        head = {h.lower(): h for h in ("RootFlags", "StaticSampler", "DescriptorTable", "RootConstants", "CBV",
                                       "SRV", "UAV")}.get(head.lower(), head)
        if head in ("RootFlags", "StaticSampler", ""):
            continue
        if head == "DescriptorTable":
            params.append(("DescriptorTable", "", 0, 0))
            continue
        reg = re.search(r"\b([btus])(\d+)\b", item)
        space = re.search(r"space\s*=\s*(\d+)", item, re.IGNORECASE)
        if head not in ("RootConstants", "CBV", "SRV", "UAV") or reg is None:
            raise RunError(f"cannot read the root signature parameter '{item}'")
        params.append((head, reg.group(1), int(reg.group(2)), int(space.group(1)) if space else 0))
    return params


class Bindings:
    """What one compute entry of a module binds of a pipeline: `resources`
    by (class, space, register) (and by ("heap"|"sampler heap", 0, index)),
    the entry's thread group size.  With `copy`, each buffer's bytes are a
    copy that `write_back` puts back into the pipeline; without, a view of
    the pipeline buffer's own array, written in place."""

    def __init__(self, mod: R.Module, pipeline: Pipeline, entry: R.Function, copy: bool = True) -> None:
        self.mod = mod
        self.pipeline = pipeline
        self.entry = entry
        self.copy = copy
        self.resources = self.bind()

    def bytes_of(self, part: np.ndarray) -> np.ndarray:
        """A buffer's bytes as the dispatch sees them: a copy, or (in place)
        a view of the pipeline buffer's own array, made contiguous and
        writable first."""
        if self.copy:
            return np.frombuffer(bytearray(part.tobytes()), dtype=np.uint8).copy()
        if not (part.flags.c_contiguous and part.flags.writeable):
            raise RunError("an in-place binding of a buffer that is not a contiguous writable array")
        return part.reshape(-1).view(np.uint8)

    def write_back(self) -> None:
        """Copy what the dispatch wrote into the pipeline's buffers (in
        place: only the counters)."""
        if not self.copy:
            for res in self.resources.values():
                if res.buffer is not None:
                    res.buffer.counter = res.counter
            return
        parts: dict[int, list[Resource]] = {}
        seen: set[int] = set()
        for key in sorted(self.resources, key=lambda k: (k[0] in ("heap", "sampler heap"), k)):
            res = self.resources[key]
            if res.buffer is not None and id(res) not in seen:   # (push constants are no pipeline buffer)
                seen.add(id(res))
                parts.setdefault(id(res.buffer), []).append(res)
                res.buffer.counter = res.counter
        for group in parts.values():
            buf = group[0].buffer
            raw = b"".join(r.data.tobytes() for r in group)
            buf.data = np.frombuffer(raw, dtype=buf.data.dtype).copy()

    def numthreads(self, entry: str) -> tuple[int, int, int]:
        for ref in self.mod.named_metadata.get("dx.entryPoints", []):
            node = self.mod.md_node(ref) or []
            if len(node) >= 5 and node[0].endswith("@" + entry):
                props = self.mod.md_node(node[4]) or []
                for k in range(0, len(props) - 1, 2):
                    if self.mod.md_int(props[k]) == 4:
                        dims = [self.mod.md_int(x) for x in self.mod.md_node(props[k + 1]) or []]
                        if len(dims) == 3 and all(d for d in dims):
                            return (dims[0], dims[1], dims[2])
        raise RunError(f"the entry '{entry}' has no thread group size (numthreads) in its metadata")

    def _entry_properties(self, entry: str) -> dict[int, str]:
        for ref in self.mod.named_metadata.get("dx.entryPoints", []):
            node = self.mod.md_node(ref) or []
            if len(node) >= 5 and node[0].endswith("@" + entry):
                props = self.mod.md_node(node[4]) or []
                return {self.mod.md_int(props[k]): props[k + 1] for k in range(0, len(props) - 1, 2)}
        return {}

    def wave_size(self, entry: str) -> int | None:
        """[WaveSize(N)] (tag 11) or [WaveSize(min, max, preferred)] (tag 23):
        the size a dispatch uses when --wave-size does not say."""
        props = self._entry_properties(entry)
        if 11 in props:
            node = self.mod.md_node(props[11])
            return self.mod.md_int(node[0]) if node else self.mod.md_int(props[11])
        if 23 in props:
            sizes = [self.mod.md_int(x) for x in self.mod.md_node(props[23]) or []]
            preferred = sizes[2] if len(sizes) > 2 and sizes[2] else None
            return preferred or (sizes[0] if sizes else None)
        return None

    def resource_records(self) -> dict[str, list[list[str]]]:
        """!dx.resources records by class: 't', 'u', 'b', 's'."""
        out: dict[str, list[list[str]]] = {"t": [], "u": [], "b": [], "s": []}
        refs = self.mod.named_metadata.get("dx.resources", [])
        if not refs:
            return out
        lists = self.mod.md_node(refs[0]) or []
        for cls, ref in zip("tubs", lists):
            for rec in self.mod.md_node(ref) or []:
                out[cls].append(self.mod.md_node(rec) or [])
        return out

    def bind(self) -> dict[tuple[str, int, int], Resource]:
        """Every pipeline resource by (class, space, register)."""
        out: dict[tuple[str, int, int], Resource] = {}
        for res in self.pipeline.resources:
            # Where the resource is: its registers, and (SM 6.6 dynamic
            # resources) its place in the resource or sampler heap, which
            # the key ("heap" or "sampler heap", 0, index) names.
            places = []
            cls = res.register_class
            if res.dx_bound:
                places.append((cls, res.space, res.register))
            if res.heap_index is not None:
                places.append(("sampler heap" if cls == "s" else "heap", 0, res.heap_index))
            if cls == "s":
                # A sampler: no data; its Samplers entry says how it samples.
                bound = Resource(res.name, np.zeros(0, dtype=np.uint8), 0, res.kind, None, False)
                bound.sampler = self.pipeline.samplers[res.name]
                for place in places:
                    out[place] = bound
                continue
            buf = self.pipeline.buffers.get(res.name)
            if buf is None:
                continue
            stride = buf.stride or buf.dtype.itemsize * buf.channels
            # An array of N resources (`ArraySize: N`) takes N registers (N
            # heap places), each with its part of the data.
            parts = np.array_split(buf.data, buf.array_size) if buf.array_size > 1 else [buf.data]
            for k, part in enumerate(parts):
                data = self.bytes_of(part)
                bound = Resource(res.name, data, stride, res.kind, buf, cls == "u")
                bound.counter = buf.counter
                for what, space, first in places:
                    out[(what, space, first + k)] = bound
        self._bind_root_parameters(out)
        self._bind_push_constants(out)
        return out

    def push_constant_blocks(self) -> dict[tuple[str, int, int], str]:
        """The module's [[vk::push_constant]] blocks (constant buffers of
        their own) by (class, space, register): their names."""
        out = {}
        for ref in self.mod.named_metadata.get("hlslc.pushConstants", []):
            node = self.mod.md_node(ref) or []
            if len(node) >= 3:
                name = self.mod.md_string(node[0]) or "push constants"
                out[("b", self.mod.md_int(node[1]) or 0, self.mod.md_int(node[2]) or 0)] = name
        return out

    def _bind_push_constants(self, out: dict[tuple[str, int, int], Resource]) -> None:
        """The pipeline's PushConstants (of the Compute stage), bound to the
        module's push constant block, the rest of the block zero."""
        data = self.pipeline.push_constants
        if data is None:
            return
        for place, name in self.push_constant_blocks().items():
            block = bytearray(data)
            block.extend(b"\0" * (-len(block) % 16))
            out[place] = Resource(name, np.frombuffer(block, dtype=np.uint8).copy(), 16, "ConstantBuffer", None,
                                  False)

    def _bind_root_parameters(self, out: dict[tuple[str, int, int], Resource]) -> None:
        """A pipeline's DirectX root parameters, bound where the entry's
        [RootSignature] puts the parameter of the same position: root
        constants and root descriptors (CBV/SRV/UAV) name their register;
        a descriptor table's resources are the DescriptorSets'."""
        params = self.pipeline.root_parameters
        if not params:
            return
        signature = self._root_signature()
        if signature is None:
            raise RunError("the pipeline gives root parameters, but the entry has no [RootSignature] to place "
                           "them")
        for param, (what, cls, register, space) in zip(params, signature):
            if param.kind == "DescriptorTable" or param.name is None:
                continue
            expected = "RootConstants" if param.kind == "Constant" else "CBV, SRV or UAV"
            if (param.kind == "Constant") != (what == "RootConstants") or what == "DescriptorTable":
                raise RunError(f"root parameter '{param.name}' is a {param.kind}, but the root signature's "
                               f"parameter in its place is {what} (expected {expected})")
            buf = self.pipeline.buffers[param.name]
            if buf.array_size > 1:
                what_param = "root constant" if param.kind == "Constant" else "root descriptor"
                raise RunError(f"a {what_param} cannot refer to a resource array: buffer '{param.name}' has "
                               f"ArraySize {buf.array_size}")
            kind = "ConstantBuffer" if param.kind == "Constant" else param.resource_kind
            stride = buf.stride or buf.dtype.itemsize * buf.channels
            data = self.bytes_of(buf.data)
            out[(cls, space, register)] = Resource(param.name, data, stride, kind, buf, cls == "u")

    def _root_signature(self) -> list[tuple[str, str, int, int]] | None:
        """The entry's root parameters in order: (what, register class,
        register, space); RootFlags and StaticSampler are not parameters."""
        for ref in self.mod.named_metadata.get("hlslc.rootSignature", []):
            node = self.mod.md_node(ref) or []
            if len(node) >= 2 and node[0].endswith(self.entry.name):
                text = node[1].strip()
                if text.startswith("!\""):
                    text = text[2:-1]
                elif text.startswith('!"'):
                    text = text[2:-1]
                return parse_root_signature(text)
        return None

    def resource_at(self, cls: str, space: int, register: int, line: int | None) -> Resource:
        """The resource bound at a register of class t/u/b/s, or at an index
        of the descriptor heaps (class "heap" or "sampler heap", space 0)."""
        res = self.resources.get((cls, space, register))
        if res is None and (cls, space, register) in self.push_constant_blocks():
            raise RunError(f"the shader reads the push constant block "
                           f"'{self.push_constant_blocks()[(cls, space, register)]}', but the pipeline gives no "
                           "PushConstants for the Compute stage", line)
        if res is None and cls in ("heap", "sampler heap"):
            what = "SamplerDescriptorHeap" if cls == "sampler heap" else "ResourceDescriptorHeap"
            raise RunError(f"the shader reads {what}[{register}], but no resource of the pipeline has HeapIndex "
                           f"{register}{' (a sampler)' if cls == 'sampler heap' else ''}", line)
        if res is None and cls == "t" and self._acceleration_structure_at(space, register):
            raise RunError(f"the shader traces rays through the RaytracingAccelerationStructure at register "
                           f"t{register}, space{space}: inline ray tracing (RayQuery) does not run on the CPU "
                           "runner, which has no acceleration structures (nor does the pipeline format)", line)
        if res is None:
            what = "sampler" if cls == "s" else "buffer"
            raise RunError(f"the shader uses register {cls}{register}, space{space}, but the pipeline binds no "
                           f"{what} there", line)
        return res

    def _acceleration_structure_at(self, space: int, register: int) -> bool:
        """Whether the module's SRV at (space, register) is an acceleration
        structure (ResourceKind 16 in its `!dx.resources` record)."""
        for rec in self.resource_records()["t"]:
            fields = [self.mod.md_int(x) for x in rec[3:7]] if len(rec) >= 7 else []
            if len(fields) == 4 and fields[0] == space and fields[3] == 16 and fields[1] is not None \
                    and fields[2] is not None and fields[1] <= register < fields[1] + max(fields[2], 1):
                return True
        return False

    def spec_constants(self, types: MemoryTypes) -> list[tuple[str, MemoryType, Any]]:
        """The pipeline's SpecializationConstants (of the Compute shader) for
        the module's [[vk::constant_id]] globals, as Vulkan sets them: the
        value's bits, of the constant's size (a bool takes a 32-bit
        VkBool32): (global name, its scalar type, the value)."""
        shader = self.pipeline.compute_shader()
        out = []
        for ref in self.mod.named_metadata.get("hlslc.specConstants", []):
            node = self.mod.md_node(ref) or []
            if len(node) < 2:
                continue
            name, cid = "@" + (self.mod.md_string(node[0]) or ""), self.mod.md_int(node[1])
            g = self.mod.globals.get(name)
            t = types.get(g.type) if g is not None and g.type != "?" else None
            if cid is None or t is None or t.kind != "scalar":
                continue
            is_bool = t.dtype == np.bool_
            raw = shader.spec_constant_bytes(cid, 4 if is_bool else t.dtype.itemsize)
            if raw is None:
                continue
            value = int.from_bytes(raw, "little") != 0 if is_bool else np.frombuffer(raw, dtype=t.dtype)[0]
            out.append((name, t, value))
        return out
