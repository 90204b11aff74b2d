// Go files whose path does not resolve, found through the package their functions name. The real
// before-v1 profile, its user paths rewritten as other build setups write them, analysed against
// a monorepo root holding the sample service (services/adserver) and a second service with the
// same internal/… layout (services/other).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Profile as Pprof } from 'pprof-format';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import type { Analysis } from '../../../src/core/analysis/types';
import { goPackagePath, goPackageWarnings, resolveGoFilesByPackage, type GoPackageFile } from '../../../src/core/paths/goPackageFiles';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { scanWorkspace } from '../../../src/core/paths/scan';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';
import { parseProfile } from '../../../src/core/profile/read';

const SOURCE = 'fixtures/go-adserver/profiles/before-v1.pb.gz';

/** before-v1 with `/home/dev/adserver/` replaced by `prefix` in every file name. */
function rewritten(prefix: string) {
  const p = Pprof.decode(gunzipSync(readFileSync(SOURCE)));
  const strings = p.stringTable.strings;
  for (const fn of p.function) {
    const file = strings[Number(fn.filename)]!;
    if (file.startsWith('/home/dev/adserver/')) fn.filename = p.stringTable.dedup(prefix + file.slice('/home/dev/adserver/'.length));
  }
  return parseProfile(p.encode(), 'before-v1-rewritten.pb');
}

const sites = (a: Analysis) => a.callSites.slice(0, 3).map((s) => `${s.relativePath}:${s.line} ${(s.dynamoWeight / a.totalWeight * 100).toFixed(1)}`);
const EXPECTED = ['internal/repository/ddbv1/adapter.go:49 50.7', 'internal/repository/ddbv1/adapter.go:71 24.6', 'internal/repository/ddbv1/adapter.go:63 4.8'].map((s) => `services/adserver/${s}`);

describe('Go files found by the package of their functions', () => {
  let mono: string;
  before(() => {
    mono = mkdtempSync(join(tmpdir(), 'dhp-gopkg-'));
    cpSync('fixtures/go-adserver/src', join(mono, 'services/adserver'), { recursive: true });
    mkdirSync(join(mono, 'services/other/internal/repository/ddbv1'), { recursive: true });
    writeFileSync(join(mono, 'services/other/go.mod'), 'module github.com/example/other\n\ngo 1.19\n');
    cpSync('fixtures/go-adserver/src/internal/repository/ddbv1/adapter.go', join(mono, 'services/other/internal/repository/ddbv1/adapter.go'));
  });
  after(() => rmSync(mono, { recursive: true, force: true }));

  it('reads the package of a Go function name', () => {
    assert.equal(goPackagePath('github.com/example/adserver/internal/repository/ddbv1.(*Adapter).GetUserActivity.func1'), 'github.com/example/adserver/internal/repository/ddbv1');
    assert.equal(goPackagePath('main.main'), 'main');
    assert.equal(goPackagePath('example.com/x.Map[go.shape.string]'), 'example.com/x');
    assert.equal(goPackagePath('(anonymous)'), undefined);
  });

  it('a relative internal/… path (runtime by its look) is the user module\'s file, never runtime', async () => {
    const resolver = createPathResolver(await scanWorkspace(mono));
    assert.deepEqual(resolver.resolve('internal/repository/ddbv1/adapter.go'), { kind: 'unresolved', reason: 'runtime' });
    const { analysis: a } = analyzeWithSources(rewritten(''), { resolver });
    assert.deepEqual(sites(a), EXPECTED);
    assert.ok(a.warnings.includes('internal/repository/ddbv1/adapter.go looks like a Go runtime path; matched to services/adserver/internal/repository/ddbv1/adapter.go by the Go package of its functions'), a.warnings.join('\n'));
  });

  it('an ambiguous build path (/build/internal/…, two services alike) resolves, and the exact --map is printed and works', async () => {
    const resolver = createPathResolver(await scanWorkspace(mono));
    assert.equal(resolver.resolve('/build/internal/repository/ddbv1/adapter.go').kind, 'unresolved');
    const { analysis: a } = analyzeWithSources(rewritten('/build/'), { resolver });
    assert.deepEqual(sites(a), EXPECTED);
    assert.ok(a.warnings.includes('/build/internal/repository/ddbv1/adapter.go matches several workspace files; matched to services/adserver/internal/repository/ddbv1/adapter.go by the Go package of its functions; --map /build=services/adserver says the same by path'), a.warnings.join('\n'));
    const mapped = analyzeWithSources(rewritten('/build/'), { resolver: createPathResolver(await scanWorkspace(mono), [{ from: '/build', to: 'services/adserver' }]) }).analysis;
    assert.deepEqual(sites(mapped), EXPECTED);
    assert.ok(!mapped.warnings.some((w) => w.includes('by the Go package')));
  });

  it('says which module-relative file is missing instead of resolving elsewhere; copied dependencies are not the user\'s', () => {
    const index = createWorkspaceIndex('/ws', ['go.mod', 'cmd/main.go', 'offline/github.com/pkg/errors/go.mod', 'offline/github.com/pkg/errors/errors.go'], [
      { dir: '', modulePath: 'example.com/svc' },
      { dir: 'offline/github.com/pkg/errors', modulePath: 'github.com/pkg/errors' },
    ]);
    const { files, resolver } = resolveGoFilesByPackage(
      [
        { name: 'example.com/svc/internal/store.(*S).Get', file: '/build/internal/store/store.go' },
        { name: 'github.com/pkg/errors.Wrap', file: '/tmp/x/errors2.go' },
      ],
      createPathResolver(index),
    );
    assert.deepEqual(files, [{ profileFile: '/build/internal/store/store.go', pathReason: 'not-found', relativePath: 'internal/store/store.go', found: false }]);
    assert.deepEqual(resolver.resolve('/build/internal/store/store.go'), { kind: 'unresolved', reason: 'not-found' });
  });

  it("notes a few files one by one, and a monorepo's hundreds in one line per outcome with the --map they share", () => {
    const file = (i: number, found: boolean): GoPackageFile => ({
      profileFile: `/build/internal/gen/pkg${i}/file.go`,
      pathReason: 'not-found',
      relativePath: `services/api/internal/gen/pkg${i}/file.go`,
      found,
      ...(found ? { map: { from: '/build', to: 'services/api' } } : {}),
    });
    assert.deepEqual(goPackageWarnings([file(1, true), file(2, false)]), [
      '/build/internal/gen/pkg1/file.go matches no workspace file; matched to services/api/internal/gen/pkg1/file.go by the Go package of its functions; --map /build=services/api says the same by path',
      "/build/internal/gen/pkg2/file.go matches no workspace file; its functions belong to your Go module, whose file would be services/api/internal/gen/pkg2/file.go, which the workspace does not have (open the module's folder or add --map)",
    ]);
    const many = Array.from({ length: 1700 }, (_, i) => file(i, i % 100 !== 7));
    assert.deepEqual(goPackageWarnings(many), [
      '1683 profile files matched to workspace files by the Go package of their functions (/build/internal/gen/pkg0/file.go → services/api/internal/gen/pkg0/file.go, /build/internal/gen/pkg1/file.go → services/api/internal/gen/pkg1/file.go, /build/internal/gen/pkg2/file.go → services/api/internal/gen/pkg2/file.go, and 1680 more); --map /build=services/api says the same by path',
      "17 profile files match no usable workspace file; their functions belong to your Go module, whose files the workspace does not have (/build/internal/gen/pkg7/file.go → services/api/internal/gen/pkg7/file.go, /build/internal/gen/pkg107/file.go → services/api/internal/gen/pkg107/file.go, /build/internal/gen/pkg207/file.go → services/api/internal/gen/pkg207/file.go, and 14 more): open the module's folder or add --map",
    ]);
  });
});
