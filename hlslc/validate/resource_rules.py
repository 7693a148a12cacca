"""The IR validator's resource rules: which resources an operation may use
(`IR-RESOURCE-KIND`) and which memory an LLVM atomic may address
(`IR-ATOMIC-TARGET`), as DXC's validator decides them.

Owns: what a `%dx.types.Handle` value is (`ResourceRules.resource_of`):
its resource class (SRV, UAV, CBuffer, Sampler) and, where the IR says,
its DXIL ResourceKind.  The handle is traced through `phi` and `select` to
the call that made it: `annotateHandle` (the ResourceProperties constant:
the kind in the low byte of word 0, bit 12 for a UAV), `createHandle` (the
class operand, and the kind from the `!dx.resources` record of its range),
`createHandleFromBinding` (the class, last field of its ResBind) or
`createHandleFromHeap` (a sampler-heap handle is a Sampler).  Anything
else (a parameter, a load, an unknown operation) makes the handle unknown,
and an unknown handle is never reported.  Also owns the table of what each
resource operation accepts (`_ACCEPTS`) and the address-space check of
`atomicrmw`/`cmpxchg`.

Does not own: the validator's driver and reporting (`checks.Validator`),
the dx::linalg descriptor rule (`LINALG-RESOURCE-KIND`, in `checks`, which
asks `resource_of` what its handle is).
"""

from __future__ import annotations

import re
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)

from ..dxil import ops as ir_ops
from ..records import ValueRecord
from ..dxil.reader import Function, Instruction, Operand, split_top, take_operand
from ..patterns import LazyPattern

if TYPE_CHECKING:
    from .checks import Validator

GROUPSHARED_ADDRSPACE = 3
NODE_RECORD_ADDRSPACE = 6      # work graph records: DXC allows atomics there too

HANDLE = "%dx.types.Handle"
_UAV_BIT = 0x1000
_INTEGERS = re.compile(r"i\d+\s+(-?\d+)")
_POINTER_SPACE = LazyPattern(r"addrspace\((\d+)\)\s*\*$")
_GLOBAL_NAME = LazyPattern(r'@(?:[-a-zA-Z$._0-9]+|"[^"]*")')


class HandleResource(ValueRecord):
    """What a handle refers to: `resource_class` is a ResourceClass name;
    `kind` a ResourceKind name, or None when the call that made the handle
    does not say (createHandleFromBinding without annotateHandle)."""

    resource_class: str
    kind: str | None
    origin: Instruction | None
    _fields = ("resource_class", "kind", "origin")

    def __init__(self, resource_class: str, kind: str | None, origin: Instruction | None) -> None:
        self.resource_class = resource_class
        self.kind = kind
        self.origin = origin

    __hash__ = None  # type: ignore[assignment]

    def spell(self) -> str:
        """`an SRV (TypedBuffer)`, `a UAV`, `a CBuffer`."""
        shown = self.kind if self.kind not in (None, self.resource_class) else None
        return _article(self.resource_class) + (f" ({shown})" if shown else "")


def _squash_type(t: str | None) -> str:
    return (t or "").replace('"', "").replace(" ", "")


def _article(word: str) -> str:
    # as the words are read out: "an SRV" ("ess-"), "a UAV" ("you-")
    return ("an " if word == "SRV" or (word[:1] in "AEIO") else "a ") + word


def _either(words) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class Accepts(ValueRecord):
    """What one handle operand of an operation may be: the classes, and the
    kinds (None: any kind), each with the reason in the user's terms."""

    operand: str
    classes: tuple[str, ...]
    class_reason: str
    kinds: tuple[str, ...] | None
    kind_reason: str
    _fields = ("operand", "classes", "class_reason", "kinds", "kind_reason")

    def __init__(self, operand: str, classes: tuple[str, ...], class_reason: str,
                 kinds: tuple[str, ...] | None = None, kind_reason: str = "") -> None:
        self.operand = operand
        self.classes = classes
        self.class_reason = class_reason
        self.kinds = kinds
        self.kind_reason = kind_reason


_UAV = ("UAV",)
_READABLE = ("SRV", "UAV")
_BUFFERS = ("TypedBuffer", "RawBuffer", "StructuredBuffer", "TBuffer")
_RAW_BUFFERS = ("RawBuffer", "StructuredBuffer")
_LOADABLE_TEXTURES = ("Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture3D",
                      "Texture2DMS", "Texture2DMSArray")
_SAMPLED_TEXTURES = ("Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture3D",
                     "TextureCube", "TextureCubeArray")
_COMPARED_TEXTURES = tuple(k for k in _SAMPLED_TEXTURES if k != "Texture3D")
_GATHERED_TEXTURES = ("Texture2D", "Texture2DArray", "TextureCube", "TextureCubeArray")


def _sampling(verb: str, kinds: tuple[str, ...]) -> tuple[Accepts, ...]:
    return (Accepts("srv", ("SRV",), f"{verb} a texture", kinds, f"{verb} a texture"),
            Accepts("sampler", ("Sampler",), "takes its sampler state from its second handle"))


# DXC's DxilValidation: Instr.ResourceClassForUAVStore, ResourceClassForLoad,
# ResourceClassForSamplerGather, AtomicIntrinNonUAV, BufferUpdateCounterOnUAV,
# ResourceKindForBufferLoadStore, ResourceKindForTextureLoad/Store,
# ResourceKindForSample(C), ResourceKindForGather, ResourceKindForCalcLOD,
# Sm.CounterOnlyOnStructBuf.  The comparison-sampler half of the sample
# rules (SamplerModeForSample(C)) is left out: a sampler heap handle does
# not say which kind of sampler it is.
_ACCEPTS: dict[str, tuple[Accepts, ...]] = {
    "BufferStore": (Accepts("uav", _UAV, "writes memory", _BUFFERS, "stores to a buffer"),),
    "RawBufferStore": (Accepts("handle", _UAV, "writes memory", _RAW_BUFFERS,
                               "stores to a byte-address or structured buffer"),),
    "RawBufferVectorStore": (Accepts("uav", _UAV, "writes memory", _RAW_BUFFERS,
                                     "stores to a byte-address or structured buffer"),),
    "TextureStore": (Accepts("uav", _UAV, "writes memory",
                             _LOADABLE_TEXTURES, "stores to a texture"),),
    "TextureStoreSample": (Accepts("srv", _UAV, "writes memory", ("Texture2DMS", "Texture2DMSArray"),
                                   "stores to a sample of a multisampled texture"),),
    "BufferUpdateCounter": (Accepts("uav", _UAV, "changes a buffer's hidden counter", ("StructuredBuffer",),
                                    "changes the counter only structured buffers have"),),
    "AtomicBinOp": (Accepts("handle", _UAV, "updates memory atomically"),),
    "AtomicCompareExchange": (Accepts("handle", _UAV, "updates memory atomically"),),
    "BufferLoad": (Accepts("srv", _READABLE, "reads a buffer", _BUFFERS, "reads a buffer"),),
    "RawBufferLoad": (Accepts("handle", _READABLE, "reads a buffer", _RAW_BUFFERS,
                              "reads a byte-address or structured buffer"),),
    "RawBufferVectorLoad": (Accepts("buf", _READABLE, "reads a buffer", _RAW_BUFFERS,
                                    "reads a byte-address or structured buffer"),),
    "TextureLoad": (Accepts("srv", _READABLE, "reads a texture", _LOADABLE_TEXTURES,
                            "reads a texture"),),
    "CBufferLoad": (Accepts("handle", ("CBuffer",), "reads a constant buffer"),),
    "CBufferLoadLegacy": (Accepts("handle", ("CBuffer",), "reads a constant buffer"),),
    "Sample": _sampling("samples", _SAMPLED_TEXTURES),
    "SampleBias": _sampling("samples", _SAMPLED_TEXTURES),
    "SampleLevel": _sampling("samples", _SAMPLED_TEXTURES),
    "SampleGrad": _sampling("samples", _SAMPLED_TEXTURES),
    "SampleCmp": _sampling("samples and compares", _COMPARED_TEXTURES),
    "SampleCmpLevelZero": _sampling("samples and compares", _COMPARED_TEXTURES),
    "SampleCmpLevel": _sampling("samples and compares", _COMPARED_TEXTURES),
    "SampleCmpGrad": _sampling("samples and compares", _COMPARED_TEXTURES),
    "SampleCmpBias": _sampling("samples and compares", _COMPARED_TEXTURES),
    "TextureGather": _sampling("gathers from", _GATHERED_TEXTURES),
    "TextureGatherCmp": _sampling("gathers from", _GATHERED_TEXTURES),
    "TextureGatherRaw": _sampling("gathers from", ("Texture2D", "Texture2DArray")),
    "CalculateLOD": (Accepts("handle", ("SRV",), "computes the level of detail of a texture", _SAMPLED_TEXTURES,
                             "computes the level of detail of a texture"),
                     Accepts("sampler", ("Sampler",), "takes its sampler state from its second handle")),
    # Sampler feedback (SM 6.5): a FeedbackTexture2D[Array] UAV records what
    # sampling an SRV Texture2D[Array] with a sampler would read.
    **{name: (Accepts("feedbackTex", _UAV, "records sampler feedback",
                      ("FeedbackTexture2D", "FeedbackTexture2DArray"), "records into a feedback texture"),
              Accepts("sampledTex", ("SRV",), "describes sampling a texture", ("Texture2D", "Texture2DArray"),
                      "describes sampling a 2D texture"),
              Accepts("sampler", ("Sampler",), "takes its sampler state from its third handle"))
       for name in ("WriteSamplerFeedback", "WriteSamplerFeedbackBias", "WriteSamplerFeedbackLevel",
                    "WriteSamplerFeedbackGrad")},
    # Wave Matrix (SM 6.8) and dx::linalg (SM 6.10) memory operations take
    # (RW)ByteAddressBuffers; that a linalg store or accumulate writes a UAV is
    # LINALG-RESOURCE-KIND's, with the matrix scope it depends on.
    "WaveMatrix_LoadRawBuf": (Accepts("handle", _READABLE, "reads a buffer", ("RawBuffer",),
                                      "reads a byte-address buffer"),),
    "WaveMatrix_StoreRawBuf": (Accepts("handle", _UAV, "writes memory", ("RawBuffer",),
                                       "stores to a byte-address buffer"),),
    "MatrixLoadFromDescriptor": (Accepts("handle", _READABLE, "reads a buffer", ("RawBuffer",),
                                         "reads a byte-address buffer"),),
    "MatrixStoreToDescriptor": (Accepts("handle", _READABLE, "writes a buffer", ("RawBuffer",),
                                        "stores to a byte-address buffer"),),
    "MatrixAccumulateToDescriptor": (Accepts("handle", _READABLE, "writes a buffer", ("RawBuffer",),
                                             "accumulates into a byte-address buffer"),),
}

RESOURCE_OPERATIONS = frozenset(_ACCEPTS)


def _check_accepts_table() -> None:
    """Every operand `_ACCEPTS` names is a handle parameter of its operation
    in the operation table (a misspelt name would silently check nothing)."""
    kinds = ir_ops.enum("ResourceKind")
    for name, entries in _ACCEPTS.items():
        params = {p.name: p.type for p in ir_ops.operation(name).params}
        for accepts in entries:
            if params.get(accepts.operand) != "%dx.types.Handle":
                raise ValueError(f"_ACCEPTS: {name} has no handle operand '{accepts.operand}'")
            if set(accepts.kinds or ()) - set(kinds):
                raise ValueError(f"_ACCEPTS: {name} names an unknown resource kind")


_check_accepts_table()


class ResourceRules:
    """IR-RESOURCE-KIND and IR-ATOMIC-TARGET for one module."""

    def __init__(self, validator: "Validator") -> None:
        self.v = validator
        self._kinds = {v: k for k, v in ir_ops.enum("ResourceKind").items()}
        self._classes = {v: k for k, v in ir_ops.enum("ResourceClass").items()}
        self._opcodes = {ir_ops.operation(name).opcode: name for name in
                         ("AnnotateHandle", "CreateHandle", "CreateHandleFromBinding", "CreateHandleFromHeap")}
        self._ranges: dict[tuple[str, int], str | None] | None = None
        self._slots: dict[str, dict[str, list[str] | None]] = {}
        # (function, handle value) -> resource_of: asked by every rule about
        # that handle (each operation's kind rules, the matrix memory rules).
        self._resources: dict[tuple[str, str], HandleResource | None] = {}

    # ---- what a handle is ---------------------------------------------------

    def resource_of(self, fn: Function, value: str) -> HandleResource | None:
        """The class and kind of the handle `value`, or None when unknown.
        Handles merging (phi, select) resources of one class keep that
        class; their kind only when it is the same too."""
        key = (fn.name, value)
        try:
            return self._resources[key]
        except KeyError:
            pass
        found = self._resources[key] = self._resource_of(fn, value)
        return found

    def _resource_of(self, fn: Function, value: str) -> HandleResource | None:
        defs = self.v.defs.get(fn.name, {})
        found: list[HandleResource] = []
        todo, seen = [value], set()
        while todo:
            v = todo.pop()
            if v in seen:
                continue
            seen.add(v)
            d = defs.get(v)
            if d is None:
                return None
            if d.opcode == "phi":
                todo.extend(val for val, _ in d.incoming)
                continue
            if d.opcode == "select":
                try:
                    parts = split_top(d.text.split("select", 1)[1])
                    todo.extend(take_operand(p).value for p in parts[1:3])
                except (ValueError, IndexError):
                    return None
                continue
            if d.opcode == "load":
                stored = self._stored_handles(fn).get(self.v._base_pointer(fn, d.pointer or ""))
                if stored is None:
                    return None
                todo.extend(stored)
                continue
            made = self._made_by(d) if d.opcode == "call" else None
            if made is None:
                return None
            found.append(made)
        classes = {r.resource_class for r in found}
        if len(classes) != 1:
            return None
        kinds = {r.kind for r in found}
        origins = {id(r.origin): r.origin for r in found}
        return HandleResource(classes.pop(), kinds.pop() if len(kinds) == 1 else None,
                              next(iter(origins.values())) if len(origins) == 1 else None)

    def _stored_handles(self, fn: Function) -> dict[str, list[str] | None]:
        """Per local variable (`alloca`) of `fn` holding handles: every
        handle stored to it anywhere (flow-insensitively), or None when the
        variable may get handles another way (a store of another type, its
        address passed to a call or stored)."""
        found = self._slots.get(fn.name)
        if found is not None:
            return found
        defs = self.v.defs.get(fn.name, {})
        found = {}

        def local(pointer: str) -> str | None:
            base = self.v._base_pointer(fn, pointer)
            d = defs.get(base)
            return base if d is not None and d.opcode == "alloca" else None

        for ins in fn.instructions():
            if ins.opcode == "store":
                slot = local(ins.pointer or "")
                if slot is not None:
                    stored = [ins.stored or ""] if _squash_type(ins.type) == HANDLE else \
                        self._inserted_handles(fn, ins.stored or "") if "dx.types.Handle" in (ins.type or "") \
                        else None
                    if stored is not None and found.get(slot, []) is not None:
                        found.setdefault(slot, []).extend(stored)
                    else:
                        found[slot] = None
                escaped = local(ins.stored or "") if (ins.stored or "").startswith("%") else None
                if escaped is not None:
                    found[escaped] = None
            elif ins.opcode not in ("load", "getelementptr", "bitcast", "addrspacecast"):
                for use in ins.uses:
                    escaped = local(use)
                    if escaped is not None:
                        found[escaped] = None
        self._slots[fn.name] = found
        return found

    def _inserted_handles(self, fn: Function, value: str) -> list[str] | None:
        """The handles an aggregate built by `insertvalue` holds (a struct
        or array of handles stored whole); None when built another way."""
        defs = self.v.defs.get(fn.name, {})
        handles: list[str] = []
        todo = [value]
        while todo:
            v = todo.pop()
            if v in ("undef", "poison", "zeroinitializer"):
                continue
            d = defs.get(v)
            if d is None or d.opcode != "insertvalue" or len(handles) > 1000:
                return None
            try:
                parts = split_top(d.text.split("insertvalue", 1)[1])
                aggregate, element = take_operand(parts[0]), take_operand(parts[1])
            except (ValueError, IndexError):
                return None
            todo.append(aggregate.value)
            if _squash_type(element.type) == HANDLE:
                handles.append(element.value)
            elif "dx.types.Handle" in element.type:
                todo.append(element.value)
        return handles

    def _made_by(self, call: Instruction) -> HandleResource | None:
        if not (call.callee or "").startswith("@dx.op.") or not call.args:
            return None
        which = self._opcodes.get(call.args[0].const)
        args = call.args
        if which == "AnnotateHandle" and len(args) >= 3:
            words = [int(w) for w in _INTEGERS.findall(args[2].value)]
            if len(words) != 2:
                return None
            kind = self._kinds.get(words[0] & 0xFF)
            if kind is None or kind == "Invalid":
                return None
            return HandleResource(self._class_of_kind(kind, bool(words[0] & _UAV_BIT)), kind, call)
        if which == "CreateHandle" and len(args) >= 3:
            cls = self._classes.get(args[1].const)
            if cls is None:
                return None
            return HandleResource(cls, self._fixed_kind(cls) or self._range_kind(cls, args[2].const), call)
        if which == "CreateHandleFromBinding" and len(args) >= 2:
            words = _INTEGERS.findall(args[1].value)
            cls = self._classes.get(int(words[-1])) if len(words) == 4 else None
            return HandleResource(cls, self._fixed_kind(cls), call) if cls else None
        if which == "CreateHandleFromHeap" and len(args) >= 3 and args[2].const == 1:
            return HandleResource("Sampler", "Sampler", call)
        return None

    @staticmethod
    def _class_of_kind(kind: str, uav: bool) -> str:
        # DxilResourceProperties::getResourceClass
        if kind in ("CBuffer", "Sampler"):
            return kind
        return "UAV" if uav else "SRV"

    @staticmethod
    def _fixed_kind(cls: str | None) -> str | None:
        return cls if cls in ("CBuffer", "Sampler") else None

    def _range_kind(self, cls: str, range_id: int | None) -> str | None:
        """The kind `!dx.resources` gives range `range_id` of class `cls`."""
        if self._ranges is None:
            self._ranges = self._read_ranges()
        return self._ranges.get((cls, range_id)) if range_id is not None else None

    def _read_ranges(self) -> dict[tuple[str, int], str | None]:
        mod = self.v.mod
        ranges: dict[tuple[str, int], str | None] = {}
        for ref in mod.named_metadata.get("dx.resources", []):
            lists = mod.md_node(ref) or []
            for cls, list_ref in zip(("SRV", "UAV"), lists):
                for record_ref in mod.md_node(list_ref) or []:
                    record = mod.md_node(record_ref) or []
                    if len(record) < 7:
                        continue
                    rid, kind = mod.md_int(record[0]), mod.md_int(record[6])
                    if rid is not None:
                        # Two records of one id: the kind is unknown.
                        name = self._kinds.get(kind) if kind is not None else None
                        ranges[(cls, rid)] = name if ranges.get((cls, rid), name) == name else None
        return ranges

    # ---- IR-RESOURCE-KIND -------------------------------------------------

    def check_operation(self, fn: Function, ins: Instruction, op: ir_ops.Operation,
                        args: list[Operand]) -> None:
        accepted = _ACCEPTS.get(op.name, ())
        if not accepted:
            return
        operands = {p.name: a for p, a in zip(op.params, args)}
        name = op.function[len("dx.op."):]
        for accepts in accepted:
            operand = operands.get(accepts.operand)
            if operand is None:
                continue
            res = self.resource_of(fn, operand.value)
            if res is None:
                continue
            which = ("that handle" if accepts.operand == "sampler" else
                     "its feedback texture handle" if accepts.operand == "feedbackTex" else
                     "its sampled texture handle" if accepts.operand == "sampledTex" else
                     "its texture handle" if "sampler" in operands else "its handle")
            if res.resource_class not in accepts.classes:
                want = _either([_article(c) for c in accepts.classes])
                self._report(fn, ins, res, f"{name} {accepts.class_reason}, so {which} must be {want}, "
                             f"but it is {res.spell()}")
            elif accepts.kinds is not None and res.kind is not None and res.kind not in accepts.kinds:
                self._report(fn, ins, res, f"{name} {accepts.kind_reason}, so {which} must be a "
                             f"{_either(accepts.kinds)}, but it is {res.spell()}")

    def _report(self, fn: Function, ins: Instruction, res: HandleResource, message: str) -> None:
        notes = []
        if res.origin is not None:
            notes.append(f"the handle is made at line {res.origin.line}: {res.origin.describe()}")
        self.v.report("IR-RESOURCE-KIND", message, fn, ins, notes)

    # ---- IR-ATOMIC-TARGET ---------------------------------------------------

    def check_atomic(self, fn: Function, ins: Instruction) -> None:
        """`atomicrmw`/`cmpxchg` address groupshared memory (or a node
        record): DXC's Instr.AtomicOpNonGroupsharedOrRecord."""
        pointer = ins.pointer or ""
        base = self.v._base_pointer(fn, pointer) if pointer.startswith("%") else pointer
        what = None
        d = self.v.defs.get(fn.name, {}).get(base)
        if d is not None and d.opcode == "alloca":
            what = f"the local variable {base} (line {d.line}: {d.describe()})"
        else:
            m = _GLOBAL_NAME.search(base) if not base.startswith("%") else None
            g = self.v.mod.globals.get(m.group(0)) if m else None
            if g is not None and g.addrspace not in (GROUPSHARED_ADDRSPACE, NODE_RECORD_ADDRSPACE):
                what = (f"the global {g.name} (line {g.line}), which is in address space {g.addrspace}, "
                        f"not groupshared address space {GROUPSHARED_ADDRSPACE}")
        if what is None:
            m = _POINTER_SPACE.search(ins.pointer_type or "")
            space = int(m.group(1)) if m else (0 if (ins.pointer_type or "").endswith("*") else None)
            if space is None or space in (GROUPSHARED_ADDRSPACE, NODE_RECORD_ADDRSPACE):
                return
            what = f"a pointer in address space {space} ({ins.pointer_type}), not groupshared address space " \
                   f"{GROUPSHARED_ADDRSPACE}"
        self.v.report("IR-ATOMIC-TARGET", f"{ins.opcode} may only address groupshared memory, but its address "
                      f"is {what}", fn, ins)
