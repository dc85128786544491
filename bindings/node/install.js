// SPDX-License-Identifier: MIT OR Apache-2.0
'use strict';
// `npm install`'s step for the bindery package: keep the prebuilt addon
// (prebuilds/<platform>-<arch>/, found by node-gyp-build) when it loads on
// this machine; otherwise build one from the bundled sources (native/: the
// CMake project's src/, include/, cmake/ and bindings/node) into
// build/Release/bindery.node, where node-gyp-build looks first.
//
// BINDERY_BUILD_FROM_SOURCE=1 (or npm's --build-from-source) skips the
// prebuilt addon. The build needs CMake >= 3.25, a C++20 compiler (GCC 12,
// Clang 16), the fmt and nlohmann-json headers (Debian: cmake g++
// libfmt-dev nlohmann-json3-dev; libvulkan-dev for the Vulkan backend) and
// takes a few minutes. In the bindery repository (no native/ folder) this
// does nothing: scripts/build-node builds the addon there.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const packageDir = __dirname;
const nativeDir = path.join(packageDir, 'native');

function log(message) {
  process.stderr.write(`bindery: ${message}\n`);
}

// Loads the addon node-gyp-build finds, in a child process (a crash or a
// missing shared library must not end this one). Returns the error text, or
// '' when it loaded.
function loadError() {
  const script = `require(${JSON.stringify(path.join(packageDir, 'lib', 'native.js'))})`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (r.status === 0) return '';
  return (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n').slice(0, 6).join('\n');
}

function run(command, args, options = {}) {
  log(`${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (r.error) throw new Error(`${command}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${command} exited with status ${r.status}`);
}

function have(command) {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

function buildFromSource() {
  if (!have('cmake')) {
    throw new Error('building from source needs CMake >= 3.25, a C++20 compiler and the fmt and ' +
      'nlohmann-json headers (Debian 12: apt-get install cmake ninja-build g++ libfmt-dev ' +
      'nlohmann-json3-dev, and libvulkan-dev for the Vulkan backend)');
  }
  // The bundled node-addon-api and node-api-headers (bundleDependencies).
  const nodeModules = path.dirname(path.dirname(require.resolve('node-addon-api/package.json')));
  const buildDir = path.join(packageDir, 'build', 'cmake');
  const configure = ['-S', nativeDir, '-B', buildDir, '-DCMAKE_BUILD_TYPE=Release',
    '-DBINDERY_BUILD_NODE=ON', '-DBINDERY_BUILD_TESTS=OFF', '-DBINDERY_BUILD_EXAMPLES=OFF',
    '-DBINDERY_WERROR=OFF', '-DBINDERY_FMT_HEADER_ONLY=ON', `-DBINDERY_NODE_MODULES=${nodeModules}`];
  if (have('ninja')) configure.push('-G', 'Ninja');
  run('cmake', configure);
  const jobs = String(process.env.BINDERY_JOBS || os.availableParallelism?.() || os.cpus().length);
  run('cmake', ['--build', buildDir, '--target', 'bindery_node', '--parallel', jobs]);
  const release = path.join(packageDir, 'build', 'Release');
  fs.mkdirSync(release, { recursive: true });
  fs.copyFileSync(path.join(buildDir, 'bindery.node'), path.join(release, 'bindery.node'));
  // The objects are not needed once the addon is there.
  fs.rmSync(buildDir, { recursive: true, force: true });
}

// bindings/node of a checkout (where packaging/prepack.js may have left native/).
function inRepository() {
  const root = path.resolve(packageDir, '..', '..');
  return fs.existsSync(path.join(root, 'src', 'core', 'CMakeLists.txt')) &&
    path.join(root, 'bindings', 'node') === packageDir;
}

function main() {
  if (!fs.existsSync(nativeDir) || inRepository()) return;
  const fromSource = ['1', 'true'].includes(process.env.BINDERY_BUILD_FROM_SOURCE ?? '') ||
    process.env.npm_config_build_from_source === 'true';
  if (!fromSource) {
    const error = loadError();
    if (!error) return;
    log(`the prebuilt addon does not load on ${process.platform}-${process.arch}; ` +
      `building from the bundled sources.\n${error}`);
  } else {
    log('building the addon from the bundled sources (BINDERY_BUILD_FROM_SOURCE)');
  }
  buildFromSource();
  const error = loadError();
  if (error) throw new Error(`the addon built from source does not load:\n${error}`);
  log('built build/Release/bindery.node from source');
}

try {
  main();
} catch (e) {
  log(`install failed: ${e.message}`);
  process.exit(1);
}
