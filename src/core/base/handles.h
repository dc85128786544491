// Conversions between public handles (bindery::Buffer) and core objects.
#pragma once

#include "bindery/object.h"
#include "core/base/object_base.h"
#include "core/base/ref.h"

namespace bindery::core {

// The core object behind a handle (null for a null handle). No reference taken.
template <class T>
T* fromHandle(const detail::Handle& handle) {
  return static_cast<T*>(static_cast<ObjectBase*>(handle.rawObject()));
}

// Wraps a core object in its public handle, handing the reference over.
template <class Public, class T>
Public toHandle(Ref<T> object) {
  return Public(static_cast<detail::RefCounted*>(object.detach()), detail::AdoptRef{});
}

}  // namespace bindery::core
