import { z } from 'zod';
import { id, pathId, text } from '../common/fields.js';
import { route } from '../common/route.js';

export const groupType = z.enum(['REGULAR', 'SYSTEM', 'NO GROUP']);

/** A group as GET /groups lists it. */
export const groupView = z
  .object({ id: z.string(), name: z.string(), type: groupType, hidden: z.boolean(), parentGroupId: z.string().nullable() })
  .meta({ id: 'Group' });
export type GroupView = z.infer<typeof groupView>;

/** POST /groups: `parentGroupId` null, absent or the No Group group's id means the top level. */
export const addGroup = route({
  id: 'addGroup',
  method: 'POST',
  path: '/groups',
  summary: 'Add a group',
  tag: 'budget',
  status: 201,
  body: z.object({
    name: text({ max: 200, message: 'The group name must be text.' }).optional(),
    parentGroupId: id('The parent group must be an id or null.').nullable().optional(),
  }),
  response: z.object({ data: groupView }),
  errors: [404],
});

export const groupIdParams = z.object({ id: pathId() });
