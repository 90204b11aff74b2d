import type ts from 'typescript';
import { translateClientConfig } from '../clientConfig';
import type { ConfigText } from './planContext';
import type { MigrationProject } from './project';

/**
 * The v3 client configuration of a v2 creation: its own service options translated by
 * `translateClientConfig`; options with no v3 equivalent are named in a warning.
 */
export function planClientConfig(creation: ts.NewExpression, props: readonly ts.ObjectLiteralElementLike[], _project: MigrationProject): ConfigText {
  const t = translateClientConfig(props, creation.getSourceFile());
  const notes: ConfigText['notes'] = [];
  if (t.dropped.length) notes.push({ severity: 'warning', message: `v2 options not carried over to the v3 client: ${t.dropped.join(', ')}` });
  return { text: t.text, notes, blockers: [] };
}
