import type ts from 'typescript';
import type { ChangeSet, PendingEdit, V3Import } from '../editPlan';

/** The edits and v3 imports one migration subject makes, per file. */
export class FileChanges {
  readonly byFile = new Map<ts.SourceFile, ChangeSet>();

  private of(sf: ts.SourceFile): ChangeSet {
    let c = this.byFile.get(sf);
    if (!c) this.byFile.set(sf, (c = { edits: [], imports: [] }));
    return c;
  }

  edit(sf: ts.SourceFile, edit: PendingEdit): void {
    this.of(sf).edits.push(edit);
  }

  use(sf: ts.SourceFile, imp: V3Import): void {
    this.of(sf).imports.push(imp);
  }

  /** `sf`'s aws-sdk v2 imports that nothing refers to are removed when it is rendered (aws-sdk is leaving the project). */
  dropIdleV2Imports(sf: ts.SourceFile): void {
    this.of(sf).dropIdleV2Imports = true;
  }

  /** Everything of `other` added to this one. */
  merge(other: FileChanges): void {
    for (const [sf, c] of other.byFile) {
      this.of(sf).edits.push(...c.edits);
      this.of(sf).imports.push(...c.imports);
      if (c.dropIdleV2Imports) this.of(sf).dropIdleV2Imports = true;
    }
  }

  files(): ts.SourceFile[] {
    return [...this.byFile.keys()];
  }
}
