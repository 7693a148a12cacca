"""The CPU executor: runs a compute entry of DXIL-like IR for a whole
dispatch, a value per thread in numpy arrays.

Every thread of every group of the dispatch runs at once: a value of the IR
is an array with one element per thread (a row per thread for vectors), and
an instruction is one numpy operation over all of them.  Control flow keeps
an active mask: a branch whose threads disagree runs each side with its own
threads and joins them again where GPUs reconverge structured code (the
end of the branch's construct: `dxil.cfg.structure`; a stack of masks, as
SIMT hardware keeps, see `_run_entry`), so loops that run a different
number of times per thread work, threads that leave a construct early do
not split the others, and wave operations see the lanes that are active.
Memory: allocas and static globals are private (a row per thread),
groupshared globals a row per group, resources byte arrays shared by the
dispatch.

Owns: reading the module (the validator's reader), binding the pipeline's
resources, running instructions and dispatching `dx.op` calls to their
handlers, with the IR line of what failed in the `RunError`.  Does not
own: pointers, memory, handles and the helpers its operations share
(`base`), the `dx.op` handlers (`ops`, `linalg`, `wavematrix`), pipeline
files (`pipeline`), comparing results (`results`).
"""

from __future__ import annotations

import re
import struct
import time
from typing import Any, Callable

import numpy as np

from ..dxil import operands
from ..dxil import ops as ir_ops
from ..dxil import reader as R
from ..dxil.cfg import CFG, NEXT, structure
from ..dxil.types import IRError
from .errors import RunError
from .binding import Bindings, Resource
from .base import BufferShadow, Memory, Ptr, Shadow, element_stride, ftz, load_object, merge, store_object
from .ops import OPERATIONS, UNSUPPORTED, llvm_atomic
from .limits import show_size
from .pipeline import Pipeline, PipelineError
from .layout import SIGNED, MemoryType, MemoryTypes


# DXIL's resource kinds (!dx.resources) of buffers and textures, and the
# pipeline Kinds (less their RW) that bind them.
_DXIL_KINDS = {2: "Texture2D", 10: "Buffer", 11: "ByteAddressBuffer", 12: "StructuredBuffer",
               16: "AccelerationStructure"}
_KIND_OF = {"Buffer": "Buffer", "RWBuffer": "Buffer", "StructuredBuffer": "StructuredBuffer",
            "RWStructuredBuffer": "StructuredBuffer", "ByteAddressBuffer": "ByteAddressBuffer",
            "RWByteAddressBuffer": "ByteAddressBuffer", "Texture2D": "Texture2D", "RWTexture2D": "Texture2D",
            "AccelerationStructure": "AccelerationStructure"}


class Dispatch:
    """The threads of a dispatch: ids and the geometry of groups and waves."""

    def __init__(self, groups: tuple[int, int, int], threads: tuple[int, int, int], wave_size: int) -> None:
        gx, gy, gz = groups
        tx, ty, tz = threads
        self.group_size = tx * ty * tz
        self.group_count = gx * gy * gz
        n = self.group_size * self.group_count
        self.count = n
        t = np.arange(n, dtype=np.int64)
        self.group = t // self.group_size                # flattened group index
        flat = t % self.group_size                       # SV_GroupIndex
        self.flat = flat.astype(np.uint32)
        self.tid = [(flat % tx).astype(np.uint32), (flat // tx % ty).astype(np.uint32),
                    (flat // (tx * ty)).astype(np.uint32)]
        g = self.group
        self.gid = [(g % gx).astype(np.uint32), (g // gx % gy).astype(np.uint32),
                    (g // (gx * gy)).astype(np.uint32)]
        self.dtid = [self.gid[k] * np.uint32((tx, ty, tz)[k]) + self.tid[k] for k in range(3)]
        self.wave_size = wave_size
        # Waves are consecutive flattened threads of one group.
        waves_per_group = -(-self.group_size // wave_size)
        self.wave = self.group * waves_per_group + flat // wave_size
        self.lane = (flat % wave_size).astype(np.uint32)
        self.wave_count = int(self.group_count * waves_per_group)


def _clock(ex: "Executor") -> None:
    """Before each block: stop a dispatch past its --timeout, report progress."""
    now = time.monotonic()
    if ex.timeout is not None and now - ex.started_at > ex.timeout:
        current = getattr(ex, "current", None)
        raise RunError(f"the dispatch did not finish within {ex.timeout:g} seconds (--timeout): an endless "
                       "loop?", current.line if current is not None else None)
    if ex.progress is not None and now >= ex._next_report:
        ex._next_report = now + 0.1
        ex.progress(ex)


class Executor:
    """Runs one compute entry of a module over a dispatch."""

    def __init__(self, module_text: str, pipeline: Pipeline, entry: str, wave_size: int | None = None,
                 check: bool = False, seed: int = 0, timeout: float | None = None,
                 progress: Callable[[Executor], None] | None = None, max_memory: int | None = None) -> None:
        self.check = check
        # --timeout: seconds the dispatch may run (None: no limit); `progress`
        # is called about ten times a second while it runs.
        self.timeout = timeout
        self.progress = progress
        self.started_at = time.monotonic()
        self._next_report = self.started_at
        self.clock: Callable[[Executor], None] | None = _clock if (timeout is not None or progress) \
            else None
        self.seed = seed        # chooses the element order of the opaque matrix layouts
        try:
            self.mod = R.read_module(module_text)
        except R.ParseError as err:
            raise RunError(f"cannot read the module: {err}") from None
        self.pipeline = pipeline
        self.types = MemoryTypes(self.mod.structs)
        self.entry = self.mod.functions.get("@" + entry)
        if self.entry is None or not self.entry.defined:
            raise RunError(f"the module has no entry function '{entry}'")
        self.binding = Bindings(self.mod, pipeline, self.entry)
        self.threads = self.binding.numthreads(entry)
        shader_wave = self.binding.wave_size(entry)
        self.wave_size = wave_size if wave_size else (shader_wave or 32)
        self._check_memory(max_memory if max_memory is not None else pipeline.max_memory)
        self.d = Dispatch(pipeline.dispatch, self.threads, self.wave_size)
        self.resources = self.binding.resources
        self.instructions = 0
        # --check: findings that are not errors (a matrix store partly
        # outside its buffer), as (message, IR line), each once.
        self.warnings: list[tuple[str, int | None]] = []
        if check:
            self._check_kinds()
            for res in {id(r): r for r in self.resources.values()}.values():
                if res.writable and res.buffer is not None:
                    res.shadow = BufferShadow(self, res.name, len(res.data))
        self._constants: dict[tuple[str, str], Any] = {}
        self._extracted: dict[str, set[int] | None] | None = None

    def write_back(self) -> None:
        """Copy what the dispatch wrote into the pipeline's buffers."""
        self.binding.write_back()
        # The buffers the dispatch stored into (what `hlslc run` prints).
        self.written = {r.buffer.name for r in self.resources.values() if r.written and r.buffer is not None}

    # ---- setup ------------------------------------------------------------

    def _check_memory(self, limit: int | None) -> None:
        """The dispatch's memory against --max-memory, before any of it is
        taken: per thread its ids and masks, each value the entry computes,
        its allocas and static globals (a row each); per group its
        groupshared globals; the buffers' copies.  A static that alone is
        too large is an error at its line; else the dispatch size is, in
        the pipeline file."""
        if limit is None:
            return
        gx, gy, gz = self.pipeline.dispatch
        groups = gx * gy * gz
        threads = groups * self.threads[0] * self.threads[1] * self.threads[2]
        private: list[tuple[str, int, int | None]] = []
        shared = 0
        for name, g in self.mod.globals.items():
            try:
                t = self.types.get(g.type) if g.type != "?" else None
            except ValueError:
                continue
            if t is None or t.kind == "opaque":
                continue
            if g.addrspace == 3:
                shared += t.size
            else:
                private.append((name, t.size, g.line))
        values = 0
        for block in self.entry.blocks:
            for ins in block.instructions:
                if ins.opcode == "alloca":
                    try:
                        t = self.types.get(R.take_type(R.split_top(self._operands(ins))[0])[0])
                    except (ValueError, IndexError, R.ParseError):
                        continue
                    private.append((ins.result or "an alloca", t.size, ins.line))
                elif ins.result is not None:
                    values += 1
        buffers = 3 * sum(b.data.nbytes for b in self.pipeline.buffers.values())
        base = threads * (128 + 16 * values) + buffers
        need = base + threads * sum(size for _, size, _ in private) + groups * shared
        if need <= limit:
            return
        name, size, line = max(private, key=lambda p: p[1], default=("", 0, None))
        if base <= limit // 2 and size * threads > limit - base:
            # One variable is what does not fit: at the shader's first use of it.
            what = f"static '{name.lstrip('@')}'" if name.startswith("@") else "a local array"
            if name.startswith("@"):
                line = self._first_use_of(name) or line
            raise RunError(f"{what} takes {show_size(size)} a thread: the dispatch's {threads} threads would need "
                           f"{show_size(size * threads)} for it, more than --max-memory ({show_size(limit)})", line)
        if base <= limit // 2 and groups * shared > limit - base:
            raise RunError(f"the groupshared memory takes {show_size(shared)} a group: the dispatch's {groups} "
                           f"groups would need {show_size(groups * shared)}, more than --max-memory "
                           f"({show_size(limit)})")
        raise PipelineError(f"the dispatch of {gx}x{gy}x{gz} groups of {self.threads[0]}x{self.threads[1]}x"
                            f"{self.threads[2]} threads ({threads} threads) would need about {show_size(need)} on "
                            f"the CPU, more than --max-memory ({show_size(limit)})", self.pipeline.dispatch_span)

    def _first_use_of(self, name: str) -> int | None:
        """The IR line of the entry's first instruction naming global `name`."""
        pattern = re.compile(re.escape(name) + r"(?![\w.$])")
        for block in self.entry.blocks:
            for ins in block.instructions:
                if pattern.search(ins.text):
                    return ins.line
        return None

    def resource_records(self) -> dict[str, list[list[str]]]:
        """!dx.resources records by class: 't', 'u', 'b', 's'."""
        return self.binding.resource_records()

    def used_components(self, ins: R.Instruction) -> set[int] | None:
        """The elements of an instruction's aggregate result that the entry
        reads (`extractvalue`), or None when it uses the whole value: a
        buffer load returns four components, and --check reports an access
        outside the buffer only for those the shader uses."""
        if self._extracted is None:
            found: dict[str, set[int] | None] = {}
            for block in self.entry.blocks:
                for other in block.instructions:
                    for arg in other.args or []:
                        if arg.value.startswith("%"):
                            found[arg.value] = None
                    if other.opcode != "extractvalue":
                        continue
                    parts = R.split_top(self._operands(other))
                    agg = R.take_operand(parts[0]).value
                    if agg in found and found[agg] is None:
                        continue
                    try:
                        found.setdefault(agg, set()).add(int(parts[1]))
                    except (ValueError, IndexError):
                        found[agg] = None
            self._extracted = found
        return self._extracted.get(ins.result or "", set()) if ins.result else set()

    def warn(self, message: str, line: int | None) -> None:
        """A --check finding that does not stop the dispatch."""
        if (message, line) not in self.warnings:
            self.warnings.append((message, line))

    def _check_kinds(self) -> None:
        """--check: each resource the module declares (!dx.resources) is
        bound with the Kind of its declaration: a StructuredBuffer's
        register holding a pipeline's ByteAddressBuffer reads other bytes
        than the shader means.  The error is at the shader's first use of
        the resource."""
        for cls, records in self.resource_records().items():
            if cls not in ("t", "u"):
                continue
            for rec in records:
                if len(rec) < 7:
                    continue
                space, lower, count = (self.mod.md_int(rec[k]) for k in (3, 4, 5))
                declared = _DXIL_KINDS.get(self.mod.md_int(rec[6]) or -1)
                if declared is None or space is None or lower is None:
                    continue
                for register in range(lower, lower + min(count or 1, 64) if count not in (None, 0, -1) and
                                      count < 2 ** 31 else lower + 1):
                    res = self.resources.get((cls, space, register))
                    if res is None or _KIND_OF.get(res.kind, declared) == declared:
                        continue
                    name = self.mod.md_string(rec[2]) or f"{cls}{register}"
                    want = ("RW" if cls == "u" else "") + declared
                    raise RunError(f"'{name}' is a {want} in the shader, but the pipeline binds {res.kind} "
                                   f"'{res.name}' at register {cls}{register}, space{space} (its Kind should be "
                                   f"{want})", self._first_use(cls, int(self.mod.md_int(rec[0]) or 0), space,
                                                               register))

    def _first_use(self, cls: str, range_id: int, space: int, register: int) -> int | None:
        """The IR line of the first instruction of the entry that uses the
        handle of a resource (where hlslc maps it to the source)."""
        handles: set[str] = set()
        code = "tubs".index(cls)
        for block in self.entry.blocks:
            for ins in block.instructions:
                if ins.opcode != "call" or not ins.callee:
                    continue
                name = ins.callee[1:]
                consts = [a.const for a in ins.args]
                if name.startswith("dx.op.createHandleFromBinding") and len(ins.args) >= 2:
                    try:
                        bind = [int(p.split()[-1]) for p in operands.aggregate_parts(ins.args[1].value) or []]
                    except (IRError, ValueError):
                        continue
                    if len(bind) == 4 and bind[3] == code and bind[2] == space and \
                            bind[0] <= register <= (bind[1] if bind[1] >= 0 else 2 ** 31):
                        handles.add(ins.result or "")
                elif name.startswith("dx.op.createHandle") and len(consts) >= 3 and consts[0] == 57 and \
                        consts[1] == code and consts[2] == range_id:
                    handles.add(ins.result or "")
                elif handles and any(a.value in handles for a in ins.args):
                    if name.startswith("dx.op.annotateHandle"):
                        handles.add(ins.result or "")
                        continue
                    return ins.line
        return None

    def resource_at(self, cls: str, space: int, register: int, line: int | None) -> Resource:
        """The resource bound at a register of class t/u/b/s, or at an index
        of the descriptor heaps (class "heap" or "sampler heap", space 0)."""
        return self.binding.resource_at(cls, space, register, line)

    def _specialize(self, n: int) -> None:
        """The pipeline's SpecializationConstants (of the Compute shader)
        written over the defaults of the module's [[vk::constant_id]]
        globals, as Vulkan sets them: the value's bits, of the constant's
        size (a bool takes a 32-bit VkBool32)."""
        for name, t, value in self.binding.spec_constants(self.types):
            if name not in self.memories:
                continue
            bits = np.full(n, value, dtype=t.dtype)
            self.store(Ptr(self.memories[name], np.zeros(n, dtype=np.int64)), t, bits, np.ones(n, dtype=bool))

    # ---- running --------------------------------------------------------------

    def run(self) -> None:
        # A shader's arithmetic follows IEEE and D3D rules and never traps:
        # numpy's warnings (overflow in a cast to half, a division by zero)
        # would only leak to the user's terminal.
        with np.errstate(all="ignore"):
            self._run()

    def _run(self) -> None:
        fn = self.entry
        n = self.d.count
        self.values: dict[str, Any] = {}
        self.memories: dict[str, Memory] = {}
        # Barriers each group has passed: accesses in one interval between
        # barriers are unordered (Shadow).
        self.epoch = np.zeros(self.d.group_count, dtype=np.int64)
        # ... and barriers that order the group's UAV accesses; its atomics on
        # UAVs, and how many it had made at its last UAV fence (--check:
        # what orders accesses of different groups).
        self.uav_epoch = np.zeros(self.d.group_count, dtype=np.int64)
        self.uav_atomics = np.zeros(self.d.group_count, dtype=np.int64)
        self.acquired = np.zeros(self.d.group_count, dtype=np.int64)
        thread_rows = np.arange(n, dtype=np.int64)
        for name, g in self.mod.globals.items():
            t = self.types.get(g.type) if g.type != "?" else None
            if t is None or t.kind == "opaque":
                continue
            if g.addrspace == 3:
                mem = self.memories[name] = Memory(name, t.size, self.d.group_count, self.d.group)
                if self.check:
                    mem.shadow = Shadow(self, mem)
            else:
                self.memories[name] = Memory(name, t.size, n, thread_rows)
                if g.init and g.init not in ("undef", "poison", "zeroinitializer"):
                    # A static global's initializer (a constant table): every thread's copy starts so.
                    try:
                        value = self.constant(t, g.init)
                    except (ValueError, IndexError, KeyError):
                        raise RunError(f"cannot read the initializer of {name}", g.line) from None
                    self.store(Ptr(self.memories[name], np.zeros(n, dtype=np.int64)), t, value,
                               np.ones(n, dtype=bool))
        self._specialize(n)
        self._run_entry(fn, n)

    def _run_entry(self, fn: R.Function, n: int) -> None:
        """Run the entry function for every thread, reconverging as GPUs do
        for structured code (SPIR-V's maximal reconvergence).

        A stack of (block, threads, started) entries: the top one runs.  A
        branch whose construct has a merge block (`dxil.cfg.structure`)
        leaves, in place of the running entry, one waiting at the merge
        with no threads yet, and above it an entry for each side with its
        threads.  An entry that comes to a block where an entry below it
        waits (the nearest: the innermost construct) gives it its threads
        and ends: the threads that stay in a construct meet at its merge,
        while those that leave it early (return, break, continue) wait at
        the merge or continue target of the loop or switch they left, or
        are done.  Entering a loop leaves an entry waiting at its merge,
        one at the end of its iteration (the continue target), and the
        iteration's; its back edges lead to the next iteration, which
        starts when every thread of this one has ended it.  The threads a
        waiting entry gathered run together when it comes to the top, so
        wave operations see every thread of the construct that is there."""
        st = structure(CFG(fn))
        blocks = {b.name: b for b in fn.blocks}
        order = {b.name: k for k, b in enumerate(fn.blocks)}
        block_id = dict(order)
        prev = np.full(n, -1, dtype=np.int64)
        none = np.zeros(n, dtype=bool)
        self.prev = prev
        self.block_id = block_id
        self.retired = np.zeros(n, dtype=bool)
        stack: list[list[Any]] = [[fn.blocks[0].name, np.ones(n, dtype=bool), False]]
        clock = self.clock
        while stack:
            top = stack[-1]
            block_name, mask, started = top
            if not mask.any():
                stack.pop()
                continue
            if not started:
                joined = False
                for k in range(len(stack) - 2, -1, -1):
                    if stack[k][0] == block_name:
                        stack[k][1] = stack[k][1] | mask
                        joined = True
                        break
                if joined:
                    stack.pop()
                    continue
                loop = st.loops.get(block_name[len(NEXT):]) if block_name.startswith(NEXT) else None
                if loop is not None:
                    # Every thread of the iteration is here: the next one starts.
                    top[0], top[1] = loop.continue_key, none
                    stack.append([loop.header, mask, True])
                    continue
                loop = st.loops.get(block_name)
                if loop is not None:
                    # Entering a loop: where its threads meet after it (a
                    # helper's exit, past the merge), its merge, the end of
                    # its first iteration, the iteration.
                    waits = [w for w in (loop.after, loop.merge) if w is not None]
                    if waits:
                        top[0], top[1] = waits[0], none
                        for w in waits[1:]:
                            stack.append([w, none, False])
                    else:
                        stack.pop()
                    stack.append([loop.continue_key, none, False])
                    stack.append([loop.header, mask, True])
                    continue
            if clock is not None:
                clock(self)
            block = blocks.get(block_name)
            if block is None:
                raise RunError(f"a branch to the block '{block_name}', which the function does not have")
            try:
                target = self._run_block(block, mask)
            except (ValueError, KeyError, IndexError, TypeError, OverflowError, AttributeError, struct.error,
                    ZeroDivisionError) as err:
                # Malformed IR (an unreadable constant, a branch on nothing):
                # the instruction that could not run, not a crash.
                ins = self.current
                raise RunError(f"cannot execute '{ins.describe()[:80]}': {err}", ins.line) from None
            prev[mask] = block_id[block_name]
            if target is None:                       # ret: these threads are done
                self.retired |= mask
                stack.pop()
                continue
            merges = st.merges.get(block_name, ()) if st.structured or not isinstance(target, str) else ()
            if isinstance(target, str):
                target = [(target, mask)]
            sides = [(st.edge(block_name, dest), m) for dest, m in target]
            if merges:
                top[0], top[1], top[2] = merges[0], none, False
                for later in merges[1:]:
                    stack.append([later, none, False])
            elif len(sides) == 1:
                top[0], top[2] = sides[0][0], False
                continue
            else:
                stack.pop()
            # The first side runs first (a branch's true side; a switch's
            # cases in the order of their blocks, so that one falling
            # through finds the next still waiting).
            for dest, m in reversed(sides):
                stack.append([dest, m, False])

    def _run_block(self, block: R.Block, mask: np.ndarray) -> Any:
        """Execute a block's instructions for the threads in `mask`; return
        the next block (a name), a list of (block, mask) when the threads
        split, or None when they return."""
        for ins in block.instructions:
            self.instructions += 1
            self.current = ins
            op = ins.opcode
            if op == "br":
                if ins.cond is None:
                    return ins.targets[0]
                cond = self.value_of("i1", ins.cond).astype(bool)
                t_mask = mask & cond
                f_mask = mask & ~cond
                if not f_mask.any():
                    return ins.targets[0]
                if not t_mask.any():
                    return ins.targets[1]
                return [(ins.targets[0], t_mask), (ins.targets[1], f_mask)]
            if op == "switch":
                return self._switch(ins, mask)
            if op == "ret":
                return None
            if op == "unreachable":
                raise RunError("the threads reached 'unreachable'", ins.line)
            try:
                value = self._execute(ins, mask)
            except RunError as err:
                if err.line is None:
                    err.line = ins.line
                raise
            except (ValueError, KeyError, IndexError, TypeError, OverflowError, AttributeError) as err:
                # Malformed IR from another producer (a missing operand, an
                # unreadable type): the instruction, not a crash.
                raise RunError(f"cannot execute '{ins.describe()[:80]}': {err}", ins.line) from None
            if ins.result is not None:
                old = self.values.get(ins.result)
                self.values[ins.result] = merge(old, value, mask) if old is not None else value
        raise RunError(f"block '{block.name}' has no terminator")

    def _switch(self, ins: R.Instruction, mask: np.ndarray) -> Any:
        text = ins.text.split("switch", 1)[1]
        head, _, cases = text.partition("[")
        cond_op = R.take_operand(R.split_top(head)[0])
        value = self.value_of(cond_op.type, cond_op.value)
        cond_type = self.types.types.get(cond_op.type)
        remaining = mask.copy()
        out = []
        for case_value, label in re.findall(r"\b\w+\s+(-?\w+)\s*,\s*label\s+%(" + R.NAME + r")", cases):
            # The case's constant as the condition's type reads it (`i32 -1` is 0xFFFFFFFF).
            m = remaining & (value == operands.scalar_constant(cond_type, case_value))
            if m.any():
                out.append((label.strip('"'), m))
                remaining &= ~m
        if remaining.any():
            out.append((ins.targets[0], remaining))
        merged: dict[str, np.ndarray] = {}
        for label, m in out:
            merged[label] = merged[label] | m if label in merged else m
        items = sorted(merged.items(), key=lambda item: self.block_id.get(item[0], 0))
        if len(items) == 1:
            return items[0][0]
        return items

    # ---- values -------------------------------------------------------------

    def value_of(self, type_text: str, text: str) -> Any:
        """An operand's value: a per-thread array (or Ptr, handle, tuple)."""
        text = text.strip()
        if text.startswith("%"):
            v = self.values.get(text)
            if v is None:
                raise RunError(f"the value {text} is used before it is computed")
            return v
        if text.startswith("@"):
            mem = self.memories.get(text)
            if mem is None:
                raise RunError(f"unknown global {text}")
            return Ptr(mem, np.zeros(self.d.count, dtype=np.int64))
        if text.startswith("getelementptr"):
            # A constant expression: getelementptr inbounds (T, T* @g, i32 0, ...).
            rest = text[len("getelementptr"):].strip()
            inbounds = rest.startswith("inbounds")
            rest = rest[len("inbounds"):].strip() if inbounds else rest
            return self._gep(rest.strip()[1:-1])
        if text.startswith(("bitcast (", "addrspacecast (")):
            inner = text.split("(", 1)[1].rsplit(" to ", 1)[0]
            p = R.take_operand(inner)
            return self.value_of(p.type, p.value)
        return self.constant(self.types.get(type_text), text)

    def constant(self, t: MemoryType, text: str) -> Any:
        """A constant's value for every thread, read by the one reader of
        constants (`dxil.operands.constant_value`)."""
        if t.kind in ("opaque", "pointer", "void"):
            if text in ("undef", "poison", "zeroinitializer", "null") or t.kind == "opaque":
                return None
            raise RunError(f"cannot read the constant '{text}' of type '{t.text}'")
        key = (t.text, text)
        value = self._constants.get(key)
        if value is None:
            try:
                value = self._constants[key] = operands.constant_value(self.types.types.get(t.text), text)
            except IRError as err:
                raise RunError(str(err)) from None
        return self._per_thread(t, value)

    def _per_thread(self, t: MemoryType, value: Any) -> Any:
        n = self.d.count
        if t.kind == "scalar":
            return np.full(n, value, dtype=t.dtype)
        if t.kind == "vector":
            return np.tile(np.array(value, dtype=t.dtype), (n, 1))
        if t.kind in ("struct", "array"):
            items = t.fields if t.kind == "struct" else [t.elem] * t.count
            return tuple(self._per_thread(f, v) for f, v in zip(items, value))
        return None

    # ---- instructions ---------------------------------------------------------

    def _operands(self, ins: R.Instruction) -> list[R.Operand]:
        body = ins.text.split("=", 1)[1] if ins.result is not None else ins.text
        body = R._ATTACHMENT.sub("", body).strip()
        rest = body.split(None, 1)[1] if " " in body else ""
        return rest

    def _execute(self, ins: R.Instruction, mask: np.ndarray) -> Any:
        op = ins.opcode
        rest = self._operands(ins)
        if op in _BINARY:
            words = rest.split()
            while words[0] in ("nsw", "nuw", "exact", "fast", "nnan", "ninf", "nsz", "arcp", "contract",
                               "afn", "reassoc"):
                rest = rest[len(words[0]):].lstrip()
                words = rest.split()
            t_text, tail = R.take_type(rest)
            a_text, b_text = R.split_top(tail)
            t = self.types.get(t_text)
            a, b = self.value_of(t_text, a_text), self.value_of(t_text, b_text)
            return _binary(op, a, b, t)
        if op == "fneg":
            t_text, tail = R.take_type(rest)
            return -self.value_of(t_text, tail)
        if op in ("icmp", "fcmp"):
            pred, tail = rest.split(None, 1)
            while pred in _FAST_MATH_FLAGS:        # fcmp fast ogt ...
                pred, tail = tail.split(None, 1)
            t_text, tail = R.take_type(tail)
            a_text, b_text = R.split_top(tail)
            t = self.types.get(t_text)
            return _compare(op, pred, self.value_of(t_text, a_text), self.value_of(t_text, b_text), t)
        if op == "select":
            parts = [R.take_operand(p) for p in R.split_top(rest)]
            c = self.value_of(parts[0].type, parts[0].value).astype(bool)
            a = self.value_of(parts[1].type, parts[1].value)
            b = self.value_of(parts[2].type, parts[2].value)
            if not isinstance(a, np.ndarray):
                return merge(b, a, c & mask) if a is not None else b
            if isinstance(a, np.ndarray) and a.ndim == 2 and c.ndim == 1:
                c = c[:, None]
            return np.where(c, a, b)
        if op in _CASTS:
            m = re.match(r"(.*)\bto\s+(.*)$", rest)
            src = R.take_operand(m.group(1).strip())
            dst = self.types.get(R.take_type(m.group(2))[0])
            return _cast(op, self.value_of(src.type, src.value), self.types.get(src.type), dst)
        if op == "alloca":
            t = self.types.get(R.take_type(R.split_top(rest)[0])[0])
            mem = self.memories.get(ins.result)
            if mem is None:
                mem = self.memories[ins.result] = Memory(ins.result, t.size, self.d.count,
                                                         np.arange(self.d.count, dtype=np.int64))
            return Ptr(mem, np.zeros(self.d.count, dtype=np.int64))
        if op == "load":
            parts = R.split_top(rest)
            t = self.types.get(R.take_type(parts[0])[0])
            p = R.take_operand(parts[1])
            ptr = self.value_of(p.type, p.value)
            if self.check and t.kind in ("struct", "array"):
                # A whole struct loaded for one member (`s[3].density`):
                # --check reads only the elements the shader extracts.
                used = self.used_components(ins)
                if used is not None:
                    return self._load_elements(ptr, t, mask, used)
            return self.load(ptr, t, mask)
        if op == "store":
            parts = R.split_top(rest)
            v = R.take_operand(parts[0])
            p = R.take_operand(parts[1])
            self.store(self.value_of(p.type, p.value), self.types.get(v.type), self.value_of(v.type, v.value), mask)
            return None
        if op == "getelementptr":
            return self._gep(rest)
        if op == "extractvalue":
            parts = R.split_top(rest)
            agg = R.take_operand(parts[0])
            v = self.value_of(agg.type, agg.value)
            for k in parts[1:]:
                v = v[int(k)]
            return v
        if op == "insertvalue":
            parts = R.split_top(rest)
            agg = R.take_operand(parts[0])
            elem = R.take_operand(parts[1])
            v = list(self.value_of(agg.type, agg.value))
            index = [int(k) for k in parts[2:]]
            if len(index) != 1:
                raise RunError("nested insertvalue indices are not supported")
            v[index[0]] = self.value_of(elem.type, elem.value)
            return tuple(v)
        if op == "extractelement":
            parts = [R.take_operand(p) for p in R.split_top(rest)]
            vec = self.value_of(parts[0].type, parts[0].value)
            idx = self.value_of(parts[1].type, parts[1].value).astype(np.int64)
            idx = np.clip(idx, 0, vec.shape[1] - 1)
            return vec[np.arange(len(idx)), idx]
        if op == "insertelement":
            parts = [R.take_operand(p) for p in R.split_top(rest)]
            vec = self.value_of(parts[0].type, parts[0].value).copy()
            elem = self.value_of(parts[1].type, parts[1].value)
            idx = self.value_of(parts[2].type, parts[2].value).astype(np.int64)
            idx = np.clip(idx, 0, vec.shape[1] - 1)
            vec[np.arange(len(idx)), idx] = elem
            return vec
        if op == "shufflevector":
            parts = [R.take_operand(p) for p in R.split_top(rest)]
            a = self.value_of(parts[0].type, parts[0].value)
            b = self.value_of(parts[1].type, parts[1].value)
            both = np.concatenate([a, b], axis=1)
            width = self.types.get(parts[2].type).count
            mask_text = parts[2].value.strip()
            if mask_text in ("zeroinitializer", "undef", "poison"):
                lanes = [0] * width
            else:
                lanes = [0 if x.strip().endswith(("undef", "poison")) else int(x.split()[-1])
                         for x in R.split_top(mask_text[1:-1])]
            return both[:, lanes]
        if op == "phi":
            t_text, tail = R.take_type(rest)
            out = None
            for value_text, label in ins.incoming:
                came = (self.prev == self.block_id[label]) & mask
                if not came.any() and out is not None:
                    continue            # (a back edge's value, not computed yet on the first pass)
                if not came.any() and value_text.strip().startswith("%") and value_text.strip() not in self.values:
                    continue
                v = self.value_of(t_text, value_text)
                if not isinstance(v, np.ndarray):
                    # Matrix values (and undef ones, None): merged per owner.
                    if v is not None:
                        out = v if out is None else merge(out, v, came)
                    continue
                out = v.copy() if out is None else out
                if v.ndim == 2:
                    out[came] = v[came]
                else:
                    out = np.where(came, v, out)
            return out
        if op == "call":
            return self._call(ins, mask)
        if op in ("atomicrmw", "cmpxchg"):
            return self._llvm_atomic(ins, rest, mask)
        raise RunError(f"the executor does not run the instruction '{op}'")

    def _gep(self, rest: str) -> Ptr:
        """A getelementptr's pointer (an instruction's operands, or those of
        a constant expression such as DXC's groupshared array operands)."""
        text = rest[len("inbounds"):].strip() if rest.startswith("inbounds") else rest
        parts = R.split_top(text)
        base_t = self.types.get(R.take_type(parts[0])[0])
        p = R.take_operand(parts[1])
        ptr = self.value_of(p.type, p.value)
        offset = ptr.offset.copy()
        t = base_t
        for k, part in enumerate(parts[2:]):
            idx_op = R.take_operand(part)
            idx = self.value_of(idx_op.type, idx_op.value)
            idx = _signed(idx, self.types.get(idx_op.type)).astype(np.int64)
            if k == 0:
                offset = offset + idx * element_stride(t)
                continue
            if t.kind == "struct":
                field = int(idx[0])
                offset = offset + t.offsets[field]
                t = t.fields[field]
            else:
                t = t.elem
                offset = offset + idx * element_stride(t)
        return Ptr(ptr.mem, offset)

    # ---- memory ---------------------------------------------------------------

    def load(self, ptr: Ptr, t: MemoryType, mask: np.ndarray) -> Any:
        if t.kind == "scalar":
            v = ptr.mem.load(ptr.offset, t.dtype if t.text != "i1" else np.dtype(np.uint8), mask)
            return v.astype(bool) if t.text == "i1" else v
        if t.kind == "vector":
            step = element_stride(t.elem)
            cols = [self.load(Ptr(ptr.mem, ptr.offset + k * step), t.elem, mask) for k in range(t.count)]
            return np.stack(cols, axis=1)
        if t.kind in ("struct", "array"):
            items = list(zip(t.offsets, t.fields)) if t.kind == "struct" else \
                [(k * element_stride(t.elem), t.elem) for k in range(t.count)]
            return tuple(self.load(Ptr(ptr.mem, ptr.offset + off), ft, mask) for off, ft in items)
        if t.kind in ("opaque", "pointer"):
            # Handles, matrix references and pointers kept in allocas.
            return load_object(ptr, mask)
        raise RunError(f"cannot load a '{t.text}'")

    def _load_elements(self, ptr: Ptr, t: MemoryType, mask: np.ndarray, used: set[int]) -> tuple:
        """A struct or array loaded with only the elements `used` read for
        --check; the others are loaded for no thread (not checked)."""
        items = list(zip(t.offsets, t.fields)) if t.kind == "struct" else \
            [(k * element_stride(t.elem), t.elem) for k in range(t.count)]
        none = np.zeros_like(mask)
        return tuple(self.load(Ptr(ptr.mem, ptr.offset + off), ft, mask if k in used else none)
                     for k, (off, ft) in enumerate(items))

    def store(self, ptr: Ptr, t: MemoryType, value: Any, mask: np.ndarray) -> None:
        if t.kind == "scalar":
            v = value.astype(np.uint8) if t.text == "i1" else value.astype(t.dtype, copy=False)
            ptr.mem.store(ptr.offset, v, mask)
        elif t.kind == "vector":
            step = element_stride(t.elem)
            for k in range(t.count):
                self.store(Ptr(ptr.mem, ptr.offset + k * step), t.elem, value[:, k], mask)
        elif t.kind in ("struct", "array"):
            items = list(zip(t.offsets, t.fields)) if t.kind == "struct" else \
                [(k * element_stride(t.elem), t.elem) for k in range(t.count)]
            for (off, ft), v in zip(items, value):
                self.store(Ptr(ptr.mem, ptr.offset + off), ft, v, mask)
        elif t.kind in ("opaque", "pointer"):
            store_object(ptr, value, mask)
        else:
            raise RunError(f"cannot store a '{t.text}'")

    def _llvm_atomic(self, ins: R.Instruction, rest: str, mask: np.ndarray) -> Any:
        return llvm_atomic(self, ins, rest, mask)

    # ---- calls ----------------------------------------------------------------

    def _call(self, ins: R.Instruction, mask: np.ndarray) -> Any:
        name = ins.callee[1:]
        if not name.startswith("dx.op."):
            raise RunError(f"the executor runs entry functions whose calls are inlined; '{name}' is a call")
        opcode = ins.args[0].const
        op = next((o for o in ir_ops.by_function(name) if o.opcode == opcode), None)
        if op is None:
            raise RunError(f"unknown operation {name} with opcode {opcode}")
        handler = OPERATIONS.get(op.name)
        if handler is None:
            why = UNSUPPORTED.get(op.name)
            raise RunError(f"the executor does not run dx.op {op.name} ({opcode})" + (f": {why}" if why else " yet"),
                           ins.line)
        args = [self.value_of(a.type, a.value) if a.type not in ("metadata",) else None for a in ins.args[1:]]
        return handler(self, ins, op, args, mask)


# --------------------------------------------------------------------------
# Scalar semantics

_FAST_MATH_FLAGS = frozenset({"fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"})
_BINARY = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor",
           "fadd", "fsub", "fmul", "fdiv", "frem"}
_CASTS = {"zext", "sext", "trunc", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "bitcast",
          "addrspacecast", "ptrtoint", "inttoptr"}


def _float_to_int(v: np.ndarray, dt: Any) -> np.ndarray:
    """D3D's float-to-integer conversion: toward zero, NaN to 0, values past
    the integer's range saturated to its bounds (worked out in float64, where
    the bounds of a 32-bit integer are exact: a float32 clip rounds
    2^31 - 1 up to 2^31, which wraps)."""
    info = np.iinfo(dt)
    f = np.nan_to_num(np.asarray(v, dtype=np.float64), nan=0.0)
    hi = f >= float(info.max)
    lo = f <= float(info.min)
    out = np.where(hi | lo, 0.0, f).astype(dt)
    out[hi] = info.max
    out[lo] = info.min
    return out


def _signed(v: np.ndarray, t: MemoryType) -> np.ndarray:
    dt = t.dtype if t.kind == "scalar" else t.elem.dtype if t.elem is not None else None
    return v.view(SIGNED[dt]) if dt is not None and dt in SIGNED and dt != np.bool_ else v


def _binary(op: str, a: np.ndarray, b: np.ndarray, t: MemoryType) -> np.ndarray:
    dt = t.dtype if t.kind == "scalar" else t.elem.dtype
    with np.errstate(all="ignore"):
        if op[0] == "f" and dt == np.float32:
            a, b = ftz(a), ftz(b)
            if op == "fadd":
                return ftz(a + b)
            if op == "fsub":
                return ftz(a - b)
            if op == "fmul":
                return ftz(a * b)
            if op == "fdiv":
                return ftz(a / b)
            if op == "frem":
                return ftz(np.fmod(a, b))
        if op in ("add", "fadd"):
            return a + b
        if op in ("sub", "fsub"):
            return a - b
        if op in ("mul", "fmul"):
            return a * b
        if op == "fdiv":
            return a / b
        if op == "frem":
            return np.fmod(a, b)
        if dt == np.bool_:
            if op == "and":
                return a & b
            if op == "or":
                return a | b
            if op == "xor":
                return a ^ b
            if op in ("add", "sub"):
                return a ^ b
        if op == "and":
            return a & b
        if op == "or":
            return a | b
        if op == "xor":
            return a ^ b
        bits = dt.itemsize * 8
        if op in ("shl", "lshr", "ashr"):
            s = (b % bits).astype(dt)
            if op == "shl":
                return (a << s).astype(dt)
            if op == "lshr":
                return (a >> s).astype(dt)
            sd = SIGNED[dt]
            return (a.view(sd) >> s.astype(sd)).view(dt)
        # Integer division by zero: D3D defines udiv/urem by 0 as all ones;
        # signed division by zero is undefined there: -1 / all ones as well.
        if op in ("udiv", "urem"):
            zero = b == 0
            safe = np.where(zero, 1, b).astype(dt)
            r = (a // safe) if op == "udiv" else (a % safe)
            return np.where(zero, np.array(-1).astype(dt) if op == "udiv" else np.array(-1).astype(dt), r).astype(dt)
        if op in ("sdiv", "srem"):
            sd = SIGNED[dt]
            sa, sb = a.view(sd), b.view(sd)
            zero = sb == 0
            safe = np.where(zero, 1, sb).astype(sd)
            q = np.trunc(sa.astype(np.float64) / safe.astype(np.float64)) if bits < 64 else None
            if q is None:
                qi = np.abs(sa) // np.abs(safe) * np.sign(sa) * np.sign(safe)
            else:
                qi = q.astype(np.int64)
            if op == "sdiv":
                r = qi.astype(sd)
            else:
                r = (sa - qi.astype(sd) * safe).astype(sd)
            return np.where(zero, np.array(-1).astype(sd), r).astype(sd).view(dt)
    raise RunError(f"unknown binary operation '{op}'")


_ICMP = {"eq": np.equal, "ne": np.not_equal, "ugt": np.greater, "uge": np.greater_equal, "ult": np.less,
         "ule": np.less_equal, "sgt": np.greater, "sge": np.greater_equal, "slt": np.less, "sle": np.less_equal}
_FCMP = {"oeq": (np.equal, False), "one": (np.not_equal, False), "ogt": (np.greater, False),
         "oge": (np.greater_equal, False), "olt": (np.less, False), "ole": (np.less_equal, False),
         "ueq": (np.equal, True), "une": (np.not_equal, True), "ugt": (np.greater, True),
         "uge": (np.greater_equal, True), "ult": (np.less, True), "ule": (np.less_equal, True)}


def _compare(op: str, pred: str, a: np.ndarray, b: np.ndarray, t: MemoryType) -> np.ndarray:
    if op == "icmp":
        if pred.startswith("s"):
            a, b = _signed(a, t), _signed(b, t)
        return _ICMP[pred](a, b)
    with np.errstate(all="ignore"):
        if pred == "ord":
            return ~(np.isnan(a) | np.isnan(b))
        if pred == "uno":
            return np.isnan(a) | np.isnan(b)
        if pred == "true":
            return np.ones(a.shape, dtype=bool)
        if pred == "false":
            return np.zeros(a.shape, dtype=bool)
        fn, unordered = _FCMP[pred]
        r = fn(a, b)
        nan = np.isnan(a) | np.isnan(b)
        return (r | nan) if unordered else (r & ~nan)


def _cast(op: str, v: Any, src: MemoryType, dst: MemoryType) -> Any:
    if op in ("bitcast", "addrspacecast") and isinstance(v, Ptr):
        return v
    if op in ("bitcast", "addrspacecast") and v is None:
        return None
    ddt = dst.dtype if dst.kind == "scalar" else dst.elem.dtype if dst.elem is not None else None
    with np.errstate(all="ignore"):
        if op == "zext":
            return v.astype(ddt)
        if op == "sext":
            if src.text == "i1" or (src.elem is not None and src.elem.text == "i1"):
                return np.where(v, np.array(-1).astype(SIGNED[ddt]), 0).astype(SIGNED[ddt]).view(ddt)
            return _signed(v, src).astype(SIGNED[ddt]).view(ddt)
        if op == "trunc":
            if ddt == np.bool_:
                return (v & 1).astype(bool)
            return v.astype(ddt)
        if op in ("fptrunc", "fpext"):
            return v.astype(ddt)
        if op == "fptoui":
            if ddt == np.bool_:
                return v != 0
            return _float_to_int(v, ddt)
        if op == "fptosi":
            if ddt == np.bool_:
                return v != 0
            return _float_to_int(v, SIGNED[ddt]).view(ddt)
        if op == "uitofp":
            return v.astype(ddt)
        if op == "sitofp":
            return _signed(v, src).astype(ddt)
        if op == "bitcast":
            return np.ascontiguousarray(v).view(ddt)
    raise RunError(f"the executor does not run the cast '{op}' from '{src.text}' to '{dst.text}'")
