// A string literal subscripted is a character, as DXC reads it (the
// "shader printf" idiom of NVIDIA RTXPT and MJP's ShaderDebug: walking a
// format string `"%d\0"[i]` until its NUL): an int holding a signed char's
// value, compared, passed to a template, folded with a constant index; its
// final NUL is the last character; an index past it is an error.
// RUN: %hlslc run %s --pipeline %S/string-literal-subscript.yaml | FileCheck %s
// CHECK: Chars: pass
// RUN: not %hlslc -T cs_6_0 -DBAD %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: index 4 is out of bounds (size 4)

RWStructuredBuffer<int> Out : register(u0);

template <typename T> uint CharToUint(in T c) {
  if (c == "A"[0]) return 65;
  if (c == "B"[0]) return 66;
  return 0;
}

static const int Percent = "%d"[0];
static_assert("AB"[2] == 0, "the NUL ends the literal");

[numthreads(1, 1, 1)]
void main(uint tid : SV_GroupIndex) {
  uint n = 0;
  uint i = tid;
  for (; i < 8 && "AB\0"[i] != "\0"[0]; ++i)
    n += CharToUint("AB\0"[i]);
  Out[0] = n;                       // 65 + 66
  Out[1] = i;                       // stopped at the NUL: 2
  Out[2] = Percent + ("x\n"[tid + 1]);   // '%' + '\n'
  Out[3] = "\xff"[tid];             // a signed char: -1
#ifdef BAD
  Out[4] = "abc"[4];
#endif
}
