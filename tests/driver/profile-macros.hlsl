// The target profile predefines DXC's macros: __HLSL_VERSION,
// __SHADER_TARGET_MAJOR/MINOR, __SHADER_TARGET_STAGE (compute 5, library 6)
// with the __SHADER_STAGE_* constants to compare it with, and
// __HLSL_ENABLE_16_BIT when 16-bit types are on (always for SM 6.10, with
// -enable-16bit-types before); and DXC's own, __hlsl_dx_compiler and
// __DXC_VERSION_MAJOR/MINOR/RELEASE/COMMITS, which projects test to take
// DXC's paths rather than FXC's (the release whose language hlslc follows).
// RUN: %hlslc -P -T cs_6_10 %s | FileCheck %s --check-prefixes=CS610
// RUN: %hlslc -P -Tcs_6_8 %s | FileCheck %s --check-prefixes=CS68
// RUN: %hlslc -P -T cs_6_9 -enable-16bit-types %s | FileCheck %s --check-prefixes=CS69-16
// RUN: %hlslc -P -T lib_6_8 %s | FileCheck %s --check-prefixes=LIB68
// RUN: %hlslc -P -T lib_6_9 %s | FileCheck %s --check-prefixes=LIB69
// RUN: %hlslc -P -T lib_6_10 %s | FileCheck %s --check-prefixes=LIB610

version __HLSL_VERSION
target __SHADER_TARGET_MAJOR __SHADER_TARGET_MINOR
stage __SHADER_TARGET_STAGE
stages __SHADER_STAGE_PIXEL __SHADER_STAGE_VERTEX __SHADER_STAGE_GEOMETRY __SHADER_STAGE_HULL __SHADER_STAGE_DOMAIN __SHADER_STAGE_COMPUTE __SHADER_STAGE_LIBRARY __SHADER_STAGE_MESH __SHADER_STAGE_AMPLIFICATION
#if __SHADER_TARGET_STAGE == __SHADER_STAGE_COMPUTE
is_compute
#elif __SHADER_TARGET_STAGE == __SHADER_STAGE_LIBRARY
is_library
#endif
#if defined(__hlsl_dx_compiler) && defined(__DXC_VERSION_MAJOR)
dxc __DXC_VERSION_MAJOR __DXC_VERSION_MINOR __DXC_VERSION_RELEASE __DXC_VERSION_COMMITS
#endif
#if !defined(__DXC_VERSION_MAJOR) || (__DXC_VERSION_MAJOR == 1 && __DXC_VERSION_MINOR < 7)
old_dxc_or_fxc
#endif
#ifdef __HLSL_ENABLE_16_BIT
sixteen __HLSL_ENABLE_16_BIT
#else
no_sixteen
#endif

// CS610: {{^}}version 2021
// CS610: {{^}}target 6 10
// CS610: {{^}}stage 5
// CS610: {{^}}stages 0 1 2 3 4 5 6 13 14
// CS610: {{^}}is_compute
// CS610: {{^}}dxc 1 9 2607 0
// CS610-NOT: old_dxc_or_fxc
// CS610: {{^}}sixteen 1

// CS68: {{^}}target 6 8
// CS68: {{^}}stage 5
// CS68: {{^}}is_compute
// CS68: {{^}}no_sixteen

// CS69-16: {{^}}target 6 9
// CS69-16: {{^}}is_compute
// CS69-16: {{^}}sixteen 1

// LIB68: {{^}}target 6 8
// LIB68: {{^}}stage 6
// LIB68: {{^}}is_library
// LIB68: {{^}}no_sixteen

// LIB69: {{^}}target 6 9
// LIB69: {{^}}is_library
// LIB69: {{^}}no_sixteen

// LIB610: {{^}}target 6 10
// LIB610: {{^}}stage 6
// LIB610: {{^}}is_library
// LIB610: {{^}}sixteen 1
