// dx/linalg.h -- the dx::linalg matrix API of HLSL proposal 0035, revision
// for Shader Model 6.10 (Appendix 2 of the proposal).  Built into hlslc and
// found by `#include <dx/linalg.h>`; `--linalg-revision=draft` selects
// include/revisions/draft/dx/linalg.h instead.
//
// The declarations follow the proposal exactly: every template parameter,
// default and `enable_if` condition here is a rule of the API, enforced by
// hlslc's template engine the way a C++ compiler would (a failed condition
// removes the overload, so a misuse reads "no matching function").  Rules
// the header cannot express (layouts per scope, dimension limits, stride 0
// for opaque layouts) are checked separately by sema.
//
// Member functions have no bodies yet; they will forward to compiler
// builtins, one per DXIL operation.
#pragma once

namespace hlsl {

// Type traits the API's constraints are written with.  HLSL has no standard
// library, so the header brings the two pieces it needs.

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

// Maps a component type to the HLSL scalar that holds it.  Types with no
// HLSL scalar of their own (the packed 8-bit ones, the normalised ones, I1)
// live in a uint; `IsNativeScalar` tells the matrix to pack 4 per scalar.
template <MatrixComponentType T> struct ComponentTypeTraits {
  using Type = uint;
  static const bool IsNativeScalar = false;
};

#define __MATRIX_SCALAR_COMPONENT_MAPPING(enum_val, type)                      \
  template <> struct ComponentTypeTraits<enum_val> {                           \
    using Type = type;                                                         \
    static const bool IsNativeScalar = true;                                   \
  };

// Without 16-bit types these fall back to the primary template (uint).
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

// The operand role of a matrix in a multiply: A is MxK, B is KxN, the
// accumulator MxN.
enum class MatrixUse {
  A = 0,
  B = 1,
  Accumulator = 2,
};

// Which threads share one matrix.  Thread-scope matrices are per-thread
// (cooperative-vector style); most whole-matrix operations need Wave or
// ThreadGroup scope, which the enable_if conditions below spell out.
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

// Memory layout for Load/Store/Accumulate.  The two *Optimal layouts are
// device-specific and opaque: their stride must be 0.
enum class MatrixLayout {
  RowMajor = 0,
  ColMajor = 1,
  MulOptimal = 2,
  OuterProductOptimal = 3,
};

// An opaque matrix.  HLSL class members are public by default, so there is
// no access specifier (clang's HLSL mode agrees).
//
// Several members carry a template parameter that only defaults to a class
// parameter (`ScopeLocal = Scope`, `UseLocal = Use`): that makes their
// enable_if condition depend on the member's own template arguments, so a
// false condition is a substitution failure at the call (the overload is
// dropped) rather than an error when the class is instantiated.
template <MatrixComponentType ComponentTy, uint M, uint N, MatrixUse Use,
          MatrixScope Scope>
class Matrix {
  using ElementType = typename __detail::ComponentTypeTraits<ComponentTy>::Type;

  // Packed 8-bit component types hold 4 elements per scalar.
  static const uint ElementsPerScalar =
      __detail::ComponentTypeTraits<ComponentTy>::IsNativeScalar ? 1 : 4;
  // Rows and columns counted in stored scalars (rounded up when packed):
  // the lengths of the per-thread vectors of A and B matrices.
  static const uint MScalars =
      (M + (ElementsPerScalar - 1)) / ElementsPerScalar;
  static const uint NScalars =
      (N + (ElementsPerScalar - 1)) / ElementsPerScalar;

  // Converts the component type and, optionally, the use.
  template <MatrixComponentType NewCompTy, MatrixUse NewUse = Use>
  typename hlsl::enable_if<Scope != MatrixScope::Thread,
                           Matrix<NewCompTy, M, N, NewUse, Scope>>::type
  cast();

  // ---- Element-wise arithmetic with a scalar --------------------------------

  template <typename T>
  typename hlsl::enable_if<hlsl::is_arithmetic<T>::value &&
                               Scope != MatrixScope::Thread,
                           Matrix>::type
  operator+=(T);

  template <typename T>
  typename hlsl::enable_if<hlsl::is_arithmetic<T>::value &&
                               Scope != MatrixScope::Thread,
                           Matrix>::type
  operator-=(T);

  template <typename T>
  typename hlsl::enable_if<hlsl::is_arithmetic<T>::value &&
                               Scope != MatrixScope::Thread,
                           Matrix>::type
  operator*=(T);

  template <typename T>
  typename hlsl::enable_if<hlsl::is_arithmetic<T>::value &&
                               Scope != MatrixScope::Thread,
                           Matrix>::type
  operator/=(T);

  template <UnaryOperation Op, MatrixScope ScopeLocal = Scope>
  typename hlsl::enable_if<Scope != MatrixScope::Thread && ScopeLocal == Scope,
                           Matrix>::type
  ApplyUnaryOperation();

  // A matrix with every element set to Val.
  template <typename T>
  static typename hlsl::enable_if<hlsl::is_arithmetic<T>::value &&
                                      Scope != MatrixScope::Thread,
                                  Matrix>::type
  Splat(T Val);

  // ---- Loads ----------------------------------------------------------------
  // Offsets, strides and alignment are in bytes for buffers and in array
  // elements for groupshared arrays.

  // The only load a Thread-scope matrix has.
  static Matrix Load(ByteAddressBuffer Res, uint StartOffset, uint Stride,
                     MatrixLayout Layout, uint Align = sizeof(ElementType));

  template <MatrixScope ScopeLocal = Scope>
  static typename hlsl::enable_if<
      Scope != MatrixScope::Thread && ScopeLocal == Scope, Matrix>::type
  Load(RWByteAddressBuffer Res, uint StartOffset, uint Stride,
       MatrixLayout Layout, uint Align = sizeof(ElementType));

  // HLSL cannot spell "groupshared" in a parameter type; the array argument
  // must nevertheless be a groupshared array.
  template <typename T>
  static typename hlsl::enable_if<hlsl::is_arithmetic<T>::value &&
                                      Scope != MatrixScope::Thread,
                                  Matrix>::type
  Load(/*groupshared*/ T Arr[], uint StartIdx, uint Stride,
       MatrixLayout Layout);

  // Builds the matrix from one vector per thread: rows of an A matrix
  // (MScalars long), columns of a B matrix (NScalars long).
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

  // ---- Stores ---------------------------------------------------------------

  template <MatrixScope ScopeLocal = Scope>
  typename hlsl::enable_if<Scope != MatrixScope::Thread && ScopeLocal == Scope,
                           void>::type
  Store(RWByteAddressBuffer Res, uint StartOffset, uint Stride,
        MatrixLayout Layout, uint Align = sizeof(ElementType));

  template <typename T>
  typename hlsl::enable_if<
      hlsl::is_arithmetic<T>::value && Scope != MatrixScope::Thread, void>::type
  Store(/*groupshared*/ T Arr[], uint StartIdx, uint Stride,
        MatrixLayout Layout);

  // ---- Accumulate into memory (memory += this) ------------------------------

  // Also the way a Thread-scope accumulator (an outer product) reaches
  // memory, with MatrixLayout::OuterProductOptimal.
  template <MatrixScope ScopeLocal = Scope>
  typename hlsl::enable_if<Use == MatrixUse::Accumulator && ScopeLocal == Scope,
                           void>::type
  Accumulate(RWByteAddressBuffer Res, uint StartOffset, uint Stride,
             MatrixLayout Layout, uint Align = sizeof(ElementType));

  template <typename T, MatrixUse UseLocal = Use>
  typename hlsl::enable_if<hlsl::is_arithmetic<T>::value &&
                               Use == MatrixUse::Accumulator &&
                               Scope != MatrixScope::Thread && UseLocal == Use,
                           void>::type
  Accumulate(/*groupshared*/ T Arr[], uint StartIdx, uint Stride,
             MatrixLayout Layout);

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

  // this += A * B
  template <MatrixComponentType LHSTy, MatrixComponentType RHSTy, uint K,
            MatrixUse UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::Accumulator &&
                               Scope != MatrixScope::Thread && UseLocal == Use,
                           void>::type
  MultiplyAccumulate(const Matrix<LHSTy, M, K, MatrixUse::A, Scope>,
                     const Matrix<RHSTy, K, N, MatrixUse::B, Scope>);

  // Adds A and B into this.  The proposal gives it the MultiplyAccumulate
  // shape, so its meaning is only clear when M, N and K are equal.
  template <MatrixComponentType LHSTy, MatrixComponentType RHSTy, uint K,
            MatrixUse UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::Accumulator &&
                               Scope != MatrixScope::Thread && UseLocal == Use,
                           void>::type
  SumAccumulate(const Matrix<LHSTy, M, K, MatrixUse::A, Scope>,
                const Matrix<RHSTy, K, N, MatrixUse::B, Scope>);
};

// The proposal declares the result as a MatrixUse (which use the device's
// accumulator layout matches), not a MatrixLayout.
MatrixUse AccumulatorLayout();

// ---- Matrix x matrix: a new MxN accumulator --------------------------------
// One pair per scope that allows it: the first of each pair takes the result
// component type explicitly (Multiply<MatrixComponentType::F32>(a, b)), the
// second requires A, B and the result to share one component type.

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
// A per-thread row vector of length M times an MxK B matrix of any scope.
// The result element type cannot be deduced: name it first,
// Multiply<float>(v, m).

template <typename OutputElTy, typename InputElTy, uint M, uint K,
          MatrixComponentType MatrixDT, MatrixScope Scope>
vector<OutputElTy, K> Multiply(vector<InputElTy, M>,
                               Matrix<MatrixDT, M, K, MatrixUse::B, Scope>);

// The same plus a bias vector of length K.
template <typename OutputElTy, typename InputElTy, typename BiasElTy, uint M,
          uint K, MatrixComponentType MatrixDT, MatrixScope Scope>
vector<OutputElTy, K> MultiplyAdd(vector<InputElTy, M>,
                                  Matrix<MatrixDT, M, K, MatrixUse::B, Scope>,
                                  vector<BiasElTy, K>);

// ---- Outer product ----------------------------------------------------------
// Column vector (M) times row vector (N).  Both vectors share one element
// type; the result type and scope are explicit:
// OuterProduct<MatrixComponentType::F32, MatrixScope::Thread>(a, b).
template <MatrixComponentType OutTy, MatrixScope Scope, typename InputElTy,
          uint M, uint N>
Matrix<OutTy, M, N, MatrixUse::Accumulator, Scope>
OuterProduct(vector<InputElTy, M>, vector<InputElTy, N>);

} // namespace linalg
} // namespace dx
