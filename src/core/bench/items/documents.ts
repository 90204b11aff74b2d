/**
 * Splits item input text into documents, the unit that {@link classifyDocument} recognises: one
 * JSON document (a top-level array gives one document per element), JSON Lines (one per line),
 * or an Amazon Ion text stream (one per top-level value).
 */
import { IonItemError, looksLikeIon, parseIonDocuments } from './ionText';

/** How the documents were laid out in the text, for messages ("line 3", "element 3", "value 3"). */
export type DocumentLayout = 'document' | 'array' | 'lines' | 'ion';

/** The documents of a text; `encoding` is 'ion' when the values came from Ion (already wire JSON). */
export interface Documents {
  layout: DocumentLayout;
  docs: unknown[];
  encoding: 'json' | 'ion';
}

/** Bad text: the problem, without the source name (the caller adds it). */
export class DocumentError extends Error {}

/** "line 3", "element 3", "value 3" or "the document". */
export function documentName(layout: DocumentLayout, index: number): string {
  switch (layout) {
    case 'lines':
      return `line ${index + 1}`;
    case 'array':
      return `element ${index + 1}`;
    case 'ion':
      return `value ${index + 1}`;
    default:
      return 'the document';
  }
}

function parseLines(trimmed: string, wholeError: Error): unknown[] {
  const lines = trimmed.split(/\r?\n/);
  const docs: unknown[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    try {
      docs.push(JSON.parse(line));
    } catch (err) {
      // Not JSON Lines either when even the first line fails: report the document's own error.
      if (docs.length === 0) throw new DocumentError(`not valid JSON (${wholeError.message})`);
      throw new DocumentError(`line ${i + 1} is not valid JSON (${(err as Error).message})`);
    }
  });
  return docs;
}

/**
 * Splits `text`. Throws DocumentError for empty text, text that is neither JSON, JSON Lines nor
 * Ion, or Ion whose values DynamoDB would not write.
 */
export function splitDocuments(text: string): Documents {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) throw new DocumentError('no items: the input is empty');
  if (looksLikeIon(trimmed)) {
    try {
      return { layout: 'ion', docs: parseIonDocuments(trimmed), encoding: 'ion' };
    } catch (err) {
      if (err instanceof IonItemError) throw new DocumentError(err.message);
      throw err;
    }
  }
  let whole: unknown;
  try {
    whole = JSON.parse(trimmed);
  } catch (err) {
    if (!trimmed.includes('\n')) throw new DocumentError(`not valid JSON (${(err as Error).message})`);
    return { layout: 'lines', docs: parseLines(trimmed, err as Error), encoding: 'json' };
  }
  if (Array.isArray(whole)) return { layout: 'array', docs: whole, encoding: 'json' };
  return { layout: 'document', docs: [whole], encoding: 'json' };
}
