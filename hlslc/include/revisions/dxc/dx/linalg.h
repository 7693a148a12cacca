// dx/linalg.h -- `--linalg-revision=dxc`: the dx::linalg API of proposal
// 0035 as amended (hlsl-specs pull request 759) and as DXC ships it, at the
// DXC commit named in docs/dxc-linalg.md.  Where the proposal's text and
// DXC's header differ, this header follows DXC (the differences are listed
// in docs/dxc-linalg.md).  hlslc's own text: the names, values, template
// parameters, defaults and enable_if conditions are the API's, the rest is
// ours.
//
// Every operation is a small inline function whose body calls one of the
// `__builtin_LinAlg_*` built-ins (hlslc/sema/linalg_builtins.py); a matrix
// holds one `__builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(...)]]`
// handle, which lowers to a `%dx.types.LinAlgMatrixC<c>M<m>N<n>U<u>S<s>`
// value.  Template rules are enforced by hlslc's template engine as a C++
// compiler would: a false enable_if condition removes the overload.
//
// Like DXC's, the header declares nothing below shader model 6.10 or before
// HLSL 2021.

#include <enable_if>
#include <type_traits>

#if ((__SHADER_TARGET_MAJOR > 6) ||                                            \
     (__SHADER_TARGET_MAJOR == 6 && __SHADER_TARGET_MINOR >= 10)) &&           \
    (__HLSL_VERSION >= 2021)

#pragma dxc diagnostic push
#pragma dxc diagnostic ignored "-Whlsl-groupshared-202x"

namespace dxil {

// DXIL's component types; the values are the DXIL encoding.
enum class ComponentType : uint32_t {
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
  // Shader model 6.9.
  I8 = 19,
  U8 = 20,
  F8_E4M3FN = 21,
  F8_E5M2 = 22,
  // Shader model 6.10.
  BFloat16 = 23,
  LastEntry
};

} // namespace dxil

namespace dx {
namespace linalg {

// The enumerations are unscoped enums nested in structs: `ComponentType::F32`
// names a value and the values convert to integers.  Each has a short alias
// at namespace level (`ComponentEnum`, `MatrixUseEnum`, ...).

#define __HLSLC_COMPONENT(name) name = (uint)dxil::ComponentType::name

// The component types a matrix may have (DXIL's values).
struct ComponentType {
  enum ComponentEnum {
    __HLSLC_COMPONENT(I8),
    __HLSLC_COMPONENT(I16),
    __HLSLC_COMPONENT(I32),
    __HLSLC_COMPONENT(I64),
    __HLSLC_COMPONENT(U8),
    __HLSLC_COMPONENT(U16),
    __HLSLC_COMPONENT(U32),
    __HLSLC_COMPONENT(U64),
    __HLSLC_COMPONENT(F8_E4M3FN),
    __HLSLC_COMPONENT(F8_E5M2),
    __HLSLC_COMPONENT(F16),
    __HLSLC_COMPONENT(F32),
    __HLSLC_COMPONENT(F64),
    __HLSLC_COMPONENT(BFloat16),
  };
};
using ComponentEnum = ComponentType::ComponentEnum;

#undef __HLSLC_COMPONENT

// A matrix's role in a multiply: A is MxK, B is KxN, the accumulator MxN.
struct MatrixUse {
  enum MatrixUseEnum { A = 0, B = 1, Accumulator = 2 };
};
using MatrixUseEnum = MatrixUse::MatrixUseEnum;

// Which threads share one matrix.
struct MatrixScope {
  enum MatrixScopeEnum { Thread = 0, Wave = 1, ThreadGroup = 2 };
};
using MatrixScopeEnum = MatrixScope::MatrixScopeEnum;

// Memory layouts; the *Optimal ones are opaque and device-specific.
struct MatrixLayout {
  enum MatrixLayoutEnum {
    RowMajor = 0,
    ColMajor = 1,
    MulOptimal = 2,
    MulOptimalTranspose = 3,
    OuterProductOptimal = 4,
    OuterProductOptimalTranspose = 5,
  };
};
using MatrixLayoutEnum = MatrixLayout::MatrixLayoutEnum;

namespace __detail {

// The HLSL scalar holding a component type.  Types without a native scalar
// of their own (8-bit ones, bfloat16, and 16-bit ones without
// -enable-16bit-types) are packed into uints.
template <ComponentEnum CompTy> struct ComponentTypeTraits {
  using Type = uint;
  static const bool IsNativeScalar = false;
  static const uint ElementsPerScalar = 4;
};

template <> struct ComponentTypeTraits<ComponentType::BFloat16> {
  using Type = uint;
  static const bool IsNativeScalar = false;
  static const uint ElementsPerScalar = 2;
};

// The component type of an HLSL scalar type (0, DXIL's Invalid, for any
// other type).
template <typename T> struct TypeTraits {
  static const ComponentEnum CompType =
      (ComponentEnum)dxil::ComponentType::Invalid;
};

// One component type <-> one native scalar, both directions.
#define __HLSLC_NATIVE(component, scalar)                                      \
  template <> struct ComponentTypeTraits<component> {                          \
    using Type = scalar;                                                       \
    static const bool IsNativeScalar = true;                                   \
    static const uint ElementsPerScalar = 1;                                   \
  };                                                                           \
  template <> struct TypeTraits<scalar> {                                      \
    static const ComponentEnum CompType = component;                           \
  };

#if __HLSL_ENABLE_16_BIT
__HLSLC_NATIVE(ComponentType::I16, int16_t)
__HLSLC_NATIVE(ComponentType::U16, uint16_t)
__HLSLC_NATIVE(ComponentType::F16, float16_t)
#endif
__HLSLC_NATIVE(ComponentType::I32, int32_t)
__HLSLC_NATIVE(ComponentType::U32, uint32_t)
__HLSLC_NATIVE(ComponentType::F32, float)
__HLSLC_NATIVE(ComponentType::I64, int64_t)
__HLSLC_NATIVE(ComponentType::U64, uint64_t)
__HLSLC_NATIVE(ComponentType::F64, double)

#undef __HLSLC_NATIVE

// The length of a vector of DstTy holding SrcN scalars of SrcTy (rounded up).
template <ComponentEnum DstTy, ComponentEnum SrcTy, int SrcN> struct DstN {
  static const int Value =
      (SrcN * ComponentTypeTraits<SrcTy>::ElementsPerScalar +
       ComponentTypeTraits<DstTy>::ElementsPerScalar - 1) /
      ComponentTypeTraits<DstTy>::ElementsPerScalar;
};

// M and N, swapped when Transposed.
template <SIZE_TYPE MVal, SIZE_TYPE NVal, bool Transposed> struct DimMN {
  static const SIZE_TYPE M = MVal;
  static const SIZE_TYPE N = NVal;
};
template <SIZE_TYPE MVal, SIZE_TYPE NVal> struct DimMN<MVal, NVal, true> {
  static const SIZE_TYPE M = NVal;
  static const SIZE_TYPE N = MVal;
};

// How many scalars hold PackedComponentCount components of CompTy.
template <ComponentEnum CompTy, SIZE_TYPE PackedComponentCount>
struct ScalarCountFromPackedComponents {
  static const SIZE_TYPE ElementsPerScalar =
      ComponentTypeTraits<CompTy>::ElementsPerScalar;
  static const SIZE_TYPE Value =
      (PackedComponentCount + ElementsPerScalar - 1) / ElementsPerScalar;
};

} // namespace __detail

// ---- Vectors ----------------------------------------------------------------

// A vector of DimA ElementType components in a ByteAddressBuffer, at Offset:
// `VectorRef<ComponentType::F16, 8> Bias = {Buffer, 256};`.
template <ComponentEnum ElementType, uint DimA> struct VectorRef {
  ByteAddressBuffer Buf;
  uint Offset;
};

// A vector whose components are to be read as component type DT.
template <typename T, int N, ComponentEnum DT> struct InterpretedVector {
  vector<T, N> Data;
  static const ComponentEnum Interpretation = DT;
  static const SIZE_TYPE Size =
      __detail::ComponentTypeTraits<DT>::ElementsPerScalar * N;
};

template <ComponentEnum DT, typename T, int N>
InterpretedVector<T, N, DT> MakeInterpretedVector(vector<T, N> Vec) {
  InterpretedVector<T, N, DT> Interpreted = {Vec};
  return Interpreted;
}

// Converts the components of Vec, read as OriginTy, to DestTy.
template <ComponentEnum DestTy, ComponentEnum OriginTy, typename T, int N>
typename hlsl::enable_if<
    DestTy != OriginTy,
    InterpretedVector<typename __detail::ComponentTypeTraits<DestTy>::Type,
                      __detail::DstN<DestTy, OriginTy, N>::Value,
                      DestTy> >::type
Convert(vector<T, N> Vec) {
  vector<typename __detail::ComponentTypeTraits<DestTy>::Type,
         __detail::DstN<DestTy, OriginTy, N>::Value>
      Converted;
  __builtin_LinAlg_Convert(Converted, Vec, OriginTy, DestTy);
  return MakeInterpretedVector<DestTy>(Converted);
}

// The same type on both sides: nothing to convert.
template <ComponentEnum DestTy, ComponentEnum OriginTy, typename T, int N>
typename hlsl::enable_if<DestTy == OriginTy,
                         InterpretedVector<T, N, DestTy> >::type
Convert(vector<T, N> Vec) {
  return MakeInterpretedVector<DestTy>(Vec);
}

// ---- Matrices of Wave and ThreadGroup scope ---------------------------------

template <ComponentEnum ComponentTy, SIZE_TYPE M, SIZE_TYPE N,
          MatrixUseEnum Use, MatrixScopeEnum Scope>
class Matrix {
  using ElementType = typename __detail::ComponentTypeTraits<ComponentTy>::Type;
  static const uint ElementsPerScalar =
      __detail::ComponentTypeTraits<ComponentTy>::ElementsPerScalar;
  static const bool IsNativeScalar =
      __detail::ComponentTypeTraits<ComponentTy>::IsNativeScalar;

  using HandleT = __builtin_LinAlgMatrix
      [[__LinAlgMatrix_Attributes(ComponentTy, M, N, Use, Scope)]];
  HandleT __handle;

  // A copy with another component type, use, or transposed.
  template <ComponentEnum NewCompTy, MatrixUseEnum NewUse = Use,
            bool Transpose = false>
  [[nodiscard]] Matrix<NewCompTy, __detail::DimMN<M, N, Transpose>::M,
                       __detail::DimMN<M, N, Transpose>::N, NewUse, Scope>
  Cast() {
    Matrix<NewCompTy, __detail::DimMN<M, N, Transpose>::M,
           __detail::DimMN<M, N, Transpose>::N, NewUse, Scope>
        Copy;
    __builtin_LinAlg_CopyConvertMatrix(Copy.__handle, __handle, Transpose);
    return Copy;
  }

  // Every element Val.
  template <typename T>
  [[nodiscard]] static
      typename hlsl::enable_if<hlsl::is_arithmetic<T>::value, Matrix>::type
      Splat(T Val) {
    Matrix Filled;
    __builtin_LinAlg_FillMatrix(Filled.__handle, Val);
    return Filled;
  }

  // Loads from a raw buffer (offsets, strides and alignment in bytes).
  template <uint Align = 128>
  [[nodiscard]] static Matrix Load(ByteAddressBuffer Res, uint StartOffset,
                                   uint Stride, MatrixLayoutEnum Layout) {
    Matrix Loaded;
    __builtin_LinAlg_MatrixLoadFromDescriptor(Loaded.__handle, Res, StartOffset,
                                              Stride, Layout, Align);
    return Loaded;
  }

  template <uint Align = 128>
  [[nodiscard]] static Matrix Load(RWByteAddressBuffer Res, uint StartOffset,
                                   uint Stride, MatrixLayoutEnum Layout) {
    Matrix Loaded;
    __builtin_LinAlg_MatrixLoadFromDescriptor(Loaded.__handle, Res, StartOffset,
                                              Stride, Layout, Align);
    return Loaded;
  }

  // Loads from a groupshared array of the element type, or of packed 8-bit
  // values (scalars or vectors of them); indices count array elements.
  template <typename T, SIZE_TYPE Size>
  [[nodiscard]] static typename hlsl::enable_if<
      (hlsl::is_same<typename hlsl::strip_vector_type<T>::type,
                     ElementType>::value ||
       hlsl::is_same<typename hlsl::strip_vector_type<T>::type,
                     uint8_t4_packed>::value),
      Matrix>::type
  Load(groupshared T Arr[Size], uint StartIdx, uint Stride,
       MatrixLayoutEnum Layout) {
    Matrix Loaded;
    __builtin_LinAlg_MatrixLoadFromMemory(Loaded.__handle, Arr, StartIdx,
                                          Stride, Layout);
    return Loaded;
  }

  // ---- Element access (native scalar component types only) ----------------

  // How many elements the calling thread holds.
  template <ComponentEnum LocalComp = ComponentTy>
  typename hlsl::enable_if<LocalComp == ComponentTy && IsNativeScalar,
                           uint>::type
  Length() {
    return __builtin_LinAlg_MatrixLength(__handle);
  }

  // The row and column of the thread's Index-th element.
  template <ComponentEnum LocalComp = ComponentTy>
  typename hlsl::enable_if<LocalComp == ComponentTy && IsNativeScalar,
                           uint2>::type
  GetCoordinate(uint Index) {
    return __builtin_LinAlg_MatrixGetCoordinate(__handle, Index);
  }

  template <ComponentEnum LocalComp = ComponentTy>
  typename hlsl::enable_if<LocalComp == ComponentTy && IsNativeScalar,
                           ElementType>::type
  Get(uint Index) {
    ElementType Element;
    __builtin_LinAlg_MatrixGetElement(Element, __handle, Index);
    return Element;
  }

  template <ComponentEnum LocalComp = ComponentTy>
  typename hlsl::enable_if<LocalComp == ComponentTy && IsNativeScalar,
                           void>::type
  Set(uint Index, ElementType Value) {
    __builtin_LinAlg_MatrixSetElement(__handle, __handle, Index, Value);
  }

  // ---- Stores -------------------------------------------------------------

  template <uint Align = 128>
  void Store(RWByteAddressBuffer Res, uint StartOffset, uint Stride,
             MatrixLayoutEnum Layout) {
    __builtin_LinAlg_MatrixStoreToDescriptor(__handle, Res, StartOffset, Stride,
                                             Layout, Align);
  }

  template <typename T, SIZE_TYPE Size>
  typename hlsl::enable_if<
      (hlsl::is_same<typename hlsl::strip_vector_type<T>::type,
                     ElementType>::value ||
       hlsl::is_same<typename hlsl::strip_vector_type<T>::type,
                     uint8_t4_packed>::value),
      void>::type
  Store(groupshared T Arr[Size], uint StartIdx, uint Stride,
        MatrixLayoutEnum Layout) {
    __builtin_LinAlg_MatrixStoreToMemory(__handle, Arr, StartIdx, Stride,
                                         Layout);
  }

  // ---- Accumulators -------------------------------------------------------

  // memory += this, atomically, in a RWByteAddressBuffer.
  template <uint Align = 128, MatrixUseEnum UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::Accumulator && UseLocal == Use,
                           void>::type
  InterlockedAccumulate(RWByteAddressBuffer Res, uint StartOffset, uint Stride,
                        MatrixLayoutEnum Layout) {
    __builtin_LinAlg_MatrixAccumulateToDescriptor(__handle, Res, StartOffset,
                                                  Stride, Layout, Align);
  }

  // memory += this in a groupshared array of arithmetic scalars or vectors
  // (Wave scope); the memory holds this matrix's component type.
  template <typename T, MatrixUseEnum UseLocal = Use,
            MatrixScopeEnum ScopeLocal = Scope, SIZE_TYPE Size>
  typename hlsl::enable_if<
      hlsl::is_arithmetic_vector<T>::value && Use == MatrixUse::Accumulator &&
          UseLocal == Use && Scope == MatrixScope::Wave && ScopeLocal == Scope,
      void>::type
  InterlockedAccumulate(groupshared T Arr[Size], uint StartIdx, uint Stride,
                        MatrixLayoutEnum Layout) {
    __builtin_LinAlg_MatrixAccumulateToMemory(__handle, Arr, ComponentTy,
                                              StartIdx, Stride, Layout);
  }

  // The same into packed 8-bit memory, holding TargetCompTy.
  template <ComponentEnum TargetCompTy = ComponentTy, typename T,
            MatrixUseEnum UseLocal = Use, MatrixScopeEnum ScopeLocal = Scope,
            SIZE_TYPE Size>
  typename hlsl::enable_if<
      hlsl::is_same<typename hlsl::strip_vector_type<T>::type,
                    uint8_t4_packed>::value &&
          Use == MatrixUse::Accumulator && UseLocal == Use &&
          Scope == MatrixScope::Wave && ScopeLocal == Scope,
      void>::type
  InterlockedAccumulate(groupshared T Arr[Size], uint StartIdx, uint Stride,
                        MatrixLayoutEnum Layout) {
    __builtin_LinAlg_MatrixAccumulateToMemory(__handle, Arr, TargetCompTy,
                                              StartIdx, Stride, Layout);
  }

  // this += an A or B matrix of the same shape and scope.
  template <ComponentEnum CompTy, MatrixUseEnum UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::Accumulator && UseLocal == Use,
                           void>::type
  Accumulate(const Matrix<CompTy, M, N, MatrixUse::A, Scope> MatrixA) {
    __builtin_LinAlg_MatrixAccumulate(__handle, __handle, MatrixA.__handle);
  }

  template <ComponentEnum CompTy, MatrixUseEnum UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::Accumulator && UseLocal == Use,
                           void>::type
  Accumulate(const Matrix<CompTy, M, N, MatrixUse::B, Scope> MatrixB) {
    __builtin_LinAlg_MatrixAccumulate(__handle, __handle, MatrixB.__handle);
  }

  // this += A * B.
  template <ComponentEnum LHSTy, ComponentEnum RHSTy, SIZE_TYPE K,
            MatrixUseEnum UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::Accumulator && UseLocal == Use,
                           void>::type
  MultiplyAccumulate(const Matrix<LHSTy, M, K, MatrixUse::A, Scope> MatrixA,
                     const Matrix<RHSTy, K, N, MatrixUse::B, Scope> MatrixB) {
    __builtin_LinAlg_MatrixMatrixMultiplyAccumulate(__handle, MatrixA.__handle,
                                                    MatrixB.__handle, __handle);
  }
};

// ---- Matrices of Thread scope -----------------------------------------------
// Read-only: an A matrix loaded from a ByteAddressBuffer (its layout a
// template argument), or an accumulator made by OuterProduct and added into
// a RWByteAddressBuffer.

template <ComponentEnum ComponentTy, SIZE_TYPE M, SIZE_TYPE N,
          MatrixUseEnum Use>
class Matrix<ComponentTy, M, N, Use, MatrixScope::Thread> {
  using ElementType = typename __detail::ComponentTypeTraits<ComponentTy>::Type;

  using HandleT = __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(
      ComponentTy, M, N, Use, MatrixScope::Thread)]];
  HandleT __handle;

  template <MatrixLayoutEnum Layout, uint Align = 128,
            MatrixUseEnum UseLocal = Use>
  [[nodiscard]] static
      typename hlsl::enable_if<Use == MatrixUse::A && UseLocal == Use,
                               Matrix>::type
      Load(ByteAddressBuffer Res, uint StartOffset, uint Stride) {
    Matrix Loaded;
    __builtin_LinAlg_MatrixLoadFromDescriptor(Loaded.__handle, Res, StartOffset,
                                              Stride, Layout, Align);
    return Loaded;
  }

  template <uint Align = 128, MatrixUseEnum UseLocal = Use>
  typename hlsl::enable_if<Use == MatrixUse::Accumulator && UseLocal == Use,
                           void>::type
  InterlockedAccumulate(RWByteAddressBuffer Res, uint StartOffset) {
    __builtin_LinAlg_MatrixAccumulateToDescriptor(
        __handle, Res, StartOffset, 0, MatrixLayout::OuterProductOptimal,
        Align);
  }
};

// Which use the device's accumulator layout matches.
inline MatrixUseEnum AccumulatorLayout() {
  return (MatrixUseEnum)(__builtin_LinAlg_MatrixQueryAccumulatorLayout());
}

// ---- Matrix x matrix --------------------------------------------------------
// Per scope, one form with the result's component type explicit
// (`Multiply<ComponentType::F32>(A, B)`) and one where A, B and the result
// share theirs.

template <ComponentEnum OutTy, ComponentEnum ATy, ComponentEnum BTy,
          SIZE_TYPE M, SIZE_TYPE N, SIZE_TYPE K>
[[nodiscard]] Matrix<OutTy, M, N, MatrixUse::Accumulator, MatrixScope::Wave>
Multiply(const Matrix<ATy, M, K, MatrixUse::A, MatrixScope::Wave> MatrixA,
         const Matrix<BTy, K, N, MatrixUse::B, MatrixScope::Wave> MatrixB) {
  Matrix<OutTy, M, N, MatrixUse::Accumulator, MatrixScope::Wave> Product;
  __builtin_LinAlg_MatrixMatrixMultiply(Product.__handle, MatrixA.__handle,
                                        MatrixB.__handle);
  return Product;
}

template <ComponentEnum CompTy, SIZE_TYPE M, SIZE_TYPE N, SIZE_TYPE K>
[[nodiscard]] Matrix<CompTy, M, N, MatrixUse::Accumulator, MatrixScope::Wave>
Multiply(const Matrix<CompTy, M, K, MatrixUse::A, MatrixScope::Wave> MatrixA,
         const Matrix<CompTy, K, N, MatrixUse::B, MatrixScope::Wave> MatrixB) {
  Matrix<CompTy, M, N, MatrixUse::Accumulator, MatrixScope::Wave> Product;
  __builtin_LinAlg_MatrixMatrixMultiply(Product.__handle, MatrixA.__handle,
                                        MatrixB.__handle);
  return Product;
}

template <ComponentEnum OutTy, ComponentEnum ATy, ComponentEnum BTy,
          SIZE_TYPE M, SIZE_TYPE N, SIZE_TYPE K>
[[nodiscard]] Matrix<OutTy, M, N, MatrixUse::Accumulator,
                     MatrixScope::ThreadGroup>
Multiply(
    const Matrix<ATy, M, K, MatrixUse::A, MatrixScope::ThreadGroup> MatrixA,
    const Matrix<BTy, K, N, MatrixUse::B, MatrixScope::ThreadGroup> MatrixB) {
  Matrix<OutTy, M, N, MatrixUse::Accumulator, MatrixScope::ThreadGroup> Product;
  __builtin_LinAlg_MatrixMatrixMultiply(Product.__handle, MatrixA.__handle,
                                        MatrixB.__handle);
  return Product;
}

template <ComponentEnum CompTy, SIZE_TYPE M, SIZE_TYPE N, SIZE_TYPE K>
[[nodiscard]] Matrix<CompTy, M, N, MatrixUse::Accumulator,
                     MatrixScope::ThreadGroup>
Multiply(
    const Matrix<CompTy, M, K, MatrixUse::A, MatrixScope::ThreadGroup> MatrixA,
    const Matrix<CompTy, K, N, MatrixUse::B, MatrixScope::ThreadGroup>
        MatrixB) {
  Matrix<CompTy, M, N, MatrixUse::Accumulator, MatrixScope::ThreadGroup> Product;
  __builtin_LinAlg_MatrixMatrixMultiply(Product.__handle, MatrixA.__handle,
                                        MatrixB.__handle);
  return Product;
}

// ---- Thread-scope matrix x vector -------------------------------------------
// An MxK Thread-scope A matrix times a K-vector: an M-vector of OutputElTy,
// named first (`Multiply<float>(A, v)`).  A plain vector is read as the
// matrix's component type; an InterpretedVector as its Interpretation.

template <typename OutputElTy, typename InputElTy, SIZE_TYPE M, SIZE_TYPE K,
          ComponentEnum MatrixDT>
typename hlsl::enable_if<hlsl::is_arithmetic<InputElTy>::value,
                         vector<OutputElTy, M> >::type
Multiply(Matrix<MatrixDT, M, K, MatrixUse::A, MatrixScope::Thread> MatrixA,
         vector<InputElTy, K> Vec) {
  vector<OutputElTy, M> Product;
  __builtin_LinAlg_MatrixVectorMultiply(Product, MatrixA.__handle,
                                        hlsl::is_signed<OutputElTy>::value, Vec,
                                        MatrixDT);
  return Product;
}

template <typename OutputElTy, typename InputElTy, ComponentEnum InputInterp,
          SIZE_TYPE M, SIZE_TYPE K, SIZE_TYPE VecK, ComponentEnum MatrixDT>
typename hlsl::enable_if<
    InterpretedVector<InputElTy, VecK, InputInterp>::Size == K,
    vector<OutputElTy, M> >::type
Multiply(Matrix<MatrixDT, M, K, MatrixUse::A, MatrixScope::Thread> MatrixA,
         InterpretedVector<InputElTy, VecK, InputInterp> InterpVec) {
  vector<OutputElTy, M> Product;
  __builtin_LinAlg_MatrixVectorMultiply(
      Product, MatrixA.__handle, hlsl::is_signed<OutputElTy>::value,
      InterpVec.Data, InterpVec.Interpretation);
  return Product;
}

// The same plus a bias: an M-vector (converted to OutputElTy's component
// type first), or a VectorRef to one in a ByteAddressBuffer.

template <typename OutputElTy, typename InputElTy, typename BiasElTy,
          SIZE_TYPE M, SIZE_TYPE K, ComponentEnum MatrixDT>
typename hlsl::enable_if<hlsl::is_arithmetic<InputElTy>::value &&
                             hlsl::is_arithmetic<BiasElTy>::value,
                         vector<OutputElTy, M> >::type
MultiplyAdd(Matrix<MatrixDT, M, K, MatrixUse::A, MatrixScope::Thread> MatrixA,
            vector<InputElTy, K> Vec, vector<BiasElTy, M> Bias) {
  InterpretedVector<OutputElTy, M, __detail::TypeTraits<OutputElTy>::CompType>
      ConvertedBias = Convert<__detail::TypeTraits<OutputElTy>::CompType,
                              __detail::TypeTraits<BiasElTy>::CompType>(Bias);
  vector<OutputElTy, M> Product;
  __builtin_LinAlg_MatrixVectorMultiplyAdd(
      Product, MatrixA.__handle, hlsl::is_signed<OutputElTy>::value, Vec,
      __detail::TypeTraits<InputElTy>::CompType, ConvertedBias.Data);
  return Product;
}

template <typename OutputElTy, typename InputElTy, ComponentEnum InputInterp,
          typename BiasElTy, SIZE_TYPE M, SIZE_TYPE K, SIZE_TYPE VecK,
          ComponentEnum MatrixDT>
typename hlsl::enable_if<
    VecK == __detail::ScalarCountFromPackedComponents<InputInterp, K>::Value &&
        hlsl::is_arithmetic<BiasElTy>::value,
    vector<OutputElTy, M> >::type
MultiplyAdd(Matrix<MatrixDT, M, K, MatrixUse::A, MatrixScope::Thread> MatrixA,
            InterpretedVector<InputElTy, VecK, InputInterp> InterpVec,
            vector<BiasElTy, M> Bias) {
  InterpretedVector<OutputElTy, M, __detail::TypeTraits<OutputElTy>::CompType>
      ConvertedBias = Convert<__detail::TypeTraits<OutputElTy>::CompType,
                              __detail::TypeTraits<BiasElTy>::CompType>(Bias);
  vector<OutputElTy, M> Product;
  __builtin_LinAlg_MatrixVectorMultiplyAdd(
      Product, MatrixA.__handle, hlsl::is_signed<OutputElTy>::value,
      InterpVec.Data, InterpVec.Interpretation, ConvertedBias.Data);
  return Product;
}

// A VectorRef bias is loaded as packed scalars, converted (which may give a
// few components more than M: DXC issue 8418) and truncated to M.
template <typename OutputElTy, typename InputElTy, ComponentEnum BiasElTy,
          SIZE_TYPE M, SIZE_TYPE K, ComponentEnum MatrixDT>
typename hlsl::enable_if<hlsl::is_arithmetic<InputElTy>::value,
                         vector<OutputElTy, M> >::type
MultiplyAdd(Matrix<MatrixDT, M, K, MatrixUse::A, MatrixScope::Thread> MatrixA,
            vector<InputElTy, K> Vec, VectorRef<BiasElTy, M> BiasRef) {
  using PackedBiasTy =
      vector<typename __detail::ComponentTypeTraits<BiasElTy>::Type,
             __detail::ScalarCountFromPackedComponents<BiasElTy, M>::Value>;
  PackedBiasTy PackedBias = BiasRef.Buf.template Load<PackedBiasTy>(BiasRef.Offset);
  using PaddedBiasTy = InterpretedVector<
      OutputElTy,
      __detail::DstN<__detail::TypeTraits<OutputElTy>::CompType, BiasElTy,
                     __detail::ScalarCountFromPackedComponents<
                         BiasElTy, M>::Value>::Value,
      __detail::TypeTraits<OutputElTy>::CompType>;
  PaddedBiasTy PaddedBias =
      Convert<__detail::TypeTraits<OutputElTy>::CompType, BiasElTy>(PackedBias);
  vector<OutputElTy, M> Bias = (vector<OutputElTy, M>)PaddedBias.Data;
  vector<OutputElTy, M> Product;
  __builtin_LinAlg_MatrixVectorMultiplyAdd(
      Product, MatrixA.__handle, hlsl::is_signed<OutputElTy>::value, Vec,
      __detail::TypeTraits<InputElTy>::CompType, Bias);
  return Product;
}

template <typename OutputElTy, typename InputElTy, ComponentEnum InputInterp,
          ComponentEnum BiasElTy, SIZE_TYPE M, SIZE_TYPE K, SIZE_TYPE VecK,
          ComponentEnum MatrixDT>
typename hlsl::enable_if<
    VecK == __detail::ScalarCountFromPackedComponents<InputInterp, K>::Value,
    vector<OutputElTy, M> >::type
MultiplyAdd(Matrix<MatrixDT, M, K, MatrixUse::A, MatrixScope::Thread> MatrixA,
            InterpretedVector<InputElTy, VecK, InputInterp> InterpVec,
            VectorRef<BiasElTy, M> BiasRef) {
  using PackedBiasTy =
      vector<typename __detail::ComponentTypeTraits<BiasElTy>::Type,
             __detail::ScalarCountFromPackedComponents<BiasElTy, M>::Value>;
  PackedBiasTy PackedBias = BiasRef.Buf.template Load<PackedBiasTy>(BiasRef.Offset);
  using PaddedBiasTy = InterpretedVector<
      OutputElTy,
      __detail::DstN<__detail::TypeTraits<OutputElTy>::CompType, BiasElTy,
                     __detail::ScalarCountFromPackedComponents<
                         BiasElTy, M>::Value>::Value,
      __detail::TypeTraits<OutputElTy>::CompType>;
  PaddedBiasTy PaddedBias =
      Convert<__detail::TypeTraits<OutputElTy>::CompType, BiasElTy>(PackedBias);
  vector<OutputElTy, M> Bias = (vector<OutputElTy, M>)PaddedBias.Data;
  vector<OutputElTy, M> Product;
  __builtin_LinAlg_MatrixVectorMultiplyAdd(
      Product, MatrixA.__handle, hlsl::is_signed<OutputElTy>::value,
      InterpVec.Data, InterpVec.Interpretation, Bias);
  return Product;
}

// ---- Outer product and vector accumulation ----------------------------------

// VecA (M) times VecB (N): a Thread-scope accumulator of component OutTy.
template <ComponentEnum OutTy, typename InputElTy, SIZE_TYPE M, SIZE_TYPE N>
[[nodiscard]] typename hlsl::enable_if<
    hlsl::is_arithmetic<InputElTy>::value,
    Matrix<OutTy, M, N, MatrixUse::Accumulator, MatrixScope::Thread> >::type
OuterProduct(vector<InputElTy, M> VecA, vector<InputElTy, N> VecB) {
  Matrix<OutTy, M, N, MatrixUse::Accumulator, MatrixScope::Thread> Outer;
  __builtin_LinAlg_MatrixOuterProduct(Outer.__handle, VecA, VecB);
  return Outer;
}

// memory += Vec, atomically, in a RWByteAddressBuffer at StartOffset.
template <uint Align = 64, typename InputElTy, SIZE_TYPE M>
typename hlsl::enable_if<hlsl::is_arithmetic<InputElTy>::value, void>::type
InterlockedAccumulate(RWByteAddressBuffer Res, uint StartOffset,
                      vector<InputElTy, M> Vec) {
  __builtin_LinAlg_VectorAccumulateToDescriptor(Res, StartOffset, Align, Vec);
}

} // namespace linalg
} // namespace dx

#pragma dxc diagnostic pop

#endif // shader model 6.10 and HLSL 2021
