/**
 * Markdown rendering of a comparison, to paste into a pull request: one table per section in
 * the seed's layout, the match summary and the notes.
 */
import type { Comparison } from '../types';
import { markdownText } from '../../text/displayText';
import { comparisonHeading, comparisonSections, matchLines } from './sections';

/** A table cell's text (names come from the profiles): literal, nothing in it can break the cell or make a link, an image or HTML. */
export function escapeCell(text: string): string {
  return markdownText(text);
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
