/**
 * Linked charts (one colour group) share crosshair time and visible range. A message carries its
 * hop count so that echoes between panes stop at the chained-update limit. A range carries the
 * sender's interval: only charts of that interval follow it (a daily chart cannot show a 5-minute
 * chart's morning, and a trader links a 1D and a 5m chart for their different spans).
 */
export type LinkMessage =
  | { type: 'crosshair'; time: number | null; hop: number }
  | {
      type: 'range';
      from: number;
      to: number;
      /**
       * Where the last bar in view ends (a merged bar's span): a pane holding finer bars of the same
       * interval shows them to there, not only the first of them.
       */
      end?: number;
      hop: number;
      interval: string | null;
    };

type Listener = (message: LinkMessage) => void;

const groups = new Map<string, Map<string, Listener>>();

export function joinLinkGroup(group: string, paneId: string, listener: Listener): () => void {
  let members = groups.get(group);
  if (!members) {
    members = new Map();
    groups.set(group, members);
  }
  members.set(paneId, listener);
  return () => {
    members.delete(paneId);
    if (members.size === 0) groups.delete(group);
  };
}

export function publishLink(group: string, fromPaneId: string, message: LinkMessage): void {
  for (const [paneId, listener] of groups.get(group) ?? []) {
    if (paneId !== fromPaneId) listener(message);
  }
}
