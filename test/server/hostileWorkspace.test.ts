/**
 * Server tier, issue 25 hole 1: the language server re-anchors lenses of an edited file through
 * git, in a folder whose `.git/config` tries every way of making git start a program
 * (test/helpers/hostileRepo.ts). Trusted, git places the lenses on the moved lines and nothing of
 * the repository runs; untrusted (the client says so at start), git is never started — not even a
 * `git` found first on PATH — and the lenses are placed by the calls their lines make (issue 28):
 * on the same moved lines.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidOpenTextDocumentNotification } from 'vscode-languageserver-protocol';
import { GetReportRequest, LoadProfileRequest } from '../../src/shared/protocol';
import { buildServer, copyGoSources, LspSession, makeWorkDir, REPO } from './lspHarness';
import { makeHostileRepo } from '../helpers/hostileRepo';

const ADAPTER = 'internal/repository/ddbv1/adapter.go';
const PROFILED = new Date('2026-12-01T00:00:00Z');

const sessions: LspSession[] = [];
after(async () => {
  for (const s of sessions) await s.stop();
});

/** Loads the Go sample's profile in a hostile repository after 3 lines were added above adapter.go's code; the report's (recorded line, line now) pairs and what ran. */
async function loadInHostileRepo(trusted: boolean): Promise<{ lines: [number, number | undefined][]; ran: string[]; gitStarted: boolean }> {
  const workDir = makeWorkDir();
  const serverJs = await buildServer(workDir);
  const root = copyGoSources(workDir);
  const scratch = join(workDir, 'scratch');
  mkdirSync(scratch);
  const repo = makeHostileRepo(root, scratch);
  const profile = join(workDir, 'before-v1.pb.gz');
  copyFileSync(join(REPO, 'fixtures/go-adserver/profiles/before-v1.pb.gz'), profile);
  utimesSync(profile, PROFILED, PROFILED);
  const adapterPath = join(root, ADAPTER);
  const edited = readFileSync(adapterPath, 'utf8').replace('\npackage ddbv1\n', '\npackage ddbv1\n\n// added 1\n// added 2\n');
  writeFileSync(adapterPath, edited);
  // A `git` first on PATH that records being started: the real one answers only behind it.
  const bin = join(workDir, 'bin');
  mkdirSync(bin);
  const started = join(bin, 'started.txt');
  writeFileSync(join(bin, 'git'), `#!/bin/sh\necho started >> '${started}'\nexec /usr/bin/env PATH='${process.env.PATH}' git "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  const path = process.env.PATH;
  process.env.PATH = `${bin}${delimiter}${path}`;
  let lsp: LspSession;
  try {
    lsp = await LspSession.start(serverJs, root, workDir, { trusted });
  } finally {
    process.env.PATH = path;
  }
  sessions.push(lsp);
  const uri = pathToFileURL(adapterPath).toString();
  await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'go', version: 1, text: edited } });
  await lsp.connection.sendRequest(LoadProfileRequest, { path: profile, progressId: 'hostile' });
  const report = await lsp.connection.sendRequest(GetReportRequest, {});
  return { lines: (report?.callSites ?? []).filter((c) => c.relativePath.endsWith('adapter.go')).map((c) => [c.line, c.lineNow]), ran: repo.ran(), gitStarted: existsSync(started) };
}

/** Each call site's recorded line and the line its lens is on after the +3-line edit. */
const MOVED = [
  [49, 52],
  [71, 74],
  [63, 66],
  [83, 86],
  [95, 98],
  [91, 94],
];

describe('language server in a folder with a hostile .git/config', () => {
  it('trusted: follows the edit through git (+3 lines) and runs nothing of the repository', async () => {
    const { lines, ran, gitStarted } = await loadInHostileRepo(true);
    assert.equal(gitStarted, true);
    assert.deepEqual(lines, MOVED);
    assert.deepEqual(ran, []);
  });

  it('untrusted: never starts git; the recorded lines are found by their calls on the moved code', async () => {
    const { lines, ran, gitStarted } = await loadInHostileRepo(false);
    assert.equal(gitStarted, false);
    assert.deepEqual(lines, MOVED);
    assert.deepEqual(ran, []);
  });
});
