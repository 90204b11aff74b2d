/**
 * Where the benchmark's items come from, chosen in the editor: the current selection or file when it
 * holds items in any shape `parseItems` reads, otherwise a quick pick of a file or export folder,
 * the generator's shapes, or an opt-in, read-only Scan of a live table.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import { parseItems, readItemsFile, ItemSourceError } from '../../core/bench/itemSource';
import { generateItems, GENERATOR_SHAPES, SHAPE_DESCRIPTIONS, type GeneratorShape } from '../../core/bench/generator';
import { scanItems } from '../../core/bench/scanSource';
import { describeShape, summarizeShape } from '../../core/bench/shape';
import type { ItemSet } from '../../core/bench/itemTypes';

/** Items from the active editor's selection (or whole file when nothing is selected), if they parse. */
export function itemsFromEditor(editor: vscode.TextEditor | undefined): { set?: ItemSet; problem?: string } {
  if (!editor) return {};
  const selection = editor.selection;
  const text = selection.isEmpty ? editor.document.getText() : editor.document.getText(selection);
  const name = `${basename(editor.document.fileName)}${selection.isEmpty ? '' : ' (selection)'}`;
  try {
    return { set: parseItems(text, name) };
  } catch (err) {
    if (err instanceof ItemSourceError) return { problem: err.message };
    throw err;
  }
}

type SourcePick = vscode.QuickPickItem & { shape?: GeneratorShape; scan?: true; file?: true };

async function askFile(): Promise<ItemSet | undefined> {
  const picked = await vscode.window.showOpenDialog({
    title: 'Items to benchmark: a file, or the folder of a DynamoDB export to S3',
    canSelectFiles: true,
    canSelectFolders: true,
    canSelectMany: false,
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
  });
  return picked?.[0] ? readItemsFile(picked[0].fsPath) : undefined;
}

async function askCount(shape: GeneratorShape): Promise<number | undefined> {
  const value = await vscode.window.showInputBox({
    title: `Generated items: ${shape}`,
    prompt: 'How many items per op?',
    value: shape === 'wide' || shape === 'longList' ? '10' : '40',
    validateInput: (v) => (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 100_000 ? undefined : 'a whole number from 1 to 100000'),
  });
  return value === undefined ? undefined : Number(value);
}

async function askScan(): Promise<ItemSet | undefined> {
  const tableName = await vscode.window.showInputBox({ title: 'Scan a live table (read-only)', prompt: 'Table name', ignoreFocusOut: true });
  if (!tableName) return undefined;
  const limit = await vscode.window.showInputBox({ title: `Scan ${tableName}`, prompt: 'At most this many items (one Scan with Limit; nothing is written)', value: '50', validateInput: (v) => (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 1000 ? undefined : 'a whole number from 1 to 1000') });
  if (!limit) return undefined;
  const endpoint = await vscode.window.showInputBox({ title: `Scan ${tableName}`, prompt: 'Endpoint override (e.g. http://127.0.0.1:8000 for DynamoDB Local); empty for AWS with your default credentials, profile and region', value: '' });
  if (endpoint === undefined) return undefined;
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Scanning ${tableName}…` }, () =>
    scanItems({ tableName, limit: Number(limit), endpoint: endpoint || undefined }),
  );
}

/**
 * Picks the items: the editor's JSON when it parses (after the user confirms its shape), else a
 * quick pick of a file or export folder, generator shapes and "Scan a live table…". Undefined
 * when the user backs out. Throws ItemSourceError when a file cannot be read or a scan fails.
 */
export async function pickItems(editor: vscode.TextEditor | undefined): Promise<ItemSet | undefined> {
  const fromEditor = itemsFromEditor(editor);
  const picks: SourcePick[] = [];
  if (fromEditor.set) {
    picks.push({ label: `$(file) ${fromEditor.set.label}`, description: fromEditor.set.format, detail: describeShape(summarizeShape(fromEditor.set.items)) });
  }
  picks.push({ label: '$(folder-opened) Items from a file or export folder…', detail: 'JSON or DynamoDB JSON items, responses, stream records, or a DynamoDB export to S3 (JSON or Ion, gzipped or not)', file: true });
  for (const shape of GENERATOR_SHAPES) picks.push({ label: `$(symbol-structure) Generated: ${shape}`, detail: SHAPE_DESCRIPTIONS[shape], shape });
  picks.push({ label: '$(database) Scan a live table…', detail: 'One read-only Scan with Limit, your credential chain or a local endpoint', scan: true });
  const placeHolder = fromEditor.problem ? `The editor's text is not usable items (${fromEditor.problem}); pick a source` : 'Items to benchmark';
  const choice = await vscode.window.showQuickPick(picks, { title: 'Run Marshalling Benchmark', placeHolder, matchOnDetail: true });
  if (!choice) return undefined;
  if (choice.scan) return askScan();
  if (choice.file) return askFile();
  if (choice.shape) {
    const count = await askCount(choice.shape);
    return count === undefined ? undefined : generateItems({ shape: choice.shape, count });
  }
  return fromEditor.set;
}
