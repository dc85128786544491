#include "core/base/object_base.h"

#include <fmt/format.h>

#include "core/device/device.h"

namespace bindery::core {

std::string_view toString(ObjectType type) {
  switch (type) {
    case ObjectType::Instance: return "GPU";
    case ObjectType::Adapter: return "Adapter";
    case ObjectType::Device: return "Device";
    case ObjectType::Queue: return "Queue";
    case ObjectType::Buffer: return "Buffer";
    case ObjectType::Texture: return "Texture";
    case ObjectType::TextureView: return "TextureView";
    case ObjectType::Sampler: return "Sampler";
    case ObjectType::BindGroupLayout: return "BindGroupLayout";
    case ObjectType::BindGroup: return "BindGroup";
    case ObjectType::PipelineLayout: return "PipelineLayout";
    case ObjectType::ExternalTexture: return "ExternalTexture";
    case ObjectType::ShaderModule: return "ShaderModule";
    case ObjectType::ComputePipeline: return "ComputePipeline";
    case ObjectType::RenderPipeline: return "RenderPipeline";
    case ObjectType::CommandEncoder: return "CommandEncoder";
    case ObjectType::CommandBuffer: return "CommandBuffer";
    case ObjectType::ComputePassEncoder: return "ComputePassEncoder";
    case ObjectType::RenderPassEncoder: return "RenderPassEncoder";
    case ObjectType::RenderBundleEncoder: return "RenderBundleEncoder";
    case ObjectType::RenderBundle: return "RenderBundle";
    case ObjectType::QuerySet: return "QuerySet";
  }
  return "Object";
}

ObjectBase::ObjectBase(DeviceBase* device, ObjectType type, std::string_view label)
    : device_(device), type_(type), label_(label) {
  if (device_ && static_cast<ObjectBase*>(device_) != this) device_->addRef();
}

ObjectBase::ObjectBase(DeviceBase* device, ObjectType type, std::string_view label, InvalidTag)
    : ObjectBase(device, type, label) {
  valid_ = false;
}

ObjectBase::~ObjectBase() {
  if (device_ && static_cast<ObjectBase*>(device_) != this) device_->release();
}

std::string ObjectBase::describe() const {
  std::string_view invalid = valid_ ? "" : "Invalid ";
  if (label_.empty()) return fmt::format("[{}{}]", invalid, toString(type_));
  return fmt::format("[{}{} \"{}\"]", invalid, toString(type_), label_);
}

std::string describe(const ObjectBase* object) {
  return object ? object->describe() : "null";
}

std::string describe(ObjectType type, std::string_view label) {
  if (label.empty()) return fmt::format("[{}]", toString(type));
  return fmt::format("[{} \"{}\"]", toString(type), label);
}

}  // namespace bindery::core
