/**
 * Builds a tiny TypeScript program with the real tools (tsc, esbuild, webpack), runs the output
 * under `node --cpu-prof` and returns the folder and the recorded profile, for source-map tests.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import webpack from 'webpack';

export const ADAPTER_TS = `export interface Client {
  query(input: unknown): number;
}

export class Repo {
  constructor(private readonly client: Client) {}

  getUserActivity(userId: string): number {
    return this.client.query({ userId, limit: 40 });
  }
}

export function handleRequest(repo: Repo): number {
  return repo.getUserActivity('u-42') + 1;
}
`;

const MAIN_TS = `import { Repo, handleRequest } from './adapter';

function spinQuery(input: unknown): number {
  const end = Date.now() + 2;
  let n = 0;
  while (Date.now() < end) n += JSON.stringify(input).length;
  return n;
}

const repo = new Repo({ query: spinQuery });
const stop = Date.now() + 400;
let total = 0;
while (Date.now() < stop) total += handleRequest(repo);
if (total < 0) console.log(total);
`;

export type Tool = 'tsc' | 'tsc-inline' | 'esbuild' | 'esbuild-inline-minified' | 'webpack' | 'webpack-inline';

/** 1-based line of the first line of `source` containing `needle`. */
export function lineOf(source: string, needle: string): number {
  return source.split('\n').findIndex((l) => l.includes(needle)) + 1;
}

function webpackBuild(dir: string, devtool: string): Promise<void> {
  return new Promise((done, fail) => {
    webpack(
      {
        mode: 'production',
        context: dir,
        entry: './src/main.ts',
        target: 'node',
        devtool,
        output: { path: join(dir, 'dist'), filename: 'bundle.js' },
        resolve: { extensions: ['.ts', '.js'] },
        // A loader that strips types with esbuild keeps the test free of ts-loader.
        module: { rules: [{ test: /\.ts$/, loader: resolve('test/core/sourcemap/esbuildLoader.cjs') }] },
        optimization: { minimize: true },
      },
      (err, stats) => (err || stats?.hasErrors() ? fail(err ?? new Error(stats!.toString('errors-only'))) : done()),
    );
  });
}

/** Writes the program to a new folder, builds it with `tool`, records a CPU profile of one run. */
export async function buildAndProfile(tool: Tool): Promise<{ dir: string; profilePath: string; entry: string }> {
  const dir = mkdtempSync(join(tmpdir(), `dhp-sourcemap-${tool}-`));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/adapter.ts'), ADAPTER_TS);
  writeFileSync(join(dir, 'src/main.ts'), MAIN_TS);
  let entry = join(dir, 'dist/bundle.js');
  if (tool === 'tsc' || tool === 'tsc-inline') {
    const maps = tool === 'tsc' ? ['--sourceMap'] : ['--inlineSourceMap', '--inlineSources'];
    execFileSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '--outDir', join(dir, 'dist'), '--rootDir', join(dir, 'src'), '--module', 'commonjs', '--target', 'es2020', '--strict', ...maps, join(dir, 'src/main.ts')]);
    entry = join(dir, 'dist/main.js');
  } else if (tool.startsWith('esbuild')) {
    const inline = tool === 'esbuild-inline-minified';
    buildSync({ entryPoints: [join(dir, 'src/main.ts')], bundle: true, platform: 'node', outfile: entry, sourcemap: inline ? 'inline' : true, minify: inline, logLevel: 'silent' });
  } else {
    await webpackBuild(dir, tool === 'webpack' ? 'source-map' : 'inline-source-map');
  }
  execFileSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', join(dir, 'prof'), '--cpu-prof-interval', '200', entry]);
  const profilePath = join(dir, 'prof', readdirSync(join(dir, 'prof'))[0]!);
  return { dir, profilePath, entry };
}
