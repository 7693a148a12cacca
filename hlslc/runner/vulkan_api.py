"""The Vulkan API through ctypes: the structures, entry points, enum
values and result names that `hlslc run --device vulkan` uses, and nothing
more.

Structures are declared as `name:CODE` lists in the order of the Vulkan
headers (codes below); entry points as a return code and one code per
parameter, so ctypes passes 64-bit handles and sizes at their width.  The
loader is `libvulkan.so.1` (or `HLSLC_VULKAN_LOADER`), opened on first use.

Owns: the declarations, opening the loader, and `check`, which turns a
failed `VkResult` into a `RunError` naming the call and the result.  Does
not own: what to create and in which order (`hlslc.runner.vulkan`).
"""

from __future__ import annotations

import ctypes
import os
from typing import Any

from .errors import RunError

# Field and parameter codes: U uint32 (also enums, flags, VkBool32), I int32,
# Q uint64 (VkDeviceSize, non-dispatchable handles), Z size_t, F float,
# P a pointer or a dispatchable handle, C char, B uint8; a number after the
# code makes an array; any other name is a structure declared here.
_CODES: dict[str, Any] = {
    "U": ctypes.c_uint32, "I": ctypes.c_int32, "Q": ctypes.c_uint64, "Z": ctypes.c_size_t,
    "F": ctypes.c_float, "P": ctypes.c_void_p, "C": ctypes.c_char, "B": ctypes.c_uint8,
}

_STRUCTS: dict[str, str] = {
    "VkPhysicalDeviceLimits": """
    maxImageDimension1D:U maxImageDimension2D:U maxImageDimension3D:U maxImageDimensionCube:U
    maxImageArrayLayers:U maxTexelBufferElements:U maxUniformBufferRange:U maxStorageBufferRange:U
    maxPushConstantsSize:U maxMemoryAllocationCount:U maxSamplerAllocationCount:U
    bufferImageGranularity:Q sparseAddressSpaceSize:Q maxBoundDescriptorSets:U
    maxPerStageDescriptorSamplers:U maxPerStageDescriptorUniformBuffers:U
    maxPerStageDescriptorStorageBuffers:U maxPerStageDescriptorSampledImages:U
    maxPerStageDescriptorStorageImages:U maxPerStageDescriptorInputAttachments:U maxPerStageResources:U
    maxDescriptorSetSamplers:U maxDescriptorSetUniformBuffers:U maxDescriptorSetUniformBuffersDynamic:U
    maxDescriptorSetStorageBuffers:U maxDescriptorSetStorageBuffersDynamic:U
    maxDescriptorSetSampledImages:U maxDescriptorSetStorageImages:U maxDescriptorSetInputAttachments:U
    maxVertexInputAttributes:U maxVertexInputBindings:U maxVertexInputAttributeOffset:U
    maxVertexInputBindingStride:U maxVertexOutputComponents:U maxTessellationGenerationLevel:U
    maxTessellationPatchSize:U maxTessellationControlPerVertexInputComponents:U
    maxTessellationControlPerVertexOutputComponents:U maxTessellationControlPerPatchOutputComponents:U
    maxTessellationControlTotalOutputComponents:U maxTessellationEvaluationInputComponents:U
    maxTessellationEvaluationOutputComponents:U maxGeometryShaderInvocations:U
    maxGeometryInputComponents:U maxGeometryOutputComponents:U maxGeometryOutputVertices:U
    maxGeometryTotalOutputComponents:U maxFragmentInputComponents:U maxFragmentOutputAttachments:U
    maxFragmentDualSrcAttachments:U maxFragmentCombinedOutputResources:U maxComputeSharedMemorySize:U
    maxComputeWorkGroupCount:U3 maxComputeWorkGroupInvocations:U maxComputeWorkGroupSize:U3
    subPixelPrecisionBits:U subTexelPrecisionBits:U mipmapPrecisionBits:U maxDrawIndexedIndexValue:U
    maxDrawIndirectCount:U maxSamplerLodBias:F maxSamplerAnisotropy:F maxViewports:U
    maxViewportDimensions:U2 viewportBoundsRange:F2 viewportSubPixelBits:U minMemoryMapAlignment:Z
    minTexelBufferOffsetAlignment:Q minUniformBufferOffsetAlignment:Q minStorageBufferOffsetAlignment:Q
    minTexelOffset:I maxTexelOffset:U minTexelGatherOffset:I maxTexelGatherOffset:U
    minInterpolationOffset:F maxInterpolationOffset:F subPixelInterpolationOffsetBits:U
    maxFramebufferWidth:U maxFramebufferHeight:U maxFramebufferLayers:U framebufferColorSampleCounts:U
    framebufferDepthSampleCounts:U framebufferStencilSampleCounts:U
    framebufferNoAttachmentsSampleCounts:U maxColorAttachments:U sampledImageColorSampleCounts:U
    sampledImageIntegerSampleCounts:U sampledImageDepthSampleCounts:U sampledImageStencilSampleCounts:U
    storageImageSampleCounts:U maxSampleMaskWords:U timestampComputeAndGraphics:U timestampPeriod:F
    maxClipDistances:U maxCullDistances:U maxCombinedClipAndCullDistances:U discreteQueuePriorities:U
    pointSizeRange:F2 lineWidthRange:F2 pointSizeGranularity:F lineWidthGranularity:F strictLines:U
    standardSampleLocations:U optimalBufferCopyOffsetAlignment:Q optimalBufferCopyRowPitchAlignment:Q
    nonCoherentAtomSize:Q""",
    "VkPhysicalDeviceFeatures": """
    robustBufferAccess:U fullDrawIndexUint32:U imageCubeArray:U independentBlend:U geometryShader:U
    tessellationShader:U sampleRateShading:U dualSrcBlend:U logicOp:U multiDrawIndirect:U
    drawIndirectFirstInstance:U depthClamp:U depthBiasClamp:U fillModeNonSolid:U depthBounds:U
    wideLines:U largePoints:U alphaToOne:U multiViewport:U samplerAnisotropy:U textureCompressionETC2:U
    textureCompressionASTC_LDR:U textureCompressionBC:U occlusionQueryPrecise:U
    pipelineStatisticsQuery:U vertexPipelineStoresAndAtomics:U fragmentStoresAndAtomics:U
    shaderTessellationAndGeometryPointSize:U shaderImageGatherExtended:U
    shaderStorageImageExtendedFormats:U shaderStorageImageMultisample:U
    shaderStorageImageReadWithoutFormat:U shaderStorageImageWriteWithoutFormat:U
    shaderUniformBufferArrayDynamicIndexing:U shaderSampledImageArrayDynamicIndexing:U
    shaderStorageBufferArrayDynamicIndexing:U shaderStorageImageArrayDynamicIndexing:U
    shaderClipDistance:U shaderCullDistance:U shaderFloat64:U shaderInt64:U shaderInt16:U
    shaderResourceResidency:U shaderResourceMinLod:U sparseBinding:U sparseResidencyBuffer:U
    sparseResidencyImage2D:U sparseResidencyImage3D:U sparseResidency2Samples:U
    sparseResidency4Samples:U sparseResidency8Samples:U sparseResidency16Samples:U
    sparseResidencyAliased:U variableMultisampleRate:U inheritedQueries:U""",
    "VkApplicationInfo": "sType:U pNext:P pApplicationName:P applicationVersion:U pEngineName:P engineVersion:U "
                         "apiVersion:U",
    "VkInstanceCreateInfo": "sType:U pNext:P flags:U pApplicationInfo:P enabledLayerCount:U ppEnabledLayerNames:P "
                            "enabledExtensionCount:U ppEnabledExtensionNames:P",
    "VkExtensionProperties": "extensionName:C256 specVersion:U",
    "VkLayerProperties": "layerName:C256 specVersion:U implementationVersion:U description:C256",
    "VkPhysicalDeviceSparseProperties": "residencyStandard2DBlockShape:U residencyStandard2DMultisampleBlockShape:U "
                                        "residencyStandard3DBlockShape:U residencyAlignedMipSize:U "
                                        "residencyNonResidentStrict:U",
    "VkPhysicalDeviceProperties": "apiVersion:U driverVersion:U vendorID:U deviceID:U deviceType:U deviceName:C256 "
                                  "pipelineCacheUUID:B16 limits:VkPhysicalDeviceLimits "
                                  "sparseProperties:VkPhysicalDeviceSparseProperties",
    "VkPhysicalDeviceProperties2": "sType:U pNext:P properties:VkPhysicalDeviceProperties",
    "VkPhysicalDeviceSubgroupProperties": "sType:U pNext:P subgroupSize:U supportedStages:U supportedOperations:U "
                                          "quadOperationsInAllStages:U",
    "VkPhysicalDeviceSubgroupSizeControlProperties": "sType:U pNext:P minSubgroupSize:U maxSubgroupSize:U "
                                                     "maxComputeWorkgroupSubgroups:U requiredSubgroupSizeStages:U",
    "VkPhysicalDeviceFeatures2": "sType:U pNext:P features:VkPhysicalDeviceFeatures",
    "VkPhysicalDevice16BitStorageFeatures": "sType:U pNext:P storageBuffer16BitAccess:U "
                                            "uniformAndStorageBuffer16BitAccess:U storagePushConstant16:U "
                                            "storageInputOutput16:U",
    "VkPhysicalDevice8BitStorageFeatures": "sType:U pNext:P storageBuffer8BitAccess:U "
                                           "uniformAndStorageBuffer8BitAccess:U storagePushConstant8:U",
    "VkPhysicalDeviceShaderFloat16Int8Features": "sType:U pNext:P shaderFloat16:U shaderInt8:U",
    "VkPhysicalDeviceVulkanMemoryModelFeatures": "sType:U pNext:P vulkanMemoryModel:U "
                                                 "vulkanMemoryModelDeviceScope:U "
                                                 "vulkanMemoryModelAvailabilityVisibilityChains:U",
    "VkPhysicalDeviceSubgroupSizeControlFeatures": "sType:U pNext:P subgroupSizeControl:U computeFullSubgroups:U",
    "VkPhysicalDeviceShaderAtomicInt64Features": "sType:U pNext:P shaderBufferInt64Atomics:U "
                                                 "shaderSharedInt64Atomics:U",
    "VkPhysicalDeviceShaderSubgroupExtendedTypesFeatures": "sType:U pNext:P shaderSubgroupExtendedTypes:U",
    "VkPhysicalDeviceShaderMaximalReconvergenceFeaturesKHR": "sType:U pNext:P shaderMaximalReconvergence:U",
    "VkPhysicalDeviceComputeShaderDerivativesFeaturesKHR": "sType:U pNext:P computeDerivativeGroupQuads:U "
                                                           "computeDerivativeGroupLinear:U",
    "VkPhysicalDeviceShaderImageAtomicInt64FeaturesEXT": "sType:U pNext:P shaderImageInt64Atomics:U "
                                                         "sparseImageInt64Atomics:U",
    "VkPhysicalDeviceCooperativeMatrixFeaturesKHR": "sType:U pNext:P cooperativeMatrix:U "
                                                    "cooperativeMatrixRobustBufferAccess:U",
    "VkCooperativeMatrixPropertiesKHR": "sType:U pNext:P MSize:U NSize:U KSize:U AType:U BType:U CType:U "
                                        "ResultType:U saturatingAccumulation:U scope:U",
    "VkPhysicalDeviceCooperativeMatrix2FeaturesNV": "sType:U pNext:P cooperativeMatrixWorkgroupScope:U "
                                                    "cooperativeMatrixFlexibleDimensions:U "
                                                    "cooperativeMatrixReductions:U cooperativeMatrixConversions:U "
                                                    "cooperativeMatrixPerElementOperations:U "
                                                    "cooperativeMatrixTensorAddressing:U "
                                                    "cooperativeMatrixBlockLoads:U",
    "VkCooperativeMatrixFlexibleDimensionsPropertiesNV": "sType:U pNext:P MGranularity:U NGranularity:U "
                                                         "KGranularity:U AType:U BType:U CType:U ResultType:U "
                                                         "saturatingAccumulation:U scope:U "
                                                         "workgroupInvocations:U",
    "VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR": "sType:U pNext:P pipelineExecutableInfo:U",
    "VkPhysicalDeviceDescriptorIndexingFeatures": """sType:U pNext:P
    shaderInputAttachmentArrayDynamicIndexing:U shaderUniformTexelBufferArrayDynamicIndexing:U
    shaderStorageTexelBufferArrayDynamicIndexing:U shaderUniformBufferArrayNonUniformIndexing:U
    shaderSampledImageArrayNonUniformIndexing:U shaderStorageBufferArrayNonUniformIndexing:U
    shaderStorageImageArrayNonUniformIndexing:U shaderInputAttachmentArrayNonUniformIndexing:U
    shaderUniformTexelBufferArrayNonUniformIndexing:U shaderStorageTexelBufferArrayNonUniformIndexing:U
    descriptorBindingUniformBufferUpdateAfterBind:U descriptorBindingSampledImageUpdateAfterBind:U
    descriptorBindingStorageImageUpdateAfterBind:U descriptorBindingStorageBufferUpdateAfterBind:U
    descriptorBindingUniformTexelBufferUpdateAfterBind:U descriptorBindingStorageTexelBufferUpdateAfterBind:U
    descriptorBindingUpdateUnusedWhilePending:U descriptorBindingPartiallyBound:U
    descriptorBindingVariableDescriptorCount:U runtimeDescriptorArray:U""",
    "VkPipelineInfoKHR": "sType:U pNext:P pipeline:Q",
    "VkPipelineExecutablePropertiesKHR": "sType:U pNext:P stages:U name:C256 description:C256 subgroupSize:U",
    "VkPipelineExecutableInfoKHR": "sType:U pNext:P pipeline:Q executableIndex:U",
    # value: a union of VkBool32, int64, uint64 and double (read by `format`).
    "VkPipelineExecutableStatisticKHR": "sType:U pNext:P name:C256 description:C256 format:U value:Q",
    "VkExtent3D": "width:U height:U depth:U",
    "VkOffset3D": "x:I y:I z:I",
    "VkImageCreateInfo": "sType:U pNext:P flags:U imageType:U format:U extent:VkExtent3D mipLevels:U arrayLayers:U "
                         "samples:U tiling:U usage:U sharingMode:U queueFamilyIndexCount:U pQueueFamilyIndices:P "
                         "initialLayout:U",
    "VkImageSubresourceRange": "aspectMask:U baseMipLevel:U levelCount:U baseArrayLayer:U layerCount:U",
    "VkImageSubresourceLayers": "aspectMask:U mipLevel:U baseArrayLayer:U layerCount:U",
    "VkComponentMapping": "r:U g:U b:U a:U",
    "VkImageViewCreateInfo": "sType:U pNext:P flags:U image:Q viewType:U format:U components:VkComponentMapping "
                             "subresourceRange:VkImageSubresourceRange",
    "VkBufferImageCopy": "bufferOffset:Q bufferRowLength:U bufferImageHeight:U "
                         "imageSubresource:VkImageSubresourceLayers imageOffset:VkOffset3D imageExtent:VkExtent3D",
    "VkImageMemoryBarrier": "sType:U pNext:P srcAccessMask:U dstAccessMask:U oldLayout:U newLayout:U "
                            "srcQueueFamilyIndex:U dstQueueFamilyIndex:U image:Q "
                            "subresourceRange:VkImageSubresourceRange",
    "VkDescriptorImageInfo": "sampler:Q imageView:Q imageLayout:U",
    "VkSamplerCreateInfo": "sType:U pNext:P flags:U magFilter:U minFilter:U mipmapMode:U addressModeU:U "
                           "addressModeV:U addressModeW:U mipLodBias:F anisotropyEnable:U maxAnisotropy:F "
                           "compareEnable:U compareOp:U minLod:F maxLod:F borderColor:U "
                           "unnormalizedCoordinates:U",
    "VkQueueFamilyProperties": "queueFlags:U queueCount:U timestampValidBits:U minImageTransferGranularity:VkExtent3D",
    "VkMemoryType": "propertyFlags:U heapIndex:U",
    "VkMemoryHeap": "size:Q flags:U",
    "VkPhysicalDeviceMemoryProperties": "memoryTypeCount:U memoryTypes:VkMemoryType32 memoryHeapCount:U "
                                        "memoryHeaps:VkMemoryHeap16",
    "VkFormatProperties": "linearTilingFeatures:U optimalTilingFeatures:U bufferFeatures:U",
    "VkDeviceQueueCreateInfo": "sType:U pNext:P flags:U queueFamilyIndex:U queueCount:U pQueuePriorities:P",
    "VkDeviceCreateInfo": "sType:U pNext:P flags:U queueCreateInfoCount:U pQueueCreateInfos:P enabledLayerCount:U "
                          "ppEnabledLayerNames:P enabledExtensionCount:U ppEnabledExtensionNames:P "
                          "pEnabledFeatures:P",
    "VkBufferCreateInfo": "sType:U pNext:P flags:U size:Q usage:U sharingMode:U queueFamilyIndexCount:U "
                          "pQueueFamilyIndices:P",
    "VkMemoryRequirements": "size:Q alignment:Q memoryTypeBits:U",
    "VkMemoryAllocateInfo": "sType:U pNext:P allocationSize:Q memoryTypeIndex:U",
    "VkBufferViewCreateInfo": "sType:U pNext:P flags:U buffer:Q format:U offset:Q range:Q",
    "VkShaderModuleCreateInfo": "sType:U pNext:P flags:U codeSize:Z pCode:P",
    "VkDescriptorSetLayoutBinding": "binding:U descriptorType:U descriptorCount:U stageFlags:U pImmutableSamplers:P",
    "VkDescriptorSetLayoutCreateInfo": "sType:U pNext:P flags:U bindingCount:U pBindings:P",
    "VkPushConstantRange": "stageFlags:U offset:U size:U",
    "VkPipelineLayoutCreateInfo": "sType:U pNext:P flags:U setLayoutCount:U pSetLayouts:P pushConstantRangeCount:U "
                                  "pPushConstantRanges:P",
    "VkPipelineShaderStageCreateInfo": "sType:U pNext:P flags:U stage:U module:Q pName:P pSpecializationInfo:P",
    "VkPipelineShaderStageRequiredSubgroupSizeCreateInfo": "sType:U pNext:P requiredSubgroupSize:U",
    "VkSpecializationMapEntry": "constantID:U offset:U size:Q",
    "VkSpecializationInfo": "mapEntryCount:U pMapEntries:P dataSize:Q pData:P",
    "VkComputePipelineCreateInfo": "sType:U pNext:P flags:U stage:VkPipelineShaderStageCreateInfo layout:Q "
                                   "basePipelineHandle:Q basePipelineIndex:I",
    "VkDescriptorPoolSize": "type:U descriptorCount:U",
    "VkDescriptorPoolCreateInfo": "sType:U pNext:P flags:U maxSets:U poolSizeCount:U pPoolSizes:P",
    "VkDescriptorSetAllocateInfo": "sType:U pNext:P descriptorPool:Q descriptorSetCount:U pSetLayouts:P",
    "VkDescriptorBufferInfo": "buffer:Q offset:Q range:Q",
    "VkWriteDescriptorSet": "sType:U pNext:P dstSet:Q dstBinding:U dstArrayElement:U descriptorCount:U "
                            "descriptorType:U pImageInfo:P pBufferInfo:P pTexelBufferView:P",
    "VkCommandPoolCreateInfo": "sType:U pNext:P flags:U queueFamilyIndex:U",
    "VkCommandBufferAllocateInfo": "sType:U pNext:P commandPool:Q level:U commandBufferCount:U",
    "VkCommandBufferBeginInfo": "sType:U pNext:P flags:U pInheritanceInfo:P",
    "VkBufferCopy": "srcOffset:Q dstOffset:Q size:Q",
    "VkMemoryBarrier": "sType:U pNext:P srcAccessMask:U dstAccessMask:U",
    "VkQueryPoolCreateInfo": "sType:U pNext:P flags:U queryType:U queryCount:U pipelineStatistics:U",
    "VkSubmitInfo": "sType:U pNext:P waitSemaphoreCount:U pWaitSemaphores:P pWaitDstStageMask:P "
                    "commandBufferCount:U pCommandBuffers:P signalSemaphoreCount:U pSignalSemaphores:P",
    "VkFenceCreateInfo": "sType:U pNext:P flags:U",
}

# VkStructureType of the structures that have one.
STYPES: dict[str, int] = {
    "VkApplicationInfo": 0, "VkInstanceCreateInfo": 1, "VkDeviceQueueCreateInfo": 2, "VkDeviceCreateInfo": 3,
    "VkSubmitInfo": 4, "VkMemoryAllocateInfo": 5, "VkFenceCreateInfo": 8, "VkQueryPoolCreateInfo": 11,
    "VkBufferCreateInfo": 12, "VkBufferViewCreateInfo": 13, "VkShaderModuleCreateInfo": 16,
    "VkPipelineShaderStageCreateInfo": 18, "VkComputePipelineCreateInfo": 29, "VkPipelineLayoutCreateInfo": 30,
    "VkDescriptorSetLayoutCreateInfo": 32, "VkDescriptorPoolCreateInfo": 33, "VkDescriptorSetAllocateInfo": 34,
    "VkWriteDescriptorSet": 35, "VkCommandPoolCreateInfo": 39, "VkCommandBufferAllocateInfo": 40,
    "VkCommandBufferBeginInfo": 42, "VkMemoryBarrier": 46, "VkImageCreateInfo": 14, "VkImageViewCreateInfo": 15,
    "VkImageMemoryBarrier": 45, "VkSamplerCreateInfo": 31,
    "VkPhysicalDeviceFeatures2": 1000059000, "VkPhysicalDeviceProperties2": 1000059001,
    "VkPhysicalDeviceSubgroupProperties": 1000094000, "VkPhysicalDevice16BitStorageFeatures": 1000083000,
    "VkPhysicalDevice8BitStorageFeatures": 1000177000, "VkPhysicalDeviceShaderAtomicInt64Features": 1000180000,
    "VkPhysicalDeviceShaderFloat16Int8Features": 1000082000,
    "VkPhysicalDeviceVulkanMemoryModelFeatures": 1000211000,
    "VkPhysicalDeviceShaderSubgroupExtendedTypesFeatures": 1000175000,
    "VkPhysicalDeviceShaderMaximalReconvergenceFeaturesKHR": 1000434000,
    "VkPhysicalDeviceComputeShaderDerivativesFeaturesKHR": 1000201000,
    "VkPhysicalDeviceShaderImageAtomicInt64FeaturesEXT": 1000234000,
    "VkPhysicalDeviceSubgroupSizeControlProperties": 1000225000,
    "VkPipelineShaderStageRequiredSubgroupSizeCreateInfo": 1000225001,
    "VkPhysicalDeviceSubgroupSizeControlFeatures": 1000225002,
    "VkPhysicalDeviceCooperativeMatrixFeaturesKHR": 1000506000,
    "VkCooperativeMatrixPropertiesKHR": 1000506001,
    "VkPhysicalDeviceCooperativeMatrix2FeaturesNV": 1000593000,
    "VkCooperativeMatrixFlexibleDimensionsPropertiesNV": 1000593001,
    "VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR": 1000269000, "VkPipelineInfoKHR": 1000269001,
    "VkPipelineExecutablePropertiesKHR": 1000269002, "VkPipelineExecutableInfoKHR": 1000269003,
    "VkPipelineExecutableStatisticKHR": 1000269004,
    "VkPhysicalDeviceDescriptorIndexingFeatures": 1000161001,
}

# Entry points: the return code (R VkResult, v void, P a pointer) and the
# parameter codes.  The loader exports every core one; extension entry
# points come from vkGetInstanceProcAddr (`Vulkan.instance_function`).
_FUNCTIONS: dict[str, str] = {
    "vkGetInstanceProcAddr": "P PP",
    "vkEnumerateInstanceVersion": "R P",
    "vkEnumerateInstanceLayerProperties": "R PP",
    "vkCreateInstance": "R PPP",
    "vkDestroyInstance": "v PP",
    "vkEnumeratePhysicalDevices": "R PPP",
    "vkGetPhysicalDeviceProperties2": "v PP",
    "vkGetPhysicalDeviceFeatures2": "v PP",
    "vkGetPhysicalDeviceQueueFamilyProperties": "v PPP",
    "vkGetPhysicalDeviceMemoryProperties": "v PP",
    "vkGetPhysicalDeviceFormatProperties": "v PUP",
    "vkEnumerateDeviceExtensionProperties": "R PPPP",
    "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR": "R PPP",
    "vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV": "R PPP",
    "vkGetPipelineExecutablePropertiesKHR": "R PPPP",
    "vkGetPipelineExecutableStatisticsKHR": "R PPPP",
    "vkCreateDevice": "R PPPP",
    "vkDestroyDevice": "v PP",
    "vkGetDeviceQueue": "v PUUP",
    "vkCreateBuffer": "R PPPP",
    "vkDestroyBuffer": "v PQP",
    "vkGetBufferMemoryRequirements": "v PQP",
    "vkAllocateMemory": "R PPPP",
    "vkFreeMemory": "v PQP",
    "vkBindBufferMemory": "R PQQQ",
    "vkMapMemory": "R PQQQUP",
    "vkUnmapMemory": "v PQ",
    "vkCreateImage": "R PPPP",
    "vkDestroyImage": "v PQP",
    "vkGetImageMemoryRequirements": "v PQP",
    "vkBindImageMemory": "R PQQQ",
    "vkCreateImageView": "R PPPP",
    "vkCreateSampler": "R PPPP",
    "vkDestroySampler": "v PQP",
    "vkDestroyImageView": "v PQP",
    "vkCmdCopyBufferToImage": "v PQQUUP",
    "vkCmdCopyImageToBuffer": "v PQUQUP",
    "vkCreateBufferView": "R PPPP",
    "vkDestroyBufferView": "v PQP",
    "vkCreateShaderModule": "R PPPP",
    "vkDestroyShaderModule": "v PQP",
    "vkCreateDescriptorSetLayout": "R PPPP",
    "vkDestroyDescriptorSetLayout": "v PQP",
    "vkCreatePipelineLayout": "R PPPP",
    "vkDestroyPipelineLayout": "v PQP",
    "vkCreateComputePipelines": "R PQUPPP",
    "vkDestroyPipeline": "v PQP",
    "vkCreateDescriptorPool": "R PPPP",
    "vkDestroyDescriptorPool": "v PQP",
    "vkAllocateDescriptorSets": "R PPP",
    "vkUpdateDescriptorSets": "v PUPUP",
    "vkCreateCommandPool": "R PPPP",
    "vkDestroyCommandPool": "v PQP",
    "vkAllocateCommandBuffers": "R PPP",
    "vkBeginCommandBuffer": "R PP",
    "vkEndCommandBuffer": "R P",
    "vkCmdBindPipeline": "v PUQ",
    "vkCmdBindDescriptorSets": "v PUQUUPUP",
    "vkCmdDispatch": "v PUUU",
    "vkCmdPushConstants": "v PQUUUP",
    "vkCmdPipelineBarrier": "v PUUUUPUPUP",
    "vkCmdCopyBuffer": "v PQQUP",
    "vkCmdResetQueryPool": "v PQUU",
    "vkCmdWriteTimestamp": "v PUQU",
    "vkCreateQueryPool": "R PPPP",
    "vkDestroyQueryPool": "v PQP",
    "vkGetQueryPoolResults": "R PQUUZPQU",
    "vkQueueSubmit": "R PUPQ",
    "vkCreateFence": "R PPPP",
    "vkDestroyFence": "v PQP",
    "vkWaitForFences": "R PUPUQ",
    "vkDeviceWaitIdle": "R P",
}

_INSTANCE_FUNCTIONS = {"vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR",
                       "vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV",
                       "vkGetPipelineExecutablePropertiesKHR", "vkGetPipelineExecutableStatisticsKHR"}

RESULT_NAMES: dict[int, str] = {
    0: "VK_SUCCESS", 1: "VK_NOT_READY", 2: "VK_TIMEOUT", 3: "VK_EVENT_SET", 4: "VK_EVENT_RESET",
    5: "VK_INCOMPLETE", -1: "VK_ERROR_OUT_OF_HOST_MEMORY", -2: "VK_ERROR_OUT_OF_DEVICE_MEMORY",
    -3: "VK_ERROR_INITIALIZATION_FAILED", -4: "VK_ERROR_DEVICE_LOST", -5: "VK_ERROR_MEMORY_MAP_FAILED",
    -6: "VK_ERROR_LAYER_NOT_PRESENT", -7: "VK_ERROR_EXTENSION_NOT_PRESENT", -8: "VK_ERROR_FEATURE_NOT_PRESENT",
    -9: "VK_ERROR_INCOMPATIBLE_DRIVER", -10: "VK_ERROR_TOO_MANY_OBJECTS", -11: "VK_ERROR_FORMAT_NOT_SUPPORTED",
    -12: "VK_ERROR_FRAGMENTED_POOL", -13: "VK_ERROR_UNKNOWN", -1000069000: "VK_ERROR_OUT_OF_POOL_MEMORY",
    -1000072003: "VK_ERROR_INVALID_EXTERNAL_HANDLE", -1000161000: "VK_ERROR_FRAGMENTATION",
    -1000257000: "VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS", 1000297000: "VK_PIPELINE_COMPILE_REQUIRED",
    -1000011001: "VK_ERROR_VALIDATION_FAILED_EXT", -1000012000: "VK_ERROR_INVALID_SHADER_NV",
    -1000174001: "VK_ERROR_NOT_PERMITTED_KHR",
}

# Enum and flag values used by the runner.
API_VERSION_1_3 = (1 << 22) | (3 << 12)
QUEUE_COMPUTE = 0x2
MEMORY_DEVICE_LOCAL, MEMORY_HOST_VISIBLE, MEMORY_HOST_COHERENT, MEMORY_HOST_CACHED = 0x1, 0x2, 0x4, 0x8
BUFFER_TRANSFER_SRC, BUFFER_TRANSFER_DST = 0x1, 0x2
BUFFER_UNIFORM_TEXEL, BUFFER_STORAGE_TEXEL, BUFFER_UNIFORM, BUFFER_STORAGE = 0x4, 0x8, 0x10, 0x20
DESCRIPTOR_UNIFORM_TEXEL_BUFFER, DESCRIPTOR_STORAGE_TEXEL_BUFFER = 4, 5
DESCRIPTOR_SAMPLED_IMAGE, DESCRIPTOR_STORAGE_IMAGE = 2, 3
IMAGE_USAGE_TRANSFER_SRC, IMAGE_USAGE_TRANSFER_DST, IMAGE_USAGE_SAMPLED, IMAGE_USAGE_STORAGE = 0x1, 0x2, 0x4, 0x8
IMAGE_TYPE_2D, IMAGE_VIEW_TYPE_2D, IMAGE_TILING_OPTIMAL, IMAGE_ASPECT_COLOR = 1, 1, 0, 0x1
IMAGE_ASPECT_DEPTH = 0x2
DESCRIPTOR_SAMPLER = 0
FORMAT_D32_SFLOAT = 126
# VkSamplerCreateInfo values: filters, address modes (the pipeline's names),
# compare ops (the pipeline's names, in VkCompareOp order).
FILTERS = {"Nearest": 0, "Linear": 1}
ADDRESS_MODES = {"Repeat": 0, "Mirror": 1, "Clamp": 2, "Border": 3, "MirrorOnce": 4}
COMPARE_OPS = {"Never": 0, "Less": 1, "Equal": 2, "LessEqual": 3, "Greater": 4, "NotEqual": 5, "GreaterEqual": 6,
               "Always": 7}
BORDER_FLOAT_TRANSPARENT_BLACK = 0
LAYOUT_UNDEFINED, LAYOUT_GENERAL, LAYOUT_TRANSFER_DST = 0, 1, 7
FORMAT_FEATURE_SAMPLED_IMAGE, FORMAT_FEATURE_STORAGE_IMAGE = 0x1, 0x2
QUEUE_FAMILY_IGNORED = 0xFFFFFFFF
DESCRIPTOR_UNIFORM_BUFFER, DESCRIPTOR_STORAGE_BUFFER = 6, 7
FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER, FORMAT_FEATURE_STORAGE_TEXEL_BUFFER = 0x8, 0x10
SHADER_STAGE_COMPUTE = 0x20
PIPELINE_BIND_POINT_COMPUTE = 1
STAGE_TOP_OF_PIPE, STAGE_COMPUTE_SHADER, STAGE_TRANSFER, STAGE_BOTTOM_OF_PIPE, STAGE_HOST = \
    0x1, 0x800, 0x1000, 0x2000, 0x4000
ACCESS_SHADER_READ, ACCESS_SHADER_WRITE, ACCESS_TRANSFER_READ, ACCESS_TRANSFER_WRITE = 0x20, 0x40, 0x800, 0x1000
ACCESS_HOST_READ, ACCESS_HOST_WRITE = 0x2000, 0x4000
QUERY_TYPE_TIMESTAMP = 2
QUERY_RESULT_64, QUERY_RESULT_WAIT = 0x1, 0x2
COMMAND_BUFFER_ONE_TIME_SUBMIT = 0x1
SHADER_STAGE_REQUIRE_FULL_SUBGROUPS = 0x2
PIPELINE_CREATE_CAPTURE_STATISTICS = 0x40
STATISTIC_BOOL32, STATISTIC_INT64, STATISTIC_UINT64, STATISTIC_FLOAT64 = 0, 1, 2, 3
WHOLE_SIZE = (1 << 64) - 1
DEVICE_TYPES = {0: "other", 1: "integrated GPU", 2: "discrete GPU", 3: "virtual GPU", 4: "CPU"}

# VkComponentTypeKHR of cooperative matrices, by the names the device
# files of the project use.
COMPONENT_TYPES: dict[int, str] = {
    0: "f16", 1: "f32", 2: "f64", 3: "s8", 4: "s16", 5: "s32", 6: "s64", 7: "u8", 8: "u16", 9: "u32", 10: "u64",
    1000141000: "bf16", 1000491000: "s8packed", 1000491001: "u8packed", 1000491002: "e4m3", 1000491003: "e5m2",
}
SCOPES: dict[int, str] = {1: "device", 2: "workgroup", 3: "subgroup", 5: "queue family"}


def _field_type(code: str) -> Any:
    name = code.rstrip("0123456789")
    count = code[len(name):]
    base = _CODES.get(name) or struct_type(name)
    return base * int(count) if count else base


_TYPES: dict[str, type] = {}


def struct_type(name: str) -> type:
    """The ctypes Structure of a Vulkan structure named in `_STRUCTS`."""
    cls = _TYPES.get(name)
    if cls is None:
        fields = []
        for item in _STRUCTS[name].split():
            field, _, code = item.partition(":")
            fields.append((field, _field_type(code)))
        cls = type(name, (ctypes.Structure,), {"_fields_": fields})
        _TYPES[name] = cls
    return cls


def new(name: str, **values: Any) -> Any:
    """A zeroed structure with its sType set and the given fields."""
    obj = struct_type(name)()
    if name in STYPES:
        obj.sType = STYPES[name]
    keep = []
    for key, value in values.items():
        if isinstance(value, bytes):
            # A string: the structure holds the buffer alive with it.
            buffer = ctypes.create_string_buffer(value)
            keep.append(buffer)
            value = ctypes.addressof(buffer)
        setattr(obj, key, value)
    obj._keep = keep
    return obj


def array(name: str, items: list) -> Any:
    """A C array of structures (or of a ctypes scalar type)."""
    cls = struct_type(name) if isinstance(name, str) else name
    arr = (cls * max(len(items), 1))()
    for i, item in enumerate(items):
        arr[i] = item
    return arr


def listed(fn: Any, call: str, name: str, *args: Any) -> list:
    """The structures `name` a count-then-fill query returns: `fn(*args,
    &count, NULL)`, then `fn(*args, &count, array)` (each element's sType
    set); a failed `VkResult` is a `RunError` naming `call`."""
    count = ctypes.c_uint32()
    result = fn(*args, ctypes.byref(count), None)
    if result is not None:
        check(result, call)
    items = array(name, [new(name) for _ in range(count.value)])
    result = fn(*args, ctypes.byref(count), items)
    if result is not None:
        check(result, call)
    return [items[i] for i in range(count.value)]


def chain(*structs: Any) -> Any:
    """Link structures through pNext, in order; returns the first."""
    for a, b in zip(structs, structs[1:]):
        a.pNext = ctypes.cast(ctypes.pointer(b), ctypes.c_void_p)
    return structs[0]


def strings(items: list[str]) -> Any:
    """A `const char* const*` array (kept alive by the caller)."""
    arr = (ctypes.c_char_p * max(len(items), 1))()
    for i, s in enumerate(items):
        arr[i] = s.encode()
    return arr


def text(chars: Any) -> str:
    return bytes(chars).split(b"\0", 1)[0].decode("utf-8", "replace")


def version(v: int) -> str:
    return f"{v >> 22 & 0x7F}.{v >> 12 & 0x3FF}.{v & 0xFFF}"


def result_name(code: int) -> str:
    return RESULT_NAMES.get(code, f"VkResult {code}")


class Vulkan:
    """The loader's entry points, typed on first use."""

    def __init__(self, lib: Any) -> None:
        self._lib = lib
        self._instance: Any = None

    def __getattr__(self, name: str) -> Any:
        if not name.startswith("vk"):
            raise AttributeError(name)
        ret, _, params = _FUNCTIONS[name].partition(" ")
        restype = {"R": ctypes.c_int32, "v": None, "P": ctypes.c_void_p}[ret]
        argtypes = [_CODES[c] for c in params]
        if name in _INSTANCE_FUNCTIONS:
            address = self.vkGetInstanceProcAddr(self._instance, name.encode())
            if not address:
                raise RunError(f"the Vulkan driver does not provide {name}")
            fn = ctypes.CFUNCTYPE(restype, *argtypes)(address)
        else:
            try:
                fn = getattr(self._lib, name)
            except AttributeError:
                raise RunError(f"the Vulkan loader does not export {name} (a loader older than Vulkan 1.1?)") \
                    from None
            fn.restype = restype
            fn.argtypes = argtypes
        setattr(self, name, fn)
        return fn

    def set_instance(self, instance: Any) -> None:
        self._instance = instance
        for name in _INSTANCE_FUNCTIONS:
            self.__dict__.pop(name, None)


def loader_path() -> str:
    return os.environ.get("HLSLC_VULKAN_LOADER") or "libvulkan.so.1"


def load() -> Vulkan:
    """Open the Vulkan loader, or raise a `RunError` saying how to get one."""
    path = loader_path()
    try:
        lib = ctypes.CDLL(path)
    except OSError as err:
        raise RunError(f"no Vulkan loader: cannot load '{path}' ({err}); install the Vulkan loader "
                       "(libvulkan1) and a driver for the device, or set HLSLC_VULKAN_LOADER to the loader's "
                       "path") from None
    return Vulkan(lib)


def check(result: int, call: str) -> None:
    """Raise a `RunError` naming `call` when `result` is an error code."""
    if result < 0:
        raise RunError(f"{call} failed: {result_name(result)}")
