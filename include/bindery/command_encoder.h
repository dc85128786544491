// GPUCommandEncoder, GPUCommandBuffer, GPUComputePassEncoder,
// GPURenderPassEncoder, GPURenderBundleEncoder and GPURenderBundle
// (#command-encoding, #programmable-passes, #compute-passes, #render-passes,
// #bundles).
//
// Encoding errors are deferred like the spec's: a failing command
// invalidates its encoder and the error is reported by finish() (or by end()
// of a pass whose state is checked there), naming the command (index and
// kind), the pass, the labels involved and the debug-group stack. With
// DeviceDescriptor::strict the error is also reported at the failing call.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bindery/bind_group.h"
#include "bindery/buffer.h"
#include "bindery/enums.h"
#include "bindery/exception.h"
#include "bindery/object.h"
#include "bindery/query_set.h"
#include "bindery/texel_copy.h"
#include "bindery/texture.h"

namespace bindery {

class ComputePipeline;
class RenderPipeline;

enum class LoadOp : uint8_t {
  Load,   // "load"
  Clear,  // "clear"
};
std::string_view toString(LoadOp value);

enum class StoreOp : uint8_t {
  Store,    // "store"
  Discard,  // "discard"
};
std::string_view toString(StoreOp value);

enum class IndexFormat : uint8_t {
  Uint16,  // "uint16"
  Uint32,  // "uint32"
};
std::string_view toString(IndexFormat value);

struct Color {
  double r = 0;
  double g = 0;
  double b = 0;
  double a = 0;
};

struct CommandEncoderDescriptor {
  std::string label;
};

struct CommandBufferDescriptor {
  std::string label;
};

// GPUComputePassTimestampWrites / GPURenderPassTimestampWrites
// (#compute-pass-encoder-creation, #render-pass-encoder-creation): the
// 'timestamp' query set and the queries written at the pass's beginning and
// end (at least one given, different, below querySet.count()).
struct ComputePassTimestampWrites {
  QuerySet querySet;  // required
  std::optional<uint32_t> beginningOfPassWriteIndex;
  std::optional<uint32_t> endOfPassWriteIndex;
};
struct RenderPassTimestampWrites {
  QuerySet querySet;  // required
  std::optional<uint32_t> beginningOfPassWriteIndex;
  std::optional<uint32_t> endOfPassWriteIndex;
};

struct ComputePassDescriptor {
  std::string label;
  std::optional<ComputePassTimestampWrites> timestampWrites;  // needs 'timestamp-query'
};

struct RenderPassColorAttachment {
  TextureView view;  // required; a null view is a null (empty) attachment slot
  std::optional<uint32_t> depthSlice;
  TextureView resolveTarget;
  Color clearValue;
  LoadOp loadOp = LoadOp::Clear;     // required in JavaScript
  StoreOp storeOp = StoreOp::Store;  // required in JavaScript
};

struct RenderPassDepthStencilAttachment {
  TextureView view;  // required
  std::optional<float> depthClearValue;
  std::optional<LoadOp> depthLoadOp;
  std::optional<StoreOp> depthStoreOp;
  bool depthReadOnly = false;
  uint32_t stencilClearValue = 0;
  std::optional<LoadOp> stencilLoadOp;
  std::optional<StoreOp> stencilStoreOp;
  bool stencilReadOnly = false;
};

struct RenderPassDescriptor {
  std::string label;
  std::vector<RenderPassColorAttachment> colorAttachments;  // required
  std::optional<RenderPassDepthStencilAttachment> depthStencilAttachment;
  QuerySet occlusionQuerySet;  // an 'occlusion' query set, for beginOcclusionQuery()
  std::optional<RenderPassTimestampWrites> timestampWrites;  // needs 'timestamp-query'
  uint64_t maxDrawCount = 50000000;
};

struct RenderBundleEncoderDescriptor {
  std::string label;
  // sequence<GPUTextureFormat?>: nullopt is an empty slot.
  std::vector<std::optional<TextureFormat>> colorFormats;  // required
  std::optional<TextureFormat> depthStencilFormat;
  uint32_t sampleCount = 1;
  bool depthReadOnly = false;
  bool stencilReadOnly = false;
};

struct RenderBundleDescriptor {
  std::string label;
};

// AllowSharedBufferSource as setImmediates() reads it: the bytes, and the
// size of the elements its dataOffset / dataSize count (1 for an ArrayBuffer
// or a DataView, BYTES_PER_ELEMENT for a TypedArray). Made implicitly from a
// span, an array or a vector (elements of their type), or from
// {data, byteLength, bytesPerElement}.
struct BufferSource {
  const void* data = nullptr;
  size_t byteLength = 0;
  uint32_t bytesPerElement = 1;

  BufferSource() = default;
  BufferSource(const void* bytes, size_t length, uint32_t elementSize = 1)
      : data(bytes), byteLength(length), bytesPerElement(elementSize) {}
  template <class T, size_t N>
  BufferSource(std::span<T, N> s)  // NOLINT(google-explicit-constructor)
      : data(s.data()), byteLength(s.size_bytes()), bytesPerElement(sizeof(T)) {}
  template <class T, size_t N>
  BufferSource(const T (&a)[N])  // NOLINT(google-explicit-constructor)
      : data(a), byteLength(sizeof(a)), bytesPerElement(sizeof(T)) {}
  template <class T>
  BufferSource(const std::vector<T>& v)  // NOLINT(google-explicit-constructor)
      : data(v.data()), byteLength(v.size() * sizeof(T)), bytesPerElement(sizeof(T)) {}
};

class CommandBuffer : public detail::Handle {
  BINDERY_HANDLE_CLASS(CommandBuffer);
};

class RenderBundle : public detail::Handle {
  BINDERY_HANDLE_CLASS(RenderBundle);
};

// GPUDebugCommandsMixin and GPUBindingCommandsMixin, shared by the passes
// and the render bundle encoder.
#define BINDERY_PASS_COMMON_METHODS                                                              \
  void pushDebugGroup(std::string_view groupLabel);                                              \
  void popDebugGroup();                                                                          \
  void insertDebugMarker(std::string_view markerLabel);                                          \
  /* setBindGroup(index, bindGroup, dynamicOffsets): a null bindGroup unsets the slot. */        \
  void setBindGroup(uint32_t index, const BindGroup& bindGroup);                                 \
  void setBindGroup(uint32_t index, const BindGroup& bindGroup,                                  \
                    std::span<const uint32_t> dynamicOffsets);                                   \
  void setBindGroup(uint32_t index, const BindGroup& bindGroup,                                  \
                    std::initializer_list<uint32_t> dynamicOffsets);                             \
  /* The Uint32Array form: offsets are dynamicOffsetsData[start, start + length). Returns the */ \
  /* RangeError JavaScript throws when that range is outside the array (no validation error; */  \
  /* nothing is recorded). */                                                                    \
  std::optional<Exception> setBindGroup(                                                         \
      uint32_t index, const BindGroup& bindGroup, std::span<const uint32_t> dynamicOffsetsData,  \
      uint64_t dynamicOffsetsDataStart, uint32_t dynamicOffsetsDataLength);                      \
  /* setImmediates(rangeOffset, data, dataOffset, dataSize) (#programmable-passes-immediate-  */ \
  /* data): dataOffset and dataSize count elements of `data` (bytes for an ArrayBuffer),      */ \
  /* dataSize defaulting to the rest. Returns the OperationError JavaScript throws (range     */ \
  /* outside the data, size not a multiple of 4 bytes; nothing is recorded).                  */ \
  std::optional<Exception> setImmediates(uint32_t rangeOffset, const BufferSource& data,         \
                                         uint64_t dataOffset = 0,                                \
                                         std::optional<uint64_t> dataSize = std::nullopt)

// GPURenderCommandsMixin.
#define BINDERY_RENDER_COMMANDS_METHODS                                                      \
  void setPipeline(const RenderPipeline& pipeline);                                          \
  void setIndexBuffer(const Buffer& buffer, IndexFormat indexFormat, uint64_t offset = 0,    \
                      std::optional<uint64_t> size = std::nullopt);                          \
  void setVertexBuffer(uint32_t slot, const Buffer& buffer, uint64_t offset = 0,             \
                       std::optional<uint64_t> size = std::nullopt);                         \
  void draw(uint32_t vertexCount, uint32_t instanceCount = 1, uint32_t firstVertex = 0,      \
            uint32_t firstInstance = 0);                                                     \
  void drawIndexed(uint32_t indexCount, uint32_t instanceCount = 1, uint32_t firstIndex = 0, \
                   int32_t baseVertex = 0, uint32_t firstInstance = 0);                      \
  void drawIndirect(const Buffer& indirectBuffer, uint64_t indirectOffset);                  \
  void drawIndexedIndirect(const Buffer& indirectBuffer, uint64_t indirectOffset)

class ComputePassEncoder : public detail::Handle {
  BINDERY_HANDLE_CLASS(ComputePassEncoder);
  BINDERY_PASS_COMMON_METHODS;

  void setPipeline(const ComputePipeline& pipeline);
  void dispatchWorkgroups(uint32_t workgroupCountX, uint32_t workgroupCountY = 1,
                          uint32_t workgroupCountZ = 1);
  void dispatchWorkgroupsIndirect(const Buffer& indirectBuffer, uint64_t indirectOffset);
  void end();
};

class RenderPassEncoder : public detail::Handle {
  BINDERY_HANDLE_CLASS(RenderPassEncoder);
  BINDERY_PASS_COMMON_METHODS;
  BINDERY_RENDER_COMMANDS_METHODS;

  // Rasterization state (#render-pass-encoder-rasterization-state).
  void setViewport(float x, float y, float width, float height, float minDepth, float maxDepth);
  void setScissorRect(uint32_t x, uint32_t y, uint32_t width, uint32_t height);
  void setBlendConstant(const Color& color);
  void setStencilReference(uint32_t reference);

  // #render-pass-encoder-queries: the pass's descriptor.occlusionQuerySet.
  void beginOcclusionQuery(uint32_t queryIndex);
  void endOcclusionQuery();

  void executeBundles(std::span<const RenderBundle> bundles);
  void executeBundles(std::initializer_list<RenderBundle> bundles);
  void end();
};

class RenderBundleEncoder : public detail::Handle {
  BINDERY_HANDLE_CLASS(RenderBundleEncoder);
  BINDERY_PASS_COMMON_METHODS;
  BINDERY_RENDER_COMMANDS_METHODS;

  RenderBundle finish(const RenderBundleDescriptor& descriptor = {});
};

class CommandEncoder : public detail::Handle {
  BINDERY_HANDLE_CLASS(CommandEncoder);

  ComputePassEncoder beginComputePass(const ComputePassDescriptor& descriptor = {});
  RenderPassEncoder beginRenderPass(const RenderPassDescriptor& descriptor);
  void pushDebugGroup(std::string_view groupLabel);
  void popDebugGroup();
  void insertDebugMarker(std::string_view markerLabel);

  // #dom-gpucommandencoder-resolvequeryset: queries [firstQuery, firstQuery +
  // queryCount) as 64-bit values at destinationOffset (a multiple of 256) of
  // a GPUBufferUsage.QUERY_RESOLVE buffer.
  void resolveQuerySet(const QuerySet& querySet, uint32_t firstQuery, uint32_t queryCount,
                       const Buffer& destination, uint64_t destinationOffset);

  // Copy commands (#commands-buffer-copies, #commands-texel-copies). A
  // missing size is the rest of the source (copyBufferToBuffer) or of the
  // buffer (clearBuffer). On the null device they move the bytes when the
  // command buffer is submitted.
  void copyBufferToBuffer(const Buffer& source, const Buffer& destination,
                          std::optional<uint64_t> size = std::nullopt);
  void copyBufferToBuffer(const Buffer& source, uint64_t sourceOffset, const Buffer& destination,
                          uint64_t destinationOffset, std::optional<uint64_t> size = std::nullopt);
  void copyBufferToTexture(const TexelCopyBufferInfo& source,
                           const TexelCopyTextureInfo& destination, const Extent3D& copySize);
  void copyTextureToBuffer(const TexelCopyTextureInfo& source,
                           const TexelCopyBufferInfo& destination, const Extent3D& copySize);
  void copyTextureToTexture(const TexelCopyTextureInfo& source,
                            const TexelCopyTextureInfo& destination, const Extent3D& copySize);
  void clearBuffer(const Buffer& buffer, uint64_t offset = 0,
                   std::optional<uint64_t> size = std::nullopt);

  CommandBuffer finish(const CommandBufferDescriptor& descriptor = {});
};

#undef BINDERY_PASS_COMMON_METHODS
#undef BINDERY_RENDER_COMMANDS_METHODS

}  // namespace bindery
