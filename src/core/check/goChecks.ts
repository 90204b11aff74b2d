/**
 * The Go checks: the Go helper's `check` command (gohelper/check*.go, go/ast over each package's
 * files, nothing of the module built or run) on the Go files given, grouped by folder (a
 * package), with its byte offsets turned into the editors' positions.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { goVersion } from '../bench/goEnvironment';
import { ensureHelper, runHelper } from '../go/helper';
import { TextPositions } from './positions';
import type { CheckCode, CheckFinding, CheckOptions, UncheckedFile } from './types';

interface HelperEdit {
  file: string;
  offset: number;
  end: number;
  text: string;
}
interface HelperFinding {
  file: string;
  offset: number;
  end: number;
  code: CheckCode;
  severity: CheckFinding['severity'];
  message: string;
  reason: string;
  fix: string;
  quickFix?: { title: string; edits: HelperEdit[] };
}
interface HelperAnswer {
  findings: HelperFinding[];
  problems: string[];
}

/**
 * Checks `files` (absolute `.go` paths), the texts of `options.openTexts` in place of the disk's; findings sorted by file and position. Files that cannot be checked — no go to build the
 * helper with, a file that does not parse — come back in `unchecked` with the reason.
 */
export async function checkGoFiles(files: readonly string[], options: CheckOptions): Promise<{ findings: CheckFinding[]; unchecked: UncheckedFile[]; checked: number }> {
  if (files.length === 0) return { findings: [], unchecked: [], checked: 0 };
  if (!options.goBinary) return { findings: [], unchecked: files.map((file) => ({ file, reason: 'go was not found on PATH: the Go checks run in the Go helper, which go builds' })), checked: 0 };
  const byDir = new Map<string, string[]>();
  const open = [...(options.openTexts ?? [])].filter(([f]) => files.includes(f));
  const overlay = open.length ? Object.fromEntries(open) : undefined;
  for (const f of files) byDir.set(dirname(f), [...(byDir.get(dirname(f)) ?? []), f]);
  let answer: HelperAnswer;
  try {
    const version = (await goVersion(options.goBinary, dirname(files[0]!))).split(' ')[0]!;
    const helper = await ensureHelper(options.goBinary, version, options.signal ? { signal: options.signal } : {});
    const request = {
      packages: [...byDir].map(([dir, group]) => ({ importPath: dir, dir, files: group })),
      minIdleConns: options.concurrency ?? 10,
      minTimeoutMs: options.minTimeoutMs ?? 100,
      ...(overlay ? { overlay } : {}),
    };
    answer = await runHelper<HelperAnswer>(helper, request, { args: ['check'], ...(options.signal ? { signal: options.signal } : {}) });
  } catch (err) {
    return { findings: [], unchecked: files.map((file) => ({ file, reason: (err as Error).message })), checked: 0 };
  }
  const texts = new Map<string, TextPositions>();
  const positionsOf = (file: string) => {
    let p = texts.get(file);
    if (!p) texts.set(file, (p = new TextPositions(options.openTexts?.get(file) ?? readFileSync(file, 'utf8'))));
    return p;
  };
  const findings = answer.findings.map((h): CheckFinding => {
    const p = positionsOf(h.file);
    const start = p.fromByteOffset(h.offset);
    const end = p.fromByteOffset(h.end);
    const from = p.lineColumn(start);
    const to = p.lineColumn(end);
    const quickFix = h.quickFix && {
      title: h.quickFix.title,
      edits: h.quickFix.edits.map((e) => ({ file: e.file, start: positionsOf(e.file).fromByteOffset(e.offset), end: positionsOf(e.file).fromByteOffset(e.end), newText: e.text })),
    };
    return { file: h.file, line: from.line, column: from.column, endLine: to.line, endColumn: to.column, start, end, severity: h.severity, code: h.code, message: h.message, reason: h.reason, fix: h.fix, ...(quickFix ? { quickFix } : {}) };
  });
  const unchecked = answer.problems.map((problem) => {
    const file = files.find((f) => problem.startsWith(`${f}:`)) ?? problem.split(':')[0]!;
    return { file, reason: problem.slice(file.length + 1).trim() };
  });
  findings.sort((a, b) => (a.file === b.file ? a.start - b.start : a.file < b.file ? -1 : 1));
  return { findings, unchecked, checked: files.length - unchecked.length };
}
