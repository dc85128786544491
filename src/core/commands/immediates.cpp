// Immediate data (#programmable-passes-immediate-data):
// GPUBindingCommandsMixin.setImmediates on compute passes, render passes and
// render bundle encoders, and "Validate immediate data" at dispatch and draw
// (#abstract-opdef-validate-immediate-data).
#include <fmt/format.h>

#include <cstring>

#include "core/base/handles.h"
#include "core/commands/command_encoder.h"
#include "core/commands/render_pass.h"
#include "core/device/device.h"

namespace bindery::core {

// #dom-gpubindingcommandsmixin-setimmediates
std::optional<Exception> PassEncoderBase::setImmediates(uint32_t rangeOffset, const void* data,
                                                        size_t dataByteLength, uint64_t dataOffset,
                                                        std::optional<uint64_t> dataSize,
                                                        uint32_t bytesPerElement) {
  DeviceBase* dev = device();
  dev->beginCall();
  // Content timeline: an OperationError, not a validation error; nothing is encoded.
  if (bytesPerElement == 0) bytesPerElement = 1;
  uint64_t elementCount = dataByteLength / bytesPerElement;
  auto thrown = [&](ErrorCode code, std::string message) {
    return Exception{
        ExceptionType::OperationError, code,
        fmt::format("{}.setImmediates({}, data, {}, {}): {}", describe(), rangeOffset, dataOffset,
                    dataSize ? fmt::format("{}", *dataSize) : "undefined", message)};
  };
  std::string_view unit = bytesPerElement == 1 ? "bytes" : "elements";
  if (!dataSize && dataOffset > elementCount) {
    return thrown(ErrorCode::ImmediatesDataOutOfRange,
                  fmt::format("dataOffset ({}) is past the end of the data ({} {}).", dataOffset,
                              elementCount, unit));
  }
  uint64_t contentsSize = dataSize.value_or(elementCount - dataOffset);
  if (dataOffset > elementCount || contentsSize > elementCount - dataOffset) {
    return thrown(
        ErrorCode::ImmediatesDataOutOfRange,
        fmt::format("dataOffset ({}) + dataSize ({}) is past the end of the data ({} {}).",
                    dataOffset, contentsSize, elementCount, unit));
  }
  uint64_t contentsBytes = contentsSize * bytesPerElement;
  if (contentsBytes % 4 != 0) {
    return thrown(
        ErrorCode::ImmediatesSizeNotAligned,
        fmt::format("the size to write ({} bytes) is not a multiple of 4.", contentsBytes));
  }
  // Device timeline.
  uint32_t cmd;
  if (!beginCommand("setImmediates", &cmd)) return std::nullopt;
  uint32_t maxSize = dev->limits().maxImmediateSize;
  auto validate = [&]() -> MaybeError {
    BINDERY_INVALID_IF_FIX(
        rangeOffset % 4 != 0, ImmediatesRangeOffsetNotAligned,
        fmt::format("Use a rangeOffset that is a multiple of 4 (e.g. {}).", rangeOffset / 4 * 4),
        "rangeOffset ({}) is not a multiple of 4.", rangeOffset);
    BINDERY_INVALID_IF_FIX(
        uint64_t{rangeOffset} + contentsBytes > maxSize, ImmediatesRangeOutOfBounds,
        fmt::format("Write at most {} bytes of immediate data in all, or request a higher "
                    "maxImmediateSize limit.",
                    maxSize),
        "rangeOffset ({}) + the {} bytes written = {} is more than the device's "
        "maxImmediateSize limit ({}).",
        rangeOffset, contentsBytes, uint64_t{rangeOffset} + contentsBytes, maxSize);
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    fail(std::move(error), cmd, "setImmediates");
    return std::nullopt;
  }
  const uint8_t* bytes = static_cast<const uint8_t*>(data) + dataOffset * bytesPerElement;
  auto* rec = ctx_->stream().append<ImmediatesCmd>(CommandType::SetImmediates, contentsBytes);
  rec->rangeOffset = rangeOffset;
  rec->size = static_cast<uint32_t>(contentsBytes);
  if (contentsBytes == 0) return std::nullopt;
  std::memcpy(CommandStream::extraOf(rec), bytes, contentsBytes);
  if (immediateData_.empty()) {
    immediateData_.assign(maxSize, 0);
    immediateSlotsSet_.assign((maxSize / 4 + 63) / 64, 0);
  }
  std::memcpy(immediateData_.data() + rangeOffset, bytes, contentsBytes);
  for (uint32_t slot = rangeOffset / 4; slot < (rangeOffset + contentsBytes) / 4; ++slot) {
    immediateSlotsSet_[slot / 64] |= uint64_t{1} << (slot % 64);
  }
  return std::nullopt;
}

std::vector<uint8_t> PassEncoderBase::immediateData() const {
  if (!immediateData_.empty()) return immediateData_;
  return std::vector<uint8_t>(device()->limits().maxImmediateSize, 0);
}

// #abstract-opdef-validate-immediate-data
MaybeError PassEncoderBase::validateImmediates(const PipelineBindingInfo& pipeline) const {
  uint32_t missing = 0;
  std::optional<uint32_t> first;
  for (size_t w = 0; w < pipeline.immediateSlots.size(); ++w) {
    uint64_t set = w < immediateSlotsSet_.size() ? immediateSlotsSet_[w] : 0;
    uint64_t unset = pipeline.immediateSlots[w] & ~set;
    if (!unset) continue;
    missing += static_cast<uint32_t>(__builtin_popcountll(unset));
    if (!first) first = static_cast<uint32_t>(w * 64 + __builtin_ctzll(unset));
  }
  if (!first) return {};
  auto error = makeValidationError(
      ErrorCode::ImmediatesNotSet,
      fmt::format("{} reads {} slot(s) of immediate data that setImmediates() has not set on {}, "
                  "the first at byte offset {} (slot {}).",
                  core::describe(pipeline.pipeline), missing, describe(), *first * 4, *first));
  error->fix = fmt::format(
      "Call setImmediates({}, data) covering every byte the shader's immediate variable reads "
      "before the draw or dispatch (executeBundles() clears immediate data).",
      *first * 4);
  return error;
}

}  // namespace bindery::core

// --- public handles -------------------------------------------------------------

namespace bindery {

using core::fromHandle;

#define BINDERY_DEFINE_SET_IMMEDIATES(Class, Base)                                              \
  std::optional<Exception> Class::setImmediates(uint32_t rangeOffset, const BufferSource& data, \
                                                uint64_t dataOffset,                            \
                                                std::optional<uint64_t> dataSize) {             \
    return fromHandle<Base>(*this)->setImmediates(rangeOffset, data.data, data.byteLength,      \
                                                  dataOffset, dataSize, data.bytesPerElement);  \
  }

BINDERY_DEFINE_SET_IMMEDIATES(ComputePassEncoder, core::ComputePassEncoderBase)
BINDERY_DEFINE_SET_IMMEDIATES(RenderPassEncoder, core::RenderPassEncoderBase)
BINDERY_DEFINE_SET_IMMEDIATES(RenderBundleEncoder, core::RenderBundleEncoderBase)
#undef BINDERY_DEFINE_SET_IMMEDIATES

}  // namespace bindery
