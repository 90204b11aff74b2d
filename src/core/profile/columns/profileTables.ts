/**
 * The link between the {@link Profile} interface (arrays of frame and sample objects, what most
 * code and every test reads) and its columns (what the readers build and the analysis reads).
 *
 * A profile made by {@link columnarProfile} holds only its columns; its `frames` and `samples`
 * are built on first access and kept. Code that builds profiles from arrays (tests, small
 * readers) gets its columns built on first request by {@link frameTableOf}/{@link sampleTableOf}.
 * Both directions are cached by the identity of the array, so a profile copied with a spread
 * (`{ ...profile, samples }`) finds the columns of what it shares and rebuilds only what it
 * replaced: a stage can never read columns that disagree with the arrays.
 */
import type { Frame, Profile, Sample } from '../model';
import { frameTableFromFrames, framesOf, type FrameTable } from './frameTable';
import { sampleTableFromSamples, samplesOf, type SampleTable } from './sampleTable';

const framesOfProfile = new WeakMap<Profile, FrameTable>();
const samplesOfProfile = new WeakMap<Profile, SampleTable>();
const framesOfArray = new WeakMap<readonly Frame[], FrameTable>();
const samplesOfArray = new WeakMap<readonly Sample[], SampleTable>();
let sampleArraysBuilt = 0;
let frameArraysBuilt = 0;

/**
 * How many times this process has turned a columnar profile's samples into objects (the
 * `samples` getter of {@link columnarProfile}, first read). The analysis of a Go profile reads
 * columns only, so it adds none; a test holds it to that.
 */
export function sampleArraysBuiltCount(): number {
  return sampleArraysBuilt;
}

/**
 * How many times this process has turned a columnar profile's frames into objects (the `frames`
 * getter, first read). The analysis of a Go profile reads the frame columns only; a test holds it to that.
 */
export function frameArraysBuiltCount(): number {
  return frameArraysBuilt;
}

/** A profile whose `frames` and `samples` are the given columns, turned into objects only when read. */
export function columnarProfile(meta: Omit<Profile, 'frames' | 'samples'>, frames: FrameTable, samples: SampleTable): Profile {
  let frameObjects: Frame[] | undefined;
  let sampleObjects: Sample[] | undefined;
  const profile = {} as Profile;
  Object.defineProperty(profile, 'frames', {
    enumerable: true,
    get: () => {
      if (!frameObjects) {
        framesOfArray.set((frameObjects = framesOf(frames)), frames);
        frameArraysBuilt++;
      }
      return frameObjects;
    },
  });
  Object.defineProperty(profile, 'samples', {
    enumerable: true,
    get: () => {
      if (!sampleObjects) {
        samplesOfArray.set((sampleObjects = samplesOf(samples)), samples);
        sampleArraysBuilt++;
      }
      return sampleObjects;
    },
  });
  Object.assign(profile, meta);
  framesOfProfile.set(profile, frames);
  samplesOfProfile.set(profile, samples);
  return profile;
}

/** The frame columns of `profile` (built from `profile.frames` once when it has none). */
export function frameTableOf(profile: Profile): FrameTable {
  const own = framesOfProfile.get(profile);
  if (own) return own;
  let table = framesOfArray.get(profile.frames);
  if (!table) framesOfArray.set(profile.frames, (table = frameTableFromFrames(profile.frames)));
  return table;
}

/** The sample columns of `profile` (built from `profile.samples` once when it has none). */
export function sampleTableOf(profile: Profile): SampleTable {
  const own = samplesOfProfile.get(profile);
  if (own) return own;
  let table = samplesOfArray.get(profile.samples);
  if (!table) samplesOfArray.set(profile.samples, (table = sampleTableFromSamples(profile.samples)));
  return table;
}

/** True when `profile` holds columns of its own (its arrays are built only if someone reads them). */
export function isColumnar(profile: Profile): boolean {
  return framesOfProfile.has(profile);
}

/**
 * A profile like `profile` with some of its columns or fields replaced, built without reading
 * `profile.frames`/`samples` (a spread would turn both into objects). Unchanged columns are shared.
 */
export function deriveProfile(profile: Profile, change: { frames?: FrameTable; samples?: SampleTable; fields?: Partial<Omit<Profile, 'frames' | 'samples'>> }): Profile {
  const meta: Record<string, unknown> = {};
  for (const key of Object.keys(profile)) if (key !== 'frames' && key !== 'samples') meta[key] = (profile as unknown as Record<string, unknown>)[key];
  Object.assign(meta, change.fields ?? {});
  return columnarProfile(meta as Omit<Profile, 'frames' | 'samples'>, change.frames ?? frameTableOf(profile), change.samples ?? sampleTableOf(profile));
}

/**
 * `profile` with `frames` and/or other fields replaced, samples shared: a columnar profile stays
 * columnar (its sample objects are never built, see {@link deriveProfile}); a profile of arrays
 * is copied with a spread, so its `samples` array stays the same object.
 */
export function replaceFramesOrFields(profile: Profile, change: { frames?: readonly Frame[]; fields?: Partial<Omit<Profile, 'frames' | 'samples'>> }): Profile {
  if (!isColumnar(profile)) return { ...profile, ...(change.fields ?? {}), ...(change.frames ? { frames: change.frames } : {}) };
  return deriveProfile(profile, { ...(change.frames ? { frames: frameTableFromFrames(change.frames) } : {}), ...(change.fields ? { fields: change.fields } : {}) });
}
