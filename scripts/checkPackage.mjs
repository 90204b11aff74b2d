// `npm run check:package`: the npm package as a user gets it. Packs the repository (`npm pack`,
// which builds the production bundles), installs the tarball globally into a fresh prefix outside
// the clone with the registry switched off, and runs every command from a folder outside the
// clone: --version, analyze (expects the demo's 84.63 %), a usage error (one line), compare,
// migrate, a short bench, record (3 calls from 1 call site, with aws-sdk v2 and dynalite) and the
// MCP server (the SDK's client lists its tools and calls analyze_profile).
// Exit 0 when all of it works; 1 with the failing step otherwise.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const REPO = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'dhp-package-'));
const version = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version;

function run(step, command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  if (r.status !== (options.expectStatus ?? 0)) {
    process.stderr.write(`check:package: ${step} failed (exit ${r.status}, expected ${options.expectStatus ?? 0})\n${r.stdout}\n${r.stderr}\n`);
    process.exit(1);
  }
  console.log(`ok  ${step}`);
  return r;
}

function expect(step, condition, detail) {
  if (!condition) {
    process.stderr.write(`check:package: ${step}: ${detail}\n`);
    process.exit(1);
  }
}

try {
  const packed = run('npm pack', 'npm', ['pack', '--json', '--pack-destination', work], { cwd: REPO });
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')));
  console.log(`    ${info.filename}: ${(info.size / 1e6).toFixed(1)} MB packed, ${(info.unpackedSize / 1e6).toFixed(1)} MB unpacked, ${info.files.length} files`);

  const prefix = join(work, 'prefix');
  // --offline: the package must need nothing from the registry (every bundle is self-contained).
  run('npm install -g <tarball> (offline, fresh prefix)', 'npm', ['install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, join(work, info.filename)], { cwd: work });
  const bin = join(prefix, 'bin', 'dynamo-hotpath');
  const outside = join(work, 'user');
  cpSync(join(REPO, 'fixtures', 'go-adserver'), join(outside, 'go-adserver'), { recursive: true });
  const cli = (step, args, options) => run(step, bin, args, { cwd: outside, ...options });

  expect('--version', cli('dynamo-hotpath --version', ['--version']).stdout.trim() === version, `expected ${version}`);
  const analysis = JSON.parse(cli('analyze --json', ['analyze', 'go-adserver/profiles/before-v1.pb.gz', '--root', 'go-adserver/src', '--json']).stdout);
  expect('analyze', analysis.dynamo.percent === 84.63, `DynamoDB share ${analysis.dynamo.percent}, expected 84.63`);
  const comparison = cli('compare', ['compare', 'go-adserver/profiles/before-v1.pb.gz', 'go-adserver/profiles/after-v2.pb.gz', '--run-records', '--root', 'go-adserver/src']);
  expect('compare', /CPU per request/.test(comparison.stdout), 'no CPU-per-request row');
  writeFileSync(join(outside, 'legacy.js'), "const AWS = require('aws-sdk');\nexports.read = (av) => AWS.DynamoDB.Converter.unmarshall(av);\n");
  const diff = cli('migrate (diff, exit 1)', ['migrate', 'legacy.js'], { expectStatus: 1 });
  expect('migrate', diff.stdout.includes('@aws-sdk/util-dynamodb'), 'the diff does not move to @aws-sdk/util-dynamodb');
  const bench = JSON.parse(cli('bench (worker from the package)', ['bench', '--generate', 'flat:3', '--suite', 'conversion', '--budget-ms', '100', '--json']).stdout);
  expect('bench', bench.suites?.[0]?.cases?.length > 0, 'no benchmark cases in the report');
  const usage = cli('a usage error (exit 2)', ['analyze', '--top', '2.5', 'go-adserver/profiles/before-v1.pb.gz'], { expectStatus: 2 });
  expect('usage error', !/\n\s+at /.test(usage.stderr), `a stack trace was printed:\n${usage.stderr}`);
  // record: the recorder bundle ships; the recorded program finds aws-sdk and dynalite in the clone.
  writeFileSync(join(outside, 'recorded.js'), [
    "const AWS = require('aws-sdk');",
    "const server = require('dynalite')();",
    "server.listen(0, '127.0.0.1', async () => {",
    "  const doc = new AWS.DynamoDB.DocumentClient({ endpoint: `http://127.0.0.1:${server.address().port}`, region: 'us-east-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, maxRetries: 0 });",
    "  for (let i = 0; i < 3; i++) await doc.get({ TableName: 'missing', Key: { id: 'a' } }).promise().catch(() => undefined);",
    '  server.close();',
    '});',
    '',
  ].join('\n'));
  const recorded = cli('record --format cpuprofile', ['record', '--format', 'cpuprofile', '--out', 'recorded.cpuprofile', '--', process.execPath, 'recorded.js'], {
    env: { ...process.env, NODE_PATH: join(REPO, 'node_modules'), AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
  });
  expect('record', /: 3 DynamoDB calls from 1 call site\)/.test(recorded.stderr) && /GetItem on DocumentClient\s.*recorded\.js:5:/.test(recorded.stderr), `unexpected record output:\n${recorded.stderr}`);
  // mcp: the bundled server over stdio, driven by the SDK's own client from the clone.
  const client = new Client({ name: 'check-package', version: '1' });
  await client.connect(new StdioClientTransport({ command: bin, args: ['mcp'], cwd: outside, stderr: 'inherit' }));
  try {
    const { tools } = await client.listTools();
    expect('mcp tools/list', tools.map((t) => t.name).join() === 'analyze_profile,compare_profiles,preview_migration,check_code,run_benchmark', `tools: ${tools.map((t) => t.name).join(', ')}`);
    const answer = await client.callTool({ name: 'analyze_profile', arguments: { profile: 'go-adserver/profiles/before-v1.pb.gz', root: 'go-adserver/src', top: 1, previewFixes: false } });
    expect('mcp analyze_profile', answer.structuredContent?.dynamo?.percent === 84.63, `result: ${JSON.stringify(answer.content).slice(0, 500)}`);
    console.log('ok  mcp (tools/list, analyze_profile 84.63 %)');
  } finally {
    await client.close();
  }
  // labels go: the Go call labels ship with the package (written into a Go module: it refuses any other folder).
  writeFileSync(join(outside, 'go.mod'), 'module example.com/user\n\ngo 1.21\n');
  cli('labels go', ['labels', 'go', '--sdk', 'v2', '--out', 'ddbcalls']);
  expect('labels go', readFileSync(join(outside, 'ddbcalls', 'v2.go'), 'utf8').startsWith('package ddbcalls'), 'ddbcalls/v2.go was not written in package ddbcalls');
  console.log(`check:package: the packed CLI installs and runs outside the clone (${work})`);
} finally {
  if (!process.env.KEEP_PACKAGE_CHECK) rmSync(work, { recursive: true, force: true });
}
