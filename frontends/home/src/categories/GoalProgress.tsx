import type { GoalView } from './goal-view.js';
import './goal.css';

/**
 * A goal's progress: balance ÷ target as a bar (role=progressbar, its value text "450.00 of
 * 1,200.00") and "X to go · Y a month" under it (docs/architecture.md §9.3 "Explicit goals").
 */
export function GoalProgress({ name, view, testId }: { name: string; view: GoalView; testId?: string }) {
  return (
    <div className="goal-progress" data-testid={testId}>
      <div
        className="goal-progress__track"
        role="progressbar"
        aria-label={`${name} goal progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.percent}
        aria-valuetext={view.valueText}
      >
        <div className="goal-progress__fill" style={{ width: `${view.percent}%` }} />
      </div>
      <span className="goal-progress__text">{view.short}</span>
    </div>
  );
}
