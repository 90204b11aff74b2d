/**
 * The dialogs of Compare with Baseline: the baseline profile(s), the new one(s) when none is
 * loaded, more runs of either build (replicates: two or more per side give CPU per request an
 * interval over the runs), then the request count of each profile (optional).
 */
import * as vscode from 'vscode';
import type { CompareProfilesParams } from '../shared/protocol';
import { compareParamsOf, fileName, sidesOfArgs, validateRequestCount, type CompareWithBaselineArgs, type SideProfile } from './compareSides';
import { argumentToPath, PROFILE_FILTERS } from './openProfile';

/** Words of one side in titles. */
interface SideWords {
  /** `baseline (before)` */
  readonly role: string;
  /** `the baseline build` */
  readonly build: string;
}

const BASELINE: SideWords = { role: 'baseline (before)', build: 'the baseline build' };
const NEW: SideWords = { role: 'new (after)', build: 'the new build' };

/** Profiles picked in the open dialog (several when the dialog allows it), or undefined when cancelled. */
async function pickProfiles(openLabel: string, title: string): Promise<string[] | undefined> {
  const picked = await vscode.window.showOpenDialog({ canSelectMany: true, openLabel, title, filters: PROFILE_FILTERS, defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri });
  return picked?.length ? picked.map((u) => u.fsPath) : undefined;
}

/**
 * Offers to add runs of the same build to a side until the user continues (VS Code's own file
 * dialog in a remote or web window picks one file at a time). `withLoaded`: the loaded profile is
 * the side's first. Undefined when the user cancelled.
 */
async function addReplicates(side: SideWords, picked: readonly string[], withLoaded = false): Promise<string[] | undefined> {
  const paths = [...picked];
  for (;;) {
    const names = [...(withLoaded ? ['the loaded profile'] : []), ...paths.map(fileName)];
    const count = `${names.length} ${side.role.split(' ')[0]} profile${names.length === 1 ? '' : 's'}`;
    const choice = await vscode.window.showQuickPick(
      [
        { label: `Continue with ${count}`, detail: names.join(', '), add: false },
        { label: `Add another run of ${side.build}…`, detail: 'Two or more runs per side give CPU per request an interval that covers run-to-run variation; with one, it is unknown.', add: true },
      ],
      { title: `Compare with Baseline: ${side.role} side`, ignoreFocusOut: true },
    );
    if (!choice) return undefined;
    if (!choice.add) return paths;
    const more = await pickProfiles('Add', `Compare with Baseline: another ${side.role} profile, recorded from ${side.build}`);
    for (const p of more ?? []) if (!paths.includes(p)) paths.push(p);
  }
}

async function askRequests(name: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: `Requests served while ${name} was recorded (optional)`,
    prompt: `A count (990, 30.06M) or a rate (49.35/s, 49.35/s*20s). Empty: read ${name}.json when present, else compare shares (traffic may differ).`,
    placeHolder: 'e.g. 990, 30.06M, 49.35/s — or leave empty',
    ignoreFocusOut: true,
    validateInput: validateRequestCount,
  });
}

/** Asks each profile's request count in turn; undefined when the user cancelled one. */
async function withRequests(paths: readonly (string | undefined)[]): Promise<SideProfile[] | undefined> {
  const out: SideProfile[] = [];
  for (const path of paths) {
    const requests = await askRequests(path ? fileName(path) : 'the loaded profile');
    if (requests === undefined) return undefined;
    out.push({ ...(path ? { path } : {}), requests });
  }
  return out;
}

/** What to compare: from the argument, or asked. Undefined when the user cancelled a dialog. */
export async function gatherCompareParams(arg: unknown, profileLoaded: boolean): Promise<Omit<CompareProfilesParams, 'progressId'> | undefined> {
  if (arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) && 'baseline' in arg) {
    const sides = sidesOfArgs(arg as CompareWithBaselineArgs, (x) => argumentToPath(x) ?? x);
    return compareParamsOf(sides.baselines, sides.afters);
  }
  const given = argumentToPath(arg);
  if (given) return { baselinePath: given };
  const firstBaselines = await pickProfiles('Use as Baseline', 'Compare with Baseline: the baseline (before) profile — one run, or several of the same build');
  if (!firstBaselines) return undefined;
  const baselines = await addReplicates(BASELINE, firstBaselines);
  if (!baselines) return undefined;
  let afters: (string | undefined)[];
  if (profileLoaded) {
    const more = await addReplicates(NEW, [], true);
    if (!more) return undefined;
    afters = [undefined, ...more];
  } else {
    const firstAfters = await pickProfiles('Compare', 'Compare with Baseline: the new (after) profile — one run, or several of the same build');
    const picked = firstAfters && (await addReplicates(NEW, firstAfters));
    if (!picked) return undefined;
    afters = picked;
  }
  const b = await withRequests(baselines);
  const a = b && (await withRequests(afters));
  return a ? compareParamsOf(b!, a) : undefined;
}
