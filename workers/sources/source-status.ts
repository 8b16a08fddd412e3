/**
 * How each history source is doing, for `Show feed status` and the status bar: whether its last
 * query was answered or why it failed, its symbols, those followed for new trades, and when it last
 * answered. Each source is watched by wrapping it: every query it runs is counted on its way back.
 */
import { errorMessage } from '../../core/error-message';
import type { SourceStatus } from '../../core/feed/feed-status';
import type { HistorySource } from './history-source';

type Fact = Omit<SourceStatus, 'followed'>;

export class SourceWatch {
  private readonly facts = new Map<HistorySource, Fact>();
  private postedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly options: {
      now(): number;
      /** The statuses changed: a state flipped, or answers came since a post `refreshMs` ago. */
      onChange(): void;
      refreshMs: number;
    },
  ) {}

  /** `source`, each of its queries counted on its way back. */
  watch(source: HistorySource, adapter: string, pollSeconds: number): HistorySource {
    const fact: Fact = {
      id: source.id,
      label: source.label,
      adapter,
      origin: source.origin,
      state: 'waiting',
      problem: null,
      symbols: 0,
      pollSeconds,
      lastAnswerAt: null,
      answered: 0,
    };
    const observed = <T>(query: Promise<T>): Promise<T> =>
      query.then(
        (answer) => {
          this.answered(fact);
          return answer;
        },
        (error: unknown) => {
          this.failed(fact, errorMessage(error));
          throw error;
        },
      );
    const watched: HistorySource = {
      id: source.id,
      label: source.label,
      origin: source.origin,
      // Counted before the answer is told, so the status posted with it has the count.
      symbols: () =>
        observed(
          source.symbols().then((symbols) => {
            fact.symbols = symbols.length;
            return symbols;
          }),
        ),
      span: (symbol) => observed(source.span(symbol)),
      bars: (symbol, step, from, to) => observed(source.bars(symbol, step, from, to)),
    };
    this.facts.set(watched, fact);
    return watched;
  }

  /** Each source's status, with the symbols followed now (`followedOf` the source `watch` gave). */
  statuses(followedOf: (source: HistorySource) => string[]): SourceStatus[] {
    this.postedAt = this.options.now();
    return [...this.facts].map(([source, fact]) => ({ ...fact, followed: followedOf(source) }));
  }

  private answered(fact: Fact): void {
    const flipped = fact.state !== 'answering';
    fact.state = 'answering';
    fact.problem = null;
    fact.lastAnswerAt = this.options.now();
    fact.answered++;
    if (flipped || this.options.now() - this.postedAt >= this.options.refreshMs) this.options.onChange();
  }

  private failed(fact: Fact, problem: string): void {
    const changed = fact.state !== 'failing' || fact.problem !== problem;
    fact.state = 'failing';
    fact.problem = problem;
    if (changed) this.options.onChange();
  }
}
