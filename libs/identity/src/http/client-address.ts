/** The caller's IP address as Fastify saw it (honours `trustProxy` when the app sets it). */
export function clientAddress(request: { ip?: string }): string {
  return request.ip ?? 'unknown';
}
