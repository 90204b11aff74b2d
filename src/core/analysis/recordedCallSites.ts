/**
 * Turns the call-site labels of a recorded profile (`dynamo-hotpath record`) into frames: each
 * labelled sample gets its recorded call site as one more frame at the root end of its stack,
 * followed (further towards the root) by the user frames that called it (`ddb.callers`).
 * A sample taken in an async continuation of an SDK request (no frame of the user's code on
 * its stack) then has exactly one user frame — the line that made the request — and the
 * attribution pass credits it there like any other call site; later stages (source maps) treat
 * the new frames like the recorded ones.
 */
import type { Frame, Profile } from '../profile/model';
import { deriveProfile, replaceFramesOrFields, sampleTableOf } from '../profile/columns/profileTables';
import { frameTableFromFrames } from '../profile/columns/frameTable';
import { DerivedSampleTable } from '../profile/columns/derivedSamples';
import { RECORDER_LABEL, recordedCallSite, type RecordedFrame } from './recorderLabels';

/**
 * Grafts the recorded call site of every labelled sample onto its stack (root end), then its
 * recorded callers, innermost first; {@link recordedFrameCount} says how many frames a label set
 * adds. Profiles
 * without call-site labels come back as they are, at no cost. Frames of recorded call sites
 * carry the recorded column (for source maps) and the function name the recorder saw; frames
 * of the recorder itself (its file named by the `ddb.recorder` label) lose their file.
 */
export function graftRecordedCallSites(profile: Profile): Profile {
  const sets = profile.labelSets;
  if (!sets || sets.length === 0) return profile;
  const firstRecordedFrame = profile.frames.length;
  const recorderFiles = new Set(sets.map((labels) => labels[RECORDER_LABEL]).filter((f): f is string => !!f));
  // The recorder's wrappers are on the stack of every call: neither the user's code nor an unmapped file.
  const frames: Frame[] = profile.frames.map((f) => (recorderFiles.has(f.file) ? { ...f, file: '' } : f));
  const recordedIds = new Map<string, number>();
  const frameOf = (f: RecordedFrame): number => {
    const key = `${f.file}\u0000${f.line}\u0000${f.column}\u0000${f.functionName}`;
    let id = recordedIds.get(key);
    if (id === undefined) {
      id = frames.length;
      frames.push({ name: f.functionName, file: f.file, line: f.line, column: f.column, inlined: false });
      recordedIds.set(key, id);
    }
    return id;
  };
  const framesOfSet = sets.map((labels) => {
    const site = recordedCallSite(labels);
    return site ? [frameOf(site), ...site.callers.map(frameOf)] : [];
  });
  if (frames.length === firstRecordedFrame) return recorderFiles.size > 0 ? replaceFramesOrFields(profile, { frames }) : profile;
  const table = sampleTableOf(profile);
  const samples = new DerivedSampleTable(table);
  for (let i = 0; i < table.length; i++) {
    samples.keep(i);
    const labels = table.labels?.[i] ?? -1;
    const grafted = labels < 0 ? undefined : framesOfSet[labels]!;
    if (grafted && grafted.length > 0) samples.append(grafted);
  }
  return deriveProfile(profile, { frames: frameTableFromFrames(frames), samples: samples.finish() });
}

/**
 * Frames {@link graftRecordedCallSites} adds to a sample with `labels`: 0 without a well-formed
 * call site, else 1 (the call site) + its recorded callers. The call site is then the frame at
 * `stack.length - count`.
 */
export function recordedFrameCount(labels: Readonly<Record<string, string>>): number {
  const site = recordedCallSite(labels);
  return site ? 1 + site.callers.length : 0;
}

/**
 * The first recorded caller of the sample's call site (grafted at `stack[recorded]`) that is the
 * user's code (`isUser[frame]`), skipping dependency frames: a bundle's recorded callers map
 * through its source map into `node_modules` (a decorator's `descriptor.value`), and the next
 * recorded caller is the user's line. Frame id, or −1 when `recorded` is −1 or no caller is the user's.
 */
export function recordedUserCaller(stack: Uint32Array, recorded: number, isUser: Uint8Array): number {
  if (recorded < 0) return -1;
  for (let i = recorded + 1; i < stack.length; i++) if (isUser[stack[i]!]) return stack[i]!;
  return -1;
}

/**
 * How many grafted frames past a label set's recorded call site its business line is, when the
 * call went through a helper: the call site and at least its first recorded caller lie in one file
 * (a promisify-style `call(client, method, params)` whose promise executor calls the SDK) and a
 * later caller is in another file — that caller is the business line, the helper's frames its path.
 * 0 when there is no such helper (a one-line wrapper keeps its line; its callers split it).
 */
export function recordedHelperDepth(labels: Readonly<Record<string, string>>): number {
  const site = recordedCallSite(labels);
  if (!site || site.callers.length === 0 || site.callers[0]!.file !== site.file) return 0;
  const outside = site.callers.findIndex((c) => c.file !== site.file);
  return outside < 0 ? 0 : outside + 1;
}
