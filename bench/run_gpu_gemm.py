"""GPU benchmark: the dx::linalg GEMM (bench/gpu/gemm_f16_wave.hlsl; fp16
in, fp32 accumulate and out) compiled by hlslc to SPIR-V and run through
Vulkan (`hlslc.run(..., device="vulkan")`), against cuBLAS (CuPy's matmul,
fp16 in and out, fp32 accumulation) on the same GPU and data, in one run.

    python bench/run_gpu_gemm.py [--size 4096] [--repeat 20] [--device vulkan|cpu]

Prints each one's median time and TFLOP/s (2*M*N*K / time) and the ratio,
and checks the Vulkan result against numpy (or CuPy) on a sample of rows.
`--device cpu` runs the same kernel on hlslc's CPU executor (small sizes:
a correctness check of the kernel, not a speed figure)."""

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


class Kernel:
    """One of the GEMM kernels of bench/gpu/ with its compile options and
    the block of C a group computes."""

    def __init__(self, name: str = "group", waves: tuple[int, int] = (2, 2), block_k: int = 32,
                 block: tuple[int, int] = (128, 128), threads: int = 128, tiles_m: int = 4,
                 defines: list[str] | None = None, stages: int = 2) -> None:
        self.name = name
        self.slice = block_k
        self.stages = stages if name == "group" else 1
        extra = list(defines or [])
        if name == "threadgroup":
            self.path = ROOT / "bench" / "gpu" / "gemm_f16_group_scope.hlsl"
            self.options = hlslc.CompileOptions(
                profile="cs_6_10", enable_16bit_types=True,
                defines=[f"THREADS={threads}", f"BLOCK_M={block[0]}", f"BLOCK_N={block[1]}", f"BLOCK_K={block_k}"] + extra)
            self.block = (block[0], block[1], block_k)
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
              result: "hlslc.CompileResult | None" = None,
              kernel: Kernel | None = None, pipeline_statistics: bool = False
              ) -> tuple[np.ndarray, "hlslc.runner.RunResult"]:
    """C = A @ B (fp16 in, fp32 out) by a kernel on `device`; M, N and K
    multiples of the kernel's block."""
    kernel = kernel or Kernel()
    (m, k), n = a.shape, b.shape[1]
    bm, bn, bk = kernel.block
    if m % bm or n % bn or k % bk:
        raise ValueError(f"{m}x{n}x{k} is not a multiple of the kernel's {bm}x{bn}x{bk} block")
    if result is None:
        result = kernel.compile()
    text = PIPELINE.format(gx=n // bn, gy=m // bm, m=m, n=n, k=k, a_bytes=a.nbytes, b_bytes=b.nbytes,
                           c_bytes=m * n * 4)
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "gemm.yaml")
        Path(path).write_text(text)
        pipeline = hlslc.load_pipeline(path)
    pipeline.buffers["A"].data = np.ascontiguousarray(a, dtype=np.float16).reshape(-1)
    pipeline.buffers["B"].data = np.ascontiguousarray(b, dtype=np.float16).reshape(-1)
    kw = {"device": "vulkan", "repeat": repeat, "statistics": pipeline_statistics} if device == "vulkan" else {}
    run = hlslc.run(result, pipeline, **kw)
    return run.buffers["C"].reshape(m, n), run


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
    ap.add_argument("--stages", type=int, default=2, choices=(1, 2),
                    help="group kernel: slices of A and B read ahead into registers")
    ap.add_argument("-D", "--define", action="append", default=[], metavar="NAME[=VALUE]",
                    help="a macro for the kernel (the group kernel's PROBE_* macros leave out a part of the "
                         "work to show what bounds it; its result is then wrong)")
    ap.add_argument("--statistics", action="store_true",
                    help="also print what the Vulkan driver says of the compiled kernel (registers, memory, ...)")
    args = ap.parse_args()
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
    kernel = Kernel(args.kernel, waves, args.block_k, block, args.threads, args.tiles_m, args.define, args.stages)
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
