/**
 * Server tier, item 8 and issue 28: lenses on a file edited after the profile was recorded. A real
 * git repository in a temporary folder holds the Go sample service committed before the profile;
 * adapter.go is then edited on disk (three lines added at the top, and the call at line 63
 * replaced, or only its argument changed) before the profile is loaded. Through git the recorded
 * lines follow the diff; without git each is found by the call it makes, in its function, near
 * where it was. Either way a moved line keeps its lens unmarked, a line that calls something else
 * gets none, and a changed line that still makes the call is marked `⚠ changed:` with a hover
 * that says what it was.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRequest, DidOpenTextDocumentNotification, HoverRequest } from 'vscode-languageserver-protocol';
import { GetReportRequest, LoadProfileRequest } from '../../src/shared/protocol';
import { offLensSentence } from '../../src/core/analysis/attributionText';
import { buildServer, copyGoSources, LspSession, makeWorkDir, REPO } from './lspHarness';

const ADAPTER = 'internal/repository/ddbv1/adapter.go';
const COMMITTED = '2026-02-01T00:00:00Z';
const PROFILED = new Date('2026-02-02T00:00:00Z');
const CHANGED = '⚠ changed: ';
const HOT_CALL = '\tif err := dynamodbattribute.UnmarshalListOfMaps(out.Items, &acts); err != nil {';

/**
 * adapter.go with the UnmarshalListOfMaps call of GetUserActivity (line 63) replaced by another
 * call (`other`) or given another argument (`argument`), and 3 lines added after `package` when `shift`.
 */
function edit(text: string, shift: boolean, change: 'other' | 'argument' = 'other'): string {
  const replacement = change === 'other' ? '\tif err := decodeActivities(out.Items, &acts); err != nil {' : '\tif err := dynamodbattribute.UnmarshalListOfMaps(out.Items[:len(out.Items)], &acts); err != nil {';
  const edited = (shift ? text.replace('\npackage ddbv1\n', '\npackage ddbv1\n\n// added 1\n// added 2\n') : text).replace(HOT_CALL, replacement);
  assert.notEqual(edited, text);
  return edited;
}

/** The lenses (line, title) of adapter.go and the load's `offLensPercent` (undefined when every call site has its lens). */
async function lensesAfterEdit(
  withGit: boolean,
  shift: boolean,
  change: 'other' | 'argument' = 'other',
): Promise<{ lenses: [number, string][]; offLensPercent: number | undefined; tooltipNote: string | undefined; reportLines: [number, number | undefined, boolean][]; hover: (line: number) => Promise<string> }> {
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
  const edited = edit(readFileSync(adapterPath, 'utf8'), shift, change);
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
    hover: async (line) => {
      const hover = await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: line - 1, character: 1 } });
      return (hover?.contents as { value: string } | undefined)?.value ?? '';
    },
  };
}

const sessions: LspSession[] = [];

describe('language server: lenses on code edited after the profile', () => {
  after(async () => {
    for (const s of sessions) await s.stop();
  });

  const MOVED: [number, string][] = [
    [51, 'GetUserActivity: 56.5% CPU · 55.5% DynamoDB in 2 call sites'],
    [52, '51.6% CPU · 50.7% DynamoDB unmarshal (aws-sdk-go v1 jsonutil, reflection)'],
    [52, 'migrate ›'],
    [73, 'GetTargetingModel: 28.8% CPU · 27.3% DynamoDB in 2 call sites'],
    [74, '26.1% CPU · 24.6% DynamoDB unmarshal (aws-sdk-go v1 jsonutil, reflection)'],
    [74, 'migrate ›'],
    [86, '2.7% CPU · 2.7% DynamoDB unmarshal (aws-sdk-go v1 dynamodbattribute, reflection)'],
    [86, 'migrate ›'],
    [93, 'RecordImpression: 2.9% CPU · 1.8% DynamoDB in 2 call sites'],
    [98, '2.5% CPU · 1.3% DynamoDB marshal (aws-sdk-go v1 jsonutil, reflection)'],
    [98, 'migrate ›'],
  ];

  it('maps recorded lines through the diff from the commit at the profile time: +3 lines, unmarked; the replaced call loses its lens', async () => {
    const { lenses, offLensPercent, tooltipNote, reportLines, hover } = await lensesAfterEdit(true, true);
    assert.deepEqual(lenses, MOVED);
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
    assert.match(await hover(52), /\*Placed by content:\* the profile recorded it at line 49; lines above it moved since\./);
  });

  it('marks a line that still makes the call but changed, and says in the hover what it was', async () => {
    const { lenses, offLensPercent, hover } = await lensesAfterEdit(true, true, 'argument');
    const changed = lenses.filter(([, title]) => title.startsWith(CHANGED));
    assert.deepEqual(changed, [[66, `${CHANGED}4.8% CPU · 4.8% DynamoDB unmarshal (aws-sdk-go v1 dynamodbattribute, reflection)`]]);
    assert.equal(lenses.length, MOVED.length + 2);
    assert.equal(offLensPercent, undefined);
    const text = await hover(66);
    assert.match(text, /\*\*⚠ Changed since the profile:\*\* the profile measured `if err := dynamodbattribute\.UnmarshalListOfMaps\(out\.Items, &acts\); err != nil \{` \(commit [0-9a-f]{12}, the version at the profile's time\); this line now reads `if err := dynamodbattribute\.UnmarshalListOfMaps\(out\.Items\[:len\(out\.Items\)\], &acts\); err != nil \{`/);
  });

  it('without git, finds each recorded line by its call near where it was: moved lines keep their lens, the replaced call gets none', async () => {
    const shifted = await lensesAfterEdit(false, true);
    assert.deepEqual(shifted.lenses, MOVED);
    assert.equal(shifted.offLensPercent?.toFixed(1), '4.8');
    // Edited in place: every lens stays, unmarked (nothing says the code differs), but the one on the replaced call (line 63).
    const inPlace = await lensesAfterEdit(false, false);
    assert.deepEqual(inPlace.lenses, MOVED.map(([line, title]) => [line - 3, title]));
    assert.equal(inPlace.offLensPercent?.toFixed(1), '4.8');
  });
});
