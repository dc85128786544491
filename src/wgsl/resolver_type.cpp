// Type specifiers (#types, #predeclared-types): predeclared types and
// aliases, templated types (vecN, matCxR, array, atomic, ptr, textures,
// buffer: buffer_view.cpp), user structs and aliases.
#include "layout.h"
#include "resolver.h"

namespace bindery::wgsl {

namespace {
bool parseDim(std::string_view s, ViewDimension& d) {
  if (s == "1d")
    d = ViewDimension::e1D;
  else if (s == "2d")
    d = ViewDimension::e2D;
  else if (s == "2d_array")
    d = ViewDimension::e2DArray;
  else if (s == "3d")
    d = ViewDimension::e3D;
  else if (s == "cube")
    d = ViewDimension::Cube;
  else if (s == "cube_array")
    d = ViewDimension::CubeArray;
  else
    return false;
  return true;
}
}  // namespace

TypeId Resolver::resolveType(NodeId e) {
  const Expr& ex = m_.ast.exprs[e];
  m_.exprs[e].resolved = true;
  if (ex.kind != ExprKind::Ident) {
    error(ex.span, "expected a type");
    return kNoType;
  }
  TypeId t = kNoType;
  if (!typeFromName(ex.name, ex.templateArgs, ex.span, t)) {
    // a declared non-type?
    if (lookupLocal(ex.name) != kNone || lookupGlobal(ex.name) != kNone)
      error(ex.span, "'" + std::string(ex.name) + "' is not a type");
    else
      error(ex.span, "unknown type '" + std::string(ex.name) + "'");
    return kNoType;
  }
  m_.exprs[e].type = t;
  m_.exprs[e].ref = RefKind::Type;
  return t;
}

bool Resolver::typeFromName(std::string_view name, Range targs, Span span, TypeId& out) {
  // #const-expr: a subexpression needed for a static type is evaluated even
  // on the unevaluated side of `&&` / `||`.
  struct Evaluate {
    int& skip;
    int saved;
    explicit Evaluate(int& s) : skip(s), saved(s) { skip = 0; }
    ~Evaluate() { skip = saved; }
  } evaluate(skipEval_);
  out = kNoType;
  // user declarations shadow predeclared names
  if (lookupLocal(name) != kNone) return false;
  uint32_t gi = lookupGlobal(name);
  if (gi != kNone) {
    const GlobalDecl& g = m_.ast.globals[gi];
    if (g.kind != DeclKind::Struct && g.kind != DeclKind::Alias) return false;
    if (targs.count) error(span, "'" + std::string(name) + "' does not take template arguments");
    resolveGlobal(gi);
    out = g.kind == DeclKind::Struct ? m_.structTypes[g.index] : m_.aliasTypes[g.index];
    return true;
  }
  auto noTemplate = [&]() {
    if (targs.count)
      error(span, "type '" + std::string(name) + "' does not take template arguments");
  };
  auto checkF16 = [&](TypeId t) {
    if (T.containsF16(t) && !m_.f16Enabled) error(span, "f16 requires 'enable f16;'");
  };
  auto arg = [&](uint32_t i) { return m_.ast.at(targs, i); };
  auto argName = [&](uint32_t i) -> std::string_view {
    const Expr& a = m_.ast.exprs[arg(i)];
    m_.exprs[arg(i)].resolved = true;
    m_.exprs[arg(i)].ref = RefKind::Enumerant;
    return a.kind == ExprKind::Ident && a.templateArgs.count == 0 ? a.name : std::string_view{};
  };
  auto scalarArg = [&](uint32_t i, const char* what) -> TypeId {
    TypeId t = resolveType(arg(i));
    if (t != kNoType && (!T.isScalar(t) || T.isAbstract(t))) {
      error(exprSpan(arg(i)),
            std::string(what) + " must be a concrete scalar type, got '" + T.name(t) + "'");
      return kNoType;
    }
    return t;
  };
  // scalars
  if (name == "i32") return noTemplate(), out = T.i32(), true;
  if (name == "u32") return noTemplate(), out = T.u32(), true;
  if (name == "f32") return noTemplate(), out = T.f32(), true;
  if (name == "bool") return noTemplate(), out = T.boolType(), true;
  if (name == "f16") {
    noTemplate();
    out = T.f16();
    checkF16(out);
    return true;
  }
  // vectors / matrices and their predeclared aliases
  if (name.size() >= 4 && name.substr(0, 3) == "vec" && name[3] >= '2' && name[3] <= '4') {
    uint8_t n = uint8_t(name[3] - '0');
    if (name.size() == 4) {
      if (targs.count == 0) return false;  // 'vec3' alone is only valid as a constructor
      if (targs.count != 1) {
        error(span, "'" + std::string(name) + "' takes one template argument");
        return true;
      }
      TypeId e = scalarArg(0, "the vector component type");
      if (e != kNoType) out = T.vec(n, e);
      checkF16(out);
      return true;
    }
    if (name.size() == 5) {
      char c = name[4];
      TypeId e = c == 'f'   ? T.f32()
                 : c == 'h' ? T.f16()
                 : c == 'i' ? T.i32()
                 : c == 'u' ? T.u32()
                            : kNoType;
      if (e == kNoType) return false;
      noTemplate();
      out = T.vec(n, e);
      checkF16(out);
      return true;
    }
    return false;
  }
  if (name.size() >= 6 && name.substr(0, 3) == "mat" && name[3] >= '2' && name[3] <= '4' &&
      name[4] == 'x' && name[5] >= '2' && name[5] <= '4') {
    uint8_t c = uint8_t(name[3] - '0'), r = uint8_t(name[5] - '0');
    if (name.size() == 6) {
      if (targs.count == 0) return false;
      if (targs.count != 1) {
        error(span, "'" + std::string(name) + "' takes one template argument");
        return true;
      }
      TypeId e = scalarArg(0, "the matrix component type");
      if (e != kNoType && !T.isFloatScalar(e)) {
        error(span, "matrix components must be f32 or f16, got '" + T.name(e) + "'");
        return true;
      }
      if (e != kNoType) out = T.mat(c, r, e);
      checkF16(out);
      return true;
    }
    if (name.size() == 7 && (name[6] == 'f' || name[6] == 'h')) {
      noTemplate();
      out = T.mat(c, r, name[6] == 'f' ? T.f32() : T.f16());
      checkF16(out);
      return true;
    }
    return false;
  }
  if (name == "array") {
    if (targs.count == 0) return false;  // 'array(...)' constructor with inferred type
    if (targs.count > 2) {
      error(span, "'array' takes one or two template arguments");
      return true;
    }
    TypeId e = resolveType(arg(0));
    if (e == kNoType) return true;
    if (!T.isPlain(e) || !T.hasFixedFootprint(e) || T.containsRuntimeArray(e)) {
      error(exprSpan(arg(0)),
            "array element type must be a plain type with a fixed footprint, got '" + T.name(e) +
                "'");
      return true;
    }
    if (targs.count == 1) {
      out = T.array(e, 0);
      return true;
    }
    NodeId ce = arg(1);
    TypeId ct = resolveValue(ce);
    if (ct == kNoType) return true;
    TypeId cc = T.concretize(ct);
    if (T[cc].kind != TypeKind::I32 && T[cc].kind != TypeKind::U32) {
      error(exprSpan(ce), "array element count must be an i32 or u32, got '" + T.name(ct) + "'");
      return true;
    }
    const ExprInfo& ci = m_.exprs[ce];
    if (ci.stage == EvalStage::Override) {
      // override-sized array; identity is the override identifier, else the expression
      const Expr& cex = m_.ast.exprs[ce];
      uint32_t key = (cex.kind == ExprKind::Ident && ci.ref == RefKind::Var)
                         ? (ci.refIndex | 0x80000000u)
                         : ce;
      out = T.array(e, 0, key);
      ConstValue dv;
      if (anyValueOf(ce, dv) && dv.elems[0].i > 0)
        m_.overrideArrayCounts[key] = uint32_t(dv.elems[0].i);
      else if (!dv.elems.empty())  // #array-types: checked at pipeline creation
        pipelineError(exprSpan(ce), "array element count must be greater than 0, got " +
                                        std::to_string(dv.elems[0].i) +
                                        " (with the override values in use)");
      return true;
    }
    if (ci.stage != EvalStage::Const) {
      error(exprSpan(ce), "array element count must be a const- or override-expression");
      return true;
    }
    ConstValue v;
    if (!constValueOf(ce, v)) {
      error(exprSpan(ce), "could not evaluate the array element count");
      return true;
    }
    if (v.elems[0].i < 1) {
      error(exprSpan(ce),
            "array element count must be greater than 0, got " + std::to_string(v.elems[0].i));
      return true;
    }
    // 64-bit: the count (an i32/u32/AbstractInt) times the stride must not
    // wrap around the 32-bit layout fields
    uint64_t count = uint64_t(v.elems[0].i);
    uint64_t bytes = count > kMaxTypeByteSize ? kMaxTypeByteSize + 1
                                              : count * roundUp(T.alignOf(e), T.sizeOf(e));
    if (bytes > kMaxTypeByteSize) {
      std::string size = count > kMaxTypeByteSize ? "more than " : "";
      size += std::to_string(count > kMaxTypeByteSize ? kMaxTypeByteSize : bytes);
      error(exprSpan(ce), "array type 'array<" + T.name(e) + ", " + std::to_string(count) +
                              ">' is too large: its byte-size " + size + " exceeds the " +
                              std::to_string(kMaxTypeByteSize) +
                              " bytes this implementation supports (WGSL #limits)");
      return true;
    }
    out = T.array(e, uint32_t(count));
    return true;
  }
  if (name == "buffer") return bufferType(targs, span, out);
  if (name == "atomic") {
    if (targs.count != 1) {
      error(span, "'atomic' takes one template argument");
      return true;
    }
    TypeId e = resolveType(arg(0));
    if (e != kNoType && e != T.i32() && e != T.u32()) {
      error(exprSpan(arg(0)), "atomic type must be i32 or u32, got '" + T.name(e) + "'");
      return true;
    }
    if (e != kNoType) out = T.atomic(e);
    return true;
  }
  if (name == "ptr") {
    if (targs.count < 2 || targs.count > 3) {
      error(span,
            "'ptr' takes two or three template arguments: ptr<address_space, type[, access]>");
      return true;
    }
    AddressSpace s;
    if (!parseAddressSpace(argName(0), s) || s == AddressSpace::Handle) {
      error(exprSpan(arg(0)), "expected an address space");
      return true;
    }
    TypeId st = resolveType(arg(1));
    AccessMode a =
        s == AddressSpace::Storage || s == AddressSpace::Uniform || s == AddressSpace::Immediate
            ? AccessMode::Read
            : AccessMode::ReadWrite;
    if (targs.count == 3) {
      if (!parseAccessMode(argName(2), a)) {
        error(exprSpan(arg(2)), "expected an access mode (read, write, read_write)");
        return true;
      }
      if (s != AddressSpace::Storage)
        error(exprSpan(arg(2)), "an access mode may only be specified for 'storage' pointers");
    }
    if (st != kNoType) out = T.pointer(s, st, a);
    return true;
  }
  if (name == "sampler") return noTemplate(), out = T.sampler(false), true;
  if (name == "sampler_comparison") return noTemplate(), out = T.sampler(true), true;
  if (name == "texture_external") {
    noTemplate();
    out = T.texture(TextureKind::External, ViewDimension::e2D);
    return true;
  }
  if (name.substr(0, 8) == "texture_") {
    std::string_view rest = name.substr(8);
    ViewDimension d;
    if (rest.substr(0, 6) == "depth_") {
      std::string_view r2 = rest.substr(6);
      noTemplate();
      if (r2 == "multisampled_2d") {
        out = T.texture(TextureKind::DepthMultisampled, ViewDimension::e2D);
        return true;
      }
      if (!parseDim(r2, d) || d == ViewDimension::e1D || d == ViewDimension::e3D) return false;
      out = T.texture(TextureKind::Depth, d);
      return true;
    }
    if (rest.substr(0, 8) == "storage_") {
      if (!parseDim(rest.substr(8), d) || d == ViewDimension::Cube || d == ViewDimension::CubeArray)
        return false;
      if (targs.count != 2) {
        error(span,
              "'" + std::string(name) + "' takes two template arguments: <texel_format, access>");
        return true;
      }
      TexelFormat f;
      if (!parseTexelFormat(argName(0), f)) {
        error(exprSpan(arg(0)),
              "unknown texel format '" + std::string(m_.ast.exprs[arg(0)].name) + "'");
        return true;
      }
      AccessMode a;
      if (!parseAccessMode(argName(1), a)) {
        error(exprSpan(arg(1)), "expected an access mode (read, write, read_write)");
        return true;
      }
      out = T.texture(TextureKind::Storage, d, kNoType, f, a);
      return true;
    }
    bool ms = false;
    if (rest == "multisampled_2d") {
      ms = true;
      d = ViewDimension::e2D;
    } else if (!parseDim(rest, d)) {
      return false;
    }
    if (targs.count != 1) {
      error(span, "'" + std::string(name) + "' takes one template argument (f32, i32 or u32)");
      return true;
    }
    TypeId st = resolveType(arg(0));
    if (st != kNoType && st != T.f32() && st != T.i32() && st != T.u32()) {
      error(exprSpan(arg(0)),
            "texture sampled type must be f32, i32 or u32, got '" + T.name(st) + "'");
      return true;
    }
    if (st != kNoType)
      out = T.texture(ms ? TextureKind::Multisampled : TextureKind::Sampled, d, st);
    return true;
  }
  return false;
}

}  // namespace bindery::wgsl
