import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/runCli';

describe('dynamo-hotpath record: command line', () => {
  it('needs the command after --, and a format it can write (pprof or cpuprofile)', () => {
    const missing = runCli(['record']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /expects `-- <command> \[args…\]`/);
    const before = runCli(['record', 'node', 'app.js']);
    assert.equal(before.code, 2);
    assert.match(before.stderr, /put the command after `--` \(got 'node app\.js'\)/);
    const format = runCli(['record', '--format', 'json', '--', 'node', 'app.js']);
    assert.equal(format.code, 2);
    assert.match(format.stderr, /--format accepts pprof or cpuprofile, got 'json'/);
    const help = runCli(['record', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /cpuprofile \(default otherwise, said before the program starts\): V8\s+\.cpuprofile \(Node's own profiler, no native module\)/);
  });

  it('exits 2 and says so when the command is not a Node program or cannot start', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'dhp-record-cli-')), 'p.pb.gz');
    const notNode = runCli(['record', '--out', out, '--', 'true']);
    assert.equal(notNode.code, 2);
    assert.match(notNode.stderr, /no Node\.js process loaded the recorder; is 'true' a Node\.js program/);
    const missing = runCli(['record', '--out', out, '--', 'no-such-program-dhp']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot run 'no-such-program-dhp': spawn no-such-program-dhp ENOENT/);
  });

  it('says the program failed, not that it made no DynamoDB call, when its script is missing; exits with its code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dhp-record-fail-'));
    const r = runCli(['record', '--format', 'cpuprofile', '--out', join(dir, 'p.cpuprofile'), '--', process.execPath, join(dir, 'server.js')]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /Cannot find module/);
    assert.match(r.stderr, /^ {2}the program exited with code 1 before any DynamoDB call \(its own error is above\): nothing to analyze$/m);
    assert.doesNotMatch(r.stderr, /no DynamoDB call was made while recording/);
  });

  it('refuses an --out in a missing folder before the program runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dhp-record-out-'));
    const marker = join(dir, 'ran');
    const r = runCli(['record', '--out', join(dir, 'no/such/dir/p.pb.gz'), '--', process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`]);
    assert.equal(r.code, 2);
    assert.equal(r.stderr.trim(), `dynamo-hotpath record: --out ${join(dir, 'no/such/dir/p.pb.gz')}: the folder ${join(dir, 'no/such/dir')} does not exist or cannot be written`);
    assert.equal(existsSync(marker), false);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} sent to record alone (kill, timeout, docker stop) reaches the program, which writes its profile`, async () => {
      const out = join(mkdtempSync(join(tmpdir(), 'dhp-record-sig-')), 'p.cpuprofile');
      // A server that never exits on its own; it says when it runs (the recorder is loaded by then).
      const program = "process.stdout.write('up\\n'); setInterval(() => {}, 1000);";
      const child = spawn(process.execPath, ['dist/cli.js', 'record', '--format', 'cpuprofile', '--out', out, '--', process.execPath, '-e', program], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      child.kill(signal);
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        child.once('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      });
      assert.equal(code, 0, stderr);
      assert.match(stderr, new RegExp(`wrote ${out.replace(/[.]/g, '\\.')} \\(process \\d+: 0 DynamoDB calls`));
      assert.ok(statSync(out).size > 100);
    });
  }
});
