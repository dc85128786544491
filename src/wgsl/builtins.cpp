// Built-in functions (#builtin-functions): a table-driven catalog of the
// numeric, logical, vector, matrix, bit, derivative and packing builtins with
// overload resolution by conversion rank (#overload-resolution-section); and
// hand-written signatures for texture, atomic, array, synchronization and
// bitcast builtins whose parameters depend on a texture or pointer type.
#include <algorithm>
#include <array>
#include <cstring>
#include <iterator>
#include <span>
#include <unordered_map>

#include "resolver.h"

namespace bindery::wgsl {

namespace {

// Parameter / result patterns (comma separated):
//   T   scalar or vector (any N) with leaf in the set     S   scalar of the set
//   V   vector of the set                                 v3  vec3 of the set
//   M   matrix of the set; MT (result) its transpose      Q   square matrix
//   Tb  bool with T's shape   Ti / Tu  i32 / u32 with T's shape
//   exact: bool i32 u32 f32 v2f v4f v2u v4u v4i; results also: void frexp modf
// Sets: f f32, h f16, F abstract-float, i i32, u u32, I abstract-int, b bool.
struct Overload {
  const char* name;
  const char* params;
  const char* result;
  const char* set;
  bool isConst;
};

const Overload kOverloads[] = {
    // numeric (#numeric-builtin-functions)
    {"abs", "T", "T", "fhFiuI", true},
    {"acos", "T", "T", "fhF", true},
    {"acosh", "T", "T", "fhF", true},
    {"asin", "T", "T", "fhF", true},
    {"asinh", "T", "T", "fhF", true},
    {"atan", "T", "T", "fhF", true},
    {"atanh", "T", "T", "fhF", true},
    {"atan2", "T,T", "T", "fhF", true},
    {"ceil", "T", "T", "fhF", true},
    {"clamp", "T,T,T", "T", "fhFiuI", true},
    {"cos", "T", "T", "fhF", true},
    {"cosh", "T", "T", "fhF", true},
    {"countLeadingZeros", "T", "T", "iu", true},
    {"countOneBits", "T", "T", "iu", true},
    {"countTrailingZeros", "T", "T", "iu", true},
    {"cross", "v3,v3", "v3", "fhF", true},
    {"degrees", "T", "T", "fhF", true},
    {"determinant", "Q", "S", "fhF", true},
    {"distance", "T,T", "S", "fhF", true},
    {"dot", "V,V", "S", "fhFiuI", true},
    {"exp", "T", "T", "fhF", true},
    {"exp2", "T", "T", "fhF", true},
    {"extractBits", "T,u32,u32", "T", "iu", true},
    {"faceForward", "V,V,V", "V", "fhF", true},
    {"firstLeadingBit", "T", "T", "iu", true},
    {"firstTrailingBit", "T", "T", "iu", true},
    {"floor", "T", "T", "fhF", true},
    {"fma", "T,T,T", "T", "fhF", true},
    {"fract", "T", "T", "fhF", true},
    {"frexp", "T", "frexp", "fhF", true},
    {"insertBits", "T,T,u32,u32", "T", "iu", true},
    {"inverseSqrt", "T", "T", "fhF", true},
    {"ldexp", "T,Ti", "T", "fhF", true},
    {"length", "T", "S", "fhF", true},
    {"log", "T", "T", "fhF", true},
    {"log2", "T", "T", "fhF", true},
    {"max", "T,T", "T", "fhFiuI", true},
    {"min", "T,T", "T", "fhFiuI", true},
    {"mix", "T,T,T", "T", "fhF", true},
    {"mix", "V,V,S", "V", "fhF", true},
    {"modf", "T", "modf", "fhF", true},
    {"normalize", "V", "V", "fhF", true},
    {"pow", "T,T", "T", "fhF", true},
    {"quantizeToF16", "T", "T", "f", true},
    {"radians", "T", "T", "fhF", true},
    {"reflect", "V,V", "V", "fhF", true},
    {"refract", "V,V,S", "V", "fhF", true},
    {"reverseBits", "T", "T", "iu", true},
    {"round", "T", "T", "fhF", true},
    {"saturate", "T", "T", "fhF", true},
    {"sign", "T", "T", "fhFiI", true},
    {"sin", "T", "T", "fhF", true},
    {"sinh", "T", "T", "fhF", true},
    {"smoothstep", "T,T,T", "T", "fhF", true},
    {"sqrt", "T", "T", "fhF", true},
    {"step", "T,T", "T", "fhF", true},
    {"tan", "T", "T", "fhF", true},
    {"tanh", "T", "T", "fhF", true},
    {"transpose", "M", "MT", "fhF", true},
    {"trunc", "T", "T", "fhF", true},
    // logical (#logical-builtin-functions)
    {"all", "T", "bool", "b", true},
    {"any", "T", "bool", "b", true},
    {"select", "T,T,bool", "T", "fhFiuIb", true},
    {"select", "V,V,Tb", "V", "fhFiuIb", true},
    // derivatives (#derivative-builtin-functions)
    {"dpdx", "T", "T", "f", false},
    {"dpdxCoarse", "T", "T", "f", false},
    {"dpdxFine", "T", "T", "f", false},
    {"dpdy", "T", "T", "f", false},
    {"dpdyCoarse", "T", "T", "f", false},
    {"dpdyFine", "T", "T", "f", false},
    {"fwidth", "T", "T", "f", false},
    {"fwidthCoarse", "T", "T", "f", false},
    {"fwidthFine", "T", "T", "f", false},
    // packing (#pack-builtin-functions, #unpack-builtin-functions)
    {"pack4x8snorm", "v4f", "u32", "", true},
    {"pack4x8unorm", "v4f", "u32", "", true},
    {"pack4xI8", "v4i", "u32", "", true},
    {"pack4xU8", "v4u", "u32", "", true},
    {"pack4xI8Clamp", "v4i", "u32", "", true},
    {"pack4xU8Clamp", "v4u", "u32", "", true},
    {"pack2x16snorm", "v2f", "u32", "", true},
    {"pack2x16unorm", "v2f", "u32", "", true},
    {"pack2x16float", "v2f", "u32", "", true},
    {"unpack4x8snorm", "u32", "v4f", "", true},
    {"unpack4x8unorm", "u32", "v4f", "", true},
    {"unpack4xI8", "u32", "v4i", "", true},
    {"unpack4xU8", "u32", "v4u", "", true},
    {"unpack2x16snorm", "u32", "v2f", "", true},
    {"unpack2x16unorm", "u32", "v2f", "", true},
    {"unpack2x16float", "u32", "v2f", "", true},
    {"dot4U8Packed", "u32,u32", "u32", "", true},
    {"dot4I8Packed", "u32,u32", "i32", "", true},
    // synchronization (#sync-builtin-functions)
    {"workgroupBarrier", "", "void", "", false},
    {"storageBarrier", "", "void", "", false},
    {"textureBarrier", "", "void", "", false},
    // subgroups (#subgroup-builtin-functions, #quad-builtin-functions): need
    // `enable subgroups;`, compute and fragment only (stage_rules.cpp)
    {"subgroupAdd", "T", "T", "fhiu", false},
    {"subgroupExclusiveAdd", "T", "T", "fhiu", false},
    {"subgroupInclusiveAdd", "T", "T", "fhiu", false},
    {"subgroupMul", "T", "T", "fhiu", false},
    {"subgroupExclusiveMul", "T", "T", "fhiu", false},
    {"subgroupInclusiveMul", "T", "T", "fhiu", false},
    {"subgroupMin", "T", "T", "fhiu", false},
    {"subgroupMax", "T", "T", "fhiu", false},
    {"subgroupAnd", "T", "T", "iu", false},
    {"subgroupOr", "T", "T", "iu", false},
    {"subgroupXor", "T", "T", "iu", false},
    {"subgroupAll", "bool", "bool", "", false},
    {"subgroupAny", "bool", "bool", "", false},
    {"subgroupBallot", "bool", "v4u", "", false},
    {"subgroupElect", "", "bool", "", false},
    {"subgroupBroadcastFirst", "T", "T", "fhiu", false},
    {"subgroupBroadcast", "T,u32", "T", "fhiu", false},
    {"subgroupBroadcast", "T,i32", "T", "fhiu", false},
    {"subgroupShuffle", "T,u32", "T", "fhiu", false},
    {"subgroupShuffle", "T,i32", "T", "fhiu", false},
    {"subgroupShuffleXor", "T,u32", "T", "fhiu", false},
    {"subgroupShuffleUp", "T,u32", "T", "fhiu", false},
    {"subgroupShuffleDown", "T,u32", "T", "fhiu", false},
    {"quadBroadcast", "T,u32", "T", "fhiu", false},
    {"quadBroadcast", "T,i32", "T", "fhiu", false},
    {"quadSwapX", "T", "T", "fhiu", false},
    {"quadSwapY", "T", "T", "fhiu", false},
    {"quadSwapDiagonal", "T", "T", "fhiu", false},
};

// An overload's comma-separated parameter list, split in place (no
// allocation: a builtin call tries several overloads). The table's longest
// list has 4 parameters; kMax leaves room.
struct ParamList {
  static constexpr size_t kMax = 8;
  std::array<std::string_view, kMax> items;
  size_t size = 0;
  bool overflow = false;
};
ParamList split(const char* s) {
  ParamList out;
  std::string_view v(s);
  while (!v.empty()) {
    size_t c = v.find(',');
    if (out.size == ParamList::kMax) {
      out.overflow = true;
      break;
    }
    out.items[out.size++] = v.substr(0, c);
    if (c == std::string_view::npos) break;
    v = v.substr(c + 1);
  }
  return out;
}

int convRank(const TypeTable& T, TypeId from, TypeId to) {
  if (from == to) return 0;
  TypeKind f = T[from].kind, t = T[to].kind;
  if (f == TypeKind::AbstractInt) {
    switch (t) {
      case TypeKind::I32: return 3;
      case TypeKind::U32: return 4;
      case TypeKind::AbstractFloat: return 5;
      case TypeKind::F32: return 6;
      case TypeKind::F16: return 7;
      default: return -1;
    }
  }
  if (f == TypeKind::AbstractFloat) {
    if (t == TypeKind::F32) return 1;
    if (t == TypeKind::F16) return 2;
  }
  return -1;
}

// The table's overloads of `name` (contiguous in kOverloads), found through
// an index built once: a builtin call no longer scans the whole table.
std::span<const Overload> overloadsNamed(std::string_view name) {
  static const std::unordered_map<std::string_view, std::pair<uint32_t, uint32_t>> index = [] {
    std::unordered_map<std::string_view, std::pair<uint32_t, uint32_t>> m;
    for (uint32_t i = 0; i < std::size(kOverloads); ++i) {
      auto [it, inserted] = m.emplace(kOverloads[i].name, std::make_pair(i, 1u));
      if (!inserted) ++it->second.second;
    }
    return m;
  }();
  auto it = index.find(name);
  if (it == index.end()) return {};
  return {kOverloads + it->second.first, it->second.second};
}

bool isSamplingBuiltin(std::string_view n) {
  return n == "textureSample" || n == "textureSampleBias" || n == "textureSampleGrad" ||
         n == "textureSampleLevel" || n == "textureGather" || n == "textureSampleBaseClampToEdge";
}

}  // namespace

namespace {
struct Matcher {
  TypeTable& T;
  const Resolver& r;

  TypeId exact(std::string_view p) {
    if (p == "bool") return T.boolType();
    if (p == "i32") return T.i32();
    if (p == "u32") return T.u32();
    if (p == "f32") return T.f32();
    if (p == "v2f") return T.vec(2, T.f32());
    if (p == "v4f") return T.vec(4, T.f32());
    if (p == "v2u") return T.vec(2, T.u32());
    if (p == "v4u") return T.vec(4, T.u32());
    if (p == "v4i") return T.vec(4, T.i32());
    return kNoType;
  }

  TypeId setType(char c) {
    switch (c) {
      case 'f': return T.f32();
      case 'h': return T.f16();
      case 'F': return T.abstractFloat();
      case 'i': return T.i32();
      case 'u': return T.u32();
      case 'I': return T.abstractInt();
      case 'b': return T.boolType();
      default: return kNoType;
    }
  }

  // Returns the result type, or kNoType if the overload does not match.
  TypeId match(const Overload& o, const std::vector<TypeId>& args, TypeId& leafOut) {
    const ParamList ps = split(o.params);
    if (ps.overflow || ps.size != args.size()) return kNoType;
    int n = -1, c = 0, rr = 0;
    std::array<TypeId, ParamList::kMax> leafStore;  // one per parameter at most
    size_t leafCount = 0;
    auto pushLeaf = [&](TypeId t) { leafStore[leafCount++] = t; };
    auto bindN = [&](int w) {
      if (n == -1) n = w;
      return n == w;
    };
    for (size_t i = 0; i < ps.size; ++i) {
      std::string_view p = ps.items[i];
      TypeId a = args[i];
      const Type at = T[a];
      if (p == "T") {
        if (T.isScalar(a)) {
          if (!bindN(0)) return kNoType;
        } else if (at.kind == TypeKind::Vector) {
          if (!bindN(at.width)) return kNoType;
        } else {
          return kNoType;
        }
        pushLeaf(T.leaf(a));
      } else if (p == "S") {
        if (!T.isScalar(a)) return kNoType;
        pushLeaf(a);
      } else if (p == "V" || p == "v3") {
        if (at.kind != TypeKind::Vector || !bindN(at.width)) return kNoType;
        if (p == "v3" && at.width != 3) return kNoType;
        pushLeaf(at.elem);
      } else if (p == "M" || p == "Q") {
        if (at.kind != TypeKind::Matrix) return kNoType;
        if (p == "Q" && at.width != at.rows) return kNoType;
        c = at.width, rr = at.rows;
        pushLeaf(at.elem);
      } else if (p == "Tb" || p == "Ti" || p == "Tu") {
        TypeId want = p == "Tb" ? T.boolType() : p == "Ti" ? T.i32() : T.u32();
        int w = T.isScalar(a) ? 0 : at.kind == TypeKind::Vector ? at.width : -2;
        if (w == -2 || !bindN(w)) return kNoType;
        if (!r.canConvert(T.leaf(a), want)) return kNoType;
      } else {
        TypeId e = exact(p);
        if (e == kNoType || !r.canConvert(a, e)) return kNoType;
      }
    }
    // choose the leaf with the lowest total conversion rank
    TypeId best = kNoType;
    int bestRank = 1 << 30;
    for (const char* s = o.set; *s; ++s) {
      TypeId cand = setType(*s);
      int total = 0;
      bool ok = true;
      for (size_t li = 0; li < leafCount; ++li) {
        const TypeId l = leafStore[li];
        int rk = convRank(T, l, cand);
        if (rk < 0) {
          ok = false;
          break;
        }
        total += rk;
      }
      if (ok && total < bestRank) best = cand, bestRank = total;
    }
    if (leafCount != 0 && best == kNoType) return kNoType;
    leafOut = best;
    std::string_view res = o.result;
    uint8_t w = uint8_t(n < 0 ? 0 : n);
    if (res == "T") return w ? T.vec(w, best) : best;
    if (res == "S") return best;
    if (res == "V" || res == "v3") return T.vec(res == "v3" ? 3 : w, best);
    if (res == "M") return T.mat(uint8_t(c), uint8_t(rr), best);
    if (res == "MT") return T.mat(uint8_t(rr), uint8_t(c), best);
    if (res == "void") return T.voidType();
    if (res == "frexp" || res == "modf") return kNoType;  // built by the caller
    return exact(res);
  }
};

TypeId channelType(TypeTable& T, TexelFormat f) {
  std::string_view n = toString(f);
  if (n.find("uint") != std::string_view::npos) return T.u32();
  if (n.find("sint") != std::string_view::npos) return T.i32();
  return T.f32();
}

int coordDims(ViewDimension d) {
  switch (d) {
    case ViewDimension::e1D: return 1;
    case ViewDimension::e2D:
    case ViewDimension::e2DArray: return 2;
    default: return 3;
  }
}
bool arrayed(ViewDimension d) {
  return d == ViewDimension::e2DArray || d == ViewDimension::CubeArray;
}
bool isCube(ViewDimension d) {
  return d == ViewDimension::Cube || d == ViewDimension::CubeArray;
}

// One parameter of a texture builtin signature.
struct P {
  enum Kind : uint8_t { Exact, IU, Tex, Samp, SampCmp } kind;
  TypeId type = kNoType;  // Exact
  uint8_t width = 1;      // IU: 1 = scalar, 2..4 vector
  bool mustBeConst = false;
};
}  // namespace

void Resolver::noteFragmentOnly(std::string_view name, Span span) {
  if (!fn_) return;
  FnInfo& f = m_.fns[fn_->fn];
  if (f.fragmentOnlyUse.length) return;
  f.fragmentOnlyUse = span;
  f.fragmentOnlyName = "'" + std::string(name) + "'";
}

bool Resolver::isMustUseBuiltin(std::string_view name) {
  // #builtin-functions: every value-returning builtin is @must_use except the
  // atomic read-modify-write functions.
  return name.substr(0, 6) != "atomic";
}

TypeId Resolver::resolveBuiltinCall(NodeId e, std::string_view name,
                                    const std::vector<NodeId>& args, std::vector<TypeId>& at,
                                    bool& isBuiltin) {
  const Expr& ex = m_.ast.exprs[e];
  ExprInfo& info = m_.exprs[e];
  Matcher mt{T, *this};
  const std::span<const Overload> overloads = overloadsNamed(name);
  const bool inTable = !overloads.empty();
  bool isTexture = name.substr(0, 7) == "texture" && name != "textureBarrier";
  bool isAtomic = name.substr(0, 6) == "atomic";
  bool bufferView = name == "bufferView" || name == "bufferArrayView" || name == "bufferLength";
  bool other =
      name == "arrayLength" || name == "workgroupUniformLoad" || name == "bitcast" || bufferView;
  isBuiltin = inTable || isTexture || isAtomic || other;
  if (!isBuiltin) {
    for (NodeId a : args) resolveExpr(a);
    return kNoType;
  }
  info.ref = RefKind::Builtin;
  at.clear();
  at.reserve(args.size());
  EvalStage stage = EvalStage::Const;
  for (NodeId a : args) {
    at.push_back(resolveValue(a));
    stage = std::max(stage, m_.exprs[a].stage);
  }
  for (TypeId t : at)
    if (t == kNoType) return kNoType;
  auto argList = [&]() {
    std::string s;
    for (size_t i = 0; i < at.size(); ++i) s += (i ? ", " : "") + T.name(at[i]);
    return s;
  };
  auto noMatch = [&](const std::string& hint) {
    error(ex.span, "no matching overload for '" + std::string(name) + "(" + argList() + ")'" +
                       (hint.empty() ? "" : "; " + hint));
    return kNoType;
  };
  if (ex.templateArgs.count && name != "bitcast" && !bufferView)
    error(ex.span, "builtin '" + std::string(name) + "' does not take template arguments");
  info.stage = EvalStage::Runtime;

  if (inTable) {
    for (const Overload& o : overloads) {
      TypeId leaf = kNoType;
      TypeId r = mt.match(o, at, leaf);
      std::string_view res = o.result;
      if (r == kNoType && (res == "frexp" || res == "modf") && leaf != kNoType) {
        TypeId shape = at[0];
        TypeId fract = T.withLeaf(shape, leaf);
        std::string suffix = T[shape].kind == TypeKind::Vector
                                 ? "vec" + std::to_string(T[shape].width) + "_" + T.name(leaf)
                                 : T.name(leaf);
        if (res == "frexp")
          r = predeclaredStruct(
              "__frexp_result_" + suffix,
              {{"fract", fract},
               {"exp", T.withLeaf(shape, T.isAbstract(leaf) ? T.abstractInt() : T.i32())}});
        else
          r = predeclaredStruct("__modf_result_" + suffix, {{"fract", fract}, {"whole", fract}});
      }
      if (r == kNoType) continue;
      if (o.isConst && stage != EvalStage::Const) checkKnownArguments(e, name, args, r);
      if (o.isConst) {
        info.stage = stage;
        if (stage == EvalStage::Const) {
          std::vector<ConstValue> vals;
          bool all = true;
          for (NodeId a : args) {
            ConstValue v;
            if (!constValueOf(a, v)) {
              all = false;
              break;
            }
            vals.push_back(v);
          }
          ConstValue out;
          std::string err;
          if (all) {
            if (eval_.builtin(name, vals, r, out, err))
              storeConst(e, std::move(out));
            else if (!err.empty())
              error(ex.span, err);
          }
        } else if (stage == EvalStage::Override) {
          std::vector<ConstValue> vals;
          bool all = true;
          for (NodeId a : args) {
            ConstValue v;
            if (!anyValueOf(a, v)) {
              all = false;
              break;
            }
            vals.push_back(v);
          }
          ConstValue out;
          std::string err;
          if (all) {
            if (eval_.builtin(name, vals, r, out, err))
              storeOverride(e, std::move(out));
            else if (!err.empty())
              overrideError(e, err);
          }
        }
      }
      if (name.substr(0, 4) == "dpdx" || name.substr(0, 4) == "dpdy" ||
          name.substr(0, 6) == "fwidth")
        noteFragmentOnly(name, ex.span);
      return r;
    }
    std::string candidates;
    for (const Overload& o : overloads)
      candidates += (candidates.empty() ? "" : ", ") + std::string(name) + "(" + o.params + ")";
    return noMatch("candidates: " + candidates);
  }

  if (name == "bitcast") {
    if (ex.templateArgs.count != 1 || args.size() != 1) {
      error(ex.span, "bitcast requires one template argument and one argument: bitcast<T>(e)");
      return kNoType;
    }
    TypeId target = resolveType(m_.ast.at(ex.templateArgs, 0));
    if (target == kNoType) return kNoType;
    TypeId src = T.concretize(at[0]);
    bool okT = (T.isNumericScalar(target) || T[target].kind == TypeKind::Vector) &&
               T.leaf(target) != T.boolType();
    if (!okT || T.sizeOf(src) != T.sizeOf(target) || T.leaf(src) == T.boolType()) {
      error(ex.span, "cannot bitcast '" + T.name(at[0]) + "' to '" + T.name(target) +
                         "': both must be numeric scalars or vectors of the same size");
      return kNoType;
    }
    info.stage = stage;
    ConstValue v;
    if (stage == EvalStage::Const && constValueOf(args[0], v)) {
      ConstValue out;
      std::string err;
      if (eval_.bitcast(v, target, out, err))
        storeConst(e, std::move(out));
      else
        error(ex.span, err);
    } else if (stage == EvalStage::Override && anyValueOf(args[0], v)) {
      ConstValue out;
      std::string err;
      if (eval_.bitcast(v, target, out, err))
        storeOverride(e, std::move(out));
      else
        overrideError(e, err);
    }
    return target;
  }

  if (bufferView) return resolveBufferViewCall(e, name, args, at);

  if (name == "arrayLength") {
    if (at.size() != 1) return noMatch("arrayLength takes one pointer argument");
    // #arraylength-builtin: the 'uniform' and 'workgroup' address spaces hold
    // a runtime-sized array only as the result of bufferView / bufferArrayView
    // (#buffer-view-builtin-functions), so such a pointer is always allowed.
    const Type p = T[at[0]];
    const bool space = p.space == AddressSpace::Storage || p.space == AddressSpace::Uniform ||
                       p.space == AddressSpace::Workgroup;
    if (p.kind != TypeKind::Pointer || !space || T[p.elem].kind != TypeKind::Array ||
        T[p.elem].count != 0 || T[p.elem].overrideKey != kNone)
      return noMatch(
          "expected a pointer to a runtime-sized array in the 'storage' address space (or a "
          "view's in 'uniform' or 'workgroup'), e.g. arrayLength(&buf.data)");
    return T.u32();
  }
  if (name == "workgroupUniformLoad") {
    if (at.size() != 1) return noMatch("");
    const Type p = T[at[0]];
    if (p.kind != TypeKind::Pointer || p.space != AddressSpace::Workgroup)
      return noMatch("expected a pointer in the 'workgroup' address space");
    if (T[p.elem].kind == TypeKind::Atomic) return T[p.elem].elem;
    return p.elem;
  }

  if (isAtomic) {
    static const char* kRmw[] = {"atomicAdd", "atomicSub", "atomicMax", "atomicMin",
                                 "atomicAnd", "atomicOr",  "atomicXor", "atomicExchange"};
    bool rmw = false;
    for (const char* n : kRmw)
      if (name == n) rmw = true;
    bool known =
        rmw || name == "atomicLoad" || name == "atomicStore" || name == "atomicCompareExchangeWeak";
    if (!known) {
      isBuiltin = false;
      return kNoType;
    }
    if (at.empty()) return noMatch("");
    const Type p = T[at[0]];
    if (p.kind != TypeKind::Pointer || T[p.elem].kind != TypeKind::Atomic ||
        (p.space != AddressSpace::Storage && p.space != AddressSpace::Workgroup))
      return noMatch("the first argument must be a pointer to an atomic, e.g. &counter");
    if (name != "atomicLoad" && p.access != AccessMode::ReadWrite)
      return noMatch("the atomic must be in read_write memory");
    TypeId v = T[p.elem].elem;
    size_t want = name == "atomicLoad" ? 1 : name == "atomicCompareExchangeWeak" ? 3 : 2;
    if (at.size() != want) return noMatch("expected " + std::to_string(want) + " arguments");
    for (size_t i = 1; i < at.size(); ++i)
      if (!checkConvertible(
              args[i], at[i], v,
              "argument " + std::to_string(i + 1) + " of '" + std::string(name) + "'"))
        return kNoType;
    // #alias-analysis: atomicLoad reads, atomicStore writes, the others both
    if (name != "atomicStore") noteAccess(m_.exprs[args[0]].rootVar, false);
    if (name != "atomicLoad") noteAccess(m_.exprs[args[0]].rootVar, true);
    if (name == "atomicStore") return T.voidType();
    if (name == "atomicCompareExchangeWeak")
      return predeclaredStruct("__atomic_compare_exchange_result_" + T.name(v),
                               {{"old_value", v}, {"exchanged", T.boolType()}});
    return v;
  }

  // ---- textures (#texture-builtin-functions)
  size_t ti = 0;
  if (name == "textureGather" && !at.empty() && T[at[0]].kind != TypeKind::Texture) ti = 1;
  if (at.size() <= ti || T[at[ti]].kind != TypeKind::Texture)
    return noMatch("the " + std::string(ti ? "second" : "first") + " argument must be a texture");
  const Type tex = T[at[ti]];
  ViewDimension d = tex.dim;
  int cd = coordDims(d);
  TypeId f32 = T.f32();
  auto vecf = [&](int n) { return n == 1 ? f32 : T.vec(uint8_t(n), f32); };
  auto veci = [&](int n) { return n == 1 ? T.i32() : T.vec(uint8_t(n), T.i32()); };
  bool sampledF32 = tex.texture == TextureKind::Sampled && tex.elem == f32;
  bool depth = tex.texture == TextureKind::Depth;
  std::vector<std::vector<P>> cands;
  TypeId result = kNoType;
  auto texP = P{P::Tex};
  auto samp = P{P::Samp};
  auto sampC = P{P::SampCmp};
  auto ex_ = [](TypeId t) { return P{P::Exact, t}; };
  auto iu = [](int w) { return P{P::IU, kNoType, uint8_t(w)}; };
  // coords [, array_index] + tail [, offset]
  auto addSampling = [&](std::vector<P> head, std::vector<P> tail, bool offsetAllowed) {
    std::vector<P> base = head;
    base.push_back(ex_(vecf(cd)));
    if (arrayed(d)) base.push_back(iu(1));
    base.insert(base.end(), tail.begin(), tail.end());
    cands.push_back(base);
    if (offsetAllowed && !isCube(d) && d != ViewDimension::e1D) {
      P off = ex_(veci(cd));
      off.mustBeConst = true;
      base.push_back(off);
      cands.push_back(base);
    }
  };
  bool valid = true;
  if (name == "textureSample") {
    valid = (sampledF32 || depth) && tex.texture != TextureKind::External;
    addSampling({texP, samp}, {}, true);
    result = depth ? f32 : T.vec(4, f32);
  } else if (name == "textureSampleBias") {
    valid = sampledF32 && d != ViewDimension::e1D;
    addSampling({texP, samp}, {ex_(f32)}, true);
    result = T.vec(4, f32);
  } else if (name == "textureSampleCompare" || name == "textureSampleCompareLevel") {
    valid = depth;
    addSampling({texP, sampC}, {ex_(f32)}, true);
    result = f32;
  } else if (name == "textureSampleGrad") {
    valid = sampledF32 && d != ViewDimension::e1D;
    addSampling({texP, samp}, {ex_(vecf(cd)), ex_(vecf(cd))}, true);
    result = T.vec(4, f32);
  } else if (name == "textureSampleLevel") {
    valid = sampledF32 || (depth && d != ViewDimension::e1D);
    addSampling({texP, samp}, {depth ? iu(1) : ex_(f32)}, true);
    result = depth ? f32 : T.vec(4, f32);
  } else if (name == "textureSampleBaseClampToEdge") {
    valid = tex.texture == TextureKind::External || (sampledF32 && d == ViewDimension::e2D);
    cands.push_back({texP, samp, ex_(T.vec(2, f32))});
    result = T.vec(4, f32);
  } else if (name == "textureGather") {
    valid = (tex.texture == TextureKind::Sampled || depth) &&
            (d == ViewDimension::e2D || d == ViewDimension::e2DArray || isCube(d));
    if (ti == 1) {
      if (depth) valid = false;
      P comp = iu(1);
      comp.mustBeConst = true;
      addSampling({comp, texP, samp}, {}, true);
      result = T.vec(4, tex.elem);
    } else {
      if (!depth) valid = false;
      addSampling({texP, samp}, {}, true);
      result = T.vec(4, f32);
    }
  } else if (name == "textureGatherCompare") {
    valid = depth && d != ViewDimension::e1D;
    addSampling({texP, sampC}, {ex_(f32)}, true);
    result = T.vec(4, f32);
  } else if (name == "textureLoad") {
    switch (tex.texture) {
      case TextureKind::Sampled:
      case TextureKind::Depth: {
        std::vector<P> c = {texP, iu(cd)};
        if (arrayed(d)) c.push_back(iu(1));
        c.push_back(iu(1));
        valid = !isCube(d);
        cands.push_back(c);
        result = depth ? f32 : T.vec(4, tex.elem);
        break;
      }
      case TextureKind::Multisampled:
      case TextureKind::DepthMultisampled:
        cands.push_back({texP, iu(2), iu(1)});
        result = tex.texture == TextureKind::DepthMultisampled ? f32 : T.vec(4, tex.elem);
        break;
      case TextureKind::External:
        cands.push_back({texP, iu(2)});
        result = T.vec(4, f32);
        break;
      case TextureKind::Storage: {
        std::vector<P> c = {texP, iu(cd)};
        if (arrayed(d)) c.push_back(iu(1));
        cands.push_back(c);
        result = T.vec(4, channelType(T, tex.format));
        if (tex.access == AccessMode::Write)
          return noMatch(
              "textureLoad requires a storage texture with 'read' or 'read_write' access");
        break;
      }
    }
  } else if (name == "textureStore") {
    valid = tex.texture == TextureKind::Storage;
    if (valid && tex.access == AccessMode::Read)
      return noMatch("textureStore requires a storage texture with 'write' or 'read_write' access");
    std::vector<P> c = {texP, iu(cd)};
    if (arrayed(d)) c.push_back(iu(1));
    c.push_back(ex_(T.vec(4, channelType(T, tex.format))));
    cands.push_back(c);
    result = T.voidType();
  } else if (name == "textureDimensions") {
    result = cd == 1 ? T.u32() : d == ViewDimension::e3D ? T.vec(3, T.u32()) : T.vec(2, T.u32());
    cands.push_back({texP});
    if (tex.texture == TextureKind::Sampled || depth) cands.push_back({texP, iu(1)});
  } else if (name == "textureNumLayers") {
    valid = arrayed(d);
    cands.push_back({texP});
    result = T.u32();
  } else if (name == "textureNumLevels") {
    valid = tex.texture == TextureKind::Sampled || depth;
    cands.push_back({texP});
    result = T.u32();
  } else if (name == "textureNumSamples") {
    valid =
        tex.texture == TextureKind::Multisampled || tex.texture == TextureKind::DepthMultisampled;
    cands.push_back({texP});
    result = T.u32();
  } else {
    isBuiltin = false;
    error(ex.nameSpan, "unresolved function '" + std::string(name) + "'");
    return kNoType;
  }
  if (!valid)
    return noMatch("'" + std::string(name) + "' does not accept '" + T.name(at[ti]) + "'");
  for (const auto& c : cands) {
    if (c.size() != at.size()) continue;
    bool ok = true;
    for (size_t i = 0; i < c.size() && ok; ++i) {
      const Type a = T[at[i]];
      switch (c[i].kind) {
        case P::Tex: ok = a.kind == TypeKind::Texture; break;
        case P::Samp: ok = a.kind == TypeKind::Sampler; break;
        case P::SampCmp: ok = a.kind == TypeKind::SamplerComparison; break;
        case P::Exact: ok = canConvert(at[i], c[i].type); break;
        case P::IU: {
          TypeId l = T.leaf(at[i]);
          int w = T.isScalar(at[i]) ? 1 : a.kind == TypeKind::Vector ? a.width : 0;
          ok = w == c[i].width && (l == T.i32() || l == T.u32() || l == T.abstractInt());
          break;
        }
      }
      if (ok && c[i].mustBeConst && m_.exprs[args[i]].stage != EvalStage::Const) {
        error(exprSpan(args[i]),
              "this argument of '" + std::string(name) + "' must be a const-expression");
        return kNoType;
      }
    }
    if (!ok) continue;
    // #shader-interface: remember texture+sampler pairs for filterability
    if (isSamplingBuiltin(name) && fn_) {
      size_t si = ti + 1;
      if (si < at.size() && T[at[si]].kind == TypeKind::Sampler) {
        SamplePair sp{m_.exprs[args[ti]].rootVar, m_.exprs[args[si]].rootVar};
        auto& pairs = m_.fns[fn_->fn].samplePairs;
        if (sp.texture != kNone && sp.sampler != kNone &&
            std::find(pairs.begin(), pairs.end(), sp) == pairs.end())
          pairs.push_back(sp);
      }
    }
    // Every texture builtin's texture (and sampler), for the reflection's
    // EntryPoint::textureUses.
    if (fn_ && ti < at.size() && T[at[ti]].kind == TypeKind::Texture) {
      TextureUseRecord u{m_.exprs[args[ti]].rootVar, kNone, false, name == "textureLoad"};
      for (size_t i = 0; i < at.size(); ++i) {
        TypeKind k = T[at[i]].kind;
        if (k != TypeKind::Sampler && k != TypeKind::SamplerComparison) continue;
        u.sampler = m_.exprs[args[i]].rootVar;
        u.comparison = k == TypeKind::SamplerComparison;
        break;
      }
      auto& uses = m_.fns[fn_->fn].textureUses;
      if (u.texture != kNone && std::find(uses.begin(), uses.end(), u) == uses.end())
        uses.push_back(u);
    }
    if (name.substr(0, 13) == "textureSample" && name != "textureSampleLevel" &&
        name != "textureSampleBaseClampToEdge" && name != "textureSampleCompareLevel" &&
        name != "textureSampleGrad")
      noteFragmentOnly(name, ex.span);
    return result;
  }
  return noMatch("");
}

}  // namespace bindery::wgsl
