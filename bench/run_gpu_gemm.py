"""GPU benchmark: the dx::linalg GEMM (bench/gpu/; fp16 in, fp32 accumulate
and out) compiled by hlslc to SPIR-V and run through Vulkan
(`hlslc.run(..., device="vulkan")`), against cuBLAS (CuPy's matmul, fp16
in and out, fp32 accumulation) on the same GPU and data, in one run.

    python bench/run_gpu_gemm.py [--size 4096] [--repeat 20] [--device vulkan|cpu]
    python bench/run_gpu_gemm.py --peers [--mlp] [--spirv-dir DIR] [--compile-only]

Prints each one's median time and TFLOP/s (2*M*N*K / time) and the ratio,
and checks the Vulkan result against numpy (or CuPy) on a sample of rows.
`--device cpu` runs the same kernel on hlslc's CPU executor (small sizes:
a correctness check of the kernel, not a speed figure).

`--peers` (issue 27) runs, in one process, hlslc's kernels beside the same
GEMM compiled by Slang and glslang (bench/gpu_peers.py, sources in
bench/gpu/peers/), all through hlslc's Vulkan runner, and cuBLAS and
PyTorch: a table of each kernel's median time, TFLOP/s, its check against
numpy on sampled rows and the driver's statistics (registers, shared
memory).  `--mlp` makes it the MLP layer Y = relu(X W + b) (fp16 X, W, Y;
fp32 accumulation; fp32 bias) against PyTorch.  The peers' SPIR-V is read
from `--spirv-dir` where it is there (the GPU machine has no Slang or
glslang), else compiled; `--compile-only` writes it there and stops."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import hlslc  # noqa: E402

PIPELINE = """---
Shaders:
  - Stage: Compute
    Entry: main
DispatchParameters:
  DispatchGroupCount: [{gx}, {gy}, 1]
Buffers:
  - Name: Shape
    Format: UInt32
    Data: [ {m}, {n}, {k}, 0 ]
  - Name: A
    Format: Float16
    FillSize: {a_bytes}
  - Name: B
    Format: Float16
    FillSize: {b_bytes}
  - Name: C
    Format: Float32
    FillSize: {c_bytes}
DescriptorSets:
  - Resources:
    - Name: Shape
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
      VulkanBinding: {{ Binding: 0 }}
    - Name: A
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 1, Space: 0 }}
      VulkanBinding: {{ Binding: 1 }}
    - Name: B
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 2, Space: 0 }}
      VulkanBinding: {{ Binding: 2 }}
    - Name: C
      Kind: RWByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
      VulkanBinding: {{ Binding: 3 }}
...
"""


# The MLP layer: C is Y (fp16), and the bias (fp32) is binding 4.
MLP_PIPELINE = PIPELINE.replace("""  - Name: C
    Format: Float32
    FillSize: {c_bytes}
""", """  - Name: C
    Format: Float16
    FillSize: {c_bytes}
  - Name: Bias
    Format: Float32
    FillSize: {bias_bytes}
""").replace("""      VulkanBinding: {{ Binding: 3 }}
""", """      VulkanBinding: {{ Binding: 3 }}
    - Name: Bias
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 3, Space: 0 }}
      VulkanBinding: {{ Binding: 4 }}
""")


class Kernel:
    """One of the GEMM kernels of bench/gpu/ with its compile options and
    the block of C a group computes."""

    def __init__(self, name: str = "group", waves: tuple[int, int] = (2, 2), block_k: int = 32,
                 block: tuple[int, int] = (128, 128), threads: int = 128, tiles_m: int = 4,
                 defines: list[str] | None = None, stages: int = 2, unroll: int = 1) -> None:
        self.name = name
        self.slice = block_k
        self.stages = stages if name == "group" else 1
        extra = list(defines or [])
        if name == "threadgroup":
            self.path = ROOT / "bench" / "gpu" / "gemm_f16_group_scope.hlsl"
            self.options = hlslc.CompileOptions(
                profile="cs_6_10", enable_16bit_types=True,
                defines=[f"THREADS={threads}", f"BLOCK_M={block[0]}", f"BLOCK_N={block[1]}", f"BLOCK_K={block_k}",
                         f"UNROLL={unroll}"] + extra)
            self.block = (block[0], block[1], block_k * (1 if "STAGED" in extra else unroll))
        elif name == "wave":
            self.path = ROOT / "bench" / "gpu" / "gemm_f16_wave.hlsl"
            self.options = hlslc.CompileOptions(profile="cs_6_10", defines=extra)
            self.block = (64, 64, 16)
        else:
            self.path = ROOT / "bench" / "gpu" / "gemm_f16_group.hlsl"
            self.options = hlslc.CompileOptions(
                profile="cs_6_10", enable_16bit_types=True,
                defines=[f"WAVES_M={waves[0]}", f"WAVES_N={waves[1]}", f"BLOCK_K={block_k}", f"TILES_M={tiles_m}", f"STAGES={stages}"] + extra)
            self.block = (16 * tiles_m * waves[0], 64 * waves[1], block_k * stages)

    def describe(self) -> str:
        m, n, _ = self.block
        ahead = f", {self.stages} read ahead" if self.name == "group" else ""
        return f"{self.path.name}, {m}x{n} block per group, {self.slice}-deep slices{ahead}"

    def compile(self) -> "hlslc.CompileResult":
        result = hlslc.compile_file(str(self.path), self.options)
        if not result.ok:
            raise SystemExit("\n".join(str(d) for d in result.diagnostics))
        return result


def compile_kernel(kernel: Kernel | None = None) -> "hlslc.CompileResult":
    return (kernel or Kernel()).compile()


def run_hlslc(a: np.ndarray, b: np.ndarray, device: str = "vulkan", repeat: int = 1,
              result: "hlslc.CompileResult | bytes | None" = None,
              kernel: Kernel | None = None, pipeline_statistics: bool = False,
              bias: np.ndarray | None = None, block: tuple[int, int, int] | None = None
              ) -> tuple[np.ndarray, "hlslc.runner.RunResult"]:
    """C = A @ B (fp16 in, fp32 out) by a kernel on `device`; M, N and K
    multiples of the kernel's block.  `result` may also be a SPIR-V module
    (bytes: a peer's kernel, Vulkan only) whose block of C is `block`.
    With `bias`, the MLP layer: C = relu(A @ B + bias), fp16 (-D MLP)."""
    kernel = kernel or Kernel()
    (m, k), n = a.shape, b.shape[1]
    bm, bn, bk = block or kernel.block
    if m % bm or n % bn or k % bk:
        raise ValueError(f"{m}x{n}x{k} is not a multiple of the kernel's {bm}x{bn}x{bk} block")
    if result is None:
        result = kernel.compile()
    mlp = bias is not None
    text = (MLP_PIPELINE if mlp else PIPELINE).format(
        gx=n // bn, gy=m // bm, m=m, n=n, k=k, a_bytes=a.nbytes, b_bytes=b.nbytes,
        c_bytes=m * n * (2 if mlp else 4), bias_bytes=n * 4)
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "gemm.yaml")
        Path(path).write_text(text)
        pipeline = hlslc.load_pipeline(path)
    pipeline.buffers["A"].data = np.ascontiguousarray(a, dtype=np.float16).reshape(-1)
    pipeline.buffers["B"].data = np.ascontiguousarray(b, dtype=np.float16).reshape(-1)
    if mlp:
        pipeline.buffers["Bias"].data = np.ascontiguousarray(bias, dtype=np.float32).reshape(-1)
    kw = {"device": "vulkan", "repeat": repeat, "statistics": pipeline_statistics} if device == "vulkan" else {}
    run = hlslc.run(result, pipeline, **kw)
    return run.buffers["C"].reshape(m, n), run


# --------------------------------------------------------------------------
# --peers: hlslc beside Slang, glslang, cuBLAS and PyTorch (issue 27)

# hlslc's kernels in the comparison: (name, Kernel); the MLP layer's with -D MLP.
def hlslc_entries(mlp: bool) -> list[tuple[str, Kernel]]:
    if mlp:
        return [("hlslc-group-2x4", Kernel("group", (2, 4), defines=["MLP"])),
                ("hlslc-group-2x4-1ahead", Kernel("group", (2, 4), defines=["MLP"], stages=1))]
    return [("hlslc-group-2x4", Kernel("group", (2, 4))),
            ("hlslc-group-2x4-1ahead", Kernel("group", (2, 4), stages=1)),
            ("hlslc-group-2x2", Kernel("group", (2, 2))),
            ("hlslc-group-2x2-1ahead", Kernel("group", (2, 2), stages=1)),
            ("hlslc-threadgroup-staged", Kernel("threadgroup", defines=["STAGED"])),
            ("hlslc-threadgroup-staged-256t-128x256", Kernel("threadgroup", block=(128, 256), threads=256,
                                                             defines=["STAGED"])),
            ("hlslc-threadgroup-256t-128x256-u1", Kernel("threadgroup", block=(128, 256), threads=256)),
            ("hlslc-threadgroup-256t-128x256", Kernel("threadgroup", block=(128, 256), threads=256, unroll=4)),
            ("hlslc-threadgroup-256t-128x128", Kernel("threadgroup", block=(128, 128), threads=256, unroll=4)),
            ("hlslc-threadgroup-128t-128x128", Kernel("threadgroup", block=(128, 128), threads=128, unroll=4))]


def _stat(stats: list, *words: str) -> str:
    """The value of the first statistic whose name has all `words`."""
    for st in stats:
        name = st.name.lower()
        if all(w in name for w in words):
            return str(st.value)
    return "-"


def _check(c: np.ndarray, want: np.ndarray, mlp: bool) -> tuple[bool, str]:
    """The kernel's sampled rows against numpy's: exactly (GEMM: the inputs
    are multiples of 1/8, so every sum is exact in fp32), or for the fp16 MLP
    output within one rounding of fp16 of the exact value."""
    if not mlp:
        ok = bool(np.array_equal(c, want))
        return ok, "exact" if ok else f"max error {float(np.max(np.abs(c - want))):.3g}"
    exact = want.astype(np.float16)
    got = c.astype(np.float32)
    err = np.abs(got - want)
    ulp = np.maximum(np.abs(want), 2.0 ** -14) * 2.0 ** -10
    ok = bool(np.all(err <= ulp)) and not np.isnan(got).any()
    same = float(np.mean(c == exact))
    return ok, f"{same:.4f} same as numpy's rounding, max {float(np.max(err / ulp)):.2f} ulp"


def _library_times(a: np.ndarray, b: np.ndarray, bias: np.ndarray | None, rows: np.ndarray, want: np.ndarray,
                   repeat: int) -> list[dict]:
    """cuBLAS (CuPy's matmul) and PyTorch on the same data, timed with CUDA
    events, median of `repeat`; each checked like the kernels."""
    out = []
    mlp = bias is not None

    def timed(fn, sync, event):
        fn()
        sync()
        times = []
        for _ in range(repeat):
            start, stop = event(), event()
            start.record()
            result = fn()
            stop.record()
            stop.synchronize()
            times.append(start.elapsed_time(stop) * 1e6)
        return result, times

    try:
        import torch
        if torch.cuda.is_available():
            dev = torch.device("cuda")
            ta, tb = torch.from_numpy(a).to(dev), torch.from_numpy(b).to(dev)
            cases = []
            if mlp:
                tbias = torch.from_numpy(bias.astype(np.float16)).to(dev)
                wt = tb.t().contiguous()        # nn.Linear's weight: out x in
                cases = [("torch-linear+relu", lambda: torch.relu(torch.nn.functional.linear(ta, wt, tbias))),
                         ("torch-addmm+relu", lambda: torch.relu(torch.addmm(tbias, ta, tb))),
                         ("torch-addmm-relu-fused", lambda: torch._addmm_activation(tbias, ta, tb))]
            else:
                cases = [("torch-matmul", lambda: torch.matmul(ta, tb))]
            for name, fn in cases:
                try:
                    result, times = timed(fn, torch.cuda.synchronize, lambda: torch.cuda.Event(enable_timing=True))
                    got = result[torch.from_numpy(rows).to(dev)].float().cpu().numpy()
                    ok, how = (_check(got.astype(np.float16), want, True) if mlp else
                               (bool(np.allclose(got, want, rtol=1e-2, atol=1e-1)), "within fp16 rounding"))
                    out.append({"name": name, "compiler": f"PyTorch {torch.__version__}", "ns": statistics.median(times),
                                "ok": ok, "check": how})
                except Exception as err:   # noqa: BLE001 -- one case failing leaves the others
                    out.append({"name": name, "error": str(err)[:300]})
    except ImportError:
        pass
    if not mlp:
        try:
            import cupy as cp
            da, db = cp.asarray(a), cp.asarray(b)
            cp.matmul(da, db)
            cp.cuda.Device().synchronize()
            times = []
            for _ in range(repeat):
                start, stop = cp.cuda.Event(), cp.cuda.Event()
                start.record()
                result = cp.matmul(da, db)
                stop.record()
                stop.synchronize()
                times.append(cp.cuda.get_elapsed_time(start, stop) * 1e6)
            got = cp.asnumpy(result[cp.asarray(rows)]).astype(np.float32)
            out.append({"name": "cublas-cupy", "compiler": f"CuPy {cp.__version__}", "ns": statistics.median(times),
                        "ok": bool(np.allclose(got, want, rtol=1e-2, atol=1e-1)), "check": "within fp16 rounding"})
        except ImportError:
            pass
        except Exception as err:   # noqa: BLE001
            out.append({"name": "cublas-cupy", "error": str(err)[:300]})
    return out


def _pipeline_file(m: int, n: int, k: int, block: tuple[int, ...], mlp: bool) -> str:
    """A pipeline file for the run (its buffers' sizes only matter)."""
    text = (MLP_PIPELINE if mlp else PIPELINE).format(gx=n // block[1], gy=m // block[0], m=m, n=n, k=k,
                                                      a_bytes=m * k * 2, b_bytes=k * n * 2,
                                                      c_bytes=m * n * (2 if mlp else 4), bias_bytes=n * 4)
    path = Path(tempfile.mkdtemp()) / "gemm.yaml"
    path.write_text(text)
    return str(path)


def run_peers(args: argparse.Namespace) -> int:
    import json
    import gpu_peers as gp

    mlp = args.mlp
    spv_dir = Path(args.spirv_dir) if args.spirv_dir else None
    only = set(args.only.split(",")) if args.only else None
    peers = [p for p in gp.PEERS if (not mlp or p.name in gp.MLP_PEERS) and (only is None or p.name in only)]
    if args.compile_only:
        if spv_dir is None:
            raise SystemExit("--compile-only needs --spirv-dir")
        spv_dir.mkdir(parents=True, exist_ok=True)
        for p in peers:
            for layer in ((False, True) if p.name in gp.MLP_PEERS else (False,)):
                (spv_dir / p.spv_name(layer)).write_bytes(p.compile(layer))
                print(f"{spv_dir / p.spv_name(layer)}  ({gp.version(p.compiler)}: {p.describe()}"
                      f"{' -DMLP=1' if layer else ''})")
        (spv_dir / "compilers.txt").write_text("\n".join(gp.version(c) for c in gp.COMPILERS) + "\n")
        return 0

    m = n = k = args.size
    rng = np.random.default_rng(1)
    a = (rng.integers(-8, 8, size=(m, k)) / 8).astype(np.float16)
    b = (rng.integers(-8, 8, size=(k, n)) / 8).astype(np.float16)
    bias = (rng.integers(-64, 64, size=n) / 8).astype(np.float32) if mlp else None
    rows = np.sort(rng.choice(m, size=min(m, 64), replace=False))
    want = a[rows].astype(np.float32) @ b.astype(np.float32)
    if mlp:
        want = np.maximum(want + bias, 0.0)
    flops = 2.0 * m * n * k
    what = "MLP layer relu(X W + b), X %dx%d, W %dx%d, fp16 in and out, fp32 accumulate and bias" % (m, k, k, n) \
        if mlp else f"GEMM {m}x{n}x{k}, fp16 in, fp32 accumulate and out"
    print(f"{what}; median of {args.repeat} dispatches (GPU timestamps; CUDA events for the libraries)")
    compilers_txt = spv_dir / "compilers.txt" if spv_dir else None
    if compilers_txt is not None and compilers_txt.is_file():
        print("  peers compiled by: " + "; ".join(compilers_txt.read_text().split("\n")).strip("; "))

    results: list[dict] = []
    entries: list[tuple[str, object]] = [(name, kern) for name, kern in hlslc_entries(mlp)
                                         if only is None or name in only]
    entries += [(p.name, p) for p in peers]
    for spec in args.extra or []:
        # NAME=FILE.spv:BMxBN:KSTEP -- any module with the benchmark's bindings.
        name, _, rest = spec.partition("=")
        path, shape, kstep = rest.rsplit(":", 2)
        bm, bn = (int(x) for x in shape.split("x"))
        entries.append((name, ("spirv", Path(path), (bm, bn, int(kstep)))))
    device_line = None
    for name, what_ in entries:
        row = {"name": name}
        try:
            if isinstance(what_, Kernel):
                row["compiler"] = "hlslc"
                row["source"] = what_.path.name + "".join(
                    f" -D{d[0]}={d[1]}" if isinstance(d, tuple) else f" -D{d}" for d in what_.options.defines)
                block = what_.block
                code = what_.compile()
            elif isinstance(what_, tuple):
                row["compiler"] = "spirv"
                row["source"] = str(what_[1])
                block = what_[2]
                code = what_[1].read_bytes()
            else:
                row["compiler"] = gp.version(what_.compiler) if spv_dir is None else what_.compiler
                row["source"] = what_.describe()
                block = (*what_.block, what_.k_step)
                path = spv_dir / what_.spv_name(mlp) if spv_dir else None
                code = path.read_bytes() if path is not None and path.is_file() else what_.compile(mlp)
            c, run = run_hlslc(a, b, "vulkan", args.repeat, code, pipeline_statistics=True, bias=bias, block=block)
            if args.dump_spirv:
                # The module as the runner ran it (hlslc's: compiled for this device's features).
                out = Path(args.dump_spirv)
                out.mkdir(parents=True, exist_ok=True)
                if not isinstance(code, bytes):
                    from hlslc.runner.vulkan import compile_spirv
                    code = compile_spirv(code, "main", hlslc.load_pipeline(_pipeline_file(m, n, k, block, mlp)))
                (out / f"{name}{'-mlp' if mlp else ''}.spv").write_bytes(code)
            device_line = device_line or f"{run.device}, subgroup size {run.subgroup_size}"
            ok, how = _check(c[rows].astype(np.float32) if not mlp else c[rows], want, mlp)
            row.update(ns=run.gpu_time_ns, ok=ok, check=how, block=f"{block[0]}x{block[1]}",
                       stats={st.name: st.value for st in run.pipeline_statistics},
                       registers=_stat(run.pipeline_statistics, "register"),
                       shared=_stat(run.pipeline_statistics, "shared"))
        except Exception as err:   # noqa: BLE001 -- one kernel failing leaves the others
            row["error"] = f"{type(err).__name__}: {str(err)[:400]}"
        results.append(row)
        print(f"  ... {name}: " + (f"{row['ns'] / 1e6:.3f} ms" if "ns" in row else row["error"]), flush=True)
    results += _library_times(a, b, bias, rows, want, args.repeat)

    if device_line:
        print(f"  device: {device_line}")
        try:
            from hlslc.runner import vulkan
            dev = vulkan.probe()
            print("  cooperative matrix configurations (fp16 x fp16 -> fp32): " + "; ".join(
                c.describe() for c in dev.matrix_configs if "16" in c.describe() and "32" in c.describe()))
        except Exception:   # noqa: BLE001 -- only for the report
            pass
    best = max((r["ns"] for r in results if "ns" in r and r["ns"]), default=None)
    print(f"\n  {'kernel':34} {'compiler':15} {'block':8} {'ms':>7} {'TFLOP/s':>8} {'regs':>5} {'shared':>7}  check")
    for r in results:
        if "error" in r:
            print(f"  {r['name']:34} {r.get('compiler', ''):15} failed: {r['error']}")
            continue
        tflops = flops / (r["ns"] * 1e-9) / 1e12
        r["tflops"] = tflops
        comp = r["compiler"].split(" (")[0]
        print(f"  {r['name']:34} {comp[:15]:15} {r.get('block', '-'):8} {r['ns'] / 1e6:7.3f} {tflops:8.1f} "
              f"{r.get('registers', '-'):>5} {r.get('shared', '-'):>7}  {'ok' if r['ok'] else 'WRONG'} ({r['check']})")
    print("\n  driver statistics:")
    for r in results:
        if r.get("stats"):
            print(f"  {r['name']}: " + ", ".join(f"{k}={v}" for k, v in r["stats"].items()))
    if args.json:
        Path(args.json).write_text(json.dumps({"what": what, "device": device_line, "repeat": args.repeat,
                                               "results": results}, indent=1, default=str))
    return 0 if all(r.get("ok") for r in results if "error" not in r) else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=4096)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--device", choices=("vulkan", "cpu"), default="vulkan")
    ap.add_argument("--kernel", choices=("group", "wave", "threadgroup"), default="group",
                    help="group: Wave-scope matrices from groupshared tiles, several waves per group (default); "
                         "wave: one wave per group, operands straight from memory; threadgroup: one "
                         "ThreadGroup-scope accumulator per group (Workgroup-scope cooperative matrices on Vulkan)")
    ap.add_argument("--block", default="128x128", help="threadgroup kernel: the block of C a group owns")
    ap.add_argument("--threads", type=int, default=128, help="threadgroup kernel: threads per group")
    ap.add_argument("--waves", default="2x4", help="group kernel: waves down x across a group (default 2x4, the "
                                               "fastest on an H100)")
    ap.add_argument("--tiles-m", type=int, default=4, choices=(2, 4),
                    help="group kernel: rows of 16x16 accumulators per wave (each wave has 4 columns)")
    ap.add_argument("--block-k", type=int, default=32, choices=(16, 32, 64), help="depth of a slice")
    ap.add_argument("--unroll", type=int, default=1, choices=(1, 2, 4, 8),
                    help="threadgroup kernel (straight from memory): slices per trip of its loop")
    ap.add_argument("--stages", type=int, default=2, choices=(1, 2),
                    help="group kernel: slices of A and B read ahead into registers")
    ap.add_argument("-D", "--define", action="append", default=[], metavar="NAME[=VALUE]",
                    help="a macro for the kernel (the group kernel's PROBE_* macros leave out a part of the "
                         "work to show what bounds it; its result is then wrong)")
    ap.add_argument("--statistics", action="store_true",
                    help="also print what the Vulkan driver says of the compiled kernel (registers, memory, ...)")
    ap.add_argument("--peers", action="store_true",
                    help="hlslc's kernels beside Slang's, glslang's, cuBLAS and PyTorch in one run (issue 27)")
    ap.add_argument("--mlp", action="store_true",
                    help="with --peers: the MLP layer relu(X W + b), fp16 out, against PyTorch")
    ap.add_argument("--spirv-dir", help="with --peers: the peers' compiled SPIR-V (read where there, else compiled)")
    ap.add_argument("--compile-only", action="store_true",
                    help="with --peers: compile the peers' SPIR-V into --spirv-dir and stop")
    ap.add_argument("--only", help="with --peers: a comma-separated list of the kernels to run")
    ap.add_argument("--json", help="with --peers: also write the results as JSON to this file")
    ap.add_argument("--extra", action="append", metavar="NAME=FILE:BMxBN:KSTEP",
                    help="with --peers: also run this SPIR-V module (the benchmark's bindings; its workgroup "
                         "computes a BMxBN block; K a multiple of KSTEP)")
    ap.add_argument("--dump-spirv", metavar="DIR", help="with --peers: write each kernel's SPIR-V, as run, to DIR")
    args = ap.parse_args()
    if args.peers:
        return run_peers(args)
    try:
        waves = tuple(int(w) for w in args.waves.split("x"))
        assert len(waves) == 2 and min(waves) > 0
    except (ValueError, AssertionError):
        ap.error(f"--waves: expected MxN, not {args.waves!r}")
    try:
        block = tuple(int(w) for w in args.block.split("x"))
        assert len(block) == 2 and min(block) > 0
    except (ValueError, AssertionError):
        ap.error(f"--block: expected MxN, not {args.block!r}")
    kernel = Kernel(args.kernel, waves, args.block_k, block, args.threads, args.tiles_m, args.define, args.stages,
                    args.unroll)
    m = n = k = args.size
    bm, bn, bk = kernel.block
    if m % bm or m % bn or k % bk:
        ap.error(f"--size must be a multiple of the kernel's block ({bm}x{bn}x{bk})")
    rng = np.random.default_rng(1)
    a = (rng.integers(-8, 8, size=(m, k)) / 8).astype(np.float16)
    b = (rng.integers(-8, 8, size=(k, n)) / 8).astype(np.float16)

    t0 = time.perf_counter()
    result = kernel.compile()
    compile_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    c, run = run_hlslc(a, b, args.device, args.repeat, result, kernel, args.statistics)
    wall = time.perf_counter() - t0
    rows = rng.choice(m, size=min(m, 64), replace=False)
    want = a[rows].astype(np.float32) @ b.astype(np.float32)
    ok = np.array_equal(c[rows], want)
    flops = 2.0 * m * n * k
    print(f"dx::linalg GEMM {m}x{n}x{k}, fp16 in, fp32 accumulate; {kernel.describe()} "
          f"(hlslc compile {compile_s:.2f} s)")
    if args.device == "cpu":
        print(f"  hlslc run (CPU executor)   {wall:.2f} s   result matches numpy: {ok}")
        return 0 if ok else 1
    ns = run.gpu_time_ns
    ours = flops / (ns * 1e-9) / 1e12
    print(f"  device: {run.device}, subgroup size {run.subgroup_size}")
    for stat in run.pipeline_statistics:
        print(f"  kernel ({stat.executable}) {stat.line()}")
    print(f"  hlslc -> SPIR-V -> Vulkan   {ns / 1e6:8.3f} ms  {ours:7.1f} TFLOP/s  (median of {args.repeat} "
          f"dispatches, GPU timestamps)   result matches numpy on {len(rows)} rows: {ok}")
    try:
        import cupy as cp
    except ImportError:
        print("  cuBLAS: CuPy is not installed here; no comparison")
        return 0 if ok else 1
    da, db = cp.asarray(a), cp.asarray(b)
    cp.matmul(da, db)
    cp.cuda.Device().synchronize()
    times = []
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    for _ in range(args.repeat):
        start.record()
        dc = cp.matmul(da, db)
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop) * 1e6)
    cu_ns = statistics.median(times)
    theirs = flops / (cu_ns * 1e-9) / 1e12
    same = bool(cp.allclose(dc[cp.asarray(rows)].astype(cp.float32), cp.asarray(want), rtol=1e-2, atol=1e-1))
    print(f"  cuBLAS (CuPy matmul, fp16)  {cu_ns / 1e6:8.3f} ms  {theirs:7.1f} TFLOP/s  (median of {args.repeat})"
          f"   agrees with numpy: {same}")
    print(f"  ratio hlslc / cuBLAS: {ours / theirs:.2f}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
