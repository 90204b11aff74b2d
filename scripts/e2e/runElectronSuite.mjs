#!/usr/bin/env node
// `npm run test:electron`: the @vscode/test-electron suite (test/e2e/suite) of the editor
// scenarios, run by test-electron's own runTests().
//   - Where VS Code can be downloaded, set HOTPATH_VSCODE=download: runTests downloads it.
//   - Otherwise (the default, and the only way on machines without update.code.visualstudio.com),
//     runTests gets `vscodeExecutablePath` = scripts/e2e/vscodeTestShim, which runs the same
//     suite in code-server's real extension host (installed by installCodeServer.sh).
// It never passes silently: when neither way can run, it says so and exits 1.
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { runTests } from '@vscode/test-electron';
import { ensureCodeServer } from './codeServer.mjs';
import { REPO, log, makeSandbox, removeSandbox } from './sandbox.mjs';
import { copyGoFixture } from './workspaces.mjs';

const mode = process.env.HOTPATH_VSCODE === 'download' ? 'download' : 'code-server';

let sandbox;

function cannotRun(reason) {
  if (sandbox) removeSandbox(sandbox);
  console.error(`\ntest:electron CANNOT RUN: ${reason}\nNo test was run; this is not a pass.\n`);
  process.exit(1);
}

async function bundleSuite() {
  const outDir = join(REPO, 'out/e2e/suite');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const common = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', external: ['vscode', 'mocha'], logLevel: 'warning', sourcemap: 'inline' };
  await build({ ...common, entryPoints: [join(REPO, 'test/e2e/suite/index.ts')], outfile: join(outDir, 'index.js') });
  await build({ ...common, entryPoints: [join(REPO, 'test/e2e/suite/extension.test.ts')], outfile: join(outDir, 'extension.test.js') });
  await build({ ...common, entryPoints: [join(REPO, 'test/e2e/suite/editorFixes.test.ts')], outfile: join(outDir, 'editorFixes.test.js') });
  await build({ ...common, entryPoints: [join(REPO, 'test/e2e/suite/agentTools.test.ts')], outfile: join(outDir, 'agentTools.test.js') });
  return join(outDir, 'index.js');
}

async function main() {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  const extensionTestsPath = await bundleSuite();
  const sb = (sandbox = makeSandbox('el-'));
  const { folder } = copyGoFixture(sb);
  let vscodeExecutablePath;
  if (mode === 'code-server') {
    try {
      ensureCodeServer();
    } catch (e) {
      cannotRun(`VS Code cannot be downloaded here and code-server could not be installed (${e.message}). Run scripts/e2e/installCodeServer.sh, or set HOTPATH_VSCODE=download where update.code.visualstudio.com is reachable.`);
    }
    vscodeExecutablePath = join(REPO, 'scripts/e2e/vscodeTestShim');
    log('running the suite through @vscode/test-electron with the code-server shim');
  } else {
    log('running the suite through @vscode/test-electron with a downloaded VS Code');
  }
  let code = 1;
  try {
    code = await runTests({
      ...(vscodeExecutablePath ? { vscodeExecutablePath } : {}),
      extensionDevelopmentPath: REPO,
      extensionTestsPath,
      // Keep VS Code's state in the sandbox rather than test-electron's default ./.vscode-test.
      // The shim's own limit for the whole suite: its Go steps (a benchmark, a typed migration that builds and vets the sample) build the SDKs.
      launchArgs: [folder, '--disable-workspace-trust', `--user-data-dir=${join(sb.root, 'ud')}`, `--extensions-dir=${join(sb.root, 'ext')}`, ...(vscodeExecutablePath ? ['--timeout=1500'] : [])],
    });
  } catch (e) {
    const message = String(e?.message ?? e);
    if (mode === 'download' && /download|ENOTFOUND|getaddrinfo|ECONNREFUSED|fetch/i.test(message)) {
      cannotRun(`VS Code could not be downloaded (${message}). Unset HOTPATH_VSCODE to use the code-server shim.`);
    }
    console.error(`test:electron failed: ${message}`);
    code = 1;
  } finally {
    removeSandbox(sb);
  }
  log(`test:electron ${code === 0 ? 'passed' : 'FAILED'} in ${Date.now() - t0} ms`);
  process.exit(code);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
