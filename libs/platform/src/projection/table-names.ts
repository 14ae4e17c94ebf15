import pg from 'pg';

const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A read-model table name ready to splice into SQL. Names come from projection code, never from
 * input; this check makes a slip (a dotted, quoted or upper-case name) fail loudly instead.
 */
export function tableIdentifier(name: string): string {
  if (!PLAIN_IDENTIFIER.test(name)) throw new Error(`Not a plain lower-case table name: ${JSON.stringify(name)}`);
  return pg.escapeIdentifier(name);
}
