// SPDX-License-Identifier: MIT OR Apache-2.0
// Types of `import ... from 'bindery'` (index.mjs): index.d.ts's exports, and
// the default export, the module's namespace.
import * as bindery from './index.js';

export * from './index.js';
export default bindery;
