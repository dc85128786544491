// The null device's queue timeline: runs a submitted command buffer's
// commands in order (#dom-gpuqueue-submit, "Execute each command in
// commandBuffer.[[command_list]]"). Only commands with an effect on host
// data do anything: query writes and resolveQuerySet (query_commands.cpp).
// Other commands that move data (copies) belong in the same walk, so their
// order relative to a resolve is the encoding order.
#pragma once

namespace bindery::core {

class CommandBufferBase;
class DeviceBase;

// Runs `commandBuffer` (already validated by submit()).
void executeCommandBuffer(DeviceBase* device, const CommandBufferBase& commandBuffer);

}  // namespace bindery::core
