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
    while (Date.now() < deadline && (lenses = await benchmarkLenses(adapter)).length < 6) await new Promise((r) => setTimeout(r, 200));
    const model = 'github.com/example/adserver/internal/model';
    const types: Record<number, string> = { 49: 'UserActivity', 63: 'UserActivity', 71: 'TargetingRule', 83: 'TargetingRule', 91: 'Impression', 95: 'Impression' };
    // Each hot line's lens also carries its call site's share (the benchmark puts its verdict next to it).
    const shares = lenses.map(([line, args]) => [line, (args as { profileShare?: { callSite: string } }).profileShare?.callSite]);
    assert.deepEqual(shares, [[49, `${ADAPTER}:49`], [63, `${ADAPTER}:63`], [71, `${ADAPTER}:71`], [83, `${ADAPTER}:83`], [91, undefined], [95, `${ADAPTER}:95`]]);
    const plain = lenses.map(([line, args]) => {
      const { profileShare: _, ...rest } = args as { profileShare?: unknown };
      return [line, rest];
    });
    assert.deepEqual(plain, Object.entries(types).map(([line, type]) => [Number(line), { suites: ['go'], goModuleRoot: folder(), goType: `${model}.${type}` }]));
  });

  test('▶ Benchmark on the UnmarshalListOfMaps call runs the Go suite on UserActivity and shows the Go rows (ns/op wall, B/op, allocs/op, verdict)', async () => {
    const adapter = vscode.Uri.file(join(folder(), ADAPTER));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(adapter));
    const lens = (await benchmarkLenses(adapter)).find(([line]) => line === 63);
    assert.ok(lens, 'no ▶ Benchmark lens on the UnmarshalListOfMaps line');
    assert.match(adapterLine(62), /dynamodbattribute\.UnmarshalListOfMaps\(out\.Items, &acts\)/);
    const itemsJson = readFileSync(join(REPO, 'fixtures/data/query-user-activity.json'), 'utf8');
    const report = await vscode.commands.executeCommand<BenchReport | undefined>('dynamoHotpath.runBenchmark', {
      ...(lens[1] as object),
      itemsJson,
      itemsLabel: 'query-user-activity.json',
      goPlan: { count: 3, benchtimeMs: 150 },
    });
    assert.ok(report, 'the command returned no report');
    const go = report.suites.find((s) => s.id === 'go');
    assert.ok(go && !go.skipped, `the Go suite did not run: ${go?.skipped}`);
    assert.equal(go.timeKind, 'wall');
    assert.match(go.environment ?? '', /^go1\.\d+/);
    assert.deepEqual(go.cases.map((c) => c.label), [
      'aws-sdk-go dynamodbattribute UnmarshalMap',
      'aws-sdk-go-v2 attributevalue UnmarshalMap',
      'aws-sdk-go dynamodbattribute MarshalMap',
      'aws-sdk-go-v2 attributevalue MarshalMap',
    ]);
    for (const c of go.cases) assert.ok(c.summary!.n === 3 && c.bytesPerOp! > 0 && c.allocsPerOp! > 0, `${c.label}: ${JSON.stringify(c)}`);
    for (const cmp of go.comparisons) assert.match(cmp.estimate?.verdict ?? '', /^(faster|slower|no significant difference)$/, cmp.label);
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
    for (const cmp of conversion.comparisons) assert.match(cmp.estimate?.verdict ?? '', /^(faster|slower|no significant difference|unstable)$/, cmp.label);
  });
});
