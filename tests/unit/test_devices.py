"""Device profiles and portability checks where a .hlsl test cannot say
it: the profile reader's shapes and names, error positions, exact exit
statuses, the library API, and that no profile file crashes hlslc."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

import hlslc
from hlslc import cli
from hlslc.devices import (BUILTIN_DEVICES, DeviceProfileError, component_name, list_devices_text, load_device,
                           parse_profile, scope_name)

REPO = Path(__file__).resolve().parents[2]
INPUTS = REPO / "tests" / "devices" / "Inputs"
SHADER = """#include <dx/linalg.h>
using namespace dx::linalg;
ByteAddressBuffer Raw;
[numthreads(32, 1, 1)]
void main() {
  Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave> a =
      Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>::Load(Raw, 0, 32, MatrixLayout::RowMajor);
}
"""


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(list(argv))
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def shader(tmp_path: Path) -> Path:
    path = tmp_path / "a.hlsl"
    path.write_text(SHADER)
    return path


# --- the built-in profiles ---------------------------------------------------------

def test_builtin_profiles() -> None:
    h100 = load_device("nvidia-h100")
    assert h100.name == "nvidia-h100" and h100.source == "built-in"
    assert h100.description == "NVIDIA H100 80GB HBM3, Vulkan 1.4.312"
    exact = [c for c in h100.matrix_configs if not c.flexible]
    flexible = [c for c in h100.matrix_configs if c.flexible]
    assert len(exact) == 21 and len(flexible) == 25          # khr (11) + nv (10); nv_flexible
    assert {(c.m, c.n, c.k, c.a, c.result) for c in exact} >= {(16, 16, 16, "f16", "f32"), (16, 8, 32, "s8", "s32")}
    assert {c.workgroup_invocations for c in flexible if c.scope == "workgroup"} == {32, 64, 128, 256}
    assert len(h100.vector_configs) == 16
    metal = load_device("apple-metal")
    assert [(c.m, c.n, c.k, c.a, c.b, c.c, c.result, c.scope) for c in metal.matrix_configs] == [
        (8, 8, 8, "f32", "f32", "f32", "f32", "subgroup"), (8, 8, 8, "f16", "f16", "f16", "f16", "subgroup")]
    assert metal.vector_configs is None
    web = load_device("webgpu-baseline")
    assert len(web.matrix_configs) == 36 and all(c.flexible and (c.m, c.n, c.k) == (1, 1, 1)
                                                 for c in web.matrix_configs)
    assert {c.a for c in web.matrix_configs} == {"f32", "f16", "s32", "u32", "s8", "u8"}
    assert all(c.a == c.b and c.c == c.result and c.scope == "subgroup" for c in web.matrix_configs)


def test_list_devices(shader: Path) -> None:
    status, out, err = run("--list-devices")
    assert status == 0 and err == ""
    assert out == list_devices_text()
    assert [line.split()[0] for line in out.splitlines()] == list(BUILTIN_DEVICES)
    # --list-devices needs no input and wins over one.
    assert run("--list-devices", str(shader))[1] == out


def test_h100_profile_is_the_project_device_data() -> None:
    shared = REPO.parent / "shared" / "devices" / "nvidia-h100-vulkan-580.159.04.json"
    if not shared.exists():
        pytest.skip("the project's device data is not next to this checkout")
    packaged = REPO / "hlslc" / "devices" / "nvidia-h100.json"
    assert json.loads(packaged.read_text()) == json.loads(shared.read_text())


# --- names -------------------------------------------------------------------------

@pytest.mark.parametrize("raw, name", [
    ("VK_COMPONENT_TYPE_FLOAT16_KHR", "f16"), ("VK_COMPONENT_TYPE_FLOAT16_NV", "f16"), ("FLOAT32", "f32"),
    ("vk_component_type_sint8_khr", "s8"), ("VK_COMPONENT_TYPE_UINT8_PACKED_NV", "u8packed"),
    ("VK_COMPONENT_TYPE_BFLOAT16_KHR", "bf16"), ("VK_COMPONENT_TYPE_FLOAT_E4M3_NV", "e4m3"), ("FLOAT16_KHR", "f16"),
    ("i32", "s32"), ("u8", "u8"), ("f16", "f16"), (0, "f16"), (5, "s32"), (10, "u64"),
    ("f17", None), (11, None), (True, None), (None, None), (1.0, None),
])
def test_component_names(raw: object, name: str | None) -> None:
    assert component_name(raw) == name


@pytest.mark.parametrize("raw, name", [
    ("VK_SCOPE_SUBGROUP_KHR", "subgroup"), ("VK_SCOPE_WORKGROUP_NV", "workgroup"), ("subgroup", "subgroup"),
    (3, "subgroup"), (2, "workgroup"), (1, "device"), (5, "queuefamily"), (4, None), ("warp", None),
])
def test_scope_names(raw: object, name: str | None) -> None:
    assert scope_name(raw) == name


# --- shapes --------------------------------------------------------------------------

def test_vulkan_list() -> None:
    profile = parse_profile((INPUTS / "vulkan-properties.json").read_text(), "gpu.json")
    assert profile.name == "gpu" and profile.vector_configs is None
    first, second, third, fourth = profile.matrix_configs
    assert (first.a, first.c, first.scope, first.saturating) == ("f16", "f32", "subgroup", False)
    assert (second.a, second.result, second.scope) == ("s8", "s32", "subgroup")
    assert (third.a, third.scope) == ("f16", "workgroup")
    assert fourth.saturating


def test_webgpu_shapes() -> None:
    listed = parse_profile((INPUTS / "webgpu-configs.json").read_text(), "configs.json")
    assert [(c.a, c.b, c.c, c.result) for c in listed.matrix_configs] == [("f16", "f16", "f32", "f32"),
                                                                          ("s8", "s8", "s32", "s32")]
    named = parse_profile((INPUTS / "webgpu-adapter.json").read_text(), "x.json")
    assert named.name == "my-adapter" and named.description.startswith("an adapter")
    any_size = parse_profile('[{"componentType": "f16", "resultComponentType": "f16", "M": null, "N": null, '
                             '"K": null}]')
    assert any_size.matrix_configs[0].flexible and any_size.matrix_configs[0].m == 1


def test_device_dump_and_vulkan_object() -> None:
    dump = parse_profile((INPUTS / "device-dump.json").read_text(), "dump.json")
    assert dump.description == "Example GPU, Vulkan 1.3.0"
    assert len(dump.matrix_configs) == 1 and len(dump.vector_configs) == 1
    vulkan = parse_profile(json.dumps({
        "name": "gpu",
        "cooperativeMatrixProperties": [{"MSize": 8, "NSize": 8, "KSize": 8, "AType": "f16", "BType": "f16",
                                         "CType": "f16", "ResultType": "f16", "scope": "subgroup"}],
        "cooperativeMatrixFlexibleDimensionsProperties": [
            {"MGranularity": 16, "NGranularity": 16, "KGranularity": 16, "AType": "f16", "BType": "f16",
             "CType": "f32", "ResultType": "f32", "scope": "VK_SCOPE_WORKGROUP_KHR", "workgroupInvocations": 128}],
        "cooperativeVectorProperties": []}))
    assert [c.flexible for c in vulkan.matrix_configs] == [False, True]
    assert vulkan.matrix_configs[1].workgroup_invocations == 128
    assert vulkan.vector_configs == []


# --- errors --------------------------------------------------------------------------

@pytest.mark.parametrize("text, line, column, message", [
    ('{"subgroupMatrixConfigs": 5}', 1, 27, "'subgroupMatrixConfigs' must be a list of configurations"),
    ("[1, 2]", 1, 2, "a configuration must be a JSON object"),
    ("[]", 1, 1, "the list of configurations is empty"),
    ("{}", 1, 1, "the profile lists no configurations"),
    ('{"khr": [], "colour": 1}', 1, 13, "unknown key 'colour' in a device profile"),
    ('{"name": 3, "khr": []}', 1, 10, "'name' must be a string"),
    ('[{"M": true, "N": 1, "K": 1, "A": "f16", "B": "f16", "C": "f16"}]', 1, 8,
     "'M' must be a positive integer, not true"),
    ('[{"componentType": "f16", "resultComponentType": "f16", "M": 8, "N": null, "K": 8}]', 1, 2,
     "M, N and K are all sizes or all null"),
    ('[{"MSize": 16, "NSize": 16, "KSize": 16, "AType": "f16", "BType": "f16", "CType": "f16",'
     ' "ResultType": "f16", "saturatingAccumulation": "maybe"}]', 1, 137, "'saturatingAccumulation' must be true"),
    ('[{"MSize": 16, "NSize": 16, "KSize": 16}]', 1, 2, "VkCooperativeMatrixPropertiesKHR object without 'AType'"),
    ('{"nv_coopvec": [{"MSize": 1, "NSize": 1, "KSize": 1, "AType": 0, "BType": 0, "CType": 0, "ResultType": 0}]}',
     1, 17, "a matrix configuration in 'nv_coopvec'"),
    ('[{"khr": []}, {"khr": []}]', 1, 15, "the file describes 2 devices"),
    ("[NaN]", 1, 2, "NaN and Infinity are not JSON numbers"),
    ("[1,", 1, 4, "invalid JSON: Expecting value"),
    ("", 1, 1, "invalid JSON: Expecting value"),
    ("[" * 100000, 1, 1, "nested too deeply"),
])
def test_profile_errors_are_located(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(DeviceProfileError) as info:
        parse_profile(text, "p.json")
    err = info.value
    assert err.span is not None and err.span.line_col() == (line, column), str(err)
    assert message in err.message
    assert str(err).startswith(f"p.json:{line}:{column}: ")


def test_unreadable_profiles(tmp_path: Path) -> None:
    with pytest.raises(DeviceProfileError, match="cannot read device profile '.*': is a directory"):
        load_device(str(tmp_path))
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'[{"componentType": "\xff"}]')
    with pytest.raises(DeviceProfileError, match="not valid UTF-8") as info:
        load_device(str(bad))
    assert info.value.span.line_col() == (1, 21)
    with pytest.raises(DeviceProfileError, match="unknown device 'gpu'; the built-in devices are"):
        load_device("gpu")


# --- the command line ------------------------------------------------------------------

def test_exit_statuses(shader: Path, tmp_path: Path) -> None:
    assert run("-fsyntax-only", "--target-device", "nvidia-h100", str(shader))[0] == 0
    status, _, err = run("-fsyntax-only", "--target-device", "apple-metal", str(shader))
    assert status == 0 and "warning: 'Matrix<F16, 16, 16, A, Wave>'" in err and err.endswith("1 warning generated.\n")
    out = tmp_path / "a.ll"
    status, _, err = run("--target-device", "apple-metal", "-Werror=portability", str(shader), "-o", str(out))
    assert status == 1 and "[-Werror=portability]" in err
    assert not out.exists()
    status, _, err = run("--target-device", str(INPUTS / "bad-json.json"), str(shader))
    assert status == 2 and "bad-json.json:2:81: error: invalid JSON" in err
    status, _, err = run("--target-device", "nvidia-b200", str(shader))
    assert (status, err) == (2, "hlslc: error: unknown device 'nvidia-b200'; did you mean 'nvidia-h100'? (built-in: "
                                "nvidia-h100, apple-metal, webgpu-baseline)\n"
                                "hlslc: note: see 'hlslc --help' for the options\n")
    assert run("--target-device", str(shader))[0] == 2      # no input left


def test_help_names_the_new_options() -> None:
    _, out, _ = run("--help")
    for option in ("--reflect FILE.json", "--target-device DEV", "--list-devices", "-Wno-portability",
                   "-Werror=portability"):
        assert option in out


# --- the library API -------------------------------------------------------------------

def test_compile_options_take_a_name_a_file_or_a_profile() -> None:
    by_name = hlslc.CompileOptions(target_device="apple-metal", emit="nothing")
    assert isinstance(by_name.target_device, hlslc.DeviceProfile)
    by_file = hlslc.CompileOptions(target_device=str(INPUTS / "webgpu-adapter.json"))
    assert by_file.target_device.name == "my-adapter"
    profile = hlslc.load_device("apple-metal")
    assert hlslc.CompileOptions(target_device=profile).target_device is profile
    with pytest.raises(hlslc.DeviceProfileError):
        hlslc.CompileOptions(target_device="no-such-device")
    assert issubclass(hlslc.DeviceProfileError, ValueError)
    with pytest.raises(ValueError, match="portability must be"):
        hlslc.CompileOptions(portability="loud")
    result = hlslc.compile_source(SHADER, "a.hlsl", by_name)
    assert [d.severity.value for d in result.diagnostics] == ["warning"]
    quiet = hlslc.compile_source(SHADER, "a.hlsl", by_name.replace(portability="off"))
    assert list(quiet.diagnostics) == []


def test_lib_target_workgroup_configurations_take_any_group_size() -> None:
    # A library has no one entry: a flexible workgroup configuration's
    # thread count is not compared.
    source = SHADER.replace("MatrixScope::Wave", "MatrixScope::ThreadGroup").replace(
        "[numthreads(32, 1, 1)]", '[shader("compute")][numthreads(48, 1, 1)]')
    for profile, warnings in (("lib_6_10", 0), ("cs_6_10", 1)):
        result = hlslc.compile_source(source, "a.hlsl", hlslc.CompileOptions(
            profile=profile, target_device="nvidia-h100", emit="nothing"))
        assert len(result.warnings) == warnings, [d.message for d in result.diagnostics]
