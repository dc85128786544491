// Records a submitted command buffer's command stream (core::CommandStream)
// into a VkCommandBuffer: one recordX per CommandType. Copies and clears are
// recorded here, compute and render passes by their recorders; before each
// render pass begins, the textures of the bind groups it sets move to their
// shader layouts (a first walk of the stream finds them, only when the stream
// has a render pass). Timestamps and resolveQuerySet are recorded here,
// occlusion queries by the render pass recorder (query_set.h).
#pragma once

#include "backends/vulkan/functions.h"

#include <string_view>

#include "backends/vulkan/error.h"

namespace bindery::core {
class CommandStream;
enum class CommandType : uint8_t;
}  // namespace bindery::core

namespace bindery::vulkan {

// `hostReadable` becomes true when a command writes a buffer the host can
// map for reading (GPUBufferUsage.MAP_READ): the submission then ends with a
// host-read barrier (Device::noteHostReadableWrite).
// `serial` is the submission's (the bind groups it binds keep their sets
// until it completes).
Status recordCommandStream(VkCommandBuffer commands, const core::CommandStream& stream,
                           backend::Serial serial, bool& hostReadable);

// "copyBufferToBuffer", "dispatchWorkgroups", ... (the API call that recorded it).
std::string_view commandName(core::CommandType type);

}  // namespace bindery::vulkan
