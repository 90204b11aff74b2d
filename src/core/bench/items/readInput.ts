/**
 * Reads item input from disk: one file (gunzipped when it starts with the gzip magic bytes), or a
 * folder holding a DynamoDB export to S3 (`AWSDynamoDB/<ExportId>/data/*.json.gz` or `*.ion.gz`
 * beside `manifest-summary.json`, `manifest-files.json`, `*.checksum` and `_started`, which are
 * skipped). Only as many data files are read as hold about `maxItems` lines.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The text of one data file. */
export interface InputFile {
  /** Path shown in messages. */
  name: string;
  text: string;
  compressed: boolean;
}

/** What was read: the files' texts and how to describe them. */
export interface InputText {
  source: string;
  label: string;
  files: InputFile[];
  /** A folder or a gzipped file: an export to S3 rather than a hand-made item file. */
  isExport: boolean;
  maxItems: number;
  /** More data files (or lines) were there than were read. */
  truncated: boolean;
}

/** Decompressed text larger than this is refused (a benchmark needs hundreds of items, not gigabytes). */
const MAX_TEXT_BYTES = 256 * 1024 * 1024;
const DATA_FILE = /\.(json|jsonl|ndjson|ion)(\.gz)?$/i;
const NOT_DATA = /^(manifest-(summary|files)\.json|_started)$/i;

function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

async function readOne(path: string, name: string): Promise<InputFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (err) {
    throw new Error(`cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (!isGzip(bytes)) return { name, text: bytes.toString('utf8'), compressed: false };
  try {
    return { name, text: gunzipSync(bytes, { maxOutputLength: MAX_TEXT_BYTES }).toString('utf8'), compressed: true };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const why = e.code === 'ERR_BUFFER_TOO_LARGE' ? `more than ${MAX_TEXT_BYTES / 1024 / 1024} MB once decompressed` : e.message;
    throw new Error(`${name}: not a readable gzip file (${why})`);
  }
}

async function dataFilesUnder(folder: string, depth = 0): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, e.name);
    if (e.isDirectory() && depth < 6) out.push(...(await dataFilesUnder(path, depth + 1)));
    else if (e.isFile() && DATA_FILE.test(e.name) && !NOT_DATA.test(e.name)) out.push(path);
  }
  return out;
}

const lineCount = (text: string) => text.split('\n').filter((l) => l.trim()).length;

/**
 * Reads `path` (file or folder). Throws Error with the problem (unreadable path, unreadable gzip,
 * a folder without data files).
 */
export async function readItemInput(path: string, maxItems: number): Promise<InputText> {
  let isFolder: boolean;
  try {
    isFolder = (await stat(path)).isDirectory();
  } catch (err) {
    throw new Error(`cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (!isFolder) {
    const file = await readOne(path, path);
    return { source: path, label: basename(path), files: [file], isExport: file.compressed, maxItems, truncated: false };
  }
  const paths = await dataFilesUnder(path);
  if (paths.length === 0) throw new Error('no data files in this folder (expected *.json, *.json.gz, *.ion or *.ion.gz, as a DynamoDB export writes under data/)');
  const files: InputFile[] = [];
  let lines = 0;
  for (const p of paths) {
    if (lines >= maxItems) break;
    const file = await readOne(p, relative(dirname(path), p));
    files.push(file);
    lines += lineCount(file.text);
  }
  const label = `${basename(path)}/ (${files.length} of ${paths.length} data file${paths.length === 1 ? '' : 's'})`;
  return { source: path, label, files, isExport: true, maxItems, truncated: files.length < paths.length };
}
