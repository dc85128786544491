// The record of beginRenderPass in the command stream (#dom-gpucommandencoder-beginrenderpass):
// what a backend needs to begin the pass. BeginRenderPassCmd is followed by
// colorCount RenderPassColorRecord, then one RenderPassDepthStencilRecord when
// hasDepthStencil. The views are kept alive by the command buffer's used
// resources (the pass's attachments).
#pragma once

#include <cstdint>

#include "bindery/command_encoder.h"

namespace bindery::core {

class TextureViewBase;

struct BeginRenderPassCmd {
  uint32_t colorCount;
  uint32_t hasDepthStencil;
  uint32_t width;  // [[attachment_size]]
  uint32_t height;
};

struct RenderPassColorRecord {
  const TextureViewBase* view;           // null: an empty slot
  const TextureViewBase* resolveTarget;  // may be null
  double clearValue[4];
  LoadOp loadOp;
  StoreOp storeOp;
  uint32_t depthSlice;
};

struct RenderPassDepthStencilRecord {
  const TextureViewBase* view;
  float depthClearValue;
  uint32_t stencilClearValue;
  LoadOp depthLoadOp;  // meaningful when the format has depth and not depthReadOnly
  StoreOp depthStoreOp;
  LoadOp stencilLoadOp;
  StoreOp stencilStoreOp;
  bool depthReadOnly;
  bool stencilReadOnly;
};

inline const RenderPassColorRecord* colorRecordsOf(const BeginRenderPassCmd* cmd) {
  return reinterpret_cast<const RenderPassColorRecord*>(cmd + 1);
}
inline const RenderPassDepthStencilRecord* depthStencilRecordOf(const BeginRenderPassCmd* cmd) {
  return reinterpret_cast<const RenderPassDepthStencilRecord*>(colorRecordsOf(cmd) +
                                                               cmd->colorCount);
}

}  // namespace bindery::core
