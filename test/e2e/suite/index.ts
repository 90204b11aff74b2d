/**
 * Extension-test entry (`extensionTestsPath`): VS Code's extension host calls `run()`; its
 * promise settling gives the exit code. Runs every `*.test.js` beside this bundle with mocha.
 */
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 120_000, reporter: 'spec' });
  for (const file of readdirSync(__dirname)) if (file.endsWith('.test.js')) mocha.addFile(join(__dirname, file));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
}
