import {
  defaultHorzScaleBehavior,
  type Mutable,
  type TickMarkWeightValue,
  type TimeScalePoint,
} from 'lightweight-charts';
import { zonedTickWeights } from './zoned-tick-weights';

const TimeScaleBehavior = defaultHorzScaleBehavior();

/**
 * lightweight-charts' time scale with its tick marks placed on a zone's calendar: day, month and
 * year ticks at the zone's midnights, hour ticks on its hours (zoned-tick-weights.ts). The chart
 * weighs points when they are added, so a new zone takes effect with the next `setData` of every
 * series (FinancialChart re-sets its data when the zone changes).
 */
export class ZonedTimeScale extends TimeScaleBehavior {
  /** The zone ticks are placed in; `UTC` for daily bars, which stand for a calendar day anywhere. */
  zone = 'UTC';

  override fillWeightsForPoints(points: readonly Mutable<TimeScalePoint>[], startIndex: number): void {
    if (this.zone === 'UTC') {
      super.fillWeightsForPoints(points, startIndex);
      return;
    }
    const timeAt = (i: number) => points[i]?.originalTime as number;
    const weights = zonedTickWeights(timeAt, points.length, startIndex, this.zone);
    for (let k = 0; k < weights.length; k++) {
      const point = points[startIndex + k];
      if (point) point.timeWeight = weights[k] as TickMarkWeightValue;
    }
  }
}
