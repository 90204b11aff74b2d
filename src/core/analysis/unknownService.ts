/**
 * Shared protocol work whose stack did not tell which AWS service it was for, held until the
 * pass has seen every sample and {@link ServiceSplit} can say which fraction is DynamoDB's.
 */
import type { DynamoOperation } from '../source/dynamoOperations';

/** Work of one kind: same SDK family, category, rule, call site (if any), operation and repair state. */
export interface UnknownServiceEntry {
  readonly family: number;
  readonly categoryIndex: number;
  readonly ruleKey: string;
  readonly migration: string | undefined;
  /** Call-site key and user frame when a frame of the user's code (or a label) credited it; undefined otherwise. */
  readonly siteKey: number | undefined;
  readonly frame: number;
  readonly operation: DynamoOperation | undefined;
  /** The samples' `SAMPLE_REPAIR` state. */
  readonly repair: number;
  weight: number;
  count: number;
}

/** The held entries, merged by kind. */
export class UnknownServiceWork {
  private readonly entries = new Map<string, UnknownServiceEntry>();
  /** Total weight held. */
  weight = 0;

  add(entry: Omit<UnknownServiceEntry, 'weight' | 'count'>, weight: number, count: number): void {
    const key = `${entry.family}|${entry.categoryIndex}|${entry.ruleKey}|${entry.siteKey ?? ''}|${entry.operation ?? ''}|${entry.repair}`;
    let held = this.entries.get(key);
    if (!held) this.entries.set(key, (held = { ...entry, weight: 0, count: 0 }));
    held.weight += weight;
    held.count += count;
    this.weight += weight;
  }

  all(): Iterable<UnknownServiceEntry> {
    return this.entries.values();
  }
}
