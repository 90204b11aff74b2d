/**
 * The kind of work a sample's leaf part does, as the attribution pass will judge it: the
 * DynamoDB category of its innermost categorised frame (runtime and standard-library frames
 * skipped), or undefined when no rule decides.
 */
import { directionFromStack, isTransparent, matchFrame, type RuleMatch } from '../../detect/classify';
import { categoryOf } from '../../detect/rules';
import type { DynamoCategory } from '../../detect/types';
import type { Profile } from '../../profile/model';
import { forEachStack } from '../../profile/columns/sampleTable';
import { sampleTableOf } from '../../profile/columns/profileTables';

/** Per sample of `profile`: its DynamoDB category, or undefined. O(frames + stack frames). */
export function sampleCategories(profile: Profile): (DynamoCategory | undefined)[] {
  const matches: (RuleMatch | undefined)[] = profile.frames.map((f) => matchFrame(f));
  const transparent = profile.frames.map((f, id) => !matches[id] && isTransparent(f));
  const out: (DynamoCategory | undefined)[] = [];
  forEachStack(sampleTableOf(profile), (stack) => {
    let d = 0;
    while (d < stack.length && transparent[stack[d]!]) d++;
    const decider = d < stack.length ? matches[stack[d]!] : undefined;
    out.push(decider ? categoryOf(decider.rule, directionFromStack(stack, d, matches)) : undefined);
  });
  return out;
}
