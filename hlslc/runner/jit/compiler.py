"""The JIT's translation of a compute entry into native code (LLVM IR text
that `engine` compiles): a wave of W threads is a set of LLVM vectors, one
element per lane, run as the interpreter runs the whole dispatch.

A pass over the IR, read through `hlslc.dxil` (module records, the one type
parser, operand decoding, the control-flow graph, the operation table),
writes one function per wave, `@wave`.  Its blocks are the IR's blocks,
split after each point where the waves of a group synchronise (a barrier,
when a group has more than one wave).  Control flow keeps the
interpreter's stack in the wave's frame: (place, started, lanes) entries,
a place being a segment or a loop's next iteration, with the
interpreter's rule of reconvergence (`dxil.cfg.structure`): a branch with
merges leaves entries waiting there and pushes its sides, the first on
top; an entry coming to a place where one below waits gives it its lanes;
entering a loop leaves entries at its merge and continue target, and its
next iteration starts when every lane has ended this one; a branch
without merges whose lanes agree jumps straight to its target.  Values that live across blocks, allocas that are only
loaded and stored whole (a local variable), and phis live in the frame's
slots; a value a block recomputes keeps the old value of the lanes outside
the block's mask.  Other allocas and written statics are per-lane memory
(4-byte words interleaved by lane, so a uniform index reads a vector),
groupshared memory is per group, buffers are the pipeline's arrays.

Around `@wave`: `@group` runs the waves of a group phase by phase (each up
to its next synchronisation point or its end), `@hlslc_worker` takes groups
from a shared counter until none is left, the dispatch is stopped
(`ctx.stop`) or a wave fails.

The group mode (`Plan.together`: an entry that cannot tell waves apart,
whose group takes several vectors): `@wave` runs the whole group, one
stack whose masks have a bit per thread of the group; each segment is a
loop over the group's vectors that have lanes in it (each vector's slots
in its part of the frame), its branch's lanes gathered from every vector
before the stack takes them, so a barrier is only the end of a segment.
What holds one value for the whole group (`shapes`, level "group": a
constant-buffer bound, a loop counter) runs once before that loop and
lives in the group's slots; a branch on it needs no loop; an if whose
sides are single segments runs inside its branch's loop, each vector's
lanes of each side in turn (`_fusion`).  In every mode, `shapes` gives a
value read back from its slot its linear form across the lanes, and
thread ids are made again where they are used, so memory indexed by
them stays one vector access.  The arithmetic follows the interpreter's:
float32 operations flush denormals (inputs and results), half arithmetic
rounds through float32 as numpy's does, no fused multiply-add, D3D's
integer division by zero, loads outside a buffer read zero and stores
outside it are dropped.

Owns: `Compiler` (analysis and translation), `Unsupported` (an operation
the JIT does not run: the caller falls back to the interpreter), the
layout of a wave's frame and of the dispatch's context (`CTX_*`).  Does
not own: the `dx.op` translations (`ops`, `linalg`), compiling and running
the text (`engine`).
"""

from __future__ import annotations

import os
from typing import Any, Callable

import numpy as np

from ...dxil import ops as ir_ops
from ...dxil import reader as R
from ...dxil.cfg import CFG, NEXT, dominates, structure
from ...dxil.operands import Parsed, UnknownInstruction, constant_value, parse_instruction
from ...dxil.types import IRError
from ..binding import Bindings, Resource
from ..errors import RunError
from ..layout import MemoryType, MemoryTypes
from .base import (Plan, CTX_BLOCKS, CTX_CHUNK, CTX_STOP_LINE, CTX_DETAIL, CTX_DIMS, CTX_ERROR, CTX_GROUPS, CTX_NEXT, DONE, F_LINE, F_SP, F_STACK, F_STATUS, F_SYNC, FAILED,
                   MAKERS, OPERATIONS, SUSPENDED, SYNC, HandleV, MatV, PtrV, Root, Segment, Unsupported, align,
                   is_object_type, scalar_leaves, stride)
from .emit import INT_BITS, SIZES, Agg, Body, Lanes, double_to_half_text, llvm_const
from .mathlib import call_loop2
from .shapes import Shapes, read_before_written
from .memory import llvm_atomic, load_scalar, store_scalar

_BINARY = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor",
           "fadd", "fsub", "fmul", "fdiv", "frem"}
_CASTS = {"zext", "sext", "trunc", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "bitcast",
          "addrspacecast", "ptrtoint", "inttoptr"}


class Compiler:
    """Translates one compute entry of a module for a dispatch's bindings
    into LLVM IR text (`text()`), or raises `Unsupported`."""

    def __init__(self, mod: R.Module, entry: R.Function, binding: Bindings, plan: Plan,
                 threads: tuple[int, int, int], seed: int = 0, wave_matrix_depth: int = 16) -> None:
        self.mod = mod
        self.fn = entry
        self.binding = binding
        self.plan = plan
        self.W = wave_size = plan.width
        self.ws = plan.wave                        # lanes a wave (W is a multiple)
        self.threads = threads
        self.group_size = threads[0] * threads[1] * threads[2]
        self.waves = plan.units                    # vectors a block
        self.seed = seed
        self.wave_matrix_depth = wave_matrix_depth
        self.mtypes = MemoryTypes(mod.structs)
        self.tt = self.mtypes.types
        self.resources: list[Resource] = []        # the context's resources, in order
        self.resource_keys: list[Any] = []         # their keys in the binding
        self.math: list[list[str]] = []            # numpy loops the module calls: [ufunc, type]
        self.errors: list[tuple[str, int | None]] = []
        self.helpers: dict[str, str] = {}          # helper functions by name: their text
        self.globals_text: list[str] = []          # module-level constants
        self.frame_size = F_STACK
        self.frame_init = 0                        # bytes of the frame @group initialises
        self.shared_size = 0                       # groupshared bytes of a group
        self.group_size_bytes = 0                  # group memory: groupshared, then group-scope matrices
        self.ordered = False                       # run groups in order, on one worker
        self.uses_math = False
        self.body = Body(wave_size)
        self.parsed: dict[int, Parsed] = {}
        self.dxop: dict[int, ir_ops.Operation] = {}
        self.roots: dict[str, Root] = {}
        self.abstract: dict[str, frozenset] = {}   # object-valued IR values: what they may be
        self.sites: list[Any] = []                 # matrix sites (linalg)
        self.sync_ids: dict[int, int] = {}
        # The group mode (`Plan.together`): the stack's masks have a bit per
        # lane of the group's vectors (`MW`), the vectors' slots lie one
        # after another past the stack (`fp`: the vector's, in a segment).
        self.together = plan.together
        self.MW = wave_size * plan.units if self.together else wave_size
        # (kept as a vector of the vectors' masks: whole-vector loads and
        # stores, no wide integers)
        self.sw = f"<{plan.units} x i{wave_size}>" if self.together else f"i{self.MW}"
        self.sw_zero = "zeroinitializer" if self.together else "0"
        self.fp = "%frame"
        self.stack_depth = 64 + 2 * self.MW
        self.entry_size = align(8 + max(self.MW // 8, 1), 16)
        # A stack entry: (key i32, started i32, lanes); in the group mode the
        # lanes first, on their own 32 bytes (no store of zeros next to them
        # that LLVM would merge with theirs: whole-vector loads of them find
        # what was stored).
        self.KEY, self.STARTED, self.LANES = 0, 4, 8
        if self.together:
            n = max(self.MW // 8, 1)
            self.entry_size = align(n + 8, 32)
            self.KEY, self.STARTED, self.LANES = n, n + 4, 0
        self.linalg_state: dict[str, Any] = {}     # what `linalg` keeps between operations

    # ======================================================================
    # Analysis

    def analyse(self) -> None:
        fn = self.fn
        for b in fn.blocks:
            for ins in b.instructions:
                self._parse(ins)
        self._find_roots()
        self._resolve_objects()
        self._segment()
        self._find_forwarded_cells()
        self._find_slots()

    def _parse(self, ins: R.Instruction) -> None:
        op = ins.opcode
        if op == "call":
            name = (ins.callee or "")[1:]
            if not name.startswith("dx.op."):
                raise Unsupported(f"a call of '{name}' (the JIT runs entry functions whose calls are inlined)",
                                  ins.line)
            opcode = ins.args[0].const if ins.args else None
            o = next((x for x in ir_ops.by_function(name) if x.opcode == opcode), None)
            if o is None:
                raise RunError(f"unknown operation {name} with opcode {opcode}", ins.line)
            if o.name not in OPERATIONS:
                raise Unsupported(f"dx.op {o.name} ({name})", ins.line)
            self.dxop[id(ins)] = o
        elif op not in _BINARY and op not in _CASTS and op not in (
                "fneg", "icmp", "fcmp", "select", "alloca", "load", "store", "getelementptr", "extractvalue",
                "insertvalue", "extractelement", "insertelement", "shufflevector", "phi", "br", "switch", "ret",
                "unreachable", "atomicrmw", "cmpxchg"):
            raise Unsupported(f"the instruction '{op}'", ins.line)
        try:
            self.parsed[id(ins)] = parse_instruction(ins, self.tt)
        except (UnknownInstruction, IRError, ValueError, IndexError) as err:
            raise RunError(f"cannot read '{ins.describe()[:80]}': {err}", ins.line) from None

    def mtype(self, irtype: Any) -> MemoryType:
        return self.mtypes.of(irtype)

    # -- memory objects ---------------------------------------------------------

    def _find_roots(self) -> None:
        """Allocas and globals, and how each is kept."""
        fn = self.fn
        written: set[str] = set()
        uses: dict[str, list[tuple[R.Instruction, int]]] = {}
        base_of: dict[str, str] = {}    # pointer value -> its root's name
        for ins in fn.instructions():
            p = self.parsed[id(ins)]
            if ins.opcode == "alloca":
                base_of[ins.result] = ins.result
        for name, g in self.mod.globals.items():
            base_of[name] = name
        # Pointers derived from roots (in IR order, then to a fixed point for phis).
        changed = True
        while changed:
            changed = False
            for ins in fn.instructions():
                if ins.result is None or ins.result in base_of:
                    continue
                p = self.parsed[id(ins)]
                if ins.opcode in ("getelementptr", "bitcast", "addrspacecast") and p.operands:
                    src = p.operands[0].value
                    if src in base_of:
                        base_of[ins.result] = base_of[src]
                        changed = True
                elif ins.opcode in ("phi", "select"):
                    vals = [o.value for o in (p.operands if ins.opcode == "phi" else p.operands[1:])]
                    roots = {base_of[v] for v in vals if v in base_of}
                    if len(roots) == 1 and all(v in base_of or not v.startswith(("%", "@")) for v in vals):
                        base_of[ins.result] = roots.pop()
                        changed = True
        self.base_of = base_of
        # How each root is used: whole loads and stores at constant offsets
        # (promotable), or anything else.
        promotable: dict[str, bool] = {}
        const_off: dict[str, int | None] = {}
        for ins in fn.instructions():
            p = self.parsed[id(ins)]
            if ins.opcode == "alloca":
                const_off[ins.result] = 0
        for name in self.mod.globals:
            const_off[name] = 0
        for ins in fn.instructions():
            p = self.parsed[id(ins)]
            if ins.opcode == "getelementptr" and ins.result in base_of:
                base = p.operands[0].value
                off = const_off.get(base)
                t = self.mtype(p.type)
                if off is not None:
                    for k, o in enumerate(p.operands[1:]):
                        c = o.const_int
                        if c is None:
                            off = None
                            break
                        if k == 0:
                            off += c * stride(t)
                        elif t.kind == "struct":
                            off += t.offsets[c]
                            t = t.fields[c]
                        else:
                            t = t.elem
                            off += c * stride(t)
                const_off[ins.result] = off
            elif ins.opcode in ("bitcast", "addrspacecast") and ins.result in base_of:
                const_off[ins.result] = None
            elif ins.opcode in ("phi", "select") and ins.result in base_of:
                const_off[ins.result] = None
        self.const_off = const_off
        for ins in fn.instructions():
            p = self.parsed[id(ins)]
            for k, o in enumerate(p.operands):
                v = o.value
                if v not in base_of:
                    continue
                root = base_of[v]
                ok = False
                if ins.opcode == "load" and k == 0:
                    ok = const_off.get(v) is not None and self._cells_match(root, const_off[v], self.mtype(p.type))
                elif ins.opcode == "store" and k == 1:
                    written.add(root)
                    ok = const_off.get(v) is not None and \
                        self._cells_match(root, const_off[v], self.mtype(p.operands[0].type))
                elif ins.opcode == "store" and k == 0:
                    ok = False        # a pointer stored as a value
                elif ins.opcode == "getelementptr" and k == 0:
                    ok = True         # judged at its own uses
                elif ins.opcode in ("atomicrmw", "cmpxchg") and k == 0:
                    written.add(root)
                elif ins.opcode == "call":
                    written.add(root)          # matrix stores to groupshared, ...
                if not ok:
                    promotable[root] = False
                else:
                    promotable.setdefault(root, True)
        for ins in fn.instructions():
            if ins.opcode != "alloca":
                continue
            t = self.mtype(self.parsed[id(ins)].type)
            if is_object_type(t):
                self.roots[ins.result] = Root(ins.result, t, "objects")
            elif promotable.get(ins.result, True):
                root = self.roots[ins.result] = Root(ins.result, t, "cells")
                for off, st in scalar_leaves(t):
                    root.cells[off] = (st, 0)
            else:
                self.roots[ins.result] = Root(ins.result, t, "private")
        specs = {name: (t, value) for name, t, value in self.binding.spec_constants(self.mtypes)}
        for name, g in self.mod.globals.items():
            if g.type == "?":
                continue
            try:
                t = self.mtypes.get(g.type)
            except ValueError:
                continue
            if t.kind == "opaque" or is_object_type(t):
                continue
            if g.addrspace == 3:
                self.roots[name] = Root(name, t, "shared")
                continue
            init = self._initial_bytes(g, t)
            if name in specs:
                st, value = specs[name]
                init = bytearray(init)
                init[:st.size] = np.array([value], dtype=st.dtype).tobytes()
                init = bytes(init)
            if name in written:
                root = self.roots[name] = Root(name, t, "private")
                root.init = init
            else:
                root = self.roots[name] = Root(name, t, "const")
                root.data = init

    def _cells_match(self, root: str, off: int, t: MemoryType) -> bool:
        """Whether a load or store of `t` at `off` of an alloca covers whole
        scalars of its type (so the alloca can live in slots)."""
        rt = self._root_type(root)
        if rt is None:
            return False
        leaves = {o: s.text for o, s in scalar_leaves(rt)}
        mine = scalar_leaves(t, off)
        return bool(mine) and all(leaves.get(o) == s.text for o, s in mine)

    def _root_type(self, root: str) -> MemoryType | None:
        for ins in self.fn.instructions():
            if ins.result == root and ins.opcode == "alloca":
                return self.mtype(self.parsed[id(ins)].type)
        return None    # globals are never promoted

    def _initial_bytes(self, g: R.Global, t: MemoryType) -> bytes:
        out = bytearray(t.size)
        if g.init and g.init.strip() not in _ZEROS:
            try:
                self._const_bytes(t, g.init, out, 0)
            except (ValueError, IndexError, KeyError, IRError):
                raise RunError(f"cannot read the initializer of {g.name}", g.line) from None
        return bytes(out)

    def _const_bytes(self, t: MemoryType, text: str, out: bytearray, base: int) -> None:
        """A constant's bytes in memory (read by the one reader of
        constants, `dxil.operands.constant_value`)."""
        if text.strip() in _ZEROS:
            return          # zeros (not a list of every element's zero: arrays may be large)
        self._value_bytes(t, constant_value(self.tt.get(t.text), text), out, base)

    def _value_bytes(self, t: MemoryType, value: Any, out: bytearray, base: int) -> None:
        if value is None:
            return          # undefined, or no data (a handle)
        if t.kind == "scalar":
            out[base:base + t.size] = np.array([value], dtype=t.dtype).tobytes()
            return
        if t.kind == "struct":
            items = list(zip(t.offsets, t.fields))
        elif t.kind in ("vector", "array"):
            items = [(k * stride(t.elem), t.elem) for k in range(t.count)]
        else:
            return
        for (off, ft), v in zip(items, value):
            self._value_bytes(ft, v, out, base + off)

    # -- handles and matrices -------------------------------------------------

    def _resolve_objects(self) -> None:
        """What each handle- or matrix-valued IR value is, to a fixed point
        through the allocas that keep them."""
        fn = self.fn
        made: dict[str, frozenset] = {}
        self.handles: dict[int, HandleV] = {}
        for ins in fn.instructions():
            o = self.dxop.get(id(ins))
            if o is None or ins.result is None or o.name not in MAKERS:
                continue
            thing = MAKERS[o.name](self, ins, o)
            if isinstance(thing, HandleV):
                self.handles[id(ins)] = thing
                made[ins.result] = frozenset([("handle", id(ins))])
            else:
                self.sites.append(thing)
                made[ins.result] = frozenset([("mat", len(self.sites) - 1)])
        abstract = dict(made)
        stored: dict[str, frozenset] = {}
        changed = True
        while changed:
            changed = False
            for ins in fn.instructions():
                p = self.parsed[id(ins)]
                new = None
                o = self.dxop.get(id(ins))
                if o is not None and o.name == "AnnotateHandle" and ins.result:
                    new = abstract.get(p.operands[1].value)
                elif ins.opcode in ("phi", "select", "bitcast", "addrspacecast") and ins.result:
                    vals = p.operands if ins.opcode != "select" else p.operands[1:]
                    sets = [abstract.get(v.value) for v in vals]
                    if any(s is not None for s in sets):
                        new = frozenset().union(*(s for s in sets if s is not None))
                elif ins.opcode == "load" and ins.result:
                    root = self.base_of.get(p.operands[0].value)
                    if root is not None and self.roots.get(root) is not None and self.roots[root].kind == "objects":
                        new = stored.get(root)
                elif ins.opcode == "store":
                    v = abstract.get(p.operands[0].value)
                    root = self.base_of.get(p.operands[1].value)
                    if v is not None and root is not None:
                        old = stored.get(root, frozenset())
                        if not v <= old:
                            stored[root] = old | v
                            changed = True
                if new is not None and ins.result and abstract.get(ins.result) != new:
                    abstract[ins.result] = new
                    changed = True
        self.abstract = abstract
        self.stored_objects = stored

    def _dynamic_token(self, s: Any) -> bool:
        if s and len(s) == 1:
            kind, key = next(iter(s))
            return kind == "handle" and self.handles[key].dynamic is not None
        return False

    def _dynamic_handle(self, name: str) -> Any:
        """The `Dynamic` of a handle value chosen by a run-time index."""
        s = self.abstract.get(name)
        if s and len(s) == 1:
            kind, key = next(iter(s))
            if kind == "handle" and self.handles[key].dynamic is not None:
                return self.handles[key].dynamic
        return None

    def object_of(self, value: str, line: int | None) -> Any:
        """The handle or matrix an IR value is (one, or Unsupported)."""
        s = self.abstract.get(value)
        if not s:
            raise Unsupported(f"a handle or matrix value the JIT cannot follow ({value})", line)
        if len(s) > 1:
            raise Unsupported(f"a handle or matrix chosen at run time ({value})", line)
        kind, key = next(iter(s))
        if kind == "mat":
            return MatV(self.sites[key])
        return self.handles[key]

    # -- segments and slots ----------------------------------------------------

    def _segment(self) -> None:
        self.segments: list[Segment] = []
        self.first_segment: dict[str, int] = {}
        k = 0
        for b in self.fn.blocks:
            start = 0
            self.first_segment[b.name] = len(self.segments)
            for i, ins in enumerate(b.instructions):
                o = self.dxop.get(id(ins))
                if o is not None and self._is_sync(ins, o):
                    seg = Segment(len(self.segments), b, start, i + 1)
                    seg.sync = ins
                    self.sync_ids[id(ins)] = len(self.sync_ids) + 1
                    self.segments.append(seg)
                    start = i + 1
            self.segments.append(Segment(len(self.segments), b, start, len(b.instructions)))
            k += 1
        self.EXIT = len(self.segments)
        self.NONE = len(self.segments) + 1
        # Branches to blocks the function does not have: a segment each
        # that stops the dispatch with the interpreter's error.
        self.missing: dict[str, int] = {}
        for b in self.fn.blocks:
            for t in (b.terminator.targets if b.terminator else []):
                if t not in self.first_segment and t not in self.missing:
                    self.missing[t] = self.NONE + 1 + len(self.missing)
                    self.first_segment[t] = self.missing[t]
        self.segment_of: dict[int, Segment] = {}
        for seg in self.segments:
            for ins in seg.block.instructions[seg.start:seg.end]:
                self.segment_of[id(ins)] = seg
        self._constructs()

    def _constructs(self) -> None:
        """Where lanes that split meet again, as the interpreter has them
        (`dxil.cfg.structure`: the merges of branches, each loop's merge
        and continue target, back edges leading to the next iteration): a
        key per place an entry of the stack can be (a segment, or a loop's
        next iteration), and which keys an entry may wait at."""
        st = structure(CFG(self.fn))
        self.st = st
        first_free = self.NONE + 1 + len(self.missing)
        self.next_key = {h: first_free + k for k, h in enumerate(sorted(st.loops))}
        # header -> (its segment, its continue key, its merge's key or None)
        self.loop_keys = {h: (self.first_segment[h], self.key_of(lp.continue_key),
                              self.key_of(lp.merge) if lp.merge is not None else None)
                          for h, lp in st.loops.items() if h in self.first_segment}
        waitable: set[int] = set()
        for merges in st.merges.values():
            waitable.update(self.key_of(m) for m in merges if m is not None)
        # header -> the key where the loop's threads meet past its merge (`Loop.after`), or None
        self.loop_after = {h: self.key_of(lp.after) if lp.after is not None else None
                           for h, lp in st.loops.items() if h in self.first_segment}
        for _, cont, merge in self.loop_keys.values():
            waitable.add(cont)
            if merge is not None:
                waitable.add(merge)
        waitable.update(k for k in self.loop_after.values() if k is not None)
        # The sides of a switch, or of a branch where one side's lanes can
        # come to the other's block before it runs (through neither merge):
        # they join it there.  That includes coming back to the branch
        # itself (a later iteration of a loop around it, on top of the
        # side that waits): its other side then has lanes again, which
        # join the waiting ones (a loop's exit test whose exit is not the
        # loop's merge, as with a `return` in a `do`-`while`).
        succ = {b.name: list(b.terminator.targets) if b.terminator else [] for b in self.fn.blocks}
        for b in self.fn.blocks:
            t = b.terminator
            if t is None or len(t.targets) < 2:
                continue
            sides = list(dict.fromkeys(t.targets))
            stop = set(st.merges.get(b.name, ()))
            meets = t.opcode == "switch" or len(sides) < len(t.targets) or any(
                other in _reachable(succ, side, stop) for side in sides for other in sides if other != side)
            if meets:
                waitable.update(self.key_of(st.edge(b.name, x)) for x in sides if x in self.first_segment)
        self.waitable = waitable
        self.entering = {seg for seg, _, _ in self.loop_keys.values()}
        self.preds = CFG(self.fn).preds()
        self.fuse = self.together and os.environ.get("HLSLC_JIT_FUSE", "1") != "0" and not order_sensitive(self.fn)

    def key_of(self, place: str) -> int:
        """The stack key of a block (its first segment) or of a loop's next
        iteration (`cfg.next_iteration`)."""
        if place.startswith(NEXT):
            return self.next_key[place[len(NEXT):]]
        return self.first_segment[place]

    def _special(self, key: int) -> bool:
        """Whether an entry coming to `key` goes through the dispatcher
        (it may join one waiting there, start a loop or its next
        iteration) rather than straight to the segment."""
        return key in self.waitable or key in self.entering or key >= self.NONE + 1 + len(self.missing)

    def _is_sync(self, ins: R.Instruction, o: ir_ops.Operation) -> bool:
        if o.name in ("Barrier", "BarrierByMemoryType", "BarrierByMemoryHandle"):
            return self.waves > 1           # (one vector holds its groups: they meet a barrier together)
        test = SYNC.get(o.name)
        return bool(test and test(self, ins, o))

    def _find_local_cells(self) -> None:
        """Allocas kept in slots whose every access is in one segment, each
        load after stores of what it reads: they need no frame at all (the
        values stay in registers; `Root.local`)."""
        accesses: dict[str, list[tuple[R.Instruction, str, int, MemoryType]]] = {}
        for ins in self.fn.instructions():
            if ins.opcode not in ("load", "store"):
                continue
            p = self.parsed[id(ins)]
            ptr = p.operands[0 if ins.opcode == "load" else 1].value
            root = self.base_of.get(ptr)
            if root is None or root not in self.roots or self.roots[root].kind != "cells":
                continue
            t = self.mtype(p.type if ins.opcode == "load" else p.operands[0].type)
            accesses.setdefault(root, []).append((ins, ins.opcode, self.const_off.get(ptr) or 0, t))
        for name, root in self.roots.items():
            if root.kind != "cells":
                continue
            acc = accesses.get(name, [])
            segs = {id(self.segment_of[id(ins)]) for ins, _, _, _ in acc}
            if len(segs) > 1:
                continue
            covered: set[int] = set()
            ok = True
            for ins, kind, off, t in acc:
                leaves = {o for o, _ in scalar_leaves(t, off)}
                if kind == "store":
                    covered |= leaves
                elif not leaves <= covered:
                    ok = False
                    break
            root.local = ok

    def _find_forwarded_cells(self) -> None:
        """Loads of an alloca's scalar that read what one value stored: a
        constant, or an IR value, that every store of that scalar stores,
        a store dominating each load (a thread on its way to the load
        passed a store, after the value's latest definition: it reads
        that value). hlslc's IR keeps every local in an alloca, so a
        `const` local or a copied argument is read from memory in every
        loop iteration; forwarded, it is the constant or value itself
        (`forward`: id of a load -> the operand's text; the stores of a
        scalar whose loads are all forwarded are dropped, `dropped`)."""
        self.forward: dict[int, tuple[Any, str]] = {}
        self.dropped: set[int] = set()
        stores: dict[tuple[str, int], list[tuple[R.Instruction, Any]]] = {}
        loads: dict[tuple[str, int], list[tuple[R.Instruction, Any]]] = {}
        spoiled: set[tuple[str, int]] = set()
        for ins in self.fn.instructions():
            if ins.opcode not in ("load", "store"):
                continue
            p = self.parsed[id(ins)]
            ptr = p.operands[0 if ins.opcode == "load" else 1].value
            name = self.base_of.get(ptr)
            root = self.roots.get(name) if name is not None else None
            if root is None or root.kind != "cells":
                continue
            off = self.const_off.get(ptr) or 0
            t = self.mtype(p.type if ins.opcode == "load" else p.operands[0].type)
            if t.kind != "scalar":
                spoiled.update((name, o) for o, _ in scalar_leaves(t, off))
                continue
            key = (name, off)
            if ins.opcode == "store":
                v = p.operands[0]
                text = v.value.strip()
                if text in ("undef", "poison") or text.startswith("@") or                         (text.startswith("%") and text in self.abstract):
                    spoiled.add(key)
                stores.setdefault(key, []).append((ins, v))
            else:
                loads.setdefault(key, []).append((ins, p.type))
        if not loads:
            return
        idom = CFG(self.fn).immediate_dominators()
        position = {id(ins): k for b in self.fn.blocks for k, ins in enumerate(b.instructions)}

        def before(s: R.Instruction, ld: R.Instruction) -> bool:
            if s.block is ld.block:
                return position[id(s)] < position[id(ld)]
            return s.block.name in idom and dominates(idom, s.block.name, ld.block.name)
        for key, found in loads.items():
            st = stores.get(key, [])
            if key in spoiled or not st or len({v.value.strip() for _, v in st}) != 1 or \
                    len({v.type.text for _, v in st}) != 1:
                continue
            operand = st[0][1]
            if any(t.text != operand.type.text for _, t in found):
                continue
            if not all(any(before(s, ld) for s, _ in st) for ld, _ in found):
                continue
            for ld, _ in found:
                self.forward[id(ld)] = (operand.type, operand.value.strip())
            self.dropped.update(id(s) for s, _ in st)
        for key, st in stores.items():
            if key not in loads and key not in spoiled:
                self.dropped.update(id(s) for s, _ in st)     # never read

    def _find_slots(self) -> None:
        """The IR values that live across segments (and so in slots)."""
        self._find_local_cells()
        defined: dict[str, Segment] = {}
        for ins in self.fn.instructions():
            if ins.result is not None:
                defined[ins.result] = self.segment_of[id(ins)]
        # Thread and group ids: made again where they are used (in the group
        # mode, each vector's own), never kept in slots.
        self.remat: dict[str, R.Instruction] = {}
        for ins in self.fn.instructions():
            o = self.dxop.get(id(ins))
            if o is not None and ins.result is not None and o.name in _REMAT and \
                    all(not a.value.startswith("%") for a in ins.args):
                self.remat[ins.result] = ins
        cross: set[str] = set()
        self.used: set[str] = set()
        for ins in self.fn.instructions():
            self.used.update(ins.uses)
        for ins in self.fn.instructions():
            seg = self.segment_of[id(ins)]
            p = self.parsed[id(ins)]
            if ins.opcode == "phi":
                cross.add(ins.result)
                # Each incoming value is read at its predecessor's end.
                for o, label in zip(p.operands, p.extra):
                    d = defined.get(o.value)
                    pred = self.fn.block(label)
                    if d is not None and pred is not None:
                        last = self.segments[self.first_segment[label]]
                        while last.index + 1 < len(self.segments) and \
                                self.segments[last.index + 1].block is pred:
                            last = self.segments[last.index + 1]
                        if d is not last and o.value not in self.remat:
                            cross.add(o.value)
                continue
            names = [o.value for o in p.operands]
            if ins.opcode == "call":
                names = [a.value for a in ins.args]
            if id(ins) in self.forward:
                names = [self.forward[id(ins)][1]]
                self.used.add(names[0])
            if ins.cond:
                names.append(ins.cond)
            for v in names:
                d = defined.get(v)
                if d is not None and d is not seg and v not in self.remat:
                    cross.add(v)
        self.cross = cross
        self.defined = defined
        self.value_type: dict[str, MemoryType] = {}
        for ins in self.fn.instructions():
            if ins.result is not None:
                t = self._result_type(ins)
                if t is not None:
                    self.value_type[ins.result] = t

    def _result_type(self, ins: R.Instruction) -> MemoryType | None:
        p = self.parsed[id(ins)]
        op = ins.opcode
        if op in ("alloca",):
            return self.mtypes.get(ins.type) if ins.type else None
        if op == "getelementptr":
            return self.mtypes.get("i8*")
        if op == "store":
            return None
        if op == "call":
            return self.mtypes.get(ins.type) if ins.type else None
        if op in ("icmp", "fcmp"):
            t = p.type
            return self.mtype(self.tt.get(f"<{t.count} x i1>") if t.kind == "vector" else self.tt.get("i1"))
        if op == "cmpxchg":
            return self.mtype(self.tt.get("{" + p.type.text + ", i1}"))
        if p.type is not None:
            return self.mtype(p.type)
        return None

    # ======================================================================
    # Frame

    def alloc(self, size: int, alignment: int = 64) -> int:
        off = align(self.frame_size, alignment)
        self.frame_size = off + max(size, 1)
        return off

    def alloc_group(self, size: int, alignment: int = 64) -> int:
        off = align(self.group_size_bytes, alignment)
        self.group_size_bytes = off + max(size, 1)
        return off

    def error(self, message: str, line: int | None) -> int:
        """The number of a runtime error (its message and IR line)."""
        key = (message, line)
        if key in self.errors:
            return self.errors.index(key) + 1
        self.errors.append(key)
        return len(self.errors)

    def resource_index(self, res: Resource, key: Any = None) -> int:
        """The resource's place in the context (registered with its binding
        key when a handle is resolved)."""
        for k, r in enumerate(self.resources):
            if r is res:
                return k
        if key is None:
            raise RunError(f"the resource '{res.name}' was not resolved from a handle")
        self.resources.append(res)
        self.resource_keys.append(key)
        return len(self.resources) - 1

    def helper(self, name: str, text: str) -> str:
        if name not in self.helpers:
            self.helpers[name] = text
        return "@" + name

    # ======================================================================
    # Translation

    def text(self) -> str:
        """The module: the wave function, the group and worker loops,
        helpers."""
        self.analyse()
        self._layout_memory()
        wave = self._wave_function()
        group = self._group_function()
        if self.together:
            wave = wave.replace("@USTRIDE@", str(self.unit_stride))
        self.declare("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)")
        self.declare("declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)")
        parts = ["; hlslc JIT module", *self.globals_text, *self.helpers.values(), wave, group, _WORKER]
        return "\n\n".join(parts) + "\n"

    def _layout_memory(self) -> None:
        W = self.W
        self.frame_size = F_STACK + self.stack_depth * self.entry_size
        # The kept scalars of locals that a thread may read before it writes
        # them (they start at zero: the frame's initialised part); the others
        # need no initial value.
        zero = read_before_written(self)
        if self.together:
            # The group's own slots, then the vectors' slots: what one value
            # for the whole group keeps (`_plan_hoisting`); those of its
            # locals read before written zeroed as a group starts.
            self.frame_size = self.group_slots = align(self.frame_size, 64)
            self._plan_hoisting()
            for root in self.roots.values():
                if root.kind == "cells" and not root.local:
                    for off in sorted(root.cells, key=lambda o: (root.name, o) not in zero):
                        if (root.name, off) in self.group_cells:
                            st, _ = root.cells[off]
                            root.cells[off] = (st, self.alloc(W * max(st.size, 1)))
            self.group_zeroed = self.frame_size - self.group_slots \
                if any(key in zero for key in self.group_cells) else 0
            self.slot: dict[str, Any] = {}
            for name in sorted(self.cross & self.group_values, key=lambda n: self.defined[n].index):
                t = self.value_type.get(name)
                if t is not None and not (t.kind == "pointer" and name in self.base_of and
                                          self.const_off.get(name) is not None):
                    self.slot[name] = self._alloc_shape(t)
            self.group_slots_size = self.frame_size - self.group_slots
            self.unit_base = align(self.frame_size, 64)
            self.frame_size = self.unit_base
        else:
            self.group_cells: set = set()
            self.group_values: set = set()
            self.hoisted: set = set()
            self.slot = {}
        # The initialised part of the frame: promoted allocas read before
        # written, and private memory.
        init_start = self.frame_size
        later = []
        for root in self.roots.values():
            if root.kind == "cells" and not root.local:
                for off in sorted(root.cells):
                    if (root.name, off) in self.group_cells:
                        continue
                    if (root.name, off) not in zero:
                        later.append((root, off))
                        continue
                    st, _ = root.cells[off]
                    root.cells[off] = (st, self.alloc(W * max(st.size, 1)))
            elif root.kind == "private":
                words = -(-root.size // 4)
                root.offset = self.alloc(words * 4 * W)
        self.frame_init = self.frame_size
        for root, off in later:
            st, _ = root.cells[off]
            root.cells[off] = (st, self.alloc(W * max(st.size, 1)))
        self.init_start = init_start
        # A vector's frames hold each lane's locals and statics: past this,
        # the interpreter (whose --max-memory check names the variable).
        if self.frame_init > FRAME_LIMIT:
            raise Unsupported(f"locals and statics of {self.frame_init - init_start} bytes a vector of {W} threads "
                              f"(more than the JIT's {FRAME_LIMIT >> 20} MiB)")
        for name, root in self.roots.items():
            if root.kind == "objects" and self._dynamic_token(self.stored_objects.get(name)):
                root.offset = self.alloc(W * 4)       # a handle chosen at run time: each lane's register
                root.dynamic = True
        for root in self.roots.values():
            if root.kind in ("shared", "const") and root.size > FRAME_LIMIT:
                raise Unsupported(f"a {'groupshared' if root.kind == 'shared' else 'constant'} array of {root.size} "
                                  f"bytes (more than the JIT's {FRAME_LIMIT >> 20} MiB)")
            if root.kind == "shared":
                root.offset = self.alloc_group(root.size, 16)
            elif root.kind == "const":
                name = f"@const.{len(self.globals_text)}"
                data = root.data or b"\0"
                self.globals_text.append(f"{name} = private unnamed_addr constant [{len(data)} x i8] "
                                         f"c\"{_bytes_text(data)}\", align 16")
                root.global_name = name
        self.shared_size = self.group_size_bytes
        self.shared_stride = align(max(self.group_size_bytes, 1), 64)     # a group's copy, when a vector has several
        # Slots of values that live across segments.
        for name in sorted(self.cross - self.group_values, key=lambda n: self.defined[n].index):
            t = self.value_type.get(name)
            if t is None:
                continue
            if t.kind == "pointer" and name in self.base_of and self.const_off.get(name) is not None:
                continue        # a memory object at a constant offset: made again where it is used
            if self._dynamic_handle(name) is not None:
                self.slot[name] = self.alloc(self.W * 4)     # each lane's register
                continue
            self.slot[name] = self._alloc_shape(t)

    def _plan_hoisting(self) -> None:
        """The group mode's instructions that run once for the group, before
        the loop over its vectors (`hoisted`): those whose value is one for
        every thread of the group (`shapes`, level "group"), computed from
        constants and such values alone, without touching memory but local
        variables of one value for the group (`group_cells`, kept in the
        group's slots, every load and store of them hoisted) and constant
        data.  Their values that live across segments are kept in the
        group's slots too (`group_values`)."""
        self.gshapes = Shapes(self, {("GroupId", c): 0 for c in range(3)}, level="group")
        gs = self.gshapes
        order = [self.fn.block(n) for n in CFG(self.fn).reverse_post_order()]
        accesses: dict[tuple[str, int], list[R.Instruction]] = {}
        for ins in self.fn.instructions():
            if ins.opcode in ("load", "store") and id(ins) not in self.dropped and id(ins) not in self.forward:
                for key in self._cell_keys(ins):
                    accesses.setdefault(key, []).append(ins)
        cells = {key for key in accesses if gs.cell(*key) == 0}
        while True:
            hoisted: set[int] = set()
            avail: set[str] = set()
            for blk in order:
                for ins in blk.instructions:
                    seg = self.segment_of[id(ins)]
                    if ins is seg.sync or ins.opcode in ("br", "switch", "ret", "unreachable", "phi"):
                        continue
                    if self._hoistable(ins, gs, avail, cells):
                        hoisted.add(id(ins))
                        if ins.result is not None:
                            avail.add(ins.result)
            bad = {key for key in cells if any(id(ins) not in hoisted for ins in accesses[key])}
            if not bad:
                break
            cells -= bad
        self.hoisted = hoisted
        self.group_values = avail
        self.group_cells = cells

    def _cell_keys(self, ins: R.Instruction) -> list[tuple[str, int]]:
        """The kept scalars of a local variable a load or store reads or
        writes (none: it is not one)."""
        p = self.parsed[id(ins)]
        ptr = p.operands[0 if ins.opcode == "load" else 1].value
        name = self.base_of.get(ptr)
        root = self.roots.get(name) if name is not None else None
        if root is None or root.kind != "cells" or root.local:
            return []
        t = self.mtype(p.type if ins.opcode == "load" else p.operands[0].type)
        return [(name, o) for o, _ in scalar_leaves(t, self.const_off.get(ptr) or 0)]

    def _hoistable(self, ins: R.Instruction, gs: Shapes, avail: set, cells: set) -> bool:
        op = ins.opcode
        p = self.parsed[id(ins)]

        def ready(text: str) -> bool:
            text = text.strip()
            if text.startswith("%"):
                return text in avail or text in self.abstract
            return True
        if op == "alloca":
            return True
        if op == "call" and id(ins) in self.handles and self.handles[id(ins)].dynamic is None:
            return True         # (a handle resolved as the module is compiled: no code)
        if op == "store":
            if id(ins) in self.dropped:
                return True
            keys = self._cell_keys(ins)
            return bool(keys) and all(k in cells for k in keys) and ready(p.operands[0].value)
        if ins.result is None or not _uniform_shape(gs.value(ins.result)):
            return False
        if op == "load":
            if id(ins) in self.forward:
                return ready(self.forward[id(ins)][1])
            if ins.result in self.abstract:
                return False
            keys = self._cell_keys(ins)
            if keys:
                return all(k in cells for k in keys)
            name = self.base_of.get(p.operands[0].value)
            root = self.roots.get(name) if name is not None else None
            return root is not None and root.kind == "const" and ready(p.operands[0].value)
        if op == "call":
            o = self.dxop.get(id(ins))
            if o is None or o.name not in _HOIST_OPS and not ("readnone" in o.attributes and o.name not in _LANE_OPS):
                return False
            return all(a.type == "metadata" or ready(a.value) for a in ins.args[1:])
        if op in _BINARY or op in _CASTS or op in ("fneg", "icmp", "fcmp", "select", "extractvalue", "insertvalue",
                                                   "extractelement", "insertelement", "shufflevector",
                                                   "getelementptr"):
            if op in ("ptrtoint", "inttoptr"):
                return False
            return all(ready(o.value) for o in p.operands)
        return False

    def _alloc_shape(self, t: MemoryType) -> Any:
        """Slots for a value of type `t`: an offset (a lane vector), a list
        (parts), or None (no storage: handles, matrices)."""
        W = self.W
        if t.kind == "scalar":
            return self.alloc(W * max(t.size, 1))
        if t.kind == "vector":
            return [self.alloc(W * max(t.elem.size, 1)) for _ in range(t.count)]
        if t.kind in ("struct", "array"):
            items = t.fields if t.kind == "struct" else [t.elem] * t.count
            return [self._alloc_shape(f) for f in items]
        if t.kind == "pointer" and not is_object_type(t):
            return self.alloc(W * 4)
        return None

    # -- the wave function -----------------------------------------------------

    def _emit_ids(self, wave: str) -> None:
        """The ids every operation may ask for (`tid`, `dtid`, `gid`,
        `flat`, `lane`), of the vector `wave` (an i32 value) of the block."""
        b = self.body
        W = self.W
        tx, ty, tz = self.threads
        plan = self.plan
        vi = b.vt("i32")
        Gp = plan.padded
        if plan.k > 1:
            # Several groups in this vector: lane l is thread l % Gp of the
            # block's group l / Gp, whose ids @group wrote in a table.
            lanes = list(range(W))
            gin = "<" + ", ".join(f"i32 {min(l // Gp, plan.k - 1)}" for l in lanes) + ">"
            self.gin = Lanes("i32", gin)
            ids = []
            for c in range(3):
                table = b.load(f"<{plan.k} x i32>", b.gep("%gids", 4 * plan.k * c), 4)
                ids.append(b.op(f"shufflevector <{plan.k} x i32> {table}, <{plan.k} x i32> poison, <{W} x i32> {gin}"))
            self.gid = [Lanes("i32", v) for v in ids]
            flat = "<" + ", ".join(f"i32 {l % Gp}" for l in lanes) + ">"
            base = None
            self.flat = Lanes("i32", flat)
        else:
            self.gin = b.splat("i32", 0)
            self.gid = [Lanes("i32", b.splat_value("i32", v), None, (v, 0)) for v in ("%gx", "%gy", "%gz")]
            base = b.op(f"mul i32 {wave}, {W}")
            flat = b.op(f"add {vi} {b.splat_value('i32', base)}, {b.iota()}")
            self.flat = Lanes("i32", flat, None, (base, 1))
        tidx = b.op(f"urem {vi} {flat}, splat (i32 {tx})")
        q2 = b.op(f"udiv {vi} {flat}, splat (i32 {tx})")
        tidy = b.op(f"urem {vi} {q2}, splat (i32 {ty})")
        tidz = b.op(f"udiv {vi} {flat}, splat (i32 {tx * ty})")
        # What is linear in the lane (for the lanes of the group).
        lin_x = lin_y = lin_z = None
        if base is not None:
            if tx >= self.group_size:
                lin_x = (base, 1)
            elif tx % W == 0:
                lin_x = (b.op(f"urem i32 {base}, {tx}"), 1)
            if ty == 1:
                lin_y = ("0", 0)
            elif tx % W == 0:
                lin_y = (b.op(f"urem i32 {b.op(f'udiv i32 {base}, {tx}')}, {ty}"), 0)
            if tz == 1:
                lin_z = ("0", 0)
            elif (tx * ty) % W == 0:
                lin_z = (b.op(f"udiv i32 {base}, {tx * ty}"), 0)
        self.tid = [Lanes("i32", tidx, None, lin_x), Lanes("i32", tidy, None, lin_y),
                    Lanes("i32", tidz, None, lin_z)]
        self.dtid = []
        for gv, n, t in zip(self.gid, self.threads, self.tid):
            scaled = b.op(f"mul {vi} {gv.v}, splat (i32 {n})")
            lin = None
            if t.lin is not None and gv.lin is not None:
                lin = (b.op(f"add i32 {b.op(f'mul i32 {gv.lin[0]}, {n}')}, {t.lin[0]}"), t.lin[1])
            self.dtid.append(Lanes("i32", b.op(f"add {vi} {scaled}, {t.v}"), None, lin))
        # A lane's place in its wave, and its wave in the vector.
        ws = self.ws
        self.lane = b.iota() if ws == W else "<" + ", ".join(f"i32 {l % ws}" for l in range(W)) + ">"

    def _wave_function(self) -> str:
        b = self.body
        b.label("entry")
        self._emit_ids("%wave")
        self.entry_gid = self.gid
        # What is known of how values vary across the lanes (`shapes`).
        ids = {("FlattenedThreadIdInGroup", 0): self.flat.lin[1] if self.flat.lin else None}
        for c in range(3):
            for name, lanes in (("ThreadId", self.dtid), ("ThreadIdInGroup", self.tid), ("GroupId", self.gid)):
                ids[(name, c)] = lanes[c].lin[1] if lanes[c].lin else None
        self.shapes = Shapes(self, ids)
        b.br("dispatch")
        # The dispatcher: the top entry runs.  One with no lanes left is
        # popped; one just come to its place (not started) first gives its
        # lanes to the nearest entry below waiting at the same place, else
        # starts a loop (or the loop's next iteration) there, else runs.
        b.label("dispatch")
        self._poll()
        sp = b.load("i32", "%frame", 4)
        empty = b.op(f"icmp eq i32 {sp}, 0")
        b.cbr(empty, "finished", "d.top")
        b.label("d.top")
        below = b.op(f"sub i32 {sp}, 1")
        top = self._entry_ptr(below)
        key = b.load("i32", b.gep(top, self.KEY), 4)
        started = b.load("i32", b.gep(top, self.STARTED), 4)
        mw = b.load(self.sw, b.gep(top, self.LANES), 8)
        none = self._bits_zero(mw)
        b.cbr(none, "d.pop", "d.check")
        b.label("d.pop")
        b.store("i32", below, "%frame", 4)
        b.br("dispatch")
        b.label("d.check")
        is_started = b.op(f"icmp ne i32 {started}, 0")
        b.cbr(is_started, "d.switch", "d.fresh")
        b.label("d.fresh")
        waits = " ".join(f"i32 {k}, label %d.search" for k in sorted(self.waitable))
        b.emit(f"switch i32 {key}, label %d.loops [ {waits} ]")
        b.label("d.search")
        b.br("d.look")
        b.label("d.look")
        k = b.tmp("k")
        k1 = b.tmp("k")
        b.emit(f"{k} = phi i32 [ {below}, %d.search ], [ {k1}, %d.next ]")
        at_bottom = b.op(f"icmp eq i32 {k}, 0")
        b.cbr(at_bottom, "d.loops", "d.next")
        b.label("d.next")
        b.emit(f"{k1} = sub i32 {k}, 1")
        other = self._entry_ptr(k1)
        ok = b.load("i32", b.gep(other, self.KEY), 4)
        same = b.op(f"icmp eq i32 {ok}, {key}")
        b.cbr(same, "d.join", "d.look")
        b.label("d.join")
        om = b.gep(other, self.LANES)
        b.store(self.sw, b.op(f"or {self.sw} {b.load(self.sw, om, 8)}, {mw}"), om, 8)
        b.store("i32", below, "%frame", 4)
        b.br("dispatch")
        b.label("d.loops")
        loops = [(self.next_key[h], f"d.iter.{i}") for i, h in enumerate(sorted(self.loop_keys))] + \
                [(self.loop_keys[h][0], f"d.enter.{i}") for i, h in enumerate(sorted(self.loop_keys))]
        b.emit(f"switch i32 {key}, label %d.start [ " + " ".join(f"i32 {x}, label %{lbl}" for x, lbl in loops) + " ]")
        for i, h in enumerate(sorted(self.loop_keys)):
            seg, cont, merge = self.loop_keys[h]
            # Every lane of the iteration has ended it: the next one starts,
            # its end waiting where the last one's did.
            b.label(f"d.iter.{i}")
            self._put(below, cont, 0, self.sw_zero)
            self._put(sp, seg, 1, mw)
            b.store("i32", b.op(f"add i32 {sp}, 1"), "%frame", 4)
            b.br("dispatch")
            # Entering the loop: where its threads meet after it (past its
            # merge), its merge, the end of its first iteration, the
            # iteration.
            b.label(f"d.enter.{i}")
            at = below
            for wait in (self.loop_after[h], merge):
                if wait is not None:
                    self._put(at, wait, 0, self.sw_zero)
                    at = b.op(f"add i32 {at}, 1")
            self._put(at, cont, 0, self.sw_zero)
            nxt = b.op(f"add i32 {at}, 1")
            self._put(nxt, seg, 1, mw)
            new_sp = b.op(f"add i32 {nxt}, 1")
            full = b.op(f"icmp ugt i32 {new_sp}, {self.stack_depth - 4}")
            self.fail_if(full, self.error("the wave's stack of divergent branches is full", None))
            b.store("i32", new_sp, "%frame", 4)
            b.br("dispatch")
        b.label("d.start")
        b.store("i32", "1", b.gep(top, self.STARTED), 4)
        b.br("d.switch")
        b.label("d.switch")
        cases = " ".join([f"i32 {s.index}, label %s{s.index}" for s in self.segments] +
                         [f"i32 {k}, label %s{k}" for k in self.missing.values()])
        b.emit(f"switch i32 {key}, label %bad [ {cases} ]")
        b.label("bad")
        b.emit("unreachable")
        b.label("finished")
        b.store("i32", str(DONE), b.gep("%frame", F_STATUS), 4)
        b.emit(f"ret i32 {DONE}")
        b.label("stopped")
        # (the loop this wave was in, for the watchdog's error)
        b.emit(f"store atomic i32 {b.load('i32', b.gep('%frame', F_LINE), 4)}, "
               f"ptr {b.gep('%ctx', CTX_STOP_LINE)} monotonic, align 4")
        b.emit(f"ret i32 {FAILED}")
        self.pending_blocks: list[list[str]] = []
        # The group mode's ifs run inside their branch's segment (`_fusion`):
        # their sides' and merge's segments are never come to on their own.
        self.fused: set[int] = set()
        for seg in self.segments if self.fuse else []:
            for f in self._chain(seg, True)[1:]:
                if f[0] == "if":
                    self.fused.update(side.index for side in f[1:4] if side is not None)
        for seg in self.segments:
            self._segment_code(seg)
        for lines in self.pending_blocks:
            b.lines.extend(lines)
        for name, k in self.missing.items():
            b.label(f"s{k}")
            self.fail(self.error(f"a branch to the block '{name}', which the function does not have", None))
            b.emit("unreachable")
        head = (f"define internal fastcc i32 @wave(ptr noalias nocapture %ctx, ptr noalias %shared, "
                f"ptr noalias %frame, i32 %group, i32 %wave, i32 %gx, i32 %gy, i32 %gz, ptr noalias %gids) {{")
        return head + "\n" + b.text() + "\n}"

    def _entry_ptr(self, index: str) -> str:
        b = self.body
        i64 = b.op(f"zext i32 {index} to i64")
        off = b.op(f"mul i64 {i64}, {self.entry_size}")
        off = b.op(f"add i64 {off}, {F_STACK}")
        return b.gep("%frame", off)

    def _put(self, index: str, key: int, started: int, bits: str) -> None:
        """Write stack entry `index`: (key, started, lanes)."""
        b = self.body
        e = self._entry_ptr(index)
        b.store(self.sw, bits, b.gep(e, self.LANES), 8)
        b.store("i32", str(key), b.gep(e, self.KEY), 4)
        b.store("i32", str(started), b.gep(e, self.STARTED), 4)

    def _bits_zero(self, bits: str, negate: bool = False) -> str:
        """An i1: whether a stack entry's lanes (`sw`) are none (or some)."""
        b = self.body
        if self.together:
            bits = b.op(f"bitcast {self.sw} {bits} to i{self.MW}")
        return b.op(f"icmp {'ne' if negate else 'eq'} i{self.MW} {bits}, 0")

    def fail(self, code: int, detail: str | None = None) -> None:
        """Stop the dispatch with error `code` (from `error`)."""
        b = self.body
        if detail is not None:
            b.emit(f"call void @hlslc.fail.detail(ptr %ctx, i32 {code}, i64 {detail})")
        else:
            b.emit(f"call void @hlslc.fail(ptr %ctx, i32 {code})")
        b.emit(f"ret i32 {FAILED}")
        b.label(b.label_name("dead"))

    def fail_if(self, cond: str, code: int, detail: str | None = None) -> None:
        b = self.body
        bad, ok = b.label_name("bad"), b.label_name("ok")
        b.cbr(cond, bad, ok)
        b.label(bad)
        if detail is not None:
            b.emit(f"call void @hlslc.fail.detail(ptr %ctx, i32 {code}, i64 {detail})")
        else:
            b.emit(f"call void @hlslc.fail(ptr %ctx, i32 {code})")
        b.emit(f"ret i32 {FAILED}")
        b.label(ok)

    def _segment_code(self, seg: Segment) -> None:
        if self.together:
            if seg.index in self.fused:
                self.body.label(f"s{seg.index}")
                self.body.emit("unreachable")
                return
            self._segment_code_group(seg)
            return
        b = self.body
        b.label(f"s{seg.index}")
        sp = b.load("i32", "%frame", 4)
        self.top = self._entry_ptr(b.op(f"sub i32 {sp}, 1"))
        self.sp = sp
        bits = b.load(b.iw, b.gep(self.top, self.LANES), 8)
        self.mask = b.bits_mask(bits)
        self.mask_bits = bits
        self.values: dict[str, Any] = {}
        self.cell_values: dict[tuple[str, int], Lanes] = {}
        self.first_lane: str | None = None
        self.seg = seg
        instructions = seg.block.instructions[seg.start:seg.end]
        for ins in instructions:
            if ins is seg.sync:
                self._call(ins)
                self._suspend(seg)
                return
            if ins.opcode in ("br", "switch", "ret", "unreachable"):
                self._terminator(ins)
                return
            self._translate(ins)
        if seg.sync is None:
            raise RunError(f"block '{seg.block.name}' has no terminator")

    def _segment_code_group(self, seg: Segment) -> None:
        """A segment in the group mode: the group's entry (its masks, a
        bit a lane of the group) runs the segment's instructions in a loop
        over the group's vectors that have lanes in it, each vector's
        slots at `fp`; its terminator gathers each vector's lanes of each
        side (a vector of masks, `sw`), and the stack takes them after the
        loop, as one wave of the whole group would (a barrier: the next
        segment starts when every vector has come to it).  What has one
        value for the group (`hoisted`) runs once, before the loop; a
        segment with nothing else, and a branch on such a value, need no
        loop at all."""
        b = self.body
        k = seg.index
        b.label(f"s{k}")
        parts = self._chain(seg, True)
        cont = next((f for f in parts[1:] if f[0] == "cont"), None)
        if cont is None:
            self._emit_chain(seg, parts, "")
            return
        # An if that ends where the loop's iteration does (its continue
        # place): run inside the loop when the entry below is the one
        # waiting there (and none deeper waits there too), else as the
        # stack does.
        key = cont[3].index
        sp = b.load("i32", "%frame", 4)
        fused, alone, check, scan, deeper = (f"s{k}.f", f"s{k}.a", f"s{k}.g1", f"s{k}.g2", f"s{k}.g3")
        two = b.op(f"icmp sge i32 {sp}, 2")
        b.cbr(two, check, alone)
        b.label(check)
        at = b.op(f"sub i32 {sp}, 2")
        same = b.op(f"icmp eq i32 {b.load('i32', b.gep(self._entry_ptr(at), self.KEY), 4)}, {key}")
        b.cbr(same, scan, alone)
        b.label(scan)
        j, j1 = f"%s{k}.j", f"%s{k}.j1"
        b.emit(f"{j} = phi i32 [ {at}, %{check} ], [ {j1}, %{deeper} ]")
        bottom = b.op(f"icmp eq i32 {j}, 0")
        b.cbr(bottom, fused, deeper)
        b.label(deeper)
        b.emit(f"{j1} = sub i32 {j}, 1")
        again = b.op(f"icmp eq i32 {b.load('i32', b.gep(self._entry_ptr(j1), self.KEY), 4)}, {key}")
        b.cbr(again, alone, scan)
        b.label(fused)
        self._emit_chain(seg, parts, ".f")
        b.label(alone)
        self._emit_chain(seg, self._chain(seg, False), ".a")

    def _chain(self, seg: Segment, cont: bool) -> list:
        """The segment and the ifs that run with it (`_fusion`), at most one
        ending at the loop's continue place (`cont`)."""
        parts: list[Any] = [seg]
        while True:
            at = parts[-1] if isinstance(parts[-1], Segment) else parts[-1][3]
            fused = self._fusion(at, cont and not any(f[0] == "cont" for f in parts[1:]))
            if fused is None:
                return parts
            parts.append(fused)

    def _emit_chain(self, seg: Segment, parts: list, tag: str) -> None:
        """`_segment_code_group`'s code of a chain of segments (`_chain`)."""
        b = self.body
        W = self.W
        k = f"{seg.index}{tag}"
        sp = b.load("i32", "%frame", 4)
        self.top = self._entry_ptr(b.op(f"sub i32 {sp}, 1"))
        self.sp = sp
        masks = b.gep(self.top, self.LANES)
        chain = [seg] + [x for f in parts[1:] for x in f[1:4] if x is not None]
        seg = parts[-1] if isinstance(parts[-1], Segment) else parts[-1][3]
        self.seg = seg
        instructions = seg.block.instructions[seg.start:seg.end]
        last = instructions[-1] if instructions else None
        if seg.sync is None and (last is None or last.opcode not in ("br", "switch", "ret", "unreachable")):
            raise RunError(f"block '{seg.block.name}' has no terminator")
        term = last if seg.sync is None else None
        # The group's part: one value for every thread.
        self.values: dict[str, Any] = {}
        self.cell_values: dict[tuple[str, int], Lanes] = {}
        self._group_context()
        lanes_of: dict[int, list] = {}
        for part_seg in chain:
            lanes_of[part_seg.index] = []
            for ins in part_seg.block.instructions[part_seg.start:part_seg.end]:
                if ins is part_seg.sync or ins.opcode in ("br", "switch", "ret", "unreachable"):
                    continue
                if id(ins) in self.hoisted:
                    self._translate(ins)
                else:
                    lanes_of[part_seg.index].append(ins)
        lanes_part = [ins for x in lanes_of.values() for ins in x]
        group_values, group_cells = dict(self.values), dict(self.cell_values)
        uniform = self._uniform_terminator(term)
        sides: list[str] = []
        if lanes_part or not uniform or len(parts) > 1:
            nsides = 0
            if not uniform and term.opcode == "br" and term.cond is not None:
                nsides = 2
            elif not uniform and term.opcode == "switch":
                nsides = len(self._switch_labels(term, self.parsed[id(term)]))
            pre = b.current
            head, body, latch, end = (f"u{k}.head", f"u{k}.body", f"u{k}.latch", f"u{k}.end")
            u, un = f"%u{k}", f"%u{k}.next"
            # Each side's lanes, a vector's mask at a time (`sw`).
            acc = [f"%u{k}.side{j}" for j in range(nsides)]
            acc_next = [f"%u{k}.side{j}.next" for j in range(nsides)]
            b.br(head)
            b.label(head)
            b.emit(f"{u} = phi i32 [ 0, %{pre} ], [ {un}, %{latch} ]")
            for j in range(nsides):
                b.emit(f"{acc[j]} = phi {self.sw} [ zeroinitializer, %{pre} ], [ {acc_next[j]}, %{latch} ]")
            at = b.op(f"mul i64 {b.op(f'zext i32 {u} to i64')}, {W // 8}")
            bits = b.load(f"i{W}", b.op(f"getelementptr i8, ptr {masks}, i64 {at}"), max(W // 8, 1))
            empty = b.op(f"icmp eq i{W} {bits}, 0")
            b.cbr(empty, latch, body)
            b.label(body)
            u64 = b.op(f"zext i32 {u} to i64")
            self.fp = b.op(f"getelementptr i8, ptr %frame, i64 {b.op(f'mul i64 {u64}, @USTRIDE@')}")
            self._emit_ids(u)
            self.mask = b.bits_mask(bits)
            self.mask_bits = bits
            self.values = dict(group_values)
            self.cell_values = dict(group_cells)
            self.first_lane = None
            for ins in lanes_of[parts[0].index]:
                self._translate(ins)
            for kind, t_seg, f_seg, m_seg, branch in parts[1:]:
                self._fused_if(branch, t_seg, f_seg, lanes_of)
                self.seg = m_seg
                for ins in lanes_of[m_seg.index]:
                    self._translate(ins)
            filled = []
            if not uniform:
                self.term_line = term.line
                for j, bits_j in enumerate(self._terminator_lanes(term)):
                    filled.append(b.op(f"insertelement {self.sw} {acc[j]}, i{W} {bits_j}, i32 {u}"))
            last = b.current
            b.br(latch)
            b.label(latch)
            for j in range(nsides):
                b.emit(f"{acc_next[j]} = phi {self.sw} [ {acc[j]}, %{head} ], [ {filled[j]}, %{last} ]")
            sides = acc_next
            b.emit(f"{un} = add i32 {u}, 1")
            more = b.op(f"icmp ult i32 {un}, {self.plan.units}")
            b.cbr(more, head, end)
            b.label(end)
        self.values, self.cell_values = group_values, group_cells
        self._group_context()
        if any(f[0] == "cont" for f in parts[1:]):
            # The lanes come to the loop's continue place: into its entry
            # (just below, `_segment_code_group`), which runs on.
            below = self._entry_ptr(b.op(f"sub i32 {sp}, 2"))
            lanes = b.gep(below, self.LANES)
            both = b.op(f"or {self.sw} {b.load(self.sw, lanes, 8)}, {b.load(self.sw, masks, 8)}")
            b.store(self.sw, both, lanes, 8)
            b.store("i32", "1", b.gep(below, self.STARTED), 4)
            self.sp = b.op(f"sub i32 {sp}, 1")
            b.store("i32", self.sp, "%frame", 4)
            self.top = below
        if term is None:
            self.term_line = seg.sync.line
            self._goto(seg.index + 1)       # the barrier: every vector has come to it
        elif uniform:
            self._terminator_uniform(term)
        else:
            self._terminator_group(term, sides)
        self.fp = "%frame"

    def _fusion(self, seg: Segment, cont: bool = True) -> tuple | None:
        """Whether the group mode runs the if that `seg`'s branch starts
        inside the segment's loop over the vectors: each vector's lanes of
        the then side run it, then those of the else side, then all of them
        go on at the merge, as the stack would run them (without its
        entries).  For an if whose sides are one segment each that only go
        to the merge, and a merge only they (or the branch) come to, no phis
        on the way, no loop's place among them, and a module whose results
        do not depend on the order of its atomics.  A branch with no merge
        of its own whose sides go to the innermost loop's continue place
        (an if that ends its loop's body) fuses when `cont` ("cont": the
        lanes then join the entry waiting there).  Returns ("if" or
        "cont", then segment or None, else segment or None, the merge's
        first segment, the branch)."""
        blk = seg.block
        term = blk.terminator
        if not self.fuse or seg.sync is not None or term is None or term.opcode != "br" or term.cond is None \
                or seg.end != len(blk.instructions):
            return None
        merges = [m for m in self.st.merges.get(blk.name, ()) if m is not None]
        kind = "if"
        if not merges and cont:
            # No merge of its own: the sides meet where the innermost loop's
            # iteration ends.
            inner = [lp for lp in self.st.loops.values() if blk.name in lp.body]
            if inner:
                lp = min(inner, key=lambda x: len(x.body))
                if not lp.continue_key.startswith(NEXT) and lp.continue_key in lp.body:
                    merges, kind = [lp.continue_key], "cont"
        if len(merges) != 1 or merges[0].startswith(NEXT) or merges[0] not in self.first_segment:
            return None
        merge = merges[0]
        t, f = term.targets
        if t == f or any(self.st.edge(blk.name, x) != x for x in (t, f)):
            return None
        loop_places = {k for h in self.loop_keys for k in self.loop_keys[h] if k is not None}

        def plain(name: str, place: bool = False) -> bool:
            b2 = self.fn.block(name)
            if b2 is None or not b2.instructions or b2.instructions[0].opcode == "phi":
                return False
            return (place or self.first_segment[name] not in loop_places) and \
                self.first_segment[name] not in self.entering
        if not plain(merge, kind == "cont") or not set(self.preds.get(merge, ())) <= {blk.name, t, f}:
            return None

        def side(name: str) -> Any:
            if name == merge:
                return None
            b2 = self.fn.block(name)
            k = self.first_segment.get(name)
            if b2 is None or k is None or not plain(name) or self.preds.get(name) != [blk.name]:
                return False
            one = self.segments[k]
            last = b2.terminator
            if one.sync is not None or one.end != len(b2.instructions) or last is None or last.opcode != "br" \
                    or last.cond is not None or last.targets[0] != merge:
                return False
            return one
        ts, fs = side(t), side(f)
        if ts is False or fs is False:
            return None
        return (kind, ts, fs, self.segments[self.first_segment[merge]], term)

    def _fused_if(self, branch: R.Instruction, t_seg: Segment | None, f_seg: Segment | None, lanes_of: dict) -> None:
        """A fused if (`_fusion`) for the vector: its sides, each under its
        lanes (skipped without any), then the merge's with every lane."""
        b = self.body
        cond = self.arg(self.parsed[id(branch)].operands[0])
        t_mask = b.op(f"and {b.mt} {self.mask}, {cond.v}")
        f_mask = b.op(f"xor {b.mt} {self.mask}, {t_mask}")
        saved = (self.mask, self.mask_bits, self.first_lane)
        values = self.values       # (what a side computes or reads stays there)
        for part, mask in ((t_seg, t_mask), (f_seg, f_mask)):
            if part is None:
                continue
            bits = b.mask_bits(mask)
            some = b.op(f"icmp ne i{self.W} {bits}, 0")
            run, skip = b.label_name("side"), b.label_name("sided")
            b.cbr(some, run, skip)
            b.label(run)
            self.mask, self.mask_bits, self.first_lane = mask, bits, None
            self.cell_values = {}
            self.values = dict(values)
            self.seg = part
            for ins in lanes_of[part.index]:
                self._translate(ins)
            b.br(skip)
            b.label(skip)
            self.mask, self.mask_bits, self.first_lane = saved
            self.cell_values = {}
            self.values = values

    def _group_context(self) -> None:
        """Translating for the whole group (group mode): every lane, no
        vector's slots."""
        self.fp = "%no.vector.here"
        self.mask, self.mask_bits, self.first_lane = "splat (i1 true)", "-1", "0"
        self.gid = self.entry_gid

    def _translate(self, ins: R.Instruction) -> None:
        """One instruction (not a terminator) of the segment, its value defined."""
        try:
            value = self._instruction(ins)
        except RunError as err:
            if err.line is None:
                err.line = ins.line
            raise
        except (ValueError, KeyError, IndexError, TypeError, AttributeError, IRError) as err:
            raise RunError(f"cannot compile '{ins.describe()[:80]}': {err}", ins.line) from None
        if ins.result is not None:
            if isinstance(value, Lanes) and value.lin is None:
                value = self.with_shape(value, self.shapes.value(ins.result))
            self.define(ins.result, value)

    def _uniform_terminator(self, term: R.Instruction | None) -> bool:
        """Whether a terminator (group mode) needs nothing of the vectors: no
        phis to give values to, a branch on a value of the group."""
        if term is None or term.opcode in ("ret", "unreachable"):
            return True
        if term.opcode != "br":
            return False
        for t in term.targets:
            blk = self.fn.block(t)
            if blk is not None and blk.instructions and blk.instructions[0].opcode == "phi":
                return False
        if term.cond is None:
            return True
        cond = term.cond.strip()
        return not cond.startswith("%") or cond in self.group_values

    def _terminator_uniform(self, ins: R.Instruction) -> None:
        """A terminator the whole group takes one way (`_uniform_terminator`)."""
        b = self.body
        if ins.opcode != "br" or ins.cond is None:
            self._terminator_group(ins)
            return
        self.term_line = ins.line
        cond = self.arg(self.parsed[id(ins)].operands[0])
        c = b.op(f"extractelement {b.mt} {cond.v}, i32 0")
        lanes = b.load(self.sw, b.gep(self.top, self.LANES), 8)
        tb = b.op(f"select i1 {c}, {self.sw} {lanes}, {self.sw} {self.sw_zero}")
        fb = b.op(f"select i1 {c}, {self.sw} {self.sw_zero}, {self.sw} {lanes}")
        self._split(self.seg.block.name, [(ins.targets[0], tb), (ins.targets[1], fb)])

    def _terminator_lanes(self, ins: R.Instruction) -> list[str]:
        """A terminator's part of a vector (group mode): its phis' values;
        returns its lanes (iW) of each side of a branch."""
        b = self.body
        p = self.parsed[id(ins)]
        op = ins.opcode
        if op in ("ret", "unreachable"):
            return []
        if op == "br" and ins.cond is None:
            self.define_phi_edges(ins.targets[0], self.mask)
            return []
        if op == "br":
            cond = self.arg(p.operands[0])
            t_mask = b.op(f"and {b.mt} {self.mask}, {cond.v}")
            f_mask = b.op(f"xor {b.mt} {self.mask}, {t_mask}")
            self.define_phi_edges(ins.targets[0], t_mask)
            self.define_phi_edges(ins.targets[1], f_mask)
            return [b.mask_bits(t_mask), b.mask_bits(f_mask)]
        if op == "switch":
            labels, masks = self._switch_masks(ins, p)
            return [b.mask_bits(masks[label]) for label in labels]
        raise Unsupported(f"the terminator '{op}'", ins.line)

    def _terminator_group(self, ins: R.Instruction, side: list[str] | None = None) -> None:
        """A terminator's part of the group (group mode), after the loop
        over its vectors: the stack, as `_terminator`."""
        b = self.body
        op = ins.opcode
        block = self.seg.block.name
        if op == "ret":
            self._ret()
            return
        if op == "unreachable":
            self.fail(self.error("the threads reached 'unreachable'", ins.line))
            b.emit("unreachable")
            return
        if op == "br" and ins.cond is None:
            target = ins.targets[0]
            self._goto(self.key_of(self.st.edge(block, target)) if target in self.first_segment else
                       self.first_segment[target])
            return
        if op == "br":
            self._split(block, [(ins.targets[0], side[0]), (ins.targets[1], side[1])])
            return
        labels = self._switch_labels(ins, self.parsed[id(ins)])
        self._split(block, [(label, side[j]) for j, label in enumerate(labels)])

    def _suspend(self, seg: Segment) -> None:
        b = self.body
        b.store("i32", str(seg.index + 1), b.gep(self.top, self.KEY), 4)
        b.store("i32", str(self.sync_ids[id(seg.sync)]), b.gep("%frame", F_SYNC), 4)
        b.emit(f"ret i32 {SUSPENDED}")

    # -- values -----------------------------------------------------------------

    def define(self, name: str, value: Any) -> None:
        self.values[name] = value
        shape = self.slot.get(name)
        if shape is not None:
            self.store_shape(shape, value, self.mask, base=self._slot_base(name))

    def _slot_base(self, name: str) -> str:
        """Where a value's slot lies: the group's slots (group mode, a
        value of the group) or the vector's."""
        return "%frame" if name in self.group_values else self.fp

    def store_shape(self, shape: Any, value: Any, mask: str, merge: bool = True, base: str | None = None) -> None:
        b = self.body
        if base is None:
            base = self.fp
        if isinstance(shape, int):
            if isinstance(value, HandleV) and value.lanes is not None:
                value = value.lanes
            if isinstance(value, PtrV):
                value = value.off if value.off is not None else b.splat("i32", value.coff)
            if not isinstance(value, Lanes):
                return
            ptr = b.gep(base, shape)
            vt = b.vt(value.ty)
            new = value.v
            if self.together and base == "%frame" or mask == "splat (i1 true)":
                merge = False       # (the group's value: every lane)
            if merge:
                old = b.load(vt, ptr, 64)
                new = b.select(mask, value.v, old, value.ty)
            b.store(vt, new, ptr, 64)
            return
        if isinstance(shape, list) and isinstance(value, Agg):
            for s, v in zip(shape, value.items):
                if s is not None:
                    self.store_shape(s, v, mask, merge, base)

    def load_shape(self, shape: Any, t: MemoryType, name: str) -> Any:
        b = self.body
        fp = self._slot_base(name)
        if t.kind == "scalar":
            return self.with_shape(Lanes(t.text, b.load(b.vt(t.text), b.gep(fp, shape), 64)),
                                   self.shapes.slot(name))
        if t.kind == "vector":
            known = self.shapes.slot(name)
            return Agg([self.with_shape(Lanes(t.elem.text, b.load(b.vt(t.elem.text), b.gep(fp, s), 64)),
                                        known[k] if isinstance(known, tuple) else known)
                        for k, s in enumerate(shape)])
        if t.kind in ("struct", "array"):
            items = t.fields if t.kind == "struct" else [t.elem] * t.count
            return Agg([self.load_shape(s, f, name) if s is not None else self._object(name)
                        for s, f in zip(shape, items)])
        if t.kind == "pointer" and not is_object_type(t):
            root = self.roots[self.base_of[name]]
            off = self.with_shape(Lanes("i32", b.load(b.vt("i32"), b.gep(fp, shape), 64)),
                                  self.shapes.slot(name))
            if root.kind == "cells":
                return PtrV(root, None, self.const_off.get(name) or 0)
            return PtrV(root, off)
        return self._object(name)

    def active_lane(self) -> str:
        """The index (i32) of the segment's first active lane (computed
        once a segment)."""
        if self.first_lane is None:
            b = self.body
            W = self.W
            self.declare(f"declare i{W} @llvm.cttz.i{W}(i{W}, i1)")
            f = b.op(f"call i{W} @llvm.cttz.i{W}(i{W} {self.mask_bits}, i1 false)")
            f = b.op(f"and i{W} {f}, {W - 1}")
            if W != 32:
                f = b.op(f"{'trunc' if W > 32 else 'zext'} i{W} {f} to i32")
            self.first_lane = f
        return self.first_lane

    def with_shape(self, v: Lanes, shape: Any) -> Lanes:
        """`v` with its linear form where the analysis knows its step
        (`shapes`): the base read from the first active lane."""
        if not isinstance(shape, int) or isinstance(shape, bool) or v.lin is not None or v.ty != "i32":
            return v
        b = self.body
        f = self.active_lane()
        x = b.op(f"extractelement {b.vt('i32')} {v.v}, i32 {f}")
        if shape:
            x = b.op(f"sub i32 {x}, {b.op(f'mul i32 {f}, {shape}')}")
        return Lanes(v.ty, v.v, v.const, (x, shape))

    def _object(self, name: str) -> Any:
        return self.object_of(name, self.seg.block.instructions[0].line if self.seg else None)

    def value(self, type_: Any, text: str) -> Any:
        """An operand's value: a computed value, a global, or a constant."""
        text = text.strip()
        if text.startswith("%"):
            v = self.values.get(text)
            if v is not None:
                return v
            if text in self.remat:
                v = self.values[text] = self._instruction(self.remat[text])
                return v
            dyn = self._dynamic_handle(text)
            if dyn is not None and text in self.slot:
                lanes = Lanes("i32", self.body.load(self.body.vt("i32"), self.body.gep(self.fp, self.slot[text]), 64))
                v = self.values[text] = HandleV(None, None, None, dyn, lanes)
                return v
            if text in self.abstract:
                v = self.object_of(text, None)
                self.values[text] = v
                return v
            shape = self.slot.get(text)
            t = self.value_type.get(text)
            if t is None:
                raise RunError(f"the value {text} is used before it is computed")
            if shape is None:
                if t.kind == "pointer" and text in self.base_of and self.const_off.get(text) is not None:
                    root = self.roots[self.base_of[text]]
                    coff = self.const_off[text]
                    v = PtrV(root, None, coff) if root.kind in ("cells", "objects") else \
                        PtrV(root, self.body.splat("i32", coff), 0)
                    self.values[text] = v
                    return v
                raise RunError(f"the value {text} is used before it is computed")
            v = self.load_shape(shape, t, text)
            self.values[text] = v
            return v
        if text.startswith("@"):
            root = self.roots.get(text)
            if root is None:
                raise RunError(f"unknown global {text}")
            return PtrV(root, self.body.splat("i32", 0) if root.kind != "cells" else None, 0)
        mt = type_ if isinstance(type_, MemoryType) else self.mtype(type_)
        return self.constant(mt, text)

    def constant(self, t: MemoryType, text: str) -> Any:
        """A constant in every lane, read by the one reader of constants
        (`dxil.operands.constant_value`: every spelling of `i1`, hex and
        half floats, `zeroinitializer`, `undef`, `poison`, `splat`)."""
        if t.kind not in ("scalar", "vector", "struct", "array"):
            return None
        try:
            value = constant_value(self.tt.get(t.text), text)
        except IRError as err:
            raise RunError(str(err)) from None
        return self._constant_lanes(t, value)

    def _constant_lanes(self, t: MemoryType, value: Any) -> Any:
        b = self.body
        if t.kind == "scalar":
            return b.splat(t.text, value)
        if t.kind == "vector":
            return Agg([b.splat(t.elem.text, v) for v in value])
        if t.kind in ("struct", "array"):
            items = t.fields if t.kind == "struct" else [t.elem] * t.count
            return Agg([self._constant_lanes(f, v) for f, v in zip(items, value)])
        return None

    def arg(self, o: Any) -> Any:
        """A parsed operand's value."""
        if o.type.kind == "metadata":
            return None
        return self.value(o.type, o.value)

    # -- instructions -----------------------------------------------------------

    def _instruction(self, ins: R.Instruction) -> Any:
        op = ins.opcode
        p = self.parsed[id(ins)]
        b = self.body
        if op in _BINARY:
            t = self.mtype(p.type)
            a, c = self.arg(p.operands[0]), self.arg(p.operands[1])
            return self.lanewise(lambda x, y: self.binary(op, x, y), a, c)
        if op == "fneg":
            a = self.arg(p.operands[0])
            return self.lanewise(lambda x: Lanes(x.ty, b.op(f"fneg {b.vt(x.ty)} {x.v}")), a)
        if op in ("icmp", "fcmp"):
            a, c = self.arg(p.operands[0]), self.arg(p.operands[1])
            return self.lanewise(lambda x, y: self.compare(op, p.extra, x, y), a, c)
        if op == "select":
            cond = self.arg(p.operands[0])
            a, c = self.arg(p.operands[1]), self.arg(p.operands[2])
            return self.select_value(cond, a, c)
        if op in _CASTS:
            src = self.mtype(p.operands[0].type)
            dst = self.mtype(p.type)
            v = self.arg(p.operands[0])
            if op in ("bitcast", "addrspacecast") and (isinstance(v, (PtrV, HandleV, MatV)) or v is None):
                return v
            if op in ("ptrtoint", "inttoptr"):
                raise Unsupported(f"the instruction '{op}'", ins.line)
            return self.cast(op, v, src, dst)
        if op == "alloca":
            root = self.roots[ins.result]
            return PtrV(root, b.splat("i32", 0) if root.kind not in ("cells", "objects") else None, 0)
        if op == "load":
            if id(ins) in self.forward:
                return self.value(*self.forward[id(ins)])
            ptr = self.arg(p.operands[0])
            if isinstance(ptr, PtrV) and ptr.root.kind == "objects" and getattr(ptr.root, "dynamic", False):
                dyn = self._dynamic_handle(ins.result)
                if dyn is None:
                    raise Unsupported("a handle chosen at run time, kept with others in a variable", ins.line)
                lanes = Lanes("i32", b.load(b.vt("i32"), b.gep(self.fp, ptr.root.offset), 64))
                return HandleV(None, None, None, dyn, lanes)
            if ins.result in self.abstract:
                return self.object_of(ins.result, ins.line)
            ptr = self.arg(p.operands[0])
            return self.load(ptr, self.mtype(p.type), ins)
        if op == "store":
            if id(ins) in self.dropped:
                return None
            value = self.arg(p.operands[0])
            ptr = self.arg(p.operands[1])
            if isinstance(ptr, PtrV) and ptr.root.kind == "objects":
                if getattr(ptr.root, "dynamic", False) and isinstance(value, HandleV) and value.lanes is not None:
                    self.store_shape(ptr.root.offset, value.lanes, self.mask)
                return None
            self.store(ptr, self.mtype(p.operands[0].type), value, ins)
            return None
        if op == "getelementptr":
            return self.gep(ins, p)
        if op == "extractvalue":
            v = self.arg(p.operands[0])
            for k in p.extra:
                v = v.items[k]
            return v
        if op == "insertvalue":
            agg = self.arg(p.operands[0])
            elem = self.arg(p.operands[1])
            if len(p.extra) != 1:
                raise Unsupported("nested insertvalue indices", ins.line)
            items = list(agg.items)
            items[p.extra[0]] = elem
            return Agg(items)
        if op == "extractelement":
            vec = self.arg(p.operands[0])
            idx = self.arg(p.operands[1])
            return self.dynamic_element(vec, idx)
        if op == "insertelement":
            vec = self.arg(p.operands[0])
            elem = self.arg(p.operands[1])
            idx = self.arg(p.operands[2])
            n = len(vec.items)
            if idx.const is not None:
                k = min(max(int(idx.const), 0), n - 1)
                items = list(vec.items)
                items[k] = elem
                return Agg(items)
            ci = self.clamp_index(idx, n)
            out = []
            for k, item in enumerate(vec.items):
                hit = b.op(f"icmp eq {b.vt('i64')} {ci}, splat (i64 {k})")
                out.append(Lanes(item.ty, b.select(hit, elem.v, item.v, item.ty)))
            return Agg(out)
        if op == "shufflevector":
            a, c = self.arg(p.operands[0]), self.arg(p.operands[1])
            both = list(a.items) + list(c.items)
            return Agg([both[k if k >= 0 else 0] for k in p.extra])
        if op == "phi":
            t = self.value_type[ins.result]
            return self.load_shape(self.slot[ins.result], t, ins.result)
        if op == "call":
            return self._call(ins)
        if op in ("atomicrmw", "cmpxchg"):
            return self.llvm_atomic(ins, p)
        raise Unsupported(f"the instruction '{op}'", ins.line)

    def define_phi_edges(self, target_block: str, lanes: str) -> None:
        """At the end of a segment: the phis of `target_block` take this
        block's incoming values for `lanes`."""
        blk = self.fn.block(target_block)
        if blk is None:
            return
        writes = []
        for ins in blk.instructions:
            if ins.opcode != "phi":
                break
            p = self.parsed[id(ins)]
            for o, label in zip(p.operands, p.extra):
                if label == self.seg.block.name:
                    writes.append((self.slot[ins.result], self.arg(o)))
                    break
        for shape, v in writes:
            self.store_shape(shape, v, lanes)

    def _call(self, ins: R.Instruction) -> Any:
        o = self.dxop[id(ins)]
        handler = OPERATIONS[o.name]
        args = []
        for a in ins.args[1:]:
            if a.type == "metadata":
                args.append(None)
                continue
            t = self.tt.get(a.type)
            if a.value.startswith("%") and a.value in self.abstract and a.value not in self.values and \
                    self._dynamic_handle(a.value) is None:
                args.append(self.object_of(a.value, ins.line))
            else:
                args.append(self.value(t, a.value))
        try:
            if any(isinstance(a, HandleV) and a.dynamic is not None for a in args) and o.name != "AnnotateHandle":
                return self._per_resource(handler, ins, o, args)
            return handler(self, ins, o, args, self.mask)
        except RunError as err:
            if err.line is None:
                err.line = ins.line
            raise

    def _per_resource(self, handler: Callable, ins: R.Instruction, o: Any, args: list) -> Any:
        """An operation on a handle chosen at run time: once per resource the
        lanes choose, with those lanes (as the interpreter's `handle=True`
        handlers run), the results merged."""
        b = self.body
        at = next(k for k, a in enumerate(args) if isinstance(a, HandleV) and a.dynamic is not None)
        h = args[at]
        saved = (self.mask, self.mask_bits)
        out = None
        vi = b.vt("i32")
        for reg, static in h.dynamic.choices:
            hit = b.op(f"icmp eq {vi} {h.lanes.v}, splat (i32 {reg})")
            sub = b.op(f"and {b.mt} {saved[0]}, {hit}")
            bits = b.mask_bits(sub)
            some = b.op(f"icmp ne {b.iw} {bits}, 0")
            go, skip = b.label_name("res"), b.label_name("nores")
            test = b.current
            b.cbr(some, go, skip)
            b.label(go)
            self.mask, self.mask_bits = sub, bits
            r = handler(self, ins, o, args[:at] + [static] + args[at + 1:], sub)
            end = b.current
            b.br(skip)
            b.label(skip)
            self.mask, self.mask_bits = saved
            out = self._merge_result(out, r, sub, end, test)
        return out

    def _merge_result(self, old: Any, new: Any, sub: str, end: str, test: str) -> Any:
        """`new`, computed for the lanes `sub` on the path that ends at
        `end` (skipped from `test`), over `old` (None: zeros): the phis
        first (together at the join block's top), then the selects."""
        b = self.body
        pairs: list[tuple[Lanes, str]] = []

        def phis(o: Any, n: Any) -> Any:
            if isinstance(n, Agg):
                olds = o.items if isinstance(o, Agg) else [None] * len(n.items)
                return Agg([phis(x, y) for x, y in zip(olds, n.items)])
            if not isinstance(n, Lanes):
                return n if n is not None else o
            base = o.v if o is not None else "zeroinitializer"
            phi = b.op(f"phi {b.vt(n.ty)} [ {n.v}, %{end} ], [ {base}, %{test} ]")
            out = Lanes(n.ty, phi)
            pairs.append((out, base))
            return out
        merged = phis(old, new)
        for lanes, base in pairs:
            lanes.v = b.select(sub, lanes.v, base, lanes.ty)
        return merged

    # -- arithmetic -----------------------------------------------------------

    def lanewise(self, fn: Callable, *values: Any) -> Any:
        if isinstance(values[0], Agg):
            return Agg([self.lanewise(fn, *parts) for parts in zip(*(v.items for v in values))])
        return fn(*values)

    def ftz(self, x: Lanes) -> str:
        """A float32 value with denormals flushed to a zero of their sign."""
        if x.ty != "float":
            return x.v
        b = self.body
        vt = b.vt("float")
        if x.const is not None:
            v = np.float32(x.const)
            if v != 0 and abs(v) < np.finfo(np.float32).tiny:
                return f"splat (float {llvm_const('float', np.copysign(np.float32(0), v))})"
            return x.v
        bits = b.op(f"bitcast {vt} {x.v} to {b.vt('i32')}")
        exp = b.op(f"and {b.vt('i32')} {bits}, splat (i32 2139095040)")
        tiny = b.op(f"icmp eq {b.vt('i32')} {exp}, zeroinitializer")
        sign = b.op(f"and {b.vt('i32')} {bits}, splat (i32 -2147483648)")
        out = b.op(f"select {b.mt} {tiny}, {b.vt('i32')} {sign}, {b.vt('i32')} {bits}")
        return b.op(f"bitcast {b.vt('i32')} {out} to {vt}")

    def binary(self, op: str, a: Lanes, c: Lanes) -> Lanes:
        b = self.body
        ty = a.ty
        vt = b.vt(ty)
        if op[0] == "f" and a.const is not None and c.const is not None:
            # Folded as the interpreter computes it (numpy, on this processor:
            # the sign of 0/0's NaN, say, is the hardware's, not LLVM's folding).
            return b.splat(ty, _fold_float(op, ty, a.const, c.const))
        if op == "frem":
            # numpy's fmod loop (its NaNs' signs are its own), float32 flushed.
            x, y = (self.ftz(a), self.ftz(c)) if ty == "float" else (a.v, c.v)
            fn = call_loop2(self, "fmod", ty, self.W)
            buf = b.tmp("fm")
            at = b.lines.index("entry:") + 1
            b.lines.insert(at, f"  {buf} = alloca [3 x {vt}], align 64")
            step = self.W * SIZES[ty]
            b.store(vt, x, buf, 64)
            b.store(vt, y, b.gep(buf, step), 64)
            b.emit(f"call void {fn}(ptr %ctx, ptr {buf}, ptr {b.gep(buf, step)}, ptr {b.gep(buf, 2 * step)})")
            r = b.load(vt, b.gep(buf, 2 * step), 64)
            return Lanes(ty, self.ftz(Lanes(ty, r)) if ty == "float" else r)
        if op[0] == "f":
            if ty == "float":
                r = b.op(f"{op} {vt} {self.ftz(a)}, {self.ftz(c)}")
                return Lanes(ty, self.ftz(Lanes(ty, r)))
            if ty == "half":
                # numpy's half arithmetic: in float32, rounded back.
                wt = b.vt("float")
                x = b.op(f"fpext {vt} {a.v} to {wt}")
                y = b.op(f"fpext {vt} {c.v} to {wt}")
                r = b.op(f"{op} {wt} {x}, {y}")
                return Lanes(ty, b.op(f"fptrunc {wt} {r} to {vt}"))
            return Lanes(ty, b.op(f"{op} {vt} {a.v}, {c.v}"))
        if ty == "i1":
            if op in ("add", "sub"):
                op = "xor"
            if op in ("and", "or", "xor", "mul"):
                return Lanes(ty, b.op(f"{'and' if op == 'mul' else op} {vt} {a.v}, {c.v}"))
            if op in ("shl", "lshr", "ashr"):
                return a            # shifted by (b mod 1) = 0
            raise Unsupported(f"'{op}' on booleans")
        bits = INT_BITS[ty]
        if op in ("add", "sub", "mul", "and", "or", "xor"):
            return Lanes(ty, b.op(f"{op} {vt} {a.v}, {c.v}"), None, self._linear(op, a, c))
        if op in ("shl", "lshr", "ashr"):
            s = b.op(f"and {vt} {c.v}, splat ({ty} {bits - 1})")
            lin = None
            if op == "shl" and c.const is not None and a.lin is not None:
                lin = self._linear("mul", a, b.splat(ty, 1 << (int(c.const) & (bits - 1))))
            elif a.lin is not None and c.lin is not None and a.lin[1] == 0 and c.lin[1] == 0:
                sc = b.op(f"and {ty} {c.lin[0]}, {bits - 1}")
                lin = (b.op(f"{op} {ty} {a.lin[0]}, {sc}"), 0)
            return Lanes(ty, b.op(f"{op} {vt} {a.v}, {s}"), None, lin)
        ones = f"splat ({ty} -1)"
        zero = b.op(f"icmp eq {vt} {c.v}, zeroinitializer")
        safe = b.op(f"select {b.mt} {zero}, {vt} splat ({ty} 1), {vt} {c.v}")
        # The dividend frozen (the same value): LLVM 22's code generator
        # asserts ("Unexpected illegal type") on a vector division of a
        # splat (a wave reduction's result) by some divisors; random program
        # 7754 aborted the process there.
        a = Lanes(ty, b.op(f"freeze {vt} {a.v}"))
        if op in ("udiv", "urem"):
            r = b.op(f"{op} {vt} {a.v}, {safe}")
            return Lanes(ty, b.op(f"select {b.mt} {zero}, {vt} {ones}, {vt} {r}"))
        # sdiv/srem: by -1 is negation (no trap on the minimum), by 0 all ones.
        neg1 = b.op(f"icmp eq {vt} {c.v}, {ones}")
        safe = b.op(f"select {b.mt} {neg1}, {vt} splat ({ty} 1), {vt} {safe}")
        r = b.op(f"{op} {vt} {a.v}, {safe}")
        if op == "sdiv":
            alt = b.op(f"sub {vt} zeroinitializer, {a.v}")
        else:
            alt = "zeroinitializer"
        r = b.op(f"select {b.mt} {neg1}, {vt} {alt}, {vt} {r}")
        return Lanes(ty, b.op(f"select {b.mt} {zero}, {vt} {ones}, {vt} {r}"))

    def _linear(self, op: str, a: Lanes, c: Lanes) -> tuple[str, int] | None:
        """What is linear in the lane of `a op c` (integers, modular)."""
        if a.lin is None or c.lin is None:
            return None
        b = self.body
        ty = a.ty
        (ab, as_), (cb, cs) = a.lin, c.lin
        if op in ("add", "sub"):
            return b.op(f"{op} {ty} {ab}, {cb}"), (as_ + cs if op == "add" else as_ - cs)
        if op == "mul":
            if cs == 0 and c.const is not None:
                k = int(c.const)
                return b.op(f"mul {ty} {ab}, {cb}"), as_ * k
            if as_ == 0 and a.const is not None:
                k = int(a.const)
                return b.op(f"mul {ty} {ab}, {cb}"), cs * k
            if as_ == 0 and cs == 0:
                return b.op(f"mul {ty} {ab}, {cb}"), 0
            return None
        if as_ == 0 and cs == 0:
            return b.op(f"{op} {ty} {ab}, {cb}"), 0
        return None

    def compare(self, op: str, pred: str, a: Lanes, c: Lanes) -> Lanes:
        b = self.body
        if op == "fcmp" and pred in ("true", "false"):
            return b.splat("i1", pred == "true")
        return Lanes("i1", b.op(f"{op} {pred} {b.vt(a.ty)} {a.v}, {c.v}"))

    def select_value(self, cond: Any, a: Any, c: Any) -> Any:
        b = self.body
        if isinstance(a, Agg):
            conds = cond.items if isinstance(cond, Agg) else [cond] * len(a.items)
            return Agg([self.select_value(k, x, y) for k, x, y in zip(conds, a.items, c.items)])
        if isinstance(a, PtrV):
            if a.root is not c.root:
                raise Unsupported("a select between pointers into different memory")
            if a.off is None:
                raise Unsupported("a select between pointers into a local variable")
            return PtrV(a.root, Lanes("i32", b.select(cond.v, a.off.v, c.off.v, "i32")))
        if isinstance(a, (HandleV, MatV)):
            return a
        return Lanes(a.ty, b.select(cond.v, a.v, c.v, a.ty))

    def cast(self, op: str, v: Any, src: MemoryType, dst: MemoryType) -> Any:
        if isinstance(v, Agg):
            s_elem = src.elem if src.kind == "vector" else src
            d_elem = dst.elem if dst.kind == "vector" else dst
            if op == "bitcast" and (src.kind != dst.kind or src.count != dst.count):
                return self.bitcast_vector(v, src, dst)
            return Agg([self.cast(op, x, s_elem, d_elem) for x in v.items])
        if dst.kind == "vector" and op == "bitcast":
            return self.bitcast_vector(Agg([v]), src, dst)
        b = self.body
        s, d = src.text, dst.text
        vs, vd = b.vt(s), b.vt(d)
        if op in ("zext", "sext", "trunc", "fptrunc", "fpext", "uitofp", "sitofp"):
            if op in ("fptrunc", "fpext") and s == d:
                return v
            if d == "half" and (op == "fptrunc" and s == "double" or op in ("sitofp", "uitofp") and s == "i64"):
                if op == "uitofp":
                    v = Lanes(d, b.op(f"uitofp {vs} {v.v} to {b.vt('double')}"))
                    s, vs = "double", b.vt("double")
                return Lanes(d, self.to_half(b, v.v, s, self.W))
            if op == "trunc" and d == "i1":
                one = b.op(f"and {vs} {v.v}, splat ({s} 1)")
                return Lanes(d, b.op(f"icmp ne {vs} {one}, zeroinitializer"))
            return Lanes(d, b.op(f"{op} {vs} {v.v} to {vd}"))
        if op in ("fptoui", "fptosi"):
            if d == "i1":
                return Lanes(d, b.op(f"fcmp une {vs} {v.v}, zeroinitializer"))
            intr = "fptoui.sat" if op == "fptoui" else "fptosi.sat"
            name = f"llvm.{intr}.v{self.W}{_suffix(d)}.v{self.W}{_suffix(s)}"
            self.declare(f"declare {vd} @{name}({vs})")
            return Lanes(d, b.op(f"call {vd} @{name}({vs} {v.v})"))
        if op == "bitcast":
            if s == d:
                return v
            return Lanes(d, b.op(f"bitcast {vs} {v.v} to {vd}"))
        raise Unsupported(f"the cast '{op}' from '{s}' to '{d}'")

    def bitcast_vector(self, v: Agg, src: MemoryType, dst: MemoryType) -> Any:
        """A bitcast between vector shapes (`<2 x i32>` to `double`): through
        each lane's bytes."""
        b = self.body
        W = self.W
        s_elem = src.elem if src.kind == "vector" else src
        d_elem = dst.elem if dst.kind == "vector" else dst
        n_src = src.count if src.kind == "vector" else 1
        n_dst = dst.count if dst.kind == "vector" else 1
        # Interleave into one integer per lane, then split.
        total = s_elem.size * 8 * n_src
        it = f"i{total}"
        acc = f"zeroinitializer"
        for k, x in enumerate(v.items):
            ib = f"i{s_elem.size * 8}"
            xi = x.v if s_elem.text.startswith("i") else b.op(f"bitcast {b.vt(x.ty)} {x.v} to {b.vt(ib)}")
            wide = b.op(f"zext {b.vt(ib)} {xi} to {b.vt(it)}")
            if k:
                wide = b.op(f"shl {b.vt(it)} {wide}, splat ({it} {k * s_elem.size * 8})")
            acc = b.op(f"or {b.vt(it)} {acc}, {wide}")
        out = []
        db = d_elem.size * 8
        for k in range(n_dst):
            part = acc
            if k:
                part = b.op(f"lshr {b.vt(it)} {acc}, splat ({it} {k * db})")
            part = b.op(f"trunc {b.vt(it)} {part} to {b.vt(f'i{db}')}") if total != db else part
            if not d_elem.text.startswith("i"):
                part = b.op(f"bitcast {b.vt(f'i{db}')} {part} to {b.vt(d_elem.text)}")
            out.append(Lanes(d_elem.text, part))
        return Agg(out) if dst.kind == "vector" else out[0]

    def to_half(self, b: Body, v: str, src: str, n: int) -> str:
        """`v` (`src` scalars, n of them: 1 or lanes) as halves, rounded as
        numpy rounds: a double directly (not through float, and not through
        LLVM's __truncdfhf2, which the process may not have); a 64-bit
        integer through a double, as numpy converts it."""
        t = (lambda ty: ty) if n == 1 else (lambda ty: f"<{n} x {ty}>")
        if src in ("i64",):
            v = b.op(f"sitofp {t('i64')} {v} to {t('double')}")
            src = "double"
        if src != "double":
            return b.op(f"fptrunc {t(src)} {v} to {t('half')}")
        name = f"hlslc.d2h.{n}"
        self.helper(name, double_to_half_text(name, n))
        return b.op(f"call {t('half')} @{name}({t('double')} {v})")

    def declare(self, text: str) -> None:
        name = text.split("@", 1)[1].split("(", 1)[0]
        self.helpers.setdefault("decl." + name, text)

    def clamp_index(self, idx: Lanes, n: int) -> str:
        """A dynamic vector index as i64 lanes clamped to [0, n-1] (the
        interpreter's clip)."""
        b = self.body
        i = idx.v
        if idx.ty != "i64":
            i = b.op(f"zext {b.vt(idx.ty)} {i} to {b.vt('i64')}") if idx.ty != "i1" else \
                b.op(f"zext {b.mt} {i} to {b.vt('i64')}")
        lo = b.op(f"icmp slt {b.vt('i64')} {i}, zeroinitializer")
        i = b.op(f"select {b.mt} {lo}, {b.vt('i64')} zeroinitializer, {b.vt('i64')} {i}")
        hi = b.op(f"icmp sgt {b.vt('i64')} {i}, splat (i64 {n - 1})")
        return b.op(f"select {b.mt} {hi}, {b.vt('i64')} splat (i64 {n - 1}), {b.vt('i64')} {i}")

    def dynamic_element(self, vec: Agg, idx: Lanes) -> Any:
        b = self.body
        n = len(vec.items)
        if idx.const is not None:
            return vec.items[min(max(int(idx.const), 0), n - 1)]
        ci = self.clamp_index(idx, n)
        out = vec.items[0]
        for k in range(1, n):
            hit = b.op(f"icmp eq {b.vt('i64')} {ci}, splat (i64 {k})")
            out = Lanes(out.ty, b.select(hit, vec.items[k].v, out.v, out.ty))
        return out

    # -- memory -----------------------------------------------------------------

    def gep(self, ins: R.Instruction, p: Parsed) -> PtrV:
        b = self.body
        base = self.arg(p.operands[0])
        if not isinstance(base, PtrV):
            raise Unsupported("a getelementptr on a value that is not a pointer the JIT follows", ins.line)
        t = self.mtype(p.type)
        if base.root.kind in ("cells", "objects"):
            off = self.const_off.get(ins.result)
            if off is None:
                raise Unsupported("a dynamic index into a local variable kept in slots", ins.line)
            return PtrV(base.root, None, off)
        off = base.off.v
        lin = base.off.lin          # the offset's linear form, kept while every index has one
        coff = 0
        for k, o in enumerate(p.operands[1:]):
            idx = self.arg(o)
            if k == 0:
                step = stride(t)
            elif t.kind == "struct":
                field = int(idx.const)
                coff += t.offsets[field]
                t = t.fields[field]
                continue
            else:
                t = t.elem
                step = stride(t)
            if idx.const is not None:
                c = int(idx.const)
                if idx.ty != "i64" and c >= 1 << (INT_BITS[idx.ty] - 1):
                    c -= 1 << INT_BITS[idx.ty]
                coff += c * step
                continue
            i = idx.v
            il = idx.lin if idx.ty == "i32" else None
            if idx.ty == "i64":
                i = b.op(f"trunc {b.vt('i64')} {i} to {b.vt('i32')}")
            elif idx.ty in ("i8", "i16"):
                i = b.op(f"sext {b.vt(idx.ty)} {i} to {b.vt('i32')}")
            elif idx.ty == "i1":
                i = b.op(f"zext {b.mt} {i} to {b.vt('i32')}")
            scaled = b.op(f"mul {b.vt('i32')} {i}, splat (i32 {step})") if step != 1 else i
            off = b.op(f"add {b.vt('i32')} {off}, {scaled}")
            if lin is not None and il is not None:
                lin = (b.op(f"add i32 {lin[0]}, {b.op(f'mul i32 {il[0]}, {step}')}"), lin[1] + il[1] * step)
            else:
                lin = None
        if coff:
            off = b.op(f"add {b.vt('i32')} {off}, splat (i32 {coff})")
            if lin is not None:
                lin = (b.op(f"add i32 {lin[0]}, {coff}"), lin[1])
        return PtrV(base.root, Lanes("i32", off, None, lin))

    def load(self, ptr: Any, t: MemoryType, ins: R.Instruction) -> Any:
        if not isinstance(ptr, PtrV):
            raise Unsupported("a load through a value that is not a pointer the JIT follows", ins.line)
        root = ptr.root
        if root.kind == "cells":
            return self._load_cells(root, ptr.coff, t)
        return self._load_memory(root, ptr.off, 0, t, ins)

    def _load_cells(self, root: Root, off: int, t: MemoryType) -> Any:
        b = self.body
        if t.kind == "scalar":
            known = self.cell_values.get((root.name, off))
            if known is not None:
                return known
            st, slot = root.cells[off]
            fp = "%frame" if (root.name, off) in self.group_cells else self.fp
            return self.with_shape(Lanes(st.text, b.load(b.vt(st.text), b.gep(fp, slot), 64)),
                                   self.shapes.cell(root.name, off))
        if t.kind == "vector":
            step = stride(t.elem)
            return Agg([self._load_cells(root, off + k * step, t.elem) for k in range(t.count)])
        items = list(zip(t.offsets, t.fields)) if t.kind == "struct" else \
            [(k * stride(t.elem), t.elem) for k in range(t.count)]
        return Agg([self._load_cells(root, off + o, f) for o, f in items])

    def store(self, ptr: Any, t: MemoryType, value: Any, ins: R.Instruction) -> None:
        if not isinstance(ptr, PtrV):
            raise Unsupported("a store through a value that is not a pointer the JIT follows", ins.line)
        root = ptr.root
        if root.kind == "cells":
            self._store_cells(root, ptr.coff, t, value)
            return
        if root.kind == "const":
            raise RunError(f"a store to the constant '{root.name}'", ins.line)
        self._store_memory(root, ptr.off, 0, t, value, ins)

    def _store_cells(self, root: Root, off: int, t: MemoryType, value: Any) -> None:
        b = self.body
        if t.kind == "scalar":
            # Later loads in this segment (its lanes fixed) see the value.
            self.cell_values[(root.name, off)] = value
            if root.local:
                return
            st, slot = root.cells[off]
            vt = b.vt(st.text)
            if (root.name, off) in self.group_cells:
                b.store(vt, value.v, b.gep("%frame", slot), 64)      # (the group's value: every lane)
                return
            ptr = b.gep(self.fp, slot)
            old = b.load(vt, ptr, 64)
            b.store(vt, b.select(self.mask, value.v, old, st.text), ptr, 64)
            return
        if t.kind == "vector":
            step = stride(t.elem)
            for k in range(t.count):
                self._store_cells(root, off + k * step, t.elem, value.items[k])
            return
        items = list(zip(t.offsets, t.fields)) if t.kind == "struct" else \
            [(k * stride(t.elem), t.elem) for k in range(t.count)]
        for (o, f), v in zip(items, value.items):
            self._store_cells(root, off + o, f, v)

    def _items(self, t: MemoryType) -> list[tuple[int, MemoryType]]:
        if t.kind == "vector":
            step = stride(t.elem)
            return [(k * step, t.elem) for k in range(t.count)]
        if t.kind == "struct":
            return list(zip(t.offsets, t.fields))
        return [(k * stride(t.elem), t.elem) for k in range(t.count)]

    def _load_memory(self, root: Root, off: Lanes, delta: int, t: MemoryType, ins: R.Instruction) -> Any:
        if t.kind in ("vector", "struct", "array"):
            return Agg([self._load_memory(root, off, delta + o, f, ins) for o, f in self._items(t)])
        if t.kind != "scalar":
            raise Unsupported(f"a load of '{t.text}' from memory", ins.line)
        return load_scalar(self, root, off, delta, t)

    def _store_memory(self, root: Root, off: Lanes, delta: int, t: MemoryType, value: Any,
                      ins: R.Instruction) -> None:
        if t.kind in ("vector", "struct", "array"):
            for (o, f), v in zip(self._items(t), value.items):
                self._store_memory(root, off, delta + o, f, v, ins)
            return
        if t.kind != "scalar":
            raise Unsupported(f"a store of '{t.text}' to memory", ins.line)
        store_scalar(self, root, off, delta, t, value, ins)

    def llvm_atomic(self, ins: R.Instruction, p: Parsed) -> Any:
        return llvm_atomic(self, ins, p)

    # -- terminators ------------------------------------------------------------

    def _terminator(self, ins: R.Instruction) -> None:
        b = self.body
        self.term_line = ins.line
        p = self.parsed[id(ins)]
        op = ins.opcode
        block = self.seg.block.name
        if op == "ret":
            self._ret()
            return
        if op == "unreachable":
            self.fail(self.error("the threads reached 'unreachable'", ins.line))
            b.emit("unreachable")
            return
        if op == "br" and ins.cond is None:
            target = ins.targets[0]
            self.define_phi_edges(target, self.mask)
            self._goto(self.key_of(self.st.edge(block, target)) if target in self.first_segment else
                       self.first_segment[target])
            return
        if op == "br":
            cond = self.arg(p.operands[0])
            t_mask = b.op(f"and {b.mt} {self.mask}, {cond.v}")
            f_mask = b.op(f"xor {b.mt} {self.mask}, {t_mask}")
            self.define_phi_edges(ins.targets[0], t_mask)
            self.define_phi_edges(ins.targets[1], f_mask)
            tb, fb = b.mask_bits(t_mask), b.mask_bits(f_mask)
            self._split(block, [(ins.targets[0], tb), (ins.targets[1], fb)])
            return
        if op == "switch":
            self._switch(ins, p)
            return
        raise Unsupported(f"the terminator '{op}'", ins.line)

    def _split(self, block: str, sides: list[tuple[str, str]]) -> None:
        """The lanes leave `block` for several targets (`sides`: target
        block, lanes as bits, in the order they run).  As the
        interpreter: a branch with merges (its construct's end, and the
        first block all of its lanes pass) leaves entries waiting there
        with no lanes yet, even when every lane goes one way (structured
        code); the sides with lanes go on top, the first on top.  Without
        merges, lanes that all go one way just go; others replace the
        entry with the sides."""
        b = self.body
        merges = [self.key_of(m) for m in self.st.merges.get(block, ()) if m is not None]
        keys = [(self.key_of(self.st.edge(block, t)) if t in self.first_segment else self.first_segment[t], bits)
                for t, bits in sides]
        if not merges or not self.st.structured:
            # One side with every lane: straight there.
            for key, bits in keys:
                others = [x for k2, x in keys if x is not bits]
                if not others:
                    continue
                rest = others[0]
                for x in others[1:]:
                    rest = b.op(f"or {self.sw} {rest}, {x}")
                alone = self._bits_zero(rest)
                go, nxt = b.label_name("go"), b.label_name("more")
                b.cbr(alone, go, nxt)
                b.label(go)
                self._goto(key)
                b.label(nxt)
        # (Several sides have lanes, or the branch has merges.)
        sp = b.op(f"sub i32 {self.sp}, 1")          # the running entry is replaced
        for m in merges:
            self._put(sp, m, 0, self.sw_zero)
            sp = b.op(f"add i32 {sp}, 1")
        for key, bits in reversed(keys):
            self._put(sp, key, 0, bits)
            nz = self._bits_zero(bits, negate=True)
            sp = b.op(f"add i32 {sp}, {b.op(f'zext i1 {nz} to i32')}")
        full = b.op(f"icmp ugt i32 {sp}, {self.stack_depth - 4}")
        self.fail_if(full, self.error("the wave's stack of divergent branches is full", None))
        b.store("i32", sp, "%frame", 4)
        if any(self._special(key) for key, _ in keys):
            b.br("dispatch")
            return
        # No lanes wait at any side: the first side with lanes (on top)
        # starts at once.
        top = self._entry_ptr(b.op(f"sub i32 {sp}, 1"))
        b.store("i32", "1", b.gep(top, self.STARTED), 4)
        for key, bits in keys[:-1]:
            nz = self._bits_zero(bits, negate=True)
            nxt = b.label_name("side")
            b.cbr(nz, f"s{key}" if key > self.seg.index else self._back_to(key), nxt)
            b.label(nxt)
        last = keys[-1][0]
        b.br(f"s{last}" if last > self.seg.index else self._back_to(last))

    def _back_to(self, key: int) -> str:
        """A label that polls the watchdog's flag, then goes to segment
        `key` (a jump back)."""
        b = self.body
        here = b.current
        label = b.label_name("back")
        saved = b.lines
        b.lines = []
        b.label(label)
        self._poll(self.term_line)
        b.br(f"s{key}")
        self.pending_blocks.append(b.lines)
        b.lines = saved
        b.current = here
        return label

    def _goto(self, target: int) -> None:
        """Continue with the same lanes at stack key `target`: through the
        dispatcher where an entry may wait there or a loop starts, else
        straight to its segment."""
        b = self.body
        loop = self._loop_step(target)
        if loop is not None:
            # What the dispatcher would do there (its `d.iter` or `d.enter`),
            # done here: a loop's next iteration or its start.
            kind, seg, cont, merge, after = loop
            if kind == "iter":
                self._poll(self.term_line)
            lanes = b.load(self.sw, b.gep(self.top, self.LANES), 8)
            below = b.op(f"sub i32 {self.sp}, 1")
            at = below
            if kind == "enter":
                # As the dispatcher's `d.enter`: where the loop's threads
                # meet after it (past its merge), its merge, then the end of
                # the first iteration.
                for wait in (after, merge):
                    if wait is not None:
                        self._put(at, wait, 0, self.sw_zero)
                        at = b.op(f"add i32 {at}, 1")
            self._put(at, cont, 0, self.sw_zero)
            nxt = b.op(f"add i32 {at}, 1")
            self._put(nxt, seg, 1, lanes)
            new_sp = b.op(f"add i32 {nxt}, 1")
            if kind == "enter":
                full = b.op(f"icmp ugt i32 {new_sp}, {self.stack_depth - 4}")
                self.fail_if(full, self.error("the wave's stack of divergent branches is full", None))
            b.store("i32", new_sp, "%frame", 4)
            b.br(f"s{seg}" if kind == "enter" or seg > self.seg.index else self._back_to(seg))
            return
        b.store("i32", str(target), b.gep(self.top, self.KEY), 4)
        if self._special(target):
            b.store("i32", "0", b.gep(self.top, self.STARTED), 4)      # come to its place, not started
            if target <= self.seg.index or target >= self.NONE + 1 + len(self.missing):
                self._poll(self.term_line)                   # a jump back: where a timeout stops it
            b.br("dispatch")
            return
        if target > self.seg.index and target not in self.missing.values():
            b.br(f"s{target}")
            return
        # A jump back (a loop the constructs do not know: irreducible code):
        # the watchdog's flag first.
        self._poll(self.term_line)
        b.br(f"s{target}")

    def _loop_step(self, target: int) -> tuple | None:
        """("iter" or "enter", the header's segment, its continue key, its
        merge key, the key where its threads meet past the merge) when lanes
        coming to `target` start a loop's next iteration or the loop (no
        entry can wait there), else None."""
        if target in self.waitable:
            return None
        for h in sorted(self.loop_keys):
            seg, cont, merge = self.loop_keys[h]
            if target == self.next_key[h]:
                return ("iter", seg, cont, merge, self.loop_after[h])
            if target == seg:
                return ("enter", seg, cont, merge, self.loop_after[h])
        return None

    def _poll(self, line: int | None = None) -> None:
        """Stop here when the dispatch is stopped (an error elsewhere, the
        watchdog); a jump back also leaves its IR line (the watchdog's
        error names the loop that was running)."""
        b = self.body
        stop = b.op("load atomic i32, ptr %ctx monotonic, align 4")
        stopped = b.op(f"icmp ne i32 {stop}, 0")
        go = b.label_name("go")
        if line:
            b.store("i32", str(line), b.gep("%frame", F_LINE), 4)
        b.cbr(stopped, "stopped", go)
        b.label(go)

    def _switch_masks(self, ins: R.Instruction, p: Parsed) -> tuple[list[str], dict[str, str]]:
        """A switch's targets in the order they run (`_switch_labels`) and
        each one's lanes; their phis take their values."""
        b = self.body
        cond = self.arg(p.operands[0])
        vt = b.vt(cond.ty)
        masks: dict[str, str] = {}
        matched = "zeroinitializer"
        default = ins.targets[0]
        for value, label in p.extra:
            hit = b.op(f"icmp eq {vt} {cond.v}, splat ({cond.ty} {llvm_const(cond.ty, value)})")
            hit = b.op(f"and {b.mt} {hit}, {self.mask}")
            matched = b.op(f"or {b.mt} {matched}, {hit}")
            if label not in masks:
                masks[label] = hit
            else:
                masks[label] = b.op(f"or {b.mt} {masks[label]}, {hit}")
        rest = b.op(f"xor {b.mt} {self.mask}, {matched}")
        if default in masks:
            masks[default] = b.op(f"or {b.mt} {masks[default]}, {rest}")
        else:
            masks[default] = rest
        labels = self._switch_labels(ins, p)
        for label in labels:
            self.define_phi_edges(label, masks[label])
        return labels, masks

    def _switch_labels(self, ins: R.Instruction, p: Parsed) -> list[str]:
        """The cases run in the order of their blocks (one falling through
        finds the next still waiting)."""
        labels = list(dict.fromkeys([label for _, label in p.extra] + [ins.targets[0]]))
        order = {blk.name: k for k, blk in enumerate(self.fn.blocks)}
        labels.sort(key=lambda lbl: order.get(lbl, 0))
        return labels

    def _switch(self, ins: R.Instruction, p: Parsed) -> None:
        b = self.body
        labels, masks = self._switch_masks(ins, p)
        self._split(self.seg.block.name, [(label, b.mask_bits(masks[label])) for label in labels])

    def _ret(self) -> None:
        """These lanes are done: the entry ends (entries waiting below
        gather only the lanes that come to them)."""
        b = self.body
        b.store("i32", b.op(f"sub i32 {self.sp}, 1"), "%frame", 4)
        b.br("dispatch")

    # -- the group --------------------------------------------------------------

    def _group_function(self) -> str:
        """@group: one block (`Plan`: k groups, in `units` vectors): its
        groupshared memory zeroed, each vector's frame initialised (its
        lanes: the threads the block has), then rounds: every vector that is
        not done runs to its next synchronisation point, the group's
        operations at that point run, until every vector is done."""
        W = self.W
        plan = self.plan
        lines = []
        emit = lines.append
        nw = self.waves
        frame = align(self.frame_size, 64)
        MW = W
        if self.together:
            # One frame: the stack, then each vector's slots.
            self.unit_stride = align(self.frame_size - self.unit_base, 64)
            frame = self.unit_base + plan.units * self.unit_stride
            nw, MW = 1, self.MW
        self.frame_bytes = frame
        if self.shared_stride != align(max(self.group_size_bytes, 1), 64):
            raise RunError("the groupshared memory grew after it was laid out (a bug in the JIT)")
        shared = self.shared_stride * plan.k
        self.worker_bytes = shared + nw * frame
        init_len = self.frame_init - self.init_start
        template = self._frame_template()
        emit(f"@frame.init = private unnamed_addr constant [{len(template)} x i8] c\"{_bytes_text(template)}\", "
             f"align 16")
        # Each vector's lanes that are threads of the block (all its groups there).
        masks = []
        for u in range(nw):
            m = 0
            for lane in range(MW):
                at = u * MW + lane
                if at < plan.k * plan.padded and at % plan.padded < self.group_size:
                    m |= 1 << lane
            masks.append(m)
        emit(f"@unit.masks = private unnamed_addr constant [{nw} x i{MW}] [" +
             ", ".join(f"i{MW} {_signed(m, MW)}" for m in masks) + "], align 16")
        emit("define internal fastcc i32 @group(ptr noalias %ctx, ptr noalias %mem, i32 %block) {")
        emit("entry:")
        emit(f"  %dxp = getelementptr i8, ptr %ctx, i64 {CTX_DIMS}")
        emit("  %dx = load i32, ptr %dxp, align 4")
        emit(f"  %dyp = getelementptr i8, ptr %ctx, i64 {CTX_DIMS + 4}")
        emit("  %dy = load i32, ptr %dyp, align 4")
        emit(f"  %group = mul i32 %block, {plan.k}")
        emit("  %gx = urem i32 %group, %dx")
        emit("  %gq = udiv i32 %group, %dx")
        emit("  %gy = urem i32 %gq, %dy")
        emit("  %gz = udiv i32 %gq, %dy")
        if plan.k > 1:
            # The ids of the block's groups, for the vectors' lanes; and how
            # many of them the dispatch has.
            emit(f"  %gids = alloca [{3 * plan.k} x i32], align 16")
            emit("  br label %ids")
            emit("ids:")
            emit("  %j = phi i32 [ 0, %entry ], [ %j1, %ids ]")
            emit("  %gj = add i32 %group, %j")
            emit("  %gjx = urem i32 %gj, %dx")
            emit("  %gjq = udiv i32 %gj, %dx")
            emit("  %gjy = urem i32 %gjq, %dy")
            emit("  %gjz = udiv i32 %gjq, %dy")
            for c, v in enumerate(("%gjx", "%gjy", "%gjz")):
                emit(f"  %gi{c} = add i32 %j, {c * plan.k}")
                emit(f"  %gp{c} = getelementptr i32, ptr %gids, i32 %gi{c}")
                emit(f"  store i32 {v}, ptr %gp{c}, align 4")
            emit("  %j1 = add i32 %j, 1")
            emit(f"  %jm = icmp ult i32 %j1, {plan.k}")
            emit("  br i1 %jm, label %ids, label %idsdone")
            emit("idsdone:")
            emit(f"  %ngp = getelementptr i8, ptr %ctx, i64 {CTX_GROUPS}")
            emit("  %ng = load i32, ptr %ngp, align 4")
            emit("  %left = sub i32 %ng, %group")
            emit(f"  %few = icmp ult i32 %left, {plan.k}")
            emit(f"  %valid = select i1 %few, i32 %left, i32 {plan.k}")
            emit(f"  %vlanes = mul i32 %valid, {plan.padded}")
            emit(f"  %vall = icmp uge i32 %vlanes, {W}")
            if W == 32:
                emit("  %vl = add i32 %vlanes, 0")
            else:
                emit(f"  %vl = {'zext' if W > 32 else 'trunc'} i32 %vlanes to i{W}")
            emit(f"  %vbit = shl i{W} 1, %vl")
            emit(f"  %vm1 = sub i{W} %vbit, 1")
            emit(f"  %vmask = select i1 %vall, i{W} -1, i{W} %vm1")
            after_ids = "idsdone"
        else:
            emit("  %gids = getelementptr i8, ptr null, i64 0")
            emit(f"  %vmask = add i{MW} -1, 0")
            after_ids = "entry"
        if self.group_size_bytes:
            emit(f"  call void @llvm.memset.p0.i64(ptr align 64 %mem, i8 0, i64 {shared}, i1 false)")
        emit("  br label %init")
        emit("init:")
        emit(f"  %w = phi i32 [ 0, %{after_ids} ], [ %w1, %init ]")
        emit("  %w64 = zext i32 %w to i64")
        emit(f"  %fo = mul i64 %w64, {frame}")
        emit(f"  %fo1 = add i64 %fo, {shared}")
        emit("  %fr = getelementptr i8, ptr %mem, i64 %fo1")
        emit(f"  call void @llvm.memcpy.p0.p0.i64(ptr align 64 %fr, ptr align 16 @frame.init, i64 {len(template)}, "
             "i1 false)")
        if self.together and self.group_zeroed:
            emit(f"  %gsl = getelementptr i8, ptr %fr, i64 {self.group_slots}")
            emit(f"  call void @llvm.memset.p0.i64(ptr align 64 %gsl, i8 0, i64 {self.group_zeroed}, i1 false)")
        if init_len > 0:
            for u in range(plan.units if self.together else 1):
                at = self.init_start + (u * self.unit_stride if self.together else 0)
                emit(f"  %pr{u} = getelementptr i8, ptr %fr, i64 {at}")
                emit(f"  call void @llvm.memcpy.p0.p0.i64(ptr align 64 %pr{u}, ptr align 16 @private.init, "
                     f"i64 {init_len}, i1 false)")
        emit(f"  %mp = getelementptr i{MW}, ptr @unit.masks, i32 %w")
        emit(f"  %mf = getelementptr i8, ptr %fr, i64 {F_STACK + self.LANES}")
        if self.together:
            emit(f"  %um1 = load {self.sw}, ptr %mp, align 8")
            emit(f"  store {self.sw} %um1, ptr %mf, align 8")
        else:
            emit(f"  %um = load i{MW}, ptr %mp, align {max(min(MW, 128) // 8, 1)}")
            emit(f"  %um1 = and i{MW} %um, %vmask")
            emit(f"  store i{MW} %um1, ptr %mf, align 8")
        emit("  %w1 = add i32 %w, 1")
        emit(f"  %more = icmp ult i32 %w1, {nw}")
        emit("  br i1 %more, label %init, label %round")
        emit("round:")
        emit("  br label %wl")
        emit("wl:")
        emit("  %i = phi i32 [ 0, %round ], [ %i1, %wnext ]")
        emit("  %susp = phi i1 [ false, %round ], [ %susp1, %wnext ]")
        emit("  %i64 = zext i32 %i to i64")
        emit(f"  %o = mul i64 %i64, {frame}")
        emit(f"  %o1 = add i64 %o, {shared}")
        emit("  %f = getelementptr i8, ptr %mem, i64 %o1")
        emit(f"  %stp = getelementptr i8, ptr %f, i64 {F_STATUS}")
        emit("  %st = load i32, ptr %stp, align 4")
        emit(f"  %isdone = icmp eq i32 %st, {DONE}")
        emit("  br i1 %isdone, label %wnext0, label %wrun")
        emit("wrun:")
        emit("  %r = call fastcc i32 @wave(ptr %ctx, ptr %mem, ptr %f, i32 %group, i32 %i, i32 %gx, i32 %gy, i32 %gz, "
             "ptr %gids)")
        emit(f"  %failed = icmp eq i32 %r, {FAILED}")
        emit("  br i1 %failed, label %fail, label %wok")
        emit("wok:")
        emit("  store i32 %r, ptr %stp, align 4")
        emit(f"  %s1 = icmp eq i32 %r, {SUSPENDED}")
        emit("  br label %wnext")
        emit("wnext0:")
        emit("  br label %wnext")
        emit("wnext:")
        emit("  %sx = phi i1 [ %s1, %wok ], [ false, %wnext0 ]")
        emit("  %susp1 = or i1 %susp, %sx")
        emit("  %i1 = add i32 %i, 1")
        emit(f"  %wm = icmp ult i32 %i1, {nw}")
        emit("  br i1 %wm, label %wl, label %after")
        emit("after:")
        emit("  br i1 %susp1, label %sync, label %done")
        emit("sync:")
        for fname in getattr(self, "group_ops", []):
            emit(f"  %g.{fname} = call fastcc i32 @{fname}(ptr %ctx, ptr %mem, i32 %group)")
        emit("  br label %round")
        emit("done:")
        emit("  ret i32 0")
        emit("fail:")
        emit(f"  ret i32 {FAILED}")
        emit("}")
        if init_len > 0:
            data = self._private_template()
            lines.insert(0, f"@private.init = private unnamed_addr constant [{len(data)} x i8] "
                            f"c\"{_bytes_text(data)}\", align 16")
        return "\n".join(lines)

    def _frame_template(self) -> bytes:
        """The frame's header and first stack entry as a wave starts: at the
        entry block, every lane."""
        out = bytearray(F_STACK + self.entry_size)
        out[F_SP:F_SP + 4] = (1).to_bytes(4, "little")
        e = F_STACK
        out[e + self.KEY:e + self.KEY + 4] = (0).to_bytes(4, "little")
        out[e + self.STARTED:e + self.STARTED + 4] = (0).to_bytes(4, "little")   # the entry block, not started
        n = max(self.MW // 8, 1)
        out[e + self.LANES:e + self.LANES + n] = ((1 << self.MW) - 1).to_bytes(n, "little")
        return bytes(out)

    def _private_template(self) -> bytes:
        """Promoted allocas (zero) and private memory: zero, or a static's
        initializer in every lane (words interleaved by lane)."""
        W = self.W
        out = bytearray(self.frame_init - self.init_start)
        for root in self.roots.values():
            if root.kind == "private" and root.init:
                data = np.frombuffer(root.init + b"\0" * (-len(root.init) % 4), dtype=np.uint32)
                laid = np.repeat(data, W)
                start = root.offset - self.init_start
                out[start:start + laid.nbytes] = laid.tobytes()
        return bytes(out)


# dx.ops whose values are made again in each segment that uses them.
_REMAT = {"ThreadId", "ThreadIdInGroup", "FlattenedThreadIdInGroup", "GroupId"}

# dx.ops the group mode may run once for the group (with operands of one
# value for the group): constant-buffer reads, buffer sizes, and the
# `readnone` operations but those of a thread.
_HOIST_OPS = {"CBufferLoadLegacy", "CBufferLoad", "GetDimensions"}
_LANE_OPS = {"ThreadId", "ThreadIdInGroup", "FlattenedThreadIdInGroup", "DerivCoarseX", "DerivCoarseY",
             "DerivFineX", "DerivFineY", "LoadInput", "OutputControlPointID", "WaveGetLaneCount",
             "AnnotateHandle", "CreateHandleFromBinding", "CreateHandleFromHeap"}


def _uniform_shape(s: Any) -> bool:
    if isinstance(s, tuple):
        return all(_uniform_shape(x) for x in s)
    return s == 0 and not isinstance(s, bool)


def observes_waves(fn: R.Function) -> bool:
    """Whether the entry can tell waves apart: a wave or quad operation, or
    a matrix of Wave or ThreadGroup scope (an entry that cannot runs its
    groups in wider vectors, `execution_width`)."""
    for ins in fn.instructions():
        if ins.opcode != "call" or not (ins.callee or "").startswith("@dx.op."):
            continue
        opcode = ins.args[0].const if ins.args else None
        o = next((x for x in ir_ops.by_function(ins.callee[1:]) if x.opcode == opcode), None)
        if o is None:
            continue
        if o.name.startswith(("Wave", "Quad")):
            return True
        if o.name in ("CreateMatrix", "MatrixOuterProduct"):
            scope = ins.args[5 if o.name == "CreateMatrix" else 4].const if len(ins.args) > 5 else None
            if scope != 0:
                return True
        if o.name in ("MatrixLoadFromThreads", "MatrixExtractToThreads"):
            return True
    return False


# The spellings of a constant whose bytes are all zero (or undefined, read as
# zero as `constant_value` reads them).
_ZEROS = ("undef", "poison", "zeroinitializer", "null")


def _reachable(succ: dict, start: str, stop: set) -> set:
    """The blocks reached from `start` (itself included) without entering
    `stop`."""
    seen = {start}
    work = [start]
    while work:
        for t in succ.get(work.pop(), ()):
            if t not in seen and t not in stop:
                seen.add(t)
                work.append(t)
    return seen


LOCKSTEP_LANES = 512

# The most memory a vector's frame (or a groupshared or constant array) may
# take in the JIT.
FRAME_LIMIT = 256 << 20


def order_sensitive(fn: R.Function) -> bool:
    """Whether the entry's results may depend on the order in which its
    threads' atomics run: an atomic or counter whose old value is used, an
    exchange, or atomics of more than one kind (an add and a max of one
    place do not commute)."""
    used = {u for ins in fn.instructions() for u in ins.uses}
    kinds: set = set()
    for ins in fn.instructions():
        if ins.opcode in ("atomicrmw", "cmpxchg"):
            kind = ins.text.split("atomicrmw", 1)[1].split()[0] if ins.opcode == "atomicrmw" else "cmpxchg"
            if kind in ("xchg", "cmpxchg") or ins.result in used:
                return True
            kinds.add(kind)
            continue
        if ins.opcode != "call" or not (ins.callee or "").startswith("@dx.op."):
            continue
        opcode = ins.args[0].const if ins.args else None
        o = next((x for x in ir_ops.by_function(ins.callee[1:]) if x.opcode == opcode), None)
        if o is None:
            continue
        if o.name in ("AtomicCompareExchange", "BufferUpdateCounter") and (o.name != "BufferUpdateCounter"
                                                                            or ins.result in used):
            return True
        if o.name == "AtomicBinOp":
            kind = ins.args[2].const if len(ins.args) > 2 else None
            if kind is None or kind == 8 or ins.result in used:       # AtomicBinOpCode Exchange: 8
                return True
            kinds.add(("dx", kind))
    return len(kinds) > 1


def _group_matrices(fn: R.Function) -> bool:
    """Whether the entry makes ThreadGroup-scope matrices."""
    for ins in fn.instructions():
        if ins.opcode != "call" or not (ins.callee or "").startswith("@dx.op."):
            continue
        opcode = ins.args[0].const if ins.args else None
        o = next((x for x in ir_ops.by_function(ins.callee[1:]) if x.opcode == opcode), None)
        if o is not None and o.name in ("CreateMatrix", "MatrixOuterProduct"):
            scope = ins.args[5 if o.name == "CreateMatrix" else 4].const if len(ins.args) > 5 else None
            if scope == 2:
                return True
    return False


def _pow2(n: int, low: int = 4) -> int:
    p = low
    while p < n:
        p *= 2
    return p


_TRAITS: dict[int, tuple] = {}


def function_traits(fn: R.Function) -> tuple[bool, bool, bool]:
    """(`observes_waves`, `order_sensitive`, `_group_matrices`) of an entry,
    computed once per function read (a dispatch run again does not scan
    its instructions again)."""
    found = _TRAITS.get(id(fn))
    if found is None or found[0] is not fn:
        if len(_TRAITS) >= 64:
            _TRAITS.clear()
        found = _TRAITS[id(fn)] = (fn, (observes_waves(fn), order_sensitive(fn), _group_matrices(fn)))
    return found[1]


def choose_plan(fn: R.Function, wave_size: int, threads: tuple[int, int, int], groups: int,
                widest: int = 32) -> Plan:
    """How to lay the dispatch into vectors (`Plan`).  A small dispatch (at
    most LOCKSTEP_LANES lanes) whose atomics depend on their order
    (`order_sensitive`) runs whole in one vector, one lockstep, as the
    interpreter runs every dispatch: its atomics then meet in the
    interpreter's order (wide vectors cost LLVM time, so only then).
    Otherwise a ThreadGroup-scope matrix's operations run once per group:
    a group in one vector; else a vector a wave (an entry that can tell
    waves apart), else `widest` threads a vector (several small groups in
    one)."""
    group = threads[0] * threads[1] * threads[2]
    observes, ordered, matrices = function_traits(fn)
    ws = wave_size if observes else min(widest, _pow2(group))
    padded = -(-group // ws) * ws
    if groups * padded <= LOCKSTEP_LANES and ordered:
        return Plan(max(ws, _pow2(groups * padded)), ws, group, groups)
    if matrices:
        width = max(ws, _pow2(padded))
        return Plan(width, ws, group, width // padded)
    if observes or padded >= widest:
        width = ws if observes else widest
        together = not observes and os.environ.get("HLSLC_JIT_GROUP_MODE", "1") != "0"
        return Plan(width, ws, group, 1, together)
    return Plan(widest, ws, group, widest // padded)


_NUMPY_FLOATS = {"half": np.float16, "float": np.float32, "double": np.float64}


def _fold_float(op: str, ty: str, x: Any, y: Any) -> Any:
    """`x op y` of two constants as the interpreter computes it."""
    dt = _NUMPY_FLOATS[ty]
    a, b = np.array([x], dtype=dt), np.array([y], dtype=dt)
    tiny = np.finfo(np.float32).tiny
    if ty == "float":
        a = np.where(np.abs(a) < tiny, np.copysign(np.float32(0), a), a).astype(np.float32)
        b = np.where(np.abs(b) < tiny, np.copysign(np.float32(0), b), b).astype(np.float32)
    with np.errstate(all="ignore"):
        r = {"fadd": np.add, "fsub": np.subtract, "fmul": np.multiply, "fdiv": np.divide,
             "frem": np.fmod}[op](a, b).astype(dt)
    if ty == "float":
        r = np.where(np.abs(r) < tiny, np.copysign(np.float32(0), r), r).astype(np.float32)
    return r[0]


def _signed(value: int, bits: int) -> int:
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >= 1 << (bits - 1) else value


def _suffix(ty: str) -> str:
    return {"half": "f16", "float": "f32", "double": "f64"}.get(ty, ty)


def _bytes_text(data: bytes) -> str:
    return "".join(chr(c) if 32 <= c < 127 and c not in (34, 92) else "\\%02X" % c for c in data)


_WORKER = f"""define i32 @hlslc_worker(ptr %ctx, ptr %mem) noinline {{
entry:
  %np = getelementptr i8, ptr %ctx, i64 {CTX_NEXT}
  %gp = getelementptr i8, ptr %ctx, i64 {CTX_BLOCKS}
  %cp = getelementptr i8, ptr %ctx, i64 {CTX_CHUNK}
  %n = load i32, ptr %gp, align 4
  %chunk = load i32, ptr %cp, align 4
  br label %loop
loop:
  %stop = load atomic i32, ptr %ctx monotonic, align 4
  %stopped = icmp ne i32 %stop, 0
  br i1 %stopped, label %out, label %take
take:
  %g0 = atomicrmw add ptr %np, i32 %chunk monotonic
  %more = icmp ult i32 %g0, %n
  br i1 %more, label %range, label %out
range:
  %e0 = add i32 %g0, %chunk
  %big = icmp ugt i32 %e0, %n
  %end = select i1 %big, i32 %n, i32 %e0
  br label %run
run:
  %g = phi i32 [ %g0, %range ], [ %g1, %next ]
  %r = call fastcc i32 @group(ptr %ctx, ptr %mem, i32 %g)
  %bad = icmp ne i32 %r, 0
  br i1 %bad, label %fail, label %next
next:
  %g1 = add i32 %g, 1
  %inrange = icmp ult i32 %g1, %end
  br i1 %inrange, label %run, label %loop
fail:
  store atomic i32 1, ptr %ctx monotonic, align 4
  ret i32 %r
out:
  ret i32 0
}}

; `n` workers: n - 1 native threads (pthread_create and pthread_join, whose
; addresses the caller passes) and the calling thread; worker k's memory at
; mem + k * stride. A thread that cannot be made leaves its share to the
; others (workers take groups from a shared counter).
define internal ptr @hlslc_thread(ptr %a) {{
entry:
  %ctx = load ptr, ptr %a, align 8
  %mp = getelementptr i8, ptr %a, i64 8
  %mem = load ptr, ptr %mp, align 8
  %r = call i32 @hlslc_worker(ptr %ctx, ptr %mem)
  ret ptr null
}}

define i32 @hlslc_run(ptr %ctx, ptr %mem, i64 %stride, i32 %n, ptr %create, ptr %join, ptr %scratch) {{
entry:
  ; (the caller's scratch: n thread ids, then n pairs of pointers; no
  ; dynamic alloca beside the workers' over-aligned frames)
  %tids = getelementptr i8, ptr %scratch, i64 0
  %n64 = zext i32 %n to i64
  %argoff = mul i64 %n64, 8
  %args = getelementptr i8, ptr %scratch, i64 %argoff
  %many = icmp ugt i32 %n, 1
  br i1 %many, label %spawn, label %self
spawn:
  %k = phi i32 [ 1, %entry ], [ %k1, %spawn ]
  %k64 = zext i32 %k to i64
  %off = mul i64 %k64, %stride
  %mk = getelementptr i8, ptr %mem, i64 %off
  %ak = getelementptr [2 x ptr], ptr %args, i64 %k64
  store ptr %ctx, ptr %ak, align 8
  %ak1 = getelementptr i8, ptr %ak, i64 8
  store ptr %mk, ptr %ak1, align 8
  %tk = getelementptr i64, ptr %tids, i64 %k64
  %rc = call i32 %create(ptr %tk, ptr null, ptr @hlslc_thread, ptr %ak)
  %failed = icmp ne i32 %rc, 0
  %tv = load i64, ptr %tk, align 8
  %tv2 = select i1 %failed, i64 0, i64 %tv
  store i64 %tv2, ptr %tk, align 8
  %k1 = add i32 %k, 1
  %again = icmp ult i32 %k1, %n
  br i1 %again, label %spawn, label %self
self:
  %r = call i32 @hlslc_worker(ptr %ctx, ptr %mem)
  br i1 %many, label %wait, label %done
wait:
  %j = phi i32 [ 1, %self ], [ %j1, %waited ]
  %j64 = zext i32 %j to i64
  %tj = getelementptr i64, ptr %tids, i64 %j64
  %t = load i64, ptr %tj, align 8
  %made = icmp ne i64 %t, 0
  br i1 %made, label %dojoin, label %waited
dojoin:
  %jr = call i32 %join(i64 %t, ptr null)
  br label %waited
waited:
  %j1 = add i32 %j, 1
  %more = icmp ult i32 %j1, %n
  br i1 %more, label %wait, label %done
done:
  ret i32 %r
}}

define void @hlslc.fail(ptr %ctx, i32 %code) noinline cold {{
  %ep = getelementptr i8, ptr %ctx, i64 {CTX_ERROR}
  %r = cmpxchg ptr %ep, i32 0, i32 %code monotonic monotonic
  store atomic i32 1, ptr %ctx monotonic, align 4
  ret void
}}

define void @hlslc.fail.detail(ptr %ctx, i32 %code, i64 %detail) noinline cold {{
  %ep = getelementptr i8, ptr %ctx, i64 {CTX_ERROR}
  %r = cmpxchg ptr %ep, i32 0, i32 %code monotonic monotonic
  %ok = extractvalue {{ i32, i1 }} %r, 1
  br i1 %ok, label %set, label %out
set:
  %dp = getelementptr i8, ptr %ctx, i64 {CTX_DETAIL}
  store i64 %detail, ptr %dp, align 8
  br label %out
out:
  store atomic i32 1, ptr %ctx monotonic, align 4
  ret void
}}"""
