// Pipeline barriers of the copy path. Every transfer is preceded by a memory
// barrier that orders it after earlier work of the queue (writes of earlier
// commands and submissions become visible to it), and every submission ends
// with one that makes its writes visible to the host (mapAsync reads them).
// Image layout transitions are the texture's (texture.h).
#pragma once

#include "backends/vulkan/functions.h"

namespace bindery::vulkan {

// Earlier writes (any stage) -> transfer reads and writes.
void transferBarrier(VkCommandBuffer commands);
// Earlier writes (any stage) -> host reads.
void hostReadBarrier(VkCommandBuffer commands);

}  // namespace bindery::vulkan
