/**
 * go.mod, only when asked: the user's own `go get` for the packages a Go rewrite imports that the
 * module does not provide yet, and `<module>@none` for guregu/dynamo v1 and aws-sdk-go v1 when no
 * file of the module imports them any more. As a preview it runs on a copy of go.mod/go.sum in a
 * sandbox (-modfile); applied, in the module itself. Either way the change is returned as texts
 * to show as a diff.
 */
import { readFile } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execGroup } from '../../go/goExec';
import { GoSandbox, userGoFlags } from '../../go/goSandbox';
import { goImports, tokenizeGo } from './goTokens';

/** What the go get did (or would do). */
export interface GoGetOutcome {
  /** The command as run, without -modfile: what the user would type. */
  command: string;
  ok: boolean;
  /** go's output when it failed. */
  output: string;
  goModBefore: string;
  goModAfter: string;
  goSumBefore: string;
  goSumAfter: string;
  applied: boolean;
}

/** v1 modules `go get` removes when nothing imports them after the rewrite. */
const V1_MODULES = ['github.com/guregu/dynamo', 'github.com/aws/aws-sdk-go'];

const importsOf = (text: string) => goImports(tokenizeGo(text)).map((i) => i.path);

/** Every .go file of the module (nested modules, vendor, testdata and dot-folders left out). */
function moduleGoFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (!name.startsWith('.') && name !== 'vendor' && name !== 'testdata' && !existsSync(join(path, 'go.mod'))) walk(path);
      } else if (name.endsWith('.go')) out.push(path);
    }
  };
  walk(root);
  return out;
}

/**
 * The `go get` arguments for a rewrite: the packages the rewritten texts import that the module's
 * build list does not provide (asked of `go list -mod=readonly` on a copy of go.mod), then
 * `<v1 module>@none` for each v1 module go.mod requires that no file imports after the rewrite.
 */
export async function goGetArgs(goBinary: string, moduleRoot: string, rewritten: ReadonlyMap<string, string>, signal?: AbortSignal): Promise<string[]> {
  const texts = moduleGoFiles(moduleRoot).map((f) => rewritten.get(f) ?? readFileSync(f, 'utf8'));
  for (const [f, t] of rewritten) if (!existsSync(f)) texts.push(t);
  const wanted = [...new Set([...rewritten.values()].flatMap(importsOf).filter((p) => /^github\.com\/(aws\/aws-sdk-go-v2|aws\/smithy-go|guregu\/dynamo\/v2)(\/|$)/.test(p)))].sort();
  const missing: string[] = [];
  if (wanted.length) {
    const box = await GoSandbox.create(moduleRoot);
    try {
      const r = await execGroup(goBinary, ['list', '-e', `-modfile=${join(box.dir, 'go.mod')}`, '-mod=readonly', '-f', '{{.ImportPath}}\t{{if .Error}}missing{{end}}', ...wanted], { cwd: moduleRoot, env: { ...box.env(), GOFLAGS: userGoFlags(process.env.GOFLAGS) }, timeoutMs: 300_000, signal });
      for (const line of r.stdout.split('\n')) if (line.endsWith('\tmissing')) missing.push(line.split('\t')[0]!);
      if (r.code !== 0 && !r.stdout.trim()) missing.push(...wanted);
    } finally {
      await box.dispose();
    }
  }
  const goMod = readFileSync(join(moduleRoot, 'go.mod'), 'utf8');
  const stillImported = (mod: string) => texts.some((t) => importsOf(t).some((p) => (p === mod || p.startsWith(`${mod}/`)) && !p.startsWith(`${mod}/v2`) && !p.startsWith(`${mod}-v2`)));
  const drop = V1_MODULES.filter((m) => new RegExp(`^\\s*(require\\s+)?${m.replace(/[./]/g, '\\$&')}\\s+v`, 'm').test(goMod) && !stillImported(m)).map((m) => `${m}@none`);
  return [...missing, ...drop];
}

/**
 * Runs `go get args…` for the module: on a sandbox copy of go.mod/go.sum when `apply` is false
 * (the module is not touched), in the module when true. Never throws for go's own failure (ok is
 * false and output says why).
 */
export async function runGoGet(goBinary: string, moduleRoot: string, args: string[], apply: boolean, signal?: AbortSignal): Promise<GoGetOutcome> {
  const read = async (file: string) => (existsSync(file) ? readFile(file, 'utf8') : '');
  const goModBefore = await read(join(moduleRoot, 'go.mod'));
  const goSumBefore = await read(join(moduleRoot, 'go.sum'));
  const command = `go get ${args.join(' ')}`;
  const env = { ...process.env, GOFLAGS: userGoFlags(process.env.GOFLAGS), GOWORK: 'off' };
  if (apply) {
    const r = await execGroup(goBinary, ['get', ...args], { cwd: moduleRoot, env, timeoutMs: 600_000, signal });
    return { command, ok: r.code === 0, output: (r.stderr + r.stdout).trim(), goModBefore, goModAfter: await read(join(moduleRoot, 'go.mod')), goSumBefore, goSumAfter: await read(join(moduleRoot, 'go.sum')), applied: r.code === 0 };
  }
  const box = await GoSandbox.create(moduleRoot);
  try {
    const r = await execGroup(goBinary, ['get', `-modfile=${join(box.dir, 'go.mod')}`, ...args], { cwd: moduleRoot, env: { ...env, GOTMPDIR: join(box.dir, 'gotmp') }, timeoutMs: 600_000, signal });
    return { command, ok: r.code === 0, output: (r.stderr + r.stdout).trim(), goModBefore, goModAfter: await read(join(box.dir, 'go.mod')), goSumBefore, goSumAfter: await read(join(box.dir, 'go.sum')), applied: false };
  } finally {
    await box.dispose();
  }
}

/** Lines of go.sum added and removed by a go get. */
export function goSumChange(before: string, after: string): { added: number; removed: number } {
  const a = new Set(before.split('\n').filter(Boolean));
  const b = new Set(after.split('\n').filter(Boolean));
  return { added: [...b].filter((l) => !a.has(l)).length, removed: [...a].filter((l) => !b.has(l)).length };
}
