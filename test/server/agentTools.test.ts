/**
 * Server tier, the editor's language-model tools: the bundled language server over stdio answers
 * `dynamoHotpath/agentTool` on its own state — analyze_profile on the loaded profile (loading the
 * one it is given, as Open CPU Profile does), compare_profiles as Compare with Baseline (the
 * lenses read before → after) — confined to the workspace folders, and with no go in an untrusted
 * workspace.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodeLensRequest, type ResponseError } from 'vscode-languageserver-protocol';
import { AgentToolRequest, type AgentToolAnswer } from '../../src/shared/protocol';
import { buildServer, copyGoSources, LspSession, makeWorkDir, REPO } from './lspHarness';

const PROFILES = join(REPO, 'fixtures/go-adserver/profiles');

function withProfiles(root: string): void {
  mkdirSync(join(root, 'profiles'));
  for (const f of ['before-v1.pb.gz', 'before-v1.pb.gz.json', 'after-v2.pb.gz', 'after-v2.pb.gz.json']) cpSync(join(PROFILES, f), join(root, 'profiles', f));
}

async function tool(lsp: LspSession, name: string, input: object): Promise<AgentToolAnswer> {
  return lsp.connection.sendRequest(AgentToolRequest, { tool: name, input });
}

async function refusal(lsp: LspSession, name: string, input: object): Promise<string> {
  try {
    await tool(lsp, name, input);
  } catch (e) {
    return (e as ResponseError<unknown>).message;
  }
  assert.fail(`${name} was not refused`);
}

describe('the language-model tools in the language server (trusted workspace)', () => {
  let lsp: LspSession;
  let root: string;
  before(async () => {
    const workDir = makeWorkDir();
    const serverJs = await buildServer(workDir);
    root = copyGoSources(workDir);
    withProfiles(root);
    lsp = await LspSession.start(serverJs, [root], workDir);
  });
  after(async () => {
    await lsp?.stop();
  });

  it('analyze_profile with no profile loaded says how to load one', async () => {
    assert.equal(await refusal(lsp, 'analyze_profile', {}), "analyze_profile: no profile is loaded: give 'profile' (a profile file in the workspace), or open one with DynamoDB Hot Path: Open CPU Profile…");
  });

  it('analyze_profile loads the profile it is given, as the lenses then show, and answers on the loaded one afterwards', async () => {
    const loaded = await tool(lsp, 'analyze_profile', { profile: 'profiles/before-v1.pb.gz', previewFixes: false, top: 3 });
    const doc = loaded.structured as Record<string, any>;
    assert.equal(doc.dynamo.percent, 84.63);
    assert.equal(doc.root, root);
    assert.deepEqual(doc.callSites.map((s: { line: number }) => s.line), [49, 71, 63]);
    assert.equal(doc.callSites[0].fix.id, 'go-sdk-v2');
    const adapter = await lsp.open(join(root, 'internal/repository/ddbv1/adapter.go'));
    const lenses = (await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: adapter } })) ?? [];
    assert.ok(lenses.some((l) => l.range.start.line === 48 && /50\.7% DynamoDB unmarshal/.test(l.command?.title ?? '')));
    const again = (await tool(lsp, 'analyze_profile', { previewFixes: false, top: 1, root })).structured as Record<string, any>;
    assert.equal(again.profile, join(root, 'profiles/before-v1.pb.gz'));
    assert.equal(await refusal(lsp, 'analyze_profile', { root: '/tmp' }), `analyze_profile: root '/tmp' is outside the folders this tool may read: pass a path inside ${root}, or open its folder in the workspace (File: Add Folder to Workspace…)`);
  });

  it('compare_profiles compares as Compare with Baseline does: CPU per request from the run records, the lenses read before → after', async () => {
    const answer = await tool(lsp, 'compare_profiles', { before: ['profiles/before-v1.pb.gz'], after: ['profiles/after-v2.pb.gz'] });
    const doc = answer.structured as Record<string, any>;
    assert.equal(doc.normalization, 'per-request');
    assert.equal((doc.replicates.cpuPerRequest.before / 1e6).toFixed(2), '16.57');
    assert.equal((doc.replicates.cpuPerRequest.after / 1e6).toFixed(3), '9.306');
    assert.match(answer.summary, /^CPU per request 16\.57 ms → 9\.306 ms: -43\.8%/);
    const v2 = await lsp.open(join(root, 'internal/repository/ddbv2/adapter.go'));
    const lenses = (await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: v2 } })) ?? [];
    // after-v2's call sites are estimated from cut stacks (issue 24), so the call-site lens says the comparison has no per-line change, with both sides' figures.
    assert.ok(lenses.some((l) => l.range.start.line === 43 && l.command?.title === 'no per-line change: 0% → 72% of DynamoDB not measured on a line (DynamoDB 84.6% → 67.1% overall)'), JSON.stringify(lenses.map((l) => l.command?.title)));
    assert.equal(await refusal(lsp, 'compare_profiles', { before: ['profiles/before-v1.pb.gz'], requestsBefore: ['1', '2'] }), "compare_profiles: 'requestsBefore' gives 2 counts for 1 profile: give one per profile, in order");
  });

  it('validates input against the editor schema and names unknown tools', async () => {
    assert.equal(await refusal(lsp, 'analyze_profile', { pyroscope: { url: 'http://localhost:4040' } }), "analyze_profile: the input has no field 'pyroscope' (see the tool's input schema)");
    assert.equal(await refusal(lsp, 'check_everything', {}), 'check_everything: no such tool (the tools: analyze_profile, compare_profiles, preview_migration, check_code, run_benchmark)');
  });
});

describe('the language-model tools in an untrusted workspace', () => {
  let lsp: LspSession;
  let root: string;
  before(async () => {
    const workDir = makeWorkDir();
    const serverJs = await buildServer(workDir);
    root = copyGoSources(workDir);
    cpSync(join(REPO, 'test/fixtures/check/go/svc'), join(root, 'checks/svc'), { recursive: true });
    cpSync(join(REPO, 'test/fixtures/check/js/v2app/handler.js'), join(root, 'checks/handler.js'));
    writeFileSync(join(root, 'legacy.js'), "const AWS = require('aws-sdk');\nexports.read = (av) => AWS.DynamoDB.Converter.unmarshall(av);\n");
    lsp = await LspSession.start(serverJs, [root], workDir, { trusted: false });
  });
  after(async () => {
    await lsp?.stop();
  });

  it('previews JavaScript, leaves Go out and says why; refuses the go benchmark suite', async () => {
    const answer = await tool(lsp, 'preview_migration', { paths: ['legacy.js', 'internal/repository/ddbv1/adapter.go'] });
    const doc = answer.structured as Record<string, any>;
    assert.deepEqual(doc.changedFiles, ['legacy.js']);
    assert.equal(doc.base, root);
    assert.ok(doc.notes.includes('Go files not previewed: the Go migration runs go list and go build on the workspace, which executes its code; trust the workspace first'));
    assert.equal(doc.findings.filter((f: { file: string }) => f.file.endsWith('.go')).length, 0);
    assert.equal(await refusal(lsp, 'run_benchmark', { suites: ['go'], goType: './internal/model.UserActivity' }), 'run_benchmark: the go suite builds and runs go test in the workspace, which executes its code: trust the workspace first, or leave go out of suites');
  });

  it('check_code checks JavaScript and lists the Go files as not checked, with why', async () => {
    const answer = await tool(lsp, 'check_code', { paths: ['checks'] });
    const doc = answer.structured as Record<string, any>;
    assert.equal(doc.checkedFiles, 1);
    assert.deepEqual([...new Set(doc.findings.map((f: { file: string }) => f.file))], ['checks/handler.js']);
    assert.equal(doc.findings[0].code, 'no-keep-alive');
    const reason = 'the Go checks run go in the module folder, which follows its go.mod; trust the workspace first';
    assert.deepEqual(doc.unchecked, ['clients.go', 'handlers.go', 'others.go'].map((f) => ({ file: `checks/svc/${f}`, reason })));
    assert.match(answer.summary, /^not checked: checks\/svc\/clients\.go: the Go checks run go/m);
  });
});
