#include "builder.h"

namespace bindery::spirv {

void emitOp(Words& out, spv::Op op, std::initializer_list<uint32_t> operands) {
  out.push_back(uint32_t(operands.size() + 1) << 16 | uint32_t(op));
  out.insert(out.end(), operands.begin(), operands.end());
}

void emitOp(Words& out, spv::Op op, const std::vector<uint32_t>& operands) {
  out.push_back(uint32_t(operands.size() + 1) << 16 | uint32_t(op));
  out.insert(out.end(), operands.begin(), operands.end());
}

void appendString(Words& out, std::string_view s) {
  uint32_t word = 0;
  size_t i = 0;
  for (; i < s.size(); ++i) {
    word |= uint32_t(uint8_t(s[i])) << (8 * (i % 4));
    if (i % 4 == 3) {
      out.push_back(word);
      word = 0;
    }
  }
  out.push_back(word);  // the NUL (and padding), always at least one byte
}

namespace {
// Encodes `op` with leading ids, a string, then trailing words.
void emitWithString(Words& out, spv::Op op, std::initializer_list<uint32_t> before,
                    std::string_view s, const std::vector<uint32_t>& after = {}) {
  size_t at = out.size();
  out.push_back(0);
  out.insert(out.end(), before.begin(), before.end());
  appendString(out, s);
  out.insert(out.end(), after.begin(), after.end());
  out[at] = uint32_t(out.size() - at) << 16 | uint32_t(op);
}
}  // namespace

void ModuleBuilder::capability(spv::Capability c) {
  if (capabilitySet_.insert(uint32_t(c)).second)
    emitOp(capabilities_, spv::Op::OpCapability, {uint32_t(c)});
}

void ModuleBuilder::extension(std::string_view name) {
  if (extensionSet_.find(name) != extensionSet_.end()) return;
  extensionSet_.emplace(name);
  emitWithString(extensions_, spv::Op::OpExtension, {}, name);
}

Id ModuleBuilder::glslStd450() {
  if (!glsl_) {
    glsl_ = newId();
    emitWithString(imports_, spv::Op::OpExtInstImport, {glsl_}, "GLSL.std.450");
  }
  return glsl_;
}

void ModuleBuilder::name(Id target, std::string_view n) {
  emitWithString(names_, spv::Op::OpName, {target}, n);
}

void ModuleBuilder::memberName(Id type, uint32_t member, std::string_view n) {
  emitWithString(names_, spv::Op::OpMemberName, {type, member}, n);
}

void ModuleBuilder::decorate(Id target, spv::Decoration d, std::initializer_list<uint32_t> extra) {
  std::vector<uint32_t> ops{target, uint32_t(d)};
  ops.insert(ops.end(), extra.begin(), extra.end());
  emitOp(annotations_, spv::Op::OpDecorate, ops);
}

void ModuleBuilder::memberDecorate(Id type, uint32_t member, spv::Decoration d,
                                   std::initializer_list<uint32_t> extra) {
  std::vector<uint32_t> ops{type, member, uint32_t(d)};
  ops.insert(ops.end(), extra.begin(), extra.end());
  emitOp(annotations_, spv::Op::OpMemberDecorate, ops);
}

void ModuleBuilder::entryPoint(spv::ExecutionModel model, Id fn, std::string_view n,
                               const std::vector<Id>& interface) {
  emitWithString(entryPoints_, spv::Op::OpEntryPoint, {uint32_t(model), fn}, n, interface);
}

void ModuleBuilder::executionMode(Id fn, spv::ExecutionMode mode,
                                  std::initializer_list<uint32_t> extra) {
  std::vector<uint32_t> ops{fn, uint32_t(mode)};
  ops.insert(ops.end(), extra.begin(), extra.end());
  emitOp(executionModes_, spv::Op::OpExecutionMode, ops);
}

Words ModuleBuilder::assemble(uint32_t version) const {
  Words out{spv::MagicNumber, version, 0, nextId_, 0};
  out.reserve(out.size() + capabilities_.size() + extensions_.size() + imports_.size() + 3 +
              entryPoints_.size() + executionModes_.size() + names_.size() + annotations_.size() +
              globals.size() + functions.size());
  out.insert(out.end(), capabilities_.begin(), capabilities_.end());
  out.insert(out.end(), extensions_.begin(), extensions_.end());
  out.insert(out.end(), imports_.begin(), imports_.end());
  emitOp(out, spv::Op::OpMemoryModel,
         {uint32_t(spv::AddressingModel::Logical), uint32_t(spv::MemoryModel::GLSL450)});
  out.insert(out.end(), entryPoints_.begin(), entryPoints_.end());
  out.insert(out.end(), executionModes_.begin(), executionModes_.end());
  out.insert(out.end(), names_.begin(), names_.end());
  out.insert(out.end(), annotations_.begin(), annotations_.end());
  out.insert(out.end(), globals.begin(), globals.end());
  out.insert(out.end(), functions.begin(), functions.end());
  return out;
}

}  // namespace bindery::spirv
