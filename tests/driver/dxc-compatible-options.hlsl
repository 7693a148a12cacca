// Build lines written for dxc run unchanged: older compute profiles, -HV,
// -Fo, optimisation, debug and strictness flags, and Vulkan options (with
// their values) are accepted; -HV sets __HLSL_VERSION.  DXC's cl-style
// spelling of its options (/T cs_6_0, /E main, /D X, /I dir, /Zpr, /O3, as
// Visual Studio's FxCompile writes them) is read as the `-` one; an input
// file's absolute path stays an input.
// RUN: %hlslc /Tcs_6_0 /E main /D EXTRA=2 /I %S /HV 2018 /Zpr /O3 /Zi /Fd %t.pdb %s -Fo %t.ll && FileCheck %s --check-prefix=CL < %t.ll
// RUN: %hlslc -T cs_6_0 -E main -HV 2018 -Gis -O3 -Zi -Qembed_debug -fvk-use-dx-layout -fvk-b-shift 2 0 -fspv-target-env=vulkan1.3 -WX %s -Fo %t.ll && FileCheck %s --check-prefix=IR < %t.ll
// RUN: %hlslc -T cs_6_5 -HV 202x -P %s | FileCheck %s --check-prefix=HV202X
// RUN: %hlslc -T cs_6_2 -enable-16bit-types -P %s | FileCheck %s --check-prefix=HV2021
// RUN: %hlslc -T lib_6_3 -Od -Zpr -fsyntax-only %s
// RUN: %hlslc -T cs_6_0 -all_resources_bound -res_may_alias -fdisable-loc-tracking -rootsig-define ROOT -validator-version 1.8 -fsyntax-only %s

RWStructuredBuffer<uint> Out : register(u0);

static const uint Version = __HLSL_VERSION;
static const uint Minor = __SHADER_TARGET_MINOR;
#ifndef EXTRA
#define EXTRA 0
#endif

[numthreads(1, 1, 1)]
void main() {
  Out[0] = Version + Minor + EXTRA;
}

// IR: call void @"dx.op.bufferStore.i32"(i32 69, %"dx.types.Handle" {{.*}}, i32 0, i32 0, i32 2018,
// IR: !dx.shaderModel = !{ [[SM:![0-9]+]] }
// IR: [[SM]] = !{ !"cs", i32 6, i32 0 }
// CL: call void @"dx.op.bufferStore.i32"(i32 69, %"dx.types.Handle" {{.*}}, i32 0, i32 0, i32 2020,
// HV202X: static const uint Version = 2029;
// HV2021: static const uint Version = 2021;
