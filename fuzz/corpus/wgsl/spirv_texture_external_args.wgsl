@group(0) @binding(0) var t: texture_external;
@group(0) @binding(1) var sm: sampler;
@group(0) @binding(2) var<storage, read_write> out: vec4f;
fn fetch(tex: texture_external, c: vec2u) -> vec4f { return textureLoad(tex, c) + textureSampleBaseClampToEdge(tex, sm, vec2f(0.5)) + vec4f(vec2f(textureDimensions(tex)), 0, 0); }
fn outer(tex: texture_external) -> vec4f { return fetch(tex, vec2u(1)); }
@compute @workgroup_size(1) fn main() { out = outer(t) + fetch(t, vec2u(0)); }
