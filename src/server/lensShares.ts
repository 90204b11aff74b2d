/**
 * The attribution split of one root as the editor shows it: the core's shares plus the part of
 * them that no lens can show (call sites on lines changed since the profile).
 */
import { attributionShares, type AttributionShares } from '../core/analysis/attributionText';
import type { RootAnalysis } from './analyzeRoot';

/** {@link attributionShares} of `root.analysis`, with `offLensPercent` (percent of the profile's total) when some call site has no lens. */
export function rootAttributionShares(root: RootAnalysis): AttributionShares {
  const shares = attributionShares(root.analysis);
  const total = root.analysis.totalWeight;
  return root.offLensWeight > 0 && total > 0 ? { ...shares, offLensPercent: (root.offLensWeight / total) * 100 } : shares;
}
