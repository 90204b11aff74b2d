/**
 * Usage errors from the CLI as shipped: the dispatcher (`dist/cli.js`) and each command
 * (`dist/cli-<name>.js`) are separate bundles with their own copy of `CliUsageError`, so the
 * dispatcher must recognise a command's usage error by its name, not by `instanceof` — else the
 * user gets a JavaScript stack trace instead of one line.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
// @ts-expect-error -- a plain ES module of the build scripts, without type declarations
import { cliCommandBundles } from '../../scripts/cliBundles.mjs';

describe('usage errors of the bundled CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-cli-bundles-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('print one line naming the command and the option, exit 2, no stack trace', async () => {
    await build({
      entryPoints: [{ in: 'src/cli/main.ts', out: 'cli' }, { in: 'src/cli/analyzeCommand.ts', out: 'cli-analyze' }],
      outdir: dir, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning', plugins: [cliCommandBundles],
    });
    const r = spawnSync(process.execPath, [join(dir, 'cli.js'), 'analyze', '--top', '2.5', 'profile.pb.gz'], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.equal(r.stderr, "dynamo-hotpath analyze: --top expects a whole number (0, 1, 2…), got '2.5'\n");
  });
});
