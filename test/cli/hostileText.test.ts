/**
 * Text from outside reaches the terminal escaped (issue 25, hole 4): function and file names of a
 * profile in `analyze` and `compare` (ESC sequences that set the title, add a hyperlink or clear
 * the screen; BEL; CR and a line break that forge output lines; a bidi override), the bytes a
 * JSON parse error quotes, and a Pyroscope server's error body (escaped and cut). Real child
 * processes of the CLI; the server is the stand-in Pyroscope on 127.0.0.1.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from '../helpers/runCli';
import { runCliAsync } from '../helpers/runCliAsync';
import { startPyroscopeStandIn, type PyroscopeStandIn } from '../helpers/fleet/pyroscopeStandIn';

/** What a terminal acts on: C0 controls but line feed and tab, DEL, C1, bidi controls, line separators. */
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const dir = mkdtempSync(join(tmpdir(), 'dhp-hostile-text-'));

const HOSTILE = 'handler\x1b]0;pwned\x07\x1b]8;;https://evil.example\x07click\x1b]8;;\x07\x1b[2J\rDynamoDB marshalling: 0.00% of the profile\n  forged line\u202eexe.js';

/**
 * A speedscope profile (names may hold any character in JSON) whose user frame is hostile, under
 * a v2 DocumentClient frame; its file is hostile too, or (`file`) a real file of the root.
 */
function hostileProfile(name: string, file = `/srv/app/${HOSTILE}.js`): string {
  const frames = [
    { name: 'main', file: '/srv/app/main.js', line: 1 },
    { name: HOSTILE, file, line: 3 },
    { name: 'Translator.translate', file: '/srv/app/node_modules/aws-sdk/lib/dynamodb/translator.js', line: 21 },
  ];
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ $schema: 'https://www.speedscope.app/file-format-schema.json', shared: { frames }, profiles: [{ type: 'sampled', name: 't', unit: 'milliseconds', startValue: 0, endValue: 30, samples: [[0, 1, 2], [0, 1]], weights: [20, 10] }] }));
  return path;
}

describe('text from outside, escaped at the terminal', () => {
  it('analyze: hostile names come out escaped, on their own line, in text and in JSON', () => {
    const profile = hostileProfile('hostile.speedscope.json');
    const text = runCli(['analyze', profile, '--root', dir]);
    assert.equal(text.code, 0, text.stderr);
    assert.doesNotMatch(text.stdout + text.stderr, ACTIVE);
    assert.match(text.stdout, /handler\\e\]0;pwned\\x07\\e\]8;;https:\/\/evil\.example\\x07click\\e\]8;;\\x07\\e\[2J\\rDynamoDB marshalling: 0\.00% of the profile\\n  forged line\\u202eexe\.js/);
    assert.equal(text.stdout.split('\n').filter((l) => l.startsWith('DynamoDB marshalling:')).length, 1, 'a forged headline');
    assert.doesNotMatch(text.stdout, /^  forged line/m);
    const json = runCli(['analyze', profile, '--root', dir, '--json']);
    assert.doesNotMatch(json.stdout, ACTIVE);
    const doc = JSON.parse(json.stdout) as { warnings: string[] };
    assert.ok(JSON.stringify(doc).includes('forged line\u202eexe'), 'JSON keeps the names as they are (escaped in the encoding only)');
  });

  it('compare: the same names escaped in the comparison table', () => {
    writeFileSync(join(dir, 'app.js'), 'function handler() {}\n\n  translate();\n');
    const a = hostileProfile('a.speedscope.json', join(dir, 'app.js'));
    const r = runCli(['compare', a, a, '--root', dir]);
    assert.doesNotMatch(r.stdout + r.stderr, ACTIVE);
    assert.match(r.stdout + r.stderr, /\\e\]0;pwned/);
  });

  it('a JSON parse error quotes the file\'s bytes escaped', () => {
    const path = join(dir, 'broken.json');
    writeFileSync(path, '{"nodes": [\x1b]0;pwned\x07\x1b[2J\u202e');
    const r = runCli(['analyze', path]);
    assert.equal(r.code, 2);
    assert.doesNotMatch(r.stderr, ACTIVE);
    assert.match(r.stderr, /broken\.json: /);
  });
});

describe('a server\'s error body, escaped and cut', () => {
  let pyro: PyroscopeStandIn;
  before(async () => {
    pyro = await startPyroscopeStandIn({ profileFor: () => undefined, failWith: { status: 500, code: 'internal', message: `boom\x1b]0;pwned\x07\x1b[2J\u202e ${'x'.repeat(2000)}` } });
  });
  after(async () => pyro.close());

  it('fetch prints at most 300 characters of it, escaped', async () => {
    const r = await runCliAsync(['fetch', '--pyroscope', pyro.url, '--query', '{service_name="x"}', '--out', join(dir, 'x.pb.gz')]);
    assert.equal(r.code, 3, r.stderr);
    assert.doesNotMatch(r.stderr, ACTIVE);
    assert.match(r.stderr, /HTTP 500: boom\\e\]0;pwned\\x07\\e\[2J\\u202e x{280}…\. The server failed/);
  });
});
