/**
 * Sample values that cannot be what they claim, counted while a reader keeps or drops samples and
 * said in words: zero and negative values apart (a profile whose samples are all negative is not
 * "zero cpu"), int64's extremes (−2^63 and 2^63−1: a counter that overflowed or saturated, not a
 * measurement), values of 2^53 and more (a double holds integers exactly only below 2^53, so such
 * values and every sum over them are rounded), and totals past what a pprof int64 can hold.
 */
import { plural } from '../plural';

/** Integers from here on are not all exact as doubles (Number.MAX_SAFE_INTEGER + 1). */
const EXACT_LIMIT = 2 ** 53;
/** int64's largest value, 2^63 − 1, read as a double: 2^63 (every int64 within 512 of it rounds there). */
const INT64_MAX_AS_DOUBLE = 2 ** 63;
const INT64_MIN = -(2 ** 63);

const exactLimitText = '2^53 (9,007,199,254,740,992)';
const int64MaxText = '9,223,372,036,854,775,807';
const int64MinText = '−9,223,372,036,854,775,808';

/** Counts what is odd about the values of one profile's samples; see the file comment. */
export class SampleValueChecks {
  private zero = 0;
  private negative = 0;
  private invalid = 0;
  private int64Min = 0;
  private inexact = 0;
  private saturated = 0;

  /** Notes a sample dropped for its weight (`weight > 0` is false, or it is not finite). */
  dropped(weight: number): void {
    if (weight === 0) this.zero++;
    else if (Number.isNaN(weight) || weight === Infinity) this.invalid++;
    else {
      this.negative++;
      if (weight <= INT64_MIN) this.int64Min++;
    }
  }

  /** Notes a kept sample's values as the file gave them (weight before any unit scaling, and count). */
  kept(weight: number, count: number): void {
    if (weight >= EXACT_LIMIT || count >= EXACT_LIMIT) {
      this.inexact++;
      if (weight >= INT64_MAX_AS_DOUBLE || count >= INT64_MAX_AS_DOUBLE) this.saturated++;
    }
  }

  /** Samples dropped for a negative or invalid weight. */
  get badWeights(): number {
    return this.negative + this.invalid;
  }

  /**
   * The warnings for the profile's values: negative ones ignored, inexact ones, totals past int64.
   * `type` names the value column (`cpu`); totals are in the file's units (before scaling).
   */
  warnings(type: string, totalWeight: number, totalCount: number): string[] {
    const out: string[] = [];
    if (this.badWeights > 0) out.push(`${plural(this.badWeights, 'sample')} with a negative or invalid ${type} value were ignored${this.int64MinNote()}`);
    if (this.inexact > 0) {
      const saturated = this.saturated > 0 ? ` (${this.saturated} at int64's largest value, ${int64MaxText}: a saturated counter, not a measurement)` : '';
      out.push(`${plural(this.inexact, 'sample')} ${this.inexact === 1 ? 'has' : 'have'} a value of ${exactLimitText} or more, which cannot be held exactly: figures that include ${this.inexact === 1 ? 'it' : 'them'} are rounded${saturated}`);
    }
    if (totalWeight >= INT64_MAX_AS_DOUBLE || totalCount >= INT64_MAX_AS_DOUBLE) {
      out.push(`the ${totalWeight >= INT64_MAX_AS_DOUBLE ? `${type} values` : 'sample counts'} add up past int64's largest value (${int64MaxText}), which a pprof file cannot hold: the total is not a measurement`);
    }
    return out;
  }

  /**
   * Why no sample was kept (after `the profile has no samples: `), naming zero and negative
   * values apart. `unit` is the column's unit as the file gives it.
   */
  noSamplesDetail(type: string, unit: string): string {
    const all = this.zero + this.badWeights;
    if (all === 0) return 'it contains no samples';
    const bad = this.invalid > 0 ? 'a negative or invalid' : 'a negative';
    const one = all === 1;
    if (this.badWeights === 0) return `${one ? 'its 1 sample has' : `its ${all} samples have`} zero ${type} (${unit || 'value'})`;
    if (this.zero === 0) return `${one ? 'its 1 sample has' : `its ${all} samples have`} ${bad} ${type} value${this.int64MinNote()}`;
    return `of its ${all} samples, ${this.zero} ${this.zero === 1 ? 'has' : 'have'} zero ${type} (${unit || 'value'}) and ${this.badWeights} ${bad} value${this.int64MinNote()}`;
  }

  private int64MinNote(): string {
    if (this.int64Min === 0) return '';
    const which = this.badWeights === 1 ? '' : `${this.int64Min} of them `;
    return ` (${which}${int64MinText}, the smallest int64: a counter that overflowed or a writer bug)`;
  }
}
