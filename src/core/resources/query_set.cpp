// GPUQuerySet: #queryset-creation, #queryset-destruction, and the
// timestampWrites rule both pass descriptors share (#timestamp,
// #abstract-opdef-validate-timestampwrites).
#include "core/resources/query_set.h"

#include <fmt/format.h>

#include "core/base/handles.h"
#include "core/device/device.h"

namespace bindery::core {

std::string quotedQueryType(QueryType type) {
  return fmt::format("'{}'", toString(type));
}

// #dom-gpudevice-createqueryset
MaybeError validateQuerySetDescriptor(const DeviceBase* device, const QuerySetDescriptor& d) {
  // Content timeline: a TypeError in JavaScript.
  BINDERY_INVALID_IF_FIX(
      d.type == QueryType::Timestamp && !device->hasFeature(FeatureName::TimestampQuery),
      MissingFeature,
      "Request the feature when creating the device: adapter.requestDevice({requiredFeatures: "
      "['timestamp-query']}) (check adapter.features.has('timestamp-query') first).",
      "descriptor.type is 'timestamp', which needs the 'timestamp-query' feature, but the device "
      "was not created with it.");
  BINDERY_INVALID_IF_FIX(d.count > kMaxQueryCount, QuerySetCountExceedsLimit,
                         fmt::format("Use at most {} queries per query set (create several "
                                     "query sets for more).",
                                     kMaxQueryCount),
                         "descriptor.count ({}) is more than {}, the most queries a query set "
                         "may hold.",
                         d.count, kMaxQueryCount);
  return {};
}

QuerySetBase::QuerySetBase(DeviceBase* device, const QuerySetDescriptor& d)
    : ObjectBase(device, ObjectType::QuerySet, d.label), type_(d.type), count_(d.count) {}

QuerySetBase::QuerySetBase(DeviceBase* device, const QuerySetDescriptor& d, InvalidTag tag)
    : ObjectBase(device, ObjectType::QuerySet, d.label, tag), type_(d.type), count_(d.count) {}

QuerySetBase::~QuerySetBase() = default;

// #dom-gpuqueryset-destroy
void QuerySetBase::destroy() {
  device()->beginCall();
  if (!destroyed_ && backendObject() && !device()->isLost()) backendObject()->destroy();
  destroyed_ = true;
}

MaybeError QuerySetBase::validateUsable(std::string_view what) const {
  BINDERY_INVALID_IF_FIX(destroyed_, QuerySetDestroyed,
                         "Submit the command buffer before destroying the query set, or record "
                         "the commands again with a live one.",
                         "{} is {}, which was destroyed.", what, describe());
  return {};
}

// #abstract-opdef-validate-timestampwrites
MaybeError validateTimestampWrites(const DeviceBase* device, const QuerySetBase* querySet,
                                   std::optional<uint32_t> beginning, std::optional<uint32_t> end,
                                   std::string_view field) {
  BINDERY_INVALID_IF_FIX(
      !device->hasFeature(FeatureName::TimestampQuery), MissingFeature,
      "Request the feature when creating the device: adapter.requestDevice({requiredFeatures: "
      "['timestamp-query']}), or leave timestampWrites out.",
      "{} is given, which needs the 'timestamp-query' feature, but the device was not created "
      "with it.",
      field);
  BINDERY_TRY(device->validateObject(querySet, [&] { return fmt::format("{}.querySet", field); }));
  BINDERY_INVALID_IF_FIX(querySet->type() != QueryType::Timestamp,
                         TimestampWritesQuerySetTypeInvalid,
                         "Create the query set with type: 'timestamp'.",
                         "{}.querySet ({}) has type {}; timestamp writes need a 'timestamp' query "
                         "set.",
                         field, querySet->describe(), quotedQueryType(querySet->type()));
  BINDERY_INVALID_IF_FIX(!beginning && !end, TimestampWritesNoIndex,
                         "Give beginningOfPassWriteIndex, endOfPassWriteIndex or both (or leave "
                         "timestampWrites out).",
                         "{} has neither beginningOfPassWriteIndex nor endOfPassWriteIndex; at "
                         "least one must be given.",
                         field);
  BINDERY_INVALID_IF_FIX(beginning && end && *beginning == *end, TimestampWritesIndicesEqual,
                         "Write the beginning and the end of the pass to different queries.",
                         "{}.beginningOfPassWriteIndex and {}.endOfPassWriteIndex are both {}; "
                         "they must differ.",
                         field, field, *beginning);
  for (auto [name, index] :
       {std::pair{"beginningOfPassWriteIndex", beginning}, std::pair{"endOfPassWriteIndex", end}}) {
    BINDERY_INVALID_IF_FIX(
        index && *index >= querySet->count(), TimestampWritesIndexOutOfRange,
        fmt::format("Use an index below {}, or create the query set with a larger count.",
                    querySet->count()),
        "{}.{} ({}) is not less than the count ({}) of {}.", field, name, *index, querySet->count(),
        querySet->describe());
  }
  return {};
}

Ref<QuerySetBase> DeviceBase::createQuerySet(const QuerySetDescriptor& d) {
  beginCall();
  if (isLost()) return Ref<QuerySetBase>::adopt(new QuerySetBase(this, d, InvalidTag{}));
  if (MaybeError error = validateQuerySetDescriptor(this, d); error.isError()) {
    auto querySet = Ref<QuerySetBase>::adopt(new QuerySetBase(this, d, InvalidTag{}));
    querySet->setInvalidReason(error->message);
    dispatchError(std::move(error), fmt::format("{}.createQuerySet({})", describe(),
                                                core::describe(ObjectType::QuerySet, d.label)));
    return querySet;
  }
  auto querySet = Ref<QuerySetBase>::adopt(new QuerySetBase(this, d));
  realise(this, *querySet, backend().createQuerySet(*querySet),
          [&] { return fmt::format("{}.createQuerySet({})", describe(), querySet->describe()); });
  return querySet;
}

}  // namespace bindery::core

namespace bindery {

using core::fromHandle;
using core::QuerySetBase;

std::optional<Exception> querySetTypeError(const Device& device,
                                           const QuerySetDescriptor& descriptor) {
  const auto* dev = fromHandle<core::DeviceBase>(device);
  if (descriptor.type != QueryType::Timestamp || dev->hasFeature(FeatureName::TimestampQuery)) {
    return std::nullopt;
  }
  std::unique_ptr<core::ErrorData> error =
      core::validateQuerySetDescriptor(dev, descriptor).release();
  return Exception{ExceptionType::TypeError, error->code,
                   fmt::format("{}.createQuerySet(): {}", dev->describe(), error->format())};
}

std::string_view toString(QueryType value) {
  return value == QueryType::Occlusion ? "occlusion" : "timestamp";
}

std::optional<QueryType> parseQueryType(std::string_view text) {
  if (text == "occlusion") return QueryType::Occlusion;
  if (text == "timestamp") return QueryType::Timestamp;
  return std::nullopt;
}

QuerySet Device::createQuerySet(const QuerySetDescriptor& descriptor) const {
  return core::toHandle<QuerySet>(fromHandle<core::DeviceBase>(*this)->createQuerySet(descriptor));
}

std::string_view QuerySet::label() const {
  return fromHandle<QuerySetBase>(*this)->label();
}
void QuerySet::setLabel(std::string_view l) {
  fromHandle<QuerySetBase>(*this)->setLabel(l);
}
void QuerySet::destroy() {
  fromHandle<QuerySetBase>(*this)->destroy();
}
QueryType QuerySet::type() const {
  return fromHandle<QuerySetBase>(*this)->type();
}
uint32_t QuerySet::count() const {
  return fromHandle<QuerySetBase>(*this)->count();
}

}  // namespace bindery
