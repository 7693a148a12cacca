// `--version` prints the name and version on stdout and exits 0, in this
// process and as a real process.
// RUN: %hlslc --version | FileCheck %s
// RUN: %hlslc-subprocess --version | FileCheck %s
// RUN: %hlslc --version %s -T cs_6_8 | FileCheck %s

// CHECK: {{^}}hlslc {{[0-9]+\.[0-9]+\.[0-9]+$}}
