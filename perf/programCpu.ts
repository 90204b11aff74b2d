/**
 * CPU time of the editor's JavaScript/TypeScript migration analysis (the migration worker's work,
 * run here on this thread), this tree against a baseline tree, side by side in one process: per
 * project, the first analysis (open) and then `--edits` code edits of the opened file (a statement
 * inserted after its first line), the two trees taking turns at every step (which goes first
 * alternates), each with its own project cache as the worker keeps it. CPU time (user + system
 * of the process, ms) rather than wall time: on a shared machine the wall clock measures the
 * neighbours. Prints per project each tree's open and median edit CPU, their ratio, and whether
 * both trees found the same findings at every step.
 *
 * `node --import tsx perf/programCpu.ts --baseline TREE [--js-project DIR:FILE …] [--edits N] [--no-fixture]`
 * (TREE: a checkout of an older commit, e.g. `git worktree add /tmp/base main`, with node_modules).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { createProjectMigrations as Create } from '../src/server/migrate/projectMigrations';
import { fixtureProject, parseJsProject, type JsProject } from './lspProgram';
import { medianRatio } from './pairedRatio';
import { percentile } from './lspDuringLoad';

interface Tree {
  readonly label: string;
  readonly create: typeof Create;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function treeAt(label: string, dir: string): Tree {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return { label, create: (require(join(dir, 'src/server/migrate/projectMigrations.ts')) as { createProjectMigrations: typeof Create }).createProjectMigrations };
}

/** Open and `edits` edits of `project` on every tree, alternating; CPU ms per step per tree. */
function measure(project: JsProject, trees: readonly Tree[], edits: number): { cpu: number[][]; sameFindings: boolean } {
  const root = project.root.replace(/\\/g, '/');
  const file = project.file.replace(/\\/g, '/');
  const original = readFileSync(file, 'utf8');
  const state = trees.map((t) => {
    const open = new Map<string, { version: number; text: string }>();
    return { open, cache: t.create({ folders: () => [root], openDocuments: () => open }) };
  });
  const cpu = trees.map(() => [] as number[]);
  let sameFindings = true;
  for (let step = 0; step <= edits; step++) {
    const text = step === 0 ? original : original.replace(/\n/, `\nconst edit${step} = ${step};\n`);
    const order = step % 2 === 0 ? trees.map((_, i) => i) : trees.map((_, i) => trees.length - 1 - i);
    const found: string[] = [];
    for (const i of order) {
      state[i]!.open.set(file, { version: step + 1, text });
      const t0 = cpuMs();
      const m = state[i]!.cache.get(file, {});
      cpu[i]!.push(cpuMs() - t0);
      found[i] = JSON.stringify(m?.result.findings.map((f) => [f.fileName, f.start, f.end, f.code, f.message]));
    }
    if (new Set(found).size > 1) sameFindings = false;
  }
  return { cpu, sameFindings };
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  const baseline = argv[argv.indexOf('--baseline') + 1];
  if (!argv.includes('--baseline') || !baseline) throw new Error('--baseline TREE is required (a checkout of the commit to compare with)');
  const edits = argv.includes('--edits') ? Number(argv[argv.indexOf('--edits') + 1]) : 5;
  const projects = [...(argv.includes('--no-fixture') ? [] : [fixtureProject()]), ...argv.flatMap((a, i) => (a === '--js-project' ? [parseJsProject(argv[i + 1]!)] : []))];
  const trees = [treeAt('baseline', baseline), treeAt('this tree', join(__dirname, '..'))];
  console.log(`load average at start ${loadavg()[0]!.toFixed(1)}`);
  for (const project of projects) {
    const { cpu, sameFindings } = measure(project, trees, edits);
    const editsOf = (i: number) => cpu[i]!.slice(1);
    const ratio = medianRatio(editsOf(1).map((ms, k) => ms / editsOf(0)[k]!));
    console.log(
      `${project.label}: open ${trees.map((t, i) => `${t.label} ${cpu[i]![0]!.toFixed(0)}`).join(' / ')} ms CPU; edit p50 ${trees.map((t, i) => `${t.label} ${percentile(editsOf(i), 50).toFixed(0)}`).join(' / ')} ms CPU, ratio ${ratio.mean.toFixed(2)} (95 % ${ratio.low.toFixed(2)}–${ratio.high.toFixed(2)}); same findings at every step: ${sameFindings}`,
    );
  }
  console.log(`load average at end ${loadavg()[0]!.toFixed(1)}`);
}
