// One esbuild script for every bundle: CLI, extension client, language server and its profile worker, benchmark worker
// and webview scripts. Entries whose source does not exist yet are skipped, so the CLI builds alone.
// `--watch` rebuilds on change; `--production` minifies.
import { build, context } from 'esbuild';
import { existsSync } from 'node:fs';
import { cliCommandBundles, cliCommandEntries } from './cliBundles.mjs';
import { copyTypescriptLib } from './typescriptLib.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Node bundles (CommonJS, Node 20); `vscode` is provided by the editor. */
const nodeEntries = [
  { in: 'src/cli/main.ts', out: 'cli' },
  { in: 'src/client/extension.ts', out: 'client' },
  { in: 'src/server/server.ts', out: 'server' },
  { in: 'src/server/profileWorker.ts', out: 'profileWorker' },
  { in: 'src/server/migrate/migrationWorker.ts', out: 'migrationWorker' },
  { in: 'src/core/bench/worker.ts', out: 'benchWorker' },
  { in: 'src/record/preload.ts', out: 'record' },
];
nodeEntries.push(...cliCommandEntries());

/** Browser bundles for webviews, written to media/dist. */
const webEntries = [
  { in: 'src/webview/report/main.ts', out: 'report' },
  { in: 'src/webview/benchmark/main.ts', out: 'benchmark' },
];

const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning' };
const configs = [
  {
    ...common,
    entryPoints: nodeEntries.filter((e) => existsSync(e.in)),
    outdir: 'dist',
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // @datadog/pprof ships native binaries: `record` loads it from the recorded program's node_modules.
    external: ['vscode', '@datadog/pprof'],
    plugins: [cliCommandBundles],
  },
  {
    ...common,
    entryPoints: webEntries.filter((e) => existsSync(e.in)),
    outdir: 'media/dist',
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
  },
].filter((c) => c.entryPoints.length > 0);

copyTypescriptLib('dist');
if (watch) {
  for (const c of configs) await (await context(c)).watch();
} else {
  await Promise.all(configs.map((c) => build(c)));
}
