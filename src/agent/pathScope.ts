/**
 * The folders an agent tool may read: the MCP client's declared roots (else the server's working
 * folder), or the editor's workspace folders. Every path a tool is given is resolved against the
 * first folder, its symbolic links followed, and refused when the real path lies outside all of
 * them: a profile or a workspace is untrusted input, and so is a path an agent makes up.
 */
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { AgentToolError } from './toolErrors';

function inside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel) && !rel.startsWith(`..${sep}`));
}

/** The folders a tool call may read, real paths, with how to widen them named in every refusal. */
export class PathScope {
  private constructor(
    /** Real absolute paths of the folders, in the caller's order (the first resolves relative paths). */
    readonly folders: readonly string[],
    /** Folders the tools themselves write (downloads): readable, never named in messages. */
    private readonly own: readonly string[],
    /** How the caller adds a folder (`add it to your MCP client's roots`), ending refusals. */
    private readonly widenHint: string,
  ) {}

  /**
   * The scope of `folders` (absolute paths; folders that do not exist are left out), plus `own`,
   * the folders the tools write themselves.
   * @throws AgentToolError when none of `folders` is left
   */
  static async of(folders: readonly string[], widenHint: string, own: readonly string[] = []): Promise<PathScope> {
    const real = async (list: readonly string[]) => {
      const out: string[] = [];
      for (const f of list) {
        try {
          if ((await stat(f)).isDirectory()) out.push(await realpath(f));
        } catch {
          // A root that does not exist (a client's stale root) gives no access.
        }
      }
      return [...new Set(out)];
    };
    const declared = await real(folders);
    if (declared.length === 0) throw new AgentToolError(`no folder to read: none of ${folders.length ? folders.join(', ') : 'the declared roots'} exists; ${widenHint}`);
    return new PathScope(declared, await real(own), widenHint);
  }

  /** The first folder: relative paths are resolved against it, and it is the default workspace root. */
  get first(): string {
    return this.folders[0]!;
  }

  private describe(): string {
    return this.folders.length === 1 ? this.folders[0]! : `${this.folders.slice(0, -1).join(', ')} and ${this.folders.at(-1)}`;
  }

  /**
   * The real path of `input` (absolute, or relative to {@link first}), checked to exist and to lie
   * inside one of the folders once its links are followed. `what` names the input in messages.
   * @throws AgentToolError naming the input, the folders and the fix
   */
  async resolve(input: string, what: string): Promise<string> {
    const absolute = resolve(this.first, input);
    let real: string;
    try {
      real = await realpath(absolute);
    } catch {
      throw new AgentToolError(`${what} '${input}' does not exist (looked for ${absolute}): pass an existing path inside ${this.describe()}`);
    }
    if (![...this.folders, ...this.own].some((f) => inside(real, f))) {
      const through = real === absolute ? '' : ` (it leads to ${real})`;
      throw new AgentToolError(`${what} '${input}' is outside the folders this tool may read${through}: pass a path inside ${this.describe()}, or ${this.widenHint}`);
    }
    return real;
  }

  /**
   * The folder `input` names (resolved as {@link resolve}), or the first folder when it is absent.
   * @throws AgentToolError when it is missing, outside, or a file
   */
  async folder(input: string | undefined, what: string): Promise<string> {
    if (input === undefined) return this.first;
    const path = await this.resolve(input, what);
    if (!(await stat(path)).isDirectory()) throw new AgentToolError(`${what} '${input}' is a file: give the folder holding your sources`);
    return path;
  }

  /** The folder of the scope holding `path` (the innermost when folders nest), or undefined. */
  folderOf(path: string): string | undefined {
    return this.folders.filter((f) => inside(path, f)).sort((a, b) => b.length - a.length)[0];
  }
}
