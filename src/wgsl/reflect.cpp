// Reflection (#shader-interface, #minimum-buffer-binding-size): per entry point
// the statically used resources, workgroup size and overrides; struct layouts.
#include <algorithm>

#include "ir.h"

namespace bindery::wgsl {

namespace {

ResourceBinding makeBinding(const ModuleImpl& m, uint32_t vid, const FnInfo& ep) {
  const TypeTable& T = m.types;
  const VarDecl& d = m.ast.vars[vid];
  const VarInfo& v = m.vars[vid];
  ResourceBinding b;
  b.group = v.group;
  b.binding = v.binding;
  b.name = std::string(d.name);
  b.wgslType = T.name(v.type);
  b.declLine = 0;
  const Type& t = T[v.type];
  auto usedAsTexture = [&]() {
    for (const SamplePair& p : ep.samplePairs)
      if (p.texture == vid) return true;
    return false;
  };
  auto usedAsSampler = [&]() {
    for (const SamplePair& p : ep.samplePairs) {
      if (p.sampler != vid) continue;
      const Type& tt = T[m.vars[p.texture].type];
      if (tt.kind == TypeKind::Texture && tt.texture == TextureKind::Sampled && tt.elem == T.f32())
        return true;
    }
    return false;
  };
  if (v.space == AddressSpace::Uniform) {
    b.kind = ResourceKind::UniformBuffer;
    b.minBindingSize = T.sizeOf(v.type);
  } else if (v.space == AddressSpace::Storage) {
    b.kind = v.access == AccessMode::ReadWrite ? ResourceKind::StorageBuffer
                                               : ResourceKind::ReadOnlyStorageBuffer;
    b.access = v.access == AccessMode::ReadWrite ? StorageAccess::ReadWrite : StorageAccess::Read;
    b.minBindingSize = T.sizeOf(v.type);
  } else if (t.kind == TypeKind::Sampler) {
    b.kind = ResourceKind::Sampler;
    b.usedWithSampler = usedAsSampler();
  } else if (t.kind == TypeKind::SamplerComparison) {
    b.kind = ResourceKind::ComparisonSampler;
  } else if (t.kind == TypeKind::Texture) {
    b.viewDimension = t.dim;
    auto sampleOf = [&](TypeId e) {
      if (e == T.i32()) return SampleKind::Sint;
      if (e == T.u32()) return SampleKind::Uint;
      return SampleKind::Float;
    };
    switch (t.texture) {
      case TextureKind::Sampled:
        b.kind = ResourceKind::SampledTexture;
        b.usedWithSampler = t.elem == T.f32() && usedAsTexture();
        b.sampleType = sampleOf(t.elem);
        if (b.sampleType == SampleKind::Float && !b.usedWithSampler)
          b.sampleType = SampleKind::UnfilterableFloat;
        break;
      case TextureKind::Multisampled:
        b.kind = ResourceKind::MultisampledTexture;
        b.multisampled = true;
        b.sampleType = sampleOf(t.elem);
        if (b.sampleType == SampleKind::Float) b.sampleType = SampleKind::UnfilterableFloat;
        break;
      case TextureKind::Depth:
        b.kind = ResourceKind::DepthTexture;
        b.sampleType = SampleKind::Depth;
        break;
      case TextureKind::DepthMultisampled:
        b.kind = ResourceKind::DepthMultisampledTexture;
        b.sampleType = SampleKind::Depth;
        b.multisampled = true;
        break;
      case TextureKind::Storage:
        b.kind = ResourceKind::StorageTexture;
        b.storageFormat = t.format;
        b.access = t.access == AccessMode::Read    ? StorageAccess::Read
                   : t.access == AccessMode::Write ? StorageAccess::Write
                                                   : StorageAccess::ReadWrite;
        break;
      case TextureKind::External:
        b.kind = ResourceKind::ExternalTexture;
        b.viewDimension = ViewDimension::e2D;
        break;
    }
  }
  return b;
}

}  // namespace

Reflection buildReflection(const ModuleImpl& m) {
  Reflection r;
  LineMap lines(m.source);
  const TypeTable& T = m.types;
  for (uint32_t fi = 0; fi < m.fns.size(); ++fi) {
    const FnInfo& f = m.fns[fi];
    if (!f.isEntry) continue;
    EntryPoint ep;
    ep.name = std::string(m.ast.fns[fi].name);
    ep.stage = f.stage;
    if (f.stage == Stage::Compute) ep.workgroupSize = f.workgroupSize;
    for (uint32_t v : f.uses) {
      const VarDecl& d = m.ast.vars[v];
      const VarInfo& vi = m.vars[v];
      if (d.kind == DeclKind::Override) {
        ep.overrides.push_back(std::string(d.name));
        continue;
      }
      if (d.kind != DeclKind::Var) continue;
      if (vi.space != AddressSpace::Uniform && vi.space != AddressSpace::Storage &&
          vi.space != AddressSpace::Handle)
        continue;
      ResourceBinding b = makeBinding(m, v, f);
      b.declLine = lines.line(d.nameSpan.offset);
      b.declColumn = lines.column(d.nameSpan.offset);
      ep.resources.push_back(std::move(b));
    }
    std::stable_sort(ep.resources.begin(), ep.resources.end(),
                     [](const ResourceBinding& a, const ResourceBinding& b) {
                       return a.group != b.group ? a.group < b.group : a.binding < b.binding;
                     });
    r.entryPoints.push_back(std::move(ep));
  }
  for (uint32_t si = 0; si < m.structTypes.size(); ++si) {
    TypeId t = m.structTypes[si];
    if (t == kNoType) continue;
    const StructInfo& s = T.structInfo(T[t].structIndex);
    StructLayout l;
    l.name = s.name;
    l.size = s.size;
    l.align = s.align;
    l.hostShareable = T.isHostShareable(t);
    for (const MemberInfo& mi : s.members)
      l.members.push_back(MemberLayout{mi.name, mi.offset, mi.size, mi.align, T.name(mi.type)});
    r.structs.push_back(std::move(l));
  }
  for (uint32_t vi = 0; vi < m.ast.vars.size(); ++vi) {
    const VarDecl& d = m.ast.vars[vi];
    if (d.kind != DeclKind::Override) continue;
    const VarInfo& v = m.vars[vi];
    OverrideInfo o;
    o.name = std::string(d.name);
    o.hasId = v.hasId;
    o.id = v.overrideId;
    o.wgslType = T.name(v.type);
    if (v.value && !v.value->elems.empty()) {
      o.hasDefault = true;
      bool f = T.isFloatScalar(v.type);
      o.defaultValue = f ? v.value->elems[0].f : double(v.value->elems[0].i);
    } else {
      o.hasDefault = d.init != kNone;
    }
    r.overrides.push_back(std::move(o));
  }
  return r;
}

}  // namespace bindery::wgsl
