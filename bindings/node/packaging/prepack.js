// SPDX-License-Identifier: MIT OR Apache-2.0
'use strict';
// `npm pack` / `npm publish` in bindings/node run this first (prepack) and
// again with --clean afterwards (postpack). It stages what the tarball holds
// besides the JavaScript:
//   prebuilds/<platform>-<arch>/bindery.napi.<libc>.node  the addon, Release,
//       fmt compiled in (BINDERY_FMT_HEADER_ONLY), stripped; node-gyp-build's
//       layout. Built incrementally in build/npm-prebuild (BINDERY_PREBUILD_BUILD
//       names another folder).
//   native/   the sources install.js builds from where no prebuild loads: the
//       top-level CMakeLists.txt, cmake/, include/, src/ (without the CLI),
//       bindings/node's CMakeLists.txt and src/.
//   LICENSE, LICENSE-MIT, LICENSE-APACHE   copied from the repository root.
// Run it alone (`node packaging/prepack.js`) to build and stage without packing.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const packageDir = path.resolve(__dirname, '..');
const root = path.resolve(packageDir, '..', '..');
const staged = ['native', 'prebuilds', 'LICENSE', 'LICENSE-MIT', 'LICENSE-APACHE'];

function run(command, args) {
  const r = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error) throw new Error(`${command}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with status ${r.status}`);
}

function clean() {
  for (const name of staged) fs.rmSync(path.join(packageDir, name), { recursive: true, force: true });
}

// node-gyp-build's tags: the C library the addon is linked against.
function libc() {
  if (process.platform !== 'linux') return '';
  return process.report.getReport().header.glibcVersionRuntime ? 'glibc' : 'musl';
}

function buildPrebuild() {
  let dir = process.env.BINDERY_PREBUILD_BUILD || path.join('build', 'npm-prebuild');
  if (!path.isAbsolute(dir)) dir = path.join(root, dir);
  if (!fs.existsSync(path.join(dir, 'build.ninja'))) {
    run('cmake', ['-S', root, '-B', dir, '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=Release',
      '-DBINDERY_BUILD_NODE=ON', '-DBINDERY_BUILD_TESTS=OFF', '-DBINDERY_BUILD_EXAMPLES=OFF',
      '-DBINDERY_FMT_HEADER_ONLY=ON']);
  }
  const jobs = String(process.env.BINDERY_JOBS || os.cpus().length);
  run('ninja', ['-C', dir, `-j${jobs}`, 'bindery_node']);
  const tags = ['bindery', 'napi', libc(), 'node'].filter(Boolean).join('.');
  const target = path.join(packageDir, 'prebuilds', `${process.platform}-${process.arch}`, tags);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  run('strip', ['--strip-unneeded', '-o', target, path.join(dir, 'bindery.node')]);
  const mb = (fs.statSync(target).size / 1e6).toFixed(2);
  process.stderr.write(`prepack: ${path.relative(packageDir, target)} (${mb} MB)\n`);
}

function stageSources() {
  const native = path.join(packageDir, 'native');
  const copy = (from, filter = () => true) =>
    fs.cpSync(path.join(root, from), path.join(native, from), {
      recursive: true,
      filter: (source) => filter(path.relative(root, source)),
    });
  copy('CMakeLists.txt');
  copy('cmake');
  copy('include');
  copy('src', (rel) => rel !== path.join('src', 'cli'));
  copy(path.join('bindings', 'node', 'CMakeLists.txt'));
  copy(path.join('bindings', 'node', 'src'));
  for (const name of ['LICENSE', 'LICENSE-MIT', 'LICENSE-APACHE']) {
    fs.copyFileSync(path.join(root, name), path.join(packageDir, name));
  }
}

try {
  clean();
  if (process.argv[2] !== '--clean') {
    buildPrebuild();
    stageSources();
  }
} catch (e) {
  process.stderr.write(`prepack: ${e.message}\n`);
  process.exit(1);
}
