#!/usr/bin/env node
'use strict';
// The CLI twin of the extension; the bundle is built by `npm run build` (scripts/build.mjs).
const path = require('node:path');
const fs = require('node:fs');
const bundle = path.join(__dirname, '..', 'dist', 'cli.js');
if (!fs.existsSync(bundle)) {
  process.stderr.write(`dynamo-hotpath: ${bundle} is missing; run \`npm run build\` first\n`);
  process.exit(2);
}
require(bundle);
