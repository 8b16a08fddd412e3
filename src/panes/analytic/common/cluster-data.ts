/** The synthetic cluster datasets of the scatter and bubble panes (seeded, in the worker's xy-datasets.ts). */
import type { PaneState } from '../../../state/workspace-document';
import { type AnalyticChart, type LoadRequest, readSetting, type SettingControl } from './chart';
import { drawPoints } from './points-draw';
import {
  type PointsData,
  type PointsModel,
  pointsAnchors,
  pointsHitTest,
  pointsLayout,
  pointsLegend,
} from './points-layout';
import { aggregationNote, loadScatter, viewRequestKey } from './worker-data';

/** A dataset choice: a short label for the title-bar select, a longer title for the pane. */
export interface DatasetOption {
  value: string;
  label: string;
  title: string;
}

export const CLUSTER_DATASETS: readonly DatasetOption[] = [
  { value: 'SCATTER-100K', label: 'Synthetic 100k', title: 'Synthetic 100k points' },
  { value: 'SCATTER-1M', label: 'Synthetic 1M', title: 'Synthetic 1M points' },
];

/** The `Dataset` select of a pane: its own data first, then the others it offers. */
export function datasetControl(
  own: DatasetOption,
  others: readonly DatasetOption[] = CLUSTER_DATASETS,
): SettingControl {
  return {
    key: 'dataset',
    label: 'Dataset',
    options: [own, ...others].map(({ value, label }) => ({ value, label })),
    defaultValue: own.value,
  };
}

/** The pane's title for its dataset (the kind's own data or one of `others`). */
export function datasetTitle(
  pane: PaneState,
  control: SettingControl,
  own: DatasetOption,
  others: readonly DatasetOption[] = CLUSTER_DATASETS,
): string {
  const value = readSetting(pane.settings, control);
  return [own, ...others].find((o) => o.value === value)?.title ?? value;
}

export function isClusterDataset(dataset: string): boolean {
  return CLUSTER_DATASETS.some((d) => d.value === dataset);
}

export function datasetOf(pane: PaneState, control: SettingControl): string {
  return readSetting(pane.settings, control);
}

const two = (v: number) => v.toFixed(2);

/** Points for the pane's window and plot, merged by the worker when more than 10000 are in view. */
export async function loadClusters(
  dataset: string,
  request: LoadRequest,
  withSize: boolean,
): Promise<PointsData> {
  const answer = await loadScatter(dataset, request, withSize);
  return {
    series: answer.series,
    xLabel: answer.info.xLabel,
    yLabel: answer.info.yLabel,
    ...(withSize ? { sizeLabel: 'Size', formatSize: two } : {}),
    labelPoints: false,
    format: two,
    note: aggregationNote(answer.shown, answer.total, answer.aggregated, 'points'),
  };
}

/**
 * The chart of a points kind (scatter, bubble): its own fixture data, or a cluster dataset that the
 * worker merges per view (so only those re-load on zoom and pan).
 */
export function pointsChart(
  control: SettingControl,
  loadOwn: () => Promise<PointsData>,
  withSize: boolean,
): AnalyticChart<PointsData, PointsModel> {
  return {
    controls: [control],
    load: (pane, request) => {
      const dataset = datasetOf(pane, control);
      return isClusterDataset(dataset) ? loadClusters(dataset, request, withSize) : loadOwn();
    },
    dataset: (pane) => datasetOf(pane, control),
    viewKey: (pane, request) => (isClusterDataset(datasetOf(pane, control)) ? viewRequestKey(request) : null),
    isEmpty: (data) => data.series.every((s) => s.points.length === 0),
    legend: pointsLegend,
    layout: pointsLayout,
    hitTest: pointsHitTest,
    anchors: pointsAnchors,
    draw: drawPoints,
  };
}
