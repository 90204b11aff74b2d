// `dynamo-hotpath check`: the finding lines, --json against schemas/check.schema.json, exit codes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { runCli } from '../helpers/runCli';

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(JSON.parse(readFileSync('schemas/check.schema.json', 'utf8')));

describe('check', () => {
  it('prints file:line:col severity code message with why and fix, and exits 1 on findings', () => {
    const r = runCli(['check', 'test/fixtures/check/js/v2app']);
    assert.equal(r.code, 1, r.stderr);
    const lines = r.stdout.split('\n');
    assert.ok(lines.includes("test/fixtures/check/js/v2app/handler.js:7:17 warning no-keep-alive aws-sdk v2 DynamoDB client without keep-alive: each request opens a new connection"), r.stdout);
    const at = lines.findIndex((l) => l.startsWith('test/fixtures/check/js/v2app/handler.js:7:17 '));
    assert.match(lines[at + 1]!, /^ {4}why: aws-sdk v2 keeps connections alive only with an https\.Agent/);
    assert.match(lines[at + 2]!, /^ {4}fix: .*\(quick fix: Keep connections alive \(https\.Agent with keepAlive\)\)$/);
    assert.match(r.stderr, /^9 findings in 1 file; 4 files checked\n$/);
    const brief = runCli(['check', 'test/fixtures/check/js/v2app', '--brief']);
    assert.equal(brief.stdout.trim().split('\n').length, 9);
  });

  it('--json matches its schema; --concurrency moves the idle-pool threshold', () => {
    const r = runCli(['check', 'test/fixtures/check/go', '--json']);
    assert.equal(r.code, 1, r.stderr);
    const doc = JSON.parse(r.stdout) as { findings: { code: string }[] };
    assert.ok(validate(doc), JSON.stringify(validate.errors));
    const pools = (d: { findings: { code: string }[] }) => d.findings.filter((f) => f.code === 'small-idle-pool').length;
    assert.equal(pools(doc), 3);
    assert.equal(pools(JSON.parse(runCli(['check', 'test/fixtures/check/go', '--json', '--concurrency', '3']).stdout)), 2);
    assert.equal(pools(JSON.parse(runCli(['check', 'test/fixtures/check/go', '--json', '--concurrency', '100']).stdout)), 4);
  });

  it('exits 0 on right code, 2 for bad input, 3 when a file cannot be checked', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dhp-check-cli-'));
    try {
      writeFileSync(join(dir, 'ok.js'), "const { DynamoDBClient } = require('@aws-sdk/client-dynamodb');\nmodule.exports = new DynamoDBClient({});\n");
      const ok = runCli(['check', dir]);
      assert.equal(ok.code, 0, ok.stdout + ok.stderr);
      assert.match(ok.stderr, /^0 findings in 0 files; 1 file checked/);
      assert.equal(runCli(['check', join(dir, 'missing.js')]).code, 2);
      assert.match(runCli(['check', join(dir, 'missing.js')]).stderr, /missing\.js: no such file or folder/);
      writeFileSync(join(dir, 'notes.txt'), 'x');
      assert.match(runCli(['check', join(dir, 'notes.txt')]).stderr, /notes\.txt: not a Go, JavaScript or TypeScript file/);
      writeFileSync(join(dir, 'broken.go'), 'package x\nfunc (\n');
      const broken = runCli(['check', dir]);
      assert.equal(broken.code, 3, broken.stderr);
      assert.match(broken.stderr, /not checked: .*broken\.go: .*expected/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
