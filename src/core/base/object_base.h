// ObjectBase: what every WebGPU object shares: a reference count, its
// device, its label, and whether it is valid (#invalid objects).
#pragma once

#include <string>
#include <string_view>

#include "bindery/object.h"
#include "core/base/ref.h"

namespace bindery::core {

class DeviceBase;

// The interface names, as messages print them ("[Texture "albedo"]").
enum class ObjectType : uint8_t {
  Instance,
  Adapter,
  Device,
  Queue,
  Buffer,
  Texture,
  TextureView,
  Sampler,
  BindGroupLayout,
  BindGroup,
  PipelineLayout,
  ExternalTexture,
  ShaderModule,
  ComputePipeline,
  RenderPipeline,
  CommandEncoder,
  CommandBuffer,
  ComputePassEncoder,
  RenderPassEncoder,
  RenderBundleEncoder,
  RenderBundle,
  QuerySet,
};
std::string_view toString(ObjectType type);

// Tag for creating an object in the invalid state.
struct InvalidTag {};

class ObjectBase : public detail::RefCounted {
 public:
  ObjectType objectType() const { return type_; }
  DeviceBase* device() const { return device_; }
  const std::string& label() const { return label_; }
  void setLabel(std::string_view label) { label_ = label; }
  bool isValid() const { return valid_; }
  // For an invalid object: the first line of the error that made it invalid,
  // so a later use can say why ("its creation failed: ...").
  const std::string& invalidReason() const { return invalidReason_; }
  void setInvalidReason(std::string reason) { invalidReason_ = std::move(reason); }
  // The backend failed to make a validated object real (an out-of-memory or
  // internal error, already reported): from now on it is invalid.
  void markInvalid(std::string reason) {
    valid_ = false;
    invalidReason_ = std::move(reason);
  }

  // `[Texture "albedo"]`, or `[Texture]` when unlabeled; `[Invalid Texture "albedo"]`.
  std::string describe() const;

 protected:
  // Objects of a device keep it alive (ref held in `deviceRef_`).
  ObjectBase(DeviceBase* device, ObjectType type, std::string_view label);
  ObjectBase(DeviceBase* device, ObjectType type, std::string_view label, InvalidTag);
  ~ObjectBase() override;

 private:
  DeviceBase* device_;
  ObjectType type_;
  bool valid_ = true;
  std::string label_;
  std::string invalidReason_;
};

// Describes an object or a null pointer ("[Texture "albedo"]" / "null").
std::string describe(const ObjectBase* object);
// Describes an object by type and label, e.g. the one a create call is making:
// `[Texture "albedo"]` (never "Invalid").
std::string describe(ObjectType type, std::string_view label);

}  // namespace bindery::core
