/** A form's general error: messages that belong to no single field. */
export function FormError({ message, testId = 'form-error' }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="ui-form-error" data-testid={testId}>
      {message}
    </p>
  );
}
