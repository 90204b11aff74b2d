import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { ProgramFinding } from './api';
import { compareVersions } from '../installedVersions';
import { lineMapper } from './lineMap';
import { projectCompiler, type ProjectCompiler, type TypeScriptApi } from './projectCompiler';
import { typescriptLibFolder } from './typescriptLib';
import { addedDiagnostics, missingPackageMessage, type Verification } from './verify';

/** The project's own type-check of a migration (`tsc -p tsconfig.json --noEmit`, before and after). */
export interface ProjectVerification extends Verification {
  compiler: ProjectCompiler;
  /** tsconfig.json used (absolute). */
  configFile: string;
  /** `skipLibCheck` as the project sets it. */
  skipLibCheck: boolean;
  /** Migrated files the tsconfig does not include (tsc does not check them). */
  outside: string[];
}

const v3Module = /^Cannot find module '(@aws-sdk\/[\w-]+)'/;
const nodeModule = /Cannot find module '(node:[\w/]+)'/;

/**
 * @types/node versions that declare the `node:` modules the v3 type definitions import, measured
 * on the published packages: `node:stream/web` (imported by @smithy/core's stream-collector.d.ts
 * in @aws-sdk/client-dynamodb 3.1169.0) is declared from @types/node 16.6.0 (16.4.14 has none).
 */
const typesNodeFor: Record<string, string> = { 'node:stream/web': '16.6.0' };

/**
 * The last @types/node 16 release a TypeScript reads, from the minimum TypeScript DefinitelyTyped
 * publishes with each release (`npm view @types/node@16 typeScriptVersion`: 16.18.66 needs 4.6,
 * 16.18.88 4.7, 16.18.102 4.8, 16.18.120 5.0); the newest 16.x fails to parse under TypeScript
 * 4.5 (measured on ianmarmour/MuckAPI). Rows: [lowest TypeScript, last release]; from 5.0 any 16.x.
 */
const lastTypesNode16: ReadonlyArray<readonly [string, string]> = [['4.5.0', '16.18.65'], ['4.6.0', '16.18.87'], ['4.7.0', '16.18.101'], ['4.8.0', '16.18.119']];

/**
 * The `npm install -D` spec of an @types/node ≥ `needs` (a 16.x) that TypeScript `typescript` reads,
 * counting TypeScript as at least 4.5 (the v3 type definitions need its `Awaited` in any case).
 */
export function typesNodeSpec(needs: string, typescript: string): string {
  const major = needs.split('.')[0]!;
  if (major !== '16' || compareVersions(typescript, '5.0.0') >= 0) return `@types/node@${major}`;
  const row = lastTypesNode16.filter(([min]) => compareVersions(typescript, min) >= 0).pop() ?? lastTypesNode16[0]!;
  return `@types/node@${row[1]}`;
}

/**
 * Type-checks a migration the way the project does: with the TypeScript it installed (see
 * `projectCompiler`), its `<root>/tsconfig.json` as written (its files, `types`, `lib`,
 * `skipLibCheck`), every diagnostic `tsc --noEmit` prints — once on the files as they are and
 * once with `texts` (absolute path → migrated text) in their place. Each error that is new after
 * the migration is an `error` finding (`v3-verify`): in the project's files at the original line
 * it comes from; in a dependency's type definitions (checked when skipLibCheck is off) one per
 * package and message, placed at package.json's `@types/node` entry or tsconfig.json, with the
 * fix (the @types/node version those types need, or skipLibCheck). Undefined without a tsconfig.json.
 * Throws when the bundled compiler must check and its lib files are missing (every `Promise` would be an error).
 */
export function verifyProject(root: string, texts: ReadonlyMap<string, string>, displayRoot = root): ProjectVerification | undefined {
  const configFile = join(root, 'tsconfig.json').replace(/\\/g, '/');
  if (!existsSync(configFile)) return undefined;
  const compiler = projectCompiler(root);
  const tsx = compiler.api;
  // The bundled compiler looks for its lib files beside the running script, which for a bundle is dist/.
  const libFolder = compiler.source === 'bundled' ? typescriptLibFolder() : undefined;
  if (compiler.source === 'bundled' && !libFolder) throw new Error(`cannot type-check the migration: TypeScript's lib files (lib.d.ts) are missing beside ${tsx.sys.getExecutingFilePath()} (reinstall dynamo-hotpath)`);
  const hostFor = (overlay: ReadonlyMap<string, string>): ts.CompilerHost => {
    const host = overlaidHost(tsx, options, overlay);
    if (libFolder) {
      host.getDefaultLibLocation = () => libFolder;
      host.getDefaultLibFileName = (o) => `${libFolder}/${ts.getDefaultLibFileName(o)}`;
    }
    return host;
  };
  const read = tsx.readConfigFile(configFile, tsx.sys.readFile);
  const parsed = tsx.parseJsonConfigFileContent(read.config ?? {}, tsx.sys, root, undefined, configFile);
  const options: ts.CompilerOptions = { ...parsed.options, noEmit: true };
  const inProgram = new Set(parsed.fileNames.map((f) => f.replace(/\\/g, '/')));
  const outside = [...texts.keys()].filter((f) => !inProgram.has(f));
  const before = tsx.createProgram({ rootNames: parsed.fileNames, options, host: hostFor(new Map()), configFileParsingDiagnostics: parsed.errors });
  const after = tsx.createProgram({ rootNames: parsed.fileNames, options, host: hostFor(texts), oldProgram: before, configFileParsingDiagnostics: parsed.errors });
  const errorsBefore = errorsOf(tsx, before);
  const errorsAfter = errorsOf(tsx, after);
  const added = addedDiagnostics(errorsBefore, errorsAfter, (d) => tsx.flattenDiagnosticMessageText(d.messageText, ' '));
  const findings: ProgramFinding[] = [];
  const missing = new Map<string, ts.Diagnostic[]>();
  const inDependencies = new Map<string, ts.Diagnostic[]>();
  for (const d of added) {
    const text = tsx.flattenDiagnosticMessageText(d.messageText, ' ');
    const file = d.file?.fileName.replace(/\\/g, '/');
    const pkg = v3Module.exec(text)?.[1];
    if (pkg) missing.set(pkg, [...(missing.get(pkg) ?? []), d]);
    else if (!file || file.includes('/node_modules/')) {
      const key = groupOf(text) ?? `${file ? packageOf(file) : 'the compiler options'}\u0000${text}`;
      inDependencies.set(key, [...(inDependencies.get(key) ?? []), d]);
    } else {
      findings.push(atOriginalLine(d, file, texts, `after the migration \`tsc\` (TypeScript ${compiler.version}, ${shown(configFile, displayRoot)}) reports: TS${d.code} ${text}`));
    }
  }
  for (const [pkg, ds] of missing) {
    const d = ds[0]!;
    findings.push(atOriginalLine(d, d.file!.fileName.replace(/\\/g, '/'), texts, missingPackageMessage(pkg, ds.length), false));
  }
  for (const ds of inDependencies.values()) findings.push(dependencyFinding(tsx, ds, root, configFile, displayRoot, compiler));
  return {
    findings, checkedFiles: parsed.fileNames.length, errorsBefore: errorsBefore.length, errorsAfter: errorsAfter.length,
    compiler, configFile, skipLibCheck: options.skipLibCheck === true, outside,
  };
}

function overlaidHost(tsx: TypeScriptApi, options: ts.CompilerOptions, texts: ReadonlyMap<string, string>): ts.CompilerHost {
  const host = tsx.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => texts.get(f) ?? readFile(f);
  host.fileExists = (f) => texts.has(f) || fileExists(f);
  host.getSourceFile = (f, version, onError, create) => {
    const text = texts.get(f);
    return text === undefined ? getSourceFile(f, version, onError, create) : tsx.createSourceFile(f, text, version, true);
  };
  return host;
}

/** Every error `tsc --noEmit` prints for the program: config, options, global, syntax and types of every file. */
function errorsOf(tsx: TypeScriptApi, program: ts.Program): ts.Diagnostic[] {
  return [
    ...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics(),
  ].filter((d) => d.category === tsx.DiagnosticCategory.Error);
}

function atOriginalLine(d: ts.Diagnostic, file: string, texts: ReadonlyMap<string, string>, message: string, sayLine = true): ProgramFinding {
  const migrated = d.file!;
  const migratedText = texts.get(file);
  const original = migratedText === undefined ? migrated.text : readOr(file, migrated.text);
  const migratedLine = lineOf(migrated.text, d.start ?? 0);
  const line = migratedText === undefined ? migratedLine : lineMapper(original, migrated.text)(migratedLine);
  const start = offsetOfLine(original, line);
  const end = original.indexOf('\n', start);
  return { fileName: file, start, end: end < 0 ? original.length : end, severity: 'error', code: 'v3-verify', message: migratedText === undefined || !sayLine ? message : `${message} (line ${migratedLine + 1} of the migrated file)` };
}

/**
 * Errors in dependency types that one fix removes share a finding: every `node:` module @types/node
 * lacks (a newer @types/node), TypeScript's own `Awaited` (TypeScript 4.5). Undefined: one finding
 * per package and message.
 */
function groupOf(text: string): string | undefined {
  if (nodeModule.test(text)) return 'node modules';
  if (/Cannot find name 'Awaited'/.test(text)) return 'Awaited';
  return undefined;
}

/** One finding for new errors in dependency type definitions that one fix removes, where that fix is made. */
function dependencyFinding(tsx: TypeScriptApi, ds: ts.Diagnostic[], root: string, configFile: string, displayRoot: string, compiler: ProjectCompiler): ProgramFinding {
  const d = ds[0]!;
  const text = tsx.flattenDiagnosticMessageText(d.messageText, ' ').replace(/\.$/, '');
  const packages = [...new Set(ds.map((x) => (x.file ? packageOf(x.file.fileName.replace(/\\/g, '/')) : 'the compiler options')))];
  // A dependency by its path from node_modules (a linked node_modules resolves elsewhere).
  const where = d.file ? `${d.file.fileName.replace(/\\/g, '/').replace(/^.*\/(node_modules\/)/, '$1')}:${lineOf(d.file.text, d.start ?? 0) + 1}` : packages[0];
  const group = groupOf(text);
  const nodeModules = group === 'node modules' ? [...new Set(ds.map((x) => nodeModule.exec(tsx.flattenDiagnosticMessageText(x.messageText, ' '))?.[1]))] : [];
  const manifestPath = join(root, 'package.json').replace(/\\/g, '/');
  const manifest = readOr(manifestPath, '');
  const typesNode = manifest.search(/"@types\/node"\s*:/);
  const installed = readOr(join(root, 'node_modules', '@types', 'node', 'package.json'), '').match(/"version"\s*:\s*"([^"]+)"/)?.[1];
  const needs = nodeModules.map((m) => typesNodeFor[m!] ?? '16.6.0').sort(compareVersions).pop();
  const skip = `or set "skipLibCheck": true in ${shown(configFile, displayRoot)}`;
  const fix = group === 'node modules'
    ? `@types/node${installed ? ` ${installed}` : ''} declares no ${nodeModules.map((m) => `'${m}'`).join(', ')}, which the v3 type definitions import: install @types/node ≥ ${needs} (npm install -D ${typesNodeSpec(needs!, compiler.version)}${compareVersions(compiler.version, '5.0.0') < 0 ? `: later releases need a newer TypeScript than ${compareVersions(compiler.version, '4.5.0') < 0 ? '4.5' : compiler.version}` : ''}), ${skip}`
    : group === 'Awaited'
      ? `TypeScript ${compiler.version} has no Awaited type, which the v3 type definitions use: TypeScript ≥ 4.5 has it (npm install -D typescript@4.5 or later), ${skip}`
      : `"skipLibCheck": true in ${shown(configFile, displayRoot)} stops checking dependency types; otherwise a TypeScript or @types version the v3 packages support is needed`;
  const message = `after the migration \`tsc\` (TypeScript ${compiler.version}${compiler.source === 'bundled' ? ', the project has none installed: the bundled one' : ''}, skipLibCheck off) fails in the type definitions of ${packages.join(', ')} (${ds.length} error${ds.length === 1 ? '' : 's'}, first at ${where}): TS${d.code} ${text}: ${fix}`;
  if (group === 'node modules' && typesNode >= 0) {
    return { fileName: manifestPath, start: typesNode, end: typesNode + '"@types/node"'.length, severity: 'error', code: 'v3-verify', message };
  }
  const typescript = manifest.search(/"typescript"\s*:/);
  if (group === 'Awaited' && typescript >= 0) {
    return { fileName: manifestPath, start: typescript, end: typescript + '"typescript"'.length, severity: 'error', code: 'v3-verify', message };
  }
  const config = readOr(configFile, '');
  const at = Math.max(0, config.search(/"compilerOptions"\s*:/));
  return { fileName: configFile, start: at, end: at + (config.slice(at).match(/^"compilerOptions"/)?.[0].length ?? 0), severity: 'error', code: 'v3-verify', message };
}

/** `@smithy/core` / `aws-sdk` of a path under node_modules (the innermost package). */
function packageOf(file: string): string {
  const tail = file.slice(file.lastIndexOf('/node_modules/') + '/node_modules/'.length).split('/');
  return tail[0]!.startsWith('@') ? `${tail[0]}/${tail[1]}` : tail[0]!;
}

function shown(file: string, displayRoot: string): string {
  const f = file.replace(/\\/g, '/');
  return f.startsWith(`${displayRoot}/`) ? f.slice(displayRoot.length + 1) : f;
}

function lineOf(text: string, offset: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function offsetOfLine(text: string, line: number): number {
  let at = 0;
  for (let i = 0; i < line; i++) {
    const next = text.indexOf('\n', at);
    if (next < 0) return at;
    at = next + 1;
  }
  return at;
}

function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
}
