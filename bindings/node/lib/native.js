'use strict';
// Loads the compiled addon (bindery.node). It is built by the project's CMake
// (-DBINDERY_BUILD_NODE=ON) into <build folder>/bindery.node; scripts/test-js
// builds build/node. BINDERY_NODE_ADDON names another file explicitly.
const fs = require('node:fs');
const path = require('node:path');

const packageDir = path.resolve(__dirname, '..');
const repoRoot = path.resolve(packageDir, '..', '..');

function findAddon() {
  const candidates = [
    process.env.BINDERY_NODE_ADDON,
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
