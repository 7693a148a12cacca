// --confine-includes (CompileOptions.confine_includes): for services that
// compile source they do not trust, #include reads only files inside the -I
// folders and the built-in headers. An absolute path, a '..' out of the
// folders or the including file's own folder is "file not found", and the
// file is never opened, so its text cannot reach a diagnostic.
// RUN: not %hlslc -fsyntax-only --confine-includes -I %S/Inputs/confine/inc %s 2>&1 | FileCheck %s
// RUN: not %hlslc -fsyntax-only --confine-includes -I %S/Inputs/confine/inc -DESCAPE %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ESCAPE
// Without the option, the same includes are read.
// RUN: not %hlslc -fsyntax-only -I %S/Inputs/confine/inc %s 2>&1 | FileCheck %s --check-prefix=OPEN
// RUN: not %hlslc -fsyntax-only -I %S/Inputs/confine/inc -DESCAPE %s 2>&1 | FileCheck %s --check-prefix=OPEN

// CHECK: confine-includes.hlsl:[[@LINE+4]]:10: error: '/proc/self/environ' file not found
// CHECK-NEXT: #include "/proc/self/environ"
// CHECK: note: --confine-includes: only files inside the include folders (-I) may be included
#ifndef ESCAPE
#include "/proc/self/environ"
// The including file's folder is not an include folder; a file of an
// include folder reached from it is.
// CHECK: confine-includes.hlsl:[[@LINE+1]]:10: error: 'Inputs/driver-include.h' file not found
#include "Inputs/driver-include.h"
#include "Inputs/confine/inc/sub/ok.hlsli"
// CHECK: confine-includes.hlsl:[[@LINE+1]]:10: error: '../outside/secret.hlsli' file not found
#include "../outside/secret.hlsli"
// CHECK-NOT: must never appear
// CHECK: 3 errors generated.
#else
// Inside the folder: found; its own '..' include leads out and is refused.
#include "sub/ok.hlsli"
#include <sub\ok.hlsli>
#include "escape.hlsli"
// ESCAPE: escape.hlsli:1:10: error: '../outside/secret.hlsli' file not found
// ESCAPE-NOT: must never appear
// ESCAPE: 1 error generated.
#endif

// OPEN: error:
[numthreads(1, 1, 1)]
void main() {}
