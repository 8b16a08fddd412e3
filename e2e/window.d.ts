// The automation hooks the app publishes (src/app/test-hooks.ts, src/data/engine-client.ts).
export {};

declare global {
  interface Window {
    __workstation?: {
      document(): unknown;
      historyDepth(): number;
      failPane(paneId: string): void;
      failDrawing(paneId: string): void;
      flushSave(): void;
      priceAxisText(paneId: string, price: number): string | null;
      timeAxisLabels(paneId: string): [time: number, label: string][];
    };
    __engine?: { crash(): Promise<void>; hang(): void; readonly workerGeneration: number };
  }
}
