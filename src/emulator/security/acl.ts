import type { Acl } from '../route';

/** Every right: what the admin key holds. */
export const ALL_ACLS: readonly Acl[] = [
  'search',
  'browse',
  'addObject',
  'deleteObject',
  'deleteIndex',
  'settings',
  'editSettings',
  'analytics',
  'recommendation',
  'usage',
  'logs',
  'listIndexes',
  'seeUnretrievableAttributes',
  'inference',
  'personalization',
];
