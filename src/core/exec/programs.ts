/**
 * Every program the extension, the language server and the CLI start, in one list: what runs,
 * from which module, and what must hold first. A test (test/core/exec/programs.test.ts) checks
 * that the modules importing `node:child_process` under src/ are exactly the ones named here, so a
 * new way of starting a program cannot land without being listed and gated.
 */

/** One kind of program the product starts. */
export interface StartedProgram {
  /** The program, as a user would name it. */
  readonly program: string;
  /** The module under src/ that starts it (the only one allowed to import `node:child_process` for it). */
  readonly module: string;
  /** What it is run for. */
  readonly purpose: string;
  /**
   * What must hold before it runs: `workspace trust` (core/exec/workspaceTrust.ts: VS Code's
   * Workspace Trust in the editor, the user's own command in the CLI), or why none is needed.
   */
  readonly gate: string;
}

export const STARTED_PROGRAMS: readonly StartedProgram[] = [
  {
    program: 'git',
    module: 'src/core/exec/git.ts',
    purpose: 'read-only queries: the commit that dates a tracked file (source-map checks), the committed text a profile was recorded against (lens anchors)',
    gate: "workspace trust; always with the repository's program-running settings overridden (GIT_HARDENING) and no system config",
  },
  {
    program: 'go (build, list, vet, test) and the binaries it builds',
    module: 'src/core/go/goExec.ts',
    purpose: 'the Go migration (type data, build checks), the Go benchmark, building the Go helper',
    gate: 'workspace trust: go build and go test run the module’s code (init functions, tests, cgo)',
  },
  {
    program: 'the Go helper (gohelper/, built by go into the user cache)',
    module: 'src/core/go/helper.ts',
    purpose: 'typed rewrites and struct listings of Go packages, reading source and export data',
    gate: 'none of its own: our code, reading files; it exists only after go built it (workspace trust)',
  },
  {
    program: 'node (the benchmark worker, dist/benchWorker.js)',
    module: 'src/core/bench/runner.ts',
    purpose: 'one fresh process per benchmark measurement of AttributeValue conversion',
    gate: 'none: our bundled code, on the items the user chose; it loads nothing from the workspace',
  },
  {
    program: "the user's own command (`dynamo-hotpath record -- <command>`)",
    module: 'src/cli/recordCommand.ts',
    purpose: 'the program to profile, with the recorder preloaded',
    gate: 'the user typed it: CLI only, never started by the editor',
  },
];
