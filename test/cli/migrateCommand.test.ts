// The `migrate` subcommand end to end in a child process, on copies of the golden before-files.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = resolve(__dirname, '..', '..');
const golden = join(repo, 'test', 'fixtures', 'migrate');
/** tsx by absolute URL: the child runs in a temp dir that has no node_modules. */
const tsx = pathToFileURL(join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, ['--import', tsx, join(repo, 'src', 'cli', 'main.ts'), 'migrate', ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrate-cli-'));
  mkdirSync(join(dir, 'src'));
  // The v3 packages installed: a changed TypeScript file is type-checked by default.
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
  copyFileSync(join(golden, 'converter-cjs-require.before.js'), join(dir, 'src', 'store.js'));
  copyFileSync(join(golden, 'docclient-esm-named.before.ts'), join(dir, 'src', 'ads.ts'));
  return dir;
}

describe('dynamo-hotpath migrate', () => {
  it('prints a unified diff, exits 1 and writes nothing without --write', () => {
    const dir = workspace();
    const r = cli(['src'], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^--- a\/src\/ads\.ts\n\+\+\+ b\/src\/ads\.ts\n@@ -1,/m);
    assert.match(r.stdout, /^-const AWS = require\('aws-sdk'\);\n\+const \{ marshall, unmarshall \} = require\('@aws-sdk\/util-dynamodb'\);$/m);
    assert.match(r.stderr, /2 of 2 files would change/);
    assert.match(r.stderr, /^src\/ads\.ts:4:13 warning v3-empty-set-values convertEmptyValues: /m);
    assert.match(r.stderr, /^src\/ads\.ts:7:21 information v2-document-client aws-sdk v2 DocumentClient get\(\)/m);
    assert.match(r.stderr, /^src\/ads\.ts: migrated\nsrc\/store\.js: migrated$/m);
    assert.match(r.stderr, /^verify: 2 files type-checked before and after the migration: \d+ errors? before, \d+ after, 0 new$/m);
    assert.equal(readFileSync(join(dir, 'src', 'store.js'), 'utf8'), readFileSync(join(golden, 'converter-cjs-require.before.js'), 'utf8'));
  });
  it('--write applies the golden result, and a second run finds nothing (exit 0)', () => {
    const dir = workspace();
    const r = cli(['src', '--write'], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, '');
    assert.equal(readFileSync(join(dir, 'src', 'store.js'), 'utf8'), readFileSync(join(golden, 'converter-cjs-require.after.js'), 'utf8'));
    assert.equal(readFileSync(join(dir, 'src', 'ads.ts'), 'utf8'), readFileSync(join(golden, 'docclient-esm-named.after.ts'), 'utf8'));
    const again = cli(['src/store.js', 'src/ads.ts'], dir);
    assert.equal(again.code, 0);
    assert.equal(again.stderr, '0 of 0 files would change\n');
  });
  it('on a folder: lists every file using aws-sdk, names each blocking use, changes nothing of a blocked client, exits 3', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrate-cli-'));
    mkdirSync(join(dir, 'lib'));
    const files: Record<string, string> = {
      'lib/db.js': `const AWS = require('aws-sdk');\nmodule.exports = new AWS.DynamoDB.DocumentClient({ region: 'eu-west-1' });\n`,
      'lib/users.js': `const db = require('./db');\nexports.get = (id) => db.get({ TableName: 'users', Key: { id } }).promise();\nexports.raw = () => db.service;\n`,
      'lib/s3.js': `const AWS = require('aws-sdk');\nexports.s3 = new AWS.S3();\n`,
      'lib/convert.js': `const AWS = require('aws-sdk');\nexports.f = (x) => AWS.DynamoDB.Converter.marshall(x);\n`,
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const r = cli(['lib', '--write'], dir);
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /^lib\/users\.js:3:21 error v2-not-migrated DocumentClient created at lib\/db\.js:2 is not migrated: \.service is aws-sdk v2 only: DynamoDBDocument has no equivalent$/m);
    assert.match(r.stderr, /^lib\/convert\.js: migrated\nlib\/db\.js: not migrated \(DocumentClient created at lib\/db\.js:2: blocked by its use at lib\/users\.js:3\)\nlib\/s3\.js: no DynamoDB use\nlib\/users\.js: not migrated \(/m);
    assert.match(r.stderr, /1 of 4 files changed; 2 error findings: something is not migrated\n$/);
    assert.match(r.stderr, /^verify: not run \(JavaScript without checkJs; --verify type-checks it with checkJs\)$/m);
    assert.equal(readFileSync(join(dir, 'lib/db.js'), 'utf8'), files['lib/db.js']);
    assert.equal(readFileSync(join(dir, 'lib/users.js'), 'utf8'), files['lib/users.js']);
    assert.match(readFileSync(join(dir, 'lib/convert.js'), 'utf8'), /^exports\.f = \(x\) => marshall\(x, \{ removeUndefinedValues: true/m);
  });
  it('--verify: type-checks the migrated files in memory and says which v3 package the project lacks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrate-cli-'));
    mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
    symlinkSync(join(repo, 'node_modules', 'aws-sdk'), join(dir, 'node_modules', 'aws-sdk'), 'dir');
    symlinkSync(join(repo, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'), 'dir');
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'commonjs', target: 'ES2022', esModuleInterop: true, skipLibCheck: true } }));
    writeFileSync(join(dir, 'db.ts'), `import AWS from 'aws-sdk';\nconst doc = new AWS.DynamoDB.DocumentClient({ region: 'eu-west-1' });\nexport const get = (id: string) => doc.get({ TableName: 't', Key: { id } }).promise();\n`);
    const r = cli(['.', '--verify'], dir);
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /^db\.ts:1:1 error v3-verify @aws-sdk\/client-dynamodb is not installed in this project \(1 import of it\): the migrated code cannot load it and could not be checked against it: npm install @aws-sdk\/client-dynamodb@\^3\.689\.0$/m);
    assert.match(r.stderr, /^verify: tsc -p tsconfig\.json with TypeScript 5\.9\.3 \(bundled: the project has none installed\), skipLibCheck on, 1 file, before and after the migration: 0 errors before, 2 after, 2 new$/m);
    const byDefault = cli(['.'], dir);
    assert.equal(byDefault.code, 3, 'TypeScript: checked without --verify');
    assert.match(byDefault.stderr, /^verify: tsc -p tsconfig\.json with TypeScript 5\.9\.3 \(bundled: the project has none installed\), skipLibCheck on, 1 file, before and after the migration: 0 errors before, 2 after, 2 new$/m);
    const skipped = cli(['.', '--no-verify'], dir);
    assert.equal(skipped.code, 1, skipped.stderr);
    assert.doesNotMatch(skipped.stderr, /verify/);
  });
  it('exits 2 on bad input, naming the problem', () => {
    const dir = workspace();
    const missing = cli(['nope.ts'], dir);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot read 'nope\.ts': no such file or directory/);
    assert.equal(cli(['src', '--dry'], dir).code, 2);
    assert.equal(cli([], dir).code, 2);
  });
});
