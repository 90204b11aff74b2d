/**
 * Server tier, item 8: lenses on a file edited after the profile was recorded. A real git
 * repository in a temporary folder holds the Go sample service committed before the profile;
 * adapter.go is then edited on disk (three lines added at the top, and the call at line 63
 * replaced) before the profile is loaded. Through git the recorded lines follow the diff; without
 * git a lens stays only on a line that calls what it names.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRequest, DidOpenTextDocumentNotification } from 'vscode-languageserver-protocol';
import { GetReportRequest, LoadProfileRequest } from '../../src/shared/protocol';
import { offLensSentence } from '../../src/core/analysis/attributionText';
import { buildServer, copyGoSources, LspSession, makeWorkDir, REPO } from './lspHarness';

const ADAPTER = 'internal/repository/ddbv1/adapter.go';
const COMMITTED = '2026-02-01T00:00:00Z';
const PROFILED = new Date('2026-02-02T00:00:00Z');
const STALE = '⚠ stale: ';

/** adapter.go with the UnmarshalListOfMaps call of GetUserActivity (line 63) replaced, and 3 lines added after `package` when `shift`. */
function edit(text: string, shift: boolean): string {
  const edited = (shift ? text.replace('\npackage ddbv1\n', '\npackage ddbv1\n\n// added 1\n// added 2\n') : text).replace('\tif err := dynamodbattribute.UnmarshalListOfMaps(out.Items, &acts); err != nil {', '\tif err := decodeActivities(out.Items, &acts); err != nil {');
  assert.notEqual(edited, text);
  return edited;
}

/** The lenses (line, title) of adapter.go and the load's `offLensPercent` (undefined when every call site has its lens). */
async function lensesAfterEdit(
  withGit: boolean,
  shift: boolean,
): Promise<{ lenses: [number, string][]; offLensPercent: number | undefined; tooltipNote: string | undefined; reportLines: [number, number | undefined, boolean][] }> {
  const workDir = makeWorkDir();
  const serverJs = await buildServer(workDir);
  const root = copyGoSources(workDir);
  if (withGit) {
    const env = { ...process.env, GIT_AUTHOR_DATE: COMMITTED, GIT_COMMITTER_DATE: COMMITTED, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
    for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'sample service']]) execFileSync('git', ['-C', root, ...args], { env });
  }
  const profile = join(workDir, 'before-v1.pb.gz');
  copyFileSync(join(REPO, 'fixtures/go-adserver/profiles/before-v1.pb.gz'), profile);
  utimesSync(profile, PROFILED, PROFILED);
  const adapterPath = join(root, ADAPTER);
  const edited = edit(readFileSync(adapterPath, 'utf8'), shift);
  writeFileSync(adapterPath, edited);
  const uri = pathToFileURL(adapterPath).toString();
  const lsp = await LspSession.start(serverJs, root, workDir);
  sessions.push(lsp);
  await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'go', version: 1, text: edited } });
  const summary = await lsp.connection.sendRequest(LoadProfileRequest, { path: profile, progressId: 'edited' });
  const lenses = (await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
  const report = await lsp.connection.sendRequest(GetReportRequest, {});
  return {
    reportLines: (report?.callSites ?? []).map((c) => [c.line, c.lineNow, c.lineGone === true]),
    lenses: lenses.filter((l) => l.command?.command !== 'dynamoHotpath.runBenchmark').map((l) => [l.range.start.line + 1, l.command?.title ?? '']),
    offLensPercent: summary.attribution?.offLensPercent,
    tooltipNote: summary.attribution ? offLensSentence(summary.attribution) : undefined,
  };
}

const sessions: LspSession[] = [];

describe('language server: lenses on code edited after the profile', () => {
  after(async () => {
    for (const s of sessions) await s.stop();
  });

  it('maps recorded lines through the diff from the commit at the profile time: +3 lines, the replaced call loses its lens', async () => {
    const { lenses, offLensPercent, tooltipNote, reportLines } = await lensesAfterEdit(true, true);
    assert.deepEqual(lenses, [
      [51, `${STALE}GetUserActivity: 56.5% CPU · 55.5% DynamoDB in 2 call sites`],
      [52, `${STALE}51.6% CPU · 50.7% DynamoDB unmarshal (aws-sdk-go v1 jsonutil, reflection)`],
      [52, 'migrate ›'],
      [73, `${STALE}GetTargetingModel: 28.8% CPU · 27.3% DynamoDB in 2 call sites`],
      [74, `${STALE}26.1% CPU · 24.6% DynamoDB unmarshal (aws-sdk-go v1 jsonutil, reflection)`],
      [74, 'migrate ›'],
      [86, `${STALE}2.7% CPU · 2.7% DynamoDB unmarshal (aws-sdk-go v1 dynamodbattribute, reflection)`],
      [86, 'migrate ›'],
      [93, `${STALE}RecordImpression: 2.9% CPU · 1.8% DynamoDB in 2 call sites`],
      [98, `${STALE}2.5% CPU · 1.3% DynamoDB marshal (aws-sdk-go v1 jsonutil, reflection)`],
      [98, 'migrate ›'],
    ]);
    // The replaced UnmarshalListOfMaps call (recorded line 63, 4.8 % DynamoDB) has no lens: its share is said apart.
    assert.equal(offLensPercent?.toFixed(1), '4.8');
    // The report's rows: recorded line, the line its lens is on now, and whether it lost its lens.
    assert.deepEqual(reportLines, [
      [49, 52, false],
      [71, 74, false],
      [63, undefined, true],
      [83, 86, false],
      [95, 98, false],
      [91, 94, false],
    ]);
    assert.equal(tooltipNote, "4.8% of the profile is credited to call sites on lines changed or removed since it was recorded: no lens shows it (the report's call-site table lists them at their recorded lines).");
  });

  it('without git, keeps a lens only where the recorded line still calls what it names', async () => {
    // Shifted by 3 lines, no recorded line calls what its lens names any more: no lens at all.
    const shifted = await lensesAfterEdit(false, true);
    assert.deepEqual(shifted.lenses, []);
    // Every call site lost its lens: the whole measured share (84.6 %) is off-lens.
    assert.equal(shifted.offLensPercent?.toFixed(1), '84.6');
    // Edited in place: every lens stays but the one on the replaced call (line 63).
    const inPlace = await lensesAfterEdit(false, false);
    assert.deepEqual(inPlace.lenses.map(([line]) => line), [48, 49, 49, 70, 71, 71, 83, 83, 90, 95, 95]);
    assert.ok(inPlace.lenses.every(([, title]) => title === 'migrate ›' || title.startsWith(STALE)));
    assert.equal(inPlace.offLensPercent?.toFixed(1), '4.8');
  });
});
