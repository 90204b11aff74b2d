import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'bench', ...args], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('dynamo-hotpath bench', () => {
  it('benchmarks the fixture response and prints the shape, the table and the verdicts', () => {
    const r = cli('--items', 'fixtures/data/query-targeting-model.json', '--suite', 'conversion,go', '--budget-ms', '250', '--processes', '2', '--max-processes', '2');
    // the conversion suite ran; the Go suite (no --go-type) did not: exit 3, the reason on stderr too
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /^dynamo-hotpath bench: the Go \(dynamodbattribute vs attributevalue\) suite did not run: (Go not found: install golang-go|Not a Go module|The Go suite needs a struct)/m);
    assert.match(r.stderr, /^items: query-targeting-model\.json \(response\) — 25 items, ~1\.\d KB each/m);
    assert.match(r.stderr, /\[6\/6\] run 2\/2: Attribute conversion: v3 marshall \(migration options\)/);
    assert.match(r.stdout, /^\| v2 Converter\.marshall \| [\d.]+ (µs|ms) \|/m);
    assert.match(r.stdout, /^- marshall: v3 defaults vs v2 — (\d+(\.\d+)?× (faster|slower) \(95 % CI|no significant difference|unstable: the machine is too noisy to tell)/m);
    assert.match(r.stdout, /2 worker processes: the ratio new\/old is the geometric mean of the processes' median ratios/);
    assert.match(r.stdout, /Not run: (Go not found: install golang-go|Not a Go module|The Go suite needs a struct)/);
  });

  it('--json prints the report', () => {
    const r = cli('--generate', 'flat:3', '--suite', 'conversion', '--budget-ms', '150', '--processes', '1', '--max-processes', '1', '--json');
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.equal(report.itemSource.label, 'generated: flat × 3');
    assert.equal(report.suites[0].cases.length, 6);
    assert.equal(report.settings.budgetMsPerCase, 150);
  });

  it('bad arguments and bad items exit 2, with the reason', () => {
    let r = cli('--suite', 'fast');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown suite 'fast' \(expected conversion, response, go\)/);
    r = cli('--budget-ms=0');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--budget-ms must be a positive number, got '0'/);
    r = cli('--budget-ms', '600000');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--budget-ms must be at most 60000 \(a minute per case\), got '600000'/);
    r = cli('--processes', '4', '--max-processes', '3');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--max-processes \(3\) must be at least --processes \(4\)/);
    r = cli('--items', 'a.json', '--generate', 'flat');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /choose one item source, got --items and --generate/);
    r = cli('--items', 'fixtures/README.md');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /dynamo-hotpath bench: fixtures\/README\.md: not valid JSON/);
  });
});
