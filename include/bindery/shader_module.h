// GPUShaderModule and its descriptor (#shader-module-creation), and
// GPUCompilationInfo (#gpucompilationinfo).
//
//   ShaderModule m = device.createShaderModule({.label = "blur", .code = wgsl});
//   for (const CompilationMessage& msg : m.getCompilationInfo().messages) ...
//
// A module whose WGSL has errors is invalid (a validation error is
// generated); its getCompilationInfo() still lists every message.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bindery/object.h"

namespace bindery {

class PipelineLayout;

struct ShaderModuleCompilationHint {
  std::string entryPoint;  // required
  // (GPUPipelineLayout or "auto") layout: hints are not validated and have
  // no observable effect, so the layout is not kept.
};

struct ShaderModuleDescriptor {
  std::string label;
  std::string code;  // required: the WGSL source
  std::vector<ShaderModuleCompilationHint> compilationHints;
};

enum class CompilationMessageType : uint8_t {
  Error,    // "error": a shader-creation error
  Warning,  // "warning"
  Info,     // "info"
};
std::string_view toString(CompilationMessageType type);

// GPUCompilationMessage. Positions are the spec's: lineNum and linePos are
// 1-based (0 when the message is about no position), linePos, offset and
// length count UTF-16 code units of the source (so `offset`/`length` suit
// JavaScript's substr()).
struct CompilationMessage {
  std::string message;
  CompilationMessageType type = CompilationMessageType::Error;
  uint64_t lineNum = 0;
  uint64_t linePos = 0;
  uint64_t offset = 0;
  uint64_t length = 0;
};

struct CompilationInfo {
  std::vector<CompilationMessage> messages;
};

class ShaderModule : public detail::Handle {
  BINDERY_HANDLE_CLASS(ShaderModule);

  // #dom-gpushadermodule-getcompilationinfo (the promise's value; the null
  // device compiles synchronously, so it is ready at once).
  CompilationInfo getCompilationInfo() const;
};

}  // namespace bindery
