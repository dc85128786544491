// The whole public API of bindery.
#pragma once

#include "bindery/bind_group.h"
#include "bindery/bind_group_layout.h"
#include "bindery/buffer.h"
#include "bindery/command_encoder.h"
#include "bindery/device.h"
#include "bindery/enums.h"
#include "bindery/error.h"
#include "bindery/external_texture.h"
#include "bindery/flags.h"
#include "bindery/limits.h"
#include "bindery/object.h"
#include "bindery/pipeline_layout.h"
#include "bindery/queue.h"
#include "bindery/sampler.h"
#include "bindery/texture.h"
