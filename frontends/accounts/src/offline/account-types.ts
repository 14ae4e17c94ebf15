import { z } from 'zod';
import { useApiData } from '@budget/web';

const catalogueSchema = z.object({
  data: z.object({ types: z.record(z.string(), z.array(z.string())), tracking: z.array(z.string()) }),
});

export type AccountCatalogue = z.infer<typeof catalogueSchema>['data'];

const readCatalogue = (body: unknown): AccountCatalogue | null => {
  const parsed = catalogueSchema.safeParse(body);
  return parsed.success ? parsed.data.data : null;
};

/** GET /api/v1/account-types: the type → subtypes catalogue and the tracking modes. */
export function useAccountTypes() {
  return useApiData('/api/v1/account-types', readCatalogue);
}

/** "money market" → "Money Market", for the drop-downs. */
export const titleCase = (value: string) => value.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
