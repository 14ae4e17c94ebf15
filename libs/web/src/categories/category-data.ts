import { z } from 'zod';
import { idSchema as id } from '../data/id.js';

export const groupSchema = z.object({
  id,
  name: z.string(),
  type: z.string(),
  hidden: z.boolean().nullish(),
  parentGroupId: id.nullish(),
});

export const categorySchema = z.object({
  id,
  groupId: id,
  name: z.string(),
  type: z.string(),
  /** Dollars with two decimals on the wire: 12.5 or "12.50". */
  balance: z.union([z.number(), z.string()]).nullish(),
  hidden: z.boolean().nullish(),
  suspended: z.boolean().nullish(),
});

export const groupsResponseSchema = z.object({
  data: z.object({ groups: z.array(groupSchema), categories: z.array(categorySchema) }),
});

export type GroupData = z.infer<typeof groupSchema>;
export type CategoryData = z.infer<typeof categorySchema>;
export type GroupsData = z.infer<typeof groupsResponseSchema>['data'];

export const GROUPS_PATH = '/api/v1/groups';

export const CategoryType = {
  Unassigned: 'UNASSIGNED',
  FundingPool: 'FUNDING POOL',
  AccountTransfer: 'ACCOUNT TRANSFER',
} as const;

export const GroupType = { System: 'SYSTEM', NoGroup: 'NO GROUP' } as const;
