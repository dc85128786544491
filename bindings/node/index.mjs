// ESM entry: `import { create, globals } from 'bindery'`.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const bindery = require('./index.js');

export const { create, globals, reflect, FrameSource } = bindery;
export default bindery;
