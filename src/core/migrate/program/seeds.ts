import ts from 'typescript';
import type { V2Resolver } from '../awsSdkBindings';
import type { ClientKind } from './clientFamily';
import type { FlowSeed } from './clientFlow';

const kindOfEntity = (kind: string | undefined): ClientKind | undefined =>
  kind === 'DocumentClient' ? 'document-client' : kind === 'DynamoDB' ? 'low-level-client' : undefined;

/**
 * The starting points of the client flow in one file: every `new DocumentClient(…)` /
 * `new AWS.DynamoDB(…)` (any import style `resolver` knows), and every variable, parameter or
 * property whose declared type names one of those classes (`client: AWS.DynamoDB.DocumentClient`),
 * which may receive instances from outside the program.
 */
export function flowSeeds(sf: ts.SourceFile, resolver: V2Resolver): FlowSeed[] {
  const seeds: FlowSeed[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node)) {
      const kind = kindOfEntity(resolver.resolve(node.expression)?.kind);
      if (kind) seeds.push({ creation: node, kind });
    }
    if ((ts.isParameter(node) || ts.isPropertyDeclaration(node) || ts.isVariableDeclaration(node) || ts.isPropertySignature(node)) && node.type) {
      const kind = typedClientKind(node.type, resolver);
      if (kind) seeds.push({ typed: node, kind });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return seeds;
}

/** The v2 client class a type annotation names (directly, in a union, or under `Readonly<…>`), if any. */
function typedClientKind(type: ts.TypeNode, resolver: V2Resolver): ClientKind | undefined {
  if (ts.isTypeReferenceNode(type)) {
    const own = kindOfEntity(resolver.resolveTypeName(type.typeName)?.kind);
    if (own) return own;
    for (const arg of type.typeArguments ?? []) {
      const k = typedClientKind(arg, resolver);
      if (k) return k;
    }
    return undefined;
  }
  if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) {
    for (const t of type.types) {
      const k = typedClientKind(t, resolver);
      if (k) return k;
    }
  }
  if (ts.isParenthesizedTypeNode(type)) return typedClientKind(type.type, resolver);
  return undefined;
}
