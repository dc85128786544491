// The null device's queue timeline: runs a submitted command buffer's
// commands in order (#dom-gpuqueue-submit, "Execute each command in
// commandBuffer.[[command_list]]"). Only commands with an effect on host
// data do anything: query writes, resolveQuerySet and the copies, in
// encoding order (so a resolve and a copy after it see each other's data).
#pragma once

#include "backends/backend.h"

namespace bindery::backend::null {

// Runs `commands` (validated by the core). Every command runs; the first
// failure (an allocation) is returned.
Status executeCommands(const core::CommandStream& commands);

}  // namespace bindery::backend::null
