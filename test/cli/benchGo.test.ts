// `bench --suite go` on the real Go sample module with the machine's Go and the SDK modules its
// go.sum pins (downloaded by scripts/goSetup.sh): it completes
// (exit 0; a refused run exits 3)
// on this loaded 2-core machine, shows B/op, allocs/op and a verdict, and leaves nothing behind —
// the module tree is byte-identical (every file, go.mod and go.sum included) and the temporary folder it
// used is empty — also when it is stopped with SIGINT.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MODULE = 'fixtures/go-adserver/src';
/** sha256 of fixtures/go-adserver/src/go.mod as committed. */
const GO_MOD_SHA256 = '7edd5e466c553f30e3d21a61af6b6aaa8fa27a2719a7f1404275a5d926fed7ed';
const CLI = join(process.cwd(), 'src/cli/main.ts');
const ARGS = ['bench', '--suite', 'go', '--go-type', 'github.com/example/adserver/internal/model.UserActivity', '--items', '../../data/query-user-activity.json'];

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Every file under `dir` with its sha256, sorted: the module's fingerprint. */
function fingerprint(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(`${p} ${sha256(p)}`);
    }
  };
  walk(dir);
  return out;
}

/** What the run left in `tmp`, less tsx's own compile cache (the test runs the CLI from source). */
const leftIn = (tmp: string) => readdirSync(tmp).filter((name) => !name.startsWith('tsx-'));

function freshTmp(): string {
  return mkdtempSync(join(tmpdir(), 'dhp-gobench-test-'));
}

describe('bench --suite go on the sample module (needs go and the modules scripts/goSetup.sh downloads)', () => {
  it('completes, shows allocs/op and a verdict, and leaves the module and the temp folder as they were', () => {
    const before = fingerprint(MODULE);
    assert.equal(sha256(join(MODULE, 'go.mod')), GO_MOD_SHA256);
    const tmp = freshTmp();
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...ARGS, '--go-count', '3', '--go-benchtime', '150'], {
        cwd: MODULE,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '', TMPDIR: tmp },
      });
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /\| case \| wall ns\/op \(mean\) \| median \| RME \| per item \| B\/op \| allocs\/op \| runs \|/);
      assert.match(r.stdout, /^\| aws-sdk-go dynamodbattribute UnmarshalMap \| [\d.]+ (µs|ms) \| .* \| [\d.]+ KB \| \d[\d,]* \| 3 \|$/m);
      assert.match(r.stdout, /^\| aws-sdk-go-v2 attributevalue MarshalMap \| .* \| \d[\d,]* \| 3 \|$/m);
      assert.match(r.stdout, /^- Unmarshal: v2 vs v1 — (\d+(\.\d+)?× (faster|slower) \(95 % CI|no significant difference)/m);
      assert.match(r.stdout, /^- Marshal: v2 vs v1 — /m);
      assert.match(r.stdout, /UserActivity: items fill 16\.6 of 17 exported fields on average/);
      assert.match(r.stdout, /fields left at their zero value: Referrer \(14 of 40\), Consent \(4 of 40\)/);
      assert.match(r.stdout, /^Go environment: go1\.\d+(\.\d+)? \S+, [^;]+; github\.com\/aws\/aws-sdk-go v1\.55\.8[;,]/m);
      assert.match(r.stderr, /\[12\/12\] Go: V2Marshal \(run 3 of 3\)/);
      assert.deepEqual(leftIn(tmp), []);
      assert.deepEqual(fingerprint(MODULE), before);
      assert.equal(sha256(join(MODULE, 'go.mod')), GO_MOD_SHA256);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('builds a struct of package main (unexported too) and refuses items that leave it empty, saying why', () => {
    const tmp = freshTmp();
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'bench', '--suite', 'go', '--go-type', './cmd/adserver.result', '--items', '../../data/query-user-activity.json'], {
        cwd: MODULE,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '', TMPDIR: tmp },
      });
      // a suite that did not run is not a success: exit 3, the reason in the report and on stderr
      assert.equal(r.status, 3, r.stderr);
      assert.match(r.stdout, /^Not run: result: items fill 0\.0 of 20 exported fields on average: most would stay empty/m);
      assert.match(r.stderr, /^dynamo-hotpath bench: the Go \(aws-sdk-go dynamodbattribute vs aws-sdk-go-v2 attributevalue\) suite did not run: result: items fill 0\.0 of 20 exported fields on average: most would stay empty/m);
      assert.match(r.stdout, /^item attributes no field of result takes \(ignored by both SDKs\): bid_id, campaign_id, consent, creative_id, device, dwell_ms, event_type, geo, and 9 more$/m);
      assert.deepEqual(leftIn(tmp), []);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('stopped with SIGINT while timing: exits 130 and leaves nothing (no sandbox, no go-build folder, no test process)', async () => {
    const before = fingerprint(MODULE);
    const tmp = freshTmp();
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...ARGS, '--go-count', '20', '--go-benchtime', '2000'], {
        cwd: MODULE,
        env: { ...process.env, NODE_OPTIONS: '', TMPDIR: tmp },
        detached: true,
      });
      let stderr = '';
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (c: string) => {
          stderr += c;
          if (/Go: V1Unmarshal \(run 1 of 20\)/.test(stderr)) resolve();
        });
        child.on('exit', () => reject(new Error(`exited before timing started:\n${stderr}`)));
      });
      assert.ok(leftIn(tmp).some((n) => n.startsWith('dynamo-hotpath-go-')), 'the run works in the temporary folder');
      process.kill(-child.pid!, 'SIGINT'); // what Ctrl-C in a terminal does: the whole foreground group
      assert.equal(await exited, 130, stderr);
      assert.match(stderr, /dynamo-hotpath bench: Go benchmark cancelled during the timed runs/);
      assert.deepEqual(leftIn(tmp), []);
      const ps = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout;
      assert.ok(!ps.includes(tmp), `a process still runs from ${tmp}`);
      assert.deepEqual(fingerprint(MODULE), before);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
