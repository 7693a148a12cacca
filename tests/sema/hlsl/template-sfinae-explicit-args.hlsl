// A user enable_if (no dx::linalg involved): an explicit template argument
// that violates the condition removes the only candidate, and the note names
// the condition and the argument; a deduced one fails the same way.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

template <bool B, typename T> struct enable_if {};
template <typename T> struct enable_if<true, T> { using type = T; };

template <typename T> struct is_float { static const bool value = false; };
template <> struct is_float<float> { static const bool value = true; };

template <typename T>
typename enable_if<is_float<T>::value, T>::type twice(T x) { return x * 2; } // expected-note 2 {{candidate template ignored: requirement 'is_float<T>::value' was not satisfied [with T = int]}}

void f() {
  twice<int>(1); // expected-error {{no matching function for call to 'twice'}}
  twice(1); // expected-error {{no matching function for call to 'twice'}}
  float ok = twice<float>(1.5f);
  float deduced = twice(1.5f);
}
