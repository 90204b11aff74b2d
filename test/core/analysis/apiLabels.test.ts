// Labels credit the API the user called, by the evidence on the stack: small V8 profiles built
// here, whose stacks are those of aws-sdk v2 DocumentClient.put (document_client.js →
// translator.js → converter.js), a direct Converter.unmarshall call, a TLS handshake of another
// AWS client (a CloudWatch exporter), and the SDK being required.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseProfile } from '../../../src/core/profile/read';
import { analyzeProfile } from '../../../src/core/analysis/analyze';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';

const SDK = 'file:///srv/app/node_modules/aws-sdk/lib/dynamodb';
let nextId = 2;
const nodes: object[] = [];
/** Adds a chain of frames under the root; returns the leaf id. */
function chain(frames: [string, string, number][]): number {
  let parent = 1;
  for (const [functionName, url, lineNumber] of frames) {
    const id = nextId++;
    nodes.push({ id, parent, callFrame: { functionName, scriptId: '1', url, lineNumber, columnNumber: 4 } });
    parent = id;
  }
  return parent;
}

function profileOf(leaves: number[]) {
  const json = {
    nodes: [{ id: 1, callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 } }, ...nodes],
    startTime: 0,
    endTime: leaves.length * 1000,
    samples: leaves,
    timeDeltas: leaves.map((_, i) => (i === 0 ? 0 : 1000)),
  };
  return parseProfile(new TextEncoder().encode(JSON.stringify(json)), 'labels.cpuprofile');
}

describe('labels follow the API the user called (aws-sdk v2)', () => {
  const put = chain([
    ['recordImpression', 'file:///srv/app/src/repo.js', 19],
    ['DocumentClient.put', `${SDK}/document_client.js`, 160],
    ['translateInput', `${SDK}/translator.js`, 20],
    ['translate', `${SDK}/translator.js`, 40],
    ['input', `${SDK}/converter.js`, 30],
    ['convertInput', `${SDK}/converter.js`, 50],
  ]);
  const unmarshall = chain([
    ['getTargetingModel', 'file:///srv/app/src/repo.js', 9],
    ['unmarshall', `${SDK}/converter.js`, 200],
    ['convertOutput', `${SDK}/converter.js`, 250],
  ]);
  const resolver = createPathResolver(createWorkspaceIndex('/srv/app', ['src/repo.js']));

  it('a DocumentClient call site is labelled DocumentClient and gets the DocumentClient migration, not the Converter one', () => {
    const a = analyzeProfile(profileOf([put, put, put]), { resolver });
    const site = a.callSites.find((s) => s.functionName === 'recordImpression')!;
    assert.equal(site.line, 20);
    assert.deepEqual([site.dominant.category, site.dominant.label, site.dominant.migration], ['attribute-marshal', 'aws-sdk v2 DocumentClient', 'js-lib-dynamodb']);
    assert.deepEqual(a.migrations.map((m) => m.id), ['js-lib-dynamodb']);
  });

  it('a direct Converter call keeps the Converter label and migration', () => {
    const a = analyzeProfile(profileOf([put, unmarshall, unmarshall]), { resolver });
    const site = a.callSites.find((s) => s.functionName === 'getTargetingModel')!;
    assert.deepEqual([site.dominant.category, site.dominant.label, site.dominant.migration], ['attribute-unmarshal', 'aws-sdk v2 DynamoDB.Converter', 'js-util-dynamodb']);
    assert.deepEqual(a.migrations.map((m) => m.id).sort(), ['js-lib-dynamodb', 'js-util-dynamodb']);
  });
});

describe('TLS handshakes and module loading are counted by the evidence on the stack', () => {
  const tls: [string, string, number][] = [
    ['connect', 'node:_tls_wrap', 1700],
    ['TLSSocket._start', 'node:_tls_wrap', 1000],
  ];
  const exporterHandshake = chain([
    ['flush', 'file:///srv/app/src/metrics.js', 4],
    ['send', 'file:///srv/app/node_modules/@aws-sdk/client-cloudwatch/dist-cjs/index.js', 90],
    ['handle', 'file:///srv/app/node_modules/@smithy/node-http-handler/dist-cjs/index.js', 300],
    ...tls,
  ]);
  const dynamoHandshake = chain([
    ['getTargetingModel', 'file:///srv/app/src/repo.js', 9],
    ['send', 'file:///srv/app/node_modules/@aws-sdk/client-dynamodb/dist-cjs/index.js', 40],
    ['handle', 'file:///srv/app/node_modules/@smithy/node-http-handler/dist-cjs/index.js', 300],
    ...tls,
  ]);
  const requireSdk = chain([
    ['', 'file:///srv/app/src/repo.js', 0],
    ['require', 'node:internal/modules/helpers', 179],
    ['Module._load', 'node:internal/modules/cjs/loader', 1002],
    ['Module._compile', 'node:internal/modules/cjs/loader', 1482],
    ['', `${SDK}/converter.js`, 0],
    ['convertInput', `${SDK}/converter.js`, 50],
  ]);
  const docPut = chain([
    ['recordImpression', 'file:///srv/app/src/repo.js', 19],
    ['DocumentClient.put', `${SDK}/document_client.js`, 160],
    ['translateInput', `${SDK}/translator.js`, 20],
    ['input', `${SDK}/converter.js`, 30],
  ]);
  const resolver = createPathResolver(createWorkspaceIndex('/srv/app', ['src/repo.js', 'src/metrics.js']));
  const a = analyzeProfile(profileOf([exporterHandshake, exporterHandshake, dynamoHandshake, requireSdk, requireSdk, docPut]), { resolver });
  const pct = (w: number) => Math.round((100 * w) / a.totalWeight);

  it('a handshake under another AWS client is "host unknown", not DynamoDB connection setup', () => {
    assert.equal(pct(a.tlsUnknownHostWeight), 33);
    assert.equal(pct(a.connectionSetupWeight), 17);
    assert.equal(a.callSites.some((s) => s.functionName === 'flush'), false);
  });

  it('the SDK evaluated by require is module loading, not marshalling', () => {
    assert.equal(pct(a.moduleLoadingWeight), 33);
    assert.equal(pct(a.dynamoWeight), 17); // the DocumentClient put only
  });
});
