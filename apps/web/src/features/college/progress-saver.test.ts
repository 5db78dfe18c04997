import { describe, expect, it, vi } from 'vitest';
import { createProgressSaver, SAVE_EVERY_MS } from './progress-saver';

/** A clock the test moves, and a send whose answers the test releases. */
function setUp(start = 0) {
  let time = 1_000_000;
  const answers: Array<{ position: number; isLeaving: boolean; answer: () => void; refuse: () => void }> = [];
  const send = vi.fn(
    (position: number, isLeaving: boolean) =>
      new Promise<void>((resolve, reject) =>
        answers.push({ position, isLeaving, answer: resolve, refuse: () => reject(new Error('no')) }),
      ),
  );
  const saver = createProgressSaver(send, start, () => time);
  return { saver, send, answers, advance: (ms: number) => (time += ms) };
}

const sent = (send: ReturnType<typeof setUp>['send']) =>
  send.mock.calls.map(([position, isLeaving]) => [position, isLeaving]);

describe('createProgressSaver', () => {
  it('while playing, saves once every ten seconds however often the time updates', async () => {
    const { saver, send, answers, advance } = setUp(30);
    saver.started();
    // Four updates a second for 35 seconds: 140 timeupdates.
    for (let tick = 1; tick <= 140; tick++) {
      advance(250);
      saver.playing(30 + tick * 0.25);
      answers.shift()?.answer();
      await Promise.resolve();
    }
    expect(sent(send)).toEqual([
      [40, false],
      [50, false],
      [60, false],
    ]);
  });

  it('the ten seconds count from when playing starts, not from when the screen opened', () => {
    const { saver, send, advance } = setUp(12);
    advance(60_000);
    saver.started();
    advance(SAVE_EVERY_MS - 1);
    saver.playing(22);
    expect(send).not.toHaveBeenCalled();
    advance(1);
    saver.playing(22);
    expect(sent(send)).toEqual([[22, false]]);
  });

  it('saves at once on pause and on leaving, but never a place already saved (nor the start)', () => {
    const { saver, send } = setUp(12);
    saver.stopped(12.2);
    saver.leaving(12);
    expect(send).not.toHaveBeenCalled();
    saver.stopped(15);
    saver.stopped(15.1);
    saver.leaving(30);
    expect(sent(send)).toEqual([
      [15, false],
      [30, true],
    ]);
  });

  it('sends one save at a time, the newest waiting for the one in flight; leaving goes at once', async () => {
    const { saver, send, answers } = setUp(0);
    saver.stopped(5);
    saver.stopped(8);
    saver.stopped(9);
    expect(sent(send)).toEqual([[5, false]]);
    answers.shift()!.answer();
    await vi.waitFor(() =>
      expect(sent(send)).toEqual([
        [5, false],
        [9, false],
      ]),
    );
    saver.stopped(11);
    saver.leaving(14);
    expect(sent(send)).toEqual([
      [5, false],
      [9, false],
      [14, true],
    ]);
    answers.shift()!.answer();
    await Promise.resolve();
    // 11 was waiting when the viewer left with 14: it is not sent after it.
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('a save that failed is sent again at the next pause', async () => {
    const { saver, send, answers } = setUp(0);
    saver.stopped(5);
    answers.shift()!.refuse();
    await vi.waitFor(() => expect(answers).toHaveLength(0));
    await Promise.resolve();
    saver.stopped(5);
    expect(sent(send)).toEqual([
      [5, false],
      [5, false],
    ]);
  });
});
