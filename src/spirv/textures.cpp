// Texture builtins (#texture-builtin-functions).
#include "generator.h"

namespace bindery::spirv {

Id Generator::textureCall(NodeId e, std::string_view name, TypeId) {
  unsupported(std::string(name), e);
}

}  // namespace bindery::spirv
