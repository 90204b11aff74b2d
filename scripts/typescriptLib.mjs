// TypeScript's lib.*.d.ts files for the bundles that carry the compiler (cli-migrate, server):
// esbuild inlines typescript.js but not its lib folder, and without it `migrate --verify` and the
// editor's whole-project migration would know neither Promise nor Record. Shared by
// scripts/build.mjs and the test that runs the built CLI.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Copies every `lib*.d.ts` of the installed typescript into `<outdir>/typescript-lib/`; returns how many. */
export function copyTypescriptLib(outdir) {
  const from = dirname(createRequire(import.meta.url).resolve('typescript'));
  const to = join(outdir, 'typescript-lib');
  mkdirSync(to, { recursive: true });
  const libs = readdirSync(from).filter((f) => /^lib(\.[\w.-]+)?\.d\.ts$/.test(f));
  for (const f of libs) copyFileSync(join(from, f), join(to, f));
  return libs.length;
}
