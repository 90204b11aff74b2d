/**
 * What a call site does, so a before/after comparison pairs the line that runs a Query with the
 * line that runs it after the migration (`.query().promise()` ↔ `send(new QueryCommand)`,
 * `Converter.unmarshall` ↔ `unmarshall`), whatever the lines' order.
 */
import type { CallSite } from '../analysis/types';
import { FRAME_RULES } from '../detect/rules';

export { isExactLine } from '../analysis/exactLine';

/** Rules of item conversion the user calls directly (not through a request). */
const CONVERTER_RULES = new Set(['js-v2-converter', 'js-v3-util-dynamodb', 'go-v1-dynamodbattribute', 'go-v2-attributevalue']);
const CONVERTER_LABELS = new Set(FRAME_RULES.filter((r) => CONVERTER_RULES.has(r.id)).map((r) => r.label));

/**
 * The role of a call site: `convert:unmarshal` / `convert:marshal` when its work is item
 * conversion the code calls itself (v2 `DynamoDB.Converter`, v3 `util-dynamodb`, Go
 * `attributevalue` / `dynamodbattribute`), else `op:Query` (`op:PutItem+Query` for several) from the
 * operations it runs; undefined when nothing names one.
 */
export function callSiteRole(c: CallSite): string | undefined {
  if (CONVERTER_LABELS.has(c.dominant.label) && c.dominant.category.startsWith('attribute-')) return `convert:${c.dominant.category.slice('attribute-'.length)}`;
  return c.operations && c.operations.length > 0 ? `op:${c.operations.join('+')}` : undefined;
}

/** A role in words: `a Query`, `item unmarshalling (Converter/unmarshall)`. */
export function rolePhrase(role: string): string {
  if (role === 'convert:unmarshal') return 'item unmarshalling (Converter.unmarshall / unmarshall / UnmarshalMap)';
  if (role === 'convert:marshal') return 'item marshalling (Converter.marshall / marshall / MarshalMap)';
  return `a ${role.slice('op:'.length).split('+').join(' and a ')}`;
}

