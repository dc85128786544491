// examples/render_demo's shared pieces: the picture size, waiting for the
// device, and writing a rendered texture as a PNG.
#pragma once

#include <bindery/bindery.h>

#include <filesystem>
#include <string>

namespace demo {

constexpr uint32_t kWidth = 512, kHeight = 512;
constexpr uint32_t kStride = 256;  // minUniformBufferOffsetAlignment

// Ticks the device until no callback is pending.
void finish(const bindery::Device& device);
// Reads `color` (kWidth x kHeight rgba8unorm, COPY_SRC) back and writes it as
// a PNG at `path`; false (with a message) when that fails or `errors` > 0.
bool saveFrame(const bindery::Device& device, const bindery::Texture& color,
               const std::string& path, const int& errors);
// Seed 002's views (seed002_views.cpp): writes dir/seed002_views.png.
bool renderSeed002(const bindery::Adapter& adapter, const bindery::Device& device,
                   const std::filesystem::path& dir, const int& errors);
// Seed 004's scene layout (seed004_scene.cpp): writes dir/seed004_scene.png.
bool renderSeed004(const bindery::Adapter& adapter, const bindery::Device& device,
                   const std::filesystem::path& dir, const int& errors);

}  // namespace demo
