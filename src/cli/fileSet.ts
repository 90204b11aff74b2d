/**
 * Writes a set of files as one (`migrate --write`): a migration changes a client with all its
 * uses across files, or not at all, so its files must not be left half written.
 *
 * 1. Each file's new text goes to a temporary file beside it (same folder, so the rename stays on
 *    one file system), with the original's mode, flushed to disk; the original's bytes are kept.
 * 2. Each temporary file is renamed over its original (atomic per file).
 * A failed write, or SIGINT/SIGTERM at any point, undoes what was done: temporary files are
 * removed, and originals already replaced are put back the same way (temporary file + rename).
 * Further signals are held until the set is whole again. (SIGKILL cannot be held: it can leave
 * temporary files named `.<name>.dynamo-hotpath-<pid>`, never a half-written file.)
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** One file to write: its real path (links already resolved) and its new text. */
export interface PlannedWrite {
  readonly path: string;
  readonly text: string;
}

/** What became of the set. */
export type FileSetOutcome =
  | { readonly kind: 'written'; readonly files: readonly string[] }
  | ({ readonly kind: 'interrupted'; readonly signal: NodeJS.Signals } & Undone)
  | ({ readonly kind: 'failed'; readonly file: string; readonly error: string } & Undone);

/** What undoing a partial write did: originals put back, and any that could not be (path: error). */
export interface Undone {
  readonly restored: readonly string[];
  readonly notRestored: readonly string[];
}

/** The file operations the set uses; a test may wrap them to fail one of them. */
export interface FileSetIo {
  readonly rename: (from: string, to: string) => Promise<void>;
}

const realIo: FileSetIo = { rename };

/** The temporary file beside `path`: hidden, named for this process, unique. */
function temporaryPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.dynamo-hotpath-${process.pid}-${randomBytes(4).toString('hex')}`);
}

/** Writes `text` (or bytes) to a new temporary file beside `path` with `mode`, flushed; returns its path. */
async function writeTemporary(path: string, content: string | Uint8Array, mode: number): Promise<string> {
  const temporary = temporaryPath(path);
  const handle = await open(temporary, 'wx', mode & 0o7777);
  try {
    await handle.writeFile(content);
    await handle.chmod(mode & 0o7777);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temporary;
}

/** Files whose temporary copies are written (and flushed) at once in step 1. */
const BATCH = 16;

/** Step 1 for one file: its original kept, its new text in a temporary file beside it. */
async function prepare(w: PlannedWrite): Promise<{ original: { path: string; bytes: Uint8Array; mode: number }; temporary: string }> {
  const mode = (await stat(w.path)).mode;
  const bytes = await readFile(w.path);
  return { original: { path: w.path, bytes, mode }, temporary: await writeTemporary(w.path, w.text, mode) };
}

/** Holds SIGINT and SIGTERM while it is installed; `received` is the first one that came. */
class SignalHold {
  received: NodeJS.Signals | undefined;
  private readonly onSignal = (signal: NodeJS.Signals) => {
    this.received ??= signal;
  };

  constructor() {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
  }

  release(): void {
    process.removeListener('SIGINT', this.onSignal);
    process.removeListener('SIGTERM', this.onSignal);
  }
}

/**
 * Writes every file of `writes` or none of them (see the file comment). Resolves with what
 * happened; never rejects for a file-system error (it is the `failed` outcome). `io` replaces
 * the rename of step 2 (tests make it fail).
 */
export async function writeFileSet(writes: readonly PlannedWrite[], io: FileSetIo = realIo): Promise<FileSetOutcome> {
  const hold = new SignalHold();
  const temporaries: string[] = [];
  const originals: { path: string; bytes: Uint8Array; mode: number }[] = [];
  const replaced: number[] = [];
  let failure: { file: string; error: string } | undefined;
  try {
    // Step 1 in batches: the flushes of a batch overlap (300 files one by one took 6.3 s, mostly waiting on fsync).
    for (let from = 0; from < writes.length && !hold.received && !failure; from += BATCH) {
      const batch = writes.slice(from, from + BATCH);
      const done = await Promise.allSettled(batch.map((w) => prepare(w)));
      done.forEach((d, k) => {
        if (d.status === 'fulfilled') {
          originals[from + k] = d.value.original;
          temporaries[from + k] = d.value.temporary;
        } else failure ??= { file: batch[k]!.path, error: errorText(d.reason) };
      });
    }
    if (!hold.received && !failure) {
      for (let i = 0; i < writes.length; i++) {
        if (hold.received) break;
        try {
          await io.rename(temporaries[i]!, writes[i]!.path);
          replaced.push(i);
        } catch (err) {
          failure = { file: writes[i]!.path, error: errorText(err) };
          break;
        }
      }
    }
    if (!hold.received && !failure) return { kind: 'written', files: writes.map((w) => w.path) };
    const undone = await undo(temporaries, replaced, originals);
    if (failure) return { kind: 'failed', ...failure, ...undone };
    return { kind: 'interrupted', signal: hold.received!, ...undone };
  } finally {
    hold.release();
  }
}

/** Removes the temporary files not renamed yet and puts back the originals of `replaced`. */
async function undo(temporaries: readonly string[], replaced: readonly number[], originals: readonly { path: string; bytes: Uint8Array; mode: number }[]): Promise<Undone> {
  const done = new Set(replaced);
  for (let i = 0; i < temporaries.length; i++) if (temporaries[i] !== undefined && !done.has(i)) await rm(temporaries[i]!, { force: true }).catch(() => undefined);
  const restored: string[] = [];
  const notRestored: string[] = [];
  for (const i of replaced) {
    const o = originals[i]!;
    try {
      await rename(await writeTemporary(o.path, o.bytes, o.mode), o.path);
      restored.push(o.path);
    } catch (err) {
      notRestored.push(`${o.path}: ${errorText(err)}`);
    }
  }
  return { restored, notRestored };
}

function errorText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e.code ? `${e.code}: ${e.message.replace(/^[A-Z]+: /, '')}` : String(e.message ?? err);
}
