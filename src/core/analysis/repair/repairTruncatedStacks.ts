/**
 * Repair of Go stacks cut at the runtime's depth limit: each cut sample gets the root part it
 * lost from the stacks that share its root-most frames ({@link createCompletionIndex}), so the
 * user's call site above a deep SDK stack is found again. Whole samples are left as they are.
 */
import { SAMPLE_REPAIR, type Profile, type ProfileTruncation } from '../../profile/model';
import { deriveProfile, sampleTableOf } from '../../profile/columns/profileTables';
import { stacksOf } from '../../profile/columns/sampleTable';
import { DerivedSampleTable } from '../../profile/columns/derivedSamples';
import { createCompletionIndex, type Completion } from './completions';
import { findCutStacks } from './depthLimit';
import { sampleCategories } from './sampleKinds';

/**
 * Repairs the cut stacks of `profile` (see {@link findCutStacks}). A cut sample whose
 * completions agree becomes one `repaired` sample; one with several completions becomes one
 * `shared` sample per completion, its weight and count split by {@link shareWeights}; one with
 * none stays as it is (`stillCut`). Returns the profile unchanged when no
 * stack is cut, else a profile with {@link Profile.truncation} set and the same total weight.
 * The new profile shares the input's stack chunks: whole samples are the same rows, repaired
 * ones carry their stacks as new frames (`DerivedSampleTable`).
 * O(frames) to index, then one lookup per distinct overlap.
 */
export function repairTruncatedStacks(profile: Profile): Profile {
  const found = findCutStacks(profile);
  if (!found) return profile;
  const table = sampleTableOf(profile);
  const weights = table.weight;
  const stacks = stacksOf(table);
  const index = createCompletionIndex(stacks, found.cut, found.depthLimit, (i) => weights[i]!);
  const categories = sampleCategories(profile);
  const measured = measuredUnder(stacks, weights, categories);
  const out = new DerivedSampleTable(table);
  const repair: number[] = [];
  const origin: number[] = [];
  const ownDepth: number[] = [];
  let repairedWeight = 0;
  let sharedWeight = 0;
  let stillCutWeight = 0;
  stacks.forEach((stack, i) => {
    const weight = weights[i]!;
    if (!found.cut[i]) {
      out.keep(i);
      repair.push(SAMPLE_REPAIR.whole);
      origin.push(-1);
      ownDepth.push(stack.length);
      return;
    }
    const trimmed = index.trimmed(stack);
    const completions = index.completionsOf(trimmed);
    if (completions.length === 0) {
      out.keep(i);
      repair.push(SAMPLE_REPAIR.stillCut);
      origin.push(i);
      ownDepth.push(stack.length);
      stillCutWeight += weight;
      return;
    }
    const shares = shareWeights(completions, (c, parting) => measured(c, parting, categories[i]));
    const total = shares.reduce((sum, w) => sum + w, 0);
    const state = completions.length === 1 ? SAMPLE_REPAIR.repaired : SAMPLE_REPAIR.shared;
    completions.forEach((completion, k) => {
      const share = shares[k]! / total;
      const stack = new Uint32Array(trimmed.length + completion.frames.length);
      stack.set(trimmed);
      stack.set(completion.frames, trimmed.length);
      out.replace(i, stack, weight * share, table.count[i]! * share);
      repair.push(state);
      origin.push(i);
      ownDepth.push(trimmed.length);
    });
    if (state === SAMPLE_REPAIR.repaired) repairedWeight += weight;
    else sharedWeight += weight;
  });
  const truncation: ProfileTruncation = {
    depthLimit: found.depthLimit,
    truncatedWeight: repairedWeight + sharedWeight + stillCutWeight,
    repairedWeight,
    sharedWeight,
    stillCutWeight,
    sampleRepair: Uint8Array.from(repair),
    sampleOrigin: Int32Array.from(origin),
    sampleOwnDepth: Int32Array.from(ownDepth),
  };
  return deriveProfile(profile, { samples: out.finish(), fields: { truncation } });
}

/**
 * How several fitting completions share a cut sample: in proportion to the weight of the same
 * kind of work (the cut sample's DynamoDB category, read off its intact leaf part) measured
 * under each completion's own frames — where the completions part (for a cut `Query` parse:
 * `Client.Query` called from `GetUserActivity:44` in one, from `GetTargetingModel:66` in the
 * other), the parse samples that kept that caller. Completions with no such measurement
 * anywhere fall back to the weight of the donor stacks that showed them. Measured on the Go
 * sample service re-recorded with a 512-frame profiler (notes/attr-maps.md).
 */
export function shareWeights(completions: readonly Completion[], measuredWeight: (c: Completion, parting: number) => number): number[] {
  let parting = 0;
  const first = completions[0]!.frames;
  while (parting < first.length && completions.every((c) => c.frames[parting] === first[parting])) parting++;
  const measured = completions.map((c) => (parting < c.frames.length ? measuredWeight(c, parting) : 0));
  return measured.some((w) => w > 0) ? measured : completions.map((c) => c.weight);
}

/**
 * Weight of samples of a category whose stack holds a completion's frame `parting` right above
 * the frame before it (the call that tells the completions apart); memoized.
 */
function measuredUnder(stacks: readonly Uint32Array[], weights: Float64Array, categories: readonly (string | undefined)[]) {
  const withFrame = new Map<number, number[]>();
  const wanted = (id: number): number[] => {
    let list = withFrame.get(id);
    if (list) return list;
    list = [];
    stacks.forEach((stack, i) => {
      if (categories[i] !== undefined && stack.includes(id)) list!.push(i);
    });
    withFrame.set(id, list);
    return list;
  };
  const memo = new Map<string, number>();
  return (completion: Completion, parting: number, category: string | undefined): number => {
    if (category === undefined) return 0;
    const caller = completion.frames[parting]!;
    const callee = parting > 0 ? completion.frames[parting - 1]! : -1;
    const key = `${category}|${caller}|${callee}`;
    let weight = memo.get(key);
    if (weight === undefined) {
      weight = 0;
      for (const i of wanted(caller)) {
        const stack = stacks[i]!;
        if (categories[i] !== category) continue;
        const at = stack.indexOf(caller);
        if (callee < 0 || (at > 0 && stack[at - 1] === callee)) weight += weights[i]!;
      }
      memo.set(key, weight);
    }
    return weight;
  };
}
