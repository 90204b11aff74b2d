// Every distinct file name in the real fixture profiles, resolved against the fixture sources.
// The file names are read straight from the files (pprof-format, JSON) so this test does not
// depend on the profile readers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Profile } from 'pprof-format';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { scanWorkspace } from '../../../src/core/paths/scan';

const fixtures = join(__dirname, '../../../fixtures');

function pprofFileNames(path: string): string[] {
  const profile = Profile.decode(gunzipSync(readFileSync(path)));
  const names = new Set(profile.function.map((fn) => profile.stringTable.strings[Number(fn.filename)] ?? ''));
  return [...names];
}

function cpuprofileUrls(path: string): string[] {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as { nodes: { callFrame: { url: string } }[] };
  return [...new Set(profile.nodes.map((node) => node.callFrame.url))];
}

async function summarize(root: string, paths: string[]) {
  const resolver = createPathResolver(await scanWorkspace(join(fixtures, root)), []);
  const counts: Record<string, number> = {};
  const files = new Set<string>();
  for (const path of paths) {
    const result = resolver.resolve(path);
    const key = result.kind === 'resolved' ? `resolved:${result.by}` : result.reason;
    counts[key] = (counts[key] ?? 0) + 1;
    if (result.kind === 'resolved') files.add(result.relativePath);
  }
  return { counts, files: [...files].sort() };
}

const goUserFilesV1 = [
  'cmd/adserver/main.go',
  'internal/adselect/scorer.go',
  'internal/handler/handler.go',
  'internal/repository/ddbv1/adapter.go',
];

describe('fixture profile paths', () => {
  it('go-adserver before-v1.pb.gz: every path placed, the four user files by suffix', async () => {
    const summary = await summarize('go-adserver/src', pprofFileNames(join(fixtures, 'go-adserver/profiles/before-v1.pb.gz')));
    assert.deepEqual(summary, {
      counts: { 'resolved:suffix': 4, runtime: 109, dependency: 18, 'no-file': 1 },
      files: goUserFilesV1,
    });
  });

  it('go-adserver before-v1-trimpath.pb.gz resolves to the same files through go.mod', async () => {
    const summary = await summarize(
      'go-adserver/src',
      pprofFileNames(join(fixtures, 'go-adserver/profiles/before-v1-trimpath.pb.gz')),
    );
    assert.deepEqual(summary, {
      counts: { 'resolved:go-module': 4, runtime: 118, dependency: 21, 'no-file': 1 },
      files: goUserFilesV1,
    });
  });

  it('go-adserver after-v2.pb.gz finds the v2 adapter and HTTP client', async () => {
    const summary = await summarize('go-adserver/src', pprofFileNames(join(fixtures, 'go-adserver/profiles/after-v2.pb.gz')));
    assert.deepEqual(summary.files, [
      'cmd/adserver/main.go',
      'internal/adselect/scorer.go',
      'internal/handler/handler.go',
      'internal/repository/ddbv2/adapter.go',
      'internal/repository/ddbv2/httpclient.go',
    ]);
    assert.equal(summary.counts['not-found'], undefined);
    assert.equal(summary.counts['ambiguous'], undefined);
  });

  const nodeUserFiles = ['dist/adselect/scorer.js', 'dist/handler/ad-handler.js', 'dist/main.js', 'dist/repository/v2-adapter.js'];

  it('node-adserver before-v2.cpuprofile: file URLs to dist/*.js, the rest runtime or dependency', async () => {
    const summary = await summarize('node-adserver/src', cpuprofileUrls(join(fixtures, 'node-adserver/profiles/before-v2.cpuprofile')));
    assert.deepEqual(summary, {
      counts: { 'no-file': 1, 'resolved:suffix': 4, dependency: 131, runtime: 62 },
      files: nodeUserFiles,
    });
  });

  it('node-adserver before-v2.pb.gz resolves to the same files', async () => {
    const summary = await summarize('node-adserver/src', pprofFileNames(join(fixtures, 'node-adserver/profiles/before-v2.pb.gz')));
    assert.deepEqual(summary.files, nodeUserFiles);
    assert.equal(summary.counts['not-found'], undefined);
  });
});
