import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateSource } from '../../../src/core/migrate/migrateSource';
import { applyEdits } from '../../../src/core/migrate/textEdits';
import { compareVersions, readInstalledVersions } from '../../../src/core/migrate/installedVersions';

const env = { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' };
const adapterPath = 'fixtures/node-adserver/src/src/repository/v2-adapter.ts';
const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

describe('migrateSource on the node-adserver v2 adapter', () => {
  const text = readFileSync(adapterPath, 'utf8');
  const r = migrateSource(text, adapterPath, env);
  it('reports the DocumentClient, its calls and the Converter call at their lines', () => {
    const got = r.findings.map((f) => `${lineOf(text, f.start)}:${f.code}:${f.severity}`);
    assert.deepEqual(got, [
      '20:v2-low-level-client:information',
      '27:v2-document-client:information',
      '31:v2-document-client:information',
      '38:v3-result-exported:warning',
      '42:v2-low-level-client:information',
      '50:v2-converter-unmarshall:information',
      '52:v3-result-exported:warning',
      '56:v2-document-client:information',
      '58:v2-document-client:information',
      '58:v3-set-validation:warning',
    ]);
  });
  it('every finding with a fix applies alone, and the Converter fix leaves the client untouched', () => {
    const converter = r.findings.find((f) => f.code === 'v2-converter-unmarshall')!;
    assert.equal(converter.fix?.title, 'Replace with unmarshall() from @aws-sdk/util-dynamodb (same items)');
    const after = applyEdits(text, converter.fix!.edits);
    assert.match(after, /rules\.push\(unmarshall\(item \?\? \{\}, \{ wrapNumbers: Number \}\) as TargetingRule\);/);
    assert.match(after, /new AWS\.DynamoDB\.DocumentClient\(\{ service: this\.ddb \}\)/);
    assert.match(after, /^import AWS from 'aws-sdk';$/m);
    assert.match(after, /^import \{ unmarshall \} from '@aws-sdk\/util-dynamodb';$/m);
  });
  it('the DocumentClient fix migrates its service: client with it, config carried (maxRetries 2 → maxAttempts 3)', () => {
    const doc = r.findings.find((f) => f.code === 'v2-document-client')!;
    const after = applyEdits(text, doc.fix!.edits);
    assert.match(after, /this\.ddb = new DynamoDB\(\{ endpoint: cfg\.endpoint, region: cfg\.region, credentials: STATIC_CREDENTIALS, maxAttempts: 3, requestHandler: \{ httpAgent: new http\.Agent/);
    assert.match(after, /this\.doc = DynamoDBDocument\.from\(this\.ddb, \{ marshallOptions: /);
    assert.match(after, /private readonly ddb: DynamoDB;/);
    assert.match(after, /ConsistentRead: false,\n    \}\);/);
    assert.doesNotMatch(after, /\.promise\(\)\s*;\s*\n\s*return \(out\.Items/);
    assert.match(after, /segments: imp\.segments\.length \? new Set\(imp\.segments\) : undefined/);
  });
});

describe('migrateSource edge cases', () => {
  it('says when util-dynamodb is missing or older than 3.689.0', () => {
    const src = `import AWS from 'aws-sdk';\nexport const f = (x: object) => AWS.DynamoDB.Converter.marshall(x);\n`;
    const missing = migrateSource(src, 'a.ts', {});
    assert.match(missing.findings[0]!.fix!.title, /needs @aws-sdk\/util-dynamodb ≥ 3\.689\.0/);
    const note = missing.findings.find((f) => f.code === 'v3-not-installed')!;
    assert.equal(note.severity, 'warning');
    assert.match(note.message, /not installed/);
    const old = migrateSource(src, 'a.ts', { utilDynamodbVersion: '3.600.0' });
    assert.match(old.findings.find((f) => f.code === 'v3-version-too-old')!.message, /3\.600\.0 is older than 3\.689\.0/);
  });
  it('ignores files without aws-sdk and survives syntax errors', () => {
    assert.deepEqual(migrateSource('const x = 1;', 'a.js', env), { findings: [], fixAll: [] });
    const broken = migrateSource(`const AWS = require('aws-sdk');\nAWS.DynamoDB.Converter.marshall(x, ;\n`, 'b.js', env);
    assert.equal(broken.findings[0]!.code, 'v2-converter-marshall');
  });
  it('does not touch a shadowing local named like the SDK', () => {
    const src = `const AWS = require('aws-sdk');\nfunction f(AWS) { return AWS.DynamoDB.Converter.marshall({}); }\n`;
    assert.deepEqual(migrateSource(src, 'c.js', env).findings, []);
  });
  it('resolves `import x = require()` and an inline require chain', () => {
    const src = `import AWS = require('aws-sdk');\nexport const a = AWS.DynamoDB.Converter.output({ S: 'x' });\nexport const b = require('aws-sdk').DynamoDB.Converter.input('y');\n`;
    const r = migrateSource(src, 'e.ts', env);
    assert.deepEqual(r.findings.map((f) => f.code), ['v2-converter-output', 'v2-converter-input']);
    assert.equal(applyEdits(src, r.fixAll), [
      `import { convertToNative, convertToAttr } from '@aws-sdk/util-dynamodb';`,
      `export const a = convertToNative({ S: 'x' }, { wrapNumbers: Number });`,
      `export const b = convertToAttr('y', { removeUndefinedValues: true, convertClassInstanceToMap: true, allowImpreciseNumbers: true });`,
      '',
    ].join('\n'));
  });
  it('blocks a DocumentClient whose options cannot be read (an undeclared variable), as an error', () => {
    const src = `const AWS = require('aws-sdk');\nconst doc = new AWS.DynamoDB.DocumentClient(opts);\nexports.f = () => doc.get({ TableName: 'T', Key: { id: 1 } }).promise();\n`;
    const r = migrateSource(src, 'g.js', env);
    assert.deepEqual(r.findings.map((f) => [f.code, f.severity, Boolean(f.fix), lineOf(src, f.start)]), [
      ['v2-not-migrated', 'error', false, 2],
    ]);
    assert.equal(r.findings[0]!.message, 'DocumentClient created at g.js:2 is not migrated: its options come from opts, whose keys the tool cannot see; its 1 v2 call stays unchanged (g.js:3)');
    assert.deepEqual(r.fixAll, []);
  });
  it('keeps CRLF line endings', () => {
    const src = `const AWS = require('aws-sdk');\r\nexports.f = (x) => AWS.DynamoDB.Converter.unmarshall(x);\r\n`;
    assert.equal(applyEdits(src, migrateSource(src, 'f.js', env).fixAll),
      `const { unmarshall } = require('@aws-sdk/util-dynamodb');\r\nexports.f = (x) => unmarshall(x ?? {}, { wrapNumbers: Number });\r\n`);
  });
  it('aliases the v3 import when the file already declares the name', () => {
    const src = `import AWS from 'aws-sdk';\nconst marshall = 1;\nexport const f = (x: object) => [marshall, AWS.DynamoDB.Converter.marshall(x)];\n`;
    const out = applyEdits(src, migrateSource(src, 'd.ts', env).fixAll);
    assert.match(out, /^import \{ marshall as marshallV3 \} from '@aws-sdk\/util-dynamodb';$/m);
    assert.match(out, /\[marshall, marshallV3\(x, /);
  });
});

describe('notes left at the spot after a DocumentClient fix', () => {
  it('set .values reads and Buffer-only calls are flagged where they are', () => {
    const src = [
      `const AWS = require('aws-sdk');`,
      `const doc = new AWS.DynamoDB.DocumentClient();`,
      `exports.f = async () => {`,
      `  const { Item } = await doc.get({ TableName: 'T', Key: { id: 1 } }).promise();`,
      `  return [Item.tags.values, Item.blob.toString('base64'), Object.values(Item)];`,
      `};`,
    ].join('\n');
    const r = migrateSource(src, 'n.js', env);
    const notes = r.findings.filter((f) => f.code === 'v3-set-values' || f.code === 'v3-binary-buffer');
    assert.deepEqual(notes.map((f) => [f.code, src.slice(f.start, f.end)]), [
      ['v3-set-values', 'Item.tags.values'],
      ['v3-binary-buffer', "Item.blob.toString('base64')"],
    ]);
  });
});

describe('readInstalledVersions', () => {
  it('reads this repository\'s node_modules', async () => {
    assert.deepEqual(await readInstalledVersions(process.cwd()), { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' });
  });
  it('falls back to the lockfile, then the package.json range', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrate-versions-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ dependencies: { '@aws-sdk/lib-dynamodb': '^3.650.0' } }));
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ packages: { 'node_modules/@aws-sdk/util-dynamodb': { version: '3.700.1' } } }));
    mkdirSync(join(dir, 'src'));
    const env2 = await readInstalledVersions(join(dir, 'src'));
    assert.equal(env2.utilDynamodbVersion, '3.700.1');
    assert.equal(env2.libDynamodbVersion, '3.650.0');
    assert.ok(compareVersions('3.689.0', '3.1169.0') < 0);
  });
});
