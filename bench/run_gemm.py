"""hlslc run's interpreter on the tiled GEMM sample (bench/jit_bench.py
measures the JIT, the default engine, next to it) (issue 12's target: 512 x 512
x 512, 256 groups of 128 threads, under 10 s on 2 cores), next to numpy's
matmul on the same data, with the IR instructions executed per second.

    python bench/run_gemm.py [--size 512]

The pipeline is made in memory with samples/gen_tiled_gemm_wave.py's
recipe (distinct fp16 values), so the time measured is the dispatch, not
reading a 6 MB YAML file; the result is checked against numpy's.  Nothing
here is a test: a slow machine fails nothing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=512, help="M = N = K (a multiple of 32)")
    args = parser.parse_args()
    size = args.size
    import hlslc
    from hlslc.runner.command import execute
    from hlslc.runner.pipeline import load_pipeline

    gen = os.path.join(ROOT, "samples", "gen_tiled_gemm_wave.py")
    text = open(gen).read().replace("M, N, K = 64, 64, 96", f"M, N, K = {size}, {size}, {size}")
    yaml_text = subprocess.run([sys.executable, "-c", text], capture_output=True, text=True, check=True).stdout
    t0 = time.perf_counter()
    pipeline = load_pipeline("gemm.yaml", yaml_text)
    t_load = time.perf_counter() - t0
    result = hlslc.compile_file(os.path.join(ROOT, "samples", "tiled_gemm_wave.hlsl"),
                                hlslc.CompileOptions(profile="cs_6_10"))
    assert result.ok
    a = pipeline.buffers["MatA"].data.reshape(size, size).astype(np.float32)
    b = pipeline.buffers["MatB"].data.reshape(size, size).astype(np.float32)
    t0 = time.perf_counter()
    run = execute(result.ir_text, pipeline, "main", engine="interp")
    t_run = time.perf_counter() - t0
    t0 = time.perf_counter()
    product = np.abs(np.float32(0.5) * (a @ b)).astype(np.float16)
    t_numpy = time.perf_counter() - t0
    got = run.buffers["MatC"].reshape(size, size)
    close = np.isclose(got.astype(np.float32), product.astype(np.float32), rtol=2e-3, atol=1e-4).mean()
    groups = (size // 32) ** 2
    print(f"tiled GEMM {size}x{size}x{size}: {groups} groups of 128 threads, {os.cpu_count()} CPUs")
    threads = groups * 128
    print(f"  hlslc run (dispatch)   {t_run:8.3f} s   {run.instructions / t_run:12,.0f} IR instructions/s "
          f"({run.instructions:,} executed, each over all {threads:,} threads at once: at most "
          f"{run.instructions * threads / t_run:,.0f} thread-instructions/s)")
    print(f"  pipeline file read     {t_load:8.3f} s")
    print(f"  numpy matmul           {t_numpy:8.3f} s   ratio {t_run / t_numpy:,.0f}x")
    print(f"  elements matching numpy (fp16 rounding): {100 * close:.2f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
