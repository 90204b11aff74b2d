// The CLI's bundle split, shared by scripts/build.mjs and the start-up test: each command
// (`src/cli/<name>Command.ts`) is its own bundle `dist/cli-<name>.js`, loaded by `dist/cli.js`
// only when that command runs, so `analyze` never loads the TypeScript compiler or the AWS SDKs
// that `migrate` and `bench` need.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** `[{ in: 'src/cli/analyzeCommand.ts', out: 'cli-analyze' }, …]` for every command module under `cliDir`. */
export function cliCommandEntries(cliDir = 'src/cli') {
  return readdirSync(cliDir)
    .map((f) => /^(\w+)Command\.ts$/.exec(f)?.[1])
    .filter(Boolean)
    .sort()
    .map((name) => ({ in: join(cliDir, `${name}Command.ts`), out: `cli-${name}` }));
}

/** esbuild plugin: the dispatcher's `require('./<name>Command')` becomes `require('./cli-<name>.js')`. */
export const cliCommandBundles = {
  name: 'cli-command-bundles',
  setup(build) {
    build.onResolve({ filter: /^\.\/\w+Command$/ }, (args) =>
      /src[\\/]cli[\\/]main\.ts$/.test(args.importer) ? { path: `./cli-${args.path.slice(2, -'Command'.length)}.js`, external: true } : undefined,
    );
  },
};
