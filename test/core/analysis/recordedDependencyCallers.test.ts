// A recorded caller in dependency code (Powertools' `captureMethod` decorator, `descriptor.value`,
// bundled by esbuild: its frame maps through the bundle's source map into node_modules) is skipped;
// the caller split uses the next recorded caller that is the user's line.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import { CALL_SITE_LABEL, CALLERS_LABEL, FUNCTION_LABEL, OPERATION_LABEL, callersLabel } from '../../../src/core/analysis/recorderLabels';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';
import type { Frame, LabelSet, Profile } from '../../../src/core/profile/model';

const STORE = '/ws/src/store.js';
const frames: Frame[] = [
  { name: 'parse', file: '/ws/node_modules/aws-sdk/lib/json/parser.js', line: 1, inlined: false },
  { name: 'processTicksAndRejections', file: 'node:internal/process/task_queues', line: 67, inlined: false },
];
const withCallers = (callers: string): LabelSet => ({ [CALL_SITE_LABEL]: `${STORE}:12:27`, [FUNCTION_LABEL]: 'getProduct', [OPERATION_LABEL]: 'GetItem', [CALLERS_LABEL]: callers });
const labelSets: LabelSet[] = [
  withCallers(callersLabel([
    { file: '/ws/node_modules/@aws-lambda-powertools/tracer/lib/Tracer.js', line: 40, column: 37, functionName: 'descriptor.value' },
    { file: '/ws/src/handler.js', line: 32, column: 26, functionName: 'lambdaHandler' },
    { file: '/ws/node_modules/@middy/core/index.js', line: 90, column: 5, functionName: 'runRequest' },
  ])),
  withCallers(callersLabel([{ file: '/ws/node_modules/@middy/core/index.js', line: 90, column: 5, functionName: 'runRequest' }])),
];

function profileOf(labels: number): Profile {
  const samples = [{ stack: Uint32Array.from([0, 1]), weight: 500, count: 5, labels }];
  return {
    sourcePath: 'test.pb.gz', format: 'pprof', sampleType: { type: 'cpu', unit: 'nanoseconds' }, sampleTypes: [{ type: 'cpu', unit: 'nanoseconds' }],
    durationNs: undefined, frames, samples, totalWeight: 500, idleWeight: 0, labelSets, warnings: [],
  };
}

const resolver = createPathResolver(createWorkspaceIndex('/ws', ['src/store.js', 'src/handler.js', 'node_modules/@aws-lambda-powertools/tracer/lib/Tracer.js', 'node_modules/@middy/core/index.js']));

describe('recorded callers in dependency code', () => {
  it('skips a decorator in node_modules and splits by the next recorded user line', () => {
    const site = analyzeWithSources(profileOf(0), { resolver }).analysis.callSites.find((s) => s.line === 12)!;
    assert.equal(site.dynamoWeight, 500);
    assert.deepEqual(site.callers?.map((c) => [c.relativePath, c.line, c.functionName, c.dynamoWeight]), [['src/handler.js', 32, 'lambdaHandler', 500]]);
  });

  it('gives no caller split when every recorded caller is dependency code', () => {
    const site = analyzeWithSources(profileOf(1), { resolver }).analysis.callSites.find((s) => s.line === 12)!;
    assert.equal(site.dynamoWeight, 500);
    assert.equal(site.callers, undefined);
  });
});
