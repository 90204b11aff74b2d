/**
 * Turns the call-site labels of a recorded profile (`dynamo-hotpath record`) into frames: each
 * labelled sample gets its recorded call site as one more frame at the root end of its stack.
 * A sample taken in an async continuation of an SDK request (no frame of the user's code on
 * its stack) then has exactly one user frame — the line that made the request — and the
 * attribution pass credits it there like any other call site; later stages (source maps) treat
 * the new frames like the recorded ones.
 */
import type { Frame, Profile } from '../profile/model';
import { deriveProfile, replaceFramesOrFields, sampleTableOf } from '../profile/columns/profileTables';
import { frameTableFromFrames } from '../profile/columns/frameTable';
import { DerivedSampleTable } from '../profile/columns/derivedSamples';
import { RECORDER_LABEL, recordedCallSite } from './recorderLabels';

/**
 * Grafts the recorded call site of every labelled sample onto its stack (root end). Profiles
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
  const frameOfSet = sets.map((labels) => {
    const site = recordedCallSite(labels);
    if (!site) return -1;
    const existing = frames.findIndex((f, id) => id >= firstRecordedFrame && f.file === site.file && f.line === site.line && f.column === site.column && f.name === site.functionName);
    if (existing >= 0) return existing;
    frames.push({ name: site.functionName, file: site.file, line: site.line, column: site.column, inlined: false });
    return frames.length - 1;
  });
  if (frames.length === firstRecordedFrame) return recorderFiles.size > 0 ? replaceFramesOrFields(profile, { frames }) : profile;
  const table = sampleTableOf(profile);
  const samples = new DerivedSampleTable(table);
  for (let i = 0; i < table.length; i++) {
    samples.keep(i);
    const labels = table.labels?.[i] ?? -1;
    const frame = labels < 0 ? -1 : frameOfSet[labels]!;
    if (frame >= 0) samples.append([frame]);
  }
  return deriveProfile(profile, { frames: frameTableFromFrames(frames), samples: samples.finish() });
}
