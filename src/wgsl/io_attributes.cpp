// Shader-stage IO attributes (#builtin-values, #input-output-locations,
// #interpolation): @builtin names and types, @location types, @interpolate
// arguments.
#include <algorithm>

#include "resolver.h"

namespace bindery::wgsl {

namespace {
struct BuiltinValue {
  const char* name;
  const char* type;                 // canonical type name; "" = checked specially
  const char* extension = nullptr;  // the enable-extension it needs (#builtin-values)
};
const BuiltinValue kBuiltinValues[] = {
    {"position", "vec4<f32>"},
    {"vertex_index", "u32"},
    {"instance_index", "u32"},
    {"front_facing", "bool"},
    {"frag_depth", "f32"},
    {"sample_index", "u32"},
    {"sample_mask", "u32"},
    {"local_invocation_id", "vec3<u32>"},
    {"local_invocation_index", "u32"},
    {"global_invocation_id", "vec3<u32>"},
    {"workgroup_id", "vec3<u32>"},
    {"num_workgroups", "vec3<u32>"},
    {"clip_distances", "", "clip_distances"},
    {"primitive_index", "u32", "primitive_index"},
    {"subgroup_invocation_id", "u32", "subgroups"},
    {"subgroup_size", "u32", "subgroups"},
    // language extensions linear_indexing and subgroup_id (#language-extensions-sec)
    {"global_invocation_index", "u32"},
    {"workgroup_index", "u32"},
    {"subgroup_id", "u32", "subgroups"},
    {"num_subgroups", "u32", "subgroups"},
};
}  // namespace

void Resolver::checkIoAttributes(Range attrs, TypeId type) {
  auto beside = [&](std::string_view name, std::string_view arg) {
    for (uint32_t j = 0; j < attrs.count; ++j) {
      const Attribute& b = m_.ast.attrs[attrs.begin + j];
      if (b.name != name) continue;
      if (arg.empty()) return true;
      if (b.args.count == 1 && m_.ast.exprs[m_.ast.at(b.args, 0)].name == arg) return true;
    }
    return false;
  };
  for (uint32_t i = 0; i < attrs.count; ++i) {
    const Attribute& a = m_.ast.attrs[attrs.begin + i];
    // #invariant-attr: only with @builtin(position); #interpolate-attr:
    // only with @location
    if (a.name == "invariant" && !beside("builtin", "position"))
      error(a.span, "@invariant is only valid with @builtin(position)");
    if (a.name == "interpolate" && !beside("location", ""))
      error(a.span, "@interpolate is only valid with @location");
    auto argName = [&](uint32_t k) -> std::string_view {
      if (k >= a.args.count) return {};
      const Expr& e = m_.ast.exprs[m_.ast.at(a.args, k)];
      return e.kind == ExprKind::Ident ? e.name : std::string_view{};
    };
    if (a.name == "builtin") {
      // fragment_depth (#frag-depth-builtin-value): @builtin(frag_depth, less|greater)
      const bool depthMode = a.args.count == 2 && argName(0) == "frag_depth";
      if (depthMode && argName(1) != "less" && argName(1) != "greater") {
        error(a.span, "the depth mode of @builtin(frag_depth, ...) must be 'less' or 'greater'");
        continue;
      }
      if (a.args.count != 1 && !depthMode) {
        error(a.span, "@builtin requires one argument, e.g. @builtin(position)");
        continue;
      }
      std::string_view n = argName(0);
      const BuiltinValue* bv = nullptr;
      for (const BuiltinValue& b : kBuiltinValues)
        if (n == b.name) bv = &b;
      if (!bv) {
        error(a.span, "unknown builtin value '" + std::string(n) + "'");
        continue;
      }
      if (bv->extension && !isEnabled(bv->extension)) {
        error(a.span, "@builtin(" + std::string(n) + ") requires 'enable " + bv->extension +
                          ";' (#builtin-values)");
        continue;
      }
      if (type == kNoType) continue;
      if (bv->type[0] == 0) {
        const Type& t = T[type];
        if (t.kind != TypeKind::Array || t.elem != T.f32() || t.count == 0 || t.count > 8)
          error(a.span, "@builtin(clip_distances) requires array<f32, N> with N <= 8, got '" +
                            T.name(type) + "'");
      } else if (T.name(type) != bv->type) {
        error(a.span, "@builtin(" + std::string(n) + ") requires type '" + bv->type + "', got '" +
                          T.name(type) + "'");
      }
    } else if (a.name == "location") {
      if (a.args.count != 1) {
        error(a.span, "@location requires one argument");
        continue;
      }
      int64_t v = 0;
      if (evalInt(m_.ast.at(a.args, 0), "@location value", v) && v < 0)
        error(a.span, "@location value must be non-negative, got " + std::to_string(v));
      if (type == kNoType) continue;
      TypeId leaf = T.leaf(type);
      const Type& t = T[type];
      bool ok = (T.isScalar(type) || t.kind == TypeKind::Vector) && T.isNumericScalar(leaf) &&
                !T.isAbstract(leaf);
      if (!ok)
        error(a.span,
              "@location requires a numeric scalar or vector type, got '" + T.name(type) + "'");
    } else if (a.name == "interpolate") {
      std::string_view ty = argName(0), sampling = argName(1);
      if (a.args.count < 1 || a.args.count > 2 ||
          (ty != "perspective" && ty != "linear" && ty != "flat")) {
        error(a.span,
              "@interpolate requires 'perspective', 'linear' or 'flat' and an optional "
              "sampling ('center', 'centroid', 'sample', 'first', 'either')");
        continue;
      }
      if (a.args.count == 2) {
        bool flatSampling = sampling == "first" || sampling == "either";
        bool otherSampling = sampling == "center" || sampling == "centroid" || sampling == "sample";
        if ((ty == "flat" && !flatSampling) || (ty != "flat" && !otherSampling))
          error(a.span, "invalid interpolation sampling '" + std::string(sampling) + "' for '" +
                            std::string(ty) + "'");
      }
      if (type != kNoType && ty != "flat" && !T.isFloatScalar(T.leaf(type)))
        error(a.span, "integer IO must use @interpolate(flat)");
    } else if (a.name == "blend_src") {
      // #blend-src-attr
      if (!m_.dualSourceBlendingEnabled) {
        error(a.span, "@blend_src requires 'enable dual_source_blending;'");
        continue;
      }
      if (a.args.count != 1) {
        error(a.span, "@blend_src requires one argument, 0 or 1");
        continue;
      }
      int64_t v = 0;
      if (evalInt(m_.ast.at(a.args, 0), "@blend_src value", v) && v != 0 && v != 1)
        error(a.span, "@blend_src value must be 0 or 1, got " + std::to_string(v));
      bool hasLocation = false;
      for (uint32_t j = 0; j < attrs.count; ++j)
        hasLocation = hasLocation || m_.ast.attrs[attrs.begin + j].name == "location";
      if (!hasLocation) error(a.span, "@blend_src requires a @location attribute beside it");
    }
  }
}

// #input-output-locations "locations in structs": when a member has
// @blend_src, the members with @location must be exactly two,
// @location(0) @blend_src(0) and @location(0) @blend_src(1), of one type.
void Resolver::checkBlendSrcMembers(const StructInfo& info) {
  const MemberInfo* first = nullptr;  // a member with @blend_src
  uint32_t located = 0;
  bool seen[2] = {false, false};
  bool shapeOk = true;
  TypeId type = kNoType;
  bool sameType = true;
  for (const MemberInfo& mi : info.members) {
    int64_t location = -1, blendSrc = -1;
    for (uint32_t k = 0; k < mi.attrs.count; ++k) {
      const Attribute& a = m_.ast.attrs[mi.attrs.begin + k];
      ConstValue v;
      if (a.args.count != 1 || !constValueOf(m_.ast.at(a.args, 0), v) || v.elems.empty()) continue;
      if (a.name == "location") location = v.elems[0].i;
      if (a.name == "blend_src") blendSrc = v.elems[0].i;
    }
    if (location < 0) continue;
    ++located;
    if (blendSrc >= 0 && !first) first = &mi;
    if (location != 0 || blendSrc < 0 || blendSrc > 1 || seen[blendSrc]) shapeOk = false;
    if (blendSrc == 0 || blendSrc == 1) seen[blendSrc] = true;
    if (type == kNoType) type = mi.type;
    sameType = sameType && mi.type == type;
  }
  if (!first) return;
  if (located != 2 || !shapeOk)
    error(first->span, "struct '" + info.name +
                           "' uses @blend_src, so its @location members must be exactly two: "
                           "@location(0) @blend_src(0) and @location(0) @blend_src(1)");
  else if (!sameType)
    error(first->span,
          "the two @blend_src members of struct '" + info.name + "' must have the same type");
}

}  // namespace bindery::wgsl

namespace bindery::wgsl {

namespace {
// Stage mask: 1 vertex, 2 fragment, 4 compute. Direction: 1 input, 2 output.
struct BuiltinUse {
  const char* name;
  uint8_t inStages;
  uint8_t outStages;
};
const BuiltinUse kBuiltinUses[] = {
    {"position", 2, 1},
    {"vertex_index", 1, 0},
    {"instance_index", 1, 0},
    {"front_facing", 2, 0},
    {"frag_depth", 0, 2},
    {"sample_index", 2, 0},
    {"sample_mask", 2, 2},
    {"local_invocation_id", 4, 0},
    {"local_invocation_index", 4, 0},
    {"global_invocation_id", 4, 0},
    {"workgroup_id", 4, 0},
    {"num_workgroups", 4, 0},
    {"clip_distances", 0, 1},
    {"primitive_index", 2, 0},
    {"subgroup_invocation_id", 6, 0},
    {"subgroup_size", 6, 0},
    {"global_invocation_index", 4, 0},
    {"workgroup_index", 4, 0},
    {"subgroup_id", 4, 0},
    {"num_subgroups", 4, 0},
};
uint8_t stageBit(Stage s) {
  return s == Stage::Vertex ? 1 : s == Stage::Fragment ? 2 : 4;
}
}  // namespace

// #builtin-values stage/direction, and unique @location / @builtin per direction.
void Resolver::checkEntryIo(uint32_t fi) {
  const FnDecl& f = m_.ast.fns[fi];
  const FnInfo& info = m_.fns[fi];
  uint8_t bit = stageBit(info.stage);
  // attribute lists in one direction, then flattened through structs; the
  // @location values and @builtin names seen (a handful: linear search)
  std::vector<std::pair<Range, TypeId>> items, flat;
  std::vector<std::pair<int64_t, Span>> locations;
  std::vector<std::pair<std::string_view, Span>> builtins;
  for (int dir = 0; dir < 2; ++dir) {
    items.clear();
    flat.clear();
    locations.clear();
    builtins.clear();
    if (dir == 0) {
      for (uint32_t i = 0; i < f.params.count; ++i) {
        uint32_t pv = m_.ast.at(f.params, i);
        items.push_back({m_.ast.vars[pv].attrs, m_.vars[pv].type});
      }
    } else if (f.returnType != kNone) {
      items.push_back({f.returnAttrs, info.returnType});
    }
    for (auto& [attrs, type] : items) {
      if (type != kNoType && T[type].kind == TypeKind::Struct && attrs.count == 0) {
        for (const MemberInfo& mi : T.structInfo(T[type].structIndex).members)
          flat.push_back({mi.attrs, mi.type});
      } else {
        flat.push_back({attrs, type});
      }
    }
    // #interpolation: integer vertex outputs and fragment inputs must be
    // declared @interpolate(flat) (explicitly).
    bool interpolated =
        (dir == 1 && info.stage == Stage::Vertex) || (dir == 0 && info.stage == Stage::Fragment);
    for (auto& [attrs, type] : flat) {
      if (interpolated && type != kNoType && (T.leaf(type) == T.i32() || T.leaf(type) == T.u32())) {
        const Attribute* location = nullptr;
        bool hasInterpolate = false;
        for (uint32_t k = 0; k < attrs.count; ++k) {
          const Attribute& a = m_.ast.attrs[attrs.begin + k];
          if (a.name == "location") location = &a;
          if (a.name == "interpolate") hasInterpolate = true;
        }
        if (location && !hasInterpolate)
          error(location->span, std::string("integer ") +
                                    (dir == 1 ? "vertex outputs" : "fragment inputs") +
                                    " must be declared with @interpolate(flat), got '" +
                                    T.name(type) + "' without @interpolate");
      }
      for (uint32_t k = 0; k < attrs.count; ++k) {
        const Attribute& a = m_.ast.attrs[attrs.begin + k];
        if (a.args.count != 1) continue;
        NodeId arg = m_.ast.at(a.args, 0);
        if (a.name == "builtin") {
          std::string_view n = m_.ast.exprs[arg].name;
          for (const BuiltinUse& u : kBuiltinUses) {
            if (n != u.name) continue;
            uint8_t allowed = dir == 0 ? u.inStages : u.outStages;
            if (!(allowed & bit))
              error(a.span, "@builtin(" + std::string(n) + ") cannot be used as an " +
                                (dir == 0 ? "input" : "output") + " of a " +
                                std::string(toString(info.stage)) + " shader");
          }
          auto seen = std::find_if(builtins.begin(), builtins.end(),
                                   [&](const auto& b) { return b.first == n; });
          if (seen == builtins.end())
            builtins.push_back({n, a.span});
          else
            error(a.span, "@builtin(" + std::string(n) +
                              ") appears more than once in the entry point " +
                              (dir == 0 ? "inputs" : "outputs"));
        } else if (a.name == "location") {
          ConstValue v;
          if (!constValueOf(arg, v)) continue;
          bool hasBlend = false;
          for (uint32_t j = 0; j < attrs.count; ++j)
            hasBlend = hasBlend || m_.ast.attrs[attrs.begin + j].name == "blend_src";
          if (hasBlend) {
            // #blend-src-attr: only on fragment shader outputs.
            if (dir == 0 || info.stage != Stage::Fragment)
              error(a.span, std::string("@blend_src cannot be used on ") +
                                (dir == 0 ? "an input" : "an output") + " of a " +
                                std::string(toString(info.stage)) + " shader");
            continue;
          }
          if (info.stage == Stage::Compute)
            error(a.span, "@location is not valid on compute shader inputs");
          const int64_t location = v.elems[0].i;
          auto it = std::find_if(locations.begin(), locations.end(),
                                 [&](const auto& l) { return l.first == location; });
          if (it == locations.end()) {
            locations.push_back({location, a.span});
          } else {
            error(a.span, "@location(" + std::to_string(v.elems[0].i) +
                              ") appears more than once in the entry point " +
                              (dir == 0 ? "inputs" : "outputs"));
            diags_.note(it->second, "first use is here");
          }
        }
      }
    }
    // #builtin-values: a vertex shader must return the position builtin.
    if (dir == 1 && info.stage == Stage::Vertex && f.returnType != kNone &&
        info.returnType != kNoType &&
        std::none_of(builtins.begin(), builtins.end(),
                     [](const auto& b) { return b.first == "position"; }))
      error(f.nameSpan, "@vertex entry point '" + std::string(f.name) +
                            "' must return @builtin(position) (alone, or as a member of its "
                            "output struct)");
  }
}

}  // namespace bindery::wgsl
