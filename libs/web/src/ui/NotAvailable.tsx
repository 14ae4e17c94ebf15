/**
 * A screen whose server part does not exist yet: says so plainly instead of calling a route the
 * server does not have (and showing its 404 as an empty result).
 */
export function NotAvailable({ title }: { title: string }) {
  return (
    <section className="ui-not-available" data-testid="not-available">
      <h1>{title}</h1>
      <p role="status">{title} is not available yet.</p>
      <p className="ui-muted">The server does not offer this part of the product yet. Everything else keeps working.</p>
    </section>
  );
}
