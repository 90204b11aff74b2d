/**
 * Names from a profile in the editor (issue 25, hole 4): the hover is markdown, so a function
 * name could add a link, a remote image or HTML to it, or break out of its code span. The real
 * language server over LSP, a profile whose user function is named to do all of that.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidOpenTextDocumentNotification, HoverRequest, type MarkupContent } from 'vscode-languageserver-protocol';
import { LoadProfileRequest } from '../../src/shared/protocol';
import { buildServer, LspSession, makeWorkDir } from './lspHarness';

const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const HOSTILE = 'get` ![t](https://evil.example/t.png) [open](command:workbench.action.terminal.new) <img src=x onerror=1> &#x202e; |x| `\x1b]0;pwned\x07\u202e';
const APP = `const AWS = require('aws-sdk');\nconst doc = new AWS.DynamoDB.DocumentClient();\nexports.get = () => doc.get({ TableName: 't', Key: { id: 1 } }).promise();\n`;

describe('language server: hostile names in hovers', () => {
  let lsp: LspSession;
  let root: string;
  before(async () => {
    const workDir = makeWorkDir();
    const serverJs = await buildServer(workDir);
    root = join(workDir, 'service');
    mkdirSync(root);
    writeFileSync(join(root, 'app.js'), APP);
    const sdk = join(root, 'node_modules/aws-sdk/lib/dynamodb/translator.js');
    const frames = [
      { name: 'main', file: join(root, 'main.js'), line: 1 },
      { name: HOSTILE, file: join(root, 'app.js'), line: 3 },
      { name: 'Translator.translate', file: sdk, line: 21 },
    ];
    const profile = join(workDir, 'hostile.speedscope.json');
    writeFileSync(profile, JSON.stringify({ shared: { frames }, profiles: [{ type: 'sampled', name: 't', unit: 'milliseconds', startValue: 0, endValue: 100, samples: [[0, 1, 2]], weights: [100] }] }));
    lsp = await LspSession.start(serverJs, root, workDir);
    await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: pathToFileURL(join(root, 'app.js')).toString(), languageId: 'javascript', version: 1, text: APP } });
    await lsp.connection.sendRequest(LoadProfileRequest, { path: profile, progressId: 'hostile' });
  });
  after(async () => lsp?.stop());

  it('the hover shows the name literally: no link, image, HTML or entity, and the code span holds', async () => {
    const hover = await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri: pathToFileURL(join(root, 'app.js')).toString() }, position: { line: 2, character: 4 } });
    const value = (hover?.contents as MarkupContent | undefined)?.value ?? '';
    assert.match(value, /^\*\*DynamoDB Hot Path\*\*/);
    assert.doesNotMatch(value, ACTIVE);
    // The name's frame row: a code span (literal) fenced longer than the name's backtick runs, `|` escaped for the table.
    const span = '``get` ![t](https://evil.example/t.png) [open](command:workbench.action.terminal.new) <img src=x onerror=1> &#x202e; \\|x\\| `\\e]0;pwned\\x07\\u202e``';
    assert.ok(value.includes(`| user | ${span} |`), value);
    // Outside code spans no `[`, `<` or `&#` is left unescaped: no link, image, tag or entity can start.
    assert.doesNotMatch(value.split(span).join(''), /(^|[^\\])(\[|<|&#)/m);
  });
});
