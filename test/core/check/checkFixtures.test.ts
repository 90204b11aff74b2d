// The code checks on their fixtures (test/fixtures/check): every line marked `want: <code>` has
// that finding and no other line has one — right code gets none; each quick fix, applied, parses
// and removes its finding. Go files go through the real Go helper (built with the machine's go).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { checkPaths, checkTargets } from '../../../src/core/check/checkPaths';
import { findGoBinary } from '../../../src/core/bench/goSuite';
import type { CheckEdit, CheckFinding, CheckResult } from '../../../src/core/check/types';
import { setWorkspaceTrust } from '../../../src/core/exec/workspaceTrust';

const FIXTURES = resolve('test/fixtures/check');
const goBinary = findGoBinary();
// As the CLI does for the user's own command: the Go helper is built with go.
setWorkspaceTrust(true);

/** `file:line code` of every `want: code` comment under `dir`. */
function wanted(dir: string): string[] {
  const out: string[] = [];
  for (const file of checkTargets([dir])) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const m = /\bwant: ([a-z-]+)/.exec(line);
        if (m) out.push(`${relative(FIXTURES, file)}:${i + 1} ${m[1]}`);
      });
  }
  return out.sort();
}

const found = (r: CheckResult) => r.findings.map((f) => `${relative(FIXTURES, f.file)}:${f.line} ${f.code}`).sort();

function applyEdits(text: string, edits: readonly CheckEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

describe('code checks on their fixtures', () => {
  let js: CheckResult;
  let go: CheckResult;
  before(async () => {
    js = await checkPaths([join(FIXTURES, 'js')]);
    assert.ok(goBinary, 'go is needed for the Go checks (scripts/goSetup.sh)');
    go = await checkPaths([join(FIXTURES, 'go')], { goBinary });
  });

  it('JavaScript/TypeScript: exactly the marked lines, none on right code (the project that sets AWS_NODEJS_CONNECTION_REUSE_ENABLED included)', () => {
    assert.deepEqual(js.unchecked, []);
    assert.equal(js.checkedFiles, 6);
    assert.deepEqual(found(js), wanted(join(FIXTURES, 'js')));
  });

  it('Go: exactly the marked lines, none on right code or in a package without DynamoDB', () => {
    assert.deepEqual(go.unchecked, []);
    assert.equal(go.checkedFiles, 6);
    assert.deepEqual(found(go), wanted(join(FIXTURES, 'go')));
  });

  it('every finding says why and what to do', () => {
    for (const f of [...js.findings, ...go.findings]) {
      assert.ok(f.reason.length > 60 && /aws\/aws-sdk-go#3067|default|keep|handshake|throttl/i.test(f.reason), `${f.code}: ${f.reason}`);
      assert.doesNotMatch(f.reason, /\bseed\b/, 'our own story notes are not a reference the user can follow');
      assert.ok(f.fix.length > 20, f.fix);
    }
  });

  it('JavaScript quick fixes parse and remove their finding', async () => {
    const withFix = js.findings.filter((f) => f.quickFix);
    assert.deepEqual([...new Set(withFix.map((f) => f.code))].sort(), ['client-per-request', 'keep-alives-disabled', 'no-keep-alive', 'retries-below-default', 'throttling-pte-only']);
    const dir = mkdtempSync(join(tmpdir(), 'dhp-check-js-'));
    try {
      cpSync(join(FIXTURES, 'js'), dir, { recursive: true });
      for (const f of withFix) {
        const copy = join(dir, relative(join(FIXTURES, 'js'), f.file));
        const fixed = applyEdits(readFileSync(f.file, 'utf8'), f.quickFix!.edits);
        const sf = ts.createSourceFile(copy, fixed, ts.ScriptTarget.Latest, true, copy.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
        assert.deepEqual((sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics, [], `${f.quickFix!.title} at ${f.line}`);
        writeFileSync(copy, fixed);
        const again = await checkPaths([copy]);
        const count = (r: CheckResult, file: string) => r.findings.filter((g) => g.code === f.code && g.file === file).length;
        assert.equal(count(again, copy), count(js, f.file) - 1, `${f.code} at line ${f.line} is still there after "${f.quickFix!.title}"`);
        writeFileSync(copy, readFileSync(f.file, 'utf8'));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the JavaScript quick fixes write what the fix says', () => {
    const at = (file: string, line: number, code: string): CheckFinding => js.findings.find((f) => f.file.endsWith(file) && f.line === line && f.code === code)!;
    const text = (f: CheckFinding) => applyEdits(readFileSync(f.file, 'utf8'), f.quickFix!.edits);
    assert.match(text(at('handler.js', 7, 'no-keep-alive')), /new AWS\.DynamoDB\(\{ region: 'eu-west-1', httpOptions: \{ agent: new https\.Agent\(\{ keepAlive: true, maxSockets: 50 \}\) \} \}\)/);
    assert.match(text(at('store.ts', 12, 'keep-alives-disabled')), /httpsAgent: \{ keepAlive: true \}/);
    assert.match(text(at('store.ts', 43, 'throttling-pte-only')), /case 'ThrottlingException':\n {4}case 'ProvisionedThroughputExceededException':/);
    assert.match(text(at('handler.js', 29, 'throttling-pte-only')), /\(err\.code === 'ProvisionedThroughputExceededException' \|\| err\.code === 'ThrottlingException'\)/);
    // The handler's client reads nothing of the request: it moves before the route's statement.
    const hoisted = text(at('store.ts', 19, 'client-per-request'));
    assert.match(hoisted, /const app = express\(\);\nconst perRequest = new DynamoDBClient\(\{ region: 'eu-west-1' \}\);\n\napp\.get\('\/items/);
    assert.doesNotMatch(hoisted.slice(hoisted.indexOf("app.get('/items")), /new DynamoDBClient\(\{ region/);
  });

  it('Go quick fixes: the edited file is gofmt-clean Go and the finding is gone', async () => {
    const withFix = go.findings.filter((f) => f.quickFix);
    assert.deepEqual([...new Set(withFix.map((f) => f.code))].sort(), ['default-http-client', 'keep-alives-disabled', 'retries-below-default', 'small-idle-pool', 'throttling-pte-only']);
    const dir = mkdtempSync(join(tmpdir(), 'dhp-check-go-'));
    try {
      for (const f of withFix) {
        cpSync(join(FIXTURES, 'go'), dir, { recursive: true, force: true });
        const copy = join(dir, relative(join(FIXTURES, 'go'), f.file));
        writeFileSync(copy, applyEdits(readFileSync(f.file, 'utf8'), f.quickFix!.edits));
        const again = await checkPaths([dir], { goBinary });
        assert.deepEqual(again.unchecked, [], `${f.quickFix!.title}: the file no longer parses`);
        assert.equal(again.findings.some((g) => g.code === f.code && g.line === f.line && relative(dir, g.file) === relative(join(FIXTURES, 'go'), f.file)), false, `${f.code} at ${f.line} still there after "${f.quickFix!.title}"`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
