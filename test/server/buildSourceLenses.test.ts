/**
 * Server tier, trial6 F16: a profile of the current build, opened after the .ts was saved again
 * (byte-identical, newer mtime) in a git repository whose HEAD holds an older version. The
 * build's own record of the source (tsc `inlineSources`) says the recorded lines are today's:
 * the lens sits on the send line, not marked changed, and git's HEAD is not applied — also when
 * the build is newer than the profile (then the build's lines compete with git's and fit better).
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { analyzeRoot } from '../../src/server/analyzeRoot';
import { documentLenses } from '../../src/server/lenses';
import { DEFAULT_SETTINGS } from '../../src/server/settings';
import type { Frame, Profile } from '../../src/core/profile/model';

const BEFORE = `import { GetCommand } from '@aws-sdk/lib-dynamodb';

export async function getProduct(doc: { send(c: unknown): Promise<{ Item?: unknown }> }, id: string): Promise<unknown> {
  const result = await doc.send(new GetCommand({ TableName: 'products', Key: { id } }));
  return result.Item;
}
`;
/** The uncommitted version that was built and profiled: two lines added above the send. */
const AFTER = BEFORE.replace('  const result', "  const projection = 'id, name';\n  console.log(projection);\n  const result").replace("Key: { id } }", "Key: { id }, ProjectionExpression: projection }");

const PROFILED = new Date('2026-02-02T00:00:00Z');
const dirs: string[] = [];

describe('language server: lenses of a profile of the uncommitted build', () => {
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  for (const newerBuild of [false, true]) it(`keeps the lens on the send line through the map's sourcesContent, not through git HEAD (build ${newerBuild ? 'newer' : 'older'} than the profile)`, async () => {
    const root = mkdtempSync(join(tmpdir(), 'dhp-built-'));
    dirs.push(root);
    mkdirSync(join(root, 'src'));
    mkdirSync(join(root, 'dist'));
    const source = join(root, 'src/store.ts');
    writeFileSync(source, BEFORE);
    const env = { ...process.env, GIT_AUTHOR_DATE: '2026-02-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-02-01T00:00:00Z', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
    for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'before']]) execFileSync('git', ['-C', root, ...args], { env });
    const out = ts.transpileModule(AFTER, { fileName: source, compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.CommonJS, inlineSourceMap: true, inlineSources: true, sourceRoot: '../src/' } });
    const js = join(root, 'dist/store.js');
    writeFileSync(js, out.outputText);
    const built = new Date(PROFILED.getTime() + (newerBuild ? 60_000 : -60_000));
    utimesSync(js, built, built);
    // Saved again after the profile, byte-identical.
    writeFileSync(source, AFTER);
    const jsLines = out.outputText.split('\n');
    const sendLine = jsLines.findIndex((l) => l.includes('doc.send(')) + 1;
    const frames: Frame[] = [
      { name: 'convertToNative', file: '/app/node_modules/@aws-sdk/util-dynamodb/dist-cjs/index.js', line: 10, column: 5, inlined: false },
      { name: 'getProduct', file: js, line: sendLine, column: jsLines[sendLine - 1]!.indexOf('doc.send(') + 1, inlined: false },
    ];
    const profile: Profile = {
      sourcePath: join(root, 'missing.pb.gz'), format: 'pprof', sampleType: { type: 'cpu', unit: 'nanoseconds' }, sampleTypes: [{ type: 'cpu', unit: 'nanoseconds' }],
      durationNs: undefined, frames, samples: [{ stack: Uint32Array.from([0, 1]), weight: 100, count: 1 }], totalWeight: 100, idleWeight: 0, warnings: [],
    };
    const prepared = await analyzeRoot(profile, pathToFileURL(root).toString(), root, DEFAULT_SETTINGS, PROFILED.getTime());
    assert.equal(prepared.files.get(source)?.mappedFromCommit, undefined);
    const lenses = documentLenses(prepared, source, AFTER).map((l) => [l.range.start.line + 1, l.command!.title]);
    const send = AFTER.split('\n').findIndex((l) => l.includes('doc.send(')) + 1;
    assert.equal(send, BEFORE.split('\n').findIndex((l) => l.includes('doc.send(')) + 1 + 2);
    assert.deepEqual(lenses.filter(([, t]) => t !== 'migrate ›'), [
      [3, `getProduct: 100.0% CPU · 100.0% DynamoDB in 1 call site`],
      [send, `100.0% CPU · 100.0% DynamoDB unmarshal (@aws-sdk/util-dynamodb, interpreted)`],
    ]);
  });
});
