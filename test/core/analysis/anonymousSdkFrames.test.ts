// AWS SDK v3 releases of about 3.5xx–3.9xx bundle every function as `var name = __name((…) => …, "name")`,
// which profilers record as anonymous (`(anonymous:L#129:C#44)`). The real 3.616.0 bundles
// (test/fixtures/aws-sdk-v3.616) name them back, and the marshal/unmarshal split follows.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { bundleNameAt, nameAnonymousSdkFrames } from '../../../src/core/analysis/anonymousSdkFrames';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import type { Frame, Profile } from '../../../src/core/profile/model';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';
import type { SourceMapFiles } from '../../../src/core/sourcemap/sourceMapper';

const BUNDLES = 'test/fixtures/aws-sdk-v3.616';
const LIB = '/srv/app/node_modules/@aws-sdk/lib-dynamodb/dist-cjs/index.js';
const UTIL = '/srv/app/node_modules/@aws-sdk/util-dynamodb/dist-cjs/index.js';
const libText = readFileSync(`${BUNDLES}/lib-dynamodb/index.js`, 'utf8');
const utilText = readFileSync(`${BUNDLES}/util-dynamodb/index.js`, 'utf8');

/** The recorded machine's files: the two 3.616.0 bundles at their installed paths, the user's handler. */
function filesAt(root: string): SourceMapFiles {
  const texts = new Map([
    [`${root}/node_modules/@aws-sdk/lib-dynamodb/dist-cjs/index.js`, libText],
    [`${root}/node_modules/@aws-sdk/util-dynamodb/dist-cjs/index.js`, utilText],
    [`${root}/handlers.js`, 'const put = (doc, item) =>\n  doc.send(new PutCommand({ TableName: "t", Item: item }));\nconst get = (doc, key) =>\n  doc.send(new GetCommand({ TableName: "t", Key: key }));\n'],
  ]);
  return { readText: (p) => texts.get(p), exists: (p) => texts.has(p) };
}

/** `(anonymous:L#l:C#c)` for the function assigned to `name` in `text` (where @datadog/pprof would put it). */
function anonymousAt(text: string, name: string): { name: string; line: number } {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.startsWith(`var ${name} = `));
  assert.ok(line >= 0, name);
  const column = lines[line]!.indexOf('__name(') + '__name('.length + 1;
  return { name: `(anonymous:L#${line + 1}:C#${column})`, line: line + 1 };
}

const frame = (file: string, text: string, fn: string, lineOffset = 1): Frame => {
  const at = anonymousAt(text, fn);
  return { name: at.name, file, line: at.line + lineOffset, inlined: false };
};

/** Two samples under a Put call (request marshalling) and one under a Get's response (async, no user frame), ms as ns. */
function profileOf(): Profile {
  const frames: Frame[] = [
    frame(UTIL, utilText, 'convertToAttr'), // 0
    frame(LIB, libText, 'processObj'), // 1
    frame(LIB, libText, 'processKeysInObj'), // 2
    frame(LIB, libText, 'marshallInput'), // 3
    { name: 'put', file: '/srv/app/handlers.js', line: 2, inlined: false }, // 4
    frame(UTIL, utilText, 'convertToNative'), // 5
    frame(LIB, libText, 'unmarshallOutput'), // 6
  ];
  const sample = (stack: number[], ms: number) => ({ stack: Uint32Array.from(stack), weight: ms * 1e6, count: ms });
  const samples = [sample([0, 1, 2, 3, 4], 30), sample([2, 3, 4], 10), sample([5, 1, 2, 6], 20)];
  return { sourcePath: 'put.pb', format: 'pprof', sampleType: { type: 'cpu', unit: 'nanoseconds' }, sampleTypes: [{ type: 'cpu', unit: 'nanoseconds' }], durationNs: undefined, frames, samples, totalWeight: 60e6, idleWeight: 0, warnings: [] };
}

describe('anonymous functions of AWS SDK v3 bundles', () => {
  it('reads the name esbuild kept beside the function literal', () => {
    const lines = libText.split('\n');
    assert.equal(bundleNameAt(lines, 129, 44), 'marshallInput');
    assert.equal(bundleNameAt(lines, 133, 47), 'unmarshallOutput');
    assert.equal(bundleNameAt(lines, 129, 45), undefined); // one column off: not the literal's start
    assert.equal(bundleNameAt(utilText.split('\n'), anonymousAt(utilText, 'convertToNative').line, 46), 'convertToNative'); // as a real recording names it: (anonymous:L#246:C#46)
  });

  it("names a curried middleware's inner arrow after its variable (3.1169's schemaSerializationMiddleware), and only from the literal's start", () => {
    // @smithy/core 3.x dist-cjs/submodules/schema/index.js, line 81 (recorded as (anonymous:L#81:C#70))
    const lines = ['const schemaSerializationMiddleware = (config) => (next, context) => async (args) => {'];
    assert.equal(bundleNameAt(lines, 1, 70), 'schemaSerializationMiddleware');
    assert.equal(bundleNameAt(['      (next, context) => async (args) => {'], 1, 26), undefined);
    const minified = `${'x'.repeat(2_000_000)};var a=()=>{}`;
    assert.equal(bundleNameAt([minified], 1, minified.length - 5), 'a'); // the literal `()=>{}` starts 6 characters from the end
  });

  it('names a returned closure after the function declared around it (@smithy/core 3.x bindV4, the invocation id UUID)', () => {
    // @smithy/core dist-cjs/submodules/serde/index.js lines 90–94 (3.1169's recording: (anonymous:L#92:C#16))
    const serde = [
      'function bindV4(getRandomValues) {',
      '    if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") {',
      '        return () => crypto.randomUUID();',
      '    }',
      '    return () => {',
      '        const rnds = new Uint8Array(16);',
    ];
    assert.equal(bundleNameAt(serde, 3, 16), 'bindV4');
    assert.equal(bundleNameAt(serde, 5, 12), 'bindV4');
    const sibling = ['function outer() {', '    function helper() {', '        work();', '    }', '    if (x) {', '        return () => y;'];
    assert.equal(bundleNameAt(sibling, 6, 16), 'outer', 'not the closed helper above it');
    assert.equal(bundleNameAt(['function a() {', '}', 'const c = 1;', 'return () => y;'], 4, 8), undefined, 'no open declaration');
    assert.equal(bundleNameAt(serde, 3, 17), undefined, 'only from the literal\'s start');
  });

  it('names the frames from the bundles at the recorded paths; samples unchanged', () => {
    const { profile, named, unreadable } = nameAnonymousSdkFrames(profileOf(), undefined, filesAt('/srv/app'));
    assert.deepEqual(profile.frames.map((f) => f.name), ['convertToAttr', 'processObj', 'processKeysInObj', 'marshallInput', 'put', 'convertToNative', 'unmarshallOutput']);
    assert.equal(named, 6);
    assert.deepEqual(unreadable, []);
    assert.equal(profile.frames[3]!.line, profileOf().frames[3]!.line);
  });

  it('falls back to the root\'s node_modules when the recorded path is gone', () => {
    const { named } = nameAnonymousSdkFrames(profileOf(), '/home/me/app', filesAt('/home/me/app'));
    assert.equal(named, 6);
  });

  it('the Put call site is request marshalling and the Get response unmarshalling once named (both unmarshal before)', () => {
    const root = '/srv/app';
    const resolver = createPathResolver(createWorkspaceIndex(root, ['handlers.js'], []));
    const { analysis } = analyzeWithSources(profileOf(), { resolver, files: filesAt(root) });
    assert.deepEqual(analysis.byCategory, { 'attribute-marshal': 40e6, 'attribute-unmarshal': 20e6 });
    const put = analysis.callSites.find((s) => s.relativePath === 'handlers.js' && s.line === 2)!;
    assert.deepEqual(put.byCategory, { 'attribute-marshal': 40e6 });
    const unnamed = analyzeWithSources(profileOf(), { resolver, files: { readText: () => undefined, exists: () => false } }).analysis;
    assert.deepEqual(unnamed.byCategory, { 'attribute-unmarshal': 60e6 });
    assert.match(unnamed.warnings.join('\n'), /the AWS SDK v3 bundle \/srv\/app\/node_modules\/@aws-sdk\/util-dynamodb\/dist-cjs\/index\.js, \/srv\/app\/node_modules\/@aws-sdk\/lib-dynamodb\/dist-cjs\/index\.js could not be read .*direction is the rule's fallback \(unmarshal\)/);
    assert.deepEqual(analysis.warnings, []);
  });
});
