import ts from 'typescript';
import type { ClientFamily } from './clientFamily';

/** A member read on a client, with the call it makes when the member is called (`c.get(p)`). */
export interface ClientMemberUse {
  value: ts.Expression;
  access: ts.PropertyAccessExpression | ts.ElementAccessExpression;
  call?: ts.CallExpression;
}

/** The family's member reads in program order (file, then offset), each with its call if called. */
export function clientUses(fam: ClientFamily): ClientMemberUse[] {
  const uses = fam.uses.map(({ value, access }) => {
    const p = access.parent;
    const call = ts.isCallExpression(p) && p.expression === access ? p : undefined;
    return { value, access, call };
  });
  return uses.sort((a, b) => {
    const fa = a.access.getSourceFile().fileName;
    const fb = b.access.getSourceFile().fileName;
    return fa === fb ? a.access.pos - b.access.pos : fa < fb ? -1 : 1;
  });
}
