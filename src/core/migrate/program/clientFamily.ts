import type ts from 'typescript';
import type { V3Consumer } from './v3Consumers';

/** The two v2 client classes the engine follows. */
export type ClientKind = 'document-client' | 'low-level-client';

/** Something that stops a family from being migrated, at a node, in one clause (`passed to x.y`). */
export interface FlowBlocker {
  node: ts.Node;
  why: string;
}

/** A member read on a client value: `c.get(…)`, `c.options`, `c['put']`. */
export interface ClientUse {
  value: ts.Expression;
  access: ts.PropertyAccessExpression | ts.ElementAccessExpression;
}

/**
 * A set of v2 clients that must change together: every creation whose instances meet in a
 * shared variable, property, parameter or return value, with every expression holding one of
 * them and every member read on those expressions.
 */
export interface ClientFamily {
  id: number;
  kinds: Set<ClientKind>;
  /** `new DocumentClient(…)` / `new AWS.DynamoDB(…)` of the family, in program order. */
  creations: ts.NewExpression[];
  /** Declarations typed as a v2 client (`client: DocumentClient`) that joined the family. */
  typedHolders: ts.Node[];
  /** Declarations (variables, properties, parameters, exports) holding a client of the family. */
  holders: Set<ts.Node>;
  /** Functions returning a client of the family. */
  factories: Set<ts.Node>;
  /** Every expression that evaluates to a client of the family (outermost of `await`/parentheses/`??`). */
  values: Set<ts.Expression>;
  uses: ClientUse[];
  /** Test doubles made over a client (`jest.spyOn(client, 'get')`, `sinon.stub(client, …)`, `client.get = jest.fn()`). */
  stubs: ts.Expression[];
  blockers: FlowBlocker[];
  /** Hand-overs to a library that takes a v3 document client too (`new Entity(schema, { client })`). */
  v3Consumers: Array<{ node: ts.Node; call: ts.CallExpression | ts.NewExpression; consumer: V3Consumer }>;
  /** Families that must migrate together with this one (a DocumentClient's `service:` client). */
  linked: Set<number>;
}

/** A new, empty family. */
export function emptyFamily(id: number): ClientFamily {
  return {
    id, kinds: new Set(), creations: [], typedHolders: [], holders: new Set(), factories: new Set(), values: new Set(),
    uses: [], stubs: [], blockers: [], v3Consumers: [], linked: new Set(),
  };
}

/** Moves everything of `from` into `into` (union of the two families). */
export function absorb(into: ClientFamily, from: ClientFamily): void {
  for (const k of from.kinds) into.kinds.add(k);
  into.creations.push(...from.creations);
  into.typedHolders.push(...from.typedHolders);
  for (const h of from.holders) into.holders.add(h);
  for (const f of from.factories) into.factories.add(f);
  for (const v of from.values) into.values.add(v);
  into.uses.push(...from.uses);
  into.stubs.push(...from.stubs);
  into.blockers.push(...from.blockers);
  into.v3Consumers.push(...from.v3Consumers);
  for (const l of from.linked) into.linked.add(l);
}
