"""What the JIT knows before running of how an integer value varies across
the lanes of a vector: its *shape*, an affine step (lane l holds
base + l * step for the active lanes; 0: one value in every active lane) or
nothing known.  The translation keeps a value's linear form (`Lanes.lin`)
while it computes it; a value that lives across segments is read back from
its slot as a plain vector, and a shape gives its linear form back there
(the base from the first active lane), so a loop counter or a thread id
read after a barrier still indexes memory as one vector access.

The analysis, to a fixed point from the optimistic start (every value
uniform until shown otherwise):

* Sources: constants and globals (uniform); the thread ids, with the step
  the vector's layout gives them (`Compiler` passes them); the group id
  (uniform when a vector holds one group); constant-buffer loads and
  `readnone` operations of uniform operands (uniform); buffer loads at a
  uniform address (uniform within a vector: one place read by every lane
  at once); everything else (atomics, wave operations, ...) unknown.
* Arithmetic: add and sub add steps, a multiplication or left shift by a
  constant scales one, other operations of uniform operands are uniform.
* Divergence: a branch (or switch) whose condition is not uniform
  diverges; its region is what its successors reach before its immediate
  post-dominator (where the stack of masks has joined its lanes again).
  A local variable kept in slots (an alloca of whole loads and stores)
  has the meet of what is stored to each scalar, and none where a store
  lies in a divergent region (lanes that did not store hold older
  values); a value read from its slot in a later segment keeps its shape
  only when defined outside every divergent region (lanes leave a loop
  at different iterations); a phi where divergent lanes join has none.

`level` "group" asks the stronger question (one value for every thread of
the group, as the `Compiler`'s group mode hoists such values out of its
loop over a group's vectors): thread ids and memory other than constants
are then unknown.

Owns: `Shapes`.  Does not own: the translation (`compiler`).
"""

from __future__ import annotations

from typing import Any

from ...dxil import reader as R
from ...dxil.cfg import CFG, dominates, immediate_post_dominators
from .base import scalar_leaves, stride

TOP = "top"     # not computed yet (optimistic)

# dx.ops whose result is uniform when their operands are (besides the
# `readnone` ones), and the readnone ones that are not.
_UNIFORM_READS = {"CBufferLoad", "CBufferLoadLegacy", "GetDimensions"}
_LANE_READS = {"BufferLoad", "RawBufferLoad", "RawBufferVectorLoad"}     # uniform within a vector
_NOT_UNIFORM = {"ThreadId", "ThreadIdInGroup", "FlattenedThreadIdInGroup", "GroupId", "DerivCoarseX",
                "DerivCoarseY", "DerivFineX", "DerivFineY", "LoadInput", "OutputControlPointID",
                "WaveGetLaneCount", "CreateHandle", "CreateHandleFromBinding", "CreateHandleFromHeap",
                "AnnotateHandle", "CreateHandleForLib"}


def read_before_written(cg: Any) -> set[tuple[str, int]]:
    """The kept scalars of locals (root, offset) that some load may read
    before any store has written them on its way (they read the zero the
    frame starts with): every scalar but those whose every load comes after
    one of its stores (in the block, or in a dominating block)."""
    try:
        return Shapes(cg, {}, level="sites").zero_read
    except (KeyError, ValueError, IndexError, TypeError, AttributeError):
        return {key for name, root in cg.roots.items() if root.kind == "cells" for key in
                ((name, off) for off in root.cells)}


def meet(a: Any, b: Any) -> Any:
    if a == TOP:
        return b
    if b == TOP:
        return a
    if isinstance(a, tuple) or isinstance(b, tuple):
        n = len(a) if isinstance(a, tuple) else len(b)
        if isinstance(a, tuple) and isinstance(b, tuple) and len(a) != len(b):
            return None
        return tuple(meet(part(a, k), part(b, k)) for k in range(n))
    return a if a == b else None


def part(s: Any, k: int) -> Any:
    """The shape of element `k` of an aggregate of shape `s`."""
    if isinstance(s, tuple):
        return s[k] if k < len(s) else None
    return s


def uniform(s: Any) -> bool:
    if isinstance(s, tuple):
        return all(uniform(x) for x in s)
    return s == 0 or s == TOP


def _aggregate_count(t: Any) -> int | None:
    if t is None:
        return None
    if t.kind in ("vector", "array"):
        return t.count
    if t.kind == "struct":
        return len(t.fields)
    return None


class Shapes:
    """The shapes of a function's values (`value(name)`), read-back slots
    (`slot(name)`) and kept scalars of local variables (`cell(root, off)`)
    for a vector layout: `ids` maps ("ThreadId" | "ThreadIdInGroup", c),
    ("FlattenedThreadIdInGroup", 0) and ("GroupId", c) to a step or None."""

    def __init__(self, cg: Any, ids: dict, level: str = "lanes") -> None:
        self.cg = cg
        self.ids = ids
        self.level = level
        self.values: dict[str, Any] = {}
        self.cells: dict[tuple[str, int], Any] = {}
        self.divergent_blocks: set[str] = set()      # inside a divergent branch's region
        self.join_preds: set[str] = set()            # ... and the branches themselves
        self.ok = False
        if level == "sites":
            # (only the stores and loads of locals: `read_before_written`)
            self.cfg = CFG(cg.fn)
            self._cell_sites()
            return
        try:
            self._run()
            self.ok = True
        except (KeyError, ValueError, IndexError, TypeError, AttributeError):
            self.values, self.cells, self.ok = {}, {}, False

    # -- answers ------------------------------------------------------------------

    def value(self, name: str) -> Any:
        s = self.values.get(name) if self.ok else None
        return None if s == TOP else s

    def slot(self, name: str) -> Any:
        """The shape of a value read back from its slot in another segment."""
        if not self.ok:
            return None
        ins = self.defs.get(name)
        if ins is None:
            return None
        if ins.opcode != "phi" and ins.block.name in self.divergent_blocks:
            return None
        return self.value(name)

    def cell(self, root: str, off: int) -> Any:
        s = self.cells.get((root, off)) if self.ok else None
        return None if s == TOP else s

    # -- the analysis ---------------------------------------------------------------

    def _run(self) -> None:
        cg = self.cg
        fn = cg.fn
        if not cg.st.structured:
            raise ValueError("unstructured")
        self.defs = {ins.result: ins for ins in fn.instructions() if ins.result is not None}
        cfg = CFG(fn)
        self.cfg = cfg
        self.order = [fn.block(n) for n in cfg.reverse_post_order()]
        self.ipdom = immediate_post_dominators(cfg.names, cfg.succ)
        self._cell_sites()
        for _ in range(64):
            before = (dict(self.values), dict(self.cells), set(self.divergent_blocks))
            self.join_preds = set(self.join_preds)
            for blk in self.order:
                for ins in blk.instructions:
                    if ins.result is not None:
                        self.values[ins.result] = self._transfer(ins)
            self._update_cells()
            self._update_divergence()
            if (self.values, self.cells, self.divergent_blocks) == before:
                return
        raise ValueError("no fixed point")

    def _cell_sites(self) -> None:
        """The stores of each kept scalar of a local variable, and whether
        every load of it comes after a store (else it reads the zero the
        frame starts with)."""
        cg = self.cg
        self.stores: dict[tuple[str, int], list[tuple[R.Instruction, Any, int]]] = {}
        loads: dict[tuple[str, int], list[R.Instruction]] = {}
        for ins in cg.fn.instructions():
            if ins.opcode not in ("load", "store"):
                continue
            p = cg.parsed[id(ins)]
            ptr = p.operands[0 if ins.opcode == "load" else 1].value
            name = cg.base_of.get(ptr)
            root = cg.roots.get(name) if name is not None else None
            if root is None or root.kind != "cells":
                continue
            off = cg.const_off.get(ptr) or 0
            t = cg.mtype(p.type if ins.opcode == "load" else p.operands[0].type)
            leaves = scalar_leaves(t, off)
            for k, (o, _) in enumerate(leaves):
                key = (name, o)
                if ins.opcode == "store":
                    # (a vector's elements have shapes of their own; a struct
                    # or array stored whole counts as one)
                    which = -1 if len(leaves) == 1 else (k if t.kind == "vector" else -2)
                    self.stores.setdefault(key, []).append((ins, p.operands[0], which))
                else:
                    loads.setdefault(key, []).append(ins)
        idom = self.cfg.immediate_dominators()
        position = {id(ins): k for b in cg.fn.blocks for k, ins in enumerate(b.instructions)}

        def before(s: R.Instruction, ld: R.Instruction) -> bool:
            if s.block is ld.block:
                return position[id(s)] < position[id(ld)]
            return s.block.name in idom and ld.block.name in idom and dominates(idom, s.block.name, ld.block.name)
        self.zero_read = {key for key, found in loads.items()
                          if not all(any(before(s, ld) for s, _, _ in self.stores.get(key, [])) for ld in found)}
        for key in loads:
            self.stores.setdefault(key, [])

    def _update_cells(self) -> None:
        for key, found in self.stores.items():
            s = 0 if key in self.zero_read or not found else TOP
            for ins, operand, k in found:
                if ins.block.name in self.divergent_blocks:
                    s = None
                    break
                v = self._operand(operand)
                if k == -2:
                    v = v if v == TOP else (0 if uniform(v) else None)
                s = meet(s, part(v, k) if k >= 0 else v)
            self.cells[key] = s

    def _update_divergence(self) -> None:
        cg = self.cg
        blocks: set[str] = set()
        joins: set[str] = set()
        succ = self.cfg.succ
        for b in cg.fn.blocks:
            t = b.terminator
            if t is None or len(succ.get(b.name, ())) < 2:
                continue
            if t.opcode == "br":
                cond = self._name_shape(t.cond) if t.cond else 0
            else:
                cond = self._operand(cg.parsed[id(t)].operands[0])
            if uniform(cond):
                continue
            stop = self.ipdom.get(b.name) if self.ipdom is not None else None
            work = [s for s in succ[b.name] if s != stop]
            seen = set(work)
            while work:
                n = work.pop()
                for s in succ.get(n, ()):
                    if s != stop and s not in seen:
                        seen.add(s)
                        work.append(s)
            blocks |= seen
            joins.add(b.name)
        self.divergent_blocks = blocks
        self.join_preds = blocks | joins

    # -- transfer -------------------------------------------------------------------

    def _name_shape(self, text: str) -> Any:
        text = text.strip()
        if text.startswith("%"):
            return self.values.get(text, TOP if text in self.defs else None)
        return 0

    def _operand(self, o: Any) -> Any:
        return self._name_shape(o.value)

    def _transfer(self, ins: R.Instruction) -> Any:
        cg = self.cg
        op = ins.opcode
        p = cg.parsed[id(ins)]
        ops = p.operands
        if op in ("add", "sub"):
            a, c = self._operand(ops[0]), self._operand(ops[1])
            if a == TOP or c == TOP:
                return TOP
            if isinstance(a, int) and isinstance(c, int) and _aggregate_count(p.type) is None:
                return a + c if op == "add" else a - c
            return 0 if uniform(a) and uniform(c) else None
        if op in ("mul", "shl"):
            a, c = self._operand(ops[0]), self._operand(ops[1])
            if a == TOP or c == TOP:
                return TOP
            if uniform(a) and uniform(c):
                return 0
            if _aggregate_count(p.type) is not None:
                return None
            k1, k2 = ops[0].const_int, ops[1].const_int
            if op == "shl":
                return a << k2 if isinstance(a, int) and k2 is not None and 0 <= k2 < 32 else None
            if isinstance(a, int) and k2 is not None:
                return a * k2
            if isinstance(c, int) and k1 is not None:
                return c * k1
            return None
        if op in ("udiv", "sdiv", "urem", "srem", "lshr", "ashr", "and", "or", "xor", "fadd", "fsub", "fmul", "fdiv",
                  "frem", "fneg", "icmp", "fcmp", "select", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi",
                  "uitofp", "sitofp"):
            shapes = [self._operand(o) for o in ops]
            if any(s == TOP for s in shapes):
                return TOP
            if op == "select" and uniform(shapes[0]) and shapes[1] == shapes[2]:
                return shapes[1]
            return 0 if all(uniform(s) for s in shapes) else None
        if op in ("trunc", "bitcast", "addrspacecast"):
            s = self._operand(ops[0])
            if op == "bitcast" and not uniform(s):
                return None
            return s if not isinstance(s, tuple) or _aggregate_count(p.type) == len(s) else None
        if op == "alloca":
            return 0
        if op == "getelementptr":
            return self._gep(p)
        if op == "load":
            return self._load(ins, p)
        if op == "extractvalue":
            s = self._operand(ops[0])
            for k in p.extra:
                s = part(s, k)
            return s
        if op == "insertvalue":
            agg, v = self._operand(ops[0]), self._operand(ops[1])
            n = _aggregate_count(p.type)
            if len(p.extra) != 1 or n is None:
                return None
            out = [part(agg, k) for k in range(n)]
            out[p.extra[0]] = v
            return tuple(out)
        if op == "extractelement":
            vec, idx = self._operand(ops[0]), self._operand(ops[1])
            k = ops[1].const_int
            if k is not None:
                return part(vec, k)
            return 0 if uniform(vec) and uniform(idx) else None
        if op == "insertelement":
            vec, v, idx = self._operand(ops[0]), self._operand(ops[1]), self._operand(ops[2])
            n = _aggregate_count(p.type)
            k = ops[2].const_int
            if n is None:
                return None
            if k is not None and 0 <= k < n:
                out = [part(vec, j) for j in range(n)]
                out[k] = v
                return tuple(out)
            return 0 if uniform(vec) and uniform(v) and uniform(idx) else None
        if op == "shufflevector":
            a, c = self._operand(ops[0]), self._operand(ops[1])
            n = _aggregate_count(ops[0].type) or 0
            return tuple(part(a, k) if 0 <= k < n else (part(c, k - n) if k >= n else 0) for k in p.extra)
        if op == "phi":
            s: Any = TOP
            for o in ops:
                s = meet(s, self._operand(o))
            if s == TOP:
                return TOP
            preds = p.extra
            if any(label in self.join_preds for label in preds):
                return None
            return s
        if op == "call":
            return self._call(ins)
        return None

    def _gep(self, p: Any) -> Any:
        cg = self.cg
        s = self._operand(p.operands[0])
        if not isinstance(s, int):
            return s if s == TOP else None
        t = cg.mtype(p.type)
        for k, o in enumerate(p.operands[1:]):
            if k == 0:
                step = stride(t)
            elif t.kind == "struct":
                c = o.const_int
                if c is None:
                    return None
                t = t.fields[c]
                continue
            else:
                t = t.elem
                step = stride(t)
            if o.const_int is not None:
                continue
            i = self._operand(o)
            if i == TOP:
                return TOP
            if not isinstance(i, int) or o.type.text != "i32":
                return None
            s += i * step
        return s

    def _load(self, ins: R.Instruction, p: Any) -> Any:
        cg = self.cg
        if id(ins) in cg.forward:
            return self._name_shape(cg.forward[id(ins)][1])
        ptr = p.operands[0].value
        name = cg.base_of.get(ptr)
        root = cg.roots.get(name) if name is not None else None
        if root is None:
            return None
        t = cg.mtype(p.type)
        if root.kind == "cells":
            off = cg.const_off.get(ptr) or 0
            leaves = scalar_leaves(t, off)
            shapes = [self.cells.get((name, o), TOP) for o, _ in leaves]
            if t.kind == "scalar":
                return shapes[0] if shapes else None
            if t.kind == "vector":
                return tuple(shapes)
            return 0 if all(uniform(s) for s in shapes) and not any(s == TOP for s in shapes) else \
                (TOP if any(s == TOP for s in shapes) else None)
        a = self._operand(p.operands[0])
        if a == TOP:
            return TOP
        if root.kind == "const" and a == 0:
            return 0
        if root.kind == "shared" and a == 0 and self.level == "lanes":
            return 0
        return None

    def _call(self, ins: R.Instruction) -> Any:
        cg = self.cg
        o = cg.dxop.get(id(ins))
        if o is None:
            return None
        args = ins.args[1:]
        if o.name in ("ThreadId", "ThreadIdInGroup", "GroupId", "FlattenedThreadIdInGroup"):
            c = args[0].const if args and o.name != "FlattenedThreadIdInGroup" else 0
            return self.ids.get((o.name, c))
        shapes = []
        for a in args:
            if a.type == "metadata" or a.value in cg.abstract:
                continue
            shapes.append(self._name_shape(a.value))
        if any(s == TOP for s in shapes):
            return TOP
        if not all(uniform(s) for s in shapes):
            return None
        if o.name in _UNIFORM_READS:
            return 0
        if o.name in _LANE_READS:
            return 0 if self.level == "lanes" else None
        if "readnone" in o.attributes and o.name not in _NOT_UNIFORM and not o.name.startswith(("Wave", "Quad")):
            return 0
        return None
