"""The numbers of SPIR-V 1.6 that hlslc's SPIR-V output uses: opcodes,
operand enumerations (capabilities, storage classes, decorations, built-ins,
scopes, memory semantics, ...) and the GLSL.std.450 extended instructions.

Owns: the facts of the binary form, as data.  `tests/unit/test_spirv_spec.py`
checks every opcode and enumerant against the assembler of SPIRV-Tools when
it is installed.  Does not own: building instructions (`module`).
"""

from __future__ import annotations

MAGIC = 0x07230203
VERSION_1_6 = 0x00010600

# -fspv-target-env (DXC's spellings) -> the SPIR-V version written.  SPIR-V
# 1.0 (vulkan1.0) has no group operations or StorageBuffer class without
# extensions, and is not written.
TARGET_ENVS: dict[str, tuple[int, int]] = {
    "vulkan1.1": (1, 3), "vulkan1.1spirv1.4": (1, 4), "vulkan1.2": (1, 5), "vulkan1.3": (1, 6),
    "vulkan1.4": (1, 6), "universal1.3": (1, 3), "universal1.4": (1, 4), "universal1.5": (1, 5),
    "universal1.6": (1, 6),
}
DEFAULT_TARGET_ENV = "vulkan1.3"

# Capabilities (and extensions) that are core only from a SPIR-V version:
# below it, the module names the extension that brings them.
EXTENSION_BEFORE: dict[str, tuple[tuple[int, int], str]] = {
    "RuntimeDescriptorArray": ((1, 5), "SPV_EXT_descriptor_indexing"),
    "ShaderNonUniform": ((1, 5), "SPV_EXT_descriptor_indexing"),
    "StorageBufferArrayNonUniformIndexing": ((1, 5), "SPV_EXT_descriptor_indexing"),
    "SampledImageArrayNonUniformIndexing": ((1, 5), "SPV_EXT_descriptor_indexing"),
    "StorageImageArrayNonUniformIndexing": ((1, 5), "SPV_EXT_descriptor_indexing"),
    "UniformBufferArrayNonUniformIndexing": ((1, 5), "SPV_EXT_descriptor_indexing"),
    "StorageTexelBufferArrayNonUniformIndexing": ((1, 5), "SPV_EXT_descriptor_indexing"),
    "UniformTexelBufferArrayNonUniformIndexing": ((1, 5), "SPV_EXT_descriptor_indexing"),
    "StorageBuffer8BitAccess": ((1, 5), "SPV_KHR_8bit_storage"),
    "UniformAndStorageBuffer8BitAccess": ((1, 5), "SPV_KHR_8bit_storage"),
    "StoragePushConstant8": ((1, 5), "SPV_KHR_8bit_storage"),
    "VulkanMemoryModel": ((1, 5), "SPV_KHR_vulkan_memory_model"),
    "VulkanMemoryModelDeviceScope": ((1, 5), "SPV_KHR_vulkan_memory_model"),
    "PhysicalStorageBufferAddresses": ((1, 5), "SPV_KHR_physical_storage_buffer"),
    "DotProduct": ((1, 6), "SPV_KHR_integer_dot_product"),
    "DotProductInput4x8Bit": ((1, 6), "SPV_KHR_integer_dot_product"),
    "DotProductInput4x8BitPacked": ((1, 6), "SPV_KHR_integer_dot_product"),
    "DotProductInputAll": ((1, 6), "SPV_KHR_integer_dot_product"),
    "DenormPreserve": ((1, 4), "SPV_KHR_float_controls"),
    "DenormFlushToZero": ((1, 4), "SPV_KHR_float_controls"),
    "SignedZeroInfNanPreserve": ((1, 4), "SPV_KHR_float_controls"),
    "RoundingModeRTE": ((1, 4), "SPV_KHR_float_controls"),
    "RoundingModeRTZ": ((1, 4), "SPV_KHR_float_controls"),
}
# SPIR-V's registry of generator ids has no entry for hlslc: 0 is "unknown".
GENERATOR = 0

# Opcode name (without the "Op" prefix) -> number.
OPCODES: dict[str, int] = {
    "Nop": 0, "Undef": 1, "Source": 3, "Name": 5, "MemberName": 6, "String": 7, "Line": 8,
    "Extension": 10, "ExtInstImport": 11, "ExtInst": 12, "MemoryModel": 14, "EntryPoint": 15,
    "ExecutionMode": 16, "Capability": 17,
    "TypeVoid": 19, "TypeBool": 20, "TypeInt": 21, "TypeFloat": 22, "TypeVector": 23, "TypeMatrix": 24,
    "TypeImage": 25, "TypeSampler": 26, "TypeSampledImage": 27, "TypeArray": 28, "TypeRuntimeArray": 29,
    "TypeStruct": 30, "TypePointer": 32, "TypeFunction": 33,
    "ConstantTrue": 41, "ConstantFalse": 42, "Constant": 43, "ConstantComposite": 44, "ConstantNull": 46,
    "SpecConstantTrue": 48, "SpecConstantFalse": 49, "SpecConstant": 50,
    "Function": 54, "FunctionParameter": 55, "FunctionEnd": 56, "FunctionCall": 57,
    "Variable": 59, "ImageTexelPointer": 60, "Load": 61, "Store": 62, "AccessChain": 65, "ArrayLength": 68,
    "Decorate": 71, "MemberDecorate": 72,
    "VectorExtractDynamic": 77, "VectorInsertDynamic": 78, "VectorShuffle": 79, "CompositeConstruct": 80,
    "CompositeExtract": 81, "CompositeInsert": 82, "CopyObject": 83,
    "SampledImage": 86, "ImageSampleImplicitLod": 87, "ImageSampleExplicitLod": 88,
    "ImageSampleDrefImplicitLod": 89, "ImageSampleDrefExplicitLod": 90, "ImageFetch": 95, "ImageGather": 96, "ImageDrefGather": 97,
    "ImageRead": 98, "ImageWrite": 99, "ImageQuerySizeLod": 103, "ImageQuerySize": 104,
    "ImageQueryLod": 105, "ImageQueryLevels": 106, "ImageQuerySamples": 107,
    "ConvertFToU": 109, "ConvertFToS": 110, "ConvertSToF": 111, "ConvertUToF": 112, "UConvert": 113,
    "SConvert": 114, "FConvert": 115, "Bitcast": 124,
    "SNegate": 126, "FNegate": 127, "IAdd": 128, "FAdd": 129, "ISub": 130, "FSub": 131, "IMul": 132,
    "FMul": 133, "UDiv": 134, "SDiv": 135, "FDiv": 136, "UMod": 137, "SRem": 138, "SMod": 139, "FRem": 140,
    "FMod": 141, "VectorTimesScalar": 142, "MatrixTimesScalar": 143, "Dot": 148, "IAddCarry": 149,
    "ISubBorrow": 150, "UMulExtended": 151, "SMulExtended": 152,
    "Any": 154, "All": 155, "IsNan": 156, "IsInf": 157,
    "LogicalEqual": 164, "LogicalNotEqual": 165, "LogicalOr": 166, "LogicalAnd": 167, "LogicalNot": 168,
    "Select": 169, "IEqual": 170, "INotEqual": 171, "UGreaterThan": 172, "SGreaterThan": 173,
    "UGreaterThanEqual": 174, "SGreaterThanEqual": 175, "ULessThan": 176, "SLessThan": 177,
    "ULessThanEqual": 178, "SLessThanEqual": 179,
    "FOrdEqual": 180, "FUnordEqual": 181, "FOrdNotEqual": 182, "FUnordNotEqual": 183, "FOrdLessThan": 184,
    "FUnordLessThan": 185, "FOrdGreaterThan": 186, "FUnordGreaterThan": 187, "FOrdLessThanEqual": 188,
    "FUnordLessThanEqual": 189, "FOrdGreaterThanEqual": 190, "FUnordGreaterThanEqual": 191,
    "ShiftRightLogical": 194, "ShiftRightArithmetic": 195, "ShiftLeftLogical": 196, "BitwiseOr": 197,
    "BitwiseXor": 198, "BitwiseAnd": 199, "Not": 200, "BitFieldInsert": 201, "BitFieldSExtract": 202,
    "BitFieldUExtract": 203, "BitReverse": 204, "BitCount": 205,
    "DPdx": 207, "DPdy": 208, "DPdxFine": 210, "DPdyFine": 211, "DPdxCoarse": 213, "DPdyCoarse": 214,
    "ControlBarrier": 224, "MemoryBarrier": 225, "AtomicLoad": 227, "AtomicStore": 228, "AtomicExchange": 229,
    "AtomicCompareExchange": 230, "AtomicIIncrement": 232, "AtomicIDecrement": 233, "AtomicIAdd": 234,
    "AtomicISub": 235, "AtomicSMin": 236, "AtomicUMin": 237, "AtomicSMax": 238, "AtomicUMax": 239,
    "AtomicAnd": 240, "AtomicOr": 241, "AtomicXor": 242,
    "Phi": 245, "LoopMerge": 246, "SelectionMerge": 247, "Label": 248, "Branch": 249, "BranchConditional": 250,
    "Switch": 251, "Return": 253, "ReturnValue": 254, "Unreachable": 255,
    "GroupNonUniformElect": 333, "GroupNonUniformAll": 334, "GroupNonUniformAny": 335,
    "GroupNonUniformAllEqual": 336, "GroupNonUniformBroadcast": 337, "GroupNonUniformBroadcastFirst": 338,
    "GroupNonUniformBallot": 339, "GroupNonUniformBallotBitCount": 342, "GroupNonUniformShuffle": 345,
    "GroupNonUniformIAdd": 349, "GroupNonUniformFAdd": 350, "GroupNonUniformIMul": 351,
    "GroupNonUniformFMul": 352, "GroupNonUniformSMin": 353, "GroupNonUniformUMin": 354,
    "GroupNonUniformFMin": 355, "GroupNonUniformSMax": 356, "GroupNonUniformUMax": 357,
    "GroupNonUniformFMax": 358, "GroupNonUniformBitwiseAnd": 359, "GroupNonUniformBitwiseOr": 360,
    "GroupNonUniformBitwiseXor": 361, "GroupNonUniformLogicalAnd": 362, "GroupNonUniformLogicalOr": 363,
    "GroupNonUniformLogicalXor": 364, "GroupNonUniformQuadBroadcast": 365, "GroupNonUniformQuadSwap": 366,
    "CopyLogical": 400, "GroupNonUniformPartitionNV": 5296,
    "TypeCooperativeMatrixKHR": 4456, "CooperativeMatrixLoadKHR": 4457, "CooperativeMatrixStoreKHR": 4458,
    "CooperativeMatrixMulAddKHR": 4459, "CooperativeMatrixLengthKHR": 4460,
    "CooperativeMatrixLoadTensorNV": 5367, "CooperativeMatrixConvertNV": 5293, "CooperativeMatrixTransposeNV": 5390, "CooperativeMatrixStoreTensorNV": 5368, "TypeTensorLayoutNV": 5370,
    "CreateTensorLayoutNV": 5372, "TensorLayoutSetDimensionNV": 5373, "TensorLayoutSetStrideNV": 5374,
    "TensorLayoutSliceNV": 5375,
    "AtomicFAddEXT": 6035,
    "TypeRayQueryKHR": 4472, "RayQueryInitializeKHR": 4473, "RayQueryTerminateKHR": 4474,
    "RayQueryGenerateIntersectionKHR": 4475, "RayQueryConfirmIntersectionKHR": 4476, "RayQueryProceedKHR": 4477,
    "RayQueryGetIntersectionTypeKHR": 4479, "TypeAccelerationStructureKHR": 5341,
    "RayQueryGetRayTMinKHR": 6016, "RayQueryGetRayFlagsKHR": 6017, "RayQueryGetIntersectionTKHR": 6018,
    "RayQueryGetIntersectionInstanceCustomIndexKHR": 6019, "RayQueryGetIntersectionInstanceIdKHR": 6020,
    "RayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR": 6021,
    "RayQueryGetIntersectionGeometryIndexKHR": 6022, "RayQueryGetIntersectionPrimitiveIndexKHR": 6023,
    "RayQueryGetIntersectionBarycentricsKHR": 6024, "RayQueryGetIntersectionFrontFaceKHR": 6025,
    "RayQueryGetIntersectionCandidateAABBOpaqueKHR": 6026, "RayQueryGetIntersectionObjectRayDirectionKHR": 6027,
    "RayQueryGetIntersectionObjectRayOriginKHR": 6028, "RayQueryGetWorldRayDirectionKHR": 6029,
    "RayQueryGetWorldRayOriginKHR": 6030, "RayQueryGetIntersectionObjectToWorldKHR": 6031,
    "RayQueryGetIntersectionWorldToObjectKHR": 6032,
}
OPCODE_NAMES: dict[int, str] = {number: name for name, number in OPCODES.items()}

# Operand enumerations: kind -> enumerant -> value.  Bit-mask kinds
# (MemorySemantics, the memory and loop-control masks) are written as
# numbers in instructions; their names serve the disassembly.
ENUMS: dict[str, dict[str, int]] = {
    "Capability": {
        "Matrix": 0, "Shader": 1, "Float16": 9, "Float64": 10, "Int64": 11, "Int64Atomics": 12, "Int16": 22,
        "ImageQuery": 50, "DerivativeControl": 51, "StorageImageReadWithoutFormat": 55,
        "StorageImageWriteWithoutFormat": 56, "SampledBuffer": 46, "ImageBuffer": 47, "Sampled1D": 43,
        "Image1D": 44, "MinLod": 42, "Int8": 39, "GroupNonUniform": 61, "GroupNonUniformVote": 62,
        "GroupNonUniformArithmetic": 63, "GroupNonUniformBallot": 64, "GroupNonUniformShuffle": 65,
        "GroupNonUniformQuad": 68, "GroupNonUniformPartitionedNV": 5297, "StorageBuffer16BitAccess": 4433, "StorageBuffer8BitAccess": 4448,
        "UniformAndStorageBuffer16BitAccess": 4434, "VulkanMemoryModel": 5345,
        "VulkanMemoryModelDeviceScope": 5346, "CooperativeMatrixKHR": 6022, "AtomicFloat32AddEXT": 6033,
        "AtomicFloat64AddEXT": 6034, "RuntimeDescriptorArray": 5302,
        "StorageBufferArrayNonUniformIndexing": 5308, "UniformBufferArrayNonUniformIndexing": 5306,
        "SampledImageArrayNonUniformIndexing": 5307, "StorageImageArrayNonUniformIndexing": 5309,
        "UniformTexelBufferArrayNonUniformIndexing": 5311, "StorageTexelBufferArrayNonUniformIndexing": 5312,
        "ShaderNonUniform": 5301, "StorageImageExtendedFormats": 49,
        "CooperativeMatrixTensorAddressingNV": 5433, "CooperativeMatrixConversionsNV": 5431, "TensorAddressingNV": 5439,
        "RayQueryKHR": 4472, "RayTraversalPrimitiveCullingKHR": 4478, "RayTracingOpacityMicromapEXT": 5381,
        "PhysicalStorageBufferAddresses": 5347,
        "Int64ImageEXT": 5016, "ComputeDerivativeGroupQuadsKHR": 5288, "ComputeDerivativeGroupLinearKHR": 5350,
    },
    "AddressingModel": {"Logical": 0, "PhysicalStorageBuffer64": 5348},
    "MemoryModel": {"GLSL450": 1, "Vulkan": 3},
    "ExecutionModel": {"GLCompute": 5},
    "ExecutionMode": {"LocalSize": 17, "MaximallyReconvergesKHR": 6023, "DerivativeGroupQuadsKHR": 5289,
                      "DerivativeGroupLinearKHR": 5290},
    "StorageClass": {"UniformConstant": 0, "Input": 1, "Uniform": 2, "Output": 3, "Workgroup": 4,
                     "CrossWorkgroup": 5, "Private": 6, "Function": 7, "PushConstant": 9, "Image": 11,
                     "StorageBuffer": 12, "PhysicalStorageBuffer": 5349},
    "Decoration": {"SpecId": 1, "Block": 2, "RowMajor": 4, "ColMajor": 5, "ArrayStride": 6, "MatrixStride": 7, "BuiltIn": 11,
                   "Restrict": 19, "Aliased": 20, "Volatile": 21, "Coherent": 23, "NonWritable": 24,
                   "NonReadable": 25, "Binding": 33, "DescriptorSet": 34, "Offset": 35, "NonUniform": 5300},
    "BuiltIn": {"NumWorkgroups": 24, "WorkgroupSize": 25, "WorkgroupId": 26, "LocalInvocationId": 27,
                "GlobalInvocationId": 28, "LocalInvocationIndex": 29, "SubgroupSize": 36, "NumSubgroups": 38,
                "SubgroupId": 40, "SubgroupLocalInvocationId": 41},
    "Dim": {"1D": 0, "2D": 1, "3D": 2, "Cube": 3, "Buffer": 5},
    "ImageFormat": {"Unknown": 0, "Rgba32f": 1, "Rgba16f": 2, "R32f": 3, "Rgba8": 4, "Rgba8Snorm": 5,
                    "Rg32f": 6, "Rg16f": 7, "R16f": 9, "Rgba16": 10, "Rg16": 12, "Rg8": 13, "R16": 14,
                    "R8": 15, "Rgba16Snorm": 16, "Rg16Snorm": 17, "Rgba32i": 21, "Rgba16i": 22, "Rgba8i": 23,
                    "R32i": 24, "Rg32i": 25, "Rg16i": 26, "R16i": 28, "Rgba32ui": 30, "Rgba16ui": 31,
                    "Rgba8ui": 32, "R32ui": 33, "Rg32ui": 35, "Rg16ui": 36, "R16ui": 38, "R64ui": 40,
                    "R64i": 41},
    "ImageOperands": {"None": 0, "Bias": 0x1, "Lod": 0x2, "Grad": 0x4, "ConstOffset": 0x8, "Sample": 0x40, "MinLod": 0x80},
    "FunctionControl": {"None": 0},
    "SelectionControl": {"None": 0},
    "LoopControl": {"None": 0, "Unroll": 0x1, "DontUnroll": 0x2, "PartialCount": 0x100},
    "GroupOperation": {"Reduce": 0, "InclusiveScan": 1, "ExclusiveScan": 2, "PartitionedReduceNV": 6,
                       "PartitionedInclusiveScanNV": 7, "PartitionedExclusiveScanNV": 8},
    "SourceLanguage": {"HLSL": 5},
    "MemoryAccess": {"None": 0, "Aligned": 0x2},
    "TensorAddressingOperands": {"None": 0},
}

# Scope and memory-semantics values (operands of barriers, atomics and
# group operations are ids of constants holding them).
SCOPE = {"CrossDevice": 0, "Device": 1, "Workgroup": 2, "Subgroup": 3, "Invocation": 4}
SEMANTICS = {"None": 0, "Acquire": 0x2, "Release": 0x4, "AcquireRelease": 0x8, "UniformMemory": 0x40,
             "SubgroupMemory": 0x80, "WorkgroupMemory": 0x100, "ImageMemory": 0x800}

# SPV_KHR_cooperative_matrix.
MATRIX_USE = {"A": 0, "B": 1, "Accumulator": 2}
MATRIX_LAYOUT = {"RowMajor": 0, "ColumnMajor": 1}
# SPV_NV_tensor_addressing.
TENSOR_CLAMP_MODE = {"Undefined": 0, "Constant": 1, "ClampToEdge": 2}
MATRIX_OPERANDS = {"None": 0, "MatrixASigned": 0x1, "MatrixBSigned": 0x2, "MatrixCSigned": 0x4,
                   "MatrixResultSigned": 0x8}

# GLSL.std.450 extended instructions.
GLSL = {
    "Round": 1, "RoundEven": 2, "Trunc": 3, "FAbs": 4, "SAbs": 5, "FSign": 6, "SSign": 7, "Floor": 8, "Ceil": 9,
    "Fract": 10, "Sin": 13, "Cos": 14, "Tan": 15, "Asin": 16, "Acos": 17, "Atan": 18, "Sinh": 19, "Cosh": 20,
    "Tanh": 21, "Atan2": 25, "Pow": 26, "Exp": 27, "Log": 28, "Exp2": 29, "Log2": 30, "Sqrt": 31,
    "InverseSqrt": 32, "FMin": 37, "UMin": 38, "SMin": 39, "FMax": 40, "UMax": 41, "SMax": 42, "FClamp": 43,
    "UClamp": 44, "SClamp": 45, "FMix": 46, "Fma": 50, "PackHalf2x16": 58, "UnpackHalf2x16": 62,
    "FindILsb": 73, "FindSMsb": 74, "FindUMsb": 75, "NMin": 79, "NMax": 80, "NClamp": 81,
}
GLSL_NAMES = {number: name for name, number in GLSL.items()}
