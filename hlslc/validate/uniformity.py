"""Uniform control flow (issue 5, rule 11; rule ID IR-UNIFORM-CONTROL-FLOW).

Proposal 0035 says operations on Wave-scope matrices "must be called from
wave-uniform control flow", and on ThreadGroup-scope matrices from
thread-group-uniform control flow; the Wave Matrix spec says the same of
its operations, and DXIL requires a thread-group barrier (SyncThreadGroup)
in group-uniform control flow.  This pass finds such operations under a
branch whose condition may differ between the threads concerned.

The analysis, per module:

* Every value gets a level: 0 uniform across the thread group, 1 uniform
  across a wave only (results of wave reductions such as
  `WaveReadLaneFirst`), 2 may differ per thread.  Sources of level 2 are
  `threadId`, `threadIdInGroup`, `flattenedThreadIdInGroup`,
  `waveGetLaneIndex`, `waveIsFirstLane`, the prefix and multi-prefix
  operations, `waveMatch`, the quad operations, `matrixExtractToThreads`
  and atomics (what an atomic returns; it writes its slot like a store).  Constants, globals, resource handles and
  `groupId` are uniform.  Any other instruction takes the highest level of
  its operands.
* Memory: a local variable that is only loaded and stored whole (a
  scalar or a loop counter in its `alloca`) is followed flow-sensitively:
  an SSA value, as mem2reg makes it (phis where its stores meet): a load
  has the level of the store or phi it reads (a store's value and the
  control flow around it; a phi's incoming values and, where they differ,
  the branches that chose the way), so a counter reused by a second loop
  is as uniform as that loop makes it.  Other slots have one level for the
  whole function: the highest level of the values stored to them, of the
  addresses used to store to them, and of the control flow around those
  stores; a load has the level of its address and of its slot.
  Groupshared memory is one memory for the whole group: a load from it has
  the level of its address only (every thread that reads `shared[0]` after
  the barrier reads the same value, whichever thread wrote it).
* Control flow: a block is control dependent on a branch (post-dominator
  based); its level is the highest level of the conditions of the branches
  it depends on, transitively, and of the calls that reach its function.
  A `phi` whose incoming blocks depend on a divergent branch is divergent.
* Calls of functions defined in the module pass levels to parameters and
  back through `ret`; parameters of functions nobody calls are uniform.

The report names the operation, the branch (line, block, instruction) and
a note chain from the condition back to the thread-varying source.
"""

from __future__ import annotations

from itertools import islice
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Iterator

from ..dxil import ops as ir_ops
from ..diagnostics import Note
from ..dxil.cfg import CFG
from ..dxil.reader import Function, Instruction, Module

if TYPE_CHECKING:  # pragma: no cover
    from ..source import Span
    from .checks import Validator

UNIFORM, WAVE_UNIFORM, VARYING = 0, 1, 2

_VARYING_SOURCES = frozenset({"ThreadId", "ThreadIdInGroup", "FlattenedThreadIdInGroup", "WaveGetLaneIndex",
                              "WaveIsFirstLane", "WavePrefixOp", "MatrixExtractToThreads", "WavePrefixBitCount",
                              "WaveMultiPrefixOp", "WaveMultiPrefixBitCount", "WaveMatch", "QuadOp",
                              "QuadReadLaneAt", "QuadVote", "IsHelperLane", "AtomicBinOp",
                              "AtomicCompareExchange"})
_WAVE_REDUCTIONS = frozenset({"WaveReadLaneFirst", "WaveActiveOp", "WaveActiveBit", "WaveAnyTrue", "WaveAllTrue",
                              "WaveActiveBallot", "WaveReadLaneAt", "WaveActiveAllEqual", "WaveAllBitCount"})
_BARRIER = "thread-group barrier (SyncThreadGroup)"
_LEVEL_WORDS = {WAVE_UNIFORM: "the threads of a thread group (it is only wave-uniform)",
                VARYING: "threads"}


_OPS: dict[tuple[str, int | None], "ir_ops.Operation | None"] = {}


def _op_of(ins: Instruction) -> ir_ops.Operation | None:
    if ins.opcode != "call" or not ins.callee or not ins.callee.startswith("@dx.op.") or not ins.args:
        return None
    key = (ins.callee, ins.args[0].const)
    try:
        return _OPS[key]
    except KeyError:
        pass
    ops = ir_ops.by_function(ins.callee[1:])
    found = _OPS[key] = next((o for o in ops if o.opcode == key[1]), None)
    return found


_SCOPE_NAMES: dict[int, str] = {}


def _scope_names() -> dict[int, str]:
    """MatrixScope's values -> names (made once)."""
    if not _SCOPE_NAMES:
        _SCOPE_NAMES.update({v: k for k, v in ir_ops.enum("MatrixScope").items()})
    return _SCOPE_NAMES


class Uniformity:
    def __init__(self, v: "Validator") -> None:
        self.v = v
        self.mod = v.mod
        self.level: dict[tuple[str, str], int] = {}
        self.why: dict[tuple[str, str], tuple[Instruction | None, str, tuple[str, str] | None]] = {}
        self.block_level: dict[tuple[str, str], int] = {}
        self.block_why: dict[tuple[str, str], Instruction] = {}   # the branch (or call) that makes it divergent
        self.fn_level: dict[str, int] = {}
        self.fn_why: dict[str, Instruction] = {}
        self.cd: dict[str, dict[str, set[str]]] = {}
        self.callers: dict[str, list[tuple[Function, Instruction]]] = {}
        # id(load) -> what it reads (a store, a phi key, None: nothing), for
        # loads of the local variables followed as SSA values (`_promote`),
        # and those variables' phis: (function, key, [(pred, definition)]).
        self.reaching: dict[int, object] = {}
        self.mem_phis: list[tuple[Function, tuple[str, str], list[tuple[str, object]]]] = []
        self._phi_branch_cache: dict[int, tuple[Instruction, ...]] = {}   # `_phi_branches`, by phi
        self._blocks_by_name: dict[str, dict] = {}
        self._branch_terms: dict[str, dict[str, list]] = {}     # `step`: each block's controlling branches
        self.shared = {name for name, g in self.mod.globals.items() if g.addrspace == 3}
        # The functions whose levels (or blocks' levels) a step raised; ""
        # for a global's slot (see `run`).
        self.touched: set[str] = set()
        # Every function a level (of a value, a block or its calls) was
        # ever raised in: in the others everything is uniform, and no
        # operation can be reported.
        self.varying: set[str] = set()

    # ---- control dependence ------------------------------------------

    def control_dependence(self, fn: Function) -> dict[str, set[str]]:
        """For each block, the branches it is control dependent on."""
        if all(b.terminator is None or b.terminator.opcode not in ("br", "switch") or b.terminator.cond is None
               for b in fn.blocks):
            return {b.name: set() for b in fn.blocks}     # no conditional branch: nothing depends on one
        return CFG(fn).control_dependence()

    # ---- levels ---------------------------------------------------------

    def value_level(self, fn: Function, value: str) -> int:
        if not value or not value.startswith("%"):
            return UNIFORM
        return self.level.get((fn.name, value), UNIFORM)

    def raise_level(self, key: tuple[str, str], level: int, ins: Instruction | None, text: str,
                    via: tuple[str, str] | None = None) -> bool:
        if level <= self.level.get(key, UNIFORM):
            return False
        self.level[key] = level
        self.why[key] = (ins, text, via)
        self.touched.add(key[0])
        return True

    def slot_of(self, fn: Function, pointer: str) -> str:
        return self.v._base_pointer(fn, pointer)

    def _promote(self, fn: Function) -> None:
        """Follow the whole local variables of `fn` (an `alloca` whose only
        uses are loads from it and stores to it) as SSA values, as mem2reg
        would: a `phi` of the variable where stores meet (the iterated
        dominance frontiers of the blocks that store it), and for each load
        the store or phi it reads (a renaming walk of the dominator tree).
        Linear in the function, where reaching-definition sets were not."""
        ok: dict[str, bool] = {}
        for ins in fn.instructions():
            if ins.opcode == "alloca" and ins.result:
                ok.setdefault(ins.result, True)
        if not ok:
            return
        for ins in fn.instructions():
            for u in ins.uses:
                if u in ok and not (ins.opcode == "load" and ins.pointer == u
                                    or ins.opcode == "store" and ins.pointer == u and ins.stored != u):
                    ok[u] = False
        whole = {name for name, good in ok.items() if good}
        if not whole:
            return
        cfg = CFG(fn)
        idom = cfg.immediate_dominators()
        preds = cfg.preds()
        blocks = {b.name: b for b in fn.blocks}
        frontier: dict[str, set[str]] = {n: set() for n in idom}
        for b in idom:
            ps = [p for p in preds[b] if p in idom]
            if len(ps) < 2:
                continue
            for p in ps:
                runner = p
                while runner != idom[b]:
                    frontier[runner].add(b)
                    runner = idom[runner]
        stored_in: dict[str, set[str]] = {v: set() for v in whole}
        for name in idom:
            for ins in blocks[name].instructions:
                if ins.opcode == "store" and ins.pointer in whole:
                    stored_in[ins.pointer].add(name)
        phis: dict[str, list[str]] = {}          # block -> variables with a phi there
        for var, defs in stored_in.items():
            placed: set[str] = set()
            work = list(defs)
            while work:
                for f in frontier[work.pop()]:
                    if f not in placed:
                        placed.add(f)
                        phis.setdefault(f, []).append(var)
                        if f not in defs:
                            work.append(f)
        incoming: dict[tuple[str, str], list[tuple[str, object]]] = {}
        children: dict[str, list[str]] = {}
        for b, d in idom.items():
            if b != d:
                children.setdefault(d, []).append(b)
        stacks: dict[str, list[object]] = {v: [] for v in whole}
        entry = fn.blocks[0].name
        walk: list[tuple[str, list[str] | None]] = [(entry, None)]
        while walk:
            name, pushed = walk.pop()
            if pushed is not None:          # leaving the block: its definitions end
                for var in pushed:
                    stacks[var].pop()
                continue
            pushed = []
            for var in phis.get(name, ()):
                key = (fn.name, f"phi:{name}:{var}")
                incoming.setdefault(key, [])
                stacks[var].append(key)
                pushed.append(var)
            for ins in blocks[name].instructions:
                if ins.opcode == "store" and ins.pointer in whole:
                    stacks[ins.pointer].append(ins)
                    pushed.append(ins.pointer)
                elif ins.opcode == "load" and ins.pointer in whole:
                    stack = stacks[ins.pointer]
                    self.reaching[id(ins)] = stack[-1] if stack else None
            for succ in cfg.succ[name]:
                for var in phis.get(succ, ()):
                    stack = stacks[var]
                    incoming.setdefault((fn.name, f"phi:{succ}:{var}"), []).append((name, stack[-1] if stack else None))
            walk.append((name, pushed))
            for child in reversed(children.get(name, [])):
                walk.append((child, None))
        for key, edges in incoming.items():
            self.mem_phis.append((fn, key, edges))

    def _def_level(self, fn: Function, d: object) -> tuple[int, Instruction | None, str, tuple[str, str] | None]:
        """The level of what a load of a followed variable reads: a store
        (its value, and the control flow around it) or a phi of them."""
        if d is None:
            return UNIFORM, None, "", None
        if isinstance(d, tuple):
            return self.level.get(d, UNIFORM), None, "the variable's values meeting", d
        store = d
        assert isinstance(store, Instruction)
        lvl = self.value_level(fn, store.stored or "")
        where = self.block_level.get((fn.name, store.block.name), UNIFORM)
        if where > lvl:
            branch = self.block_why.get((fn.name, store.block.name))
            key = (branch.block.function.name, branch.cond) if branch is not None and branch.cond else None
            return where, store, "a store under divergent control flow", key
        return lvl, store, f"the stored value {store.stored}", (fn.name, store.stored or "")

    def _step_phis(self, dirty: "set[str] | None") -> bool:
        changed = False
        level = self.level
        for index, (fn, key, edges) in enumerate(self.mem_phis):
            if dirty is not None and fn.name not in dirty:
                continue
            if level.get(key, UNIFORM) == VARYING:
                continue        # (nothing raises it further: the top level is reached)
            for _, d in edges:
                lvl, ins, text, via = self._def_level(fn, d)
                if lvl:
                    changed |= self.raise_level(key, lvl, ins, text, via)
            for term in self._phi_branches(index):
                # Different values meet: which one a thread sees depends on
                # the branches that chose its way here.
                lvl = self.value_level(fn, term.cond)
                if lvl:
                    changed |= self.raise_level(key, lvl, term, "the variable is set on paths that "
                                                "differ between threads", (fn.name, term.cond))
        return changed

    def _phi_branches(self, index: int) -> "tuple[Instruction, ...]":
        """The conditional branches that choose which of a memory phi's
        different values a thread meets: its predecessors' and the branches
        they depend on, each once, in the order the edges name them.  The
        same at every step (the graph does not change), so found once: a
        function of 50,000 blocks walked the control dependences of every
        edge at every step."""
        found = self._phi_branch_cache.get(index)
        if found is not None:
            return found
        fn, _, edges = self.mem_phis[index]
        terms: list[Instruction] = []
        if len({id(d) for _, d in edges}) > 1:
            blocks = self._blocks_by_name.get(fn.name)
            if blocks is None:
                blocks = self._blocks_by_name[fn.name] = {b.name: b for b in fn.blocks}
            seen: set[str] = set()
            cd = self.cd[fn.name]
            for pred, _ in edges:
                for x in [pred, *cd.get(pred, ())]:
                    if x in seen:
                        continue
                    seen.add(x)
                    term = blocks[x].terminator if x in blocks else None
                    if term is not None and term.cond:
                        terms.append(term)
        found = self._phi_branch_cache[index] = tuple(terms)
        return found

    def run(self) -> None:
        for fn in self.mod.functions.values():
            if fn.defined:
                self._promote(fn)
                self.cd[fn.name] = self.control_dependence(fn)
                for ins in fn.instructions():
                    if ins.opcode == "call" and ins.callee in self.mod.functions:
                        self.callers.setdefault(ins.callee, []).append((fn, ins))
        # (`varying` gathers what every step touched.)
        # Each step applies every function's transfer once, until nothing
        # changes.  A function whose step changed nothing, and none of whose
        # inputs changed since, would change nothing again: a step visits
        # only the functions whose own levels the last step raised and
        # their callers (which read their `ret` values), or all of them
        # when a global's slot changed.  The same steps, in the same order,
        # as visiting every function (so the same levels and reasons): a
        # module of independent functions is walked about once, not once
        # more to see that nothing changes.
        dirty: set[str] | None = None
        for _ in range(200):
            self.touched = set()
            stepped = self.step(dirty)
            self.varying |= self.touched
            if not stepped:
                break
            if "" in self.touched:
                dirty = None
                continue
            dirty = set(self.touched)
            for name in self.touched:
                dirty.update(caller.name for caller, _ in self.callers.get(name, ()))

    def step(self, dirty: "set[str] | None" = None) -> bool:
        changed = self._step_phis(dirty)
        for fn in self.mod.functions.values():
            if not fn.defined or dirty is not None and fn.name not in dirty:
                continue
            # block levels from the branches they depend on
            depends = self._branch_terms.get(fn.name)
            if depends is None:
                # (The same at every step: found once.)
                blocks = {b.name: b for b in fn.blocks}
                cd = self.cd[fn.name]
                depends = self._branch_terms[fn.name] = {
                    b.name: [(x, blocks[x].terminator) for x in cd[b.name]] for b in fn.blocks}
            for b in fn.blocks:
                best, why = self.fn_level.get(fn.name, UNIFORM), self.fn_why.get(fn.name)
                for x, term in depends[b.name]:
                    lvl = max(self.value_level(fn, term.cond or ""), self.block_level.get((fn.name, x), UNIFORM))
                    if lvl > best:
                        best, why = lvl, term
                key = (fn.name, b.name)
                if best > self.block_level.get(key, UNIFORM):
                    self.block_level[key] = best
                    self.block_why[key] = why
                    self.touched.add(fn.name)
                    changed = True
            for ins in fn.instructions():
                changed |= self.transfer(fn, ins)
        return changed

    def transfer(self, fn: Function, ins: Instruction) -> bool:
        changed = False
        if ins.opcode == "call" and ins.callee in self.mod.functions and self.mod.functions[ins.callee].defined:
            callee = self.mod.functions[ins.callee]
            here = self.block_level.get((fn.name, ins.block.name), UNIFORM)
            if here > self.fn_level.get(callee.name, UNIFORM):
                self.fn_level[callee.name] = here
                self.fn_why[callee.name] = ins
                self.touched.add(callee.name)
                changed = True
            for p, a in zip(callee.params, ins.args):
                lvl = self.value_level(fn, a.value)
                if lvl and p.value:
                    changed |= self.raise_level((callee.name, p.value), lvl, ins, f"argument {a.value}",
                                                (fn.name, a.value))
            if ins.result:
                for r in callee.instructions():
                    if r.opcode == "ret" and r.uses:
                        lvl = self.value_level(callee, r.uses[0])
                        changed |= self.raise_level((fn.name, ins.result), lvl, r, f"the value {callee.name} "
                                                    "returns", (callee.name, r.uses[0]))
        if ins.opcode in ("store", "atomicrmw", "cmpxchg") and ins.pointer:
            # An atomic writes its slot like a store, and what it returns
            # (the value before it) differs per thread.
            if ins.opcode != "store" and ins.result:
                changed |= self.raise_level((fn.name, ins.result), VARYING, ins,
                                            f"{ins.opcode} returns what each thread found")
            slot = self.slot_of(fn, ins.pointer)
            key = (fn.name, slot) if slot.startswith("%") else ("", slot)
            branch = self.block_why.get((fn.name, ins.block.name))
            branch_key = (branch.block.function.name, branch.cond) if branch is not None and branch.cond else None
            for lvl, text, via in ((self.value_level(fn, ins.stored or ""), f"the stored value {ins.stored}",
                                    (fn.name, ins.stored or "")),
                                   (self.value_level(fn, ins.pointer), f"the address {ins.pointer}",
                                    (fn.name, ins.pointer)),
                                   (self.block_level.get((fn.name, ins.block.name), UNIFORM),
                                    "a store under divergent control flow", branch_key)):
                if lvl:
                    changed |= self.raise_level(key, lvl, ins, text, via)
            return changed
        if not ins.result:
            return changed
        key = (fn.name, ins.result)
        if ins.opcode == "load" and ins.pointer and id(ins) in self.reaching:
            lvl, where, text, via = self._def_level(fn, self.reaching[id(ins)])
            if lvl:
                changed |= self.raise_level(key, lvl, where, text, via)
            return changed
        if ins.opcode == "load" and ins.pointer:
            slot = self.slot_of(fn, ins.pointer)
            skey = (fn.name, slot) if slot.startswith("%") else ("", slot)
            slot_level, address_level = self.level.get(skey, UNIFORM), self.value_level(fn, ins.pointer)
            if slot in self.shared:
                slot_level = UNIFORM      # one memory for the group: only the address can differ
            if slot_level >= address_level and slot_level:
                changed |= self.raise_level(key, slot_level, ins, f"a load from {slot}", skey)
            elif address_level:
                changed |= self.raise_level(key, address_level, ins, f"a load from the address {ins.pointer}",
                                            (fn.name, ins.pointer))
            return changed
        op = _op_of(ins)
        if op is not None and op.name in _VARYING_SOURCES:
            return changed | self.raise_level(key, VARYING, ins, f"dx.op {op.name} differs per thread")
        if op is not None and op.name in ("CreateMatrix", "MatrixOuterProduct"):
            # A new matrix handle: which matrix it is does not depend on the
            # operands' values (a varying dimension is IR-CONST-OPERAND).
            return changed
        worst, via = UNIFORM, ""
        level, name = self.level, fn.name
        for u in ins.uses:              # local values: value_level, inline
            lvl = level.get((name, u), UNIFORM) if u[:1] == "%" else UNIFORM
            if lvl > worst:
                worst, via = lvl, u
        if op is not None and op.name in _WAVE_REDUCTIONS:
            worst = min(worst, WAVE_UNIFORM) if worst else UNIFORM
            if worst:
                return changed | self.raise_level(key, worst, ins, f"dx.op {op.name} is uniform only across a wave",
                                                  (fn.name, via))
        if ins.opcode == "phi":
            blocks = {b.name: b for b in fn.blocks}
            for _, inc in ins.incoming:
                for x in {inc} | self.cd[fn.name].get(inc, set()):
                    term = blocks[x].terminator if x in blocks else None
                    if term is not None and term.cond:
                        lvl = self.value_level(fn, term.cond)
                        if lvl > worst:
                            worst, via = lvl, term.cond
        if worst:
            changed |= self.raise_level(key, worst, ins, f"it is computed from {via}", (fn.name, via))
        return changed

    # ---- reporting ----------------------------------------------------------

    def requirement(self, fn: Function, ins: Instruction) -> tuple[int, str] | None:
        """(highest branch level allowed, what the operation is) for an
        operation that needs uniform control flow; None otherwise."""
        op = _op_of(ins)
        if op is None:
            return None
        if op.name in _BARRIERS:
            return (UNIFORM, _BARRIER) if _syncs_group(op.name, ins) else None
        if op.name.startswith("WaveMatrix_"):
            return WAVE_UNIFORM, f"Wave Matrix operation {op.name}"
        if op.source != "hlslc":
            return None
        scopes = _scope_names()
        scope = None
        if op.name == "CreateMatrix" and len(ins.args) > 5:
            scope = scopes.get(ins.args[5].const)
        elif op.name == "MatrixOuterProduct" and len(ins.args) > 4:
            scope = scopes.get(ins.args[4].const)
        else:
            for a in ins.args[1:]:
                if a.type.replace('"', "") == "%dx.types.MatrixRef*":
                    origins = self.v._origins_of(fn, a.value)
                    for o in origins:
                        info = self.v.info_of(o) if isinstance(o, Instruction) else None
                        if info is not None and scopes.get(info.scope) in ("Wave", "ThreadGroup"):
                            scope = scopes[info.scope] if scope != "ThreadGroup" else scope
        if scope == "Wave":
            return WAVE_UNIFORM, f"{op.name} on a Wave-scope matrix"
        if scope == "ThreadGroup":
            return UNIFORM, f"{op.name} on a ThreadGroup-scope matrix"
        return None

    def _walk(self, fn: Function, value: str) -> Iterator[tuple[tuple[str, str], Instruction | None, str]]:
        """(value, defining instruction, reason) from `value` back to its
        thread-varying source, following the recorded reasons."""
        key: tuple[str, str] | None = (fn.name, value)
        seen = set()
        while key is not None and key in self.why and key not in seen:
            seen.add(key)
            ins, text, via = self.why[key]
            yield key, ins, text
            key = via

    def chain(self, fn: Function, value: str) -> list[str]:
        """Notes from a divergent condition back to its thread-varying source."""
        return [f"{key[1]} may differ between threads: {text}"
                + (f" (line {ins.line}: {ins.describe()})" if ins is not None else "")
                for key, ins, text in islice(self._walk(fn, value), 16)]

    def source_chain(self, fn: Function, value: str, skip: "list[Span]") -> list[Note]:
        """The chain of `chain` as notes at source spans: one note per
        distinct span, the thread-varying origin last."""
        if self.v.locate is None:
            return []
        located = ((self.v.locate(ins.line) if ins is not None else None, text)
                   for _, ins, text in self._walk(fn, value))
        steps = list(islice(((span, text) for span, text in located if span is not None), 16))
        if not steps:
            return []
        origin_span, origin_text = steps[-1]
        if "%" in origin_text or "@" in origin_text:
            origin_text = ""
        # The value the condition is computed from, then the thread-varying
        # origin; steps on a line already shown add nothing.
        def line_of(span: "Span") -> tuple[str, int]:
            return span.file.path, span.file.line_col(span.start)[0]

        lines = {line_of(s) for s in skip}
        notes: list[Note] = []
        for span, _ in steps[:-1]:
            if line_of(span) in lines or line_of(span) == line_of(origin_span) or len(notes) == 2:
                continue
            lines.add(line_of(span))
            notes.append(Note("which is computed from a value that may differ between threads", span))
        notes.append(Note("this may differ between threads" + (f": {origin_text}" if origin_text else ""),
                          origin_span))
        return notes

    def check_matrix_operands(self, fn: Function, ins: Instruction, allowed: int, what: str) -> None:
        """A Wave (ThreadGroup) matrix operation on a matrix chosen per
        thread (`cond ? a : b` with a varying condition) is the same
        operation on different matrices in different threads."""
        for a in ins.args[1:]:
            if a.type.replace('"', "").replace(" ", "") != "%dx.types.MatrixRef*":
                continue
            lvl = self.value_level(fn, a.value)
            if lvl <= allowed:
                continue
            uniform = "wave-uniform" if allowed == WAVE_UNIFORM else "thread-group-uniform"
            self.v.report("IR-UNIFORM-CONTROL-FLOW", f"{what} needs a {uniform} matrix operand, but {a.value} may "
                          f"differ between {_LEVEL_WORDS[lvl]}", fn, ins,
                          self.chain(fn, a.value),
                          source=(f"this operation ({what}) needs the same matrix in every thread, but the matrix "
                                  f"operand may differ between {_LEVEL_WORDS[lvl]}",
                                  self.source_chain(fn, a.value, [s for s in [self.v.locate(ins.line)] if s]
                                                    if self.v.locate is not None else [])))
            return

    def check_scalar(self, fn: Function, ins: Instruction, allowed: int) -> None:
        """LINALG-UNIFORM-VALUE: matrixElementwiseBinaryOp's scalar is
        "a wave-uniform value" (thread-group-uniform for ThreadGroup scope)."""
        op = _op_of(ins)
        if op is None or op.name != "MatrixElementwiseBinaryOp" or len(ins.args) < 4:
            return
        value = ins.args[3].value
        lvl = self.value_level(fn, value)
        if lvl <= allowed:
            return
        uniform = "wave-uniform" if allowed == WAVE_UNIFORM else "thread-group-uniform"
        self.v.report("LINALG-UNIFORM-VALUE", f"the scalar {value} of MatrixElementwiseBinaryOp may differ between "
                      f"{_LEVEL_WORDS[lvl]}, but the operation takes a {uniform} value", fn, ins,
                      self.chain(fn, value),
                      source=(f"the scalar operand may differ between {_LEVEL_WORDS[lvl]}, but this matrix operation "
                              f"takes a {uniform} value", self.source_chain(fn, value, [])))

    def reports(self) -> None:
        for fn in self.mod.functions.values():
            if not fn.defined or fn.name not in self.varying:
                continue        # every value and block of the function is uniform: nothing to report
            for ins in fn.instructions():
                if ins.opcode != "call":
                    continue        # only operations have a requirement
                need = self.requirement(fn, ins)
                if need is None:
                    continue
                allowed, what = need
                self.check_scalar(fn, ins, allowed)
                self.check_matrix_operands(fn, ins, allowed, what)
                key = (fn.name, ins.block.name)
                lvl = self.block_level.get(key, UNIFORM)
                if lvl <= allowed:
                    continue
                branch = self.block_why.get(key)
                uniform = "wave-uniform" if allowed == WAVE_UNIFORM else "thread-group-uniform"
                branch_span = self.v.locate(branch.line) if self.v.locate is not None else None
                source_notes = [Note("the branch is here", branch_span)] if branch_span is not None else []
                if branch is not None and branch.opcode == "call":
                    where = (f"the function is called at line {branch.line} ({branch.describe()}) "
                             "under divergent control flow")
                    source_where = "its function is called under divergent control flow"
                    notes: list[str] = []
                else:
                    where = (f"it is under the branch at line {branch.line} in block '{branch.block.name}' "
                             f"({branch.describe()}), whose condition may differ between "
                             f"{_LEVEL_WORDS[lvl]}")
                    source_where = f"it is under a branch whose condition may differ between {_LEVEL_WORDS[lvl]}"
                    notes = self.chain(branch.block.function, branch.cond or "")
                    source_notes += self.source_chain(branch.block.function, branch.cond or "",
                                                      [branch_span] if branch_span is not None else [])
                if what == _BARRIER:
                    # DXC accepts barriers anywhere, and the analysis may
                    # miss why a branch is uniform: a warning.
                    self.v.report("IR-UNIFORM-BARRIER", f"{what} may not be reached by every thread of the group: "
                                  f"{where}", fn, ins, notes,
                                  source=(f"this {what} may not be reached by every thread of the group: "
                                          f"{source_where}", source_notes))
                    continue
                self.v.report("IR-UNIFORM-CONTROL-FLOW", f"{what} must be called from {uniform} control flow, "
                              f"but {where}", fn, ins, notes,
                              source=(f"this operation ({what}) must be called from {uniform} control flow, "
                                      f"but {source_where}", source_notes))


def _has_requirements(mod: Module) -> bool:
    """Whether some operation of the module may need uniform control flow
    (a superset of `Uniformity.requirement`, without the matrix origins):
    a module without one has nothing to report, and the analysis, whole
    functions to a fixed point, is skipped (a 680,000-line entry of
    inlined texture filtering spent 15 s in it for no operation)."""
    for fn in mod.functions.values():
        if not fn.defined:
            continue
        for ins in fn.instructions():
            if ins.opcode != "call":
                continue
            op = _op_of(ins)
            if op is None:
                continue
            if op.name in _BARRIERS:
                if _syncs_group(op.name, ins):
                    return True
            elif op.name.startswith("WaveMatrix_") or op.source == "hlslc":
                return True
    return False


# The barriers, and where each keeps the flag that makes every thread of the
# group wait: Barrier's mode (SyncThreadGroup, 1), SM 6.8's SemanticFlags
# (GROUP_SYNC, 1), the last operand of BarrierByMemoryType and
# BarrierByMemoryHandle.
_BARRIERS = frozenset({"Barrier", "BarrierByMemoryType", "BarrierByMemoryHandle"})


def _syncs_group(name: str, ins: "Instruction") -> bool:
    flags = ins.args[1 if name == "Barrier" else -1].const if len(ins.args) > 1 else None
    return flags is not None and bool(flags & 1)


def check_uniformity(validator: "Validator") -> list:
    if not _has_requirements(validator.mod):
        return []
    before = len(validator.diags)
    u = Uniformity(validator)
    u.run()
    u.reports()
    new = validator.diags[before:]
    del validator.diags[before:]
    return new
