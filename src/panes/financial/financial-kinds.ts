/** The seven financial chart types: ids (docs/test-contract.md) and the names people see. */
export const FINANCIAL_KINDS = [
  { id: 'candlestick', label: 'Candlestick' },
  { id: 'hollow-candlestick', label: 'Hollow candlestick' },
  { id: 'ohlc', label: 'OHLC' },
  { id: 'line', label: 'Line' },
  { id: 'step-line', label: 'Step line' },
  { id: 'hlc', label: 'HLC' },
  { id: 'high-low', label: 'High-low' },
] as const;

export type FinancialKind = (typeof FINANCIAL_KINDS)[number]['id'];

export function isFinancialKind(kind: string): kind is FinancialKind {
  return FINANCIAL_KINDS.some((k) => k.id === kind);
}

export function financialLabel(kind: string): string {
  return FINANCIAL_KINDS.find((k) => k.id === kind)?.label ?? kind;
}

/** Whether a kind draws closes as a line (the others draw bars: open, high, low and close). */
export function isLineKind(kind: FinancialKind): boolean {
  return kind === 'line' || kind === 'step-line';
}

/** The kind a chart of `kind` draws its price as: a line for a series of closes whatever bar kind. */
export function drawnKind(kind: FinancialKind, closesOnly: boolean): FinancialKind {
  return closesOnly && !isLineKind(kind) ? 'line' : kind;
}
