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
    // #minimum-buffer-binding-size: a runtime-sized buffer, the largest view of it.
    if (T.isRuntimeSizedBuffer(v.type))
      if (auto it = m.bufferMinBindingSize.find(vid); it != m.bufferMinBindingSize.end())
        b.minBindingSize = it->second;
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

struct IoItem {
  std::string_view name;
  Range attrs;
  TypeId type;
  uint32_t offset = 0;          // byte offset of the name (of the return type when bare)
  std::string_view structName;  // the IO struct's name for a member
};

// Flatten an entry point's inputs (dir 0) or outputs (dir 1) into attributed items.
std::vector<IoItem> ioItems(const ModuleImpl& m, uint32_t fi, int dir) {
  const TypeTable& T = m.types;
  const FnDecl& f = m.ast.fns[fi];
  std::vector<IoItem> raw, out;
  if (dir == 0) {
    for (uint32_t i = 0; i < f.params.count; ++i) {
      uint32_t pv = m.ast.at(f.params, i);
      raw.push_back({m.ast.vars[pv].name,
                     m.ast.vars[pv].attrs,
                     m.vars[pv].type,
                     m.ast.vars[pv].nameSpan.offset,
                     {}});
    }
  } else if (f.returnType != kNone) {
    raw.push_back(
        {{}, f.returnAttrs, m.fns[fi].returnType, m.ast.exprs[f.returnType].span.offset, {}});
  }
  for (const IoItem& it : raw) {
    if (it.type != kNoType && T[it.type].kind == TypeKind::Struct && it.attrs.count == 0) {
      const StructInfo& s = T.structInfo(T[it.type].structIndex);
      for (const MemberInfo& mi : s.members)
        out.push_back({mi.name, mi.attrs, mi.type, mi.span.offset, s.name});
    } else {
      out.push_back(it);
    }
  }
  return out;
}

void collectIo(const ModuleImpl& m, const LineMap& lines, uint32_t fi, int dir,
               std::vector<IoLocation>& locs, std::vector<std::string>& builtins,
               std::vector<IoBuiltin>& builtinDecls) {
  const TypeTable& T = m.types;
  for (const IoItem& it : ioItems(m, fi, dir)) {
    IoLocation loc;
    bool hasLocation = false;
    loc.name = std::string(it.name);
    loc.structName = std::string(it.structName);
    loc.declLine = lines.line(it.offset);
    loc.declColumn = lines.column(it.offset);
    for (uint32_t k = 0; k < it.attrs.count; ++k) {
      const Attribute& a = m.ast.attrs[it.attrs.begin + k];
      auto argName = [&](uint32_t i) -> std::string {
        if (i >= a.args.count) return {};
        return std::string(m.ast.exprs[m.ast.at(a.args, i)].name);
      };
      auto argValue = [&](uint32_t i) -> uint32_t {
        if (i >= a.args.count) return 0;
        auto v = m.constValues.find(m.ast.at(a.args, i));
        return v == m.constValues.end() || v->second.elems.empty() ? 0
                                                                   : uint32_t(v->second.elems[0].i);
      };
      if (a.name == "builtin") {
        builtins.push_back(argName(0));
        IoBuiltin b{argName(0), loc.name, loc.structName, {}, 0, loc.declLine, loc.declColumn};
        if (it.type != kNoType) {
          b.wgslType = T.name(it.type);
          if (T[it.type].kind == TypeKind::Array) b.arraySize = T[it.type].count;
        }
        builtinDecls.push_back(std::move(b));
      }
      if (a.name == "location") hasLocation = true, loc.location = argValue(0);
      if (a.name == "interpolate") loc.interpolation = argName(0), loc.sampling = argName(1);
      if (a.name == "blend_src") loc.hasBlendSrc = true, loc.blendSrc = argValue(0);
    }
    if (!hasLocation || it.type == kNoType) continue;
    loc.wgslType = T.name(it.type);
    TypeId leaf = T.leaf(it.type);
    loc.scalar = leaf == T.f16()   ? IoScalar::F16
                 : leaf == T.i32() ? IoScalar::I32
                 : leaf == T.u32() ? IoScalar::U32
                                   : IoScalar::F32;
    loc.components = T[it.type].kind == TypeKind::Vector ? T[it.type].width : 1;
    bool isFloat = loc.scalar == IoScalar::F32 || loc.scalar == IoScalar::F16;
    if (loc.interpolation.empty()) loc.interpolation = isFloat ? "perspective" : "flat";
    if (loc.sampling.empty()) loc.sampling = loc.interpolation == "flat" ? "first" : "center";
    locs.push_back(std::move(loc));
  }
  std::stable_sort(locs.begin(), locs.end(), [](const IoLocation& a, const IoLocation& b) {
    return a.location != b.location ? a.location < b.location : a.blendSrc < b.blendSrc;
  });
}

}  // namespace

namespace {

std::string sourceText(const ModuleImpl& m, Span span) {
  if (span.offset >= m.source.size()) return {};
  return m.source.substr(span.offset, span.length);
}

// The functions entry point `fi` can reach (itself included).
std::vector<bool> reachable(const ModuleImpl& m, uint32_t fi) {
  std::vector<bool> seen(m.fns.size(), false);
  std::vector<uint32_t> todo = {fi};
  while (!todo.empty()) {
    uint32_t f = todo.back();
    todo.pop_back();
    if (f >= seen.size() || seen[f]) continue;
    seen[f] = true;
    for (uint32_t c : m.fns[f].callees) todo.push_back(c);
  }
  return seen;
}

// #accessible-slots: the 4-byte slots of `t` (at byte `offset`) that hold
// data, padding left out. Immediate data types have no arrays.
void accessibleSlots(const TypeTable& T, TypeId t, uint32_t offset, std::vector<bool>& slots) {
  auto bytes = [&](uint32_t begin, uint32_t size) {
    for (uint32_t i = begin / 4; size && i <= (begin + size - 1) / 4; ++i) {
      if (i >= slots.size()) slots.resize(i + 1, false);
      slots[i] = true;
    }
  };
  const Type& ty = T[t];
  if (ty.kind == TypeKind::Matrix) {
    uint32_t s = T.sizeOf(ty.elem);
    uint32_t column = ty.rows * s;
    uint32_t stride = (ty.rows == 3 ? 4 : ty.rows) * s;  // roundUp(AlignOf(vecR), SizeOf(vecR))
    for (uint32_t c = 0; c < ty.width; ++c) bytes(offset + c * stride, column);
  } else if (ty.kind == TypeKind::Struct) {
    for (const MemberInfo& mi : T.structInfo(ty.structIndex).members)
      accessibleSlots(T, mi.type, offset + mi.offset, slots);
  } else {
    bytes(offset, T.sizeOf(t));
  }
}

// What pipeline creation validates of entry point `fi` beyond its bindings:
// @workgroup_size as written, workgroup variables, texture builtin calls,
// the immediate variable, the pipeline-creation errors.
void reflectPipelineFacts(const ModuleImpl& m, const LineMap& lines, uint32_t fi, EntryPoint& ep) {
  const TypeTable& T = m.types;
  const FnInfo& f = m.fns[fi];
  const FnDecl& fd = m.ast.fns[fi];
  for (uint32_t i = 0; i < fd.attrs.count; ++i) {
    const Attribute& a = m.ast.attrs[fd.attrs.begin + i];
    if (a.name != "workgroup_size") continue;
    for (uint32_t k = 0; k < a.args.count && k < 3; ++k)
      ep.workgroupSizeText[k] = sourceText(m, m.ast.exprs[m.ast.at(a.args, k)].span);
  }
  for (uint32_t v : f.uses) {
    const VarDecl& d = m.ast.vars[v];
    const VarInfo& vi = m.vars[v];
    if (d.kind != DeclKind::Var || vi.type == kNoType) continue;
    if (vi.space == AddressSpace::Immediate && ep.immediateName.empty()) {
      ep.immediateSize = T.sizeOf(vi.type);
      ep.immediateName = std::string(d.name);
      ep.immediateLine = lines.line(d.nameSpan.offset);
      std::vector<bool> slots;
      accessibleSlots(T, vi.type, 0, slots);
      for (uint32_t i = 0; i < slots.size(); ++i)
        if (slots[i]) ep.immediateSlots.push_back(i);
    }
    if (vi.space != AddressSpace::Workgroup) continue;
    WorkgroupVariable w;
    w.name = std::string(d.name);
    w.wgslType = T.name(vi.type);
    w.declLine = lines.line(d.nameSpan.offset);
    w.size = T.sizeOf(vi.type);
    const Type& t = T[vi.type];
    if (t.kind == TypeKind::Array && t.overrideKey != kNone) {
      auto c = m.overrideArrayCounts.find(t.overrideKey);
      w.elementCount = c == m.overrideArrayCounts.end() ? 0 : c->second;
      w.size = w.elementCount * T.strideOf(vi.type);
      w.countText = (t.overrideKey & 0x80000000u)
                        ? std::string(m.ast.vars[t.overrideKey & 0x7fffffffu].name)
                        : sourceText(m, m.ast.exprs[t.overrideKey].span);
    }
    if (t.kind == TypeKind::Buffer && t.overrideKey != kNone) {  // buffer<override-expression>
      auto c = m.overrideArrayCounts.find(t.overrideKey);
      w.size = c == m.overrideArrayCounts.end() ? 0 : c->second;
    }
    ep.workgroupVariables.push_back(std::move(w));
  }
  for (const TextureUseRecord& u : f.textureUses) {
    if (u.texture >= m.vars.size() || !m.vars[u.texture].hasGroup) continue;
    TextureUse out;
    out.textureGroup = m.vars[u.texture].group;
    out.textureBinding = m.vars[u.texture].binding;
    if (u.sampler < m.vars.size() && m.vars[u.sampler].hasGroup) {
      out.hasSampler = true;
      out.samplerGroup = m.vars[u.sampler].group;
      out.samplerBinding = m.vars[u.sampler].binding;
      out.comparisonSampler = u.comparison;
    }
    out.load = u.load;
    if (std::find(ep.textureUses.begin(), ep.textureUses.end(), out) == ep.textureUses.end())
      ep.textureUses.push_back(out);
  }
  for (const auto& [name, span] : f.builtinCalls)
    ep.builtinFunctions.push_back({name, lines.line(span.offset), lines.column(span.offset),
                                   lines.codePointColumn(span.offset)});
  if (!m.pipelineErrors.empty()) {
    std::vector<bool> fns = reachable(m, fi);
    for (const PipelineErrorRecord& r : m.pipelineErrors) {
      bool mine = r.fn != kNone
                      ? r.fn < fns.size() && fns[r.fn]
                      : r.var != kNone && std::binary_search(f.uses.begin(), f.uses.end(), r.var);
      if (mine) ep.pipelineErrors.push_back(r.diagnostic);
    }
  }
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
    collectIo(m, lines, fi, 0, ep.inputs, ep.builtinInputs, ep.builtinInputDecls);
    collectIo(m, lines, fi, 1, ep.outputs, ep.builtinOutputs, ep.builtinOutputDecls);
    if (f.stage == Stage::Compute) {
      for (uint32_t v : f.uses) {
        const VarInfo& vi = m.vars[v];
        if (m.ast.vars[v].kind != DeclKind::Var || vi.space != AddressSpace::Workgroup) continue;
        const Type& t = T[vi.type];
        uint64_t size = T.sizeOf(vi.type);
        if (t.kind == TypeKind::Array && t.overrideKey != kNone) {
          auto c = m.overrideArrayCounts.find(t.overrideKey);
          size = uint64_t(c == m.overrideArrayCounts.end() ? 0 : c->second) * T.strideOf(vi.type);
        }
        if (t.kind == TypeKind::Buffer && t.overrideKey != kNone) {
          auto c = m.overrideArrayCounts.find(t.overrideKey);
          size = c == m.overrideArrayCounts.end() ? 0 : c->second;
        }
        ep.workgroupStorageSize += (size + 15) / 16 * 16;
      }
    }
    std::stable_sort(ep.resources.begin(), ep.resources.end(),
                     [](const ResourceBinding& a, const ResourceBinding& b) {
                       return a.group != b.group ? a.group < b.group : a.binding < b.binding;
                     });
    reflectPipelineFacts(m, lines, fi, ep);
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
    o.hasDefault = d.init != kNone;
    if (v.value && !v.value->elems.empty()) {
      bool f = T.isFloatScalar(v.type);
      o.defaultValue = f ? v.value->elems[0].f : double(v.value->elems[0].i);
    }
    o.declLine = lines.line(d.nameSpan.offset);
    r.overrides.push_back(std::move(o));
  }
  FnInfo none;
  for (uint32_t vi = 0; vi < m.ast.vars.size(); ++vi) {
    const VarDecl& d = m.ast.vars[vi];
    const VarInfo& v = m.vars[vi];
    if (!d.global || d.kind != DeclKind::Var || !v.hasGroup || !v.hasBinding || v.type == kNoType)
      continue;
    ResourceBinding b = makeBinding(m, vi, none);
    b.declLine = lines.line(d.nameSpan.offset);
    b.declColumn = lines.column(d.nameSpan.offset);
    r.declaredResources.push_back(std::move(b));
  }
  return r;
}

}  // namespace bindery::wgsl
