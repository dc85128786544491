// Internal: the SPIR-V module builder. Id allocation, one word list per
// logical section of the module (SPIR-V 2.4 "Logical Layout of a Module"),
// instruction encoding, capabilities and extensions each declared once.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <spirv/unified1/spirv.hpp11>

namespace bindery::spirv {

using Id = uint32_t;
using Words = std::vector<uint32_t>;

// Appends one instruction: opcode, then `operands` (ids or literals).
void emitOp(Words& out, spv::Op op, std::initializer_list<uint32_t> operands);
void emitOp(Words& out, spv::Op op, const std::vector<uint32_t>& operands);
// A literal string operand: UTF-8, NUL-terminated, padded to a word.
void appendString(Words& out, std::string_view s);

class ModuleBuilder {
 public:
  Id newId() { return nextId_++; }
  uint32_t bound() const { return nextId_; }

  void capability(spv::Capability c);
  void extension(std::string_view name);
  Id glslStd450();  // the GLSL.std.450 import, added on first use

  void name(Id target, std::string_view name);
  void memberName(Id type, uint32_t member, std::string_view name);
  void decorate(Id target, spv::Decoration d, std::initializer_list<uint32_t> extra = {});
  void memberDecorate(Id type, uint32_t member, spv::Decoration d,
                      std::initializer_list<uint32_t> extra = {});
  void entryPoint(spv::ExecutionModel model, Id fn, std::string_view name,
                  const std::vector<Id>& interface);
  void executionMode(Id fn, spv::ExecutionMode mode, std::initializer_list<uint32_t> extra = {});

  // The whole module: header (`version`, generator 0, bound) and sections in order.
  Words assemble(uint32_t version) const;

  Words globals;    // types, constants, global variables
  Words functions;  // function definitions

 private:
  Id nextId_ = 1;
  std::set<uint32_t> capabilitySet_;
  std::set<std::string, std::less<>> extensionSet_;
  Words capabilities_, extensions_, imports_, entryPoints_, executionModes_, names_, annotations_;
  Id glsl_ = 0;
};

}  // namespace bindery::spirv
