// Two operands of unscoped enum type combine to the left one's enum type,
// as DXC types them: `Attr a = A_Color | A_Normal;`, `a |= A_Tangent;`, an
// OR of enumerators passed as the enum (NVIDIA RTXDI's SceneGeometry), a
// static constant of them.  An int still does not become an enum
// implicitly, nor does a scoped enum combine.
// RUN: %hlslc run %s --pipeline %S/enum-operands-keep-enum-type.yaml | FileCheck %s
// CHECK: Values: pass
// RUN: not %hlslc -T cs_6_0 -DBAD %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: cannot initialize a variable of type 'Attr' with a value of type 'int'
// BAD: error: invalid operands to binary expression ('Scoped' and 'Scoped')

enum Attr { A_Color = 0x01, A_Normal = 0x04, A_Tangent = 0x08 };
enum Other { O_Two = 2 };
enum class Scoped { S1 = 1, S2 = 2 };
static const Attr Both = A_Color | A_Normal;

RWStructuredBuffer<uint> Out : register(u0);

uint use(uint x, Attr attributes) { return (attributes & A_Normal) ? x : 0; }

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Attr a = A_Color | A_Normal;
  a |= A_Tangent;
  Attr mixed = A_Color | O_Two;
  Out[0] = use(7, A_Color | A_Normal) + use(1, a) + use(100, A_Color);
  Out[1] = (uint)a;
  Out[2] = (uint)Both + (uint)mixed * 10;
  Out[3] = A_Tangent >> A_Color;
#ifdef BAD
  Attr wrong = A_Color | 2;
  Scoped s = Scoped::S1 | Scoped::S2;
#endif
}
