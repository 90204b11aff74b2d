/**
 * Start-up cost of the CLI: `analyze` and `compare` must not load the TypeScript compiler or the
 * AWS SDKs (issue 13: they cost 0.16 s of CPU and 65 MB before any work). Checked on the real
 * bundle split of scripts/cliBundles.mjs, through esbuild's metafile (what each bundle contains).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
// @ts-expect-error -- a plain ES module of the build scripts, without type declarations
import { cliCommandBundles, cliCommandEntries } from '../../scripts/cliBundles.mjs';

type Entry = { in: string; out: string };

async function bundleInputs(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'cjs',
    outdir: 'dist',
    logLevel: 'silent',
    plugins: [cliCommandBundles],
  });
  return Object.keys(result.metafile.inputs);
}

const HEAVY = /node_modules\/(typescript|aws-sdk|@aws-sdk|@smithy|dynalite|tinybench)\//;

describe('CLI start-up cost: one bundle per command', () => {
  it('has a bundle for every command module, the dispatcher holds none of them', async () => {
    const entries = (cliCommandEntries() as Entry[]).map((e) => e.out);
    for (const name of ['cli-analyze', 'cli-bench', 'cli-compare', 'cli-migrate']) assert.ok(entries.includes(name), name);
    // terminalText/displayText: the dispatcher escapes every string any command writes to stdout/stderr (issue 25).
    assert.deepEqual((await bundleInputs('src/cli/main.ts')).sort(), ['package.json', 'src/cli/main.ts', 'src/cli/outputErrors.ts', 'src/cli/terminalText.ts', 'src/cli/usage.ts', 'src/cli/v8Tuning.ts', 'src/core/exec/workspaceTrust.ts', 'src/core/redact.ts', 'src/core/text/displayText.ts']);
  });

  for (const command of ['analyze', 'compare']) {
    it(`${command} loads neither the TypeScript compiler nor an AWS SDK`, async () => {
      const inputs = await bundleInputs(`src/cli/${command}Command.ts`);
      assert.ok(inputs.some((i) => i.startsWith('src/core/profile/')), 'the bundle reads profiles');
      assert.deepEqual(inputs.filter((i) => HEAVY.test(i)), []);
    });
  }

  it('bench does carry the AWS SDK (so the check above can fail)', async () => {
    assert.ok((await bundleInputs('src/cli/benchCommand.ts')).some((i) => HEAVY.test(i) && i.includes('/@aws-sdk/')));
  });
});
