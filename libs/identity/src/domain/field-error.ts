/** A validation failure on one input field, in the spec's vocabulary (`code` is the rule name). */
export interface FieldProblem {
  field: string;
  code: string;
  message: string;
}
