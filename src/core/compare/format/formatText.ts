/**
 * Plain-text rendering of a comparison for a terminal: aligned columns in the seed's layout
 * (Metric | Before | After | Change), then what matched how and the notes.
 */
import type { Comparison } from '../types';
import { displayText } from '../../text/displayText';
import { comparisonHeading, comparisonSections, matchLines } from './sections';

/** Pads each column to its widest cell; columns are separated by two spaces. */
export function alignColumns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, [...cell].length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat(widths[i]! - [...cell].length))).join('  ').trimEnd());
}

/** The whole comparison as text, ending with a newline; each cell and line escaped as one line (names come from the profiles). */
export function formatComparisonText(c: Comparison): string {
  const out: string[] = [displayText(comparisonHeading(c)), ''];
  for (const s of comparisonSections(c)) {
    out.push(s.title, ...alignColumns([s.header, ...s.rows].map((row) => row.map((cell) => displayText(cell)))), '');
  }
  out.push('Matched', ...matchLines(c).map((l) => `  ${displayText(l)}`), '');
  out.push('Notes', ...c.notes.map((n) => `  - ${displayText(n)}`));
  return out.join('\n') + '\n';
}
