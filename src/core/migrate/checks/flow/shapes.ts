/**
 * What a value read through a migrated v2 call is, as it travels through the program: a command
 * output, an item, an attribute value, an array or record of those, a promise of one, or a
 * `holder` (a structure with such values somewhere inside, where only serialisation matters).
 * The member rules follow the DynamoDB output shapes (GetItem `Item`, Query/Scan `Items`,
 * BatchGetItem `Responses[table][]`, TransactGetItems `Responses[].Item`, `Attributes`).
 */

export type Shape =
  | { k: 'output'; method: string }
  | { k: 'item' }
  | { k: 'attr' }
  | { k: 'array'; of: Shape }
  | { k: 'record'; of: Shape }
  | { k: 'promise'; of: Shape }
  | { k: 'holder' };

export const item: Shape = { k: 'item' };
export const attr: Shape = { k: 'attr' };
export const holder: Shape = { k: 'holder' };

const maxDepth = 4;

function depth(s: Shape): number {
  return 'of' in s ? 1 + depth(s.of) : 0;
}

/** `array(of)`, collapsed to `holder` past a small nesting depth (keeps the fixpoint finite). */
export function arrayOf(of: Shape): Shape {
  return depth(of) >= maxDepth ? holder : { k: 'array', of };
}

/** `promise(of)`; a promise of a promise is one promise (as `await` and `then` see it). */
export function promiseOf(of: Shape): Shape {
  if (of.k === 'promise') return of;
  return depth(of) >= maxDepth ? holder : { k: 'promise', of };
}

/** A stable key for visited sets. */
export function shapeKey(s: Shape): string {
  switch (s.k) {
    case 'output':
      return `output:${s.method}`;
    case 'array':
    case 'record':
    case 'promise':
      return `${s.k}(${shapeKey(s.of)})`;
    default:
      return s.k;
  }
}

/** The output of a migrated v2 method: the shape its result has. */
export function outputOf(method: string): Shape {
  if (method === 'unmarshall') return item;
  if (method === 'output') return attr;
  return { k: 'output', method };
}

const itemMembers = new Set(['Item', 'Attributes']);

/**
 * The shape of `value.name` (or `value['name']`), or undefined when that member carries nothing
 * read from DynamoDB (`Count`, `LastEvaluatedKey`, `length`, …).
 */
export function memberShape(s: Shape, name: string): Shape | undefined {
  switch (s.k) {
    case 'output':
      if (itemMembers.has(name)) return item;
      if (name === 'Items') return arrayOf(item);
      if (name === 'Responses' && s.method === 'batchGet') return { k: 'record', of: arrayOf(item) };
      if (name === 'Responses' && s.method === 'transactGet') return arrayOf({ k: 'output', method: 'get' });
      return undefined;
    case 'item':
    case 'attr':
      return name === 'length' ? undefined : attr;
    case 'record':
      return s.of;
    case 'holder':
      return holder;
    default:
      return undefined;
  }
}

/** The shape of `value[i]` for a computed (non-literal) index. */
export function indexShape(s: Shape): Shape | undefined {
  switch (s.k) {
    case 'array':
    case 'record':
      return s.of;
    case 'item':
    case 'attr':
      return attr;
    case 'holder':
      return holder;
    default:
      return undefined;
  }
}
