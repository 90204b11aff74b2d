/**
 * Messages between the request thread and the migration worker (`migrationWorker.ts`), which runs
 * the JavaScript/TypeScript migration analysis (the TypeScript compiler, whole programs) off the
 * language server's thread.
 */
import type { MigrationEnvironment } from '../../core/migrate/types';
import type { DocumentAnalysis } from './index';

/** One open document to analyse, with the installed SDK versions of its folder. */
export interface AnalysedDocument {
  readonly uri: string;
  readonly version: number;
  readonly text: string;
  readonly env: MigrationEnvironment;
}

/** Request thread → worker: analyse `documents` (each with its project's whole program, or alone). */
export interface AnalyseRequest {
  readonly id: number;
  /** Workspace folder paths (absolute, `/`-separated): a document inside one is analysed with its project. */
  readonly folders: readonly string[];
  /** The documents to analyse; all the project's open documents, so the program reads their texts. */
  readonly documents: readonly AnalysedDocument[];
}

/** Worker → request thread: the analysis of each requested document, for the version it was made from. */
export interface AnalyseReply {
  readonly id: number;
  readonly analyses?: readonly { readonly uri: string; readonly version: number; readonly analysis: DocumentAnalysis }[];
  /** Whether this request loaded the TypeScript-based engine (the first JavaScript/TypeScript document using aws-sdk). */
  readonly engineLoaded?: boolean;
  /** ms the worker spent on the request (a whole program built or reused, and the documents' findings). */
  readonly ms?: number;
  readonly error?: string;
}
