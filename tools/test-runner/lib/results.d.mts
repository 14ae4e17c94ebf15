export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
export declare function readCounts(file: string): Counts | null;
export declare function summaryLine(outcomes: Counts[]): string;
