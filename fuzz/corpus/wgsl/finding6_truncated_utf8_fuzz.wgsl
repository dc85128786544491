// Identifiers beyond ASCII (WGSL identifiers are XID_Start XID_Continue*),
// a diagnostic directive, const_assert, aliases of resource types, and a
// resource whose store type is al iaans.
//
// @expect vs vertex: cÃ¡mara
// @expect fs fragment: cÃ¡mara, diseÃ±o+, muestreoÃ‘, aÃ±os

diagnostic(off, derivative_uniformity);

alias Matriz = mat4x4f;
alias TexturaColor = tvaÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛâÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛÛâÛeÛÛxture_2dÛÛÛ<Û