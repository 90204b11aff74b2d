/**
 * Server tier: a Go service calling Kinesis, CloudWatch Logs and SQS next to DynamoDB
 * (fixtures/other-services, aws-sdk-go-v2 recorded against dynalite and a local JSON endpoint):
 * the report shows the other services' protocol work apart, in the CLI's words, and in no
 * DynamoDB figure.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { GetReportRequest, LoadProfileRequest } from '../../src/shared/protocol';
import { buildServer, LspSession, makeWorkDir, REPO } from './lspHarness';

describe('language server: other AWS services in the report', () => {
  let lsp: LspSession;

  before(async () => {
    const workDir = makeWorkDir();
    lsp = await LspSession.start(await buildServer(workDir), join(REPO, 'fixtures/other-services/go'), workDir);
    await lsp.connection.sendRequest(LoadProfileRequest, { path: join(REPO, 'fixtures/other-services/profiles/go-v2-mixed.pb.gz'), progressId: 'others' });
  });

  after(async () => {
    await lsp?.stop();
  });

  it('reports Kinesis, CloudWatch Logs and SQS apart from the DynamoDB share', async () => {
    const report = (await lsp.connection.sendRequest(GetReportRequest, {}))!;
    assert.equal(report.summary.dynamoPercent.toFixed(1), '28.5');
    assert.equal(report.otherServices.percent.toFixed(1), '12.8');
    assert.equal(report.otherServices.note, 'AWS SDK protocol, other services (kinesis 5.0%, sqs 5.0%, cloudwatchlogs 2.9%): not DynamoDB, reported apart');
    assert.ok(report.callSites.every((s) => /LoadItems|SaveView/.test(s.functionName)), report.callSites.map((s) => s.functionName).join());
  });
});
