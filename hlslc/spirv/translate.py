"""DXIL-like IR to a SPIR-V module: the translation of one compute entry.

The translation walks the entry function (every helper is already inlined
into it) in the block order `structure` chose, writing one SPIR-V block
per IR block (more where an operation needs a loop of its own), with the
merge instructions of the recovered structure.  IR values become SPIR-V
ids; some IR values are known only to the translation and never become
SPIR-V values:

- pointers (`Ptr`): a variable and a list of access-chain indices,
  written as `OpAccessChain` where a load or store needs them (logical
  addressing has no pointer arithmetic, so a `getelementptr` is an index
  path and a `bitcast` of a vector pointer to its element pointer a step
  into the vector);
- resource handles (`Handle`): which binding (and array element) a
  `createHandleFromBinding` names;
- matrices (`Matrix`): the Function variable holding a cooperative matrix
  (Wave scope), or where a Thread-scope matrix's elements are read from;
- the `dx.types` result structs of buffer loads (`Parts`): their
  components.

Vectors longer than four elements (which SPIR-V's vector types cannot
hold) are arrays, and the operations on them work element by element.

Owns: values, types and constants of the IR in SPIR-V, the LLVM
instructions, memory (allocas, groupshared and static globals), SSA values
that a restructured graph no longer dominates (kept in Function variables
across blocks), the entry point and its execution mode.  The `dx.op`
operations are in `ops` (ordinary ones) and `matrices` (dx::linalg and
Wave Matrix); resource variables in `buffers`.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..dxil import ops as ir_ops
from ..dxil import reader as R
from ..dxil.cfg import DominatorTree, immediate_dominators, strong_components
from ..dxil.operands import Operand, Parsed, aggregate_parts, scalar_constant
from ..dxil.types import IRError, IRType, TypeTable
from . import spec
from .base import Handle, Parts, Ptr, Slot, SpirvError, Val, no_mapping, read_operands
from .buffers import Buffers
from .descriptors import ResourceInfo, apply_vulkan_options, assign_implicit_bindings, from_metadata
from .linalg_dxc import LinAlg, generic_matrix
from .matrices import Matrices, Matrix
from .module import Block, Enum, Function, Id, Instruction, Lit, Module, Str
from .ops import OPERATIONS, UNSUPPORTED, groupshared_atomic
from .packing import PackedArray, PackedElement, Plan, plan
from .rayquery import RayQuery, query_values
from .structure import StructureError, is_two_way, read_function, structure


# ---------------------------------------------------------------------------
# Values known only to the translation (more in `base`)

class SlotTree:
    """A local array or struct of handles (or matrix references): a Slot
    per element, by index path."""

    def __init__(self, name: str, type: IRType) -> None:
        self.name = name
        self.type = type
        self.leaves: dict[tuple, Slot] = {}

    def leaf(self, path: tuple) -> Slot:
        found = self.leaves.get(path)
        if found is None:
            found = self.leaves[path] = Slot(f"{self.name}{list(path)}")
        return found


class SlotRef:
    """A pointer into a SlotTree: the index path so far (`dynamic`: the
    position and id of one index chosen at run time) and the IR type there."""

    def __init__(self, tree: SlotTree, path: tuple, view: IRType, dynamic: tuple[int, int] | None = None) -> None:
        self.tree = tree
        self.path = path
        self.view = view
        self.dynamic = dynamic


class Aggregate:
    """The value of an array or struct of handles: its leaves by path."""

    def __init__(self, leaves: dict[tuple, Any]) -> None:
        self.leaves = leaves


def _leaf_paths(t: IRType) -> list[tuple]:
    if t.kind == "struct":
        return [(k,) + rest for k, f in enumerate(t.fields) for rest in _leaf_paths(f)]
    if t.kind == "array" and t.elem is not None:
        return [(k,) + rest for k in range(t.count) for rest in _leaf_paths(t.elem)]
    return [()]


def holds_only_resources(t: IRType) -> bool:
    """An array or struct whose every element is a handle or matrix reference."""
    if t.kind == "struct":
        return bool(t.fields) and all(holds_only_resources(f) or f.kind in _STATIC_KINDS for f in t.fields)
    if t.kind == "array" and t.elem is not None:
        return holds_only_resources(t.elem) or t.elem.kind in _STATIC_KINDS
    return False


_STATIC_KINDS = ("handle", "matref", "wavemat", "matrixobject")


def holds_resource(t: IRType) -> bool:
    """Whether some element of an array or struct is a handle or matrix reference."""
    if t.kind in _STATIC_KINDS:
        return True
    if t.kind == "struct":
        return any(holds_resource(f) for f in t.fields)
    if t.kind == "array" and t.elem is not None:
        return holds_resource(t.elem)
    return False


def is_mixed(t: IRType) -> bool:
    """An array or struct holding both resources and data (a struct of
    parameters with a texture, a sampler and floats)."""
    return t.kind in ("struct", "array") and holds_resource(t) and not holds_only_resources(t)


def _mixed_leaves(t: IRType, path: tuple = ()) -> list[tuple[tuple, IRType]]:
    """The leaves of a mixed type: each handle, and each largest part that
    holds no resource (data, kept in a variable of its own)."""
    if t.kind in _STATIC_KINDS or not holds_resource(t):
        return [(path, t)]
    if t.kind == "struct":
        return [leaf for k, f in enumerate(t.fields) for leaf in _mixed_leaves(f, path + (k,))]
    assert t.elem is not None
    return [leaf for k in range(t.count) for leaf in _mixed_leaves(t.elem, path + (k,))]


class MixedTree:
    """A local array or struct that holds resources and data, as DXC's
    legalization splits it for SPIR-V: a Slot per handle, a Function
    variable per largest part that holds no resource."""

    def __init__(self, name: str, type: IRType) -> None:
        self.name = name
        self.type = type
        self.leaves = dict(_mixed_leaves(type))
        self.slots: dict[tuple, Slot] = {}
        self.vars: dict[tuple, Ptr] = {}


class MixedRef:
    """A pointer into a MixedTree: the (constant) index path and the IR type there."""

    def __init__(self, tree: MixedTree, path: tuple, view: IRType) -> None:
        self.tree = tree
        self.path = path
        self.view = view

_INT_BINARY = {"add": "IAdd", "sub": "ISub", "mul": "IMul", "udiv": "UDiv", "sdiv": "SDiv", "urem": "UMod",
               "srem": "SRem", "shl": "ShiftLeftLogical", "lshr": "ShiftRightLogical",
               "ashr": "ShiftRightArithmetic", "and": "BitwiseAnd", "or": "BitwiseOr", "xor": "BitwiseXor"}
# Signed operations emitted on signed types (see `_i_binary`).
_SIGNED_TYPED = frozenset({"SRem", "SDiv"})
_BOOL_BINARY = {"and": "LogicalAnd", "or": "LogicalOr", "xor": "LogicalNotEqual", "add": "LogicalNotEqual",
                "sub": "LogicalNotEqual", "mul": "LogicalAnd"}
_FLOAT_BINARY = {"fadd": "FAdd", "fsub": "FSub", "fmul": "FMul", "fdiv": "FDiv", "frem": "FRem"}
_ICMP = {"eq": "IEqual", "ne": "INotEqual", "ugt": "UGreaterThan", "uge": "UGreaterThanEqual",
         "ult": "ULessThan", "ule": "ULessThanEqual", "sgt": "SGreaterThan", "sge": "SGreaterThanEqual",
         "slt": "SLessThan", "sle": "SLessThanEqual"}
_FCMP = {"oeq": "FOrdEqual", "one": "FOrdNotEqual", "ogt": "FOrdGreaterThan", "oge": "FOrdGreaterThanEqual",
         "olt": "FOrdLessThan", "ole": "FOrdLessThanEqual", "ueq": "FUnordEqual", "une": "FUnordNotEqual",
         "ugt": "FUnordGreaterThan", "uge": "FUnordGreaterThanEqual", "ult": "FUnordLessThan",
         "ule": "FUnordLessThanEqual"}


class Options:
    """What a translation needs besides the IR: the entry's name, the
    resources of the module, whether 16-bit types are native."""

    def __init__(self, entry: str = "main", resources: list[ResourceInfo] | None = None,
                 native_16bit: bool = False, vulkan_options: tuple[str, ...] = (),
                 workgroup_matrices: bool = False, tensor_addressing: bool = False) -> None:
        self.entry = entry
        self.resources = resources
        self.native_16bit = native_16bit
        self.vulkan_options = tuple(vulkan_options)
        # ThreadGroup-scope matrices as Workgroup-scope cooperative matrices
        # (SPV_NV_cooperative_matrix2), not generic code: asked for with
        # -fspv-extension=SPV_NV_cooperative_matrix2, or by the Vulkan
        # runner on a device with cooperativeMatrixWorkgroupScope.
        self.workgroup_matrices = workgroup_matrices or \
            "-fspv-extension=SPV_NV_cooperative_matrix2" in self.vulkan_options
        # Workgroup-scope matrices in byte-address buffers loaded and stored
        # with tensor addressing (SPV_NV_tensor_addressing): asked for with
        # -fspv-extension=SPV_NV_tensor_addressing, or by the Vulkan runner
        # on a device with cooperativeMatrixTensorAddressing.
        self.tensor_addressing = tensor_addressing or \
            "-fspv-extension=SPV_NV_tensor_addressing" in self.vulkan_options
        # -fspv-target-env: the SPIR-V version written (1.6 for Vulkan 1.3
        # by default; 1.5 for vulkan1.2, 1.3 for vulkan1.1).
        self.version = target_version(self.vulkan_options)


class Translator:
    def __init__(self, text: str, options: Options) -> None:
        self.options = options
        try:
            self.ir = R.read_module(text)
        except R.ParseError as err:
            raise SpirvError(f"cannot read the IR: {err}") from None
        self.types = TypeTable(self.ir.structs)
        self.text_lines = text.splitlines()
        self.m = Module()
        self.m.version = options.version
        self.m.capability("Shader")
        self.values: dict[str, Any] = {}
        self.interface: list[int] = []
        self.builtins: dict[str, int] = {}
        self.global_vars: dict[str, Any] = {}
        # [[vk::constant_id(N)]] globals (`!hlslc.specConstants`): N by name.
        self.spec_ids: dict[str, int] = {}
        for ref in self.ir.named_metadata.get("hlslc.specConstants", []):
            node = self.ir.md_node(ref) or []
            if len(node) >= 2 and self.ir.md_string(node[0]) is not None and self.ir.md_int(node[1]) is not None:
                self.spec_ids["@" + self.ir.md_string(node[0])] = self.ir.md_int(node[1])
        self.slots: list[Slot] = []
        self.current_line: int | None = None
        self.packing = Plan()
        if options.resources is None:
            options.resources = from_metadata(self.ir)
        try:
            apply_vulkan_options(options.resources, options.vulkan_options)
        except ValueError as err:
            raise SpirvError(str(err)) from None
        assign_implicit_bindings(options.resources)
        self.buffers = Buffers(self, options.resources)
        self.matrices = Matrices(self)
        self.linalg = LinAlg(self)
        # Inline ray tracing (`rayquery`): the query objects by allocating
        # instruction, the acceleration structures' variables.
        self.ray_queries: dict[str | None, RayQuery] = {}
        self.ray_query_scenes: dict[int, int] = {}
        self.ray_query_reads: dict[tuple, int] = {}
        self.query_values: set[str] = set()
        self.query_allocas: set[str] = set()
        # Implicit derivatives (Sample, ddx, CalculateLevelOfDetail) in the
        # compute shader: SPV_KHR_compute_shader_derivatives; the IR line of
        # the first (0 when unknown), for a thread group without quads.
        self.derivatives: int | None = None

    # -- the entry point -----------------------------------------------------

    def translate(self) -> Module:
        entry = self.options.entry
        fn = self.ir.functions.get("@" + entry)
        if fn is None or not fn.defined:
            raise SpirvError(f"the module has no entry function '{entry}'")
        threads = self._numthreads(entry)
        self.group_size = threads[0] * threads[1] * threads[2]
        void = self.m.t_void()
        fn_type = self.m.t_function(void, [])
        fid = self.m.new_id()
        self.m.name(fid, entry)
        self.fn = Function(Instruction("Function", void, fid, [Enum("FunctionControl", "None"), Id(fn_type)]))
        self.m.functions.append(self.fn)
        try:
            self.graph = read_function(fn, self.types, self.ir)
            structure(self.graph)
        except StructureError as err:
            raise SpirvError(str(err), err.line) from None
        except IRError as err:
            raise SpirvError(str(err)) from None
        self._prepare()
        self.packing = plan(self, fn)
        self._write_blocks()
        if len(entry.encode("utf-8")) > 60000 * 4:
            # The name is the API's: it cannot be cut like a debug name.
            raise SpirvError(f"the entry point's name ({len(entry)} characters) is too long for one SPIR-V "
                             f"instruction")
        interface = self.interface
        if self.m.version < (1, 4):
            # Before SPIR-V 1.4 the interface lists the Input and Output
            # variables only.
            interface = [v for v in interface
                         if self.m.type_of.get(self.m.value_type.get(v, -1), ("",))[1:2] in (("Input",), ("Output",))]
        self.m.entry_points.append(Instruction("EntryPoint", None, None, [
            Enum("ExecutionModel", "GLCompute"), Id(fid), _str(entry)] + [Id(v) for v in interface]))
        self.m.execution_modes.append(Instruction("ExecutionMode", None, None, [
            Id(fid), Enum("ExecutionMode", "LocalSize")] + [Lit(n) for n in threads]))
        if "-fspv-enable-maximal-reconvergence" in self.options.vulkan_options:
            # DXC's option: the driver must reconverge structured code as
            # SPIR-V's maximal reconvergence says, which is how hlslc's CPU
            # engines run it (threads that leave a construct early do not
            # split the others; a switch case's threads join the next case
            # they fall through to).
            self.m.extension("SPV_KHR_maximal_reconvergence")
            self.m.execution_modes.append(Instruction("ExecutionMode", None, None, [
                Id(fid), Enum("ExecutionMode", "MaximallyReconvergesKHR")]))
        if self.derivatives is not None:
            self._derivative_groups(fid, threads)
        for slot in self.slots:
            if len(slot.stored) > 1:
                raise SpirvError("a resource or matrix chosen at run time has no SPIR-V mapping: every use must "
                                 "name one resource or matrix", slot.loaded)
        self.warnings = self.buffers.binding_conflicts()
        mark_unread_buffers(self.m)
        if "CooperativeMatrixKHR" in self.m.capabilities:
            self.m.capability("VulkanMemoryModel")
            self.m.memory_model = "Vulkan"
            if self.uses_device_scope:
                self.m.capability("VulkanMemoryModelDeviceScope")
        return self.m

    uses_device_scope = False

    def use_derivatives(self) -> None:
        """An operation with implicit derivatives: noted (with where it is)
        for the entry's derivative groups."""
        if self.derivatives is None:
            self.derivatives = self.current_line or 0

    def _derivative_groups(self, fid: int, threads: tuple[int, int, int]) -> None:
        """How a compute shader's threads form the quads its derivatives
        come from, as DXC chooses (the SM 6.6 derivatives rule): X a
        multiple of 4 with Y and Z 1 is a line of quads (Linear), X and Y
        multiples of 2 a grid of 2x2 quads (Quads); any other size has
        none."""
        x, y, z = threads
        if x % 4 == 0 and y == 1 and z == 1:
            kind = "Linear"
        elif x % 2 == 0 and y % 2 == 0:
            kind = "Quads"
        else:
            raise SpirvError(f"derivatives in a compute shader need a thread group of quads: numthreads X a "
                             f"multiple of 4 with Y and Z 1, or X and Y multiples of 2 (this one is "
                             f"{x}, {y}, {z})", self.derivatives or None)
        self.m.extension("SPV_KHR_compute_shader_derivatives")
        self.m.capability(f"ComputeDerivativeGroup{kind}KHR")
        self.m.execution_modes.append(Instruction("ExecutionMode", None, None, [
            Id(fid), Enum("ExecutionMode", f"DerivativeGroup{kind}KHR")]))

    def _numthreads(self, entry: str) -> tuple[int, int, int]:
        for ref in self.ir.named_metadata.get("dx.entryPoints", []):
            node = self.ir.md_node(ref) or []
            if len(node) >= 5 and node[0].endswith("@" + entry):
                props = self.ir.md_node(node[4]) or []
                for k in range(0, len(props) - 1, 2):
                    if self.ir.md_int(props[k]) == 4:
                        dims = [self.ir.md_int(x) for x in self.ir.md_node(props[k + 1]) or []]
                        if len(dims) == 3 and all(dims):
                            return (dims[0], dims[1], dims[2])
        raise SpirvError(f"the entry '{entry}' has no thread group size (numthreads)")

    # -- the function body -------------------------------------------------------

    def _prepare(self) -> None:
        """Variables for phis and selectors; which values are used in blocks
        that the block computing them no longer dominates (kept in
        variables)."""
        g = self.graph
        self.parsed: dict[int, Parsed] = {}
        self.def_node: dict[str, str] = {}
        self.defining: dict[str, R.Instruction] = {}
        for name in g.order:
            node = g.nodes[name]
            if node.ir is None:
                continue
            for ins in node.ir.instructions:
                if ins.result is not None:
                    self.def_node[ins.result] = name
                    self.defining[ins.result] = ins
                if ins.opcode == "call" and (ins.callee or "").startswith("@dx.op.cbufferLoadLegacy") \
                        and len(ins.args) > 2 and ins.args[2].const is None:
                    # A row chosen at run time: constant buffers are read as rows.
                    self.buffers.rows_only = True
        self.linalg.prepare(g)
        self.query_values, self.query_allocas = query_values(self, [
            ins for name in g.order if g.nodes[name].ir is not None for ins in g.nodes[name].ir.instructions])
        self.phi_vars: dict[str, int] = {}
        for result, ty in g.phi_types.items():
            if generic_matrix(self, ty):
                continue            # one groupshared array for the phi and what it joins
            if result in self.query_values:
                raise no_mapping("a ray query object chosen at run time", "every use must name one `RayQuery<...>` object")
            self.phi_vars[result] = self.local_var(self.stype(ty), result.lstrip("%") + ".phi")
        self.selector_vars = {s: self.local_var(self.m.t_int(32), s.lstrip("%")) for s in g.selectors}
        self.matrices.prepare()
        reached = set(g.reverse_post_order())
        rpo = [n for n in g.order if n in reached]
        self.doms = DominatorTree(immediate_dominators(g.entry, rpo, g.preds()))
        self.spilled: dict[str, int] = {}
        self.spill_candidates: set[str] = set()
        for name in rpo:
            node = g.nodes[name]
            uses: list[str] = []
            if node.ir is not None:
                for ins in node.ir.instructions:
                    if ins.opcode == "phi":
                        continue
                    uses.extend(ins.uses)
            for _, value in node.stores:
                if isinstance(value, Operand) and value.is_local:
                    uses.append(value.value)
            for used in uses:
                self._note_use(used, name, set())

    def straight_reach(self, stores: set[str], block: str) -> bool:
        """Whether the last store written, of stores in `stores`, is what a
        load in `block` reads: each store's block dominates `block`, and no
        cycle holds `block` (`Slot.take`)."""
        if self._cyclic is None:
            succ = {n: node.succs() for n, node in self.graph.nodes.items()}
            self._cyclic = {n for c in strong_components(self.graph.nodes, succ)
                            if len(c) > 1 or c[0] in succ[c[0]] for n in c}
        return block not in self._cyclic and all(
            b in self.doms.pre and block in self.doms.pre and self.doms.dominates(b, block) for b in stores)

    _cyclic: "set[str] | None" = None

    def _note_use(self, used: str, node: str, seen: set[str]) -> None:
        d = self.def_node.get(used)
        if d is None or d == node or self.doms.dominates(d, node) or used in seen:
            return
        seen.add(used)
        ins = self.defining[used]
        t = self._result_type(ins)
        if t is not None and t.kind in ("pointer", "handle", "matref") or ins.opcode in ("alloca",) \
                or used in self.query_values:
            # Rebuilt where used (an access chain, a handle): what it is
            # built from must reach here.
            for inner in ins.uses:
                self._note_use(inner, node, seen)
            return
        self.spill_candidates.add(used)

    def _result_type(self, ins: R.Instruction) -> IRType | None:
        try:
            return self.parse(ins).type if ins.opcode not in ("store",) else None
        except IRError:
            return None

    def parse(self, ins: R.Instruction) -> Parsed:
        key = id(ins)
        found = self.parsed.get(key)
        if found is None:
            found = self.parsed[key] = read_operands(ins, self.types)
        return found

    def _write_blocks(self) -> None:
        g = self.graph
        self.labels = {name: self.m.new_id() for name in g.order}
        for name in g.order:
            node = g.nodes[name]
            self.node = node
            self.reloaded: dict[str, int] = {}
            label = self.labels[name]
            self.start_block(label)
            self.m.name(label, name)
            if node.loop_merge is not None:
                body = self.m.new_id()
                self.emit_void("LoopMerge", Id(self.labels[node.loop_merge]), Id(self.labels[node.loop_continue]),
                               *self._loop_control(name))
                self.emit_void("Branch", Id(body))
                self.start_block(body)
            if node.ir is not None:
                for ins in node.ir.instructions[:-1]:
                    self.current_line = ins.line
                    try:
                        self.instruction(ins)
                    except SpirvError as err:
                        if err.line is None:
                            err.line = ins.line
                        raise
            self.current_line = node.line
            for target, value in node.stores:
                if generic_matrix(self, g.phi_types.get(target)):
                    continue
                if target in self.phi_vars:
                    self.emit_void("Store", Id(self.phi_vars[target]), Id(self.vid(value)))
                else:
                    self.emit_void("Store", Id(self.selector_vars[target]), Id(self.m.const_uint(value)))
            self.terminator(node)

    def _loop_control(self, header: str) -> list[Any]:
        """The LoopControl of a loop: `[unroll]`, `[unroll(N)]` and `[loop]`
        from the `!llvm.loop` metadata of a branch back to its header."""
        edges = getattr(self, "_back_edges", None)
        if edges is None:
            edges = self._back_edges = {}
            for block in self.ir.functions["@" + self.options.entry].blocks:
                term = block.terminator
                if term is not None and "llvm.loop" in term.attachments:
                    for target in term.targets:
                        edges.setdefault(target, term.attachments["llvm.loop"])
        if header in edges:
            for prop in self.ir.md_node(edges[header]) or []:
                node = self.ir.md_node(prop) or []
                key = self.ir.md_string(node[0]) if node else None
                if key == "llvm.loop.unroll.full":
                    return [Enum("LoopControl", "Unroll")]
                if key == "llvm.loop.unroll.disable":
                    return [Enum("LoopControl", "DontUnroll")]
                if key == "llvm.loop.unroll.count" and len(node) > 1 and self.m.version >= (1, 4):
                    # (PartialCount is SPIR-V 1.4's: before, `[unroll(N)]`
                    # is no more than a hint the loop goes without.)
                    count = self.ir.md_int(node[1])
                    if count:
                        return [Enum("LoopControl", "PartialCount"), Lit(count)]
        return [Enum("LoopControl", "None")]

    # -- instruction plumbing ------------------------------------------------------

    def start_block(self, label: int | None = None) -> int:
        label = label if label is not None else self.m.new_id()
        block = Block(label)
        self.fn.blocks.append(block)
        self.cur = block
        return label

    def emit(self, op: str, type_id: int, *operands: Any) -> int:
        rid = self.m.new_id()
        self.cur.instructions.append(Instruction(op, type_id, rid, [_operand(o) for o in operands]))
        return rid

    def emit_void(self, op: str, *operands: Any) -> None:
        self.cur.instructions.append(Instruction(op, None, None, [_operand(o) for o in operands]))

    def local_var(self, type_id: int, name: str | None = None, initializer: int | None = None) -> int:
        ptr = self.m.t_pointer("Function", type_id)
        vid = self.m.new_id()
        operands: list = [Enum("StorageClass", "Function")]
        if initializer is not None:
            operands.append(Id(initializer))
        self.fn.variables.append(Instruction("Variable", ptr, vid, operands))
        if name:
            self.m.name(vid, name)
        return vid

    def glsl(self, name: str, type_id: int, *args: int) -> int:
        ext = self.m.ext_import("GLSL.std.450")
        return self.emit("ExtInst", type_id, Id(ext), Enum("GLSL", spec.GLSL[name]), *[Id(a) for a in args])

    def uint(self, value: int) -> int:
        return self.m.const_uint(value)

    def scope(self, name: str) -> int:
        if name == "Device":
            self.uses_device_scope = True
        return self.uint(spec.SCOPE[name])

    def loop(self, count: int, body: Callable[[int], None], name: str = "i") -> None:
        """A structured loop running `body(i)` for i in [0, count) (`count`
        an id of a uint)."""
        uint = self.m.t_int(32)
        counter = self.local_var(uint, name)
        self.emit_void("Store", Id(counter), Id(self.uint(0)))
        header, check, inner, cont, merge = (self.m.new_id() for _ in range(5))
        self.emit_void("Branch", Id(header))
        self.start_block(header)
        self.emit_void("LoopMerge", Id(merge), Id(cont), Enum("LoopControl", "None"))
        self.emit_void("Branch", Id(check))
        self.start_block(check)
        i = self.emit("Load", uint, Id(counter))
        more = self.emit("ULessThan", self.m.t_bool(), Id(i), Id(count))
        self.emit_void("BranchConditional", Id(more), Id(inner), Id(merge))
        self.start_block(inner)
        body(i)
        self.emit_void("Branch", Id(cont))
        self.start_block(cont)
        again = self.emit("Load", uint, Id(counter))
        self.emit_void("Store", Id(counter), Id(self.emit("IAdd", uint, Id(again), Id(self.uint(1)))))
        self.emit_void("Branch", Id(header))
        self.start_block(merge)

    def if_then(self, cond: int, body: Callable[[], None]) -> None:
        """A structured `if (cond) body();`."""
        then, merge = self.m.new_id(), self.m.new_id()
        self.emit_void("SelectionMerge", Id(merge), Enum("SelectionControl", "None"))
        self.emit_void("BranchConditional", Id(cond), Id(then), Id(merge))
        self.start_block(then)
        body()
        self.emit_void("Branch", Id(merge))
        self.start_block(merge)

    def group_barrier(self) -> None:
        """A barrier of the thread group on groupshared memory."""
        workgroup = self.scope("Workgroup")
        semantics = spec.SEMANTICS["AcquireRelease"] | spec.SEMANTICS["WorkgroupMemory"]
        self.emit_void("ControlBarrier", Id(workgroup), Id(workgroup), Id(self.uint(semantics)))

    def flat_thread_index(self) -> int:
        return self.emit("Load", self.m.t_int(32), Id(self.builtin("LocalInvocationIndex", False)))

    def for_each_element(self, total: int, body: Callable[[int], None]) -> None:
        """`body(e)` for the elements e in [0, total) this thread owns when
        the thread group shares them out (e = thread + k * group size)."""
        uint = self.m.t_int(32)
        threads = self.group_size
        rounds = -(-total // threads)
        tid = self.flat_thread_index()

        def one(k: int) -> None:
            e = self.emit("IAdd", uint, Id(self.emit("IMul", uint, Id(k), Id(self.uint(threads)))), Id(tid))
            if total % threads:
                self.if_then(self.emit("ULessThan", self.m.t_bool(), Id(e), Id(self.uint(total))), lambda: body(e))
            else:
                body(e)

        if rounds == 1:
            one(self.uint(0))
        else:
            self.loop(self.uint(rounds), one, "element")

    # -- types and values -----------------------------------------------------------

    def stype(self, t: IRType) -> int:
        """The SPIR-V type of an IR type (vectors of more than four elements
        are arrays)."""
        m = self.m
        k = t.kind
        if k == "struct" and (t.name or "").startswith("dx.types.LinAlgMatrix"):
            return self.linalg.stype(t)
        if k == "bool":
            return m.t_bool()
        if k == "int":
            return m.t_int(t.bits)
        if k == "float":
            return m.t_float(t.bits)
        if k == "vector":
            assert t.elem is not None
            if 2 <= t.count <= 4:
                return m.t_vector(self.stype(t.elem), t.count)
            return m.t_array(self.stype(t.elem), t.count)
        if k == "array":
            assert t.elem is not None
            return m.t_array(self.stype(t.elem), t.count)
        if k == "struct":
            return m.t_struct([self.stype(f) for f in t.fields])
        if k == "void":
            return m.t_void()
        if k in _STATIC_KINDS or holds_only_resources(t):
            raise no_mapping("a resource in a value of a local array or struct that also holds data")
        raise no_mapping(f"a value of type '{t.text}'")

    @staticmethod
    def wide(t: IRType) -> bool:
        """Whether values of `t` are SPIR-V arrays worked on element by
        element: vectors of one element or more than four, and arrays."""
        return t.kind == "vector" and (t.count > 4 or t.count == 1) or t.kind == "array"

    def constant(self, t: IRType, text: str) -> int:
        text = text.strip()
        if text in ("undef", "poison", "zeroinitializer", "null"):
            return self.m.const_null(self.stype(t))
        if t.kind in ("bool", "int", "float"):
            value = scalar_constant(t, text)
            if t.kind == "bool":
                return self.m.const_bool(bool(value))
            if t.kind == "float":
                return self.m.const_float(self.stype(t), float(value))
            return self.m.const_int(self.stype(t), int(value))
        if t.kind in ("vector", "array", "struct"):
            parts = aggregate_parts(text)
            if parts is None:
                return self.m.const_null(self.stype(t))
            ids = []
            for k, p in enumerate(parts):
                ptype, value = R.take_type(p)
                ids.append(self.constant(self.types.get(ptype), value))
            return self.m.const_composite(self.stype(t), ids)
        raise no_mapping(f"the constant '{text}' of type '{t.text}'")

    def get(self, op: Operand) -> Any:
        """An operand's value: a Val, Ptr, Handle, Parts, Matrix or Slot."""
        v = op.value
        if v.startswith("%"):
            return self.local(v)
        if v.startswith("@"):
            return self.global_value(v)
        if v.startswith("getelementptr"):
            return self._constant_gep(v)
        if op.type.kind in ("pointer", "handle", "matref"):
            if v in ("undef", "null", "zeroinitializer"):
                raise no_mapping(f"an undefined {op.type.kind}")
        return Val(self.constant(op.type, v), op.type)

    def _constant_gep(self, text: str) -> Ptr:
        """A constant `getelementptr inbounds (T, T* @g, i32 0, ...)` operand
        (DXC's groupshared array operands)."""
        rest = text[len("getelementptr"):].strip()
        if rest.startswith("inbounds"):
            rest = rest[len("inbounds"):].strip()
        parts = R.split_top(rest.strip()[1:-1])
        source = self.types.get(R.take_type(parts[0])[0])
        operands = [R.take_operand(p) for p in parts[1:]]
        base = self.get(Operand(self.types.get(operands[0].type), operands[0].value))
        if not isinstance(base, Ptr):
            raise SpirvError("a constant getelementptr of something that is not a pointer")
        return self.gep(base, source, [Operand(self.types.get(o.type), o.value) for o in operands[1:]])

    def local(self, name: str) -> Any:
        if name in self.spilled and self.def_node.get(name) != self.node.name:
            found = self.reloaded.get(name)
            if found is None:
                ins = self.defining[name]
                t = self._result_type(ins)
                found = self.reloaded[name] = self.emit("Load", self.stype(t), Id(self.spilled[name]))
            return Val(found, self._result_type(self.defining[name]))
        value = self.values.get(name)
        if isinstance(value, Matrix):
            return value            # a generic ThreadGroup matrix: its groupshared array
        d = self.def_node.get(name)
        if d is not None and d != self.node.name and not self.doms.dominates(d, self.node.name) \
                and not isinstance(value, Val):
            # A pointer or handle built in a block that no longer dominates
            # this one: build it again here.
            return self.instruction(self.defining[name], rebuild=True)
        if value is None:
            raise SpirvError(f"the value {name} is used before it is defined")
        return value

    def vid(self, op: Operand) -> int:
        """The id of a plain value."""
        value = self.get(op)
        if isinstance(value, Val):
            return value.id
        raise SpirvError(f"'{op.value}' is not a plain value here")

    def val(self, op: Operand) -> Val:
        value = self.get(op)
        if not isinstance(value, Val):
            raise SpirvError(f"'{op.value}' is not a plain value here")
        return value

    def global_value(self, name: str) -> Any:
        found = self.global_vars.get(name)
        if found is not None:
            return found
        g = self.ir.globals.get(name)
        if g is None:
            raise SpirvError(f"unknown global {name}")
        t = self.types.get(g.type)
        if t.kind in _STATIC_KINDS:
            found = self.global_vars[name] = Slot(name)
            return found
        packed = self.packing.arrays.get(name) if g.addrspace == 3 else None
        if packed is not None:
            uint = self.m.t_int(32)
            unit = uint if packed.words == 1 else self.m.t_vector(uint, packed.words)
            packed.var = self.m.global_variable(self.m.t_array(unit, packed.units), "Workgroup", name.lstrip("@"))
            self.interface.append(packed.var)
            self.global_vars[name] = packed
            return packed
        storage = "Workgroup" if g.addrspace == 3 else "Private"
        init = None
        if storage == "Private":
            init = self._global_initializer(g, t)
            spec_id = self.spec_ids.get(name)
            if spec_id is not None and init is not None:
                # [[vk::constant_id(N)]]: the variable starts as the
                # specialization constant N (its default the initializer).
                init = self.m.spec_constant(init, spec_id, name.lstrip("@"))
        var = self.m.global_variable(self.stype(t), storage, name.lstrip("@"), init)
        self.interface.append(var)
        found = self.global_vars[name] = Ptr(var, storage, t, [], t, name=name)
        return found

    def _global_initializer(self, g: R.Global, t: IRType) -> int | None:
        lines = self.text_lines
        text = R.unquote_names(lines[g.line - 1]) if 0 < g.line <= len(lines) else ""
        m = re.match(r"\s*@\S+\s*=\s*(.*)$", text)
        if not m:
            return None
        rest = m.group(1)
        words = rest.split()
        while words and words[0] not in ("global", "constant"):
            rest = rest[len(words[0]):].lstrip()
            words = rest.split()
        if not words:
            return None
        rest = rest[len(words[0]):].lstrip()
        _, value = R.take_type(rest)
        value = value.split(", align")[0].strip()
        if not value or value in ("undef", "poison"):
            return None
        return self.constant(t, value)

    def builtin(self, name: str, vector: bool) -> int:
        """The Input variable of a compute built-in (uvec3 or uint)."""
        found = self.builtins.get(name)
        if found is None:
            uint = self.m.t_int(32)
            t = self.m.t_vector(uint, 3) if vector else uint
            gl = {"GlobalInvocationId": "gl_GlobalInvocationID", "WorkgroupId": "gl_WorkGroupID",
                  "LocalInvocationId": "gl_LocalInvocationID", "LocalInvocationIndex": "gl_LocalInvocationIndex",
                  "SubgroupLocalInvocationId": "gl_SubgroupInvocationID", "SubgroupSize": "gl_SubgroupSize",
                  "SubgroupId": "gl_SubgroupID", "NumWorkgroups": "gl_NumWorkGroups"}[name]
            found = self.builtins[name] = self.m.global_variable(t, "Input", gl)
            self.m.decorate(found, "BuiltIn", Enum("BuiltIn", name))
            self.interface.append(found)
        return found

    # -- pointers -------------------------------------------------------------------

    def address(self, p: Ptr) -> int:
        """The id of a pointer: the variable, or an access chain into it."""
        if not p.path:
            return p.root
        ptr_type = self.m.t_pointer(p.storage, self.stype(p.view))
        return self.emit("AccessChain", ptr_type, Id(p.root), *[Id(i) for i in p.path])

    def index_id(self, op: Operand) -> int:
        """An index operand as a 32-bit integer id."""
        c = op.const_int
        if c is not None:
            return self.uint(c & 0xFFFFFFFF)
        value = self.val(op)
        if value.ty.kind == "int" and value.ty.bits != 32:
            return self.emit("UConvert", self.m.t_int(32), Id(value.id))
        return value.id

    def gep(self, base: Ptr, source: IRType, indices: list[Operand]) -> Ptr:
        path = list(base.path)
        view = base.view
        decayed = base.decayed
        first = indices[0]
        if first.const_int != 0:
            if not decayed or not path:
                raise no_mapping("pointer arithmetic past the object a pointer points to")
            path[-1] = self.emit("IAdd", self.m.t_int(32), Id(path[-1]), Id(self.index_id(first)))
        for op in indices[1:]:
            if view.kind == "struct":
                k = op.const_int
                if k is None:
                    raise SpirvError("a struct member chosen at run time")
                path.append(self.uint(k))
                view = view.fields[k]
            elif view.kind in ("array", "vector"):
                path.append(self.index_id(op))
                assert view.elem is not None
                view = view.elem
            else:
                raise SpirvError(f"an index into '{view.text}'")
            decayed = False
        return Ptr(base.root, base.storage, base.root_type, path, view, decayed, base.name)

    def cast_pointer(self, p: Ptr, target: IRType) -> Ptr:
        assert target.elem is not None
        want = target.elem
        if want.text == p.view.text:
            return p
        view = p.view
        path = list(p.path)
        # A pointer to an aggregate as a pointer to its first scalar (and
        # so on down): a step into it.
        while view.kind in ("array", "vector", "struct") and view.text != want.text:
            path.append(self.uint(0))
            view = view.fields[0] if view.kind == "struct" else view.elem
            if view.text == want.text:
                return Ptr(p.root, p.storage, p.root_type, path, view, True, p.name)
        raise no_mapping(f"a pointer cast from '{p.view.text}*' to '{want.text}*'",
                         "logical addressing reads memory only as the type it holds")

    # -- instructions -----------------------------------------------------------------

    def instruction(self, ins: R.Instruction, rebuild: bool = False) -> Any:
        op = ins.opcode
        if op == "phi":
            parsed = self.parse(ins)
            if generic_matrix(self, parsed.type):
                value = self.linalg.array(ins.result, parsed.type)
                self.values[ins.result] = value
                return value
            value = Val(self.emit("Load", self.stype(parsed.type), Id(self.phi_vars[ins.result])), parsed.type)
            self.values[ins.result] = value
            return value
        handler = getattr(self, "_i_" + op, None)
        if handler is None:
            raise no_mapping(f"the instruction '{op}'")
        parsed = self.parse(ins)
        value = handler(ins, parsed)
        if ins.result is not None and not rebuild:
            self.values[ins.result] = value
            if ins.result in self.spill_candidates and isinstance(value, Val):
                var = self.spilled.get(ins.result)
                if var is None:
                    var = self.spilled[ins.result] = self.local_var(self.stype(value.ty),
                                                                    ins.result.lstrip("%") + ".cross")
                self.emit_void("Store", Id(var), Id(value.id))
        return value

    def _elementwise(self, t: IRType, fn: Callable[..., int], *values: Val) -> int:
        """Apply `fn(ids...)` per element of wide vectors and arrays (to
        their elements' elements, for arrays of vectors), or once to
        narrow values."""
        if not any(self.wide(v.ty) for v in values):
            return fn(*[v.id for v in values])
        count = next(v.ty.count for v in values if self.wide(v.ty))
        assert t.elem is not None
        parts = []
        for k in range(count):
            elems = []
            for v in values:
                if self.wide(v.ty):
                    assert v.ty.elem is not None
                    elems.append(Val(self.emit("CompositeExtract", self.stype(v.ty.elem), Id(v.id), Lit(k)),
                                     v.ty.elem))
                else:
                    elems.append(v)
            parts.append(self._elementwise(t.elem, fn, *elems))
        return self.emit("CompositeConstruct", self.stype(t), *[Id(p) for p in parts])

    def _scalar_type(self, t: IRType) -> int:
        """The SPIR-V type an element-wise operation on `t` works in."""
        while self.wide(t):
            assert t.elem is not None
            t = t.elem
        return self.stype(t)

    def _i_binary(self, ins: R.Instruction, parsed: Parsed) -> Val:
        t = parsed.type
        a, b = (self.val(o) for o in parsed.operands)
        s = t.scalar
        op = ins.opcode
        if s.kind == "bool":
            name = _BOOL_BINARY.get(op)
        elif s.kind == "int":
            name = _INT_BINARY.get(op)
        else:
            name = _FLOAT_BINARY.get(op)
        if name is None:
            raise no_mapping(f"'{op}' on '{t.text}'")
        rt = self._scalar_type(t)
        if name in _SIGNED_TYPED:
            # On signed integer types, as DXC types them.
            st = self.m.t_int(s.bits, signed=True)
            shape = self.m.type_of.get(rt, ())
            if shape[:1] == ("vector",):
                st = self.m.t_vector(st, shape[2])

            def signed(x: int, y: int) -> int:
                xs, ys = self.emit("Bitcast", st, Id(x)), self.emit("Bitcast", st, Id(y))
                if name == "SRem":
                    # x - (x / y) * y: NVIDIA's driver (580, H100 and H200)
                    # computes OpSRem as an unsigned remainder, whatever
                    # the types (-2 % 201 gave 98, 3 % -2 gave 3); its
                    # OpSDiv truncates toward zero as it should.
                    q = self.emit("SDiv", st, Id(xs), Id(ys))
                    r = self.emit("ISub", st, Id(xs), Id(self.emit("IMul", st, Id(q), Id(ys))))
                else:
                    r = self.emit(name, st, Id(xs), Id(ys))
                return self.emit("Bitcast", rt, Id(r))
            return Val(self._elementwise(t, signed, a, b), t)
        return Val(self._elementwise(t, lambda x, y: self.emit(name, rt, Id(x), Id(y)), a, b), t)

    _i_add = _i_sub = _i_mul = _i_udiv = _i_sdiv = _i_urem = _i_srem = _i_shl = _i_lshr = _i_ashr = _i_binary
    _i_and = _i_or = _i_xor = _i_fadd = _i_fsub = _i_fmul = _i_fdiv = _i_frem = _i_binary

    def _i_fneg(self, ins: R.Instruction, parsed: Parsed) -> Val:
        t = parsed.type
        a = self.val(parsed.operands[0])
        rt = self._scalar_type(t)
        return Val(self._elementwise(t, lambda x: self.emit("FNegate", rt, Id(x)), a), t)

    def _bool_type(self, t: IRType) -> IRType:
        if t.kind == "vector":
            return self.types.get(f"<{t.count} x i1>")
        return self.types.get("i1")

    def _i_icmp(self, ins: R.Instruction, parsed: Parsed) -> Val:
        t = parsed.type
        pred = parsed.extra
        a, b = (self.val(o) for o in parsed.operands)
        rt = self._bool_type(t)
        if t.scalar.kind == "bool":
            name = {"eq": "LogicalEqual", "ne": "LogicalNotEqual"}.get(pred)
            if name is None:
                # i1 orders: true is 1 (unsigned) or -1 (signed)
                a = Val(self._bool_to_int(a, t), self.types.get("i32") if t.kind != "vector" else
                        self.types.get(f"<{t.count} x i32>"))
                b = Val(self._bool_to_int(b, t), a.ty)
                if pred.startswith("s"):
                    pred = {"sgt": "ult", "sge": "ule", "slt": "ugt", "sle": "uge"}[pred]
                name = _ICMP[pred]
        else:
            name = _ICMP[pred]
        bt = self._scalar_type(rt)
        return Val(self._elementwise(rt, lambda x, y: self.emit(name, bt, Id(x), Id(y)), a, b), rt)

    def _bool_to_int(self, v: Val, t: IRType) -> int:
        it = self.types.get("i32") if t.kind != "vector" else self.types.get(f"<{t.count} x i32>")
        one = self.constant(it, "1") if it.kind != "vector" else self._splat(it, self.uint(1))
        zero = self.m.const_null(self.stype(it))
        return self.emit("Select", self.stype(it), Id(v.id), Id(one), Id(zero))

    def _splat(self, t: IRType, scalar: int) -> int:
        return self.m.const_composite(self.stype(t), [scalar] * t.count)

    def _i_fcmp(self, ins: R.Instruction, parsed: Parsed) -> Val:
        t = parsed.type
        pred = parsed.extra
        a, b = (self.val(o) for o in parsed.operands)
        rt = self._bool_type(t)
        bt = self._scalar_type(rt)
        if pred in ("true", "false"):
            if rt.kind == "vector":
                return Val(self.constant(rt, "zeroinitializer") if pred == "false" else
                           self.m.const_composite(self.stype(rt), [self.m.const_bool(True)] * rt.count), rt)
            return Val(self.m.const_bool(pred == "true"), rt)
        if pred in ("ord", "uno"):
            def ordered(x: int, y: int) -> int:
                nan = self.emit("LogicalOr", bt, Id(self.emit("IsNan", bt, Id(x))), Id(self.emit("IsNan", bt, Id(y))))
                return nan if pred == "uno" else self.emit("LogicalNot", bt, Id(nan))
            return Val(self._elementwise(rt, ordered, a, b), rt)
        name = _FCMP[pred]
        return Val(self._elementwise(rt, lambda x, y: self.emit(name, bt, Id(x), Id(y)), a, b), rt)

    def _i_select(self, ins: R.Instruction, parsed: Parsed) -> Any:
        cond, a_op, b_op = parsed.operands
        t = parsed.type
        if t.kind in ("pointer", "handle", "matref"):
            a, b = self.get(a_op), self.get(b_op)
            if a is b:
                return a
            raise no_mapping("choosing between two resources, matrices or pointers at run time")
        c, a, b = self.val(cond), self.val(a_op), self.val(b_op)
        if cond.type.kind == "vector" and self.wide(cond.type):
            rt = self._scalar_type(t)
            return Val(self._elementwise(t, lambda x, y, z: self.emit("Select", rt, Id(x), Id(y), Id(z)), c, a, b), t)
        cid = c.id
        if self.m.version < (1, 4) and t.kind in ("struct", "array"):
            raise no_mapping("choosing a whole struct or array at run time before SPIR-V 1.4",
                             "target -fspv-target-env=vulkan1.1spirv1.4 or later")
        if self.m.version < (1, 4) and t.kind == "vector" and cond.type.kind != "vector":
            # (A scalar condition selects vectors from SPIR-V 1.4 on.)
            cid = self.emit("CompositeConstruct", self.m.t_vector(self.m.t_bool(), t.count), *[Id(c.id)] * t.count)
        return Val(self.emit("Select", self.stype(t), Id(cid), Id(a.id), Id(b.id)), t)

    # casts

    def _i_cast(self, ins: R.Instruction, parsed: Parsed) -> Any:
        op = ins.opcode
        target = parsed.type
        src_op = parsed.operands[0]
        if op in ("bitcast", "addrspacecast") and target.kind == "pointer":
            value = self.get(src_op)
            if isinstance(value, Ptr):
                return self.cast_pointer(value, target)
            if isinstance(value, Slot):
                return value
            raise no_mapping("a pointer cast of this value")
        if op in ("ptrtoint", "inttoptr"):
            raise no_mapping(f"'{op}'", "logical addressing has no pointer values")
        return self._i_cast_value(op, self.val(src_op), target)

    def _i_cast_value(self, op: str, v: Val, target: IRType) -> Val:
        src = v.ty
        if op == "bitcast":
            if self.stype(src) == self.stype(target):
                return Val(v.id, target)
            if self.wide(src) and self.wide(target) and src.count == target.count:
                et = self._scalar_type(target)
                return Val(self._elementwise(target, lambda x: self.emit("Bitcast", et, Id(x)), v), target)
            if self.wide(src) and src.count == 1:
                assert src.elem is not None
                inner = self.emit("CompositeExtract", self.stype(src.elem), Id(v.id), Lit(0))
                return self._i_cast_value("bitcast", Val(inner, src.elem), target)
            if self.wide(target) and target.count == 1:
                assert target.elem is not None
                inner = self._i_cast_value("bitcast", v, target.elem)
                return Val(self.emit("CompositeConstruct", self.stype(target), Id(inner.id)), target)
            if self.wide(src) or self.wide(target):
                raise no_mapping("a bitcast of a vector of more than four elements")
            return Val(self.emit("Bitcast", self.stype(target), Id(v.id)), target)
        rt = self._scalar_type(target)
        ss = src.scalar
        ts = target.scalar

        def constant(type_id: int, scalar: IRType, value: int) -> int:
            """`value` in `scalar`'s type, splatted where `type_id` (what the
            operation works on) is a (narrow) vector."""
            one = self.m.const_float(self.stype(scalar), float(value)) if scalar.kind == "float" else \
                self.m.const_int(self.stype(scalar), value)
            shape = self.m.type_of[type_id]
            return self.m.const_composite(type_id, [one] * shape[2]) if shape[0] == "vector" else one

        def convert(x: int) -> int:
            if op in ("zext", "uitofp") and ss.kind == "bool":
                return self.emit("Select", rt, Id(x), Id(constant(rt, ts, 1)), Id(self.m.const_null(rt)))
            if op in ("sext", "sitofp") and ss.kind == "bool":
                return self.emit("Select", rt, Id(x), Id(constant(rt, ts, -1)), Id(self.m.const_null(rt)))
            if ts.kind == "bool":
                st = self._scalar_type(src)
                if ss.kind == "float":
                    return self.emit("FUnordNotEqual", rt, Id(x), Id(self.m.const_null(st)))
                low = self.emit("BitwiseAnd", st, Id(x), Id(constant(st, ss, 1)))
                return self.emit("INotEqual", rt, Id(low), Id(self.m.const_null(st)))
            name = {"zext": "UConvert", "sext": "SConvert", "trunc": "UConvert", "fptrunc": "FConvert",
                    "fpext": "FConvert", "fptoui": "ConvertFToU", "fptosi": "ConvertFToS", "uitofp": "ConvertUToF",
                    "sitofp": "ConvertSToF"}[op]
            if name in ("UConvert", "SConvert", "FConvert") and ss.bits == ts.bits:
                return x
            return self.emit(name, rt, Id(x))

        return Val(self._elementwise(target, convert, v), target)

    _i_zext = _i_sext = _i_trunc = _i_fptrunc = _i_fpext = _i_fptoui = _i_fptosi = _i_uitofp = _i_sitofp = _i_cast
    _i_bitcast = _i_addrspacecast = _i_ptrtoint = _i_inttoptr = _i_cast

    # vectors and aggregates

    def _i_extractelement(self, ins: R.Instruction, parsed: Parsed) -> Val:
        vec_op, idx_op = parsed.operands
        vec = self.val(vec_op)
        t = parsed.type
        k = idx_op.const_int
        if k is not None:
            parts = self._constant_parts(vec)
            if parts is not None:
                return Val(parts[k], t)
            return Val(self.emit("CompositeExtract", self.stype(t), Id(vec.id), Lit(k)), t)
        if not self.wide(vec.ty):
            return Val(self.emit("VectorExtractDynamic", self.stype(t), Id(vec.id), Id(self.index_id(idx_op))), t)
        tmp = self.local_var(self.stype(vec.ty), "vector.tmp")
        self.emit_void("Store", Id(tmp), Id(vec.id))
        p = self.emit("AccessChain", self.m.t_pointer("Function", self.stype(t)), Id(tmp), Id(self.index_id(idx_op)))
        return Val(self.emit("Load", self.stype(t), Id(p)), t)

    def _i_insertelement(self, ins: R.Instruction, parsed: Parsed) -> Val:
        vec_op, elt_op, idx_op = parsed.operands
        vec, elt = self.val(vec_op), self.val(elt_op)
        t = parsed.type
        k = idx_op.const_int
        if k is not None:
            parts = self._constant_parts(vec)
            if parts is not None and elt.id in self.m.value_type and self.m.is_constant(elt.id):
                # Folded: texel offsets, for one, must be constants.
                parts = list(parts)
                parts[k] = elt.id
                return Val(self.m.const_composite(self.stype(t), parts), t)
            return Val(self.emit("CompositeInsert", self.stype(t), Id(elt.id), Id(vec.id), Lit(k)), t)
        if not self.wide(t):
            return Val(self.emit("VectorInsertDynamic", self.stype(t), Id(vec.id), Id(elt.id),
                                 Id(self.index_id(idx_op))), t)
        tmp = self.local_var(self.stype(t), "vector.tmp")
        self.emit_void("Store", Id(tmp), Id(vec.id))
        assert t.elem is not None
        p = self.emit("AccessChain", self.m.t_pointer("Function", self.stype(t.elem)), Id(tmp),
                      Id(self.index_id(idx_op)))
        self.emit_void("Store", Id(p), Id(elt.id))
        return Val(self.emit("Load", self.stype(t), Id(tmp)), t)

    def _constant_parts(self, value: Val) -> list[int] | None:
        """The constituents of a constant vector, or None."""
        parts = self.m.parts.get(value.id)
        if parts is not None:
            return parts
        t = value.ty
        if t.kind == "vector" and t.elem is not None and self.m.is_constant(value.id) \
                and self.m.globals and value.id == self.m.const_null(self.stype(t)):
            return [self.m.const_null(self.stype(t.elem))] * t.count
        return None

    def _i_shufflevector(self, ins: R.Instruction, parsed: Parsed) -> Val:
        a, b = (self.val(o) for o in parsed.operands)
        t = parsed.type
        lanes = parsed.extra
        n = a.ty.count
        if not self.wide(t) and not self.wide(a.ty) and t.count > 1:
            return Val(self.emit("VectorShuffle", self.stype(t), Id(a.id), Id(b.id),
                                 *[Lit(x if x >= 0 else 0xFFFFFFFF) for x in lanes]), t)
        assert t.elem is not None
        et = self.stype(t.elem)
        parts = []
        for x in lanes:
            if x < 0:
                parts.append(self.m.const_null(et))
            else:
                src = a if x < n else b
                parts.append(self.emit("CompositeExtract", et, Id(src.id), Lit(x % n)))
        return Val(self.emit("CompositeConstruct", self.stype(t), *[Id(p) for p in parts]), t)

    def _i_extractvalue(self, ins: R.Instruction, parsed: Parsed) -> Any:
        agg = self.get(parsed.operands[0])
        indices = parsed.extra
        if isinstance(agg, Aggregate):
            prefix = tuple(indices)
            if prefix in agg.leaves:
                return agg.leaves[prefix]
            outer = next((k for k in agg.leaves if prefix[:len(k)] == k), None)
            if outer is not None and isinstance(agg.leaves[outer], Val):
                # Part of a data leaf of a struct that holds resources.
                t = parsed.type
                return Val(self.emit("CompositeExtract", self.stype(t), Id(agg.leaves[outer].id),
                                     *[Lit(k) for k in prefix[len(outer):]]), t)
            return Aggregate({k[len(prefix):]: v for k, v in agg.leaves.items() if k[:len(prefix)] == prefix})
        if isinstance(agg, Parts):
            value: Any = agg
            for k in indices:
                value = value.item(k) if isinstance(value, Parts) else None
                if value is None:
                    raise SpirvError("a part of a result that is not there")
            return value
        if not isinstance(agg, Val):
            raise SpirvError("extractvalue of a value that is not an aggregate")
        t = parsed.type
        return Val(self.emit("CompositeExtract", self.stype(t), Id(agg.id), *[Lit(k) for k in indices]), t)

    def _i_insertvalue(self, ins: R.Instruction, parsed: Parsed) -> Any:
        agg_op, value_op = parsed.operands
        t = parsed.type
        if holds_only_resources(t) or is_mixed(t):
            agg = self.get(agg_op) if agg_op.is_local else Aggregate({})
            leaves = dict(agg.leaves) if isinstance(agg, Aggregate) else {}
            prefix = tuple(parsed.extra)
            value = self.get(value_op)
            if isinstance(value, Aggregate):
                for rest, leaf in value.leaves.items():
                    leaves[prefix + rest] = leaf
            else:
                leaves[prefix] = value
            return Aggregate(leaves)
        if t.name is not None and t.name.startswith("dx.types."):
            agg = self.get(agg_op) if agg_op.is_local else Parts([None] * len(t.fields))
            items = [agg.item(k) for k in range(len(t.fields))] if isinstance(agg, Parts) else \
                [None] * len(t.fields)
            items[parsed.extra[0]] = self.get(value_op)
            return Parts(items)
        agg, value = self.val(agg_op), self.val(value_op)
        return Val(self.emit("CompositeInsert", self.stype(t), Id(value.id), Id(agg.id),
                             *[Lit(k) for k in parsed.extra]), t)

    # memory

    def _i_alloca(self, ins: R.Instruction, parsed: Parsed) -> Any:
        t = parsed.type
        name = ins.result.lstrip("%")
        if ins.result in self.query_allocas:
            # Holds ray query objects: a slot per element.
            return SlotRef(SlotTree(ins.result, t), (), t) if t.kind in ("array", "struct") else Slot(ins.result)
        if t.kind in _STATIC_KINDS or (t.kind == "pointer" and t.elem is not None and t.elem.kind in _STATIC_KINDS):
            if t.kind == "wavemat":
                return self.matrices.wave_matrix_alloca(ins.result)
            return Slot(ins.result)
        if holds_only_resources(t):
            return SlotRef(SlotTree(ins.result, t), (), t)
        if is_mixed(t):
            return MixedRef(MixedTree(ins.result, t), (), t)
        var = self.local_var(self.stype(t), name)
        return Ptr(var, "Function", t, [], t, name=name)

    def _i_load(self, ins: R.Instruction, parsed: Parsed) -> Any:
        p = self.get(parsed.operands[0])
        t = parsed.type
        if isinstance(p, SlotRef):
            return self._load_slots(p, ins.line)
        if isinstance(p, MixedRef):
            return self._load_mixed(p, ins.line)
        if isinstance(p, Slot):
            return p.take(self, ins.line)
        if isinstance(p, PackedElement):
            return self._packed_load(p, t)
        if not isinstance(p, Ptr):
            raise SpirvError("a load through something that is not a pointer")
        if t.kind in _STATIC_KINDS:
            raise SpirvError("a load of a resource or matrix from memory")
        return Val(self.emit("Load", self.stype(t), Id(self.address(p))), t)

    def _load_slots(self, p: SlotRef, line: int) -> Any:
        if p.view.kind in _STATIC_KINDS or p.view.kind not in ("array", "struct") and p.tree.name in self.query_allocas:
            if p.dynamic is None:
                return p.tree.leaf(p.path).take(self, line)
            if p.view.kind not in _STATIC_KINDS:
                raise no_mapping("a ray query chosen at run time from a local array",
                                 "every use must name one `RayQuery<...>` object")
            return self._dynamic_handle(p)
        if p.dynamic is not None:
            raise no_mapping("a copy of part of a resource array chosen at run time")
        leaves = {}
        for rest in _leaf_paths(p.view):
            slot = p.tree.leaf(p.path + rest)
            if slot.value is not None:
                leaves[rest] = slot.value
        return Aggregate(leaves)

    def _mixed_var(self, tree: MixedTree, path: tuple) -> Ptr:
        found = tree.vars.get(path)
        if found is None:
            t = tree.leaves[path]
            name = tree.name.lstrip("%") + "".join(f".{k}" for k in path)
            found = tree.vars[path] = Ptr(self.local_var(self.stype(t), name), "Function", t, [], t, name=name)
        return found

    def _mixed_slot(self, tree: MixedTree, path: tuple) -> Slot:
        found = tree.slots.get(path)
        if found is None:
            found = tree.slots[path] = Slot(f"{tree.name}{list(path)}")
        return found

    def _load_mixed(self, p: MixedRef, line: int) -> Any:
        tree = p.tree
        if p.path in tree.leaves:
            if p.view.kind in _STATIC_KINDS:
                return self._mixed_slot(tree, p.path).take(self, line)
            var = self._mixed_var(tree, p.path)
            return Val(self.emit("Load", self.stype(p.view), Id(self.address(var))), p.view)
        leaves = {}
        n = len(p.path)
        for path, t in tree.leaves.items():
            if path[:n] != p.path:
                continue
            if t.kind in _STATIC_KINDS:
                slot = tree.slots.get(path)
                if slot is not None and slot.value is not None:
                    leaves[path[n:]] = slot.take(self, line)
            else:
                var = self._mixed_var(tree, path)
                leaves[path[n:]] = Val(self.emit("Load", self.stype(t), Id(self.address(var))), t)
        return Aggregate(leaves)

    def _store_mixed(self, p: MixedRef, value: Any) -> None:
        tree = p.tree
        n = len(p.path)
        if not isinstance(value, Aggregate):
            value = Aggregate({(): value})
        for path, t in tree.leaves.items():
            if path[:n] != p.path:
                continue
            rest = path[n:]
            if rest in value.leaves:
                leaf = value.leaves[rest]
                if t.kind in _STATIC_KINDS:
                    self._mixed_slot(tree, path).put(leaf, self.node.name)
                else:
                    self.emit_void("Store", Id(self.address(self._mixed_var(tree, path))), Id(self.val_of(leaf).id))
                continue
            # A coarser data value holding this leaf, or finer parts of it.
            outer = next((k for k in value.leaves if rest[:len(k)] == k and k != rest), None)
            if outer is not None and t.kind not in _STATIC_KINDS:
                whole = self.val_of(value.leaves[outer])
                part = self.emit("CompositeExtract", self.stype(t), Id(whole.id), *[Lit(k) for k in rest[len(outer):]])
                self.emit_void("Store", Id(self.address(self._mixed_var(tree, path))), Id(part))
                continue
            for k, leaf in value.leaves.items():
                if k[:len(rest)] == rest and len(k) > len(rest) and t.kind not in _STATIC_KINDS:
                    var = self._mixed_var(tree, path)
                    chain, view = [], t
                    for idx in k[len(rest):]:
                        chain.append(self.uint(idx))
                        view = view.fields[idx] if view.kind == "struct" else view.elem
                    ptr = Ptr(var.root, var.storage, var.root_type, chain, view, name=var.name)
                    self.emit_void("Store", Id(self.address(ptr)), Id(self.val_of(leaf).id))

    def val_of(self, value: Any) -> Val:
        if not isinstance(value, Val):
            raise no_mapping("a resource in a value of a local array or struct that also holds data",
                             "the part copied is not data")
        return value

    def _dynamic_handle(self, p: SlotRef) -> Handle:
        """An element of a local array of handles chosen at run time: the
        elements must be consecutive elements of one resource array."""
        position, index = p.dynamic
        count = self._array_length_at(p.tree.type, p.path[:position])
        base = None
        for k in range(count):
            path = p.path[:position] + (k,) + p.path[position + 1:]
            value = p.tree.leaf(path).value
            constant = self.m.int_values.get(value.index, 0) if isinstance(value, Handle) and \
                value.index is not None else 0 if isinstance(value, Handle) else None
            if not isinstance(value, Handle) or (value.index is not None and value.index not in self.m.int_values):
                raise no_mapping("a resource chosen at run time from a local array",
                                 "its elements must be consecutive elements of one resource array")
            if base is None:
                base = (value.res, constant)
            elif value.res is not base[0] or constant != base[1] + k:
                raise no_mapping("a resource chosen at run time from a local array",
                                 "its elements must be consecutive elements of one resource array")
        assert base is not None
        uint = self.m.t_int(32)
        element = index if base[1] == 0 else self.emit("IAdd", uint, Id(index), Id(self.uint(base[1])))
        return Handle(base[0], element)

    @staticmethod
    def _array_length_at(t: IRType, path: tuple) -> int:
        for k in path:
            t = t.fields[k] if t.kind == "struct" else t.elem
        return t.count

    def _i_store(self, ins: R.Instruction, parsed: Parsed) -> None:
        value_op, ptr_op = parsed.operands
        p = self.get(ptr_op)
        if isinstance(p, SlotRef):
            if p.dynamic is not None:
                raise no_mapping("storing a resource into a local array at an index chosen at run time")
            value = self.get(value_op) if value_op.is_local else Aggregate({})
            if isinstance(value, Aggregate):
                for rest in _leaf_paths(p.view):
                    if rest in value.leaves:
                        p.tree.leaf(p.path + rest).put(value.leaves[rest], self.node.name)
                return None
            p.tree.leaf(p.path).put(value, self.node.name)
            return None
        if isinstance(p, MixedRef):
            # A constant: data (a float stored in a member), or undef/zero for
            # the whole struct (its handles are set member by member).
            value = self.get(value_op) if value_op.is_local or not is_mixed(value_op.type) \
                and value_op.type.kind not in _STATIC_KINDS else Aggregate({})
            self._store_mixed(p, value)
            return None
        if isinstance(p, Slot):
            p.put(self.get(value_op), self.node.name)
            return None
        if isinstance(p, PackedElement):
            self._packed_store(ins, p, self.val(value_op))
            return None
        if not isinstance(p, Ptr):
            raise SpirvError("a store through something that is not a pointer")
        value = self.val(value_op)
        self.emit_void("Store", Id(self.address(p)), Id(value.id))
        return None

    # -- packed groupshared arrays (packing.py) ----------------------------------------

    def shift_right(self, value: int, bits: int) -> int:
        """value >> bits (uint), folded when the value is a constant."""
        if bits == 0:
            return value
        known = self.m.int_values.get(value)
        if known is not None:
            return self.uint(known >> bits)
        return self.emit("ShiftRightLogical", self.m.t_int(32), Id(value), Id(self.uint(bits)))

    def packed_word(self, p: PackedElement) -> int:
        """A pointer to the 32-bit word that holds a packed element."""
        arr = p.array
        uint = self.m.t_int(32)
        per_word = 32 // arr.element.bits
        word = self.shift_right(p.index, per_word.bit_length() - 1)
        ptr = self.m.t_pointer("Workgroup", uint)
        if arr.words == 1:
            return self.emit("AccessChain", ptr, Id(arr.var), Id(word))
        unit = self.shift_right(word, (arr.words - 1).bit_length())
        lane = self.emit("BitwiseAnd", uint, Id(word), Id(self.uint(arr.words - 1)))
        return self.emit("AccessChain", ptr, Id(arr.var), Id(unit), Id(lane))

    def packed_unit(self, p: PackedElement, index: int) -> int:
        """A pointer to the unit that starts at element `index` (a multiple
        of the unit)."""
        arr = p.array
        uint = self.m.t_int(32)
        unit_type = uint if arr.words == 1 else self.m.t_vector(uint, arr.words)
        at = self.shift_right(index, arr.shift)
        return self.emit("AccessChain", self.m.t_pointer("Workgroup", unit_type), Id(arr.var), Id(at))

    def _packed_load(self, p: PackedElement, t: IRType) -> Val:
        uint = self.m.t_int(32)
        word = self.emit("Load", uint, Id(self.packed_word(p)))
        if t.bits == 16:
            shift = self.emit("ShiftLeftLogical", uint, Id(self.emit("BitwiseAnd", uint, Id(p.index), Id(self.uint(1)))),
                              Id(self.uint(4)))
            word = self.emit("UConvert", self.m.t_int(16), Id(self.emit("ShiftRightLogical", uint, Id(word), Id(shift))))
        if t.kind == "float" or t.bits == 32 and self.stype(t) != uint:
            word = self.emit("Bitcast", self.stype(t), Id(word))
        return Val(word, t)

    def _packed_store(self, ins: R.Instruction, p: PackedElement, value: Val) -> None:
        chunk = self.packing.stores.get(ins.line)
        if chunk is None:
            raise SpirvError("a store to a packed groupshared array outside the stores it was packed for")
        offset = chunk.lines[ins.line]
        chunk.values[offset] = value.id
        if offset == 0:
            chunk.index = p.index
        if ins.line != chunk.last:
            return
        arr = p.array
        uint = self.m.t_int(32)
        element = self.stype(arr.element)
        words = []
        if arr.element.bits == 16:
            pair = self.m.t_vector(element, 2)
            for k in range(0, arr.unit, 2):
                both = self.emit("CompositeConstruct", pair, Id(chunk.values[k]), Id(chunk.values[k + 1]))
                words.append(self.emit("Bitcast", uint, Id(both)))
        else:
            words = [chunk.values[k] if element == uint else self.emit("Bitcast", uint, Id(chunk.values[k]))
                     for k in range(arr.unit)]
        unit = words[0] if len(words) == 1 else self.emit("CompositeConstruct", self.m.t_vector(uint, len(words)),
                                                          *[Id(w) for w in words])
        assert chunk.index is not None
        self.emit_void("Store", Id(self.packed_unit(p, chunk.index)), Id(unit))
        chunk.values = {}

    def _i_getelementptr(self, ins: R.Instruction, parsed: Parsed) -> Any:
        base = self.get(parsed.operands[0])
        if isinstance(base, SlotRef):
            indices = parsed.operands[1:]
            if indices[0].const_int != 0:
                raise no_mapping("pointer arithmetic on a local array of resources")
            path, view, dynamic = list(base.path), base.view, base.dynamic
            for op in indices[1:]:
                k = op.const_int
                if k is None:
                    if dynamic is not None or view.kind != "array":
                        raise no_mapping("a resource chosen at run time from a local array")
                    dynamic = (len(path), self.index_id(op))
                    k = 0
                path.append(k)
                view = view.fields[k] if view.kind == "struct" else view.elem
            return SlotRef(base.tree, tuple(path), view, dynamic)
        if isinstance(base, MixedRef):
            indices = parsed.operands[1:]
            if indices[0].const_int != 0:
                raise no_mapping("pointer arithmetic on a local struct holding resources")
            path, view = list(base.path), base.view
            for at, op in enumerate(indices[1:], 1):
                if tuple(path) in base.tree.leaves and view.kind not in _STATIC_KINDS:
                    # Inside a part that holds no resource: its variable.
                    var = self._mixed_var(base.tree, tuple(path))
                    zero = indices[0]     # the constant 0 that starts every index list
                    return self.gep(var, view, [zero] + indices[at:])
                k = op.const_int
                if k is None:
                    raise no_mapping("a struct holding resources chosen at run time from a local array")
                path.append(k)
                view = view.fields[k] if view.kind == "struct" else view.elem
            return MixedRef(base.tree, tuple(path), view)
        if isinstance(base, Slot):
            if all(o.const_int == 0 for o in parsed.operands[1:]):
                return base
            raise no_mapping("an array of resources or matrices in a local variable")
        if isinstance(base, PackedArray):
            return PackedElement(base, self.index_id(parsed.operands[2]))
        if not isinstance(base, Ptr):
            raise SpirvError("getelementptr on something that is not a pointer")
        return self.gep(base, parsed.type, parsed.operands[1:])

    def _i_call(self, ins: R.Instruction, parsed: Parsed) -> Any:
        name = ins.callee[1:] if ins.callee else ""
        if name == "hlslc.printf":
            return self._debug_printf(parsed)
        if name.startswith("hlslc.vk.RawBuffer"):
            return self._raw_buffer(name.startswith("hlslc.vk.RawBufferStore"), parsed)
        if not name.startswith("dx.op."):
            raise no_mapping(f"a call of '{name}'", "SPIR-V output needs every function inlined into the entry")
        opcode = parsed.operands[0].const_int
        try:
            op = ir_ops.by_opcode(opcode)
        except (KeyError, ValueError):
            raise SpirvError(f"unknown operation {name} with opcode {opcode}") from None
        handler = OPERATIONS.get(op.name)
        if handler is None:
            raise no_mapping(f"the operation {op.name} ({name})", UNSUPPORTED.get(op.name, ""))
        return handler(self, ins, op, parsed.operands[1:], parsed.type)

    def _raw_buffer(self, store: bool, parsed: Parsed) -> Val | None:
        """vk::RawBufferLoad/Store (hlslc/lower/codegen.py `_vk_raw_buffer`):
        the 64-bit address bitcast to a PhysicalStorageBuffer pointer to the
        value's type, then a load or a store with the alignment, as DXC
        writes it."""
        address, *rest = parsed.operands
        value = rest[0] if store else None
        align = rest[-1].const_int
        if align is None:
            raise SpirvError("the alignment of a raw buffer access must be a constant")
        self.m.capability("PhysicalStorageBufferAddresses")
        self.m.addressing_model = "PhysicalStorageBuffer64"
        ty = value.type if store else parsed.type
        pointer = self.emit("Bitcast", self.m.t_pointer("PhysicalStorageBuffer", self.stype(ty)),
                            Id(self.vid(address)))
        access = [Enum("MemoryAccess", "Aligned"), Lit(align)]
        if store:
            self.emit_void("Store", Id(pointer), Id(self.vid(value)), *access)
            return None
        return Val(self.emit("Load", self.stype(ty), Id(pointer), *access), ty)

    def _debug_printf(self, parsed: Parsed) -> None:
        """HLSL's printf (hlslc/lower/printf.py): NonSemantic.DebugPrintf's
        instruction 1 (DebugPrintf; spirv-dis writes the number), its
        format an OpString, as DXC writes it."""
        index = parsed.operands[0].const_int
        refs = self.ir.named_metadata.get("hlslc.printf", [])
        node = self.ir.md_node(refs[index]) if index is not None and 0 <= index < len(refs) else None
        raw = self.ir.md_string(node[0]) if node else None
        if raw is None:
            raise SpirvError(f"printf's format {index} is not in the module's !hlslc.printf list")
        text = _metadata_text(raw)
        # One instruction holds 65,535 words: the OpString's (the text's
        # UTF-8 and its terminating zero) and the OpExtInst's (5 and a
        # word per value).
        size = len(text.encode("utf-8"))
        if size // 4 + 3 > 0xFFFF:
            raise SpirvError(f"the format of printf ({size:,} bytes) is too long for one SPIR-V instruction "
                             f"(at most {(0xFFFF - 3) * 4 + 3:,} bytes)")
        if len(parsed.operands) - 1 + 6 > 0xFFFF:
            raise SpirvError(f"printf passes {len(parsed.operands) - 1:,} values; one SPIR-V instruction holds "
                             f"at most {0xFFFF - 6:,}")
        self.m.extension("SPV_KHR_non_semantic_info")
        ext = self.m.ext_import("NonSemantic.DebugPrintf")
        values = [Id(self.vid(op)) for op in parsed.operands[1:]]
        self.emit("ExtInst", self.m.t_void(), Id(ext), Lit(1), Id(self.m.string(text)), *values)

    def _i_atomicrmw(self, ins: R.Instruction, parsed: Parsed) -> Val:
        return groupshared_atomic(self, ins, parsed)

    _i_cmpxchg = _i_atomicrmw

    # -- terminators ------------------------------------------------------------------

    def terminator(self, node: Any) -> None:
        t = node.term
        kind = t[0]
        labels = self.labels
        # Operands first: OpSelectionMerge must come right before the branch.
        value: Any = None
        if kind == "cbr" and t[2] != t[3]:
            value = self.vid(t[1]) if t[1].is_local or t[1].value not in ("true", "false") else \
                self.m.const_bool(t[1].value == "true")
        elif kind == "switch":
            value = self.val(t[1])
        elif kind == "dispatch":
            value = Val(self.emit("Load", self.m.t_int(32), Id(self.selector_vars[t[1]])), self.types.get("i32"))
            if is_two_way(node):
                # Two targets: a conditional branch (`structure.is_two_way`),
                # true for the case values of the target that is not the
                # default.
                other = next(target for _, target in t[3] if target != t[2])
                tests = [self.emit("IEqual", self.m.t_bool(), Id(value.id), Id(self.m.const_int(self.m.t_int(32), v)))
                         for v, target in t[3] if target == other]
                cond = tests[0]
                for extra in tests[1:]:
                    cond = self.emit("LogicalOr", self.m.t_bool(), Id(cond), Id(extra))
                kind, t = "cbr", ("cbr", None, other, t[2])
                value = cond
        elif kind == "ret" and t[1] is not None:
            raise no_mapping("an entry function returning a value")
        if node.selection_merge is not None:
            self.emit_void("SelectionMerge", Id(labels[node.selection_merge]), Enum("SelectionControl", "None"))
        if kind == "br" or kind == "cbr" and t[2] == t[3]:
            self.emit_void("Branch", Id(labels[t[2] if kind == "cbr" else t[1]]))
        elif kind == "cbr":
            self.emit_void("BranchConditional", Id(value), Id(labels[t[2]]), Id(labels[t[3]]))
        elif kind in ("switch", "dispatch"):
            bits = value.ty.bits
            cases = []
            for v, target in t[3]:
                v &= (1 << bits) - 1
                cases += [Lit([v & 0xFFFFFFFF, v >> 32] if bits > 32 else v), Id(labels[target])]
            self.emit_void("Switch", Id(value.id), Id(labels[t[2]]), *cases)
        elif kind == "ret":
            self.emit_void("Return")
        else:
            self.emit_void("Unreachable")


def _operand(o: Any) -> Any:
    if isinstance(o, int):
        return Id(o)
    return o


def _str(text: str) -> Any:
    return Str(text)


def target_version(vulkan_options: tuple[str, ...]) -> tuple[int, int]:
    """The SPIR-V version the last -fspv-target-env asks for (the options
    parser has refused the values not in `spec.TARGET_ENVS`)."""
    env = spec.DEFAULT_TARGET_ENV
    for option in vulkan_options:
        if option.startswith("-fspv-target-env="):
            env = option.split("=", 1)[1]
    return spec.TARGET_ENVS.get(env, spec.TARGET_ENVS[spec.DEFAULT_TARGET_ENV])


_METADATA_ESCAPE = re.compile(r"\\([0-9A-Fa-f]{2})")


def _metadata_text(raw: str) -> str:
    """The text of an IR metadata string as LLVM spells it: other bytes
    than printable ASCII (and the quote and backslash) are `\\XX`, of its
    UTF-8 encoding."""
    if "\\" not in raw:
        return raw
    data = bytearray()
    last = 0
    for m in _METADATA_ESCAPE.finditer(raw):
        data += raw[last:m.start()].encode("utf-8")
        data.append(int(m.group(1), 16))
        last = m.end()
    data += raw[last:].encode("utf-8")
    return data.decode("utf-8", errors="replace")


# Uses of a pointer into a storage buffer that do not read it: the stores
# (operand 0 is where), the access chains that derive other pointers from it,
# and the length query.
_WRITES = {"Store", "CooperativeMatrixStoreKHR", "CooperativeMatrixStoreTensorNV", "CooperativeMatrixStoreNV"}
_DERIVES = {"AccessChain", "InBoundsAccessChain"}
_ACCESS = {spec.ENUMS["Decoration"]["NonWritable"], spec.ENUMS["Decoration"]["NonReadable"]}


def mark_unread_buffers(m: Module) -> None:
    """Declare `NonReadable` the storage buffers (views) that the module
    writes and never reads, as GLSL's `writeonly` does: a UAV that is only
    stored to (the GEMM's C) then reaches the driver as write-only.  Any use
    of a pointer into it other than a store, an access chain or
    OpArrayLength counts as a read (so do atomics, copies and calls)."""
    roots: dict[int, int] = {}          # pointer id -> the StorageBuffer variable it points into
    block_of: dict[int, int] = {}       # variable -> its Block struct
    users: dict[int, int] = {}          # Block struct -> how many variables have it
    for ins in m.globals:
        if ins.op == "Variable":
            pointee = m.type_of.get(ins.type, ())
            if len(pointee) == 3 and pointee[0] == "pointer" and pointee[1] == "StorageBuffer" and \
                    m.type_of.get(pointee[2], ("",))[0] == "struct":     # not an array of buffers
                roots[ins.result] = ins.result
                block_of[ins.result] = pointee[2]
                users[pointee[2]] = users.get(pointee[2], 0) + 1
    if not roots:
        return
    read: set[int] = set()
    written: set[int] = set()
    for fn in m.functions:
        for block in fn.blocks:
            for ins in block.instructions:
                ids = [op.value for op in ins.operands if isinstance(op, Id)]
                if ins.op in _DERIVES and ids and ids[0] in roots:
                    if ins.result is not None:
                        roots[ins.result] = roots[ids[0]]
                    continue
                for k, value in enumerate(ids):
                    var = roots.get(value)
                    if var is None:
                        continue
                    if k == 0 and ins.op in _WRITES:
                        written.add(var)
                    elif not (k == 0 and ins.op == "ArrayLength"):
                        read.add(var)
    for var, block in block_of.items():
        if var in written and var not in read and users.get(block) == 1:
            member = [d for d in m.decorations if d.op == "MemberDecorate" and d.operands[0].value == block
                      and any(isinstance(o, Enum) and o.kind == "Decoration" and o.value in _ACCESS for o in d.operands)]
            if not member:
                m.member_decorate(block, 0, "NonReadable")
