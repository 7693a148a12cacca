// -verify: every expected diagnostic seen, nothing else: exit 0, and the
// diagnostics themselves are not printed.  Directives are read from the
// whole text of every file read, so RUN lines that expect different
// diagnostics use -verify=PREFIXES.
// RUN: %hlslc -verify %s 2>&1 | FileCheck %s --allow-empty
// RUN: %hlslc -verify=expected,header -I %S/Inputs -DWITH_HEADER %s 2>&1 | FileCheck %s --allow-empty
// RUN: %hlslc -verify=werror -Werror -DWERROR %s 2>&1 | FileCheck %s --allow-empty

#define X 1 // expected-note {{previous definition}} werror-note {{previous definition}}
#define X 2 // expected-warning {{redefined}} werror-error {{redefined}}

// expected-error@+2 {{first}}
// werror-error@+1 {{first}}
#error first
#error second
// expected-error@-1 {{second}} werror-error@-1 {{second}}

// expected-error@20 {{third}}
// werror-error@20 {{third}}
#error third

#error fourth // expected-error {{fourth}} werror-error {{fourth}}
#error twice // expected-error 1 {{twice}}
#error twice // expected-error {{twice}} werror-error@-1 {{twice}} werror-error {{twice}}

#ifdef WITH_HEADER
#include "verify-header.h"
// header-warning@verify-header.h:3 {{redefined}}
#endif

// CHECK-NOT: {{.}}

// The default profile is cs_6_10, whose entry point is main.
[numthreads(1, 1, 1)]
void main() {}
