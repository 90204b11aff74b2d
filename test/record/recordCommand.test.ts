import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
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
    assert.match(help.stdout, /cpuprofile: V8 \.cpuprofile \(Node's own profiler, no native module\)/);
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
});
