/**
 * `migrate --verify` from the BUILT command line (esbuild bundles with the TypeScript compiler
 * inside, as `npm run build` and the npm package make them): the compiler must find its lib files
 * beside the bundle (dist/typescript-lib), or `Promise` and `Record` become errors "before" the
 * migration and real new errors hide among them (trial F3: "47 errors before" on a clean project).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
// @ts-expect-error -- a plain ES module of the build scripts, without type declarations
import { cliCommandBundles } from '../../scripts/cliBundles.mjs';
// @ts-expect-error -- a plain ES module of the build scripts, without type declarations
import { copyTypescriptLib } from '../../scripts/typescriptLib.mjs';

const repo = resolve(__dirname, '..', '..');

async function builtCli(): Promise<string> {
  const outdir = mkdtempSync(join(tmpdir(), 'dhp-built-cli-'));
  await build({
    entryPoints: [{ in: join(repo, 'src/cli/main.ts'), out: 'cli' }, { in: join(repo, 'src/cli/migrateCommand.ts'), out: 'cli-migrate' }],
    bundle: true, outdir, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'silent',
    external: ['vscode', '@datadog/pprof'], plugins: [cliCommandBundles],
  });
  assert.ok((copyTypescriptLib(outdir) as number) > 90, 'typescript ships about 100 lib files');
  return outdir;
}

/** A TypeScript project that type-checks (tsc: 0 errors) and leans on the ES lib: Promise, Record, Number. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-verify-lib-'));
  // Every package of this repository but TypeScript: the project has none, the bundled compiler checks it.
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(repo, 'node_modules'))) {
    if (entry !== 'typescript' && !entry.startsWith('.')) symlinkSync(join(repo, 'node_modules', entry), join(dir, 'node_modules', entry), 'dir');
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'commonjs', target: 'ES2022', esModuleInterop: true, skipLibCheck: true, types: ['node'] } }));
  writeFileSync(join(dir, 'db.ts'), [
    `import AWS from 'aws-sdk';`,
    `const doc = new AWS.DynamoDB.DocumentClient({ region: 'eu-west-1' });`,
    `export async function get(id: string): Promise<Record<string, unknown> | undefined> {`,
    `  const r = await doc.get({ TableName: 't', Key: { id } }).promise();`,
    `  return r.Item;`,
    `}`,
    `export const count = (s: string): number => Number(s);`,
    ``,
  ].join('\n'));
  return dir;
}

const run = (cliDir: string, cwd: string) => spawnSync(process.execPath, [join(cliDir, 'cli.js'), 'migrate', '.', '--verify'], { cwd, encoding: 'utf8' });

describe('migrate --verify from the built bundle', () => {
  it('type-checks with the lib files shipped beside the bundle: 0 errors before, 0 new; without them it says so', async () => {
    const cliDir = await builtCli();
    const dir = project();
    const r = run(cliDir, dir);
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /^verify: tsc -p tsconfig\.json with TypeScript 5\.9\.3 \(bundled: the project has none installed\), skipLibCheck on, 1 file, before and after the migration: 0 errors before, 0 after, 0 new$/m);
    assert.doesNotMatch(r.stderr, /TS2304|v3-verify/);
    rmSync(join(cliDir, 'typescript-lib'), { recursive: true });
    const bare = run(cliDir, dir);
    assert.equal(bare.status, 2, bare.stderr);
    assert.match(bare.stderr, /TypeScript's lib files \(lib\.d\.ts\) are missing beside .*cli-migrate\.js/);
    assert.doesNotMatch(bare.stderr, /errors before/);
  });
});
