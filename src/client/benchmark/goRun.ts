/**
 * What a Go benchmark run needs from the user in the editor: Workspace Trust (go test builds and
 * runs the workspace's code), the module (nearest go.mod above the file), the struct (from the
 * lens's call site, else picked from the module's struct types) and the items (the editor's JSON,
 * a file, or items generated from the struct with every field filled).
 */
import * as vscode from 'vscode';
import { dirname } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { RunBenchmarkCommandArgs } from '../../shared/benchmarkMessages';
import { findModuleRoot } from '../../core/go/goModule';
import { listModuleStructs } from '../../core/bench/goStructs';
import { parseItems } from '../../core/bench/itemSource';
import type { ItemSet } from '../../core/bench/itemTypes';
import { itemsFromEditor } from './pickItems';

/** Why Go runs are refused in an untrusted workspace. */
export const UNTRUSTED_GO_MESSAGE =
  'The Go benchmark and the Go migration check run `go test` / `go build` on this workspace, which executes its code (init functions, tests). Trust the workspace first (Workspaces: Manage Workspace Trust).';

/** The Go part of a run: module, struct, and the items (or how many to generate). */
export interface GoRunChoice {
  moduleRoot: string;
  goType: string;
  set: ItemSet;
  generate?: number;
}

/** Items from the struct: the set stays empty until the Go side made them. */
const GENERATED = (goType: string, count: number): ItemSet => ({ format: 'generated', label: `generated from ${goType.split('.').pop()} × ${count}`, items: [] });

/**
 * Asks what is missing for a Go run; undefined when the user backs out or the workspace is not
 * trusted (then a warning says why). `args.itemsJson`, when given, are the items.
 */
export async function chooseGoRun(args: RunBenchmarkCommandArgs | undefined): Promise<GoRunChoice | undefined> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(UNTRUSTED_GO_MESSAGE);
    return undefined;
  }
  const editor = vscode.window.activeTextEditor;
  const start = args?.goModuleRoot ?? (editor?.document.uri.scheme === 'file' ? dirname(editor.document.uri.fsPath) : vscode.workspace.workspaceFolders?.[0]?.uri.fsPath);
  const moduleRoot = start ? findModuleRoot(start) : undefined;
  if (!moduleRoot) {
    void vscode.window.showWarningMessage(`No go.mod at or above ${start ?? 'the workspace'}: the Go benchmark measures a struct of your module.`);
    return undefined;
  }
  const goType = args?.goType ?? (await pickStruct(moduleRoot));
  if (!goType) return undefined;
  if (args?.itemsJson !== undefined) return { moduleRoot, goType, set: parseItems(args.itemsJson, args.itemsLabel ?? 'items') };
  const name = goType.split('.').pop()!;
  const fromEditor = itemsFromEditor(editor).set;
  const picks: Array<vscode.QuickPickItem & { take: () => Promise<GoRunChoice | undefined> }> = [
    { label: `Generate 40 items from ${name}`, description: 'every field filled', take: async () => ({ moduleRoot, goType, set: GENERATED(goType, 40), generate: 40 }) },
    ...(fromEditor ? [{ label: `Items in the editor: ${fromEditor.label}`, description: `${fromEditor.items.length} items`, take: async () => ({ moduleRoot, goType, set: fromEditor }) }] : []),
    {
      label: 'Items from a JSON file…',
      description: 'plain JSON, DynamoDB JSON or a Query/Scan response',
      take: async () => {
        const file = (await vscode.window.showOpenDialog({ canSelectMany: false, filters: { JSON: ['json'] }, title: `Items stored as ${name}` }))?.[0];
        return file ? { moduleRoot, goType, set: parseItems(await readFile(file.fsPath, 'utf8'), file.path.split('/').pop()!) } : undefined;
      },
    },
  ];
  const chosen = await vscode.window.showQuickPick(picks, { title: `Go benchmark of ${name}: which items?` });
  return chosen?.take();
}

async function pickStruct(moduleRoot: string): Promise<string | undefined> {
  const structs = listModuleStructs(moduleRoot);
  if (structs.length === 0) {
    void vscode.window.showWarningMessage(`No struct types in the module at ${moduleRoot}.`);
    return undefined;
  }
  const chosen = await vscode.window.showQuickPick(
    structs.map((s) => ({ label: s.name, description: s.goType.slice(0, -s.name.length - 1), detail: `${vscode.workspace.asRelativePath(s.file)}:${s.line}`, goType: s.goType })),
    { title: 'Which struct do these items decode into?', matchOnDescription: true },
  );
  return chosen?.goType;
}
