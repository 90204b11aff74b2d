import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setsConnectionReuse } from '../../../src/core/check/connectionReuseEnv';
import { checkScript } from '../../../src/core/check/js/scriptChecks';

const NAME = 'AWS_NODEJS_CONNECTION_REUSE_ENABLED';

describe('setsConnectionReuse: AWS_NODEJS_CONNECTION_REUSE_ENABLED set to 1, not merely named', () => {
  it('finds it set to 1 in the forms deployment files use', () => {
    const set = [
      `${NAME}=1`, // .env
      `export ${NAME}=1`, // shell
      `"start": "${NAME}=1 node app.js"`, // package.json script
      `ENV ${NAME} 1`, // Dockerfile
      `ENV ${NAME}=1`,
      `      ${NAME}: '1'`, // serverless.yml / SAM
      `  ${NAME}: 1`,
      `{ "${NAME}": "1" }`, // JSON
      `    ${NAME} = "1"`, // Terraform
      `process.env.${NAME} = '1';`, // JS
      `process.env['${NAME}'] = '1';`,
      `environment: { ${NAME}: '1' },`, // CDK
      `- name: ${NAME}\n  value: "1"`, // Kubernetes
      `{ "name": "${NAME}", "value": "1" }`, // ECS task definition
      `- ${NAME}=1`, // docker-compose environment list
    ];
    for (const text of set) assert.equal(setsConnectionReuse(text), true, text);
  });

  it('counts a value read from elsewhere, which may be 1 (a variable, an interpolation, valueFrom)', () => {
    const fromElsewhere = [
      `    ${NAME} = var.${NAME}`, // Terraform, the variable's default elsewhere
      `      ${NAME}: \${env:CONNECTION_REUSE}`, // serverless.yml
      `      ${NAME}: "\${CONNECTION_REUSE}"`,
      `process.env.${NAME} = process.env.REUSE || '1';`,
      `- name: ${NAME}\n  valueFrom:\n    configMapKeyRef: { name: sdk, key: reuse }`,
    ];
    for (const text of fromElsewhere) assert.equal(setsConnectionReuse(text), true, text);
  });

  it('does not count a mention, a comment, or a value aws-sdk v2 does not read as on', () => {
    const notSet = [
      `// without ${NAME}), each request on a new TLS connection.`,
      `# ${NAME}=1`,
      ` * set ${NAME}=1 to keep connections alive`,
      `FOO=bar # ${NAME}=1 later`,
      `${NAME}=0`,
      `${NAME}=true`, // aws-sdk v2 compares with '1'
      `${NAME}=10`,
      `process.env.${NAME} = '';`,
      `if (!process.env.${NAME}) console.warn('no keep-alive');`,
      `- name: ${NAME}\n  value: "0"`,
      `if (process.env.${NAME} === '1') agent = undefined;`,
      `Set ${NAME} to 1 in the function's environment.`,
      `variable "${NAME}" {`,
      'nothing here',
    ];
    for (const text of notSet) assert.equal(setsConnectionReuse(text), false, text);
  });

  it('keeps the no-keep-alive finding in a file that only names the variable in a comment', () => {
    const text = [
      `// aws-sdk v2 without ${NAME}: each request on a new TLS connection.`,
      "const AWS = require('aws-sdk');",
      "const db = new AWS.DynamoDB.DocumentClient({ region: 'us-east-1' });",
      'module.exports = db;',
    ].join('\n');
    const codes = (reuse: boolean) => checkScript('/p/db.js', text, { minTimeoutMs: 100, connectionReuseEnv: reuse }).map((f) => `${f.code}@${f.line}`);
    assert.equal(setsConnectionReuse(text), false);
    assert.deepEqual(codes(setsConnectionReuse(text)), ['no-keep-alive@3']);
    assert.deepEqual(codes(true), []);
  });
});
