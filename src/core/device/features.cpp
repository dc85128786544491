// Features: FeatureSet, and the dependencies between features
// (#feature-dependencies).
#include "core/device/features.h"

namespace bindery::core {

// #feature-dependencies: "This feature... requires these features".
FeatureSet featureDependencies(FeatureName feature) {
  switch (feature) {
    case FeatureName::TextureFormatsTier2: return {FeatureName::TextureFormatsTier1};
    case FeatureName::TextureFormatsTier1: return {FeatureName::Rg11b10ufloatRenderable};
    case FeatureName::TextureCompressionBcSliced3d: return {FeatureName::TextureCompressionBc};
    case FeatureName::TextureCompressionAstcSliced3d: return {FeatureName::TextureCompressionAstc};
    case FeatureName::SubgroupSizeControl: return {FeatureName::Subgroups};
    default: return {};
  }
}

FeatureSet withFeatureDependencies(FeatureSet features) {
  // Iterate to a fixed point so chains resolve (tier2 -> tier1 -> rg11b10ufloat-renderable).
  for (bool changed = true; changed;) {
    changed = false;
    for (FeatureName f : features.list()) {
      for (FeatureName required : featureDependencies(f).list()) {
        if (!features.has(required)) {
          features.add(required);
          changed = true;
        }
      }
    }
  }
  return features;
}

FeatureSet withoutUnmetDependencies(FeatureSet features) {
  for (bool changed = true; changed;) {
    changed = false;
    for (FeatureName f : features.list()) {
      for (FeatureName required : featureDependencies(f).list()) {
        if (!features.has(required)) {
          features.remove(f);
          changed = true;
          break;
        }
      }
    }
  }
  return features;
}

}  // namespace bindery::core

namespace bindery {

FeatureSet FeatureSet::all() {
  FeatureSet s;
  for (uint32_t i = 0; i < kFeatureNameCount; ++i) s.add(static_cast<FeatureName>(i));
  return s;
}

std::vector<FeatureName> FeatureSet::list() const {
  std::vector<FeatureName> out;
  for (uint32_t i = 0; i < kFeatureNameCount; ++i) {
    if (has(static_cast<FeatureName>(i))) out.push_back(static_cast<FeatureName>(i));
  }
  return out;
}

}  // namespace bindery
