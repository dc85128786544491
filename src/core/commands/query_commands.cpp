// The commands that write and resolve queries: timestampWrites of compute
// and render passes (#compute-pass-encoder-creation,
// #render-pass-encoder-creation), beginOcclusionQuery / endOcclusionQuery
// (#render-pass-encoder-queries) and GPUCommandEncoder.resolveQuerySet
// (#dom-gpucommandencoder-resolvequeryset). The null queue runs them at
// submit (command_execution.cpp).
#include <fmt/format.h>

#include "core/base/handles.h"
#include "core/commands/command_encoder.h"
#include "core/commands/render_pass.h"
#include "core/device/device.h"
#include "core/resources/buffer.h"
#include "core/resources/query_set.h"

namespace bindery::core {

namespace {

void recordQuery(EncodingContext& ctx, CommandType type, const QuerySetBase* querySet,
                 uint32_t queryIndex) {
  *ctx.stream().append<QueryCmd>(type) = {querySet, queryIndex};
}

}  // namespace

// --- timestampWrites -------------------------------------------------------------

void PassEncoderBase::startTimestampWrites(QuerySetBase* querySet,
                                           std::optional<uint32_t> beginning,
                                           std::optional<uint32_t> end) {
  ctx_->used().querySets.emplace_back(querySet);
  // "Before the pass commands begin executing".
  if (beginning) recordQuery(*ctx_, CommandType::WriteTimestamp, querySet, *beginning);
  if (end) {
    endTimestampQuerySet_ = querySet;
    endTimestampIndex_ = *end;
  }
}

void PassEncoderBase::recordEndTimestampWrite() {
  // [[endTimestampWrite]]: "After the pass commands finish executing".
  if (endTimestampQuerySet_) {
    recordQuery(*ctx_, CommandType::WriteTimestamp, endTimestampQuerySet_, endTimestampIndex_);
  }
}

// --- occlusion queries -------------------------------------------------------------

// #dom-gpurenderpassencoder-beginocclusionquery
void RenderPassEncoderBase::beginOcclusionQuery(uint32_t queryIndex) {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("beginOcclusionQuery", &cmd)) return;
  QuerySetBase* querySet = state_.occlusionQuerySet.get();
  auto validate = [&]() -> MaybeError {
    BINDERY_INVALID_IF_FIX(querySet == nullptr, OcclusionQuerySetMissing,
                           "Give the pass an 'occlusion' query set in "
                           "beginRenderPass({occlusionQuerySet}).",
                           "{} has no occlusionQuerySet, so beginOcclusionQuery({}) has no query "
                           "set to write.",
                           describe(), queryIndex);
    BINDERY_INVALID_IF_FIX(
        queryIndex >= querySet->count(), OcclusionQueryIndexOutOfRange,
        fmt::format("Use a queryIndex below {}, or create the query set with a larger count.",
                    querySet->count()),
        "queryIndex ({}) is not less than the count ({}) of the pass's occlusionQuerySet {}.",
        queryIndex, querySet->count(), querySet->describe());
    BINDERY_INVALID_IF_FIX(
        queryIndex < occlusionQueriesWritten_.size() && occlusionQueriesWritten_[queryIndex],
        OcclusionQueryAlreadyUsed,
        "Use a different queryIndex for each occlusion query of a pass (or a new pass).",
        "query {} of {} was already written in {}; each query can be written once per pass.",
        queryIndex, querySet->describe(), describe());
    BINDERY_INVALID_IF_FIX(occlusionQueryActive_, OcclusionQueryNested,
                           "Call endOcclusionQuery() first: occlusion queries cannot be nested.",
                           "beginOcclusionQuery({}) while occlusion query {} is still active on "
                           "{}.",
                           queryIndex, occlusionQueryIndex_, describe());
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return fail(std::move(error), cmd, "beginOcclusionQuery");
  }
  // Only a query set some beginOcclusionQuery uses is "used" (#dom-gpuqueue-submit).
  if (occlusionQueriesWritten_.empty()) {
    occlusionQueriesWritten_.resize(querySet->count());
    ctx_->used().querySets.emplace_back(querySet);
  }
  occlusionQueriesWritten_[queryIndex] = true;
  occlusionQueryActive_ = true;
  occlusionQueryIndex_ = queryIndex;
  recordQuery(*ctx_, CommandType::BeginOcclusionQuery, querySet, queryIndex);
}

// #dom-gpurenderpassencoder-endocclusionquery
void RenderPassEncoderBase::endOcclusionQuery() {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("endOcclusionQuery", &cmd)) return;
  if (!occlusionQueryActive_) {
    auto error = makeValidationError(
        ErrorCode::OcclusionQueryNotActive,
        fmt::format("endOcclusionQuery() on {} with no active occlusion query.", describe()));
    error->fix = "Match every endOcclusionQuery() with an earlier beginOcclusionQuery(queryIndex).";
    return fail(std::move(error), cmd, "endOcclusionQuery");
  }
  occlusionQueryActive_ = false;
  recordQuery(*ctx_, CommandType::EndOcclusionQuery, state_.occlusionQuerySet.get(),
              occlusionQueryIndex_);
}

// --- resolveQuerySet ---------------------------------------------------------------

// #dom-gpucommandencoder-resolvequeryset
void CommandEncoderBase::resolveQuerySet(QuerySetBase* querySet, uint32_t firstQuery,
                                         uint32_t queryCount, BufferBase* destination,
                                         uint64_t destinationOffset) {
  DeviceBase* dev = device();
  dev->beginCall();
  uint32_t index = ctx_.nextCommand();
  if (!validateState("resolveQuerySet", index)) return;
  if (!ctx_.isValid()) return;
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(dev->validateObject(querySet, "querySet"));
    BINDERY_TRY(dev->validateObject(destination, "destination"));
    BINDERY_INVALID_IF_FIX(!destination->usage().has(BufferUsage::QueryResolve),
                           ResolveDestinationUsageMissing,
                           "Add GPUBufferUsage.QUERY_RESOLVE to the destination's usage.",
                           "destination ({}) has usage {}, which lacks "
                           "GPUBufferUsage.QUERY_RESOLVE.",
                           destination->describe(), toString(destination->usage()));
    BINDERY_INVALID_IF(firstQuery >= querySet->count(), ResolveQueryRangeOutOfBounds,
                       "firstQuery ({}) is not less than the count ({}) of {}.", firstQuery,
                       querySet->count(), querySet->describe());
    BINDERY_INVALID_IF_FIX(
        uint64_t{firstQuery} + queryCount > querySet->count(), ResolveQueryRangeOutOfBounds,
        fmt::format("Resolve at most {} queries from firstQuery {}.",
                    querySet->count() - firstQuery, firstQuery),
        "firstQuery ({}) + queryCount ({}) = {} is more than the count ({}) of {}.", firstQuery,
        queryCount, uint64_t{firstQuery} + queryCount, querySet->count(), querySet->describe());
    BINDERY_INVALID_IF_FIX(destinationOffset % 256 != 0, ResolveDestinationOffsetNotAligned,
                           fmt::format("Round destinationOffset to a multiple of 256 (e.g. {}).",
                                       destinationOffset / 256 * 256),
                           "destinationOffset ({}) is not a multiple of 256.", destinationOffset);
    uint64_t bytes = uint64_t{8} * queryCount;
    BINDERY_INVALID_IF(
        destinationOffset > destination->size() || bytes > destination->size() - destinationOffset,
        ResolveDestinationOutOfBounds,
        "destinationOffset ({}) + 8 x queryCount ({} bytes) = {} is past the end of {} (size {}).",
        destinationOffset, bytes, destinationOffset + bytes, destination->describe(),
        destination->size());
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    ctx_.recordError(
        error.release(), index, {"resolveQuerySet", this, nullptr},
        fmt::format("{}.resolveQuerySet({}, {}, {}, {}, {})", describe(), core::describe(querySet),
                    firstQuery, queryCount, core::describe(destination), destinationOffset));
    return;
  }
  *ctx_.stream().append<ResolveQuerySetCmd>(CommandType::ResolveQuerySet) = {
      querySet, firstQuery, queryCount, destination, destinationOffset};
  ctx_.used().querySets.emplace_back(querySet);
  ctx_.used().addBuffer(destination);
}

}  // namespace bindery::core

// --- public handles -------------------------------------------------------------

namespace bindery {

using core::fromHandle;

void RenderPassEncoder::beginOcclusionQuery(uint32_t queryIndex) {
  fromHandle<core::RenderPassEncoderBase>(*this)->beginOcclusionQuery(queryIndex);
}
void RenderPassEncoder::endOcclusionQuery() {
  fromHandle<core::RenderPassEncoderBase>(*this)->endOcclusionQuery();
}
void CommandEncoder::resolveQuerySet(const QuerySet& querySet, uint32_t firstQuery,
                                     uint32_t queryCount, const Buffer& destination,
                                     uint64_t destinationOffset) {
  fromHandle<core::CommandEncoderBase>(*this)->resolveQuerySet(
      fromHandle<core::QuerySetBase>(querySet), firstQuery, queryCount,
      fromHandle<core::BufferBase>(destination), destinationOffset);
}

}  // namespace bindery
