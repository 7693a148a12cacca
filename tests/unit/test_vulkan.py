"""The Vulkan runner without a device: bindings from pipeline files, what a
SPIR-V module declares, which features and extensions a device must enable,
the choice of device, and clean errors where there is no loader or no
backend.  What needs a device is in test_vulkan_gpu.py."""

from __future__ import annotations

import contextlib
import ctypes
import importlib.util
import io
import struct
from pathlib import Path

import pytest

import hlslc
from hlslc.cli import main as cli_main
from hlslc.runner import RunError, load_pipeline
from hlslc.runner import spirv_info as S
from hlslc.runner import vulkan_api as vk, vulkan
from support.spirv_tools import assemble, find_tool

VULKAN_TESTS = Path(__file__).resolve().parent.parent / "run" / "vulkan"

PIPELINE = """\
---
Shaders:
  - Stage: Compute
    Entry: main
Buffers:
  - Name: In
    Format: UInt32
    Data: [ 1, 2, 3, 4 ]
  - Name: Out
    Format: UInt32
    FillSize: 16
  - Name: Params
    Format: UInt32
    Data: [ 3, 0, 0, 0 ]
  - Name: Texels
    Format: Float32
    Channels: 4
    Data: [ 1, 2, 3, 4 ]
DescriptorSets:
  - Resources:
    - Name: In
      Kind: ByteAddressBuffer
      DirectXBinding: { Register: 0, Space: 0 }
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding: { Register: 1, Space: 2 }
  - Resources:
    - Name: Params
      Kind: ConstantBuffer
      DirectXBinding: { Register: 0, Space: 0 }
      VulkanBinding: { Binding: 3 }
    - Name: Texels
      Kind: RWBuffer
      DirectXBinding: { Register: 2, Space: 0 }
...
"""


def main(argv, out, err):
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        return cli_main(argv)


def _pipeline(tmp_path, text=PIPELINE):
    path = tmp_path / "p.yaml"
    path.write_text(text)
    return load_pipeline(str(path))


# ---- bindings ---------------------------------------------------------------

def test_bindings_follow_vulkan_binding_else_register_and_space(tmp_path):
    plan = {b.resource.name: b for b in vulkan.plan_bindings(_pipeline(tmp_path))}
    assert (plan["In"].set, plan["In"].binding, plan["In"].kind) == (0, 0, S.STORAGE_BUFFER)
    assert (plan["Out"].set, plan["Out"].binding, plan["Out"].kind) == (2, 1, S.STORAGE_BUFFER)
    # VulkanBinding: the binding it names, in the set of its DescriptorSets entry.
    assert (plan["Params"].set, plan["Params"].binding, plan["Params"].kind) == (1, 3, S.UNIFORM_BUFFER)
    assert (plan["Texels"].set, plan["Texels"].binding, plan["Texels"].kind) == (0, 2, S.STORAGE_TEXEL_BUFFER)
    assert plan["Texels"].format == 109    # VK_FORMAT_R32G32B32A32_SFLOAT


def test_binding_errors(tmp_path):
    clash = PIPELINE.replace("Register: 1, Space: 2", "Register: 0, Space: 0")
    with pytest.raises(RunError) as info:
        vulkan.plan_bindings(_pipeline(tmp_path, clash))
    assert "resources 'In' and 'Out' both bind set 0 binding 0 on Vulkan" in info.value.message
    assert "give them VulkanBinding" in info.value.message
    accel = PIPELINE.replace("Kind: RWBuffer", "Kind: AccelerationStructure")
    with pytest.raises(RunError) as info:
        vulkan.plan_bindings(_pipeline(tmp_path, accel))
    assert "resource 'Texels': AccelerationStructure resources are not supported on Vulkan yet" in info.value.message
    # 2-D textures are images of the buffer's format.
    texture = PIPELINE.replace("Kind: RWBuffer", "Kind: RWTexture2D")
    plan = {b.resource.name: b for b in vulkan.plan_bindings(_pipeline(tmp_path, texture))}
    assert plan["Texels"].kind == S.STORAGE_IMAGE and plan["Texels"].format == vulkan.texel_format(
        plan["Texels"].buffer)


@pytest.mark.parametrize("fmt, channels, expected", [
    ("UInt32", 1, 98), ("Int32", 2, 102), ("Float32", 3, 106), ("Hex32", 4, 107),
    ("Float16", 1, 76), ("Int16", 2, 82), ("UInt16", 4, 95), ("Float64", 2, 115), ("Int64", 1, 111),
])
def test_texel_formats(fmt, channels, expected):
    from hlslc.runner.pipeline import FORMATS, Buffer
    buf = Buffer("B", fmt, None, channels, 1, __import__("numpy").zeros(4, FORMATS[fmt]), None)
    assert vulkan.texel_format(buf) == expected


# ---- SPIR-V modules, written word by word -------------------------------------

def _inst(op, *operands):
    words = []
    for x in operands:
        if isinstance(x, str):
            raw = x.encode() + b"\0"
            raw += b"\0" * (-len(raw) % 4)
            words += struct.unpack(f"<{len(raw) // 4}I", raw)
        else:
            words.append(x)
    return [(len(words) + 1) << 16 | op] + words


def _module(*instructions, version=(1, 3)):
    words = [S.MAGIC, version[0] << 16 | version[1] << 8, 0, 100, 0]
    for inst in instructions:
        words += inst
    return struct.pack(f"<{len(words)}I", *words)


def _resources_module(kind_of_out=12, version=(1, 3)):
    """An entry 'main' (LocalSize 64 1 1) with a storage buffer at set 0
    binding 0 ('In') and a variable 'Out' at set 0 binding 1 in storage
    class `kind_of_out` (12 StorageBuffer, 2 Uniform with Block)."""
    return _module(
        _inst(17, 1),                                   # OpCapability Shader
        _inst(10, "SPV_KHR_storage_buffer_storage_class"),
        _inst(14, 0, 1),                                # OpMemoryModel Logical GLSL450
        _inst(15, 5, 1, "main", 20, 21),                # OpEntryPoint GLCompute %1 "main" %20 %21
        _inst(16, 1, 17, 64, 1, 1),                     # OpExecutionMode LocalSize 64 1 1
        _inst(5, 20, "In"), _inst(5, 21, "Out"),
        _inst(71, 11, 2),                               # %11 Block
        _inst(71, 20, 34, 0), _inst(71, 20, 33, 0),
        _inst(71, 21, 34, 0), _inst(71, 21, 33, 1),
        _inst(21, 2, 32, 0),                            # %2 = uint
        _inst(29, 10, 2),                               # %10 = runtime array of uint
        _inst(30, 11, 10),                              # %11 = struct { %10 }
        _inst(32, 12, 12, 11),                          # %12 = StorageBuffer pointer
        _inst(32, 13, kind_of_out, 11),
        _inst(59, 12, 20, 12),                          # %20 = OpVariable StorageBuffer
        _inst(59, 13, 21, kind_of_out),
        version=version)


def test_read_module_and_check_bindings(tmp_path):
    info = S.read_module(_resources_module())
    entry = info.compute_entry("main")
    assert info.version == (1, 3) and info.capabilities == {1}
    assert info.workgroup_size(entry) == (64, 1, 1)
    assert [(d.name, d.set, d.binding, d.kind) for d in info.descriptors] == [
        ("In", 0, 0, S.STORAGE_BUFFER), ("Out", 0, 1, S.STORAGE_BUFFER)]
    with pytest.raises(RunError, match="no compute entry point 'other' \\(its compute entry points: 'main'\\)"):
        info.compute_entry("other")

    text = PIPELINE.replace("Register: 1, Space: 2", "Register: 1, Space: 0")
    plan = vulkan.plan_bindings(_pipeline(tmp_path, text))
    vulkan.check_module_bindings(info, entry, plan)
    # A uniform buffer where the pipeline has a storage buffer.
    uniform = S.read_module(_resources_module(kind_of_out=2))
    assert uniform.descriptors[1].kind == S.UNIFORM_BUFFER
    with pytest.raises(RunError) as err:
        vulkan.check_module_bindings(uniform, entry, plan)
    assert err.value.message == ("set 0 binding 1: the module's 'Out' is a uniform buffer, but the pipeline binds "
                                 "'Out' (RWStructuredBuffer, set 0 binding 1) there, a storage buffer")
    # A descriptor the pipeline does not bind.
    plan = vulkan.plan_bindings(_pipeline(tmp_path))
    with pytest.raises(RunError) as err:
        vulkan.check_module_bindings(info, entry, plan)
    assert "the module's 'Out' (storage buffer, set 0 binding 1) has no resource in the pipeline's " \
           "DescriptorSets" in err.value.message


def test_not_spirv():
    with pytest.raises(RunError, match="not a SPIR-V module: the first word"):
        S.read_module(b"\x00" * 20)
    with pytest.raises(RunError, match="whole number of 32-bit words"):
        S.read_module(b"\x03\x02\x23\x07\x00")
    truncated = _module(_inst(17, 1)) + struct.pack("<I", 5 << 16 | 17)
    with pytest.raises(RunError, match="runs past the end"):
        S.read_module(truncated)


@pytest.mark.skipif(find_tool("spirv-as") is None, reason="spirv-as (SPIRV-Tools) is not installed")
@pytest.mark.parametrize("name, env", [("scale-add", "vulkan1.1"), ("texel-double", "vulkan1.1"),
                                       ("coopmat-muladd", "vulkan1.3")])
def test_test_shaders_assemble_and_match_their_pipelines(tmp_path, name, env):
    code = assemble(VULKAN_TESTS / f"{name}.spvasm", env, tmp_path / f"{name}.spv")
    info = S.read_module(code)
    entry = info.compute_entry("main")
    pipeline = load_pipeline(str(VULKAN_TESTS / f"{name}.yaml"))
    vulkan.check_module_bindings(info, entry, vulkan.plan_bindings(pipeline))
    if name == "coopmat-muladd":
        assert info.version == (1, 6)
        assert {6022, 5345, 9, 4433} <= info.capabilities
        assert [(t.use, t.component, t.rows, t.cols, t.scope) for t in info.matrix_types] == [
            ("A", "f16", 16, 16, 3), ("B", "f16", 16, 16, 3), ("accumulator", "f32", 16, 16, 3)]
    if name == "texel-double":
        assert [d.kind for d in info.descriptors] == [S.STORAGE_TEXEL_BUFFER]


# ---- features and devices -----------------------------------------------------

def _device(**overrides):
    base = dict(name="Test GPU", api_version=vk.API_VERSION_1_3, device_type=2,
                extensions={"VK_KHR_cooperative_matrix"},
                features={f: True for f in vulkan.FEATURE_HOME},
                matrix_configs=[vulkan.MatrixConfig(16, 16, 16, "f16", "f16", "f32", "f32", 3),
                                vulkan.MatrixConfig(16, 8, 16, "f16", "f16", "f16", "f16", 3)])
    base.update(overrides)
    return vulkan.DeviceSupport(**base)


def _info(*capabilities, version=(1, 6), extensions=()):
    return S.ModuleInfo(version=version, capabilities={1, *capabilities}, extensions=list(extensions))


def test_features_follow_capabilities():
    info = _info(9, 4433, 5345, 6022, 39, extensions=["SPV_KHR_cooperative_matrix"])
    sel = vulkan.select_features(info, _device())
    assert sel.features == {"shaderFloat16", "storageBuffer16BitAccess", "vulkanMemoryModel", "cooperativeMatrix",
                            "shaderInt8"}
    assert sel.extensions == ["VK_KHR_cooperative_matrix"]
    assert sel.required_subgroup_size is None and not sel.full_subgroups
    # A sample's LOD clamp (capability MinLod) needs shaderResourceMinLod.
    assert "shaderResourceMinLod" in vulkan.select_features(_info(42), _device()).features


def test_missing_feature_is_named():
    features = {f: True for f in vulkan.FEATURE_HOME}
    features["shaderFloat16"] = False
    with pytest.raises(RunError) as err:
        vulkan.select_features(_info(9), _device(features=features))
    assert err.value.message == ("the module needs the Vulkan feature shaderFloat16 (SPIR-V capability Float16), "
                                 "which 'Test GPU' does not support")
    with pytest.raises(RunError, match="does not offer VK_KHR_cooperative_matrix"):
        vulkan.select_features(_info(6022, extensions=["SPV_KHR_cooperative_matrix"]), _device(extensions=set()))


def test_older_devices_enable_extensions():
    api_1_1 = (1 << 22) | (1 << 12)
    dev = _device(api_version=api_1_1, extensions={"VK_KHR_8bit_storage", "VK_KHR_shader_float16_int8"})
    sel = vulkan.select_features(_info(4448, 39, version=(1, 3)), dev)
    assert sel.features == {"storageBuffer8BitAccess", "shaderInt8"}
    assert sel.extensions == ["VK_KHR_shader_float16_int8", "VK_KHR_8bit_storage"]
    with pytest.raises(RunError, match="SPIR-V 1.6, which needs Vulkan 1.3; 'Test GPU' supports Vulkan 1.1.0"):
        vulkan.select_features(_info(), dev)
    with pytest.raises(RunError, match="VulkanMemoryModel.*does not support"):
        vulkan.select_features(_info(5345, version=(1, 3)), dev)


def test_wave_sizes():
    fixed = _device(min_subgroup_size=32, max_subgroup_size=32)
    assert vulkan.select_features(_info(), fixed, wave_size=32).required_subgroup_size is None
    with pytest.raises(RunError, match="asks for waves of 64 lanes; 'Test GPU' runs subgroups of 32 lanes"):
        vulkan.select_features(_info(), fixed, wave_size=64)
    varying = _device(min_subgroup_size=16, max_subgroup_size=64, subgroup_size_stages=vk.SHADER_STAGE_COMPUTE)
    sel = vulkan.select_features(_info(61, 63), varying, wave_size=16, workgroup_size=(64, 1, 1))
    assert sel.required_subgroup_size == 16
    assert sel.features == {"subgroupSizeControl", "computeFullSubgroups"} and sel.full_subgroups
    # Whole subgroups only when the workgroup's width is a multiple of them.
    sel = vulkan.select_features(_info(61), varying, workgroup_size=(48, 1, 1))
    assert not sel.full_subgroups


def test_matrix_types_against_device_configurations():
    def module(*types):
        info = _info(6022)
        info.matrix_types = [S.MatrixType(*t) for t in types]
        return info
    vulkan.check_matrix_types(module(("f16", 3, 16, 16, "A"), ("f16", 3, 16, 16, "B"),
                                     ("f32", 3, 16, 16, "accumulator"), ("f16", 3, 16, 8, "B")), _device())
    with pytest.raises(RunError) as err:
        vulkan.check_matrix_types(module(("bf16", 3, 16, 16, "A")), _device())
    assert err.value.message.startswith("the module's cooperative matrix type (A: 16x16 bf16, subgroup scope) "
                                        "matches no configuration of 'Test GPU' (it supports: 16x16x16 "
                                        "f16*f16+f32->f32 (subgroup);")
    with pytest.raises(RunError, match="workgroup scope"):
        vulkan.check_matrix_types(module(("f16", 2, 16, 16, "A")), _device())


def test_flexible_dimensions_of_cooperative_matrix2():
    def module(*types):
        info = _info(6022)
        info.matrix_types = [S.MatrixType(*t) for t in types]
        return info
    flexible = vulkan.MatrixConfig(16, 16, 16, "f16", "f16", "f32", "f32", 3, flexible=True)
    dev = _device(extensions={"VK_KHR_cooperative_matrix", "VK_NV_cooperative_matrix2"},
                  matrix_configs=_device().matrix_configs + [flexible])
    # 16x16 types fit the fixed configurations: nothing more to enable.
    assert vulkan.check_matrix_types(module(("f16", 3, 16, 16, "A"), ("f32", 3, 16, 16, "accumulator")), dev) is False
    # A 16x32 A and a 32x16 B fit only multiples of 16x16x16.
    wide = module(("f16", 3, 16, 32, "A"), ("f16", 3, 32, 16, "B"), ("f32", 3, 16, 16, "accumulator"))
    assert vulkan.check_matrix_types(wide, dev) is True
    sel = vulkan.select_features(wide, dev)
    vulkan.select_flexible_dimensions(sel, dev)
    assert "cooperativeMatrixFlexibleDimensions" in sel.features and "VK_NV_cooperative_matrix2" in sel.extensions
    with pytest.raises(RunError, match=r"\(A: 16x24 f16, subgroup scope\) matches no configuration.*multiples of "
                                       r"16x16x16 f16\*f16\+f32->f32 \(subgroup, VK_NV_cooperative_matrix2\)"):
        vulkan.check_matrix_types(module(("f16", 3, 16, 24, "A")), dev)
    with pytest.raises(RunError, match="16x32 f16"):
        vulkan.check_matrix_types(wide, _device())


def test_tensor_addressing_needs_its_feature():
    # SPV_NV_tensor_addressing and cooperative_matrix2's tensor loads: one
    # feature of VK_NV_cooperative_matrix2.
    info = _info(6022, 5433, 5439, extensions=["SPV_KHR_cooperative_matrix", "SPV_NV_cooperative_matrix2",
                                               "SPV_NV_tensor_addressing"])
    dev = _device(extensions={"VK_KHR_cooperative_matrix", "VK_NV_cooperative_matrix2"})
    sel = vulkan.select_features(info, dev)
    assert "cooperativeMatrixTensorAddressing" in sel.features
    assert sel.extensions == ["VK_KHR_cooperative_matrix", "VK_NV_cooperative_matrix2"]
    features = {f: True for f in vulkan.FEATURE_HOME}
    features["cooperativeMatrixTensorAddressing"] = False
    with pytest.raises(RunError, match=r"cooperativeMatrixTensorAddressing \(SPIR-V capability "
                                       r"CooperativeMatrixTensorAddressingNV\)"):
        vulkan.select_features(info, _device(extensions=dev.extensions, features=features))
    with pytest.raises(RunError, match="does not offer VK_NV_cooperative_matrix2"):
        vulkan.select_features(info, _device())


def test_pipeline_statistics_need_their_extension():
    dev = _device(extensions={"VK_KHR_cooperative_matrix", "VK_KHR_pipeline_executable_properties"})
    sel = vulkan.select_features(_info(), dev)
    vulkan.select_statistics(sel, dev)
    assert "pipelineExecutableInfo" in sel.features
    assert sel.extensions == ["VK_KHR_pipeline_executable_properties"]
    with pytest.raises(RunError, match="'Test GPU' does not report pipeline statistics \\(it lacks "
                                       "VK_KHR_pipeline_executable_properties\\)"):
        vulkan.select_statistics(vulkan.select_features(_info(), _device()), _device())


def test_pipeline_statistic_values_and_lines():
    # The value union, read by the statistic's format.
    assert vulkan.statistic_value(vk.STATISTIC_BOOL32, 1) is True
    assert vulkan.statistic_value(vk.STATISTIC_INT64, (1 << 64) - 3) == -3
    assert vulkan.statistic_value(vk.STATISTIC_UINT64, 255) == 255
    assert vulkan.statistic_value(vk.STATISTIC_FLOAT64, 0x3FF8000000000000) == 1.5
    from hlslc.runner.command import RunResult, statistics_lines
    run = RunResult({}, [], 0)
    assert statistics_lines(run) == []
    run.pipeline_statistics = [vulkan.PipelineStatistic("CS", "Register Count", "registers", 40),
                               vulkan.PipelineStatistic("CS", "Spills", "", False)]
    assert statistics_lines(run) == ["Pipeline statistics (CS):", "  Register Count: 40", "  Spills: no"]


def test_pipeline_statistics_are_a_vulkan_matter(tmp_path):
    pipeline = tmp_path / "p.yaml"
    pipeline.write_text(EMPTY_PIPELINE)
    with pytest.raises(RunError, match="pipeline statistics come from a Vulkan driver"):
        hlslc.run("", str(pipeline), statistics=True)


def test_device_choice():
    cpu = _device(name="cpu", device_type=4)
    integrated = _device(name="igpu", device_type=1)
    discrete = _device(name="dgpu", device_type=2)
    assert vulkan.choose_device([cpu, integrated, discrete], [True, True, True]) == 2
    assert vulkan.choose_device([cpu, integrated, discrete], [True, True, False]) == 1
    assert vulkan.choose_device([cpu, integrated, discrete], [True, True, True], "0") == 0
    with pytest.raises(RunError, match="HLSLC_VULKAN_DEVICE=3, but there are 3 devices \\(0: cpu \\(CPU\\)"):
        vulkan.choose_device([cpu, integrated, discrete], [True] * 3, "3")
    with pytest.raises(RunError, match="must be a device index, not 'gpu'"):
        vulkan.choose_device([cpu], [True], "gpu")
    with pytest.raises(RunError, match="no Vulkan device: the loader found no physical device"):
        vulkan.choose_device([], [])


def test_structure_layouts():
    # The sizes of the x86-64 and AArch64 headers: a field missing or out of
    # place would shift everything after it.
    sizes = {"VkPhysicalDeviceLimits": 504, "VkPhysicalDeviceProperties": 824, "VkPhysicalDeviceFeatures2": 240,
             "VkWriteDescriptorSet": 64, "VkComputePipelineCreateInfo": 96, "VkDeviceCreateInfo": 72,
             "VkPhysicalDeviceMemoryProperties": 520, "VkCooperativeMatrixPropertiesKHR": 56,
             "VkCooperativeMatrixFlexibleDimensionsPropertiesNV": 56, "VkPhysicalDeviceCooperativeMatrix2FeaturesNV": 48}
    if ctypes.sizeof(ctypes.c_void_p) != 8:
        pytest.skip("layouts of 64-bit platforms")
    assert {name: ctypes.sizeof(vk.struct_type(name)) for name in sizes} == sizes
    assert vk.struct_type("VkPhysicalDeviceLimits").timestampPeriod.offset == 424


# ---- no loader, no backend: clean errors ------------------------------------------

EMPTY_PIPELINE = """\
---
Shaders:
  - Stage: Compute
    Entry: main
Buffers:
  - Name: Out
    Format: UInt32
    FillSize: 16
...
"""


def _empty_module():
    return _module(_inst(17, 1), _inst(14, 0, 1), _inst(15, 5, 1, "main"), _inst(16, 1, 17, 1, 1, 1))


def test_missing_loader_is_a_clean_error(tmp_path, monkeypatch):
    monkeypatch.setenv("HLSLC_VULKAN_LOADER", str(tmp_path / "libvulkan-missing.so.1"))
    pipeline = tmp_path / "p.yaml"
    pipeline.write_text(EMPTY_PIPELINE)
    with pytest.raises(RunError) as err:
        hlslc.run(_empty_module(), str(pipeline), device="vulkan")
    assert err.value.message.startswith("no Vulkan loader: cannot load ")
    module = tmp_path / "m.spv"
    module.write_bytes(_empty_module())
    out, errs = io.StringIO(), io.StringIO()
    assert main(["run", "--device", "vulkan", str(module), "--pipeline", str(pipeline)], out, errs) == 1
    assert "error: no Vulkan loader: cannot load" in errs.getvalue() and "Traceback" not in errs.getvalue()
    assert main(["run", "--device", "vulkan", "--list-devices"], out, errs) == 1


BOUND_OUT = """\
DescriptorSets:
  - Resources:
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding:
        Register: 0
        Space: 0
...
"""


def test_hlsl_is_compiled_to_spirv_before_the_device_is_looked_for(tmp_path, monkeypatch):
    # The shader compiles through -spirv; only then is the (missing) loader
    # an error, the same one a .spv module gets.
    monkeypatch.setenv("HLSLC_VULKAN_LOADER", str(tmp_path / "libvulkan-missing.so.1"))
    shader = tmp_path / "s.hlsl"
    shader.write_text("RWStructuredBuffer<uint> Out : register(u0);\n"
                      "[numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = id.x; }\n")
    pipeline = tmp_path / "p.yaml"
    pipeline.write_text(EMPTY_PIPELINE.replace("...\n", BOUND_OUT))
    out, errs = io.StringIO(), io.StringIO()
    assert main(["run", "--device", "vulkan", str(shader), "--pipeline", str(pipeline), "-T", "cs_6_0"],
                out, errs) == 1
    assert "error: no Vulkan loader: cannot load" in errs.getvalue() and "Traceback" not in errs.getvalue()
    result = hlslc.compile_file(str(shader), hlslc.CompileOptions(profile="cs_6_0"))
    code = vulkan.compile_spirv(result, "main")
    assert code[:4] == b"\x03\x02\x23\x07"
    # IR text alone: the resources come from its metadata.
    assert vulkan.compile_spirv(result.output, "main")[:4] == b"\x03\x02\x23\x07"


def test_a_construct_without_spirv_form_is_located(tmp_path):
    shader = tmp_path / "s.hlsl"
    shader.write_text(
        "#include <dx/linalg.h>\nusing namespace dx::linalg;\nRWByteAddressBuffer Out : register(u0);\n"
        "using MatA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;\n"
        "[numthreads(32, 1, 1)] void main() {\n"
        "  MatA a = MatA::Splat(0.0h);\n"
        "  a.FromThreadVectors((vector<half, 16>)1.0h);\n"
        "  a.Store(Out, 0, 32, MatrixLayout::RowMajor);\n}\n")
    pipeline = tmp_path / "p.yaml"
    pipeline.write_text(EMPTY_PIPELINE)
    out, errs = io.StringIO(), io.StringIO()
    assert main(["run", "--device", "vulkan", str(shader), "--pipeline", str(pipeline), "-enable-16bit-types"],
                out, errs) == 1
    assert "s.hlsl:7:" in errs.getvalue() and "has no SPIR-V mapping" in errs.getvalue(), errs.getvalue()


@pytest.mark.parametrize("argv, message", [
    (["--device", "vulkan", "--check"], "--check runs on the CPU only"),
    (["--repeat", "3"], "--repeat needs --device vulkan"),
    (["--statistics"], "--statistics needs --device vulkan"),
    (["--device", "metal"], "invalid value 'metal' for '--device'; expected cpu or vulkan"),
    (["--device", "vulkan", "--repeat", "0"], "invalid value '0' for '--repeat'"),
    (["-fcgl"], "'-fcgl' writes high-level IR, which hlslc run does not run"),
])
def test_usage_errors(tmp_path, argv, message):
    out, errs = io.StringIO(), io.StringIO()
    assert main(["run", "m.spv", "--pipeline", "p.yaml", *argv], out, errs) == 2
    assert message in errs.getvalue()


def test_spirv_needs_the_vulkan_device(tmp_path):
    module = tmp_path / "m.spv"
    module.write_bytes(_empty_module())
    pipeline = tmp_path / "p.yaml"
    pipeline.write_text(EMPTY_PIPELINE)
    out, errs = io.StringIO(), io.StringIO()
    assert main(["run", str(module), "--pipeline", str(pipeline)], out, errs) == 2
    assert "is a SPIR-V module: run it with --device vulkan" in errs.getvalue()


def test_samplers_and_depth_textures_are_planned(tmp_path):
    # A Sampler resource is one sampler descriptor (no buffer); a Depth32
    # texture is a D32_SFLOAT sampled image.
    text = PIPELINE.replace("""  - Name: Texels
    Format: Float32
    Channels: 4""", """  - Name: Texels
    Format: Depth32
    OutputProps: { Width: 2, Height: 2, Depth: 1 }""").replace("Kind: RWBuffer", "Kind: Texture2D").replace(
        "DescriptorSets:", """Samplers:
  - Name: Samp
    Address: MirrorOnce
DescriptorSets:""").replace("...\n", """    - Name: Samp
      Kind: Sampler
      DirectXBinding: { Register: 0, Space: 0 }
      VulkanBinding: { Binding: 7 }
...
""")
    plan = {b.resource.name: b for b in vulkan.plan_bindings(_pipeline(tmp_path, text))}
    samp = plan["Samp"]
    assert (samp.kind, samp.buffer, samp.count, samp.set, samp.binding) == (S.SAMPLER, None, 1, 1, 7)
    assert vulkan.DESCRIPTOR_TYPES[samp.kind] == 0
    assert plan["Texels"].kind == S.SAMPLED_IMAGE and plan["Texels"].format == 126
    with pytest.raises(RunError, match="a Depth32 texture has one channel, not 2"):
        vulkan.plan_bindings(_pipeline(tmp_path, text.replace("Format: Depth32", "Format: Depth32\n    Channels: 2")))


def test_specialization_entries(tmp_path):
    # The pipeline's values of the constants the module declares, packed;
    # a value of another size than the module's constant is an error.
    text = PIPELINE.replace("    Entry: main\n", """    Entry: main
    SpecializationConstants:
      - { ConstantID: 2, Value: 7, Type: UInt32 }
      - { ConstantID: 0, Value: 1, Type: Bool }
      - { ConstantID: 9, Value: 1.5, Type: Float64 }
""")
    pipeline = _pipeline(tmp_path, text)
    info = S.ModuleInfo(version=(1, 6), spec_constants={0: 4, 2: 4})
    assert vulkan.specialization(info, pipeline) == ([(0, 0, 4), (2, 4, 4)], b"\1\0\0\0\7\0\0\0")
    info.spec_constants[9] = 4
    with pytest.raises(RunError, match=r"specialization constant 9 takes 4 bytes in the module; the pipeline gives "
                                       r"a Float64 \(8 bytes\)"):
        vulkan.specialization(info, pipeline)


def test_maximal_reconvergence_enables_the_feature():
    # -fspv-enable-maximal-reconvergence: the module's extension needs the
    # device's extension and feature, or the run says which is missing.
    info = _info(extensions=["SPV_KHR_maximal_reconvergence"])
    dev = _device(extensions={"VK_KHR_shader_maximal_reconvergence"}, features={"shaderMaximalReconvergence": True})
    sel = vulkan.select_features(info, dev)
    assert "shaderMaximalReconvergence" in sel.features
    assert "VK_KHR_shader_maximal_reconvergence" in sel.extensions
    with pytest.raises(RunError, match="shaderMaximalReconvergence"):
        vulkan.select_features(info, _device(extensions={"VK_KHR_shader_maximal_reconvergence"}, features={}))
