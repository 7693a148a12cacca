// hlslc run: textures in compute (mip 0): a Texture2D read with [] and
// Load, an RWTexture2D written and read back, and GetDimensions, with the
// pipeline's OutputProps giving the size.
// RUN: %hlslc run %s --pipeline %S/texture-load-store.yaml | FileCheck %s
// CHECK: Flipped: pass
// CHECK-NEXT: Sizes: pass

Texture2D<float> Tex : register(t0);
RWTexture2D<float> Img : register(u0);
RWStructuredBuffer<uint> Dims : register(u1);

[numthreads(4, 2, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float v = Tex[id.xy] + Tex.Load(int3(3 - id.x, id.y, 0));
  Img[uint2(3 - id.x, 1 - id.y)] = v;
  uint w, h;
  Img.GetDimensions(w, h);
  if (id.x == 0 && id.y == 0) {
    Dims[0] = w;
    Dims[1] = h;
  }
}
