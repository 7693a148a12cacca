// A --target-device file that is not a profile is a command-line error
// (exit status 2) at its place in the file: JSON syntax, unknown keys and
// values, missing keys.  A name that is neither built in nor a file is an
// `hlslc: error:` with the built-in names.
// RUN: not %hlslc -fsyntax-only --target-device %S/Inputs/bad-json.json %s 2>&1 | FileCheck %s --check-prefix=JSON
// JSON: bad-json.json:2:81: error: invalid JSON: Expecting property name enclosed in double quotes (device profile for --target-device)
// JSON-NEXT: {"componentType": "f16", "resultComponentType": "f32", "M": 8, "N": 8, "K": 8,}
// JSON-NEXT: {{^ +\^$}}
// RUN: not %hlslc -fsyntax-only --target-device %S/Inputs/bad-component.json %s 2>&1 | FileCheck %s --check-prefix=COMPONENT
// COMPONENT: bad-component.json:3:13: error: unknown component type "VK_COMPONENT_TYPE_FLOAT17_KHR" for 'AType'; expected a Vulkan VkComponentTypeKHR name (VK_COMPONENT_TYPE_FLOAT16_KHR, ...) or one of f16, f32,
// RUN: not %hlslc -fsyntax-only --target-device %S/Inputs/bad-key.json %s 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: bad-key.json:2:17: error: unknown key 'Nsize' in a VkCooperativeMatrixPropertiesKHR object; did you mean 'NSize'?
// RUN: not %hlslc -fsyntax-only --target-device %S/Inputs/missing-key.json %s 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: missing-key.json:3:4: error: GPUSubgroupMatrixConfig object without 'K'
// RUN: not %hlslc -fsyntax-only --target-device %S/Inputs/bad-size.json %s 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: bad-size.json:1:25: error: 'NSize' must be a positive integer, not -16
// RUN: not %hlslc -fsyntax-only --target-device %S/Inputs/bad-scope.json %s 2>&1 | FileCheck %s --check-prefix=SCOPE
// SCOPE: bad-scope.json:1:120: error: unknown scope "VK_SCOPE_GALAXY_KHR" for 'scope'
// RUN: not %hlslc -fsyntax-only --target-device %S/Inputs/not-a-profile.json %s 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: not-a-profile.json:1:1: error: a device profile is a JSON list of configurations or an object
// RUN: not %hlslc -fsyntax-only --target-device %S/Inputs/no-such-file.json %s 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: hlslc: error: cannot read device profile '{{.*}}no-such-file.json': no such file or directory
// RUN: not %hlslc -fsyntax-only --target-device nvidia-a100 %s 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: hlslc: error: unknown device 'nvidia-a100'; did you mean 'nvidia-h100'? (built-in: nvidia-h100, apple-metal, webgpu-baseline)
// RUN: not %hlslc -fsyntax-only --target-device %s 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: hlslc: error: no input files
// RUN: not %hlslc -fsyntax-only %s --target-device 2>&1 | FileCheck %s --check-prefix=NOVALUE2
// NOVALUE2: hlslc: error: option '--target-device' requires a value
// RUN: not %hlslc -fsyntax-only --target-device %S/Inputs/bad-key.json %s -fdiagnostics-format=json 2>&1 | FileCheck %s --check-prefix=JSONDIAG
// JSONDIAG: {"file": "{{.*}}bad-key.json", "line": 2, "column": 17, {{.*}}"severity": "error"

[numthreads(1, 1, 1)]
void main() {}
