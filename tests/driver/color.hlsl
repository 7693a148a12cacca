// Colour: -fcolor-diagnostics forces it (through rich), -fno-color-diagnostics
// and a non-terminal stderr turn it off.
// RUN: not %hlslc -fsyntax-only -fcolor-diagnostics %s 2>&1 | FileCheck %s --check-prefix=COLOR
// RUN: not %hlslc -fsyntax-only -fno-color-diagnostics %s 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not %hlslc -fsyntax-only -fcolor-diagnostics -fno-color-diagnostics %s 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not %hlslc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=PLAIN

#error colourful
// PLAIN-NOT: {{\x1b}}
// PLAIN: color.hlsl:[[@LINE-2]]:{{[0-9]+}}: error: {{.*}}colourful

// COLOR: {{\x1b\[[0-9;]*m}}error: {{.*}}colourful
// COLOR: 1 error generated.

// PLAIN-NOT: {{\x1b}}

// The default profile is cs_6_10, whose entry point is main.
[numthreads(1, 1, 1)]
void main() {}
