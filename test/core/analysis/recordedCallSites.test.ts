import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import { CALL_SITE_LABEL, FUNCTION_LABEL, OPERATION_LABEL, RECORDER_LABEL, recordedCallSite, CALLERS_LABEL } from '../../../src/core/analysis/recorderLabels';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';
import type { Frame, LabelSet, Profile, Sample } from '../../../src/core/profile/model';

const APP = '/ws/dist/repo.js';
const frames: Frame[] = [
  { name: 'parse', file: '/ws/node_modules/aws-sdk/lib/json/parser.js', line: 1, inlined: false },
  { name: 'processTicksAndRejections', file: 'node:internal/process/task_queues', line: 67, inlined: false },
  { name: 'getUserActivity', file: APP, line: 10, inlined: false },
  { name: '(anonymous)', file: APP, line: 20, inlined: false },
  { name: 'sign', file: '/ws/node_modules/aws-sdk/lib/signers/v4.js', line: 1, inlined: false },
  { name: 'getTargetingModel', file: APP, line: 30, inlined: false },
  { name: 'makeRequestInContext', file: '/opt/dynamo-hotpath/dist/record.js', line: 1, inlined: false },
  // DynamoDB's own code: the CRC32 check of every response (aws-sdk v2), a DocumentClient method.
  { name: 'checkCrc32', file: '/ws/node_modules/aws-sdk/lib/services/dynamodb.js', line: 1, inlined: false },
  { name: 'query', file: '/ws/node_modules/aws-sdk/lib/dynamodb/document_client.js', line: 1, inlined: false },
];
const [PARSE, TICKS, GET_USER, CALLBACK, SIGN, GET_TARGETING, RECORDER, CRC, DOCUMENT_QUERY] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const labelSets: LabelSet[] = [{ [CALL_SITE_LABEL]: `${APP}:12:27`, [FUNCTION_LABEL]: 'getUserActivity', [OPERATION_LABEL]: 'Query', [RECORDER_LABEL]: '/opt/dynamo-hotpath/dist/record.js' }];

function profileOf(samples: { stack: number[]; weight: number; labelled?: boolean }[]): Profile {
  const built: Sample[] = samples.map((s) => ({ stack: Uint32Array.from(s.stack), weight: s.weight, count: 1, ...(s.labelled ? { labels: 0 } : {}) }));
  return {
    sourcePath: 'test.pb.gz',
    format: 'pprof',
    sampleType: { type: 'cpu', unit: 'nanoseconds' },
    sampleTypes: [{ type: 'cpu', unit: 'nanoseconds' }],
    durationNs: undefined,
    frames,
    samples: built,
    totalWeight: built.reduce((sum, s) => sum + s.weight, 0),
    idleWeight: 0,
    labelSets,
    warnings: [],
  };
}

const resolver = () => createPathResolver(createWorkspaceIndex('/ws', ['dist/repo.js']));
/** The analysis as the CLI and the server run it: repair, recorded call sites grafted, source maps, attribution. */
const analyzeProfile = (profile: Profile, options: { resolver: ReturnType<typeof resolver> }) => analyzeWithSources(profile, options).analysis;
const lineOf = (a: ReturnType<typeof analyzeProfile>, line: number) => a.callSites.find((s) => s.line === line);

describe('recorded call sites (labels of dynamo-hotpath record)', () => {
  it('parses file:line:column from the right, so Windows paths and file URLs keep their colons', () => {
    assert.deepEqual(recordedCallSite({ [CALL_SITE_LABEL]: 'C:\\app\\dist\\repo.js:12:27', [FUNCTION_LABEL]: 'get' }), {
      file: 'C:\\app\\dist\\repo.js', line: 12, column: 27, functionName: 'get', operation: undefined, client: undefined, callers: [],
    });
    // Callers: one `file:line:column<TAB>function` per line, malformed entries left out.
    const withCallers = recordedCallSite({ [CALL_SITE_LABEL]: 'C:\\app\\dist\\repo.js:12:27', [CALLERS_LABEL]: 'C:\\app\\dist\\handler.js:40:9\tlistOrders\nbroken\nfile:///srv/main.js:7:3\t' });
    assert.deepEqual(withCallers?.callers, [
      { file: 'C:\\app\\dist\\handler.js', line: 40, column: 9, functionName: 'listOrders' },
      { file: 'file:///srv/main.js', line: 7, column: 3, functionName: '(anonymous)' },
    ]);
    assert.equal(recordedCallSite({ [CALL_SITE_LABEL]: 'repo.js' }), undefined);
    assert.equal(recordedCallSite({ [OPERATION_LABEL]: 'Query' }), undefined);
  });

  it('credits an async continuation to the recorded line, and the same function\'s synchronous part there too', () => {
    const a = analyzeProfile(
      profileOf([
        { stack: [PARSE, TICKS], weight: 700, labelled: true },
        { stack: [PARSE, GET_USER], weight: 200, labelled: true },
        { stack: [SIGN, TICKS], weight: 100, labelled: true },
      ]),
      { resolver: resolver() },
    );
    const site = lineOf(a, 12)!;
    assert.equal(site.functionName, 'getUserActivity');
    assert.equal(site.dynamoWeight, 900);
    assert.equal(site.labelledWeight, 900);
    assert.equal(site.totalWeight, 1000, 'every sample of the request is beneath the recorded line');
    assert.equal(lineOf(a, 10), undefined, 'the function head (all V8 knows) gives way to the recorded line');
    assert.deepEqual(a.attribution, { measuredWeight: 900, labelledWeight: 900, estimatedWeight: 0, unattributedWeight: 0 });
  });

  it('takes the recorder\'s own frames for neither user code nor an unmapped file', () => {
    const a = analyzeProfile(profileOf([{ stack: [PARSE, RECORDER, GET_USER], weight: 100, labelled: true }, { stack: [SIGN, RECORDER, GET_USER], weight: 10 }]), { resolver: resolver() });
    assert.equal(lineOf(a, 12)?.dynamoWeight, 100);
    assert.deepEqual(a.coverage.unresolved, []);
    assert.equal(a.coverage.percent, 100);
    assert.ok(a.functions.some((f) => f.name === 'makeRequestInContext' && f.file === ''));
  });

  it('keeps a stack frame of another user function (a callback) as the call site', () => {
    const a = analyzeProfile(profileOf([{ stack: [PARSE, CALLBACK], weight: 300, labelled: true }]), { resolver: resolver() });
    assert.equal(lineOf(a, 20)?.dynamoWeight, 300);
    assert.equal(lineOf(a, 20)?.labelledWeight, undefined);
    assert.equal(lineOf(a, 12), undefined);
  });

  it('shares unlabelled async marshalling among the call sites of the same SDK by their non-marshalling SDK work', () => {
    const a = analyzeProfile(
      profileOf([
        { stack: [PARSE, TICKS], weight: 1000 },
        { stack: [SIGN, GET_USER], weight: 30 },
        { stack: [SIGN, GET_TARGETING], weight: 10 },
        { stack: [PARSE, DOCUMENT_QUERY, GET_TARGETING], weight: 50 },
        { stack: [CRC, TICKS], weight: 5 },
      ]),
      { resolver: resolver() },
    );
    assert.equal(a.dynamoWeight, 1050);
    assert.equal(a.unattributedWeight, 1000);
    assert.equal(lineOf(a, 10)?.estimatedWeight, 750);
    assert.equal(lineOf(a, 10)?.dynamoWeight, 0);
    assert.equal(lineOf(a, 30)?.estimatedWeight, 250);
    assert.equal(lineOf(a, 30)?.dynamoWeight, 50);
    assert.deepEqual(
      { ...a.attribution, estimateMethod: typeof a.attribution.estimateMethod },
      { measuredWeight: 50, labelledWeight: 0, estimatedWeight: 1000, unattributedWeight: 0, estimateMethod: 'string', estimateParts: { calls: 1000, repair: 0, service: 0 } },
    );
    assert.deepEqual(a.callSites.map((s) => s.line), [10, 30], 'ordered by measured + estimated');
  });

  it('leaves marshalling unattributed when no call site runs that SDK', () => {
    const a = analyzeProfile(profileOf([{ stack: [PARSE, TICKS], weight: 1000 }, { stack: [CRC, TICKS], weight: 5 }]), { resolver: resolver() });
    assert.deepEqual({ ...a.attribution, estimateMethod: undefined }, { measuredWeight: 0, labelledWeight: 0, estimatedWeight: 0, unattributedWeight: 1000, estimateMethod: undefined });
    // The JSON parser serves every aws-sdk v2 client: DynamoDB's only because DynamoDB's CRC32 check ran and no other client did.
    assert.match(a.attribution.estimateMethod ?? '', /DynamoDB's CRC32 check/);
    assert.deepEqual(a.callSites, []);
  });

  it('counts the JSON parser of a profile where no DynamoDB client ran as another service\'s, not DynamoDB', () => {
    const a = analyzeProfile(profileOf([{ stack: [PARSE, TICKS], weight: 1000 }, { stack: [SIGN, GET_USER], weight: 30 }]), { resolver: resolver() });
    assert.equal(a.dynamoWeight, 0);
    assert.deepEqual(a.otherServices, { weight: 1000, estimatedWeight: 1000, byService: [{ name: '', weight: 1000 }] });
    assert.match(a.attribution.estimateMethod ?? '', /as no DynamoDB client ran/);
  });
});
