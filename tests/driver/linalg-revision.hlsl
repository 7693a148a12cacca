// --linalg-revision picks which API `#include <dx/linalg.h>` gives: the SM
// 6.10 header by default, the draft ("SM 6.x") one on request.  Each has a
// declaration the other lacks: MatrixLayout (6.10), OuterProductAccumulate
// (draft).
// RUN: %hlslc -P %s | FileCheck %s --check-prefix=SM610
// RUN: %hlslc -P --linalg-revision=sm6.10 %s | FileCheck %s --check-prefix=SM610
// RUN: %hlslc -P --linalg-revision=draft %s | FileCheck %s --check-prefix=DRAFT
// RUN: not %hlslc --linalg-revision=sm7 %s 2>&1 | FileCheck %s --check-prefix=BAD

#include <dx/linalg.h>

// SM610: enum class MatrixLayout
// SM610-NOT: OuterProductAccumulate
// DRAFT-NOT: enum class MatrixLayout
// DRAFT: OuterProductAccumulate
// BAD: hlslc: error: {{.*}}sm7
