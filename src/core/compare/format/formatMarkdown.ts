/**
 * Markdown rendering of a comparison, to paste into a pull request: one table per section in
 * the seed's layout, the match summary and the notes.
 */
import type { Comparison } from '../types';
import { comparisonHeading, comparisonSections, matchLines } from './sections';

/** Escapes the characters that would break a Markdown table cell. */
export function escapeCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\*/g, '\\*').replace(/_/g, '\\_');
}

/** The whole comparison as GitHub-flavoured Markdown, ending with a newline. */
export function formatComparisonMarkdown(c: Comparison): string {
  const out: string[] = [`**${escapeCell(comparisonHeading(c))}**`, ''];
  for (const s of comparisonSections(c)) {
    out.push(`#### ${s.title}`, '');
    out.push(`| ${s.header.map(escapeCell).join(' | ')} |`);
    out.push(`|${s.header.map((_, i) => (i === 0 || s.header[i] === 'Matched' ? '---' : '---:')).join('|')}|`);
    for (const row of s.rows) out.push(`| ${row.map(escapeCell).join(' | ')} |`);
    out.push('');
  }
  out.push('<details><summary>What matched how, and caveats</summary>', '');
  out.push(...matchLines(c).map((l) => `- ${escapeCell(l)}`), '');
  out.push(...c.notes.map((n) => `- ${escapeCell(n)}`), '', '</details>');
  return out.join('\n') + '\n';
}
