/**
 * Exports: a pane or the whole workspace as a PNG with a caption (title, interval, time zone, time
 * taken), and a chart's bars in view as CSV. They read the document and the screen and write files;
 * they change nothing, so they are not history steps.
 */
import type { BarsCsvResult } from '../../../core/protocol';
import type { Command, CommandContext } from '../../commands/command';
import { getEngineClient } from '../../data/engine-client';
import { symbolTimeZone } from '../../data/symbol-catalog';
import { notify } from '../../session/session-actions';
import { getLeaves } from '../../state/layout-tree';
import { timeZoneOf, zoneFor, zoneLabel } from '../../state/time-zone';
import { getTheme } from '../../themes/themes';
import { downloadBlob, fileStamp } from '../../ui/files';
import { paneTitle } from '../../workspace/pane-registry';
import { formatBarTime } from '../financial/bar-time';
import { chartOf } from '../financial/chart-registry';
import { readChartSettings } from '../financial/chart-settings';
import { chartIntervalOf } from '../financial/interval-commands';
import { barsIntervalName } from '../financial/pane-description';
import { EXPORT_MAX_BARS, exportRequest } from '../financial/visible-export';
import { exportCaption, fileSlug } from './export-caption';
import { type ImageColors, paneImage, workspaceImage } from './pane-image';

function colorsOf(ctx: CommandContext): ImageColors {
  const { colors } = getTheme(ctx.workspace.getDocument().theme);
  return { background: colors.background, text: colors.text, muted: colors.textMuted };
}

/** The zone a pane of `symbol` shows its times in. */
function paneZone(ctx: CommandContext, symbol: string | null): string {
  return symbolTimeZone(timeZoneOf(ctx.workspace.getDocument()), ctx.session.getState().catalog, symbol);
}

/** Now, in the workspace's zone, as the legend writes a minute. */
function nowIn(zone: string): string {
  return formatBarTime(Math.floor(Date.now() / 1000), true, zone);
}

/** A financial pane's interval: the one picked, else what its bars are. */
function intervalOf(ctx: CommandContext, paneId: string): string | null {
  const pane = ctx.workspace.getDocument().panes[paneId];
  const chart = chartOf(paneId);
  if (!pane || !chart) return null;
  const picked = chartIntervalOf(ctx.session.getState().catalog, pane);
  if (picked) return picked;
  const view = chart.barsInView();
  return view ? barsIntervalName(view.bars) : null;
}

function savePng(canvas: HTMLCanvasElement, fileName: string, ctx: CommandContext): Promise<void> {
  return new Promise((resolve) => {
    canvas.toBlob((blob) => {
      if (blob) downloadBlob(fileName, blob);
      else notify(ctx.session, 'The picture could not be made: the browser refused to encode it.', 'error');
      resolve();
    }, 'image/png');
  });
}

export function exportCommands(): Command[] {
  return [
    {
      id: 'export-pane-png',
      label: 'Export pane as PNG',
      group: 'Export',
      inPaneMenu: true,
      when: (ctx) =>
        ctx.paneId && ctx.workspace.getDocument().panes[ctx.paneId] ? true : 'No pane is focused',
      perform: async (ctx) => {
        const pane = ctx.paneId ? ctx.workspace.getDocument().panes[ctx.paneId] : undefined;
        if (!pane) return;
        const zone = paneZone(ctx, pane.symbol ?? null);
        const title = paneTitle(pane);
        const caption = exportCaption({
          title,
          interval: intervalOf(ctx, pane.id),
          zone: zoneLabel(zone),
          at: nowIn(zone),
        });
        const image = paneImage(pane.id, caption, colorsOf(ctx));
        if (!image) {
          notify(ctx.session, `${title} draws nothing to export as a picture (it is a table).`, 'warning');
          return;
        }
        await savePng(image, `${fileSlug(title)}-${fileStamp()}.png`, ctx);
      },
    },
    {
      id: 'export-workspace-png',
      label: 'Export workspace as PNG',
      group: 'Export',
      when: (ctx) => (ctx.workspace.getDocument().layout ? true : 'The workspace is empty'),
      perform: async (ctx) => {
        const doc = ctx.workspace.getDocument();
        // Under the `exchange` setting each chart has its own zone: the stamp is in UTC, and says so.
        const setting = timeZoneOf(doc);
        const zone = zoneFor(setting, undefined);
        const stamp = setting === zone ? nowIn(zone) : `${nowIn(zone)} ${zoneLabel(zone)}`;
        const panes = getLeaves(doc.layout).flatMap((id) => {
          const pane = doc.panes[id];
          return pane ? [{ id, title: paneTitle(pane) }] : [];
        });
        const caption = exportCaption({ title: 'Workspace', zone: zoneLabel(setting), at: stamp });
        const image = workspaceImage(panes, caption, colorsOf(ctx));
        if (image) await savePng(image, `workspace-${fileStamp()}.png`, ctx);
      },
    },
    {
      id: 'export-pane-csv',
      label: 'Export visible data as CSV',
      group: 'Export',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      when: (ctx) =>
        chartOf(ctx.paneId)?.barsInView() ? true : 'The focused pane is not a chart with bars in view',
      perform: async (ctx) => {
        const pane = ctx.paneId ? ctx.workspace.getDocument().panes[ctx.paneId] : undefined;
        const view = chartOf(ctx.paneId)?.barsInView();
        if (!pane?.symbol || !view) return;
        const settings = readChartSettings(pane.settings);
        const zone = paneZone(ctx, pane.symbol);
        const request = exportRequest(
          pane.symbol,
          view,
          chartIntervalOf(ctx.session.getState().catalog, pane),
          settings.outOfSession === 'hide',
          zone,
        );
        if (!request) return;
        // Written in the worker, part by part: a million rows take a second or two there, and the
        // workspace and the chart's live bars keep going meanwhile.
        let result: BarsCsvResult;
        try {
          result = await getEngineClient().call('exportBarsCsv', request);
        } catch (error) {
          notify(ctx.session, `Not exported: the bars could not be read (${String(error)}).`, 'error');
          return;
        }
        if (result.rows === 0) {
          notify(ctx.session, 'Not exported: the engine holds no bars in the range in view.', 'error');
          return;
        }
        downloadBlob(`${fileSlug(pane.symbol)}-${fileStamp()}.csv`, result.csv);
        if (result.merged) {
          notify(
            ctx.session,
            `The range in view holds more than ${EXPORT_MAX_BARS.toLocaleString('en-US')} bars: each row merges several, and its last column says how many. Zoom in to export single bars.`,
          );
        }
      },
    },
  ];
}
