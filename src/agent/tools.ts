/**
 * The agent tools: name, descriptions (written for a model), input and output schemas, hints, and
 * the function that runs each. The functions are required when a tool first runs, so listing the
 * tools never loads the TypeScript compiler or the AWS SDKs.
 */
import analyzeSchema from '../../schemas/analyze.schema.json';
import benchSchema from '../../schemas/bench.schema.json';
import checkSchema from '../../schemas/check.schema.json';
import compareSchema from '../../schemas/compare.schema.json';
import migrateSchema from '../../schemas/migrate.schema.json';
import { ANALYZE_PROFILE_INPUT, CHECK_CODE_INPUT, COMPARE_PROFILES_INPUT, PREVIEW_MIGRATION_INPUT, RUN_BENCHMARK_INPUT } from './inputSchemas';
import type { AgentTool } from './toolTypes';

const READS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** A schema file as an MCP outputSchema: the same document, without the `$schema` line (clients compile it with their own draft). */
function outputSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/** `definition` with its input type erased: the input is validated against its schema before `run`. */
function tool<Input>(definition: AgentTool<Input>): AgentTool {
  return definition as unknown as AgentTool;
}

type Analyze = typeof import('./analyzeProfile');
type Compare = typeof import('./compareProfiles');
type Preview = typeof import('./previewMigration');
type Bench = typeof import('./runBenchmark');
type Check = typeof import('./checkCode');

export const AGENT_TOOLS: readonly AgentTool[] = [
  tool<import('./analyzeProfile').AnalyzeProfileInput>({
    name: 'analyze_profile',
    title: 'Analyze a CPU profile for DynamoDB marshalling',
    description:
      'Finds the lines of the user\'s code that spend CPU marshalling DynamoDB items (aws-sdk-go v1/v2, guregu/dynamo, JavaScript aws-sdk v2/v3) in a CPU profile (pprof, V8 .cpuprofile, Chrome trace, speedscope, folded) or a Pyroscope query. Returns the headline share with how much was measured on the user\'s lines, estimated or left unattributed, and the call sites ranked by DynamoDB share with file:line, category and SDK; each call site carries its fix: the migration id, the findings of a migration preview in its function, the error findings that block it, and, after run_benchmark, the expected change of CPU per request. Call this first when asked why a service using DynamoDB is slow.',
    inputSchema: ANALYZE_PROFILE_INPUT,
    outputSchema: outputSchema(analyzeSchema),
    annotations: { ...READS, openWorldHint: true },
    run: (input, context) => (require('./analyzeProfile') as Analyze).analyzeProfile(input, context),
  }),
  tool<import('./compareProfiles').CompareProfilesInput>({
    name: 'compare_profiles',
    title: 'Compare profiles before and after a change',
    description:
      'Compares baseline profiles (before) with new ones (after), e.g. before and after an SDK migration: CPU and DynamoDB marshalling per request with confidence intervals (over replicate runs when a side has two or more profiles), then per category, user function, call site and SDK function, with how each row was matched (exact, renamed, moved, vanished, appeared). Request counts come from the input or each profile\'s run record <profile>.json; without them only shares are compared.',
    inputSchema: COMPARE_PROFILES_INPUT,
    outputSchema: outputSchema(compareSchema),
    annotations: READS,
    run: (input, context) => (require('./compareProfiles') as Compare).compareProfiles(input, context),
  }),
  tool<import('./previewMigration').PreviewMigrationInput>({
    name: 'preview_migration',
    title: 'Preview a DynamoDB SDK migration (writes nothing)',
    description:
      'Migrates files or folders in memory, never writing: JavaScript/TypeScript aws-sdk v2 DocumentClient, DynamoDB client and Converter to AWS SDK v3 with the options that keep stored and returned items identical (a client changes with all its uses across files, or not at all; the result is type-checked), and Go dynamodbattribute / guregu/dynamo v1 to their v2 successors (checked with go build). Returns the unified diff to apply from `base` and every finding with file:line: error = not migrated and why, warning = behaviour that changes. Apply the diff yourself, or ask the user to run the migration.',
    inputSchema: PREVIEW_MIGRATION_INPUT,
    outputSchema: outputSchema(migrateSchema),
    annotations: READS,
    run: (input, context) => (require('./previewMigration') as Preview).previewMigration(input, context),
  }),
  tool<import('./checkCode').CheckCodeInput>({
    name: 'check_code',
    title: 'Check DynamoDB client code for connection churn and lost throttled work',
    description:
      'Checks Go (aws-sdk-go v1/v2, guregu/dynamo) and JavaScript/TypeScript (aws-sdk v2, AWS SDK v3) files or folders for what makes DynamoDB clients open new connections or lose throttled work: a client built per request or loop, aws-sdk-go v1 on http.DefaultClient, small idle pools, keep-alives off, aws-sdk v2 without keep-alive, call timeouts shorter than a handshake plus a request, retries below the SDK default, throttling handled by ProvisionedThroughputExceededException alone, UnprocessedItems/UnprocessedKeys never read. Returns each finding with file:line, the reason, the fix and, where safe, a quick fix as text edits (offsets). Use it for call sites whose fix is reuse-connections, or when a service spends CPU in TLS handshakes.',
    inputSchema: CHECK_CODE_INPUT,
    outputSchema: outputSchema(checkSchema),
    annotations: READS,
    run: (input, context) => (require('./checkCode') as Check).checkCode(input, context),
  }),
  tool<import('./runBenchmark').RunBenchmarkInput>({
    name: 'run_benchmark',
    title: 'Benchmark DynamoDB marshalling: old SDK against new, on the user\'s items',
    description:
      'Measures aws-sdk v2 against v3 DynamoDB marshalling (conversion suite: AttributeValue ⇄ items; response suite: a whole Query and PutItem) and, with the go suite, aws-sdk-go dynamodbattribute against aws-sdk-go-v2 attributevalue, on the user\'s items (a file, inline JSON, or generated shapes), in fresh worker processes within a time budget. Returns each comparison\'s ratio with its 95 % interval and verdict (faster, slower, no significant difference, unstable). Runs for tens of seconds to minutes; reports progress and stops when cancelled. Later analyze_profile calls project the change per call site from it.',
    inputSchema: RUN_BENCHMARK_INPUT,
    outputSchema: outputSchema(benchSchema),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: (input, context) => (require('./runBenchmark') as Bench).runBenchmark(input, context),
  }),
];

/** The tool named `name`, or undefined. */
export function agentTool(name: string): AgentTool | undefined {
  return AGENT_TOOLS.find((t) => t.name === name);
}
