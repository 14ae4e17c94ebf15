export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
export declare function readCounts(file: string): Counts | null;
export interface Failure {
  file: string;
  test: string;
  message: string;
}
export declare function readFailures(file: string, root: string): Failure[];
export declare function summaryLine(outcomes: Counts[]): string;
