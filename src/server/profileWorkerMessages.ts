/**
 * Messages between the language server's request thread and its profile worker
 * (`profileWorker.ts`). The worker holds the profile and the profiles each root's analysis saw;
 * the request thread holds only what lenses, hovers and the status bar read (a {@link RootAnalysis}
 * per root and the profile's {@link ProfileFacts}).
 */
import type { CompareFileSide, CompareFilesOptions, Comparison } from '../core/compare/index';
import type { ProfileErrorCode } from '../core/profile/errors';
import type { Profile } from '../core/profile/model';
import type { DiffFlameNode, FlameNode } from '../shared/protocol';
import type { RootAnalysis } from './analyzeRoot';
import type { HotpathSettings } from './settings';

/** A workspace root with the settings it is analysed with. */
export interface RootWithSettings {
  readonly uri: string;
  readonly path: string;
  readonly settings: HotpathSettings;
}

/** What the request thread knows of the loaded profile (the samples stay in the worker). */
export type ProfileFacts = Pick<Profile, 'format' | 'sampleType' | 'durationNs' | 'totalWeight' | 'warnings'> & {
  /** Number of samples (records with weight > 0). */
  readonly sampleCount: number;
};

/** What a worker needs to (re)load one profile as session `session`. */
export interface LoadCall {
  readonly kind: 'load';
  readonly session: number;
  readonly path: string;
  readonly sampleType?: string;
  readonly maxBytes: number;
  /** The profile file's mtime (ms): sources modified later have their recorded lines mapped. */
  readonly recordedMs: number;
  readonly roots: readonly RootWithSettings[];
}

/** A comparison of baseline profiles (`before`) with the loaded one (`after`), held by the after `session`. */
export interface CompareCall {
  readonly session: number;
  readonly before: readonly CompareFileSide[];
  readonly after: readonly CompareFileSide[];
  readonly options: CompareFilesOptions;
}

/** What lenses need of one side of a comparison (weights in the profile's unit). */
export interface SideFigures {
  /** Share of DynamoDB weight measured on a line, 0–1 (`measuredFraction`). */
  readonly measuredFraction: number;
  readonly dynamoWeight: number;
  readonly totalWeight: number;
}

/** What the request thread keeps of a comparison: the core's tables and each side's figures (the profiles stay in the worker). */
export interface ComparisonView {
  readonly comparison: Comparison;
  readonly before: SideFigures;
  readonly after: SideFigures;
}

/** The report's differential flame tree and the after profile's total weight it is drawn against. */
export interface DiffFlameAnswer {
  readonly diffFlame: DiffFlameNode;
  readonly afterTotalWeight: number;
}

/**
 * Requests to the worker; each carries an `id` its answer repeats. The worker holds each loaded
 * profile under the `session` number the request thread gave it, until `drop`.
 */
export type WorkerRequest = {
  readonly id: number;
  /** The request thread's Workspace Trust when it sent this (core/exec/workspaceTrust.ts): git runs in the worker only when true. */
  readonly trusted: boolean;
} & (
  | LoadCall
  | { readonly kind: 'analyzeRoot'; readonly session: number; readonly root: RootWithSettings }
  | { readonly kind: 'flame'; readonly session: number; readonly uri: string }
  | { readonly kind: 'drop'; readonly session: number }
  | ({ readonly kind: 'compare' } & CompareCall)
  | ({ readonly kind: 'diffFlame' } & CompareCall)
);

/** The value each request kind answers with. */
export interface WorkerAnswers {
  load: { readonly facts: ProfileFacts; readonly roots: readonly RootAnalysis[] };
  analyzeRoot: RootAnalysis;
  flame: FlameNode;
  drop: null;
  compare: ComparisonView;
  diffFlame: DiffFlameAnswer;
}

/** Messages from the worker: progress of a load, an answer, or a failure (with the error's class name). */
export type WorkerReply =
  | { readonly id: number; readonly kind: 'progress'; readonly message: string; readonly percent: number }
  | { readonly id: number; readonly kind: 'done'; readonly value: unknown }
  | {
      readonly id: number;
      readonly kind: 'failed';
      readonly message: string;
      readonly stack?: string;
      /** Set when the error was the core's ProfileError (bad input), rebuilt as one on the request thread. */
      readonly profileError?: { readonly file: string; readonly code: ProfileErrorCode; readonly detail: string };
      /** Set when the message already names the file or input and what is wrong (the core's comparison errors): shown as it is. */
      readonly userError?: boolean;
    };
