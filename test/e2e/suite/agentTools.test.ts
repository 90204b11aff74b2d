/**
 * The agent tools as language-model tools in a real VS Code (run by `npm run test:electron`, first
 * of the suite's files: it leaves no profile loaded): registered with their schemas, and
 * `vscode.lm.invokeTool` answering on the loaded profile and the workspace — the workspace is a
 * copy of fixtures/go-adserver/src with profiles/before-v1.pb.gz.
 */
import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';

const TOOLS = ['dynamoHotpath_analyzeProfile', 'dynamoHotpath_compareProfiles', 'dynamoHotpath_previewMigration', 'dynamoHotpath_checkCode', 'dynamoHotpath_runBenchmark'];

function folder(): string {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, 'the test needs the fixture workspace folder open');
  return f.uri.fsPath;
}

/** The tool's two text parts: the summary and the structured document. */
async function invoke(name: string, input: object): Promise<{ summary: string; doc: Record<string, any> }> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const parts = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : ''));
  assert.equal(parts.length, 2, `two text parts, got ${JSON.stringify(parts).slice(0, 300)}`);
  return { summary: parts[0]!, doc: JSON.parse(parts[1]!) as Record<string, any> };
}

suite('DynamoDB Hot Path language-model tools in a real VS Code', () => {
  suiteSetup(async () => {
    await vscode.extensions.getExtension('dynamo-hotpath.dynamo-hotpath')!.activate();
  });

  test('registers the five tools with their input schemas', () => {
    const ours = vscode.lm.tools.filter((t) => t.name.startsWith('dynamoHotpath_'));
    assert.deepEqual(ours.map((t) => t.name).sort(), [...TOOLS].sort());
    const analyze = ours.find((t) => t.name === 'dynamoHotpath_analyzeProfile')!;
    assert.deepEqual(Object.keys((analyze.inputSchema as { properties: object }).properties), ['profile', 'root', 'top', 'requests', 'previewFixes']);
    assert.match(analyze.description, /DynamoDB marshalling/);
  });

  test('analyze_profile loads the profile it is given and returns its call sites: 84.63 %, adapter.go:49 first', async () => {
    const { summary, doc } = await invoke('dynamoHotpath_analyzeProfile', { profile: 'profiles/before-v1.pb.gz', previewFixes: false, top: 6 });
    assert.equal(doc.dynamo.percent, 84.63);
    assert.equal(doc.root, folder());
    assert.deepEqual(doc.callSites.map((s: { file: string; line: number }) => `${s.file}:${s.line}`), [
      'internal/repository/ddbv1/adapter.go:49',
      'internal/repository/ddbv1/adapter.go:71',
      'internal/repository/ddbv1/adapter.go:63',
      'internal/repository/ddbv1/adapter.go:83',
      'internal/repository/ddbv1/adapter.go:95',
      'internal/repository/ddbv1/adapter.go:91',
    ]);
    assert.equal(doc.callSites[0].fix.id, 'go-sdk-v2');
    assert.match(summary, /^DynamoDB marshalling: 84\.6% of .*before-v1\.pb\.gz/);
  });

  test('analyze_profile without a profile answers on the loaded one (the lenses show the same profile)', async () => {
    const { doc } = await invoke('dynamoHotpath_analyzeProfile', { previewFixes: false, top: 1 });
    assert.equal(doc.profile, join(folder(), 'profiles/before-v1.pb.gz'));
    assert.equal(doc.callSites[0].dynamoPercent, 50.73);
    const adapter = vscode.Uri.file(join(folder(), 'internal/repository/ddbv1/adapter.go'));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(adapter));
    // The lenses of the profile the tool loaded: the same figure on line 49 (polled: the first request may come before the provider's refresh).
    const deadline = Date.now() + 60_000;
    let titles: string[] = [];
    while (Date.now() < deadline) {
      const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', adapter, 100)) ?? [];
      titles = lenses.filter((l) => l.range.start.line === 48).map((l) => l.command?.title ?? '');
      if (titles.some((t) => t.includes('50.7% DynamoDB'))) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(titles.some((t) => t.includes('50.7% DynamoDB unmarshal')), `line 49's lenses: ${titles.join(' | ')}`);
  });

  test('preview_migration returns the diff and its findings and writes nothing', async () => {
    const file = join(folder(), 'legacy.js');
    const text = "const AWS = require('aws-sdk');\nexports.read = (av) => AWS.DynamoDB.Converter.unmarshall(av);\n";
    writeFileSync(file, text);
    try {
      const { doc, summary } = await invoke('dynamoHotpath_previewMigration', { paths: ['legacy.js'] });
      assert.equal(doc.written, false);
      assert.match(doc.diff, /^\+const \{ unmarshall \} = require\('@aws-sdk\/util-dynamodb'\);$/m);
      // The workspace has no @aws-sdk/util-dynamodb installed (v3-not-installed), and exports the item (v3-result-exported).
      assert.deepEqual(doc.findings.map((f: { line: number; code: string }) => `${f.line} ${f.code}`), ['2 v2-converter-unmarshall', '2 v3-not-installed', '2 v3-result-exported']);
      assert.match(summary, /^1 of 1 file would change \(nothing was written\)/);
      assert.equal(readFileSync(file, 'utf8'), text);
    } finally {
      rmSync(file);
    }
  });

  test('a path outside the workspace is refused in one line that says what to do', async () => {
    await assert.rejects(
      Promise.resolve(vscode.lm.invokeTool('dynamoHotpath_analyzeProfile', { input: { profile: '/etc/hostname' }, toolInvocationToken: undefined })),
      (err: Error) => {
        assert.match(err.message, /analyze_profile: profile '\/etc\/hostname' is outside the folders this tool may read: pass a path inside .*, or open its folder in the workspace \(File: Add Folder to Workspace…\)/);
        return true;
      },
    );
    await vscode.commands.executeCommand('dynamoHotpath.clearProfile');
  });
});
