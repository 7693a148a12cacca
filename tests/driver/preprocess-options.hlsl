// -P prints the preprocessed source (to stdout, or to the -o file); -D, -U
// and -I reach the preprocessor, in both their separate and joined forms.
// RUN: %hlslc -P %s | FileCheck %s --check-prefix=PLAIN
// RUN: %hlslc -P -D WIDTH=8 -DFLAG -DEMPTY= %s | FileCheck %s --check-prefix=DEFINED
// RUN: %hlslc -P -DWIDTH=8 -U WIDTH -DFLAG -UFLAG %s | FileCheck %s --check-prefix=PLAIN
// RUN: %hlslc -P -DUSE_INCLUDE -I %S/Inputs %s | FileCheck %s --check-prefix=INCLUDE
// RUN: %hlslc -P -DUSE_INCLUDE -I%S/Inputs %s | FileCheck %s --check-prefix=INCLUDE
// RUN: %hlslc -P -DUSE_INCLUDE -I Inputs %s | FileCheck %s --check-prefix=INCLUDE
// RUN: %hlslc -P %s -o %t && FileCheck %s --check-prefix=PLAIN --input-file=%t
// RUN: %hlslc -P %s -o %t | FileCheck %s --check-prefix=NOTHING --allow-empty

#ifdef WIDTH
width WIDTH
#else
no_width
#endif
#ifdef FLAG
flag FLAG
#endif
#ifdef EMPTY
empty [EMPTY]
#endif
#ifdef USE_INCLUDE
#include "driver-include.h"
from_include FROM_INCLUDE
#endif
last_line

// PLAIN: {{^}}no_width
// PLAIN-NOT: flag
// PLAIN: {{^}}last_line

// DEFINED: {{^}}width 8
// DEFINED: {{^}}flag 1
// DEFINED: {{^}}empty [{{ ?}}]
// DEFINED: {{^}}last_line

// INCLUDE: {{^}}from_include included_value
// INCLUDE: {{^}}last_line

// NOTHING-NOT: {{.}}
