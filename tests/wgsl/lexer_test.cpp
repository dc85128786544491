#include <gtest/gtest.h>

#include "bindery/wgsl/module.h"
