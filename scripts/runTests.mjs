// Runs every *.test.ts under test/ (except the editor tier, which needs a real VS Code, and the
// slow tier below, which CI runs with `--tier all`) with Node's own test runner; TypeScript is
// loaded through tsx. Each file runs in its own process, several at once (`--concurrency N`,
// default: the machine's cores + 1, since many files wait on child processes and sockets); the
// slowest files of the last run start first. A line is printed as each file ends and a progress
// line at least every 20 s; a failing file's whole output is printed when it ends.
//
//   node scripts/runTests.mjs [--tier fast|slow|all] [--concurrency N] [path-substring …]
import { availableParallelism, tmpdir, userInfo } from 'node:os';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { SLOW_TEST_FILES } from './slowTests.mjs';

const skipDirs = new Set(['fixtures', 'e2e', 'electron', 'node_modules']);
function findTests(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!skipDirs.has(name)) findTests(path, out);
    } else if (name.endsWith('.test.ts')) {
      out.push(path);
    }
  }
  return out;
}

function parseArgs(argv) {
  const options = { tier: 'fast', concurrency: availableParallelism() + 1, filters: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--tier') options.tier = value();
    else if (flag === '--concurrency') options.concurrency = Number(value());
    else options.filters.push(arg);
  }
  if (!['fast', 'slow', 'all'].includes(options.tier)) fail(`--tier must be fast, slow or all (got ${options.tier})`);
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) fail(`--concurrency must be a whole number ≥ 1 (got ${options.concurrency})`);
  return options;
}

function fail(message) {
  console.error(`runTests: ${message}`);
  process.exit(2);
}

const options = parseArgs(process.argv.slice(2));
const slow = new Set(SLOW_TEST_FILES);
let files = findTests('test').sort();
// A path filter picks files from every tier: asking for a file by name runs it.
if (options.filters.length) files = files.filter((f) => options.filters.some((p) => f.includes(p)));
else if (options.tier !== 'all') files = files.filter((f) => slow.has(f) === (options.tier === 'slow'));
if (files.length === 0) fail('no test files found');

// Durations of the last run, to start the longest files first (the run ends when its longest file does).
const TIMES_FILE = '.cache/test-times.json';
const lastTimes = (() => {
  try {
    return JSON.parse(readFileSync(TIMES_FILE, 'utf8'));
  } catch {
    return {};
  }
})();
files.sort((a, b) => (lastTimes[b] ?? (slow.has(b) ? 60_000 : 0)) - (lastTimes[a] ?? (slow.has(a) ? 60_000 : 0)));

// The AWS SDKs print an end-of-support notice (v2) and a Node-version notice (v3) in every process
// that loads them; the tests load both on purpose, so the notices would only bury real output.
const env = {
  ...process.env,
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};
// A file still running after this long is stopped and reported as failed (a hang, not a slow test).
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS) || 10 * 60_000;
const PROGRESS_EVERY_MS = Number(process.env.TEST_PROGRESS_MS) || 20_000;

const started = Date.now();
const seconds = (ms) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);
const running = new Map();
const results = [];
let lastPrint = Date.now();
// CPU of the finished child processes and everything they waited for (Linux: /proc/self/stat's
// cutime + cstime, in clock ticks of 10 ms); undefined elsewhere.
function childCpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}
let cpuSeen = childCpuMs();
function print(line) {
  console.log(line);
  lastPrint = Date.now();
}

/** Counts from the spec reporter's closing lines (`ℹ tests 12`). */
function counts(output) {
  const count = (name) => Number(new RegExp(`^ℹ ${name} (\\d+)`, 'm').exec(output)?.[1] ?? 0);
  return { tests: count('tests'), fail: count('fail'), cancelled: count('cancelled') };
}

/** Removes a test file's TMPDIR; Go's module cache makes its folders read-only, so they are made writable first when needed. */
function removeTree(dir) {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    const writable = (d) => {
      try {
        chmodSync(d, 0o755);
        for (const e of readdirSync(d, { withFileTypes: true })) if (e.isDirectory()) writable(join(d, e.name));
      } catch {}
    };
    writable(dir);
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch (e) {
      print(`runTests: could not remove ${dir}: ${e.message}`);
    }
  }
}

function runFile(file) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    // Each file gets its own TMPDIR, removed when it ends: tests make temporary projects and
    // profiles, and not every one removes its own (a developer's /tmp filled with thousands).
    const tmp = mkdtempSync(join(tmpdir(), 'dhp-test-'));
    // tsx keeps its compile cache in $TMPDIR/tsx-<uid>: shared, or every file compiles the sources anew
    // (a minute more CPU, and heapTuning saw tsx grow the new space before its measurement).
    const tsxCache = `tsx-${process.geteuid?.() ?? userInfo().username}`;
    mkdirSync(join(tmpdir(), tsxCache), { recursive: true });
    symlinkSync(join(tmpdir(), tsxCache), join(tmp, tsxCache));
    const child = spawn(process.execPath, ['--import', 'tsx', '--test-reporter=spec', file], { env: { ...env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.set(file, t0);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\nrunTests: stopped after ${seconds(FILE_TIMEOUT_MS)}\n`;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, FILE_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      removeTree(tmp);
      running.delete(file);
      const ms = Date.now() - t0;
      const c = counts(output);
      // The CPU reaped since the last file ended: this file's, unless two ended at the same moment.
      const cpu = childCpuMs();
      const cpuMs = cpu === undefined ? undefined : cpu - cpuSeen;
      cpuSeen = cpu;
      const ok = code === 0 && c.fail === 0 && c.cancelled === 0;
      const result = { file, ms, ok, tests: c.tests, output, code: code ?? signal };
      results.push(result);
      const cpuText = cpuMs === undefined ? '' : ` cpu ${seconds(cpuMs).padStart(9)}`;
      print(`${ok ? 'ok  ' : 'FAIL'} ${seconds(ms).padStart(9)}${cpuText}  ${file} (${c.tests} test${c.tests === 1 ? '' : 's'})  [${results.length}/${files.length}]`);
      if (!ok) print(output.trimEnd().split('\n').map((l) => `  │ ${l}`).join('\n'));
      resolve(result);
    });
  });
}

const heartbeat = setInterval(() => {
  if (Date.now() - lastPrint < PROGRESS_EVERY_MS) return;
  const now = Date.now();
  const list = [...running].map(([f, t0]) => `${f} (${seconds(now - t0)})`).join(', ');
  print(`… ${seconds(now - started)}: ${results.length}/${files.length} files done; running ${list}`);
}, Math.min(1000, PROGRESS_EVERY_MS));

print(`${files.length} test files, ${Math.min(options.concurrency, files.length)} at a time${options.filters.length ? '' : ` (tier: ${options.tier})`}`);
const queue = [...files];
await Promise.all(
  Array.from({ length: Math.min(options.concurrency, files.length) }, async () => {
    while (queue.length) await runFile(queue.shift());
  }),
);
clearInterval(heartbeat);

try {
  mkdirSync('.cache', { recursive: true });
  writeFileSync(TIMES_FILE, JSON.stringify({ ...lastTimes, ...Object.fromEntries(results.map((r) => [r.file, r.ms])) }, null, 1));
} catch {}

const failed = results.filter((r) => !r.ok);
const tests = results.reduce((n, r) => n + r.tests, 0);
const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5);
const cpuTotal = childCpuMs();
console.log(`\n${files.length} files, ${tests} tests in ${seconds(Date.now() - started)}${cpuTotal === undefined ? '' : ` (${seconds(cpuTotal)} of CPU)`}; slowest: ${slowest.map((r) => `${r.file} ${seconds(r.ms)}`).join(', ')}`);
if (failed.length) {
  console.log(`\n${failed.length} file${failed.length === 1 ? '' : 's'} failed:\n${failed.map((r) => `  ${r.file} (exit ${r.code})`).join('\n')}`);
  process.exit(1);
}
