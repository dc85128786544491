// The null device's queue timeline (command_execution.h).
#include "core/commands/command_execution.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>

#include "core/resources/buffer.h"
#include "core/commands/command_buffer.h"
#include "core/commands/copy_commands.h"
#include "core/device/device.h"
#include "core/resources/query_set.h"

namespace bindery::core {

namespace {

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

}  // namespace

void executeCommandBuffer(DeviceBase* device, const CommandBufferBase& commandBuffer) {
  commandBuffer.commands().forEach([&](CommandType type, const uint8_t* p) {
    switch (type) {
      case CommandType::WriteTimestamp: {
        const QueryCmd& cmd = payload<QueryCmd>(p);
        const_cast<QuerySetBase*>(cmd.querySet)->setValue(cmd.queryIndex, currentQueueTimestamp());
        break;
      }
      case CommandType::EndOcclusionQuery: {
        // Nothing is rasterized, so no sample ever passes: the result is 0.
        const QueryCmd& cmd = payload<QueryCmd>(p);
        const_cast<QuerySetBase*>(cmd.querySet)->setValue(cmd.queryIndex, 0);
        break;
      }
      case CommandType::ResolveQuerySet: {
        // #dom-gpucommandencoder-resolvequeryset, queue timeline.
        const ResolveQuerySetCmd& cmd = payload<ResolveQuerySetCmd>(p);
        auto* destination = const_cast<BufferBase*>(cmd.destination);
        uint8_t* bytes = destination->storage() ? destination->storage()->bytes() : nullptr;
        if (!bytes) {
          if (cmd.queryCount == 0) break;
          device->dispatchError(makeError(ErrorType::OutOfMemory, ErrorCode::OutOfMemory,
                                          "Allocating the destination buffer's memory failed."),
                                "resolveQuerySet (queue timeline)");
          break;
        }
        for (uint32_t i = 0; i < cmd.queryCount; ++i) {
          uint64_t value = cmd.querySet->value(cmd.firstQuery + i);
          std::memcpy(bytes + cmd.destinationOffset + 8 * uint64_t{i}, &value, sizeof(value));
        }
        break;
      }
      case CommandType::CopyBufferToBuffer:
      case CommandType::ClearBuffer:
      case CommandType::CopyBufferToTexture:
      case CommandType::CopyTextureToBuffer:
      case CommandType::CopyTextureToTexture: executeCopyCommand(device, type, p); break;
      default: break;
    }
  });
}

}  // namespace bindery::core
