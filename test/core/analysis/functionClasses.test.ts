// classifyFunctions judges the file half of each frame test once per file: its classes must be the
// ones the whole-frame tests give, function by function, on real profiles and on edge-case paths.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readProfileFile } from '../../../src/core/profile/read';
import { frameTableFromFrames } from '../../../src/core/profile/columns/frameTable';
import { frameTableOf } from '../../../src/core/profile/columns/profileTables';
import type { Frame, Profile } from '../../../src/core/profile/model';
import { buildFrameKeys } from '../../../src/core/analysis/frameKeys';
import { classifyFunctions, matchOf, operationOf, DYNAMO_CLIENT, GC, MARSHAL, MATCH, MODULE_LOAD, REFLECT, TRANSPARENT, type FunctionClasses } from '../../../src/core/analysis/functionClasses';
import { isGcFrame, isTransparent, matchFrame } from '../../../src/core/detect/classify';
import { familyIndexOfFrame } from '../../../src/core/analysis/estimate';
import { isDynamoClientFrame, isModuleLoadFrame } from '../../../src/core/analysis/stackEvidence';
import { operationOfFrame } from '../../../src/core/source/dynamoOperations';

/** What the whole-frame tests say of `frame`, in the shape of one function's classes. */
function judgedWhole(frame: Frame) {
  const match = matchFrame(frame);
  const flags =
    (isTransparent(frame) ? TRANSPARENT : 0) |
    (isGcFrame(frame) ? GC : 0) |
    (frame.name.startsWith('reflect.') ? REFLECT : 0) |
    (match ? MATCH : 0) |
    (match && match.rule.family !== 'connection' ? MARSHAL : 0) |
    (isModuleLoadFrame(frame) ? MODULE_LOAD : 0) |
    (isDynamoClientFrame(frame) ? DYNAMO_CLIENT : 0);
  return { ruleId: match?.rule.id, direction: match?.direction, flags, family: familyIndexOfFrame(frame.name, frame.file), operation: operationOfFrame(frame.name, frame.file) };
}

function judgedByFunction(classes: FunctionClasses, fn: number) {
  const match = matchOf(classes, fn);
  return { ruleId: match?.rule.id, direction: match?.direction, flags: classes.flags[fn], family: classes.family[fn], operation: operationOf(classes, fn) };
}

/** Asserts every function of `profile` is classed as its first frame alone is; returns how many functions had each flag. */
function assertSameAsWhole(profile: Profile): Map<number, number> {
  const table = frameTableOf(profile);
  const keys = buildFrameKeys(profile);
  const classes = classifyFunctions(table, keys);
  const flagCounts = new Map<number, number>();
  for (let fn = 0; fn < keys.functionCount; fn++) {
    const first = keys.functionFrame[fn]!;
    const frame: Frame = { name: table.strings[table.nameId[first]!]!, file: table.strings[table.fileId[first]!]!, line: 0, inlined: false };
    assert.deepEqual(judgedByFunction(classes, fn), judgedWhole(frame), `${frame.name} in ${frame.file}`);
    for (let bit = 1; bit <= DYNAMO_CLIENT; bit <<= 1) if (classes.flags[fn]! & bit) flagCounts.set(bit, (flagCounts.get(bit) ?? 0) + 1);
  }
  return flagCounts;
}

const frame = (name: string, file: string): Frame => ({ name, file, line: 1, inlined: false });

describe('classification per function, file halves once per file', () => {
  for (const file of [
    'fixtures/go-adserver/profiles/before-v1.pb.gz',
    'fixtures/node-adserver/profiles/before-v2.pb.gz',
    'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz',
  ]) {
    it(`${file.split('/').pop()}: every function classed as the whole-frame tests class it`, async () => {
      const counts = assertSameAsWhole(await readProfileFile(file));
      if (file.includes('google-pprof')) assert.equal(counts.get(MATCH), undefined);
      else assert.ok((counts.get(MARSHAL) ?? 0) > 0 && (counts.get(TRANSPARENT) ?? 0) > 0, JSON.stringify([...counts]));
    });
  }

  it('edge-case paths: Windows separators, percent-encoding, loaders, DocumentClient, a family in file and name', () => {
    const frames = [
      frame('Module._compile', 'node:internal/modules/cjs/loader'),
      frame('require', 'node:internal/modules/cjs/loader'),
      frame('run', 'node:internal/modules/esm/module_job'),
      frame('moduleStrategy', 'file:///app/node_modules/x/internal/modules/esm/translators.js'),
      frame('query', 'C:\\app\\node_modules\\aws-sdk\\lib\\dynamodb\\document_client.js'),
      frame('put', '/app/node_modules/aws-sdk/lib/dynamodb/document_client.js'),
      frame('send', 'C:\\app\\node_modules\\@aws-sdk\\client-dynamodb\\dist-cjs\\index.js'),
      frame('convertToAttr', '/app/node_modules/%40aws-sdk/util-dynamodb/dist-cjs/index.js'),
      frame('se_QueryCommand', '/app/node_modules/@aws-sdk/client-dynamodb/dist-cjs/index.js'),
      frame('github.com/aws/aws-sdk-go-v2/service/dynamodb.(*Client).Query', '/go/pkg/mod/github.com/aws/aws-sdk-go/private/protocol/json.go'),
      frame('github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute.(*Encoder).Encode', '/go/pkg/mod/github.com/aws/aws-sdk-go-v2/x.go'),
      frame('encoding/json.(*decodeState).object', '/usr/local/go/src/encoding/json/decode.go'),
      frame('main.handler', '/srv/app/main.go'),
      frame('JSON.parse', ''),
      frame('(garbage collector)', ''),
      frame('runtime.gcBgMarkWorker', '/usr/local/go/src/runtime/mgc.go'),
      frame('reflect.Value.Field', '/usr/local/go/src/reflect/value.go'),
    ];
    const profile = { frames } as unknown as Profile;
    const table = frameTableFromFrames(frames);
    const keys = buildFrameKeys(profile);
    const classes = classifyFunctions(table, keys);
    frames.forEach((f, id) => assert.deepEqual(judgedByFunction(classes, keys.functionOf[id]!), judgedWhole(f), `${f.name} in ${f.file}`));
    // And what they are, so that the whole-frame tests cannot both be wrong the same way unnoticed.
    const flagsOf = (id: number) => classes.flags[keys.functionOf[id]!]!;
    assert.equal(flagsOf(0) & MODULE_LOAD, MODULE_LOAD);
    assert.equal(flagsOf(1) & MODULE_LOAD, 0);
    assert.equal(flagsOf(2) & MODULE_LOAD, MODULE_LOAD);
    assert.equal(operationOf(classes, keys.functionOf[4]!), 'Query');
    assert.equal(operationOf(classes, keys.functionOf[5]!), 'PutItem');
    assert.equal(flagsOf(6) & DYNAMO_CLIENT, DYNAMO_CLIENT);
    assert.equal(classes.family[keys.functionOf[9]!], 3, 'aws-sdk-go-v2 in the name comes before aws-sdk-go in the file');
    assert.equal(classes.family[keys.functionOf[10]!], 3, 'aws-sdk-go-v2 in the file comes before aws-sdk-go in the name');
    assert.equal(flagsOf(11) & TRANSPARENT, TRANSPARENT);
    assert.equal(flagsOf(12) & TRANSPARENT, 0);
    assert.equal(flagsOf(15) & GC, GC);
    assert.equal(flagsOf(16) & REFLECT, REFLECT);
  });
});
