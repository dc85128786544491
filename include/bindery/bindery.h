// The whole public API of bindery.
#pragma once

#include "bindery/buffer.h"
#include "bindery/device.h"
#include "bindery/enums.h"
#include "bindery/error.h"
#include "bindery/flags.h"
#include "bindery/limits.h"
#include "bindery/object.h"
#include "bindery/sampler.h"
#include "bindery/texture.h"
