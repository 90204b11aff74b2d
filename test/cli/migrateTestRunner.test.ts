// `migrate` reports a jest too old to load the v3 packages it migrates to, at package.json.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = resolve(__dirname, '..', '..');
const tsx = pathToFileURL(join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

describe('dynamo-hotpath migrate: test runner', () => {
  it('says at package.json that jest 26 cannot load the migrated code; nothing once no file changes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrate-jest-'));
    mkdirSync(join(dir, 'src'));
    mkdirSync(join(dir, 'node_modules', 'jest'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{\n  "devDependencies": {\n    "jest": "^26.6.0"\n  }\n}\n');
    writeFileSync(join(dir, 'node_modules', 'jest', 'package.json'), '{"version":"26.6.3"}');
    writeFileSync(join(dir, 'src', 'db.js'), `const AWS = require('aws-sdk');\nexports.toItem = (x) => AWS.DynamoDB.Converter.marshall(x);\n`);
    const run = () => spawnSync(process.execPath, ['--import', tsx, join(repo, 'src', 'cli', 'main.ts'), 'migrate', 'src', '--write'], { cwd: dir, encoding: 'utf8' });
    const first = run();
    assert.equal(first.status, 1, first.stderr);
    assert.match(first.stderr, /^package\.json:3:5 warning v3-test-runner jest 26\.6\.3 \(node_modules\/jest\/package\.json\) cannot load the v3 SDK/m);
    const second = run();
    assert.equal(second.status, 0, second.stderr);
    assert.doesNotMatch(second.stderr, /v3-test-runner/);
  });
});
