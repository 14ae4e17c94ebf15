import { z } from 'zod';

export const userSchema = z.object({
  username: z.string(),
  email: z.string().nullable().optional(),
  pendingEmail: z.string().nullable().optional(),
  roles: z.array(z.string()).nullable().optional(),
});

export type User = z.infer<typeof userSchema>;

/** Reads GET /api/v1/user: `{data:{username, email, pendingEmail, roles}}`. */
export function readUser(body: unknown): User | null {
  const parsed = z.object({ data: userSchema }).safeParse(body);
  return parsed.success ? parsed.data.data : null;
}

export function isAdmin(user: User | null | undefined): boolean {
  return user?.roles?.includes('ADMIN') ?? false;
}

export const USER_PATH = '/api/v1/user';
