import { describe, expect, it } from 'vitest';
import { defineTask, handlerOf, jobOf, mergeTaskSets, taskSet } from './task';

/** A payload schema without a library: a positive whole `bookingNumber`. */
const bookingNumber = {
  parse(input: unknown) {
    const value = (input as { bookingNumber?: unknown } | null)?.bookingNumber;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new Error('bookingNumber must be a positive whole number');
    }
    return { bookingNumber: value };
  },
};
const remind = defineTask('test.remind', bookingNumber);
const job = { id: 1, attempts: 1, maxAttempts: 8 } as Parameters<
  ReturnType<typeof handlerOf>[1]
>[1];

describe('the task contract', () => {
  it('makes a job of a task with its name, checked payload and options', () => {
    const at = new Date('2027-03-01T12:00:00Z');
    expect(jobOf(remind, { bookingNumber: 7 }, { runAt: at, key: 'remind:7' })).toEqual({
      task: 'test.remind',
      payload: { bookingNumber: 7 },
      runAt: at,
      key: 'remind:7',
    });
  });

  it('never stores a job whose payload its handler could not read', () => {
    expect(() => jobOf(remind, { bookingNumber: 0 })).toThrow(/positive whole number/);
  });

  it('hands the handler the parsed payload, and fails the attempt on a stored bad one', async () => {
    const seen: number[] = [];
    const [name, handler] = handlerOf(remind, async ({ bookingNumber: n }) => {
      seen.push(n);
    });
    expect(name).toBe('test.remind');
    await handler({ bookingNumber: 3 }, job);
    expect(seen).toEqual([3]);
    await expect(handler({ bookingNumber: 'three' }, job)).rejects.toThrow(/positive whole/);
    expect(seen).toEqual([3]);
  });

  it('merges the task sets of several modules, and refuses one task handled twice', () => {
    const a = taskSet(
      [handlerOf(remind, async () => {})],
      [{ task: 'test.remind', everyMs: 60_000 }],
    );
    const b = taskSet([handlerOf(defineTask('test.other', bookingNumber), async () => {})]);
    const merged = mergeTaskSets(a, b);
    expect(Object.keys(merged.tasks).sort()).toEqual(['test.other', 'test.remind']);
    expect(merged.schedules).toEqual([{ task: 'test.remind', everyMs: 60_000 }]);
    expect(() => mergeTaskSets(a, a)).toThrow('Two handlers for the job task "test.remind".');
  });
});
