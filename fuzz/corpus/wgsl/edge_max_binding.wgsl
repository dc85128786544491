@group(4294967295) @binding(4294967295) var<uniform> u : f32;
@vertex fn vs() -> @builtin(position) vec4f { return vec4f(u); }