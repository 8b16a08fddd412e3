import { describe, expect, it } from 'vitest';
import { NYSE, sessionsBetween } from '../../../core/sessions/trading-session';
import { SessionSpans, sessionMarks } from './session-marks';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('session marks', () => {
  const from = at('2024-03-08T12:00:00Z'); // Friday before the open
  const to = at('2024-03-11T16:00:00Z'); // Monday after it (summer time by then)
  const spans = sessionsBetween(NYSE, from, to);

  it('shade what lies between sessions and break at each open in view', () => {
    const marks = sessionMarks(spans, from, to, 100);
    expect(marks.opens).toEqual([at('2024-03-08T14:30:00Z'), at('2024-03-11T13:30:00Z')]);
    expect(marks.closed).toEqual([
      { from, to: at('2024-03-08T14:30:00Z') },
      { from: at('2024-03-08T21:00:00Z'), to: at('2024-03-11T13:30:00Z') },
    ]);
  });

  it('mark nothing when too many sessions are in view', () => {
    expect(sessionMarks(spans, from, to, 1)).toEqual({ closed: [], opens: [] });
  });

  it('remember the sessions of a view, and answer a pan within it alike', () => {
    const cache = new SessionSpans(NYSE);
    const wide = cache.between(from, to);
    expect(wide.map((s) => s.open)).toEqual(expect.arrayContaining(spans.map((s) => s.open)));
    const later = cache.between(from + 3600, to + 3600);
    expect(later.map((s) => s.open)).toEqual(
      sessionsBetween(NYSE, from + 3600 - 86_400, to + 3600 + 86_400).map((s) => s.open),
    );
  });
});
