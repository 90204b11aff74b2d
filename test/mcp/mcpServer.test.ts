/**
 * `dynamo-hotpath mcp` driven by the MCP SDK's own client over stdio: the tools and their schemas
 * listed, each tool called on the fixtures (real profiles, the sample services' sources, real
 * worker processes for the benchmark) with its real figures checked, the structured results
 * validated against the shipped JSON Schemas, paths outside the roots refused, and a benchmark
 * stopped by cancellation.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { REPO, startMcp, type McpSession } from '../helpers/mcpClient';
import { runCli } from '../helpers/runCli';
import { startPyroscopeStandIn, type PyroscopeStandIn } from '../helpers/fleet/pyroscopeStandIn';

const ajv = new Ajv2020({ strict: true, allErrors: true });
const schema = (name: string) => JSON.parse(readFileSync(join(REPO, 'schemas', `${name}.schema.json`), 'utf8')) as Record<string, unknown>;
const validators = { analyze: ajv.compile(schema('analyze')), compare: ajv.compile(schema('compare')), migrate: ajv.compile(schema('migrate')), check: ajv.compile(schema('check')), bench: ajv.compile(schema('bench')) };

/** A structured result, checked against its JSON Schema before its fields are read. */
type Doc = Record<string, any>;
const GO_PROFILE = 'fixtures/go-adserver/profiles/before-v1.pb.gz';
const NODE_PROFILE = 'fixtures/node-adserver/profiles/before-v2.cpuprofile';

async function call(session: McpSession, name: string, args: Record<string, unknown>, options?: Parameters<McpSession['client']['callTool']>[2]): Promise<CallToolResult> {
  return (await session.client.callTool({ name, arguments: args }, undefined, { timeout: 600_000, ...options })) as CallToolResult;
}

function structured(result: CallToolResult, kind: keyof typeof validators): Doc {
  assert.notEqual(result.isError, true, JSON.stringify(result.content));
  const doc = result.structuredContent as Doc;
  const validate = validators[kind];
  assert.ok(validate(doc), ajv.errorsText(validate.errors, { separator: '\n' }));
  return doc;
}

function text(result: CallToolResult, index = 0): string {
  const part = result.content[index];
  assert.equal(part?.type, 'text');
  return (part as { text: string }).text;
}

/** Node processes whose parent is `pid` (the server's benchmark workers). */
function childrenOf(pid: number): string[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      const status = readFileSync(`/proc/${d}/status`, 'utf8');
      return new RegExp(`^PPid:\\s+${pid}$`, 'm').test(status) ? [readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ')] : [];
    } catch {
      return [];
    }
  });
}

describe('dynamo-hotpath mcp, driven by the MCP SDK client over stdio', () => {
  let session: McpSession;
  before(async () => {
    session = await startMcp();
  });
  after(async () => {
    await session.close();
  });

  it('lists the five tools with their input schemas and the CLI JSON Schemas as output schemas', async () => {
    const { tools } = await session.client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['analyze_profile', 'compare_profiles', 'preview_migration', 'check_code', 'run_benchmark']);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const [tool, file] of [['analyze_profile', 'analyze'], ['compare_profiles', 'compare'], ['preview_migration', 'migrate'], ['check_code', 'check'], ['run_benchmark', 'bench']] as const) {
      const { $schema: _dialect, ...expected } = schema(file);
      assert.deepEqual(byName[tool]!.outputSchema, expected, tool);
      assert.equal(byName[tool]!.inputSchema.type, 'object');
    }
    assert.deepEqual(byName.compare_profiles!.inputSchema.required, ['before', 'after']);
    assert.deepEqual(byName.preview_migration!.inputSchema.required, ['paths']);
    assert.equal(byName.preview_migration!.annotations?.readOnlyHint, true);
    assert.equal(byName.run_benchmark!.annotations?.readOnlyHint, false);
  });

  it('analyze_profile on the Go sample: 84.63 % DynamoDB marshalling, adapter.go:49 first, its fix go-sdk-v2 previewed as migrated (go build)', async () => {
    const result = await call(session, 'analyze_profile', { profile: GO_PROFILE, root: 'fixtures/go-adserver/src', top: 6 });
    const doc = structured(result, 'analyze');
    assert.equal(doc.dynamo.percent, 84.63);
    assert.equal(doc.dynamo.attribution.measuredPercent, 84.63);
    assert.deepEqual(doc.callSites.map((s: Doc) => `${s.file}:${s.line}`).slice(0, 3), ['internal/repository/ddbv1/adapter.go:49', 'internal/repository/ddbv1/adapter.go:71', 'internal/repository/ddbv1/adapter.go:63']);
    assert.equal(doc.callSites[0].dynamoPercent, 50.73);
    assert.deepEqual(doc.callSites.map((s: Doc) => s.fix.id), ['go-sdk-v2', 'go-sdk-v2', 'go-attributevalue', 'go-attributevalue', 'go-sdk-v2', 'go-attributevalue']);
    // The typed Go migration (go build on the real SDK modules) moves the v1 client with its uses (go-v1client): nothing blocks, no finding in the function.
    assert.deepEqual(doc.callSites[0].fix.preview, { status: 'migrated', findings: [], blockedBy: [] });
    assert.match(text(result), /^DynamoDB marshalling: 84\.6% of .*before-v1\.pb\.gz \(cpu\/nanoseconds\); measured on your lines 84\.6%, estimated 0\.0%, unattributed 0\.0%\.\ninternal\/repository\/ddbv1\/adapter\.go:49 .*GetUserActivity: 50\.7% measured, aws-sdk-go v1 jsonutil → fix go-sdk-v2, file migrated\n/);
    assert.deepEqual(JSON.parse(text(result, 1)), doc, 'the text content repeats the structured document');
  });

  it("analyze_profile on the Node sample previews each call site's fix: its function's findings, nothing blocking", async () => {
    const doc = structured(await call(session, 'analyze_profile', { profile: NODE_PROFILE, root: 'fixtures/node-adserver/src', top: 4 }), 'analyze');
    const site = doc.callSites.find((s: Doc) => s.line === 30);
    assert.equal(site.file, 'src/repository/v2-adapter.ts');
    assert.equal(site.fix.id, 'js-lib-dynamodb');
    assert.equal(site.fix.preview.status, 'migrated');
    assert.deepEqual(site.fix.preview.findings.map((f: Doc) => `${f.line}:${f.column} ${f.severity} ${f.code}`), ['31:23 information v2-document-client', '38:12 warning v3-result-exported']);
    assert.deepEqual(site.fix.preview.blockedBy, []);
    const converter = doc.callSites.find((s: Doc) => s.line === 41);
    assert.equal(converter.fix.id, 'js-util-dynamodb');
    assert.ok(converter.fix.preview.findings.some((f: Doc) => f.line === 50 && f.code === 'v2-converter-unmarshall'));
  });

  it('preview_migration returns the diff and every finding, and writes nothing', async () => {
    const file = join(REPO, 'fixtures/node-adserver/src/src/repository/v2-adapter.ts');
    const before = readFileSync(file, 'utf8');
    const result = await call(session, 'preview_migration', { paths: ['fixtures/node-adserver/src'] });
    const doc = structured(result, 'migrate');
    assert.equal(doc.written, false);
    assert.equal(doc.base, REPO);
    assert.deepEqual(doc.changedFiles, ['fixtures/node-adserver/src/src/repository/v2-adapter.ts']);
    assert.match(doc.diff, /^--- a\/fixtures\/node-adserver\/src\/src\/repository\/v2-adapter\.ts\n\+\+\+ b\/fixtures\/node-adserver\/src\/src\/repository\/v2-adapter\.ts\n/);
    assert.match(doc.diff, /^\+import \{ DynamoDBDocument \} from '@aws-sdk\/lib-dynamodb';$/m);
    assert.match(doc.diff, /^-      rules\.push\(AWS\.DynamoDB\.Converter\.unmarshall\(item\) as TargetingRule\);\n\+      rules\.push\(unmarshall\(item \?\? \{\}, \{ wrapNumbers: Number \}\) as TargetingRule\);$/m);
    assert.deepEqual(doc.findings.filter((f: Doc) => f.severity !== 'information').map((f: Doc) => `${f.line}:${f.column} ${f.code}`), ['38:12 v3-result-exported', '52:12 v3-result-exported', '58:55 v3-set-validation']);
    assert.deepEqual(doc.counts, { considered: 1, changed: 1, errors: 0 });
    assert.deepEqual(doc.verify, [{ root: 'fixtures/node-adserver/src', method: 'tsconfig', typescript: "5.9.3 (the project's)", checkedFiles: 9, errorsBefore: 0, errorsAfter: 0, newErrors: 0 }]);
    assert.match(text(result), /^1 of 1 file would change \(nothing was written\); 0 error findings .*, 3 warnings/);
    assert.equal(readFileSync(file, 'utf8'), before);
  });

  it('check_code returns the connection and throttling findings with their fixes, as check --json does', async () => {
    const result = await call(session, 'check_code', { paths: ['test/fixtures/check/js/v2app'] });
    const doc = structured(result, 'check');
    assert.equal(doc.findings.length, 9);
    assert.equal(doc.checkedFiles, 4);
    const first = doc.findings[0];
    assert.deepEqual([first.file, first.line, first.column, first.code], ['test/fixtures/check/js/v2app/handler.js', 7, 17, 'no-keep-alive']);
    assert.equal(first.quickFix.title, 'Keep connections alive (https.Agent with keepAlive)');
    assert.match(text(result), /^9 findings in 1 file \(4 checked\); paths relative to .*\nno-keep-alive: 1\n/);
    assert.match(text(result), /^test\/fixtures\/check\/js\/v2app\/handler\.js:7:17 warning no-keep-alive .* \(quick fix: Keep connections alive \(https\.Agent with keepAlive\)\)$/m);
  });

  it('check_code checks Go through the Go helper: the same document as check --json, the quick fixes as edits', async () => {
    const result = await call(session, 'check_code', { paths: ['test/fixtures/check/go/svc'] });
    const doc = structured(result, 'check');
    assert.deepEqual(doc, JSON.parse(runCli(['check', '--json', 'test/fixtures/check/go/svc']).stdout));
    assert.equal(doc.checkedFiles, 3);
    assert.deepEqual(doc.unchecked, []);
    assert.equal(doc.findings.length, 15);
    const pte = doc.findings.find((f: Doc) => f.code === 'throttling-pte-only');
    assert.deepEqual([pte.file, pte.line, pte.column, pte.quickFix.title], ['test/fixtures/check/go/svc/handlers.go', 73, 8, 'Also handle ThrottlingException']);
    assert.match(text(result), /^15 findings in 2 files \(3 checked\); paths relative to /);
    assert.match(text(result), /^client-per-request: 3$/m);
  });

  it('compare_profiles gives CPU per request before and after with its interval, and how rows matched', async () => {
    const result = await call(session, 'compare_profiles', { before: [GO_PROFILE], after: ['fixtures/go-adserver/profiles/after-v2.pb.gz'], root: 'fixtures/go-adserver/src' });
    const doc = structured(result, 'compare');
    assert.equal(doc.normalization, 'per-request');
    assert.equal((doc.replicates.cpuPerRequest.before / 1e6).toFixed(2), '16.57');
    assert.equal((doc.replicates.cpuPerRequest.after / 1e6).toFixed(3), '9.306');
    assert.equal(doc.replicates.cpuPerRequest.change.changePercent.toFixed(1), '-43.8');
    assert.equal(doc.totals.before.requestsSource, 'before-v1.pb.gz.json: requests');
    assert.match(text(result), /^CPU per request 16\.57 ms → 9\.306 ms: -43\.8% \(sampling 95 % CI -47\.6% to -39\.7%; run-to-run variation unknown\)\n/m);
    assert.match(text(result), /^Rows matched: user functions: 3 name; call sites: 6 operation;/m);
  });

  it('refuses paths outside the folders it may read, and bad input, in one line with the fix', async () => {
    const outside = await call(session, 'analyze_profile', { profile: '/etc/hostname' });
    assert.equal(outside.isError, true);
    assert.equal(text(outside), `analyze_profile: profile '/etc/hostname' is outside the folders this tool may read: pass a path inside ${REPO}, or add its folder to your MCP client's roots (or start the server in a folder holding it)`);
    const link = join(REPO, 'test/mcp/.outside-link.tmp');
    symlinkSync('/etc', link);
    try {
      const through = await call(session, 'preview_migration', { paths: ['test/mcp/.outside-link.tmp/hostname'] });
      assert.match(text(through), /^preview_migration: path 'test\/mcp\/\.outside-link\.tmp\/hostname' is outside the folders this tool may read \(it leads to \/etc\/hostname\): /);
    } finally {
      rmSync(link);
    }
    const top = await call(session, 'analyze_profile', { profile: GO_PROFILE, top: 500 });
    assert.equal(text(top), "analyze_profile: 'top' must be <= 100 (got 500)");
    const both = await call(session, 'analyze_profile', {});
    assert.equal(text(both), "analyze_profile: give either 'profile' (a file) or 'pyroscope' (a query), one of them");
    const notProfile = await call(session, 'analyze_profile', { profile: 'fixtures/go-adserver/src/go.mod' });
    assert.equal(notProfile.isError, true);
    assert.match(text(notProfile), /^analyze_profile: .*go\.mod: .+$/);
    assert.doesNotMatch(text(notProfile), /\n|\bat .*\.ts:\d+/);
    const counts = await call(session, 'compare_profiles', { before: [GO_PROFILE], after: [GO_PROFILE], requestsBefore: ['1', '2'] });
    assert.equal(text(counts), "compare_profiles: 'requestsBefore' gives 2 counts for 1 profile: give one per profile, in order");
  });

  it('run_benchmark reports verdicts with intervals; a later analysis projects the change per request from it', async () => {
    const progress: string[] = [];
    const result = await call(session, 'run_benchmark', { generate: 'flat:5', suites: ['conversion'], budgetMsPerCase: 40, processes: 1, maxProcesses: 1 }, { onprogress: (p) => void progress.push(p.message ?? '') });
    const report = structured(result, 'bench');
    assert.equal(report.shape.itemCount, 5);
    assert.equal(report.suites[0].id, 'conversion');
    const unmarshall = report.suites[0].comparisons.find((c: Doc) => c.newer === 'unmarshall-v3-migration');
    assert.ok(['faster', 'slower', 'no significant difference', 'unstable'].includes(unmarshall.estimate.verdict));
    assert.ok(unmarshall.estimate.lower <= unmarshall.estimate.ratio && unmarshall.estimate.ratio <= (unmarshall.estimate.upper ?? Infinity));
    assert.match(text(result), /^5 items \(generated: flat × 5\), 1 worker process\nAttribute conversion:\n  unmarshall: v3 defaults vs v2 — (\d\.\d+× (faster|slower) \(95 % CI|no significant difference|unstable)/);
    assert.ok(progress.some((m) => /^\[\d+\/\d+\] /.test(m)), `progress: ${progress.join(' | ')}`);

    const doc = structured(await call(session, 'analyze_profile', { profile: NODE_PROFILE, root: 'fixtures/node-adserver/src', previewFixes: false }), 'analyze');
    const site = doc.callSites.find((s: Doc) => s.line === 41);
    assert.equal(site.fix.previewSkipped, 'not asked for (previewFixes: false)');
    const change = site.fix.expectedChange;
    const marshall = report.suites[0].comparisons.find((c: Doc) => c.newer === 'marshall-v3-migration');
    // Σ share × (ratio − 1): the call site's unmarshal and marshal shares of the profile (attribute and protocol, measured),
    // plus its estimated share split in the measured proportion — the lens's figure.
    const share = (cats: string[]) => cats.reduce((sum, c) => sum + (site.byCategoryPercent[c] ?? 0), 0);
    const [reads, writes] = [share(['attribute-unmarshal', 'protocol-unmarshal']), share(['attribute-marshal', 'protocol-marshal'])];
    const readShare = reads / (reads + writes);
    assert.ok(site.estimatedPercent > 10, 'the call site has an estimated share');
    const expected = (reads + site.estimatedPercent * readShare) * (unmarshall.estimate.ratio - 1) + (writes + site.estimatedPercent * (1 - readShare)) * (marshall.estimate.ratio - 1);
    // The document's percentages are rounded to 0.01.
    assert.ok(Math.abs(change.changePercentPoints - expected) < 0.01 * Math.abs(expected) + 0.05, `${change.changePercentPoints} vs ${expected}`);
    // The run record says 990 requests: CPU per request is the profile's total over them.
    assert.equal(change.requestsSource, 'before-v2.cpuprofile.json: requests');
    const requests = JSON.parse(readFileSync(join(REPO, `${NODE_PROFILE}.json`), 'utf8')).requests as number;
    assert.ok(Math.abs(change.changePerRequestNs - (change.changePercentPoints / 100) * (doc.totalWeight / requests)) < 1);
    assert.match(change.benchmark, /conversion suite$/);
  });

  it('cancelling run_benchmark stops its worker process at once, and the server answers the next call', async () => {
    const controller = new AbortController();
    const started = Date.now();
    let workers: string[] = [];
    const pending = call(session, 'run_benchmark', { generate: 'nested:20', suites: ['conversion'], budgetMsPerCase: 60000, processes: 1, maxProcesses: 1 }, {
      signal: controller.signal,
      onprogress: () => {
        if (controller.signal.aborted) return;
        workers = childrenOf(session.pid);
        controller.abort();
      },
    });
    await assert.rejects(pending, /AbortError|aborted/i);
    assert.ok(workers.some((w) => /worker\.ts|benchWorker/.test(w)), `no worker seen: ${workers.join('; ')}`);
    const deadline = Date.now() + 10_000;
    while (childrenOf(session.pid).some((w) => /worker\.ts|benchWorker/.test(w)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(childrenOf(session.pid).filter((w) => /worker\.ts|benchWorker/.test(w)), []);
    // Six cases of a minute each would take six minutes: the call ended with the cancel.
    assert.ok(Date.now() - started < 120_000);
    const { tools } = await session.client.listTools();
    assert.equal(tools.length, 5);
  });
});

describe('dynamo-hotpath mcp confines paths to the roots the client declares', () => {
  let work: string;
  let session: McpSession;
  before(async () => {
    // A copy of the Node sample whose DocumentClient is blocked by a use that has no v3 equivalent.
    work = mkdtempSync(join(tmpdir(), 'mcp-roots-'));
    const ws = join(work, 'ws');
    cpSync(join(REPO, 'fixtures/node-adserver/src'), ws, { recursive: true });
    for (const f of ['before-v2.cpuprofile', 'before-v2.cpuprofile.json']) cpSync(join(REPO, 'fixtures/node-adserver/profiles', f), join(ws, f));
    symlinkSync(join(REPO, 'node_modules'), join(ws, 'node_modules'), 'dir');
    const adapter = join(ws, 'src/repository/v2-adapter.ts');
    const lines = readFileSync(adapter, 'utf8').split('\n');
    assert.equal(lines[61], '}');
    lines.splice(61, 0, '  get service(): unknown { return this.doc.service; }');
    writeFileSync(adapter, lines.join('\n'));
    session = await startMcp({ roots: [ws] });
  });
  after(async () => {
    await session.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('reads inside the declared root, refuses the server folder outside it, and follows roots/list_changed', async () => {
    const refused = await call(session, 'analyze_profile', { profile: join(REPO, GO_PROFILE), previewFixes: false });
    assert.match(text(refused), new RegExp(`^analyze_profile: profile '.*before-v1\\.pb\\.gz' is outside the folders this tool may read: pass a path inside ${work}/ws, or add its folder`));
    await session.setRoots([join(work, 'ws'), join(REPO, 'fixtures/go-adserver')]);
    const allowed = await call(session, 'analyze_profile', { profile: join(REPO, GO_PROFILE), root: join(REPO, 'fixtures/go-adserver/src'), previewFixes: false, top: 1 });
    assert.equal(structured(allowed, 'analyze').dynamo.percent, 84.63);
  });

  it('a call site whose client cannot be migrated carries the findings that block it, wherever they are', async () => {
    const doc = structured(await call(session, 'analyze_profile', { profile: 'before-v2.cpuprofile', top: 4 }), 'analyze');
    const query = doc.callSites.find((s: Doc) => s.line === 30);
    assert.equal(query.fix.preview.status, 'partly migrated');
    assert.deepEqual(query.fix.preview.blockedBy.map((f: Doc) => `${f.file}:${f.line} ${f.code}`), ['src/repository/v2-adapter.ts:27 v2-not-migrated', 'src/repository/v2-adapter.ts:62 v2-not-migrated']);
    assert.match(query.fix.preview.blockedBy[1].message, /\.service is aws-sdk v2 only: DynamoDBDocument has no equivalent$/);
    const converter = doc.callSites.find((s: Doc) => s.line === 41);
    assert.deepEqual(converter.fix.preview.blockedBy.map((f: Doc) => `${f.line} ${f.code}`), ['20 v2-not-migrated']);
    assert.ok(converter.fix.preview.findings.some((f: Doc) => f.line === 50 && f.code === 'v2-converter-unmarshall' && f.severity === 'information'), 'the Converter call itself still migrates');
  });
});

describe('dynamo-hotpath mcp fetches from Pyroscope (a stand-in querier on 127.0.0.1)', () => {
  const SECRET = 'glc_eyJvIjoiMTIzNDUiLCJuIjoic2VjcmV0In0=';
  let pyro: PyroscopeStandIn;
  let session: McpSession;
  before(async () => {
    pyro = await startPyroscopeStandIn({ profileFor: () => join(REPO, GO_PROFILE), auth: { kind: 'basic', user: '123456', password: SECRET }, tenant: 'adteam' });
    session = await startMcp({ env: { DYNAMO_HOTPATH_PYROSCOPE_PASSWORD: SECRET } });
  });
  after(async () => {
    await session.close();
    await pyro.close();
  });

  it('analyze_profile on a query: the password from the environment, the profile kept where compare_profiles may read it', async () => {
    const pyroscope = { url: pyro.url, query: '{service_name="adserver"}', from: '2026-03-14T09:50:00Z', to: '2026-03-14T10:20:00Z', user: '123456', tenant: 'adteam' };
    const result = await call(session, 'analyze_profile', { pyroscope, root: 'fixtures/go-adserver/src', previewFixes: false, top: 1 });
    const doc = structured(result, 'analyze');
    assert.equal(doc.dynamo.percent, 84.63);
    assert.equal(doc.callSites[0].line, 49);
    const query = pyro.calls.find((c) => c.query)!;
    assert.deepEqual([query.query!.labelSelector, query.headers['x-scope-orgid']], ['{service_name="adserver"}', 'adteam']);
    assert.doesNotMatch(JSON.stringify(result), new RegExp(SECRET.slice(0, 12)));
    const compared = structured(await call(session, 'compare_profiles', { before: [doc.profile], after: [doc.profile], root: 'fixtures/go-adserver/src' }), 'compare');
    assert.equal(compared.totals.dynamoShareChangePoints, 0);
    const refused = await call(session, 'analyze_profile', { pyroscope: { ...pyroscope, user: 'nobody' }, previewFixes: false });
    assert.equal(refused.isError, true);
    assert.match(text(refused), /^analyze_profile: .*(401|403|auth|credential).*$/i);
  });
});

