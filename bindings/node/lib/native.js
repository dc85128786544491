'use strict';
// Loads the compiled addon (bindery.node).
//  - BINDERY_NODE_ADDON names a file explicitly (used when it exists).
//  - In the bindery repository: the addon the project's CMake builds
//    (-DBINDERY_BUILD_NODE=ON) into <build folder>/bindery.node; scripts/test-js
//    builds build/node.
//  - In an installed npm package: node-gyp-build's choice, build/Release/
//    (built from the bundled sources by install.js) or the prebuilt addon
//    prebuilds/<platform>-<arch>/bindery.napi.glibc.node.
const fs = require('node:fs');
const path = require('node:path');

const packageDir = path.resolve(__dirname, '..');
const repoRoot = path.resolve(packageDir, '..', '..');
// The package is bindings/node of a checkout (not node_modules/bindery of a project).
const inRepository =
  fs.existsSync(path.join(repoRoot, 'src', 'core', 'CMakeLists.txt')) &&
  path.join(repoRoot, 'bindings', 'node') === packageDir;

function findAddon() {
  const explicit = process.env.BINDERY_NODE_ADDON;
  if (explicit && fs.existsSync(explicit)) return explicit;
  if (!inRepository) return require('node-gyp-build').path(packageDir);
  const candidates = [
    explicit,
    path.join(repoRoot, 'build', 'node', 'bindery.node'),
    path.join(repoRoot, 'build', 'release', 'bindery.node'),
  ].filter(Boolean);
  for (const file of candidates) {
    if (fs.existsSync(file)) return file;
  }
  throw new Error(
    `bindery: the native addon is not built (looked for ${candidates.join(', ')}). ` +
      'Run scripts/test-js, or: cmake -S . -B build/node -DBINDERY_BUILD_NODE=ON && ' +
      'ninja -C build/node bindery_node');
}

const native = require(findAddon());

module.exports = { native, packageDir };
