/**
 * The attribution split of one root as the editor shows it: the core's shares plus the part of
 * them that no lens can show (call sites on lines changed since the profile).
 */
import { attributionShares, type AttributionShares } from '../core/analysis/attributionText';
import type { RootAnalysis } from './analyzeRoot';
import { percentOf } from './format';

/** {@link attributionShares} of `root.analysis`, with `offLensPercent` (percent of the profile's total) when some call site has no lens. */
export function rootAttributionShares(root: RootAnalysis): AttributionShares {
  const shares = attributionShares(root.analysis);
  return root.offLensWeight > 0 && root.analysis.totalWeight > 0 ? { ...shares, offLensPercent: percentOf(root.offLensWeight, root.analysis.totalWeight) } : shares;
}
