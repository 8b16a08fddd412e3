/** Drag-and-drop of a file onto a financial pane: the same import as `Import CSV`, charted in that pane. */
import { type DragEvent, useState } from 'react';
import { useWorkstation } from '../../commands/use-workstation';
import { notify } from '../../session/session-actions';

const carriesFiles = (e: DragEvent): boolean => e.dataTransfer?.types.includes('Files') ?? false;

export interface CsvFileDrop {
  /** A file is being dragged over the pane (show the drop hint). */
  over: boolean;
  handlers: {
    onDragEnter(e: DragEvent): void;
    onDragOver(e: DragEvent): void;
    onDragLeave(e: DragEvent): void;
    onDrop(e: DragEvent): void;
  };
}

export function useCsvFileDrop(paneId: string): CsvFileDrop {
  const [over, setOver] = useState(false);
  const { session, csvImport } = useWorkstation();
  return {
    over,
    handlers: {
      onDragEnter(e) {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        setOver(true);
      },
      onDragOver(e) {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave(e) {
        // Leaving for a child of the pane is not leaving the pane.
        if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
        setOver(false);
      },
      onDrop(e) {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        setOver(false);
        const files = [...e.dataTransfer.files];
        const [file] = files;
        if (!file) return;
        if (files.length > 1)
          notify(session, `Importing "${file.name}" only: drop one file at a time.`, 'warning');
        csvImport.begin(file, { paneId });
      },
    },
  };
}

/** The pane's message when its symbol cannot be loaded; an unknown symbol is most likely a lost import. */
export function loadErrorText(symbol: string, message: string): string {
  if (message.startsWith('Unknown symbol')) {
    return `No data for ${symbol}: this browser has no series of that name. If it was an imported CSV, its stored data is gone: import the file again, or choose another symbol.`;
  }
  return `Could not load ${symbol}: ${message}`;
}
