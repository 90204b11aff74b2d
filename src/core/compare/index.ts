/**
 * Public surface of the comparison core, for the CLI, the language server and the report panel.
 */
export { compareAnalyses, CompareError, type CompareOptions, type CompareSide } from './compareAnalyses';
export { compareFiles, compareFileSets, type CompareFileSide, type CompareFilesOptions, type FileComparison } from './compareFiles';
export { compareProfileSets, type AnalysedSide, type CompareSetsOptions, type ProfileReplicate } from './compareSets';
export { poolProfiles } from './mergeProfiles';
export { changeInterval, replicateTotals, type ChangeInterval, type PerRequestChange, type ReplicateTotals, type ReplicateValue } from './replicates';
export { buildDiffTree, renamesFromComparison, type DiffNode, type DiffTreeOptions } from './diffTree';
export { formatComparisonMarkdown } from './format/formatMarkdown';
export { formatComparisonText } from './format/formatText';
export { comparisonSections, type Section } from './format/sections';
export { callSiteRowAt, formatLensDelta, lensTextForRow } from './lensDelta';
export { parseRequestInput, RequestCountError, resolveRequests, type RequestInput, type ResolvedRequests } from './requestCount';
export { readRunRecord, runRecordPathFor, RunRecordError, type RunRecord } from './runRecord';
export { isSignificantShareChange, shareStandardError, SIGNIFICANCE_Z } from './significance';
export * from './types';
export { WindowError } from './v8Window';
