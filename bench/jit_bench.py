"""hlslc run's two CPU engines next to numpy on the same data, in one run:
saxpy over 4M floats, a groupshared tree reduction (256 threads a group,
a barrier a step) over 4M floats, and the tiled GEMM sample
(samples/tiled_gemm_wave.hlsl: Wave-scope dx::linalg matrices, groupshared
tiles) at 512 x 512 x 512.

    python bench/jit_bench.py [--only saxpy,reduce,gemm] [--repeat N] [--no-interp] [--size-scale S]

Each dispatch runs through `hlslc.runner.cpu.execute` (what `hlslc run` and
`hlslc.run` call) on a pipeline made in memory (reading millions of values
from YAML is not what is measured). The JIT's first run compiles (its time
is shown apart; later runs find the module in the cache); its time is the
median of `--repeat` runs, as is numpy's. Every result is checked: the JIT's
buffers against numpy's result (the GEMM to fp16 rounding, the reduction to
float32 rounding of another summation order) and against the
interpreter's, byte for byte. Goals (issue 25): saxpy within 2x of numpy,
the reduction within 3x, the GEMM within 10x of numpy's float32 matmul.
Nothing here is a test: a slow machine fails nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

SAXPY = """
StructuredBuffer<float> X : register(t0);
StructuredBuffer<float> Y : register(t1);
RWStructuredBuffer<float> Out : register(u0);
cbuffer Params : register(b0) { float A; };
[numthreads(256, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = A * X[id.x] + Y[id.x];
}
"""

REDUCE = """
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Sums : register(u0);
groupshared float Tile[256];
[numthreads(256, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex, uint3 group : SV_GroupID) {
  Tile[gi] = In[id.x];
  GroupMemoryBarrierWithGroupSync();
  for (uint s = 128; s > 0; s >>= 1) {
    if (gi < s)
      Tile[gi] += Tile[gi + s];
    GroupMemoryBarrierWithGroupSync();
  }
  if (gi == 0)
    Sums[group.x] = Tile[0];
}
"""


def pipeline_text(groups: tuple[int, int, int], buffers: list[tuple[str, str, int, int | None]],
                  resources: list[tuple[str, str, int]]) -> str:
    """A pipeline file whose buffers are zero-filled (FillSize); the data
    are set in memory afterwards."""
    lines = ["---", "Shaders:", "  - Stage: Compute", "    Entry: main", "DispatchParameters:",
             f"  DispatchGroupCount: [{groups[0]}, {groups[1]}, {groups[2]}]", "Buffers:"]
    for name, fmt, size, stride in buffers:
        lines += [f"  - Name: {name}", f"    Format: {fmt}"]
        if stride:
            lines.append(f"    Stride: {stride}")
        lines.append(f"    FillSize: {size}")
    lines += ["DescriptorSets:", "  - Resources:"]
    for name, kind, register in resources:
        lines += [f"    - Name: {name}", f"      Kind: {kind}",
                  f"      DirectXBinding: {{ Register: {register}, Space: 0 }}"]
    return "\n".join(lines + ["..."]) + "\n"


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _ms(t: float | None) -> str:
    if t is None:
        return "-"
    return f"{t * 1e3:,.1f} ms" if t < 10 else f"{t:,.2f} s"


class Bench:
    def __init__(self, name: str, source: str, profile: str, pipeline: str, setup, reference, compare,
                 outputs: list[str]) -> None:
        self.name = name
        self.source = source
        self.profile = profile
        self.pipeline = pipeline
        self.setup = setup              # fn(pipeline) -> None: the input data
        self.reference = reference      # fn() -> numpy's result (timed)
        self.compare = compare          # fn(buffers, reference) -> (ok, note)
        self.outputs = outputs          # the buffers the dispatch writes (reset before each run)


def run_bench(bench: Bench, repeat: int, interp: bool) -> dict:
    import hlslc
    from hlslc.runner.cpu import execute
    from hlslc.runner.pipeline import load_pipeline

    result = hlslc.compile_source(bench.source, os.path.join(ROOT, "samples", "tiled_gemm_wave.hlsl") if "GEMM" in bench.name
                                  else f"{bench.name.split()[0]}.hlsl", hlslc.CompileOptions(profile=bench.profile))
    assert result.ok, result.diagnostics
    p = load_pipeline(f"{bench.name}.yaml", bench.pipeline)
    bench.setup(p)
    zeros = {name: np.zeros_like(p.buffers[name].data) for name in bench.outputs}

    def reset() -> None:
        for name in bench.outputs:
            p.buffers[name].data = zeros[name].copy()

    reset()
    t0 = time.perf_counter()
    first = execute(result.ir_text, p, "main", engine="jit")
    t_first = time.perf_counter() - t0
    engine = first.engine
    jit_buffers = {name: p.buffers[name].data.copy() for name in bench.outputs}
    times = []
    for _ in range(repeat):
        reset()
        t0 = time.perf_counter()
        execute(result.ir_text, p, "main", engine="jit")
        times.append(time.perf_counter() - t0)
    t_jit = statistics.median(times)
    ref = bench.reference()
    t_numpy = median_time(bench.reference, repeat)
    ok, note = bench.compare(jit_buffers, ref)
    t_interp = None
    same = None
    if interp:
        reset()
        t0 = time.perf_counter()
        execute(result.ir_text, p, "main", engine="interp")
        t_interp = time.perf_counter() - t0
        same = all(jit_buffers[n].tobytes() == p.buffers[n].data.tobytes() for n in bench.outputs)
    return {"name": bench.name, "engine": engine, "first": t_first, "compile": first.compile_seconds,
            "jit": t_jit, "numpy": t_numpy, "interp": t_interp, "ok": ok, "note": note, "same": same}


def saxpy(n: int) -> Bench:
    rng = np.random.default_rng(1)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    a = np.float32(1.75)

    def setup(p) -> None:
        p.buffers["X"].data = x.copy()
        p.buffers["Y"].data = y.copy()
        p.buffers["Params"].data = np.array([a, 0, 0, 0], dtype=np.float32)

    def compare(out, ref):
        got = out["Out"]
        return bool(np.array_equal(got, ref)), "exact"

    text = pipeline_text((n // 256, 1, 1), [("X", "Float32", 4 * n, 4), ("Y", "Float32", 4 * n, 4),
                                            ("Out", "Float32", 4 * n, 4), ("Params", "Float32", 16, None)],
                         [("X", "StructuredBuffer", 0), ("Y", "StructuredBuffer", 1),
                          ("Out", "RWStructuredBuffer", 0), ("Params", "ConstantBuffer", 0)])
    return Bench(f"saxpy {n // (1 << 20)}M floats", SAXPY, "cs_6_0", text, setup, lambda: a * x + y, compare,
                 ["Out"])


def reduce(n: int) -> Bench:
    rng = np.random.default_rng(2)
    x = rng.random(n).astype(np.float32)

    def setup(p) -> None:
        p.buffers["In"].data = x.copy()

    def compare(out, ref):
        got = out["Sums"]
        exact = x.reshape(-1, 256).astype(np.float64).sum(axis=1)
        err = float(np.max(np.abs(got - exact) / np.abs(exact)))
        return err < 1e-5, f"max relative error {err:.1e} against float64"

    text = pipeline_text((n // 256, 1, 1), [("In", "Float32", 4 * n, 4), ("Sums", "Float32", 4 * (n // 256), 4)],
                         [("In", "StructuredBuffer", 0), ("Sums", "RWStructuredBuffer", 0)])
    return Bench(f"groupshared reduction {n // (1 << 20)}M floats", REDUCE, "cs_6_0", text, setup,
                 lambda: x.reshape(-1, 256).sum(axis=1), compare, ["Sums"])


def gemm(size: int) -> Bench:
    rng = np.random.default_rng(3)
    a = (rng.permutation(size * size) % 97 / 64 - 0.75).astype(np.float16).reshape(size, size)
    b = (rng.permutation(size * size) % 89 / 64 - 0.7).astype(np.float16).reshape(size, size)
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    alpha = np.float32(0.5)

    def setup(p) -> None:
        p.buffers["Params"].data = np.array([size, size, size, np.array([alpha]).view(np.uint32)[0]],
                                            dtype=np.uint32)
        p.buffers["MatA"].data = a.reshape(-1).copy()
        p.buffers["MatB"].data = b.reshape(-1).copy()

    def compare(out, ref):
        got = out["MatC"].reshape(size, size).astype(np.float32)
        want = np.abs(alpha * ref).astype(np.float16).astype(np.float32)
        close = np.isclose(got, want, rtol=2e-3, atol=1e-4).mean()
        return close == 1.0, f"{100 * close:.2f}% of elements match numpy to fp16 rounding"

    with open(os.path.join(ROOT, "samples", "tiled_gemm_wave.hlsl"), encoding="utf-8") as f:
        source = f.read()
    text = pipeline_text((size // 32, size // 32, 1),
                         [("Params", "Hex32", 16, None), ("MatA", "Float16", 2 * size * size, None),
                          ("MatB", "Float16", 2 * size * size, None), ("MatC", "Float16", 2 * size * size, None)],
                         [("Params", "ByteAddressBuffer", 0), ("MatA", "ByteAddressBuffer", 1),
                          ("MatB", "ByteAddressBuffer", 2), ("MatC", "RWByteAddressBuffer", 0)])
    return Bench(f"tiled GEMM {size}x{size}x{size} (fp16, fp32 accumulation)", source, "cs_6_10", text, setup,
                 lambda: a32 @ b32, compare, ["MatC"])


GOALS = {"saxpy": 2, "reduce": 3, "gemm": 10}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="saxpy,reduce,gemm", help="which benchmarks (comma-separated)")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs of the JIT and numpy (median)")
    ap.add_argument("--no-interp", action="store_true", help="skip the interpreter (slow)")
    ap.add_argument("--size-scale", type=float, default=1.0, help="scale the problem sizes (1: 4M floats, 512^3)")
    args = ap.parse_args()
    n = int(4 * (1 << 20) * args.size_scale) // 65536 * 65536
    size = max(32, int(512 * args.size_scale) // 32 * 32)
    makers = {"saxpy": lambda: saxpy(n), "reduce": lambda: reduce(n), "gemm": lambda: gemm(size)}
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count()
    threads = os.environ.get("HLSLC_JIT_THREADS") or str(cpus)
    print(f"{cpus} CPUs (JIT workers: {threads}); median of {args.repeat} runs for the JIT and numpy")
    print(f"{'benchmark':48} {'JIT':>10} {'numpy':>10} {'JIT/numpy':>10} {'goal':>6} {'interp':>10} "
          f"{'interp/JIT':>10}  checks")
    for key in args.only.split(","):
        r = run_bench(makers[key](), args.repeat, not args.no_interp)
        ratio = r["jit"] / r["numpy"]
        goal = GOALS[key]
        speedup = f"{r['interp'] / r['jit']:,.0f}x" if r["interp"] else "-"
        same = "" if r["same"] is None else ("; bit-identical to the interpreter" if r["same"] else
                                              "; DIFFERS from the interpreter")
        print(f"{r['name']:48} {_ms(r['jit']):>10} {_ms(r['numpy']):>10} {ratio:>9.2f}x {'<' + str(goal) + 'x':>6} "
              f"{_ms(r['interp']):>10} {speedup:>10}  {'ok' if r['ok'] else 'WRONG'}: {r['note']}{same}")
        print(f"{'':48} first run {_ms(r['first'])} (compile {_ms(r['compile'])}), engine {r['engine']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
