@fragment fn fs(@location(0) v : f32) -> @location(0) vec4f { if (v > 0.5) { return vec4f(dpdx(v)); } return vec4f(0.0); }
