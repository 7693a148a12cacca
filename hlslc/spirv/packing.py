"""Packed groupshared arrays: consecutive stores of 16- and 32-bit elements
as one store of 4, 8 or 16 bytes.

Why: kernels stage data through groupshared memory element by element (a
16-byte load of global memory becomes eight 16-bit stores), and SPIR-V's
logical addressing gives the driver no way to tell that eight stores to
`half Tile[at + 0..7]` are one aligned 16-byte store: `at` is a multiple of
8 only by arithmetic the driver does not redo.  On an H100 the copies of the
GEMM benchmark's tiles took most of its time (bench/run_gpu_gemm.py
-D PROBE_NO_STAGE: 185 -> 366 TFLOP/s without them).

What: a groupshared array of 16- or 32-bit scalars is declared as an array
of `uint`, `uvec2` or `uvec4` (a *unit* of U elements) when every access to
it can be written that way:

- each store belongs to a run of stores, in one block with no other access
  to the array (and no call) between them, to the indices `base + c` for U
  consecutive c, starting at a multiple of U, with `base` a known multiple
  of U: the run becomes one store of the unit, where its last store was;
- a load of one element reads its 32-bit word and takes the element out;
- a cooperative-matrix load or store (dx::linalg Wave scope, Wave Matrix)
  starts at a multiple of U with a stride that is a multiple of U: the
  matrix is read from the unit array (SPV_KHR_cooperative_matrix allows a
  pointer of another type; the stride counts units).

Anything else (an atomic, a generic ThreadGroup-scope matrix, a pointer
that escapes, a store on its own) keeps the array as it is.  Multiples are
proved by a small dataflow over the IR: constants, +, -, *, <<, &, |, %,
conversions, selects, phis and the function's local scalar variables (the
largest power of two that divides every value stored to them, by a fixed
point from the top, which is an inductive invariant)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dxil import ops as ir_ops
from ..dxil import reader as R
from ..dxil.operands import Operand
from ..dxil.types import IRError, IRType

if TYPE_CHECKING:  # pragma: no cover
    from .translate import Translator

TOP = 1 << 20          # "a multiple of everything we ask about" (0, or not yet seen)

# dx.op operations that read or write groupshared memory as a matrix: the
# array is operand 2, the start index 3 and the stride 4 (opcode is 0).
_MATRIX_MEMORY = {"MatrixLoadFromMemory", "MatrixStoreToMemory", "MatrixAccumulateToMemory",
                  "WaveMatrix_LoadGroupShared", "WaveMatrix_StoreGroupShared"}


def _pow2(c: int) -> int:
    c &= 0xFFFFFFFF
    return TOP if c == 0 else min(TOP, c & -c)


class Chunk:
    """U stores merged into one: the element index of each (by offset from
    the run's base) and the value stored, filled as the translation meets
    them; `last` the line of the store that writes the unit."""

    def __init__(self, start: int, lines: dict[int, int], last: int) -> None:
        self.start = start            # the offset of its first element
        self.lines = lines            # IR line of a store -> its offset
        self.last = last
        self.values: dict[int, int] = {}
        self.index: int | None = None  # id of the first element's index


class PackedArray:
    """A groupshared array declared as `units` units of U elements of
    `element`; `words` 32-bit words per unit."""

    def __init__(self, name: str, element: IRType, count: int, unit: int) -> None:
        self.name = name
        self.element = element
        self.unit = unit
        self.shift = unit.bit_length() - 1
        self.words = unit * element.bits // 32
        self.units = -(-count // unit)
        self.var: int | None = None


class PackedElement:
    """A pointer to one element of a packed array: `index` the id of its
    element index."""

    def __init__(self, array: PackedArray, index: int) -> None:
        self.array = array
        self.index = index


class Plan:
    """Which groupshared arrays are packed, and the role of each store."""

    def __init__(self) -> None:
        self.arrays: dict[str, PackedArray] = {}
        self.stores: dict[int, Chunk] = {}   # IR line of a store -> its chunk
        self._multiple: Any = None

    def multiple(self, op: Operand) -> int:
        """The largest power of two known to divide an integer operand of
        the entry function (1 when unknown)."""
        if self._multiple is None:
            c = op.const_int
            return 1 if c is None else _pow2(c)
        try:
            return self._multiple(op)
        except (IRError, KeyError, ValueError, IndexError, RecursionError):
            return 1


class _Run:
    """Stores with one symbolic base between two other accesses."""

    def __init__(self, base: Any) -> None:
        self.base = base
        self.items: list[tuple[int, int]] = []   # (offset, IR line), in program order


class _Array:
    def __init__(self, name: str, element: IRType, count: int) -> None:
        self.name = name
        self.element = element
        self.count = count
        self.ok = True
        self.runs: list[_Run] = []
        self.matrix_multiples: list[int] = []     # min(start, stride) multiples of the matrix accesses


def plan(tr: "Translator", fn: R.Function) -> Plan:
    """The packing of the entry function's groupshared arrays."""
    out = Plan()
    try:
        planner = _Planner(tr, fn)
        planner.prepare()
        out._multiple = planner.multiple
        return planner.run(out)
    except (IRError, KeyError, ValueError, IndexError, RecursionError):
        # What the analysis does not understand keeps every array as it is;
        # the translation reports it if it is really wrong.
        return Plan()


class _Planner:
    def __init__(self, tr: "Translator", fn: R.Function) -> None:
        self.tr = tr
        self.fn = fn
        self.defining: dict[str, R.Instruction] = {}
        self.users: dict[str, list[R.Instruction]] = {}
        for block in fn.blocks:
            for ins in block.instructions:
                if ins.result is not None:
                    self.defining[ins.result] = ins
                for used in ins.uses:
                    self.users.setdefault(used, []).append(ins)
        self.cells: dict[str, int] = {}
        self.stored: dict[str, list[Operand]] = {}
        self.memo: dict[str, int] = {}

    # -- candidates ---------------------------------------------------------------

    def candidates(self) -> dict[str, _Array]:
        found: dict[str, _Array] = {}
        for name, g in self.tr.ir.globals.items():
            if g.addrspace != 3:
                continue
            t = self.tr.types.get(g.type)
            if t.kind != "array" or t.elem is None or t.elem.kind not in ("int", "float") \
                    or t.elem.bits not in (16, 32) or t.count < 2:
                continue
            found[name] = _Array(name, t.elem, t.count)
        return found

    # -- multiples ------------------------------------------------------------------

    def _tracked_allocas(self) -> None:
        for name, ins in self.defining.items():
            if ins.opcode != "alloca":
                continue
            t = self.tr.parse(ins).type
            if t is None or t.kind != "int":
                continue
            values: list[Operand] = []
            for user in self.users.get(name, []):
                if user.opcode == "load" and user.pointer == name:
                    continue
                if user.opcode == "store" and user.pointer == name and user.stored != name:
                    values.append(self.tr.parse(user).operands[0])
                    continue
                break
            else:
                self.stored[name] = values
                self.cells[name] = TOP if values else 1

    def _fixed_point(self) -> None:
        phis = {name: ins for name, ins in self.defining.items() if ins.opcode == "phi"}
        for name in phis:
            self.cells[name] = TOP
        for _ in range(64):
            self.memo = {}
            changed = False
            for name, values in self.stored.items():
                new = min([self.cells[name]] + [self.multiple(v) for v in values]) if values else 1
                if new != self.cells[name]:
                    self.cells[name], changed = new, True
            for name, ins in phis.items():
                parsed = self.tr.parse(ins)
                new = self.cells[name]
                for value, _ in ins.incoming:
                    new = min(new, self.multiple(Operand(parsed.type, value)))
                if new != self.cells[name]:
                    self.cells[name], changed = new, True
            if not changed:
                break
        else:
            raise ValueError("no fixed point")
        self.memo = {}

    def multiple(self, op: Operand) -> int:
        """The largest power of two (up to TOP) known to divide `op`."""
        c = op.const_int
        if c is not None:
            return _pow2(c)
        if not op.is_local:
            return 1
        name = op.value
        found = self.memo.get(name)
        if found is None:
            found = self.memo[name] = self._multiple_of(name)
        return found

    def _multiple_of(self, name: str) -> int:
        if name in self.cells and self.defining.get(name) is not None and self.defining[name].opcode == "phi":
            return self.cells[name]
        ins = self.defining.get(name)
        if ins is None:
            return 1
        op = ins.opcode
        if op == "load":
            return self.cells.get(ins.pointer or "", 1)
        if op not in ("add", "sub", "mul", "shl", "lshr", "udiv", "and", "or", "xor", "urem", "srem",
                      "zext", "sext", "trunc", "select"):
            return 1
        parsed = self.tr.parse(ins)
        if parsed.type is None or parsed.type.kind != "int":
            return 1
        ops = parsed.operands
        if op in ("zext", "sext", "trunc"):
            return self.multiple(ops[0])
        if op == "select":
            return min(self.multiple(ops[1]), self.multiple(ops[2]))
        a, b = self.multiple(ops[0]), self.multiple(ops[1])
        if op in ("add", "sub", "or", "xor", "urem", "srem"):
            return min(a, b)
        if op == "mul":
            return min(TOP, a * b)
        if op == "and":
            return max(a, b)
        k = ops[1].const_int
        if k is None or not 0 <= k < 32 and op != "udiv":
            return 1
        if op == "shl":
            return min(TOP, a << k)
        if op == "lshr":
            return max(1, a >> k)
        if op == "udiv" and k > 0 and k & (k - 1) == 0:
            return max(1, a // k)
        return 1

    # -- bases --------------------------------------------------------------------------

    def split(self, op: Operand, versions: dict[int, int]) -> tuple[Any, int]:
        """An index as (symbolic base, constant offset)."""
        c = op.const_int
        if c is not None:
            return (None, c)
        ins = self.defining.get(op.value) if op.is_local else None
        if ins is None:
            return (op.value, 0)
        if ins.opcode in ("add", "sub"):
            ops = self.tr.parse(ins).operands
            k = ops[1].const_int
            if k is not None:
                base, off = self.split(ops[0], versions)
                return (base, off + k if ins.opcode == "add" else off - k)
            k = ops[0].const_int
            if k is not None and ins.opcode == "add":
                base, off = self.split(ops[1], versions)
                return (base, off + k)
        if ins.opcode in ("zext", "sext") and ins.result is not None:
            return self.split(self.tr.parse(ins).operands[0], versions)
        if ins.opcode == "load" and ins.pointer in self.stored:
            # Two loads of a variable in one block with no store between
            # them read the same value.
            return (("load", ins.pointer, ins.block.name, versions.get(ins.line, 0)), 0)
        return (op.value, 0)

    def _base_multiple(self, base: Any) -> int:
        if base is None:
            return TOP
        if isinstance(base, tuple):
            return self.cells.get(base[1], 1)
        return self.multiple(Operand(IRType("i32", "int"), base))

    def prepare(self) -> None:
        self._tracked_allocas()
        self._fixed_point()

    # -- the scan -------------------------------------------------------------------------

    def run(self, out: Plan) -> Plan:
        arrays = self.candidates()
        if not arrays:
            return out
        # Pointers to elements: getelementptr [N x T], @G, 0, idx.
        elements: dict[str, tuple[_Array, Operand]] = {}
        for name, arr in arrays.items():
            for block in self.fn.blocks:
                for ins in block.instructions:
                    if name not in ins.text:
                        continue
                    if ins.opcode != "getelementptr" or ins.result is None:
                        arr.ok = False
                        continue
                    ops = self.tr.parse(ins).operands
                    if ops[0].value != name or len(ops) != 3 or ops[1].const_int != 0 \
                            or any(o.value == name for o in ops[1:]):
                        arr.ok = False
                        continue
                    elements[ins.result] = (arr, ops[2])
        for ptr, (arr, index) in elements.items():
            for user in self.users.get(ptr, []):
                if not self._use_ok(user, ptr, arr, index):
                    arr.ok = False
        for block in self.fn.blocks:
            self._block_runs(block, elements)
        for arr in arrays.values():
            if arr.ok:
                self._choose(arr, out)
        return out

    def _use_ok(self, user: R.Instruction, ptr: str, arr: _Array, index: Operand) -> bool:
        if user.opcode == "load":
            return user.pointer == ptr and self.tr.parse(user).type.text == arr.element.text
        if user.opcode == "store":
            return user.pointer == ptr and user.stored != ptr and \
                self.tr.parse(user).operands[0].type.text == arr.element.text
        if user.opcode != "call" or not (user.callee or "").startswith("@dx.op."):
            return False
        args = user.args
        opcode = args[0].const if args else None
        try:
            name = ir_ops.by_opcode(opcode).name
        except (KeyError, ValueError, TypeError):
            return False
        if name not in _MATRIX_MEMORY or len(args) < 5 or args[2].value != ptr \
                or any(a.value == ptr for k, a in enumerate(args) if k != 2):
            return False
        if name.startswith("Matrix"):
            try:
                if self.tr.matrices.generic(self.tr.matrices.of_name(args[1].value).type):
                    return False
            except Exception:       # a matrix the translation will report
                return False
        types = self.tr.types
        start = Operand(types.get(args[3].type), args[3].value)
        stride = Operand(types.get(args[4].type), args[4].value)
        arr.matrix_multiples.append(min(self.multiple(index), self.multiple(start), self.multiple(stride)))
        return True

    def _block_runs(self, block: R.Block, elements: dict[str, tuple[_Array, Operand]]) -> None:
        versions: dict[int, int] = {}
        counts: dict[str, int] = {}
        for ins in block.instructions:
            if ins.opcode == "load" and ins.pointer in self.stored:
                versions[ins.line] = counts.get(ins.pointer, 0)
            elif ins.opcode == "store" and ins.pointer in self.stored:
                counts[ins.pointer] = counts.get(ins.pointer, 0) + 1
        open_runs: dict[str, dict[Any, _Run]] = {}

        def close(name: str | None = None) -> None:
            for key in ([name] if name is not None else list(open_runs)):
                open_runs.pop(key, None)

        for ins in block.instructions:
            target = elements.get(ins.pointer or "") if ins.opcode in ("store", "load") else None
            if ins.opcode == "store" and target is not None:
                arr, index = target
                base, offset = self.split(index, versions)
                runs = open_runs.setdefault(arr.name, {})
                run = runs.get(base)
                if run is None and runs:
                    # Another base may name the same elements: stores of two
                    # bases do not interleave (a chunk left open fails).
                    runs.clear()
                if run is None:
                    run = runs[base] = _Run(base)
                    arr.runs.append(run)
                run.items.append((offset, ins.line))
            elif target is not None:
                close(target[0].name)
            elif ins.opcode in ("call", "atomicrmw", "cmpxchg", "fence"):
                close()
        # A store whose pointer is not a known element keeps its array as is
        # (seen in _use_ok); runs end with the block.

    def _choose(self, arr: _Array, out: Plan) -> None:
        size = arr.element.bits // 8
        for unit_bytes in (16, 8, 4):
            unit = unit_bytes // size
            if unit < 2 and size == 4:
                break
            if any(m < unit for m in arr.matrix_multiples):
                continue
            chunks = self._chunks(arr, unit)
            if chunks is None:
                continue
            if not chunks:
                return          # no run of stores: nothing gained
            packed = PackedArray(arr.name, arr.element, arr.count, unit)
            out.arrays[arr.name] = packed
            for chunk in chunks:
                for line in chunk.lines:
                    out.stores[line] = chunk
            return

    def _chunks(self, arr: _Array, unit: int) -> list[Chunk] | None:
        chunks: list[Chunk] = []
        for run in arr.runs:
            if self._base_multiple(run.base) < unit:
                return None
            by_offset: dict[int, int] = {}
            for offset, line in run.items:
                if offset in by_offset:
                    return None
                by_offset[offset] = line
            starts = sorted({off - off % unit for off in by_offset})
            for start in starts:
                lines = {}
                for off in range(start, start + unit):
                    if off not in by_offset:
                        return None
                    lines[by_offset[off]] = off - start
                chunks.append(Chunk(start, lines, max(lines)))
        return chunks
