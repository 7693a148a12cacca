"""What the executor and its operations (`ops`, `linalg`, `wavematrix`)
share: per-thread pointers into memory, the memory objects (with the
--check shadow of groupshared memory), resource handles, the slots that
keep handles and matrices in memory, and the small value helpers (an
element's stride, merging a value some threads recomputed, flushing float
denormals).

Owns: `Ptr`, `Memory`, `Shadow`, `Handle`, `Slot`, `ThreadValue`,
`load_object`, `store_object`, `element_stride`, `merge`, `ftz`.  Does not own: running
instructions (`executor`), the `dx.op` handlers and their registry (`ops`),
the IR's types (`types`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .errors import RunError

if TYPE_CHECKING:
    from .executor import Executor
    from .layout import MemoryType


class Ptr:
    """A pointer per thread: a memory object and a byte offset per thread."""

    __slots__ = ("mem", "offset")

    def __init__(self, mem: "Memory", offset: np.ndarray) -> None:
        self.mem = mem
        self.offset = offset


class Memory:
    """Bytes a row per owner: per thread (private), per group (groupshared)."""

    __slots__ = ("data", "rows", "name", "objects", "shadow")

    def __init__(self, name: str, size: int, owners: int, row_of_thread: np.ndarray) -> None:
        self.name = name
        self.data = np.zeros((owners, max(size, 1)), dtype=np.uint8)
        self.rows = row_of_thread
        self.objects: dict[int, Any] = {}     # byte offset -> a handle or matrix stored there
        self.shadow: "Shadow | None" = None   # groupshared memory under --check

    def load(self, offset: np.ndarray, dtype: np.dtype, mask: np.ndarray) -> np.ndarray:
        n = dtype.itemsize
        idx = offset.astype(np.int64)[:, None] + np.arange(n)
        idx = np.clip(idx, 0, self.data.shape[1] - 1)
        if self.shadow is not None:
            self.shadow.read(self, idx, mask)
        raw = self.data[self.rows[:, None], idx]
        return np.ascontiguousarray(raw).view(dtype).reshape(len(offset))

    def store(self, offset: np.ndarray, value: np.ndarray, mask: np.ndarray) -> None:
        value = np.ascontiguousarray(value)
        n = value.dtype.itemsize
        lanes = np.nonzero(mask)[0]
        if not len(lanes):
            return
        raw = value[lanes].view(np.uint8).reshape(len(lanes), n)
        idx = offset[lanes].astype(np.int64)[:, None] + np.arange(n)
        if idx.size and (idx.min() < 0 or idx.max() >= self.data.shape[1]):
            raise RunError(f"a store outside '{self.name}'")
        if self.shadow is not None:
            self.shadow.write(self, idx, lanes)
        self.data[self.rows[lanes][:, None], idx] = raw


class Shadow:
    """--check on groupshared memory: for each byte, the thread that last
    wrote it and the barrier interval (epoch of its group) it did so in,
    and the last thread that read it.  A read of a byte no thread wrote is
    a read of uninitialised memory; a read of a byte another thread wrote
    in the same interval, or a write of a byte another thread read or wrote
    in it, is a data race (nothing orders the two accesses)."""

    def __init__(self, ex: "Executor", mem: Memory) -> None:
        self.ex = ex
        shape = mem.data.shape
        self.writer = np.full(shape, -1, dtype=np.int64)
        self.write_epoch = np.full(shape, -1, dtype=np.int64)
        self.reader = np.full(shape, -1, dtype=np.int64)
        self.read_epoch = np.full(shape, -1, dtype=np.int64)

    def read(self, mem: Memory, idx: np.ndarray, mask: np.ndarray) -> None:
        lanes = np.nonzero(mask)[0]
        if not len(lanes):
            return
        rows = mem.rows[lanes][:, None]
        cells = idx[lanes]
        writer = self.writer[rows, cells]
        if (writer < 0).any():
            lane = lanes[np.nonzero((writer < 0).any(axis=1))[0][0]]
            raise RunError(f"thread {int(lane)} reads groupshared '{mem.name.lstrip('@')}' where no thread has "
                           "written (uninitialised memory)")
        epoch = self.ex.epoch[mem.rows[lanes]][:, None]
        race = (self.write_epoch[rows, cells] == epoch) & (writer != lanes[:, None])
        if race.any():
            k = np.nonzero(race.any(axis=1))[0][0]
            raise RunError(f"data race on groupshared '{mem.name.lstrip('@')}': thread {int(lanes[k])} reads what "
                           f"thread {int(writer[k][race[k]][0])} wrote with no barrier between")
        self.reader[rows, cells] = lanes[:, None]
        self.read_epoch[rows, cells] = epoch

    def write(self, mem: Memory, idx: np.ndarray, lanes: np.ndarray) -> None:
        rows = mem.rows[lanes][:, None]
        epoch = self.ex.epoch[mem.rows[lanes]][:, None]
        other_write = (self.write_epoch[rows, idx] == epoch) & (self.writer[rows, idx] != lanes[:, None]) \
            & (self.writer[rows, idx] >= 0)
        other_read = (self.read_epoch[rows, idx] == epoch) & (self.reader[rows, idx] != lanes[:, None]) \
            & (self.reader[rows, idx] >= 0)
        # Two threads of this very store writing one byte race as well.
        flat = rows * mem.data.shape[1] + idx          # (group, byte) of each byte written
        _, counts = np.unique(flat.reshape(-1), return_counts=True)
        same = bool((counts > 1).any())
        if other_write.any() or other_read.any() or same:
            bad = other_write | other_read
            k = int(np.nonzero(bad.any(axis=1))[0][0]) if bad.any() else 0
            what = "wrote" if other_write.any() else "read"
            who = (self.writer if other_write.any() else self.reader)[rows, idx][k][bad[k]] if bad.any() else []
            other = f"thread {int(who[0])} {what}" if len(who) else "another thread writes"
            raise RunError(f"data race on groupshared '{mem.name.lstrip('@')}': thread {int(lanes[k])} writes "
                           f"where {other} with no barrier between")
        self.writer[rows, idx] = lanes[:, None]
        self.write_epoch[rows, idx] = epoch


class Handle:
    """A resource handle: the resource per thread (one, unless indexed
    non-uniformly into an array of bindings)."""

    __slots__ = ("resources", "index")

    def __init__(self, resources: list[Any], index: np.ndarray | None = None) -> None:
        self.resources = resources
        self.index = index          # per thread: which of `resources`; None: resources[0]

    def single(self, line: int | None = None) -> Any:
        if len(self.resources) == 1:
            return self.resources[0]
        raise RunError("a resource indexed differently per thread is not supported here yet", line)


class ThreadValue:
    """A value of the IR that is neither a per-thread array nor a pointer
    (DXC's LinAlg matrices): it knows how to keep another value's content
    for the threads that did not compute it."""

    __slots__ = ()

    def merge(self, old: Any, mask: np.ndarray) -> Any:
        """This value for the threads in `mask`, `old` for the others."""
        raise NotImplementedError


class Slot:
    """What is stored at one offset of memory holding handles or matrices:
    one value for every thread (`uniform`), or a value per thread."""

    __slots__ = ("uniform", "lanes")

    def __init__(self, uniform: Any) -> None:
        self.uniform = uniform
        self.lanes: list[Any] | None = None


def load_object(ptr: Ptr, mask: np.ndarray) -> Any:
    """A handle (or matrix) kept in memory: what each thread stored there."""
    n = len(ptr.offset)
    lanes = np.nonzero(mask)[0] if mask.any() else np.arange(min(n, 1))
    offsets = np.unique(ptr.offset[lanes])
    if len(offsets) == 1:
        slot = ptr.mem.objects.get(int(offsets[0]))
        if slot is None:
            return None
        if slot.lanes is None:
            return slot.uniform
        per_lane = [slot.lanes[k] for k in lanes]
    else:
        per_lane = []
        for k in lanes:
            slot = ptr.mem.objects.get(int(ptr.offset[k]))
            per_lane.append(None if slot is None else slot.uniform if slot.lanes is None else slot.lanes[k])
    distinct = {id(v): v for v in per_lane}
    if len(distinct) == 1:
        return per_lane[0]
    values = list(distinct.values())
    if all(isinstance(v, ThreadValue) for v in values):
        # Matrix values stored by different threads: each thread's own.
        out = per_lane[0]
        for v in values[1:]:
            mine = np.zeros(n, dtype=bool)
            mine[[lane for lane, w in zip(lanes, per_lane) if w is v]] = True
            out = v.merge(out, mine)
        return out
    if all(isinstance(v, Handle) and len(v.resources) == 1 for v in values):
        resources = [v.resources[0] for v in values]
        index = np.zeros(n, dtype=np.int64)
        order = {id(v): k for k, v in enumerate(values)}
        for lane, v in zip(lanes, per_lane):
            index[lane] = order[id(v)]
        return Handle(resources, index)
    raise RunError("matrices chosen differently per thread are not supported")


def store_object(ptr: Ptr, value: Any, mask: np.ndarray) -> None:
    n = len(ptr.offset)
    lanes = np.nonzero(mask)[0]
    offsets = np.unique(ptr.offset[lanes]) if len(lanes) else ()
    varying = isinstance(value, Handle) and value.index is not None
    if len(offsets) == 1 and not varying and len(lanes) == n:
        ptr.mem.objects[int(offsets[0])] = Slot(value)      # every thread stores the same
        return
    for lane in lanes:
        key = int(ptr.offset[lane])
        slot = ptr.mem.objects.get(key)
        if slot is None:
            slot = ptr.mem.objects[key] = Slot(None)
        if slot.lanes is None:
            slot.lanes = [slot.uniform] * n
        slot.lanes[lane] = Handle([value.resources[int(value.index[lane])]]) if varying else value


def element_stride(t: "MemoryType") -> int:
    """The bytes an element of type `t` takes in an array or vector: its
    size rounded up to its alignment."""
    return (t.size + t.align - 1) // t.align * t.align


def merge(old: Any, new: Any, mask: np.ndarray) -> Any:
    """A value recomputed by some threads keeps the others' old values."""
    if isinstance(new, np.ndarray) and isinstance(old, np.ndarray) and old.shape == new.shape \
            and old.dtype == new.dtype:
        if mask.all():
            return new
        m = mask[:, None] if new.ndim == 2 else mask
        return np.where(m, new, old)
    if isinstance(new, tuple) and isinstance(old, tuple) and len(old) == len(new):
        return tuple(merge(o, v, mask) for o, v in zip(old, new))
    if isinstance(new, Ptr) and isinstance(old, Ptr) and new.mem is old.mem:
        return Ptr(new.mem, np.where(mask, new.offset, old.offset))
    if isinstance(new, ThreadValue):
        return new.merge(old, mask)
    return new


def ftz(x: np.ndarray) -> np.ndarray:
    """32-bit float arithmetic flushes denormals to a zero of their sign, as
    DXIL's default float32 denorm mode lets GPUs do (and they do)."""
    if x.dtype != np.float32:
        return x
    tiny = np.float32(np.finfo(np.float32).tiny)
    return np.where(np.abs(x) < tiny, np.copysign(np.float32(0), x), x).astype(np.float32)
