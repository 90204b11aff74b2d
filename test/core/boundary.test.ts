import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every .ts file under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const FORBIDDEN = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"](vscode|vscode-languageserver[^'"]*|vscode-languageclient[^'"]*|vscode-jsonrpc[^'"]*)['"]/;

describe('src/core stays pure', () => {
  it('imports neither vscode nor the language server/client libraries', () => {
    const files = sources('src/core');
    assert.ok(files.length > 20, `expected the core sources, found ${files.length}`);
    const offenders = files.filter((f) => FORBIDDEN.test(readFileSync(f, 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('the check itself catches an offending import', () => {
    assert.ok(FORBIDDEN.test(`import * as vscode from 'vscode';`));
    assert.ok(FORBIDDEN.test(`const x = require("vscode-languageserver/node");`));
    assert.ok(!FORBIDDEN.test(`import { x } from './vscodeLike';`));
  });

  it('the agent tools (src/agent) import neither the editor libraries nor the MCP SDK: they serve both', () => {
    const files = sources('src/agent');
    assert.ok(files.length >= 10, `expected the agent sources, found ${files.length}`);
    const mcp = /(?:from\s+|require\s*\(\s*)['"]@modelcontextprotocol\//;
    assert.deepEqual(files.filter((f) => FORBIDDEN.test(readFileSync(f, 'utf8')) || mcp.test(readFileSync(f, 'utf8'))), []);
  });
});
