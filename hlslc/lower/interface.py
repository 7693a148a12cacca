"""The interface of a lowered module, as reflection reports it.

Owns: turning what lowering decided into plain JSON-ready data: the entry
points with their thread-group and wave sizes, every resource range of
`!dx.resources` with its register, space, array dimensions, Vulkan binding,
element and constant-buffer layout (the offsets `cbufferLoadLegacy` reads),
the groupshared variables the module allocates, every `dx::linalg` matrix
type the lowered calls use (with the operations using it) and the PSV
`MatrixUse` entries exactly as `!dx.linalg.matrixUses` carries them, and
the Wave Matrix types with their methods.

The data are taken from lowering's own records (`ResourceTable` bindings,
`Layout`s, the calls lowered, `Codegen.matrix_uses`), never from the printed
IR: the IR lacks names of cbuffer members, element types of structured
buffers and the Vulkan bindings, and re-reading it would only repeat what
lowering already knows.  The keys are documented in docs/reflection.md and
checked by hlslc/schemas/reflection.schema.json.

Does not own: the top-level reflection object and its API (`hlslc.reflect`, in hlslc/reflection.py),
the JSON schema.
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from ..front import ast as A
from ..sema import types as T
from ..sema import wavematrix
from ..sema.templates import SemaError
from .layout import Layout
from .metadata import entry_sizes

if TYPE_CHECKING:  # pragma: no cover
    from .codegen import Codegen
    from .bindings import Binding

CLASS_NAMES = {"t": "SRV", "u": "UAV", "b": "CBV", "s": "Sampler"}

# DXIL ComponentType names (the numbers of `!dx.resources` typed elements).
_COMPONENT_TYPE_NAMES = {1: "I1", 2: "I16", 3: "U16", 4: "I32", 5: "U32", 6: "I64", 7: "U64", 8: "F16", 9: "F32",
                         10: "F64", 11: "SNormF16", 12: "UNormF16", 13: "SNormF32", 14: "UNormF32", 15: "SNormF64",
                         16: "UNormF64"}


def module_interface(gen: "Codegen") -> dict[str, Any]:
    """Everything reflection reports about the module `gen` lowered."""
    return {
        "entry_points": [_entry_point(gen, fn) for _, fn in gen.entries],
        "resources": [_resource(gen, binding) for binding in gen.res.bindings],
        "groupshared": _groupshared(gen),
        "linalg": _linalg(gen),
        "wave_matrices": _wave_matrices(gen),
    }


# --------------------------------------------------------------------------
# Entry points

def _entry_point(gen: "Codegen", fn: Any) -> dict[str, Any]:
    numthreads, wavesize = entry_sizes(gen, fn)
    threads = None
    if numthreads is not None:
        threads = numthreads[0] * numthreads[1] * numthreads[2]
    wave = None
    if wavesize:
        low = wavesize[0]
        high = wavesize[1] if len(wavesize) > 1 and wavesize[1] else low
        preferred = wavesize[2] if len(wavesize) > 2 and wavesize[2] else None
        wave = {"min": low, "max": high, "preferred": preferred}
    return {"name": fn.name, "stage": "compute", "numthreads": numthreads, "threads_per_group": threads,
            "wave_size": wave}


# --------------------------------------------------------------------------
# Resources

def _resource(gen: "Codegen", binding: "Binding") -> dict[str, Any]:
    resource = binding.resource
    if resource is None:            # a cbuffer or tbuffer block, or $Globals
        kind = binding.kind_name.lower()
        spelled = kind
    else:
        kind = resource.name
        spelled = resource.spell()
    if binding.dims:
        dims = list(binding.dims)
    elif binding.symbol is not None:
        dims = _array_dims(gen.engine.var_type(binding.symbol))
    else:
        dims = []
    out: dict[str, Any] = {
        "name": binding.name,
        "type": spelled,
        "kind": kind,
        "class": CLASS_NAMES[binding.register_class],
        "dxil_kind": binding.kind_name,
        "register": f"{binding.register_class}{binding.lower}",
        "space": binding.space,
        "register_count": binding.count,
        "explicit": binding.declared_binding is not None,
        "array_dims": dims,
        "vulkan": _vulkan_binding(gen, binding.attributes),
        "element": _element(gen, binding),
        "globally_coherent": binding.globally_coherent,
        "has_counter": binding.has_counter,
        "size": None,
        "members": None,
    }
    if binding.kind_name in ("CBuffer", "TBuffer"):
        out["size"] = binding.size
        if binding.layout is not None:          # ConstantBuffer<T>: T's members
            out["members"] = [_member(name, offset, layout) for name, offset, layout in binding.layout.fields]
        else:
            out["members"] = [_member(sym.name, offset, layout) for sym, offset, layout in binding.member_list]
    return out


def _array_dims(t: T.Type) -> list[int | None]:
    dims: list[int | None] = []
    while isinstance(t, T.ArrayType):
        dims.append(t.size)
        t = t.elem
    return dims


def _vulkan_binding(gen: "Codegen", attributes: list[A.Attribute]) -> dict[str, int] | None:
    """`[[vk::binding(binding)]]` or `[[vk::binding(binding, set)]]`; the set
    defaults to 0, as in DXC's SPIR-V output."""
    for attr in attributes:
        if attr.namespace == "vk" and attr.name == "binding" and attr.args:
            try:
                values = [int(gen.engine.evaluate(arg, gen.engine.global_env).value) for arg in attr.args[:2]]
            except (SemaError, TypeError, ValueError):
                return None     # not constants: SPIR-V output would reject it; reflection has nothing to say
            if min(values) < 0:
                return None
            return {"binding": values[0], "set": values[1] if len(values) > 1 else 0}
    return None


def _element(gen: "Codegen", binding: "Binding") -> dict[str, Any] | None:
    resource = binding.resource
    if resource is None or resource.elem is None or binding.kind_name in ("CBuffer", "TBuffer") \
            or binding.kind_name.startswith("FeedbackTexture"):
        return None       # (a feedback texture's argument is its kind, in "type")
    elem = resource.elem
    out: dict[str, Any] = {"type": elem.spell(), "stride": None, "component_type": None, "components": None,
                           "layout": None}
    if binding.kind_name == "StructuredBuffer":
        out["stride"] = binding.stride
        out["layout"] = _layout(gen.structured_layouts.of(elem, resource.major), 0)
    else:
        out["component_type"] = _COMPONENT_TYPE_NAMES.get(binding.component_type)
        out["components"] = binding.component_count
    return out


def _member(name: str, offset: int, layout: Layout) -> dict[str, Any]:
    return {"name": name, **_layout(layout, offset)}


def _layout(layout: Layout, offset: int) -> dict[str, Any]:
    """A value of `layout` placed at byte `offset`; nested offsets are from
    the same origin (the start of the buffer or of the element)."""
    out: dict[str, Any] = {"type": layout.type.spell(), "kind": layout.kind, "offset": offset, "size": layout.size}
    if layout.kind == "matrix":
        out["row_major"] = layout.row_major
    elif layout.kind == "array":
        assert layout.elem is not None
        out["elements"] = layout.count
        out["stride"] = layout.stride
        out["element"] = _layout(layout.elem, offset)
    elif layout.kind == "struct":
        out["members"] = [_member(name, offset + field_offset, field)
                          for name, field_offset, field in layout.fields]
    return out


# --------------------------------------------------------------------------
# Groupshared memory

def _groupshared(gen: "Codegen") -> dict[str, Any]:
    """The groupshared variables the module allocates (those some lowered
    code uses), each sized as its elements lie in a structured buffer: every
    scalar its size, a struct aligned to its largest scalar, no padding to
    16-byte rows."""
    variables = []
    for sym in gen._global_vars():
        if sym.is_groupshared and id(sym) in gen.globals:
            t = gen.engine.var_type(sym)
            variables.append({"name": sym.name, "type": t.spell(), "bytes": gen.structured_layouts.of(t).size})
    return {"total_bytes": sum(v["bytes"] for v in variables), "variables": variables}


# --------------------------------------------------------------------------
# Matrices

def _linalg(gen: "Codegen") -> dict[str, Any]:
    matrices: dict[Any, dict[str, Any]] = {}
    for call in gen.linalg_lowered:
        roles = ([call.matrix] if call.matrix is not None else []) + list(call.operands)
        for shape in roles:
            entry = matrices.get(shape)
            if entry is None:
                entry = matrices[shape] = {
                    "type": shape.spell(), "component_type": shape.component, "m": shape.m, "n": shape.n,
                    "k": shape.k_dimension, "use": shape.use, "scope": shape.scope, "operations": []}
            if call.operation not in entry["operations"]:
                entry["operations"].append(call.operation)
    scopes = {v: k for k, v in gen.ops.enum("MatrixScope").items()}
    components = {v: k for k, v in gen.ops.enum("MatrixComponentType").items()}
    uses = [{"m": m, "n": n, "k": k, "scope": scopes[scope], "operand_type": components[operand],
             "result_type": components[result]} for m, n, k, scope, operand, result in gen.matrix_uses]
    return {"matrices": list(matrices.values()), "matrix_uses": uses}


def _wave_matrices(gen: "Codegen") -> list[dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for wm, operation in gen.wave_matrix_lowered:
        key = wm.spell()
        entry = found.get(key)
        if entry is None:
            entry = found[key] = {"type": key, "kind": wm.kind, "element_type": wm.elem.spell(),
                                  "component_type": wavematrix.component_type(wm.elem), "m": wm.m, "n": wm.n,
                                  "operations": []}
        if operation is not None and operation not in entry["operations"]:
            entry["operations"].append(operation)
    return list(found.values())
