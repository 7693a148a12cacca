// A warning alone: printed with the summary line, exit status 0.  -Werror
// turns it into an error (exit 1); -w drops it (and -w wins over -Werror).
// RUN: %hlslc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not %hlslc -fsyntax-only -Werror %s 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: %hlslc -fsyntax-only -w %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %hlslc -fsyntax-only -w -Werror %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %hlslc -fno-color-diagnostics -P %s 2>&1 | FileCheck %s --check-prefix=P-WARN

#define LIMIT 1
#define LIMIT 2
// WARN: warnings.hlsl:[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}redefined
// WARN-NEXT: {{^}}#define LIMIT 2
// WERROR: warnings.hlsl:[[@LINE-3]]:{{[0-9]+}}: error: {{.*}}redefined{{.*}} [-Werror]

static const int limit = LIMIT;

// WARN: {{^}}1 warning generated.
// WARN-NOT: error
// WERROR: {{^}}1 error generated.
// QUIET-NOT: {{.}}

// P-WARN: warning: {{.*}}redefined
// P-WARN: {{^}}1 warning generated.
// P-WARN: static const int limit = 2{{ ?}};

// The default profile is cs_6_10, whose entry point is main.
[numthreads(1, 1, 1)]
void main() {}
