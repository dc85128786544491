// GPURenderPassEncoder's rasterization state
// (#render-pass-encoder-rasterization-state): setViewport, setScissorRect,
// setBlendConstant, setStencilReference. The null device does not
// rasterize; each command is validated, recorded, and kept as the pass's
// current state (what RenderState would hold on the queue timeline).
#include <fmt/format.h>

#include <cmath>

#include "core/base/handles.h"
#include "core/commands/render_pass.h"
#include "core/device/device.h"

namespace bindery::core {

namespace {

// A number as JavaScript prints it (NaN, Infinity, 0.5).
std::string jsNumber(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  return fmt::format("{}", v);
}

}  // namespace

// #dom-gpurenderpassencoder-setviewport
void RenderPassEncoderBase::setViewport(float x, float y, float width, float height, float minDepth,
                                        float maxDepth) {
  DeviceBase* dev = device();
  dev->beginCall();
  uint32_t cmd;
  if (!beginCommand("setViewport", &cmd)) return;
  auto validate = [&]() -> MaybeError {
    // The comparisons are written so that a NaN fails them.
    double maxDimension = dev->limits().maxTextureDimension2D;
    double range = maxDimension * 2;
    for (auto [name, v] : {std::pair{"x", x}, std::pair{"y", y}}) {
      BINDERY_INVALID_IF_FIX(
          !(v >= -range), ViewportOutOfRange,
          "Keep the viewport's origin within twice maxTextureDimension2D of the attachment.",
          "{} ({}) is less than -{} (minus twice the device's maxTextureDimension2D limit, {}).",
          name, jsNumber(v), range, maxDimension);
    }
    for (auto [name, v] : {std::pair{"width", width}, std::pair{"height", height}}) {
      BINDERY_INVALID_IF_FIX(
          !(v >= 0 && v <= maxDimension), ViewportOutOfRange,
          fmt::format("Use a {} from 0 to {} (the attachment is {}x{}).", name, maxDimension,
                      state_.attachmentWidth, state_.attachmentHeight),
          "{} ({}) is not in [0, {}] (the device's maxTextureDimension2D limit).", name,
          jsNumber(v), maxDimension);
    }
    BINDERY_INVALID_IF(!(double{x} + width <= range - 1), ViewportOutOfRange,
                       "x ({}) + width ({}) = {} is more than {} (twice the device's "
                       "maxTextureDimension2D limit, minus 1).",
                       jsNumber(x), jsNumber(width), jsNumber(double{x} + width), range - 1);
    BINDERY_INVALID_IF(!(double{y} + height <= range - 1), ViewportOutOfRange,
                       "y ({}) + height ({}) = {} is more than {} (twice the device's "
                       "maxTextureDimension2D limit, minus 1).",
                       jsNumber(y), jsNumber(height), jsNumber(double{y} + height), range - 1);
    for (auto [name, v] : {std::pair{"minDepth", minDepth}, std::pair{"maxDepth", maxDepth}}) {
      BINDERY_INVALID_IF_FIX(!(v >= 0 && v <= 1), ViewportDepthRangeInvalid,
                             "Use depths in [0, 1] (the default range is minDepth 0, maxDepth 1).",
                             "{} ({}) is not in [0, 1].", name, jsNumber(v));
    }
    BINDERY_INVALID_IF_FIX(minDepth > maxDepth, ViewportDepthRangeInvalid,
                           "Swap them, or give an empty range with minDepth == maxDepth.",
                           "minDepth ({}) is more than maxDepth ({}).", jsNumber(minDepth),
                           jsNumber(maxDepth));
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return fail(std::move(error), cmd, "setViewport");
  }
  viewport_ = {x, y, width, height, minDepth, maxDepth};
  *ctx_->stream().append<ViewportCmd>(CommandType::SetViewport) = viewport_;
}

// #dom-gpurenderpassencoder-setscissorrect
void RenderPassEncoderBase::setScissorRect(uint32_t x, uint32_t y, uint32_t width,
                                           uint32_t height) {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("setScissorRect", &cmd)) return;
  auto validate = [&]() -> MaybeError {
    uint32_t w = state_.attachmentWidth;
    uint32_t h = state_.attachmentHeight;
    BINDERY_INVALID_IF_FIX(uint64_t{x} + width > w, ScissorRectOutOfBounds,
                           fmt::format("Keep the rectangle inside the {}x{} attachments: x + "
                                       "width at most {}.",
                                       w, h, w),
                           "x ({}) + width ({}) = {} is more than the width of {}'s attachments "
                           "({}).",
                           x, width, uint64_t{x} + width, describe(), w);
    BINDERY_INVALID_IF_FIX(uint64_t{y} + height > h, ScissorRectOutOfBounds,
                           fmt::format("Keep the rectangle inside the {}x{} attachments: y + "
                                       "height at most {}.",
                                       w, h, h),
                           "y ({}) + height ({}) = {} is more than the height of {}'s attachments "
                           "({}).",
                           y, height, uint64_t{y} + height, describe(), h);
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return fail(std::move(error), cmd, "setScissorRect");
  }
  scissorRect_ = {x, y, width, height};
  *ctx_->stream().append<ScissorRectCmd>(CommandType::SetScissorRect) = scissorRect_;
}

// #dom-gpurenderpassencoder-setblendconstant
void RenderPassEncoderBase::setBlendConstant(const Color& color) {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("setBlendConstant", &cmd)) return;
  auto validate = [&]() -> MaybeError {
    // GPUColor's members are WebIDL `double`: in JavaScript a NaN or an
    // infinity throws a TypeError before the call; a validation error here.
    for (auto [name, v] : {std::pair{"r", color.r}, std::pair{"g", color.g},
                           std::pair{"b", color.b}, std::pair{"a", color.a}}) {
      BINDERY_INVALID_IF_FIX(!std::isfinite(v), BlendConstantNotFinite,
                             "Give finite color components (usually in [0, 1]).",
                             "color.{} is {}; every component of a GPUColor must be a finite "
                             "number.",
                             name, jsNumber(v));
    }
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return fail(std::move(error), cmd, "setBlendConstant");
  }
  blendConstant_ = color;
  *ctx_->stream().append<BlendConstantCmd>(CommandType::SetBlendConstant) = {color.r, color.g,
                                                                             color.b, color.a};
}

// #dom-gpurenderpassencoder-setstencilreference. The value is kept as
// given; the stencil test compares it with the attachment's stencil bits
// (#abstract-opdef-compare-fragment).
void RenderPassEncoderBase::setStencilReference(uint32_t reference) {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("setStencilReference", &cmd)) return;
  stencilReference_ = reference;
  ctx_->stream().append<StencilReferenceCmd>(CommandType::SetStencilReference)->reference =
      reference;
}

}  // namespace bindery::core

// --- public handles -------------------------------------------------------------

namespace bindery {

using core::fromHandle;
using core::RenderPassEncoderBase;

void RenderPassEncoder::setViewport(float x, float y, float width, float height, float minDepth,
                                    float maxDepth) {
  fromHandle<RenderPassEncoderBase>(*this)->setViewport(x, y, width, height, minDepth, maxDepth);
}
void RenderPassEncoder::setScissorRect(uint32_t x, uint32_t y, uint32_t width, uint32_t height) {
  fromHandle<RenderPassEncoderBase>(*this)->setScissorRect(x, y, width, height);
}
void RenderPassEncoder::setBlendConstant(const Color& color) {
  fromHandle<RenderPassEncoderBase>(*this)->setBlendConstant(color);
}
void RenderPassEncoder::setStencilReference(uint32_t reference) {
  fromHandle<RenderPassEncoderBase>(*this)->setStencilReference(reference);
}

}  // namespace bindery
