// The null device's queue timeline (queue_execution.h).
#include "backends/null/queue_execution.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <optional>

#include "backends/null/buffer.h"
#include "backends/null/query_set.h"
#include "backends/null/texture_storage.h"
#include "core/commands/command_buffer.h"
#include "core/commands/copy_commands.h"
#include "core/resources/buffer.h"
#include "core/resources/query_set.h"

namespace bindery::backend::null {

namespace {

using core::CommandType;

// #abstract-opdef-current-queue-timestamp, faked: nanoseconds of a steady
// clock, forced to increase strictly from one write to the next (in this
// process), so resolved timestamps of one submit read back in order.
uint64_t currentQueueTimestamp() {
  static std::atomic<uint64_t> last{0};
  uint64_t now = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                           std::chrono::steady_clock::now().time_since_epoch())
                                           .count());
  uint64_t prev = last.load(std::memory_order_relaxed);
  uint64_t next;
  do {
    next = std::max(now, prev + 1);
  } while (!last.compare_exchange_weak(prev, next, std::memory_order_relaxed));
  return next;
}

template <class T>
const T& payload(const uint8_t* p) {
  return *reinterpret_cast<const T*>(p);
}

NullBuffer& bufferOf(const core::BufferBase* buffer) {
  return *static_cast<NullBuffer*>(buffer->backendObject());
}

NullQuerySet& querySetOf(const core::QuerySetBase* querySet) {
  return *static_cast<NullQuerySet*>(querySet->backendObject());
}

Result<uint8_t*> bytesOf(const core::BufferBase* buffer) {
  return bufferOf(buffer).bytesOr(buffer->describe());
}

TexelCopyTextureInfo textureInfo(const core::TexelCopyTextureRecord& r) {
  // A handle is only needed for the (mipLevel, origin, aspect) fields here.
  TexelCopyTextureInfo info;
  info.mipLevel = r.mipLevel;
  info.origin = r.origin;
  info.aspect = r.aspect;
  return info;
}

// #dom-gpucommandencoder-resolvequeryset, queue timeline.
Status resolveQuerySet(const core::ResolveQuerySetCmd& cmd) {
  if (cmd.queryCount == 0) return {};
  Result<uint8_t*> bytes = bytesOf(cmd.destination);
  if (bytes.isError()) return bytes.error();
  const NullQuerySet& querySet = querySetOf(cmd.querySet);
  for (uint32_t i = 0; i < cmd.queryCount; ++i) {
    uint64_t value = querySet.value(cmd.firstQuery + i);
    std::memcpy(bytes.value() + cmd.destinationOffset + 8 * uint64_t{i}, &value, sizeof(value));
  }
  return {};
}

Status copyBufferToBuffer(const core::CopyBufferToBufferCmd& cmd) {
  if (cmd.size == 0) return {};
  Result<uint8_t*> from = bytesOf(cmd.source);
  if (from.isError()) return from.error();
  Result<uint8_t*> to = bytesOf(cmd.destination);
  if (to.isError()) return to.error();
  std::memmove(to.value() + cmd.destinationOffset, from.value() + cmd.sourceOffset, cmd.size);
  return {};
}

Status clearBuffer(const core::ClearBufferCmd& cmd) {
  if (cmd.size == 0) return {};
  Result<uint8_t*> bytes = bytesOf(cmd.buffer);
  if (bytes.isError()) return bytes.error();
  std::memset(bytes.value() + cmd.offset, 0, cmd.size);
  return {};
}

Status copyBufferTexture(CommandType type, const core::CopyBufferTextureCmd& cmd) {
  if (cmd.copySize.width == 0 || cmd.copySize.height == 0 || cmd.copySize.depthOrArrayLayers == 0) {
    return {};
  }
  Result<uint8_t*> bytes = bytesOf(cmd.buffer.buffer);
  if (bytes.isError()) return bytes.error();
  TexelCopyBufferLayout layout{cmd.buffer.offset, cmd.buffer.bytesPerRow, cmd.buffer.rowsPerImage};
  if (type == CommandType::CopyBufferToTexture) {
    return writeTexelsFromLinear(*cmd.texture.texture, textureInfo(cmd.texture), bytes.value(),
                                 layout, cmd.copySize);
  }
  readTexelsToLinear(*cmd.texture.texture, textureInfo(cmd.texture), bytes.value(), layout,
                     cmd.copySize);
  return {};
}

Status executeCommand(CommandType type, const uint8_t* p) {
  switch (type) {
    case CommandType::WriteTimestamp: {
      const auto& cmd = payload<core::QueryCmd>(p);
      querySetOf(cmd.querySet).setValue(cmd.queryIndex, currentQueueTimestamp());
      return {};
    }
    case CommandType::EndOcclusionQuery: {
      // Nothing is rasterized, so no sample ever passes: the result is 0.
      const auto& cmd = payload<core::QueryCmd>(p);
      querySetOf(cmd.querySet).setValue(cmd.queryIndex, 0);
      return {};
    }
    case CommandType::ResolveQuerySet: return resolveQuerySet(payload<core::ResolveQuerySetCmd>(p));
    case CommandType::CopyBufferToBuffer:
      return copyBufferToBuffer(payload<core::CopyBufferToBufferCmd>(p));
    case CommandType::ClearBuffer: return clearBuffer(payload<core::ClearBufferCmd>(p));
    case CommandType::CopyBufferToTexture:
    case CommandType::CopyTextureToBuffer:
      return copyBufferTexture(type, payload<core::CopyBufferTextureCmd>(p));
    case CommandType::CopyTextureToTexture: {
      const auto& cmd = payload<core::CopyTextureToTextureCmd>(p);
      return copyTexels(*cmd.source.texture, textureInfo(cmd.source), *cmd.destination.texture,
                        textureInfo(cmd.destination), cmd.copySize);
    }
    default: return {};
  }
}

}  // namespace

Status executeCommands(const core::CommandStream& commands) {
  std::optional<BackendError> first;
  commands.forEach([&](CommandType type, const uint8_t* p) {
    Status status = executeCommand(type, p);
    if (status.isError() && !first) first = status.error();
  });
  if (first) return *first;
  return {};
}

}  // namespace bindery::backend::null
