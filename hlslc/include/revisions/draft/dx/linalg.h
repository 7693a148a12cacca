// dx/linalg.h (draft revision) -- the dx::linalg matrix API of the earlier "SM 6.x"
// draft of HLSL proposal 0035 (its Appendix 2).  hlslc uses it for
// `#include <dx/linalg.h>` when `--linalg-revision=draft` is given, so
// shaders written against the draft keep compiling.
//
// Differences from the SM 6.10 header (dx/linalg.h), all deliberate:
//   - no MatrixLayout: Load/Store take `bool ColMajor`;
//   - no Accumulate members and no free OuterProduct; an accumulator has the
//     member OuterProductAccumulate(vector, vector) instead;
//   - cast, the scalar operators, ApplyUnaryOperation, Splat, both buffer
//     Loads and the buffer Store have no scope condition, so Thread-scope
//     matrices may use them.
// The declarations follow the draft exactly; member functions have no bodies
// yet.
#pragma once

namespace hlsl {

template <typename T> struct is_arithmetic {
  static const bool value = false;
};

// One explicit specialisation per scalar type the matrix operations accept.
#define __ARITHMETIC_TYPE(type)                                                \
  template <> struct is_arithmetic<type> {                                     \
    static const bool value = true;                                            \
  };

// 16-bit integers exist only with -enable-16bit-types.
#if __HLSL_ENABLE_16_BIT
__ARITHMETIC_TYPE(uint16_t)
__ARITHMETIC_TYPE(int16_t)
#endif
__ARITHMETIC_TYPE(uint)
__ARITHMETIC_TYPE(int)
__ARITHMETIC_TYPE(uint64_t)
__ARITHMETIC_TYPE(int64_t)
__ARITHMETIC_TYPE(half)
__ARITHMETIC_TYPE(float)
__ARITHMETIC_TYPE(double)

// `type` exists only when B is true: naming it otherwise is a substitution
// failure, which is how the API hides members that do not apply.
template <bool B, typename T> struct enable_if {};

template <typename T> struct enable_if<true, T> {
  using type = T;
};

} // namespace hlsl

namespace dx {
namespace linalg {

// The values are the DXIL encoding; they must not be renumbered.
enum class MatrixComponentType {
  Invalid = 0,
  I1 = 1,
  I16 = 2,
  U16 = 3,
  I32 = 4,
  U32 = 5,
  I64 = 6,
  U64 = 7,
  F16 = 8,
  F32 = 9,
  F64 = 10,
  SNormF16 = 11,
  UNormF16 = 12,
  SNormF32 = 13,
  UNormF32 = 14,
  SNormF64 = 15,
  UNormF64 = 16,
  PackedS8x32 = 17,
  PackedU8x32 = 18,
};

namespace __detail {

// Maps a component type to the HLSL scalar that holds it; types without a
// scalar of their own are packed 4 per uint.
template <MatrixComponentType T> struct ComponentTypeTraits {
  using Type = uint;
  static const bool IsNativeScalar = false;
};

#define __MATRIX_SCALAR_COMPONENT_MAPPING(enum_val, type)                      \
  template <> struct ComponentTypeTraits<enum_val> {                           \
    using Type = type;                                                         \
    static const bool IsNativeScalar = true;                                   \
  };

#if __HLSL_ENABLE_16_BIT
__MATRIX_SCALAR_COMPONENT_MAPPING(MatrixComponentType::I16, int16_t)
__MATRIX_SCALAR_COMPONENT_MAPPING(MatrixComponentType::U16, uint16_t)
__MATRIX_SCALAR_COMPONENT_MAPPING(MatrixComponentType::F16, float16_t)
#endif

__MATRIX_SCALAR_COMPONENT_MAPPING(MatrixComponentType::I32, int32_t)
__MATRIX_SCALAR_COMPONENT_MAPPING(MatrixComponentType::U32, uint32_t)
__MATRIX_SCALAR_COMPONENT_MAPPING(MatrixComponentType::F32, float)
__MATRIX_SCALAR_COMPONENT_MAPPING(MatrixComponentType::I64, int64_t)
__MATRIX_SCALAR_COMPONENT_MAPPING(MatrixComponentType::U64, uint64_t)
__MATRIX_SCALAR_COMPONENT_MAPPING(MatrixComponentType::F64, double)

} // namespace __detail

enum class MatrixUse {
  A = 0,
  B = 1,
  Accumulator = 2,
};

enum class MatrixScope {
  Thread = 0,
  Wave = 1,
  ThreadGroup = 2,
};

enum class UnaryOperation {
  NOp = 0,
  Negate = 1,
  Abs = 2,
  Sin = 3,
  Cos = 4,
  Tan = 5,
};

// An opaque matrix; HLSL class members are public by default.  The
// `UseLocal = Use` parameters make a member's enable_if depend on its own
// template arguments, so a false condition drops the overload at the call.
template <MatrixComponentType ComponentTy, uint M, uint N, MatrixUse Use,
          MatrixScope Scope>
class Matrix {
  using ElementType = typename __detail::ComponentTypeTraits<ComponentTy>::Type;

  // Packed 8-bit component types hold 4 elements per scalar.
  static const uint ElementsPerScalar =
      __detail::ComponentTypeTraits<ComponentTy>::IsNativeScalar ? 1 : 4;
  // Rows and columns counted in stored scalars (rounded up when packed).
  static const uint MScalars =
      (M + (ElementsPerScalar - 1)) / ElementsPerScalar;
  static const uint NScalars =
      (N + (ElementsPerScalar - 1)) / ElementsPerScalar;

  template <MatrixComponentType NewCompTy, MatrixUse NewUse = Use>
  Matrix<NewCompTy, M, N, NewUse, Scope> cast();

  // ---- Element-wise arithmetic with a scalar --------------------------------

  template <typename T>
  typename hlsl::enable_if<hlsl::is_arithmetic<T>::value, Matrix>::type
  operator+=(T);

  template <typename T>
  typename hlsl::enable_if<hlsl::is_arithmetic<T>::value, Matrix>::type
  operator-=(T);

  template <typename T>
  typename hlsl::enable_if<hlsl::is_arithmetic<T>::value, Matrix>::type
  operator*=(T);

  template <typename T>
  typename hlsl::enable_if<hlsl::is_arithmetic<T>::value, Matrix>::type
  operator/=(T);

  template <UnaryOperation Op> Matrix ApplyUnaryOperation();

  template <typename T>
  static typename hlsl::enable_if<hlsl::is_arithmetic<T>::value, Matrix>::type
  Splat(T Val);

  // ---- Loads: bytes for buffers, array elements for groupshared -------------

  static Matrix Load(ByteAddressBuffer Res, uint StartOffset, uint Stride,
                     bool ColMajor, uint Align = sizeof(ElementType));

  static Matrix Load(RWByteAddressBuffer Res, uint StartOffset, uint Stride,
                     bool ColMajor, uint Align = sizeof(ElementType));

  // The array argument must be groupshared; HLSL cannot say so in the type.
  template <typename T>
  static typename hlsl::enable_if<hlsl::is_arithmetic<T>::value, Matrix>::type
  Load(/*groupshared*/ T Arr[], uint StartIdx, uint Stride, bool ColMajor);

  template <MatrixUse UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::A &&
                               Scope != MatrixScope::Thread && UseLocal == Use,
                           Matrix>::type
  FromThreadVectors(vector<ElementType, MScalars>);

  template <MatrixUse UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::B &&
                               Scope != MatrixScope::Thread && UseLocal == Use,
                           Matrix>::type
  FromThreadVectors(vector<ElementType, NScalars>);

  // ---- Stores -----------------------------------------------------------------

  void Store(RWByteAddressBuffer Res, uint StartOffset, uint Stride,
             bool ColMajor, uint Align = sizeof(ElementType));

  template <typename T>
  typename hlsl::enable_if<hlsl::is_arithmetic<T>::value, void>::type
  Store(/*groupshared*/ T Arr[], uint StartIdx, uint Stride, bool ColMajor);

  // ---- The calling thread's share of an A or B matrix -----------------------

  template <MatrixUse UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::A &&
                               Scope != MatrixScope::Thread && UseLocal == Use,
                           vector<ElementType, MScalars>>::type
  GetThreadVector(uint Index = 0);

  template <MatrixUse UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::B &&
                               Scope != MatrixScope::Thread && UseLocal == Use,
                           vector<ElementType, NScalars>>::type
  GetThreadVector(uint Index = 0);

  // ---- Accumulator updates from an MxK A and a KxN B of the same scope ------

  template <MatrixComponentType LHSTy, MatrixComponentType RHSTy, uint K,
            MatrixUse UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::Accumulator &&
                               Scope != MatrixScope::Thread && UseLocal == Use,
                           void>::type
  MultiplyAccumulate(const Matrix<LHSTy, M, K, MatrixUse::A, Scope>,
                     const Matrix<RHSTy, K, N, MatrixUse::B, Scope>);

  template <MatrixComponentType LHSTy, MatrixComponentType RHSTy, uint K,
            MatrixUse UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::Accumulator &&
                               Scope != MatrixScope::Thread && UseLocal == Use,
                           void>::type
  SumAccumulate(const Matrix<LHSTy, M, K, MatrixUse::A, Scope>,
                const Matrix<RHSTy, K, N, MatrixUse::B, Scope>);

  // this += outer product of an M vector and an N vector (the draft's
  // replacement for the cooperative-vector outer-product accumulate).  Any
  // scope, including Thread.
  template <typename T, MatrixUse UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::Accumulator && UseLocal == Use,
                           void>::type
  OuterProductAccumulate(const vector<T, M>, const vector<T, N>);
};

// Declared as returning a MatrixUse in the proposal.
MatrixUse AccumulatorLayout();

// ---- Matrix x matrix: a new MxN accumulator --------------------------------
// Per scope: one overload with an explicit result component type, one where
// A, B and the result share the component type.

template <MatrixComponentType OutTy, MatrixComponentType ATy,
          MatrixComponentType BTy, uint M, uint N, uint K>
Matrix<OutTy, M, N, MatrixUse::Accumulator, MatrixScope::Wave>
Multiply(const Matrix<ATy, M, K, MatrixUse::A, MatrixScope::Wave>,
         const Matrix<BTy, K, N, MatrixUse::B, MatrixScope::Wave>);

template <MatrixComponentType T, uint M, uint N, uint K>
Matrix<T, M, N, MatrixUse::Accumulator, MatrixScope::Wave>
Multiply(const Matrix<T, M, K, MatrixUse::A, MatrixScope::Wave>,
         const Matrix<T, K, N, MatrixUse::B, MatrixScope::Wave>);

template <MatrixComponentType OutTy, MatrixComponentType ATy,
          MatrixComponentType BTy, uint M, uint N, uint K>
Matrix<OutTy, M, N, MatrixUse::Accumulator, MatrixScope::ThreadGroup>
Multiply(const Matrix<ATy, M, K, MatrixUse::A, MatrixScope::ThreadGroup>,
         const Matrix<BTy, K, N, MatrixUse::B, MatrixScope::ThreadGroup>);

template <MatrixComponentType T, uint M, uint N, uint K>
Matrix<T, M, N, MatrixUse::Accumulator, MatrixScope::ThreadGroup>
Multiply(const Matrix<T, M, K, MatrixUse::A, MatrixScope::ThreadGroup>,
         const Matrix<T, K, N, MatrixUse::B, MatrixScope::ThreadGroup>);

// ---- Vector x matrix (what cooperative vectors used to do) -----------------
// The result element type comes first and must be named: Multiply<float>(v, m).

template <typename OutputElTy, typename InputElTy, uint M, uint K,
          MatrixComponentType MatrixDT, MatrixScope Scope>
vector<OutputElTy, K> Multiply(vector<InputElTy, M>,
                               Matrix<MatrixDT, M, K, MatrixUse::B, Scope>);

template <typename OutputElTy, typename InputElTy, typename BiasElTy, uint M,
          uint K, MatrixComponentType MatrixDT, MatrixScope Scope>
vector<OutputElTy, K> MultiplyAdd(vector<InputElTy, M>,
                                  Matrix<MatrixDT, M, K, MatrixUse::B, Scope>,
                                  vector<BiasElTy, K>);

} // namespace linalg
} // namespace dx
