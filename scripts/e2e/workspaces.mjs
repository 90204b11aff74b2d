// The fixture workspaces the editor-tier scripts open, copied into a sandbox. Their files are
// dated before any profile (a fresh git checkout gives them arbitrary mtimes), except in
// cloneGoFixture, which is a fresh clone on purpose: every file newer than the profile.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './sandbox.mjs';

const PAST = new Date('2026-01-01T00:00:00Z');

/** Sets the mtime of every file below `dir`, except `keep`, to 2026-01-01. */
function dateInThePast(dir, keep) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) dateInThePast(p, keep);
    else if (p !== keep) utimesSync(p, PAST, PAST);
  }
}

/** Copies the Go fixture service into the sandbox workspace with before-v1.pb.gz in its profiles/. */
export function copyGoFixture(sb) {
  const ws = join(sb.workspace, 'adserver');
  cpSync(join(REPO, 'fixtures/go-adserver/src'), ws, { recursive: true });
  mkdirSync(join(ws, 'profiles'), { recursive: true });
  const profile = join(ws, 'profiles/before-v1.pb.gz');
  cpSync(join(REPO, 'fixtures/go-adserver/profiles/before-v1.pb.gz'), profile);
  dateInThePast(ws, profile);
  return { folder: ws, profile };
}

/**
 * The Go fixture service as a user gets it from a fresh `git clone`: committed on 2026-01-01, cloned
 * now (every source newer than the profile), with before-v1.pb.gz in profiles/ dated 2026-01-02
 * (a profile from CI or production, downloaded before the clone). The clone is the workspace.
 */
export function cloneGoFixture(sb) {
  const origin = join(sb.tmp, 'adserver-origin');
  cpSync(join(REPO, 'fixtures/go-adserver/src'), origin, { recursive: true });
  const date = '2026-01-01T00:00:00Z';
  const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_CONFIG_NOSYSTEM: '1' };
  for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'adserver']]) execFileSync('git', ['-C', origin, ...args], { env });
  const ws = join(sb.workspace, 'adserver');
  const profile = join(ws, 'profiles/before-v1.pb.gz');
  execFileSync('git', ['clone', '-q', origin, ws], { env });
  mkdirSync(join(ws, 'profiles'), { recursive: true });
  cpSync(join(REPO, 'fixtures/go-adserver/profiles/before-v1.pb.gz'), profile);
  const downloaded = new Date('2026-01-02T00:00:00Z');
  utimesSync(profile, downloaded, downloaded);
  return { folder: ws, profile };
}

/** Copies the Node sample service (without node_modules) with its plain profile as profiles/plain-v2.cpuprofile. */
export function copyNodeFixture(sb) {
  const ws = join(sb.workspace, 'node-adserver');
  cpSync(join(REPO, 'fixtures/node-adserver/src'), ws, { recursive: true, filter: (p) => !p.includes('node_modules') });
  dateInThePast(ws);
  mkdirSync(join(ws, 'profiles'), { recursive: true });
  cpSync(join(REPO, 'fixtures/node-adserver/profiles/before-v2.cpuprofile'), join(ws, 'profiles/plain-v2.cpuprofile'));
  return ws;
}

/**
 * Copies test/fixtures/record-wrapper (a one-line aws-sdk v2 helper called from two handlers) into
 * `ws/record-wrapper`, with its recorded profile as `ws/profiles/wrapper-v2.pb.gz`; returns that path.
 */
export function copyRecordWrapperFixture(ws) {
  const dir = join(ws, 'record-wrapper');
  cpSync(join(REPO, 'test/fixtures/record-wrapper'), dir, { recursive: true, filter: (p) => !p.includes('profiles') });
  dateInThePast(dir);
  const profile = join(ws, 'profiles/wrapper-v2.pb.gz');
  mkdirSync(join(ws, 'profiles'), { recursive: true });
  cpSync(join(REPO, 'test/fixtures/record-wrapper/profiles/wrapper-v2.pb.gz'), profile);
  return profile;
}
