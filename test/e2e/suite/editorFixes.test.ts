/**
 * Extension-host scenarios for the `▶ Benchmark` lens and the benchmark command (run by
 * `npm run test:electron` in the Go fixture workspace). The keyboard-driven quick fix and the
 * results panel's rows are checked in the UI by scripts/e2e/runEditorFixesE2e.mjs.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as vscode from 'vscode';
import type { BenchReport } from '../../../src/core/bench/suiteTypes';

/** The bundle runs from out/e2e/suite; the fixtures are in the repo. */
const REPO = resolve(__dirname, '../../..');
const ADAPTER = 'internal/repository/ddbv1/adapter.go';

function folder(): string {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, 'the test needs the fixture workspace folder open');
  return f.uri.fsPath;
}

/** Text of a 0-based line of the fixture adapter. */
function adapterLine(line: number): string {
  return readFileSync(join(folder(), ADAPTER), 'utf8').split('\n')[line] ?? '';
}

async function benchmarkLenses(uri: vscode.Uri): Promise<[number, unknown][]> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100)) ?? [];
  return lenses.filter((l) => l.command?.command === 'dynamoHotpath.runBenchmark').map((l) => [l.range.start.line + 1, l.command!.arguments?.[0]]);
}

suite('▶ Benchmark lens and the benchmark command', () => {
  suiteTeardown(async () => {
    // Leave no profile behind for the other suites.
    await vscode.commands.executeCommand('dynamoHotpath.clearProfile');
  });

  test('opening a Go file starts the server: the dynamodbattribute import gets its migration diagnostic with no profile loaded', async () => {
    await vscode.commands.executeCommand('dynamoHotpath.clearProfile');
    const adapter = vscode.Uri.file(join(folder(), ADAPTER));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(adapter));
    const deadline = Date.now() + 60_000;
    let codes: string[] = [];
    while (Date.now() < deadline && !codes.includes('go-dynamodbattribute')) {
      codes = vscode.languages.getDiagnostics(adapter).map((d) => String(typeof d.code === 'object' ? d.code.value : d.code));
      await new Promise((r) => setTimeout(r, 200));
    }
    const diagnostic = vscode.languages.getDiagnostics(adapter).find((d) => String(typeof d.code === 'object' ? d.code.value : d.code) === 'go-dynamodbattribute');
    assert.ok(diagnostic, `diagnostics: ${codes.join(', ')}`);
    assert.equal(diagnostic.source, 'DynamoDB Hot Path');
    assert.match(adapterLine(diagnostic.range.start.line), /aws-sdk-go\/service\/dynamodb\/dynamodbattribute/);
  });

  test('with before-v1.pb.gz loaded, adapter.go has a ▶ Benchmark lens on each hot call site, running the Go suite', async () => {
    const adapter = vscode.Uri.file(join(folder(), ADAPTER));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(adapter));
    await vscode.commands.executeCommand('dynamoHotpath.openProfile', join(folder(), 'profiles/before-v1.pb.gz'));
    const deadline = Date.now() + 60_000;
    let lenses: [number, unknown][] = [];
    while (Date.now() < deadline && (lenses = await benchmarkLenses(adapter)).length < 5) await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(lenses, [49, 63, 71, 83, 95].map((line) => [line, { suites: ['go'] }]));
  });

  test('runBenchmark on the fixture Query response (conversion suite, 200 ms per case) measures v2 and v3 and gives a verdict', async () => {
    const itemsJson = readFileSync(join(REPO, 'fixtures/data/query-targeting-model.json'), 'utf8');
    const report = await vscode.commands.executeCommand<BenchReport | undefined>('dynamoHotpath.runBenchmark', {
      itemsJson,
      itemsLabel: 'query-targeting-model.json',
      suites: ['conversion'],
      budgetMsPerCase: 200,
    });
    assert.ok(report, 'the command returned no report');
    assert.equal(report.shape.itemCount, 25);
    const [conversion] = report.suites;
    assert.equal(conversion?.id, 'conversion');
    assert.deepEqual([...new Set(conversion.cases.map((c) => c.sdk))].sort(), ['v2', 'v3']);
    for (const c of conversion.cases) assert.ok(c.summary && c.summary.meanNs > 0, `${c.label} has no measurement`);
    assert.ok(conversion.comparisons.length > 0);
    for (const cmp of conversion.comparisons) assert.match(cmp.estimate?.verdict ?? '', /^(faster|slower|no significant difference)$/, cmp.label);
  });
});
