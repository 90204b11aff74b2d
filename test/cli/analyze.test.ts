import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from '../helpers/runCli';

const GO = ['fixtures/go-adserver/profiles/before-v1.pb.gz', '--root', 'fixtures/go-adserver/src'];

describe('dynamo-hotpath analyze', () => {
  it('prints the summary, the call-site table and the suggested migration', () => {
    const r = runCli(['analyze', ...GO, '--top', '3']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /DynamoDB marshalling: 84\.6% of the profile/);
    const rows = r.stdout.split('\n').filter((l) => /^\s+internal\/repository/.test(l));
    assert.equal(rows.length, 3);
    assert.match(rows[0]!, /internal\/repository\/ddbv1\/adapter\.go:49\s+ddbv1\.\(\*Adapter\)\.GetUserActivity\s+51\.6%\s+50\.7%\s+unmarshal \(aws-sdk-go v1 jsonutil, reflection\)/);
    assert.match(rows[1]!, /adapter\.go:71\s+ddbv1\.\(\*Adapter\)\.GetTargetingModel\s+26\.1%/);
    assert.match(r.stdout, /Path mapping: 100\.0%/);
    assert.match(r.stdout, /Move from aws-sdk-go v1 to aws-sdk-go-v2/);
  });

  it('says how the Node share reached your lines: measured, estimated by the stated method, unattributed', () => {
    const node = ['fixtures/node-adserver/profiles/before-v2.cpuprofile', '--root', 'fixtures/node-adserver/src'];
    const text = runCli(['analyze', ...node]);
    assert.equal(text.code, 0, text.stderr);
    // Measured: a frame of your code on the sample's own stack, for work the stack shows to be DynamoDB's. aws-sdk v2's
    // JSON protocol code serves every client: where no client is on the stack, its service is estimated too.
    assert.match(text.stdout, /Credited to your code: measured on your lines 4\.0% · estimated 42\.5% · unattributed 0\.0%/);
    assert.match(text.stdout, /Estimated per call site \(42\.5%\): shared AWS protocol code whose stack shows no client \(38\.6% of the profile\) is split between DynamoDB and other services .*DynamoDB's CRC32 check.*: 38\.6% counted as DynamoDB; marshalling with no frame of your code above it is shared among/);
    assert.match(text.stdout, /Most of the share is estimated: the estimate follows how often each call site calls the SDK, not how large its items are/);
    // Response parsing goes to the operations that return items (two Query sites), none to the PutItem (recordImpression).
    assert.match(text.stdout, /src\/repository\/v2-adapter\.ts:30\s+getUserActivity\s+5\.0%\s+0\.3%\s+~26\.2%/);
    assert.match(text.stdout, /src\/repository\/v2-adapter\.ts:41\s+getTargetingModel\s+5\.4%\s+2\.5%\s+~15\.4%/);
    assert.match(text.stdout, /src\/repository\/v2-adapter\.ts:55\s+recordImpression\s+9\.1%\s+1\.2%\s+~0\.8%/);
    assert.match(text.stdout, /\(aws-sdk v2\) and run an operation it can belong to/);
    const doc = JSON.parse(runCli(['analyze', ...node, '--json']).stdout);
    const { measuredPercent, estimatedPercent, unattributedPercent, labelledPercent } = doc.dynamo.attribution;
    assert.deepEqual([measuredPercent, labelledPercent, estimatedPercent, unattributedPercent], [3.98, 0, 42.48, 0]);
    assert.deepEqual(doc.otherServices, { percent: 0, estimatedPercent: 0, byServicePercent: {} });
    assert.ok(doc.callSites.every((c: { estimatedPercent: number }) => typeof c.estimatedPercent === 'number'));
    assert.equal(doc.truncation, undefined, "a V8 profile has no cut stacks");
  });

  it('emits JSON with the documented fields', () => {
    const r = runCli(['analyze', ...GO, '--json', '--top', '2']);
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.schemaVersion, 1);
    assert.equal(doc.dynamo.percent, 84.63);
    assert.deepEqual(
      doc.callSites.map((s: { file: string; line: number }) => `${s.file}:${s.line}`),
      ['internal/repository/ddbv1/adapter.go:49', 'internal/repository/ddbv1/adapter.go:71'],
    );
    assert.equal(doc.callSites[0].totalPercent, 51.59);
    assert.equal(doc.callSites[0].dominant.sdk, 'aws-sdk-go-v1');
    assert.equal(doc.coverage.percent, 100);
    assert.equal(doc.sampleType.type, 'cpu');
  });

  it('maps a build path with --map when the suffix alone cannot', () => {
    // Only a unique file name plus parent folder resolves by suffix; a rule maps the rest.
    const r = runCli(['analyze', ...GO, '--json', '--map', '/home/dev/adserver=.']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).callSites[0].file, 'internal/repository/ddbv1/adapter.go');
  });

  it('exits 1 above the --fail-above budget and 0 below it', () => {
    const over = runCli(['analyze', ...GO, '--fail-above', '80']);
    assert.equal(over.code, 1);
    assert.match(over.stderr, /84\.6% of the profile, above the budget of 80%/);
    assert.equal(runCli(['analyze', ...GO, '--fail-above', '90']).code, 0);
  });

  it('compares --fail-above with the share as printed, so a budget of the printed 84.63 (JSON) or 84.6 (text headline) passes', () => {
    assert.match(runCli(['analyze', ...GO]).stdout, /DynamoDB marshalling: 84\.6% of the profile/);
    assert.equal(runCli(['analyze', ...GO, '--fail-above', '84.6']).code, 0);
    assert.equal(runCli(['analyze', ...GO, '--fail-above', '84.5']).code, 1);
    assert.equal(runCli(['analyze', ...GO, '--json', '--fail-above', '84.63']).code, 0);
    const over = runCli(['analyze', ...GO, '--json', '--fail-above', '84.62']);
    assert.equal(over.code, 1);
    assert.match(over.stderr, /84\.63% of the profile, above the budget of 84\.62%/);
  });

  it('takes only a whole number for --top', () => {
    for (const bad of ['2.5', '-1']) {
      const r = runCli(['analyze', ...GO, `--top=${bad}`]);
      assert.equal(r.code, 2, bad);
      assert.match(r.stderr, new RegExp(`--top expects a whole number \\(0, 1, 2…\\), got '${bad.replace('.', '\\.')}'`));
    }
  });

  it('refuses a profile over --max-profile-mb with exit 2, naming the file and the limit', () => {
    const r = runCli(['analyze', 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz', '--max-profile-mb', '2']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^dynamo-hotpath analyze: fixtures\/third-party\/pprof\/google-pprof_large\.cpu\.pb\.gz: it inflates to more than 2 MB, the limit for a profile; raise the limit/);
    assert.match(runCli(['analyze', ...GO, '--max-profile-mb', '0']).stderr, /--max-profile-mb expects a size in MB from 1 to 2048, got '0'/);
  });

  it('writes "1 file" and "2 files"', () => {
    const r = runCli(['analyze', ...GO]);
    assert.match(r.stdout, /\(\d+ files resolved; /);
    const one = runCli(['analyze', 'fixtures/go-adserver/profiles/before-v1.pb.gz', '--root', 'fixtures/go-adserver/src/internal/repository/ddbv1']);
    assert.match(one.stdout, /\(1 file resolved; /);
  });

  it('a profile with no DynamoDB code says so, not "check --root"', () => {
    const r = runCli(['analyze', 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz', '--root', 'fixtures/go-adserver/src']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\nNo call site: the profile has no DynamoDB marshalling\.\n/);
    assert.doesNotMatch(r.stdout, /check --root/);
    assert.match(r.stdout, /the profile has no DynamoDB SDK frames/);
  });

  it('exits 2 with a message naming the file for bad input', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dhp-cli-'));
    const empty = join(dir, 'empty.pb.gz');
    writeFileSync(empty, '');
    const r = runCli(['analyze', empty]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, new RegExp(`${empty.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: .*empty`));
    const json = join(dir, 'x.json');
    writeFileSync(json, '{"a":1}');
    assert.match(runCli(['analyze', json]).stderr, /x\.json: .*not .*profile/i);
    assert.equal(runCli(['analyze']).code, 2);
    assert.match(runCli(['analyze', ...GO, '--root', join(dir, 'nope')]).stderr, /Workspace root .* cannot be read/);
  });
});
