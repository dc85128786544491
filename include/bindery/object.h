// Reference-counted handles. Every public object (Buffer, Texture, ...) is a
// Handle: one pointer wide, copy = add a reference, destruction = drop one.
// A default-constructed handle is null (no object at all); an *invalid*
// object is a real object that failed validation (the spec's "invalid"), and
// using it is itself a validation error that names it.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace bindery {

namespace detail {

class RefCounted {
 public:
  RefCounted() = default;
  RefCounted(const RefCounted&) = delete;
  RefCounted& operator=(const RefCounted&) = delete;

  void addRef() const noexcept { refs_.fetch_add(1, std::memory_order_relaxed); }
  void release() const noexcept {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) destroySelf();
  }
  uint32_t refCount() const noexcept { return refs_.load(std::memory_order_relaxed); }

 protected:
  virtual ~RefCounted() = default;
  // Objects with a custom allocation (bind groups store entries inline)
  // override this to free themselves.
  virtual void destroySelf() const noexcept { delete this; }

 private:
  mutable std::atomic<uint32_t> refs_{1};
};

struct AdoptRef {};

// Handle<Self>: the shared machinery of the public classes. The object is
// held as its RefCounted base; each public class's methods (defined in
// src/core) cast it to the internal type.
class Handle {
 public:
  Handle() = default;
  Handle(RefCounted* object, AdoptRef) noexcept : object_(object) {}
  Handle(const Handle& other) noexcept : object_(other.object_) {
    if (object_) object_->addRef();
  }
  Handle(Handle&& other) noexcept : object_(std::exchange(other.object_, nullptr)) {}
  Handle& operator=(const Handle& other) noexcept {
    if (other.object_) other.object_->addRef();
    if (object_) object_->release();
    object_ = other.object_;
    return *this;
  }
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      if (object_) object_->release();
      object_ = std::exchange(other.object_, nullptr);
    }
    return *this;
  }
  ~Handle() {
    if (object_) object_->release();
  }

  explicit operator bool() const noexcept { return object_ != nullptr; }
  RefCounted* rawObject() const noexcept { return object_; }
  bool operator==(const Handle& other) const noexcept = default;

 protected:
  RefCounted* object_ = nullptr;
};

}  // namespace detail

// Declares the boilerplate every public object class shares.
#define BINDERY_HANDLE_CLASS(Name)                                                      \
 public:                                                                                \
  Name() = default;                                                                     \
  Name(::bindery::detail::RefCounted* object, ::bindery::detail::AdoptRef tag) noexcept \
      : Handle(object, tag) {}                                                          \
  /* The debug label (GPUObjectBase.label). */                                          \
  std::string_view label() const;                                                       \
  void setLabel(std::string_view label)

}  // namespace bindery
