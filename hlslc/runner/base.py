"""What the executor and its operations (`ops`, `linalg`, `wavematrix`)
share: per-thread pointers into memory, the memory objects (with the
--check shadow of groupshared memory), resource handles, the slots that
keep handles and matrices in memory, and the small value helpers (an
element's stride, merging a value some threads recomputed, flushing float
denormals).

Owns: `Ptr`, `Memory`, `Shadow`, `BufferShadow`, `Handle`, `Slot`,
`ThreadValue`, `load_object`, `store_object`, `element_stride`, `merge`,
`ftz`.  Does not own: running
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
            self.shadow.write(self, idx, lanes, raw)
        self.data[self.rows[lanes][:, None], idx] = raw


class Shadow:
    """--check on groupshared memory: for each byte, the thread that last
    wrote it, read it and accessed it atomically, and the barrier interval
    (epoch of its group) each did so in.  A read of a byte no thread wrote
    is a read of uninitialised memory; two accesses of a byte by different
    threads in one interval race when one of them is a plain write (of
    another value, where both write) and the other a read, a write or an
    atomic (zeroing a histogram and adding into it with no barrier
    between): nothing orders them.  Plain reads of what others change
    atomically are left alone (an aligned word reads whole)."""

    def __init__(self, ex: "Executor", mem: Memory) -> None:
        self.ex = ex
        shape = mem.data.shape
        self.writer = np.full(shape, -1, dtype=np.int64)
        self.write_epoch = np.full(shape, -1, dtype=np.int64)
        self.reader = np.full(shape, -1, dtype=np.int64)
        self.read_epoch = np.full(shape, -1, dtype=np.int64)
        self.atomic = np.full(shape, -1, dtype=np.int64)
        self.atomic_epoch = np.full(shape, -1, dtype=np.int64)

    def _others(self, who: np.ndarray, when: np.ndarray, rows: np.ndarray, idx: np.ndarray, lanes: np.ndarray,
                epoch: np.ndarray) -> np.ndarray:
        w = who[rows, idx]
        return (when[rows, idx] == epoch) & (w != lanes[:, None]) & (w >= 0)

    def _race(self, mem: Memory, lanes: np.ndarray, bad: np.ndarray, who: np.ndarray, rows: np.ndarray,
              idx: np.ndarray, doing: str, done: str) -> RunError:
        k = int(np.nonzero(bad.any(axis=1))[0][0])
        other = int(who[rows, idx][k][bad[k]][0])
        return RunError(f"data race on groupshared '{mem.name.lstrip('@')}': thread {int(lanes[k])} {doing} "
                        f"thread {other} {done} with no barrier between")

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
        race = self._others(self.writer, self.write_epoch, rows, cells, lanes, epoch)
        if race.any():
            raise self._race(mem, lanes, race, self.writer, rows, cells, "reads what", "wrote")
        self.reader[rows, cells] = lanes[:, None]
        self.read_epoch[rows, cells] = epoch

    def write(self, mem: Memory, idx: np.ndarray, lanes: np.ndarray, new: np.ndarray | None = None) -> None:
        """A plain store of `lanes` to the bytes `idx` (a row per lane);
        `new` the bytes it stores (a store of the value already there by
        another thread is no race: the order does not matter)."""
        rows = mem.rows[lanes][:, None]
        epoch = self.ex.epoch[mem.rows[lanes]][:, None]
        for who, when, done in ((self.writer, self.write_epoch, "wrote"), (self.reader, self.read_epoch, "read"),
                                (self.atomic, self.atomic_epoch, "changed atomically")):
            race = self._others(who, when, rows, idx, lanes, epoch)
            if who is self.writer and new is not None:
                race &= mem.data[rows, idx] != new
            if race.any():
                raise self._race(mem, lanes, race, who, rows, idx, "writes where", done)
        # Two threads of this very store writing one byte (other values) race as well.
        flat = (rows * mem.data.shape[1] + idx).reshape(-1)          # (group, byte) of each byte written
        order = np.argsort(flat, kind="stable")
        same = flat[order][1:] == flat[order][:-1]
        if new is not None:
            values = new.reshape(-1)[order]
            same &= values[1:] != values[:-1]
        if same.any():
            raise RunError(f"data race on groupshared '{mem.name.lstrip('@')}': thread {int(lanes[0])} writes "
                           "where another thread writes with no barrier between")
        self.writer[rows, idx] = lanes[:, None]
        self.write_epoch[rows, idx] = epoch

    def atomic_access(self, mem: Memory, idx: np.ndarray, lanes: np.ndarray) -> None:
        """An atomic operation of `lanes` on the bytes `idx` (a row per lane)."""
        if not len(lanes):
            return
        rows = mem.rows[lanes][:, None]
        writer = self.writer[rows, idx]
        if (writer < 0).any():
            lane = lanes[np.nonzero((writer < 0).any(axis=1))[0][0]]
            raise RunError(f"thread {int(lane)} changes groupshared '{mem.name.lstrip('@')}' atomically where no "
                           "thread has written (uninitialised memory)")
        epoch = self.ex.epoch[mem.rows[lanes]][:, None]
        race = self._others(self.writer, self.write_epoch, rows, idx, lanes, epoch)
        if race.any():
            raise self._race(mem, lanes, race, self.writer, rows, idx, "changes atomically what", "wrote")
        self.atomic[rows, idx] = lanes[:, None]
        self.atomic_epoch[rows, idx] = epoch


class BufferShadow:
    """--check on a buffer the shader writes (a UAV): for each byte, the
    thread that last wrote it, read it and accessed it atomically, with
    the UAV barrier interval of its group.  Two accesses of a byte by
    different threads race when nothing orders them (threads of different
    groups: nothing in a dispatch orders them; threads of one group with no
    barrier that fences UAVs between: DeviceMemoryBarrierWithGroupSync,
    AllMemoryBarrierWithGroupSync) and one is a plain write: a read of
    what another thread wrote, a write of what another read, wrote (with
    another value: threads that store the same value, as every thread
    writing a result, leave the same bytes whatever the order) or changed
    atomically.  Plain reads of what others change atomically are left
    alone (an aligned word reads whole).  Threads of different groups are
    ordered by an atomic that the first's group makes after its access and
    the second's before a UAV fence before its own (the last group of a
    reduction, which its ticket elects, reading the other groups' sums)."""

    CONFLICTS = {"read": ("write",), "write": ("write", "read", "atomic"), "atomic": ("write",)}

    def __init__(self, ex: "Executor", name: str, size: int) -> None:
        self.ex = ex
        self.name = name
        # Per kind of access: who made the last one of each byte, in which
        # UAV barrier interval of its group, after how many of its group's
        # atomics on UAVs.
        self.slots = {kind: (np.full(size, -1, dtype=np.int64), np.full(size, -1, dtype=np.int64),
                             np.zeros(size, dtype=np.int64))
                      for kind in ("write", "read", "atomic")}

    def access(self, kind: str, addr: np.ndarray, size: int, lanes: np.ndarray, line: int | None,
               data: np.ndarray | None = None, new: np.ndarray | None = None) -> None:
        """`lanes` (dispatch thread indices) access `size` bytes at `addr`
        (one address per lane, all inside the buffer): `kind` is "read",
        "write" or "atomic"; a write gives the buffer's bytes (`data`) and
        its own (`new`, a row of `size` per lane) before it stores them."""
        if not len(lanes):
            return
        idx = addr[:, None] + np.arange(size)
        ex = self.ex
        group = ex.d.group[lanes][:, None]
        epoch = ex.uav_epoch[ex.d.group[lanes]][:, None]
        for other in self.CONFLICTS[kind]:
            who, when, seq = self.slots[other]
            w = who[idx]
            their = ex.d.group[np.maximum(w, 0)]
            # Across groups, an atomic orders them where the other group made
            # one after its access (a release) and this one made one before a
            # UAV fence before this access (an acquire): the last group of a
            # reduction reads the others' sums after its ticket.
            released = (ex.uav_atomics[their] > seq[idx]) & (ex.acquired[group] > 0)
            unordered = (w >= 0) & (w != lanes[:, None]) & (((their != group) & ~released) | (their == group)
                                                            & (when[idx] == epoch))
            if kind == "write" and other == "write" and data is not None and new is not None:
                unordered &= data[idx] != new           # the same value stored again: no matter the order
            if unordered.any():
                k = int(np.nonzero(unordered.any(axis=1))[0][0])
                byte = int(idx[k][unordered[k]][0])
                u = int(w[k][unordered[k]][0])
                raise RunError(self._message(kind, other, int(lanes[k]), u, byte), line)
        shared = None
        if kind == "write":
            flat = idx.reshape(-1)
            order = np.argsort(flat, kind="stable")
            same_byte = flat[order][1:] == flat[order][:-1]
            if same_byte.any():
                values = new.reshape(-1)[order] if new is not None else None
                clash = same_byte & (values[1:] != values[:-1]) if values is not None else same_byte
                if clash.any():
                    at = int(np.nonzero(clash)[0][0])
                    byte = int(flat[order][at])
                    first, second = (int(lanes[order[at + j] // size]) for j in (0, 1))
                    raise RunError(self._message("write", "write", second, first, byte), line)
                shared = np.unique(flat[order][1:][same_byte])
        who, when, seq = self.slots[kind]
        who[idx] = lanes[:, None]
        when[idx] = epoch
        seq[idx] = ex.uav_atomics[group]
        if shared is not None:
            # Bytes several threads of this store wrote, each the same value:
            # what any of them reads there is its own value.
            who[shared] = -2

    def _message(self, kind: str, other: str, t: int, u: int, byte: int) -> str:
        doing = {"read": "reads", "write": "writes", "atomic": "changes atomically"}[kind]
        done = {"read": "read", "write": "wrote", "atomic": "changed atomically"}[other]
        g = self.ex.d.group
        where = (f"thread {t} of group {int(g[t])} {doing} byte {byte}, which thread {u} of group {int(g[u])} "
                 f"{done}: nothing orders the threads of different groups in a dispatch (use atomics, or another "
                 "dispatch)") if g[t] != g[u] else \
            (f"thread {t} {doing} byte {byte}, which thread {u} {done}, with no barrier that fences UAVs between "
             "(DeviceMemoryBarrierWithGroupSync)")
        return f"data race on buffer '{self.name}': {where}"


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
