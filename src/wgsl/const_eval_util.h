// Internal to the const_eval_*.cpp files: one builtin call being evaluated
// (#const-expr), the helpers its families share (component-wise mapping,
// conversion of the arguments, the spec's error rules for a result that is
// not representable), and binary16 conversions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "const_eval.h"

namespace bindery::wgsl {

inline bool isFloatKind(TypeKind k) {
  return k == TypeKind::AbstractFloat || k == TypeKind::F32 || k == TypeKind::F16;
}

// IEEE binary16 bits of `x` rounded to nearest even; false when the rounded
// value is outside the finite range of f16 (or `x` is not finite).
bool toHalfBits(double x, uint16_t& bits);
// The value of binary16 `bits`; `finite` false for an infinity or a NaN.
double fromHalfBits(uint16_t bits, bool& finite);
// `x` rounded to the nearest f16 value (x within the finite range).
double roundToF16(double x);

// A number as WGSL spells it: "1.5", "-2", "3e+38".
std::string numberText(double v);

// A builtin call in a const- or override-expression.
struct BuiltinCall {
  ConstEval& ev;
  TypeTable& T;
  std::string_view name;
  std::vector<ConstValue>& args;
  TypeId result;
  ConstValue& out;
  std::string& err;
  // Whether the call applies component by component (callText then shows
  // the components of one result component), else whole arguments.
  bool componentWise = true;

  // Convert every argument to its own shape with leaf `leaf`.
  bool unify(TypeId leaf);
  // Convert argument `i` to type `to` (splatting a scalar).
  bool convertArg(size_t i, TypeId to);
  // Component `i` of argument `a` (a scalar argument splats).
  const Scalar& at(size_t a, size_t i) const {
    const ConstValue& v = args[a];
    return v.elems[v.elems.size() == 1 ? 0 : i];
  }
  size_t width() const;  // the largest argument's component count
  // Fail with `msg`; returns false (for component lambdas).
  bool fail(std::string msg) {
    err = std::move(msg);
    return false;
  }
  // Fail with `msg`; returns -1 (for a family's result).
  int error(std::string msg) {
    err = std::move(msg);
    return -1;
  }
  // Check every result component against `leaf` (range, finiteness,
  // rounding to f32 / f16); reports which call produced it.
  bool finish(TypeId leaf);
  // "acos(1.5)" for component `i` of the call (the arguments' components).
  std::string callText(size_t i) const;
  // Float kind of `leaf`.
  bool isFloat(TypeId leaf) const { return isFloatKind(T[leaf].kind); }
};

// The families; each returns 1 when it evaluated the call, 0 when the name
// is not one of its builtins, -1 on a shader-creation error in `err`.
int evalFloatBuiltin(BuiltinCall& c);   // const_eval_float.cpp
int evalVectorBuiltin(BuiltinCall& c);  // const_eval_vector.cpp
int evalBitsBuiltin(BuiltinCall& c);    // const_eval_bits.cpp

}  // namespace bindery::wgsl
