/**
 * package.json and the code agree: every contributed command is registered, every registered
 * command is contributed, every setting is read (and its default matches the code's), every
 * custom protocol method is declared once.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SETTINGS, parseSettings } from '../src/server/settings';
import { LM_TOOLS } from '../src/shared/lmTools';
import { agentTool } from '../src/agent/tools';

const REPO = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

const clientCode = sources(join(REPO, 'src/client')).map((f) => readFileSync(f, 'utf8')).join('\n');
const allCode = sources(join(REPO, 'src')).map((f) => ({ file: f, text: readFileSync(f, 'utf8') }));

/**
 * Command ids passed to `registerCommand('…'` or to the client's `command('…'` helper, as a
 * literal or as a constant declared `const NAME = 'dynamoHotpath.…'` somewhere under src/.
 */
function registeredCommands(): Set<string> {
  const constants = new Map<string, string>();
  for (const { text } of allCode) for (const m of text.matchAll(/\bconst\s+([A-Z][A-Z0-9_]*)\s*=\s*'(dynamoHotpath\.[\w.]+)'/g)) constants.set(m[1], m[2]);
  const ids = new Set<string>();
  for (const m of clientCode.matchAll(/\b(?:registerCommand|command)\(\s*(?:'(dynamoHotpath\.[\w.]+)'|([A-Z][A-Z0-9_]*)\b)/g)) {
    const id = m[1] ?? constants.get(m[2]);
    if (id) ids.add(id);
  }
  return ids;
}

/** Nested raw settings object for a dotted key below `dynamoHotpath`. */
function nested(key: string, value: unknown): Record<string, unknown> {
  return key.split('.').reduceRight<unknown>((inner, part) => ({ [part]: inner }), value) as Record<string, unknown>;
}

/** A value of the setting's type that differs from its declared default. */
function otherValue(schema: { type: string; default: unknown }): unknown {
  switch (schema.type) {
    case 'boolean':
      return !schema.default;
    case 'number':
      return Number(schema.default) + 7;
    case 'string':
      return 'samples';
    case 'array':
      return [{ from: '/build/app', to: 'src' }];
    default:
      throw new Error(`no test value for type ${schema.type}`);
  }
}

describe('package.json and code agree', () => {
  const contributed: string[] = manifest.contributes.commands.map((c: { command: string }) => c.command);

  it('registers every contributed command, and contributes every registered one', () => {
    const registered = registeredCommands();
    assert.deepEqual([...contributed].sort(), [...registered].sort());
    for (const c of manifest.contributes.commands) assert.equal(c.category, 'DynamoDB Hot Path', c.command);
  });

  it('points menus and activation events only at contributed commands', () => {
    for (const items of Object.values(manifest.contributes.menus) as { command: string }[][]) {
      for (const item of items) assert.ok(contributed.includes(item.command), item.command);
    }
    for (const event of manifest.activationEvents as string[]) {
      if (event.startsWith('onCommand:')) assert.ok(contributed.includes(event.slice('onCommand:'.length)), event);
      if (event.startsWith('onWebviewPanel:')) assert.match(clientCode, new RegExp(`'${event.slice('onWebviewPanel:'.length).replace('.', '\\.')}'`));
    }
  });

  it('reads every setting: each one changes what the code sees', () => {
    const properties = manifest.contributes.configuration.properties as Record<string, { type: string; default: unknown }>;
    assert.ok(Object.keys(properties).length >= 4);
    for (const [fullKey, schema] of Object.entries(properties)) {
      const key = fullKey.replace(/^dynamoHotpath\./, '');
      const parsed = parseSettings(nested(key, otherValue(schema)));
      const readByServer = JSON.stringify(parsed) !== JSON.stringify(DEFAULT_SETTINGS);
      const readByClient = allCode.some(({ text }) => text.includes(`'${key}'`) || text.includes(`'${fullKey}'`));
      assert.ok(readByServer || readByClient, `${fullKey} is contributed but never read`);
    }
  });

  it('declares the defaults the server assumes', () => {
    const properties = manifest.contributes.configuration.properties as Record<string, { default: unknown }>;
    const raw = Object.entries(properties)
      .filter(([k]) => ['pathMappings', 'codeLens.enabled', 'codeLens.minPercent', 'sampleType'].includes(k.replace(/^dynamoHotpath\./, '')))
      .reduce<Record<string, unknown>>((acc, [k, s]) => {
        const parts = k.replace(/^dynamoHotpath\./, '').split('.');
        let node = acc;
        for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
        node[parts.at(-1)!] = s.default;
        return acc;
      }, {});
    assert.deepEqual(parseSettings(raw), DEFAULT_SETTINGS);
    assert.equal(DEFAULT_SETTINGS.codeLensMinPercent, 1);
  });

  it('declares every custom LSP method once, in src/shared/protocol.ts', () => {
    const declarations = allCode.flatMap(({ file, text }) => [...text.matchAll(/'(dynamoHotpath\/\w+)'/g)].map((m) => ({ file, method: m[1] })));
    const methods = declarations.map((d) => d.method);
    assert.deepEqual(methods.filter((m, i) => methods.indexOf(m) !== i), [], 'a method declared twice');
    for (const d of declarations) assert.ok(d.file.endsWith(join('src', 'shared', 'protocol.ts')), `${d.method} declared in ${d.file}`);
    assert.deepEqual([...methods].sort(), ['dynamoHotpath/agentTool', 'dynamoHotpath/clearComparison', 'dynamoHotpath/clearProfile', 'dynamoHotpath/compareProfiles', 'dynamoHotpath/getReport', 'dynamoHotpath/goGet', 'dynamoHotpath/loadProfile', 'dynamoHotpath/loadProgress', 'dynamoHotpath/migrateGo', 'dynamoHotpath/profileChanged', 'dynamoHotpath/workspaceTrust']);
  });

  it('packages only the bundles, TypeScript\'s lib files, media, screenshots, CHANGELOG, LICENSE, package.json and the Go helper sources (the README comes from --readme-path)', () => {
    const rules = readFileSync(join(REPO, '.vscodeignore'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    assert.equal(rules[0], '**');
    for (const rule of rules.slice(1)) assert.match(rule, /^!(dist\/\w+\.js|dist\/typescript-lib\/lib\*\.d\.ts|media\/.+|docs\/screenshots\/\*\.png|package\.json|CHANGELOG\.md|LICENSE|gohelper\/(go\.mod|!\(\*_test\)\.go))$/, rule);
    assert.equal(manifest.main, './dist/client.js');
  });

  it('contributes the language-model tools the client registers, with the input schemas the server validates, and activates on each', () => {
    const tools = manifest.contributes.languageModelTools as { name: string; toolReferenceName: string; modelDescription: string; inputSchema: unknown; canBeReferencedInPrompt: boolean }[];
    assert.deepEqual(tools.map((t) => t.name), LM_TOOLS.map((t) => t.name));
    for (const t of tools) {
      const entry = LM_TOOLS.find((x) => x.name === t.name)!;
      assert.deepEqual(t.inputSchema, entry.inputSchema, t.name);
      assert.ok(agentTool(entry.agentTool), `${t.name} runs ${entry.agentTool}, an agent tool`);
      assert.ok(t.modelDescription.length > 200 && t.canBeReferencedInPrompt, t.name);
      assert.ok((manifest.activationEvents as string[]).includes(`onLanguageModelTool:${t.name}`), t.name);
    }
    assert.match(clientCode, /for \(const entry of LM_TOOLS\) \{[\s\S]*vscode\.lm\.registerTool\(entry\.name, tool\)/);
    assert.deepEqual(LM_TOOLS.filter((t) => t.runs).map((t) => t.agentTool), ['run_benchmark'], 'only the benchmark runs something: only it asks first');
  });
});
