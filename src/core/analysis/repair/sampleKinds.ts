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
import { frameTableOf, sampleTableOf } from '../../profile/columns/profileTables';
import { frameAt } from '../../profile/columns/frameTable';
import { PairIndex } from '../../profile/columns/pairIndex';

/** Per sample of `profile`: its DynamoDB category, or undefined. O(frames + stack frames). */
export function sampleCategories(profile: Profile): (DynamoCategory | undefined)[] {
  // Rules and transparency depend on the name and file only: judged once per function, read from the frame columns.
  const table = frameTableOf(profile);
  const functions = new PairIndex();
  const fnMatch: (RuleMatch | undefined)[] = [];
  const fnTransparent: boolean[] = [];
  const matches = new Array<RuleMatch | undefined>(table.length);
  const transparent = new Uint8Array(table.length);
  for (let id = 0; id < table.length; id++) {
    const known = functions.size;
    const fn = functions.idOf(table.fileId[id]!, table.nameId[id]!);
    if (fn === known) {
      const frame = frameAt(table, id);
      fnMatch.push(matchFrame(frame));
      fnTransparent.push(!fnMatch[fn] && isTransparent(frame));
    }
    matches[id] = fnMatch[fn];
    transparent[id] = fnTransparent[fn] ? 1 : 0;
  }
  const out: (DynamoCategory | undefined)[] = [];
  const matchAt = (frame: number) => matches[frame];
  forEachStack(sampleTableOf(profile), (stack) => {
    let d = 0;
    while (d < stack.length && transparent[stack[d]!]) d++;
    const decider = d < stack.length ? matches[stack[d]!] : undefined;
    out.push(decider ? categoryOf(decider.rule, directionFromStack(stack, d, matchAt)) : undefined);
  });
  return out;
}
