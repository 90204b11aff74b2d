import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runCli } from '../helpers/runCli';

const VERSION = JSON.parse(readFileSync('package.json', 'utf8')).version as string;

describe('dynamo-hotpath: version, help and dispatch', () => {
  it('prints the package version with --version', () => {
    const r = runCli(['--version']);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, `${VERSION}\n`);
  });

  it('lists the commands and the exit codes with help, --help; with no command on stderr and exit 2', () => {
    for (const args of [['help'], ['--help']]) {
      const r = runCli(args);
      assert.equal(r.code, 0);
      assert.match(r.stdout, /^usage: dynamo-hotpath <command> \[options\]/);
      for (const command of ['analyze', 'compare', 'migrate', 'bench']) assert.match(r.stdout, new RegExp(`^  ${command} `, 'm'));
      assert.match(r.stdout, /Exit codes: 0 success; 1 .*\n.*; 2 bad usage or bad input/);
    }
    const none = runCli([]);
    assert.equal(none.code, 2);
    assert.equal(none.stdout, '');
    assert.match(none.stderr, /^usage: dynamo-hotpath/);
  });

  it('gives every command its help, with its exit codes, as `help <command>` and `<command> --help`', () => {
    const codes: Record<string, string[]> = { analyze: ['0', '1', '2'], compare: ['0', '2', '3'], migrate: ['0', '1', '2', '3', '4'], bench: ['0', '1', '2', '3'], fetch: ['0', '2', '3'], record: ['0', '2'] };
    for (const [command, expected] of Object.entries(codes)) {
      const viaHelp = runCli(['help', command]);
      assert.equal(viaHelp.code, 0, command);
      if (command === 'analyze') assert.equal(viaHelp.stdout, runCli([command, '--help']).stdout);
      assert.match(viaHelp.stdout, new RegExp(`^usage: dynamo-hotpath ${command}`), command);
      const section = viaHelp.stdout.slice(viaHelp.stdout.search(/^exit codes?:?/im));
      assert.deepEqual([...section.matchAll(/^\s*(\d)\s/gm)].map((m) => m[1]), expected, `${command}: ${section}`);
    }
  });

  it('rejects an unknown command, also one named like an Object method', () => {
    for (const args of [['analyse'], ['help', 'toString'], ['constructor']]) {
      const r = runCli(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, new RegExp(`unknown command '${args.at(-1)}'`));
    }
  });
});
