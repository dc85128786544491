// Features (#features, #feature-dependencies).
#pragma once

#include "bindery/device.h"

namespace bindery::core {

// The features `feature` directly requires (#feature-dependencies), or an
// empty set.
FeatureSet featureDependencies(FeatureName feature);

// "a new device": `features` extended with every feature its members require,
// directly or indirectly.
FeatureSet withFeatureDependencies(FeatureSet features);

// #adapter-capability-guarantees for the null adapter's configured features:
// a feature whose requirements are not all offered is withheld too, so
// withholding "subgroups" also withholds "subgroup-size-control".
FeatureSet withoutUnmetDependencies(FeatureSet features);

}  // namespace bindery::core
