/**
 * The one escape for text from outside (issue 25, hole 4): controls, bidi overrides and line
 * separators shown escaped; markdown that a name cannot turn into a link, an image or HTML; a
 * notification that cannot hold a link.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { displayText, markdownCode, markdownText, notificationText, shortDisplayText } from '../../../src/core/text/displayText';

/** Every character a terminal or a renderer acts on that the escape must remove. */
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('displayText', () => {
  it('escapes ESC sequences (OSC title, OSC 8 hyperlink, CSI clear), BEL, CR, C1 and bidi overrides, readably', () => {
    const name = 'main.handler\x1b]0;pwned\x07\x1b]8;;https://evil.example\x07click\x1b]8;;\x07\x1b[2J\rforged\u202etxt.exe\u009b31m\u2028x';
    const shown = displayText(name);
    assert.doesNotMatch(shown, ACTIVE);
    assert.doesNotMatch(shown, /\n/);
    assert.equal(shown, 'main.handler\\e]0;pwned\\x07\\e]8;;https://evil.example\\x07click\\e]8;;\\x07\\e[2J\\rforged\\u202etxt.exe\\x9b31m\\u2028x');
  });

  it('one line unless asked: a name cannot start a line of its own; multi-line text keeps \\n, \\r\\n and tabs', () => {
    assert.equal(displayText('a\nDynamoDB marshalling: 0.00%\tx'), 'a\\nDynamoDB marshalling: 0.00%\\tx');
    assert.equal(displayText('row\tone\r\nrow two\nover\rwrite\x1b[K', { multiline: true }), 'row\tone\r\nrow two\nover\\rwrite\\e[K');
  });

  it('leaves ordinary text, Unicode included, as it is', () => {
    for (const text of ['github.com/aws/aws-sdk-go/private/protocol/jsonrpc.Unmarshal', '(*Adapter).GetUserActivity', 'café 東京 → 50.7% (−97%)', '']) assert.equal(displayText(text), text);
  });

  it('cuts a long server body at 300 characters, then escapes it', () => {
    const body = `upstream\x1b[31m failed ${'x'.repeat(1000)}`;
    const shown = shortDisplayText(body);
    assert.ok(shown.startsWith('upstream\\e[31m failed xxx') && shown.endsWith('x…'), shown);
    assert.equal(shown.length, 300 + 1 + 1);
  });
});

describe('markdown and notifications', () => {
  it('markdownText: a name cannot add a link, an image, HTML, an entity or a table cell', () => {
    const name = '![t](https://evil.example/t.png) [x](command:rm) <img src=x> &#x202e; a|b `c` *d*';
    assert.equal(markdownText(name), '\\!\\[t\\](https://evil.example/t.png) \\[x\\](command:rm) \\<img src=x\\> \\&#x202e; a\\|b \\`c\\` \\*d\\*');
  });

  it('markdownCode: a code span no backtick in the name can close, pipes escaped for table cells', () => {
    assert.equal(markdownCode('a`b'), '``a`b``');
    assert.equal(markdownCode('`x` ](y)'), '`` `x` ](y) ``');
    assert.equal(markdownCode('a|b\x1b'), '`a\\|b\\e`');
  });

  it('notificationText: no [label](target) link survives', () => {
    assert.equal(notificationText('bad name [open](command:workbench.action.terminal.new)\u202e'), 'bad name [open] (command:workbench.action.terminal.new)\\u202e');
  });
});
