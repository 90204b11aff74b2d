// `migrate` and package.json: aws-sdk can be removed once no source file loads it (and is, with
// --remove-aws-sdk), and v3 packages the migrated code imports but package.json lacks are named.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = resolve(__dirname, '..', '..');
const tsx = pathToFileURL(join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, ['--import', tsx, join(repo, 'src', 'cli', 'main.ts'), 'migrate', ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const manifest = `{\n  "name": "svc",\n  "dependencies": {\n    "@aws-sdk/client-dynamodb": "^3.1169.0",\n    "aws-sdk": "^2.1693.0",\n    "lodash": "^4.17.21"\n  }\n}\n`;

function project(extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrate-manifest-'));
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const files = {
    'package.json': manifest,
    'config.js': `const AWS = require('aws-sdk');\nAWS.config.update({ region: 'eu-west-1' });\n`,
    'db.js': `require('./config');\nconst AWS = require('aws-sdk');\nmodule.exports = new AWS.DynamoDB.DocumentClient();\n`,
    ...extra,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('migrate and package.json', () => {
  it('says aws-sdk can be removed and names the v3 package package.json lacks; --write leaves package.json alone', () => {
    const dir = project();
    const r = cli(['.', '--write'], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^package\.json: the migrated code imports @aws-sdk\/lib-dynamodb, which package\.json does not list: npm install @aws-sdk\/lib-dynamodb$/m);
    assert.match(r.stderr, /^package\.json: no source file loads aws-sdk any more: remove it from dependencies \(npm uninstall aws-sdk, or run again with --remove-aws-sdk\)$/m);
    assert.equal(readFileSync(join(dir, 'package.json'), 'utf8'), manifest);
    assert.equal(readFileSync(join(dir, 'config.js'), 'utf8'), '');
  });
  it('--remove-aws-sdk removes the entry and nothing else (shown as a diff, written with --write)', () => {
    const dir = project();
    const shown = cli(['.', '--remove-aws-sdk'], dir);
    assert.match(shown.stdout, /^--- a\/package\.json\n\+\+\+ b\/package\.json\n@@ -2,7 \+2,6 @@\n   "name": "svc",\n   "dependencies": \{\n     "@aws-sdk\/client-dynamodb": "\^3\.1169\.0",\n-    "aws-sdk": "\^2\.1693\.0",\n     "lodash": "\^4\.17\.21"\n   \}\n \}$/m);
    const r = cli(['.', '--write', '--remove-aws-sdk'], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^package\.json: aws-sdk removed from dependencies: no source file loads it any more \(run npm install to update the lock file\)$/m);
    assert.equal(readFileSync(join(dir, 'package.json'), 'utf8'), manifest.replace('    "aws-sdk": "^2.1693.0",\n', ''));
  });
  it('keeps aws-sdk while a source file still loads it, naming the file', () => {
    const dir = project({ 's3.js': `const AWS = require('aws-sdk');\nexports.s3 = new AWS.S3();\n` });
    const r = cli(['.', '--write', '--remove-aws-sdk'], dir);
    assert.match(r.stderr, /^package\.json: aws-sdk stays: 2 files still load it \(config\.js, s3\.js\)$/m);
    assert.equal(readFileSync(join(dir, 'package.json'), 'utf8'), manifest);
    assert.match(readFileSync(join(dir, 'config.js'), 'utf8'), /AWS\.config\.update/);
  });
});
