// GPUCommandBuffer (#gpucommandbuffer), the encoding context's deferred
// errors, and the submit-time checks of #dom-gpuqueue-submit.
#include "core/commands/command_buffer.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/base/handles.h"
#include "core/binding/bind_group.h"
#include "core/device/device.h"
#include "core/resources/buffer.h"
#include "core/resources/external_texture.h"
#include "core/resources/query_set.h"
#include "core/resources/texture.h"
#include "core/resources/texture_view.h"

namespace bindery::core {

UsedResources::UsedResources() = default;
UsedResources::~UsedResources() = default;
UsedResources::UsedResources(UsedResources&&) noexcept = default;
UsedResources& UsedResources::operator=(UsedResources&&) noexcept = default;

namespace {

// Freed 64 KiB stream blocks of this thread, reused by later streams.
struct BlockPool {
  static constexpr size_t kMaxBlocks = 512;  // 32 MiB
  std::vector<uint8_t*> blocks;
  ~BlockPool() {
    for (uint8_t* b : blocks) delete[] b;
  }
};
thread_local BlockPool tBlockPool;

}  // namespace

void CommandStream::take(CommandStream& other) noexcept {
  if (other.isInline()) {
    size_t used = static_cast<size_t>(other.cursor_ - other.inline_);
    std::memcpy(inline_, other.inline_, used);
    cursor_ = inline_ + used;
    end_ = inline_ + kInlineBytes;
  } else {
    first_ = std::exchange(other.first_, Block{});
    more_ = std::move(other.more_);
    other.more_.clear();
    cursor_ = other.cursor_;
    end_ = other.end_;
  }
  bytes_ = std::exchange(other.bytes_, 0);
  types_ = std::exchange(other.types_, 0);
  renderPasses_ = std::move(other.renderPasses_);
  other.cursor_ = other.inline_;
  other.end_ = other.inline_ + kInlineBytes;
}

CommandStream& CommandStream::operator=(CommandStream&& other) noexcept {
  if (this != &other) {
    releaseBlocks();
    take(other);
  }
  return *this;
}

CommandStream::~CommandStream() {
  releaseBlocks();
}

void CommandStream::releaseBlocks() {
  auto release = [](Block& b) {
    if (b.bytes == nullptr) return;
    if (b.size == kBlockSize && tBlockPool.blocks.size() < BlockPool::kMaxBlocks) {
      tBlockPool.blocks.push_back(b.bytes);
    } else {
      delete[] b.bytes;
    }
  };
  release(first_);
  for (Block& b : more_) release(b);
  first_ = Block{};
  more_.clear();
  cursor_ = inline_;
  end_ = inline_ + kInlineBytes;
}

void CommandStream::newBlock(size_t n) {
  // The inline bytes move to the first block (the records stay contiguous).
  size_t carried = 0;
  if (isInline()) {
    carried = static_cast<size_t>(cursor_ - inline_);
  } else {
    Block& last = more_.empty() ? first_ : more_.back();
    last.used = static_cast<size_t>(cursor_ - last.bytes);
  }
  size_t size = std::max(kBlockSize, carried + n);
  uint8_t* bytes;
  if (size == kBlockSize && !tBlockPool.blocks.empty()) {
    bytes = tBlockPool.blocks.back();
    tBlockPool.blocks.pop_back();
  } else {
    bytes = new uint8_t[size];
  }
  if (isInline()) {
    if (carried != 0) std::memcpy(bytes, inline_, carried);
    first_ = {bytes, size, 0};
  } else {
    more_.push_back({bytes, size, 0});
  }
  cursor_ = bytes + carried;
  end_ = bytes + size;
}

void CommandStream::addRenderPassEntry() {
  if (!renderPasses_) renderPasses_ = std::make_unique<RenderPasses>();
  renderPasses_->ends.push_back(static_cast<uint32_t>(renderPasses_->groups.size()));
}

void CommandStream::addRenderPassGroup(const BindGroupBase* group) {
  renderPasses_->groups.push_back(group);
  ++renderPasses_->ends.back();
}

std::span<const BindGroupBase* const> CommandStream::renderPassGroups(size_t pass) const {
  if (!renderPasses_ || pass >= renderPasses_->ends.size()) return {};
  size_t begin = pass == 0 ? 0 : renderPasses_->ends[pass - 1];
  return std::span<const BindGroupBase* const>(renderPasses_->groups)
      .subspan(begin, renderPasses_->ends[pass] - begin);
}

void CommandStream::shrinkToFit() {
  if (isInline() || !more_.empty() || first_.size != kBlockSize) return;
  size_t used = static_cast<size_t>(cursor_ - first_.bytes);
  uint8_t* small = new uint8_t[used];
  std::memcpy(small, first_.bytes, used);
  releaseBlocks();
  first_ = {small, used, used};
  cursor_ = end_ = small + used;
}

void PointerMap::rehash() {
  std::vector<const void*> oldKeys = std::move(keys_);
  std::vector<uint32_t> oldTags = std::move(tags_);
  bool fromInline = oldKeys.empty();
  size_t oldCount = count_;
  size_t size = std::max<size_t>(32, oldKeys.size() * 2);
  keys_.assign(size, nullptr);
  tags_.assign(size, 0);
  count_ = 0;
  auto add = [&](const void* key, uint32_t tag) {
    bool inserted;
    find(key, &inserted) = tag;
  };
  if (fromInline) {
    for (size_t i = 0; i < oldCount; ++i) add(inlineKeys_[i], inlineTags_[i]);
    return;
  }
  for (size_t i = 0; i < oldKeys.size(); ++i) {
    if (oldKeys[i]) add(oldKeys[i], oldTags[i]);
  }
}

void UsedResources::addNewBindGroup(BindGroupBase* group) {
  bindGroups.emplace_back(group);
}

void UsedResources::addBuffer(BufferBase* buffer) {
  if (!buffers.empty() && buffers.back().get() == buffer) return;
  buffers.emplace_back(buffer);
}

void UsedResources::merge(const UsedResources& other) {
  // Bind groups are added by the caller (with its pass id).
  buffers.insert(buffers.end(), other.buffers.begin(), other.buffers.end());
  attachments.insert(attachments.end(), other.attachments.begin(), other.attachments.end());
  others.append(other.others);
  querySets.insert(querySets.end(), other.querySets.begin(), other.querySets.end());
}

std::string describeDebugGroups(const std::vector<std::string>* outer,
                                const std::vector<std::string>* inner) {
  std::string out;
  for (const auto* stack : {outer, inner}) {
    if (!stack) continue;
    for (const std::string& label : *stack) {
      if (!out.empty()) out += " > ";
      out += fmt::format("'{}'", label);
    }
  }
  return out.empty() ? "none" : out;
}

void EncodingContext::recordError(std::unique_ptr<ErrorData> error, uint32_t commandIndex,
                                  const CommandSite& site, std::string_view call) {
  if (!error) return;
  std::string where = site.pass
                          ? fmt::format("{} of {}", site.pass->describe(), encoder_->describe())
                          : encoder_->describe();
  if (site.pass == encoder_) where = encoder_->describe();
  error->contexts.push_back(fmt::format("encoding command #{} ({}) in {}; debug groups: {}",
                                        commandIndex, site.kind, where,
                                        describeDebugGroups(&debugGroups_, site.passDebugGroups)));
  if (device_->strict()) {
    device_->dispatchError(std::make_unique<ErrorData>(*error), call);
  }
  if (!error_) error_ = std::move(error);
}

CommandBufferBase::CommandBufferBase(DeviceBase* device, std::string_view label,
                                     const ObjectBase* owner, const EncodingContext& context)
    : ObjectBase(device, ObjectType::CommandBuffer, label),
      owner_(owner),
      commands_(&context.stream()),
      used_(&context.used()) {
  owner_->addRef();
}

namespace {
const CommandStream kNoCommands;
const UsedResources kNothingUsed;
}  // namespace

CommandBufferBase::CommandBufferBase(DeviceBase* device, std::string_view label,
                                     const ObjectBase* owner, InvalidTag tag)
    : ObjectBase(device, ObjectType::CommandBuffer, label, tag),
      owner_(owner),
      commands_(&kNoCommands),
      used_(&kNothingUsed) {
  if (owner_) owner_->addRef();
}

CommandBufferBase::~CommandBufferBase() = default;

void CommandBufferBase::destroySelf() const noexcept {
  const ObjectBase* owner = owner_;
  if (owner == nullptr) {
    delete this;
    return;
  }
  std::destroy_at(const_cast<CommandBufferBase*>(this));
  owner->release();
}

MaybeError CommandBufferBase::validateSubmit() const {
  for (const Ref<BindGroupBase>& group : used_->bindGroups) {
    for (uint32_t i = 0; i < group->entryCount(); ++i) {
      const LayoutEntry& entry = group->layoutEntry(i);
      if (i < group->bufferCount()) {
        const BufferBase* buffer = group->buffer(i);
        BINDERY_TRY_CONTEXT(buffer->validateAvailable(fmt::format("binding {}", entry.binding)),
                            "validating {} (a bind group the commands use)", group->describe());
        continue;
      }
      if (const TextureViewBase* view = group->textureView(i)) {
        BINDERY_TRY_CONTEXT(view->texture()->validateUsable(
                                fmt::format("the texture of binding {}", entry.binding)),
                            "validating {} (a bind group the commands use)", group->describe());
      }
    }
    BINDERY_TRY(group->validateExternalTexturesNotExpired());
  }
  for (const Ref<BufferBase>& buffer : used_->buffers) {
    BINDERY_TRY(buffer->validateAvailable(
        "a buffer the commands use (index, vertex, indirect or resolveQuerySet destination)"));
  }
  for (const Ref<TextureViewBase>& view : used_->attachments) {
    BINDERY_TRY(view->texture()->validateUsable(
        fmt::format("the texture of attachment {}", view->describe())));
  }
  for (const Ref<BufferBase>& buffer : used_->copyBuffers) {
    BINDERY_TRY(buffer->validateAvailable("a buffer a copy command uses"));
  }
  for (const Ref<TextureBase>& texture : used_->copyTextures) {
    BINDERY_TRY(texture->validateUsable("a texture a copy command uses"));
  }
  for (const Ref<QuerySetBase>& querySet : used_->querySets) {
    BINDERY_TRY(querySet->validateUsable(
        "a query set the commands use (occlusion queries, timestampWrites or resolveQuerySet)"));
  }
  return {};
}

}  // namespace bindery::core

namespace bindery {

using core::CommandBufferBase;
using core::fromHandle;

std::string_view CommandBuffer::label() const {
  return fromHandle<CommandBufferBase>(*this)->label();
}
void CommandBuffer::setLabel(std::string_view l) {
  fromHandle<CommandBufferBase>(*this)->setLabel(l);
}

}  // namespace bindery
