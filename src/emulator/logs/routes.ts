import { route, type Route } from '../route';
import { getLogs } from './logs';

/** The API log's route (the logs call itself is not logged). */
// prettier-ignore
export const logRoutes: Route[] = [
  route({ operation: 'getLogs', method: 'GET', path: '/1/logs', host: 'search', acl: 'logs', logged: false, call: { query: ['offset', 'length', 'indexName', 'type'] }, handler: getLogs }),
];
