"""The Vulkan runner on a device: the SPIR-V assembly shaders of
tests/run/vulkan/ run with their pipelines, results compared with numpy.
Every test skips where there is no Vulkan device (no loader, no driver)
or no SPIR-V assembler (spirv-as, from SPIRV-Tools) to build the shaders."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import hlslc
from hlslc.runner import RunError, load_pipeline, vulkan
from support.spirv_tools import assemble, find_tool

pytestmark = pytest.mark.gpu

VULKAN_TESTS = Path(__file__).resolve().parent.parent / "run" / "vulkan"
REPO = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def device():
    try:
        dev = vulkan.probe()
    except RunError as err:
        pytest.skip(f"no Vulkan device: {err.message}")
    print(f"\nVulkan device: {dev.name} (Vulkan {hlslc.runner.vulkan_api.version(dev.api_version)}, subgroups "
          f"{dev.min_subgroup_size} to {dev.max_subgroup_size}, cooperative matrix configurations: "
          f"{len(dev.matrix_configs)})")
    return dev


@pytest.fixture(scope="module")
def shaders(tmp_path_factory):
    if find_tool("spirv-as") is None:
        pytest.skip("spirv-as (SPIRV-Tools) is not installed")
    out = tmp_path_factory.mktemp("spv")
    envs = {"scale-add": "vulkan1.1", "texel-double": "vulkan1.1", "coopmat-muladd": "vulkan1.3"}
    return {name: assemble(VULKAN_TESTS / f"{name}.spvasm", env, out / f"{name}.spv") for name, env in envs.items()}


def _run(code, name, **kw):
    return hlslc.run(code, str(VULKAN_TESTS / f"{name}.yaml"), device="vulkan", **kw)


def test_scale_add(device, shaders):
    run = _run(shaders["scale-add"], "scale-add")
    assert [o.line() for o in run.outcomes] == ["ScaleAdd: pass"]
    n = np.arange(128, dtype=np.uint32)
    np.testing.assert_array_equal(run.buffers["Out"], run.buffers["In"] * 3 + n)
    assert run.device == device.name
    print(f"scale-add: {run.gpu_time_ns} ns")


def test_repeated_dispatches_are_each_timed(device, shaders):
    run = _run(shaders["scale-add"], "scale-add", repeat=5)
    assert run.ok
    if run.gpu_times_ns:
        assert len(run.gpu_times_ns) == 5 and all(t > 0 for t in run.gpu_times_ns)
        assert run.gpu_time_ns == float(np.median(run.gpu_times_ns))


def test_storage_texel_buffer(device, shaders):
    run = _run(shaders["texel-double"], "texel-double")
    assert [o.line() for o in run.outcomes] == ["Doubled: pass"]


def _cooperative(device):
    if "VK_KHR_cooperative_matrix" not in device.extensions:
        pytest.skip(f"{device.name} has no VK_KHR_cooperative_matrix")
    if not any((c.m, c.n, c.k, c.a, c.b, c.c, c.scope) == (16, 16, 16, "f16", "f16", "f32", 3)
               for c in device.matrix_configs):
        pytest.skip(f"{device.name} has no 16x16x16 f16 -> f32 subgroup configuration")


def test_cooperative_matrix_multiply_add(device, shaders):
    _cooperative(device)
    run = _run(shaders["coopmat-muladd"], "coopmat-muladd")
    assert [o.line() for o in run.outcomes] == ["MulAdd: pass"]


def test_cooperative_matrix_random_data_against_numpy(device, shaders):
    _cooperative(device)
    rng = np.random.default_rng(2026)
    a = rng.standard_normal((16, 16)).astype(np.float16)
    b = rng.standard_normal((16, 16)).astype(np.float16)
    c = rng.standard_normal((16, 16)).astype(np.float32)
    pipeline = load_pipeline(str(VULKAN_TESTS / "coopmat-muladd.yaml"))
    pipeline.buffers["A"].data = a.ravel()
    pipeline.buffers["B"].data = b.ravel()
    pipeline.buffers["C"].data = c.ravel()
    run = hlslc.run(shaders["coopmat-muladd"], pipeline, device="vulkan")
    expected = a.astype(np.float32) @ b.astype(np.float32) + c
    np.testing.assert_allclose(run.buffers["D"].reshape(16, 16), expected, rtol=1e-3, atol=1e-3)


def test_wave_size_the_device_lacks(device, shaders):
    if device.max_subgroup_size >= 128:
        pytest.skip("the device runs every wave size")
    with pytest.raises(RunError, match="asks for waves of 128 lanes"):
        _run(shaders["scale-add"], "scale-add", wave_size=128)


def test_command_line(device, shaders, tmp_path):
    module = tmp_path / "scale-add.spv"
    module.write_bytes(shaders["scale-add"])
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-m", "hlslc", "run", "--device", "vulkan", str(module), "--pipeline",
                           str(VULKAN_TESTS / "scale-add.yaml")], capture_output=True, text=True, env=env,
                          cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert "ScaleAdd: pass" in done.stdout
    assert f"Device: {device.name}" in done.stdout
    print(done.stdout.splitlines()[-1])
