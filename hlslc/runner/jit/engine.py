"""Compiling the JIT's LLVM IR to native code with llvmlite and running a
dispatch with it: the groups on every core, a watchdog, and a cache of
compiled modules in memory and on disk.

The compiled module is keyed by the IR text, the entry, the wave size, the
layout seed, the Wave Matrix depth and the binding's shape (which resource
of which kind, stride and format at each register the module names; not
the buffers' sizes or contents), plus the JIT's own sources, llvmlite's
LLVM and the processor: a hit loads the object code (from this process's
memory, else from `user_cache_dir()/jit/`) without compiling again.

Running: the context (`compiler.CTX_*`) holds the resources' data pointers
and sizes, the group counts and a stop flag; each worker thread calls
`@hlslc_worker` through ctypes (which releases the GIL), with its own
memory for a group's groupshared data and its waves' frames, and takes
groups from a shared counter.  A module whose results depend on the order
of groups (counters, atomics whose old values it reads) runs its groups in
order on one worker.  `timeout`: past it the stop flag is set, every wave
returns at its next block, and the dispatch is a `RunError`.

Owns: `compile_for`, `run_dispatch`, `CompiledModule`, the caches.  Does
not own: translating the IR (`compiler`).
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import threading
import time
from typing import Any

import numpy as np

from ...dxil import reader as R
from ...paths import user_cache_dir, write_atomically
from ..binding import Bindings
from ..errors import RunError
from ..layout import MemoryTypes
from . import linalg, ops  # noqa: F401  (importing them registers their operations)
from .base import (CTX_BLOCKS, CTX_CHUNK, CTX_DETAIL, CTX_DIMS, CTX_ERROR, CTX_GROUPS, CTX_NEXT, CTX_RESOURCES,
                   CTX_STOP, CTX_STOP_LINE, RESOURCE_SIZE)
from .base import Plan
from .compiler import Compiler
from .mathlib import fill_table

_LLVM: dict[str, Any] = {}
_MEMORY_CACHE: dict[str, "CompiledModule"] = {}
_KEYS: dict[tuple, str] = {}
_LOCK = threading.Lock()
FORMAT = 1     # the cache entries' format


def _llvm() -> Any:
    """llvmlite's binding, initialised once, with the host's target machine."""
    if not _LLVM:
        import llvmlite.binding as llvm   # (loaded when a JIT dispatch runs, never on a plain compile)
        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        _LLVM["llvm"] = llvm
        _LLVM["tm"] = _target_machine()
        _LLVM["tm.quick"] = _target_machine(0)
        _LLVM["host"] = f"{llvm.get_process_triple()} {llvm.get_host_cpu_name()} " \
                        f"{llvm.get_host_cpu_features().flatten()} {llvm.llvm_version_info}"
    return _LLVM["llvm"]


def _target_machine(opt: int = 3) -> Any:
    """The host's target machine (a new one each time: an MCJIT engine owns
    the one it is given, and frees it with itself)."""
    import llvmlite.binding as llvm   # (see _llvm)
    target = llvm.Target.from_default_triple()
    return target.create_target_machine(cpu=llvm.get_host_cpu_name(), features=llvm.get_host_cpu_features().flatten(),
                                        opt=opt, jit=True)


# What the compiled code depends on besides this folder: the IR's reader,
# operands, operation table and control-flow structure (where lanes
# reconverge), and the runner's layouts, bindings and opaque matrix orders.
_DEPENDS = ("../../dxil/cfg.py", "../../dxil/operands.py", "../../dxil/ops.py", "../../dxil/reader.py",
            "../../dxil/types.py", "../binding.py", "../layout.py", "../linalg.py", "../errors.py")


def _sources_digest() -> str:
    """A digest of the sources that decide the compiled code (a cached
    module compiled by other sources is not used)."""
    digest = _LLVM.get("sources")
    if digest is None:
        h = hashlib.sha256()
        here = os.path.dirname(os.path.abspath(__file__))
        names = sorted(n for n in os.listdir(here) if n.endswith(".py")) + list(_DEPENDS)
        for name in names:
            try:
                with open(os.path.join(here, name), "rb") as f:
                    h.update(name.encode() + b"\0" + f.read())
            except OSError:
                h.update(name.encode() + b"\0?")
        digest = _LLVM["sources"] = h.hexdigest()
    return digest


class CompiledModule:
    """A compiled dispatch: the worker's address and what running it needs
    (the resources' places, the errors' messages, the memory sizes)."""

    def __init__(self, obj: bytes, meta: dict) -> None:
        self.obj = obj
        self.meta = meta
        self.engine: Any = None
        self.worker: Any = None
        self.run: Any = None
        self.source = "compiled"       # or "memory", "disk": where this run found it
        self.compile_seconds = 0.0

    def load(self) -> None:
        if self.worker is not None:
            return
        llvm = _llvm()
        with _LOCK:
            if self.worker is not None:
                return
            engine = llvm.create_mcjit_compiler(llvm.parse_assembly(""), _target_machine())
            engine.add_object_file(llvm.ObjectFileRef.from_data(self.obj))
            engine.finalize_object()
            addr = engine.get_function_address("hlslc_worker")
            run = engine.get_function_address("hlslc_run")
            if not addr or not run:
                raise RunError("the JIT's compiled module has no worker function")
            self.engine = engine
            self.worker = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_void_p)(addr)
            self.run = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64,
                                        ctypes.c_int32, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)(run)


def binding_shape(binding: Bindings) -> list:
    """What the compiled code depends on in a binding: per register, the
    resource's kind, stride and element format (not its size or data)."""
    out = []
    for key in sorted(binding.resources, key=repr):
        res = binding.resources[key]
        buf = res.buffer
        fmt = (str(buf.dtype), buf.channels, buf.array_size) if buf is not None else None
        out.append([repr(key), res.kind, res.stride, fmt, res.name, res.sampler is not None])
    return out


def _shape_signature(binding: Bindings) -> tuple:
    """`binding_shape` as a tuple, quickly (for the memo of cache keys)."""
    out = []
    for key, res in binding.resources.items():
        buf = res.buffer
        out.append((key, res.kind, res.stride, None if buf is None else (buf.dtype.str, buf.channels, buf.array_size),
                    res.name, res.sampler is not None))
    return tuple(out)


def cache_key(module_text: str, entry: str, plan: Plan, seed: int, depth: int, binding: Bindings,
              spec: list, level: str = "full") -> str:
    _llvm()
    h = hashlib.sha256()
    for part in (str(FORMAT), _sources_digest(), _LLVM["host"], entry, plan.key(), str(seed), str(depth), level,
                 json.dumps(binding_shape(binding)), repr(spec), module_text):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


def _disk_path(key: str) -> str:
    return os.path.join(user_cache_dir(), "jit", key[:2], key[2:40])


def _read_disk(key: str) -> CompiledModule | None:
    path = _disk_path(key)
    try:
        with open(path + ".json", encoding="utf-8") as f:
            meta = json.load(f)
        with open(path + ".o", "rb") as f:
            obj = f.read()
    except (OSError, ValueError):
        return None
    if meta.get("key") != key:
        return None
    return CompiledModule(obj, meta)


def _write_disk(key: str, module: CompiledModule) -> None:
    path = _disk_path(key)
    try:
        write_atomically(path + ".o", module.obj, "jit-")
        write_atomically(path + ".json", json.dumps(module.meta).encode("utf-8"), "jit-")
    except OSError:
        pass        # a cache that cannot be written is only slower


# Dispatches of at most this many threads are compiled without LLVM's
# optimisations (`optimisation_level`): there compiling would take longer
# than running.
QUICK_THREADS = 4096


def optimisation_level(total_threads: int) -> str:
    """"quick" (LLVM's IR as the JIT writes it, the code generator's
    fastest mode: a tenth of the compile time) for small dispatches, else
    "full"; HLSLC_JIT_OPT=quick|full chooses."""
    forced = os.environ.get("HLSLC_JIT_OPT", "")
    if forced in ("quick", "full"):
        return forced
    return "quick" if total_threads <= QUICK_THREADS else "full"


def compile_for(mod: R.Module, module_text: str, fn: R.Function, binding: Bindings, plan: Plan,
                threads: tuple[int, int, int], seed: int, depth: int, use_cache: bool = True,
                level: str = "full") -> CompiledModule:
    """The compiled module for this dispatch's shape: from the caches, or
    translated and compiled (raises `Unsupported` for what the JIT does
    not run); `level`: `optimisation_level`'s."""
    spec = [(name, str(t.text), repr(value)) for name, t, value in binding.spec_constants(MemoryTypes(mod.structs))] \
        if mod.named_metadata.get("hlslc.specConstants") else []
    # (the key's hash of the module's text and the binding's shape, kept for
    # the dispatch's shape: a dispatch run again does not hash them again)
    memo = (module_text, fn.name, plan.key(), seed, depth, level, _shape_signature(binding), repr(spec))
    key = _KEYS.get(memo)
    if key is None:
        key = cache_key(module_text, fn.name, plan, seed, depth, binding, spec, level)
        if len(_KEYS) >= 256:
            _KEYS.clear()
        _KEYS[memo] = key
    if use_cache:
        found = _MEMORY_CACHE.get(key)
        if found is not None:
            found.source = "memory"
            return found
        found = _read_disk(key)
        if found is not None:
            found.source = "disk"
            _MEMORY_CACHE[key] = found
            return found
    start = time.perf_counter()
    cg = Compiler(mod, fn, binding, plan, threads, seed, depth)
    text = cg.text()
    obj = compile_text(text, quick=plan.width >= 256, level=level)
    meta = {
        "key": key,
        "level": level,
        "resources": [repr(k) for k in cg.resource_keys],
        "errors": [[m, line] for m, line in cg.errors],
        "worker_bytes": cg.worker_bytes,
        "ordered": cg.ordered,
        "waves": cg.waves,
        "k": plan.k,
        "math": cg.math,
    }
    module = CompiledModule(obj, meta)
    module.compile_seconds = time.perf_counter() - start
    if use_cache:
        _MEMORY_CACHE[key] = module
        _write_disk(key, module)
    return module


def compile_text(text: str, quick: bool = False, level: str = "full") -> bytes:
    """LLVM IR text to the host's object code: optimised (`quick`: the IR
    only, for modules of very wide vectors, where LLVM's optimising code
    generator takes seconds: a lockstep dispatch, small by definition), or
    with `level` "quick" neither (the same operations, unoptimised: LLVM
    keeps the IR's semantics at every level, no fast-math flags)."""
    llvm = _llvm()
    try:
        mod = llvm.parse_assembly(text)
        mod.verify()
    except RuntimeError as err:
        if os.environ.get("HLSLC_JIT_DUMP"):
            with open(os.environ["HLSLC_JIT_DUMP"], "w") as f:
                f.write(text)
        raise RunError(f"the JIT wrote IR that LLVM rejects (a bug in hlslc): {str(err).strip()[:400]}") from None
    if os.environ.get("HLSLC_JIT_DUMP"):
        with open(os.environ["HLSLC_JIT_DUMP"], "w") as f:
            f.write(text)
    if level == "quick":
        return _LLVM["tm.quick"].emit_object(mod)
    tm = _LLVM["tm.quick" if quick else "tm"]
    pto = llvm.create_pipeline_tuning_options(speed_level=2)
    pb = llvm.create_pass_builder(tm, pto)
    pm = pb.getModulePassManager()
    pm.run(mod, pb)
    return tm.emit_object(mod)


def _workers(groups: int, ordered: bool) -> int:
    if ordered:
        return 1
    wanted = os.environ.get("HLSLC_JIT_THREADS")
    if wanted and wanted.isdigit() and int(wanted) > 0:
        n = int(wanted)
    else:
        try:
            n = len(os.sched_getaffinity(0))
        except AttributeError:
            n = os.cpu_count() or 1
        if groups < 8:
            n = 1           # too little to share out
    return max(1, min(n, groups))


class JitProgress:
    """How far a JIT dispatch is, for a progress callback: `done` of the
    `total` blocks of groups begun."""

    def __init__(self, done: int, total: int) -> None:
        self.done = done
        self.total = total


def run_dispatch(module: CompiledModule, binding: Bindings, groups: tuple[int, int, int],
                 timeout: float | None = None, progress: Any = None) -> set[str]:
    """Run the compiled module over the dispatch's groups, the buffers
    bound in place; returns the names of the buffers it stored into;
    raises RunError (the module's error, or the timeout).  `progress` is
    called about ten times a second with a `JitProgress`."""
    module.load()
    meta = module.meta
    keys = {repr(k): k for k in binding.resources}
    resources = [binding.resources[keys[k]] for k in meta["resources"]]
    count = groups[0] * groups[1] * groups[2]
    ctx = np.zeros(CTX_RESOURCES + RESOURCE_SIZE * len(resources), dtype=np.uint8)
    head = ctx[:CTX_RESOURCES].view(np.uint32)
    head[CTX_GROUPS // 4] = count
    head[CTX_DIMS // 4:CTX_DIMS // 4 + 3] = groups
    table = ctx[CTX_RESOURCES:].view(np.uint64).reshape(-1, RESOURCE_SIZE // 8) if resources else None
    for k, res in enumerate(resources):
        data = res.data
        if not data.flags.c_contiguous:
            raise RunError(f"buffer '{res.name}' is not contiguous")
        table[k, 0] = data.ctypes.data if data.size else 0
        table[k, 1] = data.size
        table[k, 2] = np.uint64(np.uint32(res.counter & 0xFFFFFFFF))
    fill_table(meta.get("math", []), ctx)
    if count == 0:
        return set()
    blocks = -(-count // meta["k"])
    head[CTX_BLOCKS // 4] = blocks
    n = _workers(blocks, meta["ordered"])
    # Groups taken a few at a time: fewer trips to the shared counter, still
    # about 16 takes a worker to balance uneven groups.
    head[CTX_CHUNK // 4] = max(1, blocks // (16 * n)) if not meta["ordered"] else 1
    stride = -(-meta["worker_bytes"] // 64) * 64 + 64
    memory = np.zeros(stride * n + 64, dtype=np.uint8)
    base = memory.ctypes.data + (-memory.ctypes.data % 64)
    ctx_ptr = ctx.ctypes.data
    threads_api = _pthreads()

    def work() -> None:
        if threads_api is not None:
            # Native threads made by the module (a Python thread costs far
            # more to start), joined before it returns.
            scratch = np.zeros(n * 24 + 8, dtype=np.uint8)
            module.run(ctx_ptr, base, stride, n, *threads_api, scratch.ctypes.data)
            return
        # Python threads of this dispatch only (a process left with threads
        # changes what it may do, forking for instance).
        extra = [threading.Thread(target=module.worker, args=(ctx_ptr, base + k * stride), daemon=True)
                 for k in range(1, n)]
        for t in extra:
            t.start()
        module.worker(ctx_ptr, base)
        for t in extra:
            t.join()

    if timeout is None and progress is None:
        work()
    else:
        # The calling thread keeps the watchdog: past the deadline it raises
        # the stop flag, which the workers poll.
        runner = threading.Thread(target=work, daemon=True)
        runner.start()
        deadline = time.monotonic() + timeout if timeout is not None else None
        while runner.is_alive():
            left = deadline - time.monotonic() if deadline is not None else 0.1
            if left <= 0:
                break
            runner.join(min(left, 0.1) if progress is not None else left)
            if progress is not None and runner.is_alive():
                progress(JitProgress(min(int(head[CTX_NEXT // 4]), blocks), blocks))
        if runner.is_alive():
            head[CTX_STOP // 4] = 2
            runner.join()
            if head[CTX_ERROR // 4] == 0:
                line = int(head[CTX_STOP_LINE // 4])
                raise RunError(f"the dispatch did not finish within {timeout:g} seconds (--timeout): an endless "
                               "loop?", line or None)
    code = int(head[CTX_ERROR // 4])
    if code:
        message, line = meta["errors"][code - 1]
        detail = int(ctx[CTX_DETAIL:CTX_DETAIL + 8].view(np.int64)[0])
        raise RunError(message.replace("{detail}", str(detail)), line)
    written = set()
    for k, res in enumerate(resources):
        res.counter = int(np.uint32(table[k, 2] & 0xFFFFFFFF))
        if table[k, 3] & 0xFFFFFFFF and res.buffer is not None:
            written.add(res.buffer.name)
    return written


_PTHREADS: list = []


def _pthreads() -> tuple[int, int] | None:
    """The addresses of pthread_create and pthread_join in this process
    (None where there are none: then Python threads run the workers)."""
    if not _PTHREADS:
        found = None
        try:
            libc = ctypes.CDLL(None)
            found = (ctypes.cast(libc.pthread_create, ctypes.c_void_p).value,
                     ctypes.cast(libc.pthread_join, ctypes.c_void_p).value)
        except (OSError, AttributeError):
            found = None
        _PTHREADS.append(found if found and all(found) else None)
    return _PTHREADS[0]


def forget_memory_cache() -> None:
    """Drop the compiled modules this process keeps (the disk cache stays)."""
    _MEMORY_CACHE.clear()
