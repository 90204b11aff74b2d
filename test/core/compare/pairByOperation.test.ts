// Compare pairs call sites by what their line does — the DynamoDB operation it runs, or the item
// conversion it calls — before their position. The Node sample service recorded under
// `dynamo-hotpath record` (exact lines from the labels) on aws-sdk v2 and on AWS SDK v3
// (fixtures/node-adserver/profiles/recorded/record.sh): every call site has its counterpart.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareFileSets } from '../../../src/core/compare/compareFiles';
import { readRunRecord } from '../../../src/core/compare/runRecord';
import { lensTextForRow } from '../../../src/core/compare/lensDelta';
import { formatComparisonText } from '../../../src/core/compare/format/formatText';
import { compareAnalyses } from '../../../src/core/compare/compareAnalyses';
import { analysis, callSite, userFunction } from './makeAnalysis';

const DIR = 'fixtures/node-adserver/profiles/recorded';
const side = async (name: string) => ({ path: `${DIR}/${name}`, runRecord: await readRunRecord(`${DIR}/${name}.json`) });

describe('the Node line-level pair (record, aws-sdk v2 → AWS SDK v3)', async () => {
  const { comparison: c } = await compareFileSets([await side('record-v2.pb.gz')], [await side('record-v3.pb.gz')], { root: 'fixtures/node-adserver/src' });
  const row = (before: number) => c.callSites.find((r) => r.before.ref?.line === before);

  it('pairs every call site with its counterpart: the same operation or conversion, in the same function', () => {
    const pairs = c.callSites.filter((r) => r.status === 'matched').map((r) => `${r.before.ref!.name}:${r.before.ref!.line} → ${r.after.ref!.line} ${r.matchedBy}`);
    assert.deepEqual(pairs.sort(), [
      'getTargetingModel:41 → 50 operation', // the function's first line: Converter.unmarshall ↔ util-dynamodb unmarshall (V8 has no line for the loop)
      'getTargetingModel:42 → 51 operation', // ddb.query(…).promise() ↔ ddb.send(new RawQueryCommand(…)): Query
      'getUserActivity:31 → 40 operation', // DocumentClient.query ↔ DynamoDBDocumentClient QueryCommand (+ each function's first line)
      'recordImpression:56 → 65 operation', // DocumentClient.put ↔ PutCommand (+ each function's first line)
    ]);
    assert.deepEqual(
      c.callSites.filter((r) => r.status !== 'matched').map((r) => `${r.label}: ${r.reason}`),
      [],
      'no call site of the adapters is left without its counterpart',
    );
  });

  it('folds the function head V8 gives unlabelled samples into the recorded line of the same call, and says so', () => {
    assert.match(row(31)!.label, /^getUserActivity repository\/v2-adapter\.ts:31 \(\+:30\) → repository\/v3-adapter\.ts:40 \(\+:39\)$/);
    assert.ok(c.notes.some((n) => n.startsWith('A call-site row marked (+:N) holds line N too')));
  });

  it('gives per-request changes the service can have (CPU per request fell), and says per request in the lens', () => {
    const query = row(42)!;
    assert.ok(query.changePerRequestPercent! < -20 && query.changePerRequestPercent! > -70, `${query.changePerRequestPercent}`);
    assert.match(lensTextForRow(query, c), /^\d+\.\d% → \d+\.\d% DynamoDB \(−\d+% per request(, within noise)?\)$/);
    assert.ok(formatComparisonText(c).split('\n').some((l) => /^getTargetingModel repository\/v2-adapter\.ts:42 → repository\/v3-adapter\.ts:51\s.*-\d+\.\d% per request/.test(l)));
  });
});

describe('an unpaired call site says why', () => {
  const site = (fn: string, line: number, weight: number, operations: string[]) => ({ ...callSite(fn, 'repo/orders.go', line, weight, 'protocol-unmarshal'), operations: operations as never });
  const before = [site('(*Repo).List', 20, 4e8, ['Query']), site('(*Repo).List', 24, 1e8, ['PutItem']), site('(*Repo).Audit', 40, 2e8, ['PutItem'])];
  const after = [site('(*Repo).List', 30, 3e8, ['Query'])];
  const a = (sites: ReturnType<typeof site>[], name: string) =>
    analysis({ sourcePath: name, totalWeight: 1e10, totalCount: 1000, dynamoWeight: 7e8, byCategory: { 'protocol-unmarshal': 7e8 }, callSites: sites, userFunctions: [...new Set(sites.map((x) => x.functionName))].map((fn) => userFunction(fn, 'repo/orders.go', 1e9, sites.filter((x) => x.functionName === fn))) });
  const c = compareAnalyses({ analysis: a(before, 'before.pb.gz') }, { analysis: a(after, 'after.pb.gz') });
  const reason = (line: number) => c.callSites.find((r) => r.before.ref?.line === line && r.status !== 'matched')?.reason;

  it('pairs the Query with the Query, not the first line with the first line', () => {
    assert.deepEqual(c.callSites.filter((r) => r.status === 'matched').map((r) => [r.before.ref!.line, r.after.ref!.line, r.matchedBy]), [[20, 30, 'operation']]);
  });

  it('names the operation no line of the function runs any more, and the function that is gone', () => {
    assert.equal(reason(24), 'no line of (*Repo).List in the after profile runs a PutItem');
    assert.equal(reason(40), '(*Repo).Audit (orders.go) has no counterpart in the after profile');
  });
});
