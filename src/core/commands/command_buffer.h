// The recorded form of encoded work: a compact command stream (POD records
// in one byte vector, never a vector of closures), the set of resources the
// commands use, and GPUCommandBuffer (#gpucommandbuffer) which owns both.
//
// EncodingContext is what a GPUCommandEncoder or GPURenderBundleEncoder and
// its passes share while encoding: the stream, the used resources, the
// command counter and the first error (an invalid encoder reports it at
// finish(), #abstract-opdef-invalidate).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "bindery/command_encoder.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/base/ref.h"
#include "core/base/ref_list.h"

namespace bindery::core {

class BindGroupBase;
class BufferBase;
class TextureBase;
class TextureViewBase;
class QuerySetBase;

enum class CommandType : uint8_t {
  BeginComputePass,
  BeginRenderPass,
  EndPass,
  SetPipeline,
  SetBindGroup,  // followed by dynamicOffsetCount uint32_t
  SetIndexBuffer,
  SetVertexBuffer,
  Dispatch,
  DispatchIndirect,
  Draw,
  DrawIndexed,
  DrawIndirect,
  DrawIndexedIndirect,
  ExecuteBundles,
  PushDebugGroup,  // followed by the label's bytes
  PopDebugGroup,
  InsertDebugMarker,  // followed by the label's bytes
  // Rasterization state (render_pass_state.cpp), immediate data (immediates.cpp).
  SetViewport,
  SetScissorRect,
  SetBlendConstant,
  SetStencilReference,
  SetImmediates,  // followed by the data's bytes
  // Queries (query_commands.cpp); executed by the backend at submit.
  BeginOcclusionQuery,
  EndOcclusionQuery,
  WriteTimestamp,
  ResolveQuerySet,
  // Copies (copy_commands.cpp; payloads in copy_commands.h); executed by the
  // backend at submit.
  CopyBufferToBuffer,
  ClearBuffer,
  CopyBufferToTexture,
  CopyTextureToBuffer,
  CopyTextureToTexture,
};
static_assert(static_cast<int>(CommandType::CopyTextureToTexture) < 64,
              "CommandStream::contains keeps one bit per CommandType");

// Record payloads. Pointers are kept alive by the stream owner's UsedResources.
struct SetBindGroupCmd {
  uint8_t index;
  uint8_t dynamicOffsetCount;
  const BindGroupBase* group;  // null: setBindGroup(i, null)
};
struct SetPipelineCmd {
  const ObjectBase* pipeline;
};
struct BufferCmd {
  const BufferBase* buffer;
  uint64_t offset;
  uint64_t size;
  uint32_t slotOrFormat;
};
struct DispatchCmd {
  uint32_t x, y, z;
};
struct DrawCmd {
  uint32_t count, instanceCount, first, firstInstance;
  int32_t baseVertex;
};
struct StringCmd {
  uint32_t length;
};
struct ViewportCmd {
  float x, y, width, height, minDepth, maxDepth;
};
struct ScissorRectCmd {
  uint32_t x, y, width, height;
};
struct BlendConstantCmd {
  double r, g, b, a;
};
struct StencilReferenceCmd {
  uint32_t reference;
};
struct ImmediatesCmd {
  uint32_t rangeOffset;
  uint32_t size;  // bytes that follow
};
// BeginOcclusionQuery, EndOcclusionQuery, WriteTimestamp.
struct QueryCmd {
  const QuerySetBase* querySet;
  uint32_t queryIndex;
};
// ExecuteBundles: followed by `count` const RenderBundleBase* (kept alive by
// the stream owner's UsedResources::others).
struct ExecuteBundlesCmd {
  uint32_t count;
};
struct ResolveQuerySetCmd {
  const QuerySetBase* querySet;
  uint32_t firstQuery;
  uint32_t queryCount;
  const BufferBase* destination;
  uint64_t destinationOffset;
};

class CommandStream {
 public:
  // Records go first into kInlineBytes held in the stream itself (a small
  // pass's records fit: no allocation, and a kept command buffer holds
  // them with no block of its own), then into 64 KiB blocks (a larger
  // record gets a block of its own): growing never copies more than the
  // inline bytes, and freed blocks go to a per-thread pool so the next
  // encoder reuses them (no page faults in a steady frame loop).
  static constexpr size_t kInlineBytes = 128;
  static constexpr size_t kBlockSize = 64 * 1024;

  CommandStream() noexcept : cursor_(inline_), end_(inline_ + kInlineBytes) {}
  CommandStream(CommandStream&& other) noexcept { take(other); }
  CommandStream& operator=(CommandStream&&) noexcept;
  ~CommandStream();

  // Appends a record (an 8-byte header: the type, then at byte 4 the
  // record's whole size; the payload; `extraBytes`). Returns the payload;
  // the extra bytes follow it (at extraOf<T>()).
  template <class T>
  T* append(CommandType type, size_t extraBytes = 0) {
    size_t n = recordSize<T>(extraBytes);
    return place<T>(grow(n), type, n);
  }
  // append() where hasRoomFor<T>(extraBytes) is true: never allocates.
  template <class T>
  T* appendInRoom(CommandType type, size_t extraBytes = 0) {
    size_t n = recordSize<T>(extraBytes);
    uint8_t* p = cursor_;
    cursor_ += n;
    bytes_ += n;
    return place<T>(p, type, n);
  }
  template <class T>
  static uint8_t* extraOf(T* payload) {
    return reinterpret_cast<uint8_t*>(payload) + ((sizeof(T) + 7) & ~size_t{7});
  }
  template <class T>
  static const uint8_t* extraOf(const T* payload) {
    return reinterpret_cast<const uint8_t*>(payload) + ((sizeof(T) + 7) & ~size_t{7});
  }
  void appendEmpty(CommandType type) {
    uint8_t* p = grow(8);
    p[0] = static_cast<uint8_t>(type);
    types_ |= bitOf(type);
    uint32_t size = 8;
    std::memcpy(p + 4, &size, sizeof(size));
  }
  // Whether a record of sizeof(T) payload bytes and `extraBytes` fits in
  // the current block (append<T> then allocates nothing).
  template <class T>
  bool hasRoomFor(size_t extraBytes = 0) const {
    return recordSize<T>(extraBytes) <= static_cast<size_t>(end_ - cursor_);
  }
  size_t sizeInBytes() const { return bytes_; }
  bool empty() const { return bytes_ == 0; }
  // Whether the records are in the stream's inline bytes (no block yet).
  bool isInline() const { return first_.bytes == nullptr; }
  // Whether any record is of `type` (a backend skips work a stream cannot
  // need: no render pass, no walk for render-pass textures).
  bool contains(CommandType type) const { return (types_ & bitOf(type)) != 0; }
  // The bind groups each render pass uses that may have texture bindings
  // (any entry that is not a buffer), in pass order: the render pass
  // encoder's end() adds one entry per pass, so a backend prepares those
  // textures before the pass begins without walking the pass's records. A
  // group may appear more than once in an entry.
  void addRenderPassEntry();
  void addRenderPassGroup(const BindGroupBase* group);
  size_t renderPassEntryCount() const { return renderPasses_ ? renderPasses_->ends.size() : 0; }
  std::span<const BindGroupBase* const> renderPassGroups(size_t pass) const;

  // For a finished stream (no more appends): a stream of one partly used
  // block moves its records into an allocation of their size and gives the
  // block back to the pool, so a kept command buffer holds only its records
  // (records that fit the inline bytes never left them).
  void shrinkToFit();

  // Reads the records one at a time, in order: a backend hands a whole pass
  // to one loop (its commands translated without a call per record).
  class Reader {
   public:
    explicit Reader(const CommandStream& stream) : stream_(&stream) {
      if (stream.isInline()) {
        p_ = stream.inline_;
        end_ = stream.cursor_;
      } else {
        blocks_ = 1 + stream.more_.size();
        enter(0);
      }
    }
    // The next record's type and payload (the T given to append<T>());
    // false after the last.
    bool next(CommandType* type, const uint8_t** payload) {
      while (p_ == end_) [[unlikely]] {
          if (++block_ >= blocks_) return false;
          enter(block_);
        }
      uint32_t size;
      std::memcpy(&size, p_ + 4, sizeof(size));
      *type = static_cast<CommandType>(p_[0]);
      *payload = p_ + 8;
      p_ += size;
      return true;
    }

   private:
    void enter(size_t b) {
      const Block& block = b == 0 ? stream_->first_ : stream_->more_[b - 1];
      p_ = block.bytes;
      end_ = b + 1 == blocks_ ? stream_->cursor_ : block.bytes + block.used;
    }
    const CommandStream* stream_;
    size_t block_ = 0;
    size_t blocks_ = 1;
    const uint8_t* p_ = nullptr;
    const uint8_t* end_ = nullptr;
  };

  // Calls f(CommandType type, const uint8_t* payload) for every record, in
  // order (the payload is the T given to append<T>()).
  template <class F>
  void forEach(F&& f) const {
    auto walk = [&](const uint8_t* p, const uint8_t* end) {
      while (p < end) {
        uint32_t size;
        std::memcpy(&size, p + 4, sizeof(size));
        f(static_cast<CommandType>(p[0]), p + 8);
        p += size;
      }
    };
    if (isInline()) return walk(inline_, cursor_);
    const size_t count = 1 + more_.size();
    for (size_t b = 0; b < count; ++b) {
      const Block& block = b == 0 ? first_ : more_[b - 1];
      walk(block.bytes, b + 1 == count ? cursor_ : block.bytes + block.used);
    }
  }

 private:
  template <class T>
  static size_t recordSize(size_t extraBytes) {
    static_assert(std::is_trivially_copyable_v<T>);
    return 8 + ((sizeof(T) + 7) & ~size_t{7}) + ((extraBytes + 7) & ~size_t{7});
  }
  // Writes the header of a record of `size` bytes at `p`; returns its payload.
  template <class T>
  T* place(uint8_t* p, CommandType type, size_t size) {
    p[0] = static_cast<uint8_t>(type);
    types_ |= bitOf(type);
    uint32_t size32 = static_cast<uint32_t>(size);
    std::memcpy(p + 4, &size32, sizeof(size32));
    return reinterpret_cast<T*>(p + 8);
  }
  uint8_t* grow(size_t n) {
    if (n > static_cast<size_t>(end_ - cursor_)) [[unlikely]] {
      newBlock(n);
    }
    uint8_t* p = cursor_;
    cursor_ += n;
    bytes_ += n;
    return p;
  }
  void newBlock(size_t n);
  // Moves `other`'s records here (this stream holds none) and empties it.
  void take(CommandStream& other) noexcept;

  struct Block {
    uint8_t* bytes = nullptr;
    size_t size = 0;
    size_t used = 0;
  };
  void releaseBlocks();
  // The first block is held here (a pass's records fit in one: no vector to
  // allocate), the others in more_; none while the records are inline.
  Block first_;
  std::vector<Block> more_;
  uint8_t* cursor_;
  uint8_t* end_;
  size_t bytes_ = 0;
  uint64_t types_ = 0;  // bit t: a record of CommandType t was appended
  struct RenderPasses {
    std::vector<uint32_t> ends;  // pass i's groups end at groups[ends[i]]
    std::vector<const BindGroupBase*> groups;
  };
  std::unique_ptr<RenderPasses> renderPasses_;  // none until a render pass ends
  alignas(8) uint8_t inline_[kInlineBytes];
  static constexpr uint64_t bitOf(CommandType type) {
    return uint64_t{1} << static_cast<uint8_t>(type);
  }
};

// An exact map from pointers to a 32-bit tag, for deduplicating the objects
// a stream of commands uses without a per-command allocation: the first
// kInline keys in the object itself (a pass uses a few groups: no
// allocation), then open addressing.
class PointerMap {
 public:
  static constexpr size_t kInline = 8;

  // The tag of `p`, inserting it with tag 0 (and setting *inserted) when absent.
  uint32_t& find(const void* p, bool* inserted) {
    if (keys_.empty()) [[likely]] {
      for (size_t i = 0; i < count_; ++i) {
        if (inlineKeys_[i] == p) {
          *inserted = false;
          return inlineTags_[i];
        }
      }
      if (count_ < kInline) {
        inlineKeys_[count_] = p;
        inlineTags_[count_] = 0;
        *inserted = true;
        return inlineTags_[count_++];
      }
      rehash();  // the inline keys move to the table
    } else if (count_ * 2 >= keys_.size()) [[unlikely]] {
      rehash();
    }
    size_t mask = keys_.size() - 1;
    size_t i = hash(p) & mask;
    while (keys_[i] != nullptr) {
      if (keys_[i] == p) {
        *inserted = false;
        return tags_[i];
      }
      i = (i + 1) & mask;
    }
    keys_[i] = p;
    tags_[i] = 0;
    ++count_;
    *inserted = true;
    return tags_[i];
  }
  // True when `p` was not in the map (and is now).
  bool insert(const void* p) {
    bool inserted;
    find(p, &inserted);
    return inserted;
  }

 private:
  static size_t hash(const void* p) {
    return static_cast<size_t>((reinterpret_cast<uintptr_t>(p) * 0x9E3779B97F4A7C15ull) >> 32);
  }
  void rehash();
  const void* inlineKeys_[kInline] = {};
  uint32_t inlineTags_[kInline] = {};
  std::vector<const void*> keys_;
  std::vector<uint32_t> tags_;
  size_t count_ = 0;
};
using PointerSet = PointerMap;

// Everything a command buffer's commands use, referenced so it lives as long
// as the commands (#dom-gpuqueue-submit checks these).
struct UsedResources {
  UsedResources();
  ~UsedResources();
  UsedResources(UsedResources&&) noexcept;
  UsedResources& operator=(UsedResources&&) noexcept;
  // [[used_bind_groups]] (deduplicated). A pass's few groups and pipelines
  // are held inline.
  RefList<BindGroupBase, 4> bindGroups;
  std::vector<Ref<BufferBase>> buffers;  // index, vertex, indirect buffers
  std::vector<Ref<TextureViewBase>> attachments;
  RefList<ObjectBase, 4> others;  // pipelines, bundles
  // Query sets written or resolved (an occlusionQuerySet counts once a
  // beginOcclusionQuery uses it, #dom-gpuqueue-submit).
  std::vector<Ref<QuerySetBase>> querySets;
  // Buffers and textures of copy commands (#dom-gpuqueue-submit: buffers
  // unmapped and not destroyed, textures not destroyed).
  std::vector<Ref<BufferBase>> copyBuffers;
  std::vector<Ref<TextureBase>> copyTextures;

  void addNewBindGroup(BindGroupBase* group);
  void addBuffer(BufferBase* buffer);
  void merge(const UsedResources& other);
};

// A failing command's place, for the message of the deferred error.
struct CommandSite {
  std::string_view kind;             // "setBindGroup"
  const ObjectBase* pass = nullptr;  // the pass or bundle encoder, if any
  const std::vector<std::string>* passDebugGroups = nullptr;
};

class EncodingContext {
 public:
  EncodingContext(DeviceBase* device, const ObjectBase* encoder)
      : device_(device), encoder_(encoder) {}

  DeviceBase* device() const { return device_; }
  bool isValid() const { return error_ == nullptr; }
  // Counts one command and returns its index.
  uint32_t nextCommand() { return commandCount_++; }
  uint32_t commandCount() const { return commandCount_; }
  // A new id for a pass (or bundle) of this encoder; never 0.
  uint32_t nextPassId() { return ++passCount_; }
  CommandStream& stream() { return stream_; }
  const CommandStream& stream() const { return stream_; }
  UsedResources& used() { return used_; }
  const UsedResources& used() const { return used_; }
  std::vector<std::string>& debugGroups() { return debugGroups_; }
  // Adds `group` to the used resources; true when pass `passId` had not
  // used it yet.
  bool addBindGroup(BindGroupBase* group, uint32_t passId) {
    bool inserted;
    uint32_t& lastPass = seenBindGroups_.find(group, &inserted);
    if (inserted) used_.addNewBindGroup(group);
    if (lastPass == passId && !inserted) return false;
    lastPass = passId;
    return true;
  }

  // Invalidates the encoder with `error` (the first one is kept), adding
  // "While encoding command #N (kind) in <pass> of <encoder>; debug groups:
  // ...". In strict mode the error is also reported now, with `call`.
  void recordError(std::unique_ptr<ErrorData> error, uint32_t commandIndex, const CommandSite& site,
                   std::string_view call);
  // Takes the first error (for finish()).
  std::unique_ptr<ErrorData> takeError() { return std::move(error_); }
  const ErrorData* error() const { return error_.get(); }

 private:
  DeviceBase* device_;
  const ObjectBase* encoder_;
  uint32_t commandCount_ = 0;
  uint32_t passCount_ = 0;
  CommandStream stream_;
  UsedResources used_;
  // Every group used, with the id of the last pass that used it: one probe
  // both deduplicates [[used_bind_groups]] and tells a render pass whether
  // the group is new to its usage scope. (Here, not in UsedResources: a
  // finished command buffer does not keep it.)
  PointerMap seenBindGroups_;
  std::vector<std::string> debugGroups_;  // the encoder's own debug-group stack
  std::unique_ptr<ErrorData> error_;
};

// "'frame' > 'shadows'" or "none".
std::string describeDebugGroups(const std::vector<std::string>* outer,
                                const std::vector<std::string>* inner);

// A command buffer lives inside the GPUCommandEncoder that finished it
// (#dom-gpucommandencoder-finish makes one per encoder): it reads the
// encoder's commands and used resources in place, with no copy, and keeps
// the encoder alive. Only the further (invalid) command buffers of an
// encoder finished again are allocated on their own.
class CommandBufferBase final : public ObjectBase {
 public:
  // A valid command buffer over `context` (frozen from now on), inside
  // `owner`'s storage; it holds a reference to `owner`.
  CommandBufferBase(DeviceBase* device, std::string_view label, const ObjectBase* owner,
                    const EncodingContext& context);
  // An invalid one: inside `owner`'s storage (a reference to it), or
  // allocated on its own when `owner` is null.
  CommandBufferBase(DeviceBase* device, std::string_view label, const ObjectBase* owner,
                    InvalidTag);
  ~CommandBufferBase() override;

  bool isSubmitted() const { return submitted_; }
  void markSubmitted() { submitted_ = true; }
  const CommandStream& commands() const { return *commands_; }
  const UsedResources& used() const { return *used_; }

  // #dom-gpuqueue-submit: every used buffer available (not destroyed, not
  // mapped), every texture not destroyed, every external texture unexpired,
  // every query set not destroyed.
  MaybeError validateSubmit() const;

 private:
  // In an owner's storage: destroyed in place, then the owner released.
  void destroySelf() const noexcept override;

  const ObjectBase* owner_;
  const CommandStream* commands_;
  const UsedResources* used_;
  bool submitted_ = false;
};

}  // namespace bindery::core
