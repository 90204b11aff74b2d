// Builds that do not match the sources on disk or the profile (trial6 F2, F15, F19): a tsc
// build with `inlineSources` whose .ts was edited since, a webpack-like map whose
// sourcesContent is the compiled JavaScript (ts-loader with the project's `inlineSourceMap`),
// a generated file newer than the profile, and recorded call sites in a `dist/` not built here.
import { renderAnalysisText } from '../../../src/cli/analyzeText';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Profile as PprofMessage } from 'pprof-format';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import { attributionShares, unattributedSentences } from '../../../src/core/analysis/attributionText';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';
import type { Frame, Profile } from '../../../src/core/profile/model';
import { diskFiles } from '../../../src/core/sourcemap/diskFiles';
import { readProfileFile } from '../../../src/core/profile/read';
import { lineOf } from './buildWithTools';

const STORE_TS = `import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

export class Store {
  constructor(private readonly doc: DynamoDBDocumentClient) {}

  async getProduct(id: string): Promise<unknown> {
    const params = { TableName: 'products', Key: { id } };
    const result = await this.doc.send(new GetCommand(params));
    return result.Item;
  }

  async putProduct(item: Record<string, unknown>): Promise<void> {
    await this.doc.send(new GetCommand({ TableName: 'products', Key: item }));
  }
}
`;

/** Two lines added above the class, and putProduct's send rewritten. */
const EDITED_TS = STORE_TS.replace('\nexport class Store {', '\n// added 1\n// added 2\nexport class Store {').replace(
  "await this.doc.send(new GetCommand({ TableName: 'products', Key: item }));",
  "await this.doc.send(new PutCommand({ TableName: 'products', Item: item }));",
);

const SDK = '/app/node_modules/@aws-sdk/util-dynamodb/dist-cjs/index.js';
const PROFILED_MS = Date.parse('2026-02-02T00:00:00Z');

/** One sample per call: `convertToNative` (marshalling) under the JavaScript line of `jsLine`, weight 100 each. */
function profileAt(js: string, calls: readonly { name: string; line: number; column: number }[], sourcePath = 'test.pb.gz'): Profile {
  const frames: Frame[] = [{ name: 'convertToNative', file: SDK, line: 10, column: 5, inlined: false }];
  for (const c of calls) frames.push({ name: c.name, file: js, line: c.line, column: c.column, inlined: false });
  const samples = calls.map((_, i) => ({ stack: Uint32Array.from([0, i + 1]), weight: 100, count: 1 }));
  return {
    sourcePath, format: 'pprof', sampleType: { type: 'cpu', unit: 'nanoseconds' }, sampleTypes: [{ type: 'cpu', unit: 'nanoseconds' }],
    durationNs: undefined, frames, samples, totalWeight: 100 * calls.length, idleWeight: 0, warnings: [],
  };
}

/** 1-based line and column of `needle` in `text`. */
function positionOf(text: string, needle: string): { line: number; column: number } {
  const line = lineOf(text, needle);
  return { line, column: text.split('\n')[line - 1]!.indexOf(needle) + 1 };
}

const dirs: string[] = [];
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-stale-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'dist'));
  return dir;
}

/** tsc's output of STORE_TS with an inline map carrying the source (`inlineSources`). */
function tscBuild(dir: string): string {
  const out = ts.transpileModule(STORE_TS, {
    fileName: join(dir, 'src/store.ts'),
    compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.CommonJS, inlineSourceMap: true, inlineSources: true, sourceRoot: '../src/' },
  });
  writeFileSync(join(dir, 'dist/store.js'), out.outputText);
  return out.outputText;
}

describe('source maps built from another version of the source', () => {
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('moves a tsc build\'s lines through the diff to today\'s .ts and leaves a changed line on the JavaScript, counted and said', () => {
    const dir = project();
    const js = tscBuild(dir);
    writeFileSync(join(dir, 'src/store.ts'), EDITED_TS);
    const get = positionOf(js, 'this.doc.send(new lib_dynamodb_1.GetCommand(params))');
    const put = positionOf(js, "this.doc.send(new lib_dynamodb_1.GetCommand({ TableName: 'products', Key: item }))");
    const profile = profileAt(join(dir, 'dist/store.js'), [{ name: 'getProduct', ...get }, { name: 'putProduct', ...put }]);
    const resolver = createPathResolver(createWorkspaceIndex(dir, ['src/store.ts', 'dist/store.js']));
    const { analysis } = analyzeWithSources(profile, { resolver });

    const sites = analysis.callSites.map((s) => [s.relativePath, s.line, s.dynamoWeight]);
    assert.deepEqual(sites.sort(), [
      ['dist/store.js', put.line, 100],
      ['src/store.ts', lineOf(EDITED_TS, 'this.doc.send(new GetCommand(params))'), 100],
    ].sort());
    assert.equal(lineOf(EDITED_TS, 'this.doc.send(new GetCommand(params))'), lineOf(STORE_TS, 'this.doc.send(new GetCommand(params))') + 2);
    const file = analysis.sourceMaps!.files.find((f) => f.generatedFile === 'dist/store.js')!;
    assert.deepEqual(file.builtFrom, { sources: ['src/store.ts'], movedFrames: 1, staleFrames: 1, staleWeight: 100 });
    assert.equal(analysis.sourceMaps!.staleWeight, 100);
    assert.deepEqual(analysis.sourceMaps!.checkedSources, [{ absolutePath: join(dir, 'src/store.ts'), relativePath: 'src/store.ts', state: 'differs', throughNewerBuild: false }]);
    const warning = analysis.warnings.find((w) => w.startsWith('dist/store.js was built from a different version of src/store.ts'));
    assert.ok(warning?.includes('stale build, or a loader that dropped the TypeScript map'), analysis.warnings.join('\n'));
    assert.ok(warning?.includes('1 position moved to today\'s lines through a line diff; 1 on lines that differ stay on the JavaScript (50.0% of the profile'), warning);
    // Numbers add up: the share left on the JavaScript is still measured there.
    const shares = attributionShares(analysis);
    assert.equal(shares.measuredPercent + shares.estimatedPercent + shares.unattributedPercent, shares.dynamoPercent);
  });

  it('keeps an unedited tsc build on its lines and marks the source as the build\'s own', () => {
    const dir = project();
    const js = tscBuild(dir);
    writeFileSync(join(dir, 'src/store.ts'), STORE_TS.replace(/\n/g, '\r\n'));
    const get = positionOf(js, 'this.doc.send(new lib_dynamodb_1.GetCommand(params))');
    const resolver = createPathResolver(createWorkspaceIndex(dir, ['src/store.ts', 'dist/store.js']));
    const { analysis } = analyzeWithSources(profileAt(join(dir, 'dist/store.js'), [{ name: 'getProduct', ...get }]), { resolver });
    assert.deepEqual(analysis.callSites.map((s) => [s.relativePath, s.line]), [['src/store.ts', lineOf(STORE_TS, 'this.doc.send(new GetCommand(params))')]]);
    assert.deepEqual(analysis.sourceMaps!.checkedSources!.map((c) => c.state), ['same'], 'CRLF line ends are not an edit');
    assert.equal(analysis.sourceMaps!.files[0]!.builtFrom, undefined);
    assert.deepEqual(analysis.warnings, []);
  });

  it('leaves a webpack-like map whose sourcesContent is compiled JavaScript on the bundle, with the warning', () => {
    const dir = project();
    const compiled = ts.transpileModule(STORE_TS, { compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.CommonJS } }).outputText;
    writeFileSync(join(dir, 'src/store.ts'), STORE_TS);
    // What webpack writes when ts-loader hands it JavaScript without a map: an identity map of the module onto the .ts name.
    const lines = compiled.split('\n').length;
    const map = { version: 3, sources: ['webpack://app/./src/store.ts'], sourcesContent: [compiled], names: [], mappings: `AAAA${';AACA'.repeat(lines - 1)}` };
    writeFileSync(join(dir, 'dist/bundle.js'), `${compiled}\n//# sourceMappingURL=bundle.js.map\n`);
    writeFileSync(join(dir, 'dist/bundle.js.map'), JSON.stringify(map));
    const get = positionOf(compiled, 'this.doc.send(new lib_dynamodb_1.GetCommand(params))');
    const resolver = createPathResolver(createWorkspaceIndex(dir, ['src/store.ts', 'dist/bundle.js', 'dist/bundle.js.map']));
    const { analysis } = analyzeWithSources(profileAt(join(dir, 'dist/bundle.js'), [{ name: 'getProduct', ...get }]), { resolver });
    // Before: src/store.ts at the JavaScript's line number (a different line of the .ts).
    assert.notEqual(get.line, lineOf(STORE_TS, 'this.doc.send(new GetCommand(params))'));
    assert.deepEqual(analysis.callSites.map((s) => [s.relativePath, s.line]), [['dist/bundle.js', get.line]]);
    assert.ok(analysis.warnings.some((w) => w.startsWith('dist/bundle.js was built from a different version of src/store.ts') && w.includes('a loader that dropped the TypeScript map')), analysis.warnings.join('\n'));
    assert.equal(analysis.sourceMaps!.staleWeight, 100);
  });
});

describe('generated files newer than the profile', () => {
  it('reads the time a pprof writer stamped on the profile (time_nanos), as pprof-format decodes it', async () => {
    const file = 'fixtures/go-adserver/profiles/before-v1.pb.gz';
    const expected = Number(PprofMessage.decode(gunzipSync(readFileSync(file))).timeNanos) / 1e6;
    assert.equal(new Date(expected).toISOString(), '2026-11-29T20:49:37.308Z');
    assert.equal(Math.round((await readProfileFile(file)).stampedMs!), Math.round(expected));
  });

  it('warns naming the generated file when it or its map changed after the profile was recorded', () => {
    const dir = project();
    const js = tscBuild(dir);
    writeFileSync(join(dir, 'src/store.ts'), STORE_TS);
    const get = positionOf(js, 'this.doc.send(new lib_dynamodb_1.GetCommand(params))');
    const resolver = createPathResolver(createWorkspaceIndex(dir, ['src/store.ts', 'dist/store.js']));
    const profile = profileAt(join(dir, 'dist/store.js'), [{ name: 'getProduct', ...get }]);
    const files = { ...diskFiles, modifiedMs: () => PROFILED_MS + 60_000 };
    const newer = analyzeWithSources(profile, { resolver, files, profileTimeMs: PROFILED_MS }).analysis;
    assert.deepEqual(newer.warnings, [
      "dist/store.js (or its map) changed after the profile was recorded: the profile's positions are of an earlier build and were mapped through today's map, so its lines may be wrong — rebuild the profiled version, or record again",
    ]);
    assert.equal(newer.sourceMaps!.files[0]!.newerThanProfile, true);
    assert.equal(newer.sourceMaps!.checkedSources![0]!.throughNewerBuild, true);
    const older = analyzeWithSources(profile, { resolver, files: { ...diskFiles, modifiedMs: () => PROFILED_MS - 60_000 }, profileTimeMs: PROFILED_MS }).analysis;
    assert.deepEqual(older.warnings, []);
  });
});

describe('recorded call sites in a build that is not in the workspace', () => {
  it('says "build first" with the .ts, and gives the unattributed share that reason instead of async callbacks', () => {
    const dir = project();
    writeFileSync(join(dir, 'src/store.ts'), STORE_TS);
    const profile: Profile = {
      ...profileAt('/app/dist/store.js', [{ name: 'getProduct', line: 9, column: 40 }]),
      labelSets: [{ 'ddb.call_site': '/app/dist/store.js:9:40', 'ddb.function': 'getProduct', 'ddb.operation': 'GetItem' }],
    };
    const labelled = { ...profile, samples: profile.samples.map((s) => ({ ...s, labels: 0 })) };
    const resolver = createPathResolver(createWorkspaceIndex(dir, ['src/store.ts']));
    const { analysis } = analyzeWithSources(labelled, { resolver });
    assert.ok(analysis.warnings.some((w) => w.includes('cannot be placed: build first (the source maps are needed): /app/dist/store.js ↔ src/store.ts')), analysis.warnings.join('\n'));
    const sentences = unattributedSentences(attributionShares(analysis));
    assert.match(sentences[0]!, /^100\.0% of the profile is DynamoDB work not measured on a line of yours \(where no frame of your code is above it: its recorded call sites are in generated JavaScript that is not in the workspace: build first/);
    assert.ok(!sentences.some((s) => s.includes('async callback') || s.includes('Record with')), sentences.join('\n'));
    // The CLI text says the same everywhere: no "--map" and no "check --root" beside "build first" (trial7 N6).
    const text = renderAnalysisText(analysis, { root: dir, top: 10 }).split('\n');
    assert.ok(text.includes('No call site of your code leads into DynamoDB marshalling (build first: the recorded call sites are in generated JavaScript that is not in the workspace (warning below)).'), text.join('\n'));
    assert.ok(text.some((l) => l.startsWith('  unresolved (not-found): /app/dist/store.js ') && l.endsWith('→ build first (the source maps are needed): /app/dist/store.js ↔ src/store.ts')), text.join('\n'));
    assert.ok(!text.some((l) => l.includes('--map')), text.join('\n'));
  });
});
