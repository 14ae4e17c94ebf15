import { z } from 'zod';
import { bool, id, pathId, text } from '../common/fields.js';
import { route } from '../common/route.js';
import { categoryView } from './categories.js';

export const groupType = z.enum(['REGULAR', 'SYSTEM', 'NO GROUP']);

/** A group as GET /groups lists it. */
export const groupView = z
  .object({ id: z.string(), name: z.string(), type: groupType, hidden: z.boolean(), parentGroupId: z.string().nullable() })
  .meta({ id: 'Group' });
export type GroupView = z.infer<typeof groupView>;

/** The whole category tree of the caller's budget (the client builds the tree). */
export const groupsTree = z
  .object({ groups: z.array(groupView), categories: z.array(categoryView) })
  .meta({ id: 'GroupsTree' });
export type GroupsTree = z.infer<typeof groupsTree>;

const groupName = () => text({ max: 200, message: 'The group name must be text.' });
const parentGroupId = () => id('The parent group must be an id or null.').nullable();

export const groupIdParams = z.object({ id: pathId() });

/** GET /groups: every group and category of the caller's budget. */
export const listGroups = route({
  id: 'listGroups',
  method: 'GET',
  path: '/groups',
  summary: 'The category tree: groups and categories',
  tag: 'budget',
  response: z.object({ data: groupsTree }),
});

/** POST /groups: `parentGroupId` null, absent or the No Group group's id means the top level. */
export const addGroup = route({
  id: 'addGroup',
  method: 'POST',
  path: '/groups',
  summary: 'Add a group',
  tag: 'budget',
  status: 201,
  body: z.object({
    name: groupName().optional(),
    parentGroupId: parentGroupId().optional(),
  }),
  response: z.object({ data: groupView }),
  errors: [404],
});

/**
 * PATCH /groups/{id}: a field left out keeps its value; `parentGroupId` null or the No Group
 * group's id moves the group to the top level.
 */
export const changeGroup = route({
  id: 'changeGroup',
  method: 'PATCH',
  path: '/groups/{id}',
  summary: 'Rename, move or hide a group',
  tag: 'budget',
  params: groupIdParams,
  body: z.object({
    name: groupName().optional(),
    parentGroupId: parentGroupId().optional(),
    hidden: bool().optional(),
  }),
  response: z.object({ data: groupView }),
  errors: [404],
});

/** DELETE /groups/{id}: 204; 409 HAS_CHILDREN while it holds categories or groups. */
export const deleteGroup = route({
  id: 'deleteGroup',
  method: 'DELETE',
  path: '/groups/{id}',
  summary: 'Delete an empty group',
  tag: 'budget',
  status: 204,
  params: groupIdParams,
  response: null,
  errors: [404, 409],
});
