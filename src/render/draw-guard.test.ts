import { describe, expect, it, vi } from 'vitest';
import { DrawGuard, injectDrawFault, SIMULATED_DRAW_FAILURE } from './draw-guard';

describe('DrawGuard', () => {
  it('passes results through until a call fails; reports that failure once and draws nothing after it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onFailure = vi.fn();
    const guard = new DrawGuard('p1', onFailure);
    expect(guard.run(0, () => 7)).toBe(7);
    expect(guard.failed).toBe(false);
    expect(
      guard.run(-1, () => {
        throw new Error('boom');
      }),
    ).toBe(-1);
    expect(guard.failed).toBe(true);
    const draw = vi.fn(() => 5);
    expect(guard.run(-1, draw)).toBe(-1);
    expect(draw).not.toHaveBeenCalled();
    guard.fail(new Error('later'));
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledWith(new Error('boom'));
  });

  it('reports a thrown non-error as an error with its text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onFailure = vi.fn();
    new DrawGuard('p1', onFailure).fail('Value is null');
    expect(onFailure.mock.calls[0]?.[0]).toEqual(new Error('Value is null'));
  });

  it("fails the injected pane's next call only", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const other = new DrawGuard('other', vi.fn());
    const onFailure = vi.fn();
    const target = new DrawGuard('target', onFailure);
    injectDrawFault('target');
    expect(other.run('fallback', () => 'drawn')).toBe('drawn');
    expect(target.run('fallback', () => 'drawn')).toBe('fallback');
    expect(onFailure).toHaveBeenCalledWith(new Error(SIMULATED_DRAW_FAILURE));
    expect(new DrawGuard('target', vi.fn()).run('fallback', () => 'drawn')).toBe('drawn');
  });
});
