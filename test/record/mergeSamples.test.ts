import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Label, Profile, Sample } from 'pprof-format';
import { mergeIdenticalSamples } from '../../src/record/mergeSamples';

const label = (key: number, str: number) => new Label({ key, str });
const sample = (stack: number[], value: number[], labels: Label[]) => new Sample({ locationId: stack, value, label: labels });

describe('mergeIdenticalSamples: one pprof sample per stack and label set', () => {
  it('sums count, wall and CPU time of equal (stack, labels) samples; keeps different stacks, label values and unlabelled rows apart', () => {
    const stack = [3, 2, 1];
    const profile = new Profile({
      sample: [
        sample(stack, [1, 1_000_000, 700_000], [label(1, 2), label(3, 4)]),
        sample(stack, [1, 1_000_000, 900_000], [label(1, 2), label(3, 4)]),
        sample(stack, [1, 1_000_000, 500_000], [label(1, 2), label(3, 5)]),
        sample([3, 2], [1, 1_000_000, 100_000], [label(1, 2), label(3, 4)]),
        sample(stack, [4, 4_000_000, 3_000_000], []),
        sample(stack, [1, 1_000_000, 800_000], [label(1, 2), label(3, 4)]),
      ],
    });
    assert.equal(mergeIdenticalSamples(profile), 2);
    // Through the encoder and back, as the recorder writes it.
    const read = Profile.decode(profile.encode());
    assert.deepEqual(
      read.sample.map((s) => `${s.locationId.join('>')} ${s.value.join('/')} ${s.label.map((l) => `${l.key}=${l.str}`).join(',')}`),
      ['3>2>1 3/3000000/2400000 1=2,3=4', '3>2>1 1/1000000/500000 1=2,3=5', '3>2 1/1000000/100000 1=2,3=4', '3>2>1 4/4000000/3000000 '],
    );
  });
});
