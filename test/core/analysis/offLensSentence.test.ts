/**
 * The sentence that says how much of the profile sits on call sites the editor shows no lens for
 * (lines changed since the profile): shown from 0.05 % (what one decimal can show), worded with the share.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { offLensSentence, type AttributionShares } from '../../../src/core/analysis/attributionText';

const shares: AttributionShares = { dynamoPercent: 10, measuredPercent: 9, labelledPercent: 0, estimatedPercent: 1, unattributedPercent: 0 };

describe('offLensSentence', () => {
  it('is absent when every call site has its lens, or when the share rounds to 0.0 %', () => {
    assert.equal(offLensSentence(shares), undefined);
    assert.equal(offLensSentence({ ...shares, offLensPercent: 0.04 }), undefined);
  });

  it('names the share held by call sites without a lens', () => {
    assert.equal(
      offLensSentence({ ...shares, offLensPercent: 0.94 }),
      "0.9% of the profile is credited to call sites on lines changed or removed since it was recorded: no lens shows it (the report's call-site table lists them at their recorded lines).",
    );
  });
});
