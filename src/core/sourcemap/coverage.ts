/**
 * How much of a profile's generated JavaScript was mapped back to its sources.
 */
import type { MapStatus } from './sourceMapper';

/** A generated file's map status, or `plain-js`: no map and no TypeScript file of that name (hand-written JavaScript). */
export type SourceMapFileStatus = MapStatus | 'plain-js';

/** Per generated workspace file seen in the profile. Weights in the profile's unit, each sample counted once per file. */
export interface SourceMapFileCoverage {
  /** The path as recorded in the profile. */
  readonly profileFile: string;
  /** The generated file, relative to the workspace root. */
  readonly generatedFile: string;
  readonly status: SourceMapFileStatus;
  readonly weight: number;
  /** Distinct frames in the file, and how many of them had no mapping although the map was read. */
  readonly frames: number;
  readonly unmappedFrames: number;
  /**
   * Of the frames without a mapping, those on lines the compiler or bundler wrote (runtime
   * helpers): they lose their file and are never the user's code or a call site. Absent when none.
   */
  readonly generatedCodeFrames?: number;
  readonly mapFile?: string;
  readonly reason?: string;
  /** The file or its map was modified after the profile was recorded: the profile's positions may be of an earlier build. */
  readonly newerThanProfile?: boolean;
  /**
   * Sources whose `sourcesContent` in this file's map differs from the file on disk (workspace-relative):
   * positions on lines the diff keeps were moved to today's lines (`movedFrames`); the others stay on the
   * JavaScript (`staleFrames`, with the weight of the samples through them).
   */
  readonly builtFrom?: { readonly sources: readonly string[]; readonly movedFrames: number; readonly staleFrames: number; readonly staleWeight: number };
}

/** An original source checked against its map's `sourcesContent` (see `buildSources.ts`). */
export interface CheckedSource {
  readonly absolutePath: string;
  readonly relativePath: string;
  /** `same`: the build compiled today's text; `differs`: its lines were moved through a line diff (or left on the JavaScript). */
  readonly state: 'same' | 'differs';
  /** Some generated file that maps to it is newer than the profile: its `sourcesContent` may be of a later build than the profiled one. */
  readonly throughNewerBuild: boolean;
}

export interface SourceMapCoverage {
  /** Weight of the samples through generated files whose map was read (each sample once, however many such files it runs through). */
  readonly mappedWeight: number;
  /** Weight of the samples through generated files (a TypeScript file of that name exists, or a map comment) whose map is missing or broken, each sample once. */
  readonly missingWeight: number;
  /** Weight of the samples through frames left on the JavaScript because their source line changed since the build (each sample once). */
  readonly staleWeight?: number;
  /** Heaviest first. */
  readonly files: readonly SourceMapFileCoverage[];
  /** Sources whose map carried `sourcesContent`, compared with the file on disk. */
  readonly checkedSources?: readonly CheckedSource[];
}
