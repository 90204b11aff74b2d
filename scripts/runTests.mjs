// Runs every *.test.ts under test/ (except the editor tier, which needs a real VS Code)
// with Node's own test runner; TypeScript is loaded through tsx.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const skipDirs = new Set(['fixtures', 'e2e', 'electron', 'node_modules']);
function findTests(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!skipDirs.has(name)) findTests(path, out);
    } else if (name.endsWith('.test.ts')) {
      out.push(path);
    }
  }
  return out;
}

const filter = process.argv.slice(2);
let files = findTests('test').sort();
if (filter.length) files = files.filter((f) => filter.some((p) => f.includes(p)));
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
// The AWS SDKs print an end-of-support notice (v2) and a Node-version notice (v3) in every process
// that loads them; the tests load both on purpose, so the notices would only bury real output.
const env = {
  ...process.env,
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
