// Regression: 500 nested blocks in an exported library function crashed
// code generation (RecursionError).  Every recursive stage now has a bound
// with a located error: brackets nest at most 256 deep (-fbracket-depth, as
// in clang), and sema and code generation name the function nested too
// deeply when nesting without brackets exhausts their recursion limit.  Legal
// deep nesting compiles, and the validator's control dependence stays fast
// on it (it was cubic in nested 'if's).
//
// RUN: %python %S/Inputs/nest.py blocks 500 > %t.blocks.hlsl
// RUN: not %hlslc -T lib_6_8 %t.blocks.hlsl 2>&1 | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: blocks.hlsl:3:256: error: bracket nesting level exceeded maximum of 256
// BLOCKS: note: use -fbracket-depth=N to increase maximum nesting level
// BLOCKS: 1 error generated.
//
// RUN: %hlslc -T lib_6_8 -fbracket-depth=600 %t.blocks.hlsl | FileCheck %s --check-prefix=DEEP-BLOCKS
// DEEP-BLOCKS: define void @"f"(i32
// DEEP-BLOCKS: call void @"dx.op.rawBufferStore.i32"(i32 140,
//
// RUN: %python %S/Inputs/nest.py parens 300 > %t.parens.hlsl
// RUN: not %hlslc -T cs_6_8 %t.parens.hlsl 2>&1 | FileCheck %s --check-prefix=PARENS
// PARENS: parens.hlsl:4:{{[0-9]+}}: error: bracket nesting level exceeded maximum of 256
//
// RUN: %python %S/Inputs/nest.py ifs 1500 > %t.ifs.hlsl
// RUN: %hlslc -T cs_6_8 %t.ifs.hlsl | FileCheck %s --check-prefix=IFS
// Control statements nest at most 2048 deep (-fstatement-depth): past the
// limit, one error at the statement's keyword.
// RUN: not %hlslc -T cs_6_8 -fstatement-depth=1000 %t.ifs.hlsl 2>&1 | FileCheck %s --check-prefix=IFS-LIMIT
// IFS-LIMIT: ifs.hlsl:5:{{[0-9]+}}: error: statements nested more than 1000 deep (each if, else if, for, while, do and switch is a level)
// IFS-LIMIT: note: use -fstatement-depth=N to increase the limit
// IFS-LIMIT: 1 error generated.
// IFS: define void @"main"()
// IFS: call void @"dx.op.rawBufferStore.i32"(i32 140,
//
// RUN: %python %S/Inputs/nest.py sum 60000 > %t.sum.hlsl
// RUN: not %hlslc -T cs_6_8 %t.sum.hlsl 2>&1 | FileCheck %s --check-prefix=SUM
// SUM: sum.hlsl:3:6: error: 'main' is nested too deeply to analyze (expressions, statements or template instantiations)
//
// RUN: not %hlslc -T cs_6_8 -fbracket-depth=0 %s 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: invalid value '0' for '-fbracket-depth'; expected a number from 1 to 4096
// RUN: not %hlslc -T cs_6_8 -fstatement-depth=0 %s 2>&1 | FileCheck %s --check-prefix=STATEMENT-OPTION
// STATEMENT-OPTION: invalid value '0' for '-fstatement-depth'; expected a number from 1 to 100000

[numthreads(1, 1, 1)]
void main() {}
