// Texture queries only: textureDimensions, textureNumLevels, textureNumLayers
// and textureNumSamples use the texture without a sampler, so f32 textures
// stay 'unfilterable-float'; depth and storage textures keep their kinds.
//
// @expect consultar compute(1,1,1): t1, t2, t2a, t3, tc, tca, tms, td, tda, tdc, tdca, tdms, ts, info

@group(0) @binding(0) var t1 : texture_1d<f32>;
@group(0) @binding(1) var t2 : texture_2d<f32>;
@group(0) @binding(2) var t2a : texture_2d_array<i32>;
@group(0) @binding(3) var t3 : texture_3d<u32>;
@group(0) @binding(4) var tc : texture_cube<f32>;
@group(0) @binding(5) var tca : texture_cube_array<f32>;
@group(0) @binding(6) var tms : texture_multisampled_2d<i32>;
@group(0) @binding(7) var td : texture_depth_2d;
@group(0) @binding(8) var tda : texture_depth_2d_array;
@group(0) @binding(9) var tdc : texture_depth_cube;
@group(0) @binding(10) var tdca : texture_depth_cube_array;
@group(0) @binding(11) var tdms : texture_depth_multisampled_2d;
@group(1) @binding(0) var ts : texture_storage_2d_array<rgba32sint, write>;
@group(1) @binding(1) var<storage, read_write> info : array<u32, 32>;

@compute @workgroup_size(1)
fn consultar() {
  info[0] = textureDimensions(t1);
  info[1] = textureDimensions(t1, 0u);
  info[2] = textureNumLevels(t1);
  let d2 = textureDimensions(t2, 1);
  info[3] = d2.x;
  info[4] = d2.y;
  info[5] = textureNumLevels(t2);
  info[6] = textureNumLayers(t2a);
  info[7] = textureNumLevels(t2a);
  let d3 = textureDimensions(t3);
  info[8] = d3.x * d3.y * d3.z;
  info[9] = textureNumLevels(t3);
  info[10] = textureDimensions(tc).x;
  info[11] = textureNumLevels(tc);
  info[12] = textureNumLayers(tca);
  info[13] = textureDimensions(tca, 0).y;
  info[14] = textureNumSamples(tms);
  info[15] = textureDimensions(tms).x;
  info[16] = textureNumLevels(td);
  info[17] = textureDimensions(td).y;
  info[18] = textureNumLayers(tda);
  info[19] = textureNumLevels(tda);
  info[20] = textureDimensions(tdc).x;
  info[21] = textureNumLevels(tdc);
  info[22] = textureNumLayers(tdca);
  info[23] = textureDimensions(tdca, 1u).x;
  info[24] = textureNumSamples(tdms);
  info[25] = textureDimensions(tdms).y;
  info[26] = textureNumLayers(ts);
  let ds = textureDimensions(ts);
  info[27] = ds.x + ds.y;
  var total = 0u;
  for (var i = 0u; i < 28u; i++) {
    total += info[i];
  }
  info[28] = total;
  textureStore(ts, vec2u(0u), 0u, vec4i(i32(total)));
}
