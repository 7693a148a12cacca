// An unscoped enumeration's value is an int to the unary operators `!`,
// `~`, `-` and `+`, and an array or struct of enumerations takes a brace
// list of enumerators, as in DXC (HLSL 2017 and later).  A scoped one
// (`enum class`) converts only by a cast; neither kind steps with `++`/`--`,
// and no bool does.
// RUN: %hlslc run %s --pipeline %S/enum-unary-and-lists.yaml | FileCheck %s
// CHECK: Out: pass
// RUN: %hlslc -T cs_6_0 -fsyntax-only -DBAD -verify %s

enum Stage { Idle, Load, Compute, Store };
enum class Mode { Fast, Exact };
struct Step { Stage stage; int count; };

[[vk::binding(0)]] RWStructuredBuffer<int> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Stage order[4] = { Store, Load, Compute, Idle };
  Step step = { Compute, 5 };
  int mask[2] = { Load, Store };
  Stage idle = Idle;
  Out[0] = !idle;                 // 1
  Out[1] = !order[1];             // 0
  Out[2] = ~order[0];             // ~3 = -4
  Out[3] = -step.stage;           // -2
  Out[4] = +order[2] + step.count + mask[1];   // 2 + 5 + 3
  Out[5] = order[3] == Idle ? 7 : 8;
#ifdef BAD
  Mode mode = Mode::Fast;
  Stage wrong[2] = { Load, 1 };   // expected-error {{cannot initialize an element of type 'Stage' with a value of type 'literal int'}}
  idle++;                         // expected-error {{cannot increment expression of enum type 'Stage'}}
  --idle;                         // expected-error {{cannot decrement expression of enum type 'Stage'}}
  int a = !mode;                  // expected-error {{numeric type expected}}
  int b = ~mode;                  // expected-error {{int or unsigned int type required}}
  mode++;                         // expected-error {{numeric type expected}}
  bool flag = true;
  flag++;                         // expected-error {{operator cannot be used with a bool lvalue}}
  --flag;                         // expected-error {{operator cannot be used with a bool lvalue}}
#endif
}
