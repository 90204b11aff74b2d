// `migrate` and package.json: aws-sdk can be removed once no source file loads it (and is, with
// --remove-aws-sdk), and v3 packages the migrated code imports but package.json lacks are named.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { manifestStep } from '../../src/cli/migrateManifest';
import { migrationAnalyzers } from '../../src/core/migrate/program/analyzers';
import { migrateFolder } from '../../src/core/migrate/program/migrateFolder';

const repo = resolve(__dirname, '..', '..');
const tsx = pathToFileURL(join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const env = { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' };

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, ['--import', tsx, join(repo, 'src', 'cli', 'main.ts'), 'migrate', ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const manifest = `{\n  "name": "svc",\n  "dependencies": {\n    "@aws-sdk/client-dynamodb": "^3.1169.0",\n    "aws-sdk": "^2.1693.0",\n    "lodash": "^4.17.21"\n  }\n}\n`;

function project(extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrate-manifest-')).replace(/\\/g, '/');
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

function step(dir: string, remove: boolean) {
  const folder = migrateFolder({ root: dir, displayRoot: dir }, { env, analyzers: migrationAnalyzers });
  const s = manifestStep(dir, folder.project.userFiles, folder.texts, remove);
  return { ...s, lines: s.lines.map((l) => l.split(`${dir}/`).join('')) };
}

describe('the package.json step of a migration', () => {
  it('says aws-sdk can be removed and names the v3 package package.json lacks', () => {
    const s = step(project(), false);
    assert.deepEqual(s.lines, [
      'package.json: the migrated code imports @aws-sdk/lib-dynamodb, which package.json does not list: npm install @aws-sdk/lib-dynamodb',
      'package.json: no source file loads aws-sdk any more: remove it from dependencies (npm uninstall aws-sdk, or run again with --remove-aws-sdk)',
    ]);
    assert.equal(s.change, undefined);
  });
  it('keeps aws-sdk while a source file still loads it, naming the file', () => {
    const s = step(project({ 's3.js': `const AWS = require('aws-sdk');\nexports.s3 = new AWS.S3();\n` }), true);
    assert.equal(s.lines[1], 'package.json: aws-sdk stays: 2 files still load it (config.js, s3.js)');
    assert.equal(s.change, undefined);
  });
  it('migrate --write --remove-aws-sdk removes the entry and nothing else (a diff without --write)', () => {
    const dir = project();
    const shown = cli(['.', '--remove-aws-sdk'], dir);
    assert.match(shown.stdout, /^--- a\/package\.json\n\+\+\+ b\/package\.json\n@@ -2,7 \+2,6 @@\n   "name": "svc",\n   "dependencies": \{\n     "@aws-sdk\/client-dynamodb": "\^3\.1169\.0",\n-    "aws-sdk": "\^2\.1693\.0",\n     "lodash": "\^4\.17\.21"\n   \}\n \}$/m);
    const r = cli(['.', '--write', '--remove-aws-sdk'], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^package\.json: aws-sdk removed from dependencies: no source file loads it any more \(run npm install to update the lock file\)$/m);
    assert.equal(readFileSync(join(dir, 'package.json'), 'utf8'), manifest.replace('    "aws-sdk": "^2.1693.0",\n', ''));
    assert.equal(readFileSync(join(dir, 'config.js'), 'utf8'), '');
  });

  it('makes no claim about aws-sdk when only a subfolder of the package was migrated (its other files were not read)', () => {
    const dir = project({ 's3.js': `const AWS = require('aws-sdk');\nexports.s3 = new AWS.S3();\n` });
    mkdirSync(join(dir, 'store'));
    writeFileSync(join(dir, 'store', 'db.js'), `const AWS = require('aws-sdk');\nconst db = new AWS.DynamoDB.DocumentClient({ region: 'eu-west-1' });\nexports.get = (id) => db.get({ TableName: 't', Key: { id } }).promise();\n`);
    const r = cli(['store', '--remove-aws-sdk'], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.doesNotMatch(r.stderr, /no source file loads|aws-sdk removed/);
    assert.match(r.stderr, /^--remove-aws-sdk: store is not the whole package of package\.json: migrate \. to check every file that may load aws-sdk$/m);
    assert.doesNotMatch(r.stdout, /package\.json/);
  });
});
