/**
 * Runs the core analysis of one loaded profile against one workspace root and anchors the
 * resulting call sites in the root's files.
 */
import { readFile } from 'node:fs/promises';
import type { Analysis, CallerShare } from '../core/analysis/types';
import { shownCallers } from '../core/analysis/callerBreakdown';
import type { Profile } from '../core/profile/model';
import { scanWorkspace } from '../core/paths/scan';
import { createPathResolver } from '../core/paths/resolve';
import { analyzeWithSources } from '../core/analysis/prepare';
import type { HotpathSettings } from './settings';
import { anchorFile, type FileAnchors } from './documentAnchors';
import { recordedLinesFor } from './recordedLines';

/**
 * One root's analysis as the request thread holds it: what lenses, hovers, the report tables and
 * diagnostics read. Its `analysis.functions` holds only the heaviest functions (profileWorker.ts's
 * FUNCTIONS_SENT, and the first Go function).
 */
export interface RootAnalysis {
  readonly rootUri: string;
  /** Absolute root folder. */
  readonly rootPath: string;
  readonly settings: HotpathSettings;
  readonly analysis: Analysis;
  /** Anchors per absolute file path. */
  readonly files: ReadonlyMap<string, FileAnchors>;
  /**
   * DynamoDB weight (profile units) of the call sites that got no lens: their recorded line
   * changed or went away since the profile (`FileAnchors.unanchoredSiteWeight`), or their file
   * can no longer be read. Part of the measured and estimated shares, shown apart so that the
   * lenses plus this add up to them.
   */
  readonly offLensWeight: number;
}

/** A root's analysis with the profile it saw, as the profile worker holds it (the flame graph is built from `prepared`). */
export interface PreparedRoot extends RootAnalysis {
  /** The profile the analysis saw: cut Go stacks repaired, generated JavaScript source-mapped, line-0 frames placed. */
  readonly prepared: Profile;
}

/**
 * Scans `rootPath`, maps the profile's paths with the root's `pathMappings`, analyses, and
 * anchors every call site in the file as it is on disk now, its recorded line placed by content
 * ({@link recordedLinesFor}: the build's own record of the source, the committed version at the
 * profile's time — the profile's own stamp, else `recordedMs`, its file's time in ms since the
 * epoch — or the calls the lines make). Files that cannot be read get no lenses (a source deleted
 * since the profile was recorded is not an error).
 */
export async function analyzeRoot(profile: Profile, rootUri: string, rootPath: string, settings: HotpathSettings, recordedMs?: number): Promise<PreparedRoot> {
  const index = await scanWorkspace(rootPath);
  const resolver = createPathResolver(index, [...settings.pathMappings]);
  // When the profile was recorded: what git's version at the profile's time is, and a build newer than it does not vouch for the recorded lines.
  const profileMs = profile.stampedMs ?? recordedMs;
  const { analysis, profile: prepared } = analyzeWithSources(profile, { resolver, ...(profileMs !== undefined ? { profileTimeMs: profileMs } : {}) });
  type Site = Analysis['callSites'][number];
  const byFile = new Map<string, { sites: Site[]; fns: Analysis['userFunctions'][number][]; callers: { caller: CallerShare; site: Site }[] }>();
  const entry = (path: string) => {
    let e = byFile.get(path);
    if (!e) byFile.set(path, (e = { sites: [], fns: [], callers: [] }));
    return e;
  };
  for (const site of analysis.callSites) {
    entry(site.absolutePath).sites.push(site);
    for (const caller of shownCallers(site)) entry(caller.absolutePath).callers.push({ caller, site });
  }
  for (const fn of analysis.userFunctions) entry(fn.absolutePath).fns.push(fn);
  const files = new Map<string, FileAnchors>();
  let offLensWeight = 0;
  const built = new Map((analysis.sourceMaps?.checkedSources ?? []).map((c) => [c.absolutePath, c]));
  for (const [path, { sites, fns, callers }] of byFile) {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      for (const site of sites) offLensWeight += site.dynamoWeight;
      continue;
    }
    const recorded = await recordedLinesFor(path, text, profileMs, sites, built.get(path));
    const anchors = anchorFile(path, text, sites, fns, recorded, callers);
    offLensWeight += anchors.unanchoredSiteWeight;
    files.set(path, anchors);
  }
  return { rootUri, rootPath, settings, analysis, prepared, files, offLensWeight };
}

