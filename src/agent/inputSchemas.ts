/**
 * The input JSON Schemas (draft 2020-12) of the agent tools, one place for the MCP server and the
 * editor's language-model tools (package.json `contributes.languageModelTools` repeats them; a
 * manifest test keeps both the same). Limits keep one call bounded: 100 call sites, 20 profiles a
 * side, 200 paths, an hour of benchmark.
 */

const pathText = (description: string) => ({ type: 'string', minLength: 1, maxLength: 4096, description });

const mappings = {
  type: 'array',
  maxItems: 50,
  description: 'Path-mapping rules, most specific first: profile path prefix `from` (e.g. /home/ci/build/app or a -trimpath module path) → `to`, a folder relative to root. Use when the result lists unresolved paths.',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['from', 'to'],
    properties: { from: { type: 'string', minLength: 1, maxLength: 4096 }, to: { type: 'string', maxLength: 4096 } },
  },
} as const;

const root = pathText('Folder holding the sources the profile was recorded from (default: the first root). The result names call sites relative to it.');
const sampleType = { type: 'string', minLength: 1, maxLength: 100, description: 'Value column of a pprof profile to read (cpu, samples, wall…); default: the CPU time column.' } as const;
const requestCount = { type: 'string', minLength: 1, maxLength: 100, description: 'Requests the profile stands for: a count (990, 30.06M) or a rate with an optional duration (49.35/s, 49.35/s*20s). Default: the run record <profile>.json beside the profile when there is one.' } as const;

/** `analyze_profile`: a profile file or a Pyroscope query. */
export const ANALYZE_PROFILE_INPUT = {
  type: 'object',
  additionalProperties: false,
  properties: {
    profile: pathText('CPU profile file: pprof (.pb.gz, .pprof), V8 .cpuprofile, Chrome trace, speedscope or folded stacks. Give this or pyroscope.'),
    pyroscope: {
      type: 'object',
      additionalProperties: false,
      required: ['url'],
      description: 'Fetch the merged profile of a service from Pyroscope or Grafana Cloud Profiles instead of reading a file. Credentials come from the server environment (DYNAMO_HOTPATH_PYROSCOPE_TOKEN, or DYNAMO_HOTPATH_PYROSCOPE_PASSWORD with user), never from the input.',
      properties: {
        url: { type: 'string', minLength: 1, maxLength: 2048, description: 'Base URL, e.g. http://localhost:4040 or https://profiles-prod-001.grafana.net.' },
        query: { type: 'string', minLength: 2, maxLength: 2048, description: 'Label selector, e.g. {service_name="adserver"} (default {}).' },
        from: { type: 'string', minLength: 1, maxLength: 100, description: 'ISO 8601, now-1h or Unix seconds (default now-1h).' },
        to: { type: 'string', minLength: 1, maxLength: 100, description: 'Default now.' },
        profileType: { type: 'string', minLength: 1, maxLength: 200, description: 'Default process_cpu:cpu:nanoseconds:cpu:nanoseconds.' },
        tenant: { type: 'string', minLength: 1, maxLength: 200, description: 'X-Scope-OrgID of a multi-tenant server.' },
        user: { type: 'string', minLength: 1, maxLength: 200, description: 'Basic-auth user (Grafana Cloud: the stack user id); the password comes from the environment.' },
      },
    },
    root,
    mappings,
    sampleType,
    top: { type: 'integer', minimum: 1, maximum: 100, description: 'Call sites and functions to return, heaviest first (default 10).' },
    requests: requestCount,
    previewFixes: { type: 'boolean', description: 'Preview each call site\'s migration (nothing is written) to list the findings in its function and the error findings that block it (default true; Go builds the package, which takes seconds).' },
  },
} as const;

/** `compare_profiles`: before and after profiles, one or more each. */
export const COMPARE_PROFILES_INPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['before', 'after'],
  properties: {
    before: { type: 'array', minItems: 1, maxItems: 20, items: pathText('A baseline profile.'), description: 'Baseline profiles: replicate runs of the old build (two or more give CPU per request an interval over runs).' },
    after: { type: 'array', minItems: 1, maxItems: 20, items: pathText('A new profile.'), description: 'New profiles: replicate runs of the new build.' },
    requestsBefore: { type: 'array', maxItems: 20, items: requestCount, description: 'Requests each before profile served, in order (default: each profile\'s run record <profile>.json when there is one).' },
    requestsAfter: { type: 'array', maxItems: 20, items: requestCount, description: 'The same for the after profiles.' },
    root,
    mappings,
    sampleType,
    top: { type: 'integer', minimum: 1, maximum: 100, description: 'SDK functions to list (default 15).' },
  },
} as const;

/** `preview_migration`: files or folders. */
export const PREVIEW_MIGRATION_INPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['paths'],
  properties: {
    paths: { type: 'array', minItems: 1, maxItems: 200, items: pathText('A file or a folder.'), description: 'Folders (each a whole project: a client changes with all its uses) or files (only they change, within their project). JavaScript/TypeScript using aws-sdk v2, Go using aws-sdk-go dynamodbattribute or guregu/dynamo v1.' },
    verify: { enum: ['by default', 'always', 'never'], description: 'Type-check the migrated code (tsc -p with the project\'s own TypeScript and tsconfig.json when it has one, else in memory; nothing runs but the compiler): by default for TypeScript and checkJs projects; always (plain JavaScript too); never.' },
  },
} as const;

/** `check_code`: files or folders. */
export const CHECK_CODE_INPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['paths'],
  properties: {
    paths: { type: 'array', minItems: 1, maxItems: 200, items: pathText('A file or a folder.'), description: 'Go, JavaScript and TypeScript files, or folders to walk (node_modules, vendor, dist, build and Go tests left out).' },
    concurrency: { type: 'integer', minimum: 1, maximum: 100000, description: 'DynamoDB calls the service has in flight: a transport keeping fewer idle connections per host is flagged (default 10).' },
    minTimeoutMs: { type: 'integer', minimum: 0, maximum: 600000, description: 'A deadline around a DynamoDB call shorter than this is flagged, ms (default 100: a TLS handshake plus a request).' },
  },
} as const;

/** `run_benchmark`: items from a file, inline, or generated; suites; a time budget. */
export const RUN_BENCHMARK_INPUT = {
  type: 'object',
  additionalProperties: false,
  properties: {
    items: pathText('Items file: plain or DynamoDB JSON items (array or JSON Lines), a Query/Scan/GetItem/BatchGetItem response, DynamoDB Streams records, a DynamoDB export to S3 (JSON or Ion, gzipped or not; a folder reads its data files). At most 1000 items are used.'),
    itemsJson: { type: 'string', minLength: 2, maxLength: 1_000_000, description: 'The items themselves as JSON text, in any of the shapes items takes.' },
    generate: { type: 'string', pattern: '^(flat|nested|wide|longList|largeNumbers)(:[1-9][0-9]{0,4})?$', description: 'Generated items SHAPE[:COUNT], shapes flat, nested, wide, longList, largeNumbers (default nested:40 when no items are given).' },
    suites: { type: 'array', minItems: 1, maxItems: 3, uniqueItems: true, items: { enum: ['conversion', 'response', 'go'] }, description: 'conversion: AttributeValue ⇄ items, aws-sdk v2 vs v3; response: a whole Query and PutItem through the SDK clients; go: aws-sdk-go dynamodbattribute vs aws-sdk-go-v2 attributevalue on goType (needs go). Default conversion and response.' },
    budgetMsPerCase: { type: 'integer', minimum: 10, maximum: 60000, description: 'Time per case in each worker process, ms (default 1000).' },
    processes: { type: 'integer', minimum: 1, maximum: 20, description: 'Fewest fresh worker processes (default 3); the verdicts combine their median ratios.' },
    maxProcesses: { type: 'integer', minimum: 1, maximum: 20, description: 'Most worker processes, added one at a time while a comparison is unsettled (default 8).' },
    timeBudgetSeconds: { type: 'number', exclusiveMinimum: 0, maximum: 3600, description: 'Wall-clock budget of the whole run: another process starts only while it fits (default 120). The fewest processes always run.' },
    goType: { type: 'string', minLength: 1, maxLength: 500, description: 'For the go suite: the struct, as <import path>.<Type> or ./<package dir>.<Type> from the module at root.' },
    goGenerate: { type: 'integer', minimum: 1, maximum: 10000, description: 'Go suite alone: benchmark this many items made from the struct with every field filled, instead of items.' },
    root,
  },
} as const;

/**
 * The editor's `analyze_profile`: the loaded profile (or the one given, which it loads), with the
 * workspace folder's settings (path mappings, sample type) instead of inputs.
 */
export const EDITOR_ANALYZE_PROFILE_INPUT = {
  type: 'object',
  additionalProperties: false,
  properties: {
    profile: pathText('A profile file to load first, replacing the loaded one (as DynamoDB Hot Path: Open CPU Profile… does). Default: the loaded profile.'),
    root: pathText('The workspace folder to report on (default: the first with call sites).'),
    top: ANALYZE_PROFILE_INPUT.properties.top,
    requests: requestCount,
    previewFixes: ANALYZE_PROFILE_INPUT.properties.previewFixes,
  },
} as const;

/** The editor's `compare_profiles`: baselines against the loaded profile (or the after profiles given), shown as Compare with Baseline shows it. */
export const EDITOR_COMPARE_PROFILES_INPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['before'],
  properties: {
    before: COMPARE_PROFILES_INPUT.properties.before,
    after: { ...COMPARE_PROFILES_INPUT.properties.after, description: 'New profiles; the first is loaded (replacing the loaded one). Default: the loaded profile.' },
    requestsBefore: COMPARE_PROFILES_INPUT.properties.requestsBefore,
    requestsAfter: COMPARE_PROFILES_INPUT.properties.requestsAfter,
  },
} as const;
