import { ProfileError } from './errors';
import type { Frame, LabelSet, Profile, ProfileFormat, Sample, SampleType } from './model';
import { deepStacksWarning, type MAX_TREE_STACK_DEPTH } from './limits';
import { SampleValueChecks } from './sampleValues';

const POOL_CHUNK = 1 << 16; // frame ids per shared backing buffer

/**
 * Collects the samples of one profile and builds the {@link Profile}.
 *
 * Stacks are copied into large shared `Uint32Array` buffers and each sample gets a
 * `subarray` view: one small typed array per sample with its own `ArrayBuffer` costs
 * several times the memory of the frame ids themselves. Samples with weight 0 are dropped
 * (the model promises weight > 0); negative or non-finite weights are dropped and counted
 * in a warning.
 */
export class SampleCollector {
  private readonly samples: Sample[] = [];
  private pool = new Uint32Array(POOL_CHUNK);
  private poolUsed = 0;
  private totalWeight = 0;
  private totalCount = 0;
  private idleWeight = 0;
  private readonly checks = new SampleValueChecks();
  private cutSamples = 0;
  private cutWeight = 0;
  readonly warnings: string[] = [];

  /** Number of samples kept so far. */
  get size(): number {
    return this.samples.length;
  }

  /**
   * Adds a sample. `stack` holds frame ids leaf first; only its first `length` entries are
   * read. `weight` is in the profile's unit, `count` in profiler samples, `labels` an index
   * into the label sets passed to {@link SampleCollector.finish} (undefined: unlabelled). `cut`:
   * the reader kept only the innermost {@link MAX_TREE_STACK_DEPTH} frames (said in a warning).
   */
  add(stack: ArrayLike<number>, length: number, weight: number, count: number, labels?: number, cut = false): void {
    if (!(weight > 0) || !Number.isFinite(weight)) {
      this.checks.dropped(weight);
      return;
    }
    this.checks.kept(weight, count);
    if (cut) {
      this.cutSamples++;
      this.cutWeight += weight;
    }
    if (this.poolUsed + length > this.pool.length) {
      this.pool = new Uint32Array(Math.max(POOL_CHUNK, length));
      this.poolUsed = 0;
    }
    const start = this.poolUsed;
    for (let i = 0; i < length; i++) this.pool[start + i] = stack[i];
    this.poolUsed += length;
    const view = this.pool.subarray(start, start + length);
    this.samples.push(labels === undefined ? { stack: view, weight, count } : { stack: view, weight, count, labels });
    this.totalWeight += weight;
    this.totalCount += count;
  }

  /** Adds weight that belongs to V8 `(idle)` samples (kept out of the samples). */
  addIdle(weight: number): void {
    if (weight > 0 && Number.isFinite(weight)) this.idleWeight += weight;
  }

  /**
   * Builds the profile.
   * @throws ProfileError `no-samples` when no sample with a positive weight remains.
   */
  finish(meta: {
    sourcePath: string;
    format: ProfileFormat;
    sampleType: SampleType;
    sampleTypes: readonly SampleType[];
    durationNs: number | undefined;
    frames: readonly Frame[];
    warnings?: readonly string[];
    /** Label sets the samples' `labels` indices refer to; omitted or empty when none. */
    labelSets?: readonly LabelSet[];
  }): Profile {
    if (this.samples.length === 0) {
      const idle = this.idleWeight > 0 ? ' (only idle time was recorded)' : '';
      throw new ProfileError(meta.sourcePath, 'no-samples', `the profile has no samples: ${this.checks.noSamplesDetail(meta.sampleType.type, meta.sampleType.unit)}${idle}`);
    }
    const warnings = [...(meta.warnings ?? []), ...this.warnings, ...this.checks.warnings(meta.sampleType.type, this.totalWeight, this.totalCount)];
    if (this.cutSamples > 0) warnings.push(deepStacksWarning(this.cutSamples, this.cutWeight / this.totalWeight));
    return {
      sourcePath: meta.sourcePath,
      format: meta.format,
      sampleType: meta.sampleType,
      sampleTypes: meta.sampleTypes,
      durationNs: meta.durationNs,
      frames: meta.frames,
      samples: this.samples,
      totalWeight: this.totalWeight,
      idleWeight: this.idleWeight,
      ...(meta.labelSets && meta.labelSets.length > 0 ? { labelSets: meta.labelSets } : {}),
      warnings,
    };
  }
}
