// Shader-stage IO attributes (#builtin-values, #input-output-locations,
// #interpolation): @builtin names and types, @location types, @interpolate
// arguments.
#include "resolver.h"

namespace bindery::wgsl {

namespace {
struct BuiltinValue {
  const char* name;
  const char* type;  // canonical type name; "" = checked specially
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
    {"clip_distances", ""},
    {"primitive_index", "u32"},
    {"subgroup_invocation_id", "u32"},
    {"subgroup_size", "u32"},
};
}  // namespace

void Resolver::checkIoAttributes(Range attrs, TypeId type) {
  for (uint32_t i = 0; i < attrs.count; ++i) {
    const Attribute& a = m_.ast.attrs[attrs.begin + i];
    auto argName = [&](uint32_t k) -> std::string_view {
      if (k >= a.args.count) return {};
      const Expr& e = m_.ast.exprs[m_.ast.at(a.args, k)];
      return e.kind == ExprKind::Ident ? e.name : std::string_view{};
    };
    if (a.name == "builtin") {
      if (a.args.count != 1) {
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
    }
  }
}

}  // namespace bindery::wgsl
