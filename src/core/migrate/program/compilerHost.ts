import ts from 'typescript';
import { typescriptLibFolder } from './typescriptLib';

/** Texts that replace files on disk (open editor buffers, migrated texts), by absolute `/` path. */
export type TextOverlay = ReadonlyMap<string, string>;

/**
 * `analysis`: the v3 packages (`@aws-sdk/*`) stay unresolved (typed `any`): the engine reads v2
 * code and needs only the v2 types. `verify`: everything resolves, so migrated code is checked
 * against the v3 types installed in the project.
 */
export type HostMode = 'analysis' | 'verify';

/**
 * Parsed user sources kept from one program to the next (the editor's programs after an edit): a
 * file whose text did not change is handed back as the same `ts.SourceFile`, already bound, so
 * TypeScript reuses it instead of parsing and binding it again. `parse` is called otherwise.
 */
export interface SourceFileStore {
  /** `settings` stands for the compiler options the file is parsed and bound under (a file parsed under others is parsed again). */
  sourceFile(fileName: string, text: string, settings: string, version: ts.ScriptTarget | ts.CreateSourceFileOptions, parse: () => ts.SourceFile): ts.SourceFile;
}

/** Parsed `.d.ts` files of node_modules, shared by every program of the process (they do not change during a run). */
const libraryFiles = new Map<string, ts.SourceFile>();
const v3Package = /^@aws-sdk\//;
const awsSdkClientsIndex = /\/node_modules\/aws-sdk\/clients\/all\.d\.ts$/;

/**
 * aws-sdk v2's `clients/all.d.ts` re-exports ~380 service clients (about 40 s to load here).
 * Only the lines of clients the user's code names (`DynamoDB`, maybe `S3`) are kept: the types of
 * those stay exactly as published, and other clients are never referenced.
 */
function trimmedClientsIndex(text: string, namesInUse: ReadonlySet<string>): string {
  return text
    .split('\n')
    .filter((line) => {
      const m = /^export import (\w+) = require/.exec(line);
      return !m || namesInUse.has(m[1]!);
    })
    .join('\n');
}

/** Every identifier-like word of the texts (what the user's code may name). */
export function wordsOf(texts: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const t of texts) for (const m of t.matchAll(/[A-Za-z_$][\w$]*/g)) words.add(m[0]);
  return words;
}

/**
 * A compiler host over the disk with `overlay` texts on top. TypeScript's lib files come from
 * {@link typescriptLibFolder} (beside a bundle too). Library `.d.ts` files are parsed once per process; aws-sdk v2's client index is trimmed to `namesInUse`; in `analysis` mode
 * `@aws-sdk/*` imports stay unresolved. With a `store`, the other files are parsed through it (kept while their text is unchanged).
 */
export function createMigrationHost(
  options: ts.CompilerOptions,
  overlay: TextOverlay,
  mode: HostMode,
  namesInUse: ReadonlySet<string>,
  store?: SourceFileStore,
): ts.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  const settings = store ? JSON.stringify(options) : '';
  const libFolder = typescriptLibFolder();
  if (libFolder) {
    host.getDefaultLibLocation = () => libFolder;
    host.getDefaultLibFileName = (o) => `${libFolder}/${ts.getDefaultLibFileName(o)}`;
  }
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => overlay.get(f) ?? readFile(f);
  host.fileExists = (f) => overlay.has(f) || fileExists(f);
  const directoryExists = host.directoryExists?.bind(host);
  const overlayDirs = new Set([...overlay.keys()].flatMap((f) => f.split('/').slice(1, -1).map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`)));
  host.directoryExists = (d) => overlayDirs.has(d.replace(/\/$/, '')) || (directoryExists ? directoryExists(d) : true);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const parsed = (text: string) => (store ? store.sourceFile(fileName, text, settings, languageVersion, () => ts.createSourceFile(fileName, text, languageVersion, true)) : ts.createSourceFile(fileName, text, languageVersion, true));
    const text = overlay.get(fileName);
    if (text !== undefined) return parsed(text);
    if (awsSdkClientsIndex.test(fileName)) {
      const full = readFile(fileName);
      return full === undefined ? undefined : parsed(trimmedClientsIndex(full, namesInUse));
    }
    const shared = fileName.includes('/node_modules/') || /\/lib\.[\w.]*\.d\.ts$/.test(fileName);
    if (!shared && store) {
      const own = readFile(fileName);
      return own === undefined ? getSourceFile(fileName, languageVersion, onError, shouldCreate) : parsed(own);
    }
    if (!shared) return getSourceFile(fileName, languageVersion, onError, shouldCreate);
    const key = `${fileName}#${typeof languageVersion === 'object' ? languageVersion.languageVersion : languageVersion}`;
    let sf = libraryFiles.get(key);
    if (!sf) {
      sf = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (sf) libraryFiles.set(key, sf);
    }
    return sf;
  };
  const cache = ts.createModuleResolutionCache(host.getCurrentDirectory(), (f) => f, options);
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, opts, containingSourceFile) =>
    literals.map((lit) => {
      if (mode === 'analysis' && v3Package.test(lit.text)) return { resolvedModule: undefined };
      const mode_ = ts.getModeForUsageLocation(containingSourceFile, lit, opts);
      return ts.resolveModuleName(lit.text, containingFile, opts, host, cache, redirected, mode_);
    });
  return host;
}
