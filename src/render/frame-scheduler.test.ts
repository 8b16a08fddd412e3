import { describe, expect, it } from 'vitest';
import { FrameScheduler } from './frame-scheduler';

function fakeFrames() {
  const queue: (() => void)[] = [];
  return {
    request: (cb: () => void) => queue.push(cb),
    cancel: (handle: number) => {
      queue[handle - 1] = () => {};
    },
    run: () => {
      const callbacks = queue.splice(0);
      for (const cb of callbacks) cb();
    },
    get pending() {
      return queue.length;
    },
  };
}

describe('frame scheduler', () => {
  it('coalesces any number of invalidations into one frame that gets each item once', () => {
    const frames = fakeFrames();
    const drawn: string[][] = [];
    const scheduler = new FrameScheduler<string>((items) => drawn.push(items), frames.request, frames.cancel);
    scheduler.mark('a');
    scheduler.mark('b');
    scheduler.mark('a');
    expect(frames.pending).toBe(1);
    frames.run();
    expect(drawn).toEqual([['a', 'b']]);
    frames.run();
    expect(drawn).toHaveLength(1);
  });

  it('asks for no frame while nothing is dirty (no free-running ticker)', () => {
    const frames = fakeFrames();
    const scheduler = new FrameScheduler<string>(() => {}, frames.request, frames.cancel);
    scheduler.request();
    expect(frames.pending).toBe(0);
    scheduler.mark('a');
    scheduler.forget('a');
    frames.run();
    expect(scheduler.size).toBe(0);
  });

  it('keeps items a frame could not draw until asked again', () => {
    const frames = fakeFrames();
    let ready = false;
    const drawn: string[] = [];
    const scheduler: FrameScheduler<string> = new FrameScheduler<string>(
      (items) => (ready ? drawn.push(...items) : scheduler.keep(items)),
      frames.request,
      frames.cancel,
    );
    scheduler.mark('a');
    frames.run();
    expect(drawn).toEqual([]);
    expect(scheduler.size).toBe(1);
    ready = true;
    scheduler.request();
    frames.run();
    expect(drawn).toEqual(['a']);
  });
});
