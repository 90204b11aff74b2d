/**
 * The lines of `dynamo-hotpath analyze` about what the analysis did to the profile before
 * attributing it: cut Go stacks repaired, generated JavaScript mapped through source maps.
 */
import { formatPercent } from '../core/analysis/labels';
import type { Analysis } from '../core/analysis/types';

/** Repair of stacks cut at the depth limit, and the estimated share per call site; [] when none was cut. */
export function truncationLines(a: Analysis): string[] {
  const t = a.truncation;
  if (!t) return [];
  const p = (w: number) => formatPercent(w, a.totalWeight);
  const out = [
    '',
    `Cut stacks: ${p(t.truncatedWeight)} of the profile reached the ${t.depthLimit}-frame stack limit; its root part was restored from stacks sharing their root-most frames:`,
    `  ${p(t.repairedWeight).padStart(6)}  repaired (one completion fits)`,
    `  ${p(t.sharedWeight).padStart(6)}  shared among the completions that fit, in proportion to the same work measured under each`,
    `  ${p(t.stillCutWeight).padStart(6)}  still cut (no stack shares their root-most frames)`,
    '  (a restored root part is read off other stacks, not the sample\'s own: what it credits to your lines is estimated, not measured)',
  ];
  const estimated = a.callSites.filter((s) => s.repair && s.repair.repairedWeight + s.repair.sharedWeight >= a.totalWeight / 2000);
  for (const s of estimated) {
    const repaired = s.repair!.repairedWeight + s.repair!.sharedWeight;
    out.push(`  ${`${s.relativePath}:${s.line}`}: ${p(repaired)} estimated from cut stacks (${p(s.repair!.sharedWeight)} of it shared with other lines), beside ${p(s.dynamoWeight)} measured`);
  }
  return out;
}

/** Generated JavaScript and its source maps; [] when the profile has none of the workspace's, or only plain JavaScript. */
export function sourceMapLines(a: Analysis): string[] {
  const m = a.sourceMaps;
  if (!m) return [];
  const mapped = m.files.filter((f) => f.status === 'mapped');
  const missing = m.files.filter((f) => f.status !== 'mapped' && f.status !== 'plain-js');
  // Plain JavaScript with no map anywhere: nothing to say about source maps.
  if (mapped.length === 0 && missing.length === 0) return [];
  const out = ['', `Source maps: ${mapped.length} generated file${mapped.length === 1 ? '' : 's'} mapped to ${mapped.length === 1 ? 'its' : 'their'} sources (${formatPercent(m.mappedWeight, a.totalWeight)} of the profile runs through them)`];
  for (const f of missing.slice(0, 5)) out.push(`  not mapped: ${f.generatedFile}  ${formatPercent(f.weight, a.totalWeight)}  (${f.reason ?? f.status}); lenses stay on the JavaScript`);
  for (const f of mapped.filter((x) => x.unmappedFrames > 0).slice(0, 3)) out.push(`  ${f.generatedFile}: ${f.unmappedFrames} of ${f.frames} positions have no mapping and stay on the JavaScript`);
  if (m.staleWeight) out.push(`  ${formatPercent(m.staleWeight, a.totalWeight)} of the profile stays on the JavaScript: its source lines differ from the build's (see the warnings)`);
  return out;
}
