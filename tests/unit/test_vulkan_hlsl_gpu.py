"""HLSL compiled by hlslc (`-spirv`) and run on a Vulkan device gives what
the CPU executor gives: every sample with a pipeline file, the executor's
run tests, and the GPU benchmark's GEMM kernel at a small size against
numpy.  Buffers are compared element by element (integers exactly, floats
to the rounding of a different summation order), and each pipeline's own
Result checks must hold on both devices.  Skipped without a Vulkan device."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import numpy as np
import pytest

import hlslc
from hlslc import cli as command_line
from hlslc import options as cli
from hlslc.runner import RunError, load_pipeline, vulkan
from hlslc.runner.command import parse_run_arguments
from support.samples import SAMPLES_DIR, compile_args_for

pytestmark = pytest.mark.gpu

REPO = Path(__file__).resolve().parents[2]
RUN_TESTS = REPO / "tests" / "run"


@pytest.fixture(scope="module")
def device():
    try:
        return vulkan.probe()
    except RunError as err:
        pytest.skip(f"no Vulkan device: {err.message}")


def _compile(path: Path, argv: list[str]) -> "hlslc.CompileResult":
    args = cli.parse_arguments(argv + ["-o", "out.ll", str(path)])
    result = hlslc.compile_file(str(path), cli.compile_options(args))
    assert result.ok, "\n".join(d.message for d in result.diagnostics)
    return result


def _same_buffers(cpu: "hlslc.runner.RunResult", gpu: "hlslc.runner.RunResult") -> None:
    assert [o.line() for o in gpu.outcomes] == [o.line() for o in cpu.outcomes]
    assert all(o.ok for o in gpu.outcomes), [o.line() for o in gpu.outcomes]
    for name, want in cpu.buffers.items():
        got = gpu.buffers[name]
        assert got.dtype == want.dtype and got.shape == want.shape, name
        if np.issubdtype(want.dtype, np.floating):
            w = want.astype(np.float64)
            g = got.astype(np.float64)
            tol = 2e-2 if want.dtype == np.float16 else 1e-4
            np.testing.assert_allclose(g, w, rtol=tol, atol=tol * max(1.0, float(np.abs(w).max(initial=0))),
                                       err_msg=name)
        else:
            np.testing.assert_array_equal(got, want, err_msg=name)


SAMPLES = sorted(p for p in SAMPLES_DIR.glob("*.hlsl") if p.with_suffix(".yaml").exists())


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_sample_gives_the_cpu_results(device, sample):
    result = _compile(sample, compile_args_for(sample))
    pipeline = str(sample.with_suffix(".yaml"))
    cpu = hlslc.run(result, pipeline)
    gpu = hlslc.run(result, pipeline, device="vulkan")
    _same_buffers(cpu, gpu)
    print(f"{sample.stem}: {gpu.device}, {gpu.gpu_time_ns} ns")


def _run_lines(test: Path) -> list[list[str]]:
    """The `%hlslc run %s --pipeline ...` commands of a run test that
    expect success, as argument lists: the source, `--pipeline FILE` and
    the compile options (the CPU's own options, `--engine`, `--check`,
    `--seed`, are the CPU's: those lines run the same dispatch there)."""
    runs = []
    for line in test.read_text(encoding="utf-8").splitlines():
        m = re.search(r"RUN:\s*%hlslc run (.*?)(\||$)", line)
        if m:
            words = [w.replace("%s", str(test)).replace("%S", str(test.parent)) for w in shlex.split(m.group(1))]
            if "RACE" in words or any("%t" in w for w in words):
                continue
            opts = parse_run_arguments(words)
            if opts.check or opts.seed is not None or opts.engine is not None or opts.pipeline is None:
                continue
            runs.append(opts.rest + ["--pipeline", opts.pipeline])
    return runs


# What the device may do differently by the APIs' rules: a test says so on
# a line `// GPU: REASON`, and its runs are skipped on the device.
def _gpu_exemption(test: Path) -> str | None:
    m = re.search(r"^// GPU: (.+)$", test.read_text(encoding="utf-8"), re.M)
    return m.group(1) if m else None


RUN_CASES = [(t, argv) for t in sorted(RUN_TESTS.glob("*.hlsl")) for argv in _run_lines(t)
             if not t.name.startswith("sample-") and argv[0] == str(t)]     # HLSL, not IR files


@pytest.mark.parametrize("test, argv", RUN_CASES, ids=lambda v: v.stem if isinstance(v, Path) else " ".join(
    w for w in v if w.startswith("-D")) or "-")
def test_run_test_gives_the_cpu_results(device, test, argv):
    source = Path(argv[0])
    pipeline = argv[argv.index("--pipeline") + 1]
    flags = [w for i, w in enumerate(argv[1:], 1) if w != "--pipeline" and argv[i - 1] != "--pipeline"]
    exemption = _gpu_exemption(source)
    if exemption:
        pytest.skip(exemption)
    if device.features.get("shaderMaximalReconvergence"):
        # The CPU engines reconverge structured code as SPIR-V's maximal
        # reconvergence says; the driver does so only when asked.
        flags = ["-fspv-enable-maximal-reconvergence"] + flags
    text = Path(pipeline).read_text(encoding="utf-8")
    if "RootParameters" in text:
        pytest.skip("DirectX root parameters: the pipeline binds for D3D12 only")
    if "HeapIndex" in text:
        pytest.skip("descriptor heaps (SM 6.6 dynamic resources): the SPIR-V backend does not map them yet")
    result = _compile(source, flags)
    cpu = hlslc.run(result, pipeline)
    if not all(o.ok for o in cpu.outcomes):
        pytest.skip("a run the test expects to fail")
    try:
        gpu = hlslc.run(result, pipeline, device="vulkan")
    except RunError as err:
        # What Vulkan itself cannot do, named by the runner: matrix sizes the
        # device reports no configuration for, texel formats the device has no
        # buffer views of (64-bit ones), and images (not run yet); and
        # operations the SPIR-V backend lists as unsupported (spirv.ops.UNSUPPORTED).
        if "matches no configuration" in err.message or "resources are not supported on Vulkan" in err.message \
                or "has no SPIR-V mapping" in err.message or "the device cannot use" in err.message:
            pytest.skip(err.message[:200])
        raise
    _same_buffers(cpu, gpu)


def test_groupshared_over_the_device_limit_is_named(device):
    import importlib.util
    spec = importlib.util.spec_from_file_location("run_gpu_gemm", REPO / "bench" / "run_gpu_gemm.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    a = np.zeros((128, 128), np.float16)
    b = np.zeros((128, 256), np.float16)
    with pytest.raises(RunError, match="groupshared variables take 52224 bytes; .* gives a workgroup at most"):
        bench.run_hlslc(a, b, device="vulkan", kernel=bench.Kernel("group", (2, 4), 64))


@pytest.mark.parametrize("kernel", ["group 2x2 32", "group 2x4 32", "group 2x4 32 1", "group 2x2 64",
                                    "group 2x4 16 1 DOUBLE", "wave",
                                    "threadgroup", "threadgroup STAGED"])
def test_gpu_benchmark_kernels_against_numpy(device, kernel):
    # The kernels of bench/run_gpu_gemm.py, 256 x 256 x 256, against numpy
    # ("group WAVES BLOCK_K [STAGES [MACRO...]]"; the threadgroup kernel with
    # its groupshared tiles).
    import importlib.util
    spec = importlib.util.spec_from_file_location("run_gpu_gemm", REPO / "bench" / "run_gpu_gemm.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    name, *rest = kernel.split()
    if name == "group":
        chosen = bench.Kernel(name, tuple(int(w) for w in rest[0].split("x")), int(rest[1]),
                              stages=int(rest[2]) if len(rest) > 2 else 2, defines=rest[3:])
    else:
        chosen = bench.Kernel(name, defines=rest)
    # The threadgroup kernel runs as Workgroup-scope cooperative matrices
    # where the device has them, else as generic code.
    rng = np.random.default_rng(7)
    m, n, k = 256, 256, 256
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    c = bench.run_hlslc(a, b, device="vulkan", kernel=chosen)[0]
    expected = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(c, expected, rtol=1e-3, atol=1e-2)


def test_pipeline_statistics(device, tmp_path):
    # What the driver says of the compiled pipeline, where it says anything
    # (VK_KHR_pipeline_executable_properties): through the library and as
    # lines after the device line of `hlslc run`.
    if "VK_KHR_pipeline_executable_properties" not in device.extensions:
        pytest.skip(f"'{device.name}' does not report pipeline statistics")
    import contextlib
    import io
    sample = SAMPLES_DIR / "tiled_gemm_wave.hlsl"
    argv = compile_args_for(sample)
    run = hlslc.run(_compile(sample, argv), str(sample.with_suffix(".yaml")), device="vulkan", statistics=True)
    assert run.ok and run.pipeline_statistics
    assert all(s.name and isinstance(s.value, (int, float, bool)) for s in run.pipeline_statistics)
    out, errs = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errs):
        status = command_line.main(["run", "--device", "vulkan", "--statistics", str(sample), "--pipeline",
                           str(sample.with_suffix(".yaml")), *argv])
    assert status == 0, errs.getvalue()
    lines = out.getvalue().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Device: "))
    assert lines[at + 1].startswith("Pipeline statistics (") and lines[at + 2].startswith("  ")


def test_many_runs_in_one_process(device):
    # Runs share the process's Vulkan instance: a driver may refuse new
    # instances after a few dozen (NVIDIA's 580 refuses the 31st), and a
    # library user runs many dispatches.
    sample = SAMPLES_DIR / "tiled_gemm_wave.hlsl"
    result = _compile(sample, compile_args_for(sample))
    for _ in range(40):
        assert hlslc.run(result, str(sample.with_suffix(".yaml")), device="vulkan").ok


def test_counter_ends_where_the_cpu_says(device):
    # The hidden counter is read back too: `Counter:` in the output as on
    # the CPU (the slots themselves are compared by the run tests).
    import contextlib
    import io
    outputs = []
    for where in ("cpu", "vulkan"):
        out, errs = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errs):
            status = command_line.main(["run", "--device", where, str(RUN_TESTS / "counters.hlsl"), "--pipeline",
                               str(RUN_TESTS / "counters.yaml"), "-T", "cs_6_0"])
        assert status == 0, errs.getvalue()
        outputs.append(out.getvalue().split("Device:")[0])
    assert "    Counter: 66\n" in outputs[1] and outputs[0] == outputs[1]


def test_printf_runs_on_the_device(device, tmp_path):
    # `hlslc run --device vulkan` compiles for Vulkan: printf is SPIR-V's
    # debug printf (a driver without the validation layer ignores it) and
    # `__spirv__` is defined; the dispatch around it computes as usual.
    import contextlib
    import io
    shader = tmp_path / "printf.hlsl"
    shader.write_text("RWStructuredBuffer<uint> Out : register(u0);\n"
                      "[numthreads(4, 1, 1)] void main(uint i : SV_DispatchThreadID) {\n"
                      "  printf(\"thread %u of %v3u\\n\", i, uint3(4, 1, 1));\n"
                      "#ifdef __spirv__\n  Out[i] = i * 3 + 1;\n#endif\n}\n")
    pipeline = tmp_path / "printf.yaml"
    pipeline.write_text("---\nShaders:\n  - Stage: Compute\n    Entry: main\n"
                        "Buffers:\n  - Name: Out\n    Format: UInt32\n    FillSize: 16\n"
                        "DescriptorSets:\n  - Resources:\n    - Name: Out\n      Kind: RWStructuredBuffer\n"
                        "      DirectXBinding: { Register: 0, Space: 0 }\n      VulkanBinding: { Binding: 0 }\n...\n")
    out, errs = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errs):
        status = command_line.main(["run", "--device", "vulkan", str(shader), "--pipeline", str(pipeline),
                                    "-T", "cs_6_6"])
    assert status == 0, errs.getvalue()
    assert "Data: [ 1, 4, 7, 10 ]" in out.getvalue(), out.getvalue()
