// Issue 25, hole 1: every process the product starts is listed in one place (src/core/exec/programs.ts)
// with its gate. A module that starts programs without being listed fails here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { STARTED_PROGRAMS } from '../../../src/core/exec/programs';

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|mts|cts|js|mjs)$/.test(name)) out.push(path);
  }
  return out;
}

const STARTS_PROCESSES = /(?:from\s+|require\(\s*|import\(\s*)['"](?:node:)?child_process['"]/;

describe('the programs the product starts', () => {
  it('are started only from the modules programs.ts lists, each listed once', () => {
    const starting = sources('src').filter((f) => STARTS_PROCESSES.test(readFileSync(f, 'utf8'))).sort();
    const listed = [...new Set(STARTED_PROGRAMS.map((p) => p.module))].sort();
    assert.deepEqual(starting, listed);
    assert.equal(listed.length, STARTED_PROGRAMS.length);
  });

  it('name a gate for each: workspace trust for git and go, a reason where there is none', () => {
    const gates = Object.fromEntries(STARTED_PROGRAMS.map((p) => [p.module, p.gate]));
    assert.match(gates['src/core/exec/git.ts']!, /^workspace trust/);
    assert.match(gates['src/core/go/goExec.ts']!, /^workspace trust/);
    for (const p of STARTED_PROGRAMS) assert.ok(p.gate.length > 20 && p.purpose.length > 20, `${p.module}: say what it runs for and what gates it`);
  });
});
