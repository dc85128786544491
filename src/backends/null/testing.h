// What tests of the null device look at: its host memory, where written
// data is kept (so a test can read a buffer without a map, or check that an
// untouched texture allocated nothing), and its adapter's default limits.
#pragma once

#include <cstdint>

#include "bindery/device.h"

namespace bindery::backend::null {

// The buffer's bytes (allocated zero-filled on first use); null for an
// invalid buffer or when the allocation fails.
uint8_t* bufferBytes(const Buffer& buffer);
// Whether any subresource of the texture holds texel data.
bool hasTexelData(const Texture& texture);
// The limits the null adapter supports unless NullAdapterOptions.limits says.
Limits defaultAdapterLimits();

}  // namespace bindery::backend::null
