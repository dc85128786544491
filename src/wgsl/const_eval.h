// Internal: constant-expression evaluation (#const-expr) on flattened values.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir.h"

namespace bindery::wgsl {

class ConstEval {
 public:
  explicit ConstEval(TypeTable& t) : T(t) {}

  // Convert `v` (same shape, or a scalar to splat) to `to`. Fails with `err`
  // when a value is not representable (#conversion-rank, #concretization).
  bool convert(ConstValue& v, TypeId to, std::string& err);
  bool unary(UnaryOp op, const ConstValue& a, TypeId result, ConstValue& out, std::string& err);
  bool binary(BinaryOp op, const ConstValue& a, const ConstValue& b, TypeId result, ConstValue& out,
              std::string& err);
  // Value constructor (#value-constructor-builtin-function) incl. zero value when no args.
  bool construct(TypeId type, std::vector<ConstValue> args, ConstValue& out, std::string& err);
  bool index(const ConstValue& base, int64_t i, TypeId elemType, ConstValue& out, std::string& err);
  void member(const ConstValue& base, uint32_t memberIndex, ConstValue& out);
  void swizzle(const ConstValue& base, uint8_t count, uint8_t packed, TypeId result,
               ConstValue& out);
  // A builtin function in a const-expression (const_eval_builtins.cpp).
  // Returns false with an empty `err` when the builtin is not const-evaluable.
  bool builtin(std::string_view name, std::vector<ConstValue> args, TypeId result, ConstValue& out,
               std::string& err);

  TypeId unifyLeaf(TypeId a, TypeId b) const;
  // The rules of builtin `name` that read only the arguments `used`, whose
  // values are known while the others are not (const_eval_partial.cpp).
  bool checkKnownArguments(std::string_view name, std::vector<ConstValue>& args,
                           const std::vector<size_t>& used, TypeId result, std::string& err);
  // #bitcast-builtin (const_eval_bits.cpp).
  bool bitcast(const ConstValue& v, TypeId target, ConstValue& out, std::string& err);
  // A scalar of type `leaf` is representable (#floating-point-evaluation:
  // finite, within the finite range; integers within the type's range);
  // rounds f32 / f16 values to their type.
  bool checkScalar(TypeId leaf, Scalar& s, std::string& err);

 private:
  TypeTable& T;
};

// Readable text of a constant (for const_assert / diagnostics).
std::string formatValue(const TypeTable& t, const ConstValue& v);

}  // namespace bindery::wgsl
