// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing_semicolon_struct.hlsl:7:20: error: expected ';' after declaration
// CHECK: {{.*}}missing_semicolon_struct.hlsl:9:2: error: expected ';' after struct
// A missing ';' after a struct member, and after the struct's closing brace.

struct Light {
    float3 position
    float radius;
}

float Radius(Light l) { return l.radius; }
