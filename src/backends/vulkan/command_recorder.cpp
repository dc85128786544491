// Records a command stream into a VkCommandBuffer (command_recorder.h).
#include "backends/vulkan/command_recorder.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "backends/vulkan/bind_group.h"
#include "backends/vulkan/buffer.h"
#include "backends/vulkan/compute_pass_recorder.h"
#include "backends/vulkan/copies.h"
#include "backends/vulkan/query_set.h"
#include "backends/vulkan/render_pass_recorder.h"
#include "core/binding/bind_group.h"
#include "core/commands/command_buffer.h"
#include "core/commands/copy_commands.h"
#include "core/commands/render_pass.h"
#include "core/resources/buffer.h"

namespace bindery::vulkan {

namespace {

using core::CommandType;

template <class T>
const T& payload(const uint8_t* p) {
  return *reinterpret_cast<const T*>(p);
}

VkBuffer vkBufferOf(const core::BufferBase* buffer) {
  return Buffer::of(*buffer).handle();
}

bool mapReadable(const core::BufferBase* buffer) {
  return buffer->usage().has(BufferUsage::MapRead);
}

LinearTexels linearOf(const core::TexelCopyBufferRecord& r) {
  return {vkBufferOf(r.buffer), r.offset, r.bytesPerRow.value_or(0), r.rowsPerImage.value_or(0)};
}

TexelRegion regionOf(const core::TexelCopyTextureRecord& r) {
  return {r.texture, r.mipLevel, r.origin, r.aspect};
}

void recordCopyBufferToBuffer(VkCommandBuffer commands, const uint8_t* p) {
  const auto& cmd = payload<core::CopyBufferToBufferCmd>(p);
  vulkan::recordCopyBufferToBuffer(commands, vkBufferOf(cmd.source), cmd.sourceOffset,
                                   vkBufferOf(cmd.destination), cmd.destinationOffset, cmd.size);
}

void recordClearBuffer(VkCommandBuffer commands, const uint8_t* p) {
  const auto& cmd = payload<core::ClearBufferCmd>(p);
  vulkan::recordClearBuffer(commands, vkBufferOf(cmd.buffer), cmd.offset, cmd.size);
}

void recordCopyBufferToTexture(VkCommandBuffer commands, const uint8_t* p) {
  const auto& cmd = payload<core::CopyBufferTextureCmd>(p);
  vulkan::recordCopyBufferToTexture(commands, linearOf(cmd.buffer), regionOf(cmd.texture),
                                    cmd.copySize);
}

void recordCopyTextureToBuffer(VkCommandBuffer commands, const uint8_t* p) {
  const auto& cmd = payload<core::CopyBufferTextureCmd>(p);
  vulkan::recordCopyTextureToBuffer(commands, regionOf(cmd.texture), linearOf(cmd.buffer),
                                    cmd.copySize);
}

void recordCopyTextureToTexture(VkCommandBuffer commands, const uint8_t* p) {
  const auto& cmd = payload<core::CopyTextureToTextureCmd>(p);
  vulkan::recordCopyTextureToTexture(commands, regionOf(cmd.source), regionOf(cmd.destination),
                                     cmd.copySize);
}

// The bind groups with textures render pass `pass` of `stream` uses (itself
// or in the bundles it executes), each once: their textures move to the
// layouts their shaders use before the pass begins (a dynamic rendering
// instance allows no layout transition). The render pass encoder listed the
// pass's groups that may have textures (CommandStream::renderPassGroups), so
// nothing walks the pass's records for them.
std::vector<const BindGroup*> renderPassTextureGroups(const core::CommandStream& stream,
                                                      size_t pass) {
  std::vector<const BindGroup*> groups;
  for (const core::BindGroupBase* g : stream.renderPassGroups(pass)) {
    const BindGroup* group = &BindGroup::of(*g);
    if (!group->textureUses().empty()) groups.push_back(group);
  }
  std::ranges::sort(groups);
  groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
  return groups;
}

void prepareRenderPassTextures(VkCommandBuffer commands,
                               const std::vector<const BindGroup*>& groups) {
  for (const BindGroup* group : groups) {
    prepareTextureUses(commands, *group,
                       VK_PIPELINE_STAGE_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT);
  }
}

}  // namespace

std::string_view commandName(CommandType type) {
  switch (type) {
    case CommandType::BeginComputePass: return "beginComputePass";
    case CommandType::BeginRenderPass: return "beginRenderPass";
    case CommandType::EndPass: return "end";
    case CommandType::SetPipeline: return "setPipeline";
    case CommandType::SetBindGroup: return "setBindGroup";
    case CommandType::SetIndexBuffer: return "setIndexBuffer";
    case CommandType::SetVertexBuffer: return "setVertexBuffer";
    case CommandType::Dispatch: return "dispatchWorkgroups";
    case CommandType::DispatchIndirect: return "dispatchWorkgroupsIndirect";
    case CommandType::Draw: return "draw";
    case CommandType::DrawIndexed: return "drawIndexed";
    case CommandType::DrawIndirect: return "drawIndirect";
    case CommandType::DrawIndexedIndirect: return "drawIndexedIndirect";
    case CommandType::ExecuteBundles: return "executeBundles";
    case CommandType::PushDebugGroup: return "pushDebugGroup";
    case CommandType::PopDebugGroup: return "popDebugGroup";
    case CommandType::InsertDebugMarker: return "insertDebugMarker";
    case CommandType::SetViewport: return "setViewport";
    case CommandType::SetScissorRect: return "setScissorRect";
    case CommandType::SetBlendConstant: return "setBlendConstant";
    case CommandType::SetStencilReference: return "setStencilReference";
    case CommandType::SetImmediates: return "setImmediates";
    case CommandType::BeginOcclusionQuery: return "beginOcclusionQuery";
    case CommandType::EndOcclusionQuery: return "endOcclusionQuery";
    case CommandType::WriteTimestamp: return "writeTimestamp";
    case CommandType::ResolveQuerySet: return "resolveQuerySet";
    case CommandType::CopyBufferToBuffer: return "copyBufferToBuffer";
    case CommandType::ClearBuffer: return "clearBuffer";
    case CommandType::CopyBufferToTexture: return "copyBufferToTexture";
    case CommandType::CopyTextureToBuffer: return "copyTextureToBuffer";
    case CommandType::CopyTextureToTexture: return "copyTextureToTexture";
  }
  return "unknown command";
}

Status recordCommandStream(VkCommandBuffer commands, const core::CommandStream& stream,
                           backend::Serial serial, bool& hostReadable) {
  Status status;
  ComputePassRecorder compute(commands, serial);  // compute passes: compute_pass_recorder.h
  RenderPassRecorder render(commands, serial);    // render passes: render_pass_recorder.h
  size_t renderPass = 0;
  // Each pass is read and translated by its recorder in one loop; the
  // commands between passes here.
  core::CommandStream::Reader reader(stream);
  CommandType type;
  const uint8_t* p;
  while (reader.next(&type, &p)) {
    if (type == CommandType::BeginComputePass) {
      BINDERY_VK_TRY(compute.recordPass(reader));
      continue;
    }
    compute.noteOtherCommand(type);
    if (type == CommandType::BeginRenderPass) {
      prepareRenderPassTextures(commands, renderPassTextureGroups(stream, renderPass++));
      BINDERY_VK_TRY(render.recordPass(p, reader));
      continue;
    }
    switch (type) {
      case CommandType::CopyBufferToBuffer:
        recordCopyBufferToBuffer(commands, p);
        hostReadable |= mapReadable(payload<core::CopyBufferToBufferCmd>(p).destination);
        break;
      case CommandType::ClearBuffer:
        recordClearBuffer(commands, p);
        hostReadable |= mapReadable(payload<core::ClearBufferCmd>(p).buffer);
        break;
      case CommandType::CopyBufferToTexture: recordCopyBufferToTexture(commands, p); break;
      case CommandType::CopyTextureToBuffer:
        recordCopyTextureToBuffer(commands, p);
        hostReadable |= mapReadable(payload<core::CopyBufferTextureCmd>(p).buffer.buffer);
        break;
      case CommandType::CopyTextureToTexture: recordCopyTextureToTexture(commands, p); break;
      // Timestamps of compute passes and after render passes (query_set.h).
      case CommandType::WriteTimestamp: {
        const auto& cmd = payload<core::QueryCmd>(p);
        recordWriteTimestamp(commands, *cmd.querySet, cmd.queryIndex);
        break;
      }
      case CommandType::ResolveQuerySet:
        status = recordResolveQuerySet(commands, payload<core::ResolveQuerySetCmd>(p));
        break;
      // Debug markers change nothing on the GPU (VK_EXT_debug_utils labels may
      // come later).
      case CommandType::PushDebugGroup:
      case CommandType::PopDebugGroup:
      case CommandType::InsertDebugMarker: break;
      default:
        return backend::internalError(fmt::format(
            "not supported yet on Vulkan: {} (bindery's Vulkan backend executes "
            "copies, clears, queries, compute passes and render passes). The command buffer was "
            "not executed.",
            commandName(type)));
    }
    if (status.isError()) return status;
  }
  return status;
}

}  // namespace bindery::vulkan
