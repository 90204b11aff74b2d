/**
 * The fixture README's definition of a sample's DynamoDB marshalling, computed apart from the
 * analysis for tests: its innermost frame that is not runtime or standard library matches a rule.
 */
import { isTransparent, matchFrame } from '../../src/core/detect/classify';
import type { FrameRule } from '../../src/core/detect/rules';
import type { Profile, Sample } from '../../src/core/profile/model';

/** The rule deciding `sample` of `profile` and the index of its frame, or undefined when no rule does. */
export function deciderRule(profile: Profile, sample: Sample): { rule: FrameRule; index: number } | undefined {
  const frames = Array.from(sample.stack, (id) => profile.frames[id]!);
  let d = 0;
  while (d < frames.length && !matchFrame(frames[d]!) && isTransparent(frames[d]!)) d++;
  const rule = d < frames.length ? matchFrame(frames[d]!)?.rule : undefined;
  return rule ? { rule, index: d } : undefined;
}
