// A project written to a temp folder whose node_modules links every package of this repository
// (so the real aws-sdk v2 and v3 type definitions resolve), plus packages given as files.
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const repoModules = resolve(__dirname, '..', '..', '..', '..', 'node_modules');

/** Writes `files` (relative name → text) into a new temp folder and returns its path (`/` separators). */
export function diskProject(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'migrate-project-')).replace(/\\/g, '/');
  const own = Object.keys(files).filter((f) => f.startsWith('node_modules/'));
  const ownScopes = new Set(own.map((f) => f.split('/')[1]!));
  mkdirSync(join(root, 'node_modules'));
  for (const entry of readdirSync(repoModules)) {
    if (entry.startsWith('.')) continue;
    if (!ownScopes.has(entry)) {
      symlinkSync(join(repoModules, entry), join(root, 'node_modules', entry), 'dir');
      continue;
    }
    mkdirSync(join(root, 'node_modules', entry));
    for (const inner of readdirSync(join(repoModules, entry))) symlinkSync(join(repoModules, entry, inner), join(root, 'node_modules', entry, inner), 'dir');
  }
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}
