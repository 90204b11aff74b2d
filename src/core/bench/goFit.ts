/**
 * How the items fit the struct, read from the line `TestFitDynamoHotpath` prints (see
 * goBenchGenerator.ts): per SDK, items that failed to unmarshal, the mean number of exported
 * fields left non-zero, fields left at zero, and item attributes no field took. A benchmark of
 * mostly empty structs measures nothing useful, so {@link judgeFit} refuses it.
 */
import { FIT_LINE_PREFIX } from './goBenchGenerator';

/** What one SDK made of the items. */
export interface FitSide {
  errors: string[] | null;
  filledMean: number;
  emptyFields: Record<string, number>;
  unmatched: Record<string, number>;
}

/** The whole fit report. */
export interface FitReport {
  items: number;
  fields: number;
  v1: FitSide;
  v2: FitSide;
}

/** Finds and parses the fit line in the test binary's output, or undefined when there is none. */
export function parseFitLine(output: string): FitReport | undefined {
  const line = output.split('\n').find((l) => l.startsWith(FIT_LINE_PREFIX));
  return line ? (JSON.parse(line.slice(FIT_LINE_PREFIX.length)) as FitReport) : undefined;
}

/** Share of the fields that must be filled on average, below which the run is refused. */
export const MIN_FILLED_SHARE = 0.5;

const list = (counts: Record<string, number>, items: number, max = 8): string => {
  const names = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = names.slice(0, max).map(([k, n]) => (n === items ? k : `${k} (${n} of ${items})`));
  return shown.join(', ') + (names.length > max ? `, and ${names.length - max} more` : '');
};

/**
 * Notes for the report and, when the items do not fit, the reason to refuse: an item that does
 * not unmarshal (either SDK), or fewer than half the struct's fields filled on average (v1, the
 * code the user runs today).
 */
export function judgeFit(fit: FitReport, typeName: string): { notes: string[]; refusal?: string } {
  const notes: string[] = [];
  const { v1, v2 } = fit;
  const errors = [...(v1.errors ?? []).map((e) => `dynamodbattribute: ${e}`), ...(v2.errors ?? []).map((e) => `attributevalue: ${e}`)];
  if (errors.length) {
    return { notes, refusal: `the items do not unmarshal into ${typeName}: ${errors.slice(0, 3).join('; ')}${errors.length > 3 ? ` (${errors.length} errors)` : ''}` };
  }
  const filled = `${typeName}: items fill ${v1.filledMean.toFixed(1)} of ${fit.fields} exported fields on average`;
  if (Object.keys(v1.unmatched).length) notes.push(`item attributes no field of ${typeName} takes (ignored by both SDKs): ${list(v1.unmatched, fit.items)}`);
  if (Object.keys(v1.emptyFields).length) notes.push(`fields left at their zero value: ${list(v1.emptyFields, fit.items)}`);
  if (Math.abs(v1.filledMean - v2.filledMean) > 1e-9) {
    notes.push(`the SDKs fill different fields (dynamodbattribute ${v1.filledMean.toFixed(1)}, attributevalue ${v2.filledMean.toFixed(1)} on average): attributevalue ignores \`json\` tags`);
  }
  if (fit.fields === 0 || v1.filledMean < MIN_FILLED_SHARE * fit.fields) {
    return { notes, refusal: `${filled}: most would stay empty, so the benchmark would time empty structs. Pick the struct these items are stored as, or items of that table.` };
  }
  notes.unshift(filled);
  return { notes };
}
