import { route, type Route } from '../route';
import {
  assignUserId,
  batchAssignUserIds,
  getTopUserIds,
  getUserId,
  hasPendingMappings,
  listClusters,
  listUserIds,
  removeUserId,
  searchUserIds,
} from './mapping';

const MAPPING = '/1/clusters/mapping';
const USER_HEADER = { xAlgoliaUserID: 'X-Algolia-User-ID' };

/** Multi-cluster user mapping routes (admin key only). */
// prettier-ignore
export const clusterRoutes: Route[] = [
  route({ operation: 'listClusters', method: 'GET', path: '/1/clusters', host: 'search', acl: 'admin', call: {}, handler: listClusters }),
  route({ operation: 'assignUserId', method: 'POST', path: MAPPING, host: 'search', acl: 'admin', call: { body: 'assignUserIdParams', headers: USER_HEADER }, handler: assignUserId }),
  route({ operation: 'batchAssignUserIds', method: 'POST', path: `${MAPPING}/batch`, host: 'search', acl: 'admin', call: { body: 'batchAssignUserIdsParams', headers: USER_HEADER }, handler: batchAssignUserIds }),
  route({ operation: 'getTopUserIds', method: 'GET', path: `${MAPPING}/top`, host: 'search', acl: 'admin', call: {}, handler: getTopUserIds }),
  route({ operation: 'hasPendingMappings', method: 'GET', path: `${MAPPING}/pending`, host: 'search', acl: 'admin', call: { query: ['getClusters'] }, handler: hasPendingMappings }),
  route({ operation: 'listUserIds', method: 'GET', path: MAPPING, host: 'search', acl: 'admin', call: { query: ['page', 'hitsPerPage'] }, handler: listUserIds }),
  route({ operation: 'searchUserIds', method: 'POST', path: `${MAPPING}/search`, host: 'search', acl: 'admin', call: { body: '$params' }, handler: searchUserIds }),
  route({ operation: 'getUserId', method: 'GET', path: `${MAPPING}/{userID}`, host: 'search', acl: 'admin', call: {}, handler: getUserId }),
  route({ operation: 'removeUserId', method: 'DELETE', path: `${MAPPING}/{userID}`, host: 'search', acl: 'admin', call: {}, handler: removeUserId }),
  // The v4 client's removeUserID: the user in X-Algolia-User-ID (query string), not in the path.
  route({ operation: 'removeUserId', method: 'DELETE', path: MAPPING, host: 'search', acl: 'admin', handler: removeUserId }),
];
