/**
 * `check_code`: the CLI's `check --json` document — the connection and throttling code checks
 * (core/check/checkPaths.ts) of Go, JavaScript and TypeScript files and folders — with the
 * findings' codes counted as the summary. Only reads: a quick fix comes as edits, which the agent
 * applies or not.
 */
import { workspaceTrusted } from '../core/exec/workspaceTrust';
import { toCheckJson } from '../cli/checkJson';
import { agentChecks } from './agentChecks';
import type { ToolAnswer, ToolContext } from './toolTypes';

/** The tool's input (CHECK_CODE_INPUT). */
export interface CheckCodeInput {
  readonly paths: readonly string[];
  readonly concurrency?: number;
  readonly minTimeoutMs?: number;
}

/** Runs `check_code`. @throws AgentToolError (a path outside the roots or missing), CheckInputError (not a Go/JS/TS file) */
export async function checkCode(input: CheckCodeInput, context: ToolContext): Promise<ToolAnswer> {
  const paths = await Promise.all(input.paths.map((p) => context.scope.resolve(p, 'path')));
  const base = context.scope.folderOf(paths[0]!) ?? context.scope.first;
  context.progress(`Checking ${paths.length} path${paths.length === 1 ? '' : 's'}`, 0, 1);
  const result = await agentChecks(paths, {
    goAllowed: workspaceTrusted(),
    signal: context.signal,
    ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {}),
    ...(input.minTimeoutMs !== undefined ? { minTimeoutMs: input.minTimeoutMs } : {}),
  });
  const doc = toCheckJson(result, base);
  const byCode = new Map<string, number>();
  for (const f of doc.findings) byCode.set(f.code, (byCode.get(f.code) ?? 0) + 1);
  const files = new Set(doc.findings.map((f) => f.file)).size;
  const lines = [
    `${doc.findings.length} finding${doc.findings.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'} (${doc.checkedFiles} checked${doc.unchecked.length ? `, ${doc.unchecked.length} not checked` : ''}); paths relative to ${base}.`,
    ...[...byCode].map(([code, n]) => `${code}: ${n}`),
    ...doc.findings.slice(0, 10).map((f) => `${f.file}:${f.line}:${f.column} ${f.severity} ${f.code} ${f.message}${f.quickFix ? ` (quick fix: ${f.quickFix.title})` : ''}`),
    ...doc.unchecked.map((u) => `not checked: ${u.file}: ${u.reason}`),
  ];
  context.progress('Done', 1, 1);
  return { structured: doc, summary: lines.join('\n') };
}
