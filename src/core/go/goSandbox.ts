/**
 * A scratch area for running `go` on a user's module without writing to it: a temporary folder
 * outside the module holding a copy of `go.mod`/`go.sum` (passed with `-modfile`, so `-mod=mod`
 * may add requirements there and never in the user's files), an `-overlay` file for generated or
 * rewritten sources, and `GOTMPDIR` (so even a killed `go` leaves its `go-build*` folders here).
 * The folder is removed by {@link GoSandbox.dispose} and, if the process ends first, by cleanup.ts.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trackDir } from './cleanup';

/** Prefix of every sandbox folder under the OS temporary folder. */
export const SANDBOX_PREFIX = 'dynamo-hotpath-go-';

/** GOFLAGS without `-mod=…` and `-modfile=…` (the sandbox sets those), other flags (tags…) kept. */
export function userGoFlags(goflags: string | undefined): string {
  return (goflags ?? '').split(/\s+/).filter((f) => f && !/^-?-mod(file)?=/.test(f)).join(' ');
}

export class GoSandbox {
  private readonly untrack: () => void;
  /** Files given to `-overlay`: the path go sees → the file that holds its content. */
  private readonly overlay: Record<string, string> = {};
  private overlayCount = 0;

  private constructor(
    /** The temporary folder. */
    readonly dir: string,
    /** The user's module root (never written). */
    readonly moduleRoot: string,
  ) {
    this.untrack = trackDir(dir);
  }

  /** Makes the folder and copies `<moduleRoot>/go.mod` (and `go.sum` when present) into it. */
  static async create(moduleRoot: string): Promise<GoSandbox> {
    const dir = await mkdtemp(join(tmpdir(), SANDBOX_PREFIX));
    const box = new GoSandbox(dir, moduleRoot);
    try {
      await mkdir(join(dir, 'gotmp'));
      await mkdir(join(dir, 'overlay'));
      await copyFile(join(moduleRoot, 'go.mod'), join(dir, 'go.mod'));
      if (existsSync(join(moduleRoot, 'go.sum'))) await copyFile(join(moduleRoot, 'go.sum'), join(dir, 'go.sum'));
    } catch (err) {
      await box.dispose();
      throw err;
    }
    return box;
  }

  /** Flags for go build/test/list/vet: the copied go.mod, `-mod=mod`, and the overlay when one is set. */
  flags(): string[] {
    const flags = [`-modfile=${join(this.dir, 'go.mod')}`, '-mod=mod'];
    if (this.overlayCount > 0) flags.push(`-overlay=${join(this.dir, 'overlay.json')}`);
    return flags;
  }

  /**
   * Environment for go: the caller's, with GOFLAGS stripped of -mod/-modfile, GOTMPDIR inside the
   * sandbox, no workspace file (GOWORK=off) and no toolchain download (GOTOOLCHAIN=local, Go ≥ 1.21).
   */
  env(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
    return { ...base, GOFLAGS: userGoFlags(base.GOFLAGS), GOTMPDIR: join(this.dir, 'gotmp'), GOWORK: 'off', GOTOOLCHAIN: 'local' };
  }

  /** Writes a file inside the sandbox (relative name) and returns its path. */
  async writeFile(name: string, content: string): Promise<string> {
    const path = join(this.dir, name);
    await writeFile(path, content);
    return path;
  }

  /** Makes go see `content` at `goPath` (an absolute path, existing or not) without writing there. */
  async overlayFile(goPath: string, content: string): Promise<void> {
    const holder = join(this.dir, 'overlay', `${this.overlayCount++}.go`);
    await writeFile(holder, content);
    this.overlay[goPath] = holder;
    await writeFile(join(this.dir, 'overlay.json'), JSON.stringify({ Replace: this.overlay }));
  }

  /** The path go was shown for an overlay holder file (go prints the holder's path in errors), else `path`. */
  overlaidPath(path: string): string {
    for (const [goPath, holder] of Object.entries(this.overlay)) if (path === holder || path.endsWith(holder.slice(this.dir.length))) return goPath;
    return path;
  }

  /** Removes the folder (and everything go left in it). Safe to call twice. */
  async dispose(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true, maxRetries: 3 });
    this.untrack();
  }
}
